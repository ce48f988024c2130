"""The ``--text --json`` answer event names the rule an impossible answer breaks, as the ``--text`` feedback
does (qaAN F12): ``13`` for a total was in ``given`` but "a baccarat total is 0 to 9: drop the tens" only on
the terminal.  The real command in a subprocess, answers down its stdin."""

from __future__ import annotations

import json
import os
import subprocess
import sys

CLI = [sys.executable, "-m", "dealer_assist.cli"]


def _answer_event(tmp_path, drill: str, lines: str) -> dict:
    done = subprocess.run(CLI + ["train", "--text", "--json", "--drill", drill, "--cases", "1", "--no-save",
                                 "--seed", "3"], input=lines, capture_output=True, text=True, timeout=60,
                          env={**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")})
    events = [json.loads(line) for line in done.stdout.splitlines()]
    return next(e for e in events if e["event"] == "answer")


def test_a_total_past_nine_is_named_with_the_rule_it_breaks(tmp_path):
    answer = _answer_event(tmp_path, "calling", "13\n0\nB\n")
    assert answer["given"] == ["13", "0", "B"]
    assert answer["broken"] == ["a baccarat total is 0 to 9: drop the tens, 13 counts as 3", None, None]


def test_an_amount_past_the_penny_and_an_answer_that_breaks_no_rule(tmp_path):
    case = _answer_event(tmp_path, "payouts", "9.5475\n" * 8)
    assert case["broken"][0] == "a payout is rounded down to the penny"
    assert len(case["broken"]) == len(case["given"])
    plain = _answer_event(tmp_path, "third-card", "N\n")
    assert plain["broken"] == [None]
