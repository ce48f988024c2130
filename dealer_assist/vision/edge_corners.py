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

import math
from typing import Optional, Sequence

import cv2
import numpy as np

from dealer_assist.vision.detect import MASK_SCALE, Corner, _Runs, outline_runs

#: Share of the samples along a line that must be not paper for the line to be drawn there:
#: a printed or shadowed edge is continuous; a little slack for pale anti-aliased pixels.
DRAWN = 0.85
#: Share of not-paper samples below which a line is absent (where a T or crossing would run on).
ABSENT = 0.35


def edge_line_corners(split: np.ndarray, contours: Sequence[np.ndarray], known: Sequence[Corner], *,
                      min_long: float, min_short: float, max_gap: float, reach: float,
                      scale: float = 1.0 / MASK_SCALE, runs: Optional[_Runs] = None) -> list[Corner]:
    """Corners (frame pixels, x ``scale``) at the end of the edge lines of the ``split`` mask's long outline runs.

    ``known`` corners (frame pixels) are not searched again: a run ending
    within ``max_gap`` of one already has its corner, and a corner followed
    to within ``max_gap`` of one along the same edges is that one.  ``reach`` (mask
    pixels) is how far a line is followed past its run: an index's distance
    from the corner.  Lengths as in :func:`.detect.find_corners`; ``runs``:
    the table :func:`.detect.outline_runs` made of ``contours`` with them,
    when the outline search already has it (one polygon fit a frame).

    Every end of every run is followed at once, in arrays: a frame has a
    dozen ends to follow, and following them one at a time in Python cost
    more than all the sampling.
    """
    table = _LongRuns.of(split, contours, runs, min_long=min_long, min_short=min_short)
    if table is None or not len(table.lo):
        return []
    # Coordinates are those of the mask padded by the farthest any sample lies from an outline point
    # (the search once sampled a padded mask): the same arithmetic, so the very same corners.
    s = np.arange(max_gap, max_gap + max(min_short, 0.5 * min_long))
    steps = np.arange(0.0, reach)
    pad = int(reach + max_gap + len(s)) + 2
    # Each run's ends, its last vertex first; one with a corner already found near it is not
    # followed (most long runs end in one).
    ends = np.stack([table.q, table.p], axis=1) + pad  # runs x 2 x 2 (int32)
    known_at = np.array([(c.x / scale, c.y / scale) for c in known], np.float64).reshape(-1, 2)  # mask pixels
    if known:
        off = ends[:, :, None, :] - (known_at + pad)
        live = ~(np.hypot(off[..., 0], off[..., 1]).min(axis=2) < max_gap)
    else:
        live = np.ones(ends.shape[:2], bool)
    rows = np.flatnonzero(live.any(axis=1))
    if not len(rows):
        return []
    p0, d = table.lines(rows, pad)
    # Followed outwards: on along the run from its last vertex, back along it from its first.
    which, side = np.nonzero(live[rows])
    out_dir = d[which] * np.where(side == 0, 1.0, -1.0)[:, None]
    end = ends[rows[which], side]
    rel = end - p0[which]
    e = p0[which] + (rel[:, 0] * out_dir[:, 0] + rel[:, 1] * out_dir[:, 1])[:, None] * out_dir  # the end, on its line
    found, tips, seconds = _follow(_NotPaper(split, pad), e, out_dir, steps, s, max_gap)
    if not len(found):
        return []
    hits = dict(zip(found.tolist(), zip(tips, seconds)))
    out: list[Corner] = []
    fresh: list[np.ndarray] = []  # the corners found so far (padded mask pixels): their runs' ends are done
    for r in sorted({int(which[k]) for k in hits}):
        # An end within a rounded corner's bend of a corner found from another run is that corner's.
        mine = [k for k in np.flatnonzero(which == r).tolist()
                if not any(abs(end[k, 0] - f[0]) < max_gap and np.hypot(*(end[k] - f)) < max_gap for f in fresh)]
        for k in mine:
            if k not in hits:
                continue
            c, e2 = hits[k]
            e1 = -out_dir[k]
            if _seen(c - pad, e1, e2, known, known_at, max_gap):
                continue
            along = float(table.length[rows[r]]) + float(np.hypot(*(c - e[k])))
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


