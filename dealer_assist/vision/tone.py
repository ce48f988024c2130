"""The camera's tone curve, measured against the deck's own glyphs.

A camera's gamma (its tone curve, 255 * (v / 255) ** g) keeps the paper white and the ink black but
darkens every level between: the grey edges of each printed stroke fall under the ink cut, which is
relative to the paper (see :data:`.ink.INK`), so every glyph comes out bolder than its template, and
shaded paper falls out of the paper test.  Neither the paper's level nor the ink's tells such a frame
from any other (see :mod:`.light`); the glyphs the frame did read do: a sure read's rank ink against
its template's (``IndexRead.rank_ink``) is about 1 at the set-up's curve, whatever the light or
exposure, and grows with g: over a frame's clearly read ranks (see :data:`BENT`) 1.19 in the median
frame at g = 1.4, 1.36 at 2.2, 1.38 at 2.6 (a bolder glyph stops reading clearly, so it flattens).

Such a frame is read again with the curve undone as far as its strokes tell (see :func:`undo_table`):
the reader is forgiving within some 0.4 of the true g (anglo's frames at g = 2.2 read 615, 622 and
611 of 626 readable cards undone at 1.6, 1.9 and 2.6, against 460 as they are).
"""

from __future__ import annotations

import statistics
from typing import Optional, Sequence

import numpy as np

#: The median rank ink (against the templates') of a frame's clearly read ranks from which its tone
#: curve is taken as bent: the shared test frames' reach 1.2 at most (anglo and plastic, unaltered,
#: dimmed to 0.35, exposed 1.8 times, washed out to 0.4 of the contrast, dimmed and blurred: 1,500
#: frames); at g = 2.2, 137 of anglo's 150 frames and 129 of plastic's reach 1.25.
BENT = 1.22
#: The median rank ink under which a frame's strokes are taken as thinned: a camera's exposure turned
#: up clips the paper and lifts every grey level towards it, and the strokes' pale edges fall over the
#: ink cut.  Unaltered, dimmed to 0.35 or washed out to 0.4 of the contrast, 3 of the shared test
#: frames' 900 fall under it (plastic's, at 0.71 to 0.74: read again, nothing changed), dimmed and
#: blurred 14 of 300; exposed 1.8 times, 69 of anglo's 150 and 75 of plastic's.  Such a frame is read again
#: with its grey levels darkened (anglo's 150 so exposed read 477 of 626 readable cards, 576 all darkened
#: by 255 * (v / 255) ** 2.2).
THIN = 0.75
#: The fewest clearly read ranks whose ink tells a frame's curve.
LEAST_READS = 1
#: The gamma taken from a median rank ink ``w``: 1 + SLOPE * (w - 1), within :data:`GAMMA_RANGE`.
SLOPE = 4.0
GAMMA_RANGE = (1.3, 2.6)


def bent_gamma(weights: Sequence[float]) -> Optional[float]:
    """The camera's gamma that a frame's clearly read ranks' inks ``weights`` tell (under 1: the
    frame's grey levels lifted, see :data:`THIN`), or None when the frame's curve is the set-up's
    (too few reads, or their median between :data:`THIN` and :data:`BENT`)."""
    if len(weights) < LEAST_READS:
        return None
    w = statistics.median(weights)
    if THIN <= w < BENT:
        return None
    g = min(max(1.0 + SLOPE * abs(w - 1.0), GAMMA_RANGE[0]), GAMMA_RANGE[1])
    return g if w >= BENT else 1.0 / g


def undo_table(gamma: float) -> np.ndarray:
    """The look-up table (1 x 256, every channel alike) that undoes a tone curve of ``gamma``."""
    levels = 255.0 * (np.arange(256, dtype=np.float64) / 255.0) ** (1.0 / gamma)
    return np.clip(np.round(levels), 0, 255).astype(np.uint8)[None, :]


def more_read(first, again) -> bool:
    """Whether the frame read again (``again``, a :class:`.recognize.FrameResult`) reads more cards
    for sure than ``first`` did, every one of ``first``'s among them."""
    if len(again.cards) <= len(first.cards):
        return False
    codes = [hit.card for hit in again.cards]
    for hit in first.cards:
        if hit.card not in codes:
            return False
        codes.remove(hit.card)
    return True
