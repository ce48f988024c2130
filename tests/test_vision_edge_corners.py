"""Corners found by following a card's edge line past index ink joined to it (vision/edge_corners.py)."""

from __future__ import annotations

import cv2
import numpy as np

from drawn_cards import FELT, KW, draw, rounded

from dealer_assist.vision.detect import MASK_SCALE, find_corners, outline_runs, outlines, paper_masks
from dealer_assist.vision.edge_corners import edge_line_corners

ANGLE = 8


def _scene(ink: bool = True):
    """A card on another's paper, a rank and a suit printed into its top-left corner, both joined to its edge lines.

    The card underneath prints a pip running under the top card's left edge beside the tip: its
    outline does not bend around the tip either (no corner from outside).
    """
    img = np.full((720, 1280, 3), FELT, np.uint8)
    under, _ = rounded(np.array([600.0, 380.0]), ANGLE)
    top, square = rounded(np.array([660.0, 450.0]), ANGLE)
    draw(img, under)
    a = np.radians(ANGLE)
    wdir, hdir = np.array([np.cos(a), np.sin(a)]), np.array([-np.sin(a), np.cos(a)])
    tip = square[0]
    pip = np.array([tip - 24 * wdir + 6 * hdir, tip + 4 * wdir + 6 * hdir,
                    tip + 4 * wdir + 40 * hdir, tip - 24 * wdir + 40 * hdir])
    if ink:
        cv2.fillPoly(img, [np.int32(np.round(pip))], (30, 30, 30))
    draw(img, top)
    # The rank touches the top edge line, the suit the left one; the tip's paper between them stays.
    for u0, v0, u1, v1 in ((14, 0, 34, 30), (0, 36, 26, 58)) if ink else ():
        quad = np.array([tip + u0 * wdir + v0 * hdir, tip + u1 * wdir + v0 * hdir,
                         tip + u1 * wdir + v1 * hdir, tip + u0 * wdir + v1 * hdir])
        cv2.fillPoly(img, [np.int32(np.round(quad))], (30, 30, 30))
    small = cv2.resize(img, None, fx=MASK_SCALE, fy=MASK_SCALE, interpolation=cv2.INTER_AREA)
    _, split = paper_masks(small, hole_max=20000)
    return split, square, wdir, hdir


def _near(corners, p, d):
    return [c for c in corners if np.hypot(c.x - p[0], c.y - p[1]) < d]


def test_a_corner_whose_edges_meet_index_ink_is_found_along_its_edge_lines():
    split, square, wdir, hdir = _scene()
    tip = square[0]
    assert not _near(find_corners(split, concave=True, **KW), tip, 8.0)  # the outlines lost it
    found = _near(edge_line_corners(split, outlines(split), [], reach=40, **KW), tip, 8.0)
    assert len(found) == 1
    c = found[0]
    assert c.notched and c.outside  # inferred: read strictly, only where an index is printed
    # The two edges, in the unmirrored order (cross(wdir, hdir) > 0), along the card's sides.
    assert c.wdir[0] * c.hdir[1] - c.wdir[1] * c.hdir[0] > 0
    assert np.dot(c.wdir, wdir) > 0.98 and np.dot(c.hdir, hdir) > 0.98


def test_edges_going_under_another_card_make_no_corner():
    split, square, _, _ = _scene(ink=False)
    found = edge_line_corners(split, outlines(split), [], reach=40, **KW)
    # Only the top card's corner on the other's paper is found: where the card underneath runs under the top card's edge
    # (a T), or where an edge runs out to the felt, there is none.
    assert all(np.hypot(c.x - square[0][0], c.y - square[0][1]) < 8.0 for c in found)



def test_the_outline_search_runs_handed_on_give_the_same_corners():
    split, square, _, _ = _scene()
    contours = outlines(split)
    runs = outline_runs(split, contours, min_long=KW["min_long"], min_short=KW["min_short"])
    # The outline search fits lines to the runs it pairs (kept in the table): the follower fits its own.
    find_corners(split, contours=contours, concave=True, runs=runs, **KW)
    handed = edge_line_corners(split, contours, [], reach=40, runs=runs, **KW)
    assert handed and handed == edge_line_corners(split, contours, [], reach=40, **KW)
