"""A suit glyph a covering card's slanting edge cut to a piece is not read as another suit for sure.

qaO F1: on KDE's svg-standard deck, rendered and calibrated by qaO from its own set-up shots
(the profile is ``tests/images/profiles/svg-standard_own``), a pile of a 3 of clubs under two
4s of hearts: the top card's edge runs slanting across the middle card's suit, touching its
4's foot, and leaves only the heart's left lobe above it.  That piece, round above and pointed
where the edge cut it, was read as a diamond (0.72, far ahead of every other suit) and the
corner made sure by the blurred look and the pair score: 4D, a card not in the frame.  The
image is a crop of qaO's frame (blur 0.7 px, JPEG q60, light gradient 0.77) at (700, 370),
the cards at the set-up size.  A pause (``uncertain``) or no read is allowed there; a card not
in the frame never is.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.vision.glyphs import Glyph
from dealer_assist.vision.index import IndexRead
from dealer_assist.vision.profile import Profile
from dealer_assist.vision.recognize import Recognizer

IMAGES = Path(__file__).resolve().parent / "images"
PROFILE = IMAGES / "profiles" / "svg-standard_own"
CROP = "svg-standard_4h_suit_under_a_slanting_edge.png"
#: The cards of the crop: the 3 of clubs at the bottom of the pile, the two 4s of hearts over it.
IN_FRAME = {"3C", "4H"}


@pytest.fixture(scope="module")
def recognizer() -> Recognizer:
    return Recognizer(Profile.load(PROFILE))


def test_a_lobe_under_a_slanting_edge_reads_no_diamond(recognizer):
    frame = cv2.imread(str(IMAGES / CROP))
    assert frame is not None, CROP
    result = recognizer.recognize(frame)
    read = [hit.card.code for hit in result.cards]
    assert set(read) <= IN_FRAME, f"read {read}, the frame holds {sorted(IN_FRAME)}"
    # The top 4 of hearts lies whole in view: it is still read.
    assert "4H" in read


def test_the_piece_is_judged_a_piece_and_a_whole_suit_is_not(recognizer):
    """Reading the covered corner itself: the lobe's read is not sure, and it is so because its
    glyph is a piece (:meth:`.verdict.Judge.piece_of_a_suit`); the top card's whole heart is none."""
    frame = cv2.imread(str(IMAGES / CROP))
    judge = recognizer.judge
    seen = []
    corner = judge.corner

    def keep(c, r, card_w, card_h):
        out = corner(c, r, card_w, card_h)
        if out is not None and len(r.glyphs) == 2:
            seen.append((out, judge.piece_of_a_suit(r, out.code[1])))
        return out

    judge.corner = keep
    try:
        recognizer.recognize(frame)
    finally:
        del judge.corner
    pieces = [out for out, piece in seen if piece]
    assert pieces, "no corner read a piece of a suit"
    assert all(not out.sure for out in pieces)
    assert any(out.code == "4D" for out in pieces)
    assert any(out.sure and out.code == "4H" and not piece for out, piece in seen)


def _read(suit_image: np.ndarray, profile: Profile, score: float) -> IndexRead:
    rank = Glyph(profile.rank_box, lambda f: np.zeros((8, 8), np.float32), lambda: 0.7, cut=True)
    suit = Glyph(profile.suit_box, lambda f: suit_image, lambda: 0.7, cut=True)
    return IndexRead({"4": 0.95}, {"D": score, "H": -0.2, "C": -0.3, "S": -0.5}, 0.7, suit_image=suit_image,
                     glyphs=(rank, suit), cut=True)


def test_a_slanting_cut_leaves_a_piece_a_whole_suit_is_none(recognizer):
    """The deck's heart cut by a slanting line above its middle (its upper left kept) is a piece
    when read as a diamond short of a cut read's score; the deck's whole diamond is not, nor is the
    piece where it scores as a cut read must, nor where the glyph was not cut from ink beside it."""
    profile = recognizer.profile
    judge = recognizer.judge
    heart = np.asarray(profile.suit_templates["H"], np.float32)
    h, w = heart.shape
    ys, xs = np.mgrid[0:h, 0:w]
    lobe = np.where(xs + ys < 0.45 * (w + h), heart, 0).astype(np.float32)
    assert judge.piece_of_a_suit(_read(lobe, profile, 0.72), "D")
    assert not judge.piece_of_a_suit(_read(lobe, profile, 0.85), "D")
    diamond = np.asarray(profile.suit_templates["D"], np.float32)
    assert not judge.piece_of_a_suit(_read(diamond, profile, 0.72), "D")
    whole = _read(lobe, profile, 0.72)
    uncut = whole.but(glyphs=(whole.glyphs[0], Glyph(profile.suit_box, lambda f: lobe, lambda: 0.7)))
    assert not judge.piece_of_a_suit(uncut, "D")
