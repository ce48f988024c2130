"""A portrait screen's window opens on the whole screen, laid out portrait (qaQ F14: on 1080x1920 it opened
1080 wide and some 560 high, 70% of the screen black until F11).  The real command, on Qt's offscreen
platform given a portrait screen; the screenshot's size is the window's."""

from __future__ import annotations

import json
import os
import struct
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("game", ["baccarat", "blackjack"])
def test_a_portrait_screen_opens_a_portrait_window(tmp_path, game):
    screens = tmp_path / "screens.json"
    screens.write_text(json.dumps({"screens": [{"name": "portrait", "x": 0, "y": 0, "width": 1080, "height": 1920,
                                               "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}))
    shot = tmp_path / "shot.png"
    env = dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM=f"offscreen:configfile={screens}",
               HOME=str(tmp_path), XDG_DATA_HOME=str(tmp_path / "data"))
    done = subprocess.run([sys.executable, "-m", "dealer_assist", "run", "--game", game, "--source", "manual",
                           "--journal", str(tmp_path / "j.sqlite"), "--quit-after", "1", "--screenshot", str(shot)],
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    width, height = struct.unpack(">II", shot.read_bytes()[16:24])  # the PNG header's size
    assert (width, height) == (1080, 1920)
