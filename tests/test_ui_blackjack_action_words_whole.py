"""The blackjack action buttons' words are whole at every window size and text scale (qaAH F10).

With --text-scale 1.25 at 960x540 "DOUBLE" read "OUBLE" and "DECK CHECK" "ECK CHECI"; at 1280x720 "HIT" was wider
than its button: the words kept their size whatever width the row gave the buttons.  Measured: each line of a
button's label, in the font it is drawn in, is narrower than the button, and its lines together lower."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFontMetricsF

from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.ui import theme
from dealer_assist.ui.blackjack.window import BlackjackWindow


@pytest.mark.parametrize("scale", [1.0, 1.25])
@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_every_action_buttons_words_fit_it(qtbot, show_window, size, scale):
    theme.set_text_scale(scale)
    try:
        window = show_window(BlackjackWindow(BlackjackSession(), None), size=size)
        qtbot.wait(200)
        for name, button in window.actions.buttons.items():
            metrics = QFontMetricsF(button.font())
            for line in button.text().split("\n"):
                assert metrics.horizontalAdvance(line) <= button.width() - 4, \
                    f"{size} at {scale}: {line!r} {metrics.horizontalAdvance(line):.0f} px in a {button.width()} px button"
            # and as tall: at 1280x720 "HIT / H" was cut at its top and foot (seen in docs/blackjack_crowded.png)
            tall = metrics.lineSpacing() * len(button.text().split("\n"))
            assert tall <= button.height() - 4, f"{size} at {scale}: {name} {tall:.0f} px in a {button.height()} px button"
    finally:
        theme.set_text_scale(1.0)
