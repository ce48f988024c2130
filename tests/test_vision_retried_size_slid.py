"""A corner whose index reads, cut, only at a retried card size is slid there as a whole corner
whose first looks read a clear rank is.

Found on KDE's tigullio-international: the 5 of hearts of benchmark frame
0035 prints its rank against the heart pip beside it, and the frame's guess
of the card's size is a tenth off, so the 5 is cut with a piece of the pip
and reads only at a retried size (0.78, a cut read asking 0.8).  Its corner
was found a stroke along the top edge from the tip (the card's side is hidden
a few pixels on): slid back by a stroke at that size, the 5 reads 0.99.
Before, only a corner whose first looks saw a clear rank was slid.  The
image is a crop of that frame (the cards' corners from its ground truth,
shifted into the crop); the profile was calibrated from the deck's set-up shots.
"""

from __future__ import annotations

import pytest

from crop_scene import TIGULLIO, CropScene
from dealer_assist.vision.profile import Profile
from dealer_assist.vision.recognize import Recognizer
from dealer_assist.vision.tips_behind import tips_behind

#: The crop's cards, all with an index in view (the frame's ground truth, shifted by (-600, 0)).
SCENE = CropScene("tigullio_international_5h_retried_size_slid.png", 228.0, {
    "5H": [(136.2, 339.9), (54.9, 213.6), (246.6, 90.3), (327.8, 216.6)],
    "6C": [(140.9, 250.2), (53.7, 128.0), (239.2, -4.4), (326.4, 117.9)],
    "JC": [(373.7, 349.5), (241.3, 420.3), (133.8, 219.4), (266.2, 148.5)],
})


@pytest.fixture(scope="module")
def rec():
    return Recognizer(Profile.load(TIGULLIO))


def test_the_five_is_read_and_no_card_is_read_wrong(rec):
    hits = SCENE.reads(rec)
    assert sorted(h.card.code for h in hits) == sorted(SCENE.cards)
    SCENE.assert_none_wrong(hits)


def test_unslid_at_the_retried_size_the_five_is_missed(rec, monkeypatch):
    """(No card is seen whole in the crop, and the tip behind a corner found down the five's
    edge, looked for at another card size, reads it too: that second route is taken away as
    well, so the slid corner's own read is what is shown.)"""
    monkeypatch.setattr(Recognizer, "_slide_retried", lambda self, cr, first: False)
    monkeypatch.setattr(Recognizer, "_tips_at_sizes", lambda self, c, masks, card_w, card_h:
                        iter(tips_behind(c, masks, self.profile, card_w, card_h)))
    assert "5H" not in [h.card.code for h in SCENE.reads(rec)]
