"""A blackjack table restarted after its serial shoe's new deck was refused between rounds (fixQA).

Live, SHOE NEW after a settled round is refused (NEW DECK NOT ACCEPTED: the old deck is not checked) and N then
holds the shoe's next read (``newdeck:held``: most likely the new deck's card, not the old deck's).  The table
closed and opened again on its journal before N showed the refusal again, but forgot which reader it was: N
opened the round with no wait, and the new deck's 5H was dealt at once into seat 1 as the old deck's card.
Real bytes over a real pty to the reader.
"""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from dealer_assist.table.holds import AFTER_NEW_DECK
from test_blackjack_shoe_faults import held, one_round_settled, restarted, shoe_new_refused
from test_serial_blackjack_reads import BlackjackRig
from dealer_assist.table.blackjack_state import BlackjackTableRules


@pytest.fixture
def table(tmp_path):
    made = BlackjackRig(tmp_path, BlackjackTableRules(seats=2))
    yield made
    made.close()


def _codes(s) -> set:
    return {a.code for a in s.snapshot.alerts}


def test_a_new_deck_refused_after_the_round_still_holds_the_next_read_after_a_restart_before_n(table):
    s = one_round_settled(table)
    shoe_new_refused(table)  # the round settled, N not pressed: NEW DECK NOT ACCEPTED, N will hold
    assert "newdeck" in _codes(s)
    s = restarted(table)
    assert "newdeck" in _codes(s)  # the refusal shown again, as live showed it
    assert s.next_round() is None
    assert "newdeck:held" in _codes(s) and "newdeck" not in _codes(s)  # as live at N
    assert s.place(1, D("10")) is None and s.deal() is None
    table.cards("5H")
    held(table, "5H", AFTER_NEW_DECK)
    assert table.hands(1) == [[]]
    assert s.reject_pending() is None  # Del: the new deck's card set aside
    assert table.hands(1) == [[]]


def test_a_read_held_after_a_refused_new_deck_waits_again_after_a_restart(table):
    s = one_round_settled(table)
    assert s.next_round() is None
    shoe_new_refused(table)
    assert s.place(1, D("10")) is None and s.deal() is None
    table.cards("5H")
    held(table, "5H", AFTER_NEW_DECK)
    s = restarted(table)
    assert s.snapshot.pending is not None and s.snapshot.pending.card.code == "5H"
    assert "newdeck:held" in _codes(s) and table.hands(1) == [[]]
