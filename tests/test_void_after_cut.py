"""A round's last card voided after the shoe reported the cut card once the round was settled (rev22 R22-6): the
void had copied the rounds left as counted after the round, so the round dealt again was the shoe's last, and a
journal of the older code no longer restarted ("cannot deal: the shoe is finished")."""

from __future__ import annotations

import time

from dealer_assist.cards import parse_card
from dealer_assist.events import CardRead, ShoeSignal
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TablePhase
from test_two_unread_in_a_row import RULES

SHOE = "serial:shoe"


def test_the_round_after_a_void_of_a_settled_rounds_last_card_is_still_dealt(tmp_path):
    path = tmp_path / "j.sqlite"
    s = TableSession(RULES, Journal.open(path), odds=False)
    s.deal()
    for seq, code in enumerate(("9S", "2D", "KH", "5C"), start=1):  # the Player's natural 9: over after four
        s.handle(CardRead(parse_card(code), SHOE, time.time(), seq=seq))
    s.handle(ShoeSignal(SHOE, time.time(), "cut", seq=5))  # between rounds: the next round is the last
    assert s.void_last_card(why="misread") is None
    s.handle(CardRead(parse_card("5C"), SHOE, time.time(), seq=6))
    assert s.state.phase == TablePhase.SETTLED
    assert s.next_round() is None and s.deal() is None  # that last round is still dealt
    s.close()
    again = TableSession(RULES, Journal.open(path), odds=False)  # and the journal restarts
    assert again.state.phase == TablePhase.DEALING and again.state.shoe.rounds_left == 1
    again.close()
