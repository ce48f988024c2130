"""Suit ink colours: measured on drawn glyphs, learned per suit, and used to rule suits out."""

from __future__ import annotations

import copy

import cv2
import numpy as np
import pytest

from dealer_assist.cards import Card
from dealer_assist.vision import selftest
from dealer_assist.vision.ink import ink_colour_of
from dealer_assist.vision.index import IndexRead, colour_fits, suit_lead
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.selftest import derive_thresholds
from dealer_assist.vision.suit_colours import colour_pairs, colour_rules_out, suit_inks

PAPER = (235, 240, 245)  # BGR: a slightly warm white, as under a table lamp
INKS = {"S": (20, 20, 20), "H": (40, 40, 200), "D": (190, 90, 20), "C": (30, 150, 10)}  # black, red, blue, green


def _drawn(ink, blur: float = 0.0, jpeg: bool = False):
    """A diamond printed in ``ink`` on the paper, optionally blurred and JPEG'd: (patch, ink mask, paper level)."""
    img = np.full((60, 60, 3), PAPER, np.uint8)
    cv2.fillPoly(img, [np.array([[30, 10], [44, 30], [30, 50], [16, 30]], np.int32)], ink, cv2.LINE_AA)
    if blur:
        img = cv2.GaussianBlur(img, (0, 0), blur)
    if jpeg:
        img = cv2.imdecode(cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 70])[1], cv2.IMREAD_COLOR)
    lo = img.min(axis=2).astype(np.float32)
    paper = float(np.percentile(lo, 90))
    return img, (paper - lo) / paper > 0.2, paper


def _colour(ink, **kw):
    return np.array(ink_colour_of(*_drawn(ink, **kw)))


def test_black_ink_has_no_colour_and_coloured_inks_keep_theirs_through_blur():
    assert np.linalg.norm(_colour(INKS["S"])) < 0.1
    for suit in "HDC":
        sharp = _colour(INKS[suit])
        assert np.linalg.norm(sharp) > 0.35
        soft = _colour(INKS[suit], blur=2.0, jpeg=True)
        # Blur mixes ink into paper; the colour per darkness stays that of the ink.
        assert np.linalg.norm(soft - sharp) < 0.25 * np.linalg.norm(sharp)


def test_ink_too_pale_to_tell_has_no_colour():
    assert ink_colour_of(*_drawn((225, 232, 240))) is None


def _inks(colours: dict[str, tuple]):
    samples = [(Card("5", s), (None, None, None, None, 0.0, tuple(_colour(c, blur=b)))) for s, c in colours.items()
               for b in (0.0, 1.0, 1.5)]
    return suit_inks(samples)


def test_only_suits_of_one_class_whose_inks_differ_clearly_are_colour_pairs():
    red = {"S": False, "C": False, "D": False, "H": True}
    four = _inks(INKS)
    assert colour_pairs(four, red) == ["CD", "CS", "DS"]
    two = _inks({"S": INKS["S"], "C": (30, 25, 25), "D": INKS["H"], "H": INKS["H"]})
    assert colour_pairs(two, {"S": False, "C": False, "D": True, "H": True}) == []


def test_a_blurred_blue_diamond_rules_out_the_black_spade_and_the_green_club_but_not_itself():
    inks = {s: list(c) for s, (c, _) in _inks(INKS).items()}
    pairs = ["CD", "CS", "DS"]
    blob = _colour(INKS["D"], blur=2.5, jpeg=True)
    assert colour_rules_out(inks, pairs, "S", blob) and colour_rules_out(inks, pairs, "C", blob)
    assert not colour_rules_out(inks, pairs, "D", blob)
    spade = _colour(INKS["S"], blur=2.5, jpeg=True)
    assert colour_rules_out(inks, pairs, "D", spade) and not colour_rules_out(inks, pairs, "S", spade)
    assert not colour_rules_out(inks, pairs, "D", None)  # no colour measured: no veto


@pytest.fixture(scope="module")
def four_colour() -> Profile:
    """The shipped anglo profile, told its suits are printed black, red, blue and green."""
    profile = copy.deepcopy(Profile.load(default_profile_path()))
    profile.suit_red = {"S": False, "C": False, "D": False, "H": True}
    profile.suit_ink = {s: [float(v) for v in c] for s, (c, _) in _inks(INKS).items()}
    profile.colour_pairs = ["CD", "CS", "DS"]
    return profile


