"""At a corner whose tip was not seen, a suit short of a clear score only, leading every other suit by
a notched corner's margin, is decided by its pair score.

Found on bellot: the three of spades of benchmark frame 0019 lies with its index against its own
edge, read as a notched corner.  The 3 reads 0.92, leading by 0.51; the spade only 0.75 (a notched
corner asks 0.8), but 0.52 ahead of every other suit, and its pair score lies past the spade's
cut (no trial club got there): two looks agree where one falls short.  The image is a crop of
that frame (the cards' corners from its ground truth, shifted into the crop by (-600, -250)); the
profile was calibrated from the deck's set-up shots.
"""

from __future__ import annotations

import pytest

from crop_scene import IMAGES, CropScene
from dealer_assist.vision.profile import Profile
from dealer_assist.vision.recognize import Recognizer
from dealer_assist.vision.verdict import Judge

SCENE = CropScene("bellot_3s_against_its_edge_notched.png", 286.0, {
    "3S": [(635.1, 241.3), (609.4, 436.8), (326.1, 399.7), (351.8, 204.1)],
    "3H": [(565.9, 347.0), (521.9, 539.3), (243.4, 475.5), (287.4, 283.2)],
})


@pytest.fixture(scope="module")
def rec():
    return Recognizer(Profile.load(IMAGES / "profiles" / "bellot"))


def test_the_three_is_read_and_none_wrong(rec):
    hits = SCENE.reads(rec)
    assert "3S" in [h.card.code for h in hits]
    SCENE.assert_none_wrong(hits)


def test_without_the_pair_score_for_a_suit_far_ahead_the_three_is_missed(rec, monkeypatch):
    monkeypatch.setattr(Judge, "clearly_ahead", lambda self, r, suit: False)
    hits = SCENE.reads(rec)
    assert "3S" not in [h.card.code for h in hits]
    SCENE.assert_none_wrong(hits)
