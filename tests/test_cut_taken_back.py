"""The cut card recorded with O by mistake (O pressed twice) is taken back with O, pressed twice again (qaZ F9:
U said "nothing to undo", O "the cut card is already out", and the shoe ended 60 rounds early).  Only while no
round was dealt after the one it was recorded in, and never a reader's own CUT signal: journaled, so a restart
and a replay rebuild the same shoe."""

from __future__ import annotations

import time

from PySide6.QtCore import Qt

from dealer_assist.events import ShoeSignal
from dealer_assist.shoe import ShoeRules
from dealer_assist.sources.replay import ReplaySource
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TablePhase, TableRules

RULES = TableRules(shoe=ShoeRules(burn=False))  # rounds_after_cut = 1, the default
ROUND = ("2S", "3H", "KD", "KC", "4S", "5H")  # Player 5 draws, Banker 3 draws: six cards


def play_round(s: TableSession) -> None:
    assert s.deal() is None
    for code in ROUND:
        assert s.enter_card(code) is None


def test_o_recorded_by_mistake_is_taken_back_and_a_restart_and_a_replay_agree(tmp_path):
    path = tmp_path / "c.sqlite"
    s = TableSession(RULES, Journal.open(path), odds=False)
    play_round(s)
    assert s.next_round() is None and s.deal() is None and s.enter_card("2S") is None
    assert s.cut_card() is None and s.state.shoe.cut_out  # round 2: this one and one more
    assert s.take_back_cut() is None
    assert not s.state.shoe.cut_out and s.state.shoe.rounds_left is None and "cut" not in s.state.shoe.status
    assert "taken back" in s.snapshot.message
    assert s.take_back_cut() is not None  # nothing to take back now
    for code in ROUND[1:]:
        assert s.enter_card(code) is None
    for _ in range(3):  # well past where the shoe had ended
        assert s.next_round() is None
        play_round(s)
    assert s.state.shoe.phase.value == "play" and s.state.round_no == 5
    state = s.state
    s.close()

    again = TableSession(RULES, Journal.open(path), odds=False)
    try:
        assert again.state.shoe == state.shoe and again.state.round_no == 5 and not again.state.shoe.cut_out
    finally:
        again.close()
    replay = TableSession(RULES, odds=False)
    replay.follow_record()
    source = ReplaySource(path, interval=3600)
    source.set_sink(replay.handle)
    while source.step() is not None:
        pass
    assert replay.state.shoe == state.shoe and replay.state.round_no == 5


def test_the_shoe_that_had_finished_plays_on_and_a_void_after_it_keeps_it_taken_back(tmp_path):
    rules = TableRules(shoe=ShoeRules(burn=False, rounds_after_cut=0))
    s = TableSession(rules, Journal.open(tmp_path / "f.sqlite"), odds=False)
    assert s.deal() is None and s.enter_card("2S") is None
    assert s.cut_card() is None  # rounds_after_cut 0: this round is the last
    for code in ROUND[1:]:
        assert s.enter_card(code) is None
    assert s.state.shoe.phase.value == "finished" and s.next_round() is not None
    assert s.take_back_cut() is None
    assert s.state.shoe.phase.value == "play" and s.next_round() is None
    s.close()

    s = TableSession(rules, Journal.open(tmp_path / "v.sqlite"), odds=False)
    assert s.deal() is None and s.cut_card() is None  # before the first card: recorded with the round's state
    assert s.enter_card("2S") is None and s.enter_card("3H") is None
    assert s.take_back_cut() is None and s.void_last_card(why="x") is None  # the void brings back no cut card
    assert not s.state.shoe.cut_out and s.state.shoe.rounds_left is None
    assert s.void_round(why="x") is None and not s.state.shoe.cut_out
    s.close()


def test_not_once_a_round_was_dealt_after_it_nor_a_readers_own_signal(tmp_path):
    s = TableSession(RULES, Journal.open(tmp_path / "n.sqlite"), odds=False)
    play_round(s)
    assert s.cut_card() is None  # between rounds: the next is the last
    assert s.next_round() is None
    assert s.cut_takeback_refusal() is None  # its bets open, nothing dealt: still
    assert s.deal() is None and s.enter_card("2S") is None
    refused = s.take_back_cut()
    assert refused is not None and "round 1" in refused and "Ctrl+N" in refused and s.state.shoe.cut_out
    s.close()

    s = TableSession(RULES, Journal.open(tmp_path / "r.sqlite"), odds=False)
    s.handle(ShoeSignal("serial:/dev/x", time.time(), "cut"))
    assert s.state.shoe.cut_out
    refused = s.take_back_cut()
    assert refused is not None and "shoe reported it" in refused and s.state.shoe.cut_out
    s.close()
    s = TableSession(RULES, odds=False)  # nor once the reader reported the one O recorded
    assert s.cut_card() is None and s.cut_takeback_refusal() is None
    s.handle(ShoeSignal("serial:/dev/x", time.time(), "cut"))
    assert "shoe reported it" in s.take_back_cut() and s.state.shoe.cut_out
    s.close()


