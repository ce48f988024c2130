"""Two remembered cards of one code (an 8-deck shoe's pair, both under hands past 5 s) crash nothing when uncovered.

A card covered past 5 s is remembered as a "ghost"; the later of two same-code ghosts uncovered first was taken
out of the list by ``list.remove``, which compared the tracker's card records field by field, numpy centres and
all: "The truth value of an array with more than one element is ambiguous", and ``watch`` died with a traceback
(the display's camera reader with it) (rev19 R0).  Frames drawn from the shared anglo set-up shots (see
:mod:`smudged_deal`), the hands skin-coloured ovals, read by ``watch`` as frames of a 10 fps source.
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


def _frame(hands):
    image = felt()
    for code, x, y in (("7H", 300, 470), ("7H", 900, 470), ("KD", 600, 180)):
        _place(image, card_image(code), x, y, 0)
    for x in hands:
        cv2.ellipse(image, (x + 20, 480), (190, 220), 10, 0, 360, (120, 150, 205), -1)
    return image


@pytest.mark.parametrize("first", [300, 900])
def test_a_pair_squeezed_past_five_seconds_and_uncovered_one_by_one_is_each_kept(tmp_path, first):
    other = 900 if first == 300 else 300
    frames = ([_frame([])] * 2 * FPS + [_frame([300, 900])] * 7 * FPS + [_frame([other])] * 2 * FPS
              + [_frame([])] * 2 * FPS)
    for n, image in enumerate(frames):
        cv2.imwrite(str(tmp_path / f"{n:05d}.png"), image)
    grabber = FrameGrabber(str(tmp_path), drop=False, fps=FPS).start()
    try:
        cards = sorted(e.card.code for e, _ in watch(Profile.load(default_profile_path()), grabber)
                       if isinstance(e, NewCard))
    finally:
        grabber.stop()
    assert cards == ["7H", "7H", "KD"]
