"""A card slid away at a round's end is gone: the next round's card of its code dealt on its way is new (rev17 F16).

A 9♠ and a K♦ lie read; the croupier slides the 9♠ off to the left (read as it moves) and lifts it.  The tracker
matched a card unseen more than three frames anywhere on the line from its last spot along its last speed kept
for the whole time unseen: a line across the table growing 30 px a frame for ``forget`` frames.  The next
round's 9♠ (an 8-deck shoe repeats codes) dealt near that line two seconds later, by a slide from the shoe or
placed under a hand, was taken for the old one and never reported.  A card hidden as it slides (a hand over
its way) is still the same card where it shows.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from dealer_assist.cards import Card
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.recognize import CardHit, FrameResult, Recognizer
from dealer_assist.vision.track import NewCard, OnceOnlyTracker
from smudged_deal import SHOE, _place, card_image, felt

SKIN = (120, 150, 205)
#: Where the new 9♠ comes to rest: on the line the old one slid along, 120 px past its last spot read.
NEW_AT = (300, 470)


def _layout(cards) -> np.ndarray:
    frame = felt()
    for code, x, y in cards:
        _place(frame, card_image(code), x, y, 0)
    return frame


@pytest.fixture(scope="module")
def reads():
    """Each distinct frame of the scene, recognised once (real card images, the anglo profile)."""
    anglo = Recognizer(Profile.load(default_profile_path()))
    kd = _layout([("KD", 900, 470)])
    frames = {"both": _layout([("9S", 600, 470), ("KD", 900, 470)]), "kd": kd,
              "new": _layout([("9S", *NEW_AT), ("KD", 900, 470)])}
    for i in range(6):  # slid left 30 px a frame
        frames[f"away{i}"] = _layout([("9S", 570 - 30 * i, 470), ("KD", 900, 470)])
    for t in range(6):  # the new 9S slides in from the shoe, blurred along its way as smudged_deal's deal is
        u = 1 - (1 - (t + 1) / 6) ** 2
        frame = kd.copy()
        _place(frame, card_image("9S"), SHOE[0] + (NEW_AT[0] - SHOE[0]) * u, SHOE[1] + (NEW_AT[1] - SHOE[1]) * u,
               30 * (1 - u))
        smear = int(3 + 10 * (1 - u)) | 1
        kernel = np.zeros((smear, smear), np.float32)
        kernel[smear // 2, :] = 1.0 / smear
        frames[f"deal{t}"] = cv2.filter2D(frame, -1, kernel)
    hand = kd.copy()
    cv2.ellipse(hand, (330, 470), (200, 200), 0, 0, 360, SKIN, -1)
    frames["hand"] = hand
    return anglo.profile.card_h_px, {name: anglo.recognize(frame) for name, frame in frames.items()}


def _cards(reads, names: list[str]) -> list[str]:
    card_h, results = reads
    tracker = OnceOnlyTracker(card_h)
    events = [e for f, name in enumerate(names) for e in tracker.update(f, results[name])]
    assert all(isinstance(e, NewCard) for e in events), events
    return [e.card.code for e in events if not e.put_back]


@pytest.mark.parametrize("wait", [60, 120])
def test_a_card_of_its_code_dealt_on_the_way_of_one_slid_away_is_a_new_card(reads, wait):
    names = ["both"] * 15 + [f"away{i}" for i in range(6)] + ["kd"] * wait + [f"deal{t}" for t in range(6)]
    assert _cards(reads, names + ["new"] * 30) == ["KD", "9S", "9S"]


def test_one_placed_there_under_a_hand_is_a_new_card_too(reads):
    names = ["both"] * 15 + [f"away{i}" for i in range(6)] + ["kd"] * 60 + ["hand"] * 5
    assert _cards(reads, names + ["new"] * 30) == ["KD", "9S", "9S"]


def test_a_card_hidden_by_a_hand_as_it_slides_is_the_same_card_where_it_shows(reads):
    """The hand lies over the 9♠'s way the whole time it is unseen: no bare table there, the card may lie under it."""
    names = ["both"] * 15 + [f"away{i}" for i in range(4)] + ["hand"] * 60
    assert _cards(reads, names + ["new"] * 30) == ["KD", "9S"]


def _hit(code: str, x: float, y: float) -> CardHit:
    quad = ((x - 50, y - 80), (x + 50, y - 80), (x + 50, y + 80), (x - 50, y + 80))
    return CardHit(Card(code[0], code[1]), 0.9, quad, 0.3)


def test_tracker_a_card_unseen_after_its_slide_is_not_matched_past_where_a_slide_stops():
    """Nothing known of the frames meanwhile (no view): a 3♥ last read sliding 30 px a frame is not the 3♥
    read two seconds later 600 px on, far past where any slide stops (SLIDE_ON frames of its speed)."""
    tracker = OnceOnlyTracker(card_h=230)
    events = []
    for f in range(5):
        events += tracker.update(f, FrameResult([_hit("3H", 1000 - 30 * f, 400), _hit("KD", 1100, 200)]))
    for f in range(5, 65):
        events += tracker.update(f, FrameResult([_hit("KD", 1100, 200)]))
    for f in range(65, 75):
        events += tracker.update(f, FrameResult([_hit("3H", 280, 400), _hit("KD", 1100, 200)]))
    assert sorted(e.card.code for e in events) == ["3H", "3H", "KD"]
