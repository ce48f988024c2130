"""Parting a thin-stroked glyph from a line it touches, at the frame's full size.

A glyph printed in thin strokes (a condensed serif "K") that touches a
line (a covering card's edge, the outline of its own card lying on another
pale card) makes one blob with it in the half-size ink mask, too big to be
a glyph.  :func:`.glyph_pairs.peel_lines` opens such blobs by a stroke's
width at half size, which takes the line off, but the glyph's thin
strokes, a pixel wide at half size, go with it.  At full size the same
strokes are two to three times a line's width (a card's edge or a printed
border is one or two pixels wide), so an opening by :data:`FINE_STROKE`
pixels there takes the line off and keeps the glyph.  Only the blobs
already too big for a glyph are looked at again: a few small crops a frame.
"""

from __future__ import annotations

from typing import Optional

import cv2
import numpy as np

from dealer_assist.vision.detect import MASK_SCALE
from dealer_assist.vision.ink import INK

#: Width (full-size pixels) of the opening that parts a glyph from a line: a line
#: is one or two pixels wide (a third in blur and JPEG), an index glyph's
#: stroke at the calibrated card size three or more.
FINE_STROKE = 3
#: Share of a crop's pixels darker than its paper (the crop is mostly paper: a
#: glyph and a line through a glyph-sized box).
PAPER_SHARE = 0.9


def peel_lines_full(frame: np.ndarray, ink: np.ndarray, rows: np.ndarray, max_size: float, limit: float,
                    max_area: float) -> Optional[np.ndarray]:
    """Half-size ink of the blobs too big for a glyph, opened at full size by :data:`FINE_STROKE`.

    ``frame`` is the full-size BGR(A) frame, ``ink`` its half-size ink mask
    and ``rows`` that mask's blob stats (as :func:`.glyph_pairs.peel_lines`
    takes them, with the same size and area limits).  The full-size ink is
    cut at the glyph reader's ink level against the crop's own paper.  What
    survives the opening is brought back to half size keeping every inked
    pixel (a two-by-two maximum: a thin stroke stays joined), and kept only
    where the half-size mask has ink nearby.  None when no blob is
    too big.
    """
    size = rows[:, 2:4].max(axis=1)
    big = rows[(size > max_size) & (size <= limit) & (rows[:, 4] <= max_area)].astype(int)
    if not len(big):
        return None
    up = int(round(1 / MASK_SCALE))
    out = np.zeros_like(ink)
    kernel = np.ones((FINE_STROKE, FINE_STROKE), np.uint8)
    near = np.ones((3, 3), np.uint8)
    rows_h, cols_h = ink.shape[:2]
    for x, y, w, h in big[:, :4].tolist():
        x0, y0, x1, y1 = max(x - 1, 0), max(y - 1, 0), min(x + w + 1, cols_h), min(y + h + 1, rows_h)
        crop = frame[y0 * up:y1 * up, x0 * up:x1 * up]
        # Channel by channel: cv2.split copies the alpha of a BGRA crop too, several times slower.
        b, g, r = (cv2.extractChannel(crop, ch) for ch in range(3))
        lo = cv2.min(cv2.min(b, g), r)
        # The paper's level: the crop's PAPER_SHARE quantile, from its histogram (a sort costs more).
        cdf = cv2.calcHist([lo], [0], None, [256], [0, 256]).ravel().cumsum()
        paper = float(cdf.searchsorted(PAPER_SHARE * lo.size))
        dark = cv2.compare(lo, paper * (1 - INK), cv2.CMP_LT)  # 0/255
        kept = cv2.morphologyEx(dark, cv2.MORPH_OPEN, kernel)
        # A mean over each two-by-two block is above zero where any of its pixels is ink.
        pooled = cv2.compare(cv2.resize(kept, (x1 - x0, y1 - y0), interpolation=cv2.INTER_AREA), 0, cv2.CMP_GT)
        # Only beside the half-size mask's ink: the crop's paper level may be off elsewhere.
        out[y0:y1, x0:x1] |= pooled & cv2.dilate(ink[y0:y1, x0:x1], near)
    return out if cv2.countNonZero(out) else None
