"""A suit beside a rank measured short is read in a window of its card's size.

The glyphs' windows are scaled by the rank's height.  atlasnye_skat is a four-colour deck;
blurred by about 2 px in a rendered test frame (frame 31), its green 4 measures a tenth
short on a card of the size the frame's cards show (the thin rank's ends sink below the
ink level), and the bold spade beside it overfills a window a tenth small: it scored 0.36
and 0.37 and the card, its index in plain sight at both corners, was never read.  Crops of
the frame as the reader sees it, with the deck's profile as calibrated from its set-up shots.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.vision.detect import Corner
from dealer_assist.vision.profile import Profile
from dealer_assist.vision.recognize import Recognizer

IMAGES = Path(__file__).resolve().parent / "images"
#: (crop, corner tip in the crop, edge along the index's width, edge along its height, card width guessed).
CORNERS = {
    "lower": ("atlasnye_skat_4S_blur2_lower.png", (60.1, 60.1), (-0.18, -0.98), (0.98, -0.18), 150.4),
    "upper": ("atlasnye_skat_4S_blur2_upper.png", (60.1, 60.0), (0.16, 0.99), (-0.99, 0.16), 150.4),
}


def _read(which: str):
    rec = Recognizer(Profile.load(IMAGES / "profiles" / "atlasnye_skat"))
    image, (x, y), wdir, hdir, card_w = CORNERS[which]
    frame = cv2.imread(str(IMAGES / image))
    wdir, hdir = tuple(np.array(wdir) / np.hypot(*wdir)), tuple(np.array(hdir) / np.hypot(*hdir))
    card_h = card_w / rec.profile.aspect
    read = rec.matcher.read_corner(frame, x, y, wdir, hdir, card_w, card_h)
    return rec, read, rec.judge.corner(Corner(x, y, wdir, hdir, 80.0, 80.0), read, card_w, card_h)


@pytest.mark.parametrize("which", sorted(CORNERS))
def test_a_blurred_green_spade_beside_a_short_four_is_read_for_sure(which):
    rec, read, judged = _read(which)
    assert read.best("rank")[0] == "4"
    # The rank tells a card a tenth smaller than the frame's guess (true to a hundredth).
    assert read.scale < 0.92
    suit, score, lead = read.best("suit")
    assert suit == "S" and score >= 0.6 and lead >= 0.3
    assert judged is not None and judged.code == "4S" and judged.sure
