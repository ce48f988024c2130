"""A shoe whose cut-card sensor bounces reports the cut card twice (qaAC F18): the second report rewrote CUT CARD
OUT to its own round and was journaled as a second cut.  A shoe holds one cut card: the first report stands, the
second is a warning for the shoe's maker.  Each report journaled names its frame (qaAC F9)."""

from __future__ import annotations

import time
from decimal import Decimal

from dealer_assist.cards import parse_card
from dealer_assist.events import CardRead, ShoeSignal
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from replayed_journals import journal_entries

SHOE = "serial:/dev/card-shoe"


def cuts(path) -> list[dict]:
    return [e.payload for e in journal_entries(path) if e.kind == "shoe_cut"]


def test_baccarat_keeps_the_first_cut_and_warns_of_the_second(tmp_path):
    path = tmp_path / "j.sqlite"
    s = TableSession(TableRules(shoe=ShoeRules(burn=False)), Journal.open(path), odds=False)
    s.deal()
    for seq, code in ((1, "2C"), (2, "3D"), (3, "cut"), (4, "4H"), (5, "5S")):  # P 2+4, B 3+5: both stand
        s.handle(ShoeSignal(SHOE, time.time(), "cut", seq=seq) if code == "cut"
                 else CardRead(parse_card(code), SHOE, time.time(), seq=seq))
    assert s.next_round() is None and s.deal() is None
    left = s.state.shoe.rounds_left
    s.handle(ShoeSignal(SHOE, time.time(), "cut", seq=9))
    alerts = {a.code: a for a in s.snapshot.alerts}
    assert "round 1" in alerts["cut"].text
    assert alerts["cut_again"].level == "warning" and "frame 9" in alerts["cut_again"].text
    assert s.state.shoe.rounds_left == left
    s.close()
    (cut,) = cuts(path)
    assert cut["source"] == SHOE and cut["source_seq"] == 3


def test_blackjack_keeps_the_first_cut_and_warns_of_the_second(tmp_path):
    path = tmp_path / "j.sqlite"
    s = BlackjackSession(journal=Journal.open(path))
    s.place(1, Decimal("10"))
    s.deal()
    s.handle(ShoeSignal(SHOE, time.time(), "cut", seq=4))
    s.handle(ShoeSignal(SHOE, time.time(), "cut", seq=5))
    titles = [a.title for a in s.snapshot.alerts]
    assert "CUT CARD OUT" in titles and "CUT CARD REPORTED AGAIN" in titles
    s.close()
    (cut,) = cuts(path)
    assert cut["source_seq"] == 4
