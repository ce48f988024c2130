"""A corner seen from outside is slid a stroke along both edges at once, both ways, where each
slide along one edge alone still saw glyphs.

Found on KDE's tigullio-international: the jack of hearts of benchmark frame
0018 lies on the 6 of hearts, its tip on that card's paper; its corner is
found only from outside (the bend of the 6's outline round it), three pixels
inside the tip along both edges.  None of its looks, nor the four slid a
stroke along one edge (each of which saw glyphs), read a sure index; slid a
stroke outward along both, it reads 0.95.  The image is a crop of that frame
(the cards' corners from its ground truth, shifted into the crop by (-950,
-250)); the profile was calibrated from the deck's set-up shots.
"""

from __future__ import annotations

import pytest

from crop_scene import TIGULLIO, CropScene
from dealer_assist.vision import glyphs, recognize
from dealer_assist.vision.profile import Profile
from dealer_assist.vision.recognize import Recognizer

SCENE = CropScene("tigullio_international_jh_outside_corner_across.png", 236.0, {
    "6H": [(124.9, 81.6), (277.4, 111.2), (232.5, 342.6), (80.1, 313.0)],
    "JH": [(201.0, 142.3), (351.4, 181.0), (292.6, 409.3), (142.2, 370.5)],
    "3C": [(258.9, 210.0), (411.8, 236.9), (370.9, 469.0), (218.0, 442.1)],
})


@pytest.fixture(scope="module")
def rec():
    return Recognizer(Profile.load(TIGULLIO))


def test_every_card_is_read_and_none_wrong(rec):
    hits = SCENE.reads(rec)
    assert sorted(h.card.code for h in hits) == sorted(SCENE.cards)
    SCENE.assert_none_wrong(hits)


def test_slid_along_one_edge_at_a_time_the_jack_is_missed(rec, monkeypatch):
    # With his frame's dashes kept beside his J, as when this was found: taken off
    # (:func:`.blob_parts.off_dashes`), he reads without the slide across.
    monkeypatch.setattr(glyphs, "off_dashes", lambda parts, boxes, stroke: parts)
    monkeypatch.setattr(recognize, "_across", lambda c: ())
    hits = SCENE.reads(rec)
    assert "JH" not in [h.card.code for h in hits]
    SCENE.assert_none_wrong(hits)
