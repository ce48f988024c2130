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

import cv2

from camera_runs import run_to_end
from dealer_assist.events import CardRead
from dealer_assist.sources.factory import open_source
from dealer_assist.table.holds import MOVED_PUSHED
from sliding_deal import CALIB, _card, _lay
from zoned_blackjack import THREE_SEATS, hands, table


def _frames(folder, moves, hand=None):
    """Cards slid from the shoe (``moves``: name, x, y, frames of the slide, smear, frames lying still after it, and
    the share of the slide it halts at, sharp, for ``halt`` frames) or from where they lie; ``hand``: (first frame,
    last frame, x, y) a hand's blob covering that spot."""
    folder.mkdir(parents=True, exist_ok=True)
    felt = cv2.imread(str(CALIB / "AS.png"))
    felt[:] = felt[5, 5]
    lying: dict[str, tuple[float, float]] = {}
    shots = 0

    def shot(moving=None) -> None:
        nonlocal shots
        frame = felt.copy()
        for name, (x, y) in lying.items():
            _lay(frame, _card(name.split("#")[0]), x, y, 0)
        if moving is not None:
            _lay(frame, _card(moving[0].split("#")[0]), *moving[1:3], 0, motion=moving[3])
        if hand is not None and hand[0] <= shots <= hand[1]:
            cv2.ellipse(frame, (int(hand[2]), int(hand[3])), (110, 150), 0, 0, 360, (120, 150, 205), -1)
        cv2.imwrite(str(folder / f"{shots:04d}.png"), frame)
        shots += 1

    for name, tx, ty, slide, smear, rest, *halt in moves:
        sx, sy = lying.pop(name, (1180.0, 90.0))
        for t in range(1, slide + 1):
            at = (name, sx + (tx - sx) * t / slide, sy + (ty - sy) * t / slide)
            shot((*at, smear if t < slide else 0))
            if halt and t == round(halt[0] * slide):
                for _ in range(halt[1]):
                    shot((*at, 0))
        lying[name] = (tx, ty)
        for _ in range(rest):
            shot()
    return folder


def _reads(tmp_path, moves, hand=None) -> list[CardRead]:
    folder = _frames(tmp_path / "frames", moves, hand)
    (tmp_path / "zones.json").write_text(json.dumps(THREE_SEATS))
    reads: list[CardRead] = []
    run_to_end(open_source(f"camera:{folder}?profile=anglo&zones={tmp_path / 'zones.json'}", lambda: True,
                           game="blackjack"), lambda e: reads.append(e) if isinstance(e, CardRead) else None)
    return reads


def test_a_card_halting_over_another_box_on_its_way_is_not_played_twice(tmp_path):
    """The 5♥ halts 3 sharp frames at 62% of its way, over seat 2's box at (567, 359), then slides on into seat 3's."""
    reads = _reads(tmp_path, (("JC", 1060, 520, 8, 11, 6), ("5H", 200, 520, 16, 11, 30, 0.625, 3)))
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
    reads = _reads(tmp_path, (("JC", 1060, 520, 8, 11, 6), ("5H", 640, 520, 8, 11, 12),
                              ("5H#2", 200, 520, 8, 11, 30)), hand=(23, 80, 640, 520))
    assert [(r.card.code, r.zone, r.left_from) for r in reads] == [
        ("JC", "seat 1", None), ("5H", "seat 2", None), ("5H", "seat 3", None)]
