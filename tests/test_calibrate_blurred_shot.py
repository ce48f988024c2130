"""qaAS F6: calibrate named a blurred set-up shot's fault as the deck's layout.

qaAS's 9S shot, blurred by a Gaussian of sigma 6, was reported "index not found (no suit below the rank in
the corner)", which reads as a deck printing no suit there.  calibrate now measures how steeply the card's
outline rises from the felt to the paper, and names the blur for a blurred shot; a sharp shot whose index
is not found keeps the layout's reason.  The shots are the shared plastic deck's real set-up photos.
"""

from __future__ import annotations

import shutil

import cv2
import pytest

from dealer_assist.vision.calibrate import calibrate, find_card, sharpness
from frame_truth import CARDS

PLASTIC = CARDS / "calib" / "plastic"
CODES = ["AS", "2H", "3C", "4D", "5S", "6H", "7C", "8D", "9S", "10H", "JC", "QD", "KS", "9C"]


@pytest.fixture(scope="module")
def shots():
    if not PLASTIC.is_dir():
        pytest.skip("shared card images not found")
    return {code: cv2.imread(str(PLASTIC / f"{code}.png")) for code in CODES}


def test_sharp_shots_are_far_sharper_than_a_blurred_one(shots):
    for image in shots.values():
        assert sharpness(image, find_card(image)[0]) > 0.4
    blurred = cv2.GaussianBlur(shots["9S"], (0, 0), 6)
    assert sharpness(blurred, find_card(blurred)[0]) < 0.1


def test_a_blurred_shot_is_named_blurred_and_a_sharp_one_keeps_the_layouts_reason(shots, tmp_path):
    for code in CODES:
        shutil.copy(PLASTIC / f"{code}.png", tmp_path / f"{code}.png")
    cv2.imwrite(str(tmp_path / "9S.png"), cv2.GaussianBlur(shots["9S"], (0, 0), 6))
    # 9C, sharp, its print painted over with its paper, the middle pip left: no index anywhere.
    nine = shots["9C"].copy()
    quad = find_card(nine)[0]
    (x0, y0), (x1, y1) = quad.min(axis=0).astype(int), quad.max(axis=0).astype(int)
    paper = [int(v) for v in nine[(y0 + y1) // 2 - 2, x0 + 6]]
    middle = nine[(y0 + y1) // 2 - 25:(y0 + y1) // 2 + 25, (x0 + x1) // 2 - 25:(x0 + x1) // 2 + 25].copy()
    cv2.rectangle(nine, (x0 + 5, y0 + 5), (x1 - 5, y1 - 5), paper, cv2.FILLED)
    nine[(y0 + y1) // 2 - 25:(y0 + y1) // 2 + 25, (x0 + x1) // 2 - 25:(x0 + x1) // 2 + 25] = middle
    cv2.imwrite(str(tmp_path / "9C.png"), nine)
    profile = calibrate(tmp_path, allow_missing=True)
    assert "blurred" in profile.shots["9S.png"] and "in focus" in profile.shots["9S.png"]
    assert profile.shots["9C.png"].startswith("index not found") and "blurred" not in profile.shots["9C.png"]
