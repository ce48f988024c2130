"""The school's limit of exams a day (``[training] exam_attempts_per_day``), counted so that nothing a trainee
sets on their own account moves it, and what a stored session's moment says to whoever lists it.

The limit was counted by the calendar day of each entry's ``date``: the trainee's clock read in the
trainee's own time zone, so ``TZ=Pacific/Kiritimati`` made "today" tomorrow and a third exam slipped under
a limit of 2, stored with a date that had not come yet (qaAD F1).  Each entry now also keeps ``utc``, the
moment it began in UTC, and ``saved_utc``, when it was written; an exam counts against every exam of its
drill begun less than 24 hours after it, which no ``TZ`` moves.  Entries stored by an older dealer-assist
(no ``utc``) count as before, by the day their ``date`` reads.

An edited record (its seal does not match) may have been an exam of any drill, begun at any time, whatever
it reads now: ``"exam": false`` set on the day's failed exams gave the day's attempts back (qaAD F3).  It
counts against every exam stored after it, of any drill, until a sealed session stored after it was saved
more than 24 hours before that exam.
"""

from __future__ import annotations

import calendar
import functools
import time
from dataclasses import dataclass
from typing import Mapping, Optional, Sequence

from dealer_assist.training.seal import EDITED, SEALED

DAY = 86400.0
#: How far after now a stored moment may lie before the listing calls it "dated after now" (clocks drift).
SLACK = 300.0
_UTC = "%Y-%m-%dT%H:%M:%SZ"
_LOCAL = "%Y-%m-%dT%H:%M:%S"


def utc_text(moment: float) -> str:
    """``2026-12-06T19:41:13Z``: the moment in UTC, as stored in an entry's ``utc`` and ``saved_utc``."""
    return time.strftime(_UTC, time.gmtime(moment))


def moment_of(value: object) -> Optional[float]:
    """Seconds since the epoch of a stored ``utc`` text (None: none, or not one: a hand edit)."""
    return _parsed(value) if isinstance(value, str) else None


@functools.lru_cache(maxsize=4096)
def _parsed(text: str) -> Optional[float]:
    """Each exam of a listing is counted against every session (strptime is most of the time of that)."""
    try:
        return float(calendar.timegm(time.strptime(text, _UTC)))
    except (ValueError, OverflowError):
        return None


def same_drill(entry: Mapping, drill: str) -> bool:
    """Whether ``entry`` reads as an exam of ``drill``; drills joined by commas are one exam in any order
    (qaAB F10: ``payouts,calling`` and ``calling,payouts`` were counted apart)."""
    return (entry.get("exam") is True
            and set(str(entry.get("drill", "")).split(",")) == set(drill.split(",")))


def saved_bounds(sessions: Sequence[Mapping], states: Sequence[str]) -> list[Optional[float]]:
    """For each session, the earliest ``saved_utc`` of a sealed session stored after it (None: none).  An
    edited record was stored before then, whatever it reads itself (the list grows at its end)."""
    out: list[Optional[float]] = []
    earliest: Optional[float] = None
    for entry, state in zip(reversed(sessions), reversed(states)):
        out.append(earliest)
        saved = moment_of(entry.get("saved_utc")) if state == SEALED else None
        if saved is not None:
            earliest = saved if earliest is None else min(earliest, saved)
    return out[::-1]


@dataclass(frozen=True)
class Moved:
    """An exam (or an edited record, ``drill`` None: any drill) that a rename or merge took away from a name
    at ``change``: it keeps counting against that name's exams begun within 24 hours after ``begun`` (an
    edited record's: the change), so that ``train --rename Ana "Ana old"`` gives Ana no fresh attempts
    (rev26 F3).  Read from the file's ``renames`` log (see :func:`dealer_assist.training.renames.moved_away`).

    An exam about to begin (``new``) comes after the change whatever its clock reads: a clock set back since
    must not take the moved exams off (rename, then the clock back 10 minutes, was a fresh attempt, rev28 R4).
    A stored exam too when no change logged since brought another record to the name (``alone``: every session
    under it was stored after this change, by the file's order); else only one begun after the change by its
    clock (it may have been another trainee's, merged into the name since)."""

    drill: Optional[str]
    begun: float
    change: float
    alone: bool = False

    def counts_against(self, drill: str, moment: float, new: bool = False) -> bool:
        return ((new or self.alone or self.change <= moment + SLACK) and moment - DAY < self.begun
                and (self.drill is None or set(self.drill.split(",")) == set(drill.split(","))))


@dataclass(frozen=True)
class Counted:
    """The stored sessions that count against one exam: exams of its drill within 24 hours before it (by the
    day of ``date`` for entries without ``utc``), and the edited records that may have been such exams; and
    ``moved``: when each exam a rename or merge took away from the name began (see :class:`Moved`)."""

    exams: tuple[int, ...]
    edited: tuple[int, ...]
    moved: tuple[float, ...] = ()

    @property
    def taken(self) -> int:
        return len(self.exams) + len(self.edited) + len(self.moved)


