"""One card's two index corners read alike are one card, however far off the size one was read at.

Found by ``benchmarks/frame_sweep.py`` (svg-tigullio-international, cold light): a jack of
hearts read surely at both index corners was reported twice, a few pixels apart.  One
corner was inferred across a notch, 12 degrees off the card's edges and a fifth of a card
short along them, so the pairing of opposite corners (by their offset in card sizes) found
it 0.72 of a card from the other instead of about 1, and kept them apart; the cards the two
reads put down lay on one another.  The reads below are the recognizer's, as measured.
"""

from __future__ import annotations

import numpy as np

from dealer_assist.vision.card_groups import CornerRead, group_corners
from dealer_assist.vision.detect import Corner
from dealer_assist.vision.index import IndexRead

CARD = (169.68, 259.24)  # the frame's card size guess


def _read(code: str, x: float, y: float, wdir, size, center, sure: bool = True) -> CornerRead:
    wd = np.array(wdir, float) / np.linalg.norm(wdir)
    hd = np.array([-wd[1], wd[0]])
    corner = Corner(x, y, tuple(wd), tuple(hd), 50.0, 50.0)
    quad = np.array([[x, y], [x, y] + wd * size[0], [x, y] + wd * size[0] + hd * size[1], [x, y] + hd * size[1]])
    r = IndexRead({code[0]: 0.9}, {code[1]: 0.9}, 0.0)
    return CornerRead(corner, size, quad, np.array(center, float), r, sure, code, 0.9, 0.5, [code])


BOTTOM = ("JH", 1034.3, 298.7, (-0.8466, 0.5322), (182.83, 279.33), (904.8, 217.8))
NOTCHED = ("JH", 761.6, 117.9, (0.9469, -0.3217), (191.81, 293.05), (899.6, 225.8))


def test_two_sure_reads_of_one_code_whose_cards_lie_on_one_another_are_one_card():
    groups = group_corners([_read(*BOTTOM), _read(*NOTCHED)], *CARD)
    assert len(groups) == 1 and len(groups[0]) == 2


def test_two_copies_of_a_code_turned_apart_side_by_side_stay_two_cards():
    """An eight-deck shoe repeats codes: a second jack of hearts lying turned half a turn beside
    the first, its card a card's width away, is a second card."""
    code, x, y, wdir, size, center = NOTCHED
    shift = np.array(wdir) * CARD[0] * 1.1
    moved = (code, x + shift[0], y + shift[1], wdir, size, tuple(np.array(center) + shift))
    assert len(group_corners([_read(*BOTTOM), _read(*moved)], *CARD)) == 2


def test_a_read_not_sure_is_not_merged_by_where_its_card_lies():
    code, x, y, wdir, size, center = NOTCHED
    groups = group_corners([_read(*BOTTOM), _read(code, x, y, wdir, size, center, sure=False)], *CARD)
    assert len(groups) == 2
