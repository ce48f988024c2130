"""A rank printed taller than the deck's others is read from the corner cut at the card's size.

Some decks (tango) print their J and Q a fifth taller than the other ranks.
Their glyph's height, read against the deck's usual rank height, made every
such corner look a fifth too big and be cut a second time: a tenth of a
frame's looks were spent on it.  The profile knows each rank's own printed
height; a glyph that reads as the rank whose height it has is kept as read.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from dealer_assist.vision import index as index_module
from dealer_assist.vision.index import IndexMatcher
from dealer_assist.vision.profile import Profile, default_profile_path
from frame_truth import setup_shot_corner

TALL = 1.2  # how much taller than the others the deck below prints its Q


@pytest.fixture(scope="module")
def tall_q_profile():
    """The anglo deck as if its other ranks were printed a fifth smaller than its Q:
    the usual height shrinks, the Q keeps the height it has in the shots."""
    anglo = Profile.load(default_profile_path())
    return replace(anglo, rank_h=anglo.rank_h / TALL, rank_heights={"Q": anglo.rank_h})


def _code(read) -> str:
    return read.best("rank")[0] + read.best("suit")[0]


def _cuts_and_read(profile, code, monkeypatch):
    frame, (x, y, wdir, hdir, w, h) = setup_shot_corner("anglo", code)
    cuts = []
    real = index_module.warp_corner
    monkeypatch.setattr(index_module, "warp_corner", lambda *a, **k: cuts.append(a[6]) or real(*a, **k))
    read = IndexMatcher(profile).read_corner(frame, x, y, wdir, hdir, w, h)
    return cuts, read, h


def test_a_tall_q_is_read_from_the_first_cut(tall_q_profile, monkeypatch):
    cuts, read, h = _cuts_and_read(tall_q_profile, "QH", monkeypatch)
    assert read is not None and _code(read) == "QH"
    assert cuts == [pytest.approx(h)]
    # The size its rank's height tells, as a recut read would give it: the corners
    # beside the index are looked for corrected by the Q's own height (read_order.side_ends).
    assert read.scale == pytest.approx(TALL, abs=0.08)


def test_another_rank_that_tall_is_still_cut_again_at_the_size_it_tells(tall_q_profile, monkeypatch):
    cuts, read, h = _cuts_and_read(tall_q_profile, "7H", monkeypatch)
    assert read is not None and _code(read) == "7H"
    assert len(cuts) == 2 and cuts[0] == pytest.approx(h) and cuts[1] / h == pytest.approx(TALL, abs=0.08)


def test_without_the_tall_rank_known_the_q_is_cut_twice(tall_q_profile, monkeypatch):
    cuts, read, _ = _cuts_and_read(replace(tall_q_profile, rank_heights={}), "QH", monkeypatch)
    assert len(cuts) == 2 and read is not None and _code(read) == "QH"


@pytest.mark.parametrize("code, size", [("QH", 1.0), ("7H", TALL)])
def test_the_card_read_is_its_own_size_whatever_its_ranks_printed_height(tall_q_profile, code, size):
    """A tall Q's card is no bigger than a 7's: two index corners of one Q, each placing the
    card a fifth too big, lay too far apart to be paired and the Q was reported twice
    (found on a rendered tango hand under a tilted camera).  (In this deck a 7 as tall
    as the shot's is a fifth taller than the deck prints it: its card is that much bigger.)"""
    from dealer_assist.vision.detect import Corner
    from dealer_assist.vision.recognize import Recognizer

    frame, (x, y, wdir, hdir, w, h) = setup_shot_corner("anglo", code)
    rec = Recognizer(tall_q_profile)
    cr, _ = rec._read_sizes(frame, Corner(x, y, wdir, hdir, 50.0, 50.0), [1.0], w, h, None, retried=False)
    assert cr is not None and cr.code == code
    assert cr.size[1] == pytest.approx(size * h, rel=0.06)
