"""A zoned camera's card slid across one box into another for over a second is given the box it comes to rest in.

A card held until it rested was given the box it lay in after 30 frames read, moving or not: a 9♠ read sharp as
it was slid for 1.5 s across the Player's box into the Banker's went to the Player's hand with no word (rev19 R8).
It now waits to rest up to 2 s (by the frames' times); one still moving then is given no box, and the croupier is
asked where it goes.  Frames drawn from the shared anglo set-up shots (see :mod:`smudged_deal`), read by
``watch --zones`` as frames of a 30 fps source.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import cv2

from dealer_assist.events import OUTSIDE_BOXES
from dealer_assist.sources.resting_zone import LONGEST, RestingZones
from dealer_assist.vision.layout_zones import LayoutZones
from smudged_deal import _place, card_image, felt

ZONES = {"zones": {"player": [0.05, 0.4, 0.48, 0.95], "banker": [0.52, 0.4, 0.95, 0.95]}}


def _watch(tmp_path: Path, frames: list) -> list:
    folder = tmp_path / "frames"
    folder.mkdir()
    for n, image in enumerate(frames):
        cv2.imwrite(str(folder / f"{n:05d}.png"), image)
    (tmp_path / "zones.json").write_text(json.dumps(ZONES))
    out = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "watch", "--profile", "anglo", "--json",
                          "--zones", str(tmp_path / "zones.json"), "--video", str(folder)],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    return [(line["card"], line["zone"]) for line in map(json.loads, out.stdout.splitlines())]


def _at(x: float):
    image = felt()
    _place(image, card_image("9S"), x, 480, 0)
    return image


def test_a_card_slid_a_second_and_a_half_across_the_player_box_goes_to_the_banker_box_it_rests_in(tmp_path):
    slide = [_at(100 + 15 * k) for k in range(46)]  # x 100 to 775: 45 frames, 1.5 s
    assert _watch(tmp_path, slide + [slide[-1]] * 40) == [("9S", "banker")]


def test_a_card_pushed_about_past_the_longest_wait_is_given_no_box_and_so_asked_for():
    made: list = []
    resting = RestingZones(LayoutZones.from_json(ZONES))
    assert resting.card("9S", (300.0, 480.0), 310.0, lambda z: made.append(z) or z) == []
    frames = round(LONGEST * 30)
    for k in range(1, frames):
        assert resting.frame((1280, 720), [("9S", (300.0 + 15 * (k % 20), 480.0))]) == []
    assert resting.frame((1280, 720), [("9S", (300.0 + 15 * (frames % 20), 480.0))]) == [None]
    assert "never came to rest" in OUTSIDE_BOXES
