"""A zoned camera's card pushed from one box into another in short strokes, halting a quarter second between them.

Each stroke (some 26 px, 0.12 of a card here) moved it less than :data:`.vision.track.ON_CARD` and it settled at each
halt (8 frames at 30 fps), so the spot it lay at rest on crept with it stroke by stroke: its move was never told, and
the table kept it silently in the box it left.  Its spot now stays where it was placed until its move is told; and a
move that ends between two boxes (at a halt) is told from the box the table holds the card in, not dropped as one
from no box.
"""

from __future__ import annotations

import json

from camera_runs import run_to_end
from layout_frames import laid_out
from dealer_assist.events import CardRead
from dealer_assist.sources.factory import open_source
from zoned_blackjack import THREE_SEATS


def _reads(tmp_path, start: float, to: float, steps: int) -> list[CardRead]:
    """The reads of a 5♥ laid in seat 3's box at ``start`` (x) and pushed sharp to ``to`` in ``steps`` strokes, each
    shown 8 frames (a halt of a quarter second)."""
    folder = laid_out(tmp_path / "frames", (("JC", 1060, 520, 11), ("5H", start, 520, 11), ("QS", 1060, 200, 11),
                                            ("5H", to, 520, 0, steps, 8)))
    (tmp_path / "zones.json").write_text(json.dumps(THREE_SEATS))
    reads: list[CardRead] = []
    run_to_end(open_source(f"camera:{folder}?profile=anglo&zones={tmp_path / 'zones.json'}", lambda: True,
                           game="blackjack"), lambda e: reads.append(e) if isinstance(e, CardRead) else None)
    return reads


def test_a_card_pushed_in_short_strokes_with_long_halts_is_moved_into_the_other_box(tmp_path):
    reads = _reads(tmp_path, 330, 640, 12)
    assert [(r.card.code, r.zone, r.moved_from) for r in reads][-1] == ("5H", "seat 2", "seat 3")
    assert [r.card.code for r in reads].count("5H") == 2


def test_a_push_halting_between_the_two_boxes_is_still_told_from_the_box_it_left(tmp_path):
    """Halts at x 428 (between seat 3's box, up to 422, and seat 2's, from 435): a move told ending there goes to no
    box, and the next, from there, had no box it left."""
    reads = _reads(tmp_path, 350, 662, 12)
    assert [(r.card.code, r.zone, r.moved_from) for r in reads][-1] == ("5H", "seat 2", "seat 3")
    assert [r.card.code for r in reads].count("5H") == 2


def test_a_card_nudged_in_short_strokes_within_its_box_is_told_nothing(tmp_path):
    """Squared 70 px in 7 nudges of 10 px, settling after each, within seat 3's box."""
    reads = _reads(tmp_path, 330, 400, 7)
    assert [(r.card.code, r.zone, r.moved_from) for r in reads] == [("JC", "seat 1", None), ("5H", "seat 3", None),
                                                                   ("QS", None, None)]
