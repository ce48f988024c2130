"""Straight lines that run into a corner patch from its edge: another card's edge over the index.

A card lying over part of another card's index draws its edge, a thin dark
line, across the patch at any slant; where it touches a glyph the two make
one blob that runs on to the patch's edge, and such a blob is a pip or a
picture cut by the patch to :func:`.glyphs._zones`.  Level and upright lines
are taken off earlier (:func:`.border_lines.thin_runs`), and thinning parts a
glyph from a line thinner than its strokes (:func:`.blob_parts.part_blobs`);
a line as thick as the strokes goes with them, and the glyph is lost (or
keeps a stub of the line, too big for a suit).  For such a blob only (and
only when the index lacks a glyph without it, or its suit is too big) the
line is looked for: it is straight, thin, and runs on to the patch's edge,
which no index glyph reaches (a glyph there is cut by the patch and never
read).  Its ink is followed in from the patch's edge while it goes on, so a
line crossing the whole patch goes whole; where ink lies on both sides of
it, a glyph's body lies across it and stays.  A glyph that touched a line
taken off may have lost what the covering card hides: it is read as cut
(see :attr:`.glyphs.Glyph.cut`), by the stricter rules of such a glyph.
"""

from __future__ import annotations

from typing import Optional

import cv2
import numpy as np

from dealer_assist.vision.thin_lines import LINE_WIDTH

#: Canonical pixels a line's ink may lie off its fitted centre line (see :data:`.thin_lines.LINE_WIDTH`).
HALF_WIDTH = LINE_WIDTH
#: Least share of the ink near a segment that lies within :data:`HALF_WIDTH` of its centre line: straight.
STRAIGHT_SHARE = 0.8
#: Steps along the line without ink that end it (one or two pixels lost to JPEG or resampling).
GAP = 2


def cover_lines(blob: np.ndarray, min_len: float) -> Optional[np.ndarray]:
    """The pixels of ``blob`` (0/1, patch-sized) on straight thin lines that run in from the
    patch's right or bottom edge (the other two are the card's own edges), or None.

    ``min_len``: the least length (pixels) of a line's straight piece seen
    from the patch edge in: long enough that a speck or a blurred corner does
    not give a direction (the caller passes about half a rank's height).
    """
    contacts = _edge_contacts(blob, min_len)
    if not contacts:
        return None
    ys, xs = np.nonzero(blob)
    pts = np.stack([xs, ys], axis=1).astype(np.float32)
    out = np.zeros(len(xs), bool)
    for ex, ey in contacts:
        # The ink within a line's straight piece of the contact: straight, and running in.
        near = np.hypot(xs - ex, ys - ey) <= min_len
        if np.count_nonzero(near) < min_len:
            continue
        fx, fy, px, py = cv2.fitLine(pts[near], cv2.DIST_L2, 0, 0.01, 0.01).ravel()
        off = (xs - px) * fy - (ys - py) * fx
        on = np.abs(off) <= HALF_WIDTH
        if np.count_nonzero(on & near) < STRAIGHT_SHARE * np.count_nonzero(near):
            continue  # not straight
        # A covering card's outline as thick as the glyphs' strokes (a design's black card edge)
        # is wider than a thin line: its own half width near the edge, so that no fringe of it stays.
        half = min(max(HALF_WIDTH, float(np.abs(off[near]).max()) + 0.25), HALF_WIDTH + 1.0)
        on = np.abs(off) <= half
        along = (xs - px) * fx + (ys - py) * fy
        start = (ex - px) * fx + (ey - py) * fy
        if (along[near] - start).mean() < 0:
            fx, fy, along, start = -fx, -fy, -along, -start  # point in from the edge
        if (along[near & on] - start).max() < 0.75 * min_len:
            continue  # no straight piece that long: a blob's round edge
        # Ink beside the line, either side (a glyph's body, or a pip's when the "line" is its straight edge).
        beside = ink_beside(blob, xs, ys, fx, fy, half)
        middle = near & (np.abs(off) <= 0.75)
        if not middle.any() or (beside[middle] > 0).mean() > 0.5:
            continue  # not a thin line where it meets the patch's edge: a pip's or a picture's edge
        # Follow the ink in from the edge while it goes on.
        step = np.round(along[on] - start).astype(int)
        present = np.zeros(int(step.max()) + 2, bool)
        present[step[step >= 0]] = True
        stop, gap = 0, 0
        for i, ink in enumerate(present.tolist()):
            if ink:
                stop, gap = i, 0
            else:
                gap += 1
                if gap > GAP:
                    break
        line = on & (along >= start - 1) & (along <= start + stop + 0.5)
        # Where ink lies on both sides, a glyph's body lies across the line (a suit's lobe
        # the line runs through): that ink stays.
        out |= line & ~(beside == 2)
    if not out.any():
        return None
    mask = np.zeros(blob.shape, blob.dtype)
    mask[ys[out], xs[out]] = 1
    return mask


