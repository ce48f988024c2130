"""A card squeezed under a hand while an arm passes over the whole layout a blink is not asked about when lifted.

A frame reading no card at all was taken for the table showing none, and a card covered since (past 5 s, a
ghost) read again where it lay was held as "put back or moved?" (rev18 G6's rule for a layout cleared): an arm
over both cards for 3 frames during a 6.7 s squeeze did it for a 9♠ that never left (rev19 R11).  The table shows
no card only when every remembered card's spot shows bare.  Frames drawn from the shared anglo set-up shots
(see :mod:`smudged_deal`), the hand and the arm skin-coloured shapes, read by ``watch`` at 30 fps.
"""

from __future__ import annotations

import cv2

from dealer_assist.vision.capture import FrameGrabber
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.track import NewCard
from dealer_assist.vision.watch import watch
from smudged_deal import _place, card_image, felt

SKIN = (120, 150, 205)


def test_an_arm_over_the_layout_during_a_long_squeeze_asks_nothing(tmp_path):
    both = felt()
    _place(both, card_image("9S"), 300, 470, 0)
    _place(both, card_image("KD"), 900, 470, 0)
    hand = both.copy()
    cv2.ellipse(hand, (320, 480), (190, 220), 10, 0, 360, SKIN, -1)
    arm = hand.copy()
    cv2.rectangle(arm, (150, 300), (1100, 640), SKIN, -1)
    for n, image in enumerate([both] * 20 + [hand] * 100 + [arm] * 3 + [hand] * 100 + [both] * 20):
        cv2.imwrite(str(tmp_path / f"{n:05d}.png"), image)
    grabber = FrameGrabber(str(tmp_path), drop=False, fps=30).start()
    try:
        cards = [(e.card.code, e.put_back) for e, _ in watch(Profile.load(default_profile_path()), grabber)
                 if isinstance(e, NewCard)]
    finally:
        grabber.stop()
    assert sorted(cards) == [("9S", False), ("KD", False)]
