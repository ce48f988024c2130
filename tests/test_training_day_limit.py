"""The school's day limit of exams (``[training] exam_attempts_per_day``) holds whatever a trainee does on
their own account (qaAD, a dealer-school trainer's day):

- F1: ``TZ=Pacific/Kiritimati`` made "today" tomorrow, so a third exam slipped under a limit of 2, and
  ``--progress`` listed it dated tomorrow;
- F2: an exam begun without ``--config`` was not limited at all, and ``--progress --config`` counted its pass;
- F3: ``"exam": false`` set by hand on failed exams (the seal says EDITED) lowered the attempt count
  ("passed at the 1st attempt") and gave the day's attempts back.

The zones used, UTC-12 and UTC+14, are 26 hours apart: their calendar dates differ at any hour, so each
test fails on the code that counted by the trainee's local day, whatever time it runs.
"""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
import time

import pytest

from dealer_assist.training import ProgressStore, Settings, ShoeFeed, TrainingSession
from dealer_assist.training.progress import ExamLimitReached
from dealer_assist.training.seal import seal_of

CLI = [sys.executable, "-m", "dealer_assist.cli"]
WEST, EAST = "Etc/GMT+12", "Etc/GMT-14"   # POSIX signs: UTC-12 and UTC+14


@pytest.fixture
def zone(monkeypatch):
    """Set this process's TZ (as a trainee's shell would export it); the zone is put back afterwards."""
    def set_zone(name: str) -> None:
        monkeypatch.setenv("TZ", name)
        time.tzset()
    yield set_zone
    monkeypatch.undo()
    time.tzset()


def _exam(right: bool):
    """A standard exam (40 cases, no seed): every answer right, or the first one wrong (39/40: not passed)."""
    session = TrainingSession(Settings(drills=("third-card",), exam=True, cases=40, minutes=None),
                              {"baccarat": ShoeFeed(8, None), "blackjack": ShoeFeed(1, None)})
    while not session.finished:
        case = session.next_case()
        answers = list(case.answers)
        if not right and not session.attempts:
            q = case.questions[0]
            answers[0] = next(c.key for c in q.choices if c.key != q.answer)
        session.submit(case, answers, 1.0)
    return session.summary()


def _run(*args, tz="UTC", tmp_path, stdin=""):
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "TZ": tz}
    return subprocess.run(CLI + ["train", *args], input=stdin, capture_output=True, text=True, env=env, timeout=60)


def _school(tmp_path, limit=2):
    school = tmp_path / "school.toml"
    school.write_text(f"[training]\nexam_attempts_per_day = {limit}\n")
    return school


def test_a_time_zone_exported_by_the_trainee_does_not_move_the_days_limit(tmp_path, zone):
    path = tmp_path / "p.json"
    zone(WEST)
    for _ in range(2):
        ProgressStore(path).begin_exam("dev", _exam(False), "third-card", most_a_day=2)
    zone(EAST)  # the trainee's own shell: local "today" is another date than the two exams'
    with pytest.raises(ExamLimitReached) as refused:
        ProgressStore(path).begin_exam("dev", _exam(False), "third-card", most_a_day=2)
    assert "dev has taken 2 third-card exams in the last 24 hours" in str(refused.value)
    out = _run("--exam", "--text", "--drill", "third-card", "--trainee", "Dev", "--store", str(path),
               "--config", str(_school(tmp_path)), tz=EAST, tmp_path=tmp_path)
    assert out.returncode != 0 and "dev has taken 2 third-card exams in the last 24 hours" in out.stderr
    assert len(ProgressStore(path).sessions("dev")) == 2   # nothing stored for either refusal


def test_progress_flags_a_date_the_trainees_zone_moved_and_one_that_has_not_come(tmp_path, zone):
    path = tmp_path / "p.json"
    zone(EAST)
    ProgressStore(path).record("dev", _exam(True), "third-card")
    zone("UTC")
    old = dict(ProgressStore(path).sessions("dev")[0])   # as an older dealer-assist stored one: no UTC, no seal
    for key in ("utc", "saved_utc", "seal"):
        old.pop(key, None)
    old["date"] = time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(time.time() + 3 * 86400))
    data = json.loads(path.read_text())
    data["trainees"]["ana"] = {"sessions": [old], "categories": {}}
    past = [dict(old, date=time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(time.time() - days * 86400)))
            for days in (1, 2)]   # the first stored, dated after the second: its date is past now, but false
    data["trainees"]["ben"] = {"sessions": past, "categories": {}}
    path.write_text(json.dumps(data))
    listing = _run("--progress", "--store", str(path), tz="UTC", tmp_path=tmp_path)
    assert listing.returncode == 0, listing.stderr
    ana, ben_dev = listing.stdout.split("ana:")[1].split("ben:")
    ben, dev = ben_dev.split("dev:")
    first, second = [line for line in ben.splitlines() if " exam " in line]
    assert f"[DATED AFTER {past[1]['date']}, the date of a session stored after it" in first
    assert "DATED" not in second
    stored = ProgressStore(path).sessions("dev")[0]
    here = stored["utc"].replace("Z", "")    # this listing runs in UTC
    assert stored["date"] != here            # the exam was stored under UTC+14
    assert f"[begun {here} here ({stored['utc']}); the trainee's clock read {stored['date']}" in dev
    assert "DATED AFTER NOW" in ana and "DATED AFTER NOW" not in dev


