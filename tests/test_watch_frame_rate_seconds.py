"""What means time in the tracker is in seconds, so a 60 fps camera behaves as a 30 fps one (rev17 F3, F5).

The put-back window was 60 frames: 2 s at 30 fps, 1 s at 60, shorter than a player's peek of a few
seconds, and a 9♠ lifted and put back was played twice.  A card read unsure while it slides in and for
sure once it stops was asked for at 60 fps (its 20 sightings and 8 frames at rest came in half the time).
The lift is drawn from the shared anglo set-up shots (see :mod:`smudged_deal`) and read by ``watch`` as
frames of a 30 or a 60 fps source (their times from the frame rate).
"""

from __future__ import annotations

from pathlib import Path

import cv2
import pytest

from dealer_assist.cards import Card
from dealer_assist.vision.capture import FrameGrabber
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.recognize import CardHit, FrameResult, UncertainHit
from dealer_assist.vision.track import NewCard, OnceOnlyTracker, UnreadCard
from dealer_assist.vision.watch import watch
from smudged_deal import _place, card_image, felt


@pytest.fixture(scope="module")
def profile() -> Profile:
    return Profile.load(default_profile_path())


def _lift(folder: Path, away: int) -> Path:
    """A K♦ alone, a 9♠ dealt beside it, lifted ``away`` frames (its spot bare felt), put back."""
    both, kd = felt(), felt()
    for image in (both, kd):
        _place(image, card_image("KD"), 900, 470, 0)
    _place(both, card_image("9S"), 300, 470, 0)
    for n, image in enumerate([kd] * 5 + [both] * 20 + [kd] * away + [both] * 20):
        cv2.imwrite(str(folder / f"{n:05d}.png"), image)
    return folder


@pytest.mark.parametrize("fps, away", [(30, 90), (60, 90), (60, 150)])  # 3 s, 1.5 s, 2.5 s
def test_a_card_lifted_a_few_seconds_and_put_back_is_held_not_played_twice(profile, tmp_path, fps, away):
    grabber = FrameGrabber(str(_lift(tmp_path, away)), drop=False, fps=fps).start()
    try:
        cards = [e for e, _ in watch(profile, grabber) if isinstance(e, NewCard)]
    finally:
        grabber.stop()
    assert [(e.card.code, e.put_back) for e in cards] == [("KD", False), ("9S", False), ("9S", True)], (
        f"a {away / fps:g} s peek at {fps} fps")


def _box(x, y):
    return ((x - 80, y - 125), (x + 80, y - 125), (x + 80, y + 125), (x - 80, y + 125))


@pytest.mark.parametrize("fps", [15, 30, 60])
def test_a_card_read_unsure_while_it_slides_and_sure_at_rest_is_not_asked_for_at_any_frame_rate(fps):
    """The same seconds at each rate: a third of a second sliding in read unsure, a fifth settling, then read."""
    k = fps / 30
    slide, settle, read = round(10 * k), round(6 * k), round(3 * k)
    unsure = (Card("T", "H"), Card("T", "D"))
    frames = [FrameResult(uncertain=[UncertainHit(unsure, _box(1200 - 600 * (i + 1) / slide, 120 + 300 * (i + 1) / slide),
                                                  0.6)]) for i in range(slide)]
    frames += [FrameResult(uncertain=[UncertainHit(unsure, _box(600, 420), 0.6)])] * settle
    frames += [FrameResult([CardHit(Card("T", "H"), 0.9, _box(600, 420), 0.3)])] * read
    tracker = OnceOnlyTracker(card_h=250)
    events = [e for n, r in enumerate(frames) for e in tracker.update(n, r, t=n / fps)]
    assert not any(isinstance(e, UnreadCard) for e in events), f"asked for at {fps} fps"
    assert [(e.card.code, e.after_unread) for e in events] == [("TH", False)]
