"""A card read clearly at one index corner is not read again at the other.

On the shared photos most cards show both index corners; reading the second
after a read clear past any doubt it could raise (corner seen whole, glyphs
whole at their own size, within the self-test's blur, each 0.1 past the
plain thresholds, no look-alike) cost a twelfth of a frame.  The 35
benchmark designs' table frames read 3,348 cards for sure at both corners,
never as two codes.  A read short of
that is still checked by its card's other corner, and the glyph-pair search
is told the spared index is read (else it pairs its glyphs and reads it anyway).
A corner found there is spared only on the read card's own paper (the same
outline of the split mask): another card may lie over the far corner, turned
half round, its tip a few pixels off and its edges along the read card's.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.vision.card_groups import far_index_area, far_tip, inside
from dealer_assist.vision.index import IndexMatcher
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.read_order import OutlineFinder
from dealer_assist.vision.recognize import Recognizer
from frame_truth import CARDS, assert_no_wrong_card

FOLDER = CARDS / "test" / "anglo"
needs_cards = pytest.mark.skipif(not FOLDER.is_dir(), reason="shared card images not found")
FRAMES = ("0000.jpg", "0003.jpg", "0006.jpg", "0021.jpg", "0027.jpg", "0033.jpg")


@pytest.fixture(scope="module")
def rec():
    return Recognizer(Profile.load(default_profile_path()))


def _frame(name: str):
    frame = cv2.imread(str(FOLDER / name))
    truth = next(f["cards"] for f in json.loads((FOLDER / "truth.json").read_text())["frames"] if f["file"] == name)
    card_h = float(np.median([np.linalg.norm(np.subtract(c["corners"][0], c["corners"][3])) for c in truth]))
    return frame, truth, card_h


def _read_logged(rec, frame, monkeypatch):
    """The frame's result, and the tip of every corner cut (read_corner's x, y)."""
    cut = []
    original = IndexMatcher.read_corner

    def logged(self, frame, x, y, *rest):
        cut.append((x, y))
        return original(self, frame, x, y, *rest)

    monkeypatch.setattr(IndexMatcher, "read_corner", logged)
    result = rec.recognize(frame)
    monkeypatch.setattr(IndexMatcher, "read_corner", original)
    return result, cut


def _clear_reads(rec, frame, monkeypatch):
    """The sure reads the recognizer found clear enough to spare their far corner."""
    clear = []
    original = Recognizer._clear_alone

    def spy(self, cr):
        ok = original(self, cr)
        if ok:
            clear.append(cr)
        return ok

    monkeypatch.setattr(Recognizer, "_clear_alone", spy)
    rec.recognize(frame)
    monkeypatch.setattr(Recognizer, "_clear_alone", original)
    return clear


@needs_cards
@pytest.mark.parametrize("name", FRAMES)
def test_the_same_cards_are_read_with_fewer_corners_cut(rec, name, monkeypatch):
    frame, truth, card_h = _frame(name)
    spared, spared_cuts = _read_logged(rec, frame, monkeypatch)
    monkeypatch.setattr(Recognizer, "_clear_alone", lambda self, cr: False)
    checked, checked_cuts = _read_logged(rec, frame, monkeypatch)
    assert sorted(h.card.code for h in spared.cards) == sorted(h.card.code for h in checked.cards)
    assert len(spared.uncertain) == len(checked.uncertain)
    assert_no_wrong_card(spared.cards, truth, card_h)
    assert len(spared_cuts) < len(checked_cuts)


@needs_cards
def test_the_far_index_of_a_clear_read_is_not_cut(rec, monkeypatch):
    """Frame 0 shows the nine of hearts whole: read clearly at one index corner, its other
    index is cut only when the spare is taken away."""
    frame, _, card_h = _frame("0000.jpg")
    nine = [cr for cr in _clear_reads(rec, frame, monkeypatch) if cr.code == "9H"]
    assert len(nine) == 1
    far = far_tip(nine[0])

    def cut_there(cuts):
        return any(np.hypot(x - far[0], y - far[1]) < 0.05 * card_h for x, y in cuts)

    result, cuts = _read_logged(rec, frame, monkeypatch)
    assert "9H" in [h.card.code for h in result.cards]
    assert not cut_there(cuts)
    monkeypatch.setattr(Recognizer, "_clear_alone", lambda self, cr: False)
    result, cuts = _read_logged(rec, frame, monkeypatch)
    assert "9H" in [h.card.code for h in result.cards]
    assert cut_there(cuts)


@needs_cards
def test_the_glyph_pair_search_is_told_the_spared_index(rec, monkeypatch):
    """Without its far index among the known ones, the nine's index is paired by its glyphs
    and read all the same."""
    frame, _, card_h = _frame("0000.jpg")
    nine = next(cr for cr in _clear_reads(rec, frame, monkeypatch) if cr.code == "9H")
    p = rec.profile
    area = far_index_area(nine, p.index_region())
    # The rank's and the suit's centres at the far corner, in the reader's turn of it.
    for box in (p.rank_box, p.suit_box):
        u, v = box.cu * nine.size[0], box.cv * nine.size[1]
        centre = area[0] + u * np.array(area[1]) + v * np.array(area[2])
        assert inside(centre, area)
    asked = {}
    original = Recognizer._glyph_pair_reads

    def spy(self, frame, masks, reads, card_w, card_h, across=()):
        asked["across"] = [cr.code for cr in across]
        return original(self, frame, masks, reads, card_w, card_h, across)

    monkeypatch.setattr(Recognizer, "_glyph_pair_reads", spy)
    rec.recognize(frame)
    assert "9H" in asked["across"]


@needs_cards
def test_only_a_read_clear_past_doubt_spares_its_far_corner(rec, monkeypatch):
    frame, _, _ = _frame("0000.jpg")
    nine = next(cr for cr in _clear_reads(rec, frame, monkeypatch) if cr.code == "9H")
    assert rec._clear_alone(nine)
    assert not rec._clear_alone(replace(nine, corner=replace(nine.corner, notched=True)))
    assert not rec._clear_alone(replace(nine, read=replace(nine.read, cut=True)))
    assert not rec._clear_alone(replace(nine, read=replace(nine.read, unsized=True)))
    # A rank scoring above the sure threshold but short of the clear one.
    t = rec.profile.thresholds
    scores = dict(nine.read.rank_scores, **{"9": t.min_score + 0.05})
    assert not rec._clear_alone(replace(nine, read=replace(nine.read, rank_scores=scores)))


#: A rendered frame of Debian's dondorf deck (benchmark scene 0034; the profile was calibrated
#: from the deck's set-up shots) and its cards' centres, from the scene's ground truth.
DONDORF = Path(__file__).resolve().parent / "images" / "dondorf_two_cards_corner_to_corner.jpg"
DONDORF_CARDS = {"9C": [(557.0, 562.0), (535.0, 200.0)], "2H": [(500.0, 573.0)], "JH": [(443.0, 584.0)],
                 "3S": [(395.0, 232.0)], "AD": [(465.0, 216.0)]}


def _dondorf_reads() -> list[str]:
    rec = Recognizer(Profile.load(DONDORF.parent / "profiles" / "dondorf"))
    hits = rec.recognize(cv2.imread(str(DONDORF))).cards
    for h in hits:
        assert any(np.hypot(*(np.array(h.center) - c)) < 0.4 * 230 for c in DONDORF_CARDS.get(h.card.code, [])), \
            f"{h.card.code} read at {h.center}"
    return sorted(h.card.code for h in hits)


def test_a_card_lying_over_the_far_corner_is_read():
    """The two of hearts lies turned half round over the far corner of the nine of clubs (read
    clearly), its tip a few pixels off the nine's and its edges along the nine's: its edge line
    parts its paper from the nine's, and its index is read."""
    assert _dondorf_reads() == ["2H", "3S", "9C", "9C", "AD", "JH"]


def test_without_the_outline_test_the_card_over_the_far_corner_is_lost(monkeypatch):
    monkeypatch.setattr(OutlineFinder, "__call__", lambda self, c: 0)
    assert "2H" not in _dondorf_reads()
