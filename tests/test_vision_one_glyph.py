"""One printed rank glyph is one card's, however many corners read it.

A notched corner found on a court card's picture beside another card's
index (tango's yellow crown, 41 px right of a 4D's corner, on a walnut
table) read that 4D's index at a retried size: two sure 4D reads whose
corners lay too far apart to merge, so the frame reported two 4D cards.
Each read now knows where its rank glyph lies in the frame, and reads
whose glyphs coincide are pooled as one card.  It knows where its suit lies
too: a corner beside an index printed upside down to it reads the suit as
its rank, and that glyph is the other read's card's all the same.
"""

from __future__ import annotations

import numpy as np
import pytest

from dealer_assist.vision.card_groups import CornerRead, group_corners
from dealer_assist.vision.detect import Corner
from dealer_assist.vision.index import IndexRead
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.recognize import Recognizer
from frame_truth import setup_shot_corner

W, H = 175.0, 239.0
RANK_H = 0.133  # tango's rank height, a share of the card's


def _read(code: str, x: float, y: float, rank_at, notched: bool = False, suit_at=None) -> CornerRead:
    """A sure read at a corner whose width runs down and height runs left (as the 4D lay)."""
    wd, hd = np.array([0.0, 1.0]), np.array([-1.0, 0.0])
    corner = Corner(x, y, tuple(wd), tuple(hd), 50.0, 50.0, notched)
    quad = np.array([[x, y], [x, y] + wd * W, [x, y] + wd * W + hd * H, [x, y] + hd * H])
    r = IndexRead({code[0]: 0.9}, {code[1]: 0.9}, 0.0, rank_at=rank_at, suit_at=suit_at)
    return CornerRead(corner, (W, H), quad, quad.mean(axis=0), r, True, code, 0.9, 0.5, [code])


def test_two_corners_reading_one_glyph_are_one_card():
    true = _read("4D", 589.0, 298.0, (564.6, 325.6))
    beside = _read("4D", 630.0, 294.0, (574.4, 322.0), notched=True)
    assert len(group_corners([true, beside], W, H, RANK_H)) == 1


def test_glyphs_a_glyph_apart_are_two_cards():
    """Two 4Ds of an eight-deck shoe lying side by side: their ranks are a card's width apart."""
    a = _read("4D", 589.0, 298.0, (564.6, 325.6))
    b = _read("4D", 630.0, 294.0, (605.0, 322.0))  # 40 px: more than a rank's height of 32
    assert len(group_corners([a, b], W, H, RANK_H)) == 2


def test_one_glyph_read_as_two_codes_is_uncertain_with_both():
    rec = Recognizer(Profile.load(default_profile_path()))
    a = _read("4D", 589.0, 298.0, (564.6, 325.6))
    b = _read("4H", 630.0, 294.0, (566.0, 327.0), notched=True)
    result = rec._pool([a, b], W, H)
    assert result.cards == []
    assert {c.code for c in result.uncertain[0].candidates} >= {"4D", "4H"}


@pytest.fixture(scope="module")
def shot():
    frame, corner = setup_shot_corner("anglo", "7C")
    return Recognizer(Profile.load(default_profile_path())), frame, corner


def test_the_glyphs_place_is_on_the_printed_rank_at_any_guessed_size(shot):
    """Read at the card's own size and at a guess 30% too big (the look cuts again at the
    rank's size): both place the rank where the deck prints it, to a couple of pixels."""
    anglo, frame, (x, y, wdir, hdir, w, h) = shot
    box = anglo.profile.rank_box
    printed = np.array([x, y]) + box.cu * w * np.array(wdir) + box.cv * h * np.array(hdir)
    places = []
    for k in (1.0, 1.3):
        read = anglo.matcher.read_corner(frame, x, y, wdir, hdir, w * k, h * k)
        assert read is not None and read.best("rank")[0] == "7"
        places.append(np.array(read.rank_at))
    assert np.linalg.norm(places[0] - places[1]) < 2.0
    assert np.linalg.norm(places[0] - printed) < 0.5 * anglo.profile.rank_h * h


def test_a_rank_read_from_another_reads_suit_is_that_cards_glyph():
    """A corner found where a three's side meets the edge of an ace above it lies beside the
    ace's index, printed upside down to it: it read the heart as an "A" and the "A" as a heart,
    and the frame held two aces of hearts."""
    ace = _read("AH", 523.0, 558.0, (510.0, 530.0), suit_at=(512.0, 500.0))
    upside_down = _read("AH", 485.0, 420.0, (511.0, 502.0), suit_at=(509.0, 528.0))
    assert len(group_corners([ace, upside_down], W, H, RANK_H)) == 1
    # A suit a glyph's height from the other's rank is another card's.
    apart = _read("AH", 485.0, 420.0, (511.0, 502.0 - 40.0))
    assert len(group_corners([ace, apart], W, H, RANK_H)) == 2


def test_the_suits_place_is_on_the_printed_suit(shot):
    anglo, frame, (x, y, wdir, hdir, w, h) = shot
    box = anglo.profile.suit_box
    printed = np.array([x, y]) + box.cu * w * np.array(wdir) + box.cv * h * np.array(hdir)
    read = anglo.matcher.read_corner(frame, x, y, wdir, hdir, w, h)
    assert read is not None and read.suit_at is not None
    assert np.linalg.norm(np.array(read.suit_at) - printed) < 0.5 * anglo.profile.suit_h * h
