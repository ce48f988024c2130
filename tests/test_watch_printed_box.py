"""Cards taken away from a card box printed in a colour are gone, as from bare felt: the next cards there are new.

A layout's card box may be printed in a colour (a red BANKER box).  A card's spot was "bare" only when of the
frame's felt colour, so a card taken off such a box stayed "covered" (rev19): the next round's card of its code
dealt there within 5 s was taken for it and silently lost (R1); over a shift, every later card of a code once
dealt there was held as "put back" (R2: 14 of 60); and a card asked for there (never read) was kept in mind for
ever, the next card dealt on the box any round later coming with "if you typed that card already, Del drops this
read" (R6).  A card's spot is now bare also when of the colour round the card as it lay there.  Frames drawn from
the shared anglo set-up shots (see :mod:`smudged_deal`), read by ``watch`` as frames of a 5 fps source.
"""

from __future__ import annotations

import cv2
import pytest

from dealer_assist.vision.capture import FrameGrabber
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.track import NewCard, UnreadCard
from dealer_assist.vision.watch import watch
from smudged_deal import _place, card_image, felt

FPS = 5


@pytest.fixture(scope="module")
def profile() -> Profile:
    return Profile.load(default_profile_path())


def _table(box: str = "", player: str = "", smudged: bool = False):
    """The Banker's box printed red (left) with ``box`` on it, ``player`` on the plain felt (right)."""
    image = felt()
    cv2.rectangle(image, (160, 300), (440, 640), (40, 40, 170), -1)
    if box:
        _place(image, card_image(box, smudged=smudged), 300, 470, 0)
    if player:
        _place(image, card_image(player), 900, 470, 0)
    return image


def _events(profile: Profile, folder, frames: list) -> list:
    for n, image in enumerate(frames):
        cv2.imwrite(str(folder / f"{n:05d}.png"), image)
    grabber = FrameGrabber(str(folder), drop=False, fps=FPS).start()
    try:
        return [e for e, _ in watch(profile, grabber)]
    finally:
        grabber.stop()


@pytest.mark.parametrize("cleared", [2, 8])
def test_the_next_rounds_card_of_its_code_on_the_box_is_reported_plain(profile, tmp_path, cleared):
    frames = ([_table(player="KD")] * FPS + [_table("9S", "KD")] * 2 * FPS + [_table()] * cleared * FPS
              + [_table(player="4C")] * FPS + [_table("9S", "4C")] * 2 * FPS)
    cards = [(e.card.code, e.put_back) for e in _events(profile, tmp_path, frames) if isinstance(e, NewCard)]
    assert cards == [("KD", False), ("9S", False), ("4C", False), ("9S", False)], f"cleared {cleared} s"


def test_a_shifts_cards_dealt_on_the_box_are_each_reported_plain(profile, tmp_path):
    rounds = (("4C", "9S"), ("7S", "KD"), ("QH", "9S"), ("4C", "KD"))
    frames = []
    for player, box in rounds:
        frames += [_table(player=player)] * FPS + [_table(box, player)] * 4 * FPS + [_table()] * 3 * FPS
    cards = [(e.card.code, e.put_back) for e in _events(profile, tmp_path, frames) if isinstance(e, NewCard)]
    assert cards == [(code, False) for pair in rounds for code in pair]


def test_the_card_dealt_where_one_asked_for_lay_a_round_before_is_no_read_of_it(profile, tmp_path):
    frames = [_table("TH", smudged=True)] * 3 * FPS + [_table()] * 30 * FPS + [_table("KD")] * 2 * FPS
    events = _events(profile, tmp_path, frames)
    assert [type(e) for e in events] == [UnreadCard, NewCard]
    assert (events[1].card.code, events[1].after_unread, events[1].put_back) == ("KD", False, False)
