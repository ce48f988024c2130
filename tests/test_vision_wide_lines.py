"""A covering card's edge as thick as the rank's strokes, joined to the rank, is taken off it.

Some designs draw every card's outline in black, as thick as their index
strokes (gnomangelo): where such a card lies over another's corner, its edge
runs from the edge band past the rank and melts into it.  The thin-line part
(``line_off_rank``) cannot tell it from the strokes by width; the wide-line
part follows it from the band to the band's other side (see
``rank_lines.wide_line_off_rank``).  Here real set-up shots' corners get such a
line drawn across the rank's top-left corner, three pixels wide like their strokes.
"""

from __future__ import annotations

import cv2
import pytest

from dealer_assist.vision.glyphs import extract_glyphs
from dealer_assist.vision.index_layout import PAD, glyph_layout
from dealer_assist.vision.index import IndexMatcher
from dealer_assist.vision.profile import CANON_H, Profile, default_profile_path
from dealer_assist.vision.warp import warp_corner
from frame_truth import setup_shot_corner


@pytest.fixture(scope="module")
def matcher():
    return IndexMatcher(Profile.load(default_profile_path()))


def _corner_with_line(matcher, code: str):
    """The shot's corner patch with a dark line 3 px wide at 45 degrees just touching the
    rank's top-left, from the edge band's left side to its top."""
    p = matcher.profile
    frame, (x, y, wdir, hdir, w, h) = setup_shot_corner("anglo", code)
    patch = warp_corner(frame, x, y, wdir, hdir, w, h, p)
    rank, _ = extract_glyphs(patch, p)
    lay = glyph_layout(p)
    s = int(rank.box.u0 * lay.cw) + int(rank.box.v0 * CANON_H / 2) + 10  # the line x + y = s
    cv2.line(patch, (lay.edge - 3, s - lay.edge + 3), (s - lay.edge + 3, lay.edge - 3), (20, 20, 20, 255), 3)
    return patch


@pytest.mark.parametrize("code", ["7S", "3H", "9D", "AS", "4C"])
def test_a_line_as_thick_as_the_strokes_across_the_ranks_corner_is_taken_off(matcher, code):
    rank, suit = extract_glyphs(_corner_with_line(matcher, code), matcher.profile)
    read = matcher._score(rank, suit)
    assert read is not None
    top, score, margin = read.best("rank")
    assert top == code[0] and score >= 0.9 and margin >= 0.35
    assert rank.cut  # the line may hide some of the rank: it is judged as a cut glyph


def test_a_queen_the_line_crosses_is_not_read_as_another_rank(matcher):
    rank, suit = extract_glyphs(_corner_with_line(matcher, "QS"), matcher.profile)
    read = matcher._score(rank, suit)
    if read is not None:
        top, score, _ = read.best("rank")
        assert top == "Q" or score < matcher.profile.thresholds.min_score


def test_a_bent_stroke_from_both_sides_of_the_band_stays(matcher):
    """Two straight strokes as thick, from each side of the band to the rank's top-left corner
    (an "L" around it): each ends where the other begins, inside the patch, as a glyph's
    own bent stroke does.  Neither crosses the patch, so neither is taken off as a card's edge."""
    p = matcher.profile
    frame, (x, y, wdir, hdir, w, h) = setup_shot_corner("anglo", "7S")
    patch = warp_corner(frame, x, y, wdir, hdir, w, h, p)
    rank, _ = extract_glyphs(patch, p)
    lay = glyph_layout(p)
    cx, cy = int(rank.box.u0 * lay.cw) + PAD - 2, int(rank.box.v0 * CANON_H) + PAD - 2
    cv2.line(patch, (lay.edge - 3, cy), (cx, cy), (20, 20, 20, 255), 3)
    cv2.line(patch, (cx, cy), (cx, lay.edge - 3), (20, 20, 20, 255), 3)
    bent, _ = extract_glyphs(patch, p)
    assert bent is not None and not bent.cut
