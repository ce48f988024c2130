"""qaAU F3: a no-bet hand said so only in a note that expired after 8 s, and never after a restart.

A card out after round 1 dealt as a no-bet hand (Enter): live, NO-BET HAND showed for 8 s, then the
paying list's heading read "ROUND 2: BETS" over an empty list while every bet was refused; restarted
from the journal mid-hand, it read so at once.  The heading now says what the round is for as long as
it is so, from the table's state: live, after the note, and after a restart.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from PySide6.QtCore import Qt

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TablePhase, TableRules

ROUND_1 = ("9S", "9H", "QH", "2C")  # Player 9, Banker 1: over after four cards
LATE = "4D"  # out after it, before bets were taken on round 2
REST = ("5C", "2H", "3S")  # round 2: Player 4 2, Banker 5 3: Banker's natural 8


def heading(window) -> str:
    return window.settlement.title.text()


def synced(qtbot, window) -> None:
    qtbot.waitUntil(lambda: window._last.version == window.session.snapshot.version, timeout=3000)


def _late_card_held(session) -> None:
    """Round 1 dealt on a bet and over, then a card out before bets were taken on round 2: held."""
    session.skip_burn()
    assert session.place(1, Bet.PLAYER, Decimal("25")) is None and session.deal() is None
    for code in ROUND_1:
        assert session.enter_card(code) is None
    session.enter_card(LATE)
    assert [c.code for c in session.state.held] == [LATE]


@pytest.fixture
def short_notes(monkeypatch):
    """Notes expire at once, as 8 s later."""
    monkeypatch.setattr("dealer_assist.ui.alerts.INFO_SECONDS", 0.05)


def dealt_live(qtbot, table_factory):
    """A display whose round 2 is a no-bet hand being dealt: the held card dealt with Enter."""
    from focused_keys import press_focused

    window = table_factory("manual")
    _late_card_held(window.session)
    synced(qtbot, window)
    press_focused(qtbot, window, Qt.Key.Key_Return)
    synced(qtbot, window)
    assert window.session.state.phase == TablePhase.DEALING and window.session.state.round_no == 2
    return window


def test_live_the_heading_says_no_bet_hand_after_the_note_has_gone_and_nothing_to_pay_at_its_end(
        qtbot, table_factory, short_notes):
    window = dealt_live(qtbot, table_factory)
    session = window.session
    qtbot.waitUntil(lambda: "NO-BET HAND" not in window.alerts.titles(), timeout=3000)  # the note expired
    synced(qtbot, window)
    assert heading(window) == "ROUND 2: NO-BET HAND"
    assert "Nobody bets on round 2" in window.settlement.totals.text()
    assert session.place(1, Bet.BANKER, Decimal("25")) is not None  # bets are indeed refused
    for code in REST:
        assert session.enter_card(code) is None
    synced(qtbot, window)
    assert session.state.phase == TablePhase.SETTLED
    assert heading(window) == "ROUND 2: NO-BET HAND · NOTHING TO PAY"
    assert session.next_round() is None
    synced(qtbot, window)
    assert heading(window) == "ROUND 3: BETS"


@pytest.fixture
def restarted_mid_no_bet_hand(qtbot, tmp_path):
    """A display started on the journal of a table whose round 2 is a no-bet hand being dealt (its held card
    dealt with Enter): the window, on a new session."""
    from dealer_assist.ui.main_window import MainWindow, Options

    path = tmp_path / "table.sqlite"
    live = TableSession(TableRules(), Journal.open(path), odds=False)
    _late_card_held(live)
    assert live.play_held() is None
    live.close()
    session = TableSession(TableRules(), Journal.open(path), odds=False)
    try:
        window = MainWindow(session, None, Options(sound=False))
        qtbot.addWidget(window)
        window.resize(1280, 720)
        window.show()
        qtbot.waitExposed(window)
        synced(qtbot, window)
        assert session.state.phase == TablePhase.DEALING and [c.code for c in session.state.round.cards] == [LATE]
        yield window
    finally:
        session.close()


def test_a_table_restarted_mid_no_bet_hand_says_so_as_live(restarted_mid_no_bet_hand):
    assert heading(restarted_mid_no_bet_hand) == "ROUND 2: NO-BET HAND"


def test_a_round_the_shoe_began_with_no_bet_on_the_layout_is_a_no_bet_hand_and_one_with_bets_is_not(
        qtbot, table_factory):
    window = table_factory("manual")
    session = window.session
    session.skip_burn()
    assert session.enter_card("9S") is None  # the first card out closes the bets, none placed
    synced(qtbot, window)
    assert heading(window) == "ROUND 1: NO-BET HAND"
    for code in ROUND_1[1:]:
        session.enter_card(code)
    assert session.next_round() is None and session.place(2, Bet.BANKER, Decimal("25")) is None
    assert session.deal() is None
    synced(qtbot, window)
    assert heading(window) == "ROUND 2: BETS"
