"""The bets of a settled round are corrected with its cards kept (qaZ F4: a chip recorded on the wrong bet could
be fixed only by a misdeal; the same six cards typed again were counted twice, the odds wrong from then on, and
the journal told of a misdeal that never happened)."""

from __future__ import annotations

import json
from decimal import Decimal as D

from PySide6.QtCore import Qt

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TablePhase, TableRules
from focused_keys import press_focused
from replayed_journals import journal_command, journal_entries, replayed

RULES = TableRules(shoe=ShoeRules(burn=False))
PLAYER_WINS = ("3C", "9H", "4C", "5S", "2D")  # Player 7, Banker 9+5 = 4 draws a 2: 6. Player wins 7 to 6


def settled(session: TableSession) -> None:
    """Seat 3's 100 recorded on the Player (it lay on the Banker), seat 1 Tie 10."""
    assert session.place(3, Bet.PLAYER, D("100")) is None and session.place(1, Bet.TIE, D("10")) is None
    assert session.deal() is None
    for code in PLAYER_WINS:
        assert session.enter_card(code) is None
    assert session.state.phase == TablePhase.SETTLED and session.state.settlement.paid == D("100.00")


def test_the_bets_corrected_settle_the_round_again_on_its_own_cards(tmp_path):
    path = tmp_path / "j.sqlite"
    s = TableSession(RULES, Journal.open(path), odds=False)
    settled(s)
    left = s.state.shoe.cards_left
    assert s.correct_bets(why="seat 3 was on the Banker") is None
    assert s.snapshot.banner == "CORRECT THE BETS" and [c.code for c in s.state.round.cards] == list(PLAYER_WINS)
    s.enter_card("8D")  # a card out now is no card of this round: held, never played into it
    assert [c.code for c in s.state.round.cards] == list(PLAYER_WINS) and [c.code for c in s.state.held] == ["8D"]
    assert s.discard_held(why="not this round's") is None and not s.state.held
    assert s.next_round() is not None  # D first
    assert s.remove(3, Bet.PLAYER, D("100")) is None and s.place(3, Bet.BANKER, D("100")) is None
    assert s.deal() is None
    assert s.state.phase == TablePhase.SETTLED and s.state.shoe.cards_left == left - 1  # the 8♦ set aside only
    assert s.state.paid_before.paid == D("100.00")  # what was paid: the pay list says what to take back
    assert s.state.settlement.paid == D("0.00") and len(s.state.history) == 1
    assert [w.bet for w in s.state.history[-1].wagers if w.seat == 3] == [Bet.BANKER]
    live = s.state
    s.close()
    again = TableSession(RULES, Journal.open(path), odds=False)
    assert again.state.history == live.history and again.state.shoe.cards_left == live.shoe.cards_left
    again.close()
    replay = replayed(path, TableSession(RULES, odds=False))
    assert replay.state.history == live.history
    (record,) = [r for r in map(json.loads, journal_command(path, "export", "--json").splitlines())
                 if r.get("round") == 1]
    assert {(b["seat"], b["bet"]) for b in record["bets"]} == {(3, "banker"), (1, "tie")}
    assert len(record["cards"]) == 5 and len(record["voided_settlements"]) == 1


def test_shift_d_asks_twice_then_opens_the_bets_and_d_shows_what_to_take_back(qtbot, table_factory):
    window = table_factory("manual", rules=RULES)
    session = window.session
    settled(session)
    qtbot.waitUntil(lambda: window._last.version == session.snapshot.version, timeout=3000)
    window.centralWidget().setFocus()
    qtbot.keyClick(window, Qt.Key.Key_D, Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: "press Shift+D again" in session.snapshot.message, timeout=3000)
    assert session.state.phase == TablePhase.SETTLED
    qtbot.keyClick(window, Qt.Key.Key_D, Qt.KeyboardModifier.ShiftModifier)
    assert session.state.phase == TablePhase.BETTING and session.snapshot.banner == "CORRECT THE BETS"
    qtbot.waitUntil(lambda: window._last.version == session.snapshot.version, timeout=3000)
    # Not a misdeal's undo list: the paid settlement stands until D settles the round again on its cards.
    assert window.settlement.title.text().startswith("ROUND 1: BETS BEING CORRECTED")
    assert "cards stay" in window.settlement.totals.text()
    assert session.remove(3, Bet.PLAYER, D("100")) is None and session.place(3, Bet.BANKER, D("100")) is None
    press_focused(qtbot, window, Qt.Key.Key_D)
    qtbot.waitUntil(lambda: window._last.version == session.snapshot.version, timeout=3000)
    rows = {(r[0], r[1]): r[3] for r in window.settlement.rows()}
    # The 100 paid on the Player comes back, and the stake, a Banker bet that lost, is taken.
    assert rows[("3", "Player")] == "TAKE BACK 100.00" and rows[("3", "Banker")] == "TAKE"
    assert "in all the table takes back 200.00" in window.settlement.totals.text()


