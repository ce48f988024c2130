"""Suits that score a little short of a sure read's threshold yet part clearly from every other suit.

Two misses of the benchmark decks: paris' eight of clubs, whose small club touches the
big club beside it (the cutter parts them and the club scores 0.765, 0.8 below every
other suit), and Атласные's five of spades, whose small spade's long stem scores 0.688,
0.46 ahead of every other suit, its pair score on the spade's side of the cut.  Judged
here on reads built to those figures, against the shipped profile's thresholds.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from dealer_assist.vision.detect import Corner
from dealer_assist.vision.index import IndexRead
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.recognize import Recognizer
from dealer_assist.vision.verdict import NOTCH_EXTRA, SUIT_CUT_LEAD, SUIT_CUT_SCORE

from stand_in_glyphs import WHOLE_RANK


CORNER = Corner(100.0, 100.0, (1.0, 0.0), (0.0, 1.0), 150.0, 200.0)
NOTCHED = Corner(100.0, 100.0, (1.0, 0.0), (0.0, 1.0), 150.0, 200.0, notched=True)


@pytest.fixture(scope="module")
def anglo():
    return Recognizer(Profile.load(default_profile_path()))


def _glyphs(rank_cut: bool, suit_cut: bool, blur: float = 1.2, rank_blur: float = 0.0) -> tuple:
    """Stand-ins for the rank and suit glyphs: only their blur, colour, cut and the rank's box
    (:data:`WHOLE_RANK`) are asked for."""
    return (SimpleNamespace(blur=rank_blur or blur, image=None, redness=0.0, cut=rank_cut, box=WHOLE_RANK),
            SimpleNamespace(blur=blur, image=None, cut=suit_cut))


def _cut_club(anglo, club: float, lead: float, rank_cut: bool = False, corner: Corner = CORNER,
              doubtful: bool = False, blur: float = 1.2):
    """An eight of clubs whose club alone was cut from a pip beside it, judged."""
    rest = club - lead
    read = IndexRead({"8": 0.99, "6": 0.5}, {"C": club, "S": rest, "D": rest - 0.05, "H": rest - 0.1}, 0.0,
                     pair_scores={"CS": 0.0, "DH": 0.0}, cut=True, glyphs=_glyphs(rank_cut, True, blur),
                     doubtful=doubtful)
    return anglo.judge.corner(corner, read, 150.0, 230.0)


def test_a_whole_corners_suit_cut_from_a_pip_reads_when_it_parts_clearly_from_every_suit(anglo):
    t = anglo.profile.thresholds
    floor = t.min_score + NOTCH_EXTRA - SUIT_CUT_SCORE
    read = _cut_club(anglo, floor + 0.015, SUIT_CUT_LEAD + 0.2)
    assert read.sure and read.code == "8C"
    # Each bound holds: a lower score, a smaller lead.
    assert not _cut_club(anglo, floor - 0.01, SUIT_CUT_LEAD + 0.2).sure
    assert not _cut_club(anglo, floor + 0.015, SUIT_CUT_LEAD - 0.05).sure


def test_the_cut_suits_allowance_needs_a_whole_clear_rank_at_a_seen_tip_within_the_self_tests_blur(anglo):
    t = anglo.profile.thresholds
    club, lead = t.min_score + NOTCH_EXTRA - SUIT_CUT_SCORE + 0.015, SUIT_CUT_LEAD + 0.2
    assert _cut_club(anglo, club, lead).sure
    assert not _cut_club(anglo, club, lead, rank_cut=True).sure  # the rank may be a piece of a pip
    assert not _cut_club(anglo, club, lead, corner=NOTCHED).sure  # part of the index may be hidden
    assert _cut_club(anglo, club, lead, doubtful=True) is None  # as likely something else: no alert
    assert not _cut_club(anglo, club, lead, blur=t.blur_limit + 0.5).sure


def _short_spade(anglo, spade: float, lead: float, pair: float, blur: float = 1.2, rank_blur: float = 0.0):
    """A five of spades scoring ``spade``, ``lead`` ahead of every other suit, judged."""
    read = IndexRead({"5": 0.93, "6": 0.39}, {"S": spade, "H": spade - lead, "C": spade - lead - 0.05, "D": -0.2},
                     0.0, pair_scores={"CS": pair, "DH": 0.08}, glyphs=_glyphs(False, False, blur, rank_blur))
    return anglo.judge.corner(CORNER, read, 150.0, 230.0)


def test_a_suit_short_of_a_plain_read_but_far_ahead_of_every_suit_is_told_by_the_pair_score(anglo):
    t = anglo.profile.thresholds
    to_s, to_c = t.pair_cuts["CS"]
    spade = t.min_score - 0.012
    read = _short_spade(anglo, spade, t.min_margin + 0.3, to_s - 0.05)
    assert read.sure and read.code == "5S"
    # The pair score must lie past the spade's cut: between the cuts it does not decide,
    # past the club's it contradicts.
    assert not _short_spade(anglo, spade, t.min_margin + 0.3, (to_s + to_c) / 2).sure
    contradicted = _short_spade(anglo, spade, t.min_margin + 0.3, to_c + 0.01)
    assert not contradicted.sure
    # Nor when it leads the other suits by less than a plain read's margin.
    assert not _short_spade(anglo, spade, t.min_margin - 0.02, to_s - 0.05).sure


def test_a_short_suit_far_ahead_does_not_make_a_smeared_rank_sure(anglo):
    """A rheinland jack blurred 1.8 px read as a king (0.73), its heart 0.77 far ahead of every suit
    and the pair score past the heart's cut: the rank's edge, blurrier than its suit's past twice the
    trials' ratio, says a blob more than a glyph, and only a plain read could have made it sure."""
    t = anglo.profile.thresholds
    to_s, _ = t.pair_cuts["CS"]
    blur = (t.blur_level + t.blur_limit) / 2
    lead = t.min_margin + 0.3
    assert _short_spade(anglo, t.min_score - 0.012, lead, to_s - 0.05, blur=blur).sure
    smeared = _short_spade(anglo, t.min_score - 0.012, lead, to_s - 0.05, blur=blur,
                           rank_blur=t.smear_limit * blur * 1.1)
    assert not smeared.sure