def test_progress_with_the_schools_config_does_not_count_an_exam_over_the_days_limit(tmp_path):
    """The third exam of the day was begun without --config (or before the limit was set): its pass is listed
    over the limit and is not the trainee's pass; without the school's config nothing can tell."""
    path = tmp_path / "p.json"
    store = ProgressStore(path)
    for right in (False, False, True):
        store.record("dev", _exam(right), "third-card")
    school = _school(tmp_path)
    plain = _run("--progress", "--store", str(path), tmp_path=tmp_path).stdout
    assert "passed at the 3rd attempt" in plain
    judged = _run("--progress", "--store", str(path), "--config", str(school), tmp_path=tmp_path)
    assert judged.returncode == 0, judged.stderr
    lines = [line for line in judged.stdout.splitlines() if " exam " in line]
    assert "OVER THE DAY'S LIMIT: not counted (over the school's limit of 2 third-card exams a day: 2 begun " \
           "within 24 hours before it; it reads: PASSED)" in lines[2]
    assert all("OVER" not in line for line in lines[:2])
    assert "third-card exams: 3 attempts, none passed at the standard yet" in judged.stdout
    people = json.loads(_run("--progress", "--json", "--store", str(path), "--config", str(school),
                             tmp_path=tmp_path).stdout)["trainees"]
    standard = people["dev"]["sessions"][2]["standard"]
    assert standard["met"] is False and "over the school's limit of 2" in standard["short"][-1]
    assert people["dev"]["exams"][0]["passed_at"] is None
    rows = list(csv.DictReader(io.StringIO(_run("--progress", "--csv", "sessions", "--store", str(path),
                                                "--config", str(school), tmp_path=tmp_path).stdout)))
    assert rows[2]["verdict"].startswith("OVER THE DAY'S LIMIT: not counted")


def _edit_failed_exams_to_practice(path) -> None:
    data = json.loads(path.read_text())
    for s in data["trainees"]["dev"]["sessions"]:
        if not s["passed"]:
            s["exam"] = False
    path.write_text(json.dumps(data))


def test_an_edited_record_keeps_its_attempt_and_its_place_in_the_days_limit(tmp_path):
    path = tmp_path / "p.json"
    store = ProgressStore(path)
    for right in (False, False, True):
        store.record("dev", _exam(right), "third-card")
    _edit_failed_exams_to_practice(path)
    assert ProgressStore(path).seal_states("dev") == ["edited", "edited", "sealed"]
    listing = _run("--progress", "--store", str(path), tmp_path=tmp_path).stdout
    assert ("third-card exams: 3 attempts (2 of them edited records: an attempt whatever it reads, never a pass), "
            "passed at the 3rd attempt (2 failed exams before)") in listing
    rows = list(csv.DictReader(io.StringIO(_run("--progress", "--csv", "sessions", "--store", str(path),
                                                tmp_path=tmp_path).stdout)))
    assert [r["exam_attempt"] for r in rows] == ["1", "2", "3"]
    people = json.loads(_run("--progress", "--json", "--store", str(path), tmp_path=tmp_path).stdout)["trainees"]
    assert people["dev"]["exams"] == [{"drill": "third-card", "attempts": 3, "passed_at": 3, "edited": 2}]
    with pytest.raises(ExamLimitReached) as refused:   # the edit gives no attempt back
        ProgressStore(path).begin_exam("dev", _exam(False), "third-card", most_a_day=3)
    assert "counting 2 edited records that may have been exams" in str(refused.value)
    assert len(ProgressStore(path).sessions("dev")) == 3


