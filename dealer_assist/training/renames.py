"""A trainee's record given another name, or two records of one person made one (``train --rename``,
``train --merge``), with their seals kept honest, and the file's log of such changes.

A trainee registered twice (``Ana`` and ``Anna``, ``Dеv`` with a Cyrillic е) had their sessions split over
two records, and the one way to join them was to edit the file, which made every moved session read as an
edited record: each seal hashes the trainee's name (see :mod:`dealer_assist.training.seal`).

Re-keyed sessions are sealed again under the new name, in a documented way that keeps what each one was:
a session that matched its seal before is sealed again (it was as stored; moving it changes nothing in
it), an edited one keeps its old seal, which cannot match under the new name and chain, so it still reads
as edited (it is never laundered), and one stored before seals were kept stays unsealed.  The states are
checked again after the re-seal, and a change in any of them refuses the whole change (nothing written).

Two records merged are put in the order their sessions were stored, so that the day's limit of exams
(:mod:`dealer_assist.training.day_limit`), which counts by each exam's ``utc`` and bounds an edited record
by the sessions stored after it, counts the person's exams together, each once: each list keeps its own
order, sealed sessions are placed by when they were written (``saved_utc``, else ``utc``, else ``date``);
an edited record, whose own figures cannot be trusted, stays just before the next sealed session stored
after it in its own list (so no session of the other record stored before that one comes after it and
clears it sooner); sessions stored before seals were kept come first, as they did in each list.

The change is logged in the file's ``renames`` (what, from which name to which, when, by which account on
which computer, the sessions moved, and the last seals before and after: the last seal a school noted
changes, and the log says to what).  What this does not do: the log is not sealed; anyone who can write
the file can edit it, as they can recompute seals (see :mod:`seal`).
"""

from __future__ import annotations

import math
import os
import socket
import time
from typing import Mapping, Optional, Sequence

from dealer_assist.training import day_limit, names, seal

FIELD = "renames"


class RenameError(ValueError):
    """A rename or merge refused: the message names the name and why; nothing was written."""


def _moment(entry: Mapping) -> Optional[float]:
    """When a session was stored, as far as it says: ``saved_utc``, else ``utc``, else its local ``date``."""
    for key in ("saved_utc", "utc"):
        moment = day_limit.moment_of(entry.get(key))
        if moment is not None:
            return moment
    try:
        return time.mktime(time.strptime(str(entry.get("date", "")), "%Y-%m-%dT%H:%M:%S"))
    except (ValueError, OverflowError):
        return None


def _keys(sessions: Sequence[Mapping], states: Sequence[str]) -> list[tuple[int, float]]:
    """Each session's place in a merge (see the module's docstring): ``(0, moment)`` for one stored before
    seals were kept, ``(1, moment)`` for a sealed one, and an edited or undated one takes the key of the next
    sealed session in its own list (after every other session when none follows)."""
    keys: list[tuple[int, float]] = [(1, math.inf)] * len(sessions)
    following = math.inf
    for i in range(len(sessions) - 1, -1, -1):
        moment = _moment(sessions[i])
        if states[i] == seal.NONE:
            keys[i] = (0, moment if moment is not None else -math.inf)
        elif states[i] == seal.SEALED and moment is not None:
            following = moment
            keys[i] = (1, moment)
        else:
            keys[i] = (1, following)
    return keys


def merged(into: Sequence[dict], into_states: Sequence[str], other: Sequence[dict],
           other_states: Sequence[str]) -> list[dict]:
    """The sessions of two records of one trainee as one list, each list's own order kept (see the module's
    docstring); on a tie the session of ``into`` comes first."""
    a, b = _keys(into, into_states), _keys(other, other_states)
    out, i, j = [], 0, 0
    while i < len(into) or j < len(other):
        if j >= len(other) or (i < len(into) and a[i] <= b[j]):
            out.append(into[i])
            i += 1
        else:
            out.append(other[j])
            j += 1
    return out


def last_seal(sessions: Sequence[Mapping]) -> Optional[str]:
    """The seal of the last sealed session, as ``--progress`` prints its first 16 characters (None: none)."""
    return next((s[seal.FIELD] for s in reversed(sessions) if isinstance(s.get(seal.FIELD), str)), None)


