"""Where a card's tip lies behind a corner found down its edge: the index cut the tip's paper off.

Some designs print the index so close to the card's edge, or to its black
outline, that the rank touches it (a penguin deck's kings, bellot's court
cards), or frame their pictures with a line close beside the index (the
Russian decks' jacks).  The paper between the index and the tip is then a
sliver the masks' opening takes away, or an island a line cuts off, and the
card's outline turns its corner further down one edge, past the index:
along the card's width by about the index's width, or along its height by
about its height.  Read there, the corner shows no index (the glyphs lie
outside its cut), and neither does the glyph pairs' search, where the rank
joined to the edge line is no hole in the paper.  Of the 66 cards the 35
rendered designs' table frames missed, 16 were missed so.

Such a corner shows itself by its sides: the one running along the cut-off
island's side is short (at most the index's extent across it), the other a
card's side.  Its tip is looked for back along the long side, within the
index's extent along it, where the index's rank and suit centres both fall
on ink (or on what is not paper: a rank joined to the edge line), one of
them on ink the paper encloses (beyond a card's tip lies the felt, which is
not paper either).  The tip was not seen, so a read there is judged as at a
notched corner.  Only cards that no other corner or glyph pair read are
looked for so (see :func:`tip_already_read`).
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from dealer_assist.vision.card_groups import CornerRead
from dealer_assist.vision.detect import MASK_SCALE, Corner, Masks
from dealer_assist.vision.profile import Profile

#: The index's extent (the farther edge of its rank and suit boxes) times this bounds how far a tip
#: is looked for behind a corner, and how long the corner's short side may be: glyphs printed a
#: little off the set-up's place, and a card a little bigger than guessed.
INDEX_SLACK = 1.25

#: The corner's long side is at least this many times its short side.
LONG_TO_SHORT = 2.0

#: Steps (shares of the card's side) of the search for the tip.
STEP = 0.02

#: Of the 5 x 5 mask pixels at each glyph's centre, at least this many are ink or not paper, and
#: at one of the two centres at least this many are ink the paper encloses.
CENTRE_INK = 8

#: Tips looked for along each side, nearest first.
RUNS = 2

#: A sure read's card has a corner within this share of the card's width of the corner's edge line
#: (:data:`NEAR_ALONG` along it): that card's tip, read from its other index, already placed.
NEAR_ACROSS = 0.06
NEAR_ALONG = 0.3


def tips_behind(c: Corner, masks: Masks, profile: Profile, card_w: float, card_h: float) -> list[Corner]:
    """The tips (as notched corners) a corner found down a card's edge may lie behind, nearest
    first, at most :data:`RUNS` along each side: none where neither side is short enough to
    run along a cut-off index, or the other side not long enough to be a card's."""
    rb, sb = profile.rank_box, profile.suit_box
    index_w = max(rb.u1, sb.u1) * card_w * INDEX_SLACK
    index_h = max(rb.v1, sb.v1) * card_h * INDEX_SLACK
    out = []
    # Back along the width side where the height side is short (it runs down the island's
    # side), back along the height side where the width side is.
    for along, side, reach, short, long, across in ((c.wdir, card_w, index_w, c.hlen, c.wlen, index_h),
                                                    (c.hdir, card_h, index_h, c.wlen, c.hlen, index_w)):
        if short > across or long < LONG_TO_SHORT * short:
            continue
        out += [replace(c, x=x, y=y, notched=True)
                for x, y in _inked_tips(c, along, STEP * side, reach, masks, profile, card_w, card_h)]
    return out


def _inked_tips(c: Corner, along, step: float, reach: float, masks: Masks, profile: Profile, card_w: float,
                card_h: float) -> list[tuple[float, float]]:
    """The points back ``along`` a side from ``c``, in steps of ``step`` up to ``reach``, one in each
    run of steps whose index's glyph centres both fall on ink (see :data:`CENTRE_INK`), nearest
    first, at most :data:`RUNS`: the step where they hold the most ink (the middle of such steps).

    Each glyph centre stays on ink while it moves across its glyph, and on along the index's
    height where the rank and suit stand one above the other (and a picture beside them): the
    run's ends are where one slips off, and where both sit on their glyphs' cores they hold the
    most ink.  Short of the tip the centres can fall on the card's other print (a king's picture
    beside his index) as well: the nearest run need not be the index's.
    """
    centres = [(box.cu * card_w, box.cv * card_h) for box in (profile.rank_box, profile.suit_box)]
    runs: list[list[tuple[int, float]]] = []
    ended = True
    for d in np.arange(step, reach + 1e-9, step):
        x0, y0 = c.x - d * along[0], c.y - d * along[1]
        looks = []
        for u, v in centres:
            look = _centre_ink(masks, x0 + u * c.wdir[0] + v * c.hdir[0], y0 + u * c.wdir[1] + v * c.hdir[1])
            if look is None or look[0] < CENTRE_INK:
                break  # off ink: the other glyph's centre need not be looked at
            looks.append(look)
        if len(looks) < len(centres) or max(look[1] for look in looks) < CENTRE_INK:
            ended = True
            continue
        if ended:
            runs.append([])
        runs[-1].append((sum(look[0] for look in looks), float(d)))
        ended = False
    out = []
    for run in runs[:RUNS]:
        most = max(total for total, _ in run)
        at = [d for total, d in run if total == most]
        d = (at[0] + at[-1]) / 2
        out.append((float(c.x - d * along[0]), float(c.y - d * along[1])))
    return out


def _centre_ink(masks: Masks, x: float, y: float):
    """``(ink, enclosed)``: of the 5 x 5 mask pixels at frame point ``(x, y)``, those that are ink or
    not paper, and those that are ink the paper encloses; None off the masks."""
    rows, cols = masks.whole.shape[:2]
    x, y = int(round(x * MASK_SCALE)), int(round(y * MASK_SCALE))
    if not (2 <= x < cols - 2 and 2 <= y < rows - 2):
        return None
    enclosed = cv2.countNonZero(masks.ink[y - 2:y + 3, x - 2:x + 3])
    return enclosed + 25 - cv2.countNonZero(masks.whole[y - 2:y + 3, x - 2:x + 3]), enclosed


def tip_already_read(c: Corner, reads: list[CornerRead], card_w: float, card_h: float) -> bool:
    """Whether a sure read's card has a corner on one of ``c``'s edge lines close by: the card
    ``c`` lies on was read from its other index (its tip lies behind ``c``, so the read's
    own corner is not ``c``, and the read corners' spare tests do not see it)."""
    for cr in reads:
        if not cr.sure:
            continue
        for vx, vy in cr.quad:
            dx, dy = vx - c.x, vy - c.y
            along_w = dx * c.wdir[0] + dy * c.wdir[1]
            along_h = dx * c.hdir[0] + dy * c.hdir[1]
            if ((abs(along_h) < NEAR_ACROSS * card_w and abs(along_w) < NEAR_ALONG * card_w)
                    or (abs(along_w) < NEAR_ACROSS * card_w and abs(along_h) < NEAR_ALONG * card_h)):
                return True
    return False
