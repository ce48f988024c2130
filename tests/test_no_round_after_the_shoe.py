"""N after a finished shoe's last round opens no round: the shoe has none left to deal.

QA: N wrote a ``round_start`` for a round that could never be dealt; the export listed it as
``open`` in a shoe that had ended a round earlier, and the cards refused after the end were filed
under it.  An old journal that has such an entry still replays and exports.
"""

from __future__ import annotations

from dealer_assist.shoe import ShoeRules
from dealer_assist.table.export import rounds_from_entries
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TablePhase, TableRules

RULES = TableRules(shoe=ShoeRules(burn=False, rounds_after_cut=0))
ROUND = ("9S", "KH", "QD", "5C")


def last_round_played(path) -> TableSession:
    s = TableSession(RULES, Journal.open(path), odds=False)
    s.cut_card()  # before the first round: it is the shoe's last
    s.deal()
    for code in ROUND:
        assert s.enter_card(code) is None
    assert s.state.shoe.phase.value == "finished"
    return s


def exported(path) -> list[dict]:
    journal = Journal.open(path)
    try:
        return rounds_from_entries(list(journal.entries(0)))
    finally:
        journal.close()


def test_n_after_the_shoes_last_round_is_refused_and_opens_no_round(tmp_path):
    path = tmp_path / "t.sqlite"
    s = last_round_played(path)
    error = s.next_round()
    assert error is not None and "shoe is finished" in error and "Ctrl+N" in error
    assert s.state.round_no == 1 and s.state.phase == TablePhase.SETTLED
    assert "finished" in s.enter_card("4H")  # a card after the end: filed under the last round
    assert s.new_shoe() is None and s.state.phase == TablePhase.BETTING and s.state.shoe_no == 2
    s.close()
    records = [r for r in exported(path) if r.get("shoe") == 1]
    assert [(r["round"], r["status"]) for r in records] == [(1, "complete")]
    assert [x["card"] for x in records[0]["refused"]] == ["4H"]


def test_an_old_journal_with_that_round_start_still_replays_and_exports(tmp_path):
    path = tmp_path / "old.sqlite"
    s = last_round_played(path)
    assert s._do({"op": "next_round"}) is None  # as N wrote it before it was refused
    assert s.state.phase == TablePhase.FINISHED
    s.close()
    again = TableSession(RULES, Journal.open(path), odds=False)
    try:
        assert again.state.phase == TablePhase.FINISHED and again.state.round_no == 2
        assert again.new_shoe() is None
    finally:
        again.close()
    assert [(r["shoe"], r["round"]) for r in exported(path)][0] == (1, 1)


def test_auto_play_after_the_shoes_last_round_starts_a_new_shoe(qtbot, table_factory):
    """The demo had pressed N there (then Ctrl+N on SHOE FINISHED); N is refused now."""
    from PySide6.QtCore import Qt

    window = table_factory("sim", rules=RULES)
    s = window.session
    s.cut_card()
    s.deal()
    for code in ROUND:
        s.enter_card(code)
    assert s.state.shoe.phase.value == "finished"
    window.options.turbo = True  # the auto-play's short pause
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_A)
    qtbot.waitUntil(lambda: s.state.shoe_no == 2, timeout=5000)
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_A)


def test_d_and_r_after_the_shoes_last_round_name_the_new_shoe_not_n(tmp_path):
    """D and R after the last round said "press N for the next round", which is then refused (qaQ F5)."""
    s = last_round_played(tmp_path / "t.sqlite")
    try:
        for refusal in (s.deal(), s.rebet()):
            assert refusal is not None and "Ctrl+N" in refusal and "press N" not in refusal, refusal
        assert s.state.round_no == 1 and s.state.phase == TablePhase.SETTLED
    finally:
        s.close()
