"""Whether a corner can hold an index at all, from the frame's ink masks, before any look at it.

A corner look (warp, glyph cutting, scoring, the recut and the faint and
colour looks) costs a few tenths of a millisecond.  About a third of the
corners a frame finds show no index: the corners of a deck that prints a
lone pip where the others print their index, the bends of a card's edge
over another, pips and pictures.  An index has a suit, and a suit printed
solid has ink at its centre (where a bare corner or a lone pip in the
rank's place leaves paper).  That centre moves out from the corner with
the card's size, so it is looked for along the whole line of centres of
every card size the reader may cut the corner at: a corner with no ink
anywhere on that line cannot be read at any of them.
"""

from __future__ import annotations

import math
from typing import Optional

import cv2
import numpy as np

from dealer_assist.vision.detect import MASK_SCALE, Corner, Masks
from dealer_assist.vision.glyphs import INK
from dealer_assist.vision.profile import Profile

_WINDOW = np.ones((3, 3), np.uint8)


def solid_suits(profile: Profile) -> bool:
    """Whether every suit template is ink at its centre (at least :data:`.glyphs.INK` over the
    middle 3 x 3 pixels): only then does a suit's centre tell an index.  A deck printing
    outlined suits reads without this test."""
    for t in profile.suit_templates.values():
        h, w = t.shape[:2]
        if h < 3 or w < 3 or float(t[h // 2 - 1:h // 2 + 2, w // 2 - 1:w // 2 + 2].min()) < INK:
            return False
    return bool(profile.suit_templates)


class SuitReach:
    """The frame's ink near each mask pixel, and the test of a corner's line of suit centres.

    Ink is what ``whole`` encloses and the bays of glyphs joined to a card's
    edge.  A notched corner's index (another card lies over its tip) may be
    joined by that card's edge line to what is no paper at all, in ways the
    bay mask does not seal: for it, and for every corner when the masks hold
    no bay ink (``all_felt``), whatever is not card paper counts too.
    """

    def __init__(self, profile: Profile, masks: Masks, all_felt: bool) -> None:
        ink = masks.ink
        if masks.bay_ink is not None:
            ink = cv2.bitwise_or(ink, masks.bay_ink)
        self._ink, self._whole = ink, masks.whole
        self._near_felt: Optional[np.ndarray] = None  # worked out at the first corner that asks for it
        self._near = self._with_felt() if all_felt else cv2.dilate(ink, _WINDOW)
        self._box = profile.suit_box

    def _with_felt(self) -> np.ndarray:
        """Ink or no card paper within a pixel of each mask pixel (see :meth:`may_hold_index`)."""
        if self._near_felt is None:
            self._near_felt = cv2.dilate(cv2.bitwise_or(self._ink, cv2.bitwise_not(self._whole)), _WINDOW)
        return self._near_felt

    def may_hold_index(self, c: Corner, card_w: float, card_h: float, lo: float, hi: float) -> bool:
        """Whether ink lies on the line of suit centres of cards ``lo`` to ``hi`` times
        ``card_w`` x ``card_h`` at corner ``c``; True when the line leaves the frame
        (beyond it nothing is known).  Ink means within a pixel of the line: the masks are at
        half size, a corner found is a pixel off, and a stroke's slide of the cut
        (see ``Recognizer._read_slid``) moves it about as much."""
        u, v = self._box.cu * card_w, self._box.cv * card_h
        dx = (u * c.wdir[0] + v * c.hdir[0]) * MASK_SCALE
        dy = (u * c.wdir[1] + v * c.hdir[1]) * MASK_SCALE
        # Samples at most a mask pixel apart: with the 3 x 3 window the line is covered whole.
        n = int(math.ceil(math.hypot(dx, dy) * (hi - lo))) + 2
        s = np.linspace(lo, hi, n)
        xs = np.rint(c.x * MASK_SCALE + s * dx).astype(np.intp)
        ys = np.rint(c.y * MASK_SCALE + s * dy).astype(np.intp)
        near = self._with_felt() if c.notched else self._near
        rows, cols = near.shape[:2]
        if xs.min() < 1 or ys.min() < 1 or xs.max() >= cols - 1 or ys.max() >= rows - 1:
            return True
        return bool(near[ys, xs].any())
