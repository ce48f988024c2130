"""A trainee's record renamed, or two records of one person merged (``train --rename``, ``train --merge``):
a trainee registered twice ("Ana" and "Anna", a look-alike letter) had their sessions split over two records,
and editing the file to join them made every moved session read as an edited record (the seals hash the
name).  Now: under the file's lock, sealed again so that each session reads as it did (an edited record
stays edited), logged in the file, the day's exam limit counting the merged exams together, each once."""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from dealer_assist.training import ProgressStore, Settings, ShoeFeed, TrainingSession
from dealer_assist.training import day_limit, progress
from dealer_assist.training.progress import ExamLimitReached, check_exam_limit
from trainer_runs import practice

CLI = [sys.executable, "-m", "dealer_assist.cli"]
HOUR = 3600.0


class Clock:
    """The progress module's ``time`` with a clock the test sets: when each session is saved (``saved_utc``)."""

    def __init__(self, now: float) -> None:
        self.now = now

    def time(self) -> float:
        return self.now

    def __getattr__(self, name: str):
        return getattr(time, name)


@pytest.fixture
def clock(monkeypatch):
    fake = Clock(time.time() - 10 * HOUR)
    monkeypatch.setattr(progress, "time", fake)
    return fake


def _unanswered_exam():
    session = TrainingSession(Settings(drills=("third-card",), exam=True, cases=40, minutes=None),
                              {"baccarat": ShoeFeed(8, None), "blackjack": ShoeFeed(1, None)})
    return session.summary()


def _run(tmp_path, *args, stdin=""):
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    return subprocess.run(CLI + ["train", *args], input=stdin, capture_output=True, text=True, env=env, timeout=60)


def _edit(path: Path, name: str, index: int) -> None:
    """A hand edit of one stored session's figures (its seal left as it was)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    data["trainees"][name]["sessions"][index]["overall"]["mean_seconds"] = 0.123
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def _unsealed_first(path: Path, name: str) -> None:
    """Make ``name``'s first session one stored before seals were kept (no ``seal``, no ``utc``)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    first = data["trainees"][name]["sessions"][0]
    for key in ("seal", "utc", "saved_utc", "older_until"):
        first.pop(key, None)
    data.pop("sealed_since", None)   # nor did an older dealer-assist mark the file (rev26 F4)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def test_a_renamed_record_reads_as_it_did_and_a_later_edit_still_shows(tmp_path, clock):
    path = tmp_path / "p.json"
    store = ProgressStore(path)
    store.record("Ana", practice(1), "third-card")
    _unsealed_first(path, "Ana")
    for seed in (2, 3, 4):
        clock.now += HOUR
        ProgressStore(path).record("Ana", practice(seed), "third-card")
    _edit(path, "Ana", 2)
    before = ProgressStore(path)
    states = before.seal_states("Ana")
    assert states == ["not sealed", "sealed", "edited", "sealed"]
    edited_seal = before.sessions("Ana")[2]["seal"]
    categories = before.trainee("Ana")["categories"]
    last = before.sessions("Ana")[-1]["seal"]

    entry = ProgressStore(path).rename("Ana", "Anna")
    after = ProgressStore(path)
    assert after.trainees == ["Anna"]
    assert after.seal_states("Anna") == states                 # nothing reads as edited that was not
    assert after.sessions("Anna")[2]["seal"] == edited_seal    # the edited record is not sealed again
    assert after.trainee("Anna")["categories"] == categories
    assert entry["action"] == "rename" and (entry["from"], entry["to"]) == ("Ana", "Anna")
    assert entry["sessions"] == 4 and entry["edited"] == 1 and entry["by"] and entry["host"]
    assert entry["seals"] == {"from": last, "into": None, "after": after.sessions("Anna")[-1]["seal"]}
    assert entry["seals"]["after"] != last
    assert after.renames("Anna") == [entry] and after.renames() == [entry]

    _edit(path, "Anna", 3)                                     # a tamper after the rename shows as before
    assert ProgressStore(path).seal_states("Anna") == ["not sealed", "sealed", "edited", "edited"]