def test_a_blue_blob_scoring_as_a_spade_is_no_spade_and_leads_only_the_suits_its_colour_allows(four_colour):
    blob = tuple(_colour(INKS["D"], blur=2.5, jpeg=True))
    read = IndexRead({"8": 0.95}, {"S": 0.8, "C": 0.78, "D": 0.7, "H": 0.3}, 0.0, ink_colour=blob)
    assert not colour_fits(four_colour, "S", read.redness, read.ink_colour)
    assert colour_fits(four_colour, "D", read.redness, read.ink_colour)
    plain = IndexRead({"8": 0.95}, {"S": 0.8, "C": 0.78, "D": 0.7, "H": 0.3}, 0.0)
    assert suit_lead(four_colour, plain)[2] == pytest.approx(0.02)
    # Only the heart (its redness allows no red suit anyway) and the diamond remain beside the spade.
    assert suit_lead(four_colour, read)[2] == pytest.approx(0.1)


def test_a_trial_misread_the_ink_colour_rules_out_is_no_risk_on_a_four_colour_deck(four_colour, monkeypatch):
    blob = tuple(_colour(INKS["D"], blur=2.5, jpeg=True))
    spade = tuple(_colour(INKS["S"]))
    good = [(Card("8", "S"), IndexRead({"8": 0.95, "3": 0.4}, {"S": 0.95, "C": 0.5}, 0.0, ink_colour=spade))
            for _ in range(40)]

    def thresholds(ink):
        bad = [(Card("8", "D"), IndexRead({"8": 0.95, "3": 0.4}, {"S": 0.85, "D": 0.45}, 0.0, ink_colour=ink))
               for _ in range(3)]
        monkeypatch.setattr(selftest, "trial_reads", lambda p, shots, **kw: good + bad)
        monkeypatch.setattr(selftest, "learn_pair_dirs", lambda p, trials: None)
        return derive_thresholds(copy.deepcopy(four_colour), [])

    ruled_out, unknown = thresholds(blob), thresholds(None)
    # The blue blob read as a spade must not lift the thresholds; the same misread with no colour must.
    assert (ruled_out.min_score, ruled_out.min_margin) < (unknown.min_score, unknown.min_margin)


def test_a_profile_made_before_ink_colours_were_kept_loads_and_tells_no_suits_apart_by_colour(tmp_path):
    import json
    import shutil

    shutil.copytree(default_profile_path(), tmp_path / "old")
    path = tmp_path / "old" / "profile.json"
    data = json.loads(path.read_text())
    data.pop("suit_ink", None)
    data.pop("colour_pairs", None)
    data.pop("measured_digests")  # saved before its measurements were guarded, too
    path.write_text(json.dumps(data))
    old = Profile.load(tmp_path / "old")
    assert old.suit_ink == {} and old.colour_pairs == []
    assert not colour_rules_out(old.suit_ink, old.colour_pairs, "S", (1.1, -0.4, -0.7))


def test_the_shipped_two_colour_decks_tell_no_suits_apart_by_colour_beyond_red_and_black():
    shipped = Profile.load(default_profile_path())
    assert set(shipped.suit_ink) == set("CDHS")
    assert shipped.colour_pairs == []


def test_a_blurred_coloured_suit_of_the_black_class_with_a_little_red_is_told_by_its_ink(four_colour):
    """A four-colour deck's yellow or blue diamond counts with the black suits, yet its ink reddens a
    little (0.07-0.13 on rendered decks): where its ink colour rules out every other suit of
    its class, its redness need only fit the suit as a plain read's must, not be as black as a
    spade's.  A heart's redness still rules it out, and a two-colour deck keeps the strict bound."""
    from dealer_assist.vision.index import IndexMatcher
    from dealer_assist.vision.verdict import Judge

    blob = tuple(_colour(INKS["D"], blur=2.5, jpeg=True))
    scores = {"D": 0.6, "S": 0.2, "C": 0.15, "H": 0.05}  # short of the plain bar, clearly the diamond's shape
    judge = Judge(four_colour, IndexMatcher(four_colour))
    assert judge.pair_decides(IndexRead({"8": 0.95}, scores, 0.11, ink_colour=blob), "D")
    assert not judge.pair_decides(IndexRead({"8": 0.95}, scores, 0.4, ink_colour=blob), "D")  # a heart's redness
    shipped = Profile.load(default_profile_path())
    two = Judge(shipped, IndexMatcher(shipped))
    assert not two.pair_decides(IndexRead({"8": 0.95}, scores, 0.11, ink_colour=blob), "D")
