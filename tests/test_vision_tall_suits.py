"""A deck that prints one suit taller than the others still has that suit's indexes found by their glyphs.

Debian's ornamental deck prints its index hearts half again as tall as its
spades.  Where a card's corner is not seen (a cream card fanned on cream
cards), its index is found as a rank glyph above a suit glyph, each as tall
against their spacing as the deck prints it: a heart, held against the
deck's usual suit height, stood too tall and its index was never looked at.
The profile keeps each suit's own height where it differs, and a suit glyph
may stand as tall as the deck's tallest suit.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.recognize import Recognizer
from test_vision_glyph_pairs import _pairs, _paper, _rank_and_suit

TALL = 1.9  # how much taller than the deck's usual suit its hearts are printed


def _index(profile: Profile, suit_h: float) -> tuple[np.ndarray, float]:
    """A white card on felt holding a bar (rank) above a disc (suit) ``suit_h`` of the card's
    height across, at the profile's spacing and card size."""
    img = _paper()
    _rank_and_suit(img, profile, profile.card_h_px, np.array([150.0, 70.0]), suit_h)
    return img, profile.card_h_px


def _pairs_of(profile: Profile, img: np.ndarray, card_h: float):
    return _pairs(Recognizer(profile), img, card_h)


@pytest.fixture(scope="module")
def shipped():
    return Profile.load(default_profile_path())


@pytest.fixture(scope="module")
def tall_hearts(shipped):
    """The anglo deck as if its other suits were printed smaller than its hearts: the usual
    suit height shrinks, the hearts keep the height they have in the shots."""
    return replace(shipped, suit_h=shipped.suit_h / TALL, suit_heights={"H": shipped.suit_h})


def test_a_suit_as_tall_as_the_decks_tallest_pairs_with_its_rank(shipped, tall_hearts):
    img, card_h = _index(tall_hearts, shipped.suit_h)
    pairs = _pairs_of(tall_hearts, img, card_h)
    assert len(pairs) == 1
    assert pairs[0].rank_at[1] < pairs[0].suit_at[1]  # the bar is the rank, the disc its suit


def test_without_the_tall_suit_known_the_same_index_is_not_paired(shipped, tall_hearts):
    img, card_h = _index(tall_hearts, shipped.suit_h)
    assert _pairs_of(replace(tall_hearts, suit_heights={}), img, card_h) == []


def test_a_suit_taller_than_any_the_deck_prints_is_still_no_index(shipped):
    """Hearts known 1.9 times as tall as the other suits, and a disc twice as tall as the hearts."""
    taller = replace(shipped, suit_h=shipped.suit_h / (TALL * 2), suit_heights={"H": shipped.suit_h / 2})
    img, card_h = _index(taller, shipped.suit_h)
    assert _pairs_of(taller, img, card_h) == []
    assert len(_pairs_of(replace(taller, suit_heights={"H": shipped.suit_h}), img, card_h)) == 1


def test_the_suit_heights_are_kept_in_a_saved_profile(shipped, tmp_path: Path):
    tall_hearts = replace(shipped, suit_heights={"H": 0.2})
    loaded = Profile.load(tall_hearts.save(tmp_path / "p"))
    assert loaded.suit_heights == {"H": 0.2}
    assert loaded.tallest_suit() == 0.2
    assert shipped.tallest_suit() >= shipped.suit_h
