"""A look whose rank is off the card's size is cut again at the size it tells only if it scores as a rank.

The rank's window already takes the glyph at its own size, so a glyph that
scores under the candidate score there (the judge's "no index at all") is no
rank cut at the wrong size: a pip, a blot, a piece of a picture.  Cutting
its corner again cost some 4-7% of a frame's work on the shared decks and
never read an index clearly.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from dealer_assist.vision.index import IndexMatcher
from dealer_assist.vision.profile import Profile, default_profile_path
from frame_truth import setup_shot_corner

#: The card size guessed against the set-up's: the rank shows a fifth taller than the guess expects.
GUESS = 0.8


@pytest.fixture()
def matcher(monkeypatch):
    m = IndexMatcher(Profile.load(default_profile_path()))
    cuts = []
    real = m._cut_at
    monkeypatch.setattr(m, "_cut_at", lambda *a, **k: cuts.append(a[7]) or real(*a, **k))
    m.cuts = cuts
    return m


def _read(matcher: IndexMatcher, frame, corner):
    x, y, wdir, hdir, w, h = corner
    return matcher.read_corner(frame, x, y, tuple(wdir), tuple(hdir), w * GUESS, h * GUESS)


def test_a_rank_seen_off_the_guessed_size_is_cut_again_and_reads():
    m = IndexMatcher(Profile.load(default_profile_path()))
    frame, corner = setup_shot_corner("anglo", "7C")
    read = _read(m, frame, corner)
    assert read is not None and read.best("rank")[0] == "7" and m._clears(read)
    assert read.scale > 1.1  # read at the size the rank told, not the guess


def test_a_blot_where_the_rank_lies_is_not_cut_again(matcher):
    frame, (x, y, wdir, hdir, w, h) = setup_shot_corner("anglo", "7C")
    rb = matcher.profile.rank_box
    wdir, hdir = np.array(wdir), np.array(hdir)
    centre = np.array([x, y]) + rb.cu * w * wdir + rb.cv * h * hdir
    # A solid disc 0.6 of the rank's height across over the rank: no rank's shape, a quarter
    # off the guessed card's rank height.
    radius = int(round(0.3 * matcher.profile.rank_h * h))
    cv2.circle(frame, (int(round(centre[0])), int(round(centre[1]))), radius, (40, 40, 40), -1, cv2.LINE_AA)
    read = _read(matcher, frame, (x, y, wdir, hdir, w, h))
    assert len(matcher.seen) == 1 and not matcher._rank_like(matcher.seen[0][0])  # seen, and no rank
    assert matcher.cuts == []
    assert read is None or not matcher._clears(read)
