"""Parting ink blobs that cannot be one glyph, and gathering the pieces that make one.

A glyph cut from a big pip printed right beside it (:func:`cut_beside`),
blobs melted onto a pip or a picture in blur thinned apart
(:func:`part_blobs`), and the pieces of a zone that belong to one glyph
(:func:`glyph_parts`, :func:`joined_faintly`).  Apart from :mod:`.glyphs`:
they work on the labelled ink mask alone, and :mod:`.border_lines` uses
:func:`glyph_parts` too.
"""

from __future__ import annotations

from typing import Optional

import cv2
import numpy as np

from dealer_assist.vision.index_layout import Layout


#: Ink level down to which a glyph's pieces still count as one stroke (see :func:`joined_faintly`).
JOIN_LEVEL = 0.2
DILATE = np.ones((3, 3), np.uint8)


def cut_beside(binary: np.ndarray, rows_cols: tuple[float, float, int, int]) -> Optional[tuple[int, int]]:
    """Part an index glyph from a big pip printed right beside it; the column cut at and the
    ink pixels it cut across, when it cut through a stroke (see :func:`_joined_across`), else None.

    Within the glyph's band of rows, ink is cut at the thinnest column just
    past the box's right edge: a gap where there is one, the narrowest
    junction where blur or the design makes the two touch.  ``rows_cols``
    is the band (rows, before clipping) and the columns searched, from :func:`.index_layout._layout`.
    """
    top, bottom, c0, c1 = rows_cols
    r0 = max(0, int(top))
    r1 = min(binary.shape[0], int(bottom) + 1)
    c1 = min(binary.shape[1], c1)
    if c1 - c0 < 2 or r1 <= r0:
        return None
    band = binary[r0:r1]
    cols = cv2.reduce(band[:, c0:c1], 0, cv2.REDUCE_SUM, dtype=cv2.CV_32S).ravel()
    at = int(cols.argmin())
    if cols[at] == 0 and not cv2.countNonZero(band[:, c0 + at:]):
        return None
    through = cols[at] > 0 and _joined_across(band, c0 + at)
    band[:, c0 + at:] = 0
    return (c0 + at, int(cols[at])) if through else None


def _joined_across(band: np.ndarray, at: int) -> bool:
    """Whether ink in column ``at`` of ``band`` (0/1) touches ink in the column before it (8-connected):
    a cut there goes through a stroke, not past the first column of a pip lying wholly beyond it.

    A cut of the latter kind parts nothing from the glyph, as a gap would: the
    tip of a big pip beside a Russian jack's "B" once made both of its glyphs
    read as cut, and the cut rules left a clear jack unsure against an 8.
    """
    if at < 1:
        return True
    here, before = band[:, at], band[:, at - 1]
    return bool(np.count_nonzero(here & before) or np.count_nonzero(here[1:] & before[:-1])
                or np.count_nonzero(here[:-1] & before[1:]))


def reaches_a_cut(bbox, cuts, stroke: int) -> bool:
    """Whether a glyph (``bbox``: x0, y0, x1, y1, ends past) may have lost ink to a cut of
    :func:`cut_beside` within that cut's band of rows (``cuts``: the column, the ink pixels
    cut across, the band's ``rows_cols``): it reaches the cut's column, or the cut went
    through ink no thicker than two of the index's strokes (``stroke``, pixels).

    A glyph standing clear of a cut through a pip's body, paper between (a narrow
    rank beside a big pip whose tip was cut off), lost nothing to it: it is whole.
    A cut through a stroke may have taken a piece of the glyph itself that had
    come apart from it (a queen's tail faded in blur: read without it, the "Q"
    was an "A" at both corners).
    """
    x0, y0, x1, y1 = bbox
    return any((x1 >= at or across < 2 * stroke) and y0 <= int(bottom) and y1 > int(top)
               for at, across, (top, bottom, _, _) in cuts)