def test_a_merge_orders_the_sessions_as_stored_and_keeps_each_ones_state(tmp_path, clock):
    path = tmp_path / "p.json"
    order = []
    for name, seed in (("Anna", 1), ("Ana", 2), ("Anna", 3), ("Ana", 4), ("Ana", 5), ("Anna", 6)):
        clock.now += HOUR
        order.append(ProgressStore(path).record(name, practice(seed), "third-card")["utc"])
    _edit(path, "Ana", 1)    # Ana's second, stored 4th
    store = ProgressStore(path)
    assert store.seal_states("Ana") == ["sealed", "edited", "sealed"]
    seen = {rule: counts["seen"] for rule, counts in store.trainee("Ana")["categories"].items()}
    for rule, counts in store.trainee("Anna")["categories"].items():
        seen[rule] = seen.get(rule, 0) + counts["seen"]

    entry = ProgressStore(path).merge("ana", "ANNA")           # names as typed, whatever the case
    merged = ProgressStore(path)
    assert merged.trainees == ["Anna"]
    assert [s["utc"] for s in merged.sessions("Anna")] == order
    assert merged.seal_states("Anna") == ["sealed", "sealed", "sealed", "edited", "sealed", "sealed"]
    assert {r: c["seen"] for r, c in merged.trainee("Anna")["categories"].items()} == seen
    assert (entry["action"], entry["from"], entry["to"], entry["sessions"], entry["edited"]) == \
        ("merge", "Ana", "Anna", 3, 1)
    listing = _run(tmp_path, "--progress", "--store", str(path))
    assert listing.returncode == 0, listing.stderr
    assert "MERGED 'Ana' into 'Anna' on " in listing.stdout and "1 edited record kept as it was" in listing.stdout
    assert listing.stdout.count("EDITED RECORD") == 1 and "Ana:" not in listing.stdout


def test_the_days_exam_limit_counts_a_merged_trainees_exams_together_once(tmp_path, clock):
    path = tmp_path / "p.json"
    ProgressStore(path).begin_exam("Ana", _unanswered_exam(), "third-card", started=clock.now, most_a_day=2)
    clock.now += HOUR
    ProgressStore(path).begin_exam("Anna", _unanswered_exam(), "third-card", started=clock.now, most_a_day=2)
    clock.now += HOUR
    ProgressStore(path).record("Ana", practice(7), "third-card")
    _edit(path, "Ana", 1)     # an edited record may have been an exam: it counts too (qaAD F3)
    clock.now += HOUR
    store = ProgressStore(path)
    check_exam_limit("Anna", store.sessions("Anna"), "third-card", 3)      # 1 of 3 each, apart
    check_exam_limit("Ana", store.sessions("Ana"), "third-card", 3)        # 1 exam and 1 edited record

    ProgressStore(path).merge("Ana", "Anna")
    store = ProgressStore(path)
    with pytest.raises(ExamLimitReached) as refused:
        check_exam_limit("Anna", store.sessions("Anna"), "third-card", 3)
    assert refused.value.taken == 3                            # 2 exams and the edited record, each once
    with pytest.raises(ExamLimitReached):
        store.begin_exam("Anna", _unanswered_exam(), "third-card", started=clock.now, most_a_day=3)
    assert len(ProgressStore(path).sessions("Anna")) == 3     # refused under the lock: nothing stored
    states = store.seal_states("Anna")
    assert day_limit.over_limit(store.sessions("Anna"), states, 2) == {}
    over = day_limit.over_limit(store.sessions("Anna"), states, 1)
    assert list(over) == [1]                  # at 1 a day, Anna's exam was one person's 2nd: over the limit


def test_a_session_begun_before_its_trainee_was_merged_is_stored_where_the_record_went(tmp_path):
    path = tmp_path / "p.json"
    ProgressStore(path).record("Anna", practice(1), "third-card")
    running = ProgressStore(path)
    running.begin_exam("Ana", _unanswered_exam(), "third-card")
    ProgressStore(path).merge("Ana", "Anna")
    running.record("Ana", practice(2, cases=3), "third-card")   # the exam's result replaces its begun entry
    store = ProgressStore(path)
    assert store.trainees == ["Anna"]
    sessions = store.sessions("Anna")
    assert len(sessions) == 2 and not any(s.get("stored_at_start") for s in sessions)
    assert store.seal_states("Anna") == ["sealed", "sealed"]
    later = ProgressStore(path)
    later.record("Ana", practice(3), "third-card")              # opened after the merge: a new record
    assert ProgressStore(path).trainees == ["Ana", "Anna"]


def test_a_rename_waits_for_the_files_lock(tmp_path):
    path = tmp_path / "p.json"
    ProgressStore(path).record("Ana", practice(1), "third-card")
    told, done = threading.Event(), []
    store = ProgressStore(path, waiting=lambda text: told.set())
    fd = os.open(store.lock_path, os.O_RDWR)
    fcntl.flock(fd, fcntl.LOCK_EX)
    worker = threading.Thread(target=lambda: done.append(store.rename("Ana", "Anna")))
    try:
        worker.start()
        assert told.wait(60)                                   # it waits for the lock, and says so
        assert ProgressStore(path).trainees == ["Ana"] and not done
    finally:
        os.close(fd)
    worker.join(60)
    assert done and ProgressStore(path).trainees == ["Anna"]


