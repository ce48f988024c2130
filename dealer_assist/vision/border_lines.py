"""Lines that are not the index's, taken off a corner patch's ink before its glyphs are cut.

A dark border line printed inside the card's edge that a glyph touches
(:func:`peel_border_line`), a court card's picture frame in long level or
upright thin runs (:func:`thin_runs`), and a covering card's edge passing
by the suit (:func:`line_off_suit`); with the edge-band test and the label
painting they share.  Apart from :mod:`.glyphs`: each asks only whether a
line lies in the ink, not what the glyph is.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Optional

import cv2
import numpy as np

from dealer_assist.vision.blob_parts import glyph_parts
from dealer_assist.vision.index_layout import Layout
from dealer_assist.vision.profile import CANON_H
from dealer_assist.vision.run_bits import runs_present, thin_run_bits
from dealer_assist.vision.thin_lines import LINE_WIDTH, leaves_a_glyph, straight_piece


def runs_along_edge(labels: np.ndarray, i: int, x: int, y: int, w: int, h: int, edge: int) -> bool:
    """Whether component ``i`` (bounding box x, y, w, h) runs along the card's edge band.

    Ink up to ``edge`` from the card's edges is blanked (felt, the card's
    border).  What touches the band over most of its length is felt or border
    left over past a corner found a little off; a glyph only grazes it with a
    tip (a diamond's point, a heart's lobe on a card smaller than guessed).
    """
    if x == edge and np.count_nonzero(labels[y:y + h, edge] == i) > 0.5 * h:
        return True
    return y == edge and np.count_nonzero(labels[edge, x:x + w] == i) > 0.5 * w


def peel_border_line(binary: np.ndarray, labels: np.ndarray, boxes: list, lay: Layout) -> Optional[np.ndarray]:
    """Take the thin ink next to the card's edge off the blobs that run along it; where ink was taken, or None.

    Many decks print a dark border line just inside the card's edge, and
    some print the index so close to the corner that a glyph touches it:
    glyph and line then make one blob running along the edge, which
    :func:`runs_along_edge` throws away whole.  A printed line is thinner
    than a glyph's stroke, so an opening by a stroke's width removes the
    line and keeps the glyph.  Only thin ink within a stroke's width of the
    edge band goes: a thin stroke of the glyph away from the edge stays.
    ``binary`` is changed in place; the caller labels it again.
    """
    edge, k = lay.edge, lay.stroke
    # Only a blob with more ink than a stroke-wide line along its box's two
    # sides can hold a glyph, and only one reaching past the band cleared
    # below (most corners show a bare border or felt there: no work).
    along = [i for i, (x, y, w, h, area) in enumerate(boxes)
             if i and (x == edge or y == edge) and area > (w + h) * k
             and x + w > edge + 2 * k and y + h > edge + 2 * k and runs_along_edge(labels, i, x, y, w, h, edge)]
    if not along:
        return None
    comp = painted(labels, along, len(boxes))
    thin = cv2.subtract(comp, cv2.morphologyEx(comp, cv2.MORPH_OPEN, _rect(k, k)))
    near = np.zeros(thin.shape, thin.dtype)
    near[:edge + k, :] = 1
    near[:, :edge + k] = 1
    thin &= near
    if not thin.any():
        return None
    binary[thin > 0] = 0
    rest = cv2.bitwise_and(comp, binary)
    # What is left within two strokes of the edge is the border's own
    # thick part (where its arc meets the card's corner), not a glyph.
    n, labels, stats, _ = cv2.connectedComponentsWithStats(rest, None, None, None, 8, cv2.CV_16U)
    hug = [i for i, (x, y, w, h, _) in enumerate(stats.tolist())
           if i and (x + w <= edge + 2 * k or y + h <= edge + 2 * k)]
    if hug:
        gone = painted(labels, hug, n) > 0
        binary[gone] = 0
        rest[gone] = 0
    return rest > 0


#: A suit's thin strokes (a spade's or club's stem) are shorter than this share of
#: its height; a straight thin run this long on the suit is a line across it.
LINE_ON_SUIT = 0.45


def line_off_suit(labels: np.ndarray, boxes: list, ids: list[int], lay: Layout, k: float) -> Optional[np.ndarray]:
    """The ink of a straight thin line on the suit (a patch-sized mask), or None.

    The edge of a card lying over the index, or a line printed on the
    table, often passes just by the suit: in the ink mask it melts into the
    suit's blob or lies right under it, where it is taken for a piece of the
    glyph (a stem broken off), and no template fits what is cut.  A suit is a
    solid shape whose only thin strokes are short (a stem, a foot); a line is
    thin, straight, and runs on past the suit's solid part.  What an opening
    by three pixels takes off the glyph (a line is one or two wide, a suit's
    body more) and lies along one straight line that long is taken off.  The suit left may have lost what the line
    covered: the caller reads it as a cut glyph.  ``ids``: the suit zone's
    components; ``k``: the card's size against the patch's (see :func:`.glyphs._zones`).
    """
    box = lay.suit_box
    max_w, max_h = (box.u1 - box.u0) * k * lay.cw, (box.v1 - box.v0) * k * CANON_H
    # What fits the deck's suit box has no line running on from it (most
    # corners: no work); all of the zone's ink fitting, its glyph does too.
    x0, y0, x1, y1 = _span(boxes, ids)
    if x1 - x0 <= max_w and y1 - y0 <= max_h:
        return None
    parts = glyph_parts(ids, boxes, lay.rank_px, two_glyphs=False)
    x0, y0, x1, y1 = _span(boxes, parts)
    if x1 - x0 <= max_w and y1 - y0 <= max_h:
        return None
    x0, y0, x1, y1 = max(x0 - 1, 0), max(y0 - 1, 0), x1 + 1, y1 + 1
    glyph = painted(labels[y0:y1, x0:x1], parts, len(boxes))
    core = cv2.morphologyEx(glyph, cv2.MORPH_OPEN, _rect(3, 3))
    if not cv2.countNonZero(core):
        return None  # all thin: an outline drawn suit, or no suit at all
    thin = cv2.subtract(glyph, core)
    ty, tx = np.nonzero(thin)
    _, pieces, stats, _ = cv2.connectedComponentsWithStats(thin, None, None, None, 8, cv2.CV_16U)
    long_ = LINE_ON_SUIT * lay.suit_h * k * CANON_H
    found = np.zeros(len(tx), bool)
    around = None
    for j, (_, _, sw, sh, _) in enumerate(stats.tolist()):
        if not j or max(sw, sh) < 3:
            continue  # the background, or a speck: too short to give a direction
        line = straight_piece(pieces, j, tx, ty)
        if line is None or float(line.along.max() - line.along.min()) < long_:
            continue
        if around is None:  # most glyphs have no long straight piece: worked out for the first
            around = _solid_and_ink(core, labels, (x0, y0, x1, y1), int(np.ceil(lay.suit_h * k * CANON_H)))
        (cy_all, cx_all), (ay, ax) = around
        # It must run on along its own direction past the suit's solid part
        # (ink beyond the glyph's parts counts: the line goes on there),
        # where a stem, or a spade's foot, ends within the suit's width.
        core_along = (cx_all - line.px) * line.vx + (cy_all - line.py) * line.vy
        lo, hi = float(core_along.min()) - 1, float(core_along.max()) + 1
        ink_on = line.off(ax, ay) <= LINE_WIDTH
        ink_along = (ax[ink_on] - line.px) * line.vx + (ay[ink_on] - line.py) * line.vy
        if np.count_nonzero((ink_along < lo) | (ink_along > hi)) < 0.5 * long_:
            continue
        # And pass by the solid part, not through it: a spade's stem and its
        # top point lie on one straight line, the glyph's own axis.
        if line.passes_by(cx_all, cy_all):
            found |= line.on
    if not found.any() or not leaves_a_glyph(glyph, tx, ty, found, 1.3 * max_w, 1.3 * max_h):
        return None
    out = np.zeros(labels.shape, bool)
    out[ty[found] + y0, tx[found] + x0] = True
    return out


def _span(boxes: list, ids: list[int]) -> tuple[int, int, int, int]:
    """The box (x0, y0, x1, y1, ends past) of the components ``ids`` (``boxes``: their stats)."""
    x0, y0, w, h, _ = boxes[ids[0]]
    x1, y1 = x0 + w, y0 + h
    for i in ids[1:]:
        x, y, w, h, _ = boxes[i]
        x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x + w), max(y1, y + h)
    return x0, y0, x1, y1


def _solid_and_ink(core: np.ndarray, labels: np.ndarray, box: tuple[int, int, int, int],
                   reach: int) -> tuple[tuple[np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray]]:
    """The pixels (rows, columns) of a glyph's solid ``core`` (cut at ``box``: x0, y0, x1, y1), and
    those of all ink (``labels`` not 0) within ``reach`` pixels around the box, in the box's coordinates."""
    x0, y0, x1, y1 = box
    wy0, wx0 = max(y0 - reach, 0), max(x0 - reach, 0)
    ay, ax = np.nonzero(labels[wy0:y1 + reach, wx0:x1 + reach])
    return np.nonzero(core), (ay + (wy0 - y0), ax + (wx0 - x0))


