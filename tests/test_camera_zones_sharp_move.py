"""A zoned camera's card pushed from one box into another sharp, with no motion blur (a camera's short shutter),
the tracker following it from frame to frame (qaAL F1).

Seat 2's card came to rest in seat 3's box and was played there early; the croupier pushed it into seat 2's box.
Blurred, it vanished and was read anew there, and the table moved it.  Sharp, the tracker took it for the card
still in view, never read it in its new box, and the table kept it at seat 3: the next cards went to the wrong
hands.  Seen moving off its spot (its spot left bare) and at rest in another box, it is read again there as a
card moved; squared within its box it is not read again, and a second copy of its code is still a card of its own.
"""

from __future__ import annotations

import contextlib
import io
import json

from camera_runs import run_to_end
from layout_frames import laid_out
from dealer_assist.events import PUT_BACK, CardRead
from dealer_assist.sources.factory import open_source
from zoned_blackjack import THREE_SEATS, hands, refusals, table

ZONES = THREE_SEATS


def camera_reads(tmp_path, steps) -> list[CardRead]:
    folder = laid_out(tmp_path / "frames", steps)
    (tmp_path / "zones.json").write_text(json.dumps(ZONES))
    reads: list[CardRead] = []
    run_to_end(open_source(f"camera:{folder}?profile=anglo&zones={tmp_path / 'zones.json'}", lambda: True,
                           game="blackjack"), lambda e: reads.append(e) if isinstance(e, CardRead) else None)
    return reads



def test_a_card_played_early_and_pushed_sharp_into_its_own_box_is_moved_there(tmp_path):
    reads = camera_reads(tmp_path, (("JC", 1060, 520, 11),
                                    ("5H", 200, 520, 11),  # seat 2's card, come to rest in seat 3's box
                                    ("5H", 640, 520, 0),  # pushed sharp into seat 2's box
                                    ("5H", 680, 545, 0),  # squared up in its box: nothing to read again
                                    ("QS", 200, 520, 11)))  # seat 3's own, dealt on the spot the 5♥ left
    assert [(r.card.code, r.zone, r.doubt) for r in reads] == [
        ("JC", "seat 1", ""), ("5H", "seat 3", ""), ("5H", "seat 2", PUT_BACK), ("QS", "seat 3", "")]
    session = table(tmp_path / "j.sqlite", (1, 2, 3))
    for event in reads:
        session.handle(event)
    assert session.snapshot.pending is None and not refusals(session)
    assert hands(session) == {1: ["JC"], 2: ["5H"], 3: ["QS"], "dealer": []}
    assert session.snapshot.banner == "CARD TO DEALER"
    session.close()


def test_a_second_copy_dealt_while_the_first_lies_in_view_is_a_card_of_its_own(tmp_path):
    reads = camera_reads(tmp_path, (("5H", 1060, 520, 11),
                                    ("5H#2", 200, 520, 11),  # an eight-deck shoe's second 5♥, for seat 3
                                    ("5H#2", 230, 545, 0),  # squared up in its box, sharp
                                    ("9C", 640, 520, 0)))  # seat 2's card, laid sharp
    assert [(r.card.code, r.zone, r.doubt) for r in reads] == [
        ("5H", "seat 1", ""), ("5H", "seat 3", ""), ("9C", "seat 2", "")]


def test_watch_prints_a_card_pushed_sharp_into_another_box_as_moved_not_as_another_card(tmp_path):
    from dealer_assist.cli import main

    folder = laid_out(tmp_path / "frames", (("JC", 1060, 520, 11), ("5H", 200, 520, 11), ("5H", 640, 520, 0)))
    (tmp_path / "zones.json").write_text(json.dumps(ZONES))
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        assert main(["watch", "--profile", "anglo", "--video", str(folder), "--zones", str(tmp_path / "zones.json"),
                     "--json"]) == 0
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [(line["card"], line["zone"], line.get("moved_from")) for line in lines] == [
        ("JC", "seat 1", None), ("5H", "seat 3", None), ("5H", "seat 2", "seat 3")]
    assert "2 card(s) reported" in err.getvalue()  # the card moved is one of the two
