"""A suit whose window was made smaller for a rank printed taller is taken in its rank's window
when it reads better there.

Found on KDE's tigullio-international: in its set-up shots the court cards'
hairline frame runs into the king's top, and calibration learned the king
a sixth taller than the other ranks (``rank_heights``), so a king's suit is
taken in a window a sixth smaller.  In play that frame is taken off
(:func:`.border_lines.thin_runs`), the king measures the usual height, and
the spade beside him, too big for the smaller window, scored 0.73: the king
of spades of benchmark frame 0003, his index touched by the frame (a cut
read, which asks 0.8), read only as uncertain.  In the window his rank's
height made, the spade scores 0.83, still the best suit.  The image is a
crop of that frame (the cards' corners from its ground truth, shifted into
the crop); the profile was calibrated from the deck's set-up shots.
"""

from __future__ import annotations

import pytest

from crop_scene import TIGULLIO, CropScene
from dealer_assist.vision.index import IndexMatcher
from dealer_assist.vision.profile import Profile
from dealer_assist.vision.recognize import Recognizer

#: The crop's cards, all with an index in view (the frame's ground truth, shifted by (-450, -180)).
SCENE = CropScene("tigullio_international_ks_tall_king_suit_window.png", 281.0, {
    "KS": [(67.8, 127.0), (236.6, 51.2), (351.5, 307.3), (182.8, 383.0)],
    "6C": [(153.5, 134.4), (327.0, 70.5), (424.1, 333.8), (250.5, 397.8)],
    "7S": [(236.7, 146.0), (412.8, 89.2), (499.0, 356.3), (322.9, 413.1)],
    "9S": [(303.8, 180.1), (471.4, 101.9), (590.1, 356.3), (422.5, 434.5)],
})


@pytest.fixture(scope="module")
def rec():
    return Recognizer(Profile.load(TIGULLIO))


def test_the_profile_holds_the_king_taller_than_he_reads():
    """The premise: the profile makes a king's suit window smaller."""
    assert Profile.load(TIGULLIO).suit_window_factor("K") < 0.85


def test_the_king_is_read_and_no_card_is_read_wrong(rec):
    hits = SCENE.reads(rec)
    assert sorted(h.card.code for h in hits) == sorted(SCENE.cards)
    SCENE.assert_none_wrong(hits)


def test_in_the_smaller_window_alone_the_king_is_missed(rec, monkeypatch):
    monkeypatch.setattr(IndexMatcher, "_suit_unshrunk", lambda self, whole, suit, unit, raw: (suit, unit, raw))
    assert "KS" not in [h.card.code for h in SCENE.reads(rec)]
