"""A zoned camera (re)started while the croupier pushes the table's card from one box into another (rev33 R5).

The table holds J♣ at seat 1 and seat 2's 5♥, played early in seat 3's box; the camera comes back as the 5♥ is
pushed, sharp, into seat 2's box.  Seen moving at the start, the 5♥ is asked about (CARD TO TYPE IN ITS PLACE: the
table's own, or one just dealt), and the ask offered only "type it" (a second 5♥) or "type nothing" (left at seat 3).
It also named the box the card was crossing when read, seat 3's, so that the card typed went back there.  The ask now
says how to move the table's own card (void it, type it), and names the box it comes to rest in.
"""

from __future__ import annotations

import json

from camera_runs import run_holding
from layout_frames import laid_out
from dealer_assist.events import CardRead, Unreadable
from dealer_assist.sources.factory import open_source
from zoned_blackjack import THREE_SEATS, hands, read, table


def test_a_card_pushed_as_the_camera_starts_is_asked_for_in_its_new_box_and_can_be_moved(tmp_path):
    folder = laid_out(tmp_path / "frames", (("JC", 1060, 520, 11), ("5H", 200, 520, 11), ("5H", 640, 520, 0),
                                            ("QS", 200, 520, 11)))
    for frame in sorted(folder.iterdir())[:29]:  # the camera starts as the 5♥ leaves seat 3's spot
        frame.unlink()
    (tmp_path / "zones.json").write_text(json.dumps(THREE_SEATS))
    session = table(tmp_path / "j.sqlite", (1, 2, 3))
    read(session, "JC", 1, "seat 1")
    read(session, "5H", 2, "seat 3")  # seat 2's card, played early in seat 3's box before the restart
    assert hands(session) == {1: ["JC"], 2: [], 3: ["5H"], "dealer": []}
    source = open_source(f"camera:{folder}?profile=anglo&zones={tmp_path / 'zones.json'}", lambda: True,
                         game="blackjack")
    events = run_holding(source, ("JC", "5H"))
    asked = [e for e in events if isinstance(e, Unreadable)]
    assert [(e.candidates[0].code, e.zone) for e in asked] == [("5H", "seat 2")]
    assert "pushed here from another box, void it there (V" in asked[0].why
    assert [(e.card.code, e.zone) for e in events if isinstance(e, CardRead)] == [("QS", "seat 3")]
    for event in events:
        if isinstance(event, (CardRead, Unreadable)):
            session.handle(event)
    alert = next(a for a in session.snapshot.alerts if a.code.startswith("unplaced:"))
    assert "void it there (V" in alert.text and "Seat 2 box" in alert.text
    assert session.snapshot.pending is not None and session.snapshot.pending.card.code == "QS"
    # As the ask says: V takes the 5♥ back from seat 3, the 5♥ typed goes to seat 2's box, Enter plays the Q♠.
    assert session.void_last(why="moved") is None
    assert session.enter_card("5H") is None
    assert session.confirm_pending() is None
    assert hands(session) == {1: ["JC"], 2: ["5H"], 3: ["QS"], "dealer": []}
    assert not any(a.code.startswith("unplaced:") for a in session.snapshot.alerts)
    session.close()
