"""A tight plastic fan: the lower card's half-covered index read unsure is that card, not one to ask for (rev17 F12).

A blackjack card fanned 0.15 of a card down and 0.105 right onto a plastic card covers half of the lower card's
index: the recognizer stops reading it for sure and reads a piece of it unsure (5♠ under a 6♥: 4♥/4♦/4♣, its
outline half a card, wholly on the 5♠).  The tracker asked for it as a card never dealt, and the next card waited
for the croupier.  An unsure outline smaller than a card lying wholly within a card read, whose spot is still
seen (not bare), is that card.  A card dealt onto it is still read, and a smudged one still asked for.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import smudged_deal
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.recognize import Recognizer
from dealer_assist.vision.track import NewCard, OnceOnlyTracker, UnreadCard

PLASTIC = Path(__file__).resolve().parents[2] / "shared" / "cards" / "calib" / "plastic"


@pytest.fixture(scope="module")
def plastic():
    if not PLASTIC.is_dir():
        pytest.skip("plastic set-up shots not found")
    anglo, smudged_deal.CALIB = smudged_deal.CALIB, PLASTIC
    yield Recognizer(Profile.load(default_profile_path().parent / "plastic"))
    smudged_deal.CALIB = anglo


def _events(recognizer, under: str, top: str, off: float = 0.15) -> list:
    """``under`` lying 15 frames, then ``top`` fanned onto it (``off`` of a card down, 0.7 of that right) 40."""
    card = smudged_deal.card_image
    h = card(under).shape[0]
    alone = smudged_deal.felt()
    smudged_deal._place(alone, card(under), 560, 300, 0)
    fan = alone.copy()
    smudged_deal._place(fan, card(top), 560 + off * h * 0.7, 300 + off * h, 0)
    reads = [recognizer.recognize(alone), recognizer.recognize(fan)]
    tracker = OnceOnlyTracker(recognizer.profile.card_h_px)
    events = [e for n, r in enumerate([reads[0]] * 15 + [reads[1]] * 40) for e in tracker.update(n, r)]
    return events + tracker.finish(54)


@pytest.mark.parametrize("under,top", [("5S", "6H"), ("JC", "4D"), ("8D", "6H"), ("10C", "AH")])
def test_the_lower_cards_half_covered_index_is_not_asked_for(plastic, under, top):
    events = _events(plastic, under, top)
    assert [e.card.code for e in events if isinstance(e, NewCard)] == [under.replace("10", "T"), top], events
    assert not [e for e in events if isinstance(e, UnreadCard)], events
