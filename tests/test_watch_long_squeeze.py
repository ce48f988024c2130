"""A card squeezed longer than a card unseen is remembered, and set back half a card off its spot, is not played twice.

A card under a hand is kept in mind as long as its spot shows it covered, and a card of its code read off that
spot is held as that card moved ("put back"), not played again: but only for the first 5 s (while it is a
track); forgotten then (a ghost), it was taken back only within 0.4 card of its spot, and a baccarat squeeze of
6.7 s whose card was set back 0.58 card off had it played twice, no doubt (rev19 R9).  Frames drawn from the
shared anglo set-up shots (see :mod:`smudged_deal`), the hand a skin-coloured oval over the 9♠, read by
``watch`` as frames of a 10 fps source (their times from the frame rate).
"""

from __future__ import annotations

import cv2
import pytest

from dealer_assist.vision.capture import FrameGrabber
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.track import NewCard
from dealer_assist.vision.watch import watch
from smudged_deal import _place, card_image, felt

FPS = 10


def _layout(nine_x: int):
    image = felt()
    _place(image, card_image("9S"), nine_x, 470, 0)
    _place(image, card_image("KD"), 900, 470, 0)
    return image


@pytest.mark.parametrize("seconds, off", [(6.7, 150), (10, 110), (3, 150)])
def test_a_long_squeeze_set_back_off_its_spot_is_held_as_put_back_not_played_twice(tmp_path, seconds, off):
    both, moved = _layout(300), _layout(300 + off)
    hand = both.copy()
    cv2.ellipse(hand, (320, 480), (190, 220), 10, 0, 360, (120, 150, 205), -1)
    for n, image in enumerate([both] * 2 * FPS + [hand] * round(seconds * FPS) + [moved] * 2 * FPS):
        cv2.imwrite(str(tmp_path / f"{n:05d}.png"), image)
    grabber = FrameGrabber(str(tmp_path), drop=False, fps=FPS).start()
    try:
        cards = [(e.card.code, e.put_back) for e, _ in watch(Profile.load(default_profile_path()), grabber)
                 if isinstance(e, NewCard)]
    finally:
        grabber.stop()
    assert sorted(cards[:2]) == [("9S", False), ("KD", False)]
    assert cards[2:] in ([], [("9S", True)]), f"a {seconds} s squeeze set back {off} px off: {cards}"
