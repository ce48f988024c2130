"""A blackjack double card laid crosswise over the hand, read unsure, is asked for, not taken for a phantom (rev17 F4).

A double-down card is dealt sideways with one end on the hand's top card.  With its index smudged and of
that card's suit, it matched the rule for a read card's phantom outline (verC NEW-3: crosswise, one short side
inside the card read, every candidate of its suit), and was neither read nor asked for: the hand was played
without it.  A phantom's other half lies over bare felt; a card's is its own paper.  Frames drawn from the
shared anglo set-up shots (see :mod:`smudged_deal`), read with the shipped anglo profile.
"""

from __future__ import annotations

import pytest

from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.recognize import Recognizer
from dealer_assist.vision.track import NewCard, OnceOnlyTracker, UnreadCard
from smudged_deal import _place, card_image, felt


@pytest.fixture(scope="module")
def anglo() -> Recognizer:
    return Recognizer(Profile.load(default_profile_path()))


@pytest.mark.parametrize("double", ["8D", "7D"])
def test_a_double_card_of_the_hands_suit_read_unsure_crosswise_on_it_is_asked_for(anglo, double):
    hand = felt()
    _place(hand, card_image("9D"), 500, 330, 0)
    h = card_image("9D").shape[0]
    _place(hand, card_image("5D"), 500 + 0.14 * h, 330 + 0.14 * h, 0)
    doubled = hand.copy()
    _place(doubled, card_image(double, smudged=True, suits=3.5), 689, 400, 90)  # sideways, its left end on the 5♦
    dealt, read = anglo.recognize(hand), anglo.recognize(doubled)
    unsure = [u for u in read.uncertain if u.candidates]
    assert [[c.code for c in u.candidates] for u in unsure] == [[double]], "the double card is no longer read unsure"
    tracker = OnceOnlyTracker(anglo.profile.card_h_px)
    events = [e for f, r in enumerate([dealt] * 20 + [read] * 40) for e in tracker.update(f, r)]
    assert sorted(e.card.code for e in events if isinstance(e, NewCard)) == ["5D", "9D"]
    asked = [[c.code for c in e.candidates] for e in events if isinstance(e, UnreadCard)]
    assert asked == [[double]], f"the double card was lost: {asked}"
