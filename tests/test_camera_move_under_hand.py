"""A zoned camera's card pushed sharp from one box into another, the croupier's hand left on it a while after the push
(rev33 R1).

Seat 2's 5♥ came to rest in seat 3's box and was played there early; the croupier pushed it sharp into seat 2's box and
kept the fingers on it.  The move was held until the card lay still, and given up as soon as the hand covered it: the
table kept the 5♥ at seat 3, played seat 3's Q♠ as its second card, and seat 2 stayed due, with no word.  Covered, it
is now waited for, and moved once seen lying still; never seen again, the table is told where it came from, and not
where it went (no box), rather than nothing.
"""

from __future__ import annotations

import json

from camera_runs import run_to_end
from layout_frames import laid_out
from dealer_assist.events import MOVED_UNSEEN, PUT_BACK, CardRead
from dealer_assist.sources.factory import open_source
from dealer_assist.sources.resting_zone import LONGEST, MOVE_COVERED, RestingZones
from dealer_assist.vision.layout_zones import LayoutZones
from zoned_blackjack import THREE_SEATS, hands, refusals, table

#: JC to seat 1; seat 2's 5♥ early in seat 3's box; pushed sharp into seat 2's box (frames 28 to 35, lying still from
#: frame 36); seat 3's Q♠ (42 to 55); the dealer's 2♣ (56 to 69).
DEAL = (("JC", 1060, 520, 11), ("5H", 200, 520, 11), ("5H", 640, 520, 0), ("QS", 200, 520, 11), ("2C", 640, 180, 11))


def camera_reads(tmp_path, steps, hidden, under="5H") -> list[CardRead]:
    folder = laid_out(tmp_path / "frames", steps, hidden=hidden, under=under)
    (tmp_path / "zones.json").write_text(json.dumps(THREE_SEATS))
    reads: list[CardRead] = []
    run_to_end(open_source(f"camera:{folder}?profile=anglo&zones={tmp_path / 'zones.json'}", lambda: True,
                           game="blackjack"), lambda e: reads.append(e) if isinstance(e, CardRead) else None)
    return reads


def played(tmp_path, reads):
    session = table(tmp_path / "j.sqlite", (1, 2, 3))
    for event in reads:
        session.handle(event)
    return session


def test_a_hand_left_on_the_card_pushed_five_frames_still_moves_it(tmp_path):
    reads = camera_reads(tmp_path, DEAL[:4], hidden=range(36, 41))
    assert [(r.card.code, r.zone, r.doubt) for r in reads] == [
        ("JC", "seat 1", ""), ("5H", "seat 3", ""), ("5H", "seat 2", PUT_BACK), ("QS", "seat 3", "")]
    session = played(tmp_path, reads)
    assert session.snapshot.pending is None and not refusals(session)
    assert hands(session) == {1: ["JC"], 2: ["5H"], 3: ["QS"], "dealer": []}
    assert session.snapshot.banner == "CARD TO DEALER"
    session.close()


def test_a_hand_on_it_while_the_next_card_is_dealt_moves_it_before_that_card(tmp_path):
    # Covered 26 frames, while the Q♠ is dealt into seat 3's box: the Q♠ waits behind the move, so that it is seat 3's
    # first card, not its second.
    reads = camera_reads(tmp_path, DEAL, hidden=range(36, 62))
    assert [(r.card.code, r.zone, r.doubt) for r in reads] == [
        ("JC", "seat 1", ""), ("5H", "seat 3", ""), ("5H", "seat 2", PUT_BACK), ("QS", "seat 3", ""),
        ("2C", "dealer", "")]
    session = played(tmp_path, reads)
    assert session.snapshot.pending is None and not refusals(session)
    assert hands(session) == {1: ["JC"], 2: ["5H"], 3: ["QS"], "dealer": ["2C"]}
    session.close()


def test_a_card_pushed_and_never_seen_again_is_asked_about_not_left_silently(tmp_path):
    # The hand stays on it to the end: where it came to rest is not known.  It is read again with no box, held for the
    # croupier, and the Q♠ waits behind it; seat 3 is not silently given the Q♠ as its second card.
    reads = camera_reads(tmp_path, DEAL[:4], hidden=range(36, 56))
    assert [(r.card.code, r.zone, r.doubt) for r in reads] == [
        ("JC", "seat 1", ""), ("5H", "seat 3", ""), ("5H", None, MOVED_UNSEEN), ("QS", "seat 3", "")]
    session = played(tmp_path, reads)
    assert session.snapshot.pending is not None and session.snapshot.pending.card.code == "5H"
    assert session.snapshot.banner == "CONFIRM CARD"
    assert hands(session) == {1: ["JC"], 2: [], 3: ["5H"], "dealer": []}
    session.close()


