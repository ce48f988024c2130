"""A real second copy of a card dealt into another seat's box while the first lies there unread (rev37 R3, rev38 R4).

The zones took a card placed for gone from its spot once its code went unread there for three frames, and fixBL held a
card of its code come to rest in another box then as that card, pushed across (MOVED_PUSHED; Del would drop a real
card).  But a pile's first card goes unread as soon as the next card covers its index, and a hand hides a card for a
moment.  Now a card placed is gone only once its spot, the cards read on it aside, shows bare felt: a copy dealt while
the first lies under the next card of its pile, or under a hand, is a new card, played at once.
"""

from __future__ import annotations

import json

from camera_runs import run_to_end
from layout_frames import laid_out
from dealer_assist.events import CardRead
from dealer_assist.sources.factory import open_source
from dealer_assist.table.holds import MOVED_PUSHED
from test_camera_blackjack_pushed_blurred import SEATS, fed
from zoned_blackjack import THREE_SEATS, hands

#: Seat 1 J♣, seat 2 5♥, seat 3 Q♠, dealer 2♣; then seats 1 and 2 get a card fanned onto the first (its index
#: covered).
FIRST = (("JC", 1060, 520), ("5H", 640, 520), ("QS", 200, 520), ("2C", 640, 180))
FANNED = (("4D", 1065, 552), ("6S", 645, 552))
#: The shoe's other 5♥, fanned onto seat 3's Q♠.
COPY = ("5H#2", 205, 552)


def camera_reads(tmp_path, moves, hand=None) -> list[CardRead]:
    """The camera's reads of cards slid from the shoe (8 frames, smeared), each lying still 20 frames after; ``hand``:
    (name, x, y, first, last), a hand laid over (x, y) in the frames ``first`` to ``last`` counted from the first frame
    of the card ``name``'s slide."""
    if hand is not None:
        start = [name for name, *_ in moves].index(hand[0]) * 28
        hand = (start + hand[3], start + hand[4], hand[1], hand[2])
    folder = laid_out(tmp_path / "frames", [(*move, 11, 8, 1, 20) for move in moves], hand=hand)
    (tmp_path / "zones.json").write_text(json.dumps(THREE_SEATS))
    reads: list[CardRead] = []
    run_to_end(open_source(f"camera:{folder}?profile=anglo&zones={tmp_path / 'zones.json'}", lambda: True),
               lambda e: reads.append(e) if isinstance(e, CardRead) else None)
    return reads


def test_a_copy_dealt_while_the_first_lies_under_its_piles_next_card_is_played(tmp_path):
    reads = camera_reads(tmp_path, (*FIRST, *FANNED, COPY))
    assert [(r.card.code, r.zone, r.left_from, r.doubt) for r in reads][6] == ("5H", "seat 3", None, "")
    session = fed(tmp_path / "j.sqlite", reads)
    assert session.snapshot.pending is None
    assert hands(session) == {1: ["JC", "4D"], 2: ["5H", "6S"], 3: ["QS", "5H"], "dealer": ["2C"]}
    session.close()


def test_a_copy_come_to_rest_while_a_hand_covers_the_first_is_played(tmp_path):
    """A hand covers seat 2's 5♥ just after the copy is read in seat 3's box (0.4 s, rev38 R4): the copy waits until
    the 5♥ is seen again, then is played as a new card, not held as that 5♥ pushed across."""
    reads = camera_reads(tmp_path, (*FIRST, ("4D", 1065, 552), COPY), hand=("5H#2", 640, 520, 10, 22))
    assert [(r.card.code, r.zone, r.left_from, r.moved_from, r.doubt) for r in reads][5] == (
        "5H", "seat 3", None, None, "")
    session = fed(tmp_path / "j.sqlite", reads)
    assert session.snapshot.pending is None
    assert hands(session) == {1: ["JC", "4D"], 2: ["5H"], 3: ["QS", "5H"], "dealer": ["2C"]}
    session.close()


def test_a_copy_dealt_as_a_hand_covers_the_first_is_not_taken_for_it_pushed(tmp_path):
    """The hand covers seat 2's 5♥ from the copy's first frame: the tracker's own doubt (one of its code vanished under
    a hand) stands, which Enter answers by playing it; never fixBL's "the same card, pushed across"."""
    reads = camera_reads(tmp_path, (*FIRST, ("4D", 1065, 552), COPY), hand=("5H#2", 640, 520, 0, 19))
    assert [(r.card.code, r.zone, r.left_from, r.moved_from) for r in reads][5] == ("5H", "seat 3", None, None)
    session = fed(tmp_path / "j.sqlite", reads)
    assert session.snapshot.pending is None or session.snapshot.pending.doubt != MOVED_PUSHED
    if session.snapshot.pending is not None:
        assert session.confirm_pending() is None
    assert session.snapshot.pending is None
    assert hands(session) == {1: ["JC", "4D"], 2: ["5H"], 3: ["QS", "5H"], "dealer": ["2C"]}
    session.close()
