"""The alerts a restart shows again: those still standing when the table stopped.

An alert stays until the croupier dismisses it (Esc) or what it told of is
over (a new shoe takes down SHOE EMPTY); both are journaled (``alert_dismissed``
names the codes), so the journal since the shoe began tells which stood.  A
restart showed none of them (QA): a jammed shoe, a shoe that restarted, a card
held after the round were all silent on the restarted table.

Not shown again: notes (``info``: they expire unjournaled), alerts whose
condition the restarted table finds again by itself (a reader's link, the
camera profile's doubt, a camera too dark or off colour, line noise, the disk), and the alerts of the waits for
a card missing before the next read (and a card's refusal): the live table takes
those down when the waits end, so the replay of the waits decides (see
:meth:`~dealer_assist.table.session_core.SessionCore._restore_holds`).
"""

from __future__ import annotations

from typing import Iterable

from dealer_assist.table.holds import hold_of_alert

#: Codes (or their prefix before ``:``) of alerts the restarted table raises again when they still apply.
FOUND_AGAIN = frozenset({"link", "profile", "mirror", "dark", "cast", "noise", "disk", "replay"})


def standing_alerts(entries: Iterable[tuple[str, dict]]) -> list[dict]:
    """The journaled alerts (payloads) still standing after ``entries`` (kind, payload; oldest first)."""
    standing: dict[str, dict] = {}
    for kind, payload in entries:
        code = payload.get("code") if kind == "alert" else None
        if isinstance(code, str):
            standing.pop(code, None)  # an alert replaces the one of its code, whatever its level
            if payload.get("level") in ("error", "warning") and code.split(":")[0] not in FOUND_AGAIN \
                    and hold_of_alert(code) is None:
                standing[code] = payload
        elif kind == "alert_dismissed":
            for gone in payload.get("codes") or ():
                if isinstance(gone, str):
                    standing.pop(gone, None)
        elif kind == "shoe_start":
            standing.clear()
    return list(standing.values())
