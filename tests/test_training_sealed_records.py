"""Stored sessions are sealed in a hash chain per trainee: a record edited by hand is listed as edited
and its pass does not count (qaP F7: a student set an unfinished exam to 40 right, passed, and
``train --progress`` read "PASSED")."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

from dealer_assist.training import ProgressStore, Settings, ShoeFeed, TrainingSession, seal
from dealer_assist.training.scoring import PassMark
from dealer_assist.training.seal import seal_of

CLI = [sys.executable, "-m", "dealer_assist.cli"]


def _exam(right: bool = True) -> TrainingSession:
    session = TrainingSession(Settings(drills=("third-card",), exam=True, cases=40, limit=6, mark=PassMark()),
                              {"baccarat": ShoeFeed(8, None)})
    while not session.finished:
        case = session.next_case()
        answers = case.answers if right else tuple(
            next(c.key for c in q.choices if c.key != q.answer) for q in case.questions)
        session.submit(case, answers, 0.5)
    return session


def _listed(tmp_path, store) -> str:
    run = subprocess.run(CLI + ["train", "--progress", "--store", str(store)], capture_output=True, text=True,
                         env={**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}, timeout=60)
    assert run.returncode == 0, run.stderr
    return run.stdout


def test_an_edited_exam_is_listed_as_edited_and_never_laundered_by_a_later_save(tmp_path):
    path = tmp_path / "school.json"
    store = ProgressStore(path)
    store.record("eve", _exam(right=False).summary(), "third-card")
    store.record("eve", _exam(right=False).summary(), "third-card")
    assert ProgressStore(path).seal_states("eve") == ["sealed", "sealed"]
    assert "PASSED" not in _listed(tmp_path, path)
    data = json.loads(path.read_text())
    forged = data["trainees"]["eve"]["sessions"][0]
    forged["overall"].update(right=40, wrong=0, accuracy=1.0, within=1.0, passed=True)
    forged["passed"] = True
    path.write_text(json.dumps(data))
    assert ProgressStore(path).seal_states("eve") == ["edited", "sealed"]
    listed = _listed(tmp_path, path)
    assert "EDITED RECORD: not counted" in listed and "it reads: PASSED" in listed
    assert listed.count("PASSED") == 1          # only inside the edited record's own words
    ProgressStore(path).record("eve", _exam().summary(), "third-card")   # a save after the edit
    assert ProgressStore(path).seal_states("eve") == ["edited", "sealed", "sealed"]
    # sealing the forgery again by hand cuts the chain after it
    data = json.loads(path.read_text())
    sessions = data["trainees"]["eve"]["sessions"]
    sessions[0]["seal"] = seal_of("eve", "", sessions[0])
    path.write_text(json.dumps(data))
    assert ProgressStore(path).seal_states("eve") == ["sealed", "edited", "sealed"]
    report = subprocess.run(CLI + ["train", "--progress", "--json", "--store", str(path)], capture_output=True,
                            text=True, env={**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}, timeout=60)
    sessions = json.loads(report.stdout)["trainees"]["eve"]["sessions"]
    assert [s["record"] for s in sessions] == ["sealed", "edited", "sealed"]
    assert sessions[1]["standard"]["met"] is False


def test_a_pass_copied_from_another_trainee_does_not_verify(tmp_path):
    path = tmp_path / "school.json"
    store = ProgressStore(path)
    store.record("ana", _exam().summary(), "third-card")
    store.record("eve", _exam(right=False).summary(), "third-card")
    data = json.loads(path.read_text())
    data["trainees"]["eve"]["sessions"].insert(0, data["trainees"]["ana"]["sessions"][0])
    path.write_text(json.dumps(data))
    assert ProgressStore(path).seal_states("eve") == ["edited", "edited"]
    assert ProgressStore(path).seal_states("ana") == ["sealed"]


def test_an_exam_replaced_in_the_middle_and_one_taken_back_keep_the_chain_sound(tmp_path):
    path = tmp_path / "school.json"
    first, second = ProgressStore(path), ProgressStore(path)
    exam = _exam()
    first.begin_exam("eve", exam.summary(), "third-card")            # stored as not finished
    second.record("eve", _exam(right=False).summary(), "third-card")  # another session stored meanwhile
    first.record("eve", exam.summary(), "third-card")                 # the result replaces the first entry
    assert ProgressStore(path).seal_states("eve") == ["sealed", "sealed"]
    second.begin_exam("eve", exam.summary(), "third-card")
    second.forget_exam("eve")
    assert ProgressStore(path).seal_states("eve") == ["sealed", "sealed"]
    assert "PASSED" in _listed(tmp_path, path)


def test_sessions_stored_before_seals_are_read_and_an_old_exam_says_it_is_not_sealed(tmp_path):
    path = tmp_path / "school.json"
    ProgressStore(path).record("eve", _exam().summary(), "third-card")
    data = json.loads(path.read_text())
    for key in ("seal", "utc", "saved_utc", "older_until"):   # an older dealer-assist wrote none of these
        del data["trainees"]["eve"]["sessions"][0][key]
    del data["sealed_since"]                    # nor this, and it stored before the first sealed session
    data["trainees"]["eve"]["sessions"][0]["date"] = "2026-01-02T10:00:00"
    path.write_text(json.dumps(data))
    ProgressStore(path).record("eve", _exam().summary(), "third-card")
    assert ProgressStore(path).seal_states("eve") == ["not sealed", "sealed"]
    assert "record not sealed" in _listed(tmp_path, path)


def test_a_seal_deleted_or_a_session_slipped_in_ahead_of_the_seals_shows(tmp_path):
    """A session with no seal counted wherever it sat: a forged exam with its seal key deleted read PASSED
    (rev14)."""
    path = tmp_path / "school.json"
    for _ in range(2):
        ProgressStore(path).record("eve", _exam(right=False).summary(), "third-card")
    data = json.loads(path.read_text())
    sessions = data["trainees"]["eve"]["sessions"]
    forged = json.loads(json.dumps(sessions[0]))
    forged.pop("seal")
    forged["passed"] = True
    data["trainees"]["eve"]["sessions"] = sessions + [forged]
    path.write_text(json.dumps(data))
    assert ProgressStore(path).seal_states("eve") == ["sealed", "sealed", "edited"]
    data["trainees"]["eve"]["sessions"] = [forged] + sessions
    path.write_text(json.dumps(data))
    # its utc and saved_utc say a sealing version wrote it (rev24 T3); the chain after it is cut either way
    assert ProgressStore(path).seal_states("eve") == ["edited", "edited", "sealed"]
    for key in ("utc", "saved_utc", "older_until"):
        forged.pop(key)
    # the file first held a sealed session two days before: one dated 15 hours or more after that (an older
    # version's clock was UTC+14 at most, rev28 R1) had its seal deleted (rev26 F4)
    data["sealed_since"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() - 2 * 86400))
    path.write_text(json.dumps(data))
    assert ProgressStore(path).seal_states("eve") == ["edited", "edited", "sealed"]
    forged["date"] = "2026-01-02T10:00:00"      # dated before it: as an older dealer-assist's
    path.write_text(json.dumps(data))
    # ... but the file held no older version's session when first sealed, as its sealed sessions record
    # (older_until null): none with no seal is one (rev29 R3)
    assert ProgressStore(path).seal_states("eve") == ["edited", "edited", "sealed"]
    for s in sessions:
        s["older_until"] = "2026-01-02T10:00:00"   # a file that held one dated so: the forged copy reads as it
    seal.reseal("eve", sessions, {id(s) for s in sessions})
    path.write_text(json.dumps(data))
    assert ProgressStore(path).seal_states("eve") == ["not sealed", "edited", "sealed"]
    assert "EDITED RECORD" in _listed(tmp_path, path)
