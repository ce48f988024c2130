"""``train --rename Ana "Ana old"`` keeps Ana's exams of the last 24 hours counting against her (rev26 F3), but
only against an exam begun at or after the moment the change was logged: with the computer's clock set back
more than 5 minutes since (by hand, or a time sync), the moved exams stopped counting and the rename gave a
fresh attempt (rev28 R4).  An exam about to begin comes after the change whatever the clock reads."""

from __future__ import annotations

import time

import pytest

from dealer_assist.training import ProgressStore, Settings, ShoeFeed, TrainingSession, day_limit, progress, renames
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


def test_an_exam_stored_with_the_clock_set_back_after_a_rename_is_judged_over_the_limit(tmp_path, clock):
    """Begun without the school's config (no limit checked), then judged by ``--progress --config``: every
    session under the name was stored after the change (no record brought to it since), whatever its clock."""
    path = tmp_path / "p.json"
    begun = clock.now
    ProgressStore(path).begin_exam("Ana", _exam(), "third-card", started=begun)
    clock.now = begun + 11
    ProgressStore(path).rename("Ana", "Ana old")
    clock.now = begun + 11 - 3600
    ProgressStore(path).begin_exam("Ana", _exam(), "third-card", started=clock.now)
    store = ProgressStore(path)
    over = day_limit.over_limit(store.sessions("Ana"), store.seal_states("Ana"), 1, store.moved_away("Ana"))
    assert list(over) == [0] and "renamed or merged away from this name" in over[0]


def test_a_record_merged_into_the_name_since_is_judged_by_its_clock(tmp_path, clock):
    """Bob's exam, merged into a new Ana after the rename, was not Ana's: begun before the change, the exams
    the rename took away do not count against it."""
    path = tmp_path / "p.json"
    begun = clock.now
    ProgressStore(path).begin_exam("Bob", _exam(), "third-card", started=begun - 3600)
    ProgressStore(path).begin_exam("Ana", _exam(), "third-card", started=begun)
    clock.now = begun + 11
    ProgressStore(path).rename("Ana", "Ana old", reason="registered twice")
    ProgressStore(path).rename("Bob", "Ana", reason="Bob is Ana")
    store = ProgressStore(path)
    assert day_limit.over_limit(store.sessions("Ana"), store.seal_states("Ana"), 1, store.moved_away("Ana")) == {}
