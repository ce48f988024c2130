"""A suit that leads the others clearly but scores below the least score is taken in its own window.

The suit's window is scaled by the rank's height.  When that scale is off
(the card-size guess, a rank joined to ink beside it), the suit sits too
small in its window and scores low against every template, though it
still leads the other suits by far more than the margin: on
atlasnye_skat a five of spades read S 0.69 against D 0.22, and the
least score is 0.70.  Such a suit is now taken again in a smaller window
(``IndexMatcher._suit_own_size``, which already served a cut or tall
rank's suit); its identity never changes there, only how clearly it
reads.  Only a suit close below the least score is (heavily blurred clubs
scoring 0.3-0.5 as a spade read 0.8 as one in a smaller window).  A suit
that leads by less is not: a blurred suit told from its
look-alike by its pair lean leans otherwise in a smaller window (anglo
lost six cards when every low suit was retaken).
"""

from __future__ import annotations

import pytest

from dealer_assist.vision.index import IndexMatcher
from dealer_assist.vision.profile import Profile, default_profile_path

from frame_truth import setup_shot_corner

ANGLO = default_profile_path()


@pytest.fixture(scope="module")
def matcher() -> IndexMatcher:
    return IndexMatcher(Profile.load(ANGLO))


@pytest.mark.parametrize("code", ["4C", "JC"])
def test_a_clear_suit_in_a_window_too_big_reads_sure_in_its_own(matcher, code):
    frame, corner = setup_shot_corner("anglo", code)
    rank, suit = matcher.read_corner(frame, *corner).glyphs
    t = matcher.profile.thresholds
    too_big = suit.rescaled(1.12)  # in a window 12% too big
    unretaken = IndexMatcher(matcher.profile, trial=True)._score(rank, too_big).suit_scores
    assert max(unretaken.values()) < t.min_score
    again = matcher._score(rank, too_big).suit_scores
    best = max(again, key=again.get)
    others = [v for k, v in again.items() if k != best]
    assert best == code[1]
    assert again[best] >= t.min_score and again[best] - max(others) >= t.min_margin


def test_only_a_suit_clear_of_the_others_but_low_is_retaken(matcher):
    t = matcher.profile.thresholds
    low = t.min_score - 0.05
    assert matcher._clear_but_low({"S": low, "S+1": low - 0.2, "C": low - t.min_margin - 0.01, "H": 0.0, "D": 0.0})
    # Leading by less than the margin (a blurred spade against its club): left as it is.
    assert not matcher._clear_but_low({"S": low, "C": low - t.min_margin + 0.02, "H": 0.0, "D": 0.0})
    # A variant of the same suit is no other suit.
    assert matcher._clear_but_low({"S": low, "S+1": low - 0.01, "C": 0.0, "H": 0.0, "D": 0.0})
    # Far below the least score (a heavily blurred club scoring as a spade): left as it is.
    far = t.min_score - 0.25
    assert not matcher._clear_but_low({"S": far, "S-1": far - 0.05, "C": far - 0.2, "H": 0.0, "D": 0.0})
    # Already clear enough.
    assert not matcher._clear_but_low({"S": t.min_score + 0.05, "C": 0.0, "H": 0.0, "D": 0.0})
