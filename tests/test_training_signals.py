"""An exam ended by SIGTERM, or by SIGHUP (its terminal closed), is stored as "not finished" like Ctrl+C.

Real processes and real signals: the text trainer answering on a pipe, the text trainer on a real
terminal (a pty) that is closed, and the trainer window (offscreen Qt) answering through itself
(tests/trainer_window_child.py).
"""

from __future__ import annotations

import json
import os
import pty
import select
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from child_output import rest_of_output
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
        out, err = rest_of_output(proc, timeout=60)  # not communicate(): it misses what the loop buffered
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


def test_closing_the_terminal_of_a_text_exam_stores_it_as_not_finished(tmp_path):
    """The closed terminal fails the trainer's reads and writes (EIO) before its SIGHUP comes."""
    store = tmp_path / "hup.json"
    env = _env(tmp_path)
    pid, fd = pty.fork()
    if pid == 0:  # the child: the trainer on the pty as its terminal
        os.execve(sys.executable, CLI + ["train", "--text", "--exam", "--store", str(store), "--trainee", "eve"],
                  env)
    seen = b""

    def wait_for(token: bytes) -> None:
        nonlocal seen
        while token not in seen:
            ready, _, _ = select.select([fd], [], [], 30)
            assert ready, seen[-300:]
            seen += os.read(fd, 4096)
        seen = seen[seen.index(token) + len(token):]

    try:
        for _ in range(3):
            wait_for(b"]: ")
            os.write(fd, b"P\n")
            wait_for(b"Recorded.")
        wait_for(b"]: ")
    finally:
        os.close(fd)  # the terminal window closed
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 128 + signal.SIGHUP
    _stored_unfinished(store, 3)
