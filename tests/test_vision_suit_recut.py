"""A suit joined to a pip beside it, cut at a card size a few hundredths off: read at the rank's own size.

The glyph cutter parts a suit from ink it is joined to where the profile's
layout puts the suit, which fits the print only at the card's own size
(paris' eight of clubs, its club joined to the pip beside it, read as no
suit at the frame's card-size guess).  The rank tells that size: a look
whose rank reads clearly and whose suit reads as no suit is cut again at it.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from dealer_assist.vision.index import IndexMatcher
from dealer_assist.vision.profile import Profile, default_profile_path
from frame_truth import setup_shot_corner


@pytest.fixture(scope="module")
def matcher():
    return IndexMatcher(Profile.load(default_profile_path()))


def _pip_joined_to_suit(code: str, beyond: float):
    """The set-up shot of ``code`` with a pip drawn beside each index suit, ``beyond`` suit widths
    past its right edge (near enough to join it), and the first index's corner."""
    frame, (x, y, wdir, hdir, w, h) = setup_shot_corner("anglo", code)
    sb = Profile.load(default_profile_path()).suit_box
    wdir, hdir = np.array(wdir), np.array(hdir)
    out = frame.copy()
    radius = int(round(0.6 * (sb.v1 - sb.v0) * h))
    for origin, sign in ((np.array([x, y]), 1.0), (np.array([x, y]) + w * wdir + h * hdir, -1.0)):
        centre = origin + sign * ((sb.u1 + beyond * (sb.u1 - sb.u0)) * w * wdir + sb.cv * h * hdir)
        cv2.circle(out, (int(round(centre[0])), int(round(centre[1]))), radius, (40, 40, 40), -1, cv2.LINE_AA)
    return out, (x, y, wdir, hdir, w, h)


def _clear_code(matcher: IndexMatcher, read):
    return read.best("rank")[0] + read.best("suit")[0] if read is not None and matcher._clears(read) else None


@pytest.mark.parametrize("code, beyond, guess", [("2C", 0.55, 1.06), ("8C", 0.55, 1.06), ("5S", 0.55, 1.06),
                                                 ("AC", 0.6, 0.94), ("3C", 0.55, 1.03)])
def test_a_suit_joined_to_a_pip_reads_when_cut_at_the_ranks_size(matcher, code, beyond, guess, monkeypatch):
    img, (x, y, wdir, hdir, w, h) = _pip_joined_to_suit(code, beyond)
    read = matcher.read_corner(img, x, y, wdir, hdir, w * guess, h * guess)
    assert _clear_code(matcher, read) == code
    # At the guessed size the pip spoils the suit: without the second cut it does not read.
    monkeypatch.setattr(IndexMatcher, "_suit_lost_at_size", lambda self, read, k: False)
    assert _clear_code(matcher, matcher.read_corner(img, x, y, wdir, hdir, w * guess, h * guess)) is None


def test_a_pip_joined_to_any_pip_cards_suit_never_makes_a_clear_read_wrong(matcher):
    for code in (r + s for r in "A23456789" for s in "SCHD"):
        for beyond in (0.5, 0.55, 0.6):
            img, (x, y, wdir, hdir, w, h) = _pip_joined_to_suit(code, beyond)
            for guess in (0.9, 0.94, 0.97, 1.0, 1.03, 1.06, 1.1):
                got = _clear_code(matcher, matcher.read_corner(img, x, y, wdir, hdir, w * guess, h * guess))
                assert got in (code, None), f"{code} ({beyond}, guess {guess}) read as {got}"
