"""Every seal of a trainee deleted, with every field only a sealing dealer-assist writes (``utc``,
``saved_utc``, ``how``, ``stored_at_start``, ``attempt``) and ``"exam": false``: the day's failed exams read as
an older version's practice sessions, the day's limit gave them back, and ``--progress`` marked nothing
(rev26 F4).  A session with no seal dated at or after the moment the file first held a sealed session
(its top-level ``sealed_since``, or its earliest sealed session) is edited now, and every session not
sealed is marked so in the listing, a practice session too."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

from dealer_assist.training import ProgressStore, Settings, ShoeFeed, TrainingSession, seal
from dealer_assist.training.progress import ExamLimitReached
from trainer_runs import practice

CLI = [sys.executable, "-m", "dealer_assist.cli"]


def _exam(answered: bool):
    session = TrainingSession(Settings(drills=("third-card",), exam=True, cases=40, minutes=None),
                              {"baccarat": ShoeFeed(8, None), "blackjack": ShoeFeed(1, None)})
    while answered and not session.finished:
        case = session.next_case()
        session.submit(case, case.answers, 1.0)
    return session.summary()


def _upgraded_two_days_ago(data):
    """Sessions stripped within 15 hours after the file's first sealed session read "not sealed" (an older
    version's clock may have been up to UTC+14, rev28 R1): the file here was upgraded two days before."""
    for key in ("sealed_since",):
        if key in data:
            data[key] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() - 2 * 86400))
    for name, person in data["trainees"].items():
        for s in person["sessions"]:
            if "utc" in s and "seal" in s:
                s["utc"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() - 2 * 86400))
        seal.reseal(name, person["sessions"], {id(s) for s in person["sessions"]})   # as stored then


def _strip(path, name, *top):
    data = json.loads(path.read_text(encoding="utf-8"))
    _upgraded_two_days_ago(data)
    for s in data["trainees"][name]["sessions"]:
        s["exam"] = False
        for key in ("seal", "utc", "saved_utc", "how", "stored_at_start", "attempt", "older_until"):
            s.pop(key, None)
    for key in top:
        data.pop(key, None)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def _listing(tmp_path, path):
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    return subprocess.run(CLI + ["train", "--progress", "--store", str(path)], capture_output=True, text=True,
                          env=env, timeout=60).stdout


def test_exams_stripped_of_every_sealing_field_still_count_and_read_edited(tmp_path):
    path = tmp_path / "p.json"
    for _ in range(2):
        store = ProgressStore(path)
        store.begin_exam("Ana", _exam(False), "third-card", most_a_day=2)
        store.record("Ana", _exam(True), "third-card")
    _strip(path, "Ana")
    assert ProgressStore(path).seal_states("Ana") == ["edited", "edited"]
    with pytest.raises(ExamLimitReached):
        ProgressStore(path).begin_exam("Ana", _exam(False), "third-card", most_a_day=2)
    listed = _listing(tmp_path, path)
    assert listed.count("EDITED RECORD: not counted (its seal is missing") == 2, listed


def test_another_trainees_sealed_session_dates_the_file_when_its_mark_is_deleted_too(tmp_path):
    path = tmp_path / "p.json"
    ProgressStore(path).record("Bob", practice(1), "third-card")
    store = ProgressStore(path)
    store.begin_exam("Ana", _exam(False), "third-card")
    store.record("Ana", _exam(True), "third-card")
    _strip(path, "Ana", "sealed_since")
    assert ProgressStore(path).seal_states("Ana") == ["edited"]


def test_a_practice_session_not_sealed_is_marked_so(tmp_path):
    path = tmp_path / "p.json"
    ProgressStore(path).record("Ana", practice(1), "third-card")
    _strip(path, "Ana", "sealed_since")   # the file as an older dealer-assist wrote it
    assert ProgressStore(path).seal_states("Ana") == ["not sealed"]
    line = next(x for x in _listing(tmp_path, path).splitlines() if "passed (practice)" in x)
    assert "[record not sealed" in line
