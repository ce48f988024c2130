"""A glyph pair whose rank was parted from a line at the mask's half size, and lost the end of
a stroke with it, is still looked at (down to :data:`.glyph_pairs.PARTED_SHORT` of the deck's
rank height); its suit, a solid shape the parting leaves whole, keeps the plain height fit.

Found on KDE's tigullio-international: the fanned 5 of hearts of benchmark frame
0045 lies on the 9 of spades, its tip on that card's paper, and its corner is not
found.  The foot of its 5 touches the big heart printed beside the index: only
the opening that parts the 5 from it leaves a rank to pair, and that opening
takes the curve's end with it, so the 5 measures 0.62 of the deck's rank height
against the frame's card size (the plain fit asks 0.7).  Looked at, the pair
reads 5H for sure.  The image is a crop of that frame (the cards' corners from
its ground truth, shifted into the crop by (-150, -150); the 2 of spades, seen
whole, tells the frame's card size); the profile was calibrated from the deck's
set-up shots.
"""

from __future__ import annotations

import pytest

from crop_scene import TIGULLIO, CropScene
from dealer_assist.vision import glyph_pairs
from dealer_assist.vision.profile import Profile
from dealer_assist.vision.recognize import Recognizer

SCENE = CropScene("tigullio_international_5h_rank_parted_short.png", 232.0, {
    "9C": [(101.2, 37.5), (234.1, 113.2), (119.3, 314.9), (-13.6, 239.3)],
    "9S": [(131.4, 86.2), (259.3, 170.1), (131.9, 364.1), (4.1, 280.2)],
    "5H": [(151.1, 135.1), (280.0, 217.4), (155.1, 413.0), (26.2, 330.7)],
    "KD": [(167.9, 184.2), (299.5, 262.1), (181.2, 461.8), (49.6, 383.8)],
    "4H": [(641.5, -49.3), (791.1, -81.0), (839.1, 146.1), (689.5, 177.7)],
    "2S": [(727.3, -5.1), (872.7, -52.6), (944.8, 168.0), (799.4, 215.5)],
})


@pytest.fixture(scope="module")
def rec():
    return Recognizer(Profile.load(TIGULLIO))


def test_the_five_is_read_and_none_wrong(rec):
    hits = SCENE.reads(rec)
    assert "5H" in [h.card.code for h in hits]
    SCENE.assert_none_wrong(hits)


def test_a_parted_glyph_held_to_the_plain_fit_the_five_is_missed(rec, monkeypatch):
    monkeypatch.setattr(glyph_pairs, "PARTED_SHORT", glyph_pairs.HEIGHT_FIT[0])
    hits = SCENE.reads(rec)
    assert "5H" not in [h.card.code for h in hits]
    SCENE.assert_none_wrong(hits)
