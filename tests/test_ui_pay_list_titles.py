"""A pay list's title says what the list is, whole, at every window size (qaR F15: at 1920x1080 a blackjack
table showed "ROUND 5: BETS · PAID SETTLE" after a paid settlement was voided, and "ROUND 1: CORRECT THE
PAYM" once it settled again: the words that tell the croupier what the list is were the ones cut; and where
lines were out of sight the count had taken their place, "ROUND 1 · 1 MORE: PgDown")."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackPhase, BlackjackTableRules
from dealer_assist.table.state import TableRules
from dealer_assist.ui.blackjack.window import BlackjackWindow

SIZES = [(1920, 1080), (1280, 720), (1024, 768)]


def shown_whole(label) -> None:
    """``label``'s text is in sight whole: on one line within its width, or wrapped in a height that holds
    every line, no word wider than the label."""
    metrics, width = label.fontMetrics(), label.width()
    if not label.wordWrap():
        assert metrics.horizontalAdvance(label.text()) <= width, (label.text(), width)
        return
    assert all(metrics.horizontalAdvance(word) <= width for word in label.text().split()), (label.text(), width)
    assert label.height() >= label.heightForWidth(width), (label.text(), label.height(), label.heightForWidth(width))


def says(qtbot, view, words):
    def check():
        assert words in view.title.text().replace("\n", " "), view.title.text()
        shown_whole(view.title)
    qtbot.waitUntil(check, timeout=3000)


@pytest.fixture
def blackjack(qtbot, show_window, request):
    session = BlackjackSession(BlackjackTableRules(seats=4))
    window = show_window(BlackjackWindow(session, None), size=request.param)
    yield session, window
    window.bridge.detach()
    session.close()


@pytest.mark.parametrize("blackjack", SIZES, indirect=True)
def test_blackjack_correction_titles_say_what_the_list_is(qtbot, blackjack):
    session, window = blackjack
    for seat in range(1, 5):
        assert session.place(seat, D("10")) is None
    assert session.deal() is None
    for code in ("9S", "9H", "9D", "9C", "6D", "TS", "TH", "TD", "TC"):
        assert session.enter_card(code) is None
    for _ in range(4):
        assert session.stand() is None
    for code in ("8S", "4S"):  # the dealer 18: each seat's 19 paid
        assert session.enter_card(code) is None
    assert session.state.phase == BlackjackPhase.SETTLED
    view = window.settlement
    assert session.void_last(why="the dealer's 4S was misread") is None
    says(qtbot, view, "PAID SETTLEMENT TAKEN BACK")
    assert session.enter_card("5S") is None  # settled again: 19 each
    says(qtbot, view, "CORRECT THE PAYMENT")
    if view.lines_out_of_sight() != (0, 0):
        assert "PgDown" in view.title.text() or "PgUp" in view.title.text()  # the count, beside what it is
    while session.state.phase != BlackjackPhase.BETTING:
        assert session.void_last(why="misdeal") is None
    says(qtbot, view, "UNDO THE PAYMENT")


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_baccarat_correction_titles_say_what_the_list_is(qtbot, table_factory, size):
    window = table_factory("manual", rules=TableRules(shoe=ShoeRules(burn=False)), size=size)
    session = window.session
    for seat in range(1, 5):
        assert session.place(seat, Bet.BANKER, D("100")) is None
    assert session.deal() is None
    for code in ("3C", "9H", "4C", "KS"):
        assert session.enter_card(code) is None
    view = window.settlement
    assert session.void_last_card() is None
    says(qtbot, view, "PAID SETTLEMENT TAKEN BACK")
    assert session.enter_card("KD") is None
    says(qtbot, view, "CORRECT THE PAYMENT")
    assert session.void_round() is None
    says(qtbot, view, "UNDO THE PAYMENT")
