"""A trainee's sessions as the trainer's tests make them: a practice played through to its summary, and the
``train`` command run in a child process with a data folder of its own (the user's is never touched)."""

from __future__ import annotations

import os
import subprocess
import sys

from dealer_assist.training import Settings, ShoeFeed, TrainingSession

CLI = [sys.executable, "-m", "dealer_assist.cli"]


def practice(seed: int, cases: int = 2):
    """The summary of a practice of ``cases`` baccarat cases, every one answered right in a second."""
    session = TrainingSession(Settings(cases=cases), {"baccarat": ShoeFeed(8, seed)}, seed=seed)
    while not session.finished:
        case = session.next_case()
        session.submit(case, case.answers, 1.0)
    return session.summary()


def train(tmp_path, *args: str) -> subprocess.CompletedProcess:
    """``dealer-assist train ARGS`` run as a trainer runs it, its data folder under ``tmp_path``."""
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(CLI + ["train", *args], capture_output=True, text=True, env=env, timeout=60,
                          encoding="utf-8")