def off_pip_remnants(parts: list[int], boxes: list, cut_at: int) -> list[int]:
    """The rank's parts (its biggest first, see :func:`glyph_parts`) but the pieces of a pip that
    :func:`cut_beside` cut through at column ``cut_at``: right of the rank's biggest piece, ending at the cut.

    Some decks print a court card's big pip (or its picture) so close to the
    rank that the pip reaches into the rank's box, where the cut must look
    for the gap between a ten's two digits: the pip is then cut inside
    itself, and its strip left of the cut stands beside the rank, tall as
    a digit, and is kept as a ten's other digit.  A ten's digits are parted
    by paper and its biggest piece is the "0", the rightmost: no digit of a
    rank lies right of it and ends at a cut made through ink.
    """
    x, _, w, _, _ = boxes[parts[0]]
    return [i for i in parts if i == parts[0] or not (boxes[i][0] >= x + w and boxes[i][0] + boxes[i][2] == cut_at)]


#: A piece of a dashed line is at most this share of a glyph's stroke across (see :func:`off_dashes`).
DASH_THIN = 0.67
#: Paper (pixels) between a level dash and the rank's biggest piece, at least, for one more dash in
#: line to tell a line (a piece broken off the glyph's own hairline, a 7's bar, lies against it);
#: and how far past the glyph the dashes in line must reach.
DASH_GAP = 3


def off_dashes(parts: list[int], boxes: list, stroke: int) -> list[int]:
    """The rank's parts (its biggest first, see :func:`glyph_parts`) but the pieces of a dashed line
    beside it: thin pieces outside the biggest piece's box along one of its sides, no longer than
    the glyph, in line with other such dashes that together reach past the glyph.

    A court card's frame drawn as a hairline (KDE's tigullio-international) falls
    apart into dashes under the ink level, gaps of two or three pixels between them,
    too wide to bridge (:func:`.border_lines.thin_runs` bridges one pixel): no dash is
    a run as long as a frame's line.  The dashes lying within a few pixels of the
    rank were taken as pieces broken off it, and the rank, a frame's width taller and
    wider than printed, read as nothing (the king of clubs of benchmark frame 0007).
    An upright dash beside the glyph needs one more in line; a level one above or
    below it one more when clear of it by :data:`DASH_GAP`, two more when nearer: a
    glyph's own broken hairline (a 7's bar, in two pieces) lies against the rest of it.
    A piece longer than the glyph is no dash (a line that long, beside a picture's
    fragment, is what keeps the fragment from reading as a rank).
    """
    if len(parts) < 2:
        return parts
    x, y, w, h, _ = boxes[parts[0]]
    thin = max(1, int(DASH_THIN * stroke))
    dashes = []
    for i in parts[1:]:
        xi, yi, wi, hi, _ = boxes[i]
        for clear, extent, along, across, axis in (
                (max(x - xi - wi, xi - x - w), (y, y + h), hi, wi, 0),
                (max(y - yi - hi, yi - y - h), (x, x + w), wi, hi, 1)):
            if clear < 0 or across > thin or along < 2 * across or along > extent[1] - extent[0]:
                continue
            if _dashed(boxes, i, axis, thin, extent, 2 if axis == 0 or clear >= DASH_GAP else 3):
                dashes.append(i)
                break
    if not dashes:
        return parts
    # A speck where two of the frame's lines meet (its corner) goes with them.
    corners = [i for i in parts[1:] if i not in dashes and max(boxes[i][2], boxes[i][3]) <= 2 * thin
               and _outside(boxes[i], (x, y, w, h)) and any(_near(boxes[i], boxes[j], DASH_GAP) for j in dashes)]
    return [i for i in parts if i not in dashes and i not in corners]


def _outside(box, glyph) -> bool:
    x, y, w, h = glyph
    return box[0] + box[2] <= x or box[0] >= x + w or box[1] + box[3] <= y or box[1] >= y + h


def _near(a, b, gap: int) -> bool:
    """Whether boxes ``a`` and ``b`` lie within ``gap`` pixels of each other both ways."""
    return (max(a[0] - b[0] - b[2], b[0] - a[0] - a[2]) <= gap
            and max(a[1] - b[1] - b[3], b[1] - a[1] - a[3]) <= gap)


def _dashed(boxes: list, i: int, axis: int, thin: int, glyph: tuple[int, int], least: int) -> bool:
    """Whether component ``i`` lies in line with other dashes (thin across ``axis``: 0 for an
    upright line, 1 for a level one), ``least`` in all, reaching past the glyph's extent ``glyph`` along it."""
    a, b = axis, 1 - axis  # across, along
    at, size = boxes[i][a], boxes[i][a + 2]
    lo, hi, n = boxes[i][b], boxes[i][b] + boxes[i][b + 2], 1
    for j in range(1, len(boxes)):
        box = boxes[j]
        if (j != i and abs(box[a] - at) <= 1 and box[a + 2] <= thin and abs(box[a + 2] - size) <= 1
                and box[b + 2] >= 2 * box[a + 2]):
            lo, hi, n = min(lo, box[b]), max(hi, box[b] + box[b + 2]), n + 1
    return n >= least and (lo < glyph[0] - DASH_GAP or hi > glyph[1] + DASH_GAP)