def rekeyed(name: str, sessions: list[dict], states_before: Mapping[int, str]) -> None:
    """Seal ``sessions`` again under ``name``: those sealed before (``states_before``: ``id()`` -> state) are
    sealed again in their new order, the others keep their seal; a state changed by it raises
    :class:`RenameError` (the caller writes nothing)."""
    seal.reseal(name, sessions, {id(s) for s in sessions if states_before[id(s)] == seal.SEALED})
    after = seal.states(name, sessions)
    changed = [i for i, (s, state) in enumerate(zip(sessions, after), 1) if state != states_before[id(s)]]
    if changed:
        raise RenameError(f"session {changed[0]} of {name!r} would read {after[changed[0] - 1]!r} after the "
                          f"change, not {states_before[id(sessions[changed[0] - 1])]!r} as before; nothing was "
                          "changed")


def merged_categories(first: Mapping, second: Mapping) -> dict:
    """Per-rule counts of two records added together (``seen`` and ``wrong`` of each rule)."""
    out = {rule: dict(counts) for rule, counts in first.items()}
    for rule, counts in second.items():
        mine = out.setdefault(rule, {"seen": 0, "wrong": 0})
        mine["seen"] += counts["seen"]
        mine["wrong"] += counts["wrong"]
    return out


def account() -> str:
    """Who made the change: the account this runs as (by its id: ``$USER`` is whatever the shell says)."""
    try:
        import pwd

        return pwd.getpwuid(os.geteuid()).pw_name
    except (ImportError, KeyError, AttributeError):
        return f"uid {os.geteuid()}" if hasattr(os, "geteuid") else "unknown"


def log_entry(action: str, old: str, new: str, moved: int, edited: int, seals: Mapping[str, Optional[str]],
              now: Optional[float] = None) -> dict:
    """What the file's ``renames`` keeps of one change."""
    return {"action": action, "from": old, "to": new, "utc": day_limit.utc_text(time.time() if now is None else now),
            "by": account(), "host": socket.gethostname(), "sessions": moved, "edited": edited, "seals": dict(seals)}


def log(data: Mapping) -> list[Mapping]:
    """The file's log of renames and merges, oldest first; an entry not shaped like one (a hand edit) left out."""
    entries = data.get(FIELD)
    return [e for e in (entries if isinstance(entries, list) else ())
            if isinstance(e, Mapping) and isinstance(e.get("from"), str) and isinstance(e.get("to"), str)]


def followed(name: str, data: Mapping, since: int) -> str:
    """Where ``name`` went by the renames and merges logged from entry ``since`` on (``name`` when none moved
    it): a session begun before its trainee was renamed is stored under the new name."""
    for entry in log(data)[since:]:
        if names.fold(entry["from"]) == names.fold(name):
            name = entry["to"]
    return name


def words(entry: Mapping) -> str:
    """One logged change in words, as ``--progress`` lists it under the trainee's heading."""
    seals = entry.get("seals") if isinstance(entry.get("seals"), Mapping) else {}
    before = [f"{what} {str(seals[key])[:16]}" for key, what in (("from", f"{entry['from']}'s"),
                                                                 ("into", f"{entry['to']}'s"))
              if isinstance(seals.get(key), str)]
    after = f"; last seal {', '.join(before)} before, {str(seals['after'])[:16]} after" \
        if before and isinstance(seals.get("after"), str) else ""
    edited = entry.get("edited")
    kept = (f", {edited} edited record{'s' if edited != 1 else ''} kept as they were (still edited)"
            if isinstance(edited, int) and edited else "")
    what = "RENAMED" if entry.get("action") == "rename" else "MERGED"
    how = "to" if entry.get("action") == "rename" else "into"
    return (f"{what} {entry['from']!r} {how} {entry['to']!r} on {entry.get('utc', '?')} by {entry.get('by', '?')} "
            f"on {entry.get('host', '?')}: {entry.get('sessions', '?')} sessions moved, sealed again under "
            f"{entry['to']!r}{kept}{after}")
