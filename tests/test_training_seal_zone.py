"""An older dealer-assist's session carries only its writer's local ``date``; the file's ``sealed_since`` is
UTC.  The date was read in the zone of whoever read the file, so a session stored by an older version on a
Tokyo computer half an hour before the upgrade read "not sealed" in Tokyo and "EDITED" on a laptop in UTC or
Los Angeles, and the day's limit refused that trainee's exam (rev28 R1).  The date is now read the same on
every computer, with the widest zone (UTC+14) and an hour's slack as its margin; a session stripped of its
seal and dated past that margin still reads edited wherever it is read."""

from __future__ import annotations

import calendar
import json
import time

import pytest

from dealer_assist.training import ProgressStore, Settings, ShoeFeed, TrainingSession, seal
from dealer_assist.training.progress import ExamLimitReached
from trainer_runs import practice

READERS = ("Asia/Tokyo", "UTC", "America/Los_Angeles", "Pacific/Kiritimati", "Etc/GMT+12")


@pytest.fixture
def reader_zone(monkeypatch):
    def use(zone: str) -> None:
        monkeypatch.setenv("TZ", zone)
        time.tzset()
    yield use
    monkeypatch.undo()
    time.tzset()


def _exam():
    session = TrainingSession(Settings(drills=("third-card",), exam=True, cases=40, minutes=None),
                              {"baccarat": ShoeFeed(8, None), "blackjack": ShoeFeed(1, None)})
    return session.summary()


def _legacy_file(path, offset_hours: float, stored_before: float) -> float:
    """Bob's practice as an older dealer-assist stored it ``stored_before`` seconds before the upgrade, on a
    computer ``offset_hours`` from UTC (its local ``date`` alone); Ana's session, stored at the upgrade into
    the file holding it, is the first sealed one."""
    upgrade = float(int(time.time()))
    ProgressStore(path).record("Bob", practice(1), "third-card")
    data = json.loads(path.read_text(encoding="utf-8"))
    del data["sealed_since"]   # nor did an older dealer-assist mark the file
    for entry in data["trainees"]["Bob"]["sessions"]:
        for key in ("seal", "utc", "saved_utc", "how", "stored_at_start", "attempt", "older_until"):
            entry.pop(key, None)
        entry["date"] = time.strftime("%Y-%m-%dT%H:%M:%S",
                                      time.gmtime(upgrade - stored_before + offset_hours * 3600))
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    ProgressStore(path).record("Ana", practice(2), "third-card", started=upgrade)
    assert seal.since(json.loads(path.read_text(encoding="utf-8"))).moment == upgrade
    return upgrade


@pytest.mark.parametrize("writer_offset, stored_before", [
    (9, 1800),          # Tokyo, half an hour before the upgrade
    (14, 600),          # Kiritimati, ten minutes before
    (14, -1800 + 600),  # Kiritimati, its clock half an hour ahead, ten minutes before
    (-12, 1800),        # the other end of the zones
])
@pytest.mark.parametrize("reader", READERS)
def test_an_older_versions_session_reads_not_sealed_in_every_readers_zone(tmp_path, reader_zone, reader,
                                                                          writer_offset, stored_before):
    path = tmp_path / "p.json"
    _legacy_file(path, writer_offset, stored_before)
    reader_zone(reader)
    assert ProgressStore(path).seal_states("Bob") == ["not sealed"]


@pytest.mark.parametrize("reader", ("UTC", "America/Los_Angeles", "Etc/GMT+12"))
def test_the_day_limit_does_not_count_an_older_versions_practice_wherever_it_is_read(tmp_path, reader_zone,
                                                                                      reader):
    path = tmp_path / "p.json"
    _legacy_file(path, 9, 1800)
    reader_zone(reader)
    ProgressStore(path).begin_exam("Bob", _exam(), "third-card", most_a_day=1)
    assert ProgressStore(path).sessions("Bob")[-1]["exam"] is True


@pytest.mark.parametrize("reader", READERS)
def test_a_session_stripped_of_its_seal_past_the_margin_reads_edited_wherever_it_is_read(tmp_path, reader_zone,
                                                                                        reader):
    path = tmp_path / "p.json"
    _legacy_file(path, 0, -(seal.ZONE_MARGIN + 60))   # stored after the upgrade by a sealing version, stripped
    reader_zone(reader)
    assert ProgressStore(path).seal_states("Bob") == ["edited"]
    with pytest.raises(ExamLimitReached):
        ProgressStore(path).begin_exam("Bob", _exam(), "third-card", most_a_day=1)
