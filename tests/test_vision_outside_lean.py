"""A corner seen from outside is read with its rank's pair lean, as a seen tip is.

Found on Debian's Атласные deck (frame 0022 of its benchmark scenes): the
jack of diamonds lies with its tip on another card's paper, white on white,
so its corner is found from outside, as the bend the paper under it makes
around it.  Its "В" (the deck's jack) leads the deck's look-alike 8 by only
0.10, so it was uncertain (JD or 8D).  The learned J/8 lean parts the two
(the lead over the next rank grows to 0.37), but was asked only at a tip
seen from inside.  A tip seen from outside was not covered: the bend runs
round it, so its index is as whole as a seen tip's.  A corner inferred
across a notch (its tip hidden, maybe under a card whose edge cuts the
index) goes without the lean unless its rank shows whole (see
test_vision_notched_whole_rank_lean.py), and every tip not seen keeps the
stricter thresholds.  The crop is of that frame; the profile was calibrated
from the deck's set-up shots.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.vision import verdict
from dealer_assist.vision.profile import Profile
from dealer_assist.vision.recognize import Recognizer

IMAGES = Path(__file__).resolve().parent / "images"
CROP = IMAGES / "atlasnye_jd_tip_on_a_card.png"
PROFILE = IMAGES / "profiles" / "atlasnye"
CARD_H = 275.0
#: The crop's cards with an index in view, from the frame's ground truth (centres).
CARDS = {"JD": (193.0, 171.0), "3H": (265.0, 250.0), "7C": (121.0, 92.0)}


@pytest.fixture(scope="module")
def rec():
    return Recognizer(Profile.load(PROFILE))


def _reads(rec):
    img = cv2.imread(str(CROP))
    assert img is not None
    return rec.recognize(img)


def _near(hit) -> list[str]:
    return [code for code, c in CARDS.items() if np.hypot(*(np.array(hit.center) - c)) < 0.4 * CARD_H]


def test_the_jack_whose_tip_lies_on_a_card_is_read_and_nothing_is_read_wrong(rec):
    result = _reads(rec)
    assert [h.card.code for h in result.cards if h.card.code == "JD"] == ["JD"]
    for h in result.cards:
        assert h.card.code in _near(h), f"read {h.card.code} at {h.center}"
    assert not result.uncertain


def test_the_jacks_corner_is_seen_from_outside_and_sure_only_by_the_lean(rec, monkeypatch):
    """The corner that reads the jack is an outside one; without the lean it is not sure."""
    judged = []
    corner = verdict.Judge.corner

    def spy(self, c, r, w, h):
        cr = corner(self, c, r, w, h)
        if cr is not None and cr.code == "JD":
            judged.append((c, r, w, h, cr.sure))
        return cr

    monkeypatch.setattr(verdict.Judge, "corner", spy)
    _reads(rec)
    sure = [(c, r, w, h) for c, r, w, h, ok in judged if ok]
    assert sure and all(c.outside and c.notched for c, *_ in sure)
    c, r, w, h = sure[0]
    assert r.best("rank")[0] == "J" and r.best("rank")[2] < rec.profile.thresholds.min_margin
    monkeypatch.setattr(verdict.Judge, "corner", corner)
    assert rec.judge.corner(c, r, w, h).sure
    # The same look at a corner inferred across a notch (its tip hidden) is sure only while
    # its rank shows whole (Judge.whole_behind_notch): a covering card may have left a piece.
    monkeypatch.setattr(verdict.Judge, "whole_behind_notch", lambda self, c, r: False)
    assert not rec.judge.corner(replace(c, outside=False), r, w, h).sure
    monkeypatch.setattr(verdict.Judge, "rank_lead", lambda self, r: r.best("rank"))
    assert not rec.judge.corner(c, r, w, h).sure


def test_without_the_lean_at_outside_corners_the_jack_is_uncertain(rec, monkeypatch):
    """Nor at its notched corners, whose rank shows whole and is read with the lean too."""
    monkeypatch.setattr(verdict.Judge, "rank_lead", lambda self, r: r.best("rank"))
    monkeypatch.setattr(verdict.Judge, "whole_behind_notch", lambda self, c, r: False)
    result = _reads(rec)
    assert "JD" not in [h.card.code for h in result.cards]
    assert any({"JD", "8D"} <= {c.code for c in u.candidates} for u in result.uncertain)
