"""When each round of a journal was played: what surveillance matches against a camera's footage.

The question a surveillance room asks is "what happened at table 3 at 21:14?"
(qaAE F1): the footage has a wall clock, the journal its rounds.  The rounds
are taken as the export gives them (:func:`dealer_assist.table.export.iter_rounds`),
each with the time its round began (``started``) and ended (``ended``, None for a
round never settled: voided, carried over, still open).  The journal writes UTC;
a person reads the pit's local time, so :func:`local_text` gives a time with its
offset.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Iterable, Iterator, Optional

from dealer_assist.table.shift_totals import ShiftTimeError, parse_time


@dataclass(frozen=True)
class RoundTime:
    """One round's place in time: its shoe and number as the display's status line numbers them."""

    shoe: object
    round: object
    game: Optional[str]
    status: str
    started: Optional[str]
    ended: Optional[str]

    @property
    def start(self) -> Optional[datetime]:
        return _moment(self.started)

    @property
    def end(self) -> Optional[datetime]:
        return _moment(self.ended)

    def to_json(self) -> dict:
        return {"shoe": self.shoe, "round": self.round, "game": self.game, "status": self.status,
                "started": self.started, "ended": self.ended,
                "started_local": local_text(self.started), "ended_local": local_text(self.ended)}


def _moment(text: Optional[str]) -> Optional[datetime]:
    if not text:
        return None
    try:
        return parse_time(text)
    except ShiftTimeError:  # a damaged entry's time: the round is listed, never placed in time
        return None


def local_text(text: Optional[str]) -> Optional[str]:
    """A journal time (UTC) as this computer's local time, to the second, with its offset:
    ``2026-12-06T21:14:03+01:00``; None for none (an unreadable time is given as written)."""
    when = _moment(text)
    if when is None:
        return text or None
    return when.astimezone().isoformat(timespec="seconds")


def round_times(records: Iterable[dict]) -> Iterator[RoundTime]:
    """The rounds of exported ``records`` (a blackjack deck check is no round: it is left out)."""
    for record in records:
        if "round" in record:
            yield RoundTime(record.get("shoe"), record["round"], record.get("game"), str(record.get("status")),
                            record.get("started"), record.get("ended"))


def journal_round_times(journal, head_seq: int) -> list:
    """The :class:`RoundTime` of each round of ``journal``'s entries 1..``head_seq`` (read twice, as the
    export reads it: a month's journal in the memory of a round or two, and one small record a round)."""
    from dealer_assist.table.export import iter_rounds
    from dealer_assist.table.export_plan import plan_records

    plan = plan_records(e for e in journal.entries() if e.seq <= head_seq)
    return list(round_times(iter_rounds(journal.entries_where("seq <= ?", (head_seq,)), plan)))


@dataclass(frozen=True)
class RoundAt:
    """The rounds around a moment: ``playing``, the last round begun at or before it (None: none had
    begun), whether the moment falls within it (``within``: before its end, or it never ended), and
    ``next``, the first round begun after the moment."""

    playing: Optional[RoundTime]
    within: bool
    next: Optional[RoundTime]


def round_at(rounds: Iterable[RoundTime], at: datetime) -> RoundAt:
    """Which round was being played at ``at``: the round begun last at or before it."""
    playing: Optional[RoundTime] = None
    following: Optional[RoundTime] = None
    for one in rounds:
        start = one.start
        if start is None:
            continue
        if start <= at and (playing is None or start >= playing.start):
            playing = one
        elif start > at and (following is None or start < following.start):
            following = one
    within = playing is not None and (playing.end is None or at <= playing.end)
    return RoundAt(playing, within, following)


def played_text(started: Optional[str], ended: Optional[str]) -> str:
    """A round's times as a replay's display shows them, in local time: "played 2026-12-06 21:14:03 to
    21:14:41 (UTC+01:00)", "played from 2026-12-06 21:14:03 (UTC+01:00), not ended"; "" without a start."""
    start, end = _moment(started), _moment(ended)
    if start is None:
        return ""
    start = start.astimezone()
    offset = start.strftime("%z")
    zone = f"UTC{offset[:3]}:{offset[3:]}" if offset else "UTC"
    if end is None:
        return f"played from {start:%Y-%m-%d %H:%M:%S} ({zone}), not ended"
    end = end.astimezone()
    until = f"{end:%H:%M:%S}" if end.date() == start.date() else f"{end:%Y-%m-%d %H:%M:%S}"
    return f"played {start:%Y-%m-%d %H:%M:%S} to {until} ({zone})"
