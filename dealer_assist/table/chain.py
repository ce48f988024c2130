"""The hash chain under the journal: how an entry is hashed, and how a broken chain is diagnosed.

Each entry's hash covers its seq, time, kind, canonical payload and the hash
of the entry before; the first entry chains to a genesis hash derived from
the journal's id.  :func:`check_chain` walks the chain and, at the first
entry that does not fit, works out what was done to the file (an edit, a
deletion, a reordering or an insertion), so ``journal verify`` can say it.
Pure: rows in, a :class:`VerifyReport` out.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any, Dict, Iterable, List, Optional, Tuple

FORMAT = "dealer-assist-journal"


def canonical(obj: Any, default: Any = None) -> str:
    """The one text form hashes are computed over: sorted keys, no spaces, UTF-8, no NaN."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False,
                      default=default)


@dataclass(frozen=True)
class VerifyReport:
    """The result of :meth:`Journal.verify`.

    ``problem`` is one of ``"edited"``, ``"deleted"``, ``"reordered"``,
    ``"inserted"``, ``"damaged"`` (or ``None`` when ``ok``); ``first_bad_seq`` is the
    sequence number where the chain stops holding; ``verified`` entries before
    it are trustworthy, and ``head_hash`` is the hash of the last of them.
    """

    ok: bool
    count: int
    verified: int
    first_bad_seq: Optional[int] = None
    problem: Optional[str] = None
    detail: str = ""
    head_seq: int = 0
    head_hash: str = ""

    def to_dict(self) -> Dict[str, Any]:
        return {"ok": self.ok, "count": self.count, "verified": self.verified,
                "first_bad_seq": self.first_bad_seq, "problem": self.problem, "detail": self.detail,
                "head_seq": self.head_seq, "head_hash": self.head_hash}


def entry_hash(seq: int, time: str, kind: str, payload_text: str, prev_hash: str) -> str:
    """SHA-256 over the canonical record; ``payload_text`` is the canonical payload JSON."""
    record = '{"kind":%s,"payload":%s,"prev_hash":%s,"seq":%d,"time":%s}' % (
        json.dumps(kind, ensure_ascii=False), payload_text, json.dumps(prev_hash), seq,
        json.dumps(time, ensure_ascii=False))
    return hashlib.sha256(record.encode("utf-8")).hexdigest()


def genesis_hash(journal_id: str) -> str:
    """What the first entry chains to: tied to this journal's id, so no other journal's entries fit."""
    return hashlib.sha256(f"{FORMAT} {journal_id}".encode("utf-8")).hexdigest()


# --------------------------------------------------------------------------- chain check

Row = Tuple[Any, ...]


def check_chain(rows: List[Row], genesis: str, head_seq: int, head_hash: str) -> VerifyReport:
    """Verify ``rows`` (seq, time, kind, payload, prev_hash, hash; sorted by seq) against the chain.

    Walks the chain from ``genesis``; at the first row that does not fit it
    works out what was done to the file, using the fact that an untouched
    entry hashes correctly at the seq it was written with.
    """
    expected_seq, expected_prev = 1, genesis
    verified_hashes: Dict[str, int] = {genesis: 0}
    for index, row in enumerate(rows):
        seq, prev = row[0], row[4]
        if seq == expected_seq and prev == expected_prev and _own_hash(row, seq) == row[5]:
            verified_hashes[row[5]] = seq
            expected_seq, expected_prev = seq + 1, row[5]
            continue
        problem, bad_seq, detail = _diagnose(rows, index, expected_seq, expected_prev, verified_hashes, genesis,
                                             (head_seq, head_hash))
        good = max(0, min(bad_seq, expected_seq) - 1)
        good_hash = next((h for h, s in verified_hashes.items() if s == good), genesis) if good > 0 else ""
        return VerifyReport(False, len(rows), good, bad_seq, problem, detail, good, good_hash)
    last_seq, last_hash = expected_seq - 1, ("" if expected_seq == 1 else expected_prev)
    if head_seq > last_seq:
        return VerifyReport(False, len(rows), last_seq, last_seq + 1, "deleted",
                            f"the journal's head says {head_seq} entries were written but the file ends at "
                            f"{last_seq}: entries {last_seq + 1}..{head_seq} were removed", last_seq, last_hash)
    if head_seq < last_seq:
        return VerifyReport(False, len(rows), head_seq, head_seq + 1, "inserted",
                            f"entries {head_seq + 1}..{last_seq} were added behind the journal's back "
                            f"(its head says {head_seq} entries were written)", head_seq,
                            _hash_at(rows, head_seq))
    if head_hash != last_hash:
        return VerifyReport(False, len(rows), last_seq - 1, last_seq, "edited",
                            f"entry {last_seq} was rewritten (its hash no longer matches the journal's head)",
                            last_seq - 1, _hash_at(rows, last_seq - 1))
    return VerifyReport(True, len(rows), last_seq, None, None, "", last_seq, last_hash)


