"""Answers that can be read but are no possible right answer are scored wrong, never refused (qaP F11).

Refused, "13" for a total was asked again with "type a whole number from 0 to 9", and the retry
counted right: the commonest calling mistake (not dropping the ten) was never scored, and the
refusal told an exam's trainee the rule.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from decimal import Decimal

import pytest

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.baccarat.round import play
from dealer_assist.baccarat.settlement import Wager
from dealer_assist.cards import parse_cards
from dealer_assist.training.calling import CallingDrill
from dealer_assist.training.case import AnswerError, score
from dealer_assist.training.payouts import PayoutDrill

CLI = [sys.executable, "-m", "dealer_assist.cli"]


def _calling(shoe: str):
    return CallingDrill.case(play(parse_cards(shoe.split())))


def test_a_total_not_reduced_is_scored_wrong_with_the_rule():
    case = _calling("K 3 5 4 8")   # Player 3, Banker 5 + 4 + 8 = 17 -> 7
    attempt = score(case, ["3", "17", "B"], 2.0)
    assert attempt.result == "wrong" and attempt.wrong_questions == (1,)
    told = attempt.feedback()
    assert "Banker total: 7 (you said: 17; a baccarat total is 0 to 9: drop the tens, 17 counts as 7)" in told
    assert score(case, ["13", "7", "B"], 2.0).wrong_questions == (0,)


@pytest.mark.parametrize("text", ["x", "1.5", "²", "-3", "1234567"])
def test_what_is_no_whole_number_is_refused_without_the_range(text):
    case = _calling("K 3 5 4 8")
    with pytest.raises(AnswerError) as exc:
        case.questions[0].normalize(text)
    assert "0 to 9" not in str(exc.value)


def test_a_negative_amount_is_scored_wrong_not_refused():
    case = PayoutDrill().baccarat_case(play(parse_cards("K 3 5 4 8".split())),
                                       (Wager(1, Bet.PLAYER, Decimal("10.00")),))
    assert case.answers == ("0.00", "0.00")
    attempt = score(case, ["-10", "-0"], 2.0)
    assert attempt.given == ("-10.00", "0.00") and attempt.wrong_questions == (0,)
    assert "no payout is below 0" in attempt.feedback()


def test_an_exam_scores_13_wrong_and_does_not_ask_again(tmp_path):
    """The QA's repro: Player Q J Q (0) answered 10 in an exam; it had been refused and retried as 0."""
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    run = subprocess.run(CLI + ["train", "--text", "--json", "--exam", "--drill", "calling", "--seed", "7",
                                "--cases", "1", "--no-save"], input="10\n7\nb\n", capture_output=True,
                         text=True, env=env, timeout=60)
    assert run.returncode == 0, run.stderr
    events = [json.loads(line) for line in run.stdout.splitlines()]
    case = next(e for e in events if e["event"] == "case")
    assert case["hands"][0]["cards"] == ["QC", "JS", "QC"]
    assert "not understood" not in run.stderr and "0 to 9" not in run.stderr
    summary = events[-1]
    (mistake,) = summary["mistakes"]
    assert mistake["given"] == ["10", "7", "B"] and mistake["expected"][0] == "0"
    assert summary["overall"]["wrong"] == 1 and summary["overall"]["right"] == 0
