"""The end-of-exam summary judges a school's ``[training] exam_in_window`` as ``train --progress --config``
does: a terminal exam read "passed below the standard" with no reason in its summary, a window exam read
"passed below the standard" too (where it was answered was not known to the summary: "not recorded"), while
the start warning and the listing named the terminal and passed the window's."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from dealer_assist.training import ProgressStore, Settings, ShoeFeed, TrainingSession
from dealer_assist.training.standard import Standard

CLI = [sys.executable, "-m", "dealer_assist.cli"]
TERMINAL = "answered on the terminal (--text), not in the window the school requires"


def _exam(how, standard):
    session = TrainingSession(Settings(drills=("third-card",), exam=True, cases=40, minutes=None,
                                       standard=standard, how=how),
                              {"baccarat": ShoeFeed(8, None), "blackjack": ShoeFeed(1, None)})
    while not session.finished:
        case = session.next_case()
        session.submit(case, list(case.answers), 1.2)
    return session.summary()


def _run(tmp_path, *args, stdin=""):
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    return subprocess.run(CLI + ["train", *args], input=stdin, capture_output=True, text=True, env=env, timeout=60)


def _verdict_line(lines):
    return next(line for line in lines if line.startswith("Pass mark "))


@pytest.mark.parametrize("how, verdict", [("window", "PASSED"), ("text", "passed below the standard"),
                                          ("text-json", "passed below the standard")])
def test_the_summary_and_the_listing_read_the_same_under_exam_in_window(tmp_path, how, verdict):
    school = tmp_path / "school.toml"
    school.write_text("[training]\nexam_in_window = true\n")
    summary = _exam(how, Standard(window_only=True))
    lines = summary.lines()
    assert _verdict_line(lines).endswith(f"-> {verdict}")
    below = [line for line in lines if line.startswith("An exam below the standard")]
    path = tmp_path / "p.json"
    store = ProgressStore(path)
    store.how = how
    store.record("ana", summary, "third-card")
    listing = _run(tmp_path, "--progress", "--store", str(path), "--config", str(school))
    exam = next(line for line in listing.stdout.splitlines() if " exam " in line)
    assert f"  {verdict}" in exam, exam
    if how == "window":
        assert below == [] and "below the standard" not in exam
    else:
        where = TERMINAL if how == "text" else "answered through --text --json"
        assert len(below) == 1 and where in below[0] and where in exam
        assert "in the trainer window (without --text)" in below[0]   # how to take one that counts


def test_without_the_schools_requirement_a_terminal_exam_passes_in_its_summary():
    summary = _exam("text", Standard())
    assert _verdict_line(summary.lines()).endswith("-> PASSED")
    assert summary.to_json()["how"] == "text"


def test_a_terminal_exams_summary_names_the_window_requirement(tmp_path):
    school = tmp_path / "school.toml"
    school.write_text("[training]\nexam_in_window = true\nexam_cases = 1\npass_accuracy = 1\npass_seconds = 60\n")
    path = tmp_path / "p.json"
    run = _run(tmp_path, "--text", "--exam", "--trainee", "ana", "--store", str(path), "--config", str(school),
               stdin="P\n")
    assert run.returncode == 0, run.stderr
    below = [line for line in run.stdout.splitlines() if line.startswith("An exam below the standard")]
    assert len(below) == 1 and TERMINAL in below[0], run.stdout
    listing = _run(tmp_path, "--progress", "--store", str(path), "--config", str(school)).stdout
    said = _verdict_line(run.stdout.splitlines()).rsplit("-> ", 1)[1]
    exam = next(line for line in listing.splitlines() if " exam " in line)
    assert f"  {said} " in exam
    assert (TERMINAL in exam) == said.startswith("passed")   # the listing names what falls short of a pass only
