"""Without --trainee a stored exam refuses to start and a practice says under which name it stores
(qaP F5: every nameless student's sessions, exams too, landed silently under "trainee")."""

from __future__ import annotations

import os
import subprocess
import sys


CLI = [sys.executable, "-m", "dealer_assist.cli"]


def test_a_stored_exam_without_a_trainee_is_refused_and_a_practice_says_its_name(tmp_path):
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    store = tmp_path / "p.json"
    exam = subprocess.run(CLI + ["train", "--text", "--exam", "--drill", "third-card", "--store", str(store)],
                          input="P\n", capture_output=True, text=True, env=env, timeout=60)
    assert exam.returncode != 0 and "give --trainee NAME" in exam.stderr and "nothing was asked" in exam.stderr
    assert exam.stdout == "" and not store.exists()
    # the window's exam is refused by the same command, before any window opens (no display needed)
    window = subprocess.run(CLI + ["train", "--exam", "--store", str(store)], capture_output=True, text=True,
                            env={**env, "DISPLAY": "", "WAYLAND_DISPLAY": "", "QT_QPA_PLATFORM": ""}, timeout=60)
    assert window.returncode != 0 and "give --trainee NAME" in window.stderr
    rehearsal = subprocess.run(CLI + ["train", "--text", "--exam", "--drill", "third-card", "--no-save",
                                      "--cases", "1"], input="P\n", capture_output=True, text=True, env=env,
                               timeout=60)
    assert rehearsal.returncode == 0 and "no --trainee" not in rehearsal.stderr
    practice = subprocess.run(CLI + ["train", "--text", "--drill", "third-card", "--cases", "1", "--store", str(store)],
                              input="P\n", capture_output=True, text=True, env=env, timeout=60)
    assert practice.returncode == 0, practice.stderr
    note = practice.stderr.split("no --trainee given", 1)[1]
    assert f"stored under 'trainee' in {store}" in note and "give --trainee NAME" in note
