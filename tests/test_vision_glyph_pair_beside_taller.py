"""A glyph pair whose suit stands close beside its rank (both glyphs past the height fit, up to
1.75 times as tall against the pair's spacing as the deck prints them) is still looked at.

Found on KDE's tigullio-international: the 2 of hearts of benchmark frame
0034 lies on the 9 of clubs, its tip on that card's club, and its corner is
not found.  Its 2 and heart make a glyph pair whose centres lie 0.78 of the
deck's spacing apart (the small heart sits beside the 2 as much as under it),
so against that spacing the 2 stands 1.64 times the deck's rank height and the
heart 1.72 times its suit height; looked at, the pair reads 2H for sure.  The
image is a crop of that frame (the cards' corners from its ground truth,
shifted into the crop by (-460, -420)); the profile was calibrated from the
deck's set-up shots.
"""

from __future__ import annotations

import pytest

from crop_scene import TIGULLIO, CropScene
from dealer_assist.vision import glyph_pairs
from dealer_assist.vision.profile import Profile
from dealer_assist.vision.recognize import Recognizer

SCENE = CropScene("tigullio_international_2h_suit_close_beside_its_rank.png", 257.0, {
    "9C": [(246.6, 179.0), (122.4, 293.7), (-51.7, 105.1), (72.5, -9.6)],
    "2H": [(190.9, 182.6), (72.5, 303.4), (-110.8, 123.9), (7.5, 3.1)],
    "JH": [(134.1, 190.2), (18.8, 313.8), (-168.9, 138.7), (-53.5, 15.1)],
})


@pytest.fixture(scope="module")
def rec():
    return Recognizer(Profile.load(TIGULLIO))


def test_the_two_is_read_and_none_wrong(rec):
    hits = SCENE.reads(rec)
    assert "2H" in [h.card.code for h in hits]
    SCENE.assert_none_wrong(hits)


def test_each_glyph_held_to_1_6_times_the_deck_s_height_the_two_is_missed(rec, monkeypatch):
    monkeypatch.setattr(glyph_pairs, "BOTH_TALLER", glyph_pairs.BESIDE_TALLER)
    hits = SCENE.reads(rec)
    assert "2H" not in [h.card.code for h in hits]
    SCENE.assert_none_wrong(hits)
