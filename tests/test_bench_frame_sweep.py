"""The robustness sweep's changed frames: each truth point moves with the image, so a card read right
in the changed frame is counted right, and a bad change is refused by name."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from bench_scripts import load

frame_sweep = load("frame_sweep")

#: Marker spots (x, y) on a 64x40 test frame: far from its centre and from each other.
SPOTS = [(5.0, 7.0), (50.0, 9.0), (20.0, 31.0)]


def _frame_with_spots(folder):
    """A frame of grey with one bright spot at each of SPOTS, and a truth naming one card at them."""
    folder.mkdir()
    image = np.full((40, 64, 3), 60, np.uint8)
    for x, y in SPOTS:
        image[int(y), int(x)] = (250, 250, 250)
    cv2.imwrite(str(folder / "0000.png"), image)
    card = {"card": "AS", "corners": [list(p) for p in SPOTS] + [[40.0, 30.0]], "center": list(SPOTS[0]),
            "index_visible": True}
    (folder / "truth.json").write_text(json.dumps({"deck": "t", "frames": [{"file": "0000.png", "cards": [card]}]}))
    return folder


@pytest.mark.parametrize("spec", ["turn:90", "turn:180", "turn:270", "scale:2", "gain:0.6", "gamma:1.5"])
def test_each_truth_point_lands_on_its_own_spot_in_the_changed_frame(tmp_path, spec):
    out = frame_sweep.changed_frames(_frame_with_spots(tmp_path / "src"), spec, tmp_path / "out")
    truth = json.loads((out / "truth.json").read_text())
    frame = truth["frames"][0]
    image = cv2.imread(str(out / frame["file"]), cv2.IMREAD_GRAYSCALE)
    card = frame["cards"][0]
    background = int(np.median(image))
    for x, y in card["corners"][:3] + [card["center"]]:
        xi, yi = int(round(x)), int(round(y))
        around = image[max(yi - 1, 0):yi + 2, max(xi - 1, 0):xi + 2]
        assert around.max() > background + 40, f"{spec}: no spot at the truth point ({x}, {y})"
    # The spots stay where the truth says and nowhere else: as many bright places as spots.
    n, _ = cv2.connectedComponents((image > background + 40).astype(np.uint8))
    assert n - 1 == len(SPOTS)


def test_a_turn_makes_a_portrait_frame_and_a_scale_a_bigger_one(tmp_path):
    src = _frame_with_spots(tmp_path / "src")
    turned = frame_sweep.changed_frames(src, "turn:90", tmp_path / "turned")
    scaled = frame_sweep.changed_frames(src, "scale:1.5", tmp_path / "scaled")
    assert cv2.imread(str(turned / "0000.png")).shape[:2] == (64, 40)
    assert cv2.imread(str(scaled / "0000.png")).shape[:2] == (60, 96)


def test_gain_and_gamma_change_the_levels_as_named(tmp_path):
    src = _frame_with_spots(tmp_path / "src")
    dim = cv2.imread(str(frame_sweep.changed_frames(src, "gain:0.5", tmp_path / "dim") / "0000.png"))
    dark = cv2.imread(str(frame_sweep.changed_frames(src, "gamma:2", tmp_path / "dark") / "0000.png"))
    assert dim[0, 0, 0] == 30 and dim[7, 5, 0] == 125
    assert dark[0, 0, 0] == round(255 * (60 / 255) ** 2)


def test_warm_light_takes_from_blue_and_cold_from_red_brightening_nothing(tmp_path):
    src = _frame_with_spots(tmp_path / "src")
    before = cv2.imread(str(src / "0000.png")).astype(int)
    warm = cv2.imread(str(frame_sweep.changed_frames(src, "warm:1.44", tmp_path / "warm") / "0000.png")).astype(int)
    cold = cv2.imread(str(frame_sweep.changed_frames(src, "warm:0.64", tmp_path / "cold") / "0000.png")).astype(int)
    b, g, r = before[7, 5]
    assert tuple(warm[7, 5]) == (round(b / 1.44), round(g / 1.2), r)
    assert tuple(cold[7, 5]) == (b, round(g * 0.8), round(r * 0.64))
    assert (warm <= before).all() and (cold <= before).all()


@pytest.mark.parametrize("spec, words", [("zoom:2", "unknown kind"), ("turn:45", "90, 180 or 270"),
                                         ("scale:x", "no number"), ("gain:0", "between"),
                                         ("warm:9", "between 0.25 and 4")])
def test_a_bad_change_is_refused_naming_it(spec, words):
    with pytest.raises(frame_sweep.ChangeError, match=words) as info:
        frame_sweep.parse_change(spec)
    assert spec in str(info.value)
