"""Whether a four-index card lies the way its read index corner says.

A deck printing its index at all four corners shows an upright index at
both top corners.  Where a fanned card's top edge comes out from under its
neighbour's side, the two make a square bend of the outline just left of
the card's top-right index; read from that bend, the index reads as a
top-left one and the card is placed across the felt beside it (a right
code in the wrong place: a second card of that code where the first one
lies, or a card where there is none).  A top-left index has its card's
paper running on past it along the top edge; a top-right one has the
card's side a margin past it and the table beyond.
"""

from __future__ import annotations

import numpy as np

from dealer_assist.vision.card_groups import CornerRead
from dealer_assist.vision.detect import MASK_SCALE
from dealer_assist.vision.profile import Profile

#: How far past the index's far side (against the card's width) the card's paper is looked
#: for: past the margin a top-right index keeps from the card's side (at most some 0.06 of
#: the width on the decks measured), well within the width a top-left index leaves after it.
BEYOND = (0.1, 0.14, 0.18)


def card_runs_on(whole: np.ndarray, cr: CornerRead, profile: Profile) -> bool:
    """Whether card stock lies past the read index along its corner's top edge (``whole``:
    the frame's card mask, :attr:`.detect.Masks.whole`), at the rank's and the suit's rows.

    Stock of another card lying over this one counts too: it covers the
    top edge, not the index.  Past the frame's edge nothing is known, so it counts.
    """
    c = cr.corner
    w, h = cr.size
    far = max(profile.rank_box.u1, profile.suit_box.u1)
    rows = (0.5 * profile.rank_box.v0, profile.rank_box.v0)
    height, width = whole.shape[:2]
    paper = 0
    for u in BEYOND:
        for v in rows:
            x = (c.x + (far + u) * w * c.wdir[0] + v * h * c.hdir[0]) * MASK_SCALE
            y = (c.y + (far + u) * w * c.wdir[1] + v * h * c.hdir[1]) * MASK_SCALE
            xi, yi = int(round(x)), int(round(y))
            if not (0 <= xi < width and 0 <= yi < height) or whole[yi, xi]:
                paper += 1
    return paper * 2 > len(BEYOND) * len(rows)
