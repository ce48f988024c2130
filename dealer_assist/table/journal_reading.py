"""Reading a journal's entries and verifying its chain: what replays, exports and restarts use."""

from __future__ import annotations

import json
import sqlite3
from typing import Any, Dict, Iterator, List, Optional, Tuple

from dealer_assist.table.chain import VerifyReport, check_chain, walk_chain, zeroed_cell
from dealer_assist.table.journal_entries import Entry
from dealer_assist.table.journal_errors import JournalClosedError, UnreadableEntryError
from dealer_assist.table.journal_sqlite_errors import _translate
from dealer_assist.table.journal_tail import malformed, readable_through, rows_through, zero_tail


#: The triggers that refuse an UPDATE or DELETE of an entry (see :meth:`Journal.guards_intact`).
GUARDS = ("entries_append_only_update", "entries_append_only_delete")


#: What a reader of a journal whose guards are gone is told (verify calls it "unguarded").
UNGUARDED = ("its append-only guards (triggers) were removed: the file was worked on outside dealer-assist, "
             "though every entry still chains, so what it shows may not be what the table recorded")


class JournalReading:
    """The reading and checking half of :class:`~dealer_assist.table.journal.Journal`: a mixin of its own, as
    none of it writes to the file."""

    # ---- reading

    def entries(self, from_seq: int = 0) -> Iterator[Entry]:
        """Entries with ``seq >= from_seq`` in order, read in batches (a long shoe does not fill memory).

        This reads what is in the file; call :meth:`verify` to know it can be trusted.
        """
        return self.entries_where("seq >= ?", (from_seq,))

    def entries_where(self, condition: str, params: Tuple[Any, ...] = (), *,
                      newest_first: bool = False) -> Iterator[Entry]:
        """Entries matching the SQL ``condition`` over the entries' columns, oldest (or newest) first, in
        batches: a restart reads the few entries it needs without decoding the whole journal.

        ``condition`` is this program's own SQL, never text from outside."""
        for seq, time, kind, payload, prev_hash, digest in self._rows_where(condition, params, newest_first):
            try:
                decoded = json.loads(payload)
            except (TypeError, ValueError):
                decoded = None
            if not isinstance(decoded, dict):  # every entry this program writes is a JSON object
                if self.skip_unreadable:
                    continue
                raise UnreadableEntryError(f"journal {self.path}: entry {seq} has an unreadable payload (not "
                                           f"a JSON object); run 'dealer-assist journal verify {self.path}'",
                                           self.path, seq)
            yield Entry(seq, time, kind, decoded, prev_hash, digest)

    def _rows_where(self, condition: str, params: Tuple[Any, ...],
                    newest_first: bool = False) -> Iterator[Tuple[Any, ...]]:
        """The stored rows of :meth:`entries_where`, in batches; of a journal whose file ends in zero pages,
        only those before them (which verify found)."""
        if self._readable is not None:
            yield from rows_through(self._read, self._readable, condition, params, newest_first=newest_first)
            return
        after, order = (2 ** 63 - 1, "<") if newest_first else (-(2 ** 63), ">")
        while True:
            rows = self._read(f"SELECT seq, time, kind, payload, prev_hash, hash FROM entries WHERE seq {order} ? "
                              f"AND ({condition}) ORDER BY seq {'DESC' if newest_first else ''} LIMIT 500",
                              (after, *params))
            if not rows:
                return
            # A record zeroed whole reads as number 0 where it lay, after its neighbours: verify tells of it.
            rows = [row for row in rows if not zeroed_cell(row)]
            if not rows:
                return
            yield from rows
            after = rows[-1][0]

    def count_where(self, condition: str, params: Tuple[Any, ...] = ()) -> int:
        """How many entries match the SQL ``condition`` (this program's own SQL, as for :meth:`entries_where`)."""
        return int(self._read(f"SELECT count(*) FROM entries WHERE {condition}", params)[0][0])

    def stored(self, seq: int) -> Optional[Dict[str, Any]]:
        """The row at ``seq`` exactly as stored, for showing a bad entry (its payload may not even be JSON);
        None when there is none, or it lies in zero pages that end the file."""
        if self._readable is not None and seq > self._readable:
            return None
        rows = self._read("SELECT seq, time, kind, payload, prev_hash, hash FROM entries WHERE seq = ?", (seq,))
        if not rows:
            return None
        seq, time, kind, payload, prev_hash, digest = rows[0]
        try:
            payload = json.loads(payload)
        except (TypeError, ValueError):
            pass
        row = {"seq": seq, "time": time, "kind": kind, "payload": payload, "prev_hash": prev_hash, "hash": digest}
        # A column stored as bytes (a file written by other software) is shown, not taken for text.
        return {k: (v.hex() if isinstance(v, bytes) else v) for k, v in row.items()}

    def last(self) -> Optional[Entry]:
        """The newest entry, or ``None`` for an empty journal."""
        rows = self._read("SELECT max(seq) FROM entries")
        if not rows or rows[0][0] is None:
            return None
        return next(self.entries(rows[0][0]), None)

    def __len__(self) -> int:
        return int(self._read("SELECT count(*) FROM entries")[0][0])

    def guards_intact(self) -> bool:
        """Whether the append-only guards (the triggers refusing an UPDATE or DELETE of an entry) are still
        in the file.  The chain shows an entry changed; a guard gone shows the file was worked on outside
        dealer-assist even when every entry still chains."""
        names = {row[0] for row in self._read("SELECT name FROM sqlite_master WHERE type = 'trigger'")}
        return set(GUARDS) <= names

    def _read(self, sql: str, params: Tuple[Any, ...] = ()) -> List[Tuple[Any, ...]]:
        with self._lock:
            conn = self._connection()
            try:
                return conn.execute(sql, params).fetchall()
            except sqlite3.Error as exc:
                raise _translate(exc, self.path, "reading it") from None

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            raise JournalClosedError(f"journal {self.path} is closed", self.path)
        return self._conn

    # ---- checking

    def verify(self) -> VerifyReport:
        """Check the whole chain; say where it first stops holding and why."""
        rows_sql = "SELECT seq, time, kind, payload, prev_hash, hash FROM entries ORDER BY seq"
        with self._lock:  # one read transaction: a table appending meanwhile must not look like tampering
            conn = self._connection()
            try:
                conn.execute("BEGIN")
                try:
                    meta = dict(conn.execute("SELECT key, value FROM meta WHERE key IN ('head_seq', 'head_hash')"))
                    head_seq, head_hash = int(meta.get("head_seq", "0") or 0), meta.get("head_hash", "")
                    # Walked from the cursor, row by row; only a chain that breaks is read whole, to say how.
                    walk = walk_chain(conn.execute(rows_sql), self._genesis)
                    report = walk.report(head_seq, head_hash)
                    if report is None:
                        report = check_chain(conn.execute(rows_sql).fetchall(), self._genesis, head_seq, head_hash)
                finally:
                    conn.execute("COMMIT")
            except sqlite3.Error as exc:
                self._rollback()
                torn = self._torn_tail(conn, exc)
                if torn is None:
                    raise _translate(exc, self.path, "verifying it") from None
                self._canonical = False
                return torn
            self._canonical = report.ok and walk.canonical
        return report

    def _torn_tail(self, conn: sqlite3.Connection, exc: sqlite3.Error) -> Optional[VerifyReport]:
        """The report on a journal SQLite calls malformed because zero pages end the file where its last
        entries were written (see :mod:`.journal_tail`); None when the damage is anything else."""
        try:
            zeros = zero_tail(self.path)
            if not malformed(exc) or zeros < conn.execute("PRAGMA page_size").fetchone()[0]:
                return None
            conn.execute("BEGIN")
            try:
                meta = dict(conn.execute("SELECT key, value FROM meta WHERE key IN ('head_seq', 'head_hash')"))
                head_seq, head_hash = int(meta.get("head_seq", "0") or 0), meta.get("head_hash", "")
                last = readable_through(conn, head_seq)
                if last is None or last >= head_seq:
                    return None

                def read(sql: str, params: Tuple[Any, ...]) -> List[Tuple[Any, ...]]:
                    return conn.execute(sql, params).fetchall()

                walk = walk_chain(rows_through(read, last), self._genesis)
                if walk.holds and walk.last_seq == last:
                    report = VerifyReport(
                        False, last, last, last + 1, "damaged",
                        f"entries {last + 1}..{head_seq} cannot be read: the journal file ends in {zeros} zero bytes "
                        f"where they were written (an interrupted write: the file was made longer, but a power cut "
                        f"came before the data reached the disk); entries 1..{last} are intact", last, walk.last_hash)
                else:  # something before the zeros is wrong too: that is what the chain says first
                    report = check_chain(list(rows_through(read, last)), self._genesis, head_seq, head_hash)
            finally:
                conn.execute("ROLLBACK")  # a read only; after SQLite met a malformed page, COMMIT says so again
        except (sqlite3.Error, ValueError):
            self._rollback()
            return None
        self._readable = last
        return report

    @property
    def stored_canonically(self) -> bool:
        """Whether the last :meth:`verify` found every payload stored exactly as this program writes it
        (canonical JSON: no key twice, no needless escape), entries appended since being written so.  Only
        then do SQLite's JSON functions read a payload as ``json.loads`` does, so that a restart may let
        SQL pick the few entries it needs out of a long journal (:mod:`dealer_assist.table.journal_scan`);
        a payload that only hashes the same once read could otherwise hide an entry from it."""
        return self._canonical
