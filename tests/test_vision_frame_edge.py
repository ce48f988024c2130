"""A corner index running past the frame's edge: nothing is smeared in from the edge row,
and a glyph reaching the edge is read as possibly cut short."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.vision.glyphs import extract_glyphs
from dealer_assist.vision.profile import CANON_H, Profile, default_profile_path
from dealer_assist.vision.recognize import Recognizer
from dealer_assist.vision.warp import warp_corner

CARDS = Path(__file__).resolve().parents[2] / "shared" / "cards"
SHIPPED = default_profile_path().parent
needs_cards = pytest.mark.skipif(not (CARDS / "test").is_dir(), reason="shared card images not found")


def _shot_cut_at(deck: str, code: str, cut: float):
    """A set-up shot as BGRA, its bottom cut off ``cut`` of the way up the top-left index's
    suit (0: just below it); the card's top-left corner and size."""
    info = json.loads((CARDS / "calib" / deck / "calib.json").read_text())["cards"][code]
    img = cv2.imread(str(CARDS / "calib" / deck / info["file"]))
    q = np.array(info["corners"], float)
    profile = Profile.load(SHIPPED / deck)
    w, h = float(np.linalg.norm(q[1] - q[0])), float(np.linalg.norm(q[3] - q[0]))
    bottom = int(round(q[0][1] + (profile.suit_box.v1 - cut * (profile.suit_box.v1 - profile.suit_box.v0)) * h))
    return cv2.cvtColor(img[:bottom], cv2.COLOR_BGR2BGRA), profile, q[0], w, h


@needs_cards
def test_beyond_the_frame_is_paper_marked_unknown_not_the_edge_row_smeared():
    frame, profile, (x, y), w, h = _shot_cut_at("plastic", "QS", 0.5)
    patch = warp_corner(frame, x, y, (1.0, 0.0), (0.0, 1.0), w, h, profile)
    beyond = patch[..., 3] == 0
    rows_beyond = np.nonzero(beyond.any(axis=1))[0]
    assert len(rows_beyond), "the patch reaches past the frame's bottom edge"
    assert rows_beyond.min() >= (frame.shape[0] - 1 - y) * CANON_H / h
    # Replicating the last row drew the spade on down to the patch's bottom; now it stops.
    assert patch[beyond][:, :3].min() > 150
    # A corner wholly inside the frame is cut as before: every pixel known.
    inside = warp_corner(frame, x, y - 60, (1.0, 0.0), (0.0, 1.0), w * 0.5, h * 0.5, profile)
    assert (inside[..., 3] == 255).all()


@needs_cards
@pytest.mark.parametrize("deck, code", [("plastic", "QS"), ("anglo", "7H")])
def test_a_suit_running_past_the_frame_edge_is_read_as_cut_and_a_whole_one_is_not(deck, code):
    frame, profile, (x, y), w, h = _shot_cut_at(deck, code, 0.3)
    rank, suit = extract_glyphs(warp_corner(frame, x, y, (1.0, 0.0), (0.0, 1.0), w, h, profile), profile)
    assert rank is not None and suit is not None
    assert suit.cut and not rank.cut
    frame, profile, (x, y), w, h = _shot_cut_at(deck, code, -0.5)
    rank, suit = extract_glyphs(warp_corner(frame, x, y, (1.0, 0.0), (0.0, 1.0), w, h, profile), profile)
    assert suit is not None and not suit.cut


@needs_cards
def test_a_queen_whose_spade_the_frame_cuts_is_not_read_sure_nor_wrong():
    """Plastic frame 61: a QS lies across the frame's bottom edge, the foot of its spade
    beyond it.  The edge row smeared the spade into a long bar before; now the spade
    reads as a spade, but cut short, so only as a candidate."""
    rec = Recognizer(Profile.load(SHIPPED / "plastic"))
    truth = json.loads((CARDS / "test" / "plastic" / "truth.json").read_text())
    cards = next(f["cards"] for f in truth["frames"] if f["file"] == "0061.jpg")
    card = next(c for c in cards if c["card"] == "QS")
    res = rec.recognize(cv2.imread(str(CARDS / "test" / "plastic" / "0061.jpg")))
    h = float(np.linalg.norm(np.subtract(card["corners"][3], card["corners"][0])))
    assert not [hit for hit in res.cards if np.linalg.norm(np.array(hit.center) - card["center"]) < 0.4 * h]
    near = [u for u in res.uncertain if np.linalg.norm(np.array(u.center) - card["center"]) < 0.4 * h]
    assert near and near[0].candidates[0].code == "QS"
