"""A glyph pair's look turned a step that reads the unturned look's code for sure counts, even
where it is less confident than the unturned look.

Found on bellot under table clutter: the 4 of diamonds of benchmark frame
0042 lies on the 6 of hearts, its tip on that card's heart, and its corner is
not found.  Its glyph pair reads 4D unturned, not for sure: the 4 leads the
next rank by 0.21, short of a notched corner's 0.25.  Turned five degrees the
4 leads by 0.30 and the deck's pair score tells the diamond from a heart: 4D
for sure, but at 0.84 against the unturned look's 0.88, and so it was passed
over.  The image is a crop of that frame (the cards' corners from its ground
truth, shifted into the crop by (-960, -300)); the profile was calibrated from
the deck's set-up shots (bellot's table and clutter frames share them).
"""

from __future__ import annotations

import pytest

from crop_scene import IMAGES, CropScene
from dealer_assist.vision import recognize
from dealer_assist.vision.profile import Profile
from dealer_assist.vision.recognize import Recognizer

SCENE = CropScene("bellot_4d_sure_only_turned.png", 238.0, {
    "9S": [(41.2, -17.0), (200.2, 29.1), (144.4, 268.7), (-17.6, 220.8)],
    "6H": [(70.2, 31.2), (231.9, 67.7), (191.0, 312.7), (26.0, 274.7)],
    "4D": [(118.8, 72.4), (278.4, 123.1), (218.1, 364.9), (55.5, 312.1)],
    "QC": [(154.1, 118.9), (315.1, 167.3), (259.4, 412.1), (95.2, 361.8)],
})


@pytest.fixture(scope="module")
def rec():
    return Recognizer(Profile.load(IMAGES / "profiles" / "bellot"))


def test_the_four_is_read_and_none_wrong(rec):
    hits = SCENE.reads(rec)
    assert "4D" in [h.card.code for h in hits]
    SCENE.assert_none_wrong(hits)


def test_unturned_the_four_is_missed(rec, monkeypatch):
    monkeypatch.setattr(recognize, "TURN_STEP", 0.0)
    hits = SCENE.reads(rec)
    assert "4D" not in [h.card.code for h in hits]
    SCENE.assert_none_wrong(hits)
