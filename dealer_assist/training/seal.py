"""Seals on the stored sessions: one hash chain per trainee, so that a record edited by hand shows.

The progress file is plain JSON that a school shares between accounts, so any student could set an
exam to 40 right and ``"passed": true`` and ``train --progress`` read "PASSED" (qaP F7).  Each
session stored now carries ``seal``: the SHA-256 of the trainee's name, the seal of the session
before it and the session itself.  An entry whose seal does not match is listed as edited and its
verdict does not count; so is one after it whose chain was cut.

What this does not do: the algorithm is here for anyone to read, and there is no secret, so someone
who recomputes every seal with a program of their own makes a forged file verify.  A hand edit, an
entry copied from another trainee, a seal deleted (every seal of the trainee too: an entry with a field
only a sealing version writes, ``utc``, ``saved_utc`` or ``how``, is edited when it has none, and so is one
with none of them dated 15 hours or more after the file's ``sealed_since``, see :func:`since` and
:data:`ZONE_MARGIN`), a session slipped in
among those stored before seals were kept: these show.  Every seal in the file deleted with
``sealed_since`` and the sessions dated back reads as an older version's file: only the file's permissions
stop that.  Sessions deleted from the end of a
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
from typing import Iterable, Mapping, Optional

FIELD = "seal"
SEALED, EDITED, NONE = "sealed", "edited", "not sealed"
#: Fields of a stored session first written by a dealer-assist that seals every session it stores: an entry
#: with one of them and no seal had its seal deleted.  Without this, ``"exam": false`` set on the day's failed
#: exams and every seal of the trainee deleted read as an older version's practice sessions, which the day's
#: exam limit does not count (rev24 T3).
SEALING_ONLY = ("utc", "saved_utc", "how")
#: The file's top-level field of when it first held a sealed session (UTC text), written by every save of a
#: sealing dealer-assist: a session with no seal dated at or after it was stored by one, its seal deleted.
SINCE_FIELD = "sealed_since"


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
#: session stored just before the upgrade read edited (rev28 R1).
ZONE_MARGIN = (14 + 1) * 3600.0


def _dated(entry: object) -> Optional[float]:
    """An entry's local ``date`` read as if it were UTC, the same on every computer (None: none, or not a
    date): the moment it was stored lies within 12 hours after and :data:`ZONE_MARGIN` before it."""
    date = entry.get("date") if isinstance(entry, Mapping) else None
    try:
        return float(calendar.timegm(time.strptime(date, "%Y-%m-%dT%H:%M:%S"))) if isinstance(date, str) else None
    except (ValueError, OverflowError):
        return None


def states(trainee: str, sessions: Iterable[Mapping], since: Optional[float] = None) -> list[str]:
    """:data:`SEALED`, :data:`EDITED` or :data:`NONE` for each session, in order.  A session with no seal
    after a sealed one, or carrying a field of :data:`SEALING_ONLY`, had its seal deleted (this program seals
    every session it stores): EDITED.  So is one dated :data:`ZONE_MARGIN` or more after ``since``, when the
    file was first written by a sealing dealer-assist (see :data:`SINCE_FIELD`): deleting those fields too,
    with every seal of the trainee, made the day's failed exams read as an older version's practice (rev26
    F4).  Those stripped within that margin after the upgrade, or dated back by hand, read "not sealed": an
    older version's session stored just before the upgrade, on a clock of any zone, must never read edited."""
    out, previous, sealing = [], "", False
    for index, entry in enumerate(sessions):
        seal = _stored(entry)
        if not seal:
            sealing = sealing or (isinstance(entry, Mapping) and any(k in entry for k in SEALING_ONLY))
            dated = _dated(entry) if since is not None and not sealing else None
            out.append(EDITED if sealing or (dated is not None and dated >= since + ZONE_MARGIN) else NONE)
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


def since(data: Mapping) -> Optional[float]:
    """When the file first held a sealed session (:data:`SINCE_FIELD`, or its earliest sealed session's
    ``utc`` when earlier or the field is gone; a session whose seal does not match dates nothing): None for a
    file no sealing dealer-assist wrote.  Never before :data:`FIRST_SEALING`."""
    moments = [_utc(data.get(SINCE_FIELD))]
    trainees = data.get("trainees")
    for name, person in (trainees.items() if isinstance(trainees, Mapping) else ()):
        sessions = person.get("sessions") if isinstance(person, Mapping) else None
        sessions = [s for s in (sessions if isinstance(sessions, list) else ()) if isinstance(s, Mapping)]
        if not any(_stored(s) for s in sessions):
            continue
        matching = sound(name, sessions) if isinstance(name, str) else set()
        moments += [_utc(s.get("utc")) for s in sessions if id(s) in matching]
    found = [m for m in moments if m is not None]
    return max(min(found), FIRST_SEALING) if found else None


def mark_since(data: dict) -> None:
    """Write :data:`SINCE_FIELD` before a save (kept when it is there and no sealed session is earlier)."""
    moment = since(data)
    if moment is not None:
        data[SINCE_FIELD] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(moment))


def _utc(value: object) -> Optional[float]:
    return _parsed(value) if isinstance(value, str) else None


@functools.lru_cache(maxsize=4096)
def _parsed(text: str) -> Optional[float]:
    """:func:`since` reads every session's ``utc`` for each trainee listed (strptime is most of its time)."""
    try:
        return float(calendar.timegm(time.strptime(text, "%Y-%m-%dT%H:%M:%SZ")))
    except (ValueError, OverflowError):
        return None
