"""A card whose index cut its tip's paper off is read from the tip behind the corner its outline turns.

Found on a penguin deck (KDE's svg-penguins): its kings print the K against
the card's black outline.  The paper between the K and the tip is a sliver
the masks' opening takes away, so the card's outline turns its corner a
K's width down the card's side, where no index is printed; the K, joined to
the outline, is no hole in the paper, so the glyph pairs miss it as well.
The image is a crop of a benchmark frame (0031) around such a king of hearts
lying among six other cards; the profile was calibrated from the deck's
set-up shots.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

import dealer_assist.vision.recognize as recognize_module
from dealer_assist.vision.card_groups import CornerRead
from dealer_assist.vision.detect import outlines
from dealer_assist.vision.profile import Profile
from dealer_assist.vision.recognize import Recognizer
from dealer_assist.vision.tips_behind import tip_already_read, tips_behind

IMAGES = Path(__file__).resolve().parent / "images"
CROP = IMAGES / "penguins_kh_index_on_the_outline.png"
PROFILE = IMAGES / "profiles" / "svg-penguins"
#: The crop's cards from the frame's ground truth, each with its index corner's tip first, then the
#: corner along its width.  The truth marks the queen's and the eight's indexes hidden; the queen's
#: shows all the same (and is read, at her place).
CARDS = {"7S": [(359.6, 166.3), (271.6, 313.0), (75.6, 195.5), (163.6, 48.7)],
         "8S": [(285.9, 199.1), (202.6, 348.5), (2.9, 237.2), (86.3, 87.7)],
         "AH": [(211.4, 228.4), (136.6, 382.3), (-69.0, 282.4), (5.8, 128.5)],
         "KH": [(313.5, 74.3), (343.7, 242.7), (118.7, 283.0), (88.5, 114.6)],
         "QS": [(287.5, 135.5), (310.9, 305.0), (84.5, 336.3), (61.0, 166.8)],
         "JD": [(262.2, 197.8), (277.3, 368.3), (49.6, 388.5), (34.5, 218.0)],
         "4S": [(223.1, 245.9), (253.5, 414.3), (28.5, 454.9), (-1.9, 286.5)]}
CENTRES = {code: tuple(np.mean(q, axis=0)) for code, q in CARDS.items()}
CARD_H = 229.0


@pytest.fixture(scope="module")
def crop():
    img = cv2.imread(str(CROP))
    assert img is not None, CROP
    return img


@pytest.fixture(scope="module")
def rec():
    return Recognizer(Profile.load(PROFILE))


def _at(hits, code):
    cx, cy = CENTRES[code]
    return [h for h in hits if h.card.code == code and np.hypot(h.center[0] - cx, h.center[1] - cy) < 0.4 * CARD_H]


def _no_wrong_card(hits):
    for h in hits:
        near = [code for code, (cx, cy) in CENTRES.items() if np.hypot(h.center[0] - cx, h.center[1] - cy) < 0.4 * CARD_H]
        assert h.card.code in near, f"read {h.card.code} at {h.center}, cards there: {near}"


def _displaced_corner(rec, crop):
    """The outline corner the king's card turns down its width side, past the K."""
    masks = rec.masks(rec.balanced(crop))
    tip, along = (np.array(p) for p in CARDS["KH"][:2])
    wdir = (along - tip) / np.linalg.norm(along - tip)
    found = [c for c in rec.outline_corners(masks, outlines(masks.split)) if np.dot(c.wdir, wdir) > 0.97
             and 10.0 < np.dot(np.array([c.x, c.y]) - tip, wdir) < 40.0
             and np.hypot(*(np.array([c.x, c.y]) - tip)) < 40.0]
    assert len(found) == 1, found
    return masks, found[0]


def test_the_king_is_read_from_the_tip_behind_the_corner(rec, crop):
    result = rec.recognize(crop)
    assert _at(result.cards, "KH")
    _no_wrong_card(result.cards)


def test_without_the_tips_behind_the_king_is_missed(rec, crop, monkeypatch):
    """The king is read by this path alone: nothing else in the recognizer finds his index."""
    monkeypatch.setattr(recognize_module, "tips_behind", lambda *a: [])
    result = rec.recognize(crop)
    assert not _at(result.cards, "KH")


def test_the_tip_lies_behind_the_corner_the_outline_turns(rec, crop):
    masks, c = _displaced_corner(rec, crop)
    assert c.hlen < 0.25 * CARD_H < c.wlen  # the short side runs along the K's foot
    card_h = rec.profile.card_h_px
    tips = tips_behind(c, masks, rec.profile, card_h * rec.profile.aspect, card_h)
    tip = np.array(CARDS["KH"][0])
    assert any(np.hypot(t.x - tip[0], t.y - tip[1]) < 6.0 for t in tips), [(t.x, t.y) for t in tips]
    # The tip was not seen: a read there is judged as at a notched corner.
    assert all(t.notched for t in tips)


def test_a_corner_without_a_short_side_has_no_tip_behind_it(rec, crop):
    """Both sides a card's: the corner is its tip (or no card's), not one an index cut off."""
    masks, c = _displaced_corner(rec, crop)
    card_h = rec.profile.card_h_px
    card_w = card_h * rec.profile.aspect
    assert tips_behind(replace(c, hlen=0.6 * card_h, wlen=0.6 * card_h), masks, rec.profile, card_w, card_h) == []


def test_a_card_read_from_its_other_index_has_its_tip_behind_the_corner_read(rec, crop):
    masks, c = _displaced_corner(rec, crop)
    card_h = rec.profile.card_h_px
    card_w = card_h * rec.profile.aspect

    def read_of(code, sure=True):
        quad = np.roll(np.array(CARDS[code]), 2, axis=0)  # read from its other index corner
        return CornerRead(c, (card_w, card_h), quad, quad.mean(axis=0), None, sure, code, 1.0, 1.0, [code])

    assert tip_already_read(c, [read_of("KH")], card_w, card_h)
    assert not tip_already_read(c, [read_of("KH", sure=False)], card_w, card_h)
    assert not tip_already_read(c, [read_of("4S"), read_of("AH")], card_w, card_h)
