"""Which corners seen but not read are worth a look at other card sizes (see Recognizer.recognize)."""

from __future__ import annotations


import cv2
import numpy as np
import pytest

from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.recognize import Recognizer
from frame_truth import setup_shot_corner



@pytest.fixture(scope="module")
def shot():
    """The anglo recognizer, a real set-up shot of the 7C and its top-left corner (x, y, wdir, hdir, w, h)."""
    frame, corner = setup_shot_corner("anglo", "7C")
    return Recognizer(Profile.load(default_profile_path())), frame, corner


def test_a_printed_index_is_an_index_seen(shot):
    anglo, frame, corner = shot
    m = anglo.matcher
    read = m.read_corner(frame, *corner)
    assert read is not None and read.best("rank")[0] == "7"
    assert m.seen and m.saw_an_index(m.seen)


def _pip_for_index(p, frame, corner):
    """The frame with the corner's index painted out in paper and, where the rank stood, a solid
    diamond half as tall again as a rank (no rank's shape)."""
    x0, y0, _, _, w, h = corner
    region, rank = p.index_region(), p.rank_box
    paper = frame[int(y0 + 0.5 * h), int(x0 + 0.5 * w)].tolist()
    out = frame.copy()
    cv2.rectangle(out, (int(x0), int(y0)), (int(x0 + region.u1 * w), int(y0 + region.v1 * h)), paper, cv2.FILLED)
    r = 1.5 * p.rank_h * h / 2
    cx, cy = x0 + rank.cu * w, y0 + rank.v0 * h + r
    cv2.fillConvexPoly(out, np.array([[cx, cy - r], [cx + 0.7 * r, cy], [cx, cy + r], [cx - 0.7 * r, cy]], np.int32),
                       (30, 30, 30))
    return out


def test_a_lone_pip_taller_than_a_rank_is_seen_but_is_no_index(shot):
    """A corner showing only a pip (some decks print one in every corner): the look finds a glyph
    taller than a rank, so it "saw glyphs", but a lone shape that scores as no rank is no index,
    at this card size or any other."""
    anglo, frame, corner = shot
    pip = _pip_for_index(anglo.profile, frame, corner)
    m = anglo.matcher
    assert m.read_corner(pip, *corner) is None
    assert m.saw_glyphs and len(m.seen) == 1 and not m.seen[0][1]  # one lone glyph, no suit beside it
    assert not m.saw_an_index(m.seen)


def test_a_clear_rank_beside_a_suit_is_worth_a_retry(shot):
    """An index whose look did not score (a glyph's height off) is still tried at other sizes when
    its rank reads as clearly as a sure read's with a suit beside it: not a rank alone, nor a
    shape scoring as no rank, even with something beside it."""
    anglo, frame, corner = shot
    m = anglo.matcher
    m.read_corner(frame, *corner)
    seen = list(m.seen)
    assert seen and m.saw_a_clear_rank(seen)
    assert not m.saw_a_clear_rank([(rank, False) for rank, _ in seen])
    blob = _pip_for_index(anglo.profile, frame, corner)
    m.read_corner(blob, *corner)
    assert m.seen
    assert not m.saw_a_clear_rank([(g, True) for g, _ in m.seen])
