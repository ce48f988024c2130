"""The supervisors a journal's table answers to, and the check that a restart keeps them.

The PIN a correction needs is only a control if the croupier cannot start
the table again without it: a restart with no ``[[supervisors]]`` (QA: ``run
--journal J`` with no config), or with a roster of their own making, had made
every void the croupier's alone.  So the journal keeps the roster (names and
salted PIN hashes, never a PIN) in a ``roster`` entry, written when a table
first starts with supervisors.  A restart with no roster configured answers to
the recorded one; a restart with another roster is refused until one of the
recorded supervisors approves it (``dealer-assist supervisor roster``), which
journals the new roster with that approval.
"""

from __future__ import annotations

import json
import os
import stat
import time
from datetime import datetime
from pathlib import Path
from typing import Any, Optional

from dealer_assist.table import journal_scan
from dealer_assist.table.journal_files import PIN_TRIES
from dealer_assist.table.supervisor import SupervisorRoster, WrongPinError, name_key

#: The journal entry kind that records a roster: {"supervisors": [{"name", "pin_hash"}, ...]} (by name),
#: with the ``correction`` that approved it when it replaced another.
KIND = "roster"


class RosterMismatchError(ValueError):
    """A journal whose table answers to other supervisors than the configuration names."""

    def __init__(self, recorded: list[dict], given: Optional[list[dict]]) -> None:
        self.recorded = recorded
        names = ", ".join(s["name"] for s in recorded) or "none"
        now = ", ".join(s["name"] for s in given) if given else "none"
        keys = sorted(name_key(s["name"]) for s in recorded)
        if given and sorted(name_key(s["name"]) for s in given) == keys:  # the same names: a PIN set again (QA: "other supervisors", naming these)
            pins = {name_key(g["name"]): g.get("pin_hash") for g in given}
            repinned = ", ".join(s["name"] for s in recorded if pins.get(name_key(s["name"])) != s.get("pin_hash"))
            differ = f"the configuration gives {repinned} another PIN than the one recorded"
        else:
            differ = f"the configuration names other supervisors ({now})"
        super().__init__(
            f"this journal's table answers to the supervisors {names}, and {differ}: a restart may not change "
            "who can sign corrections. Start "
            "with the configuration that names them, or with no [[supervisors]] (the journal's are used), "
            "or have one of them approve the new list first: dealer-assist supervisor roster JOURNAL "
            "--config FILE --supervisor NAME --reason TEXT")


def same_roster(one: Optional[list[dict]], other: Optional[list[dict]]) -> bool:
    """Whether two recorded rosters are the same supervisors with the same PINs: names told apart as the roster
    tells them (:func:`name_key`), so a configuration saved with its names in another Unicode form (a macOS
    editor's) or case is no other roster (qaAK F6)."""
    def people(roster: Optional[list[dict]]) -> list:
        return sorted((name_key(s.get("name", "")), str(s.get("pin_hash"))) for s in roster or ())
    return people(one) == people(other)


def roster_entries(roster: Optional[SupervisorRoster]) -> Optional[list[dict]]:
    """``roster`` as a ``roster`` entry keeps it (by name), or None for no roster (or one of no one, whom no
    correction could ever be signed by)."""
    return (roster.to_config()["supervisors"] or None) if roster is not None else None


def recorded_roster(journal: Any, through: Optional[int] = None) -> Optional[list[dict]]:
    """The supervisors of the journal's last ``roster`` entry (up to entry ``through``), or None when it
    has none or its last says none."""
    last = None
    condition, params = (f"kind = '{KIND}'", ()) if through is None else (f"kind = '{KIND}' AND seq <= ?", (through,))
    for entry in journal.entries_where(condition, params):
        last = entry.payload.get("supervisors")
    return last if isinstance(last, list) and last else None


def signers(journal: Any) -> set[str]:
    """The supervisors who signed the journal's corrections and overrides."""
    names = set()
    for e in journal_scan.pin_records(journal):
        for key in ("correction", "override"):
            signed = e.payload.get(key)
            if isinstance(signed, dict) and isinstance(signed.get("supervisor"), str):
                names.add(signed["supervisor"])
    return names


def refused_pin(roster: SupervisorRoster, supervisor: str, exc: WrongPinError, action: str) -> dict:
    """The ``pin_refused`` entry of a wrong PIN, which a restart puts back (see :func:`restore_lockouts`), under the
    roster's spelling of the name (qaAG F20: "ana" for "Ana" was kept as a name not on the roster, and every
    restart gave back three free tries).  A name the roster does not know is not kept: it is as often a PIN typed
    in the wrong field."""
    named = (exc.name if exc.name in roster.names
             else f"(a name not on the roster, {len(supervisor.strip())} characters)")
    return {"supervisor": named, "failures": exc.failures, "locked_for": exc.locked_for, "action": action}


