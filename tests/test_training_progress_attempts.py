"""``train --progress`` after the QA pass qaS: each trainee's exam attempts per drill and the one that first
passed at the standard (F4: a student resat the standard exam until one passed by chance, and the head
trainer counted rows by hand), and the class listed case-blind, as names are (F6: Bob, Dora, ana, carl)."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys

from dealer_assist.training import ProgressStore, Settings, ShoeFeed, TrainingSession

CLI = [sys.executable, "-m", "dealer_assist.cli"]


def _exam(right: bool, cases=40, drill="third-card"):
    """A standard exam (40 cases, no seed), every answer right, or the first one wrong (39/40: not passed)."""
    session = TrainingSession(Settings(drills=(drill,), exam=True, cases=cases, minutes=None),
                              {"baccarat": ShoeFeed(8, None), "blackjack": ShoeFeed(1, None)})
    while not session.finished:
        case = session.next_case()
        answers = list(case.answers)
        if not right and not session.attempts:
            q = case.questions[0]
            answers[0] = next(c.key for c in q.choices if c.key != q.answer)
        session.submit(case, answers, 1.0)
    return session.summary()


def _progress(store, *more, env):
    out = subprocess.run(CLI + ["train", "--progress", "--store", str(store), *more], capture_output=True,
                         text=True, env=env, timeout=60)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_progress_counts_each_trainees_exam_attempts_and_names_the_one_that_passed(tmp_path):
    store_path = tmp_path / "p.json"
    store = ProgressStore(store_path)
    failed, passed = _exam(False), _exam(True)
    assert not failed.passed and passed.passed
    store.record("cai", failed, "third-card")
    store.record("cai", passed, "third-card")
    store.record("cai", failed, "third-card")
    store.record("dan", failed, "third-card")
    store.record("dan", failed, "third-card")
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    text = _progress(store_path, env=env)
    cai, dan = text.split("cai:")[1].split("dan:")
    assert "third-card exams: 3 attempts, passed at the 2nd attempt (1 failed exam before, 1 taken since)" in cai
    assert "third-card exams: 2 attempts, none passed at the standard yet" in dan
    rows = list(csv.DictReader(io.StringIO(_progress(store_path, "--csv", "sessions", env=env))))
    assert [(r["trainee"], r["exam_attempt"], r["verdict"].split(" (")[0]) for r in rows] == [
        ("cai", "1", "not passed"), ("cai", "2", "PASSED"), ("cai", "3", "not passed"),
        ("dan", "1", "not passed"), ("dan", "2", "not passed")]
    people = json.loads(_progress(store_path, "--json", env=env))["trainees"]
    assert people["cai"]["exams"] == [{"drill": "third-card", "attempts": 3, "passed_at": 2, "edited": 0}]
    assert people["dan"]["exams"] == [{"drill": "third-card", "attempts": 2, "passed_at": None, "edited": 0}]


def test_a_pass_below_the_standard_is_an_attempt_not_the_pass(tmp_path):
    store_path = tmp_path / "p.json"
    ProgressStore(store_path).record("eve", _exam(True, cases=5), "third-card")    # 5 cases: below the standard
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    assert "third-card exams: 1 attempt, none passed at the standard yet" in _progress(store_path, env=env)


def test_progress_lists_the_class_alphabetically_whatever_the_case_of_each_name(tmp_path):
    store_path = tmp_path / "k.json"
    store = ProgressStore(store_path)
    practice = TrainingSession(Settings(cases=1), {"baccarat": ShoeFeed(8, 1), "blackjack": ShoeFeed(1, 1)}, seed=1)
    case = practice.next_case()
    practice.submit(case, list(case.answers), 1.0)
    for name in ("Dora", "ana", "carl", "Bob"):
        store.record(name, practice.summary(), "third-card")
    assert ProgressStore(store_path).trainees == ["ana", "Bob", "carl", "Dora"]
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    text = _progress(store_path, env=env)
    assert [line[:-1] for line in text.splitlines() if not line.startswith(" ") and line.endswith(":")] == [
        "ana", "Bob", "carl", "Dora"]
    rows = list(csv.DictReader(io.StringIO(_progress(store_path, "--csv", "sessions", env=env))))
    assert [r["trainee"] for r in rows] == ["ana", "Bob", "carl", "Dora"]


def test_a_trainee_named_like_a_formula_is_written_to_the_csv_as_text(tmp_path):
    """qaS F12: a student-chosen name "=HYPERLINK(...)" was run by the head trainer's spreadsheet."""
    store_path = tmp_path / "k.json"
    practice = TrainingSession(Settings(cases=1), {"baccarat": ShoeFeed(8, 1), "blackjack": ShoeFeed(1, 1)}, seed=1)
    case = practice.next_case()
    wrong = next(c.key for c in case.questions[0].choices if c.key != case.answers[0])
    practice.submit(case, [wrong], 1.0)             # a rule answered wrong: a row in --csv rules too
    name = '=HYPERLINK("http://x","ok")'
    ProgressStore(store_path).record(name, practice.summary(), "third-card")
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    for kind in ("sessions", "rules"):
        rows = list(csv.DictReader(io.StringIO(_progress(store_path, "--csv", kind, env=env))))
        assert rows and all(r["trainee"] == "'" + name for r in rows), kind


def test_csv_mistakes_prints_each_stored_mistake_with_its_session(tmp_path):
    """qaS F8: a stored exam's mistakes were in --progress --json only."""
    store_path = tmp_path / "p.json"
    failed = _exam(False)
    store = ProgressStore(store_path)
    store.record("bea", _exam(True), "third-card")
    store.record("bea", failed, "third-card")
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    rows = list(csv.DictReader(io.StringIO(_progress(store_path, "--csv", "mistakes", env=env))))
    (missed,) = failed.mistakes
    assert rows == [{
        "trainee": "bea", "session": "2", "date": rows[0]["date"], "drill": "third-card", "exam": "yes",
        "exam_attempt": "2", "case": missed.case.summary or missed.case.title, "missed": "; ".join(missed.missed),
        "result": "wrong", "given": missed.given[0], "expected": missed.case.answers[0], "seconds": "1.0",
        "explanation": missed.case.explanation}]
