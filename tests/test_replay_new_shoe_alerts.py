"""A replay shows the alerts the live table showed: the old shoe's go with the new shoe (rev22: CUT CARD OUT stood
in the replay of the next shoe, while the live table and a restart had dropped it)."""

from __future__ import annotations

import time

from dealer_assist.cards import parse_card
from dealer_assist.events import CardRead, ShoeSignal
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from replayed_journals import replayed
from test_two_unread_in_a_row import RULES

SHOE = "serial:shoe"


def test_the_cut_card_alert_goes_with_the_old_shoe_in_a_replay(tmp_path):
    path = tmp_path / "j.sqlite"
    s = TableSession(RULES, Journal.open(path), odds=False)
    s.deal()
    s.handle(CardRead(parse_card("9S"), SHOE, time.time(), seq=1))
    s.handle(ShoeSignal(SHOE, time.time(), "cut", seq=2))
    for seq, code in ((3, "2D"), (4, "KH"), (5, "5C")):
        s.handle(CardRead(parse_card(code), SHOE, time.time(), seq=seq))
    assert "CUT CARD OUT" in [a.title for a in s.snapshot.alerts]
    assert s.new_shoe() is None
    live = [a.title for a in s.snapshot.alerts]
    assert "CUT CARD OUT" not in live
    s.close()
    shown = replayed(path, TableSession(RULES, odds=False))
    assert "CUT CARD OUT" not in [a.title for a in shown.snapshot.alerts]
