"""An unsure read lies on the card seen whole under it, once, and never on bare felt (qaAZ F1, F2).

qaAZ's own deck (``serifdeck``: DejaVu Serif ranks on cream stock, its profile made from its set-up shots)
in its own frames.  A blurred 3♥ lying alone read unsure as "J♥" from one index corner in one frame and from
the other in the next, its outline placed at 0.75 of the card's size from either corner: the outline's centre
jumped between two places a third of a card apart, and the display asked for two unreadable cards where one
lay.  A 10♦ turned 40° gave two unsure outlines in one frame.  Where two cards' corners or edges meet, a
corner facing onto the felt read an unsure black jack or ten: UNREADABLE CARD mid-round, holding the next
card read behind a card that was never there.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.vision.capture import FrameGrabber
from dealer_assist.vision.profile import Profile
from dealer_assist.vision.recognize import Recognizer
from dealer_assist.vision.track import NewCard, UnreadCard
from dealer_assist.vision.watch import watch

DATA = Path(__file__).parent / "data"
#: The 3♥'s whole outline (frame pixels, seen whole in both frames), about 186 x 270.
THREE_CENTRE = (490.0, 360.0)


@pytest.fixture(scope="module")
def recognizer() -> Recognizer:
    return Recognizer(Profile.load(DATA / "serifdeck"))


def _read(recognizer: Recognizer, name: str):
    return recognizer.recognize(cv2.imread(str(DATA / name)))


@pytest.mark.parametrize("name", ["serif_3h_blur_a.jpg", "serif_3h_blur_b.jpg"])
def test_a_blurred_card_read_unsure_at_either_corner_is_outlined_whole(recognizer, name):
    result = _read(recognizer, name)
    assert result.cards == [] and len(result.uncertain) == 1
    hit = result.uncertain[0]
    assert np.linalg.norm(np.array(hit.center) - THREE_CENTRE) < 5
    sides = sorted(np.linalg.norm(np.array(hit.corners[i]) - hit.corners[(i + 1) % 4]) for i in range(4))
    assert 175 < sides[0] and sides[-1] < 285


def test_a_blurred_card_turned_gives_one_unsure_read_with_both_corners_candidates(recognizer):
    result = _read(recognizer, "serif_10d_blur_turned.jpg")
    assert result.cards == [] and len(result.uncertain) == 1
    assert {c.code for c in result.uncertain[0].candidates} >= {"JH", "QH"}


@pytest.mark.parametrize("name, cards", [("serif_7h_ks_felt_below.jpg", ["7H", "KS"]),
                                          ("serif_4d_6d_corners_touch.jpg", ["4D", "6D", "9S", "KS"])])
def test_no_unsure_card_on_the_felt_where_two_cards_meet(recognizer, name, cards):
    result = _read(recognizer, name)
    assert sorted(h.card.code for h in result.cards) == cards
    assert result.uncertain == []


def test_watch_asks_for_one_card_when_one_blurred_card_lies_still(tmp_path):
    """The frames as they came in qaAZ's 30 frames of the 3♥ lying still: read from one corner, then the other."""
    for i, which in enumerate("aaabbbbaabbbaaabbbbbabababaaab"):
        shutil.copy(DATA / f"serif_3h_blur_{which}.jpg", tmp_path / f"f{i:04d}.jpg")
    grabber = FrameGrabber(str(tmp_path), drop=False).start()
    try:
        events = [e for e, _ in watch(Profile.load(DATA / "serifdeck"), grabber, unread_when_gone=True)]
    finally:
        grabber.stop()
    assert [e for e in events if isinstance(e, NewCard)] == []
    unread = [e for e in events if isinstance(e, UnreadCard)]
    assert len(unread) == 1 and {c.code for c in unread[0].candidates} == {"JH"}
