"""How an exam was answered is stored and judged (qaAD F5): an exam answered by a program through
``train --text --json`` (60 lines of Python reading the printed hands) was listed as a plain PASSED, its 40
decisions at a median of 0.0 s with no remark, and a school could not require the window."""

from __future__ import annotations

import os
import subprocess
import sys

from dealer_assist.training import ProgressStore, Settings, ShoeFeed, TrainingSession

CLI = [sys.executable, "-m", "dealer_assist.cli"]


def _exam(seconds: float):
    session = TrainingSession(Settings(drills=("third-card",), exam=True, cases=40, minutes=None),
                              {"baccarat": ShoeFeed(8, None), "blackjack": ShoeFeed(1, None)})
    while not session.finished:
        case = session.next_case()
        session.submit(case, list(case.answers), seconds)
    return session.summary()


def _run(tmp_path, *args, stdin=""):
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    return subprocess.run(CLI + ["train", *args], input=stdin, capture_output=True, text=True, env=env, timeout=60)


def test_an_exam_answered_through_json_at_a_programs_speed_is_flagged(tmp_path):
    path = tmp_path / "p.json"
    store = ProgressStore(path)
    store.how = "text-json"
    store.record("ana", _exam(0.02), "third-card")
    store.how = "window"
    store.record("ana", _exam(1.2), "third-card")
    listing = _run(tmp_path, "--progress", "--store", str(path)).stdout
    bot, person = [line for line in listing.splitlines() if " exam " in line]
    assert "[answered through --text --json: the mode for a program driving the trainer]" in bot
    assert "[a median 0.02 s a decision: faster than a person reads a case]" in bot
    assert "--json" not in person and "faster than a person" not in person
    assert [s["how"] for s in ProgressStore(path).sessions("ana")] == ["text-json", "window"]


def test_a_school_that_requires_the_window_does_not_count_a_terminal_exam(tmp_path):
    school = tmp_path / "school.toml"
    school.write_text("[training]\nexam_in_window = true\n")
    path = tmp_path / "p.json"
    practice = _run(tmp_path, "--text", "--cases", "1", "--seed", "1", "--trainee", "ana", "--store", str(path),
                    stdin="P\nq\n")
    assert practice.returncode == 0, practice.stderr
    assert ProgressStore(path).sessions("ana")[0]["how"] == "text"    # the command says where it is answered
    store = ProgressStore(path)
    store.how = "text"
    store.record("ana", _exam(1.2), "third-card")
    judged = _run(tmp_path, "--progress", "--store", str(path), "--config", str(school)).stdout
    exam = next(line for line in judged.splitlines() if " exam " in line)
    assert "passed below the standard" in exam
    assert "answered on the terminal (--text), not in the window the school requires" in exam
    assert "third-card exams: 1 attempt, none passed at the standard yet" in judged
    start = _run(tmp_path, "--text", "--exam", "--trainee", "ana", "--store", str(path), "--config", str(school))
    assert "this exam is below the standard" in start.stderr and "in the window (without --text)" in start.stderr
