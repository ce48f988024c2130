"""A card squeezed or pushed off its spot a sixth of a card is that card moved, not a second one (rev18 G1, G2).

A 9♠ lies read beside a K♦.  A player's hand rests on it a few seconds (a baccarat squeeze, a peek) and sets it
back a sixth of a card off its spot; or the croupier pushes it a little way into its box.  A read of a resting
card's code lying off its spot while that spot was "not bare" was taken for another card of its code (rev17 F6:
a blackjack pair's second card fanned on the first), and the moved card's own paper on its old spot made it
so: the 9♠ was played twice, or held as put back.  Now only paper showing where the read's outline leaves the
old spot uncovered (the first card still lying there) makes it another.  Frames drawn from the shared anglo
set-up shots (see :mod:`smudged_deal`), read by the anglo profile, fed at 30 fps.
"""

from __future__ import annotations

import cv2
import pytest

from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.recognize import Recognizer
from dealer_assist.vision.track import NewCard, OnceOnlyTracker, UnreadCard
from smudged_deal import _place, card_image, felt


@pytest.fixture(scope="module")
def anglo():
    return Recognizer(Profile.load(default_profile_path()))


def _layout(dx: int = 0, dy: int = 0):
    image = felt()
    _place(image, card_image("KD"), 900, 470, 0)
    _place(image, card_image("9S"), 300 + dx, 470 + dy, 0)
    return image


def _events(anglo, shown) -> list:
    reads = {id(f): anglo.recognize(f) for f in shown}
    tracker = OnceOnlyTracker(anglo.profile.card_h_px)
    events = [e for n, f in enumerate(shown) for e in tracker.update(n, reads[id(f)], t=n / 30)]
    return [e for e in events + tracker.finish(len(shown) - 1) if isinstance(e, (NewCard, UnreadCard))]


@pytest.mark.parametrize("hand, dx, dy", [(90, 40, 0), (150, 0, 35), (60, -25, -25)])
def test_a_card_squeezed_under_a_hand_and_set_back_off_its_spot_is_not_played_twice(anglo, hand, dx, dy):
    covered = _layout()
    cv2.ellipse(covered, (320, 480), (190, 220), 10, 0, 360, (120, 150, 205), -1)  # a hand (skin) over the 9♠
    events = _events(anglo, [_layout()] * 20 + [covered] * hand + [_layout(dx, dy)] * 20)
    assert [(e.card.code, e.put_back) for e in events] == [("KD", False), ("9S", False)], events


@pytest.mark.parametrize("steps", [3, 6])
def test_a_card_pushed_along_is_that_card_moving(anglo, steps):
    shown = [_layout()] * 20 + [_layout(40 * i) for i in range(1, steps + 1)]
    events = _events(anglo, shown + [shown[-1]] * 20)
    assert [(e.card.code, e.put_back) for e in events] == [("KD", False), ("9S", False)], events
