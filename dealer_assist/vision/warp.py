"""Cutting a card's corner out of a frame: upright, at the profile's canonical scale.

The corner is warped with the card's own edge directions, so rotation and
mild perspective are gone before the glyphs are cut; what lies beyond the
frame is painted as the patch's paper.  Apart from :mod:`.index`: the
cut-suit look (:mod:`.cut_glyphs`) and the self-test cut corners too, and
cutting asks nothing of the templates.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Optional

import cv2
import numpy as np

from dealer_assist.vision.chroma_bleed import ChromaBleed, footprint
from dealer_assist.vision.counted_percentile import counted_percentile
from dealer_assist.vision.index_layout import PAD
from dealer_assist.vision.profile import CANON_H, Box, Profile, canon_width, index_region_of


def warp_corner(frame: np.ndarray, x: float, y: float, wdir, hdir, card_w: float, card_h: float,
                profile: Profile, bleed: Optional[ChromaBleed] = None) -> np.ndarray:
    """The corner region, upright at canonical scale (BGR), with PAD pixels of table around it.

    ``bleed``: the paper's colour the frame's codec bled into the print, taken
    out of the pixels the cut reads first (see :mod:`.chroma_bleed`).
    """
    cw, pw, ph = patch_size(profile)
    su = card_w / cw
    sv = card_h / CANON_H
    ax, ay = su * wdir[0], su * wdir[1]
    bx, by = sv * hdir[0], sv * hdir[1]
    tx, ty = x - PAD * (ax + bx), y - PAD * (ay + by)
    m = np.array([[ax, bx, tx], [ay, by, ty]], dtype=np.float64)
    if bleed is not None:
        # Only the pixels the cut reads.  Their margin is wider than the interpolation's
        # reach, so the region's edges are within reach only where they are the frame's.
        box = footprint(m, pw, ph, frame.shape)
        if box is not None:
            x0, y0, x1, y1 = box
            frame = bleed.unbled(frame[y0:y1, x0:x1], x0, y0)
            tx, ty = tx - x0, ty - y0
            m = np.array([[ax, bx, tx], [ay, by, ty]], dtype=np.float64)
    if frame.ndim == 3 and frame.shape[2] == 4 and _reaches_past(frame.shape, (ax, bx, tx, ay, by, ty), pw, ph):
        return _blank_beyond_frame(cv2.warpAffine(frame, m, (pw, ph), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                                                  borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0)))
    return cv2.warpAffine(frame, m, (pw, ph), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                          borderMode=cv2.BORDER_REPLICATE)


def patch_size(profile: Profile) -> tuple[int, int, int]:
    """:func:`_patch_size` of ``profile``; the last profile's is kept (as :func:`.index_layout.glyph_layout` does)."""
    key = (profile.rank_box, profile.suit_box, profile.aspect)
    if key != _last[0]:
        _last[:] = key, _patch_size(*key)
    return _last[1]


#: The geometry :func:`patch_size` was last asked for, and its sizes.
_last: list = [None, None]


@lru_cache(maxsize=32)
def _patch_size(rank_box: Box, suit_box: Box, aspect: float) -> tuple[int, int, int]:
    """The canonical card width, and the width and height of a corner patch (worked out once per profile)."""
    cw = canon_width(aspect)
    region = index_region_of(rank_box, suit_box)
    return cw, int(region.u1 * cw) + PAD, int(region.v1 * CANON_H) + PAD


def _reaches_past(shape, m: tuple[float, ...], pw: int, ph: int) -> bool:
    """Whether the corners of a ``pw`` x ``ph`` patch, mapped by ``m`` (the warp's six
    coefficients, row by row) onto a frame of ``shape``, come within the
    interpolation's reach of its edge (a pixel blended with what lies beyond it)."""
    fh, fw = shape[:2]
    ax, bx, tx, ay, by, ty = m
    xs = (tx, ax * pw + tx, bx * ph + tx, ax * pw + bx * ph + tx)
    ys = (ty, ay * pw + ty, by * ph + ty, ay * pw + by * ph + ty)
    return min(xs) < 0.5 or min(ys) < 0.5 or max(xs) > fw - 1.5 or max(ys) > fh - 1.5


def _blank_beyond_frame(patch: np.ndarray) -> np.ndarray:
    """A BGRA ``patch`` warped with nothing (alpha 0) beyond the frame, that part painted as paper.

    Replicating the frame's last row smears whatever it crosses (a suit cut
    by the frame edge) into long dark streaks that melt onto the glyphs.
    Beyond the frame nothing is known: it is drawn as the patch's paper (no
    ink), and its alpha below 255 tells the glyph cutter that a glyph touching
    it may be cut short (see :func:`.glyphs.extract_glyphs`).  A pixel blended
    with the frame's edge counts as beyond it.
    """
    inside = (patch[..., 3] == 255).view(np.uint8)
    paper = _paper_of(patch, inside) if cv2.countNonZero(inside) else np.full(3, 255.0)
    colour = np.append(np.round(paper).astype(np.uint8), np.uint8(0))  # paper's colour, alpha 0
    # Each BGRA pixel as one 32-bit word: a tenth of the time of setting four bytes a pixel.
    np.copyto(patch.view(np.uint32)[..., 0], colour.view(np.uint32)[0], where=inside == 0)
    return patch


#: The share of a patch's pixels darker than its paper (see :func:`_paper_of`).
PAPER_SHARE = 0.9


#: Each byte's value, as the bins of a byte histogram hold them.
_BYTES = np.arange(256, dtype=np.uint8)


def _paper_of(patch: np.ndarray, inside: np.ndarray) -> np.ndarray:
    """The paper's colour of ``patch`` (BGR, float) over the pixels of mask ``inside``: each
    channel's :data:`PAPER_SHARE` percentile, exactly as ``np.percentile`` (linear) gives it
    (see :mod:`.counted_percentile`)."""
    return np.array([counted_percentile(cv2.calcHist([patch], [ch], inside, [256], [0, 256]).ravel(), _BYTES,
                                        PAPER_SHARE) for ch in range(3)])
