"""Corners found from outside: the concave bend of the card underneath around a top card's corner."""

from __future__ import annotations

import cv2
import numpy as np

from drawn_cards import FELT, KW, draw, rounded

from dealer_assist.vision.detect import MASK_SCALE, find_corners, paper_masks


def _scene(blot: bool):
    """A card lying on another's paper; ``blot`` prints ink into its top-left corner, joined to its edge line."""
    img = np.full((720, 1280, 3), FELT, np.uint8)
    under, _ = rounded(np.array([600.0, 380.0]), 8)
    top, square = rounded(np.array([660.0, 450.0]), 8)
    draw(img, under)
    draw(img, top)
    if blot:
        # An index printed into the corner: ink from a few pixels inside the tip out to its edge line.
        a = np.radians(8)
        wdir, hdir = np.array([np.cos(a), np.sin(a)]), np.array([-np.sin(a), np.cos(a)])
        tip = square[0]
        quad = np.array([tip + 3 * wdir + 3 * hdir, tip + 40 * wdir + 3 * hdir,
                         tip + 40 * wdir + 60 * hdir, tip + 3 * wdir + 60 * hdir])
        cv2.fillPoly(img, [np.int32(np.round(quad))], (30, 30, 30))
    small = cv2.resize(img, None, fx=MASK_SCALE, fy=MASK_SCALE, interpolation=cv2.INTER_AREA)
    _, split = paper_masks(small, hole_max=20000)
    return split, square[0]


def _near(corners, p, d=4.0):
    return [c for c in corners if np.hypot(c.x - p[0], c.y - p[1]) < d]


def test_a_corner_eaten_by_its_index_is_found_from_outside():
    split, tip = _scene(blot=True)
    assert not _near(find_corners(split, **KW), tip, 8.0)  # its own outline lost it
    # Seen from outside, the corner lies off the card by its edge line's width.
    found = _near(find_corners(split, concave=True, **KW), tip, 6.0)
    assert len(found) == 1 and found[0].outside and found[0].notched
    c = found[0]
    a = np.radians(8)
    # Handed like an upright top-left corner: along the width, then down the height.
    assert c.wdir[0] * np.cos(a) + c.wdir[1] * np.sin(a) > 0.98
    assert -c.hdir[0] * np.sin(a) + c.hdir[1] * np.cos(a) > 0.98


def test_edges_crossing_sharp_make_no_corner():
    """Straight edges meeting square without a card's rounding bend the outline sharp: no corner from outside."""
    img = np.full((720, 1280, 3), FELT, np.uint8)
    cv2.rectangle(img, (300, 200), (900, 560), (245, 246, 246), -1)  # a wide sheet of paper under
    # A square-cornered strip whose end lies on it, edges drawn: its corners bend the sheet's outline sharp.
    cv2.rectangle(img, (500, 100), (640, 420), (245, 246, 246), -1)
    cv2.rectangle(img, (500, 100), (640, 420), (60, 60, 60), 2)
    small = cv2.resize(img, None, fx=MASK_SCALE, fy=MASK_SCALE, interpolation=cv2.INTER_AREA)
    _, split = paper_masks(small, hole_max=20000)
    assert not [c for c in find_corners(split, concave=True, **KW) if c.outside]


def test_an_index_is_looked_for_at_the_sizes_a_card_of_the_frame_may_have():
    """A guessed corner is read only where its index shows; a card lying a fifth smaller than the
    set-up's (no card seen whole to tell) prints its suit above where the set-up's size puts it."""
    from dealer_assist.vision.detect import Corner
    from dealer_assist.vision.profile import Profile, default_profile_path
    from dealer_assist.vision.recognize import Recognizer

    rec = Recognizer(Profile.load(default_profile_path()))
    p = rec.profile
    k = 0.82
    h = p.card_h_px * k
    w = h * p.aspect
    img = np.full((720, 1280, 3), FELT, np.uint8)
    outline, square = rounded(np.array([640.0, 360.0]), 0, w=w, h=h)
    draw(img, outline)
    tip = square[0]
    rank = tip + (p.rank_box.cu * w, p.rank_box.cv * h)
    half_rank = np.array([0.12, 0.5]) * p.rank_h * h
    cv2.rectangle(img, tuple(int(v) for v in rank - half_rank), tuple(int(v) for v in rank + half_rank), (30, 30, 30), -1)
    suit = tip + (p.suit_box.cu * w, p.suit_box.cv * h)
    cv2.circle(img, tuple(int(v) for v in suit), int(p.suit_h * h / 2), (30, 30, 30), -1)
    masks = rec.masks(img)
    corner = Corner(float(tip[0]), float(tip[1]), (1.0, 0.0), (0.0, 1.0), w, h, notched=True, outside=True)
    assert rec._index_printed(corner, masks)
    # A card seen whole tells the frame's size: only the set-up's is then looked at (anglo's real
    # frames read 4% more guessed corners at three sizes, and not one card more).
    whole = np.full((720, 1280, 3), FELT, np.uint8)
    draw(whole, rounded(np.array([300.0, 360.0]), 0, w=p.card_h_px * p.aspect, h=p.card_h_px)[0])
    rec.recognize(whole)
    assert rec._printed_sizes == (1.0,)
    assert not rec._index_printed(corner, masks)
    rec.recognize(np.full((720, 1280, 3), FELT, np.uint8))
    assert rec._printed_sizes == (1.0, 0.85, 1.15)
