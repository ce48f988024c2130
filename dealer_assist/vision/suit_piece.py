"""What a covering card's slanting edge leaves of a suit: a piece smaller than the suit both ways, and lopsided.

A card lying over an index with its edge slanting across the suit cuts a corner off the glyph;
what is left can fit another suit's template (a heart's lobe, round above and pointed where the
edge cut it, fits a diamond).  No whole suit is so: its ink, in the window its rank's height
sizes, is about as tall and as wide as its template's (:func:`extent`), and it is the same on
both sides as printed (:func:`mirror_fit`; suits are printed symmetric, and a deck printing one
otherwise shows so in its template too).  The verdict asks both of a cut suit glyph
(``verdict.Judge.piece_of_a_suit``).
"""

from __future__ import annotations

import cv2
import numpy as np

from dealer_assist.vision.index import ink_height


def extent(window: np.ndarray) -> tuple[float, float]:
    """The height and width (pixels, to a fraction) of a glyph window's ink, where its rows and
    columns reach half its darkest (see :func:`.index.ink_height`): a thin stub of a cut line
    beside the glyph does not count."""
    a = np.asarray(window, np.float32)
    return ink_height(a), ink_height(a.T)


def mirror_fit(window: np.ndarray) -> float:
    """Normalised correlation of a glyph window with its mirror image about the upright line
    through its ink's centre: 1 for a glyph the same on both sides (and for a window without ink)."""
    a = np.asarray(window, np.float32)
    m = cv2.moments(a)
    if m["m00"] <= 0:
        return 1.0
    cx = m["m10"] / m["m00"]
    mirrored = cv2.warpAffine(a, np.float32([[-1, 0, 2 * cx], [0, 1, 0]]), (a.shape[1], a.shape[0]),
                              flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    x = a.ravel() - a.mean()
    y = mirrored.ravel() - mirrored.mean()
    return float(x @ y / (np.sqrt((x @ x) * (y @ y)) + 1e-9))
