"""A card that stops unread a moment, then is pushed into its box and read, is read, not also asked for (rev18 G5).

A 9♠ dealt with both indexes hidden (fingers, blur) stops unread two or three frames, then the croupier's hand
pushes it a fifth of a card on into its box, where it lies read.  A card lying still unread that a card read
now covers cannot have left (verC NEW-4: a fast croupier's next card dealt onto it), so it was asked for, and
the 9♠ read was played after the croupier typed that very card: twice.  A card read over it that leaves none
of its paper in sight is that card moved; one dealt onto it leaves its paper showing.  Frames drawn from the
shared anglo set-up shots (see :mod:`smudged_deal`), read by ``watch`` with the shipped anglo profile.
"""

from __future__ import annotations

import cv2
import pytest

from dealer_assist.vision.capture import FrameGrabber
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.track import NewCard, UnreadCard
from dealer_assist.vision.watch import watch
from smudged_deal import _place, card_image, felt


def _table(*cards):
    image = felt()
    _place(image, card_image("KD"), 900, 470, 0)
    for card, y in cards:
        _place(image, card, 300, y, 0)
    return image


@pytest.mark.parametrize("paused, push", [(2, 50), (3, 60), (2, 80)])
def test_a_card_pushed_on_after_stopping_unread_is_read_once(tmp_path, paused, push):
    hidden = card_image("9S", smudged=True)
    pushing = _table((hidden, 470 + push // 2))
    cv2.ellipse(pushing, (300, 470 + push // 2), (150, 190), 0, 0, 360, (120, 150, 205), -1)  # the croupier's hand
    frames = [_table()] * 10 + [_table((hidden, 470))] * paused + [pushing] + [_table((card_image("9S"), 470 + push))] * 20
    for n, image in enumerate(frames):
        cv2.imwrite(str(tmp_path / f"{n:05d}.png"), image)
    grabber = FrameGrabber(str(tmp_path), drop=False, fps=30).start()
    try:
        events = [e for e, _ in watch(Profile.load(default_profile_path()), grabber)]
    finally:
        grabber.stop()
    assert not [e for e in events if isinstance(e, UnreadCard)], events
    assert [e.card.code for e in events if isinstance(e, NewCard)] == ["KD", "9S"]
