"""Dashes of a court card's frame line beside the rank are not taken as pieces of it.

Found on KDE's tigullio-international: its court cards draw a hairline frame a
stroke from the index, which a table frame's blur breaks into dashes two or three
pixels apart, too far to bridge (:func:`.border_lines.thin_runs` bridges one).  The
dashes above and beside the king of clubs of benchmark frame 0007 lay within the
reach of pieces broken off a glyph (:func:`.blob_parts.glyph_parts`), and the king,
a frame's width taller and wider than printed, read K 0.63 at best, only as
uncertain.  Thin pieces along the rank's side, in line with other dashes that run
on past it, are now left out (:func:`.blob_parts.off_dashes`).  The image is that frame with all but its upper
right quarter, where the four fanned cards lie, painted the felt's colour (a crop
would be read at another zoom: it must keep the frame's size); the profile was
calibrated from the deck's set-up shots.
"""

from __future__ import annotations

import pytest

from crop_scene import TIGULLIO, CropScene
from dealer_assist.vision import blob_parts, glyphs
from dealer_assist.vision.profile import Profile
from dealer_assist.vision.recognize import Recognizer

#: The frame's cards, all with an index in view (its ground truth).
SCENE = CropScene("tigullio_international_kc_dashed_frame_beside_the_king.jpg", 229.0, {
    "KC": [(1157.5, 301.5), (1007.3, 286.0), (1030.8, 58.1), (1180.9, 73.6)],
    "4S": [(1095.8, 249.8), (945.1, 240.2), (959.8, 11.6), (1110.5, 21.2)],
    "5S": [(1023.6, 203.9), (873.6, 186.9), (899.4, -40.7), (1049.4, -23.7)],
    "4H": [(969.4, 147.8), (818.5, 146.2), (820.9, -82.9), (971.8, -81.3)],
})


@pytest.fixture(scope="module")
def rec():
    return Recognizer(Profile.load(TIGULLIO))


def test_every_card_is_read_and_none_wrong(rec):
    hits = SCENE.reads(rec)
    assert sorted(h.card.code for h in hits) == sorted(SCENE.cards)
    SCENE.assert_none_wrong(hits)


def test_with_the_dashes_kept_the_king_is_missed(rec, monkeypatch):
    monkeypatch.setattr(glyphs, "off_dashes", lambda parts, boxes, stroke: parts)
    hits = SCENE.reads(rec)
    assert "KC" not in [h.card.code for h in hits]
    SCENE.assert_none_wrong(hits)


def test_a_glyph_broken_against_itself_keeps_its_pieces():
    """A 7 whose thin bar broke off its stem in blur, in two pieces: they lie a pixel above the
    stem (its stroke 3), and are no frame's dashes though they reach past the stem."""
    # Stats rows (x, y, w, h, area); 0 is the background.
    boxes = [(0, 0, 40, 60, 0), (12, 13, 4, 21, 70), (8, 10, 9, 2, 16), (18, 10, 3, 2, 5)]
    assert blob_parts.off_dashes([1, 2, 3], boxes, 3) == [1, 2, 3]


def test_dashes_running_on_past_the_rank_go():
    boxes = [(0, 0, 40, 70, 0), (9, 12, 13, 21, 140), (14, 8, 6, 1, 6), (23, 8, 6, 1, 6), (32, 8, 4, 1, 4)]
    assert blob_parts.off_dashes([1, 2, 3], boxes, 3) == [1]


def test_a_line_longer_than_the_glyph_is_no_dash():
    """A line running the patch's height beside a picture's fragment (bellot, benchmark frame 0003)
    stays with it: taken off, the fragment read as an uncertain jack."""
    boxes = [(0, 0, 40, 80, 0), (20, 5, 11, 37, 200), (13, 9, 2, 61, 110), (13, 72, 2, 6, 10)]
    assert blob_parts.off_dashes([1, 2], boxes, 3) == [1, 2]
