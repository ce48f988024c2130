"""The record of a refused card says why the croupier was told it was refused, and a held card is not refused.

QA: the ``card_refused`` entry kept the first error (the card "came after the round was over ... Enter ...
Del") although the croupier was then told another reason (a ninth copy, a finished shoe), and every card
held after a round (then dealt or set aside) was listed under the export's ``refused``.
"""

from __future__ import annotations

from dealer_assist.shoe import ShoeRules
from dealer_assist.table.export import rounds_from_entries
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules

ROUND = ("9S", "KH", "QD", "5C")  # Player 9, Banker 5: a natural, four cards


def played(path, rules: TableRules, cut: bool = False) -> TableSession:
    s = TableSession(rules, Journal.open(path), odds=False)
    s.deal()
    if cut:
        s.cut_card()  # before the first card, rounds_after_cut 0: the shoe's last round
    for code in ROUND:
        assert s.enter_card(code) is None
    return s


def refusals(s: TableSession, path) -> tuple[list[dict], list[dict]]:
    s.close()
    journal = Journal.open(path)
    try:
        entries = list(journal.entries(0))
    finally:
        journal.close()
    refused = [e.payload for e in entries if e.kind == "card_refused"]
    return refused, [r for record in rounds_from_entries(entries) for r in record.get("refused", [])]


def test_a_copy_too_many_after_the_round_is_recorded_as_impossible(tmp_path):
    path = tmp_path / "t.sqlite"
    s = played(path, TableRules(shoe=ShoeRules(burn=False, decks=1)))
    told = s.enter_card("9S")  # a second nine of spades from a one-deck shoe
    assert "impossible card" in told
    entries, exported = refusals(s, path)
    assert [e["why"] for e in entries] == [told]
    assert [r["why"] for r in exported] == [told] and "Enter" not in told


def test_the_status_line_says_why_a_card_held_behind_another_was_refused(tmp_path):
    """qaK: a second 5H read after the round while a 5H was held was refused (a copy too many), yet the
    status line kept the first try's "it is held behind it; Enter plays them"."""
    path = tmp_path / "t.sqlite"
    s = played(path, TableRules(shoe=ShoeRules(burn=False, decks=1)))
    assert "came after the round" in s.enter_card("5H")
    told = s.enter_card("5H")
    assert "impossible card" in told
    assert s.snapshot.message == told and "held behind" not in s.snapshot.message
    assert [c.code for c in s.snapshot.state.held] == ["5H"]
    s.close()


def test_a_card_after_the_shoes_last_round_is_recorded_as_the_shoe_finished(tmp_path):
    path = tmp_path / "t.sqlite"
    s = played(path, TableRules(shoe=ShoeRules(burn=False, rounds_after_cut=0)), cut=True)
    told = s.enter_card("4H")
    assert "finished" in told
    entries, exported = refusals(s, path)
    assert [e["why"] for e in entries] == [told] and entries[0]["shoe_finished"] is True
    assert [r["why"] for r in exported] == [told]


def test_a_card_held_after_the_round_is_not_listed_as_refused(tmp_path):
    path = tmp_path / "t.sqlite"
    s = played(path, TableRules(shoe=ShoeRules(burn=False)))
    assert "after the round" in s.enter_card("5D")  # held
    assert s.discard_held() is None  # Del: set aside
    entries, exported = refusals(s, path)
    assert exported == []  # under ``other``, with card_held and card_set_aside
    assert [e.get("held") for e in entries] == [True]  # the entry the restart reads stays, marked


def test_the_held_cards_entries_stay_in_the_export_under_other(tmp_path):
    path = tmp_path / "t.sqlite"
    s = played(path, TableRules(shoe=ShoeRules(burn=False)))
    s.enter_card("5D")
    s.close()
    journal = Journal.open(path)
    try:
        records = rounds_from_entries(list(journal.entries(0)))
    finally:
        journal.close()
    other = [(o["kind"], o.get("card")) for r in records for o in r["other"]]
    assert ("card_refused", "5D") in other and ("card_held", "5D") in other
