"""A zoned camera's card comes to rest in the same box at any frame rate (a card held until it lies still, see
:mod:`dealer_assist.sources.resting_zone`).

A card was taken as lying still once it moved less than 4% of its diagonal between two frames read: a 60 fps
camera's card sliding at 600 px/s from the Banker's box into the Player's moved half as far a frame and was
given the Banker's box it was crossing (a stream sending each frame twice: it did not move at all between
them), so the Player's card went to the Banker's hand.  Frames drawn from the shared anglo set-up shots (see
:mod:`sliding_deal`), read by ``watch --zones`` as frames of a 30 or 60 fps source.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import cv2
import pytest

from sliding_deal import CALIB, _card, _lay

#: The Player's box on the left half of the layout, the Banker's on the right (as test_camera_zones.py's).
ZONES = {"zones": {"player": [0.0, 0.4, 0.5, 1.0], "banker": [0.5, 0.4, 1.0, 1.0]}}
SPEED = 600  # px a second, the K♦ slid from x 900 (the Banker's box) to x 480 (the Player's)


def _slide(folder: Path, fps: int, copies: int) -> Path:
    """The 9♠ lying in the Player's box; the K♦ slid from the Banker's box into it and left there: ``fps``
    frames a second, each sent ``copies`` times."""
    folder.mkdir()
    felt = cv2.imread(str(CALIB / "AS.png"))
    if felt is None:
        pytest.skip("shared card images not found")
    felt[:] = felt[5, 5]
    _lay(felt, _card("9S"), 300, 470, 0)
    kd, frames = _card("KD"), []
    steps = round((900 - 480) / SPEED * fps)
    for i in range(steps + 1):
        frame = felt.copy()
        _lay(frame, kd, 900 - (900 - 480) * i / steps, 470, 0, motion=round(SPEED / fps / 2))
        frames.append(frame)
    rested = felt.copy()
    _lay(rested, kd, 480, 470, 0)
    frames = [felt] * round(0.3 * fps) + frames + [rested] * fps
    for n, image in enumerate(image for image in frames for _ in range(copies)):
        cv2.imwrite(str(folder / f"{n:05d}.png"), image)
    return folder


@pytest.mark.parametrize("fps, copies", [(30, 1), (60, 1), (30, 2)])
def test_a_card_slid_across_the_other_box_is_given_the_box_it_rests_in_at_any_frame_rate(tmp_path, fps, copies):
    (tmp_path / "zones.json").write_text(json.dumps(ZONES))
    out = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "watch", "--profile", "anglo", "--json",
                          "--fps", str(fps * copies), "--zones", str(tmp_path / "zones.json"),
                          "--video", str(_slide(tmp_path / "frames", fps, copies))],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    lines = [(line["card"], line["zone"]) for line in map(json.loads, out.stdout.splitlines())]
    assert lines == [("9S", "player"), ("KD", "player")], f"at {fps * copies} fps, each frame sent {copies} time(s)"
