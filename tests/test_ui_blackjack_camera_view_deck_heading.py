"""At blackjack the camera view (W) stops above the deck panel: its "DECK 1" heading stays in sight (qaY).

The view runs down past the side column's pay list when alerts above make it short, so that a card's index
stays readable (qaU F7); at blackjack the panel under the pay list is the deck's (its heading, its count,
and at the deck check what is missing), and at 1280x720, a card refused before any bet and the next read
held, the view had covered the heading.  A real camera source on a real test frame, in a real offscreen
window at the two least sizes the display is laid out for.
"""

from __future__ import annotations

import pytest

from blackjack_camera_window import CARDS, camera_view_shown, placed

pytestmark = pytest.mark.skipif(not (CARDS / "test").is_dir(), reason="shared card images not found")


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_the_camera_view_leaves_the_deck_heading_in_sight_under_alerts(qtbot, show_window, size):
    # qaY's screen: a card read before any bet is refused, and the next read waits (CONFIRM CARD).
    with camera_view_shown(qtbot, show_window, size, seats=3, alert=True) as window:
        panel = window.camera_view
        heading = placed(window, window.deck.title)
        assert heading.height() > 0 and window.deck.title.isVisible()
        assert not panel.geometry().intersects(heading), (panel.geometry(), heading)
        assert not panel.geometry().intersects(placed(window, window.deck.status))  # nor its count
        assert panel.geometry().top() == placed(window, window.settlement).top()  # the alerts above stay in sight
        assert panel.picture.height() > 0 and panel.picture.width() > 0
