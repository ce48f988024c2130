"""A second card of a code dealt while the card of that code the camera followed out of its box is covered by a hand
(rev35 R2).

Seat 2's 5♥ played early in seat 3's box is pushed sharp into seat 2's and a hand left on it; meanwhile another 5♥ is
dealt.  The camera had taken the copy's sightings for the card moved: dealt into seat 3's box, the move was cancelled
(seat 3 held both 5♥, seat 2 none); dealt into the dealer's box, seat 3's 5♥ was moved to the dealer and the copy
refused.  A new read of its code now ends the wait: the move goes out with no box (MOVED_UNSEEN, held for the
croupier) and the copy is its own read, in the box it lies in.
"""

from __future__ import annotations

import pytest

from dealer_assist.events import MOVED_UNSEEN
from test_camera_move_under_hand import camera_reads, played
from zoned_blackjack import hands

PUSHED = (("JC", 1060, 520, 11), ("5H", 200, 520, 11), ("5H", 640, 520, 0))


@pytest.mark.parametrize("copy_at, box", [((200, 520), "seat 3"), ((640, 180), "dealer")])
def test_a_copy_dealt_while_the_moved_card_is_covered_ends_the_wait_and_is_its_own_read(tmp_path, copy_at, box):
    # The hand on the 5♥ from frame 36 to 62 (the copy slides in from frame 42), then lifted: the 5♥ lies in seat 2.
    after = ("2C", 640, 180, 11) if box == "seat 3" else ("QS", 200, 520, 11)
    reads = camera_reads(tmp_path, PUSHED + (("5H#2", *copy_at, 11), after), hidden=range(36, 62))
    assert [(r.card.code, r.zone, r.moved_from, r.doubt) for r in reads] == [
        ("JC", "seat 1", None, ""), ("5H", "seat 3", None, ""), ("5H", None, "seat 3", MOVED_UNSEEN),
        ("5H", box, None, ""), (after[0], "dealer" if box == "seat 3" else "seat 3", None, "")]
    session = played(tmp_path, reads)
    assert session.snapshot.pending is not None and session.snapshot.pending.doubt == MOVED_UNSEEN
    assert session.confirm_pending().startswith("Enter plays nothing")
    # The keys the table names: Backspace voids the 5♥ out of seat 3, Enter plays it where a card is due (seat 2),
    # and the copy goes to the box it lies in.
    assert session.void_last() is None and session.confirm_pending() is None
    while session.snapshot.pending is not None:
        assert session.confirm_pending() is None
    assert hands(session) == ({1: ["JC"], 2: ["5H"], 3: ["5H"], "dealer": ["2C"]} if box == "seat 3" else
                              {1: ["JC"], 2: ["5H"], 3: ["QS"], "dealer": ["5H"]})
    session.close()
