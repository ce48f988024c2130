"""Seals on the stored sessions: one hash chain per trainee, so that a record edited by hand shows.

The progress file is plain JSON that a school shares between accounts, so any student could set an
exam to 40 right and ``"passed": true`` and ``train --progress`` read "PASSED" (qaP F7).  Each
session stored now carries ``seal``: the SHA-256 of the trainee's name, the seal of the session
before it and the session itself.  An entry whose seal does not match is listed as edited and its
verdict does not count; so is one after it whose chain was cut.

What this does not do: the algorithm is here for anyone to read, and there is no secret, so someone
who recomputes every seal with a program of their own makes a forged file verify.  A hand edit, an
entry copied from another trainee, a seal deleted (every seal of the trainee too: an entry with a field
only a sealing version writes, :data:`SEALING_ONLY`, is edited when it has none, and so is one with none of
them dated after the latest older version's session the file held when first sealed, which each sealed
session records, or, in a file that records none, 15 hours or more after its ``sealed_since``: see
:class:`Sealing`), a session slipped in
among those stored before seals were kept: these show.  Every seal in the file deleted with
``sealed_since`` and the sessions dated back reads as an older version's file, and so do one trainee's
sessions stripped and dated back to no later than the file's :data:`OLDER_FIELD`: only the file's
permissions stop that.  Sessions deleted from the end of a
trainee's list, or a trainee deleted, do not (the last seal changes: a school that notes the last
seal ``--progress`` prints can tell).  Only the file's permissions (writable by the trainer's account
alone) keep students from writing it at all.

A session that fails its check is never sealed again, so a save after the edit does not launder it;
sessions stored before seals were kept stay "not sealed".  A trainee renamed or merged into another
(``train --rename``, ``--merge``; see :mod:`dealer_assist.training.renames`) has the sessions that matched
their seals sealed again under the new name, the others kept as they were (still edited), and the change
logged in the file with the last seals before and after.
"""

from __future__ import annotations

import calendar
import functools
import hashlib
import json
import time
from dataclasses import dataclass
from datetime import datetime
from typing import Iterable, Mapping, Optional, Union

FIELD = "seal"
SEALED, EDITED, NONE = "sealed", "edited", "not sealed"
#: Fields of a stored session first written by a dealer-assist that seals every session it stores: an entry
#: with one of them and no seal had its seal deleted.  Without this, ``"exam": false`` set on the day's failed
#: exams and every seal of the trainee deleted read as an older version's practice sessions, which the day's
#: exam limit does not count (rev24 T3).
SEALING_ONLY = ("utc", "saved_utc", "how", "older_until")
#: The file's top-level field of when it first held a sealed session (UTC text), written by every save of a
#: sealing dealer-assist: a session with no seal dated at or after it was stored by one, its seal deleted.
SINCE_FIELD = "sealed_since"
#: Each session a sealing dealer-assist stores carries, sealed with it, the latest local ``date`` of an older
#: version's session the file held when it was first sealed (null: none): no stripped session dated after it
#: reads as one of those, whatever the zones of their clocks (see :class:`Sealing`).
OLDER_FIELD = "older_until"


