"""Corner finding on drawn scenes whose geometry is known exactly."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from dealer_assist.vision.detect import MASK_SCALE, find_corners, find_quads, merge_corners, paper_masks

FELT = (40, 110, 45)


def _card(img, center, angle_deg, w=170, h=260, edge=(150, 150, 150)):
    """Draw a white card with a thin grey edge; return its corners TL, TR, BR, BL."""
    a = np.radians(angle_deg)
    rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    pts = np.array([[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]]) @ rot.T + center
    cv2.fillPoly(img, [np.int32(np.round(pts * 4))], (245, 246, 246), cv2.LINE_AA, shift=2)
    cv2.polylines(img, [np.int32(np.round(pts * 4))], True, edge, 1, cv2.LINE_AA, shift=2)
    return pts


def _corners(img):
    small = cv2.resize(img, None, fx=MASK_SCALE, fy=MASK_SCALE, interpolation=cv2.INTER_AREA)
    whole, split = paper_masks(small, hole_max=20000)
    kw = dict(min_long=22, min_short=5, max_gap=10)
    return merge_corners(find_corners(split, **kw), find_corners(whole, **kw)), split


@pytest.mark.parametrize("angle", [0, 17, 45, 90, 133, 200, 301])
def test_every_corner_of_a_lone_card_with_handed_edges(angle):
    img = np.full((720, 1280, 3), FELT, np.uint8)
    pts = _card(img, np.array([640.0, 360.0]), angle)
    corners, split = _corners(img)
    assert len(corners) == 4
    for k in range(4):
        c = min(corners, key=lambda c: np.hypot(c.x - pts[k][0], c.y - pts[k][1]))
        assert np.hypot(c.x - pts[k][0], c.y - pts[k][1]) < 3.0
        # Edges point along the card's sides, handed like an upright top-left corner.
        sides = [(pts[(k + 1) % 4] - pts[k]), (pts[(k + 3) % 4] - pts[k])]
        for d in (c.wdir, c.hdir):
            assert max(abs(np.dot(d, s / np.linalg.norm(s))) for s in sides) > 0.99
        assert c.wdir[0] * c.hdir[1] - c.wdir[1] * c.hdir[0] > 0.9
    quads = find_quads(split, 170 / 260, min_short=40)
    assert len(quads) == 1 and quads[0].long == pytest.approx(260, rel=0.03)


def test_a_corner_lying_on_another_card_is_found():
    """White on white: the top card's corner shows only by its thin edge line."""
    img = np.full((720, 1280, 3), FELT, np.uint8)
    _card(img, np.array([600.0, 340.0]), 10)
    top = _card(img, np.array([660.0, 400.0]), 10)
    corners, _ = _corners(img)
    tl = top[0]  # lies on the lower card
    assert min(np.hypot(c.x - tl[0], c.y - tl[1]) for c in corners) < 4.0


def test_felt_chips_and_layout_lines_give_no_corners():
    img = np.full((720, 1280, 3), FELT, np.uint8)
    cv2.circle(img, (400, 300), 120, (200, 215, 215), 2, cv2.LINE_AA)
    cv2.line(img, (100, 600), (1200, 600), (200, 215, 215), 2, cv2.LINE_AA)
    cv2.circle(img, (900, 300), 40, (30, 30, 200), -1)
    corners, _ = _corners(img)
    assert corners == []


def _notched_card(angle):
    """A card whose top-left index ink runs into its edges and eats the tip (as tango prints its 10)."""
    img = np.full((720, 1280, 3), FELT, np.uint8)
    pts = _card(img, np.array([640.0, 360.0]), angle)
    a = np.radians(angle)
    u, v = np.array([np.cos(a), np.sin(a)]), np.array([-np.sin(a), np.cos(a)])
    ink = np.array([pts[0] + 6 * u - 4 * v, pts[0] + 30 * u - 4 * v, pts[0] + 30 * u + 40 * v,
                    pts[0] - 4 * u + 40 * v, pts[0] - 4 * u + 6 * v])
    cv2.fillPoly(img, [np.int32(np.round(ink * 4))], (30, 30, 200), cv2.LINE_AA, shift=2)
    return img, pts


