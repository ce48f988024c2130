"""The blackjack pay list's title never shows a count of lines out of sight that is not so, not even for a
moment (the title read "ROUND 1: BETS · 4 ▼ PgDown" over four bets in sight, then "ROUND 1: BETS"): the lines
were counted before Qt had shown them, and a label not shown yet lies at (0, 0), 480 px tall, all "below".
Every title painted is recorded; each is the list's title as the round stands, its count the true one."""

from __future__ import annotations

from decimal import Decimal as D

import pytest
from PySide6.QtCore import QEvent, QObject

from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackPhase, BlackjackTableRules
from dealer_assist.ui.blackjack.window import BlackjackWindow

CARDS = ("9S", "9H", "9D", "9C", "6D", "TS", "TH", "TD", "TC", "2S", "2H", "2D", "2C", "3S", "3H")


class Painted(QObject):
    """The texts a label was painted with, each once in a row."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.Paint and watched.text() not in self.texts[-1:]:
            self.texts.append(watched.text())
        return False


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (960, 540)])
@pytest.mark.parametrize("seats", [4, 7])
def test_the_pay_list_title_is_painted_with_true_counts_only(qtbot, show_window, size, seats):
    session = BlackjackSession(BlackjackTableRules(seats=seats))
    window = BlackjackWindow(session, None)
    view = window.settlement
    painted = Painted()
    view.title.installEventFilter(painted)
    show_window(window, size)
    for seat in range(1, seats + 1):
        assert session.place(seat, D("10")) is None
    qtbot.waitUntil(lambda: view.lines == [f"seat {s}: 10.00" for s in range(1, seats + 1)], timeout=3000)
    qtbot.wait(100)  # painted as it stands
    assert view.lines_out_of_sight() == (0, 0)
    assert session.deal() is None
    for code in CARDS[:2 * seats + 1]:
        assert session.enter_card(code) is None
    for _ in range(seats):
        assert session.stand() is None
    for code in ("8S", "4S"):  # the dealer 6 + 8 (14) + 4, or 10 + 8
        if session.state.phase != BlackjackPhase.SETTLED:
            assert session.enter_card(code) is None
    qtbot.waitUntil(lambda: view.title.text().startswith("ROUND 1: PAY"), timeout=3000)
    qtbot.wait(300)
    paid = view.title.text()
    assert ("▼" in paid) == (view.lines_out_of_sight()[1] > 0)
    assert painted.texts == ["ROUND 1: BETS", paid], painted.texts
    window.bridge.detach()
