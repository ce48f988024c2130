"""The file's log of renames is not sealed: a hand-edited ``to`` that is no trainee's name (a newline in it,
empty, over 40 characters) crashed every session of the old name with a traceback, the note on stderr
and the store alike (rev28 R2); and a refused ``--reason`` was echoed whole, a 100 KB error line for a
100 000-character one, and 150 "é" typed decomposed were over "200 characters" (rev28 R3)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import unicodedata

import pytest

from dealer_assist.training import ProgressStore
from trainer_runs import practice

CLI = [sys.executable, "-m", "dealer_assist.cli"]
EDITED_TARGETS = ["Ana old\nBob:", "", "x" * 41]


def _run(tmp_path, *args, stdin=""):
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    return subprocess.run(CLI + ["train", *args], capture_output=True, text=True, env=env, timeout=60, input=stdin)


def _edit_target(path, target):
    data = json.loads(path.read_text(encoding="utf-8"))
    data["renames"][-1]["to"] = target
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


@pytest.mark.parametrize("target", EDITED_TARGETS)
def test_a_session_of_the_old_name_is_stored_with_a_note_not_a_traceback(tmp_path, target):
    path = tmp_path / "p.json"
    ProgressStore(path).record("Ana", practice(1), "third-card")
    ProgressStore(path).rename("Ana", "Ana old")
    _edit_target(path, target)
    done = _run(tmp_path, "--text", "--drill", "third-card", "--cases", "1", "--seed", "3", "--trainee", "Ana",
                "--store", str(path), stdin="P\n" * 5)
    assert "Traceback" not in done.stderr, done.stderr
    assert "which is no trainee's name (the log was edited by hand)" in done.stderr, done.stderr
    assert len(ProgressStore(path).sessions("Ana")) == 1


@pytest.mark.parametrize("target", EDITED_TARGETS)
def test_a_store_opened_before_the_change_keeps_the_session_under_the_name_given(tmp_path, target):
    path = tmp_path / "p.json"
    ProgressStore(path).record("Ana", practice(1), "third-card")
    store = ProgressStore(path)   # opened before the rename: a session of Ana would follow the record
    ProgressStore(path).rename("Ana", "Ana old")
    _edit_target(path, target)
    store.record("Ana", practice(2), "third-card")
    again = ProgressStore(path)
    assert len(again.sessions("Ana")) == 1 and len(again.sessions("Ana old")) == 1


def test_a_refused_reason_is_named_by_its_start_and_length_only(tmp_path):
    path = tmp_path / "p.json"
    ProgressStore(path).record("Ana", practice(1), "third-card")
    done = _run(tmp_path, "--rename", "Ana", "Anna", "--reason", "why " * 25000, "--store", str(path))
    assert done.returncode != 0 and "nothing was changed" in done.stderr
    assert len(done.stderr) < 500, len(done.stderr)
    assert "(100000 characters)" in done.stderr


def test_a_reason_typed_decomposed_counts_its_characters_as_read(tmp_path):
    path = tmp_path / "p.json"
    ProgressStore(path).record("Ana", practice(1), "third-card")
    reason = unicodedata.normalize("NFD", "é" * 150)   # 300 code points, 150 characters
    done = _run(tmp_path, "--rename", "Ana", "Anna", "--reason", reason, "--store", str(path))
    assert done.returncode == 0, done.stderr
    assert ProgressStore(path).renames()[-1]["reason"] == "é" * 150
