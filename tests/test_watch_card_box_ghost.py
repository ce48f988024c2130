"""A card dealt on a printed card box where one of its code lay a round before is reported (rev18 G6).

A layout's card box may be printed in a colour (a red BANKER box).  The spot of a card on it is never "bare"
(see :mod:`dealer_assist.vision.bare_spot`: felt is the frame's most common colour), so a card taken away from
it stayed "covered" and was kept in mind for ever, and the next round's card of its code dealt there was
taken for it and silently lost (half the cards of a shift).  A card's spot is now bare also when of the colour
round the card as it lay there (rev19 R1, R2), so the card taken off the box is gone and the next one there new,
however soon after (it had been held as put back within 20 s, see test_watch_printed_box.py).  Frames drawn from
the shared anglo set-up shots (see :mod:`smudged_deal`), read by ``watch`` as frames of a 5 fps source.
"""

from __future__ import annotations

import cv2
import pytest

from dealer_assist.vision.capture import FrameGrabber
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.track import NewCard
from dealer_assist.vision.watch import watch
from smudged_deal import _place, card_image, felt

FPS = 5


def _table(*codes: str):
    image = felt()
    cv2.rectangle(image, (160, 300), (440, 640), (40, 40, 170), -1)  # the red box
    for code, x in zip(codes, (300, 900)):
        _place(image, card_image(code), x, 470, 0)
    return image


@pytest.mark.parametrize("cleared, held", [(8, False), (30, False)])
def test_the_next_rounds_card_of_its_code_on_the_box_is_reported(tmp_path, cleared, held):
    frames = [_table("9S", "KD")] * 2 * FPS + [_table()] * cleared * FPS + [_table("9S")] * 2 * FPS
    for n, image in enumerate(frames):
        cv2.imwrite(str(tmp_path / f"{n:05d}.png"), image)
    grabber = FrameGrabber(str(tmp_path), drop=False, fps=FPS).start()
    try:
        events = [e for e, _ in watch(Profile.load(default_profile_path()), grabber) if isinstance(e, NewCard)]
    finally:
        grabber.stop()
    assert sorted((e.card.code, e.put_back) for e in events) == sorted([("9S", False), ("KD", False), ("9S", held)])
