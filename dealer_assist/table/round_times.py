"""When each round of a journal was played: what surveillance matches against a camera's footage.

The question a surveillance room asks is "what happened at table 3 at 21:14?"
(qaAE F1): the footage has a wall clock, the journal its rounds.  The rounds
are taken as the export gives them (:func:`dealer_assist.table.export.iter_rounds`),
each with the time its round began (``started``) and ended (``ended``, None for a
round never settled: voided, carried over, still open).  A round's time is its
play: a correction made after it ended (its bets reopened and settled again, a
misdeal called later) is named as such (``corrected``, ``settled_again``), never
counted as play (rev24 E2: surveillance was sent to a moment the table was idle).
The journal writes UTC; a person reads the pit's local time, so :func:`local_text`
gives a time with its offset.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Iterable, Iterator, Optional

from dealer_assist.table.shift_totals import ShiftTimeError, parse_time


@dataclass(frozen=True)
class RoundTime:
    """One round's place in time: its shoe and number as the display's status line numbers them; ``ended``
    the end of its play (its first end), ``corrected`` when a settlement was taken back after that end and
    ``settled_again`` when the round then ended again (None: it did not)."""

    shoe: object
    round: object
    game: Optional[str]
    status: str
    started: Optional[str]
    ended: Optional[str]
    corrected: Optional[str] = None
    settled_again: Optional[str] = None

    @property
    def start(self) -> Optional[datetime]:
        return _moment(self.started)

    @property
    def end(self) -> Optional[datetime]:
        return _moment(self.ended)

    def to_json(self) -> dict:
        return {"shoe": self.shoe, "round": self.round, "game": self.game, "status": self.status,
                "started": self.started, "ended": self.ended, "corrected": self.corrected,
                "settled_again": self.settled_again, "started_local": local_text(self.started),
                "ended_local": local_text(self.ended), "corrected_local": local_text(self.corrected),
                "settled_again_local": local_text(self.settled_again)}


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


def asked_text(text: str, at: datetime) -> str:
    """The moment ``--at`` was read as, in this computer's local time with its offset, saying so when the
    text gave no offset and was read as UTC (rev24 E8: a clock read off local footage and typed without
    its offset named a round an hour off without a word)."""
    local = at.astimezone().isoformat(timespec="seconds")
    try:
        naive = datetime.fromisoformat(text.strip()).tzinfo is None
    except ValueError:
        naive = False
    return f"{local} (--at {text.strip()} gave no offset: read as UTC)" if naive else local


def round_times(records: Iterable[dict]) -> Iterator[RoundTime]:
    """The rounds of exported ``records`` (a blackjack deck check is no round: it is left out)."""
    for record in records:
        if "round" not in record:
            continue
        taken = [v for v in record.get("voided_settlements") or () if isinstance(v, dict)]
        # A settlement taken back after the round had ended: a correction made later, not play.
        later = next((v for v in taken if v.get("round_ended")), None)
        ended, corrected, again = record.get("ended"), None, None
        if later is not None:
            ended, corrected, again = later["round_ended"], later.get("voided_at"), record.get("ended")
        yield RoundTime(record.get("shoe"), record["round"], record.get("game"), str(record.get("status")),
                        record.get("started"), ended, corrected, again)


def journal_round_times(journal, head_seq: int) -> list:
    """The :class:`RoundTime` of each round of ``journal``'s entries 1..``head_seq`` (read twice, as the
    export reads it: a month's journal in the memory of a round or two, and one small record a round)."""
    from dealer_assist.table.export import iter_rounds
    from dealer_assist.table.export_plan import plan_records

    plan = plan_records(e for e in journal.entries() if e.seq <= head_seq)
    return list(round_times(iter_rounds(journal.entries_where("seq <= ?", (head_seq,)), plan)))


def journal_end(journal, head_seq: int) -> Optional[str]:
    """The time of ``journal``'s entry ``head_seq`` (its last verified one): after it the journal records
    nothing, so no round of it was being played (rev24 E6)."""
    last = next(journal.entries_where("seq = ?", (head_seq,)), None)
    return last.time if last is not None else None


@dataclass(frozen=True)
class RoundAt:
    """The rounds around a moment: ``playing``, the last round begun at or before it (None: none had
    begun), whether the moment falls within it (``within``: before the end of its play, or, a round
    never ended, at or before the journal's last entry), ``next``, the first round begun after the
    moment, and ``after_end``: the moment is after the journal's last entry (``journal_end``)."""

    playing: Optional[RoundTime]
    within: bool
    next: Optional[RoundTime]
    after_end: bool = False
    journal_end: Optional[str] = None


def round_at(rounds: Iterable[RoundTime], at: datetime, journal_end: Optional[str] = None) -> RoundAt:
    """Which round was being played at ``at``: the round begun last at or before it.  A round never
    ended was being played up to the journal's last entry (``journal_end``), not for ever after it."""
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
    last = _moment(journal_end)
    after_end = last is not None and at > last
    within = playing is not None and (at <= playing.end if playing.end is not None else not after_end)
    return RoundAt(playing, within, following, after_end, journal_end)


def played_text(started: Optional[str], ended: Optional[str], corrected: Optional[str] = None,
                settled_again: Optional[str] = None) -> str:
    """A round's times as a replay's display shows them, in local time: "played 2026-12-06 21:14:03 to
    21:14:41 (UTC+01:00)", "played from 2026-12-06 21:14:03 (UTC+01:00), not ended"; a correction after its
    end follows its play: "..., corrected at 21:30:01, settled again at 21:30:07 (UTC+01:00)"; "" without a
    start.  Each time has its own offset when they differ (a change of summer time between them, rev24 E1)."""
    start = _moment(started)
    if start is None:
        return ""
    start = start.astimezone()
    times = [(word, when.astimezone()) for word, when in
             (("to", _moment(ended)), ("corrected at", _moment(corrected)),
              ("settled again at", _moment(settled_again))) if when is not None]
    one_zone = all(_zone(when) == _zone(start) for _, when in times)

    def said(when: datetime, first: bool = False) -> str:
        shown = f"{when:%H:%M:%S}" if not first and when.date() == start.date() else f"{when:%Y-%m-%d %H:%M:%S}"
        return shown if one_zone else f"{shown} ({_zone(when)})"

    ended_too = bool(times) and times[0][0] == "to"
    text = f"played {said(start, True)}" if ended_too else f"played from {said(start, True)}"
    for n, (word, when) in enumerate(times):
        text += f" {word} {said(when)}" if n == 0 and ended_too else f", {word} {said(when)}"
    text += f" ({_zone(start)})" if one_zone else ""
    if not ended_too:
        text += ", not ended" if not times else ""
    if corrected is not None and settled_again is None:
        text += ", not settled again"
    return text


def _zone(when: datetime) -> str:
    offset = when.strftime("%z")
    return f"UTC{offset[:3]}:{offset[3:]}" if offset else "UTC"