#: Up to this many labels are painted by comparing the label image with each
#: (a vector compare and an "or" a label); more by one byte look-up, which
#: first converts the labels and costs as much as some eight compares.
FEW_LABELS = 6


def painted(labels: np.ndarray, ids: list[int], n: int) -> np.ndarray:
    """1 on the pixels of the components ``ids`` of ``labels`` (``n`` labels), 0 elsewhere (uint8)."""
    if len(ids) <= FEW_LABELS:
        if not ids:
            return np.zeros(labels.shape, np.uint8)
        mask = labels == ids[0]
        for i in ids[1:]:
            mask |= labels == i
        return mask.view(np.uint8)
    table = np.zeros(n, np.uint8)
    table[ids] = 1
    if n > 256:
        return np.take(table, labels)
    # OpenCV's byte look-up: several times faster than numpy's indexing by 16-bit labels.
    lut = np.zeros(256, np.uint8)
    lut[:n] = table
    return cv2.LUT(labels.astype(np.uint8), lut)


@lru_cache(maxsize=64)
def _rect(w: int, h: int) -> np.ndarray:
    # Odd sizes (rounded down): OpenCV shifts an opening with an even kernel by a pixel.
    return cv2.getStructuringElement(cv2.MORPH_RECT, (w - 1 + w % 2, h - 1 + h % 2))


def thin_runs(binary: np.ndarray, length: int, thick: int, bridge: bool = False) -> Optional[np.ndarray]:
    """Ink in straight horizontal or vertical runs of ``length``, where the ink across them is thinner
    than ``thick``; None where there is none (most corners: nothing is made for them).

    Each direction is the opening along it (by ``length``) less the opening
    across it (by ``thick``), as OpenCV's openings with odd rectangular kernels
    make them (an even size rounded down: OpenCV shifts an opening with an even
    kernel by a pixel), worked out on the mask packed into one integer (see
    :mod:`.run_bits`).

    With ``bridge``, a one-pixel gap along a run between pixels one pixel thick is bridged
    first (see :func:`.run_bits.thin_run_bits`): a court card's frame drawn as a hairline (KDE's
    tigullio-international) is dashed in blur where its ink falls under the ink level, and no
    dash is a run that long.
    """
    run, across = length - 1 + length % 2, thick - 1 + thick % 2
    present = runs_present(binary, run // 2, bridge)
    if not any(present):
        return None
    return thin_run_bits(binary, run, across, bridge, present)
