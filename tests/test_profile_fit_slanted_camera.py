"""qaAS F4: a camera slanted 6% after set-up had its deck's own profile doubted by the cards' shape.

qaAS's quartet shoe video under a 6% keystone (two of its frames, ``quartet_tilt06_*.jpg``, re-saved at
JPEG 75): every card was read right, yet the cards seen whole came out 5-8% narrower for their height
than the profile's (flat-shot) deck, and ``watch`` warned "is it this deck's profile?" (the display then
holds every card the camera reads).  Another deck's profile shows a shape as far off (anglo's cards are 9%
narrower than plastic's), so the shape alone cannot tell them apart; the slant can: each lone card under it
shows its far side some 4% shorter than its near one, where a flat camera's cards show none.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import pytest

from dealer_assist.vision.profile import Profile
from dealer_assist.vision.profile_fit import ProfileFit
from dealer_assist.vision.recognize import Recognizer
from dealer_assist.vision.shot_slant import card_keystone
from frame_truth import CARDS

DATA = Path(__file__).parent / "data"
TILTED = [DATA / "quartet_tilt06_0070.jpg", DATA / "quartet_tilt06_0400.jpg"]


@pytest.fixture(scope="module")
def tilted():
    recognizer = Recognizer(Profile.load(DATA / "quartet"))
    return [(frame, recognizer.recognize(frame)) for frame in (cv2.imread(str(p)) for p in TILTED)]


def test_the_slanted_cards_are_read_and_their_shape_is_off_as_another_decks(tilted):
    assert [sorted(h.card.code for h in r.cards) for _, r in tilted] == [["6H", "8D", "TD"], ["JH", "KH", "TH"]]
    shapes = sorted(s for _, r in tilted for s in r.shapes)
    assert len(shapes) >= 5 and shapes[len(shapes) // 2] < 0.95  # judged alone, past SHAPE_OFF


def test_each_lone_card_shows_the_keystone(tilted):
    keystones = [card_keystone(frame, h.corners) for frame, r in tilted for h in r.cards]
    assert all(k is not None and 0.03 < k < 0.06 for k in keystones)


def test_the_decks_own_profile_is_not_doubted_under_the_slant(tilted):
    said = []
    fit = ProfileFit("quartet", said.append)
    for frame, result in tilted:
        fit.add(result, frame)
    assert fit.shape_off() is None and not fit.doubted() and said == []
    assert fit.slants


def test_the_same_reads_without_their_frames_are_still_doubted(tilted):
    # No frame, no slant measured: the shape alone judges, as before.
    fit = ProfileFit("quartet")
    for _, result in tilted:
        fit.add(result)
    assert fit.shape_off() is not None


def test_another_decks_profile_under_a_flat_camera_is_still_doubted_by_its_shape():
    plastic = CARDS / "test" / "plastic"
    if not plastic.is_dir():
        pytest.skip("shared card images not found")
    wrong = ProfileFit("anglo")
    anglo = Recognizer(Profile.load("anglo"))
    for path in sorted(plastic.glob("*.jpg"))[:5]:
        frame = cv2.imread(str(path))
        wrong.add(anglo.recognize(frame), frame)
    assert wrong.shape_off() is not None and wrong.shape_off() > 1.05
    assert all(k < 0.015 for k in wrong.slants)
