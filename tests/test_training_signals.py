"""An exam ended by SIGTERM, or by SIGHUP (its terminal closed), is stored as "not finished" like Ctrl+C.

Real processes and real signals: the text trainer answering on a pipe, and the trainer window
(offscreen Qt) answering through itself (tests/trainer_window_child.py).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from dealer_assist.training.progress import ProgressStore

CLI = [sys.executable, "-m", "dealer_assist.cli"]
CHILD = Path(__file__).with_name("trainer_window_child.py")
SIGNALS = [signal.SIGTERM, signal.SIGHUP]


def _env(tmp_path):
    root = str(Path(__file__).resolve().parent.parent)
    return {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "PYTHONUNBUFFERED": "1",
            "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": os.pathsep.join(filter(None, [root, os.environ.get(
                "PYTHONPATH")]))}


def _stored_unfinished(store: Path, answered: int) -> dict:
    (entry,) = ProgressStore(store).sessions("eve")
    assert entry["exam"] is True and entry["complete"] is False and entry["passed"] is False
    assert entry["overall"]["cases"] == 40 and entry["overall"]["unanswered"] == 40 - answered
    return entry


@pytest.mark.parametrize("sig", SIGNALS, ids=lambda s: s.name)
def test_a_text_exam_killed_after_three_answers_is_stored_as_not_finished(tmp_path, sig):
    store = tmp_path / "kill.json"
    proc = subprocess.Popen(CLI + ["train", "--text", "--json", "--exam", "--store", str(store), "--trainee", "eve"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=_env(tmp_path))
    try:
        answered = 0
        for line in proc.stdout:
            event = json.loads(line)
            if event["event"] == "answer":
                answered += 1
            elif event["event"] == "case":
                if answered == 3:
                    break  # the fourth case is on screen, waiting for its answer
                proc.stdin.write(event["questions"][0]["choices"][0]["key"] + "\n")
                proc.stdin.flush()
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 128 + sig, err
    assert f"ended by {sig.name}" in err
    assert '"event": "summary"' in out
    _stored_unfinished(store, 3)
    shown = subprocess.run(CLI + ["train", "--progress", "--store", str(store)], capture_output=True, text=True,
                           env=_env(tmp_path), timeout=60)
    assert "not finished: 37 not answered" in shown.stdout


@pytest.mark.parametrize("sig", SIGNALS, ids=lambda s: s.name)
def test_the_trainer_window_killed_mid_exam_stores_it_as_not_finished(tmp_path, sig):
    store = tmp_path / "killwin.json"
    proc = subprocess.Popen([sys.executable, str(CHILD), "2", "--exam", "--store", str(store), "--trainee", "eve"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env(tmp_path))
    try:
        assert proc.stdout.readline().strip() == "answered 2", proc.stderr.read() if proc.poll() is not None else ""
        proc.send_signal(sig)
        proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 128 + sig
    _stored_unfinished(store, 2)
