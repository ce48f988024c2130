"""A restart while a settled round's bets are open for correction (Shift+D) writes no settlement nobody made
(qaAE F9: the restart's repair of a round's missing end entries wrote the old settlement again, on the bets as
they were before the correction, and export and summary showed it as the round's final money until D)."""

from __future__ import annotations

from decimal import Decimal as D

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TablePhase, correcting_bets
from test_correct_bets_of_a_settled_round import RULES, settled
from test_journal_export import exported


def kinds_after(path, seq: int) -> list:
    with Journal.open(path, readonly=True) as journal:
        return [e.kind for e in journal.entries(seq + 1)]


def test_a_restart_in_a_bets_correction_writes_no_round_end_until_d(tmp_path):
    path = tmp_path / "j.sqlite"
    s = TableSession(RULES, Journal.open(path), odds=False)
    settled(s)  # seat 3's 100 on the Player, paid 100.00
    assert s.correct_bets(why="seat 3 was on the Banker") is None
    assert s.remove(3, Bet.PLAYER, D("100")) is None and s.place(3, Bet.BANKER, D("25")) is None
    with Journal.open(path, readonly=True) as journal:
        corrected_at = journal.verify().head_seq
    s.close()  # the process ends in the correction (a crash or a kill leaves the same entries)

    again = TableSession(RULES, Journal.open(path), odds=False)
    assert correcting_bets(again.state)  # the correction is back on screen
    assert not {"outcome", "settlement", "round_end"} & set(kinds_after(path, corrected_at))
    (record,) = [r for r in exported(path) if r.get("round") == 1]
    assert record["status"] == "open" and record["settlement"] is None  # no money of it until D

    assert again.deal() is None  # D settles it again: now, once, on the corrected bets
    assert again.state.phase == TablePhase.SETTLED
    assert kinds_after(path, corrected_at).count("settlement") == 1
    again.close()
    (record,) = [r for r in exported(path) if r.get("round") == 1]
    assert record["status"] == "complete"
    assert {(b["seat"], b["bet"], b["stake"]) for b in record["settlement"]["bets"]} == {
        (3, "banker", "25.00"), (1, "tie", "10.00")}


def test_a_restart_in_the_correction_of_the_round_n_closed_writes_none_either(tmp_path):
    """Shift+D just after N reopens the round N closed: a restart then wrote its end entries again too."""
    path = tmp_path / "j.sqlite"
    s = TableSession(RULES, Journal.open(path), odds=False)
    settled(s)
    assert s.next_round() is None
    assert s.correct_bets(why="seat 3 was on the Banker") is None
    assert correcting_bets(s.state) and s.state.round_no == 1
    with Journal.open(path, readonly=True) as journal:
        corrected_at = journal.verify().head_seq
    s.close()
    again = TableSession(RULES, Journal.open(path), odds=False)
    assert correcting_bets(again.state)
    assert not {"outcome", "settlement", "round_end"} & set(kinds_after(path, corrected_at))
    again.close()


def test_what_waits_for_d_during_the_correction_is_said_in_a_whole_sentence(tmp_path):
    """qaAE F10: N in CORRECT THE BETS said "... D settles it again on its cards, then this"."""
    s = TableSession(RULES, Journal.open(tmp_path / "j.sqlite"), odds=False)
    settled(s)
    assert s.correct_bets(why="seat 3 was on the Banker") is None
    said = s.next_round()
    assert said.endswith("D settles it again on its cards, then ask for this again"), said
    s.close()
