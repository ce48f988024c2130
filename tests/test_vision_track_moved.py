"""A card moved under the croupier's hand is not a second card (rev17 F10, F10b).

A blackjack split: an 8♦ fanned on an 8♠ is moved a card's width to its own hand while the croupier's hand
covers both.  Its old spot still shows the 8♠'s paper, so it is never seen bare (never "taken away"), and
it lies farther than a hidden card is looked for along its way: the 8♦ was played a second time.  The same
at a round's end: the hand gathers the 9♠ onto the K♦, and the stack's top card was a new 9♠.  A card of
the code of one that vanished a moment before (its spot not seen bare for long) now comes held as put back
or moved (the croupier says: Del drops it; an 8-deck shoe's second copy may have been dealt).
"""

from __future__ import annotations

import cv2
import pytest

from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.recognize import Recognizer
from dealer_assist.vision.track import NewCard, OnceOnlyTracker
from smudged_deal import _place, card_image, felt

HAND = (120, 150, 205)  # a skin colour (BGR)


@pytest.fixture(scope="module")
def anglo():
    return Recognizer(Profile.load(default_profile_path()))


def _events(anglo, shown) -> list[NewCard]:
    """The NewCards of the frames ``shown`` (each recognised once), fed in order."""
    reads = {id(f): anglo.recognize(f) for f in shown}
    tracker = OnceOnlyTracker(anglo.profile.card_h_px)
    return [e for n, f in enumerate(shown) for e in tracker.update(n, reads[id(f)]) if isinstance(e, NewCard)]


def _split(second: str, dx: float):
    h = card_image("8S").shape[0]
    fan = felt()
    _place(fan, card_image("8S"), 400, 330, 0)
    _place(fan, card_image(second), 400 + 0.14 * h, 330 + 0.14 * h, 0)
    hand = fan.copy()
    cv2.ellipse(hand, (500, 380), (230, 170), 0, 0, 360, HAND, -1)
    split = felt()
    _place(split, card_image("8S"), 400, 330, 0)
    _place(split, card_image(second), 400 + dx * h, 330 + 0.14 * h, 0)
    return fan, hand, split


@pytest.mark.parametrize("second,dx,covered", [("8D", 1.0, 6), ("8D", 0.8, 6), ("5H", 1.0, 6), ("8D", 1.0, 90),
                                               ("5H", 1.0, 120)])
def test_a_split_card_moved_under_the_hand_is_held_not_played_again(anglo, second, dx, covered):
    """Covered 90 or 120 frames (3 s, 4 s: a split waits for the player's second bet): rev18 G7, past MOVED."""
    fan, hand, split = _split(second, dx)
    events = _events(anglo, [fan] * 20 + [hand] * covered + [split] * 30)
    plain = sorted(e.card.code for e in events if not e.put_back)
    assert plain == sorted(["8S", second]), f"the {second} moved {dx} card heights was played again: {events}"
    assert [e.card.code for e in events if e.put_back] == [second]


def test_a_card_slid_in_plain_view_is_the_same_card(anglo):
    fan, _, split = _split("5H", 1.0)
    slide = [_split("5H", 0.14 + 0.86 * (i + 1) / 13)[2] for i in range(12)]
    assert sorted(e.card.code for e in _events(anglo, [fan] * 20 + slide + [split] * 30)) == ["5H", "8S"]


def test_a_card_gathered_onto_another_at_a_rounds_end_is_held_not_played_again(anglo):
    lay = felt()
    _place(lay, card_image("9S"), 300, 470, 0)
    _place(lay, card_image("KD"), 900, 470, 0)
    hand = lay.copy()
    cv2.ellipse(hand, (600, 470), (420, 200), 0, 0, 360, HAND, -1)
    stack = felt()
    _place(stack, card_image("KD"), 900, 470, 0)
    _place(stack, card_image("9S"), 910, 462, 3)
    events = _events(anglo, [lay] * 20 + [hand] * 6 + [stack] * 10 + [felt()] * 20)
    assert sorted(e.card.code for e in events if not e.put_back) == ["9S", "KD"], events


def test_a_second_copy_dealt_while_the_first_lies_in_view_is_a_new_card(anglo):
    one = felt()
    _place(one, card_image("8D"), 400, 330, 0)
    two = one.copy()
    _place(two, card_image("8D"), 800, 330, 0)
    events = _events(anglo, [one] * 20 + [two] * 20)
    assert [(e.card.code, e.put_back) for e in events] == [("8D", False), ("8D", False)]