@dataclass(frozen=True)
class ChainWalk:
    """How far a chain holds when its rows are walked one at a time, keeping none of them.

    ``holds`` is False at the first row that does not fit; the walk then stops,
    and :func:`check_chain` (over every row) says what was done to the file.
    ``canonical``: every row walked stores its payload exactly as this program
    writes it (canonical JSON), not merely as text that hashes the same once read.
    """

    holds: bool
    count: int
    last_seq: int
    last_hash: str
    canonical: bool

    def report(self, head_seq: int, head_hash: str) -> Optional[VerifyReport]:
        """The report :func:`check_chain` gives when every row chains and the head names the last one;
        ``None`` when anything is off (only the full check can say what)."""
        if not self.holds or head_seq != self.last_seq or head_hash != self.last_hash:
            return None
        return VerifyReport(True, self.count, self.last_seq, None, None, "", self.last_seq, self.last_hash)


def walk_chain(rows: Iterable[Row], genesis: str) -> ChainWalk:
    """Walk ``rows`` (as for :func:`check_chain`) from a cursor: a journal of a week's play (200,000
    entries) is verified in constant memory.  The same test per row as :func:`check_chain`'s."""
    expected_seq, expected_prev, count, canonical = 1, genesis, 0, True
    for row in rows:
        count += 1
        seq, prev = row[0], row[4]
        payload_text = _canonical_payload(row)
        if (seq != expected_seq or prev != expected_prev or payload_text is None
                or entry_hash(seq, row[1], row[2], payload_text, prev) != row[5]):
            return ChainWalk(False, count, expected_seq - 1, "", False)
        canonical = canonical and payload_text == row[3]
        expected_seq, expected_prev = seq + 1, row[5]
    return ChainWalk(True, count, expected_seq - 1, "" if expected_seq == 1 else expected_prev, canonical)


def _canonical_payload(row: Row) -> Optional[str]:
    """The canonical text of the row's payload; ``None`` if the columns are not even well-formed."""
    _, time, kind, payload, prev, _ = row
    if not all(isinstance(value, str) for value in (time, kind, payload, prev)):
        return None
    try:
        return canonical(json.loads(payload))
    except (TypeError, ValueError):
        return None


def _hash_at(rows: List[Row], seq: int) -> str:
    return next((row[5] for row in rows if row[0] == seq), "")


def _own_hash(row: Row, seq: int) -> Optional[str]:
    """The hash the row's contents give at ``seq``; ``None`` if the columns are not even well-formed."""
    payload_text = _canonical_payload(row)
    if payload_text is None:
        return None
    return entry_hash(seq, row[1], row[2], payload_text, row[4])


class _Positions:
    """Finds the seq a row's contents were written with (cached: diagnosis asks about the same rows)."""

    def __init__(self, rows: List[Row], genesis: str) -> None:
        self._stored = {row[5]: row[0] for row in rows}
        self._genesis = genesis
        self._cache: Dict[int, Optional[int]] = {}

    def written_at(self, row: Row, hint: int) -> Optional[int]:
        """The seq ``row`` was written with, or ``None`` if its contents were changed since."""
        key = id(row)
        if key not in self._cache:
            candidates = [row[0], hint]
            if row[4] == self._genesis:
                candidates.append(1)
            linked = self._stored.get(row[4])
            if isinstance(linked, int):
                candidates.append(linked + 1)
            if isinstance(row[0], int):
                candidates.extend(range(max(1, row[0] - 3), row[0] + 4))
            self._cache[key] = next((seq for seq in candidates
                                     if isinstance(seq, int) and _own_hash(row, seq) == row[5]), None)
        return self._cache[key]


