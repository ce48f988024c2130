"""A rank and a suit in two inks are not one index.

A covered 8C on a walnut table showed its black 8, and in its suit window a
piece of the red print of the card lying over it: the red shape scored as
a heart clearly enough to count, and the frame said 8H.  A deck prints an
index's rank in its suit's ink, so a black rank beside a red suit vetoes
the read; the calibration learns how red its ranks really are, so that a
deck printing every rank black is never vetoed.
"""

from __future__ import annotations

import numpy as np
import pytest

from dealer_assist.cards import Card
from dealer_assist.vision.glyphs import Glyph
from dealer_assist.vision.index import IndexRead
from dealer_assist.vision.detect import Corner
from dealer_assist.vision.profile import Box, Profile, default_profile_path
from dealer_assist.vision.recognize import Recognizer
from dealer_assist.vision.selftest import rank_ink_bounds
from frame_truth import setup_shot_corner


def _trial(code: str, rank_redness: float, suit_redness: float):
    """A trial read right of ``code`` whose rank glyph shows ``rank_redness``."""
    box = Box(0.0, 0.0, 0.1, 0.1)
    glyph = (Glyph(box, lambda f: np.zeros((4, 4)), lambda: rank_redness),
             Glyph(box, lambda f: np.zeros((4, 4)), lambda: suit_redness))
    read = IndexRead({code[0]: 0.95, "2": 0.1}, {code[1]: 0.95, "S" if code[1] != "S" else "C": 0.1},
                     suit_redness, glyphs=glyph)
    return Card(code[0], code[1]), read


@pytest.fixture(scope="module")
def anglo():
    return Recognizer(Profile.load(default_profile_path()))


def test_a_deck_inking_its_ranks_as_its_suits_learns_the_loose_colour_bounds(anglo):
    trials = [_trial("7H", 0.42, 0.5), _trial("QD", 0.31, 0.45), _trial("7C", 0.01, 0.0), _trial("AS", 0.09, 0.03)]
    assert rank_ink_bounds(anglo.profile, trials) == (0.08, 0.25)


def test_a_deck_printing_every_rank_black_never_vetoes_a_red_suit(anglo):
    trials = [_trial("7H", 0.0, 0.5), _trial("QD", 0.02, 0.45), _trial("7C", 0.01, 0.0)]
    floor, _ = rank_ink_bounds(anglo.profile, trials)
    assert floor <= 0.0


def test_trials_read_wrong_teach_nothing(anglo):
    """A trial read as another card's rank is not this deck's ink: only right reads count."""
    card, read = _trial("7H", 0.0, 0.5)
    wrong = (Card("8", "H"), read)  # read a 7 where an 8 lay
    assert rank_ink_bounds(anglo.profile, [wrong, _trial("9H", 0.4, 0.5)])[0] == 0.08


def _blacken_rank(frame: np.ndarray, corner, profile: Profile) -> np.ndarray:
    """The shot with the red ink of the corner's rank box printed black (the suit left red)."""
    x0, y0, _, _, w, h = corner
    box = profile.rank_box
    out = frame.copy()
    xa, xb = int(x0 + box.u0 * w) - 2, int(x0 + box.u1 * w) + 2
    ya, yb = int(y0 + box.v0 * h) - 2, int(y0 + box.v1 * h) + 2
    patch = out[ya:yb, xa:xb].astype(np.int16)
    red = (patch[..., 2] - patch[..., :2].max(axis=2)) > 40
    grey = patch.min(axis=2, keepdims=True).repeat(3, axis=2)
    out[ya:yb, xa:xb] = np.where(red[..., None], grey, patch).astype(np.uint8)
    return out


def test_a_black_rank_beside_a_red_suit_is_not_sure_nor_agrees(anglo):
    frame, corner = setup_shot_corner("anglo", "7H")
    x, y, wdir, hdir, w, h = corner
    c = Corner(x, y, wdir, hdir, w, h)
    plain = anglo.judge.corner(c, anglo.matcher.read_corner(frame, *corner), w, h)
    assert plain.sure and plain.code == "7H" and not plain.colour_conflict
    black = _blacken_rank(frame, corner, anglo.profile)
    read = anglo.matcher.read_corner(black, *corner)
    assert read.best("rank")[0] == "7" and read.glyphs[0].redness < 0.08 <= read.redness
    judged = anglo.judge.corner(c, read, w, h)
    assert not judged.sure and judged.colour_conflict
