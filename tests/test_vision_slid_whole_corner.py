"""An index printed against the card's edge is read from a cut slid by a stroke, at a whole corner too.

Found on the Swiss deck (Debian's swiss-xvii): its index suit, a rose,
touches the card's black outline, and the outline corner is found a pixel or
two off the set-up's place.  The patch's edge band then takes a petal off
(the rose scores 0.43 against its template) or parts no suit from the
outline at all, and the corner reads nothing, though its rank reads clearly.
Slid by a stroke along either edge, the cut keeps the rose whole (0.90-0.95).
Before, only notched corners (a tip not seen) were slid.  The images are
crops of two benchmark frames (0041, 0007); the profile was calibrated from
the deck's set-up shots.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.vision.profile import Profile
from dealer_assist.vision.recognize import Recognizer
from dealer_assist.vision.tips_behind import tips_behind

IMAGES = Path(__file__).resolve().parent / "images"
PROFILE = IMAGES / "profiles" / "swiss-xvii"
CARD_H = 275.0
#: Each crop's cards with an index in view, from the frame's ground truth (the card's corners,
#: shifted into the crop), and the card the slid cut reads.
CROPS = {
    "swiss_xvii_th_rose_against_the_outline.png": ("TH", {
        "TH": [(103.8, 28.8), (272.7, 80.7), (191.9, 343.5), (23.0, 291.6)],
        "7C": [(174.4, 114.6), (344.1, 163.4), (268.0, 427.7), (98.3, 378.8)],
        "7S": [(258.3, 196.8), (424.3, 256.9), (330.8, 515.4), (164.7, 455.3)],
        "4S": [(224.7, 359.1), (172.0, 190.5), (434.5, 108.6), (487.1, 277.2)],
        # Under the others, no index in view: never read, never to be read as another card.
        "JH": [(195.2, 408.5), (154.8, 236.6), (422.4, 173.7), (462.9, 345.6)]}),
    "swiss_xvii_4h_rose_against_the_outline.png": ("4H", {
        "4H": [(187.5, 147.8), (40.4, 146.2), (42.8, -82.8), (189.9, -81.3)],
        "5S": [(241.7, 203.7), (95.5, 187.1), (121.2, -40.5), (267.5, -24.0)],
        "4S": [(313.9, 249.7), (167.0, 240.3), (181.7, 11.7), (328.6, 21.1)],
        "KC": [(375.6, 301.3), (229.2, 286.2), (252.7, 58.3), (399.0, 73.4)]}),
}


@pytest.fixture(scope="module")
def rec():
    return Recognizer(Profile.load(PROFILE))


def _reads(rec, name):
    img = cv2.imread(str(IMAGES / name))
    assert img is not None, name
    return rec.recognize(img).cards


def _near(hit, cards):
    return [code for code, q in cards.items() if np.hypot(*(np.array(hit.center) - np.mean(q, axis=0))) < 0.4 * CARD_H]


@pytest.mark.parametrize("name", sorted(CROPS))
def test_the_index_against_the_outline_is_read_and_no_card_is_read_wrong(rec, name):
    code, cards = CROPS[name]
    hits = _reads(rec, name)
    assert [code in _near(h, cards) for h in hits if h.card.code == code] == [True]
    for h in hits:
        assert h.card.code in _near(h, cards), f"read {h.card.code} at {h.center}, cards there: {_near(h, cards)}"


@pytest.mark.parametrize("name", sorted(CROPS))
def test_without_the_slid_cut_the_card_is_missed(rec, name, monkeypatch):
    """The slid cut is what reads it at its corner: with the first cut alone the corner reads
    nothing.  (In the 4H's crop no card is seen whole, and the glyph-pair search, at the card size
    the crop's sure reads agree on, finds the four's index too, as does the tip behind a corner
    found down its edge, looked for at another card size: those routes are taken away as well,
    so the corner's own read is what is shown.)"""
    monkeypatch.setattr(Recognizer, "_read_slid", lambda self, frame, c, k, card_w, card_h, best: best)
    monkeypatch.setattr(Recognizer, "_read_size", staticmethod(lambda reads, card_h: card_h))
    monkeypatch.setattr(Recognizer, "_tips_at_sizes", lambda self, c, masks, card_w, card_h:
                        iter(tips_behind(c, masks, self.profile, card_w, card_h)))
    code, cards = CROPS[name]
    assert code not in [h.card.code for h in _reads(rec, name)]