class _LongRuns:
    """The long straight runs of the outlines not along the frame's edge, outline by outline, each in order.

    Taken from the outline search's table (:class:`.detect._Runs`).  That
    leaves out outlines whose polygon has fewer than three vertices; the
    split mask has none: opened (see :func:`.detect.frame_masks`), each of
    its blobs holds a square wider than a polygon's tolerance band is.
    """

    def __init__(self, runs: _Runs, min_long: float) -> None:
        self.points = runs.points  # the outlines' points, each outline's twice over (a run may wrap round)
        # The table's first group of outlines alone: the split mask's (see :func:`.detect.outline_runs_apart`).
        k = np.flatnonzero((runs.length >= min_long) & ~runs.border & (runs.group[runs.outline] == 0))
        self.lo = runs.offset[k] + runs.start[k]  # where each run's points start in ``points``
        self.count = (runs.end[k] - runs.start[k]) % runs.size[k] + 1
        self.p, self.q = runs.points[self.lo], runs.points[runs.offset[k] + runs.end[k]]  # its end vertices (int32)
        self.length = runs.length[k]  # the chord's, from p to q

    @classmethod
    def of(cls, split: np.ndarray, contours: Sequence[np.ndarray], runs: Optional[_Runs], *,
           min_long: float, min_short: float) -> Optional["_LongRuns"]:
        if runs is None:
            runs = outline_runs(split, contours, min_long=min_long, min_short=min_short)
        return None if runs is None else cls(runs, min_long)

    def lines(self, rows: np.ndarray, pad: int) -> tuple[np.ndarray, np.ndarray]:
        """A point (``pad`` added, float64 of its float32) and the direction along the chord of runs' fitted lines."""
        fit = np.array([cv2.fitLine(self.points[a:a + n], cv2.DIST_L2, 0, 0.01, 0.01)
                        for a, n in zip(self.lo[rows].tolist(), self.count[rows].tolist())]).reshape(-1, 4)
        d = fit[:, :2].astype(np.float64)
        chord = self.q[rows] - self.p[rows]
        d[d[:, 0] * chord[:, 0] + d[:, 1] * chord[:, 1] < 0] *= -1
        return (fit[:, 2:] + np.float32(pad)).astype(np.float64), d


