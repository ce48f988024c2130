"""A court card's picture frame, a hairline the ink level breaks into dashes, is taken off its index.

Found on KDE's tigullio-international: its court cards draw a thin grey
frame a stroke away from the index.  In a table frame's blur that line is one
pixel wide and fades under the ink level every few pixels, so no straight
run of it reaches the length that tells a frame's line from a glyph's
stroke (:func:`.border_lines.thin_runs`): its dashes stay beside the rank and
suit, and the queen of diamonds of benchmark frame 0032 read only as
uncertain.  One-pixel gaps between pixels that are themselves one pixel thick
are now bridged before the runs are measured; a glyph's stroke, thicker than
that, is never joined to ink beyond a gap.  The image is a crop of that frame
(the cards' corners from its ground truth, shifted into the crop); the
profile was calibrated from the deck's set-up shots.
"""

from __future__ import annotations

import numpy as np
import pytest

from crop_scene import TIGULLIO, CropScene
from dealer_assist.vision import glyphs
from dealer_assist.vision.border_lines import thin_runs
from dealer_assist.vision.profile import Profile
from dealer_assist.vision.recognize import Recognizer

#: The crop's cards, all with an index in view (the frame's ground truth, shifted by (-470, -200)).
SCENE = CropScene("tigullio_international_qd_dashed_frame_line.png", 259.0, {
    "4S": [(281.7, 51.7), (345.1, 183.2), (145.4, 279.4), (82.0, 147.9)],
    "2D": [(272.0, 139.2), (329.5, 273.5), (125.9, 360.8), (68.3, 226.6)],
    "TS": [(251.6, 220.1), (315.9, 351.3), (116.9, 448.8), (52.7, 317.7)],
    "QD": [(238.4, 305.4), (301.1, 437.3), (100.9, 532.4), (38.2, 400.5)],
})


@pytest.fixture(scope="module")
def rec():
    return Recognizer(Profile.load(TIGULLIO))


def test_the_queen_beside_her_dashed_frame_is_read_and_no_card_is_read_wrong(rec):
    hits = SCENE.reads(rec)
    assert [SCENE.nearest(h) for h in hits if h.card.code == "QD"] == ["QD"]
    SCENE.assert_none_wrong(hits)


def test_without_bridging_the_dashes_the_queen_is_missed(rec, monkeypatch):
    """The bridged runs are what read her: measured on the dashes as they are, she is not sure."""
    monkeypatch.setattr(glyphs, "thin_runs", lambda binary, length, thick, bridge=False: thin_runs(binary, length, thick))
    assert "QD" not in [h.card.code for h in SCENE.reads(rec)]


def test_only_hairline_dashes_are_bridged():
    """A one-pixel line broken every few pixels is one run; a stroke two pixels thick, a pixel
    short of ink beyond it on the same line (a jack's stem above its club), is not joined to it."""
    img = np.zeros((60, 60), np.uint8)
    img[5, 2:58] = 1
    img[5, 10:58:9] = 0  # a hairline, dashed
    img[20:22, 2:30] = 1
    img[20:22, 31:58] = 1  # a stroke two pixels thick, then a gap of one, then ink on
    assert thin_runs(img, 40, 5) is None
    runs = thin_runs(img, 40, 5, bridge=True)
    assert runs[5, 2:58].sum() == img[5, 2:58].sum() + 6  # every dash, and the gaps between them
    assert not runs[15:25].any()
