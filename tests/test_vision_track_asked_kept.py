"""A card asked for is asked for once, and a card read is not asked for (rev16 F14, F5, F4).

F14: a card seen whole with no index found was asked for (the croupier typed it); as its glare cleared, one
frame misread it (8♥) and the next read it for sure (9♠).  The one-frame misread, never a card, had made the
tracker forget the ask, so the 9♠ was a plain new card, not the read of a card asked for: played a second time.
F5: a hand lay over a card asked for more than five seconds; shown again, it was asked for again.
F4: a mirrored camera reads a symmetric A♠ at two outlines, one each side of the card's own, which is seen whole
with its index found at neither: the card read was asked for too, the next reads held for it.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from dealer_assist.cards import Card
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.recognize import CardHit, FrameResult, Recognizer, UncertainHit
from dealer_assist.vision.track import NewCard, OnceOnlyTracker, UnreadCard
from smudged_deal import CALIB, _place, card_image, felt


@pytest.fixture(scope="module")
def anglo() -> Recognizer:
    return Recognizer(Profile.load(default_profile_path()))


def _box(x: float, y: float) -> tuple:
    return ((x - 83, y - 129), (x + 83, y - 129), (x + 83, y + 129), (x - 83, y + 129))


def _feed(tracker: OnceOnlyTracker, results) -> list:
    return [e for f, r in enumerate(results) for e in tracker.update(f, r)]


@pytest.mark.parametrize("misread", [0, 1])
def test_a_card_asked_for_then_read_is_the_read_of_the_card_asked_for_past_a_one_frame_misread(misread):
    whole = FrameResult(uncertain=[UncertainHit((), _box(640, 360), 0.0)])
    wrong = FrameResult(cards=[CardHit(Card("8", "H"), 0.9, _box(640, 360), 0.3)])
    right = FrameResult(cards=[CardHit(Card("9", "S"), 0.9, _box(641, 361), 0.3)])
    events = _feed(OnceOnlyTracker(259), [whole] * 12 + [wrong] * misread + [whole] * 3 + [right] * 4)
    assert [type(e) for e in events] == [UnreadCard, NewCard]
    assert events[1].card.code == "9S" and events[1].after_unread


@pytest.fixture(scope="module")
def lying(anglo):
    """A 9♠ and a 10♥ whose index corners are smudged lie still; then a hand (skin tone) over the 10♥."""
    shown = felt()
    _place(shown, card_image("9S"), 350, 360, 0)
    _place(shown, card_image("TH", smudged=True), 800, 360, 0)
    covered = shown.copy()
    cv2.rectangle(covered, (680, 180), (930, 560), (90, 140, 200), -1)
    return anglo.recognize(shown), anglo.recognize(covered)


@pytest.mark.parametrize("hand", [20, 160, 400])
def test_a_card_asked_for_under_a_hand_for_long_is_not_asked_for_again(anglo, lying, hand):
    shown, covered = lying
    assert [u.candidates for u in shown.uncertain] == [()] and covered.uncertain == []
    events = _feed(OnceOnlyTracker(anglo.profile.card_h_px), [shown] * 15 + [covered] * hand + [shown] * 15)
    assert [type(e) for e in events] == [NewCard, UnreadCard]


def test_a_card_asked_for_whose_spot_is_seen_bare_is_forgotten(anglo, lying):
    # Taken away (its spot bare felt), a card dealt there later unread is another, asked for.
    shown, _ = lying
    bare = felt()
    _place(bare, card_image("9S"), 350, 360, 0)
    gone = anglo.recognize(bare)
    events = _feed(OnceOnlyTracker(anglo.profile.card_h_px), [shown] * 15 + [gone] * 10 + [shown] * 15)
    assert [type(e) for e in events] == [NewCard, UnreadCard, UnreadCard]


def test_a_mirrored_camera_does_not_ask_for_the_card_it_read_twice(anglo):
    shot = cv2.imread(str(CALIB / "AS.png"))
    result = anglo.recognize(np.ascontiguousarray(shot[:, ::-1]))
    # Read at two outlines, and seen whole between them with no index found.
    assert [h.card.code for h in result.cards] == ["AS", "AS"] and [u.candidates for u in result.uncertain] == [()]
    events = _feed(OnceOnlyTracker(anglo.profile.card_h_px), [result] * 20)
    assert [type(e) for e in events] == [NewCard, NewCard]
    assert sum(e.twin for e in events) == 1
