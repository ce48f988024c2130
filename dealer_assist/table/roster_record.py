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

from typing import Any, Optional

from dealer_assist.table import journal_scan
from dealer_assist.table.supervisor import SupervisorRoster, WrongPinError

#: The journal entry kind that records a roster: {"supervisors": [{"name", "pin_hash"}, ...]} (by name),
#: with the ``correction`` that approved it when it replaced another.
KIND = "roster"


class RosterMismatchError(ValueError):
    """A journal whose table answers to other supervisors than the configuration names."""

    def __init__(self, recorded: list[dict], given: Optional[list[dict]]) -> None:
        self.recorded = recorded
        names = ", ".join(s["name"] for s in recorded) or "none"
        now = ", ".join(s["name"] for s in given) if given else "none"
        super().__init__(
            f"this journal's table answers to the supervisors {names}, and the configuration names other "
            f"supervisors ({now}, or other PINs): a restart may not change who can sign corrections. Start "
            "with the configuration that names them, or with no [[supervisors]] (the journal's are used), "
            "or have one of them approve the new list first: dealer-assist supervisor roster JOURNAL "
            "--config FILE --supervisor NAME --reason TEXT")


def roster_entries(roster: Optional[SupervisorRoster]) -> Optional[list[dict]]:
    """``roster`` as a ``roster`` entry keeps it (by name), or None for no roster."""
    return None if roster is None else roster.to_config()["supervisors"]


def recorded_roster(journal: Any, through: Optional[int] = None) -> Optional[list[dict]]:
    """The supervisors of the journal's last ``roster`` entry (up to entry ``through``), or None when it
    has none or its last says none."""
    last = None
    condition, params = (f"kind = '{KIND}'", ()) if through is None else (f"kind = '{KIND}' AND seq <= ?", (through,))
    for entry in journal.entries_where(condition, params):
        last = entry.payload.get("supervisors")
    return last if isinstance(last, list) else None


def refused_pin(roster: SupervisorRoster, supervisor: str, exc: WrongPinError, action: str) -> dict:
    """The ``pin_refused`` entry of a wrong PIN, which a restart puts back (see :func:`restore_lockouts`).
    A name the roster does not know is not kept: it is as often a PIN typed in the wrong field."""
    named = supervisor if supervisor in roster.names else f"(a name not on the roster, {len(supervisor)} characters)"
    return {"supervisor": named, "failures": exc.failures, "locked_for": exc.locked_for, "action": action}


def restore_lockouts(journal: Any, roster: Optional[SupervisorRoster]) -> None:
    """Put each name's last ``pin_refused`` back into ``roster``: killing the app wipes no lockout.

    A change the same supervisor made since with the right PIN (its ``correction`` or ``override``)
    ended that count, as it does while the app runs: an old lockout is not put back over it.
    """
    if roster is None or journal is None:
        return
    last: dict[str, dict] = {}
    for e in journal_scan.pin_records(journal):
        if e.kind == "pin_refused":
            last[e.payload.get("supervisor", "")] = e.payload
            continue
        for key in ("correction", "override"):
            signed = e.payload.get(key)
            if isinstance(signed, dict) and signed.get("supervisor") in last:
                del last[signed["supervisor"]]
    for name, p in last.items():
        roster.restore(name, int(p.get("failures", 0)), float(p.get("locked_for", 0.0)))


def roster_to_use(journal: Any, configured: Optional[SupervisorRoster]) -> tuple[Optional[SupervisorRoster], bool]:
    """The roster a table on ``journal`` answers to, and whether it is still to be recorded.

    The configured one when the journal records none (to be recorded) or the same;
    the recorded one when none is configured.  Raises :class:`RosterMismatchError`
    when the configuration names another."""
    recorded = recorded_roster(journal) if journal is not None else None
    if recorded is None:
        return configured, configured is not None and journal is not None
    if configured is None:
        return SupervisorRoster.from_config({"supervisors": recorded}), False
    given = roster_entries(configured)
    if given != recorded:
        raise RosterMismatchError(recorded, given)
    return configured, False
