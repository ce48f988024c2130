"""``train --rename``/``--merge`` refusals that say what is wrong and what to do, and records the old code
could not reach (rev26 F5, F9, F14, F16)."""

from __future__ import annotations

import json

from dealer_assist.training import ProgressStore, Settings, ShoeFeed, TrainingSession
from trainer_runs import practice, train

NFC, NFD = "Chlo\u00e9", "Chloe\u0301"


def test_session_options_given_with_a_rename_are_refused_not_ignored(tmp_path):
    path = tmp_path / "p.json"
    ProgressStore(path).record("Ana", practice(1), "third-card")
    before = path.read_bytes()
    out = train(tmp_path, "--rename", "Ana", "Zed", "--store", str(path), "--drill", "payouts", "--cases", "3",
               "--level", "2", "--seed", "4", "--minutes", "2")
    assert out.returncode != 0
    assert "give it without" in out.stderr and all(o in out.stderr for o in ("--drill", "--cases", "--level",
                                                                             "--seed", "--minutes"))
    assert path.read_bytes() == before


def test_a_rename_that_cannot_open_the_lock_says_so_not_that_a_session_was_lost(tmp_path):
    path = tmp_path / "p.json"
    ProgressStore(path).record("Ana", practice(1), "third-card")
    (tmp_path / "p.json.lock").unlink()
    (tmp_path / "p.json.lock").mkdir()   # opened for writing it fails, as another account's 0644 lock does
    out = train(tmp_path, "--rename", "Ana", "Anna", "--store", str(path))
    assert out.returncode != 0
    assert "cannot change" in out.stderr and "nothing was changed" in out.stderr
    assert "session's results" not in out.stderr and "use --store" not in out.stderr
    assert ProgressStore(path).trainees == ["Ana"]


def test_a_copied_session_that_blocks_a_merge_is_named_with_what_to_do(tmp_path):
    path = tmp_path / "p.json"
    for seed in (1, 2, 3):
        ProgressStore(path).record("Bob", practice(seed), "third-card")
    data = json.loads(path.read_text(encoding="utf-8"))
    last = data["trainees"]["Bob"]["sessions"].pop()
    data["trainees"]["Ana"] = {"sessions": [last], "categories": {}}
    path.write_text(json.dumps(data), encoding="utf-8")
    out = train(tmp_path, "--merge", "Ana", "Bob", "--store", str(path), "--reason", "one person")
    assert out.returncode != 0
    assert "copied by hand" in out.stderr and "take it out of the file by hand" in out.stderr
    assert "nothing was changed" in out.stderr


def test_two_records_whose_names_differ_only_in_unicode_form_are_merged(tmp_path):
    path = tmp_path / "p.json"
    ProgressStore(path).record("Zed", practice(2), "third-card")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["trainees"][NFD] = data["trainees"].pop("Zed")   # as an older dealer-assist stored a macOS-typed name
    for s in data["trainees"][NFD]["sessions"]:
        s.pop("seal")
        s["date"] = "2026-01-02T10:00:00"                  # stored before seals were kept
        for key in ("utc", "saved_utc", "how", "older_until"):
            s.pop(key, None)
    del data["sealed_since"]
    data["trainees"] = {NFC: {"sessions": [], "categories": {}}, **data["trainees"]}   # NFC's record first
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    ProgressStore(path).record(NFC, practice(1), "third-card")   # the upgrade: the file's first sealed session
    store = ProgressStore(path)
    assert len(store.sessions(NFD)) == 1 and store.sessions(NFD) != store.sessions(NFC)   # each its own record
    out = train(tmp_path, "--merge", NFD, NFC, "--store", str(path))
    assert out.returncode == 0, out.stderr
    assert "'Chloe\\u0301' into 'Chlo\\xe9'" in out.stdout
    after = ProgressStore(path)
    assert after.trainees == [NFC] and len(after.sessions(NFC)) == 2
    assert after.seal_states(NFC) == ["not sealed", "sealed"]


def _exam():
    session = TrainingSession(Settings(drills=("third-card",), exam=True, cases=40, minutes=None),
                              {"baccarat": ShoeFeed(8, None), "blackjack": ShoeFeed(1, None)})
    while not session.finished:
        case = session.next_case()
        session.submit(case, case.answers, 1.0)
    return session.summary()


def test_a_rename_or_merge_of_a_trainee_with_a_recent_exam_needs_a_reason_which_is_logged(tmp_path):
    """rev26 F3: anyone who can write the file can run them, and ``--merge Ana Bob`` hands Ana's failed exams
    to a classmate: with an exam of the last 24 hours concerned, the change is made only with a reason."""
    path = tmp_path / "p.json"
    ProgressStore(path).record("Ana", _exam(), "third-card")
    ProgressStore(path).record("Bob", practice(1), "third-card")
    before = path.read_bytes()
    refused = train(tmp_path, "--merge", "Ana", "Bob", "--store", str(path))
    assert refused.returncode != 0 and "--reason TEXT" in refused.stderr and "'Ana' has 1 exam" in refused.stderr
    assert path.read_bytes() == before
    bad = train(tmp_path, "--merge", "Ana", "Bob", "--store", str(path), "--reason", "x\nPASSED")
    assert bad.returncode != 0 and path.read_bytes() == before
    done = train(tmp_path, "--merge", "Ana", "Bob", "--store", str(path), "--reason", "Ana registered twice")
    assert done.returncode == 0, done.stderr
    assert ("1 exam (or edited record) of the last 24 hours moved with the record still counts against the day "
            "limit of 'Ana', for 24 hours after each") in done.stdout
    assert json.loads(path.read_text(encoding="utf-8"))["renames"][0]["reason"] == "Ana registered twice"
    listing = train(tmp_path, "--progress", "--store", str(path)).stdout
    assert "reason given: 'Ana registered twice'" in listing
    practice_only = train(tmp_path, "--rename", "Bob", "Rob", "--store", str(path))
    assert practice_only.returncode != 0   # Bob holds Ana's exam now
