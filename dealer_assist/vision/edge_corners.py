"""Card corners found by following a card's edge line past where its paper outline lost it.

Where a card lies on another card, white meets white and only the top card's
thin dark edge line parts them (the ``split`` mask is cut along it).  An
index printed close to the corner often touches that line: the ink joins the
line, so the paper outline near the corner wanders around the glyphs and no
two straight runs meet in a square bend there (:func:`.detect.find_corners`
sees nothing).  The edge line itself is still drawn, straight up to the
rounded corner and on along the other side.

From the end of a long straight outline run, this follows the run's line on
into the not-paper pixels of the mask (the line, or ink lying on it) to where
it stops, then looks for the other edge: a line of not-paper pixels square to
the first, leaving the same point to one side only.  A crossing (the line
going on past the point) or a T (the square line running both ways, one
card's edge meeting another's) is no corner.  The corners found are inferred,
so they come back ``notched`` and ``outside`` (read more strictly, and only
where an index is printed, see :meth:`.Recognizer.outline_corners`).
"""

from __future__ import annotations

from typing import Sequence

import cv2
import numpy as np

from dealer_assist.vision.detect import MASK_SCALE, Corner, _vertex_indices

#: Share of the samples along a line that must be not paper for the line to be drawn there:
#: a printed or shadowed edge is continuous; a little slack for pale anti-aliased pixels.
DRAWN = 0.85
#: Share of not-paper samples below which a line is absent (where a T or crossing would run on).
ABSENT = 0.35


def _dark(notpaper: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """Whether each sample point (float arrays of the same shape) lies within a pixel of a not-paper pixel."""
    h, w = notpaper.shape
    xi = np.clip(np.rint(xs).astype(np.int32), 0, w - 1)
    yi = np.clip(np.rint(ys).astype(np.int32), 0, h - 1)
    return notpaper[yi, xi]


def edge_line_corners(split: np.ndarray, contours: Sequence[np.ndarray], known: Sequence[Corner], *,
                      min_long: float, min_short: float, max_gap: float, reach: float,
                      scale: float = 1.0 / MASK_SCALE) -> list[Corner]:
    """Corners (frame pixels, x ``scale``) at the end of the edge lines of the ``split`` mask's long outline runs.

    ``known`` corners (frame pixels) are not searched again: a run ending
    within ``max_gap`` of one already has its corner.  ``reach`` (mask
    pixels) is how far a line is followed past its run: an index's distance
    from the corner.  Lengths as in :func:`.detect.find_corners`.
    """
    h, w = split.shape
    # Not paper, grown by a pixel: an edge line one pixel wide sampled off by half a pixel is still hit.
    notpaper = cv2.dilate((split == 0).astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
    known_pts = np.array([(c.x / scale, c.y / scale) for c in known], np.float64).reshape(-1, 2)
    out: list[Corner] = []
    # The second edge is checked from beyond the rounded corner (``max_gap`` holds a rounded corner's bend) for
    # the length of a short run; the first is followed in unit steps up to ``reach``.
    s = np.arange(max_gap, max_gap + max(min_short, 0.5 * min_long))
    steps = np.arange(0.0, reach)
    for cnt in contours:
        if len(cnt) < 2 * min_long:
            continue
        pts = cnt.reshape(-1, 2)
        approx = cv2.approxPolyDP(cnt, 1.2, True).reshape(-1, 2)
        idx = _vertex_indices(pts, approx)
        if len(idx) < 2:
            continue
        for a, b in zip(idx, idx[1:] + idx[:1]):
            pa, pb = pts[a].astype(np.float64), pts[b].astype(np.float64)
            length = float(np.hypot(*(pb - pa)))
            if length < min_long:
                continue
            if _on_border(pa, pb, w, h):
                continue
            run = pts[a:b + 1] if b >= a else np.vstack([pts[a:], pts[:b + 1]])
            vx, vy, x0, y0 = cv2.fitLine(run, cv2.DIST_L2, 0, 0.01, 0.01).ravel()
            d = np.array([vx, vy], np.float64)
            if np.dot(d, pb - pa) < 0:
                d = -d
            p0 = np.array([x0, y0], np.float64)
            for end, out_dir in ((pb, d), (pa, -d)):
                e = p0 + np.dot(end - p0, out_dir) * out_dir  # the run's end, on its line
                if len(known_pts) and np.hypot(*(known_pts - e).T).min() < max_gap:
                    continue
                corner = _follow(notpaper, e, out_dir, steps, s, max_gap, min_short)
                if corner is None:
                    continue
                c, e2 = corner
                e1 = -out_dir
                along = length + float(np.hypot(*(c - e)))
                if e1[0] * e2[1] - e1[1] * e2[0] < 0:
                    e1, e2 = e2, e1
                    wl, hl = float(s[-1]), along
                else:
                    wl, hl = along, float(s[-1])
                found = Corner(float(c[0] * scale), float(c[1] * scale), (float(e1[0]), float(e1[1])),
                               (float(e2[0]), float(e2[1])), wl * scale, hl * scale, notched=True, outside=True)
                out.append(found)
                known_pts = np.vstack([known_pts, c[None]])
    return out


def _follow(notpaper: np.ndarray, e: np.ndarray, d: np.ndarray, steps: np.ndarray, s: np.ndarray,
            max_gap: float, min_short: float):
    """The corner where the edge line leaving ``e`` along ``d`` turns square, and the second edge's direction; or None."""
    xs, ys = e[0] + steps * d[0], e[1] + steps * d[1]
    drawn = _dark(notpaper, xs, ys)
    # The line is followed while it is drawn; the first pixels past the run may be
    # paper again for a pixel or two (the outline's staircase): a gap of two is bridged.
    if not drawn[:3].any():
        return None
    gaps = np.flatnonzero(~drawn)
    stop = len(steps)
    for g in gaps:
        if g + 2 < len(drawn) and not drawn[g:g + 3].any():
            stop = int(g)
            break
    if stop >= len(steps) - 1:
        return None  # the line runs on: no corner within reach
    n = np.array([-d[1], d[0]])
    best = None
    # The square corner lies past where the straight line stops, by up to a rounded corner's bend.
    for t in np.arange(max(stop - 2, 0), stop + max_gap):
        c = e + t * d
        for side in (n, -n):
            cov = _dark(notpaper, c[0] + s * side[0], c[1] + s * side[1]).mean()
            if cov < DRAWN or (best is not None and cov <= best[0]):
                continue
            other = _dark(notpaper, c[0] - s * side[0], c[1] - s * side[1]).mean()
            beyond = _dark(notpaper, c[0] + s * d[0], c[1] + s * d[1]).mean()
            if other > ABSENT or beyond > ABSENT:
                continue
            best = (cov, c, side)
    if best is None:
        return None
    return best[1], best[2]


def _on_border(p: np.ndarray, q: np.ndarray, w: int, h: int) -> bool:
    """A run along the frame's edge is the frame cutting a card."""
    return bool((p[0] <= 1 and q[0] <= 1) or (p[0] >= w - 2 and q[0] >= w - 2)
                or (p[1] <= 1 and q[1] <= 1) or (p[1] >= h - 2 and q[1] >= h - 2))
