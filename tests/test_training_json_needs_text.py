"""``train --json`` without ``--text`` (or ``--progress``) is refused before any window opens (qaAN F8): it
opened the window, ran the session and exited 0 with nothing on stdout, where the option says "print JSON
only".  Run with no display at all: a window that opened would fail otherwise."""

from __future__ import annotations

import os
import subprocess
import sys

CLI = [sys.executable, "-m", "dealer_assist.cli"]


def _train(tmp_path, *args, timeout=20):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env.update(XDG_DATA_HOME=str(tmp_path / "data"), QT_QPA_PLATFORM="offscreen")
    return subprocess.run(CLI + ["train", *args], capture_output=True, text=True, env=env, timeout=timeout,
                          stdin=subprocess.DEVNULL)


def test_json_without_text_is_refused_naming_text(tmp_path):
    done = _train(tmp_path, "--json", "--no-save", "--drill", "third-card", "--cases", "2")
    assert done.returncode != 0 and done.stdout == ""
    assert "--json" in done.stderr and "--text --json" in done.stderr and "nothing was asked" in done.stderr
    assert not (tmp_path / "data").exists() or not any((tmp_path / "data").rglob("training.json"))


def test_json_with_text_or_progress_is_taken(tmp_path):
    done = _train(tmp_path, "--progress", "--json")
    assert done.returncode == 0 and done.stdout.lstrip().startswith("{")
    done = subprocess.run(CLI + ["train", "--text", "--json", "--no-save", "--drill", "third-card", "--cases", "1",
                                 "--seed", "3"], input="q\n", capture_output=True, text=True, timeout=60,
                          env={**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")})
    assert done.stdout.lstrip().startswith("{") and '"event"' in done.stdout
