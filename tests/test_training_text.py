"""The terminal trainer after the QA audit: Ctrl+C keeps the session, the "every key that applies"
prompt, plain-words feedback, option and listing checks."""

from __future__ import annotations

import io
import json
import os
import random
import signal
import subprocess
import sys

import pytest

from dealer_assist.training import ProgressStore, Settings, ShoeFeed, TrainingSession
from dealer_assist.training.blackjack_dealer import BlackjackDealerDrill
from dealer_assist.training.case import score
from dealer_assist.training.terminal import TextTrainer
from conftest import ctrl_c_as_a_terminal

CLI = [sys.executable, "-m", "dealer_assist.cli"]


def _env(tmp_path):
    return {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "PYTHONUNBUFFERED": "1"}


def _events_until(proc, kind, n):
    while True:
        line = proc.stdout.readline()
        assert line, proc.stderr.read()
        event = json.loads(line)
        if event["event"] == kind and event.get("n") == n:
            return event


# -- finding 4: Ctrl+C ---------------------------------------------------------------------------------

def test_ctrl_c_ends_the_text_session_and_stores_what_was_answered(tmp_path):
    store = tmp_path / "p.json"
    proc = subprocess.Popen(CLI + ["train", "--text", "--json", "--seed", "1", "--trainee", "ana", "--store",
                                   str(store)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=_env(tmp_path), preexec_fn=ctrl_c_as_a_terminal)
    try:
        case = _events_until(proc, "case", 1)
        assert case["drill"] == "third-card"
        proc.stdin.write("N\n")       # any readable answer: scored right or wrong
        proc.stdin.flush()
        _events_until(proc, "answer", 1)
        _events_until(proc, "case", 2)   # now waiting on the second answer
        proc.send_signal(signal.SIGINT)
        rest = proc.stdout.read()
        err = proc.stderr.read()
        code = proc.wait(timeout=30)
    finally:
        proc.stdin.close()
        if proc.poll() is None:
            proc.kill()
    assert code == 130, err
    assert "interrupted" in err and "Traceback" not in err
    (summary,) = [json.loads(line) for line in rest.splitlines() if '"summary"' in line]
    assert summary["overall"]["cases"] == 1
    (entry,) = ProgressStore(store).sessions("ana")
    assert entry["overall"]["cases"] == 1


def test_ctrl_c_in_the_text_trainer_scores_like_q():
    class Interrupting(io.StringIO):
        def readline(self, *args):
            line = super().readline(*args)
            if not line:
                raise KeyboardInterrupt
            return line

    session = TrainingSession(Settings(exam=True, cases=5, limit=60), {"baccarat": ShoeFeed(8, 1)}, seed=1)
    first = TrainingSession(Settings(exam=True, cases=5, limit=60), {"baccarat": ShoeFeed(8, 1)}, seed=1)
    out = io.StringIO()
    trainer = TextTrainer(session, inp=Interrupting(first.next_case().answers[0] + "\n"), out=out, err=io.StringIO())
    try:
        summary = trainer.run()
    except KeyboardInterrupt:
        pytest.fail("Ctrl+C went past the trainer: the session was thrown away")
    assert trainer.interrupted and len(session.attempts) == 1
    assert not summary.passed and summary.overall.unanswered == 4 and "Exam: 5 cases" in out.getvalue()


# -- finding 6: every key that applies -------------------------------------------------------------------

def _actions_session():
    for seed in range(1, 80):
        session = TrainingSession(Settings(drills=("blackjack-dealer",), cases=1),
                                  {"blackjack": ShoeFeed(1, seed)}, seed=seed)
        if session.next_case().questions[0].kind == "choices":
            return seed
    raise AssertionError("no actions case")


def test_the_actions_prompt_says_type_every_key_that_applies():
    seed = _actions_session()
    session = TrainingSession(Settings(drills=("blackjack-dealer",), cases=1), {"blackjack": ShoeFeed(1, seed)},
                              seed=seed)
    out = io.StringIO()
    TextTrainer(session, inp=io.StringIO("q\n"), out=out, err=io.StringIO()).run()
    prompt = [line for line in out.getvalue().splitlines() if " may [" in line][0]
    assert "type every key that applies" in prompt and "H = hit" in prompt and "[H/S/D/P]" not in prompt


# -- finding 10: wording ---------------------------------------------------------------------------------

def test_feedback_names_the_right_call_and_no_internal_rule_ids():
    drill = BlackjackDealerDrill()
    feed, rng = ShoeFeed(1, 3), random.Random(1)
    explained = []
    while len(explained) < 20:
        for case in drill.deal(feed, rng, 1):
            if case.questions[0].kind == "choices" and "refused" in case.explanation:
                explained.append(case.explanation)
    assert all("(rule:" not in text for text in explained)
    assert any("only on a hard 9, 10 or 11" in text for text in explained)   # the plain words stay
    from dealer_assist.training.third_card import ThirdCardDrill
    from dealer_assist.training.feed import ListFeed
    from dealer_assist.cards import parse_cards

    case = ThirdCardDrill().deal(ListFeed(parse_cards("2 A 3 2 8".split())), random.Random(0), 1)[1]
    text = score(case, ["B"], 1.0).feedback()
    assert "Right call: Banker stands (you said: Banker draws)" in text and "Your call:" not in text


def test_the_progress_listing_says_1_case_not_1_cases(tmp_path):
    store = tmp_path / "p.json"
    run = subprocess.run(CLI + ["train", "--text", "--seed", "1", "--trainee", "ana", "--store", str(store)],
                         input="N\nq\n", capture_output=True, text=True, env=_env(tmp_path), timeout=60)
    assert run.returncode == 0, run.stderr
    shown = subprocess.run(CLI + ["train", "--progress", "--store", str(store)], capture_output=True, text=True,
                           env=_env(tmp_path), timeout=60)
    assert "   1 case  " in shown.stdout and "1 cases" not in shown.stdout


# -- finding 11: numbers that are not numbers ----------------------------------------------------------

@pytest.mark.parametrize("option, value", [("--minutes", "nan"), ("--minutes", "inf"), ("--limit", "nan"),
                                           ("--limit", "inf"), ("--pass-seconds", "inf")])
def test_non_finite_numbers_are_refused(tmp_path, option, value):
    run = subprocess.run(CLI + ["train", "--text", "--no-save", option, value], input="q\n", capture_output=True,
                         text=True, env=_env(tmp_path), timeout=60)
    assert run.returncode != 0 and f"{option} {value}" in run.stderr and "give a number" in run.stderr
    assert run.stdout == ""
