"""How a suit glyph's upper part compares with each suit's: what a card lying below an index leaves in sight.

A card lying over the lower part of an index hides the foot of its suit: a
club keeps its three lobes and a stub of its stem, and the whole-glyph
scores (the glyph centred in its window by its ink, so the lobes sit where
a whole spade's body would) and the pair score (which weighs the hidden
pixels, where the covering card's paper lies) may name the spade.  The
upper part alone still tells the two apart: the club's round top lobe
against the spade's point, the heart's two lobes against the diamond's
point.  Here the glyph and each template are aligned at the top of their
ink, and only the upper :data:`UPPER_SHARE` of each template's ink height
is compared (see :meth:`.verdict.Judge.upper_part_names`).
"""

from __future__ import annotations

from typing import Optional

import numpy as np

#: Share of a template's ink height, from its top, that is compared.
UPPER_SHARE = 0.7


def _ink_rows(image: np.ndarray) -> Optional[tuple[int, int]]:
    """First and last row of ``image`` holding ink (above half the peak), or None."""
    peak = float(np.maximum.reduce(image, None)) if image.size else 0.0
    if peak <= 0.0:
        return None
    rows = np.logical_or.reduce(image > 0.5 * peak, 1).nonzero()[0]
    return (int(rows[0]), int(rows[-1])) if len(rows) else None


def _zncc(a: np.ndarray, b: np.ndarray) -> float:
    a, b = a - a.mean(), b - b.mean()
    d = float(np.linalg.norm(a) * np.linalg.norm(b))
    return float(np.vdot(a, b)) / d if d > 0 else 0.0


def upper_scores(image: np.ndarray, templates: dict[str, np.ndarray], suits) -> dict[str, float]:
    """Per suit of ``suits``: the best normalised correlation of the upper :data:`UPPER_SHARE` of its
    templates (size variants count for their suit) with as many rows of ``image`` (a matched suit
    window), both taken from the top of their ink.  Suits with no template of ``image``'s size are left out."""
    g = np.asarray(image, np.float32)
    top = _ink_rows(g)
    out: dict[str, float] = {}
    if top is None:
        return out
    for key, t in templates.items():
        if key[0] not in suits:
            continue
        t = np.asarray(t, np.float32)
        rows = _ink_rows(t)
        if rows is None or t.shape != g.shape:
            continue
        n = max(3, int(round(UPPER_SHARE * (rows[1] - rows[0] + 1))))
        n = min(n, g.shape[0] - top[0], t.shape[0] - rows[0])
        s = _zncc(g[top[0]:top[0] + n], t[rows[0]:rows[0] + n])
        out[key[0]] = max(s, out.get(key[0], -1.0))
    return out
