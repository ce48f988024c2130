"""Decks printing the index at all four corners: told at calibration, never placed from glyphs alone."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.vision.calibrate import calibrate

CALIB = Path(__file__).resolve().parents[2] / "shared" / "cards" / "calib" / "anglo"
pytestmark = pytest.mark.skipif(not CALIB.is_dir(), reason="shared card images not found")


@pytest.fixture(scope="module")
def four_index_shots(tmp_path_factory) -> Path:
    """The anglo set-up shots with each card's top-left index also printed, upright, at its top-right."""
    out = tmp_path_factory.mktemp("four")
    cards = json.loads((CALIB / "calib.json").read_text())["cards"]
    for code, entry in cards.items():
        image = cv2.imread(str(CALIB / entry["file"]))
        (x0, y0), (x1, y1) = np.floor(np.min(entry["index_boxes"][0], axis=0)).astype(int), \
            np.ceil(np.max(entry["index_boxes"][0], axis=0)).astype(int)
        tl, tr = np.array(entry["corners"][0]), np.array(entry["corners"][1])
        shift = int(round(tr[0] - tl[0] - (x1 - x0) - 2 * (x0 - tl[0])))
        image[y0:y1, x0 + shift:x1 + shift] = image[y0:y1, x0:x1].copy()
        cv2.imwrite(str(out / entry["file"]), image)
    return out


def test_an_index_at_every_corner_is_told_from_one_at_two(four_index_shots):
    assert calibrate(four_index_shots, self_test=False).index_corners == 4
    assert calibrate(CALIB, self_test=False).index_corners == 2
