"""A rank and its suit joined by a neck too thick to thin apart are kept, for the cut between them.

Ornamental prints its queens' tail reaching down to the suit: in a blurred
cluttered frame the Q of hearts and its heart made one blob, too tall for
a glyph, and two thinnings (``glyphs._part_blobs``) left it whole, so it
was dropped with the picture pieces such thinning is for, and the card was
lost though its index lay in plain view.  A blob still whole after
thinning, inside the patch and no wider than a glyph, is now kept when it
is no taller than two glyphs stacked: the index's own cut between rank and
suit (where its ink thins out) parts it, and a blob as wide at that row as
above and below it is still one shape, no index (``_one_blob_across``).
Kept so, pieces of other decks' pictures raised alerts (rheinland,
Атласные): its glyphs are doubtful, and their read counts only when sure.
"""

from __future__ import annotations

import cv2
import numpy as np

from dealer_assist.vision.blob_parts import part_blobs as _part_blobs

GLYPH_W, GLYPH_H = 30.0, 30.0  # the biggest glyph a patch may hold (mask pixels)


def _stacked(width: int = 22, top: int = 6, left: int = 10, patch=(90, 60)) -> np.ndarray:
    """A thick ring (a Q) above a solid disc (a suit), joined by a neck six pixels wide: one blob
    ``top`` pixels from the patch's top, some 50 pixels tall."""
    binary = np.zeros(patch, np.uint8)
    r = width // 2
    cv2.circle(binary, (left + r, top + r), r, 1, 5)
    cv2.circle(binary, (left + r, top + 2 * r + 16), 9, 1, cv2.FILLED)
    binary[top + 2 * r - 3:top + 2 * r + 9, left + r - 3:left + r + 3] = 1  # the neck
    return binary


def _part(binary: np.ndarray, max_h: float = GLYPH_H, **kw) -> np.ndarray:
    n, labels, stats, _ = cv2.connectedComponentsWithStats(binary, None, None, None, 8, cv2.CV_16U)
    assert n == 2  # one blob
    return _part_blobs(binary, labels, stats.tolist(), [1], GLYPH_W, max_h, **kw)


def test_a_rank_and_suit_joined_too_thickly_to_part_are_kept_whole():
    binary = _stacked()
    x, y, w, h = cv2.boundingRect(binary)
    assert h > GLYPH_H and w <= GLYPH_W  # too tall for one glyph, as wide as one
    assert not _part(binary).any()  # dropped, as before
    marked = np.zeros_like(binary)
    kept = _part(binary, stacked=marked)
    assert np.array_equal(kept, binary)  # kept whole: the index's cut parts it later
    assert np.array_equal(marked, binary)  # and marked, so its glyphs are doubtful


def test_a_blob_out_of_the_patch_too_wide_or_too_tall_is_still_dropped():
    for binary, max_h in ((_stacked(top=45), GLYPH_H),  # running out of the patch: a pip, a picture
                          (_stacked(), 0.4 * GLYPH_H)):  # taller than two glyphs stacked
        marked = np.zeros_like(binary)
        assert not _part(binary, max_h, stacked=marked).any() and not marked.any()
    wide = _stacked()
    wide[30:36, 10:50] = 1  # wider than a glyph
    assert not _part(wide, stacked=np.zeros_like(wide)).any()
