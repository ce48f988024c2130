"""Taking a slanted thin line (the edge of a card lying over the corner) off a rank it touches.

A card lying on another's corner draws its edge, a thin dark line, across
the covered card's corner patch.  Where it passes right by the rank it melts
into the rank's blob, and no template fits what is cut.  Level and upright
lines long enough to be no glyph's stroke are taken off before
(:func:`.glyphs._thin_runs`), and a line on the suit by
:func:`.glyphs._line_off_suit`; a slanted line beside a rank is neither.

What tells such a line from a rank's own straight strokes (an A's leg, a
7's or a 4's diagonal, a K's arms, a 9's tail): it comes from outside the
index and goes on past it.  A card's edge crosses the whole corner patch,
from the card's edge band to the band or the patch's far side, where a
glyph's stroke ends inside the patch at the glyph's body; it is thin,
straight, and it passes the rank by (the rank's solid strokes lie on one
side of it), where an A's leg has the rest of the A on both sides.
"""

from __future__ import annotations

from typing import Optional

import cv2
import numpy as np

from dealer_assist.vision.thin_lines import SOLID, leaves_a_glyph, straight_piece

#: A line's thin ink must span at least this share of the rank's height: shorter
#: straight ink at the edge band is a serif or a glyph's tip, not a card's edge.
LINE_ON_RANK = 0.5


def line_off_rank(labels: np.ndarray, boxes: list, parts: list[int], edge: int, rank_px: float,
                  max_w: float, max_h: float) -> Optional[np.ndarray]:
    """The ink of a slanted thin line joined to the rank (a patch-sized bool mask), or None.

    ``parts``: the rank's components; ``edge``: the first row and column
    inside the card's blanked edge band; ``rank_px``: the rank's height
    (canonical pixels, on the card as cut); ``max_w``, ``max_h``: the most
    a rank glyph spans, which what is left must fit.  Only a rank whose
    blob reaches the edge band is looked at (most corners: no work).
    """
    if not parts or not any(boxes[i][0] == edge or boxes[i][1] == edge for i in parts):
        return None  # (the caller asks this of both sides of the band)
    x0, y0 = min(boxes[i][0] for i in parts), min(boxes[i][1] for i in parts)
    x1 = max(boxes[i][0] + boxes[i][2] for i in parts)
    y1 = max(boxes[i][1] + boxes[i][3] for i in parts)
    table = np.zeros(len(boxes), np.uint8)
    table[parts] = 1
    glyph = table[labels[y0:y1, x0:x1]]  # 1 on the rank's components (np.isin is many times slower)
    core = cv2.morphologyEx(glyph, cv2.MORPH_OPEN, np.ones((SOLID, SOLID), np.uint8))
    if not cv2.countNonZero(core):
        return None  # all thin: no solid stroke to tell a line from
    thin = cv2.subtract(glyph, core)
    m, pieces, stats, _ = cv2.connectedComponentsWithStats(thin, None, None, None, 8, cv2.CV_16U)
    ty, tx = np.nonzero(thin)
    cy, cx = np.nonzero(core)
    long_ = LINE_ON_RANK * rank_px
    found = np.zeros(len(tx), bool)
    for j in range(1, m):
        sx, sy, sw, sh, _ = stats[j]
        # The piece must reach the edge band: a line from beyond the index.
        if not (sx + x0 == edge or sy + y0 == edge) or max(sw, sh) < SOLID:
            continue
        line = straight_piece(pieces, j, tx, ty)
        if line is None or float(line.along.max() - line.along.min()) < long_:
            continue
        if not line.passes_by(cx, cy):
            continue  # through the glyph: its own stroke
        # A card's edge crosses the whole patch: both its ends lie at the edge
        # band or the patch's far side.  A glyph's own thin stroke (a tail, a
        # serif) ends inside, where it joins the glyph's body.
        # (At two different sides: ink along the band itself is a border line's remnant.)
        a, b = (_sides(tx[e] + x0, ty[e] + y0, edge, labels.shape)
                for e in np.flatnonzero(line.on)[[int(line.along.argmin()), int(line.along.argmax())]])
        if not a or not b or a & b:
            continue
        found |= line.on
    if not found.any() or not leaves_a_glyph(glyph, tx, ty, found, max_w, max_h):
        return None
    out = np.zeros(labels.shape, bool)
    out[ty[found] + y0, tx[found] + x0] = True
    return out


def _sides(x: int, y: int, edge: int, shape) -> set[str]:
    """The sides of the patch that pixel ``(x, y)`` lies by (within a pixel): the blanked
    edge band's two (left, top) or the patch's far two (right, bottom)."""
    near = {"left": x <= edge + 1, "top": y <= edge + 1, "right": x >= shape[1] - 2, "bottom": y >= shape[0] - 2}
    return {side for side, by in near.items() if by}
