"""The glyph-pair search takes the card size the frame's sure reads agree on, where no card is seen whole.

Found on KDE's tigullio-international deck (frame 0040 of its benchmark
scenes): a fan of glossy cards, none seen whole, all a seventh smaller than
in the set-up shots.  The ace of diamonds' tip lies on the five of clubs'
paper, white on white, so no corner is found and only the glyph-pair
search can find its index.  At the set-up's size its "A" and small diamond
stand 0.72 of the expected spacing apart, out of the search's reach
(``glyph_pairs.SIZE_SLACK``).  The cards read surely before the search
measured their size by their ranks' height (0.82-0.87 of the set-up's):
taken for the search, the ace is read.  The frame and the profile
(calibrated from the deck's set-up shots) are in ``tests/images``.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import cv2
import pytest

from dealer_assist.vision.profile import Profile
from dealer_assist.vision.recognize import Recognizer
from frame_truth import assert_no_wrong_card, assert_read_there

IMAGES = Path(__file__).resolve().parent / "images"
FRAME = IMAGES / "tigullio_international_fan_a_seventh_small.jpg"
PROFILE = IMAGES / "profiles" / "svg-tigullio-international"
#: The frame's cards (code, centre) from its ground truth; every index is in view.
TRUTH = [{"card": code, "center": centre} for code, centre in (
    ("TS", (522, 579)), ("6C", (451, 588)), ("2S", (380, 598)), ("KH", (309, 608)),
    ("5C", (868, 210)), ("AD", (891, 260)), ("5C", (913, 310)), ("8S", (936, 360)))]
CARD_H = 223.0


@pytest.fixture(scope="module")
def rec():
    return Recognizer(Profile.load(PROFILE))


def _read(rec):
    frame = cv2.imread(str(FRAME))
    assert frame is not None
    return rec.recognize(frame)


def test_the_ace_whose_corner_is_not_found_is_read_and_nothing_is_read_wrong(rec):
    result = _read(rec)
    assert_read_there(result.cards, "AD", (891, 260), CARD_H)
    assert_no_wrong_card(result.cards, TRUTH, CARD_H)


def test_at_the_set_up_size_the_ace_is_missed(rec, monkeypatch):
    monkeypatch.setattr(Recognizer, "_read_size", staticmethod(lambda reads, card_h: card_h))
    result = _read(rec)
    assert "AD" not in [h.card.code for h in result.cards]
    assert_no_wrong_card(result.cards, TRUTH, CARD_H)


def _sure(*sizes, card_h=100.0):
    return [SimpleNamespace(sure=True, size=(0.65 * k * card_h, k * card_h)) for k in sizes]


@pytest.mark.parametrize("sizes, told", [
    ((0.87, 0.87, 0.82, 0.75), 84.5),   # three within 6% of the median (0.845)
    ((0.87,), 100.0),                   # one read alone says too little
    ((0.8, 0.9, 1.3), 100.0),           # none agrees with the median but itself
    ((0.97, 0.98, 1.01), 100.0),        # about the set-up's size
    ((1.14, 1.16, 0.7), 114.0),         # two agree
])
def test_the_size_is_taken_only_where_sure_reads_agree_far_off_the_set_up(sizes, told):
    reads = _sure(*sizes) + [SimpleNamespace(sure=False, size=(30.0, 50.0))]
    assert Recognizer._read_size(reads, 100.0) == pytest.approx(told)