ZONES = LayoutZones.from_json(THREE_SEATS)
SIZE = (1280, 720)


def pushed(zones: RestingZones, frames_covered: int) -> list:
    """The 5♥ lying still in seat 3's box, pushed into seat 2's (reported moved on its way), then covered for
    ``frames_covered`` frames (at 30 fps) and seen lying still in seat 2's box: the events out, in order."""
    out: list = []
    t = 0.0
    for x in (200.0, 200.0, 200.0):
        t += 1 / 30
        out += zones.frame(SIZE, [("5H", (x, 520.0))], t)
    out += zones.moved("5H", (330.0, 520.0), (200.0, 520.0), 180.0, lambda zone, was: ("moved", zone, was))
    for x in (330.0, 460.0, 590.0, 640.0):
        t += 1 / 30
        out += zones.frame(SIZE, [("5H", (x, 520.0))], t)
    out += zones.card("QS", (200.0, 520.0), 180.0, lambda zone: ("card", "QS", zone))
    for _ in range(frames_covered):
        t += 1 / 30
        out += zones.frame(SIZE, [("QS", (200.0, 520.0))], t)
    for _ in range(4):
        t += 1 / 30
        out += zones.frame(SIZE, [("5H", (640.0, 520.0)), ("QS", (200.0, 520.0))], t)
    return out


def test_a_move_covered_four_seconds_is_still_followed_to_its_box():
    assert pushed(RestingZones(ZONES), 120) == [("moved", "seat 2", "seat 3"), ("card", "QS", "seat 3")]


def test_a_move_covered_longer_than_five_seconds_and_seen_within_the_cap_is_followed_to_its_box():
    # rev34 R2: given up at MOVE_COVERED covered, it went out with no box, though seen lying still a moment later.
    assert pushed(RestingZones(ZONES), round(MOVE_COVERED * 30) + 3) == [("moved", "seat 2", "seat 3"),
                                                                        ("card", "QS", "seat 3")]


def test_a_move_covered_longer_than_it_is_waited_for_goes_out_with_no_box():
    out = pushed(RestingZones(ZONES), round((MOVE_COVERED + LONGEST) * 30) + 3)
    assert out == [("moved", None, "seat 3"), ("card", "QS", "seat 3")]


def test_a_move_squared_within_its_box_and_covered_is_no_event():
    zones = RestingZones(ZONES)
    out: list = []
    t = 0.0
    for _ in range(3):
        t += 1 / 30
        out += zones.frame(SIZE, [("5H", (200.0, 520.0))], t)
    out += zones.moved("5H", (230.0, 540.0), (200.0, 520.0), 180.0, lambda zone, was: ("moved", zone, was))
    for _ in range(round((MOVE_COVERED + LONGEST) * 30) + 3):
        t += 1 / 30
        out += zones.frame(SIZE, [], t)
    assert out == [] and zones.flush() == []


def test_a_card_gathered_sharp_after_the_round_and_lifted_holds_nothing(tmp_path):
    # The 9♥ swept sharp from seat 1's box towards the dealer's after DEALER STANDS and lifted under the hand: the
    # camera gives the move with no box, and the round is over, so it is that card gathered: dropped with a note and
    # journaled, not held as CONFIRM CARD over the next round's first card.
    steps = (("KC", 1060, 520, 11), ("7D", 560, 150, 11), ("9H", 930, 560, 11), ("QS", 700, 150, 11),
             ("9H", 880, 180, 0))
    reads = camera_reads(tmp_path, steps, hidden=range(64, 70), under="9H")
    assert [(r.card.code, r.zone, r.moved_from) for r in reads][-1] == ("9H", None, "seat 1")
    session = table(tmp_path / "j.sqlite", (1,))
    for event in reads:
        if event.card.code == "QS":
            session.stand()
        session.handle(event)
    assert session.snapshot.pending is None
    assert session.snapshot.banner == "DEALER STANDS (17)"
    assert hands(session) == {1: ["KC", "9H"], "dealer": ["7D", "QS"]}
    assert "gathered" in session.snapshot.message
    session.close()
