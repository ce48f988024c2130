"""qaAS F1: a camera at a 10-20% keystone slant listed one card twice, once from each index corner.

The frames and the profile are qaAS's "quartet" deck (drawn with OpenCV: four colours, a narrow
index; profile ``tests/data/quartet``, calibrated from its nearly flat set-up shots, bad shots and
all), four cards a frame under a keystone that makes the top of the picture 10% (``d10``) or 16%
(``d16``) narrower on each side.  A card so seen is a trapezoid: each index read sizes the card by its
own rank, and the card each read places from its corner misses the other's, so the two reads were
not taken for one card: ``recognize`` listed both as sure cards (a 9H twice), and the display dealt
one 10♦ as P1 and B1.  Now two index corners on one four-sided outline are one card; two reads of a
code that lie only loosely where one card's corners would go to ``uncertain``, never two sure cards.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.cards import Card
from dealer_assist.vision.profile import Profile
from dealer_assist.vision.recognize import Recognizer

HERE = Path(__file__).parent
DATA = HERE / "data"


@pytest.fixture(scope="module")
def recognizer() -> Recognizer:
    return Recognizer(Profile.load(DATA / "quartet"))


def _centre(hit) -> np.ndarray:
    return np.mean(np.array(hit.corners, np.float64), axis=0)


def _twice(result, card_h: float) -> list[tuple[str, float]]:
    """Sure cards of one code whose outlines' centres lie within half a card of each other: one card listed twice."""
    out = []
    for i, a in enumerate(result.cards):
        for b in result.cards[i + 1:]:
            d = float(np.linalg.norm(_centre(a) - _centre(b)))
            if a.card == b.card and d < 0.5 * card_h:
                out.append((str(a.card), d))
    return out


@pytest.mark.parametrize("name", ["quartet_tilt_0020_d10.jpg", "quartet_tilt_0027_d10.jpg",
                                  "quartet_tilt_0042_d16.jpg"])
def test_a_slanted_card_is_never_two_sure_cards(recognizer, name):
    frame = cv2.imread(str(DATA / name))
    result = recognizer.recognize(frame)
    assert _twice(result, recognizer.profile.card_h_px) == []


def test_two_index_corners_on_one_outline_are_one_sure_card(recognizer):
    """The 9H lies whole and apart, its outline traced: it is read once, for sure (it was listed twice)."""
    result = recognizer.recognize(cv2.imread(str(DATA / "quartet_tilt_0020_d10.jpg")))
    assert sorted(h.card for h in result.cards) == sorted(Card(*c) for c in ("TC", "4H", "QD", "9H"))
    assert result.uncertain == []


def test_a_loose_pair_of_one_code_is_asked_for(recognizer):
    """Two 10♠ lie in the frame; the lower one, not traced whole, read at both corners 1.28 card widths
    apart: one card or two, the frame cannot tell, so it is asked for, and the upper one stays sure."""
    result = recognizer.recognize(cv2.imread(str(DATA / "quartet_tilt_0027_d10.jpg")))
    tens = [h for h in result.cards if h.card == Card("T", "S")]
    assert len(tens) == 1 and _centre(tens[0])[1] < 360
    asked = [u for u in result.uncertain if Card("T", "S") in u.candidates]
    assert len(asked) == 1 and _centre(asked[0])[1] > 400
