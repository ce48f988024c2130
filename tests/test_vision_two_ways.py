"""One card whose two index corners read as different codes is uncertain, not one of them.

Blurred past anything the self-test tried, an ace of diamonds once read AD at
one corner and AH at the other, both "sure": kept apart, one of them was a
wrong card.  A serif "4" whose thin stroke faded read as a sure "1" (ace) at
one corner while the other, not sure, still read "4".  Exact set-ups of the
grouping and pooling, as the recognizer hands them its corner reads.
"""

from __future__ import annotations

import numpy as np

from dealer_assist.vision.detect import Corner
from dealer_assist.vision.index import IndexRead
from dealer_assist.vision.card_groups import ONE_CARD_FIT, CornerRead, group_corners

W, H = 130.0, 200.0


def _read(code: str, x: float, y: float, wdir, ranks=None, sure: bool = True) -> CornerRead:
    wd = np.array(wdir, float) / np.linalg.norm(wdir)
    hd = np.array([-wd[1], wd[0]])
    corner = Corner(x, y, tuple(wd), tuple(hd), 50.0, 50.0)
    quad = np.array([[x, y], [x, y] + wd * W, [x, y] + wd * W + hd * H, [x, y] + hd * H])
    r = IndexRead(ranks or {code[0]: 0.9}, {code[1]: 0.9}, 0.0)
    return CornerRead(corner, (W, H), quad, quad.mean(axis=0), r, sure, code, 0.9, 0.5, [code])


def _opposite(code: str, top: CornerRead, off: float = 0.0, ranks=None, sure: bool = True) -> CornerRead:
    """A read at ``top``'s card's opposite index corner, ``off`` card sizes further along both edges."""
    wd, hd = np.array(top.corner.wdir), np.array(top.corner.hdir)
    p = np.array([top.corner.x, top.corner.y]) + wd * W * (1 + off) + hd * H * (1 + off)
    return _read(code, p[0], p[1], -wd, ranks, sure)


def test_two_codes_at_one_cards_two_corners_sharing_the_rank_are_one_card():
    top = _read("AD", 600.0, 240.0, (np.cos(0.4), np.sin(0.4)))
    groups = group_corners([top, _opposite("AH", top, 0.05)], W, H)
    assert len(groups) == 1 and {r.code for r in groups[0]} == {"AD", "AH"}


def test_sharing_the_suit_counts_as_well():
    top = _read("3H", 300.0, 300.0, (1.0, 0.0))
    assert len(group_corners([top, _opposite("4H", top)], W, H)) == 1


def test_two_codes_sharing_nothing_stay_two_cards():
    """A 9D lying corner to corner with a JS, a little past its far corner, is two cards."""
    top = _read("JS", 300.0, 300.0, (1.0, 0.0))
    assert len(group_corners([top, _opposite("9D", top, 0.05)], W, H)) == 2


def test_within_the_glyphs_reach_inside_the_card_two_codes_are_one_card():
    """A corner on the card's far tip or within it, short by less than the glyphs' reach, is where
    no second card could show its index: qakdeck's JH read 7D at its cut lower index, QH read QD
    at the corner its edge made with the covering card's (qaK F6).  A card dealt beside it, over
    its edge, lies past its corner (1.13-1.25 of a card in qaK's hands) and stays a card."""
    top = _read("QH", 300.0, 300.0, (1.0, 0.0))
    reach = (0.19, 0.24)
    assert len(group_corners([top, _opposite("7D", top, -0.01)], W, H, glyph_reach=reach)) == 1
    assert len(group_corners([top, _opposite("QD", top, -0.15)], W, H)) == 2
    assert len(group_corners([top, _opposite("QD", top, -0.15)], W, H, glyph_reach=reach)) == 1
    assert len(group_corners([top, _opposite("5S", top, 0.13)], W, H, glyph_reach=reach)) == 2
    assert len(group_corners([top, _opposite("QD", top, -0.3)], W, H, glyph_reach=reach)) == 2


def test_a_neighbour_off_by_more_than_the_fit_stays_apart():
    top = _read("AD", 300.0, 300.0, (1.0, 0.0))
    assert len(group_corners([top, _opposite("AH", top, 1.5 * ONE_CARD_FIT)], W, H)) == 2


def _recognizer():
    from dealer_assist.vision.profile import Profile, default_profile_path
    from dealer_assist.vision.recognize import Recognizer

    return Recognizer(Profile.load(default_profile_path()))


def test_a_card_of_two_codes_goes_to_uncertain_with_both_candidates():
    top = _read("AD", 600.0, 240.0, (np.cos(0.4), np.sin(0.4)))
    result = _recognizer()._pool([top, _opposite("AH", top, 0.05)], W, H)
    assert result.cards == []
    assert {c.code for c in result.uncertain[0].candidates} == {"AD", "AH"}


def test_a_sure_read_is_uncertain_when_the_cards_other_corner_clearly_reads_another_rank():
    sure = _read("AC", 600.0, 240.0, (1.0, 0.0), {"A": 0.89, "4": 0.74})
    other = _opposite("4C", sure, 0.02, {"4": 0.88, "A": 0.81}, sure=False)  # 4 leads, not by the margin
    result = _recognizer()._pool([sure, other], W, H)
    assert result.cards == []
    assert "AC" in {c.code for c in result.uncertain[0].candidates}


def test_an_unsure_corner_that_leans_to_the_sure_rank_or_reads_nothing_clear_does_not_object():
    rec = _recognizer()
    sure = _read("AC", 600.0, 240.0, (1.0, 0.0), {"A": 0.89, "4": 0.74})
    leaning = _opposite("AC", sure, 0.02, {"A": 0.80, "4": 0.72}, sure=False)
    faint = _opposite("4C", sure, 0.02, {"4": 0.60, "A": 0.40}, sure=False)  # below the profile's min_score
    for other in (leaning, faint):
        result = rec._pool([sure, other], W, H)
        assert [h.card.code for h in result.cards] == ["AC"]
