"""A time typed to the second with a space before its offset names that whole second too (rev32 R7).

``--at`` reads "2026-12-06 21:00:01 +01:00" and "2026-12-06T20:00:01 Z" (``datetime.fromisoformat`` takes a
space there), but only an offset right after the seconds was taken as "to the second": the spaced forms were
one moment, 21:00:01.000, before round 1's start at 21:00:01.706, and no round had begun."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from dealer_assist.table.round_times import asked_through
from test_round_times_whole_second import paris, rounds_json, three_rounds  # noqa: F401 (fixtures)


@pytest.mark.parametrize("form", ["2026-12-06 21:00:01 +01:00", "2026-12-06T20:00:01 Z", "2026-12-06 21:00:01 +0100"])
def test_a_second_with_a_spaced_offset_names_the_round_begun_in_it(three_rounds, paris, capsys, form):
    got = rounds_json(capsys, three_rounds, "--at", form)
    assert got["within"] is True and (got["round"]["shoe"], got["round"]["round"]) == (1, 1)


def test_a_spaced_offset_after_the_minute_is_still_that_moment_only():
    at = datetime(2026, 12, 6, 20, 0, tzinfo=timezone.utc)
    assert asked_through("2026-12-06 21:00 +01:00", at) == at
    second = datetime(2026, 12, 6, 20, 0, 1, tzinfo=timezone.utc)
    assert asked_through("2026-12-06 21:00:01 +01:00", second) == second.replace(microsecond=999999)
