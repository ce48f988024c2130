"""A session stripped of its seal (and of ``utc``, ``saved_utc``, ``how``), its failed exam set to ``"exam":
false``, read "not sealed", as an older version's practice the day's exam limit does not count, while its
local ``date`` read as UTC was under 15 hours after the file's ``sealed_since``: on a computer west of UTC
that is up to 27 hours after the upgrade, not the 15 README promised (rev29 R3).  Each session a sealing
dealer-assist stores now records, sealed with it, the latest ``date`` of an older version's session the file
held when first sealed (``older_until``, null: none); a session with no seal dated after it is edited, whatever
the zones, and an older version's session the file held then still reads "not sealed"."""

from __future__ import annotations

import calendar
import json
import time

import pytest

from dealer_assist.training import ProgressStore, Settings, ShoeFeed, TrainingSession, seal
from dealer_assist.training.progress import ExamLimitReached
from trainer_runs import practice

HOUR = 3600.0
STRIPPED = ("seal", "utc", "saved_utc", "how", "stored_at_start", "attempt", "older_until")


def _exam():
    session = TrainingSession(Settings(drills=("third-card",), exam=True, cases=40, minutes=None),
                              {"baccarat": ShoeFeed(8, None), "blackjack": ShoeFeed(1, None)})
    return session.summary()


def _local(moment: float, offset_hours: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(moment + offset_hours * HOUR))


def _upgraded(path, older: bool, zone: float = 9) -> float:
    """The file as the upgrade left it: with ``older``, Bob's practice an older dealer-assist stored half an
    hour before on a computer ``zone`` hours from UTC; Ana's session, the first sealed one, at the upgrade
    (returned)."""
    upgrade = max(float(int(time.time())) - 3 * 86400, seal.FIRST_SEALING + HOUR)   # no sealing version before
    if older:
        ProgressStore(path).record("Bob", practice(1), "third-card")
        data = json.loads(path.read_text(encoding="utf-8"))
        del data["sealed_since"]
        for entry in data["trainees"]["Bob"]["sessions"]:
            for key in STRIPPED:
                entry.pop(key, None)
            entry["date"] = _local(upgrade - 1800, zone)
        path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    ProgressStore(path).record("Ana", practice(2), "third-card", started=upgrade)
    return upgrade


def _stripped_exam(path, stored: float, offset_hours: float) -> None:
    """Bob's failed exam, stored at ``stored`` on a computer ``offset_hours`` from UTC, its seal and every field
    only a sealing version writes deleted and ``"exam": false`` set."""
    ProgressStore(path).record("Bob", _exam(), "third-card", started=stored)
    data = json.loads(path.read_text(encoding="utf-8"))
    entry = data["trainees"]["Bob"]["sessions"][-1]
    assert entry["exam"] is True
    for key in STRIPPED:
        entry.pop(key, None)
    entry["exam"] = False
    entry["date"] = _local(stored, offset_hours)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


@pytest.mark.parametrize("older", [True, False])
@pytest.mark.parametrize("after_hours, offset_hours", [(24, -10), (26, -12), (16, 0), (2, -12), (1, 9)])
def test_a_stripped_exam_reads_edited_and_counts_whatever_the_writers_zone(tmp_path, older, after_hours,
                                                                          offset_hours):
    path = tmp_path / "p.json"
    upgrade = _upgraded(path, older, offset_hours)   # the school's computer, before and after the upgrade
    _stripped_exam(path, upgrade + after_hours * HOUR, offset_hours)
    states = ProgressStore(path).seal_states("Bob")
    assert states == (["not sealed", "edited"] if older else ["edited"])
    with pytest.raises(ExamLimitReached):
        ProgressStore(path).begin_exam("Bob", _exam(), "third-card", most_a_day=1)


def test_a_stripped_exam_on_a_clock_of_another_zone_than_the_older_sessions(tmp_path):
    """Where the older version's clock read a zone further east than the clock the exam was stored on, a
    stripped exam dated no later than its session reads as one: the README's bound for that file."""
    path = tmp_path / "p.json"
    upgrade = _upgraded(path, older=True, zone=9)
    _stripped_exam(path, upgrade + 2 * HOUR, -12)        # dated 10 hours before the upgrade: before 08:30 after
    assert ProgressStore(path).seal_states("Bob") == ["not sealed", "not sealed"]
    _stripped_exam(path, upgrade + 21 * HOUR, -12)       # dated 9 hours after: after the older session's date
    assert ProgressStore(path).seal_states("Bob")[-1] == "edited"


def test_the_older_sessions_date_is_recorded_sealed_in_each_session_stored(tmp_path):
    path = tmp_path / "p.json"
    upgrade = _upgraded(path, older=True)
    ProgressStore(path).record("Carl", practice(3), "third-card")
    data = json.loads(path.read_text(encoding="utf-8"))
    recorded = {s[seal.OLDER_FIELD] for p in data["trainees"].values() for s in p["sessions"] if "seal" in s}
    assert recorded == {_local(upgrade - 1800, 9)}
    assert ProgressStore(path).seal_states("Bob") == ["not sealed"]
    # raised by hand, the record no longer matches its seal and dates nothing: Carl's and Ana's disagree
    data["trainees"]["Carl"]["sessions"][0][seal.OLDER_FIELD] = _local(upgrade + 20 * HOUR, 0)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert ProgressStore(path).seal_states("Carl") == ["edited"]
    assert seal.since(data).older == calendar.timegm(time.strptime(_local(upgrade - 1800, 9), "%Y-%m-%dT%H:%M:%S"))


def test_a_file_first_sealed_by_a_version_that_did_not_record_it_has_the_margin_alone():
    """The window README states for such a file: 15 hours by the writer's clock, up to 27 after in UTC."""
    since = float(calendar.timegm((2026, 12, 6, 20, 0, 0, 0, 0, 0)))
    for after, offset, state in ((26.5, -12, "not sealed"), (27, -12, "edited"), (14.5, 0, "not sealed"),
                                 (15, 0, "edited"), (1, 14, "edited")):
        entry = {"date": _local(since + after * HOUR, offset), "exam": False, "drill": "third-card"}
        assert seal.states("Bob", [entry], since) == [state], (after, offset)
        assert seal.states("Bob", [entry], seal.Sealing(since)) == [state], (after, offset)
