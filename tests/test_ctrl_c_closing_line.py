"""Ctrl+C ends ``watch`` and ``calibrate`` with a closing line: watch had exited 130 with no count of the
frames and cards on stderr, and calibrate in silence, its old profile intact but not said so (QA).  Real
SIGINTs at real commands, on the shared video and set-up shots."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from child_output import rest_of_output
from dealer_assist.vision.profile import Profile
from conftest import ctrl_c_as_a_terminal

ROOT = Path(__file__).resolve().parents[1]
CARDS = ROOT.parent / "shared" / "cards"
VIDEO = CARDS / "test_shoe" / "anglo" / "baccarat.mp4"


def _start(*args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "dealer_assist.cli", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, preexec_fn=ctrl_c_as_a_terminal)


def test_ctrl_c_during_watch_says_what_was_watched(tmp_path):
    if not VIDEO.is_file():
        pytest.skip("shared shoe video not found")
    proc = _start("watch", "--profile", "anglo", "--json", "--every-frame", "--video", str(VIDEO))
    first = proc.stdout.readline()  # the 9♦, at frame 24: the watch is under way
    assert first.startswith('{"card": "9D"')
    proc.send_signal(signal.SIGINT)
    # The rest read through the same buffered pipe: communicate() would miss the card lines readline() had
    # already buffered (the watch runs on between the 9♦ and the SIGINT).
    out, err = rest_of_output(proc, timeout=60)
    assert proc.returncode == 130
    said = re.search(r"^dealer-assist: interrupted \(Ctrl\+C\) after \d+ frame\(s\) watched, (\d+) card", err, re.M)
    assert said, err
    assert "Traceback" not in err
    lines = [json.loads(line) for line in (first + out).splitlines()]  # each whole: printed and flushed at once
    assert len([line for line in lines if line["card"]]) == int(said.group(1)), (lines, err)


def test_ctrl_c_during_calibrate_says_the_old_profile_is_unchanged(tmp_path):
    shots = CARDS / "calib" / "anglo"
    if not shots.is_dir():
        pytest.skip("shared set-up shots not found")
    out_dir = Profile.load(ROOT / "calibration" / "anglo").save(tmp_path / "mine")
    before = (out_dir / "profile.json").read_bytes()
    proc = _start("calibrate", "--images", str(shots), "--out", str(out_dir))
    time.sleep(6)  # well into reading the shots (the whole takes half a minute and more)
    assert proc.poll() is None
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert f"interrupted (Ctrl+C): no profile written; the old profile {str(out_dir)!r} (deck 'anglo') is unchanged" in err
    assert (out_dir / "profile.json").read_bytes() == before
