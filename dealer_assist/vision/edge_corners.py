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
where an index is printed, and after every corner the outlines show, see
:meth:`.Recognizer.edge_corners`).
"""

from __future__ import annotations

from typing import Sequence

import cv2
import numpy as np

from dealer_assist.vision.detect import MASK_SCALE, Corner, _vertex_indices, along_frame_edge

#: Share of the samples along a line that must be not paper for the line to be drawn there:
#: a printed or shadowed edge is continuous; a little slack for pale anti-aliased pixels.
DRAWN = 0.85
#: Share of not-paper samples below which a line is absent (where a T or crossing would run on).
ABSENT = 0.35


def _dark(notpaper: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """Whether each sample point (float arrays of the same shape, inside the padded mask) is not paper."""
    return notpaper[np.rint(ys).astype(np.intp), np.rint(xs).astype(np.intp)]


def edge_line_corners(split: np.ndarray, contours: Sequence[np.ndarray], known: Sequence[Corner], *,
                      min_long: float, min_short: float, max_gap: float, reach: float,
                      scale: float = 1.0 / MASK_SCALE) -> list[Corner]:
    """Corners (frame pixels, x ``scale``) at the end of the edge lines of the ``split`` mask's long outline runs.

    ``known`` corners (frame pixels) are not searched again: a run ending
    within ``max_gap`` of one already has its corner, and a corner followed
    to within ``max_gap`` of one along the same edges is that one.  ``reach`` (mask
    pixels) is how far a line is followed past its run: an index's distance
    from the corner.  Lengths as in :func:`.detect.find_corners`.
    """
    h, w = split.shape
    s = np.arange(max_gap, max_gap + max(min_short, 0.5 * min_long))
    steps = np.arange(0.0, reach)
    # Not paper, grown by a pixel: an edge line one pixel wide sampled off by half a pixel is still hit.
    # Padded by the farthest any sample lies from an outline point, so no sample falls off it.  Beyond
    # the frame counts as not paper: a line running off the frame runs on (no corner), and a second edge
    # must lie in the frame (see _follow).
    pad = int(reach + max_gap + len(s)) + 2
    notpaper = np.ones((h + 2 * pad, w + 2 * pad), bool)
    notpaper[pad:pad + h, pad:pad + w] = cv2.dilate((split == 0).astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
    known_pts = np.array([(c.x / scale, c.y / scale) for c in known], np.float64).reshape(-1, 2) + pad
    out: list[Corner] = []
    fresh: list[np.ndarray] = []  # the corners found so far (padded mask pixels): their runs' ends are done
    for pts, idx in _polygons([c for c in contours if len(c) >= 2 * min_long]):
        if len(idx) < 2:
            continue
        vertices = pts[idx]
        nxt = np.concatenate((vertices[1:], vertices[:1]))
        chords = nxt - vertices
        lengths = np.hypot(chords[:, 0], chords[:, 1])
        longs = np.flatnonzero(lengths >= min_long)
        if not len(longs):
            continue
        # Ends with a corner already found near them are not followed (most long runs end in one).
        if len(known_pts):
            gone = (np.hypot(*(vertices[:, None, :] + pad - known_pts[None]).transpose(2, 0, 1)).min(axis=1)
                    < max_gap).tolist()
        else:
            gone = [False] * len(idx)
        for k in longs.tolist():
            k1 = (k + 1) % len(idx)
            a, b = idx[k], idx[k1]
            pa, pb = vertices[k], vertices[k1]
            if along_frame_edge(pa, pb, w, h):
                continue
            ends = [q for q, g in ((pb, gone[k1]), (pa, gone[k]))
                    if not g and not any(abs(q[0] + pad - f[0]) < max_gap and np.hypot(*(q + pad - f)) < max_gap
                                         for f in fresh)]
            if not ends:
                continue
            run = pts[a:b + 1] if b >= a else np.vstack([pts[a:], pts[:b + 1]])
            vx, vy, x0, y0 = cv2.fitLine(run, cv2.DIST_L2, 0, 0.01, 0.01).ravel()
            d = np.array([vx, vy], np.float64)
            if d[0] * chords[k, 0] + d[1] * chords[k, 1] < 0:
                d = -d
            p0 = np.array([x0 + pad, y0 + pad], np.float64)
            for end in ends:
                out_dir = d if end is pb else -d
                e = p0 + np.dot(end + pad - p0, out_dir) * out_dir  # the run's end, on its line
                corner = _follow(notpaper, h, e, out_dir, steps, s, max_gap)
                if corner is None:
                    continue
                c, e2 = corner
                e1 = -out_dir
                if _seen(c - pad, e1, e2, known, max_gap, scale):
                    continue
                along = float(lengths[k]) + float(np.hypot(*(c - e)))
                if e1[0] * e2[1] - e1[1] * e2[0] < 0:
                    e1, e2 = e2, e1
                    wl, hl = float(s[-1]), along
                else:
                    wl, hl = along, float(s[-1])
                out.append(Corner(float((c[0] - pad) * scale), float((c[1] - pad) * scale),
                                  (float(e1[0]), float(e1[1])), (float(e2[0]), float(e2[1])),
                                  wl * scale, hl * scale, notched=True, outside=True))
                fresh.append(c)
    return out


def _polygons(contours: Sequence[np.ndarray]) -> list[tuple[np.ndarray, list[int]]]:
    """Each outline's points and its polygon's vertices (indices into them, in order), all found with one sort."""
    if not contours:
        return []
    approx = [cv2.approxPolyDP(c, 1.2, True).reshape(-1, 2) for c in contours]
    sizes = np.array([len(c) for c in contours])
    base = np.cumsum(sizes) - sizes
    owner = np.repeat(np.arange(len(contours)), sizes)
    found = _vertex_indices(np.concatenate(contours).reshape(-1, 2), owner, np.concatenate(approx),
                            np.repeat(np.arange(len(contours)), [len(a) for a in approx]))
    whose = owner[found]
    return [(c.reshape(-1, 2), (found[whose == i] - base[i]).tolist()) for i, c in enumerate(contours)]


def _follow(notpaper: np.ndarray, frame_h: int, e: np.ndarray, d: np.ndarray, steps: np.ndarray, s: np.ndarray,
            max_gap: float):
    """The corner where the edge line leaving ``e`` along ``d`` turns square, and the second edge's direction; or None."""
    # The line is followed while it is drawn; the first pixels past the run may be
    # paper again for a pixel or two (the outline's staircase): a gap of two is bridged.
    if not _dark(notpaper, e[0] + steps[:3] * d[0], e[1] + steps[:3] * d[1]).any():
        return None
    drawn = _dark(notpaper, e[0] + steps * d[0], e[1] + steps * d[1])
    gaps = np.flatnonzero(~drawn)
    stop = len(steps)
    for g in gaps:
        if g + 2 < len(drawn) and not drawn[g:g + 3].any():
            stop = int(g)
            break
    if stop >= len(steps) - 1:
        return None  # the line runs on: no corner within reach
    n = np.array([-d[1], d[0]])
    # Every place for the square corner past where the straight line stops (by up to a rounded
    # corner's bend), each side, sampled at once: t x side x s.
    t = np.arange(max(stop - 2, 0), stop + max_gap)
    sides = np.stack([n, -n])
    cx = e[0] + t * d[0]
    cy = e[1] + t * d[1]
    along = _dark(notpaper, cx[:, None, None] + sides[None, :, 0, None] * s, cy[:, None, None] + sides[None, :, 1, None] * s)
    cov = along.mean(axis=2)
    # Drawn on one side only (not a T) and not running on past the corner (not a crossing).
    beyond = _dark(notpaper, cx[:, None] + d[0] * s, cy[:, None] + d[1] * s).mean(axis=1)
    ok = (cov >= DRAWN) & (cov[:, ::-1] <= ABSENT) & (beyond[:, None] <= ABSENT)
    # The second edge's far end in the frame (the padding is ``pad`` wide on every side).
    pad = (notpaper.shape[0] - frame_h) // 2
    fx = cx[:, None] + sides[None, :, 0] * s[-1] - pad
    fy = cy[:, None] + sides[None, :, 1] * s[-1] - pad
    ok &= (fx >= 0) & (fy >= 0) & (fx < notpaper.shape[1] - 2 * pad) & (fy < frame_h)
    if not ok.any():
        return None
    i, j = np.unravel_index(np.argmax(np.where(ok, cov, -1.0)), cov.shape)
    return np.array([cx[i], cy[i]]), sides[j]


def _seen(c: np.ndarray, e1: np.ndarray, e2: np.ndarray, known: Sequence[Corner], max_gap: float,
          scale: float) -> bool:
    """Whether a known corner lies within a rounded corner's bend of ``c`` (mask pixels) along the same edges.

    Followed from the card underneath, a corner already found on the card's
    own outline comes out off it by the edge line's width.
    """
    for k in known:
        if (abs(k.x / scale - c[0]) < max_gap and abs(k.y / scale - c[1]) < max_gap
                and max(abs(k.wdir[0] * e[0] + k.wdir[1] * e[1]) for e in (e1, e2)) > 0.9):
            return True
    return False
