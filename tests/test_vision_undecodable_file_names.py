"""A file whose name holds a byte the locale cannot decode (``carte_\\xe9.jpg``, written on a Latin-1 machine
and copied to a UTF-8 one) is read like any other: OpenCV's binding ended the whole process on such a name,
a segmentation fault with no message, in recognize, watch and calibrate alike.

Each command runs in a child process: a crash there is a failed test, not a lost test run."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import SHARED_CARDS

REPO = Path(__file__).resolve().parents[1]
PROFILE = REPO / "calibration" / "anglo"
NAME = b"carte_\xe9"

pytestmark = pytest.mark.skipif(not SHARED_CARDS.is_dir(), reason="needs ../shared/cards")


def run(*args: str | bytes) -> subprocess.CompletedProcess:
    env = {**os.environ, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-m", "dealer_assist", *args], capture_output=True, env=env, timeout=300)


def undecodable(folder: Path, suffix: str) -> Path:
    """A path in ``folder`` whose name is :data:`NAME` plus ``suffix``, as Python names it (a surrogate escape)."""
    return folder / os.fsdecode(NAME + suffix.encode())


def test_recognize_reads_an_image_whose_name_the_locale_cannot_decode(tmp_path):
    truth = json.loads((SHARED_CARDS / "test" / "anglo" / "truth.json").read_text())
    frame = truth["frames"][0]
    image = undecodable(tmp_path, ".jpg")
    shutil.copy(SHARED_CARDS / "test" / "anglo" / frame["file"], image)
    done = run("recognize", "--profile", str(PROFILE), os.fsencode(image), "--json")
    assert done.returncode == 0, (done.returncode, done.stderr[-600:])
    read = {card["card"].replace("T", "10") for card in json.loads(done.stdout)["cards"]}
    assert read == {card["card"] for card in frame["cards"]}, done.stdout[:600]


def test_watch_reads_a_video_whose_name_the_locale_cannot_decode(tmp_path):
    video = undecodable(tmp_path, ".mp4")
    shutil.copy(SHARED_CARDS / "test_shoe" / "anglo" / "baccarat.mp4", video)
    done = run("watch", "--profile", str(PROFILE), "--video", os.fsencode(video), "--json")
    assert done.returncode == 0, (done.returncode, done.stderr[-600:])
    events = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    expected = json.loads((SHARED_CARDS / "test_shoe" / "anglo" / "baccarat.json").read_text())
    assert len([e for e in events if "card" in e]) == len(expected["cards"]), done.stdout[-600:]


def test_calibrate_writes_a_profile_into_a_folder_whose_name_the_locale_cannot_decode(tmp_path):
    out = undecodable(tmp_path, "_profile")
    done = run("calibrate", "--images", str(SHARED_CARDS / "calib" / "anglo"), "--out", os.fsencode(out), "--json")
    assert done.returncode == 0, (done.returncode, done.stderr[-600:])
    assert (out / "profile.json").is_file()
    assert len(list(out.glob("rank_*.png"))) >= 13


def test_calibrate_chooses_between_two_shots_of_a_card_in_a_folder_whose_name_the_locale_cannot_decode(tmp_path):
    # Two shots of one card (AS.png, AS.jpg) make calibrate ask OpenCV which it can read, by the file's name (rev34 R5).
    shots = undecodable(tmp_path, "_calib")
    shutil.copytree(SHARED_CARDS / "calib" / "anglo", shots)
    (shots / "AS.jpg").write_bytes(b"not a picture")
    out = tmp_path / "profile"
    done = run("calibrate", "--images", os.fsencode(shots), "--out", str(out), "--json")
    assert done.returncode == 0, (done.returncode, done.stderr[-600:])
    assert (out / "profile.json").is_file()
    assert b"AS.jpg" in done.stdout
