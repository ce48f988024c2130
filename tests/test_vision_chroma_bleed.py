"""A camera's codec bleeds a tinted paper's colour into black print; it is taken out again.

JPEG keeps colour at half resolution: under a warm lamp the cream-lit paper's
colour spreads into a spade's edges, and its darkest channel grows a halo (a
warm-lit deck's spades read as clubs: 93.9% of gnomangelo's cards, 98.2% with
full-resolution colour).  These tests light a real set-up shot with exact
gains, store it as a camera does (4:2:0) and with full colour (4:4:4), and
check that the bleed taken out brings the first close to the second.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from dealer_assist.vision.chroma_bleed import chroma_bleed
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.recognize import Recognizer
from frame_truth import setup_shot_corner

WARM = (0.6, 0.82, 1.0)  # B, G, R gains of a tungsten lamp against daylight
MILD = (0.75, 0.9, 1.0)


def _lit(frame: np.ndarray, gains) -> np.ndarray:
    return np.clip(frame.astype(np.float32) * np.array(gains, np.float32), 0, 255).astype(np.uint8)


def _stored(frame: np.ndarray, sampling: int) -> np.ndarray:
    ok, data = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, 95, cv2.IMWRITE_JPEG_SAMPLING_FACTOR, sampling])
    assert ok
    return cv2.cvtColor(cv2.imdecode(data, cv2.IMREAD_COLOR), cv2.COLOR_BGR2BGRA)


@pytest.fixture(scope="module")
def anglo():
    return Recognizer(Profile.load(default_profile_path()))


def _index_region(corner):
    x, y, _, _, w, h = corner
    return int(x) - 3, int(y) - 3, int(x + 0.2 * w), int(y + 0.3 * h)


@pytest.mark.parametrize("gains", [WARM, MILD])
@pytest.mark.parametrize("code", ["7S", "QC"])
def test_the_bleed_of_black_print_on_lamp_lit_paper_is_taken_out(anglo, code, gains):
    frame, corner = setup_shot_corner("anglo", code)
    lit = _lit(frame, gains)
    camera = _stored(lit, cv2.IMWRITE_JPEG_SAMPLING_FACTOR_420)
    full = _stored(lit, cv2.IMWRITE_JPEG_SAMPLING_FACTOR_444)
    paper = np.array(anglo.profile.paper_colour) * np.array(gains)  # the paper as this light shows it
    bleed = chroma_bleed(paper)
    assert bleed is not None
    x0, y0, x1, y1 = _index_region(corner)
    region = camera[y0:y1, x0:x1]
    fixed = bleed.unbled(region, x0, y0)

    def darkest(r):  # what the ink map is cut from
        return r[..., :3].min(axis=2).astype(np.int32)

    before = np.abs(darkest(region) - darkest(full[y0:y1, x0:x1])).mean()
    after = np.abs(darkest(fixed) - darkest(full[y0:y1, x0:x1])).mean()
    assert after < 0.8 * before, (before, after)


def test_grey_paper_bleeds_nothing_and_cream_does():
    assert chroma_bleed((252, 252.5, 252.5)) is None  # the anglo set-up's paper
    assert chroma_bleed((246.5, 254, 254)) is None  # plastic's, a few levels bluish
    assert chroma_bleed((210, 240, 250)) is not None  # cream stock
    assert chroma_bleed(np.array((252, 252.5, 252.5)) * WARM) is not None


def test_a_frame_in_the_set_up_light_is_cut_as_it_is(anglo):
    frame, _ = setup_shot_corner("anglo", "7S")
    assert anglo._lit(frame)[1] is None


def test_a_warm_lit_frame_is_balanced_and_unbled(anglo):
    frame, corner = setup_shot_corner("anglo", "7S")
    camera = cv2.cvtColor(_stored(_lit(frame, WARM), cv2.IMWRITE_JPEG_SAMPLING_FACTOR_420), cv2.COLOR_BGRA2BGR)
    balanced, bleed = anglo._lit(camera)
    assert bleed is not None
    # Balanced to the set-up's paper, the bleed is measured in the balanced frame's levels:
    # each channel's share carries the balance's gain (blue, lit least, is raised most).
    assert bleed.share[0] < 0 < bleed.share[2]
    assert [h.card.code for h in anglo.recognize(camera).cards] == ["7S"]
