"""A zoned camera's card pushed sharp from one box into another at a hand's pace (qaAR F1).

Pushed over 8 frames (0.27 s) it was followed and moved; over 24 frames (0.8 s, some 10 px a frame at this size)
it moved less than a still card may in each frame, the spot it lay at rest on followed it, and its move was never
told: the table kept it silently in the box it left.  It must lie a while in one spot to lie at rest there.
"""

from __future__ import annotations

import json

from camera_runs import run_to_end
from layout_frames import laid_out
from dealer_assist.events import PUT_BACK, CardRead
from dealer_assist.sources.factory import open_source
from zoned_blackjack import THREE_SEATS


def test_a_card_pushed_into_another_box_at_a_hands_pace_is_moved_there(tmp_path):
    folder = laid_out(tmp_path / "frames", (("JC", 1060, 520, 11), ("5H", 200, 520, 11), ("QS", 1060, 200, 11),
                                            ("5H", 640, 520, 0)), slide=48)
    (tmp_path / "zones.json").write_text(json.dumps(THREE_SEATS))
    reads: list[CardRead] = []
    run_to_end(open_source(f"camera:{folder}?profile=anglo&zones={tmp_path / 'zones.json'}", lambda: True,
                           game="blackjack"), lambda e: reads.append(e) if isinstance(e, CardRead) else None)
    assert [(r.card.code, r.zone, r.doubt) for r in reads][-1] == ("5H", "seat 2", PUT_BACK)
    assert [r.card.code for r in reads].count("5H") == 2



def _pushed(tmp_path, to: float) -> list:
    """The reads of a 5♥ laid in seat 3's box and pushed sharp to ``to`` (x) in 20 strokes of 4 frames, under STILL
    each (11.5 px at most), halting 0.1 s between them (2.7 s in all)."""
    folder = laid_out(tmp_path / "frames", (("JC", 1060, 520, 11), ("5H", 330, 520, 11), ("QS", 1060, 200, 11),
                                            ("5H", to, 520, 0, 20, 4)))
    (tmp_path / "zones.json").write_text(json.dumps(THREE_SEATS))
    reads: list[CardRead] = []
    run_to_end(open_source(f"camera:{folder}?profile=anglo&zones={tmp_path / 'zones.json'}", lambda: True,
                           game="blackjack"), lambda e: reads.append(e) if isinstance(e, CardRead) else None)
    return reads


def test_a_card_pushed_in_strokes_halting_between_them_is_moved_there(tmp_path):
    """Its spot followed it stroke by stroke, it was never told moved, and the table kept it silently in seat 3's
    hand; told moved at its first halt, the zones took its move as ended there, in the box it left (fixAR2)."""
    reads = _pushed(tmp_path, 560)
    assert [(r.card.code, r.zone, r.moved_from, r.doubt) for r in reads][-1] == ("5H", "seat 2", "seat 3", PUT_BACK)
    assert [r.card.code for r in reads].count("5H") == 2


def test_a_card_pushed_so_within_its_own_box_is_told_nothing(tmp_path):
    reads = _pushed(tmp_path, 150)
    assert [(r.card.code, r.moved_from) for r in reads] == [("JC", None), ("5H", None), ("QS", None)]
    assert reads[1].zone == "seat 3"


def test_a_card_halting_a_moment_in_a_box_then_pushed_on_is_moved_on(tmp_path):
    """Dealt into seat 3's box, lying there 3 frames (the zones place it after 2) and pushed on sharp into seat 2's:
    its first spot waited 5 frames, the zones had placed it in seat 3, and its move was never told (rev37 R1, brought
    in by the wait for a spot that fixed a push at a hand's pace)."""
    folder = laid_out(tmp_path / "frames", (("JC", 1060, 520, 11), ("5H", 200, 520, 11, 8, 1, 3),
                                            ("5H", 640, 520, 0, 12, 1)))
    (tmp_path / "zones.json").write_text(json.dumps(THREE_SEATS))
    reads: list[CardRead] = []
    run_to_end(open_source(f"camera:{folder}?profile=anglo&zones={tmp_path / 'zones.json'}", lambda: True,
                           game="blackjack"), lambda e: reads.append(e) if isinstance(e, CardRead) else None)
    assert [(r.card.code, r.zone, r.moved_from) for r in reads] == [("JC", "seat 1", None), ("5H", "seat 3", None),
                                                                    ("5H", "seat 2", "seat 3")]
