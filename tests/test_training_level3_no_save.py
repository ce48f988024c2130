"""``train --level 3 --no-save``: practise one's own weak spots without the session counting.

``--no-save`` stopped the progress file being read as well as written, so level 3 found no record
and silently drilled the priors (level 2's mix) while the summary said "level 3" (qaJ F6).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter

from dealer_assist.training.third_card import ThirdCardDrill

CLI = [sys.executable, "-m", "dealer_assist.cli"]


def _store_weak_at_banker_6(path):
    """A record of many cases, every one right except every ``banker 6`` case."""
    categories = {f"third-card/{c}": {"seen": 40, "wrong": 40 if c == "banker 6" else 0}
                  for c in ThirdCardDrill.categories}
    path.write_text(json.dumps({"version": 1, "trainees": {"Wes": {"sessions": [], "categories": categories}}}))


def _train(tmp_path, *extra, cases=40):
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    return subprocess.run(CLI + ["train", "--text", "--json", "--drill", "third-card", "--cases", str(cases),
                                 "--seed", "6", "--level", "3", *extra],
                          input="S\n" * (cases * 3), capture_output=True, text=True, env=env, timeout=120)


def test_level_3_without_saving_drills_the_stored_weak_spots_and_writes_nothing(tmp_path):
    store = tmp_path / "progress.json"
    _store_weak_at_banker_6(store)
    before = (store.read_bytes(), store.stat().st_mtime_ns)
    run = _train(tmp_path, "--no-save", "--trainee", "WES", "--store", str(store))   # case-blind, as when saving
    assert run.returncode == 0, run.stderr
    seen = Counter(e["category"] for e in map(json.loads, run.stdout.splitlines()) if e["event"] == "case")
    assert sum(seen.values()) == 40
    assert seen["banker 6"] >= 30, seen   # the priors alone give it about one case in five
    assert (store.read_bytes(), store.stat().st_mtime_ns) == before
    assert not store.with_name("progress.json.lock").exists()


def test_level_3_without_saving_names_why_it_cannot_read_the_record(tmp_path):
    store = tmp_path / "progress.json"
    store.write_text("{not json")
    run = _train(tmp_path, "--no-save", "--store", str(store))
    assert run.returncode != 0 and run.stdout == ""
    assert "level 3 needs the trainee's stored record" in run.stderr and str(store) in run.stderr
    assert store.read_text() == "{not json"   # left as it is
    fresh = _train(tmp_path, "--no-save", "--trainee", "new", "--store", str(tmp_path / "none.json"), cases=2)
    assert fresh.returncode == 0, fresh.stderr
    assert "no stored record of 'new'" in fresh.stderr and not (tmp_path / "none.json").exists()


def test_a_practice_below_level_3_without_saving_does_not_need_the_file(tmp_path):
    store = tmp_path / "progress.json"
    store.write_text("{not json")
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    run = subprocess.run(CLI + ["train", "--text", "--json", "--cases", "2", "--seed", "1", "--level", "2",
                                "--no-save", "--store", str(store)],
                         input="S\n" * 6, capture_output=True, text=True, env=env, timeout=120)
    assert run.returncode == 0, run.stderr
