"""A terminal that cannot encode a suit or an accent (``LC_ALL=C PYTHONIOENCODING=ascii``, an old casino PC
on Latin-1) gets the trainer's text, not a UnicodeEncodeError traceback (qaAD F12)."""

from __future__ import annotations

import csv
import io
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


@pytest.mark.parametrize("table", ["sessions", "rules", "mistakes"])
def test_a_csv_keeps_every_name_as_stored_on_a_plain_terminal_and_says_so(tmp_path, table):
    """rev24 T2: the accent-dropping that helps a person read a terminal wrote "Chloé" and "Chloe" as two
    ``Chloe`` rows of ``--csv sessions``, two trainees made one with no word.  A CSV is data: written in
    UTF-8 where stdout's encoding cannot hold it, with a note on stderr."""
    path = tmp_path / "p.json"
    for name in ("Chlo\u00e9", "Chloe"):
        practice = TrainingSession(Settings(cases=2), {"baccarat": ShoeFeed(8, 1), "blackjack": ShoeFeed(1, 1)},
                                   seed=1)
        while not practice.finished:
            case = practice.next_case()
            practice.submit(case, [next(c.key for c in q.choices if c.key != q.answer) for q in case.questions],
                            1.0)
        ProgressStore(path).record(name, practice.summary(), "third-card")
    run = _run(tmp_path, "ascii", "--progress", "--csv", table, "--store", str(path))
    assert run.returncode == 0 and b"Traceback" not in run.stderr, run.stderr
    rows = list(csv.DictReader(io.StringIO(run.stdout.decode("utf-8"))))
    assert {r["trainee"] for r in rows} == {"Chlo\u00e9", "Chloe"}
    said = b"U+2666 BLACK DIAMOND SUIT" if table == "mistakes" else b"U+00E9 LATIN SMALL LETTER E WITH ACUTE"
    assert b"the CSV holds " + said in run.stderr and b"written in UTF-8" in run.stderr, run.stderr
    same = _run(tmp_path, "utf-8", "--progress", "--csv", table, "--store", str(path))
    assert same.stdout == run.stdout and same.stderr == b""


def test_a_csv_is_utf8_on_a_latin1_terminal_whatever_the_other_names(tmp_path):
    """rev26 F10: on a Latin-1 stdout "Chloé" was written in Latin-1 while every name fitted, and in UTF-8 once
    a trainee "Dеv" (Cyrillic е) was stored: two encodings of one name for a school's nightly import."""
    path = tmp_path / "p.json"
    practice = TrainingSession(Settings(cases=1), {"baccarat": ShoeFeed(8, 1), "blackjack": ShoeFeed(1, 1)}, seed=1)
    case = practice.next_case()
    practice.submit(case, list(case.answers), 1.0)
    ProgressStore(path).record("Chlo\u00e9", practice.summary(), "third-card")
    alone = _run(tmp_path, "latin-1", "--progress", "--csv", "sessions", "--store", str(path))
    assert "Chlo\u00e9".encode("utf-8") in alone.stdout and b"written in UTF-8" in alone.stderr, alone.stderr
    ProgressStore(path).record("D\u0435v", practice.summary(), "third-card")
    both = _run(tmp_path, "latin-1", "--progress", "--csv", "sessions", "--store", str(path))
    assert "Chlo\u00e9".encode("utf-8") in both.stdout
