"""Finding the card of a set-up shot when little of it is white paper (a court picture to the edge)."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.vision.calibrate import find_card

CALIB = Path(__file__).resolve().parents[2] / "shared" / "cards" / "calib" / "anglo"
pytestmark = pytest.mark.skipif(not CALIB.is_dir(), reason="shared card images not found")


def _shot_with_picture(code: str, ring: bool) -> tuple[np.ndarray, np.ndarray]:
    """A real set-up shot whose card is painted over, index corners aside, with a
    dark saturated picture (as some decks' court cards are); optionally a printed ring touching it."""
    image = cv2.imread(str(CALIB / f"{code}.png"))
    quad = np.array(json.loads((CALIB / "calib.json").read_text())["cards"][code]["corners"])
    tl, tr, br, bl = quad

    def at(u: float, v: float) -> np.ndarray:
        return tl + u * (tr - tl) + v * (bl - tl)

    # The picture runs to both long edges: the white paper left is two bands, neither card-shaped.
    picture = np.int32([at(0.0, 0.25), at(0.3, 0.12), at(1.0, 0.12), at(1.0, 0.75), at(0.7, 0.88), at(0.0, 0.88)])
    cv2.fillPoly(image, [picture], (30, 20, 150))
    if ring:
        centre = br + np.array([120.0, -60.0])  # the ring passes a few pixels from the corner
        cv2.circle(image, tuple(int(v) for v in centre), 125, (200, 215, 215), 2, cv2.LINE_AA)
    return image, quad


@pytest.mark.parametrize("ring", [False, True])
def test_a_card_with_a_picture_to_its_edge_is_found_at_its_corners(ring):
    image, quad = _shot_with_picture("KH", ring)
    found, why = find_card(image)
    assert found is not None, why
    assert np.max(np.linalg.norm(found - quad, axis=1)) < 6.0


def test_felt_alone_is_still_no_card():
    image = cv2.imread(str(CALIB / "KH.png"))
    quad = np.array(json.loads((CALIB / "calib.json").read_text())["cards"]["KH"]["corners"])
    felt = tuple(int(v) for v in image[10, 10])
    cv2.fillPoly(image, [np.int32(quad).reshape(-1, 1, 2)], felt)
    cv2.polylines(image, [np.int32(quad).reshape(-1, 1, 2)], True, felt, 9)
    found, why = find_card(image)
    assert found is None and why.startswith("card not found")


def test_a_shot_too_small_for_a_card_says_so_instead_of_failing():
    # A camera's broken frame in the guided set-up, or a stub file in --images: one pixel
    # made the mask's resize raise.
    for shape in ((1, 1, 3), (10, 3000, 3)):
        found, why = find_card(np.zeros(shape, np.uint8))
        assert found is None and "too small to hold a card" in why and f"{shape[1]} x {shape[0]}" in why


def test_a_whole_card_whose_dark_print_runs_to_its_edge_is_not_said_cut_by_the_frame():
    """QA: 16 whole set-up shots of a deck with big black pips (Debian's tango_nuevo, its 4♠'s pip running
    to the card's lower edge) were refused "card not found (... covered or cut by the frame?)"."""
    image = cv2.imread(str(Path(__file__).parent / "images" / "tango_nuevo_4S_big_pip_setup.jpg"))
    quad, why = find_card(image)
    assert quad is None and why.startswith("card not found")
    assert "cut by the frame" not in why and "dark print run to its edge" in why
    quad, why = find_card(image[:, 130:])  # the same card cut by the frame's edge
    assert quad is None and "covered or cut by the frame?" in why
