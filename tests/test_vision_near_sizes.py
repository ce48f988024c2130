"""An index with one glyph read clearly and the other melted into ink beside it is cut again a
twentieth bigger and smaller (recognize.NEAR_SIZES, see Recognizer.recognize)."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from dealer_assist.vision import recognize
from dealer_assist.vision.index import IndexRead
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.recognize import Recognizer
from frame_truth import CARDS, setup_shot_corner


@pytest.fixture(scope="module")
def profile():
    return Profile.load(default_profile_path())


def _crossed_rank(profile: Profile, code: str, below_top: float) -> np.ndarray:
    """A real anglo set-up shot of ``code`` with its bottom-right index painted out in paper and a
    covering card's edge (a dark line two pixels wide) drawn level across the top-left rank,
    ``below_top`` card heights below the top of the deck's rank box, from beyond the card's edge
    to half-way across it: only the crossed index is left to read."""
    frame, (x, y, _, _, w, h) = setup_shot_corner("anglo", code)
    calib = json.loads((CARDS / "calib" / "anglo" / "calib.json").read_text())
    bx, by = calib["cards"][code]["corners"][2]
    region = profile.index_region()
    out = frame.copy()
    paper = out[int(y + 0.5 * h), int(x + 0.5 * w)].tolist()
    cv2.rectangle(out, (int(bx - region.u1 * w), int(by - region.v1 * h)), (int(bx) - 3, int(by) - 3), paper,
                  cv2.FILLED)
    v = y + (profile.rank_box.v0 + below_top) * h
    cv2.line(out, (int(round(x - 0.05 * w)), int(round(v))), (int(round(x + 0.5 * w)), int(round(v))), (40, 40, 40), 2,
             cv2.LINE_AA)
    return out


def _codes(profile: Profile, frame: np.ndarray) -> tuple[list[str], list[list[str]]]:
    res = Recognizer(profile).recognize(frame)
    return [h.card.code for h in res.cards], [[c.code for c in u.candidates] for u in res.uncertain]


def test_a_rank_crossed_by_a_covering_edge_is_read_a_twentieth_off(profile, monkeypatch):
    """The line melts into the 7's top bar at the calibrated size; the suit still reads clearly, so
    the corner is cut again a twentieth bigger and smaller, where the two part and it reads.
    Without those sizes the same corner is not read (the test would fail without the feature)."""
    for below_top in (0.02, 0.025):
        frame = _crossed_rank(profile, "7S", below_top)
        cards, _ = _codes(profile, frame)
        assert cards == ["7S"], below_top
        monkeypatch.setattr(recognize, "NEAR_SIZES", ())
        cards, _ = _codes(profile, frame)
        assert cards == [], below_top
        monkeypatch.undo()


def test_a_suit_still_spoiled_a_twentieth_off_stays_uncertain(profile):
    """The line across the suit's top: the rank reads clearly, so the near sizes are tried, but the
    suit reads as no sure suit at any of them: the card goes to uncertain, never a guess."""
    rec = Recognizer(profile)
    tried = []
    first = rec._read_sizes

    def read_sizes(frame, c, sizes, card_w, card_h, best, retried):
        tried.append(tuple(round(s / sizes[0], 6) for s in sizes))
        return first(frame, c, sizes, card_w, card_h, best, retried)

    rec._read_sizes = read_sizes
    res = rec.recognize(_crossed_rank(profile, "7S", 1.3 * profile.rank_h))
    assert (1.0, round(recognize.NEAR_SIZES[1] / recognize.NEAR_SIZES[0], 6)) in tried
    assert res.cards == []
    assert len(res.uncertain) == 1 and "7S" in [c.code for c in res.uncertain[0].candidates]


def test_a_glyph_clears_asks_either_glyph(profile):
    """The near sizes need one glyph of a look at the profile's least score and margin."""
    m = Recognizer(profile).matcher
    t = profile.thresholds
    good, poor = t.min_score + 0.05, t.min_score - 0.2
    far, close = good - t.min_margin - 0.05, good - 0.5 * t.min_margin
    assert m.a_glyph_clears(IndexRead({"7": good, "T": far}, {"S": poor, "C": poor - 0.1}, 0.0))
    assert m.a_glyph_clears(IndexRead({"7": poor, "T": poor - 0.1}, {"S": good, "C": far}, 0.0))
    assert not m.a_glyph_clears(IndexRead({"7": good, "T": close}, {"S": poor, "C": poor - 0.1}, 0.0))
    assert not m.a_glyph_clears(IndexRead({"7": poor, "T": poor - 0.3}, {"S": poor, "C": poor - 0.3}, 0.0))
