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
which computer, the sessions moved, the last seals before and after: the last seal a school noted
changes, and the log says to what; the exams moved that the old name's day limit keeps counting; and the
``--reason`` given).  A rename or merge frees no exam attempt: those exams count against the old name for
24 hours (:func:`moved_away`), and ``--progress`` lists the change under both names (:func:`history`).
What this does not do: the log is not sealed; anyone who can write the file can edit it, as they can
recompute seals (see :mod:`seal`), so its fields are listed escaped and checked, never trusted as text.
"""

from __future__ import annotations

import math
import os
import socket
import time
import unicodedata
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


def rekeyed(name: str, sessions: list[dict], states_before: Mapping[int, str],
            since: Optional[seal.Sealing] = None) -> None:
    """Seal ``sessions`` again under ``name``: those sealed before (``states_before``: ``id()`` -> state) are
    sealed again in their new order, the others keep their seal; a state changed by it raises
    :class:`RenameError` (the caller writes nothing)."""
    seal.reseal(name, sessions, {id(s) for s in sessions if states_before[id(s)] == seal.SEALED})
    after = seal.states(name, sessions, since)
    changed = [i for i, (s, state) in enumerate(zip(sessions, after), 1) if state != states_before[id(s)]]
    if changed:
        now, was = after[changed[0] - 1], states_before[id(sessions[changed[0] - 1])]
        why = (": an edited record that would match its seal under the new name is a session copied by hand from "
               "that record, or from another trainee's, and the change would make it count; find it with train "
               "--progress (EDITED RECORD), take it out of the file by hand (or keep the two records apart: "
               "--rename gives one another name), then try again" if (was, now) == (seal.EDITED, seal.SEALED)
               else "")
        raise RenameError(f"session {changed[0]} of {name!r} (after the change) would read {now!r}, not {was!r} as "
                          f"before{why}; nothing was changed")


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
              now: Optional[float] = None, counted: Sequence[Mapping] = ()) -> dict:
    """What the file's ``renames`` keeps of one change; ``counted``: :func:`still_counted`."""
    return {"action": action, "from": old, "to": new, "utc": day_limit.utc_text(time.time() if now is None else now),
            "by": account(), "host": socket.gethostname(), "sessions": moved, "edited": edited, "seals": dict(seals),
            "counted": [dict(c) for c in counted]}


def still_counted(sessions: Sequence[Mapping], states: Sequence[str], now: float) -> list[dict]:
    """The moved sessions the old name's day limit keeps counting (logged as ``counted``): each exam begun in
    the 24 hours before the change (``{"drill", "utc"}``) and each edited record that still counted then
    (``{"edited": true}``).  Without it ``train --rename Ana "Ana old"`` gave Ana fresh attempts (rev26 F3)."""
    out: list[dict] = []
    for entry, state, bound in zip(sessions, states, day_limit.saved_bounds(sessions, states)):
        if state == seal.EDITED:
            if bound is None or bound > now - day_limit.DAY:
                out.append({"edited": True})
        elif entry.get("exam") is True:
            begun = day_limit.moment_of(entry.get("utc"))
            if begun is not None and begun > now - day_limit.DAY:
                out.append({"drill": str(entry.get("drill", "")), "utc": entry["utc"]})
    return out


def moved_away(name: str, data: Mapping) -> list[day_limit.Moved]:
    """What renames and merges took away from ``name`` that its day's limit still counts (see
    :class:`~dealer_assist.training.day_limit.Moved`): the ``counted`` of each logged change from the name,
    unless the record came back to it since (then its own sessions count them).  An entry not shaped as
    written (a hand edit) gives nothing: the log is not sealed, as README says."""
    out: list[day_limit.Moved] = []
    entries = log(data)
    for index, entry in enumerate(entries):
        if names.fold(entry["from"]) != names.fold(name) or names.fold(followed(name, data, index)) == names.fold(name):
            continue
        change = day_limit.moment_of(entry.get("utc"))
        items = entry.get("counted")
        if change is None or not isinstance(items, list):
            continue
        # no record brought to the name since: each session under it now was stored after the change (rev28 R4)
        alone = not any(names.fold(later["to"]) == names.fold(name) for later in entries[index + 1:])
        for item in items:
            if not isinstance(item, Mapping):
                continue
            if item.get("edited") is True:
                out.append(day_limit.Moved(None, change, change, alone))
            elif isinstance(item.get("drill"), str) and day_limit.moment_of(item.get("utc")) is not None:
                out.append(day_limit.Moved(item["drill"], day_limit.moment_of(item["utc"]), change, alone))
    return out


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


def alike_shown(entry: Mapping) -> Mapping:
    """``entry`` with its ``from`` and ``to`` shown by code point when they differ only in Unicode form (NFC
    and NFD "Chloé": "MERGED 'Chloé' into 'Chloé'" said nothing, rev26 F14)."""
    a, b = entry["from"], entry["to"]
    if a != b and unicodedata.normalize("NFC", a) == unicodedata.normalize("NFC", b):
        return {**entry, "from": NamedAlike(a), "to": NamedAlike(b)}
    return entry


