"""One frame that reads nothing does not clear the layout: a card put back after it is still held (rev17 F3b).

A K♦ and a 9♠ lie read; the 9♠ is lifted a second and put back.  While it is away, one frame is smeared (the
camera bumped, a fast hand's motion blur) and reads no card at all.  A frame with no card in it was taken as
"the layout was cleared" (a round's end), which forgets which cards were lifted: the 9♠ put back was played a
second time.  Cleared is now judged from the view (the spots of the cards remembered there seen bare); a frame
of bare felt still clears it.  Frames drawn from the shared anglo set-up shots (see :mod:`smudged_deal`), read
by ``watch`` with the shipped anglo profile.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from dealer_assist.vision.capture import FrameGrabber
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.recognize import Recognizer
from dealer_assist.vision.track import NewCard
from dealer_assist.vision.watch import watch
from smudged_deal import _place, card_image, felt


@pytest.fixture(scope="module")
def profile() -> Profile:
    return Profile.load(default_profile_path())


def _frames():
    both, kd = felt(), felt()
    for image in (both, kd):
        _place(image, card_image("KD"), 900, 470, 0)
    _place(both, card_image("9S"), 300, 470, 0)
    streak = np.zeros((25, 25), np.float32)
    streak[12, :] = 1 / 25
    return both, kd, cv2.filter2D(kd, -1, streak)


def _new_cards(profile, tmp_path, frames) -> list:
    for n, image in enumerate(frames):
        cv2.imwrite(str(tmp_path / f"{n:05d}.png"), image)
    grabber = FrameGrabber(str(tmp_path), drop=False, fps=30).start()
    try:
        return [(e.card.code, e.put_back) for e, _ in watch(profile, grabber) if isinstance(e, NewCard)]
    finally:
        grabber.stop()


def test_a_card_put_back_after_a_smeared_frame_is_held_not_played_twice(profile, tmp_path):
    both, kd, smeared = _frames()
    result = Recognizer(profile).recognize(smeared)
    assert not (result.cards or result.uncertain)  # the smeared frame reads nothing
    frames = [kd] * 5 + [both] * 20 + [kd] * 15 + [smeared] + [kd] * 14 + [both] * 20
    assert _new_cards(profile, tmp_path, frames) == [("KD", False), ("9S", False), ("9S", True)]


def test_a_card_of_its_code_dealt_after_bare_felt_is_still_a_new_card(profile, tmp_path):
    """The layout swept (a frame of bare felt: the K♦'s spot bare too), the next round's 9♠ is a plain new card."""
    both, kd, _ = _frames()
    frames = [kd] * 5 + [both] * 20 + [kd] * 15 + [felt()] * 3 + [both] * 20
    assert _new_cards(profile, tmp_path, frames) == [("KD", False), ("9S", False), ("KD", False), ("9S", False)]