#: The columns of a row, in order, as a message names them.
_FIELDS = ("number", "time", "kind", "payload", "previous hash", "hash")


def zeroed_cell(row: Row) -> bool:
    """Whether ``row`` is an entry whose whole record in the file reads as zero bytes: SQLite reads such a
    cell as number 0 with every column NULL (no entry is written so: each column is NOT NULL), where the
    entry stood in the file, not first as a real number 0 would be."""
    return row[0] == 0 and all(value is None for value in row[1:6])


def _torn(row: Row) -> List[str]:
    """The columns of ``row`` a cut-short file left as zero bytes, or none.

    A file cut inside a page is read with the rest of the page as zeros: the entry written last there
    ends in NUL bytes, its hash (64 characters, as written) too, and nothing follows the first of them
    but more.  No entry is written with a NUL (JSON escapes it), and an edit that adds one changes a
    length or leaves text after it: that stays "edited".  A record zeroed whole (:func:`zeroed_cell`)
    has lost every column."""
    if zeroed_cell(row):
        return list(_FIELDS)
    texts = row[1:6]
    if not all(isinstance(v, str) for v in texts) or len(texts[-1]) != 64 or not texts[-1].endswith("\0"):
        return []
    joined = "".join(texts)
    if joined[joined.index("\0"):].strip("\0"):
        return []
    return [name for name, value in zip(_FIELDS[1:], texts) if "\0" in value]


def _intact(row: Row) -> bool:
    """Whether ``row`` hashes to its stored hash at its own number (whatever it chains to)."""
    return isinstance(row[0], int) and row[5] is not None and _own_hash(row, row[0]) == row[5]


def _damaged(rows: List[Row], index: int, expected_prev: str, head: Tuple[int, str]) -> List[str]:
    """The columns of ``rows[index]`` torn as by a power cut, or none when the zeros may hide an edit.

    Zeros alone prove nothing: an edit can end in them too (rev11: an amount changed and the hash's last
    character set to NUL was told to the pit boss as a power cut).  What survives must be what was
    written: the row's intact text, chained to the entry before, hashes to the surviving part of its hash
    and to the hash the next entry names, or, for the last entry, the hash the journal's head (``head``:
    seq and hash, written with it) names (only a SHA-256 preimage forges that).  Else only the file's
    tail can be called damaged, no entry after it in order, nor a head naming a hash the intact text does
    not give: there an edit loses no more than a deletion of that entry would, which the chain cannot
    tell either."""
    row = rows[index]
    zeroed = _torn(row)
    if not zeroed:
        return []
    if zeroed_cell(row):
        return [] if any(map(_intact, rows[index + 1:])) else zeroed
    _, time, kind, payload, prev, stored = row
    last = index + 1 == len(rows)
    named = last and head[0] == row[0] and bool(head[1])  # the head was written with this entry
    if all("\0" not in value for value in (time, kind, payload)) and expected_prev.startswith(prev.rstrip("\0")):
        payload_text = _canonical_payload((None, time, kind, payload, expected_prev, None))
        written = None if payload_text is None else entry_hash(row[0], time, kind, payload_text, expected_prev)
        follows = rows[index + 1][4] if not last else (head[1] if named else written)
        if written is not None and written.startswith(stored.rstrip("\0")) and follows == written:
            return zeroed
        if named:  # rev12: a last entry edited and its hash's end zeroed was told as a power cut
            return []
    if any(map(_intact, rows[index + 1:])):
        return []
    return zeroed