def test_o_o_then_o_o_again_on_the_display_takes_it_back(qtbot, table_factory):
    window = table_factory("manual", rules=RULES)

    def key():
        qtbot.keyClick(window.centralWidget(), Qt.Key.Key_O)
        qtbot.waitUntil(lambda: window._last.version == window.session.snapshot.version, timeout=3000)

    key()
    assert not window.session.state.shoe.cut_out
    key()
    assert window.session.state.shoe.cut_out and window.session.state.phase == TablePhase.BETTING
    key()
    assert window.session.state.shoe.cut_out and "press O again to take it back" in window.betting.message.text()
    key()
    assert not window.session.state.shoe.cut_out and "taken back" in window.betting.message.text()


def test_blackjack_o_twice_again_takes_back_a_cut_card_recorded_by_mistake(qtbot, show_window, tmp_path):
    from decimal import Decimal

    from dealer_assist.table.blackjack_session import BlackjackSession
    from dealer_assist.table.blackjack_state import BlackjackPhase, BlackjackTableRules
    from dealer_assist.ui.blackjack.window import BlackjackWindow

    path = tmp_path / "bj.sqlite"
    session = BlackjackSession(BlackjackTableRules(), journal=Journal.open(path))
    window = show_window(BlackjackWindow(session, None))

    def press_o():
        qtbot.keyClick(window, Qt.Key.Key_O)
        qtbot.wait(10)

    session.place(1, Decimal("25"))
    assert session.deal() is None
    for code in ("TH", "7C", "KS"):
        assert session.enter_card(code) is None
    press_o()
    press_o()
    assert session.state.cut_out
    press_o()
    assert session.state.cut_out and "press O again to take it back" in session.snapshot.message
    press_o()
    assert not session.state.cut_out and "taken back" in session.snapshot.message
    assert "cut" not in {a.code for a in session.snapshot.alerts}
    press_o()
    press_o()  # recorded again, then the round's card voided: the cut card stays out (it is still the croupier's)
    assert session.void_last(why="x") is None and session.state.cut_out
    assert session.take_back_cut() is None and session.void_last(why="x") is None and not session.state.cut_out
    assert session.enter_card("7C") is None and session.enter_card("KS") is None
    assert session.stand() is None and session.enter_card("QH") is None
    assert session.state.phase == BlackjackPhase.SETTLED and session.next_round() is None
    session.place(1, Decimal("25"))
    assert session.deal() is None  # the deck plays on
    window.close()
    session.close()

    again = BlackjackSession(BlackjackTableRules(), journal=Journal.open(path))
    try:
        assert not again.state.cut_out and again.state.phase == BlackjackPhase.PLAYING and again.state.round_no == 2
    finally:
        again.close()

    shoe = BlackjackSession(BlackjackTableRules())  # a reader's own signal is not taken back
    shoe.handle(ShoeSignal("serial:/dev/x", time.time(), "cut"))
    refused = shoe.take_back_cut()
    assert refused is not None and "shoe reported it" in refused and shoe.state.cut_out
    shoe.close()
    shoe = BlackjackSession(BlackjackTableRules())  # nor once the reader reported the one O recorded
    assert shoe.cut_card() is None and shoe.cut_takeback_refusal() is None
    shoe.handle(ShoeSignal("serial:/dev/x", time.time(), "cut"))
    assert "shoe reported it" in shoe.take_back_cut() and shoe.state.cut_out
    shoe.close()


def test_a_round_reopened_after_n_keeps_the_cut_card_o_recorded_and_o_still_takes_it_back(tmp_path):
    path = tmp_path / "o.sqlite"
    s = TableSession(RULES, Journal.open(path), odds=False)
    play_round(s)
    assert s.next_round() is None and s.cut_card() is None  # round 2's bets open: the next round is the last
    assert s.void_last_card(why="x") is None and s.state.round_no == 1  # V after N reopens round 1
    assert s.state.shoe.cut_out and s.cut_takeback_refusal() is None  # no round dealt since: still the croupier's
    assert s.take_back_cut() is None and not s.state.shoe.cut_out
    assert s.enter_card("5H") is None and s.next_round() is None
    s.close()
    again = TableSession(RULES, Journal.open(path), odds=False)
    try:
        assert not again.state.shoe.cut_out and again.state.round_no == 2
    finally:
        again.close()
