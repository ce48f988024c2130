"""A cut card that comes out instead of a round's first card makes that round the shoe's last.

WoO (facts.md §4): "If the cut card comes out instead of the first card, the dealer will finish
that hand, and then start a new shoe."  Once the croupier has pressed D (the bets closed, no card
out yet) the next card out is the round's first: a cut card there had been taken for one in the
middle of a round, and the table dealt one round more than the house rule allows.  The decision is
journaled with the ``cut`` entry; an entry written before it was (no ``before_first``) replays under
the phase-only rule it was played under, so an old journal still rebuilds the rounds it dealt.
"""

from __future__ import annotations

import time

from dealer_assist.events import ShoeSignal
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TablePhase, TableRules

RULES = TableRules(shoe=ShoeRules(burn=False))  # rounds_after_cut = 1, the default
ROUND = ("2S", "3H", "KD", "KC", "4S", "5H")  # Player 5 draws, Banker 3 draws: six cards


def play_round(s: TableSession) -> None:
    for code in ROUND:
        assert s.enter_card(code) is None


def cut_entries(path) -> list[dict]:
    journal = Journal.open(path)
    try:
        return [e.payload for e in journal.entries(0) if e.kind == "shoe_cut"]
    finally:
        journal.close()


def test_a_cut_card_after_d_before_the_first_card_makes_this_round_the_last(tmp_path):
    for how in ("key", "shoe"):
        path = tmp_path / f"{how}.sqlite"
        s = TableSession(RULES, Journal.open(path), odds=False)
        assert s.deal() is None
        if how == "key":
            assert s.cut_card() is None
        else:
            s.handle(ShoeSignal("serial:/dev/x", time.time(), "cut"))
        assert s.state.shoe.rounds_left == 1 and "last round" in s.state.shoe.status
        play_round(s)
        assert s.state.shoe.phase.value == "finished"  # no round after it
        s.close()
        assert [p["before_first"] for p in cut_entries(path)] == [True]
        again = TableSession(RULES, Journal.open(path), odds=False)  # a restart rebuilds the same end
        try:
            assert again.state.shoe.phase.value == "finished" and again.state.round_no == 1
        finally:
            again.close()


def test_a_cut_card_after_the_rounds_first_card_still_gives_one_more_round(tmp_path):
    path = tmp_path / "t.sqlite"
    s = TableSession(RULES, Journal.open(path), odds=False)
    s.deal()
    s.enter_card("2S")
    assert s.cut_card() is None
    assert s.state.shoe.rounds_left == 2
    for code in ROUND[1:]:
        s.enter_card(code)
    assert s.next_round() is None and s.state.phase == TablePhase.BETTING
    s.close()
    assert [p["before_first"] for p in cut_entries(path)] == [False]


def test_the_rule_between_rounds_after_d_and_after_a_card():
    from dealer_assist.table.state import cut_before_first_card

    s = TableSession(RULES, odds=False)
    assert cut_before_first_card(s.state) is True  # bets open
    s.deal()
    assert cut_before_first_card(s.state) is True  # bets closed, no card out
    s.enter_card("2S")
    assert cut_before_first_card(s.state) is False
    for code in ROUND[1:]:
        s.enter_card(code)
    assert cut_before_first_card(s.state) is True  # settled: the next card out is the next round's first


def test_an_old_journals_cut_entry_replays_under_the_rule_it_was_played_under(tmp_path):
    """A journal from before the fix: the cut entry has no ``before_first``, came after D with no card
    out, and the table then dealt two rounds.  It must still replay, to the same end."""
    path = tmp_path / "old.sqlite"
    s = TableSession(RULES, Journal.open(path), odds=False)
    s.deal()
    assert s._do({"op": "cut"}) is None  # the entry as the old table wrote it
    play_round(s)
    s.next_round()
    s.deal()
    play_round(s)
    assert s.state.shoe.phase.value == "finished" and s.state.round_no == 2
    live = s.state
    s.close()
    assert ["before_first" in p for p in cut_entries(path)] == [False]
    again = TableSession(RULES, Journal.open(path), odds=False)
    try:
        assert again.state == live
    finally:
        again.close()
