"""A zoned camera's card dealt from the shoe that halts a moment (0.1 s, sharp) over another box (rev37 R4).

Read sure over seat 2's box as it halted, it slid on blurred (unread) into seat 3's: it went out in seat 2's box
(unseen 5 frames, as a card a hand covers where it lay), the tracker saw its spot bare and forgot it, and its read in
seat 3's box was a new card: one 5♥ counted in two seats, no word.  A card gone out unseen is kept in mind where it
was last seen, as one placed: its spot bare, the card of its code read at rest in another box names the box it left
(``left_from``), and the table holds it (MOVED_PUSHED).  One still under the hand there is not gone: a real second
copy dealt meanwhile is a card of its own.
"""

from __future__ import annotations

import json

from camera_runs import run_to_end
from dealer_assist.events import CardRead
from dealer_assist.sources.factory import open_source
from dealer_assist.table.holds import MOVED_PUSHED
from layout_frames import laid_out
from zoned_blackjack import THREE_SEATS, hands, table


def _reads(tmp_path, moves, hand=None) -> list[CardRead]:
    folder = laid_out(tmp_path / "frames", moves, hand=hand)
    (tmp_path / "zones.json").write_text(json.dumps(THREE_SEATS))
    reads: list[CardRead] = []
    run_to_end(open_source(f"camera:{folder}?profile=anglo&zones={tmp_path / 'zones.json'}", lambda: True,
                           game="blackjack"), lambda e: reads.append(e) if isinstance(e, CardRead) else None)
    return reads


def test_a_card_halting_over_another_box_on_its_way_is_not_played_twice(tmp_path):
    """The 5♥ halts 3 sharp frames at 62% of its way, over seat 2's box at (567, 359), then slides on into seat 3's."""
    reads = _reads(tmp_path, (("JC", 1060, 520), ("5H", 200, 520, 11, 16, 1, 30, (0.625, 3))))
    assert [(r.card.code, r.zone, r.left_from) for r in reads] == [
        ("JC", "seat 1", None), ("5H", "seat 2", None), ("5H", "seat 3", "seat 2")]
    session = table(tmp_path / "j.sqlite", (1, 2, 3))
    for event in reads:
        session.handle(event)
    assert hands(session) == {1: ["JC"], 2: ["5H"], 3: [], "dealer": []}  # not counted in seat 3 too
    held = session.snapshot.pending
    assert held is not None and held.card.code == "5H" and held.doubt == MOVED_PUSHED and held.moved_from == "seat 2"
    session.close()


def test_a_second_copy_dealt_while_the_first_lies_under_a_hand_is_a_card_of_its_own(tmp_path):
    """Seat 2's 5♥, a hand laid on it as it stops (it goes out unseen, covered), and the other deck's 5♥ dealt into
    seat 3's box while the hand stays: the first's spot is never bare, so the second is no card that left it (the
    tracker's own doubt, a card of its code vanished under a hand, stands as before)."""
    reads = _reads(tmp_path, (("JC", 1060, 520), ("5H", 640, 520, 11, 8, 1, 12), ("5H#2", 200, 520, 11, 8, 1, 30)),
                   hand=(23, 80, 640, 520))
    assert [(r.card.code, r.zone, r.left_from) for r in reads] == [
        ("JC", "seat 1", None), ("5H", "seat 2", None), ("5H", "seat 3", None)]
