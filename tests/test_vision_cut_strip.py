"""A suit cut from ink beside it that kept only an upright strip of itself is never a sure read.

``benchmarks/cover_stress.py`` found it at swiss-xvii's ace of shields (spades): its lower index's
shield touches the picture's outline, the cut that parts it from the outline took the shield's
left part with it, and the straight strip left read as the deck's narrow club (0.78), the pair
score naming the club, at the corner seen whole and under every cover that left the suit alone.
What no printed suit has is a straight side on both sides more than its template
(:meth:`dealer_assist.vision.verdict.Judge.strip_of_a_suit`).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.vision.calibrate import calibrate, find_card
from dealer_assist.vision.detect import Corner
from dealer_assist.vision.glyphs import Glyph
from dealer_assist.vision.index import IndexRead
from dealer_assist.vision.profile import Box, Profile, default_profile_path
from dealer_assist.vision.recognize import Recognizer
from dealer_assist.vision.straight_sides import flat_share

SHIPPED = default_profile_path().parent
RENDERED = Path("/work/data/std/calib/swiss-xvii")


def _read_of(suit_image: np.ndarray, cut: bool) -> IndexRead:
    """A read whose suit glyph is ``suit_image`` (cut from ink beside it or not)."""
    def glyph(image):
        return Glyph(Box(0.0, 0.0, 1.0, 1.0), lambda f: image, lambda: 0.0, cut=cut)
    return IndexRead({"A": 0.9}, {"C": 0.8, "S": 0.1}, 0.0, suit_image=suit_image,
                     glyphs=(glyph(np.zeros_like(suit_image)), glyph(suit_image)), cut=cut)


def test_an_upright_strip_of_a_cut_suit_is_taken_for_a_strip():
    rec = Recognizer(Profile.load(SHIPPED / "plastic"))
    club = rec.profile.suit_templates["C"].astype(np.float32)
    assert not rec.judge.strip_of_a_suit(_read_of(club, cut=True), "C")  # the printed shape
    cols = np.flatnonzero(club.max(axis=0) > 0.5 * club.max())
    mid = (cols[0] + cols[-1]) // 2
    strip = club.copy()
    strip[:, : mid - 2] = 0
    strip[:, mid + 3:] = 0
    assert flat_share(strip) > 0.75 and flat_share(strip, "left") > 0.75  # all rows but the stem's
    assert rec.judge.strip_of_a_suit(_read_of(strip, cut=True), "C")
    # Only a glyph cut from ink beside it: a whole suit's own sides are its design's.
    assert not rec.judge.strip_of_a_suit(_read_of(strip, cut=False), "C")


@pytest.mark.skipif(not RENDERED.is_dir(), reason="rendered swiss-xvii set-up shots not found")
def test_swiss_shield_cut_from_the_picture_is_never_a_sure_club():
    with tempfile.TemporaryDirectory() as tmp:
        rec = Recognizer(Profile.load(calibrate(RENDERED, allow_missing=True).save(tmp)))
    image = cv2.imread(str(RENDERED / "AS.png"))
    quad, _ = find_card(image)
    judged = {}
    for k in (0, 2):  # the top-left index, and the bottom-right one (the card turned half round)
        tip = quad[k]
        wv, hv = quad[(k + 1) % 4] - tip, quad[(k + 3) % 4] - tip
        cw, ch = float(np.linalg.norm(wv)), float(np.linalg.norm(hv))
        c = Corner(float(tip[0]), float(tip[1]), tuple(wv / cw), tuple(hv / ch), cw, ch, notched=False)
        read = rec.matcher.read_corner(rec.balanced(image), c.x, c.y, c.wdir, c.hdir, cw, ch)
        judged[k] = rec.judge.corner(c, read, cw, ch)
    assert judged[0].sure and judged[0].code == "AS"  # the shield clear of the picture
    strip = judged[2]
    assert strip.read.glyphs[1].cut and strip.code == "AC"  # the strip reads as the narrow club ...
    assert not strip.sure  # ... but never surely
