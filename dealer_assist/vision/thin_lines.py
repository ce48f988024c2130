"""Straight thin lines in a glyph's ink: a covering card's edge, told from the glyph's own strokes.

A card lying over another's corner draws its edge, a thin dark line, across
the covered card's index, where it melts into a rank or a suit.  The suit's
(:func:`.border_lines.line_off_suit`) and the rank's (:func:`.rank_lines.line_off_rank`)
removal ask the same questions of the ink an opening took off a glyph: is a
thin piece straight, which thin ink lies along it, does it pass the glyph's
solid part by (a line) or run through it (the glyph's own axis), and does
what is left fit a glyph.  They differ in where such a line must run.
"""

from __future__ import annotations

from typing import NamedTuple, Optional

import cv2
import numpy as np

#: Least share of a thin piece that must lie on one straight line for it to be
#: a line (the rest: a suit's stem or foot joined to it).
LINE_SHARE = 0.75
#: Pixels (canonical patch) a line's ink may lie off its fitted straight line:
#: a line one or two pixels wide, resampled once.
LINE_WIDTH = 1.5
#: Share of a glyph's solid part a line may leave on its far side: a line
#: passing by touches the glyph's edge, one through its middle is its own stroke.
LINE_SIDE = 0.1
#: Width of the opening that keeps a glyph's solid strokes and takes a line off:
#: a line is one or two canonical pixels wide, a glyph's solid strokes three or more.
SOLID = 3


class Line(NamedTuple):
    """A straight thin piece: a point on it and its direction (as :func:`cv2.fitLine` gives them),
    which of the thin pixels lie along it (``on``) and where along it they lie (``along``)."""

    px: float
    py: float
    vx: float
    vy: float
    on: np.ndarray
    along: np.ndarray

    def off(self, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        """How far each pixel lies off the line (pixels)."""
        return np.abs((xs - self.px) * self.vy - (ys - self.py) * self.vx)

    def passes_by(self, cx: np.ndarray, cy: np.ndarray) -> bool:
        """Whether the solid pixels ``cx, cy`` lie (nearly) all on one side of the line."""
        side = (cx - self.px) * self.vy - (cy - self.py) * self.vx
        return min(np.count_nonzero(side > 0), np.count_nonzero(side < 0)) <= LINE_SIDE * len(side)


def straight_piece(pieces: np.ndarray, j: int, tx: np.ndarray, ty: np.ndarray) -> Optional[Line]:
    """Piece ``j`` of the thin ink labels ``pieces`` as a :class:`Line` with the thin pixels
    ``tx, ty`` along it (a line parted where it touches the glyph, or broken by JPEG), or
    None when the piece is not straight."""
    ys, xs = np.nonzero(pieces == j)
    vx, vy, px, py = cv2.fitLine(np.stack([xs, ys], axis=1).astype(np.float32), cv2.DIST_L2, 0, 0.01, 0.01).ravel()
    # A count against the share of the count (the mean of the bools, in a fifth of its time): with
    # LINE_SHARE a binary fraction the two comparisons agree exactly.
    if np.count_nonzero(np.abs((xs - px) * vy - (ys - py) * vx) <= LINE_WIDTH) < LINE_SHARE * len(xs):
        return None
    on = np.abs((tx - px) * vy - (ty - py) * vx) <= LINE_WIDTH
    return Line(px, py, vx, vy, on, (tx[on] - px) * vx + (ty[on] - py) * vy)


def leaves_a_glyph(glyph: np.ndarray, tx: np.ndarray, ty: np.ndarray, found: np.ndarray, max_w: float,
                   max_h: float) -> bool:
    """Whether ``glyph`` without its thin pixels ``found`` keeps a biggest piece no wider than
    ``max_w`` nor taller than ``max_h``: a thick line (a card's dark border) keeps its middle,
    and taking its thin rim off would only mark the glyph cut for nothing."""
    rest = glyph.copy()
    rest[ty[found], tx[found]] = 0
    n, _, stats, _ = cv2.connectedComponentsWithStats(rest, None, None, None, 8, cv2.CV_16U)
    if n < 2:
        return False
    _, _, rw, rh, _ = stats[1 + int(np.argmax(stats[1:, 4]))]
    return not (rh > max_h or rw > max_w)
