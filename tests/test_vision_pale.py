"""Glyphs printed in fine strokes: pieces that blur parts, kept as one glyph when faint ink still joins them."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from dealer_assist.vision.glyphs import INK, JOIN_LEVEL, PAD, extract_glyphs
from dealer_assist.vision.profile import CANON_H, Profile, default_profile_path

PAPER = 230


@pytest.fixture(scope="module")
def profile():
    return Profile.load(default_profile_path())


def _grey(ink: float) -> int:
    """The grey level that is ``ink`` dark against the paper (see ``glyphs.ink_map``)."""
    return int(round(PAPER * (1.0 - ink)))


def _index_patch(profile: Profile, hairline: float | None, ball_u: float = 0.0) -> np.ndarray:
    """An upright corner patch: a rank drawn as a stem with a ball terminal to its left
    (``ball_u`` further left, in card widths), a hairline of ink ``hairline`` between
    them (None: paper), and a solid suit below."""
    cw, ch = profile.canon_w, CANON_H
    region = profile.index_region()
    patch = np.full((int(region.v1 * ch) + PAD, int(region.u1 * cw) + PAD, 3), PAPER, np.uint8)
    rb, sb = profile.rank_box, profile.suit_box
    top, bottom = PAD + int(rb.v1 * ch - profile.rank_h * ch), PAD + int(rb.v1 * ch)
    right = PAD + int(rb.u1 * cw) - 2
    cv2.rectangle(patch, (right - 4, top), (right, bottom), (20, 20, 20), -1)  # the body
    ball = (right - 13 - int(ball_u * cw), (top + bottom) // 2 - 6)
    if hairline is not None:
        cv2.line(patch, ball, (right - 4, ball[1]), (_grey(hairline),) * 3, 1)
    cv2.circle(patch, ball, 3, (20, 20, 20), -1)
    sx, sy = PAD + int(sb.cu * cw), PAD + int(sb.cv * ch)
    r = int(0.4 * profile.suit_h * ch)
    cv2.circle(patch, (sx, sy), r, (20, 20, 20), -1)
    return patch


def _rank_width(profile: Profile, patch: np.ndarray) -> float:
    rank, suit = extract_glyphs(patch, profile)
    assert rank is not None and suit is not None
    return (rank.box.u1 - rank.box.u0) * profile.canon_w


def test_a_terminal_joined_by_a_faint_hairline_stays_with_its_glyph(profile):
    """A hairline fading below the ink level (a serif "3" in blur) no longer
    drops the ball terminal: the glyph spans body and ball."""
    hairline = (JOIN_LEVEL + INK) / 2
    assert _rank_width(profile, _index_patch(profile, hairline)) >= 15


def test_a_piece_with_paper_between_is_not_taken_in(profile):
    """Without the hairline the ball is a stray speck beside the glyph, left out as before."""
    assert _rank_width(profile, _index_patch(profile, None)) <= 6


def test_a_piece_joined_faintly_but_wider_apart_than_any_glyph_is_not_taken_in(profile):
    """Faint ink may join a glyph to a picture's stroke: no glyph spans more than the deck's rank box."""
    patch = _index_patch(profile, (JOIN_LEVEL + INK) / 2, ball_u=0.06)
    assert _rank_width(profile, patch) <= 6
