"""Every refusal of ``run --json`` / ``replay --json`` after the command line is read ends the JSON stream
with an end event naming its exit code and the error (qaAG F2: a refused ``--seats`` printed a start and
an end, while a refused ``--text-scale``, ``--size``, ``--quit-after`` or configuration file printed no
JSON at all, so a program driving the table could not count on the end event).

Run as a program reading the stream runs it: a real subprocess, Qt offscreen.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest


def _dealer_assist(*args):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run([sys.executable, "-m", "dealer_assist.cli", *args], capture_output=True, text=True,
                          timeout=120, env=env)


def _events(proc) -> list[dict]:
    return [json.loads(line) for line in proc.stdout.splitlines()]


@pytest.mark.parametrize("args, started, error", [
    (["--text-scale", "1.3"], False, "--text-scale 1.3 must be 0.8 to 1.25"),
    (["--size", "10x10"], False, "--size 10x10 is too small"),
    (["--size", "ten"], False, "bad --size 'ten'"),
    (["--config", "{tmp}/nonexist.toml"], False, "does not exist"),
    (["--config", "{tmp}/bad.toml"], False, "unknown setting display.full_screen"),
    (["--quit-after", "-1"], True, "--quit-after must be 0 seconds or more"),
    (["--seats", "3"], True, "--seats is for blackjack"),
])
def test_run_refused_on_its_command_line_ends_its_json_stream(tmp_path, args, started, error):
    (tmp_path / "bad.toml").write_text("[display]\nfull_screen = true\n")
    journal = tmp_path / "j.sqlite"
    proc = _dealer_assist("run", "--json", "--quit-after", "1", "--journal", str(journal),
                          *(a.format(tmp=tmp_path) for a in args))
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    events = _events(proc)
    end = events[-1]
    assert [e["event"] for e in events] == (["start", "end"] if started else ["end"])
    assert end["code"] == 2 and error in end["error"] and end["error"] in proc.stderr
    assert end["screenshot"] is None and end["journal_head"] is None
    assert not journal.exists()


def test_a_refusal_on_a_journal_of_the_other_game_gives_the_journals_head(tmp_path):
    """Refused before its start event (the game is not settled), the end event still names the head of the
    journal it left unchanged."""
    journal = tmp_path / "bj.sqlite"
    assert _dealer_assist("run", "--game", "blackjack", "--auto", "--turbo", "--quit-after", "2", "--journal",
                          str(journal)).returncode == 0
    proc = _dealer_assist("run", "--game", "baccarat", "--json", "--quit-after", "1", "--journal", str(journal))
    (end,) = _events(proc)
    assert proc.returncode == 3 and end["code"] == 3 and "is a blackjack table's" in end["error"]
    assert end["journal_head"]["verified"] is True and end["journal_head"]["seq"] > 0


@pytest.mark.parametrize("args, error", [
    (["--interval", "0"], "--interval must be above zero seconds"),
    (["--size", "10x10"], "--size 10x10 is too small"),
    (["--quit-after", "-1"], "--quit-after must be 0 seconds or more"),
    (["--round", "2"], "--round needs --shoe N"),
    (["--shoe", "0"], "--shoe 0: shoes and rounds are numbered from 1"),
])
def test_replay_refused_on_its_command_line_ends_its_json_stream(tmp_path, args, error):
    proc = _dealer_assist("replay", str(tmp_path / "j.sqlite"), "--json", "--quit-after", "1", *args)
    (end,) = _events(proc)
    assert proc.returncode == 2 and end == {"event": "end", "code": 2, "screenshot": None,
                                            "error": end["error"]}
    assert error in end["error"] and end["error"] in proc.stderr


def test_replay_of_a_missing_journal_ends_its_json_stream(tmp_path):
    proc = _dealer_assist("replay", str(tmp_path / "nope.sqlite"), "--json")
    (end,) = _events(proc)
    assert proc.returncode == 2 and end["code"] == 2 and "does not exist" in end["error"]
