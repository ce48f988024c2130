"""Spreading a blackjack hand: the top card nudged off the card under it is that card moved, not a second one.

A read of a lying card's code an eighth of a card or more off its spot is another card when the part of that spot
its outline leaves uncovered shows paper (a pair's second card fanned on the first).  The 9♠ fanned on a K♦,
nudged 64 px along the fan in one frame read, left its old spot over the K♦: the K♦'s paper counted as the 9♠'s,
and the 9♠ was asked about as "put back or moved?" (rev19 R13).  Paper under another card read there now is that
card's.  Frames drawn from the shared anglo set-up shots (see :mod:`smudged_deal`), read by ``watch`` at 30 fps.
"""

from __future__ import annotations

import cv2
import pytest

from dealer_assist.vision.capture import FrameGrabber
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.track import NewCard
from dealer_assist.vision.watch import watch
from smudged_deal import _place, card_image, felt


def _hand(dx: int, dy: int):
    image = felt()
    _place(image, card_image("KD"), 600, 400, 0)
    _place(image, card_image("9S"), 640 + dx, 450 + dy, 0)
    return image


@pytest.mark.parametrize("dx, dy, steps", [(40, 50, 1), (60, 0, 1), (50, 60, 2)])
def test_a_fan_spread_in_a_frame_or_two_reports_each_card_once_with_no_question(tmp_path, dx, dy, steps):
    frames = [_hand(0, 0)] * 20 + [_hand(dx * k // steps, dy * k // steps) for k in range(1, steps + 1)]
    frames += [frames[-1]] * 20
    for n, image in enumerate(frames):
        cv2.imwrite(str(tmp_path / f"{n:05d}.png"), image)
    grabber = FrameGrabber(str(tmp_path), drop=False, fps=30).start()
    try:
        events = watch(Profile.load(default_profile_path()), grabber, every_frame=True)
        cards = [(e.card.code, e.put_back) for e, _ in events if isinstance(e, NewCard)]
    finally:
        grabber.stop()
    assert sorted(cards) == [("9S", False), ("KD", False)], f"spread ({dx}, {dy}) px in {steps} frame(s)"
