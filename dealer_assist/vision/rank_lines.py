"""Taking a slanted thin line (the edge of a card lying over the corner) off a rank it touches.

A card lying on another's corner draws its edge, a thin dark line, across
the covered card's corner patch.  Where it passes right by the rank it melts
into the rank's blob, and no template fits what is cut.  Level and upright
lines long enough to be no glyph's stroke are taken off before
(:func:`.border_lines.thin_runs`), and a line on the suit by
:func:`.border_lines.line_off_suit`; a slanted line beside a rank is neither.

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

from dealer_assist.vision.cover_lines import GAP, HALF_WIDTH, ink_beside, short_runs
from dealer_assist.vision.thin_lines import SOLID, leaves_a_glyph, straight_piece

#: A line's thin ink must span at least this share of the rank's height: shorter
#: straight ink at the edge band is a serif or a glyph's tip, not a card's edge.
LINE_ON_RANK = 0.5
#: Directions (degrees apart) a line as thick as the rank's strokes is looked for along,
#: from where it meets the edge band (see :func:`wide_line_off_rank`).
WIDE_STEP = 2.0
#: Least share of a wide line's direction across the band it comes from: ink running
#: along the band is a border line's remnant, not the edge of a card from beyond.
WIDE_ACROSS = 0.2


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


def wide_line_off_rank(labels: np.ndarray, boxes: list, parts: list[int], edge: int, rank_px: float,
                       max_w: float, max_h: float) -> Optional[np.ndarray]:
    """The ink of a straight line as thick as the rank's strokes, joined to the rank and
    crossing the patch from the edge band (a patch-sized bool mask), or None.

    Some designs draw every card's outline in black as thick as their
    index strokes (gnomangelo): such a covering card's edge touching the
    rank is no thinner than the rank, so :func:`line_off_rank`'s opening keeps
    it with the strokes and the rank, with a bar across it, fits no template.
    Its one sign left is the one that part asks as well: it crosses the whole
    patch.  From each place the rank's ink meets the edge band (no wider than
    :data:`LINE_ON_RANK` of the rank's height: a line meeting the band, not
    a glyph lying along it), the direction is taken along which ink goes on
    furthest, a line's width of it (a glyph's strokes bend and end inside the
    patch); it must go on for that share of the rank's height at least and
    end at another side of the band or the patch's far side.  What lies
    within the line's width along it is taken off, but where ink lies on both
    sides of it (a stroke the line crosses).  What is left must fit a rank
    (``max_w``, ``max_h``).  The caller reads the rank as cut: the line may hide some of it.
    """
    if not parts:
        return None
    table = np.zeros(len(boxes), np.uint8)
    table[parts] = 1
    blob = table[labels]
    long_ = LINE_ON_RANK * rank_px
    contacts = [(side, p) for side, band, at in (("left", blob[:, edge], lambda i: (edge, i)),
                                                 ("top", blob[edge, :], lambda i: (i, edge)))
                for p in short_runs(band, at, long_)]
    if not contacts:
        return None
    # Every contact's directions into the patch (not along the band), followed all at once.
    angles = np.radians(np.arange(0.0, 180.0, WIDE_STEP))
    rows = []
    for c, (side, _) in enumerate(contacts):
        fx, fy = np.cos(angles), np.sin(angles)
        inward = fx if side == "left" else fy
        across = np.abs(inward) >= WIDE_ACROSS
        sign = np.where(inward < 0, -1.0, 1.0)[across]
        rows.append((np.full(sign.size, c), fx[across] * sign, fy[across] * sign))
    which, fx, fy = (np.concatenate(v) for v in zip(*rows))
    ex = np.array([contacts[c][1][0] for c in which], np.float64)
    ey = np.array([contacts[c][1][1] for c in which], np.float64)
    # Only a direction whose ink goes on past a short reach can run that long: the rest are not followed.
    reach = max(int(long_) - 1, 1)
    going = _runs_in(blob, ex, ey, fx, fy, reach) >= reach - GAP
    if not going.any():
        return None
    which, ex, ey, fx, fy = which[going], ex[going], ey[going], fx[going], fy[going]
    runs = _runs_in(blob, ex, ey, fx, fy)
    ys, xs = np.nonzero(blob)
    out = np.zeros(len(xs), bool)
    for c in np.unique(which):
        mine = np.flatnonzero(which == c)
        best = mine[int(np.argmax(runs[mine]))]
        run = int(runs[best])
        if run < long_:
            continue
        side, (cx, cy) = contacts[c]
        dx, dy = float(fx[best]), float(fy[best])
        ends = _sides(int(round(cx + run * dx)), int(round(cy + run * dy)), edge, labels.shape)
        if not ends - {side}:
            continue  # it ends inside the patch (a glyph's stroke ends so) or at the band it came from
        along = (xs - cx) * dx + (ys - cy) * dy
        on = np.abs((xs - cx) * dy - (ys - cy) * dx) <= HALF_WIDTH
        out |= on & (along >= -1) & (along <= run + 0.5) & ~(ink_beside(blob, xs, ys, dx, dy) == 2)
    if not out.any() or not leaves_a_glyph(blob, xs, ys, out, max_w, max_h):
        return None
    mask = np.zeros(labels.shape, bool)
    mask[ys[out], xs[out]] = True
    return mask


def _runs_in(blob: np.ndarray, ex: np.ndarray, ey: np.ndarray, fx: np.ndarray, fy: np.ndarray,
             reach: Optional[int] = None) -> np.ndarray:
    """Per direction (``fx[i]``, ``fy[i]``) from (``ex[i]``, ``ey[i]``): how far (pixels) ``blob``'s ink
    goes on along it, counting ink within a pixel either side, until the patch's edge, more
    than :data:`.cover_lines.GAP` steps without ink, or ``reach`` steps."""
    h, w = blob.shape
    n = reach if reach else int(np.hypot(w, h)) + 1  # no step farther lies inside the patch
    t = np.arange(1, n + 1, dtype=np.float64)
    qx, qy = ex[:, None] + fx[:, None] * t, ey[:, None] + fy[:, None] * t
    inside = (qx >= 0) & (qx < w - 0.5) & (qy >= 0) & (qy < h - 0.5)
    # A pixel of paper around the blob: a step inside the patch looks a pixel past it at most.
    # (Steps past the patch's edge look anywhere: they are not counted.)
    flat = cv2.copyMakeBorder(blob, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0).ravel()
    lit = np.zeros(qx.shape, bool)
    for o in (-1.0, 0.0, 1.0):
        rx, ry = np.rint(qx - o * fy[:, None]).astype(int), np.rint(qy + o * fx[:, None]).astype(int)
        lit |= np.take(flat, (ry + 1) * (w + 2) + rx + 1, mode="clip") > 0
    steps = np.arange(len(t))
    # The ink goes on to the first step outside the patch or the first GAP + 1 steps without ink,
    # whichever comes first.
    outside = np.where(inside.all(axis=1), len(t), np.argmin(inside, axis=1))
    dark = ~lit
    gaps = dark[:, :len(t) - GAP]
    for k in range(1, GAP + 1):
        gaps = gaps & dark[:, k:len(t) - GAP + k]
    stop = np.minimum(outside, np.where(gaps.any(axis=1), np.argmax(gaps, axis=1), len(t)))
    last = np.where(lit & (steps[None] < stop[:, None]), steps[None], -1).max(axis=1)
    return np.where(last >= 0, t[np.maximum(last, 0)], 0).astype(int)