def _diagnose(rows: List[Row], index: int, expected_seq: int, expected_prev: str,
              verified: Dict[str, int], genesis: str, head: Tuple[int, str]) -> Tuple[str, int, str]:
    positions = _Positions(rows, genesis)
    row = rows[index]
    seq, prev = row[0], row[4]
    later = rows[index + 1:]
    if not isinstance(seq, int):  # a number stored as text or bytes: no chain writes that
        return "edited", expected_seq, f"entry {expected_seq}'s number is stored as {seq!r}, not as a whole number"

    cell = zeroed_cell(row)  # no SQL insert makes one: every column is NOT NULL
    zeroed = _damaged(rows, index, expected_prev, head) if seq == expected_seq or cell else []
    if cell and zeroed:
        return "damaged", expected_seq, (f"entry {expected_seq} reads as zero bytes, all of it, and no entry after "
                                         f"it can be read (an interrupted write, as by a power cut, leaves this)")
    if cell:  # what was written there is lost, not changed (qaAX M2: told "edited", its words "damaged")
        return "damaged", expected_seq, (f"entry {expected_seq} reads as zero bytes, all of it, though entries "
                                         f"after it are intact (wiped by another program, or a disk fault)")
    unreadable = [name for name, value in zip(_FIELDS[1:], row[1:6]) if isinstance(value, bytes)]
    if unreadable and seq == expected_seq:  # no text: a disk fault's flipped bit, or another program's bytes
        return "damaged", seq, (f"entry {seq}'s {' and '.join(unreadable)} cannot be read: bytes that are no text "
                                f"(UTF-8) stand there, as a disk fault that flips a bit leaves, or another program "
                                f"wrote them")
    if zeroed:
        # A torn or zero-filled page, as after a power cut, not the edit "changed after it was written" told
        # a pit boss of (qaI F5).
        return "damaged", seq, (f"entry {seq} holds zero bytes in its {' and '.join(zeroed)} (the file was cut short "
                                f"or hit by a disk fault, as by a power cut, or worked on by another program)")
    if seq < expected_seq and index > 0:  # stored out of order: no SQLite insert puts a lower number there
        return "inserted", expected_seq, f"entry {expected_seq} is stored as number {seq}, out of order"
    if seq < expected_seq:  # only possible before the first entry: seq 0 or negative
        return "inserted", seq, f"entry {seq} comes before the journal's first entry"
    if seq > expected_seq:
        for other in later:
            if positions.written_at(other, expected_seq) == expected_seq:
                return "reordered", expected_seq, f"entry {expected_seq} was moved to position {other[0]}"
        missing = f"{expected_seq}" if seq == expected_seq + 1 else f"{expected_seq}..{seq - 1}"
        return "deleted", expected_seq, f"entry {missing} is missing (the file jumps from {expected_seq - 1} to {seq})"

    written = positions.written_at(row, expected_seq)
    if written is None:
        if prev == expected_prev and any(r[4] == expected_prev and positions.written_at(r, expected_seq)
                                         for r in later):
            return "inserted", seq, f"entry {seq} is not part of the chain: the real entry {seq} comes after it"
        if prev not in verified and prev != expected_prev and any(r[4] == expected_prev for r in later):
            return "inserted", seq, f"entry {seq} is not part of the chain: the real entry {seq} comes after it"
        return "edited", seq, f"entry {seq} was changed after it was written (its hash does not match its contents)"

    if written == seq:  # self-consistent, but does not follow its predecessor
        if prev in verified and verified[prev] < expected_seq - 1:
            first = verified[prev] + 1
            return ("inserted", first, f"entries {first}..{seq - 1} are not part of the chain: "
                                       f"entry {seq} follows entry {verified[prev]}")
        if prev not in verified:
            if seq == 1:
                return "inserted", 1, "entry 1 does not chain to this journal's start (it comes from elsewhere)"
            return ("edited", seq - 1, f"entry {seq - 1} was rewritten (entry {seq} points to a different "
                                       f"entry {seq - 1})")
        return "edited", seq, f"entry {seq} was changed after it was written"

    if written > seq:
        for other in later:
            moved = positions.written_at(other, expected_seq)
            if moved is not None and expected_seq <= moved < written:
                return "reordered", seq, f"entry {written} was moved to position {seq}"
        return "deleted", seq, (f"entry {seq} is missing: the entry now numbered {seq} was written as {written} "
                                f"and later ones were renumbered")
    # written < seq: an entry written earlier appears again, or everything after an insertion was renumbered
    if row[5] in verified:
        return "inserted", seq, f"entry {seq} is a copy of entry {written}"
    if prev in verified and verified[prev] < expected_seq - 1:
        first = verified[prev] + 1
        return ("inserted", first, f"entries {first}..{seq - 1} are not part of the chain: the entry now at {seq} "
                                   f"was written as {written}")
    return "inserted", seq, f"entry {seq} is a copy of entry {written}"
