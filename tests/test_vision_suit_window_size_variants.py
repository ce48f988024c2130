"""A suit too small in its window is told so against its suit's tallest template, not its best-scoring one.

A rank measured taller than the deck prints it makes its suit's window too big,
and the suit is taken again in a smaller one when it stands shorter in its window
than its template (``IndexMatcher._suit_own_size``).  Found on KDE's
tigullio-international: it prints its 5 a pixel taller than its other ranks
(calibration keeps a rank's own height only from a pixel and a half off), and the
spade beside the 5 of spades of benchmark frame 0007 stood as tall in its window as
the deck's usual spade template, scored 0.63 and was missed; the deck also has a
bigger spade (``S+1``) a tenth taller, which the spade fits at 0.86 in a window a
step smaller.  A suit too small in its window fits its smaller variant best, so
the best template's height could not tell.  The image is the corner patch the
recognizer cut from that frame (its 5 of spades, card-size guess and all: a real
warp of the frame, BGRA); the profile was calibrated from the deck's set-up shots.
"""

from __future__ import annotations

import cv2
import pytest

from crop_scene import IMAGES, TIGULLIO
from dealer_assist.vision import index
from dealer_assist.vision.index import IndexMatcher, ink_height
from dealer_assist.vision.profile import Profile

PATCH = IMAGES / "tigullio_international_5s_corner_five_printed_taller.png"


@pytest.fixture(scope="module")
def matcher() -> IndexMatcher:
    return IndexMatcher(Profile.load(TIGULLIO))


@pytest.fixture(scope="module")
def patch():
    img = cv2.imread(str(PATCH), cv2.IMREAD_UNCHANGED)
    assert img is not None and img.shape[2] == 4
    return img


def test_the_five_stands_taller_than_printed(matcher, patch):
    """The premise: the 5 measures more than TALLER times its printed height, so its suit is retaken."""
    p = matcher.profile
    rank, _ = matcher.read(patch).glyphs
    assert rank.box.v1 - rank.box.v0 > index.TALLER * p.printed_height("5")


def test_the_spade_reads_clearly(matcher, patch):
    read = matcher.read(patch)
    t = matcher.profile.thresholds
    assert read.best("rank")[0] == "5"
    suit, score, margin = read.best("suit")
    assert suit == "S" and score >= t.min_score and margin >= t.min_margin


def test_held_to_its_best_template_the_spade_is_not_retaken(matcher, patch, monkeypatch):
    """The spade stands as tall as its usual template: against that height alone it stays in the
    window the 5 made, and scores under the least score."""
    heights = matcher._suit_heights
    _, suit = matcher.read(patch).glyphs
    assert ink_height(suit.image) >= index.SUIT_SMALL * heights["S"]
    monkeypatch.setattr(matcher, "_tallest_suit", {k: v for k, v in heights.items() if len(k) == 1})
    assert matcher.read(patch).best("suit")[1] < matcher.profile.thresholds.min_score
