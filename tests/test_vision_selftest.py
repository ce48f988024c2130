"""What the self-test learns from the set-up shots: size variants and the thresholds' risk."""

from __future__ import annotations

import copy

import cv2
import numpy as np
import pytest

from dealer_assist.cards import Card
from dealer_assist.vision import selftest
from dealer_assist.vision.index import IndexRead
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.selftest import VARIANT_LIKENESS, derive_thresholds, shape_likeness


@pytest.fixture(scope="module")
def anglo() -> Profile:
    return Profile.load(default_profile_path())


def _smaller(img: np.ndarray, factor: float) -> np.ndarray:
    """The same glyph printed ``factor`` smaller, centred in a window of the same size."""
    h, w = img.shape
    small = cv2.resize(img, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)
    y, x = (h - small.shape[0]) // 2, (w - small.shape[1]) // 2
    return np.pad(small, ((y, h - small.shape[0] - y), (x, w - small.shape[1] - x)))


def test_a_glyph_printed_bigger_or_smaller_is_the_same_shape(anglo):
    for code in ("7", "Q", "T"):
        glyph = anglo.rank_templates[code]
        assert shape_likeness(glyph, _smaller(glyph, 0.8)) > VARIANT_LIKENESS  # one 25% step
        assert shape_likeness(glyph, _smaller(glyph, 0.64)) > VARIANT_LIKENESS  # two


def test_a_blob_or_another_glyph_is_not_a_size_variant(anglo):
    glyph = anglo.suit_templates["S"]
    blob = np.zeros_like(glyph)
    cv2.circle(blob, (glyph.shape[1] // 2, glyph.shape[0] // 2), min(glyph.shape) // 3, 1.0, -1)
    assert shape_likeness(glyph, blob) < VARIANT_LIKENESS
    assert shape_likeness(anglo.rank_templates["7"], anglo.rank_templates["A"]) < VARIANT_LIKENESS


def _trials(redness: float):
    """Trial reads: spades read clearly as spades, and some spades read as a diamond by a wide margin."""
    good = [(Card("8", "S"), IndexRead({"8": 0.95, "3": 0.4}, {"S": 0.95, "C": 0.5}, 0.0)) for _ in range(40)]
    bad = [(Card("8", "S"), IndexRead({"8": 0.95, "3": 0.4}, {"D": 0.85, "S": 0.45}, redness)) for _ in range(3)]
    return good + bad


@pytest.mark.parametrize("redness, lifted", [(0.0, False), (0.5, True)])
def test_a_wrong_trial_suit_the_ink_colour_rules_out_does_not_raise_the_thresholds(anglo, monkeypatch, redness, lifted):
    """A black glyph read as a diamond is never accepted by the recognizer (colour veto), so it
    must not push the thresholds up; the same misread in red ink must."""
    profile = copy.deepcopy(anglo)
    monkeypatch.setattr(selftest, "trial_reads", lambda p, shots, **kw: _trials(redness))
    monkeypatch.setattr(selftest, "learn_pair_dirs", lambda p, trials: None)
    t = derive_thresholds(profile, [])
    assert (t.min_margin > 0.4 or t.min_score > 0.85) == lifted
