"""Ink levels: how dark each pixel of a corner patch is against its paper, and what counts as ink.

The darkness table, the ink mask, a clipped paper's correction, the ink's
colour and redness, and the lower level of a faint rank.  Apart from
:mod:`.glyphs` because calibration, the cut-glyph looks and the pale-ink
rules measure ink too, without cutting glyphs.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple, Optional

import cv2
import numpy as np

from dealer_assist.vision.index_layout import PAD, glyph_layout
from dealer_assist.vision.profile import Profile


#: Relative darkness (0 paper .. 1 black) above which a pixel is ink.
INK = 0.40
#: A faint rank's ink level: this share of its darkest ink, never below INK_FLOOR (see :func:`faint_level`).
FAINT_SHARE = 0.6
INK_FLOOR = 0.2
_LEVELS = np.arange(256, dtype=np.float32)


def ink_map(patch: np.ndarray) -> tuple[np.ndarray, float]:
    """Relative darkness of each pixel against the paper of this patch, and the paper level.

    The darkest channel makes red ink as dark as black ink; dividing by the
    local paper level cancels uneven light and exposure.
    """
    lo8, lut, paper = darkness(patch)
    return lut[lo8], paper


class Darkness(NamedTuple):
    """A patch's darkest channel (uint8), its ink value per grey level (256 entries), and the paper level."""

    lo8: np.ndarray
    lut: np.ndarray
    paper: float


def darkness(patch: np.ndarray, channels: tuple[int, ...] = ()) -> Darkness:
    """The :class:`Darkness` of ``patch``: what :func:`.glyphs.extract_glyphs` cuts the glyphs from.

    A patch holds only 256 grey levels, so the ink map is a table look-up
    (the same float32 arithmetic, once per level instead of once per pixel).
    A corner looked at twice (the faint look) passes it on instead of
    working it out again.  ``channels``: those every index ink of the deck
    darkens (:func:`.suit_colours.ink_channels`); a pixel is as dark as the
    least darkened of them, so a colour no index ink has is pale.  Without
    them, as its darkest channel.
    """
    # One split (BGR or BGRA; alpha unused): three extractions of a patch take 2.5 times its
    # instructions, in as much time (a crop of a frame, not contiguous, is another matter: see .fine_peel).
    planes = cv2.split(patch)
    if channels:
        lo8 = planes[channels[0]]
        for c in channels[1:]:
            lo8 = cv2.max(lo8, planes[c])
    else:
        lo8 = cv2.min(cv2.min(planes[0], planes[1]), planes[2])
    inner = lo8[PAD:, PAD:]
    if inner.size:
        # Counts below 2**24 add up exactly in float32, the histogram's type.
        cdf = cv2.calcHist([inner], [0], None, [256], [0, 256]).ravel().cumsum()
        paper = float(cdf.searchsorted(0.9 * inner.size))  # the 90th percentile
    else:
        paper = 255.0
    return Darkness(lo8, _ink_table(max(paper, 1.0))[0], max(paper, 1.0))


def brighter_paper(levels: Darkness, factor: float) -> Darkness:
    """``levels`` with the paper taken ``factor`` times brighter (a clipped paper shows darker than it is)."""
    paper = levels.paper * factor
    return Darkness(levels.lo8, _ink_table(paper)[0], paper)


@lru_cache(maxsize=256)
def _ink_table(paper: float) -> tuple[np.ndarray, int]:
    """Ink per grey level against ``paper`` (float32), and how many grey levels are ink (> :data:`INK`).

    Ink falls as the level rises, so the levels that are ink are the darkest
    ones: the ink mask is a plain threshold (a tenth of the time of a byte look-up).
    """
    ink = np.clip((paper - _LEVELS) / paper, 0.0, 1.0)
    ink.flags.writeable = False
    dark = ink > INK
    below = int(dark.sum())
    assert dark[:below].all(), "ink must fall as the grey level rises"
    return ink, below


def ink_mask(lo8: np.ndarray, paper: float) -> np.ndarray:
    """1 where the darkest channel ``lo8`` is ink against ``paper`` (see :func:`_ink_table`), else 0."""
    return cv2.threshold(lo8, _ink_table(paper)[1] - 1, 1, cv2.THRESH_BINARY_INV)[1]


