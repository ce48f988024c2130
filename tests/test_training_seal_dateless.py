"""A session stripped of its seal and of every field only a sealing dealer-assist writes, its ``date`` replaced
by text that is no date, in a file whose sealing records ``older_until`` (rev32 R1).  Read "not sealed" since
rev31 R10, it no longer counted in the day's exam limit and ``--progress`` showed nothing edited: a trainee who
can write the file freed the day's failed exams so, even in a new install's file (``older_until`` null)."""

from __future__ import annotations

import json

import pytest

from dealer_assist.training import ProgressStore, seal
from dealer_assist.training.progress import ExamLimitReached, check_exam_limit
from trainer_runs import practice


def _strip(entry: dict) -> None:
    for key in ("seal", *seal.SEALING_ONLY, "stored_at_start", "attempt"):
        entry.pop(key, None)
    entry["date"] = "?"


def _school_file(path):
    ProgressStore(path).record("Ana", practice(1), "third-card")   # Ana keeps her seals: older_until null
    ProgressStore(path).record("Bob", practice(2), "third-card")
    return json.loads(path.read_text(encoding="utf-8"))


def test_a_stripped_session_dated_with_no_date_reads_edited(tmp_path):
    path = tmp_path / "p.json"
    data = _school_file(path)
    _strip(data["trainees"]["Bob"]["sessions"][0])
    path.write_text(json.dumps(data), encoding="utf-8")
    assert ProgressStore(path).seal_states("Bob") == ["edited"]


def test_a_stripped_exam_dated_with_no_date_still_counts_in_the_day_limit(tmp_path):
    data = _school_file(tmp_path / "p.json")
    sessions = data["trainees"]["Bob"]["sessions"]
    sessions[0]["exam"] = True   # the day's failed exam
    _strip(sessions[0])
    with pytest.raises(ExamLimitReached):
        check_exam_limit("Bob", sessions, "third-card", 1, since=seal.since(data))
