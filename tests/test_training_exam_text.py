"""A ``--text`` exam after the QA pass qaF: what its case lines may show before the answer, what it
says of its time limit, and how it takes an amount with too many decimals."""

from __future__ import annotations

import io
import json

from dealer_assist.training import Settings, ShoeFeed, TrainingSession
from dealer_assist.training.scoring import PassMark
from dealer_assist.training.terminal import TextTrainer


def _feeds(seed=1):
    return {"baccarat": ShoeFeed(8, seed), "blackjack": ShoeFeed(1, seed)}


def _run(settings, answers, seed=1, json_mode=True, clock=None):
    session = TrainingSession(settings, _feeds(seed), seed=seed)
    out, err = io.StringIO(), io.StringIO()
    kwargs = {"clock": clock} if clock else {}
    summary = TextTrainer(session, inp=io.StringIO("".join(a + "\n" for a in answers)), out=out, err=err,
                          json_mode=json_mode, **kwargs).run()
    return summary, out.getvalue(), err.getvalue()


def test_an_exams_case_lines_do_not_name_the_rule_that_decides_them():
    """"category": "natural" or "player 0-5" gave each answer away; it comes with the result at the end."""
    settings = Settings(drills=("third-card", "calling", "payouts", "blackjack-dealer"), exam=True, cases=8,
                        limit=6, mark=PassMark(0.98, 3))
    _, out, _ = _run(settings, ["N", "P", "0 0 0 0 0 0 0 0", "S"] * 4)
    events = [json.loads(line) for line in out.splitlines()]
    cases = [e for e in events if e["event"] == "case"]
    assert len(cases) >= 2
    assert all("category" not in e for e in cases)
    assert all(set(e) == {"event", "n", "recorded", "in_time"} for e in events if e["event"] == "answer")
    (summary,) = [e for e in events if e["event"] == "summary"]
    assert all("category" in m for m in summary["mistakes"])


def test_a_practice_sessions_case_lines_keep_their_category():
    _, out, _ = _run(Settings(cases=1), ["N"])
    (case,) = [e for e in map(json.loads, out.splitlines()) if e["event"] == "case"]
    assert case["category"]


class _Clock:
    """A clock that jumps ``step`` seconds at every reading: every answer takes ``step`` seconds."""

    def __init__(self, step):
        self.now, self.step = 0.0, step

    def __call__(self):
        self.now += self.step
        return self.now


def test_a_text_exam_states_its_time_limit_and_says_when_an_answer_came_after_it():
    """A --text exam never named its 6 s limit, and a late answer read "Recorded." like any other."""
    settings = Settings(exam=True, cases=2, limit=6, mark=PassMark(0.98, 3))
    _, out, _ = _run(settings, ["N", "N"], json_mode=False, clock=_Clock(8))
    head = out.split("#1")[0]
    assert "6 s per decision" in head and "98% within 3 s" in head and "2 cases" in head
    assert "after the 6 s limit per decision: it counts as failed" in out
    _, out, _ = _run(settings, ["N", "N"], clock=_Clock(8))
    events = [json.loads(line) for line in out.splitlines()]
    assert events[0] == {"event": "exam", "cases": 2, "minutes": 10.0, "limit": 6,
                         "pass_mark": {"accuracy": 0.98, "seconds": 3}}
    assert [e["in_time"] for e in events if e["event"] == "answer"] == [False, False]


def test_an_unrounded_amount_in_an_exam_is_scored_wrong_not_refused_with_a_hint():
    """9.5475 was refused as "more than two decimals" and asked again: a hint to round down."""
    settings = Settings(drills=("payouts",), exam=True, cases=1, limit=60)
    case = TrainingSession(settings, _feeds(3), seed=3).next_case()    # the same case the exam deals
    answers = [q.answer + "75" if q.kind == "amount" else q.answer for q in case.questions]
    summary, _, err = _run(settings, answers, seed=3)
    assert "two decimals" not in err and "not understood" not in err
    (attempt,) = summary.attempts
    assert attempt.result == "wrong" and attempt.given[0] == case.questions[0].answer + "75"