def ink_beside(blob: np.ndarray, xs: np.ndarray, ys: np.ndarray, fx: float, fy: float,
               half: float = HALF_WIDTH) -> np.ndarray:
    """Per pixel (``xs``, ``ys``): on how many sides (0-2) of a line of direction (``fx``, ``fy``)
    through it ``blob`` has ink just past the line's half width ``half``."""
    h, w = blob.shape
    d = half + 1.5
    count = np.zeros(len(xs), np.int8)
    for sign in (1.0, -1.0):
        qx = np.round(xs + sign * d * fy).astype(int)
        qy = np.round(ys - sign * d * fx).astype(int)
        inside = (qx >= 0) & (qx < w) & (qy >= 0) & (qy < h)
        count += inside & (blob[np.clip(qy, 0, h - 1), np.clip(qx, 0, w - 1)] > 0)
    return count


def lines_off_unparted(binary: np.ndarray, labels: np.ndarray, boxes: list, ids: list[int], parted: np.ndarray,
                       min_len: float, oversize: tuple = ()) -> Optional[np.ndarray]:
    """Take the cover lines (:func:`cover_lines`) off the blobs ``ids`` of ``binary`` (``labels``,
    ``boxes``: its components) of which thinning kept nothing in ``parted`` (see
    :func:`.blob_parts.part_blobs`): ``parted`` gets the rest of each such blob back, in place.

    Thinning parts a glyph from a pip it melted onto, and from a line
    thinner than its strokes; a line as thick as the glyph's strokes goes
    with the strokes, and the whole blob is lost, or thinning keeps the glyph
    with a stub of the line on it (a glyph too big for its box).  ``oversize``:
    such blobs, whose lines are taken off what thinning kept of them.  Returns the
    line pixels taken off (patch-sized, 0/1), or None when there were none.
    """
    lost = []
    for i in ids:
        x, y, bw, bh, _ = boxes[i]
        win = (slice(y, y + bh), slice(x, x + bw))
        if i not in oversize and not cv2.countNonZero(parted[win] & (labels[win] == i).view(np.uint8)):
            lost.append(i)
    if not lost and not oversize:
        return None
    blob = np.zeros(binary.shape, binary.dtype)
    for i in lost:
        blob |= (labels == i).view(np.uint8)
    kept = np.zeros(binary.shape, binary.dtype)
    for i in oversize:
        kept |= (labels == i).view(np.uint8)
    lines = cover_lines(blob | kept, min_len)
    if lines is None:
        return None
    parted |= blob & (1 - lines)
    # Of a blob thinning kept a glyph of (with the line's stub on it), only the line goes.
    parted &= 1 - (kept & lines)
    return lines


def _edge_contacts(blob: np.ndarray, min_len: float) -> list[tuple[float, float]]:
    """Where ``blob`` meets the patch's right or bottom edge in runs short enough to be a line's end
    (a line meeting the edge at 10 degrees covers some six times its width of it)."""
    h, w = blob.shape
    return (short_runs(blob[:, w - 1], lambda i: (w - 1, i), min_len)
            + short_runs(blob[h - 1, :], lambda i: (i, h - 1), min_len))


def short_runs(line: np.ndarray, at, longest: float) -> list:
    """``at`` (a pixel's index along ``line`` to a point) of the middle of each run of ink on
    ``line`` (a row or a column of a mask) at most ``longest`` pixels long."""
    # A plain loop over a row's few ink pixels: numpy's run-finding (np.r_ above all) cost
    # several times more.  The middles stay numpy floats, as the arithmetic after them expects.
    out = []
    first = last = -2
    for i in np.flatnonzero(line).tolist() + [-2]:
        if i != last + 1:
            if first >= 0 and last - first + 1 <= longest:
                out.append(at(np.float64(0.5 * (first + last))))
            first = i
        last = i
    return out
