"""A camera whose contrast is turned down reads the shared test frames as at set-up.

A washed-out camera (its contrast turned down, a hazy lens, a glare over the table) lifts the
print's black towards the paper.  With the shared test frames' contrast taken to 0.4 (paper
252 -> 200, ink 40 -> 115), ink showed at 0.42 of the paper's darkness, just over the ink cut,
and the strokes were cut to their cores: 407 of anglo's 626 readable cards were read, 429 of
plastic's 604, none of these four frames' cards.  Stretched back down to black, 618 and 601.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from dealer_assist.vision.profile import Profile, default_profile_path
from frame_truth import CARDS, assert_reads_as_unaltered, shipped_readers

SHIPPED = default_profile_path().parent

#: Frames of which nothing was read at 0.4 of their contrast, and everything at full contrast.
FRAMES = [("anglo", "0001.jpg"), ("anglo", "0002.jpg"), ("plastic", "0089.jpg"), ("plastic", "0110.jpg")]


def washed_out(frame: np.ndarray) -> np.ndarray:
    """``frame`` with its contrast taken to 0.4 about mid-grey, lifted a little (a camera's contrast
    setting turned down)."""
    return np.clip((frame.astype(np.float32) - 128) * 0.4 + 150, 0, 255).astype(np.uint8)


@pytest.fixture(scope="module")
def readers():
    return shipped_readers()


@pytest.mark.parametrize("deck,name", FRAMES)
def test_a_frame_at_0_4_of_its_contrast_reads_the_cards_it_reads_at_full_contrast(readers, deck, name):
    rec = readers[deck]
    frame = cv2.imread(str(CARDS / "test" / deck / name))
    pale = washed_out(frame)
    assert np.percentile(pale.min(axis=2), 0.3) >= 0.45 * np.percentile(pale.max(axis=2), 99.5)
    assert_reads_as_unaltered(rec, deck, name, frame, pale)


def test_a_frame_with_its_black_is_left_as_it_is():
    """Every shared test frame shows pixels under :data:`WASHED_OUT` of its paper: none is stretched."""
    from dealer_assist.vision.light import contrast_table, frame_levels

    if not (CARDS / "test").is_dir():
        pytest.skip("shared card images not found")
    for deck in ("anglo", "plastic"):
        for path in sorted((CARDS / "test" / deck).glob("*.jpg"))[::10]:
            top, black = frame_levels(cv2.imread(str(path)))
            assert contrast_table(top, black, Profile.load(SHIPPED / deck).paper_colour) is None, path.name
