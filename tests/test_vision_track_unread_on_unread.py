"""A second unreadable card dealt onto an unreadable one is a card of its own, asked for too (rev17 F15).

A blackjack hand: a 7♦ whose suit glyphs are blurred past reading (read unsure) lies alone and is asked for;
then an 8♣ whose index corners are blurred too is dealt onto it, a fifth of a card down and right, and lies
there.  The tracker took any unsure read within 0.3 card heights of a card never read for sure as that card
seen again: the 8♣'s outline, 0.24 card heights from the 7♦'s, updated the 7♦'s ask and was never asked for
(and the next card read would have been played in its place).  Once a card never read lies still, only an
outline on its outline is it (as a card read: ``ON_CARD``).
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.recognize import Recognizer
from dealer_assist.vision.track import OnceOnlyTracker, UnreadCard
from smudged_deal import SHOE, _place, card_image, felt

UNDER_AT = (560, 300)
#: Suit glyphs blurred so much: anglo's 7♦ reads unsure, with candidates (7D); its 8♣ with none.
SUITS = 3.5


@pytest.fixture(scope="module")
def anglo():
    return Recognizer(Profile.load(default_profile_path()))


def _frames(anglo, under: str, top: str, off: float) -> list:
    """The under card lying 20 frames, the top card sliding onto it from the shoe (6 frames, blurred along its
    way) to ``off`` card heights down (and 0.7 of that right), then both lying 40 frames: each distinct frame
    recognised once."""
    lone = felt()
    _place(lone, card_image(under, smudged=True, suits=SUITS), *UNDER_AT, 0)
    art = card_image(top, smudged=True, suits=SUITS)
    h = art.shape[0]
    to = (UNDER_AT[0] + off * h * 0.7, UNDER_AT[1] + off * h)
    slide = []
    for t in range(6):
        u = 1 - (1 - (t + 1) / 6) ** 2
        frame = lone.copy()
        _place(frame, art, SHOE[0] + (to[0] - SHOE[0]) * u, SHOE[1] + (to[1] - SHOE[1]) * u, 30 * (1 - u))
        smear = int(3 + 10 * (1 - u)) | 1
        kernel = np.zeros((smear, smear), np.float32)
        kernel[smear // 2, :] = 1.0 / smear
        slide.append(anglo.recognize(cv2.filter2D(frame, -1, kernel)))
    both = lone.copy()
    _place(both, art, *to, 0)
    return [anglo.recognize(lone)] * 20 + slide + [anglo.recognize(both)] * 40


@pytest.mark.parametrize("under, top, off", [("7D", "8C", 0.18), ("6D", "8C", 0.18), ("7D", "8C", 0.14)])
@pytest.mark.parametrize("held", [False, True])
def test_an_unreadable_card_dealt_onto_an_unreadable_one_is_asked_for_too(anglo, under, top, off, held):
    """Asked for at once (the display's UNREADABLE CARD), or held until the source ends (``watch --unreadable``):
    two cards never read, the under card first."""
    frames = _frames(anglo, under, top, off)
    tracker = OnceOnlyTracker(anglo.profile.card_h_px)
    tracker.unread_when_gone = held
    events = [e for f, r in enumerate(frames) for e in tracker.update(f, r)] + tracker.finish(len(frames) - 1)
    assert [type(e) for e in events] == [UnreadCard, UnreadCard], events
    assert under in [c.code for c in events[0].candidates]
    assert np.hypot(events[0].center[0] - UNDER_AT[0], events[0].center[1] - UNDER_AT[1]) < 0.1 * anglo.profile.card_h_px
    assert np.linalg.norm(np.subtract(events[1].center, events[0].center)) > 0.14 * anglo.profile.card_h_px