def seal_of(trainee: str, previous: str, entry: Mapping) -> str:
    """The seal of ``entry`` stored under ``trainee`` after a session sealed ``previous`` ("" for none)."""
    body = {k: v for k, v in entry.items() if k != FIELD}
    text = json.dumps({"trainee": trainee.casefold(), "previous": previous, "entry": body},
                      sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _stored(entry: object) -> str:
    seal = entry.get(FIELD) if isinstance(entry, Mapping) else None
    return seal if isinstance(seal, str) else ""


def _before(index: int, sessions_seal: str) -> str:
    """What the session after session ``index`` (0-based) chains to: its seal, or, for a session stored
    before seals were kept, how many sessions lie before the next one.  A session slipped in among the
    unsealed ones, or one of them removed, so changes the first seal after them (rev14)."""
    return sessions_seal or f"after {index + 1} sessions not sealed"


#: How far after :data:`SINCE_FIELD` an older version's local ``date`` may read and still be a session it stored
#: before then: its writer's zone (up to UTC+14, ``Pacific/Kiritimati``) and an hour more for a clock a little
#: ahead (a summer time set by hand).  Read in this computer's zone instead, the reader's zone decided whether a
#: session stored just before the upgrade read edited (rev28 R1).  A ``date`` is its writer's clock: one behind
#: UTC reads under the margin up to 27 hours after (UTC-12), the bound of a file whose sealed sessions record
#: no :data:`OLDER_FIELD` (rev29 R3).
ZONE_MARGIN = (14 + 1) * 3600.0


def _dated(entry: object) -> Optional[float]:
    """An entry's local ``date`` read as if it were UTC, the same on every computer (None: none, or not a
    date): the moment it was stored lies within 12 hours after and :data:`ZONE_MARGIN` before it."""
    return _local(entry.get("date") if isinstance(entry, Mapping) else None)


def _local(date: object) -> Optional[float]:
    """A ``date`` in any form the loader takes (``datetime.fromisoformat``: a space for the ``T``, a fraction
    of a second, an offset), its wall clock read as UTC to the whole second.  Only YYYY-MM-DDTHH:MM:SS read
    before, so a hand-fixed or imported older session read edited at the upgrade (rev31 R10)."""
    if not isinstance(date, str):
        return None
    try:
        return float(calendar.timegm(datetime.fromisoformat(date).replace(tzinfo=None).timetuple()))
    except (ValueError, OverflowError):
        return None


@dataclass(frozen=True)
class Sealing:
    """What dates a session with no seal in a file a sealing dealer-assist wrote (see :func:`since`).

    ``moment``: when the file first held a sealed session (UTC seconds).  ``older``: the latest local ``date``
    (read as UTC, :func:`_dated`) of an older version's session the file held then, None when it held none;
    ``known``: whether a sealed session records it (:data:`OLDER_FIELD`; a file first sealed by a version that
    did not record it has only the margin).  The margin alone reads a ``date`` 15 hours after ``moment`` as
    stored after it, which on a clock behind UTC left a stripped session "not sealed" up to 27 hours after
    the upgrade (rev29 R3).  An older version's session the file held then is never dated after ``older``,
    whatever its zone; a stripped one stored after the last of them on a clock of the same zone is (but in the
    hour a clock set back for winter time reads twice)."""

    moment: float
    older: Optional[float] = None
    known: bool = False

    def edits(self, dated: Optional[float]) -> bool:
        """Whether a session with no seal and no field of :data:`SEALING_ONLY`, dated ``dated``, was not stored
        by an older version before the file was sealed (its seal deleted, or stored by one since).  ``dated`` None
        (no date it can read) is edited once :data:`OLDER_FIELD` is known: a stripped session given ``"?"`` for
        its date read "not sealed" and no longer counted in the day's exam limit (rev32 R1); only the margin
        known, it reads "not sealed"."""
        if self.known and (self.older is None or dated is None or dated > self.older):
            return True
        return dated is not None and dated >= self.moment + ZONE_MARGIN


def states(trainee: str, sessions: Iterable[Mapping], since: Union[Sealing, float, None] = None) -> list[str]:
    """:data:`SEALED`, :data:`EDITED` or :data:`NONE` for each session, in order.  A session with no seal
    after a sealed one, or carrying a field of :data:`SEALING_ONLY`, had its seal deleted (this program seals
    every session it stores): EDITED.  So is one that ``since`` (the file's :func:`since`, or only its moment)
    shows was stored after the file first held a sealed session (:meth:`Sealing.edits`): deleting those
    fields too, with every seal of the trainee, made the day's failed exams read as an older version's
    practice (rev26 F4).  An older version's session the file held when first sealed, on a clock of any zone,
    must never read edited."""
    if since is not None and not isinstance(since, Sealing):
        since = Sealing(float(since))
    out, previous, sealing = [], "", False
    for index, entry in enumerate(sessions):
        seal = _stored(entry)
        if not seal:
            sealing = sealing or (isinstance(entry, Mapping) and any(k in entry for k in SEALING_ONLY))
            out.append(EDITED if sealing or (since is not None and since.edits(_dated(entry))) else NONE)
        else:
            sealing = True
            try:
                out.append(SEALED if seal == seal_of(trainee, previous, entry) else EDITED)
            except (TypeError, ValueError):  # a value JSON cannot write again: not as stored
                out.append(EDITED)
        previous = _before(index, seal)
    return out


def reseal(trainee: str, sessions: list, fresh: set[int]) -> None:
    """Seal again, in order, the sessions whose ``id()`` is in ``fresh`` (new, or sound before this save):
    a session removed or replaced changes the seals after it.  The others keep theirs, mismatched."""
    previous = ""
    for index, entry in enumerate(sessions):
        if id(entry) in fresh:
            entry[FIELD] = seal_of(trainee, previous, entry)
        previous = _before(index, _stored(entry))


def sound(trainee: str, sessions: list) -> set[int]:
    """The ``id()`` of each session whose seal matches now (see :func:`reseal`)."""
    return {id(e) for e, state in zip(sessions, states(trainee, sessions)) if state == SEALED}


#: The day the first sealing dealer-assist came out (2026-12-06, UTC): no file held a sealed session before.
#: :data:`SINCE_FIELD` is not sealed, so a ``"sealed_since": "2000-01-01T00:00:00Z"`` planted by anyone who can
#: write the file turned every older version's session of every trainee into "edited" (rev28 R8).
FIRST_SEALING = float(calendar.timegm((2026, 12, 6, 0, 0, 0, 0, 0, 0)))


def _sessions(data: Mapping) -> Iterable[tuple[object, list]]:
    trainees = data.get("trainees")
    for name, person in (trainees.items() if isinstance(trainees, Mapping) else ()):
        sessions = person.get("sessions") if isinstance(person, Mapping) else None
        yield name, [s for s in (sessions if isinstance(sessions, list) else ()) if isinstance(s, Mapping)]


def since(data: Mapping) -> Optional[Sealing]:
    """When the file first held a sealed session (:data:`SINCE_FIELD`, or its earliest sealed session's
    ``utc`` when earlier or the field is gone; a session whose seal does not match dates nothing), and the
    latest date of an older version's session it held then as its sealed sessions record it (the earliest
    recorded: :data:`OLDER_FIELD`): None for a file no sealing dealer-assist wrote.  Never before
    :data:`FIRST_SEALING`."""
    moments, olders = [_utc(data.get(SINCE_FIELD))], []
    for name, sessions in _sessions(data):
        if not any(_stored(s) for s in sessions):
            continue
        matching = sound(name, sessions) if isinstance(name, str) else set()
        for s in sessions:
            if id(s) in matching:
                moments.append(_utc(s.get("utc")))
                older = s.get(OLDER_FIELD, "")   # "": not recorded (a version before it), null: none held
                if older is None or _local(older) is not None:
                    olders.append(None if older is None else _local(older))
    found = [m for m in moments if m is not None]
    if not found:
        return None
    moment = max(min(found), FIRST_SEALING)
    if not olders:
        return Sealing(moment)
    return Sealing(moment, None if None in olders else min(olders), True)


def older_until(data: Mapping, moment: float) -> Optional[str]:
    """What a session about to be sealed records as :data:`OLDER_FIELD`: what the file's sealed sessions
    record, else, for a file first sealed now (``moment``) or by a version that did not record it, the latest
    ``date`` of a session of an older version it holds (one that reads "not sealed"), None when none does."""
    sealing = since(data) or Sealing(max(moment, FIRST_SEALING))
    if sealing.known:
        return None if sealing.older is None else _text(sealing.older)
    dates = [_dated(s) for name, sessions in _sessions(data) if isinstance(name, str)
             for s, state in zip(sessions, states(name, sessions, sealing)) if state == NONE]
    dates = [d for d in dates if d is not None]
    return _text(max(dates)) if dates else None


def _text(dated: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(dated))


def mark_since(data: dict) -> None:
    """Write :data:`SINCE_FIELD` before a save (kept when it is there and no sealed session is earlier)."""
    sealing = since(data)
    if sealing is not None:
        data[SINCE_FIELD] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(sealing.moment))


def _utc(value: object) -> Optional[float]:
    return _parsed(value) if isinstance(value, str) else None


@functools.lru_cache(maxsize=4096)
def _parsed(text: str) -> Optional[float]:
    """:func:`since` reads every session's ``utc`` for each trainee listed (strptime is most of its time)."""
    try:
        return float(calendar.timegm(time.strptime(text, "%Y-%m-%dT%H:%M:%SZ")))
    except (ValueError, OverflowError):
        return None
