"""The day limit's refusal names the exam that counts against it, and the summary reads "An exam below the
standard" (qaAN F10): the refusal said "24 hours after the exam it replaces", though the next exam replaces
nothing, and the verdict line read "Below the standard exam (...)"."""

from __future__ import annotations

import calendar
import re
import time

import pytest

from dealer_assist.training import ProgressStore, Settings, ShoeFeed, TrainingSession
from dealer_assist.training.progress import ExamLimitReached


def _exam(cases=40, seed=None):
    return TrainingSession(Settings(drills=("third-card",), exam=True, cases=cases, minutes=None),
                           {"baccarat": ShoeFeed(8, seed), "blackjack": ShoeFeed(1, seed)}, seed=seed)


def test_the_refusal_names_the_exam_that_counts_and_when_it_stops_counting(tmp_path):
    store = ProgressStore(tmp_path / "p.json")
    began = time.time() - 3600
    store.begin_exam("eve", _exam().summary(), "third-card", started=began, most_a_day=1)
    with pytest.raises(ExamLimitReached) as refused:
        store.begin_exam("eve", _exam().summary(), "third-card", most_a_day=1)
    said = str(refused.value)
    assert "replaces" not in said
    found = re.search(r"from (\S+ \S+) UTC \(24 hours after the exam of (\S+ \S+) UTC, which counts against the "
                      r"limit until then\)", said)
    assert found, said
    free, counted = (calendar.timegm(time.strptime(t, "%Y-%m-%d %H:%M")) for t in found.groups())
    assert free - counted == 86400
    stored = store.sessions("eve")[0]["utc"]
    assert found.group(2) == stored[:16].replace("T", " "), (found.group(2), stored)


def test_a_below_the_standard_verdict_reads_an_exam_below_the_standard():
    session = _exam(cases=5, seed=3)
    for _ in range(5):
        case = session.next_case()
        session.submit(case, list(case.answers), 1.0)
    lines = session.summary().lines()
    assert any(line.startswith("An exam below the standard (") for line in lines), lines
    assert not any("Below the standard exam" in line for line in lines)
