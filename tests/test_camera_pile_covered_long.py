"""A hit card of the code of its pile's first card, that first card covered a long while (qaAR F2).

At 2 decks, seat 7's 8♦ lay under its second card (the 4♠ fanned onto it) some 25 s while the other seats played;
the other deck's 8♦ hit onto the pile was taken for the first, forgotten and come back, and never reported: the
deal stopped at CARD TO SEAT 7 with no word.  The first 8♦'s edge still shows paper above the 4♠: it has not
moved, and the read beside it is another copy.
"""

from __future__ import annotations

import pytest

from dealer_assist.vision.track import NewCard
from test_camera_pile_reads import DEALER, FAN, SEAT3, _events, _frame, anglo  # noqa: F401 (anglo: a fixture)


@pytest.mark.parametrize("covered", [8.0, 25.0])
def test_a_copy_hit_onto_a_pile_whose_first_card_lay_covered_long_is_reported(anglo, covered):
    up, first = ("6C", *DEALER), ("8D", *SEAT3)
    top = ("4S", SEAT3[0] + FAN[0], SEAT3[1] + FAN[1])
    hit = ("8D", SEAT3[0] + 2 * FAN[0], SEAT3[1] + 2 * FAN[1])
    states = [_frame([]), _frame([up]), _frame([up, first]), _frame([up, first, top]), _frame([up, first, top, hit])]
    events = _events(anglo, states, (0.5, 1.0, 1.0, covered, 2.0))
    assert [e.card.code for e in events if isinstance(e, NewCard)] == ["6C", "8D", "4S", "8D"], events


def test_a_same_code_card_fanned_onto_the_first_is_not_held_as_put_back(anglo):
    """qaAR F3: a 10♥ fanned 26 px onto the first 10♥ (208 px cards) was held as put back (Del would drop it); the
    first one's edge shows paper above it: it is another copy, as README says."""
    up, first = ("6C", *DEALER), ("TH", *SEAT3)
    second = ("TH", SEAT3[0] + FAN[0], SEAT3[1] + FAN[1])
    states = [_frame([]), _frame([up]), _frame([up, first]), _frame([up, first, second])]
    events = _events(anglo, states, (0.5, 1.0, 1.0, 3.0))
    new = [e for e in events if isinstance(e, NewCard)]
    assert [e.card.code for e in new] == ["6C", "TH", "TH"], events
    assert not new[-1].put_back, new[-1]
