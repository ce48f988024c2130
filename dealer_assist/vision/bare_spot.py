"""Telling a remembered card's spot seen as bare table from one covered by a hand or chips.

The once-only tracker remembers a card it no longer reads (see
:class:`.track.OnceOnlyTracker`): a hand may lie over it, and a card read
again where it lay is that card.  A card taken away leaves its spot as bare
felt, and a card of its code dealt there soon after was taken for it and
never reported (QA: a soak test's shoe loop lost 156 of 240 cards).  Felt is
neither paper (a card's stock, even a sliver of a covered one) nor skin or
chips: its colour is the frame's own most common one, whatever the table.
The frame's reduced image and paper mask are made for every read anyway;
a few dozen pixels of each remembered card's spot are all this looks at.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Sequence

import numpy as np

#: Points sampled across a card's spot, per side (inset, see :data:`INSET`).
GRID = 8
#: A spot is sampled within this share of the card's quad about its centre: its edges are where a
#: slightly moved quad or the card's shadow would sample something else.
INSET = 0.8
#: The frame is sampled every this many (reduced) pixels for the felt's colour: the median of some
#: thousands of pixels, most of them felt on any table a camera watches.
FELT_STEP = 8
#: A pixel is felt when no channel is further from the felt's colour than this share of its
#: brightest channel (and :data:`FELT_FLOOR` levels): the felt's light falls off to the frame's edges
#: and printed lines cross it, while paper is two or three times as bright and skin of another hue
#: (on the anglo shoe video felt spots sat within 20 levels of (80, 58, 22), skin 180 off).  Relative,
#: so that a frame gone dark does not make a card's dimmed paper look like felt.
FELT_REACH = 0.5
FELT_FLOOR = 8.0
#: A spot is bare when this share of its points is felt (a betting box's print covered a fifth of
#: one) and no more than :data:`MOST_PAPER` of them is paper (a covered card shows some).
LEAST_FELT = 0.7
MOST_PAPER = 0.1
#: A frame shows the table when this share of its pixels that are not paper is within reach of the felt
#: colour the frames that read cards showed (see :meth:`TableView.shows`): a hand or a cloth over the lens
#: leaves none of it, while a camera framing a rail (or any second colour) as wide as the felt tipped the
#: median of a frame with cards to the rail's colour, and an empty table's frames, their median the felt's,
#: had been taken for a covered lens (rev19 R7).
LEAST_TABLE = 0.2


@dataclass(eq=False)
class TableView:
    """A frame's reduced image and paper mask as its read made them, with ``scale`` from the
    frame's pixels to theirs."""

    small: np.ndarray
    paper: np.ndarray
    scale: float
    _felt: Optional[np.ndarray] = field(default=None, repr=False)

    def felt(self) -> np.ndarray:
        """The felt's colour (B, G, R): the median of the frame's pixels that are not paper."""
        if self._felt is None:
            pixels = self.small[::FELT_STEP, ::FELT_STEP, :3].reshape(-1, 3)
            table = pixels[self.paper[::FELT_STEP, ::FELT_STEP].reshape(-1) == 0]
            self._felt = np.median(table if len(table) else pixels, axis=0)
        return self._felt

    def shows(self, felt: np.ndarray) -> bool:
        """Whether the frame shows the table whose felt was ``felt`` (B, G, R) in the frames that read cards:
        at least :data:`LEAST_TABLE` of its pixels that are not paper are within reach of it."""
        pixels = self.small[::FELT_STEP, ::FELT_STEP, :3].reshape(-1, 3).astype(np.float64)
        table = pixels[self.paper[::FELT_STEP, ::FELT_STEP].reshape(-1) == 0]
        table = table if len(table) else pixels
        reach = max(FELT_REACH * float(felt.max()), FELT_FLOOR)
        return bool(np.count_nonzero(np.abs(table - felt).max(axis=1) <= reach) >= LEAST_TABLE * len(table))

    def bare(self, corners: Sequence[tuple[float, float]]) -> bool:
        """Whether the spot of a card whose quad (in the frame's pixels) is ``corners`` shows bare
        felt: no paper, and not a hand or chips.  A spot mostly off the frame tells nothing."""
        quad = np.asarray(corners, np.float64) * self.scale
        centre = quad.mean(axis=0)
        quad = centre + (quad - centre) * INSET
        u = (np.arange(GRID) + 0.5) / GRID
        top = quad[0] + np.outer(u, quad[1] - quad[0])
        bottom = quad[3] + np.outer(u, quad[2] - quad[3])
        points = (top[None] + (bottom - top)[None] * u[:, None, None]).reshape(-1, 2).round().astype(int)
        h, w = self.paper.shape[:2]
        inside = (points[:, 0] >= 0) & (points[:, 0] < w) & (points[:, 1] >= 0) & (points[:, 1] < h)
        if inside.mean() < 0.5:
            return False
        xs, ys = points[inside, 0], points[inside, 1]
        if np.count_nonzero(self.paper[ys, xs]) > MOST_PAPER * len(xs):
            return False
        felt = self.felt()
        reach = max(FELT_REACH * float(felt.max()), FELT_FLOOR)
        off = np.abs(self.small[ys, xs, :3].astype(np.float64) - felt).max(axis=1)
        return bool(np.count_nonzero(off <= reach) >= LEAST_FELT * len(xs))
