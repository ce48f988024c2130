"""At a corner whose tip was not seen, a rank glyph that shows whole lets its lean on a look-alike pair's
direction part the two, as at a whole corner.

Found on atlasnye_skat: the jack of diamonds of benchmark frame 0053 has its tip on the king of
diamonds' picture, so no outline corner is seen there and the index is read as notched.  Nothing
covers it: the J reads 0.85-0.87, but leads the 8 by only 0.03-0.15, short of the 0.25 a notched
corner needs.  Its lean on the 8-J direction lies past the J's cut (no trial 8 leant so far), and
the glyph is whole by what a covering card could not fake: its suit is no taller than the rank
says the index is, the card is of the set-up's size, nothing was cut.  Its lead over the next
rank the lean does not rule out (the Q) is 0.30-0.36.  The image is a crop of that frame (the cards'
corners from its ground truth, shifted into the crop by (-100, -100)); the profile was
calibrated from the deck's set-up shots.
"""

from __future__ import annotations

import pytest

from crop_scene import IMAGES, CropScene
from dealer_assist.vision.profile import Profile
from dealer_assist.vision.recognize import Recognizer
from dealer_assist.vision.verdict import Judge

SCENE = CropScene("atlasnye_skat_jd_tip_on_a_picture.png", 254.0, {
    "2H": [(74.1, 317.1), (214.3, 413.0), (70.5, 623.0), (-69.6, 527.1)],
    "KD": [(231.2, 118.8), (272.5, 283.5), (25.6, 345.3), (-15.6, 180.6)],
    "JD": [(187.6, 189.2), (248.8, 347.6), (11.4, 439.2), (-49.8, 280.8)],
    "4H": [(172.5, 282.4), (215.0, 446.8), (-31.4, 510.4), (-73.9, 346.0)],
    "AC": [(147.0, 367.7), (184.4, 533.3), (-63.8, 589.4), (-101.2, 423.8)],
})


@pytest.fixture(scope="module")
def rec():
    return Recognizer(Profile.load(IMAGES / "profiles" / "atlasnye_skat"))


def test_the_jack_is_read_and_none_wrong(rec):
    hits = SCENE.reads(rec)
    assert "JD" in [h.card.code for h in hits]
    SCENE.assert_none_wrong(hits)


def test_without_the_lean_at_a_notched_corner_the_jack_is_missed(rec, monkeypatch):
    monkeypatch.setattr(Judge, "whole_behind_notch", lambda self, c, r: False)
    hits = SCENE.reads(rec)
    assert "JD" not in [h.card.code for h in hits]
    SCENE.assert_none_wrong(hits)
