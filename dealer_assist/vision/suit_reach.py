"""Whether a corner can hold an index at all, from the frame's ink masks, before any look at it.

A corner look (warp, glyph cutting, scoring, the recut and the faint and
colour looks) costs a few tenths of a millisecond.  About a third of the
corners a frame finds show no index: the corners of a deck that prints a
lone pip where the others print their index, the bends of a card's edge
over another, pips and pictures.  An index has a suit, and a suit printed
solid has ink near its centre (where a bare corner or a lone pip in the
rank's place leaves paper).  That centre moves out from the corner with
the card's size, so ink is looked for near the whole line of centres of
every card size the reader may cut the corner at: a corner with no ink
anywhere near that line cannot be read at any of them.
"""

from __future__ import annotations

import math
from functools import lru_cache

import cv2
import numpy as np

from dealer_assist.vision.detect import MASK_SCALE, Corner, Masks
from dealer_assist.vision.ink import INK
from dealer_assist.vision.profile import Profile


#: Pixels of a corner's line of suit centres first looked at alone, before the windows around
#: every one (an index's suit centre lies on the line near the guessed size: a few pixels).
FIRST_LOOKS = 5


def solid_suits(profile: Profile) -> bool:
    """Whether every suit template is ink at its centre (at least :data:`.ink.INK` over the
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
        self._masks = masks
        self._all_felt = all_felt
        self._box = profile.suit_box

    def may_hold_index(self, c: Corner, card_w: float, card_h: float, lo: float, hi: float) -> bool:
        """Whether ink lies on the line of suit centres of cards ``lo`` to ``hi`` times
        ``card_w`` x ``card_h`` at corner ``c``; True when the line leaves the frame
        (beyond it nothing is known).  Ink means within a quarter of a suit of the line (see
        :meth:`_reach`): the masks are at half size, a corner found is a pixel off, a stroke's
        slide of the cut (see ``Recognizer._read_slid``) moves it about as much, and a suit's
        own middle may be pale."""
        u, v = self._box.cu * card_w, self._box.cv * card_h
        dx = (u * c.wdir[0] + v * c.hdir[0]) * MASK_SCALE
        dy = (u * c.wdir[1] + v * c.hdir[1]) * MASK_SCALE
        x0, y0 = c.x * MASK_SCALE, c.y * MASK_SCALE
        m = self._masks
        rows, cols = m.ink.shape[:2]
        for s in (lo, hi):  # a straight line: inside the frame when both its ends are
            x, y = round(x0 + s * dx), round(y0 + s * dy)
            if not (1 <= x < cols - 1 and 1 <= y < rows - 1):
                return True
        # Samples at most a mask pixel apart (with the windows the line is covered whole),
        # from the guessed size outward: an index's suit is most often met at once.
        n = int(math.ceil(math.hypot(dx, dy) * (hi - lo))) + 1
        step = (hi - lo) / n
        mid = min(max(int(round((1.0 - lo) / step)), 0), n) if step > 0 else 0
        felt = c.notched or self._all_felt
        # First the line's own pixels nearest the guessed size (an index's suit centre, mostly).
        for d in range(FIRST_LOOKS):
            i = mid + ((d + 1) // 2 if d % 2 else -(d // 2))
            if 0 <= i <= n:
                y, x = round(y0 + (lo + i * step) * dy), round(x0 + (lo + i * step) * dx)
                if m.ink[y, x] or (m.bay_ink is not None and m.bay_ink[y, x]) or (felt and not m.whole[y, x]):
                    return True
        # Then every window around the line, on the line's own box of the masks.
        points = [(round(y0 + (lo + i * step) * dy), round(x0 + (lo + i * step) * dx)) for i in range(n + 1)]
        ys, xs = [p[0] for p in points], [p[1] for p in points]
        reach = self._reach(card_w, card_h)
        top, left = max(min(ys) - reach, 0), max(min(xs) - reach, 0)
        box = (slice(top, max(ys) + reach + 1), slice(left, max(xs) + reach + 1))
        ink = m.ink[box] if m.bay_ink is None else cv2.bitwise_or(m.ink[box], m.bay_ink[box])
        if felt:
            ink = cv2.bitwise_or(ink, cv2.bitwise_not(m.whole[box]))
        near = cv2.dilate(ink, _window(reach))
        return any(near[y - top, x - left] for y, x in points)

    def _reach(self, card_w: float, card_h: float) -> int:
        """How far (mask pixels) from the line ink may lie and count: a quarter of a suit at the
        guessed size.  The suit's centre is not always ink (a held-out Swiss deck's tens print a
        suit with a pale middle: three tens were passed over at a pixel's reach)."""
        box = self._box
        return max(1, int(0.25 * MASK_SCALE * min((box.u1 - box.u0) * card_w, (box.v1 - box.v0) * card_h)))


@lru_cache(maxsize=16)
def _window(reach: int) -> np.ndarray:
    return np.ones((2 * reach + 1, 2 * reach + 1), np.uint8)
