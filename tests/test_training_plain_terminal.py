"""A terminal that cannot encode a suit or an accent (``LC_ALL=C PYTHONIOENCODING=ascii``, an old casino PC
on Latin-1) gets the trainer's text, not a UnicodeEncodeError traceback (qaAD F12)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from dealer_assist.training import ProgressStore, Settings, ShoeFeed, TrainingSession

CLI = [sys.executable, "-m", "dealer_assist.cli"]


def _run(tmp_path, encoding, *args, stdin=""):
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "LC_ALL": "C", "PYTHONIOENCODING": encoding}
    return subprocess.run(CLI + ["train", *args], input=stdin.encode(), capture_output=True, env=env, timeout=60)


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_cards_and_names_are_written_in_letters_a_plain_terminal_can_show(tmp_path, encoding):
    drill = _run(tmp_path, encoding, "--text", "--no-save", "--seed", "4", stdin="P\nq\n")
    out = drill.stdout.decode(encoding)
    assert b"Traceback" not in drill.stderr and drill.returncode == 0, drill.stderr
    assert "Player         8H 8C" in out and "Banker         5H KS" in out
    path = tmp_path / "p.json"
    practice = TrainingSession(Settings(cases=1), {"baccarat": ShoeFeed(8, 1), "blackjack": ShoeFeed(1, 1)}, seed=1)
    case = practice.next_case()
    practice.submit(case, list(case.answers), 1.0)
    ProgressStore(path).record("Chlo\u00e9", practice.summary(), "third-card")
    listing = _run(tmp_path, encoding, "--progress", "--store", str(path))
    assert listing.returncode == 0 and b"Traceback" not in listing.stderr, listing.stderr
    assert ("Chloe:" if encoding == "ascii" else "Chlo\u00e9:") in listing.stdout.decode(encoding)
    data = _run(tmp_path, encoding, "--progress", "--json", "--store", str(path))
    assert list(json.loads(data.stdout.decode(encoding))["trainees"]) == ["Chlo\u00e9"]   # escaped, not changed
