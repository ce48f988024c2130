"""Corners whose paper the index cut in two: joined across two outlines (detect.find_corners, ``bridge``)."""

from __future__ import annotations

import cv2
import numpy as np

from drawn_cards import FELT, KW, draw, rounded

from dealer_assist.vision.detect import MASK_SCALE, find_corners, paper_masks

ANGLE = 6
NOTCH = dict(KW, notch_gap=40)


def _axes(angle: float = ANGLE):
    a = np.radians(angle)
    return np.array([np.cos(a), np.sin(a)]), np.array([-np.sin(a), np.cos(a)])


def _fill(img, tip, wdir, hdir, u0, v0, u1, v1):
    """Ink over the box ``u0..u1`` across and ``v0..v1`` down from a card's top-left ``tip``."""
    quad = np.array([tip + u0 * wdir + v0 * hdir, tip + u1 * wdir + v0 * hdir,
                     tip + u1 * wdir + v1 * hdir, tip + u0 * wdir + v1 * hdir])
    cv2.fillPoly(img, [np.int32(np.round(quad))], (30, 30, 30))


def _split(img):
    """The split mask, its holes filled up to half a card's area (as the recognizer's are)."""
    small = cv2.resize(img, None, fx=MASK_SCALE, fy=MASK_SCALE, interpolation=cv2.INTER_AREA)
    return paper_masks(small, hole_max=0.5 * 85 * 130)[1]


def _scene(island: bool = True):
    """A card on felt whose print cuts its top-left corner's paper in two (as a column of pips run
    into the index does): a bar down the card beside its left edge, joined to its top edge line,
    and the index's ink from that bar across to the left edge line.  The tip's paper is left an
    island, unless ``island`` is False (ink over the tip too)."""
    img = np.full((720, 1280, 3), FELT, np.uint8)
    outline, square = rounded(np.array([640.0, 360.0]), ANGLE)
    draw(img, outline)
    wdir, hdir = _axes()
    tip = square[0]
    _fill(img, tip, wdir, hdir, 22, -2, 34, 262)  # the bar: the left edge's strip is an outline of its own
    _fill(img, tip, wdir, hdir, -2, 24, 34, 36)  # the index: the tip is cut off the strip
    if not island:
        _fill(img, tip, wdir, hdir, 3, 3, 34, 36)
    return _split(img), tip


def _near(corners, p, d):
    return [c for c in corners if np.hypot(c.x - p[0], c.y - p[1]) < d]


def test_a_corner_whose_paper_the_index_cut_in_two_is_joined_across_the_outlines():
    split, tip = _scene()
    assert not _near(find_corners(split, **NOTCH), tip, 10.0)  # neither outline holds the corner
    found = _near(find_corners(split, bridge=True, **NOTCH), tip, 6.0)
    assert len(found) == 1
    c = found[0]
    assert c.notched and c.outside  # a guess: read strictly, only where an index is printed
    wdir, hdir = _axes()
    assert c.wdir[0] * c.hdir[1] - c.wdir[1] * c.hdir[0] > 0
    assert np.dot(c.wdir, wdir) > 0.98 and np.dot(c.hdir, hdir) > 0.98
    assert c.wlen > 100 and c.hlen > 200  # each edge seen from the tip to its run's far end


def test_no_corner_is_joined_where_the_tip_is_not_seen():
    split, tip = _scene(island=False)
    assert not _near(find_corners(split, bridge=True, **NOTCH), tip, 10.0)


def test_two_cards_whose_edges_meet_square_on_the_felt_make_no_corner():
    """One card lying on another, their edges run out square past the lower card's corner:
    where their lines meet lies felt, no tip."""
    img = np.full((720, 1280, 3), FELT, np.uint8)
    under, _ = rounded(np.array([620.0, 300.0]), 0)
    top, square = rounded(np.array([660.0, 350.0]), 0)
    draw(img, under)
    draw(img, top)
    split = _split(img)
    meet = np.array([620.0 - 85, 350.0 + 130])  # the under card's left edge meets the top card's bottom edge
    assert not _near(find_corners(split, bridge=True, **NOTCH), meet, 20.0)


def test_two_cards_whose_edges_meet_square_on_a_third_card_make_no_corner():
    """The same two cards lying on a third one: where their lines meet lies paper, but of the
    card underneath, and neither edge goes on to that point (paper beside it on both sides)."""
    img = np.full((720, 1280, 3), FELT, np.uint8)
    sheet, _ = rounded(np.array([560.0, 520.0]), 0, w=260, h=200)
    draw(img, sheet)
    under, _ = rounded(np.array([620.0, 300.0]), 0)
    top, square = rounded(np.array([660.0, 350.0]), 0)
    draw(img, under)
    draw(img, top)
    split = _split(img)
    meet = np.array([620.0 - 85, 350.0 + 130])
    assert not _near(find_corners(split, bridge=True, **NOTCH), meet, 20.0)
