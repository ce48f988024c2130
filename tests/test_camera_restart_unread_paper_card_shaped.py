"""What a table's camera restarted at 2 decks counts as a card lying unread under a card read (rev39 R4).

Any paper of 3 % of a card's face touching a card read counted as a card the table holds lying unread under it: a
white slip touching seat 5's card stood for the table's own 9♣, so that 9♣, taken from under seat 1's K♥ and dealt
again into seat 3, was played as a new card, counted in two hands.  Only paper a card under the card read would show
(card-sized, lying as the card on it) counts; else the card is asked about, as before qaAR F4's fix.  A card lying
crosswise under another, its indexes covered, shows two ends: neither is such a card's face, so neither counts (they
counted as two cards).
"""

from __future__ import annotations

import cv2
import numpy as np

import test_camera_restart_other_deck_copy as other_copy
from dealer_assist.events import CardRead, Unreadable
from dealer_assist.sources.resting_zone import UnreadAtStart
from dealer_assist.vision.layout_zones import LayoutZones
from dealer_assist.vision.profile import Profile
from dealer_assist.vision.recognize import Recognizer
from test_camera_restart_pile_own_card import ZONES, _card, _picture, pos

def with_slip(cards) -> np.ndarray:
    """The picture, and a white paper slip 28x60 px touching seat 5's card's right edge."""
    frame = _picture(cards)
    cx, cy = pos(5, 0)
    frame[int(cy) - 30:int(cy) + 30, int(cx + 46):int(cx + 74)] = (235, 235, 235)
    return frame


def crosswise_nine(cards) -> np.ndarray:
    """The picture with every 9♣ lying crosswise (seat 1's, under its K♥): the cards laid in order, as ``_picture``."""
    frame = _picture([])
    for code, x, y in cards:
        m = cv2.getRotationMatrix2D((167 / 2, 260 / 2), 90 if code == "9C" else 0, 0.55)
        m[0, 2] += x - 167 / 2
        m[1, 2] += y - 260 / 2
        face = cv2.warpAffine(_card(code), m, (1280, 720))
        mask = cv2.warpAffine(np.full((260, 167), 255, np.uint8), m, (1280, 720))
        frame[mask > 128] = face[mask > 128]
    return frame


def asked_and_read(events):
    return ([(e.candidates[0].code, e.zone) for e in events if isinstance(e, Unreadable) and e.candidates],
            [(e.card.code, e.zone) for e in events if isinstance(e, CardRead)])


def test_a_slip_touching_a_card_is_no_card_lying_unread(tmp_path, monkeypatch):
    monkeypatch.setattr(other_copy, "_picture", with_slip)
    events = other_copy.restarted(tmp_path, ((1, "-", "9C"), (3, "9C"), (4, "7S")))
    asked, read = asked_and_read(events)
    assert asked == [("9C", "seat 3")]  # the table's own 9♣ maybe: not played as a new card
    assert read == [("7S", "seat 4")]


def test_with_the_slip_the_other_deck_s_copy_is_still_a_new_card(tmp_path, monkeypatch):
    monkeypatch.setattr(other_copy, "_picture", with_slip)
    events = other_copy.restarted(tmp_path, ((3, "9C"), (4, "7S")))
    asked, read = asked_and_read(events)
    assert asked == []
    assert read == [("9C", "seat 3"), ("7S", "seat 4")]


def test_a_card_crosswise_under_another_is_not_two_cards_lying_unread():
    """Seat 1's 9♣ crosswise under its K♥, its ends in sight on both sides, its reads left out (as when its indexes
    lie covered): two spots of paper, one card.  Neither is the face of a card lying under the K♥ as it lies, so
    neither counts (the card is asked about if dealt again); seat 2's Q♥ under its 2♣ still counts."""
    layout = [(code, *other_copy._at(seat, i))
              for seat, codes in other_copy.HELD.items() for i, code in enumerate(codes)]
    frame = crosswise_nine(layout)
    result = Recognizer(Profile.load("anglo")).recognize(frame)
    assert "KH" in [c.card.code for c in result.cards]
    unread = UnreadAtStart(LayoutZones.from_json({"zones": ZONES}, game="blackjack"))
    unread.opening(result.view, [c.corners for c in result.cards if c.card.code != "9C"], (1280, 720))
    assert [spot.zone for spot in unread.spots] == ["seat 2"]
