"""Calibration warns when the set-up shots leave the card stock no room to get brighter."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.vision.light import NO_HEADROOM, leaves_no_headroom

CARDS = Path(__file__).resolve().parents[2] / "shared" / "cards"
SHOTS = ("AS", "7H", "KD", "2C")


def calibrate_json(folder: Path, out: Path) -> dict:
    run = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "calibrate", "--images", str(folder),
                          "--out", str(out), "--json", "--allow-missing"], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    summary = json.loads(run.stdout)
    summary["warnings"] = [w for w in summary["warnings"] if "never seen" not in w]  # four shots: most ranks unseen
    return summary


def shots_at(tmp_path: Path, name: str, gain: float) -> Path:
    folder = tmp_path / name
    folder.mkdir()
    for code in SHOTS:
        image = cv2.imread(str(CARDS / "calib" / "anglo" / f"{code}.png")).astype(np.float32)
        cv2.imwrite(str(folder / f"{code}.png"), np.clip(image * gain + 0.5, 0, 255).astype(np.uint8))
    return folder


@pytest.mark.skipif(not (CARDS / "calib" / "anglo").is_dir(), reason="needs ../shared/cards")
def test_clipped_stock_is_warned_of_and_stock_with_room_is_not(tmp_path):
    bright = calibrate_json(shots_at(tmp_path, "bright", 1.2), tmp_path / "p1")
    assert len(bright["warnings"]) == 1
    warning = bright["warnings"][0]
    assert "exposure" in warning and f"below {NO_HEADROOM}" in warning and "set-up shots again" in warning
    lowered = calibrate_json(shots_at(tmp_path, "lowered", 0.88), tmp_path / "p2")
    assert lowered["warnings"] == []
    # The profile written says why: its paper is past the headroom in the one, within it in the other.
    p1 = json.loads((tmp_path / "p1" / "profile.json").read_text())["paper_colour"]
    p2 = json.loads((tmp_path / "p2" / "profile.json").read_text())["paper_colour"]
    assert max(p1) >= NO_HEADROOM > max(p2)


def test_headroom_is_the_brightest_channel():
    assert leaves_no_headroom([200.0, 230.0, 251.0])  # warm stock whose red clips first
    assert not leaves_no_headroom([240.0, 243.0, 245.0])
    assert not leaves_no_headroom([])  # a profile made before the paper's colour was kept
