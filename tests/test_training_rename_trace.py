"""What a rename or merge leaves behind under the name it took a record from (rev26 F3, F7, F13).

``train --rename Ana "Ana old"`` gave Ana fresh exam attempts for the day, and nothing under Ana's heading
said a record under the name had gone; "X renamed to Ana" was listed under a new Ana whose sessions never
were X's; and the unsealed log's fields were printed raw, so a newline in ``host`` forged a PASSED line."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from dealer_assist.training import ProgressStore, Settings, ShoeFeed, TrainingSession
from dealer_assist.training import day_limit
from dealer_assist.training.progress import ExamLimitReached
from trainer_runs import practice

CLI = [sys.executable, "-m", "dealer_assist.cli"]


def _exam():
    session = TrainingSession(Settings(drills=("third-card",), exam=True, cases=40, minutes=None),
                              {"baccarat": ShoeFeed(8, None), "blackjack": ShoeFeed(1, None)})
    while not session.finished:
        case = session.next_case()
        session.submit(case, case.answers, 1.0)
    return session.summary()


def _take_exam(path, name, limit=None):
    store = ProgressStore(path)
    store.begin_exam(name, _exam(), "third-card", most_a_day=limit)
    store.record(name, _exam(), "third-card")


def _run(tmp_path, *args):
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    return subprocess.run(CLI + ["train", *args], capture_output=True, text=True, env=env, timeout=60)


@pytest.mark.parametrize("change", ["rename", "merge"])
def test_a_rename_or_merge_frees_no_exam_attempt_of_the_old_name(tmp_path, change):
    path = tmp_path / "p.json"
    _take_exam(path, "Ana", 1)
    if change == "rename":
        ProgressStore(path).rename("Ana", "Ana old")
    else:
        ProgressStore(path).record("Bob", practice(1), "third-card")
        ProgressStore(path).merge("Ana", "Bob")
    with pytest.raises(ExamLimitReached) as refused:
        ProgressStore(path).begin_exam("Ana", _exam(), "third-card", most_a_day=1)
    assert refused.value.taken == 1 and "renamed or merged away" in str(refused.value)
    assert "Ana" not in ProgressStore(path).trainees   # refused: nothing stored


def test_an_exam_stored_past_a_rename_is_listed_over_the_limit_and_the_change_under_both_names(tmp_path):
    path = tmp_path / "p.json"
    _take_exam(path, "Ana")
    ProgressStore(path).rename("Ana", "Ana old")
    _take_exam(path, "Ana")   # begun without the school's limit: --progress --config judges it
    (tmp_path / "school.toml").write_text("[training]\nexam_attempts_per_day = 1\n", encoding="utf-8")
    out = _run(tmp_path, "--progress", "--store", str(path), "--config", str(tmp_path / "school.toml"))
    assert out.returncode == 0, out.stderr
    ana = out.stdout.split("\nAna:\n")[1].split("\nAna old:\n")[0]
    old = out.stdout.split("\nAna old:\n")[1]
    assert "RENAMED 'Ana' to 'Ana old'" in ana and "A RECORD UNDER THIS NAME WENT TO 'Ana old'" in ana
    assert "OVER THE DAY'S LIMIT" in ana and "renamed or merged away from this name" in ana
    assert "RENAMED 'Ana' to 'Ana old'" in old and "1 session moved" in old and "OVER" not in old


def test_a_change_is_listed_under_the_record_it_brought_sessions_to_not_under_a_new_one(tmp_path):
    path = tmp_path / "p.json"
    ProgressStore(path).record("X", practice(1), "third-card")
    ProgressStore(path).rename("X", "Ana")
    ProgressStore(path).rename("Ana", "Yan")
    ProgressStore(path).record("Ana", practice(2), "third-card")
    out = _run(tmp_path, "--progress", "--store", str(path)).stdout
    ana = out.split("\nAna:\n")[1].split("\nYan:\n")[0]
    yan = out.split("\nYan:\n")[1]
    assert "'X'" not in ana and "WENT TO 'Yan'" in ana
    assert "RENAMED 'X' to 'Ana'" in yan and "RENAMED 'Ana' to 'Yan'" in yan


def test_a_new_trainee_under_a_name_renamed_twice_is_told_where_the_record_is_now(tmp_path):
    path = tmp_path / "p.json"
    ProgressStore(path).record("Ana", practice(1), "third-card")
    ProgressStore(path).rename("Ana", "Anna")
    ProgressStore(path).rename("Anna", "Zoe")
    out = _run(tmp_path, "--text", "--trainee", "Ana", "--store", str(path), "--cases", "1")
    assert "give --trainee 'Zoe'" in out.stderr and "give --trainee 'Anna'" not in out.stderr


def test_a_hand_edited_log_entry_forges_no_line_in_the_listing(tmp_path):
    path = tmp_path / "p.json"
    _take_exam(path, "Ana")
    ProgressStore(path).record("Anna", practice(2), "third-card")
    ProgressStore(path).merge("Anna", "Ana")
    data = json.loads(path.read_text(encoding="utf-8"))
    entry = data["renames"][0]
    entry["host"] = "pc1\n  2026-12-06T21:02:11  third-card  level 1 exam  40 cases  PASSED\u2028x"
    entry["by"] = ["not", "a", "text"]
    entry["sessions"] = "1\nfake"
    entry["utc"] = "yesterday\rnoon"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    out = _run(tmp_path, "--progress", "--store", str(path))
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert not any(line.lstrip().startswith("2026-12-06T21:02:11") for line in lines)
    assert not any("\u2028" in line or "\r" in line for line in lines)
    merged = next(line for line in lines if "MERGED" in line)
    assert "\\n" in merged and "not a count" in merged and "not a time" in merged and "edited by hand" in merged
    assert "1 sessions" not in out.stdout


def test_the_name_a_record_went_from_lists_why_and_until_when_its_exams_count(tmp_path):
    """Under the reused "Ana:" heading, where the head trainer looks for why the day limit refuses Ana, the
    reason was not shown, and "still count" was printed weeks after nothing counted any more (rev28 R7)."""
    path = tmp_path / "p.json"
    _take_exam(path, "Ana")
    begun = ProgressStore(path).sessions("Ana")[0]["utc"]
    done = _run(tmp_path, "--rename", "Ana", "Ana old", "--reason", "retake", "--store", str(path))
    assert done.returncode == 0, done.stderr
    ProgressStore(path).record("Ana", practice(1), "third-card")
    out = _run(tmp_path, "--progress", "--store", str(path)).stdout
    ana = out.split("\nAna:\n")[1].split("\nAna old:\n")[0]
    until = day_limit.utc_text(day_limit.moment_of(begun) + day_limit.DAY)
    line = next(x for x in ana.splitlines() if "A RECORD UNDER THIS NAME WENT TO" in x)
    assert f"counted against this name's day limit until {until}" in line, line
    assert "reason given: 'retake'" in line, line
