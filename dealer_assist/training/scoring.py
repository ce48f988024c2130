"""Scores: accuracy and time per decision, per drill and for the session, against a pass mark.

A decision counts toward the pass mark only when it is right *and* within
the mark's time: "98% within 3 s" means 98 of 100 decisions right, each in 3
seconds or less.  A payout case with four amounts is four decisions.

An exam is passed only when it is complete: an exam ended early (``q``,
Esc, the session's time running out) counts every case not answered as
failed, so quitting after one right answer can never store "100% PASSED".
A pass counts only at the standard (:mod:`dealer_assist.training.standard`):
one under easier settings is shown as "passed below the standard".
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from typing import Iterable, Mapping, Optional

from dealer_assist.training.standard import ACCURACY, DEFAULT, SECONDS, SIMULATOR_COMMAND, Standard
from dealer_assist.training.case import Attempt


class PassMarkError(ValueError):
    """A pass mark that makes no sense; the message names the value."""


@dataclass(frozen=True)
class PassMark:
    """Share of decisions (0-1) that must be right within ``seconds`` each."""

    accuracy: float = ACCURACY
    seconds: float = SECONDS

    def __post_init__(self) -> None:
        if not 0 < self.accuracy <= 1:
            raise PassMarkError(f"pass mark accuracy {self.accuracy!r} must be above 0% and at most 100%")
        if not self.seconds > 0:
            raise PassMarkError(f"pass mark time {self.seconds!r} s must be more than 0 s")

    @property
    def words(self) -> str:
        return f"{self.accuracy * 100:g}% within {self.seconds:g} s"

    def to_json(self) -> dict:
        return {"accuracy": self.accuracy, "seconds": self.seconds}


@dataclass(frozen=True)
class Score:
    """The figures of a set of attempts (one drill, or the whole session)."""

    name: str
    cases: int
    right: int
    wrong: int
    timeouts: int
    decisions: int
    mean_seconds: float
    median_seconds: float
    within: float
    passed: bool
    #: Cases of an exam never answered (it ended early): counted in ``cases`` as failed.
    unanswered: int = 0
    #: Decisions right within the pass mark's time: ``within`` is this share of ``decisions``.
    good: int = 0

    @property
    def accuracy(self) -> float:
        return self.right / self.cases if self.cases else 0.0

    @property
    def timed(self) -> bool:
        """Whether a decision was answered, so that the times per decision measure something."""
        return self.decisions > self.unanswered

    def to_json(self) -> dict:
        return {"name": self.name, "cases": self.cases, "right": self.right, "wrong": self.wrong,
                "timeouts": self.timeouts, "unanswered": self.unanswered, "decisions": self.decisions,
                "accuracy": round(self.accuracy, 4),
                "mean_seconds": round(self.mean_seconds, 3), "median_seconds": round(self.median_seconds, 3),
                "within": round(self.within, 4), "passed": self.passed}


def answered_any(overall: Mapping) -> bool:
    """Whether a stored score (``overall`` of an entry) has a decision answered: an exam killed before its
    first answer has none, and its ``mean_seconds`` and ``median_seconds`` of 0 are no time at all, which
    ``--progress`` showed as "0.0 s/decision" and flagged as "faster than a person reads a case" (qaAG F11).
    A score that does not say (an older or hand-made entry) is taken as answered."""
    decisions, unanswered = overall.get("decisions"), overall.get("unanswered", 0)
    if isinstance(decisions, bool) or not isinstance(decisions, int) or not isinstance(unanswered, int):
        return True
    return decisions > unanswered


def score_attempts(name: str, attempts: Iterable[Attempt], mark: PassMark, unanswered: int = 0,
                   complete: bool = True) -> Score:
    """Score ``attempts``; ``unanswered`` cases (an exam ended early) count as one failed decision each.

    ``complete`` False (an exam that did not reach its end) can never pass, whatever was answered.
    """
    attempts = list(attempts)
    per = [a.per_decision for a in attempts for _ in range(a.decisions)]
    decisions = len(per) + unanswered
    good = sum(a.right_decisions for a in attempts if a.per_decision <= mark.seconds)
    within = good / decisions if decisions else 0.0
    return Score(
        name=name, cases=len(attempts) + unanswered, right=sum(a.result == "right" for a in attempts),
        wrong=sum(a.result == "wrong" for a in attempts), timeouts=sum(a.result == "timeout" for a in attempts),
        decisions=decisions, mean_seconds=statistics.fmean(per) if per else 0.0,
        median_seconds=statistics.median(per) if per else 0.0, within=within,
        passed=complete and unanswered == 0 and bool(decisions) and within >= mark.accuracy,
        unanswered=unanswered, good=good,
    )


def seconds_words(value: float, mark: float) -> str:
    """``2.4`` as ``2.4``, but a time that one decimal would round onto the pass mark's (3.04 s against
    3 s) with as many more decimals as tell it apart: "3.0 s" beside "not in time" read as a contradiction."""
    for places in (1, 2, 3):
        text = f"{value:.{places}f}"
        if float(text) != mark or value == mark:
            return text
    return f"{value:.3f}"


@dataclass(frozen=True)
class Summary:
    """The end-of-session screen: overall and per-drill scores, and every case got wrong."""

    overall: Score
    drills: tuple[Score, ...]
    mistakes: tuple[Attempt, ...]
    mark: PassMark
    exam: bool = False
    level: int = 1
    #: Every attempt of the session, in order (the progress file counts them per rule).
    attempts: tuple[Attempt, ...] = ()
    #: False for an exam that ended before its last case (never passed; see the module's docstring).
    complete: bool = True
    #: The seed the cases were dealt from; None: a shoe shuffled afresh.
    seed: Optional[int] = None
    #: What an exam's pass must meet to count.
    standard: Standard = DEFAULT
    #: The house rules the cases followed ("House rule: ..." lines; () the defaults).
    house: tuple[str, ...] = ()
    #: Where the cards came from: ``{"spec": "serial:...", "hello": [{"device", "firmware"}]}`` (None: not known).
    source: Optional[dict] = None
    #: Where it was answered (``window``, ``text``, ``text-json``; None: not said, not judged): a school with
    #: ``[training] exam_in_window`` read a terminal exam as "passed below the standard" in ``--progress
    #: --config`` but with no reason in the summary, and a window exam as below the standard in the summary.
    how: Optional[str] = None

    @property
    def passed(self) -> bool:
        return self.overall.passed

    @property
    def shortfalls(self) -> list[str]:
        """What keeps this exam's settings below the standard (empty for a practice session)."""
        if not self.exam:
            return []
        return self.standard.shortfalls(self.overall.cases, self.mark.accuracy, self.mark.seconds, self.seed,
                                        self.house, self.source, how=self.how)

    @property
    def _in_window(self) -> str:
        """The advice's ending when the school requires the window and this exam was answered elsewhere."""
        return (", in the trainer window (without --text)" if self.standard.window_only and self.how is not None
                and self.how != "window" else "")

    def lines(self) -> list[str]:
        """The summary as text (the terminal mode prints it; the window shows the same)."""
        o = self.overall
        kind = "Exam" if self.exam else "Session"
        missed = f", {o.unanswered} not answered" if o.unanswered else ""
        verdict = self.standard.verdict({**self.to_json(), "how": self.how})[0]   # None: not judged, as shortfalls
        if not self.complete:
            one = o.unanswered == 1
            verdict += (f" (exam not finished: the {o.unanswered} case{'' if one else 's'} not answered "
                        f"count{'s' if one else ''} as failed; only a complete exam can pass)" if o.unanswered
                        else " (exam not finished: only a complete exam can pass)")
        # Two figures, each saying what it counts: the cases right (any time), and the decisions right in
        # time that the pass mark judges (a payout case is several decisions).
        unit = "; each case not answered counts as 1 failed decision" if o.unanswered else ""
        speed = (f"{seconds_words(o.mean_seconds, self.mark.seconds)} s per decision "
                 f"(median {seconds_words(o.median_seconds, self.mark.seconds)} s)" if o.timed
                 else "no decision answered, so no time per decision")
        out = [f"{kind}: {o.cases} case{'' if o.cases == 1 else 's'}, {o.right} right, {o.wrong} wrong, "
               f"{o.timeouts} timed out{missed}: {o.accuracy:.1%} of cases right, {speed}",
               f"Pass mark {self.mark.words} per decision: {o.good} of {o.decisions} decision"
               f"{'' if o.decisions == 1 else 's'} right in time ({o.within:.1%}{unit}) -> {verdict}"]
        if self.exam and self.shortfalls:
            out.append(f"An exam below the standard ({self.standard.words}): {'; '.join(self.shortfalls)}. "
                       + ("Only a pass at the standard counts: take the exam again on cards shuffled afresh (no "
                          f"--seed or sim:SEED, not dealt by {SIMULATOR_COMMAND}) and with the default --cases, "
                          f"--pass-accuracy and --pass-seconds{self._in_window}." if o.passed
                          else "A pass under these settings would not count."))
        if self.house:
            out.append("House rules: " + "; ".join(line.removeprefix("House rule: ") for line in self.house))
        for d in self.drills:
            out.append(f"  {d.name}: {d.right}/{d.cases} right ({d.accuracy:.0%}), "
                       f"{seconds_words(d.mean_seconds, self.mark.seconds)} s per decision")
        if self.mistakes:
            out.append("Mistakes:")
            for a in self.mistakes:
                out.append(f"  [{a.case.drill}, {', '.join(a.missed)}] {a.case.summary}")
                told = a.feedback().splitlines()
                out.extend("    " + line for line in (told if a.result == "timeout" else told[1:]))
        return out

    def to_json(self) -> dict:
        return {"overall": self.overall.to_json(), "drills": [d.to_json() for d in self.drills],
                "mistakes": [a.to_json() for a in self.mistakes], "pass_mark": self.mark.to_json(),
                "passed": self.passed, "exam": self.exam, "level": self.level, "complete": self.complete,
                "seed": self.seed, "house": list(self.house), "source": self.source,
                **({"how": self.how} if self.how is not None else {})}


def summarize(attempts: Iterable[Attempt], mark: PassMark, exam: bool = False, level: int = 1,
              planned: Optional[int] = None, complete: bool = True, seed: Optional[int] = None,
              standard: Standard = DEFAULT, house: tuple[str, ...] = (), source: Optional[dict] = None,
              how: Optional[str] = None) -> Summary:
    """The session's summary.  ``planned`` is an exam's number of cases: the ones not answered count as
    failed and the exam is not complete; ``complete`` False marks an exam ended early for other reasons
    (an exam by time only, stopped before its time was up)."""
    attempts = list(attempts)
    names = list(dict.fromkeys(a.case.drill for a in attempts))
    unanswered = max(0, planned - len(attempts)) if exam and planned is not None else 0
    complete = complete and unanswered == 0
    return Summary(
        overall=score_attempts("all", attempts, mark, unanswered, complete),
        drills=tuple(score_attempts(n, (a for a in attempts if a.case.drill == n), mark) for n in names),
        mistakes=tuple(a for a in attempts if not a.right), mark=mark, exam=exam, level=level,
        attempts=tuple(attempts), complete=complete, seed=seed, standard=standard,
        house=tuple(house), source=source, how=how,
    )
