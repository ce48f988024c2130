"""How straight a glyph's inner and lower sides are: a card lying over an index cuts its glyphs on a line.

A card lying over the inner half of another's index leaves the tip in sight,
so the corner is judged as seen whole, and what is left of the glyphs reads
as other glyphs: an 8's left loops as an A, a heart's or a club's left lobe
as a diamond; one lying over its lower half leaves a club's upper lobes,
which read as a spade.  The scores are those a blurred whole glyph reaches
too.  What the cut leaves that no printed glyph has is a straight side where
the covering card's edge runs: the ink of many rows ends on one upright
line (or of many columns on one level line).  Printed suits are round or
pointed on those sides, ranks mostly so too; a glyph is measured against the
template of what it was read as (a jack's stem is straight where an ace's
leg slants, a spade's foot is level), in the matched window, where the two
are at one scale.  A suit is also measured against its own left side: suits
are the same on both sides, and a small suit printed straight-sided (a
Swiss deck's narrow club) is so on both.
"""

from __future__ import annotations

import numpy as np

from dealer_assist.vision.index import best_variant

#: Pixels (of the matched window) a row's ink edge may lie inside the outermost and count as on the line:
#: the edge is found to a fraction of a pixel, where the ink crosses half its peak, so a
#: pointed side (a diamond's, one pixel a row) keeps one or two rows on it.
FLAT_TOL = 0.5


def flat_share(window: np.ndarray, side: str = "right") -> float:
    """Share of the rows (for the bottom side, the columns) of ``window``'s ink (a glyph's matched
    window or a template) whose edge on ``side`` (``"right"``, ``"left"`` or ``"bottom"``) lies within
    :data:`FLAT_TOL` of the outermost; 0.0 for a window with fewer than three rows of ink."""
    return Sides(window).flat_share(side)


class Sides:
    """:func:`flat_share` of each side of one window, worked out when first asked for: the verdict
    asks up to three sides of a read's suit, and two rules ask the same one."""

    def __init__(self, window: np.ndarray) -> None:
        self.window = window
        a = np.asarray(window, np.float32)
        peak = float(np.maximum.reduce(a, None)) if a.size else 0.0
        #: The window scaled to its peak (None when it holds no ink).
        self._scaled = None if peak <= 0.0 else a / peak
        self._shares: dict[str, float] = {}

    def flat_share(self, side: str = "right") -> float:
        """See :func:`flat_share`."""
        share = self._shares.get(side)
        if share is None:
            if self._scaled is None:
                share = self._shares[side] = 0.0
            elif side == "left" and "right" not in self._shares:
                # Asked of a suit together with its right side (see verdict.Judge.cut_on_a_line):
                # both from one look at its rows.
                share, self._shares["right"] = _both_sides(self._scaled)
                self._shares[side] = share
            else:
                share = self._shares[side] = _flat_share(self._scaled, side)
        return share


def _flat_share(a: np.ndarray, side: str) -> float:
    """:func:`flat_share` of a window scaled to its peak (``a``, float32)."""
    if side == "bottom":
        a = a.T
    elif side == "left":
        a = a[:, ::-1]
    # A column of no ink beyond the last: what lies past a row's edge is read from it, not
    # clipped and masked (two array steps fewer; the verdict asks this of most reads).
    height, width = a.shape
    padded = np.zeros((height, width + 1), np.float32)
    padded[:, :width] = a
    ink = padded > 0.5
    # The reductions the array methods call, without their Python wrappers.
    rows = np.logical_or.reduce(ink, 1).nonzero()[0]
    if len(rows) < 3:
        return 0.0
    last = width - ink[rows, ::-1].argmax(axis=1)
    inside = padded[rows, last]
    beyond = padded[rows, last + 1]
    edge = last + (inside - 0.5) / np.maximum(inside - beyond, 1e-6)
    return float(np.count_nonzero(edge >= np.maximum.reduce(edge) - FLAT_TOL)) / len(rows)


def _both_sides(a: np.ndarray) -> tuple[float, float]:
    """``(left, right)``: :func:`_flat_share` of both upright sides of ``a`` at once (the same arithmetic,
    the rows of ink and their ends found in one pass)."""
    height, width = a.shape
    # A column of no ink beyond each side (see _flat_share).
    padded = np.zeros((height, width + 2), np.float32)
    padded[:, 1:width + 1] = a
    ink = padded > 0.5
    rows = np.logical_or.reduce(ink, 1).nonzero()[0]
    if len(rows) < 3:
        return 0.0, 0.0
    held = ink[rows]
    shares = []
    # The left side as _flat_share measures it on the window turned over (columns counted from the
    # right edge), then the right side (its last ink column, a column on for the left padding).
    first = held.argmax(axis=1)
    last = width + 1 - held[:, ::-1].argmax(axis=1)
    for end, step, at in ((first, -1, width - first), (last, 1, last - 1)):
        inside = padded[rows, end]
        beyond = padded[rows, end + step]
        edge = at + (inside - 0.5) / np.maximum(inside - beyond, 1e-6)
        shares.append(float(np.count_nonzero(edge >= np.maximum.reduce(edge) - FLAT_TOL)) / len(rows))
    return shares[0], shares[1]


def template_flats(templates: dict[str, np.ndarray], side: str = "right") -> dict[str, float]:
    """Per code (a size variant ``"D-1"`` counts for ``"D"``): the straightest ``side`` of its templates."""
    return best_variant({key: flat_share(image, side) for key, image in templates.items()})
