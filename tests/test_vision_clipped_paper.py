"""Corners read wrong under a tone or exposure the set-up shots never showed, now never sure.

Found by ``benchmarks/frame_sweep.py`` on the rendered designs (crops of the frames as the
reader works on them, with each deck's profile as calibrated from its untouched set-up shots):

- ancient_french at gain 1.25: the paper clips to white, the ink level sits too dark and the
  orange 3's thin arms fall under it; its thick right stroke read as the deck's narrow "1",
  a sure ace of diamonds.
- neoclassical_4_color at gain 1.25: a yellow J left as its stem, a sure four of diamonds.
  Both now read otherwise with the paper taken brighter, and are not sure.
- slavic_costumes at gamma 0.7: a card over half the index of a seven of clubs leaves the
  corner's tip in sight and the club a piece; its blurred look put the spade a hair ahead and
  the pair score, set on whole glyphs, named the spade: a sure seven of spades.
"""

from __future__ import annotations

import copy
from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.vision.detect import Corner
from dealer_assist.vision.ink import brighter_paper, darkness
from dealer_assist.vision.index import CLIPPED, HEADROOM
from dealer_assist.vision.profile import Profile
from dealer_assist.vision.recognize import Recognizer
from dealer_assist.vision.warp import warp_corner

IMAGES = Path(__file__).resolve().parent / "images"


def _reader(deck: str) -> Recognizer:
    return Recognizer(Profile.load(IMAGES / "profiles" / deck))


def _corner_args(rec: Recognizer, tip, wdir, hdir, card_w: float):
    wdir, hdir = np.array(wdir) / np.hypot(*wdir), np.array(hdir) / np.hypot(*hdir)
    return tip[0], tip[1], wdir, hdir, card_w, card_w / rec.profile.aspect


ANCIENT_3D = ("ancient_french", "ancient_french_3D_gain1.25.png", (121.3, 77.7), (-0.42, 0.91), (-0.91, -0.42), 165.7)
NEO_JD = ("neoclassical_4_color", "neoclassical_4_color_JD_gain1.25.png", (108.0, 47.4), (0.37, 0.93), (-0.93, 0.37),
          167.9)
#: The king of hearts beside the 3 in the same brightened frame: thick strokes, read the same either way.
ANCIENT_KH = ("ancient_french", "ancient_french_KH_gain1.25.png", (121.1, 77.5), (-0.42, 0.91), (-0.91, -0.42), 165.7)


def _looked_at(case):
    deck, image, tip, wdir, hdir, card_w = case
    rec = _reader(deck)
    frame = cv2.imread(str(IMAGES / image), cv2.IMREAD_UNCHANGED)
    args = _corner_args(rec, tip, wdir, hdir, card_w)
    patch = warp_corner(frame, *args, rec.profile, None)
    return rec, frame, args, patch, darkness(patch)


def _judged(rec, args, read, shape: bool = True):
    """``read`` judged at the corner of ``args``; ``shape``: the rank's shape asked too (see
    :meth:`.verdict.Judge.rank_too_narrow`), else the judge as it was before it was asked."""
    judge = rec.judge
    if not shape:
        judge = copy.copy(judge)
        judge.rank_too_narrow = lambda r, rank: False
    return judge.corner(Corner(args[0], args[1], tuple(args[2]), tuple(args[3]), 80.0, 80.0), read, *args[4:])


@pytest.mark.parametrize("case, fragment, whole, narrow", [(ANCIENT_3D, "A", "3", False), (NEO_JD, "4", "J", True)])
def test_a_rank_left_a_stroke_by_clipped_paper_is_never_sure(case, fragment, whole, narrow):
    rec, frame, args, patch, levels = _looked_at(case)
    assert levels.paper >= CLIPPED
    # Against the paper as it shows, the stroke left reads clearly as another rank, and
    # that read alone the judge would be sure of, but for the shape of the J's stem: far
    # narrower than a 4 is printed.  The 3's thick stroke is as wide as the deck's "1".
    first = rec.matcher._looks(frame, *args, patch, levels)
    assert first.best("rank")[0] == fragment and rec.matcher._glyph_clears(first, "rank")
    assert _judged(rec, args, first, shape=False).sure
    assert rec.judge.rank_too_narrow(first, fragment) == narrow
    assert _judged(rec, args, first).sure != narrow
    # With the paper taken brighter the whole glyph shows and reads clearly as itself.
    brighter = rec.matcher._read_at(frame, *args, faint=False, patch=patch, levels=brighter_paper(levels, HEADROOM))
    assert brighter.best("rank")[0] == whole and rec.matcher._glyph_clears(brighter, "rank")
    # The corner's read is the first, marked: never sure, and no evidence for a second corner.
    read = rec.matcher.read_corner(frame, *args)
    assert read.unsteady and read.best("rank")[0] == fragment
    judged = _judged(rec, args, read)
    assert not judged.sure and judged.pair_conflict


def test_a_corner_cut_again_at_the_size_its_rank_tells_is_looked_at_brighter_too():
    """The J's card guessed a fifth small: the stem left reads as a 4 whose height says the card
    is bigger, and the corner is cut again at that size, where the brighter look must hold too."""
    deck, image, tip, wdir, hdir, card_w = NEO_JD
    rec, frame, args, patch, levels = _looked_at((deck, image, tip, wdir, hdir, card_w * 0.8))
    first = rec.matcher._looks(frame, *args, patch, levels)
    assert first.best("rank")[0] == "4" and first.scale > 1.1  # read where it was cut again, bigger
    assert _judged(rec, args, first, shape=False).sure
    read = rec.matcher.read_corner(frame, *args)
    assert read.unsteady and not _judged(rec, args, read).sure


def test_a_rank_read_the_same_with_the_paper_taken_brighter_stays_sure():
    rec, frame, args, patch, levels = _looked_at(ANCIENT_KH)
    assert levels.paper >= CLIPPED
    read = rec.matcher.read_corner(frame, *args)
    assert not read.unsteady and read.best("rank")[0] == "K"
    judged = _judged(rec, args, read)
    assert judged.sure and judged.code == "KH"


def test_a_suit_cut_short_by_a_covering_card_is_not_made_sure_by_its_blurred_look():
    rec = _reader("slavic_costumes")
    frame = cv2.imread(str(IMAGES / "slavic_costumes_7C_gamma0.7.png"), cv2.IMREAD_UNCHANGED)
    args = _corner_args(rec, (43.4, 95.2), (0.1, -1.0), (1.0, 0.1), 153.1)
    read = rec.matcher.read_corner(frame, *args)
    # Read small (its rank short of the card size guessed) and its suit a piece: no plain suit
    # score comes near a read's, and the blurred spade leads the club by a hair.
    assert read.unsized and max(read.suit_scores.values()) < rec.profile.thresholds.candidate_score
    blurred = rec.matcher.blurred_suit_scores(read)
    top, second = sorted(blurred, key=blurred.get, reverse=True)[:2]
    assert (top, second) == ("S", "C") and blurred["S"] - blurred["C"] < rec.profile.thresholds.min_margin
    judged = _judged(rec, args, read)
    assert judged is None or not judged.sure
