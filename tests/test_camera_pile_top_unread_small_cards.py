"""A blackjack hit card whose index the camera cannot read, dealt onto a seat's pile of cards shown smaller than in
the set-up shots (208 px tall, anglo's are 256; qaAO F2).

QA's fan lays each card 4 px right and 26 px down of the one before: an eighth of the cards as seen, but a tenth of
the profile's card, so the smudged 10♥ on seat 1's 9♠ was taken for the 9♠ unread, never asked for: W showed it in
orange, and the table went on saying CARD TO SEAT 1.  It is asked for (UNREADABLE CARD), the next card read waiting.
"""

from __future__ import annotations

import json
import os

import cv2

import test_camera_restart_split_unread_under as qa
from camera_runs import run_to_end
from dealer_assist.events import CardRead, Unreadable
from dealer_assist.sources.factory import open_source
from zoned_blackjack import hands, table

#: Seats 1 and 2 dealt, the dealer's up card, then seat 1's hit card (its index corners smudged).
DEAL = ((1, "6H"), (2, "5S"), ("dealer", "JS"), (1, "9S"), (2, "4S"), (1, "TH"))


def smudged(frame, place, i: int) -> None:
    """Blur both index corners of card ``i`` of ``place`` (as QA's s6.py)."""
    cx, cy = qa.pos(place, i)
    w2, h2 = int(67 * qa.SCALE / 0.8), int(104 * qa.SCALE / 0.8)
    for x0, y0, x1, y1 in ((int(cx - w2), int(cy - h2), int(cx - w2 + 40), int(cy - h2 + 75)),
                           (int(cx + w2 - 40), int(cy + h2 - 75), int(cx + w2), int(cy + h2))):
        frame[y0:y1, x0:x1] = cv2.GaussianBlur(frame[y0:y1, x0:x1], (31, 31), 12)


def events(tmp_path) -> list:
    count: dict = {}
    laid: list = []
    pictures = [qa.picture([])]
    for place, code in DEAL:
        i = count.get(place, 0)
        count[place] = i + 1
        laid.append((code, *qa.pos(place, i)))
        pictures.append(qa.picture(laid))
    smudged(pictures[-1], 1, 2)
    return seven_seat_events(tmp_path, pictures, 90)


def seven_seat_events(tmp_path, pictures, last: int) -> list:
    """The events of a zoned 7-seat blackjack camera shown ``pictures``, each a second (30 frames), the last
    ``last`` + 1 frames."""
    folder = tmp_path / "frames"
    folder.mkdir()
    n = 0
    for k, picture in enumerate(pictures):
        first = folder / f"{n:05d}.png"
        cv2.imwrite(str(first), picture)
        n += 1
        for _ in range(29 if k < len(pictures) - 1 else last):
            os.symlink(first, folder / f"{n:05d}.png")
            n += 1
    (tmp_path / "zones.json").write_text(json.dumps({"zones": qa.restart.ZONES}))
    out: list = []
    run_to_end(open_source(f"camera:{folder}?profile=anglo&zones={tmp_path / 'zones.json'}", lambda: True,
                           game="blackjack", seats=7), out.append)
    return out


def test_a_smudged_hit_card_on_a_pile_of_small_cards_is_asked_for(tmp_path):
    out = events(tmp_path)
    assert [(e.card.code, e.zone) for e in out if isinstance(e, CardRead)] == [
        ("6H", "seat 1"), ("5S", "seat 2"), ("JS", "dealer"), ("9S", "seat 1"), ("4S", "seat 2")]
    asked = [e for e in out if isinstance(e, Unreadable)]
    assert [(e.zone, e.why) for e in asked] == [("seat 1", "")]
    assert asked[0].frame < 6 * 30 + 60  # within two seconds of the card lying there, not at the video's end

    session = table(tmp_path / "j.sqlite", (1, 2))
    for event in out:
        if isinstance(event, (CardRead, Unreadable)):
            if isinstance(event, Unreadable):
                session.hit()
            session.handle(event)
    assert [a.title for a in session.snapshot.alerts] == ["UNREADABLE CARD"]
    assert "Seat 1 box" in session.snapshot.alerts[0].text
    assert hands(session) == {1: ["6H", "9S"], 2: ["5S", "4S"], "dealer": ["JS"]}
    session.close()