class _NotPaper:
    """The mask's not-paper pixels grown by a pixel, sampled at points of the mask padded by ``pad``.

    Grown: an edge line one pixel wide sampled off by half a pixel is still
    hit.  Beyond the frame counts as not paper: a line running off the frame
    runs on (no corner), and a second edge must lie in the frame (see
    :func:`_follow`).
    """

    def __init__(self, split: np.ndarray, pad: int) -> None:
        self.h, self.w = split.shape
        self.pad = pad
        # Not paper grown by a pixel is paper shrunk by one; a border of not paper stands for all beyond.
        self.flat = cv2.copyMakeBorder(cv2.erode(split, np.ones((3, 3), np.uint8)), 1, 1, 1, 1,
                                       cv2.BORDER_CONSTANT, value=0).ravel()

    def dark(self, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        """Whether each sample point (padded mask pixels, float arrays of one shape) is not paper."""
        x = np.minimum(np.maximum(np.rint(xs).astype(np.intp) - (self.pad - 1), 0), self.w + 1)
        y = np.minimum(np.maximum(np.rint(ys).astype(np.intp) - (self.pad - 1), 0), self.h + 1)
        return self.flat[y * (self.w + 2) + x] == 0


def _follow(notpaper: _NotPaper, e: np.ndarray, d: np.ndarray, steps: np.ndarray, s: np.ndarray, max_gap: float):
    """Which lines leaving ``e`` along ``d`` (rows) turn square, the corners where they do and the second edges' directions.

    Returns ``(lines, corners, seconds)``: indices of the lines that turn, and a point and a direction for each.
    """
    # The line is followed while it is drawn; the first pixels past the run may be
    # paper again for a pixel or two (the outline's staircase): a gap of two is bridged.
    drawn = notpaper.dark(e[:, 0, None] + steps * d[:, 0, None], e[:, 1, None] + steps * d[:, 1, None])
    absent = ~(drawn[:, :-2] | drawn[:, 1:-1] | drawn[:, 2:])
    # A line that runs on past reach has no corner within it.
    todo = np.flatnonzero(drawn[:, :3].any(axis=1) & absent.any(axis=1))
    if not len(todo):
        return todo, [], []
    stop = absent[todo].argmax(axis=1)
    e, d = e[todo], d[todo]
    # Every place for the square corner past where the straight line stops (by up to a rounded
    # corner's bend) is tried, sampled at once: line x place x direction x s, the directions
    # the two sides (the second edge) and on ahead (a crossing).  A line stopping at once has
    # fewer places (none before its start): a window of the longest, the rest masked off.
    first = np.maximum(stop - 2, 0)
    count = np.array([math.ceil(b + max_gap - a) for a, b in zip(first.tolist(), stop.tolist())])
    t = (stop - 2)[:, None] + np.arange(int((count + first - stop + 2).max()))
    valid = (t >= first[:, None]) & (t < (first + count)[:, None])
    t = t.astype(np.float64)
    dirs = np.stack([np.stack([-d[:, 1], d[:, 0]], axis=1), np.stack([d[:, 1], -d[:, 0]], axis=1), d], axis=1)
    cx = e[:, 0, None] + t * d[:, 0, None]
    cy = e[:, 1, None] + t * d[:, 1, None]
    xs = cx[:, :, None, None] + dirs[:, None, :, 0, None] * s
    ys = cy[:, :, None, None] + dirs[:, None, :, 1, None] * s
    cov = notpaper.dark(xs, ys).mean(axis=3)
    # Drawn on one side only (not a T) and not running on past the corner (not a crossing).
    ok = (cov[:, :, :2] >= DRAWN) & (cov[:, :, 1::-1] <= ABSENT) & (cov[:, :, 2:] <= ABSENT) & valid[:, :, None]
    # The second edge's far end in the frame.
    fx, fy = xs[:, :, :2, -1] - notpaper.pad, ys[:, :, :2, -1] - notpaper.pad
    ok &= (fx >= 0) & (fy >= 0) & (fx < notpaper.w) & (fy < notpaper.h)
    best = np.where(ok, cov[:, :, :2], -1.0).reshape(len(todo), -1).argmax(axis=1)
    i, j = np.divmod(best, 2)
    lines = np.flatnonzero(ok.any(axis=(1, 2))).tolist()
    return todo[lines], [np.array([cx[m, i[m]], cy[m, i[m]]]) for m in lines], [dirs[m, j[m]] for m in lines]


def _seen(c: np.ndarray, e1: np.ndarray, e2: np.ndarray, known: Sequence[Corner], known_at: np.ndarray,
          max_gap: float) -> bool:
    """Whether a known corner (at ``known_at``, mask pixels) lies within a rounded corner's bend of ``c`` along the same edges.

    Followed from the card underneath, a corner already found on the card's
    own outline comes out off it by the edge line's width.
    """
    near = np.flatnonzero((np.abs(known_at[:, 0] - c[0]) < max_gap) & (np.abs(known_at[:, 1] - c[1]) < max_gap))
    return any(max(abs(k.wdir[0] * e[0] + k.wdir[1] * e[1]) for e in (e1, e2)) > 0.9
               for k in map(known.__getitem__, near.tolist()))