@pytest.mark.parametrize("args, words", [
    (("--rename", "Zed", "Bob"), "no trainee 'Zed' in "),
    (("--rename", "Ana", "Anna"), "'Anna' is a stored trainee already: to make 'Ana' and 'Anna' one record, use "
                                  "--merge 'Ana' 'Anna'"),
    (("--rename", "Ana", "Ana"), "'Ana' is 'Ana' itself"),
    (("--merge", "Ana", "ana"), "'ana' is 'Ana' itself"),
    (("--merge", "Ana", "Bob"), "no trainee 'Bob' to merge 'Ana' into"),
    (("--rename", "Ana", "Bob", "--config", "ROSTER"), "'Bob' is not on the school's roster ([training] trainees: "
                                                       "Anna, Chloé)"),
    (("--merge", "Anna", "Ana", "--config", "ROSTER"), "'Ana' is not on the school's roster"),
    (("--rename", "Anna", "ANNA", "--config", "ROSTER"), "'ANNA' is 'Anna' itself (the roster spells it 'Anna')"),
    (("--rename", "Ana", "A\nna"), "invalid trainee name"),
    (("--rename", "Ana", "Bob", "--trainee", "Ana"), "give it without --trainee"),
    (("--rename", "Ana", "Bob", "--merge", "Ana", "Anna"), "give it without --merge"),
])
def test_a_rename_or_merge_that_cannot_be_done_is_refused_and_changes_nothing(tmp_path, args, words):
    path = tmp_path / "p.json"
    ProgressStore(path).record("Ana", practice(1), "third-card")
    ProgressStore(path).record("Anna", practice(2), "third-card")
    school = tmp_path / "school.toml"
    school.write_text('[training]\ntrainees = ["Anna", "Chloé"]\n', encoding="utf-8")
    content = path.read_bytes()
    run = _run(tmp_path, *[str(school) if a == "ROSTER" else a for a in args], "--store", str(path))
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert words in run.stderr and "nothing was changed" in run.stderr, run.stderr
    assert path.read_bytes() == content


def test_the_command_renames_to_the_rosters_spelling_and_lists_who_did_it(tmp_path):
    path = tmp_path / "p.json"
    ProgressStore(path).record("Dev", practice(1), "third-card")
    ProgressStore(path).record("D\u0435v", practice(2), "third-card")     # a Cyrillic е: another record
    school = tmp_path / "school.toml"
    school.write_text('[training]\ntrainees = ["DEV", "Ana"]\n', encoding="utf-8")
    merged = _run(tmp_path, "--merge", "D\u0435v", "dev", "--store", str(path), "--config", str(school))
    assert merged.returncode == 0, merged.stderr
    assert merged.stdout.startswith(f"Merged 'D\u0435v' into 'Dev' in {path}: 1 session sealed again under 'Dev'")
    renamed = _run(tmp_path, "--rename", "Dev", "dev", "--store", str(path), "--config", str(school), "--json")
    assert renamed.returncode == 0, renamed.stderr
    entry = json.loads(renamed.stdout)
    assert (entry["action"], entry["from"], entry["to"], entry["sessions"]) == ("rename", "Dev", "DEV", 2)
    assert ProgressStore(path).trainees == ["DEV"] and ProgressStore(path).seal_states("DEV") == ["sealed"] * 2
    listing = _run(tmp_path, "--progress", "--store", str(path), "--config", str(school), "--json")
    shown = json.loads(listing.stdout)
    assert [(r["action"], r["from"], r["to"]) for r in shown["renames"]] == [("merge", "D\u0435v", "Dev"),
                                                                            ("rename", "Dev", "DEV")]
    assert [s["record"] for s in shown["trainees"]["DEV"]["sessions"]] == ["sealed", "sealed"]
    text = _run(tmp_path, "--progress", "--store", str(path)).stdout
    assert "MERGED 'D\u0435v' into 'Dev' on " in text and "RENAMED 'Dev' to 'DEV' on " in text
    again = _run(tmp_path, "--text", "--trainee", "D\u0435v", "--cases", "1", "--store", str(path), stdin="P\nq\n")
    assert "the record stored under that name was merged into 'Dev'" in again.stderr


def test_a_record_whose_seals_were_all_deleted_stays_edited_when_renamed_or_merged(tmp_path):
    """rev24 T3: an entry with no seal but a ``utc`` (written only by a sealing version) is edited; a rename or
    merge must neither turn it into an older version's unsealed session nor refuse the change."""
    path = tmp_path / "p.json"
    store = ProgressStore(path)
    store.record("Ana", _unanswered_exam(), "third-card")
    store.record("Ana", _unanswered_exam(), "third-card")
    store.record("Anna", _unanswered_exam(), "third-card")
    data = json.loads(path.read_text(encoding="utf-8"))
    for s in data["trainees"]["Ana"]["sessions"]:
        s["exam"] = False
        del s["seal"]
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert ProgressStore(path).seal_states("Ana") == ["edited", "edited"]
    ProgressStore(path).rename("Ana", "Ann")
    assert ProgressStore(path).seal_states("Ann") == ["edited", "edited"]
    ProgressStore(path).merge("Ann", "Anna")
    states = ProgressStore(path).seal_states("Anna")
    assert sorted(states) == ["edited", "edited", "sealed"]
    with pytest.raises(ExamLimitReached):
        ProgressStore(path).begin_exam("Anna", _unanswered_exam(), "third-card", most_a_day=3)
