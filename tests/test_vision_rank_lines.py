"""A slanted thin line (a covering card's edge) touching a rank is taken off before the rank is read.

Real frame: plastic test frame 0068, an 8S whose tip lies under another
card; that card's edge runs at 45 degrees across the corner patch and
touches the 8's top.  The 8 and the line made one blob, read as an 8 at
0.32 (missed before).  Drawings check the rule itself: a line coming from
the card's edge band and passing the glyph by goes; one through the glyph
(its own stroke) or not reaching the band stays.
"""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.rank_lines import line_off_rank
from dealer_assist.vision.recognize import Recognizer
from tests.frame_truth import assert_no_wrong_card, assert_read_there

CARDS = Path(__file__).resolve().parents[2] / "shared" / "cards"
SHIPPED = default_profile_path().parent
needs_cards = pytest.mark.skipif(not (CARDS / "test").is_dir(), reason="shared card images not found")

EDGE = 5


@needs_cards
def test_an_eight_whose_rank_touches_a_covering_cards_slanted_edge_is_read():
    folder = CARDS / "test" / "plastic"
    frame = next(f for f in json.loads((folder / "truth.json").read_text())["frames"] if f["file"] == "0068.jpg")
    rec = Recognizer(Profile.load(SHIPPED / "plastic"))
    res = rec.recognize(cv2.imread(str(folder / "0068.jpg")))
    card_h = rec.profile.card_h_px
    eight = next(c for c in frame["cards"] if c["card"] == "8S")
    assert_read_there(res.cards, "8S", eight["center"], card_h)
    assert_no_wrong_card(res.cards, frame["cards"], card_h)


def _ring_and_line(line_sum: int, start: int = EDGE):
    """A solid ring (a rank's bowl, strokes 4 px) and a 1 px line ``x + y = line_sum`` from column ``start``."""
    img = np.zeros((60, 52), np.uint8)
    cv2.circle(img, (24, 27), 9, 1, 4)
    ring = img.copy()
    line = np.zeros_like(img)
    cv2.line(line, (start, line_sum - start), (line_sum - EDGE, EDGE), 1, 1)
    img |= line
    return img, ring.astype(bool), (line > 0) & (ring == 0)


def _taken(img: np.ndarray):
    n, labels, stats, _ = cv2.connectedComponentsWithStats(img, None, None, None, 8, cv2.CV_16U)
    parts = [i for i in range(1, n) if stats[i][4] > 20]
    return line_off_rank(labels, stats.tolist(), parts, EDGE, 26.0, 40.0, 40.0)


def test_a_line_from_the_edge_band_passing_the_rank_by_is_taken_off():
    img, ring, line = _ring_and_line(36)
    taken = _taken(img)
    assert taken is not None
    assert (taken & line).sum() >= 0.8 * line.sum()
    assert (taken & ring).sum() <= 0.1 * ring.sum()


def test_a_straight_stroke_through_the_glyph_stays():
    img, _, _ = _ring_and_line(51)  # through the ring's centre: ink on both sides
    assert _taken(img) is None


def test_a_line_not_reaching_the_edge_band_stays():
    img, _, _ = _ring_and_line(36, start=12)
    img[:, :12] = 0
    img[:EDGE + 6, :] = 0
    assert _taken(img) is None
