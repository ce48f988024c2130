"""One card's two index corners pair even where one of them was placed or sized poorly,
and a fanned copy of the same card still stays a card of its own.

Each set-up is a frame's corner reads exactly as the recognizer handed them to
:func:`group_corners` (corner, edge directions, the size each read guessed),
printed from the frames named.  Left unpaired, one card's two sure reads are
reported as two cards: in an 8-deck shoe that is a card that was never dealt.
"""

from __future__ import annotations

import numpy as np

from dealer_assist.vision.card_groups import CornerRead, group_corners
from dealer_assist.vision.detect import Corner
from dealer_assist.vision.index import IndexRead


def _reads(rows) -> list[CornerRead]:
    out = []
    for code, sure, (x, y), wdir, hdir, (w, h), notched in rows:
        corner = Corner(x, y, wdir, hdir, 50.0, 50.0, notched=notched)
        wd, hd = np.array(wdir), np.array(hdir)
        quad = np.array([[x, y], [x, y] + wd * w, [x, y] + wd * w + hd * h, [x, y] + hd * h])
        read = IndexRead({code[0]: 0.9}, {code[1]: 0.9}, 0.0)
        out.append(CornerRead(corner, (w, h), quad, quad.mean(axis=0), read, sure, code, 0.9, 0.5, [code]))
    return out


def _cards(groups) -> list[str]:
    """Each group's code, sorted: one entry per card the frame would report."""
    codes = []
    for g in groups:
        assert len({r.code for r in g}) == 1, f"a group holds two codes: {[r.code for r in g]}"
        codes.append(g[0].code)
    return sorted(codes)


def test_a_corner_inferred_across_a_notch_pairs_with_its_cards_other_corner():
    """svg-tigullio-international, frame 2, the light a fifth colder: the J♥'s lower corner
    was inferred across a notch, its edges 12° off; along the upper corner's edges the two
    lie 0.72 of a card apart, not 1.  Along the notched corner's own edges they fit."""
    reads = _reads([
        ("6H", True, (1052.20, 364.98), (0.7983, -0.6023), (0.6023, 0.7983), (183.5, 280.3), False),
        ("5S", True, (806.07, 366.81), (0.8446, -0.5353), (0.5351, 0.8448), (191.8, 293.1), False),
        ("KH", True, (937.43, 359.59), (0.8466, -0.5322), (0.5320, 0.8468), (157.6, 240.7), True),
        ("JH", True, (1034.31, 298.69), (-0.8466, 0.5322), (-0.3734, -0.9277), (182.8, 279.3), False),
        ("JH", True, (761.64, 117.89), (0.9469, -0.3217), (0.3217, 0.9469), (191.8, 293.1), True),
    ])
    assert _cards(group_corners(reads, 169.68, 259.24)) == ["5S", "6H", "JH", "KH"]


def test_two_corners_whose_reads_guessed_the_card_a_quarter_small_pair():
    """plastic, frame 27, gamma 0.7: both A♦ corners read the card at 0.76 of the frame's
    card size (the dark light thinned the A), so at that size they lie 1.31 cards apart;
    at the frame's card size, 0.99."""
    reads = _reads([
        ("6H", True, (752.71, 641.22), (-0.9996, -0.0288), (0.0466, -0.9989), (171.5, 242.0), False),
        ("6H", True, (568.64, 366.71), (0.9996, 0.0289), (-0.0735, 0.9973), (185.2, 261.4), False),
        ("AD", True, (850.74, 418.92), (0.6646, -0.7472), (0.7910, 0.6118), (155.7, 219.7), False),
        ("AD", True, (1175.43, 434.50), (-0.6784, 0.7347), (-0.7827, -0.6223), (155.7, 219.7), False),
        ("5H", True, (531.38, 242.65), (0.2076, -0.9782), (0.9864, 0.1646), (209.7, 296.0), False),
        ("5H", True, (879.41, 85.71), (-0.2328, 0.9725), (-0.9859, -0.1676), (209.7, 296.0), False),
        ("JD", True, (566.14, 396.94), (-0.5543, 0.8323), (-0.8323, -0.5543), (177.2, 250.1), False),
        ("TH", True, (214.36, 611.38), (-0.9590, -0.2833), (0.3285, -0.9445), (154.3, 217.8), False),
        ("TH", True, (122.19, 345.44), (0.9579, 0.2871), (-0.3160, 0.9487), (157.8, 222.6), False),
    ])
    assert _cards(group_corners(reads, 205.79, 290.39)) == ["5H", "6H", "AD", "JD", "TH"]


ANGLO_125 = [
    ("KS", True, (122.29, 551.47), (0.2709, -0.9626), (0.9626, 0.2709), (163.9, 257.6), False),
    ("6S", True, (719.55, 477.07), (0.6638, -0.7479), (0.7612, 0.6485), (171.0, 268.8), False),
    ("2S", True, (134.65, 505.74), (0.3015, -0.9535), (0.9541, 0.2995), (163.9, 257.6), False),
    ("2S", True, (438.85, 423.20), (-0.3083, 0.9513), (-0.9571, -0.2897), (163.9, 257.6), False),
    ("QH", True, (782.03, 483.85), (0.5733, -0.8194), (0.8194, 0.5733), (171.0, 268.8), False),
    ("QH", True, (1163.11, 503.98), (-0.6841, 0.7294), (-0.7417, -0.6708), (171.0, 268.8), False),
    ("QH", True, (851.02, 453.74), (0.7063, -0.7079), (0.7079, 0.7063), (166.5, 261.7), True),
]


def test_two_copies_of_a_card_fanned_one_over_the_other_stay_two_cards():
    """anglo, frame 125: two Q♥ fanned; the lower queen's top corner lies 1.2 cards from the
    upper queen's bottom corner along its edges, the upper queen's own top corner (notched)
    1.05.  The best fit pairs first, so the lower queen is not pooled into the upper."""
    groups = group_corners(_reads(ANGLO_125), 170.99, 268.77)
    assert _cards(groups) == ["2S", "6S", "KS", "QH", "QH"]
    queens = sorted(sorted(round(r.corner.x) for r in g) for g in groups if g[0].code == "QH")
    assert queens == [[782], [851, 1163]]



def test_a_fanned_copy_whose_top_corner_alone_was_read_is_not_taken_for_the_other_queens():
    """The same frame at gamma 0.7: the upper queen's own top corner was not read, so the lower
    queen's top corner is the upper's bottom corner's only opposite read of one code.  Measured
    every way it lies a fifth of a card off along the diagonal (1.22 and 1.17 at best): two cards,
    both reported."""
    reads = _reads([r for r in ANGLO_125 if r[0] != "QH"] + [
        ("QH", True, (1163.33, 503.96), (-0.6848, 0.7287), (-0.7419, -0.6705), (163.8, 257.4), False),
        ("QH", True, (787.84, 485.60), (0.5923, -0.8058), (0.8058, 0.5923), (170.6, 268.1), True),
    ])
    assert _cards(group_corners(reads, 170.87, 268.59)) == ["2S", "6S", "KS", "QH", "QH"]
