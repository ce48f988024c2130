"""The camera view (W) at 1280x720 shows the cards large enough to read, its zones named off the cards.

qaAO F6: at blackjack, seven seats, 1280x720, W over the side column was about 290x160 px under an alert
(340x190 without), its cards about 40 px tall and their indexes unreadable, while the UNREADABLE CARD
alert sends the croupier to it; "DEALER" was written over the dealer's card and "SEAT 7 SEAT 6 ... SEAT 1"
ran together.  A real camera source on a real test frame in a real offscreen window, and the view's own
drawing of a frame with seven seats' zones.
"""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtWidgets import QWidget

from blackjack_camera_window import CARDS, camera_view_shown, placed

SEATS = tuple((f"seat {n}", (0.006 + (7 - n) * 0.1429, 0.4, 0.1369 + (7 - n) * 0.1429, 0.99)) for n in range(1, 8))
DEALER = ("dealer", (0.3, 0.02, 0.7, 0.36))


@pytest.mark.skipif(not (CARDS / "test").is_dir(), reason="shared card images not found")
@pytest.mark.parametrize("alert", [False, True])
def test_w_at_1280x720_with_seven_seats_shows_a_picture_the_cards_can_be_read_in(qtbot, show_window, alert):
    with camera_view_shown(qtbot, show_window, (1280, 720), alert=alert) as window:
        panel = window.camera_view
        panel.refresh()
        picture = panel.picture.pixmap()
        # Was 227x128 under these alerts, 338x190 without: now half as tall again at least, the cards with it.
        least = 190 if alert else 300
        assert picture.height() >= least and picture.width() >= least * 16 // 9 - 2, (picture.width(), picture.height())
        view = panel.geometry()
        assert not view.intersects(placed(window, window.alerts)) or not window.alerts.isVisible()
        assert view.top() >= placed(window, window.alerts).bottom()  # the alerts stay in sight
        for kept in (window.entry, window.deck.title, window.settlement):  # the card field, the deck, the pay list
            assert not view.intersects(placed(window, kept)), kept
        assert view == placed(window, window.table)  # the hands wholly under it, not a part of them
        for kept in (window.actions, window.chips):
            assert not view.intersects(placed(window, kept)), kept


@pytest.mark.skipif(not (CARDS / "test").is_dir(), reason="shared card images not found")
def test_w_at_1920x1080_stays_over_the_side_column(qtbot, show_window):
    with camera_view_shown(qtbot, show_window, (1920, 1080)) as window:
        panel = window.camera_view
        assert not panel.geometry().intersects(placed(window, window.table))  # the hands stay in sight
        assert panel.picture.pixmap().height() >= 270


def _drawn(panel, zones, cards=()) -> np.ndarray:
    """The panel's picture (RGB) of a plain felt 1280x720 frame with ``zones`` and ``cards`` (code, corners)."""
    from dealer_assist.sources.camera import CameraView

    frame = np.zeros((720, 1280, 3), np.uint8)
    frame[:] = (30, 90, 40)
    for _, corners in cards:
        (x0, y0), (x1, y1) = np.min(corners, axis=0).astype(int), np.max(corners, axis=0).astype(int)
        frame[y0:y1, x0:x1] = (60, 60, 220)  # a card face, red so that no label's grey or felt matches it
    panel._draw(CameraView(frame, tuple(cards), (), 0.0, zones=tuple(zones)))
    img = panel.picture.pixmap().toImage().convertToFormat(panel.picture.pixmap().toImage().Format.Format_RGB888)
    arr = np.frombuffer(img.constBits(), np.uint8).reshape(img.height(), img.bytesPerLine())[:, :img.width() * 3]
    return arr.reshape(img.height(), img.width(), 3).copy()


def _panel(qtbot, size=(533, 300)):
    from dealer_assist.ui.camera_view import CameraViewPanel

    parent = QWidget()
    qtbot.addWidget(parent)
    panel = CameraViewPanel(parent, source=None, anchor=QWidget(parent))
    panel.picture.resize(*size)
    panel.keep = parent  # the parent lives as long as the panel
    return panel


@pytest.mark.parametrize("size", [(533, 300), (290, 163)])
def test_each_seats_name_stays_inside_its_own_zone(qtbot, size):
    panel = _panel(qtbot, size)
    for i in range(1, 6):  # seat 2 .. seat 6: each between two others
        beside = [SEATS[i - 1], SEATS[i + 1]]
        without, with_it = _drawn(panel, beside), _drawn(panel, beside + [SEATS[i]])
        h, w = with_it.shape[:2]
        left, top, right, bottom = SEATS[i][1]
        changed = np.argwhere((with_it != without).any(axis=2))
        assert len(changed)
        (y0, x0), (y1, x1) = changed.min(axis=0), changed.max(axis=0)
        assert x0 >= int(left * (w - 1)) - 1 and x1 <= int(right * (w - 1)) + 1, (SEATS[i][0], x0, x1)
        assert y0 >= int(top * (h - 1)) - 1 and y1 <= int(bottom * (h - 1)) + 1, (SEATS[i][0], y0, y1)


def test_the_dealers_name_is_not_written_over_the_dealers_card(qtbot):
    panel = _panel(qtbot)
    # The dealer's card at the zone's bottom left, where its name was written (qaAO w1920_lost.png).
    card = ("JS", ((400.0, 130.0), (530.0, 130.0), (530.0, 258.0), (400.0, 258.0)))
    shown = _drawn(panel, [DEALER], [card])
    h, w = shown.shape[:2]
    k = w / 1280
    inside = shown[int(130 * k) + 4:int(258 * k) - 3, int(400 * k) + 4:int(530 * k) - 3].reshape(-1, 3).astype(int)
    face = np.array([220, 60, 60])  # RGB of the card's face
    assert (np.abs(inside - face).sum(axis=1) < 40).all(), "something drawn over the dealer's card"
