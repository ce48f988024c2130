"""A cut parting an index glyph from a big pip beside it marks the glyph cut only when it went
through a stroke, not when it fell on the first column of a pip lying wholly beyond the glyph.

Found on the Russian "Атласные" deck: the tip of a jack's big diamond reaches into the
columns where the rank is parted from a pip.  Cut across at its first pixel, it made both
of the jack's glyphs read as cut, and a cut read may not use the learned lean that tells
the "В" from an 8: clear jacks stayed uncertain.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from dealer_assist.vision.glyphs import extract_glyphs
from dealer_assist.vision.index_layout import PAD
from dealer_assist.vision.profile import CANON_H, Profile, default_profile_path
from dealer_assist.vision.warp import _patch_size

INK = (20, 20, 20)


@pytest.fixture(scope="module")
def profile():
    return Profile.load(default_profile_path())


def _index_beside_a_pip(p: Profile, joined: bool) -> np.ndarray:
    """An upright patch: a "7" and a round suit in their boxes, and a big pip whose left tip lies
    on the first column the rank's cut looks at (paper between it and the "7"); with
    ``joined`` a one-pixel stroke runs from the 7's bar on into the pip."""
    cw, pw, ph = _patch_size(p.rank_box, p.suit_box, p.aspect)
    rb, sb = p.rank_box, p.suit_box
    img = np.full((ph, pw, 3), 245, np.uint8)
    x0 = int(round(PAD + (rb.u0 + 0.01) * cw))
    y0, y1 = int(round(PAD + (rb.v0 + 0.005) * CANON_H)), int(round(PAD + (rb.v1 - 0.005) * CANON_H))
    cv2.line(img, (x0, y0), (x0 + 9, y0), INK, 3)
    cv2.line(img, (x0 + 9, y0), (x0 + 3, y1), INK, 3)
    cv2.circle(img, (int(round(PAD + sb.cu * cw)), int(round(PAD + sb.cv * CANON_H))), int(0.4 * p.suit_h * CANON_H),
               INK, cv2.FILLED)
    first = int(PAD + rb.u1 * cw - 0.15 * (rb.u1 - rb.u0) * cw)  # the cut's first column (glyphs._layout)
    assert first > x0 + 9 + 3  # paper between the 7 and the pip's tip
    tip_row = (y0 + y1) // 2
    cv2.fillPoly(img, [np.array([[first, tip_row], [pw - 1, y0], [pw - 1, y1]], np.int32)], INK, lineType=cv2.LINE_8)
    if joined:
        img[y0, x0 + 9:first + 5] = INK
    return img


def test_a_pip_cut_at_its_first_column_leaves_the_glyphs_whole(profile):
    rank, suit = extract_glyphs(_index_beside_a_pip(profile, joined=False), profile)
    assert rank is not None and suit is not None
    assert not rank.cut and not suit.cut


def test_a_stroke_cut_through_still_marks_the_rank_cut(profile):
    rank, suit = extract_glyphs(_index_beside_a_pip(profile, joined=True), profile)
    assert rank is not None and rank.cut
