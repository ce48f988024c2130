"""The camera's last windows counted in frames are seconds too: the same scene at 15, 30 and 60 fps gives the same
events.

The picture was said too dark once 30 frames in a row were: a second at 30 fps, half a second at 60, so a hand
passing 0.8 s over a 60 fps camera's lens raised CAMERA TOO DARK (and ``watch`` exited 1), while a 15 fps
camera's lens capped 1.5 s said nothing.  A still table was read again every 10 frames skipped: a 60 fps
camera read it twice as often as a 30 fps one, a 15 fps one half as often.  Frames drawn from the shared anglo
set-up shots (see :mod:`smudged_deal`), read by ``watch`` as frames of a source at the rate given (their
times from the frame rate).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.vision.capture import FrameGrabber
from dealer_assist.vision.profile import Profile, default_profile_path
from dealer_assist.vision.track import NewCard
from dealer_assist.vision.watch import WatchCost, watch
from smudged_deal import _place, card_image, felt


def _layout() -> np.ndarray:
    image = felt()
    _place(image, card_image("KD"), 900, 470, 0)
    _place(image, card_image("9S"), 300, 470, 0)
    return image


def _write(folder: Path, frames: list) -> Path:
    folder.mkdir()
    for n, image in enumerate(frames):
        cv2.imwrite(str(folder / f"{n:05d}.png"), image)
    return folder


def _watch_cli(folder: Path, fps: int) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "dealer_assist.cli", "watch", "--profile", "anglo", "--json",
                           "--fps", str(fps), "--video", str(folder)], capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("fps", [15, 30, 60])
def test_a_lens_covered_under_a_second_is_not_said_too_dark_and_a_longer_one_is_at_any_frame_rate(tmp_path, fps):
    lit = _layout()
    dark = (lit.astype(np.float32) * 0.15).astype(np.uint8)
    k = fps / 30
    said = {}
    for seconds in (0.8, 1.5):
        frames = [lit] * round(10 * k) + [dark] * round(seconds * fps) + [lit] * round(10 * k)
        out = _watch_cli(_write(tmp_path / f"{seconds}", frames), fps)
        cards = [line["card"] for line in map(json.loads, out.stdout.splitlines())]
        assert cards == ["9S", "KD"] or cards == ["KD", "9S"], f"{seconds} s dark at {fps} fps: {out.stdout}"
        said[seconds] = (out.stderr.count("the picture is too dark: "), out.returncode)
    assert said == {0.8: (0, 0), 1.5: (1, 1)}, f"at {fps} fps"


def _reads(profile: Profile, folder: Path, fps: int) -> tuple[list, int]:
    cost = WatchCost()
    grabber = FrameGrabber(str(folder), drop=False, fps=fps).start()
    try:
        events = [e.card.code for e, _ in watch(profile, grabber, cost=cost) if isinstance(e, NewCard)]
    finally:
        grabber.stop()
    return events, cost.read


def test_a_still_table_is_read_again_as_often_at_any_frame_rate(tmp_path):
    """Two cards lying still for 4 s: read again every third of a second (every 11th frame at 30 fps)."""
    profile = Profile.load(default_profile_path())
    lit = _layout()
    seen = {}
    for fps in (15, 30, 60):
        seen[fps] = _reads(profile, _write(tmp_path / str(fps), [lit] * (4 * fps)), fps)
    assert {fps: sorted(events) for fps, (events, _) in seen.items()} == {fps: ["9S", "KD"] for fps in seen}
    reads = {fps: read for fps, (_, read) in seen.items()}
    assert 4 * 30 // 11 <= reads[30] <= 4 * 30 // 11 + 3, reads
    assert all(abs(read - reads[30]) <= 1 for read in reads.values()), f"reads at 15, 30, 60 fps: {reads}"
