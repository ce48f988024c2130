"""The entries a restart reads beyond the current shoe, picked by SQL instead of decoding the whole journal.

A restart replays only the operations since the last new shoe (or deck), but
a few facts about the table reach further back: where each card-reading
device had got to (its HELLOs and last cards), a supervisor's refused PINs, and
how many operations the journal holds.  Reading them by decoding every entry
had made a restart grow with the journal (a week of play, 215,000 entries:
seconds, and hundreds of MB).  Here SQLite's JSON functions pick the entries
that can matter, and the caller's own logic, unchanged, reads them.

That is only as exact as SQLite's reading of a payload is the same as
``json.loads``'s, which holds for the canonical JSON this program writes (no
key twice, no needless escape).  A journal whose last verify found a payload
stored otherwise (:attr:`Journal.stored_canonically`) gets every entry, as
before: text that only hashes the same once read could hide an entry from SQL.
"""

from __future__ import annotations

from typing import Iterator

from dealer_assist.table.journal import Entry, Journal

#: Entries whose payload carries a string ``op``: the operations a restart counts as recovered.
_OPERATION = "json_type(payload, '$.op') = 'text'"

_SOURCED = "json_type(payload, '$.source') = 'text'"
_NUMBERED = "json_type(payload, '$.source_seq') IN ('integer', 'true', 'false')"
#: What starts a count: a HELLO, a shoe taken, and SHOE RESTARTED?'s alert (a count gone back, its HELLO lost).
_BOUNDARY = ("(kind IN ('device_hello', 'shoe_taken') OR kind = 'alert' "
             "AND json_type(payload, '$.new_count') IS 'true')")
#: A DOUBLE_FEED's alert written before alerts carried their frame, that names the card read in the frame just
#: before it (:data:`dealer_assist.table.shoe_counts.READ_JUST_BEFORE`): its frame is the one after that card's.
_OLD_DOUBLE_FEED = ("kind = 'alert' AND upper(json_extract(payload, '$.code')) = 'DEVICE:DOUBLE_FEED' "
                    "AND json_type(payload, '$.source_seq') IS NULL "
                    "AND instr(json_extract(payload, '$.text'), ' was read just before this report') > 0")
#: The entries with a frame read as a card, and those with one that stood for a card not read.
_READ = f"kind = 'card_read' AND {_NUMBERED}"
#: An alert's frame counts only for a DOUBLE_FEED or FRAMES LOST (:data:`~.shoe_counts.COUNTED_ALERTS`).
_COUNTED_ALERT = "upper(json_extract(payload, '$.code')) IN ('DEVICE:DOUBLE_FEED', 'GAP')"
_UNREAD = (f"((kind = 'card_unreadable' OR kind = 'alert' AND {_COUNTED_ALERT}) AND {_NUMBERED} "
           f"OR {_OLD_DOUBLE_FEED})")


def _last_before_boundaries(picked: str) -> str:
    """The entries ``picked`` (SQL) that are their source's last before one of its HELLOs or shoes taken, or
    its last of all: each count's last such entry."""
    return (f"SELECT seq FROM (SELECT seq, {_BOUNDARY} AS boundary, lead({_BOUNDARY}) OVER (PARTITION BY "
            f"json_extract(payload, '$.source') ORDER BY seq) AS next_boundary FROM entries WHERE ({_BOUNDARY} OR "
            f"{picked}) AND {_SOURCED}) WHERE NOT boundary AND next_boundary IS NOT 0")


#: Every HELLO and shoe taken of each source, and before each of them (and at the end) its last card read and
#: its last frame standing for a card not read (``card_unreadable``, a DOUBLE_FEED's or FRAMES LOST's ``alert``): all that the
#: shoe counts (:mod:`.shoe_counts`) and the table's shoe (:meth:`SessionCore._recorded_devices`) depend on.
#: Every HELLO, not only each device's last: this table's shoe back after another goes on with the count it
#: had before that one (rev15 F1), and HELLOs are few.
_LAST_OF_EACH_SOURCE = (
    f"seq IN (SELECT seq FROM entries WHERE {_BOUNDARY} AND {_SOURCED} "
    f"UNION {_last_before_boundaries(_READ)} UNION {_last_before_boundaries(_UNREAD)})")

#: A refused PIN, or a change a supervisor signed (which ends the count of their refused PINs).
_PIN_RECORD = ("kind = 'pin_refused' OR json_type(payload, '$.correction') = 'object' "
               "OR json_type(payload, '$.override') = 'object'")


def operations_through(journal: Journal, seq: int) -> int:
    """How many entries up to ``seq`` (included) are operations (their payload's ``op`` is a string)."""
    if journal.stored_canonically:
        return journal.count_where(f"seq <= ? AND {_OPERATION}", (seq,))
    return sum(1 for e in journal.entries_where("seq <= ?", (seq,)) if isinstance(e.payload.get("op"), str))


def source_records(journal: Journal) -> Iterator[Entry]:
    """In order, the entries a source's recorded position can depend on (every entry, in a journal not
    stored canonically)."""
    if journal.stored_canonically:
        return journal.entries_where(_LAST_OF_EACH_SOURCE)
    return journal.entries()


def pin_records(journal: Journal) -> Iterator[Entry]:
    """In order, the refused PINs and the supervisors' signed changes (every entry, in a journal not stored
    canonically)."""
    if journal.stored_canonically:
        return journal.entries_where(_PIN_RECORD)
    return journal.entries()


def shoe_starts(journal: Journal) -> Iterator[Entry]:
    """The ``shoe_start`` entries in order: a table's start, each new shoe or deck (``kind`` is a column:
    this needs no JSON)."""
    return journal.entries_where("kind = 'shoe_start'")
