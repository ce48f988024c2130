"""The file's ``sealed_since`` is not sealed, and the earliest sealed session's ``utc`` dated the file
whether its seal matched or not: ``"sealed_since": "2000-01-01T00:00:00Z"`` planted by anyone who can write
the file, or a session with a made-up seal and an early ``utc``, turned every older version's session of
every trainee into "EDITED", counted against their day's exams (rev28 R8).  No sealing dealer-assist existed
before 2026-12-06, and only a session whose seal matches dates the file."""

from __future__ import annotations

import json

from dealer_assist.training import ProgressStore
from trainer_runs import practice


def _file(path, bob_date: str) -> dict:
    """Bob's practice as an older dealer-assist stored it on ``bob_date``; Ana's sealed session, the file's
    first, stored after it."""
    ProgressStore(path).record("Bob", practice(1), "third-card")
    data = json.loads(path.read_text(encoding="utf-8"))
    del data["sealed_since"]
    for entry in data["trainees"]["Bob"]["sessions"]:
        for key in ("seal", "utc", "saved_utc", "how", "stored_at_start", "attempt", "older_until"):
            entry.pop(key, None)
        entry["date"] = bob_date
    path.write_text(json.dumps(data), encoding="utf-8")
    ProgressStore(path).record("Ana", practice(2), "third-card")
    return json.loads(path.read_text(encoding="utf-8"))


def test_a_planted_sealed_since_before_any_sealing_version_edits_nothing(tmp_path):
    path = tmp_path / "p.json"
    data = _file(path, "2026-03-01T10:00:00")
    path.write_text(json.dumps(data), encoding="utf-8")
    assert ProgressStore(path).seal_states("Bob") == ["not sealed"]
    data["sealed_since"] = "2000-01-01T00:00:00Z"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert ProgressStore(path).seal_states("Bob") == ["not sealed"]


def test_a_session_whose_seal_does_not_match_dates_nothing(tmp_path):
    path = tmp_path / "p.json"
    data = _file(path, "2026-12-06T20:00:00")
    forged = dict(data["trainees"]["Ana"]["sessions"][0], utc="2026-12-06T01:00:00Z", seal="0" * 64)
    data["trainees"]["Carl"] = {"sessions": [forged], "categories": {}}
    path.write_text(json.dumps(data), encoding="utf-8")
    store = ProgressStore(path)
    assert store.seal_states("Carl") == ["edited"]
    assert store.seal_states("Bob") == ["not sealed"]