def counted(sessions: Sequence[Mapping], states: Sequence[str], drill: str, moment: Optional[float], day: str,
            index: Optional[int] = None, bounds: Optional[Sequence[Optional[float]]] = None,
            moved: Sequence[Moved] = ()) -> Counted:
    """What counts against an exam of ``drill`` begun at ``moment`` (UTC seconds; None: an entry stored
    without ``utc``) whose ``date`` reads ``day`` (``YYYY-MM-DD``), stored at ``index`` of ``sessions`` (None:
    one about to begin, after all of them).  ``states``: each session's seal state; ``bounds``: their
    :func:`saved_bounds` (worked out here when not given); ``moved``: what renames and merges took away from
    the trainee's name (:class:`Moved`)."""
    bounds = saved_bounds(sessions, states) if bounds is None else bounds
    new = index is None
    away = tuple(m.begun for m in moved if moment is not None and m.counts_against(drill, moment, new))
    at = len(sessions) if new else index
    exams, edited = [], []
    for i, entry in enumerate(sessions):
        if i == at:
            continue
        if states[i] == EDITED:
            cleared = moment is not None and bounds[i] is not None and bounds[i] <= moment - DAY
            if i < at and not cleared:
                edited.append(i)
            continue
        if not same_drill(entry, drill):
            continue
        mine = moment_of(entry.get("utc"))
        if mine is not None and moment is not None:
            # a stored moment after the new exam's (a clock set back since) still counts against it
            if moment - DAY < mine and (new or (mine, i) < (moment, at)):
                exams.append(i)
        elif i < at and str(entry.get("date", ""))[:10] == day:
            exams.append(i)
    return Counted(tuple(exams), tuple(edited), away)


def next_free(sessions: Sequence[Mapping], found: Counted, limit: int) -> str:
    """When the next exam may begin, in words: 24 hours after the exam whose end brings the count under
    ``limit`` (in UTC: the trainee's zone is the one thing not to trust), else ``tomorrow``."""
    if found.edited:
        return ("when the edited record no longer counts (24 hours after a session stored after it; the "
                "school's trainer sees it in train --progress)")
    moments = [moment_of(sessions[i].get("utc")) for i in found.exams] + list(found.moved)
    if not moments or None in moments:
        return "tomorrow"
    counted = sorted(m for m in moments if m is not None)[found.taken - limit]
    # Not "the exam it replaces": the next exam replaces none (qaAN F10); this one counts until then.
    return (f"from {_minute(counted + DAY)} UTC (24 hours after the exam of {_minute(counted)} UTC, which counts "
            "against the limit until then)")


def _minute(moment: float) -> str:
    """``2026-12-08 03:09``: a moment in UTC to the minute, as a refusal tells it."""
    return time.strftime("%Y-%m-%d %H:%M", time.gmtime(moment))


def over_limit(sessions: Sequence[Mapping], states: Sequence[str], limit: int,
               moved: Sequence[Moved] = ()) -> dict[int, str]:
    """Each stored exam begun over the school's ``limit`` a day (index -> why, in words): the ``--progress
    --config`` check of a limit the exam's own command line may have left out (qaAD F2).  An edited record is
    not judged (it counts for nothing already).  ``moved``: as :func:`counted`'s."""
    out = {}
    bounds = saved_bounds(sessions, states)
    for k, entry in enumerate(sessions):
        if entry.get("exam") is not True or states[k] == EDITED:
            continue
        moment = moment_of(entry.get("utc"))
        drill = str(entry.get("drill", ""))
        found = counted(sessions, states, drill, moment, str(entry.get("date", ""))[:10], k, bounds, moved)
        if found.taken >= limit:
            within = "within 24 hours" if moment is not None else f"on {str(entry.get('date', ''))[:10]}"
            edited = len(found.edited)
            with_edited = (f", counting {edited} edited record{'s' if edited != 1 else ''} that may have been "
                           "exams" if edited else "") + moved_words(len(found.moved))
            out[k] = (f"over the school's limit of {limit} {drill} exam{'s' if limit != 1 else ''} a day: "
                      f"{found.taken} begun {within} before it{with_edited}")
    return out


def later_dates(sessions: Sequence[Mapping]) -> list[Optional[str]]:
    """For each session, the earliest ``date`` among the sessions stored after it without ``utc`` (None:
    none): an entry of an older dealer-assist dated after it had its clock or zone ahead (see :func:`date_flag`)."""
    out: list[Optional[str]] = []
    earliest: Optional[str] = None
    for entry in reversed(sessions):
        out.append(earliest)
        if moment_of(entry.get("utc")) is None and isinstance(entry.get("date"), str):
            earliest = entry["date"] if earliest is None else min(earliest, entry["date"])
    return out[::-1]


def date_flag(entry: Mapping, now: float, later: Optional[str] = None) -> str:
    """What a listing must add to a session's ``date`` (empty: nothing): the moment it began, in this
    computer's zone, when the trainee's clock read another (a ``TZ`` of their choosing), and a date that has
    not come yet.  ``later``: the earliest date of an older dealer-assist's entry stored after this one
    (:func:`later_dates`): one of them dated after it shows once the date has come."""
    moment = moment_of(entry.get("utc"))
    date = str(entry.get("date", ""))
    if moment is not None:
        here = time.strftime(_LOCAL, time.localtime(moment))
        flag = ""
        if here != date:
            flag = (f" [begun {here} here ({utc_text(moment)}); the trainee's clock read {date}: "
                    "another time zone]")
        if moment > now + SLACK:
            flag += " [DATED AFTER NOW: the computer's clock was ahead]"
        return flag
    try:
        local = time.mktime(time.strptime(date, _LOCAL))
    except (ValueError, OverflowError):
        return ""
    if local > now + SLACK:
        return (" [DATED AFTER NOW: stored without UTC by an older dealer-assist; its clock or time zone was "
                "ahead of this computer's]")
    if later is not None and date[:13] > later[:13]:   # within the hour: an exam spanning another session
        return (f" [DATED AFTER {later}, the date of a session stored after it: stored without UTC by an older "
                "dealer-assist, its clock or time zone was ahead]")
    return ""


def moved_words(count: int) -> str:
    """What a count says of the exams a rename or merge took away from the name (empty: none)."""
    return (f", counting {count} exam{'s' if count != 1 else ''} of a record renamed or merged away from this "
            "name" if count else "")
