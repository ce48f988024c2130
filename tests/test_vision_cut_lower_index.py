"""A card whose lower index the next card's edge cuts is not read a second time, as another card.

qaK F6: on a deck calibrated cleanly (qakdeck, drawn with OpenCV by qaK's
deck.py; its profile is ``tests/data/qakdeck``), a card lying still with the
next card dealt over its lower-right index was read right at its top index
and, for sure, as another card at the cut one: QH as QD (the heart's inner
lobe left of the covering card's edge read as a diamond), JH as 7D.  The
display played the phantom into the round with no alert.  The frames are
crops of qaK's stills (1280x720 set-up size, the cards 256 px tall): one from
a two-card deal video (the lower index read as a glyph pair), one from the
cut set (the corner found where the card's edge meets the covering card's).
A pause (``uncertain``) is allowed; a card not in the frame never is.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.vision.glyphs import Glyph
from dealer_assist.vision.index import IndexRead
from dealer_assist.vision.profile import Box, Profile
from dealer_assist.vision.recognize import Recognizer

HERE = Path(__file__).resolve().parent
PROFILE = HERE / "data" / "qakdeck"
IMAGES = HERE / "images"


@pytest.fixture(scope="module")
def recognizer() -> Recognizer:
    return Recognizer(Profile.load(PROFILE))


@pytest.mark.parametrize("image, truth", [
    ("qakdeck_qh_lower_index_cut_glyph_pair.png", {"QH", "AC"}),
    ("qakdeck_jh_lower_index_cut_corner.png", {"JH", "AC"}),
])
def test_a_cut_lower_index_reads_no_other_card(recognizer, image, truth):
    frame = cv2.imread(str(IMAGES / image))
    assert frame is not None, image
    result = recognizer.recognize(frame)
    read = [hit.card.code for hit in result.cards]
    assert set(read) <= truth, f"{image}: read {read}, the frame holds {sorted(truth)}"
    assert len(read) == len(set(read)), f"{image}: a card read twice: {read}"
    # The covering card lies whole in view: it is read.
    assert "AC" in read


def _glyphs(suit_image: np.ndarray, suit_u0: float, profile: Profile) -> tuple:
    rb, sb = profile.rank_box, profile.suit_box
    rank = Glyph(rb, lambda f: np.zeros((8, 8), np.float32), lambda: 0.3)
    box = Box(suit_u0, sb.v0, suit_u0 + (sb.u1 - sb.u0) / 2, sb.v1)
    return rank, Glyph(box, lambda f: suit_image, lambda: 0.3)


def test_a_suit_cut_on_its_left_side_is_cut_on_a_line(recognizer):
    """The heart's inner lobe, the covering card's edge along its left (the index's outer side, the
    tip still in sight), is no diamond: its left side is straighter than any printed suit's, and it
    begins well inside where the deck prints its suit.  A suit as straight there that begins where
    the suit is printed touches the card's edge line (swiss-xvii's rose): not cut."""
    profile = recognizer.profile
    heart = np.asarray(profile.suit_templates["H"], np.float32).copy()
    cols = np.nonzero((heart > heart.max() / 2).any(axis=0))[0]
    heart[:, : (cols.min() + cols.max()) // 2 + 1] = 0  # the left half under the covering card
    sb = profile.suit_box
    inside = sb.u0 + 0.3 * (sb.u1 - sb.u0)
    cut = IndexRead({"Q": 0.9}, {"D": 0.68, "H": 0.05}, 0.3, suit_image=heart, glyphs=_glyphs(heart, inside, profile))
    assert recognizer.judge.cut_on_a_line(cut, "Q", "D")
    at_edge = IndexRead({"Q": 0.9}, {"D": 0.68, "H": 0.05}, 0.3, suit_image=heart,
                        glyphs=_glyphs(heart, sb.u0, profile))
    assert not recognizer.judge.cut_on_a_line(at_edge, "Q", "D")
    whole = np.asarray(profile.suit_templates["D"], np.float32)
    read = IndexRead({"Q": 0.9}, {"D": 0.9}, 0.3, suit_image=whole, glyphs=_glyphs(whole, sb.u0, profile))
    assert not recognizer.judge.cut_on_a_line(read, "Q", "D")
