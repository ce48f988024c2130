"""Template statistics: the templates as unit vectors less what they share, a glyph's scores against them.

Normalised correlation after removing the templates' common mean (a spade
and a club differ in little, and that little is what is scored), and the
templates kept at several blurs, each scored at the blur its glyph shows;
with the vector arithmetic they share.  Apart from :mod:`.index`: how a
glyph scores against a set of templates, not which looks at a corner are taken.
"""

from __future__ import annotations

import cv2
import numpy as np

try:  # einsum's C loop without np.einsum's argument parsing (numpy 2's private path; numpy 1 lacks it)
    from numpy._core.multiarray import c_einsum
except ImportError:
    c_einsum = np.einsum

from dealer_assist.vision.glyphs import Glyph


def zncc_matrix(templates: dict[str, np.ndarray]) -> tuple[list[str], np.ndarray, np.ndarray]:
    """Template rows with the mean of all templates removed, then normalised.

    Blurred glyphs of one deck share their rough silhouette; what tells a
    spade from a club is the small difference to the common mean.  Removing
    that mean spreads the scores apart.
    """
    codes = list(templates)
    stack = np.stack([unit_vector(templates[c].astype(np.float32).ravel()) for c in codes])
    common = unit_vector(stack.mean(axis=0))
    rows = []
    for img in stack:
        v = img - common
        v = v - v.mean()
        rows.append(v / (np.linalg.norm(v) + 1e-6))
    return codes, np.vstack(rows), common


#: Blurs (Gaussian sigma, template pixels) the templates are also matched at.
#: The templates are averaged over set-up shots blurred up to about 1.5 px; a
#: table frame can blur a glyph far more (a thin rank stroke goes soft and
#: fat), and a sharp template then scores low against every glyph alike.
BLUR_LEVELS = (0.0, 0.8, 1.6, 2.4)


def sharpness(image: np.ndarray) -> float:
    """Gradient energy of a glyph image against its contrast energy: lower for a blurrier glyph, whatever its shape."""
    img = np.asarray(image, np.float32)  # no copy: nothing below writes to it
    gx = cv2.Sobel(img, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(img, cv2.CV_32F, 0, 1, ksize=3)
    d = centred(img)
    # The same products and sums, in place (the rank of every look is scored: no temporaries).
    np.multiply(gx, gx, out=gx)
    np.multiply(gy, gy, out=gy)
    np.add(gx, gy, out=gx)
    np.multiply(d, d, out=d)
    return float(np.add.reduce(gx, None) / (np.add.reduce(d, None) + 1e-9))


class BlurredTemplates:
    """Templates kept at each of :data:`BLUR_LEVELS`; each is scored against a glyph at
    the level where it is as sharp as the glyph.

    The level is measured, not chosen by score (a level picked for its best
    score would lift every class alike), and per template: a glyph compared
    with the template of its own class compares like shapes, and a template
    already soft (averaged from blurred shots) is not softened further.
    """

    def __init__(self, templates: dict[str, np.ndarray]) -> None:
        self.codes = list(sorted(templates))
        levels = []
        for sigma in BLUR_LEVELS:
            imgs = [templates[k].astype(np.float32) for k in self.codes]
            if sigma:
                imgs = [cv2.GaussianBlur(img, (0, 0), sigma) for img in imgs]
            levels.append(([unit_vector(img.ravel()) for img in imgs], [np.log(sharpness(img)) for img in imgs]))
        #: [template][level] unit vectors and log sharpness
        self.vectors = [np.stack([levels[lv][0][t] for lv in range(len(levels))]) for t in range(len(self.codes))]
        self.log_sharp = np.array([[levels[lv][1][t] for lv in range(len(levels))] for t in range(len(self.codes))])
        self._cache: dict[tuple[int, ...], tuple[np.ndarray, np.ndarray]] = {}

    def scores(self, glyph: Glyph) -> dict[str, float]:
        return self.scores_of(glyph.image)

    def scores_of(self, image: np.ndarray) -> dict[str, float]:
        """Scores of a glyph image (see :meth:`scores`)."""
        s = np.log(max(sharpness(image), 1e-6))
        chosen = tuple(np.abs(self.log_sharp - s).argmin(axis=1).tolist())
        if chosen not in self._cache:
            if len(self._cache) > 512:  # a long watch meets few combinations; never let them pile up
                self._cache.clear()
            stack = np.stack([self.vectors[t][lv] for t, lv in enumerate(chosen)])
            common = unit_vector(stack.mean(axis=0))
            rows = stack - common
            rows -= rows.mean(axis=1, keepdims=True)
            self._cache[chosen] = (rows / (np.linalg.norm(rows, axis=1, keepdims=True) + 1e-6), common)
        matrix, common = self._cache[chosen]
        return _image_scores(image, matrix, common, self.codes)


def unit_vector(v: np.ndarray) -> np.ndarray:
    return v / (norm(v) + 1e-6)


def norm(v: np.ndarray):
    """``np.linalg.norm`` of a vector (the very same arithmetic) without its argument checks."""
    return np.sqrt(v.dot(v))


def centred(v: np.ndarray) -> np.ndarray:
    """``v - v.mean()`` (the very same arithmetic: a pairwise sum over the size, by the
    reduction ``v.sum()`` calls, without its Python wrapper)."""
    return v - np.add.reduce(v, None) / v.size


def _image_scores(image: np.ndarray, matrix, common, codes) -> dict[str, float]:
    return unit_scores(unit_vector(image.ravel()), matrix, common, codes)


def unit_scores(unit: np.ndarray, matrix, common, codes) -> dict[str, float]:
    """:func:`_image_scores` of a glyph image already made a unit vector (``unit_vector(image.ravel())``)."""
    v = unit_vector(centred(unit - common))
    # Not ``matrix @ v``: numpy's OpenBLAS hands a product this size (some 10^4
    # multiply-adds) to its thread pool, and on a busy core the hand-off
    # costs milliseconds; einsum's own loop takes microseconds.
    # einsum's C loop itself: np.einsum only passes these operands on to it, through two Python frames.
    return dict(zip(codes, c_einsum("ij,j->i", matrix, v).tolist()))
