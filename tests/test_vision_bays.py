"""Glyphs that are no hole of the card's paper but a bay (open to the outline through a
narrow gap, or cut by the frame's edge) are ink for finding an index by its glyphs."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.vision.glyph_pairs import find_glyph_pairs
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.recognize import Recognizer

from frame_truth import assert_no_wrong_card, assert_read_there

CARDS = Path(__file__).resolve().parents[2] / "shared" / "cards"
SHIPPED = default_profile_path().parent
needs_cards = pytest.mark.skipif(not (CARDS / "test").is_dir(), reason="shared card images not found")


def test_a_glyph_open_to_the_felt_through_a_thin_line_is_bay_ink_and_one_inside_is_plain_ink():
    rec = Recognizer(Profile.load(default_profile_path()))
    img = np.full((360, 480, 3), (40, 110, 45), np.uint8)
    img[40:320, 60:240] = 240
    # A glyph inside the paper: a hole of it.
    cv2.rectangle(img, (100, 100), (115, 125), (20, 20, 20), -1)
    # A glyph beside the edge, joined to the felt by a thin dark line (a card's edge crossing it).
    cv2.rectangle(img, (200, 200), (215, 225), (20, 20, 20), -1)
    cv2.line(img, (215, 212), (240, 212), (20, 20, 20), 1)
    masks = rec.masks(img)
    assert masks.bay_ink is not None

    def share(mask, x0, y0, x1, y1):
        return float(mask[y0 // 2:y1 // 2, x0 // 2:x1 // 2].mean()) / 255

    assert share(masks.ink, 102, 102, 114, 124) > 0.9 and share(masks.bay_ink, 102, 102, 114, 124) == 0
    assert share(masks.ink, 202, 202, 214, 224) == 0 and share(masks.bay_ink, 202, 202, 214, 224) > 0.9
    # The felt around the card is no bay.
    assert share(masks.bay_ink, 300, 40, 480, 360) == 0


@needs_cards
@pytest.mark.parametrize("frame, code", [("0045.jpg", "KS"), ("0125.jpg", "JD")])
def test_an_index_the_frame_edge_opens_is_read_from_its_glyphs(frame, code):
    """Plastic frame 45: a KS whose K runs up to the frame's top edge; frame 125: a JD whose
    diamond runs down to the bottom edge.  Neither glyph is a hole of the paper, so the ink
    mask missed it and no pair (nor corner) was found; with the bays they pair, and the card
    is read, nothing in the frame wrong."""
    rec = Recognizer(Profile.load(SHIPPED / "plastic"))
    truth = json.loads((CARDS / "test" / "plastic" / "truth.json").read_text())
    cards = next(f["cards"] for f in truth["frames"] if f["file"] == frame)
    card = next(c for c in cards if c["card"] == code)
    img = cv2.imread(str(CARDS / "test" / "plastic" / frame))
    q = np.array(card["corners"])
    card_h = float(np.linalg.norm(q[3] - q[0]))
    masks = rec.masks(cv2.cvtColor(img, cv2.COLOR_BGR2BGRA))
    ends = [q[k] for k, frac in zip((0, 2), card["index_visible_frac"]) if frac >= 0.9]

    def near_an_index(pairs):
        return [gp for gp in pairs if any(np.hypot(gp.corner.x - p[0], gp.corner.y - p[1]) < 0.1 * card_h for p in ends)]

    inks = (masks.ink, masks.faint_ink)
    assert not near_an_index(find_glyph_pairs(inks, rec.profile, rec.profile.card_h_px))
    assert near_an_index(find_glyph_pairs(inks, rec.profile, rec.profile.card_h_px, bays=masks.bay_ink))
    hits = rec.recognize(img).cards
    assert_read_there(hits, code, card["center"], card_h)
    assert_no_wrong_card(hits, cards, card_h)
