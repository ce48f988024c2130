"""``--size`` of ``run`` and ``replay`` is refused above an 8K screen's pixels (or 16384 a side) as it is below
320x240 (qaAG F18: 99999x99999 opened a window Qt could not paint, stderr flooded with QPainter errors, exit 0);
a screen turned to portrait or a wall of screens is taken (rev27 F4)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from dealer_assist.commands.display import _size
from dealer_assist.commands.output import CommandError


@pytest.mark.parametrize("text, pixels", [("7681x4320", "33,181,920"), ("4321x7680", "33,185,280"),
                                          ("15360x4320", "66,355,200")])
def test_a_size_with_more_pixels_than_any_screen_is_refused(text, pixels):
    with pytest.raises(CommandError, match=f"--size {text} is larger than any screen: {pixels} pixels, at most "
                                           r"33,177,600 \(an 8K screen's, 7680x4320 or 4320x7680 turned\)"):
        _size(text)


@pytest.mark.parametrize("text", ["99999x99999", "19200x1080", "320x16385"])
def test_a_side_longer_than_any_screens_is_refused(text):
    with pytest.raises(CommandError, match=f"--size {text} is wider or taller than any screen or wall of screens: "
                                           "at most 16384 pixels a side"):
        _size(text)


@pytest.mark.parametrize("text, size", [("7680x4320", (7680, 4320)), ("320x240", (320, 240)),
                                        ("1920X1080", (1920, 1080)),
                                        # rev27 F4: an 8K and a 5K screen turned to portrait, a wall of three 4K
                                        ("4320x7680", (4320, 7680)), ("2880x5120", (2880, 5120)),
                                        ("11520x2160", (11520, 2160)), ("16384x1080", (16384, 1080))])
def test_the_sizes_between_are_taken(text, size):
    assert _size(text) == size


@pytest.mark.parametrize("command", ["run", "replay"])
def test_run_and_replay_refuse_it_before_anything_opens(tmp_path, command):
    journal = tmp_path / "j.sqlite"
    where = [str(journal)] if command == "replay" else ["--journal", str(journal)]
    proc = subprocess.run([sys.executable, "-m", "dealer_assist.cli", command, *where, "--size", "99999x99999",
                           "--quit-after", "1"], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert proc.returncode == 2 and "QPainter" not in proc.stderr
    assert proc.stderr.strip() == ("dealer-assist: error: --size 99999x99999 is wider or taller than any screen or "
                                   "wall of screens: at most 16384 pixels a side; e.g. 1920x1080")
    assert not journal.exists()


@pytest.mark.parametrize("text, faults", [("20000x100", "too wide and too short"),
                                          ("100x20000", "too tall and too narrow")])
def test_a_size_too_small_one_way_and_too_large_the_other_names_both(text, faults):
    """qaAV F8: 20000x100 was "too small: at least 320x240", and 20000x240 then refused as too wide."""
    with pytest.raises(CommandError, match=f"--size {text} is {faults}: at least 320x240 and at most 16384 "
                                           "pixels a side"):
        _size(text)
