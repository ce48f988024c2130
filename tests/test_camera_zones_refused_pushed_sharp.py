"""A zoned camera's card refused in the box it lay in (a box that takes no card now), pushed sharp into the box due
(qaAL F2).

Blurred, the push read the card again there and the table played it.  Sharp, the tracker followed it as the card
still in view and never read it there: CARD REFUSED stood, telling the croupier to move it to the box due ("read
there, it is played"), which had been done; typing the card was the way out, and the alert did not say so.  Now
the card pushed sharp is read in the box due and played; the alert names typing it for a camera that does not read
it there, and the card typed is that card: read there later, it is not played a second time.
"""

from __future__ import annotations

from test_camera_zones_sharp_move import camera_reads, table
from dealer_assist.events import PUT_BACK
from zoned_blackjack import hands, read, refusals


def test_a_card_refused_in_a_box_of_no_bet_and_pushed_sharp_into_the_box_due_is_played_there(tmp_path):
    reads = camera_reads(tmp_path, (("2H", 1060, 520, 11),
                                    ("8D", 640, 520, 11),  # seat 3's card, pitched into seat 2's box: no bet there
                                    ("8D", 200, 520, 0),  # pushed sharp into seat 3's box
                                    ("3S", 640, 150, 11)))
    assert [(r.card.code, r.zone, r.doubt) for r in reads] == [
        ("2H", "seat 1", ""), ("8D", "seat 2", ""), ("8D", "seat 3", PUT_BACK), ("3S", "dealer", "")]
    session = table(tmp_path / "j.sqlite", (1, 3))
    first, refused, pushed, dealer = reads
    session.handle(first)
    session.handle(refused)
    (alert,) = refusals(session)
    assert alert.text.startswith("card 8♦ refused: it was laid at seat 2, which has no bet")
    session.handle(pushed)
    assert not refusals(session) and session.snapshot.pending is None
    assert "8♦, refused in the box it lay in, moved to seat 3's box: played there" in session.snapshot.message
    session.handle(dealer)
    assert hands(session) == {1: ["2H"], 3: ["8D"], "dealer": ["3S"]}
    session.close()


def test_the_refusal_names_typing_the_card_and_the_card_typed_is_not_played_again_when_read(tmp_path):
    session = table(tmp_path / "j.sqlite", (1, 3))
    read(session, "2H", 1, "seat 1")
    read(session, "8D", 2, "seat 2")
    (alert,) = refusals(session)
    assert "if the camera does not read it there, type it (K)" in alert.action
    assert session.enter_card("8D") is None  # moved, and not read in seat 3's box: typed
    assert hands(session) == {1: ["2H"], 3: ["8D"], "dealer": []}
    assert not refusals(session)
    read(session, "8D", 3, "seat 3", doubt=PUT_BACK)  # read there after all: the card typed, moved
    assert hands(session) == {1: ["2H"], 3: ["8D"], "dealer": []} and not refusals(session)
    pending = session.snapshot.pending  # held as any card put back: Del drops it
    assert pending is not None and pending.card.code == "8D" and pending.doubt == PUT_BACK
    session.close()
