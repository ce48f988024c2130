"""The tip behind a corner found down a card's edge is also looked for at the other card sizes a
guessed corner's index is (no card seen whole: the frame's cards may lie smaller or bigger).

Found on bellot: the 8 of clubs of benchmark frame 0044 lies on the king of
clubs, its tip on the king's picture, which joins the 8 to it; the card's
outline turns its corner some 20 pixels along its width, past the index.  The
card is 0.9 of the set-up's size and no card lies whole in view, so at the
frame's guess the small club's centre is looked for ten pixels off the club and
no tip is found; at 0.85 of it, the tip is found and reads 8C for sure.  The
image is a crop of that frame (the cards' corners from its ground truth,
shifted into the crop by (-350, -80)); the profile was calibrated from the
deck's set-up shots.
"""

from __future__ import annotations

import pytest

from crop_scene import IMAGES, CropScene
from dealer_assist.vision.profile import Profile
from dealer_assist.vision.recognize import Recognizer
from dealer_assist.vision.tips_behind import tips_behind

SCENE = CropScene("bellot_8c_tip_behind_a_smaller_card.png", 228.0, {
    "KC": [(312.6, 242.9), (168.8, 307.2), (75.6, 99.0), (219.3, 34.7)],
    "8C": [(238.6, 241.9), (87.1, 285.1), (24.5, 65.7), (176.0, 22.5)],
    "TD": [(180.7, 218.8), (31.9, 270.2), (-42.7, 54.6), (106.1, 3.2)],
})


@pytest.fixture(scope="module")
def rec():
    return Recognizer(Profile.load(IMAGES / "profiles" / "bellot"))


def test_the_eight_is_read_and_none_wrong(rec):
    hits = SCENE.reads(rec)
    assert "8C" in [h.card.code for h in hits]
    SCENE.assert_none_wrong(hits)


def test_at_the_guessed_size_alone_the_eight_is_missed(rec, monkeypatch):
    monkeypatch.setattr(Recognizer, "_tips_at_sizes", lambda self, c, masks, card_w, card_h:
                        iter(tips_behind(c, masks, self.profile, card_w, card_h)))
    hits = SCENE.reads(rec)
    assert "8C" not in [h.card.code for h in hits]
    SCENE.assert_none_wrong(hits)