def redness_of(patch: np.ndarray, mask: np.ndarray, paper: float) -> float:
    """How red the ink under ``mask`` is: 0 for black or grey, about 0.5 or more for red."""
    m = mask.astype(np.uint8)
    if not cv2.countNonZero(m):
        return 0.0
    b, g, r, _ = cv2.mean(patch, mask=m)
    return float((r - max(g, b)) / paper)


#: Least darkness (against the paper) of a glyph's ink whose colour is told:
#: paler ink (a glyph blurred to a ghost) holds too little colour to measure.
COLOUR_DARKNESS = 0.08


def ink_colour_of(patch: np.ndarray, mask: np.ndarray, paper: float) -> Optional[tuple[float, float, float]]:
    """The colour of the ink under ``mask`` as what it takes from the paper, per channel (B, G, R).

    Each channel's loss against the paper beside the glyph, less the mean
    loss, over the mean loss: 0 for black or grey ink, away from 0 towards
    the channels the ink lets through (red ink takes little red).  A pixel
    blurred half into the paper loses half of each channel, so the figure
    does not fade with blur or pale print, and a tinted light shifts the
    paper as much as the ink.  None when the ink is too pale to tell.
    """
    m = mask.astype(np.uint8)
    if cv2.countNonZero(m) < 4:
        return None
    ink = np.array(cv2.mean(patch, mask=m)[:3])
    lo = patch[..., :3].min(axis=2)
    bright = ((lo >= 0.85 * paper) & (m == 0)).astype(np.uint8)
    paper_bgr = np.array(cv2.mean(patch, mask=bright)[:3]) if cv2.countNonZero(bright) >= 4 else np.full(3, paper)
    loss = paper_bgr - ink
    dark = float(loss.mean())
    if dark < COLOUR_DARKNESS * paper:
        return None
    c = (loss - dark) / dark
    return float(c[0]), float(c[1]), float(c[2])


def faint_level(rank_ink: np.ndarray) -> Optional[float]:
    """A lower ink level for a rank too faint for :data:`INK`, or None when it is not faint.

    In heavy blur a rank's thin strokes fade to a pale grey (or pink) that
    barely reaches ``INK`` while the solid suit below still does: the rank
    breaks apart or is lost.  The level then follows the rank's darkest ink
    down (to :data:`FAINT_SHARE` of it, never below :data:`INK_FLOOR`).
    """
    if not rank_ink.size or not _may_be_faint(rank_ink):
        return None
    peak = float(np.percentile(rank_ink, 98))
    level = max(INK_FLOOR, FAINT_SHARE * peak)
    return level if peak >= INK_FLOOR / FAINT_SHARE and level < INK - 0.02 else None


def _may_be_faint(rank_ink: np.ndarray) -> bool:
    """False when the 98th percentile surely lies outside the faint range (a percentile is slow).

    Pixel counts past a level bound the two order statistics the percentile
    lies between; a pixel of slack on each side and 0.01 on the levels make
    this a shortcut only, never a different answer.
    """
    n = rank_ink.size
    g = int(0.98 * (n - 1))  # the lower of the two order statistics
    dark = (INK - 0.02) / FAINT_SHARE + 0.01  # a peak this dark is not faint
    pale = INK_FLOOR / FAINT_SHARE - 0.01  # nor one this pale
    if np.count_nonzero(rank_ink >= dark) >= n - g + 1:
        return False
    return np.count_nonzero(rank_ink > pale) > n - g - 3


def has_faint_rank(patch: np.ndarray, profile: Profile, levels: Optional[Darkness] = None) -> bool:
    """Whether the rank box of an upright corner patch holds ink faint enough
    for a second, faint look (:func:`.glyphs.extract_glyphs` with ``faint``; it finds nothing otherwise).

    ``levels``: the patch's :func:`darkness`, when already worked out."""
    lay = glyph_layout(profile)
    lo8, lut, _ = levels if levels is not None else darkness(patch)
    (r0, r1), (c0, c1) = lay.rank_rows, lay.rank_cols
    ink = cv2.LUT(lo8[:r1, :c1], lut)
    ink[:lay.edge, :] = 0
    ink[:, :lay.edge] = 0
    return faint_level(ink[r0:r1, c0:c1]) is not None
