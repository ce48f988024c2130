"""Where each card-reading source's shoe counts got to, as the table's journal tells it: a restart goes on there.

A reader's frame count belongs to the device whose HELLO it last heard (or that the croupier took, Ctrl+T),
and a table keeps its own shoe's count aside while another shoe is heard in its place: its reader goes on
with it when that shoe's HELLO comes back with the boot id it had.  So the record is per device, not per
source (rev15 F1: a display restarted while ANOTHER SHOE was in force went on with the other shoe's count
as its own, and played that shoe's next card).  The live table notes each entry as it writes it, and a
restart notes the journal's (:func:`dealer_assist.table.journal_scan.source_records`) in the same way, so
both end in the same place.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Optional

from dealer_assist.events import CountPosition

#: The entries that move a count: a HELLO (``continues``: one that started no count), a shoe taken, a card
#: read, a card the source could not read and the alert of a DOUBLE_FEED, with its frame's SEQ (the frame
#: stood for a card: rev15 F7, the first heartbeat after a restart named an unread card typed in already as
#: "a card was missed"), FRAMES LOST's with the frame that revealed the gap (verS N5: a restart named the
#: gap again, that frame too), and SHOE RESTARTED?'s (``new_count``) with the frame that began a new count, its
#: HELLO lost (verS N4: a restart went on in the old count, and named the new count's frames lost again).
KINDS = ("device_hello", "shoe_taken", "card_read", "card_unreadable", "alert")
#: What a DOUBLE_FEED's alert says when the shoe's frame just before it was a card read (the code before alerts
#: carried their frame wrote it too): its frame is the one after that card's (verS N0: a journal whose last
#: frame was such a DOUBLE_FEED had the first heartbeat after the upgrade name it "a card was missed").
READ_JUST_BEFORE = " was read just before this report"
#: How many of a count's last cards read its reader knows again if the shoe sends one again.  A restart's scan of
#: the journal (:func:`~dealer_assist.table.journal_scan.source_records`) keeps each count's last card read only,
#: the frame a device resends (PROTOCOL.md 7.3).
RECENT_READS = 16
#: The alerts whose frame the count goes on after: a DOUBLE_FEED's (it stood for a card) and FRAMES LOST's.  Another
#: ERR's or SHOE EMPTY's frame is journaled for the record only (qaAC F9): a shoe sending it again just after a
#: restart, as PROTOCOL.md 7.3 lets it, read as its count gone back (rev25 F3), the restarted reader knowing no
#: such frame to take it for a repeat.
COUNTED_ALERTS = ("DEVICE:DOUBLE_FEED", "GAP")


def moves_the_count(payload: dict) -> bool:
    """Whether an ``alert`` entry's ``source_seq`` is a frame the count goes on after (see :data:`COUNTED_ALERTS`)."""
    code = payload.get("code")
    return isinstance(code, str) and code.upper() in COUNTED_ALERTS


class ShoeCounts:
    """Per source, the device whose count goes on, and each device's :class:`CountPosition`."""

    def __init__(self) -> None:
        self._heard: dict[str, str] = {}
        self._counts: dict[tuple[str, str], CountPosition] = {}

    @classmethod
    def recorded(cls, entries: Any) -> "ShoeCounts":
        """The counts ``entries`` (a journal's, in order) leave."""
        counts = cls()
        for entry in entries:
            counts.note(entry.kind, entry.payload)
        return counts

    def note(self, kind: str, payload: dict) -> None:
        """Take in one journal entry (any kind: those not in :data:`KINDS` change nothing)."""
        source = payload.get("source")
        if kind not in KINDS or not isinstance(source, str):
            return
        heard = self._heard.get(source, "")
        going = self._counts.get((source, heard), CountPosition())
        if kind == "device_hello":
            device, boot = payload.get("device"), payload.get("boot")
            device, boot = (device if isinstance(device, str) else ""), (boot if isinstance(boot, str) else None)
            if payload.get("continues") is True:
                # This table's shoe back with its boot id (or one its count had not heard) goes on with its own
                # count, kept aside; a HELLO said again in a count the reader had joined names the count going on.
                kept = self._counts.get((source, device))
                self._counts[(source, device)] = replace(
                    kept if kept is not None and kept.boot in (boot, None) else going, boot=boot)
            else:
                self._counts[(source, device)] = CountPosition(boot, began=True)
            self._heard[source] = device
        elif kind == "shoe_taken":
            device = payload.get("device")
            if isinstance(device, str) and device and device != heard:
                self._counts[(source, device)] = going  # the reader goes on with the count it has, as that shoe's
                self._heard[source] = device
        elif kind == "alert" and payload.get("new_count") is True and isinstance(payload.get("source_seq"), int):
            # The boot id stays: the new count's HELLO was lost, so its own was never heard (PROTOCOL.md 7.4).
            self._counts[(source, heard)] = CountPosition(going.boot, payload["source_seq"], None)
        elif kind == "alert" and "source_seq" not in payload and self._old_double_feed(payload) \
                and going.last_seq is not None and going.last_seq == going.last_read:
            self._counts[(source, heard)] = replace(going, last_seq=(going.last_seq + 1) % 65536)
        elif isinstance(payload.get("source_seq"), int) and (kind != "alert" or moves_the_count(payload)):
            seq = payload["source_seq"]
            code = payload.get("card")
            recent = ((*going.recent, (seq, code))[-RECENT_READS:] if kind == "card_read" and isinstance(code, str)
                      else going.recent)
            self._counts[(source, heard)] = replace(going, last_seq=seq, recent=recent,
                                                    last_read=seq if kind == "card_read" else going.last_read)

    @staticmethod
    def _old_double_feed(payload: dict) -> bool:
        """Whether an alert with no frame is a DOUBLE_FEED's that names the card read just before it."""
        code, text = payload.get("code"), payload.get("text")
        return (isinstance(code, str) and code.upper() == "DEVICE:DOUBLE_FEED" and isinstance(text, str)
                and READ_JUST_BEFORE in text)

    def heard(self, source: str) -> str:
        """The device whose count ``source``'s reader goes on with ("" when no HELLO named it)."""
        return self._heard.get(source, "")

    def count(self, source: str, device: Optional[str] = None) -> CountPosition:
        """How far the count of ``device`` (default: the one going on) at ``source`` got."""
        return self._counts.get((source, self.heard(source) if device is None else device), CountPosition())
