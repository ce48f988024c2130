"""An older version's session whose ``date`` is not written YYYY-MM-DDTHH:MM:SS (fixed by hand, imported:
"2026-11-20 10:00:00", a fraction of a second) is taken by the loader and read "not sealed".  Once the
upgrade's first sealed session recorded ``older_until``, its date (unread) counted as after it: it read
edited and counted in the day's exam limit (rev31 R10).  Every form the loader takes is read now, and a date
that cannot be read at all reads as it did before the upgrade."""

from __future__ import annotations

import json

import pytest

from dealer_assist.training import ProgressStore, seal
from trainer_runs import practice


def _older_version_file(path, date):
    ProgressStore(path).record("Bob", practice(1), "third-card")
    data = json.loads(path.read_text(encoding="utf-8"))
    data.pop("sealed_since", None)
    for entry in data["trainees"]["Bob"]["sessions"]:
        for key in ("seal", "utc", "saved_utc", "how", "stored_at_start", "attempt", "older_until"):
            entry.pop(key, None)
        entry["date"] = date
    path.write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize("date", ["2026-11-20 10:00:00", "2026-11-20T10:00:00.5", "2026-11-20T10:00:00+02:00"])
def test_an_older_sessions_date_in_another_form_reads_not_sealed_after_the_upgrade(tmp_path, date):
    path = tmp_path / "p.json"
    _older_version_file(path, date)
    assert ProgressStore(path).seal_states("Bob") == ["not sealed"]
    ProgressStore(path).record("Ana", practice(2), "third-card")   # the upgrade: older_until recorded
    assert ProgressStore(path).seal_states("Bob") == ["not sealed"]
    ProgressStore(path).record("Ana", practice(3), "third-card")
    assert ProgressStore(path).seal_states("Bob") == ["not sealed"]


@pytest.mark.parametrize("date", ["2026-11-20 10:00:00", "2026-11-20T10:00:00.5"])
def test_the_latest_older_date_in_another_form_is_what_older_until_records(tmp_path, date):
    path = tmp_path / "p.json"
    _older_version_file(path, date)
    ProgressStore(path).record("Ana", practice(2), "third-card")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert {s.get("older_until") for s in data["trainees"]["Ana"]["sessions"]} == {"2026-11-20T10:00:00"}


def test_a_stripped_session_dated_in_another_form_after_older_until_still_reads_edited():
    sealing = seal.Sealing(moment=1_800_000_000.0, older=seal._local("2026-11-20T10:00:00"), known=True)
    assert sealing.edits(seal._local("2026-11-20 10:00:01"))
    assert not sealing.edits(seal._local("2026-11-20 10:00:00.9"))
    assert sealing.edits(seal._local("not a date"))   # it cannot be told from "?" put in a stripped one (rev32 R1)
    assert not seal.Sealing(moment=1_800_000_000.0).edits(seal._local("not a date"))   # only the margin known


def test_an_older_sessions_date_that_is_no_date_reads_edited_once_older_until_is_recorded(tmp_path):
    """Such a session cannot be told from a stripped one given "?" for its date (rev32 R1): it reads "not
    sealed" until the file records older_until, as before rev31 R10."""
    path = tmp_path / "p.json"
    _older_version_file(path, "20/11/2026 10:00")
    assert ProgressStore(path).seal_states("Bob") == ["not sealed"]
    ProgressStore(path).record("Ana", practice(2), "third-card")
    assert ProgressStore(path).seal_states("Bob") == ["edited"]
