"""An image file whose header claims more pixels than OpenCV decodes (a 9 KB PNG that says 60000x60000):
cv2.imread raises for it rather than give None, and it crashed recognize and calibrate with a traceback
and ended watch in silence, exit 0, the frames after it lost (QA).  Each now names it and goes on."""

from __future__ import annotations

import json
import shutil
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

CARDS = Path(__file__).resolve().parents[2] / "shared" / "cards"
FRAME = CARDS / "test" / "anglo" / "0000.jpg"


def bomb(path: Path) -> Path:
    """A small, well-formed PNG whose header says 60000x60000 pixels."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", 60000, 60000, 8, 2, 0, 0, 0)
    rows = zlib.compress(b"\0" * (60000 * 3 + 1) * 4)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", rows) + chunk(b"IEND", b""))
    return path


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "dealer_assist.cli", *args], capture_output=True, text=True,
                          timeout=300)


def test_recognize_and_watch_pass_over_an_image_claiming_too_many_pixels(tmp_path):
    if not FRAME.is_file():
        pytest.skip("shared test frames not found")
    out = run("recognize", "--profile", "anglo", str(bomb(tmp_path / "bomb.png")), str(FRAME), "--json")
    assert "Traceback" not in out.stderr and "bomb.png" in out.stderr
    first, second = (json.loads(line) for line in out.stdout.splitlines())
    assert "error" in first and len(second["cards"]) >= 4
    frames = tmp_path / "frames"
    frames.mkdir()
    bomb(frames / "0000.png")
    for n in (1, 2, 3):
        shutil.copy(FRAME, frames / f"000{n}.jpg")
    out = run("watch", "--profile", "anglo", "--video", str(frames), "--json")
    assert "Traceback" not in out.stderr and "0000.png" in out.stderr and "3 frame(s) watched" in out.stderr
    assert len(out.stdout.splitlines()) >= 4  # the frames after it are read: their cards reported


def test_calibrate_names_a_shot_claiming_too_many_pixels(tmp_path):
    shots = CARDS / "calib" / "anglo"
    if not shots.is_dir():
        pytest.skip("shared set-up shots not found")
    folder = tmp_path / "shots"
    shutil.copytree(shots, folder)
    (folder / "7H.jpg").unlink(missing_ok=True)
    for old in folder.glob("7H.*"):
        old.unlink()
    bomb(folder / "7H.png")
    out = run("calibrate", "--images", str(folder), "--out", str(tmp_path / "profile"), "--allow-missing")
    assert "Traceback" not in out.stderr and "7H.png: not a readable image" in out.stdout + out.stderr
