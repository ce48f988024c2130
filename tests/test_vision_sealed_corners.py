"""A corner whose index touches the card's edge line is found on the paper with its bays sealed.

Found on bellot (a French deck printing its index right against the card's
edge): the K of a king of hearts, two pixels from the edge, touches the
edge line at its serifs.  It is then no hole of the paper but a bay, the
thin paper between it and the edges is opened away, and the outline near
the corner wanders round the glyphs: neither the plain nor the split mask
shows the tip.  Sealing gaps narrower than a stroke (as the bay ink is
found, see ``detect.frame_masks``) makes the K a hole again; filled, the
paper keeps its corner.  The two images are crops of two benchmark frames
around such a corner, as the camera gave them.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.vision.detect import MASK_SCALE, Corner, find_corners, frame_masks, outlines_gaining
from dealer_assist.vision.recognize import _beyond

from drawn_cards import FELT

IMAGES = Path(__file__).resolve().parent / "images"
#: The recognizer's numbers for bellot's card size (mask pixels; see Recognizer.__init__).
BELLOT = dict(paper_min=89, hole_max=5513.0, bay_max=523.6)
LENGTHS = dict(min_long=21.6, min_short=4.34, max_gap=10.4, notch_gap=43.4)
#: Each crop's card tip and its edges' directions, from the frame's ground truth.
CROPS = [("bellot_kh_index_on_the_edge_a.png", (120.7, 80.9), (0.176, 0.984), (-0.984, 0.176)),
         ("bellot_kh_index_on_the_edge_b.png", (120.2, 120.2), (-0.417, 0.909), (-0.909, -0.417))]


def _masks(name: str):
    img = cv2.imread(str(IMAGES / name))
    assert img is not None, name
    small = cv2.resize(img, None, fx=MASK_SCALE, fy=MASK_SCALE, interpolation=cv2.INTER_AREA)
    return frame_masks(small, **BELLOT)


def _near(corners, tip, d):
    return [c for c in corners if np.hypot(c.x - tip[0], c.y - tip[1]) < d]


@pytest.mark.parametrize("name, tip, wdir, hdir", CROPS)
def test_the_tip_an_index_on_the_edge_line_hid_shows_on_the_sealed_paper(name, tip, wdir, hdir):
    masks = _masks(name)
    for plain in (masks.whole, masks.split):
        assert not _near(find_corners(plain, **LENGTHS), tip, 10.0)
    assert masks.sealed is not None
    found = _near(find_corners(masks.sealed, **LENGTHS), tip, 6.0)
    assert found, "no corner at the tip on the sealed paper"
    # The corner is the card's own: its edges run along the card's (either way round).
    c = found[0]
    edges = {tuple(np.round(c.wdir, 1)), tuple(np.round(c.hdir, 1))}
    assert edges == {tuple(np.round(wdir, 1)), tuple(np.round(hdir, 1))}
    # Only the outlines the sealing changed are searched (as the recognizer does): the tip is on one.
    gained = outlines_gaining(masks.sealed, masks.whole)
    assert _near(find_corners(masks.sealed, contours=gained, **LENGTHS), tip, 6.0)
    assert outlines_gaining(masks.whole, masks.whole) == []


def test_paper_without_a_bay_is_not_sealed_again():
    """A card whose glyphs all lie inside its paper: no sealed mask is made (nor searched)."""
    img = np.full((360, 480, 3), FELT, np.uint8)
    img[40:320, 60:240] = 240
    cv2.rectangle(img, (100, 100), (115, 125), (20, 20, 20), -1)
    small = cv2.resize(img, None, fx=MASK_SCALE, fy=MASK_SCALE, interpolation=cv2.INTER_AREA)
    assert frame_masks(small, hole_max=5000.0, bay_max=500.0).sealed is None


def _corner(x, y, wdir=(1.0, 0.0), hdir=(0.0, 1.0)):
    return Corner(x, y, wdir, hdir, 100.0, 150.0)


def test_a_sealed_corner_counts_only_beyond_one_found_along_the_same_edges():
    """The plain outline may already show a corner where the index's notch begins; the tip
    lies beyond it, off the card's paper.  A corner found again at the tip, or further in
    along the edges, is the same corner."""
    known = _corner(100.0, 118.0)
    assert _beyond(_corner(100.0, 100.0), known)  # 18 px out along the card's side
    assert _beyond(_corner(90.0, 118.0), known)  # out along its top
    assert not _beyond(_corner(101.0, 119.0), known)  # the same corner
    assert not _beyond(_corner(100.0, 130.0), known)  # further in: a bend of the notch
    assert not _beyond(_corner(100.0, 100.0, wdir=(0.0, 1.0), hdir=(-1.0, 0.0)), known)  # another corner
