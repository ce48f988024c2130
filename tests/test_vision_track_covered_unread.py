"""A card seen lying unread that the next card dealt covers is asked for before that card (verC NEW-4).

A blackjack hand's fan (the shared videos' offsets: a card 0.14 of a card's height right of the one below and
0.055 down) drawn from anglo's set-up shots (see :mod:`smudged_deal`): a 9♠, then a 10♥ with both index
corners smudged (seen whole, no index read), then, a fast croupier's two frames later, a 4♣ dealt onto it.  A
camera reading one frame in two saw the 10♥ lying still in two frames only before the 4♣ hid it: it was
asked for neither at rest (8 frames, 3 sightings) nor as the 4♣ was read (3 sightings), was dropped once out
of sight, and the 4♣ was played in its place.  It cannot have left under the 4♣, and is now asked for as the
4♣ that covers it is read, the 4♣ after it.  The same deal with the 10♥ clean is asked for nothing.  Seen
lying there in one frame read only, it is not asked for: so is a card still sliding seen in one frame.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.recognize import Recognizer
from dealer_assist.vision.track import NewCard, OnceOnlyTracker, UnreadCard
from smudged_deal import SHOE, _place, card_image, felt

FAN = (0.14, 0.055)
FIRST = (600, 360)


def _slide(lying: list, card: np.ndarray, to: tuple[float, float], steps: int = 3) -> list:
    """The frames of ``card`` sliding from the shoe to ``to`` over the cards ``lying``, blurred along its way."""
    out = []
    for t in range(steps):
        u = 1 - (1 - (t + 1) / steps) ** 2
        frame = _table(lying)
        _place(frame, card, SHOE[0] + (to[0] - SHOE[0]) * u, SHOE[1] + (to[1] - SHOE[1]) * u, 30 * (1 - u))
        smear = int(3 + 10 * (1 - u)) | 1
        kernel = np.zeros((smear, smear), np.float32)
        kernel[smear // 2, :] = 1.0 / smear
        out.append(cv2.filter2D(frame, -1, kernel))
    return out


def _table(lying: list) -> np.ndarray:
    frame = felt()
    for card, (x, y) in lying:
        _place(frame, card, x, y, 0)
    return frame


def _deal(smudged: bool, rest: int) -> list:
    """The frames of the deal: the 9♠, the 10♥ lying ``rest`` frames, the 4♣ dealt onto it."""
    h = card_image("9S").shape[0]
    spots = [(FIRST[0] + i * FAN[0] * h, FIRST[1] + i * FAN[1] * h) for i in range(3)]
    cards = [card_image("9S"), card_image("TH", smudged=smudged), card_image("4C")]
    lying: list = []
    shown = [felt()] * 5
    for i, (card, spot) in enumerate(zip(cards, spots)):
        shown += _slide(lying, card, spot)
        lying.append((card, spot))
        shown += [_table(lying)] * (15 if i == 0 else rest if i == 1 else 20)
    return shown


@pytest.fixture(scope="module")
def anglo() -> Recognizer:
    return Recognizer(Profile.load(default_profile_path()))


def _told(anglo, shown: list, every: int) -> list:
    """What the tracker reports of a camera handing on one frame in ``every`` (numbered as handed on)."""
    tracker = OnceOnlyTracker(anglo.profile.card_h_px)
    told = []
    for n, frame in enumerate(shown[::every]):
        for e in tracker.update(n, anglo.recognize(frame)):
            if isinstance(e, NewCard):
                told.append((e.card.code, e.after_unread))
            elif isinstance(e, UnreadCard):
                told.append(("??", e.candidates))
    return told


@pytest.mark.parametrize("rest, every", [(2, 2), (3, 2), (4, 2), (4, 3), (5, 3), (6, 3)])
def test_a_smudged_card_covered_by_the_next_card_is_asked_for_before_it(anglo, rest, every):
    assert _told(anglo, _deal(True, rest), every) == [("9S", False), ("??", ()), ("4C", False)]


def test_the_same_deal_of_clean_cards_is_asked_for_nothing(anglo):
    assert _told(anglo, _deal(False, 2), 2) == [("9S", False), ("TH", False), ("4C", False)]
