"""qaAS F2: a profile calibrated under a slanted camera read two kings lying sideways as tens, for sure.

qaAS's "quartet" deck (see test_vision_slant_one_card.py) calibrated from its set-up shots warped
by a 10% keystone (profile ``tests/data/quartet_tilt10``): the camera squeezes the picture across,
so the profile learnt the card 7% narrower for its height than it is.  A card lying sideways in
play (a 16% keystone here) is squeezed the other way: the K♠ at the frame's bottom right lies 211
px wide where its read placed a card 145 px wide, its index was cut stretched across, and its K
read as a 10 (TS at 0.645/0.223), the K♦ at the bottom left as TD.  Read again as wide as its
visible edge runs, each reads as a king for sure: such a card is no sure card, and asked for.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import pytest

from dealer_assist.cards import Card
from dealer_assist.vision.profile import Profile
from dealer_assist.vision.recognize import Recognizer

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="module")
def result():
    recognizer = Recognizer(Profile.load(DATA / "quartet_tilt10"))
    return recognizer.recognize(cv2.imread(str(DATA / "quartet_tilt_0045_d16.jpg")))


def test_no_sideways_king_is_read_as_a_ten(result):
    # The frame holds 3C, KD (upright), KD and KS (both lying sideways): no ten at all.
    assert [h.card for h in result.cards if h.card.rank == "T"] == []
    assert all(h.card in (Card("3", "C"), Card("K", "D"), Card("K", "S")) for h in result.cards)


def test_the_sideways_kings_are_asked_for_with_the_king_among_the_candidates(result):
    asked = [u.candidates for u in result.uncertain]
    assert any(Card("K", "S") in c for c in asked)
    assert any(Card("K", "D") in c and Card("T", "D") in c for c in asked)


def test_the_upright_cards_stay_sure(result):
    assert {Card("3", "C"), Card("K", "D")} <= {h.card for h in result.cards}
