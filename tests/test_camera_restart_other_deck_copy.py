"""A table's camera restarted mid-round at 2 decks, then the other deck's copy of a code the table holds dealt into
another box (qaAR F4).

Seat 1's 9♣ lay under its K♥, its index covered, in view from the camera's start; a second 9♣ dealt into seat 3's
box was asked for as CARD TO TYPE IN ITS PLACE ("not seen lying still when it started, a card the table has one
of"), the next card held behind it, and Enter played seat 4's 7♠ with seat 3 a card short.  Every card the table
holds that the camera did not read as it started lies covered in another box, still as it lay: the 9♣ is a new
card.  Seat 1's 9♣ taken out from under its K♥ and dealt again into seat 3 (a put-back) is still asked about.
"""

from __future__ import annotations

import json

from camera_runs import run_holding
from zoned_blackjack import hands, read, table
from dealer_assist.events import CardRead, Unreadable
from dealer_assist.sources.factory import open_source
from test_camera_restart_pile_own_card import ZONES, _picture, held_frames, pos

#: Round 5 of qaAR's run as the table stood when it restarted: seats 1 and 2 have their second cards, which cover
#: their first cards' indexes (9♣, Q♥: not read as the camera starts).
HELD = {1: ("9C", "KH"), 2: ("QH", "2C"), 3: ("6S",), 4: ("TS",), 5: ("8S",), 6: ("5H",), 7: ("5C",)}
UP = "9H"
#: How far down a seat's second card lies on its first (px): its first card's index is hidden.
COVER = 12


def _at(seat, i: int) -> tuple[float, float]:
    x, y = pos(seat, i)
    return x, pos(seat, 0)[1] + COVER * i


def frames(folder, steps) -> str:
    """The layout of :data:`HELD` as the camera started, then one picture more per step (a seat and a code dealt to
    it; or a seat and ``-`` and a code: that card taken from its pile), each :data:`HOLD` frames."""
    layout = {(seat, i): (code, *_at(seat, i)) for seat, cards in HELD.items() for i, code in enumerate(cards)}
    layout[("dealer", 0)] = (UP, *pos("dealer", 0))
    pictures = [_picture(list(layout.values()))]
    for step in steps:
        if step[1] == "-":
            layout = {key: card for key, card in layout.items() if card[0] != step[2] or key[0] != step[0]}
        else:
            seat, code = step
            i = max((key[1] + 1 for key in layout if key[0] == seat), default=0)
            layout[(seat, i)] = (code, *_at(seat, i))
        pictures.append(_picture(list(layout.values())))
    return held_frames(folder, pictures)


def restarted(tmp_path, steps) -> list:
    folder = frames(tmp_path / "frames", steps)
    (tmp_path / "zones.json").write_text(json.dumps({"zones": ZONES}))
    source = open_source(f"camera:{folder}?profile=anglo&zones={tmp_path / 'zones.json'}", lambda: True,
                         game="blackjack", seats=7)
    held = [code for cards in HELD.values() for code in cards] + [UP]
    return run_holding(source, held, 600)


def counted(events) -> list[str]:
    return sorted(e.detail.split(" ")[0] for e in events if getattr(e, "detail", "").endswith("already counted"))


def dealt(path):
    """The 2-deck table of :data:`HELD` as dealt before the camera restarted: seat 3's second card is due."""
    session = table(path, range(1, 8), decks=2)
    order = [(seat, cards[0]) for seat, cards in HELD.items()] + [("dealer", UP)]
    order += [(seat, cards[1]) for seat, cards in HELD.items() if len(cards) > 1]
    for seq, (place, code) in enumerate(order, 1):
        read(session, code, seq, place if place == "dealer" else f"seat {place}")
    assert hands(session) == {**{seat: list(cards) for seat, cards in HELD.items()}, "dealer": [UP]}
    return session


def test_the_other_deck_s_copy_dealt_into_another_box_is_a_new_card(tmp_path):
    events = restarted(tmp_path, ((3, "9C"), (4, "7S")))
    assert "9♣" not in counted(events) and "Q♥" not in counted(events)  # their indexes lie covered
    assert [(e.candidates, e.why[:20]) for e in events if isinstance(e, Unreadable)] == []
    assert [(e.card.code, e.zone, e.doubt) for e in events if isinstance(e, CardRead)] == [
        ("9C", "seat 3", ""), ("7S", "seat 4", "")]
    session = dealt(tmp_path / "j.sqlite")
    for event in events:
        session.handle(event)
    assert session.snapshot.pending is None
    assert hands(session)[3] == ["6S", "9C"] and hands(session)[4] == ["TS", "7S"]  # each played as the card due


def test_the_table_s_own_taken_from_under_its_pile_and_dealt_again_is_still_asked_about(tmp_path):
    events = restarted(tmp_path, ((1, "-", "9C"), (3, "9C"), (4, "7S")))
    asked = [e for e in events if isinstance(e, Unreadable)]
    assert [(e.candidates[0].code, e.zone) for e in asked] == [("9C", "seat 3")]
    assert "a card the table has one of" in asked[0].why
    assert [(e.card.code, e.zone) for e in events if isinstance(e, CardRead)] == [("7S", "seat 4")]
