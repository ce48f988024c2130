"""Glyphs parted from thin lines they touch: a covering card's slanted edge off a rank, a thin-stroked
glyph from its card's outline at full size.

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

from dealer_assist.vision.fine_peel import peel_lines_full
from dealer_assist.vision.glyph_pairs import _outline_stats
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.rank_lines import line_off_rank
from dealer_assist.vision.recognize import Recognizer
from frame_truth import assert_no_wrong_card, assert_read_there

CARDS = Path(__file__).resolve().parents[2] / "shared" / "cards"
SHIPPED = default_profile_path().parent
needs_cards = pytest.mark.skipif(not (CARDS / "test").is_dir(), reason="shared card images not found")

EDGE = 5


def _read_test_frame(deck: str, name: str):
    """The truth of test frame ``name`` of ``deck``, the shipped profile's reading of it, and the card height."""
    folder = CARDS / "test" / deck
    frame = next(f for f in json.loads((folder / "truth.json").read_text())["frames"] if f["file"] == name)
    rec = Recognizer(Profile.load(SHIPPED / deck))
    return frame, rec.recognize(cv2.imread(str(folder / name))), rec.profile.card_h_px


@needs_cards
def test_an_eight_whose_rank_touches_a_covering_cards_slanted_edge_is_read():
    frame, res, card_h = _read_test_frame("plastic", "0068.jpg")
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


@needs_cards
def test_a_thin_stroked_king_touching_its_own_cards_outline_on_a_pale_card_is_read():
    """Anglo frame 0121: a KC lies on another white card; its corner shows only as a thin
    grey outline and the K's thin strokes touch it.  No corner is found, and at half
    size the K and the outline are one blob whose opening takes the K's strokes too:
    opened at full size (fine_peel), the K pairs with the club and the index reads."""
    frame, res, card_h = _read_test_frame("anglo", "0121.jpg")
    king = next(c for c in frame["cards"] if c["card"] == "KC")
    assert_read_there(res.cards, "KC", king["center"], card_h)
    assert_no_wrong_card(res.cards, frame["cards"], card_h)


def test_a_glyph_of_three_pixel_strokes_is_parted_from_a_one_pixel_line_at_full_size():
    """Drawn at full size: a "K" of 3 px strokes whose arm touches a 1 px line, one blob too big
    for a glyph at half size.  The full-size opening keeps the K whole (its box, at half
    size) and takes the line off (nothing left along it)."""
    frame = np.full((200, 200, 3), 225, np.uint8)
    for a, b in (((80, 70), (80, 130)), ((82, 100), (112, 70)), ((88, 94), (112, 130))):
        cv2.line(frame, a, b, (30, 30, 30), 3)
    cv2.line(frame, (82, 40), (170, 128), (40, 40, 40), 1)  # across the end of the K's upper arm
    small = cv2.resize(frame, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
    ink = cv2.compare(small.min(axis=2), 200, cv2.CMP_LT)  # the line shows at half size
    rows = _outline_stats(ink, 0)
    assert rows[:, 2:4].max() > 40  # K and line: one blob, too big for a glyph
    fine = peel_lines_full(frame, ink, rows, 25.0, 100.0, 1e4)
    assert fine is not None
    n, _, stats, _ = cv2.connectedComponentsWithStats(fine)
    biggest = stats[1 + int(np.argmax(stats[1:, 4]))]
    x, y, w, h = biggest[:4]
    assert 38 <= x <= 41 and 33 <= y <= 36 and 15 <= w <= 19 and 30 <= h <= 33  # the K, half size
    assert not fine[50:64, 70:90].any()  # the line's far part is gone


def test_a_thin_tail_of_the_glyph_reaching_the_band_stays():
    """A stroke from the band that ends at the glyph (a 9's long tail, a serif) is the
    glyph's own: a card's edge crosses the whole patch, from band to band."""
    img = np.zeros((60, 52), np.uint8)
    cv2.circle(img, (24, 27), 9, 1, 4)
    cv2.line(img, (EDGE, 31), (17, 19), 1, 1)  # along x + y = 36, up to where it meets the ring
    assert _taken(img) is None
    cv2.line(img, (17, 19), (31, EDGE), 1, 1)  # on past the ring to the top band: a line crossing
    assert _taken(img) is not None