def blobs_to_part(boxes: list, shape, lay: Layout) -> list[int]:
    """Ink blobs over the index zones that cannot be one glyph: cut by the patch
    edge (a pip or picture beside the index) or far bigger than any glyph."""
    h, w = shape
    max_w, max_h = lay.max_w, lay.max_h
    out = []
    for i in range(1, len(boxes)):
        x, y, bw, bh, _ = boxes[i]
        if x + bw < w - 1 and y + bh < h - 1 and bw <= max_w and bh <= max_h:
            continue
        for zx0, zx1, zy0, zy1 in lay.zones:
            if x < zx1 and x + bw > zx0 and y < zy1 and y + bh > zy0:
                out.append(i)
                break
    return out


def part_blobs(binary: np.ndarray, labels: np.ndarray, boxes: list, ids: list[int], max_w: float,
                max_h: float, specks_below: float = np.inf, stacked: Optional[np.ndarray] = None) -> np.ndarray:
    """Thin merged blobs until they part; keep the parts that can be glyphs, at their former width.

    In blur an index glyph can melt into the big pip or picture beside it;
    eroding the merged blob once or twice parts them.  A part still cut by the
    patch edge, or still too big for a glyph, is dropped.  Each blob is worked
    on within its box and two pixels around it: all that erosion and growth
    by two pixels can see.  Specks in a row lying below the patch's row
    ``specks_below`` are not kept (see :func:`_off_speck_rows`).

    With ``stacked`` (0/1, the patch's size) a blob that thinning left whole,
    inside the patch, no wider than a glyph and no taller than two, is kept
    whole and marked there: a rank and its suit joined by a neck too thick
    to thin apart (ornamental's Q of hearts, its tail on the heart, in
    blur), which the index's own cut between them parts (and a blob as wide
    at that row as above and below it is one shape, see
    :func:`.glyphs._one_blob_across`).  Its glyphs are doubtful (:attr:`.glyphs.Glyph.doubtful`):
    kept so, junk of other decks raised alerts.
    """
    h, w = binary.shape
    out = binary.copy()
    for i in ids:
        x, y, bw, bh, _ = boxes[i]
        x0, y0 = max(x - 2, 0), max(y - 2, 0)
        x1, y1 = min(x + bw + 2, w), min(y + bh + 2, h)
        blob = (labels[y0:y1, x0:x1] == i).view(np.uint8)
        roi = out[y0:y1, x0:x1]
        roi &= 1 - blob  # the blob taken out (all masks here are 0/1)
        core = blob
        for step in (1, 2):
            core = cv2.erode(core, DILATE)
            m, sub, sstats, _ = cv2.connectedComponentsWithStats(core, None, None, None, 8, cv2.CV_16U)
            pieces = [j for j, (sx, sy, sw, sh, _) in enumerate(sstats.tolist())
                      if j > 0 and sx + x0 + sw < w - 1 - step and sy + y0 + sh < h - 1 - step
                      and sw <= max_w and sh <= max_h]
            if specks_below < y1:
                pieces = _off_speck_rows(pieces, sstats, step, specks_below - y0)
            if m > 2 and pieces:
                # Grown back together: growing each piece on its own and joining them is the same.
                table = np.zeros(m, np.uint8)
                table[pieces] = 1
                roi |= cv2.dilate(table[sub], DILATE, iterations=step) & blob
                break
        else:
            if stacked is not None and x + bw < w - 1 and y + bh < h - 1 and bw <= max_w and bh <= 2 * max_h:
                roi |= blob
                stacked[y0:y1, x0:x1] |= blob
    return out


#: Pixels a thinned blob's piece may hold and be a speck (see :func:`_off_speck_rows`).
SPECK = 4
#: Specks whose centres lie this close (pixels, per thinning step) are a row of them.
SPECK_ROW = 4.0