def test_an_edited_record_stops_counting_once_a_session_stored_after_it_is_24_hours_old(tmp_path):
    """What an edited record reads proves nothing, but a sealed session stored after it bounds when it
    was stored: a day after that, it no longer takes one of the day's exams."""
    path = tmp_path / "p.json"
    store = ProgressStore(path)
    store.record("dev", _exam(False), "third-card")
    practice = TrainingSession(Settings(cases=1), {"baccarat": ShoeFeed(8, 1), "blackjack": ShoeFeed(1, 1)}, seed=1)
    case = practice.next_case()
    practice.submit(case, list(case.answers), 1.0)
    store.record("dev", practice.summary(), "third-card")
    data = json.loads(path.read_text())
    first, second = data["trainees"]["dev"]["sessions"]
    first["exam"] = False   # edited
    path.write_text(json.dumps(data))
    with pytest.raises(ExamLimitReached):   # the session after it was stored just now: it may be today's exam
        ProgressStore(path).begin_exam("dev", _exam(False), "third-card", most_a_day=1)
    second["saved_utc"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() - 86400 - 60))
    second["seal"] = seal_of("dev", first["seal"], second)   # sealed as if stored a day and a minute ago
    path.write_text(json.dumps(data))
    assert ProgressStore(path).seal_states("dev") == ["edited", "sealed"]
    ProgressStore(path).begin_exam("dev", _exam(False), "third-card", most_a_day=1)
    assert len(ProgressStore(path).sessions("dev")) == 3


def test_the_same_drills_in_another_order_are_one_exam_in_progress_as_in_the_days_limit(tmp_path):
    """qaAD F11: ``payouts,third-card`` then ``third-card,payouts`` were one exam for the limit but two in
    ``--progress``, each "passed at the 1st attempt"."""
    path = tmp_path / "p.json"
    store = ProgressStore(path)
    store.record("ana", _exam(True), "payouts,third-card")
    store.record("ana", _exam(True), "third-card,payouts")
    listing = _run("--progress", "--store", str(path), tmp_path=tmp_path).stdout
    assert "payouts,third-card exams: 2 attempts, passed at the 1st attempt (1 taken since)" in listing
    assert "third-card,payouts exams" not in listing
    rows = list(csv.DictReader(io.StringIO(_run("--progress", "--csv", "sessions", "--store", str(path),
                                                tmp_path=tmp_path).stdout)))
    assert [r["exam_attempt"] for r in rows] == ["1", "2"]
    people = json.loads(_run("--progress", "--json", "--store", str(path), tmp_path=tmp_path).stdout)["trainees"]
    assert people["ana"]["exams"] == [{"drill": "payouts,third-card", "attempts": 2, "passed_at": 1, "edited": 0}]


def test_deleting_every_seal_as_well_does_not_give_the_days_exams_back(tmp_path):
    """rev24 T3: ``"exam": false`` set on the day's failed exams AND every ``seal`` of the trainee deleted read
    as an older dealer-assist's practice sessions ("not sealed"), which the limit does not count, so the next
    exam was allowed and ``--progress`` showed no edit.  ``utc`` and ``saved_utc`` are written only by a
    version that seals every session: with no seal, such an entry is edited."""
    path = tmp_path / "p.json"
    store = ProgressStore(path)
    for _ in range(2):
        store.record("dev", _exam(False), "third-card")
    data = json.loads(path.read_text())
    for s in data["trainees"]["dev"]["sessions"]:
        s["exam"] = False
        del s["seal"]
    path.write_text(json.dumps(data))
    assert ProgressStore(path).seal_states("dev") == ["edited", "edited"]
    with pytest.raises(ExamLimitReached) as refused:
        ProgressStore(path).begin_exam("dev", _exam(False), "third-card", most_a_day=2)
    assert "counting 2 edited records that may have been exams" in str(refused.value)
    assert len(ProgressStore(path).sessions("dev")) == 2
    listing = _run("--progress", "--store", str(path), tmp_path=tmp_path).stdout
    assert listing.count("EDITED RECORD: not counted (its seal is missing") == 2, listing
    # those fields deleted too: dated 15 hours or more (the widest zone, rev28 R1) after the file first held a
    # sealed session, still edited (rev26 F4)
    data["sealed_since"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() - 2 * 86400))
    for s in data["trainees"]["dev"]["sessions"]:
        del s["utc"], s["saved_utc"], s["older_until"]
    path.write_text(json.dumps(data))
    assert ProgressStore(path).seal_states("dev") == ["edited", "edited"]
    with pytest.raises(ExamLimitReached):
        ProgressStore(path).begin_exam("dev", _exam(False), "third-card", most_a_day=2)
    # a file no sealing version wrote (no "sealed_since", no seal anywhere) reads as an older one's
    del data["sealed_since"]
    path.write_text(json.dumps(data))
    assert ProgressStore(path).seal_states("dev") == ["not sealed", "not sealed"]
    data["trainees"]["dev"]["sessions"][0]["how"] = "text"   # one field only a sealing version writes
    path.write_text(json.dumps(data))
    assert ProgressStore(path).seal_states("dev") == ["edited", "edited"]
