"""Trainee names a school can rely on (qaAD F4): ``Dеv`` with a Cyrillic е (U+0435) started a fresh record
with no attempts, listed under a second "Dev:" heading, and "Chloé" typed decomposed (as a macOS terminal
sends it) split Chloé's record in two."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import unicodedata

from dealer_assist.training import ProgressStore, Settings, ShoeFeed, TrainingSession

CLI = [sys.executable, "-m", "dealer_assist.cli"]
LOOK_ALIKE = "D\u0435v"   # the е is Cyrillic


def _practice():
    session = TrainingSession(Settings(cases=1), {"baccarat": ShoeFeed(8, 1), "blackjack": ShoeFeed(1, 1)}, seed=1)
    case = session.next_case()
    session.submit(case, list(case.answers), 1.0)
    return session.summary()


def _run(tmp_path, *args, stdin=""):
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    return subprocess.run(CLI + ["train", *args], input=stdin, capture_output=True, text=True, env=env, timeout=60)


def test_a_name_typed_decomposed_is_the_same_trainee(tmp_path):
    path = tmp_path / "p.json"
    composed, decomposed = "Chlo\u00e9", unicodedata.normalize("NFD", "Chlo\u00e9")
    assert composed != decomposed
    ProgressStore(path).record(composed, _practice(), "third-card")
    ProgressStore(path).record(decomposed, _practice(), "third-card")
    store = ProgressStore(path)
    assert store.trainees == [composed] and len(store.sessions(decomposed)) == 2


def test_the_schools_roster_refuses_a_name_not_on_it_before_the_first_case(tmp_path):
    school = tmp_path / "school.toml"
    school.write_text('[training]\ntrainees = ["Ana", "Dev"]\n')
    path = tmp_path / "p.json"
    ProgressStore(path).record("Dev", _practice(), "third-card")
    refused = _run(tmp_path, "--text", "--cases", "1", "--trainee", LOOK_ALIKE, "--config", str(school),
                   "--store", str(path), stdin="P\nq\n")
    assert refused.returncode != 0 and "Traceback" not in refused.stderr
    assert f"{LOOK_ALIKE!r} is not on the school's roster" in refused.stderr and "Ana, Dev" in refused.stderr
    assert "#1" not in refused.stdout and ProgressStore(path).trainees == ["Dev"]
    taken = _run(tmp_path, "--text", "--cases", "1", "--trainee", "dev", "--config", str(school),
                 "--store", str(path), stdin="P\nq\n")
    assert taken.returncode == 0, taken.stderr
    assert len(ProgressStore(path).sessions("Dev")) == 2


def test_a_look_alike_name_is_told_when_stored_and_in_progress(tmp_path):
    path = tmp_path / "p.json"
    ProgressStore(path).record("Dev", _practice(), "third-card")
    new = _run(tmp_path, "--text", "--cases", "1", "--trainee", LOOK_ALIKE, "--store", str(path), stdin="P\nq\n")
    assert new.returncode == 0, new.stderr
    assert "looks like the stored 'Dev' (U+0435 CYRILLIC SMALL LETTER IE)" in new.stderr
    listing = _run(tmp_path, "--progress", "--store", str(path)).stdout
    assert listing.count("NAME LOOKS LIKE another trainee's") == 2
    assert "NAME LOOKS LIKE another trainee's, 'Dev' (U+0435 CYRILLIC SMALL LETTER IE)" in listing
    # under the genuine "Dev" too, the odd letter is the other's Cyrillic one, not its own plain e (rev24 T1)
    assert f"NAME LOOKS LIKE another trainee's, '{LOOK_ALIKE}' (U+0435 CYRILLIC SMALL LETTER IE)" in listing
    assert "U+0065" not in listing
    school = tmp_path / "school.toml"
    school.write_text('[training]\ntrainees = ["Dev"]\n')
    judged = _run(tmp_path, "--progress", "--store", str(path), "--config", str(school))
    assert judged.stdout.count("NOT ON THE SCHOOL'S ROSTER") == 1
    people = json.loads(_run(tmp_path, "--progress", "--json", "--store", str(path), "--config",
                             str(school)).stdout)["trainees"]
    assert people["Dev"]["look_alikes"] == [LOOK_ALIKE] and people["Dev"]["on_roster"] is True
    assert people[LOOK_ALIKE]["on_roster"] is False
