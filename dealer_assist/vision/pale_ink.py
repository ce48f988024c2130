"""Ink paled by the light, deepened back to the darkness the deck's set-up shots showed.

Ink is measured against the paper (:func:`.ink.darkness`), so a dimmer or
brighter light changes nothing.  A light that lifts the mid-tones does
(a camera's gamma or tone curve, a lamp washing out the table): the paper stays
white, but a pale ink's darkness falls.  A four-colour deck's lilac spade went
from 0.52 to 0.40 of the paper's level under a gamma of 0.7 and its rank from
0.50 to 0.38, so the whole index fell about to :data:`.ink.INK` and the
corner's first look saw no glyph at all.  Such a corner is looked at again with every
grey level's ink multiplied up until its rank and suit are about as dark as
the deck's templates (:func:`deepen`): the glyphs are then cut at the usual
level, scored against the usual templates and judged by the usual thresholds.

Blur fades ink too, but not alike: a rank's thin strokes fade while a solid
suit's middle stays dark.  Only an index whose rank *and* suit are both pale
against the templates is deepened, by no more than either glyph allows (deepened
past black, a blurred suit shows a steep rim under a flat top and measures
sharp), and a deepened read blurrier than :data:`SHARP` of the self-test's
blur level is dropped (so a profile made before that level was learned never
takes the look): a club blurred 2.2 px, deepened, is a blob that reads
as a sure spade, while the index the light paled is as sharp as any.

The calibration's self-test never takes this look (its trials are shot in the
set-up's light), so the thresholds it learns are unchanged.
"""

from __future__ import annotations

import math
from typing import Optional

import cv2
import numpy as np

from dealer_assist.vision.counted_percentile import counted_percentile
from dealer_assist.vision.index_layout import glyph_layout
from dealer_assist.vision.ink import INK, Darkness
from dealer_assist.vision.profile import Profile

#: An index is deepened only when its rank and its suit are each paler than this share
#: of their templates' darkest ink; a darker one was seen as it is.
PALE = 0.85
#: Most the ink is deepened by: paler ink than half the templates' is a shadow or a picture's tint.
MOST_GAIN = 2.0
#: A deepened read counts only up to this share of the profile's ``blur_level`` (see module doc).
SHARP = 0.85


def template_peaks(profile: Profile) -> tuple[float, float]:
    """How dark the deck prints its ranks and its suits: the median over each kind's templates
    of their darkest ink (98th percentile), as the set-up shots showed it."""
    def median_peak(templates) -> float:
        peaks = [float(np.percentile(t, 98)) for t in templates.values()]
        return float(np.median(peaks)) if peaks else 1.0

    return median_peak(profile.rank_templates), median_peak(profile.suit_templates)


def glyph_peaks(profile: Profile, levels: Darkness) -> tuple[float, float]:
    """The darkest ink (98th percentile) in the rank box and in the suit box of an upright
    corner patch's ``levels``."""
    lay = glyph_layout(profile)
    return _peak(levels, lay, lay.rank_rows, lay.rank_cols), _peak(levels, lay, lay.suit_rows, lay.suit_cols)


def _peak(levels: Darkness, lay, rows: tuple[int, int], cols: tuple[int, int]) -> float:
    """The darkest ink (98th percentile) of ``levels`` in the box of ``rows`` and ``cols`` inside the edge band."""
    (r0, r1), (c0, c1) = rows, cols
    box = levels.lo8[max(r0, lay.edge):r1, max(c0, lay.edge):c1]
    if not box.size:
        return 0.0
    # Ink falls as the level rises: the levels' counts from the brightest down are the ink's, rising.
    counts = cv2.calcHist([box], [0], None, [256], [0, 256]).ravel()[::-1]
    return float(counted_percentile(counts, levels.lut[::-1], 0.98))


def deepen_gain(profile: Profile, levels: Darkness, peaks: tuple[float, float]) -> Optional[float]:
    """How many times deeper the ink of a patch's ``levels`` is to be taken for its rank and suit
    to be about as dark as the templates' ``peaks`` (see :func:`template_peaks`), neither
    darker than its templates; None when either glyph is not pale (:data:`PALE`).

    Asked of every corner whose first look saw no glyph: a rank that is not pale
    answers without the suit's peak.  Also None when even so deepened either
    glyph's darkest ink (its 98th percentile) stays under :data:`.ink.INK`: at most
    2% of its box would be ink, under what the glyph cutter asks of a rank (5%)
    or a suit (3%), so the look would see nothing.  That is most such corners,
    the bare paper of a corner that holds no index (3 a frame on the shared
    decks, 2% of a frame's work).
    """
    lay = glyph_layout(profile)
    gain, darkest = math.inf, math.inf
    for t, (rows, cols) in zip(peaks, ((lay.rank_rows, lay.rank_cols), (lay.suit_rows, lay.suit_cols))):
        peak = _peak(levels, lay, rows, cols)
        gain, darkest = min(gain, t / max(peak, 1e-6)), min(darkest, peak)
        if gain < 1.0 / PALE:
            return None
    gain = min(gain, MOST_GAIN)
    return gain if darkest * gain > INK else None


def sharp_enough(profile: Profile, blur: float) -> bool:
    """Whether a deepened read's index blur is within :data:`SHARP` of the self-test's blur level;
    never for a profile without one (infinite: made before it was learned)."""
    level = profile.thresholds.blur_level
    return math.isfinite(level) and blur <= SHARP * level


def deepen(levels: Darkness, gain: float) -> Darkness:
    """``levels`` with every grey level's ink against the paper taken ``gain`` times darker.

    Only the darkest channel changes: the paper level stays, so the ink
    table and the ink mask's threshold read the deepened levels as they would
    read ink printed that dark, while the colour measures read the patch itself.
    """
    paper = levels.paper
    levels_in = np.arange(256, dtype=np.float64)
    table = np.clip(np.round(paper - gain * (paper - levels_in)), 0, 255)
    table = np.where(levels_in >= paper, levels_in, table).astype(np.uint8)
    return Darkness(cv2.LUT(levels.lo8, table), levels.lut, paper)