def _whole_corners(img, **extra):
    small = cv2.resize(img, None, fx=MASK_SCALE, fy=MASK_SCALE, interpolation=cv2.INTER_AREA)
    whole, _ = paper_masks(small, hole_max=20000)
    return find_corners(whole, min_long=22, min_short=5, max_gap=10, **extra)


@pytest.mark.parametrize("angle", [0, 30, 125])
def test_a_corner_eaten_by_its_index_is_bridged_only_when_asked(angle):
    img, pts = _notched_card(angle)
    tl = pts[0]
    plain = _whole_corners(img)
    assert min((np.hypot(c.x - tl[0], c.y - tl[1]) for c in plain), default=99) > 6.0
    bridged = _whole_corners(img, notch_gap=40)
    near = [c for c in bridged if np.hypot(c.x - tl[0], c.y - tl[1]) < 4.0]
    assert len(near) == 1 and near[0].notched
    # The three untouched corners are still found the ordinary way.
    for p in pts[1:]:
        assert any(np.hypot(c.x - p[0], c.y - p[1]) < 3.0 and not c.notched for c in bridged)



def _card_with_deep_notch(angle):
    """A card whose index is printed across its top edge beside the tip: a notch with long walls.

    The notch (24 x 50 px, from 12 px beside the tip) is as deep as an edge
    run is long, so the runs either side of it are two walls apart.
    """
    img = np.full((720, 1280, 3), FELT, np.uint8)
    pts = _card(img, np.array([640.0, 360.0]), angle)
    a = np.radians(angle)
    u, v = np.array([np.cos(a), np.sin(a)]), np.array([-np.sin(a), np.cos(a)])
    ink = np.array([pts[0] + 12 * u - 4 * v, pts[0] + 36 * u - 4 * v, pts[0] + 36 * u + 50 * v, pts[0] + 12 * u + 50 * v])
    cv2.fillPoly(img, [np.int32(np.round(ink * 4))], (30, 30, 200), cv2.LINE_AA, shift=2)
    return img, pts


@pytest.mark.parametrize("angle", [0, 20, 160])
def test_a_corner_beside_a_deep_notch_is_bridged_across_its_walls(angle, monkeypatch):
    img, pts = _card_with_deep_notch(angle)
    tl = pts[0]
    bridged = _whole_corners(img, notch_gap=40)
    near = [c for c in bridged if np.hypot(c.x - tl[0], c.y - tl[1]) < 4.0]
    assert len(near) == 1 and near[0].notched
    # The corner's edges are the card's: the side and the top beyond the notch.
    assert abs(np.dot(near[0].wdir, (pts[1] - tl) / np.linalg.norm(pts[1] - tl))) > 0.99
    # Without stepping over the walls, the side pairs with the notch's wall and no corner comes out there.
    monkeypatch.setattr("dealer_assist.vision.detect.NOTCH_WALLS", 0)
    walled = _whole_corners(img, notch_gap=40)
    assert min((np.hypot(c.x - tl[0], c.y - tl[1]) for c in walled), default=99) > 4.0


def test_a_notch_farther_from_the_corner_than_the_bridge_reaches_is_not_bridged():
    img, pts = _card_with_deep_notch(0)
    tl = pts[0]
    bridged = _whole_corners(img, notch_gap=20)
    assert min((np.hypot(c.x - tl[0], c.y - tl[1]) for c in bridged), default=99) > 4.0


@pytest.mark.parametrize("darkest", [1, 97, 180, 255])
def test_paper_is_bright_and_tinted_no_more_than_its_brightness_allows(darkest):
    from dealer_assist.vision.detect import _paper

    # Every pair of darkest and brightest channel levels, in a frame of an odd width too.
    lo, hi = (a.astype(np.uint8) for a in np.meshgrid(np.arange(256), np.arange(256)))
    for cut in (slice(None), slice(0, 253)):
        l, h = lo[:, cut].astype(int), hi[:, cut].astype(int)
        want = (l >= darkest) & (h - l < np.round(h / 4) + 12)  # numpy rounds half to even
        assert ((_paper(lo[:, cut].copy(), hi[:, cut].copy(), darkest) > 0) == want).all()
