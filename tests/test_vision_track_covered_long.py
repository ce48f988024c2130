"""A card covered a long while is not gone: it is not played again when uncovered (rev17 F8).

A K♦ and a 9♠ lie read; the croupier's hand rests on the 9♠ (skin over its spot, never bare felt).  Unseen
``forget`` frames a card is a ghost, and a ghost was dropped 600 frames later (20 s at 30 fps, 10 s at 60
fps) however its spot looked: the 9♠ uncovered was a plain new card, played twice.  A ghost is now kept
while its spot is not seen bare; a layout cleared (the spot seen bare) forgets it, so a 9♠ dealt there
later is a new card.  A card asked for (never read) under the hand is kept so too (rev18 G4).
"""

from __future__ import annotations

import cv2
import pytest

from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.recognize import Recognizer
from dealer_assist.vision.track import NewCard, OnceOnlyTracker, UnreadCard
from smudged_deal import _place, card_image, felt


@pytest.fixture(scope="module")
def reads():
    """The reads of the K♦ and 9♠ lying, of a hand over the 9♠, of the K♦ alone, and of the bare felt."""
    anglo = Recognizer(Profile.load(default_profile_path()))
    kd = felt()
    _place(kd, card_image("KD"), 900, 470, 0)
    both = kd.copy()
    _place(both, card_image("9S"), 300, 470, 0)
    hand = both.copy()
    cv2.ellipse(hand, (320, 480), (170, 200), 10, 0, 360, (120, 150, 205), -1)
    return anglo.profile.card_h_px, {name: anglo.recognize(f) for name, f in
                                     (("both", both), ("hand", hand), ("kd", kd), ("felt", felt()))}


def _new_cards(reads, *spans) -> list[tuple[str, bool]]:
    card_h, read = reads
    tracker = OnceOnlyTracker(card_h)
    shown = [read[name] for name, n in spans for _ in range(n)]
    return [(e.card.code, e.put_back) for f, r in enumerate(shown) for e in tracker.update(f, r) if isinstance(e, NewCard)]


@pytest.mark.parametrize("covered", [599, 620, 2000])
def test_a_card_under_a_resting_hand_is_not_played_again_when_uncovered(reads, covered):
    assert _new_cards(reads, ("both", 20), ("hand", covered), ("both", 20)) == [("KD", False), ("9S", False)]


def test_a_card_taken_away_under_the_hand_is_forgotten_and_one_dealt_there_later_is_new(reads):
    events = _new_cards(reads, ("both", 20), ("hand", 700), ("kd", 100), ("both", 20))
    assert events == [("KD", False), ("9S", False), ("9S", False)]


def test_a_layout_cleared_forgets_its_cards(reads):
    events = _new_cards(reads, ("both", 20), ("hand", 700), ("felt", 100), ("both", 20))
    assert events == [("KD", False), ("9S", False), ("KD", False), ("9S", False)]


@pytest.mark.parametrize("covered", [620, 2000])
def test_a_card_asked_for_under_a_resting_hand_is_not_asked_for_again_when_uncovered(covered):
    """rev18 G4: the same for a card never read (both indexes smudged), asked for once: it had been asked again
    after 20 s under the hand, and a croupier typing it again played it twice."""
    anglo = Recognizer(Profile.load(default_profile_path()))
    shown = felt()
    _place(shown, card_image("KD"), 900, 470, 0)
    _place(shown, card_image("10H", smudged=True), 400, 470, 0)
    hand = shown.copy()
    cv2.ellipse(hand, (410, 480), (170, 200), 10, 0, 360, (120, 150, 205), -1)
    read, covered_read = anglo.recognize(shown), anglo.recognize(hand)
    tracker = OnceOnlyTracker(anglo.profile.card_h_px)
    frames = [read] * 30 + [covered_read] * covered + [read] * 30
    asked = [f for f, r in enumerate(frames) for e in tracker.update(f, r) if isinstance(e, UnreadCard)]
    assert len(asked) == 1, f"asked for at frames {asked}"
