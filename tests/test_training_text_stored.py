"""The ``--text`` summary says whose session it is and where it went, then the weak spots, as the window's
does (qaAD F6: a trainer at a terminal could not see that an exam was filed under the right name and file)."""

from __future__ import annotations

import os
import subprocess
import sys

CLI = [sys.executable, "-m", "dealer_assist.cli"]


def _train(tmp_path, *args):
    return subprocess.run(CLI + ["train", "--text", "--drill", "third-card", "--seed", "4", *args],
                          input="P\nq\n", capture_output=True, text=True, timeout=60,
                          env={**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")})


def test_the_text_summary_says_where_the_session_was_stored_and_the_weak_spots(tmp_path):
    path = tmp_path / "p.json"
    stored = _train(tmp_path, "--trainee", "Ana", "--store", str(path))
    assert f"Stored for Ana in {path}." in stored.stdout
    assert "Over all your stored sessions, weak spots" in stored.stdout   # "P" was the wrong call (seed 4)
    rehearsal = _train(tmp_path, "--trainee", "Ana", "--no-save")
    assert "Not stored (--no-save): Ana's session." in rehearsal.stdout
    data = _train(tmp_path, "--trainee", "Ana", "--store", str(path), "--json")
    assert "Stored for" not in data.stdout    # --json prints JSON only