def restore_lockouts(journal: Any, roster: Optional[SupervisorRoster], now: Optional[float] = None) -> None:
    """Put each name's last ``pin_refused`` back into ``roster``: killing the app wipes no lockout.

    A change the same supervisor made since with the right PIN (its ``correction`` or ``override``)
    ended that count, as it does while the app runs: an old lockout is not put back over it.  A
    lockout runs from its entry's time (``now``: the wall clock's seconds): put back in full at every
    start, one each run of ``supervisor roster`` renewed had never ended (QA).
    """
    if roster is None or journal is None:
        return
    now = time.time() if now is None else now
    last: dict[str, Any] = {}  # by name_key: one person's count whatever the case or Unicode form it was kept in
    for e in journal_scan.pin_records(journal):
        if e.kind == "pin_refused":
            last[name_key(e.payload.get("supervisor", ""))] = e
            continue
        for key in ("correction", "override"):
            signed = e.payload.get(key)
            if isinstance(signed, dict) and isinstance(signed.get("supervisor"), str):
                last.pop(name_key(signed["supervisor"]), None)
    for e in last.values():
        name = e.payload.get("supervisor", "")
        locked_for = float(e.payload.get("locked_for", 0.0))
        roster.restore(name, int(e.payload.get("failures", 0)), max(0.0, locked_for - _since(e.time, now)))


def _since(when: str, now: float) -> float:
    """Seconds from an entry's ISO time to ``now``; 0 when the time cannot be read or lies ahead (a clock set
    back: the lockout is then served in full, never shortened)."""
    try:
        at = datetime.fromisoformat(str(when).replace("Z", "+00:00")).timestamp()
    except ValueError:
        return 0.0
    return max(0.0, now - at)


def roster_to_use(journal: Any, configured: Optional[SupervisorRoster]) -> tuple[Optional[SupervisorRoster], bool]:
    """The roster a table on ``journal`` answers to, and whether it is still to be recorded.

    The configured one when the journal records none (to be recorded) or the same;
    the recorded one when none is configured.  Raises :class:`RosterMismatchError`
    when the configuration names another."""
    recorded = recorded_roster(journal) if journal is not None else None
    if roster_entries(configured) is None:
        configured = None
    if recorded is None:
        return configured, configured is not None and journal is not None
    if configured is None:
        return SupervisorRoster.from_config({"supervisors": recorded}), False
    given = roster_entries(configured)
    if given == recorded:
        return configured, False
    if not same_roster(given, recorded):
        raise RosterMismatchError(recorded, given)
    # The same people and PINs, their names in another form or case: signed as the journal recorded them.
    return SupervisorRoster.from_config({"supervisors": recorded}), False


def tries_file(journal_path: Any) -> Path:
    """Where ``journal recover`` keeps the wrong PINs given for a broken journal, which cannot record them."""
    return Path(str(journal_path) + PIN_TRIES)


def restore_tries(path: Path, roster: SupervisorRoster, now: Optional[float] = None) -> None:
    """Put the wrong PINs kept in ``path`` (see :func:`record_try`) back into ``roster``, each lockout
    running from its time (QA: every run of ``journal recover`` had three fresh tries, a 4-digit PIN found
    in two hours)."""
    now = time.time() if now is None else now
    for name, t in _tries(path).items():
        try:
            roster.restore(name, int(t["failures"]), max(0.0, float(t["locked_for"]) - max(0.0, now - float(t["at"]))))
        except (KeyError, TypeError, ValueError):
            continue


def record_try(path: Path, name: str, exc: WrongPinError, now: Optional[float] = None) -> None:
    """Keep a wrong PIN for a broken journal beside it (a right one, :func:`forget_tries`, ends the count)."""
    tries = _tries(path)
    tries[name] = {"failures": exc.failures, "locked_for": exc.locked_for, "at": time.time() if now is None else now}
    _write(path, tries)


def forget_tries(path: Path, name: str) -> None:
    tries = _tries(path)
    if tries.pop(name, None) is not None:
        _write(path, tries)


def _write(path: Path, tries: dict) -> None:
    """Replace the file whole, readable by those who may read the journal and no one else (qaI: it was
    made 0644 beside a 0640 journal: the names of the supervisors being tried, to anyone)."""
    journal = Path(str(path)[:-len(PIN_TRIES)])
    try:
        mode = stat.S_IMODE(journal.stat().st_mode)
    except OSError:
        mode = 0o640
    tmp = path.with_name(f".{path.name}.{os.getpid()}.part")
    tmp.unlink(missing_ok=True)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(json.dumps(tries))
            os.fchmod(fh.fileno(), mode)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def _tries(path: Path) -> dict:
    try:
        tries = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    return tries if isinstance(tries, dict) else {}
