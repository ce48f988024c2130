"""qaAS F1 leftovers and F5: a slanted card's two index reads are one card; a fanned pair of one code stays two.

qaAS's "quartet" deck (profile ``tests/data/quartet``, calibrated from nearly flat set-up shots), crops of
its frames.  Under a 12-20% keystone a card's corners are sheared off square: a 3H lying sideways (its
corners 15 and 22 degrees off) and a 3C (one corner 6.5 degrees off) were each read at both index corners,
the reads sizing the card alike (2-4% apart), and measured along square edges their far corners lay 0.71-0.73
card sizes off: each was listed twice as a sure card.  Measured along the corners' own sheared edges they lie
within a fifth of a card of one card's two index corners: one card, or asked for, never two sure cards.

The rule must not merge a fanned pair of one code (F5): a 4D fanned over its copy, the top card's lower
index where the copy's would lie, was read as one 4D.  The top card's own far corner was found (its width
edge, seen only as far as the card under it, 10 degrees off), which shows the copy's index is another card's.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.cards import Card
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.recognize import Recognizer
from frame_truth import CARDS

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="module")
def recognizer() -> Recognizer:
    return Recognizer(Profile.load(DATA / "quartet"))


def _centre(hit) -> np.ndarray:
    return np.mean(np.array(hit.corners, np.float64), axis=0)


@pytest.mark.parametrize("name, code", [("quartet_tilt_3h_sideways.jpg", "3H"), ("quartet_tilt_3c_sheared.jpg", "3C")])
def test_a_sheared_card_read_at_both_corners_is_one_card(recognizer, name, code):
    result = recognizer.recognize(cv2.imread(str(DATA / name)))
    sure = [h for h in result.cards if h.card == Card(code[0], code[1])]
    asked = [u for u in result.uncertain if Card(code[0], code[1]) in u.candidates]
    assert len(sure) + len(asked) == 1, result


def test_a_fanned_pair_of_one_code_is_two_cards(recognizer):
    result = recognizer.recognize(cv2.imread(str(DATA / "quartet_fan_4d_pair.jpg")))
    fours = sorted((h for h in result.cards if h.card == Card("4", "D")), key=lambda h: _centre(h)[0])
    assert len(fours) == 2 and result.uncertain == [], result
    # Two outlines, not one card's read twice: the lower card's lies up and left of the top card's.
    lower, top = (_centre(h) for h in fours)
    assert np.linalg.norm(top - lower) > 30


ANGLO = CARDS / "test" / "anglo"


@pytest.mark.skipif(not ANGLO.is_dir(), reason="shared card images not found")
@pytest.mark.parametrize("name, code", [("0049.jpg", "AH"), ("0087.jpg", "KH")])
def test_a_corner_found_twice_is_not_another_card_across(name, code):
    """The far corner of a card read at both index corners was also found a tenth of a card off (once past the
    frame's edge, once beside a court's frame line): that second finding is no far corner of its own, and the
    card is read once (it had been listed twice when the second finding vetoed the pair)."""
    result = Recognizer(Profile.load(default_profile_path())).recognize(cv2.imread(str(ANGLO / name)))
    assert [str(h.card) for h in result.cards].count(code) == 1, result


def test_a_printed_frame_corner_is_not_the_far_corner_of_another_card():
    """Profile calibrated from slanted shots (``quartet_tilt10``), 7% keystone: the 6C's upper read sizes its card
    small, so its far corner falls on the corner of the navy frame printed on the card, just inside the lower
    read's index corner.  That corner lies on the lower read's own card: it is no card corner across the upper
    read, and the card is read once (it had been read at two places, then doubted as a mirrored camera's)."""
    rec = Recognizer(Profile.load(DATA / "quartet_tilt10"))
    result = rec.recognize(cv2.imread(str(DATA / "quartet_tilt10_6c_frame_corner.jpg")))
    hits = [h for h in result.cards if h.card == Card("6", "C")] + [
        u for u in result.uncertain if Card("6", "C") in u.candidates]
    assert len(hits) == 1, result