class NamedAlike(str):
    """A name shown by its code points: two records whose names differ only in Unicode form read the same."""

    def __repr__(self) -> str:
        return ascii(str(self))


def history(name: str, data: Mapping) -> list[tuple[Mapping, bool]]:
    """The logged changes ``--progress`` lists under the stored trainee ``name``, oldest first, each with
    whether it took a record AWAY from the name (True) or brought sessions to it: walking back, a change into
    a name the record had brings sessions (and its old name joins the record's names); a change from such a
    name to another ended that name's earlier history, which went with the record (rev26 F7: "X renamed to
    Ana" was listed under a new Ana whose sessions never were X's, and nothing said Ana's went to Yan)."""
    mine, out = {names.fold(name)}, []
    for entry in reversed(log(data)):
        if names.fold(entry["to"]) in mine:
            out.append((entry, False))
            mine.add(names.fold(entry["from"]))
        elif names.fold(entry["from"]) in mine:
            out.append((entry, True))
            mine.discard(names.fold(entry["from"]))
    return out[::-1]


def _shown(value: object) -> str:
    """A log field as ``--progress`` prints it: the log is not sealed, and a newline in ``host`` forged a PASSED
    line in the listing (rev26 F13); control and format characters are shown as escapes, the length cut."""
    text = value if isinstance(value, str) else repr(value)
    out = "".join(ch if unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Zl", "Zp")
                  else ch.encode("unicode_escape").decode("ascii") for ch in text[:80])
    return out + ("..." if len(text) > 80 else "")


def _count(value: object, what: str) -> Optional[str]:
    """``3 sessions``, ``1 session`` (None: not a whole number: a hand-edited entry)."""
    if not isinstance(value, int) or isinstance(value, bool):
        return None
    return f"{value} {what}{'' if value == 1 else 's'}"


def words(entry: Mapping, away: bool = False) -> str:
    """One logged change in words, as ``--progress`` lists it under the trainee's heading (``away``: under the
    name a record was taken from, see :func:`history`).  Every field is printed escaped, and one not as this
    program writes it (a hand edit of the unsealed log) is named so, never printed raw."""
    seals = entry.get("seals") if isinstance(entry.get("seals"), Mapping) else {}
    before = [f"{_shown(seals[key])[:16]} ({who!r})" for key, who in (("from", entry["from"]), ("into", entry["to"]))
              if isinstance(seals.get(key), str)]
    after = f"; last seal before {', '.join(before)}, after {_shown(seals['after'])[:16]}" \
        if before and isinstance(seals.get("after"), str) else ""
    edited = entry.get("edited")
    kept = (f", {_count(edited, 'edited record')} kept as {'it was' if edited == 1 else 'they were'} (still edited)"
            if _count(edited, "edited record") is not None and edited > 0 else "")
    what = "RENAMED" if entry.get("action") == "rename" else "MERGED"
    entry = alike_shown(entry)
    how = "to" if entry.get("action") == "rename" else "into"
    when = entry.get("utc")
    when = when if day_limit.moment_of(when) is not None else f"[not a time: {_shown(when)}]"
    moved = _count(entry.get("sessions"), "session") or f"[not a count: {_shown(entry.get('sessions'))}]"
    odd = [key for key in ("by", "host") if not isinstance(entry.get(key), str)]
    hand = f" [log entry edited by hand: {', '.join(odd)} not a text]" if odd else ""
    head = (f"{what} {entry['from']!r} {how} {entry['to']!r} on {when} by {_shown(entry.get('by', '?'))} "
            f"on {_shown(entry.get('host', '?'))}")
    reason = f"; reason given: {_shown(entry['reason'])!r}" if "reason" in entry else ""
    if away:
        counted = entry.get("counted")
        held = len(counted) if isinstance(counted, list) else 0
        ends = [day_limit.moment_of(c.get("utc")) if c.get("edited") is not True else day_limit.moment_of(when)
                for c in (counted if isinstance(counted, list) else ()) if isinstance(c, Mapping)]
        until = (f" until {day_limit.utc_text(max(ends) + day_limit.DAY)} (24 hours after the last began)"
                 if ends and None not in ends else "")
        # the head trainer looks here for why the day limit refuses this name: the reason is named here too
        return (f"{head}: A RECORD UNDER THIS NAME WENT TO {entry['to']!r} ({moved}); the sessions below were "
                "stored under the name since, another record" + (
                    f"; {held} exam{'s' if held != 1 else ''} of the 24 hours before the change (or edited record"
                    f"{'s' if held != 1 else ''}) counted against this name's day limit{until}" if held else "")
                + reason + hand)
    return f"{head}: {moved} moved, sealed again under {entry['to']!r}{kept}{reason}{after}{hand}"


def went(entry: Mapping) -> str:
    """``renamed to 'Anna' on 2026-12-06T22:14:59Z``: where a logged change took a record, printed escaped."""
    when = entry.get("utc")
    when = when if day_limit.moment_of(when) is not None else f"[not a time: {_shown(when)}]"
    return f"{'renamed to' if entry.get('action') == 'rename' else 'merged into'} {entry['to']!r} on {when}"