def test_a_void_after_the_bets_were_corrected_keeps_them_as_corrected(tmp_path):
    """qaAB F1: V (or Shift+V) on the round settled again brought back the bets as first dealt: the card typed
    again settled the round on a bet it never had, and the correction was gone from the journal's totals."""
    s = TableSession(RULES, Journal.open(tmp_path / "j.sqlite"), odds=False)
    settled(s)
    assert s.correct_bets(why="seat 3 was on the Banker") is None
    assert s.remove(3, Bet.PLAYER, D("100")) is None and s.place(3, Bet.BANKER, D("100")) is None
    assert s.deal() is None
    corrected = s.state.betting.layout
    assert s.void_last_card(why="the 2D was misread") is None
    assert s.state.betting.layout == corrected
    assert s.enter_card("2D") is None and s.state.betting.layout == corrected
    assert s.state.settlement.paid == D("0.00")  # seat 3's Banker bet lost, as corrected
    assert s.void_round(why="misdeal") is None  # Shift+V: its bets open again as corrected too
    assert s.state.betting.layout == corrected
    s.close()


def test_limits_lowered_since_do_not_block_the_correction_and_a_card_meanwhile_is_told_straight(tmp_path):
    """qaAB F6: the limits lowered after the round, its Tie 500 refused every change while its bets were corrected
    (only a supervisor raising them again, or a cut of a real bet, got out).  F7: a card out meanwhile was told to
    deal a no-bet hand after C, which wiped the bets being corrected and still did not play."""
    s = TableSession(RULES, Journal.open(tmp_path / "j.sqlite"), odds=False)
    assert s.place(1, Bet.TIE, D("500")) is None and s.place(3, Bet.PLAYER, D("100")) is None
    assert s.deal() is None
    for code in PLAYER_WINS:
        assert s.enter_card(code) is None
    assert s.set_limits({"max": {"tie": "200"}}, why="the pit lowers the Tie") is None
    assert s.correct_bets(why="seat 3 was on the Banker") is None
    assert s.remove(3, Bet.PLAYER, D("100")) is None and s.place(3, Bet.BANKER, D("100")) is None
    s.enter_card("8D")  # out meanwhile: held
    assert "D settles the round again first" in s.snapshot.reason and "C)" not in s.snapshot.reason
    refused = s.confirm_pending() if s.snapshot.pending is not None else s.play_held()
    assert refused is not None and "D settles it again" in refused and s.state.betting.layout
    assert s.deal() is None and s.state.phase == TablePhase.SETTLED
    assert s.state.betting.limits.max_for(Bet.TIE) == D("200.00")  # the limits in force again
    assert s.play_held() is None  # now Enter deals the no-bet hand with it
    s.close()


def kinds(path) -> list[str]:
    return [e.kind for e in journal_entries(path)]


def test_a_restart_while_the_bets_are_corrected_writes_no_end_of_the_round(tmp_path):
    """qaAE F9: the display restarted during CORRECT THE BETS wrote the round's outcome, settlement and round_end
    again, on the bets as they were before the correction: export and summary showed a payment nobody made."""
    path = tmp_path / "j.sqlite"
    s = TableSession(RULES, Journal.open(path), odds=False)
    settled(s)
    assert s.correct_bets(why="seat 3 was on the Banker") is None
    assert s.remove(3, Bet.PLAYER, D("100")) is None and s.place(3, Bet.BANKER, D("100")) is None
    s.close()
    kinds_before = kinds(path)
    again = TableSession(RULES, Journal.open(path), odds=False)
    assert again.snapshot.banner == "CORRECT THE BETS"
    again.close()
    after = kinds(path)[len(kinds_before):]
    assert not {"outcome", "settlement", "round_end"} & set(after), after
    (record,) = [r for r in map(json.loads, journal_command(path, "export", "--json").splitlines())
                 if r.get("round") == 1]
    assert record["status"] != "complete" and record["settlement"] is None
    third = TableSession(RULES, Journal.open(path), odds=False)
    assert third.deal() is None and third.state.settlement.paid == D("0.00")  # D settles it as corrected
    third.close()


def test_a_correction_takes_no_new_money_over_the_limit_but_puts_back_what_the_round_took(tmp_path):
    """qaAH: a corrected Banker 6,000 at a table whose Banker maximum is 5,000 was settled and paid (no limit at all
    while the bets were corrected), though the same chip was refused in the betting.  The Tie 500 the round took
    under a limit lowered since still stands, and a stake moved to another bet within its limit too."""
    path = tmp_path / "j.sqlite"
    s = TableSession(RULES, Journal.open(path), odds=False)
    assert s.place(1, Bet.TIE, D("500")) is None and s.place(3, Bet.BANKER, D("5000")) is None
    assert s.deal() is None
    for code in PLAYER_WINS:
        assert s.enter_card(code) is None
    assert s.set_limits({"max": {"tie": "200"}}, why="the pit lowers the Tie") is None
    assert s.correct_bets(why="seat 3's stake misread") is None
    refused = s.place(3, Bet.BANKER, D("1000"))  # 6,000: over the 5,000 maximum and over what the round took
    assert refused is not None and "no new money over the limit" in refused
    assert [(w.seat, w.bet, w.stake) for w in s.state.betting.layout.wagers() if w.seat == 3] == [(3, Bet.BANKER, D("5000.00"))]
    assert s.remove(3, Bet.BANKER, D("5000")) is None and s.place(3, Bet.PLAYER, D("5000")) is None  # moved
    assert s.deal() is None and s.state.phase == TablePhase.SETTLED
    assert {(w.seat, w.bet): w.stake for w in s.state.history[-1].wagers} == {(1, Bet.TIE): D("500.00"),
                                                                              (3, Bet.PLAYER): D("5000.00")}
    s.close()
    again = TableSession(RULES, Journal.open(path), odds=False)  # the corrected round restarts as it stood
    assert again.state.settlement == s.state.settlement
    again.close()
