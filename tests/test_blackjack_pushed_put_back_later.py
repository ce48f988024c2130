"""A read held as the same card pushed across (MOVED_PUSHED), dropped with Del, then put back as its words say, when
another card's read comes first (rev39 R3).

The zones pass cards on in the order they come to rest: the next card dealt may be read before the card put back.
The put-back mark went at that first read, so the put-back read was held again ("read where a card of its code was
taken away"), and after H, Enter on it raised CARD 5♥ REFUSED.
"""

from __future__ import annotations

from dealer_assist.events import PUT_BACK
from test_blackjack_pushed_back_restart import pushed_and_dropped
from zoned_blackjack import hands, read, refusals


def test_put_back_read_after_the_next_cards_read_is_dropped(tmp_path):
    session = pushed_and_dropped(tmp_path / "j.sqlite")
    read(session, "9C", 8, "seat 3")  # seat 3's second card comes to rest first
    read(session, "5H", 9, "seat 2", doubt=PUT_BACK)
    assert session.snapshot.pending is None
    assert session.snapshot.message == "5♥ put back in seat 2's box: the table counts it there (read dropped)"
    assert session.hit() is None  # seat 1 hits: no held read is played there
    assert session.snapshot.pending is None and not refusals(session)
    assert hands(session) == {1: ["JC", "4D"], 2: ["5H", "6S"], 3: ["QS", "9C"], "dealer": ["2C"]}
    session.close()


def test_mark_lasts_through_two_other_reads_and_goes_once_used(tmp_path):
    session = pushed_and_dropped(tmp_path / "j.sqlite")
    read(session, "9C", 8, "seat 3")
    assert session.hit() is None
    read(session, "3D", 9, "seat 1")  # seat 1's hit card, read before the card put back
    read(session, "5H", 10, "seat 2", doubt=PUT_BACK)
    assert session.snapshot.pending is None and not refusals(session)
    assert hands(session) == {1: ["JC", "4D", "3D"], 2: ["5H", "6S"], 3: ["QS", "9C"], "dealer": ["2C"]}
    read(session, "5H", 11, "seat 2", doubt=PUT_BACK)  # read put back once more: the mark is used, it is held
    assert session.snapshot.pending is not None and session.snapshot.pending.card.code == "5H"
    session.close()