def _off_speck_rows(pieces: list[int], stats: np.ndarray, step: int, below: float) -> list[int]:
    """``pieces`` of a thinned blob (``stats`` of its labels) but specks in a row lying below row ``below``.

    A line a stroke thick (a design's black card outline over the index)
    thins to a row of specks a few pixels apart; grown back one by one, they
    join up again into the line, and the line onto the glyph it touched.  A
    glyph's own stroke thinned to a lone speck (a spade's stem) stays; one
    thinned to a row (a K's arm) does not, so this is asked only of a blob
    whose suit came out too big for a suit (see :func:`.glyphs.extract_glyphs`), and
    only below the top of the suit's box (a rank above it may share the blob).
    """
    specks = [j for j in pieces if stats[j][4] <= SPECK and stats[j][1] + stats[j][3] / 2 >= below]
    if len(specks) < 2:
        return pieces
    c = np.array([(stats[j][0] + stats[j][2] / 2, stats[j][1] + stats[j][3] / 2) for j in specks])
    d = np.hypot(c[:, None, 0] - c[None, :, 0], c[:, None, 1] - c[None, :, 1])
    np.fill_diagonal(d, np.inf)
    in_row = {j for j, near in zip(specks, (d <= SPECK_ROW * step).any(axis=1)) if near}
    return [j for j in pieces if j not in in_row]


def glyph_parts(ids: list[int], stats: np.ndarray, rank_px: float, two_glyphs: bool) -> list[int]:
    """The biggest component of a zone and the pieces beside it that belong to the same glyph.

    A "10" is two glyphs side by side (``two_glyphs``: ranks only); a thin
    stroke may break in blur.  A
    stray speck or a fragment of a picture frame that merely lies in the zone
    is left out: it would change the glyph's shape under the window.
    """
    if not ids:
        return []
    main = max(ids, key=lambda i: stats[i][4])
    x, y, w, h, _ = stats[main]
    out = [main]
    for i in ids:
        if i == main:
            continue
        xi, yi, wi, hi, _ = stats[i]
        overlap_y = min(y + h, yi + hi) - max(y, yi)
        gap_x = max(xi - (x + w), x - (xi + wi))
        # a piece broken off the glyph (a thin stem in resampling) lies next to it
        gx, gy = 2 + 0.15 * w, 2 + 0.3 * h
        inside = xi >= x - gx and yi >= y - gy and xi + wi <= x + w + gx and yi + hi <= y + h + gy
        side_by_side = two_glyphs and overlap_y > 0.6 * min(h, hi) and hi > 0.6 * h and gap_x < 0.35 * rank_px
        overlap_x = min(x + w, xi + wi) - max(x, xi)
        gap_y = max(yi - (y + h), y - (yi + hi))
        stacked = overlap_x > 0.5 * min(w, wi) and gap_y < 0.15 * rank_px
        if inside or side_by_side or stacked:
            out.append(i)
    return out


def joined_faintly(ids: list[int], main: int, stats: list, labels: np.ndarray, ink: np.ndarray, binary: np.ndarray,
                    inked: np.ndarray, max_w: float, max_h: float) -> list[int]:
    """The pieces of ``ids`` that faint ink joins to the glyph ``main``, where the two fit in one glyph's box.

    A serif face draws its glyphs with hairlines: in blur the hairline
    joining a "3"'s ball terminals to its body fades below :data:`.ink.INK`, and
    the balls fall off as pieces of their own (the rest of the "3" then
    looks like a "1").  A piece joined to the glyph by ink down to
    :data:`JOIN_LEVEL`, within the box the two make together, is the same
    stroke.  Ink taken off before (lines, a neighbour's pip cut away) joins
    nothing.
    """
    out = []
    x, y, w, h, _ = stats[main]
    for i in ids:
        xi, yi, wi, hi, _ = stats[i]
        x0, y0 = min(x, xi), min(y, yi)
        x1, y1 = max(x + w, xi + wi), max(y + h, yi + hi)
        if x1 - x0 > max_w or y1 - y0 > max_h:
            continue
        win = (slice(y0, y1), slice(x0, x1))
        low = binary[win] | ((ink[win] > JOIN_LEVEL) & (inked[win] == 0)).astype(np.uint8)
        _, joined = cv2.connectedComponents(low, None, 8, cv2.CV_16U)
        own = labels[win]
        if joined[own == main][0] == joined[own == i][0]:
            out.append(i)
    return out
