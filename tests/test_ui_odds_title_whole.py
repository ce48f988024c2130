"""The odds title is drawn whole, its last figure included, at every size and on every table (qaZ F5: an EZ
table's "ODDS on the 410 cards left (push: Player 9.50%, Banker 11.73" lost its "%)" past the right edge at
1280x720, its ")" at 1366x768).  Where the whole title is too wide it is said shorter, and the tooltip keeps it
whole."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetricsF

from dealer_assist import odds
from dealer_assist.baccarat.paytable import EZ, STANDARD, SUPER_6, Bet
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.state import TableRules

SIZES = [(1280, 720), (1366, 768), (960, 540)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("paytable", [EZ, SUPER_6, STANDARD], ids=["ez", "super6", "standard"])
def test_the_odds_title_shows_its_last_figure_inside_the_window(qtbot, table_factory, size, paytable):
    window = table_factory("manual", rules=TableRules(shoe=ShoeRules(burn=False), paytable=paytable), odds=True,
                           size=size)
    title = window.status.odds_title
    qtbot.waitUntil(lambda: "cards left" in title.text(), timeout=20000)
    report = odds.shoe_odds(window.session.state.shoe.counts_left(), paytable, decks=8)
    last = f"{100 * report.bets[Bet.BANKER].floats()['push']:.2f}%)"
    text = title.text()
    assert text.endswith(last), text
    rect = title.contentsRect()
    needed = QFontMetricsF(title.font()).boundingRect(rect.toRectF(), int(Qt.TextFlag.TextWordWrap), text)
    assert needed.right() <= rect.right() + 1 and needed.bottom() <= rect.bottom() + 1, (text, rect, needed)
    assert title.mapTo(window, rect.topRight()).x() < window.width(), (text, size)
    assert "Banker" in title.toolTip() and title.toolTip().endswith(last)  # the whole title on hover
