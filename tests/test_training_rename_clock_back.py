"""``train --rename Ana "Ana old"`` keeps Ana's exams of the last 24 hours counting against her (rev26 F3), but
only against an exam begun at or after the moment the change was logged: with the computer's clock set back
more than 5 minutes since (by hand, or a time sync), the moved exams stopped counting and the rename gave a
fresh attempt (rev28 R4).  An exam about to begin comes after the change whatever the clock reads."""

from __future__ import annotations

import time

import pytest

from dealer_assist.training import ProgressStore, Settings, ShoeFeed, TrainingSession, progress, renames
from dealer_assist.training.progress import ExamLimitReached


class Clock:
    """The ``time`` of the progress and renames modules, with a clock the test sets."""

    def __init__(self, now: float) -> None:
        self.now = now

    def time(self) -> float:
        return self.now

    def __getattr__(self, name: str):
        return getattr(time, name)


@pytest.fixture
def clock(monkeypatch):
    fake = Clock(time.time() - 3600.0)
    monkeypatch.setattr(progress, "time", fake)
    monkeypatch.setattr(renames, "time", fake)
    return fake


def _exam():
    session = TrainingSession(Settings(drills=("third-card",), exam=True, cases=40, minutes=None),
                              {"baccarat": ShoeFeed(8, None), "blackjack": ShoeFeed(1, None)})
    return session.summary()


@pytest.mark.parametrize("back", [0.0, 200.0, 600.0, 3600.0, 20 * 3600.0])
def test_a_clock_set_back_after_a_rename_does_not_give_a_fresh_attempt(tmp_path, clock, back):
    path = tmp_path / "p.json"
    begun = clock.now
    ProgressStore(path).begin_exam("Ana", _exam(), "third-card", started=begun, most_a_day=1)
    clock.now = begun + 11
    ProgressStore(path).rename("Ana", "Ana old")
    clock.now = begun + 11 - back
    with pytest.raises(ExamLimitReached) as refused:
        ProgressStore(path).begin_exam("Ana", _exam(), "third-card", started=clock.now, most_a_day=1)
    assert "renamed or merged away from this name" in str(refused.value)
    assert ProgressStore(path).sessions("Ana") == []


def test_the_moved_exam_stops_counting_24_hours_after_it_began(tmp_path, clock):
    path = tmp_path / "p.json"
    begun = clock.now
    ProgressStore(path).begin_exam("Ana", _exam(), "third-card", started=begun, most_a_day=1)
    clock.now = begun + 11
    ProgressStore(path).rename("Ana", "Ana old")
    clock.now = begun + 86400 + 60
    ProgressStore(path).begin_exam("Ana", _exam(), "third-card", started=clock.now, most_a_day=1)
    assert len(ProgressStore(path).sessions("Ana")) == 1
