"""``python -m dealer_assist.ui.blackjack.screenshot`` (the docs' blackjack pictures) has a real command line and
says when the picture was not written (qaAG F19: ``--help`` was taken as the path, printed as saved, and
nothing was written).  A real subprocess, Qt offscreen."""

from __future__ import annotations

import os
import struct
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _script(cwd, *args):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen",
           "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)}
    return subprocess.run([sys.executable, "-m", "dealer_assist.ui.blackjack.screenshot", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=120, env=env)


def test_help_is_help(tmp_path):
    proc = _script(tmp_path, "--help")
    assert proc.returncode == 0 and proc.stdout.startswith("usage: python -m dealer_assist.ui.blackjack.screenshot")
    assert "--crowded" in proc.stdout and list(tmp_path.iterdir()) == []


def test_an_unknown_option_is_refused(tmp_path):
    proc = _script(tmp_path, "--crowdd")
    assert proc.returncode == 2 and "unrecognized arguments: --crowdd" in proc.stderr and proc.stdout == ""


@pytest.mark.parametrize("name, said", [
    ("shot.txt", "shot.txt: save the picture as one of .png"),
    ("folder.png", "folder.png: the picture could not be written there (a folder of that name"),
])
def test_a_picture_not_written_is_not_said_saved(tmp_path, name, said):
    (tmp_path / "folder.png").mkdir()
    proc = _script(tmp_path, name)
    assert proc.returncode == 1 and said in proc.stderr and "saved" not in proc.stdout
    assert not (tmp_path / "shot.txt").exists()


def test_the_picture_is_saved_at_its_size(tmp_path):
    proc = _script(tmp_path, "pics/bj.png")
    picture = tmp_path / "pics" / "bj.png"
    assert proc.returncode == 0 and proc.stdout.strip() == "saved pics/bj.png (1920x1080)"
    header = picture.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", header[16:24]) == (1920, 1080)
