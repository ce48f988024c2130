"""What another shoe than a reader's own reported, in the croupier's words (rev14 F2).

A serial reader marks ``foreign`` what a shoe sends after a HELLO named another device than the one it
had (another table's shoe, or one put in this one's place; qaN F14).  The table acts on none of it:
another shoe's cut card would end this table's shoe, its SHOE NEW start a new shoe here, its errors and
lost frames hold this table's next read.  It is told instead (a journaled alert), for the croupier to
do by hand what it says if that shoe is this table's now.
"""

from __future__ import annotations

from typing import Union

from dealer_assist.events import CountRestarted, DeviceError, SeqGap, ShoeSignal, Unreadable

Foreign = Union[Unreadable, SeqGap, CountRestarted, DeviceError, ShoeSignal]

_SIGNALS = {"cut": ("CUT CARD", "its cut card out (SHOE CUT)"), "new": ("NEW SHOE", "a new shoe loaded (SHOE NEW)"),
            "empty": ("EMPTY SHOE", "an empty shoe (SHOE EMPTY)")}


def reported(event: Foreign) -> tuple[str, str]:
    """The short name of what ``event`` reports (for an alert's code and title), and what it says."""
    if isinstance(event, ShoeSignal):
        return _SIGNALS.get(event.state, (f"SHOE {event.state.upper()}", f"SHOE {event.state.upper()}"))
    if isinstance(event, DeviceError):
        return event.code.upper(), f"ERR {event.code}: {event.text}"
    if isinstance(event, Unreadable):
        return "UNREADABLE CARD", "a card it could not read (CARD ??)"
    if isinstance(event, SeqGap):
        return "LOST FRAMES", f"{len(event.missing):,} of its frames lost"
    return "RESTART", "its frame count started again with no HELLO"


def alert_text(event: Foreign, first: str) -> tuple[str, str, str]:
    """The title, text and action of the alert that tells ``event`` of shoe ``event.foreign`` at a table whose
    reader had shoe ``first`` ("" if its HELLO did not reach the table)."""
    name, said = reported(event)
    frame = f" (frame {event.seq})" if getattr(event, "seq", None) is not None else ""
    return (f"ANOTHER SHOE'S {name}",
            f"{event.source}: shoe {event.foreign}, not this table's shoe{' ' + first if first else ''}, reports "
            f"{said}{frame}: not acted on at this table",
            f"if {event.foreign} is another table's shoe, nothing; if it is this table's shoe now, do by hand what "
            "it reports (F1 lists the keys) and press Ctrl+T to take it as this table's")
