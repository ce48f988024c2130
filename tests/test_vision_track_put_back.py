"""A card lifted off the felt and put back on its spot is not a second card (verC NEW-2).

A 9♠ lies read; it is lifted out of view (its spot seen bare) a few frames and put back.  The tracker had
forgotten it once its spot was bare three frames (a card of its code dealt there later is another), and
reported the 9♠ put back as a new card: the table played it twice.  Read again there within PUT_BACK seconds
it now comes marked ``put_back`` (the table holds it for the croupier: an 8-deck shoe's second 9♠ may be
dealt there); a second copy dealt there later is a plain new card.
"""

from __future__ import annotations

import pytest

from dealer_assist.events import PUT_BACK as PUT_BACK_DOUBT
from dealer_assist.sources.camera import _doubt_of
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.profile_fit import ProfileFit
from dealer_assist.vision.recognize import Recognizer
from dealer_assist.vision.track import PUT_BACK, REFERENCE_FPS, NewCard, OnceOnlyTracker
from smudged_deal import _place, card_image, felt


@pytest.fixture(scope="module")
def frames():
    """The felt with a K♦ alone, and with a 9♠ beside it, recognised once each (real card images)."""
    anglo = Recognizer(Profile.load(default_profile_path()))
    bare = felt()
    _place(bare, card_image("KD"), 900, 400, 0)
    with_9s = bare.copy()
    _place(with_9s, card_image("9S"), 500, 400, 0)
    return anglo, anglo.recognize(bare), anglo.recognize(with_9s), anglo.recognize(felt())


def _new_cards(anglo, bare, with_9s, away: int, cleared=None) -> list[NewCard]:
    tracker = OnceOnlyTracker(anglo.profile.card_h_px)
    shown = [bare] * 5 + [with_9s] * 20 + [bare] * away + [cleared] * (cleared is not None) + [with_9s] * 20
    return [e for f, r in enumerate(shown) for e in tracker.update(f, r) if isinstance(e, NewCard)]


@pytest.mark.parametrize("away", [4, 8, 30])
def test_a_card_put_back_on_its_spot_is_held_not_a_plain_new_card(frames, away):
    anglo, bare, with_9s, _ = frames
    events = _new_cards(anglo, bare, with_9s, away)
    plain = [e.card.code for e in events if not getattr(e, "put_back", False)]
    assert plain == ["KD", "9S"], f"the 9S put back after {away} frames away was a new card again: {plain}"
    assert all(e.card.code == "9S" for e in events if e.put_back)


def test_a_second_copy_dealt_there_later_is_a_new_card(frames):
    anglo, bare, with_9s, _ = frames
    events = _new_cards(anglo, bare, with_9s, round(PUT_BACK * REFERENCE_FPS) + 10)
    assert [(e.card.code, e.put_back) for e in events] == [("KD", False), ("9S", False), ("9S", False)]


def test_a_card_of_its_code_dealt_after_the_layout_was_cleared_is_a_new_card(frames):
    """A frame with no card: the round was swept (QA's shoe video looped back to back), not a card lifted."""
    anglo, bare, with_9s, empty = frames
    events = _new_cards(anglo, bare, with_9s, 4, cleared=empty)
    assert [(e.card.code, e.put_back) for e in events] == [("KD", False), ("9S", False), ("9S", False)]


@pytest.mark.parametrize("away", [4, 30])
def test_a_lone_card_put_back_with_nothing_else_in_view_is_held_not_a_plain_new_card(frames, away):
    """Lifted, the only card in view leaves frames with no card in them: no layout of several cards was
    cleared, and the 9♠ put back is held as one put back, not played a second time (fixC5)."""
    anglo, _, _, empty = frames
    lone = felt()
    _place(lone, card_image("9S"), 500, 400, 0)
    alone = anglo.recognize(lone)
    tracker = OnceOnlyTracker(anglo.profile.card_h_px)
    shown = [empty] * 5 + [alone] * 20 + [empty] * away + [alone] * 20
    events = [e for f, r in enumerate(shown) for e in tracker.update(f, r) if isinstance(e, NewCard)]
    assert [(e.card.code, e.put_back) for e in events] == [("9S", False), ("9S", True)]


def test_the_camera_source_gives_a_card_put_back_a_doubt_that_holds_it():
    assert _doubt_of(ProfileFit(), after_unread=False, put_back=True) == PUT_BACK_DOUBT
