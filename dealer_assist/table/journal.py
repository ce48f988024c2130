"""The table journal: an append-only, hash-chained log of everything that happens at the table.

A casino settles disputes from records, so the journal is written *before* the
state it records is shown (the session appends first, then publishes), it
survives a crash, and it cannot be changed quietly:

* **Durable**: SQLite in WAL mode with ``synchronous=FULL``; each entry is one
  transaction, so after a power cut or ``kill -9`` an entry is either wholly
  there or not there at all.
* **Tamper-evident**: every entry carries the SHA-256 of the one before
  (``prev_hash``) and its own ``hash`` over a canonical serialisation of
  ``seq``, ``time``, ``kind``, ``payload`` and ``prev_hash``.  The first entry
  chains to a genesis hash derived from the journal's random id, so entries
  cannot be spliced in from another journal.  The head (last seq and hash) is
  kept in the ``meta`` table in the same transaction, which catches a deleted
  tail; an attacker who rewrites the whole file, head included, is caught only
  by comparing the head hash with a copy kept elsewhere (``journal verify``
  prints it).
* **Loud**: full disk, read-only file, a file that is not a journal, a corrupt
  or broken journal each raise their own :class:`JournalError` subclass whose
  message says what, why and what to do.  A broken journal is never reset:
  :func:`set_aside` keeps the old file and a supervisor chooses between
  :meth:`Journal.continue_from_verified` and :meth:`Journal.start_new`.

Payloads are JSON objects.  ``Decimal`` is written as its string (money keeps
its two places), a :class:`~dealer_assist.cards.Card` as its code, ``datetime``
as ISO-8601, an ``Enum`` as its value; anything else is refused before the
database is touched.  Floats are allowed (confidences) but not NaN/infinity.

Event kinds the export groups into rounds (``dealer-assist journal export``);
every entry that belongs to a round carries ``"round": n`` in its payload,
round numbers keep counting across shoes:

================  ===========================================================
kind              payload
================  ===========================================================
shoe_start        shoe, decks; a new shoe (op ``new_shoe``) also ``limits`` and ``last_round`` (Rebet's bets),
                  ``open_bets`` and, after a paid round's misdeal, ``paid_before`` (the payment to undo) and
                  ``paid_in`` (``shoe``, ``round``: the round it was paid in),
                  a new deck (op ``new_deck``) ``round``, ``limits``, ``open_bets`` (on the layout),
                  ``last_bets`` and, after a paid round voided back to its bets, ``paid_before`` (the payment
                  to undo, its ``bets`` one line per hand): a restart starts from the last of them; a new deck a supervisor let in
                  over a deck check that did not add up (``override``) also ``missing`` and
                  ``seen_too_often`` (card codes, as the display named them)
shoe_burn         shoe, cards (list of codes; blackjack: the burn of a [blackjack] burn_cards table, with
                  burn_left; none: B, the burn done unrecorded, with ``burned_unread`` when cards a reader could
                  not read (or refused) while the burn was due were among them: how many, their wait ended; a void
                  of one is a correction, ``voided`` ``burn``)
shoe_cut          shoe, round (the round in which the cut card came out); op ``cut`` (``by``: ``croupier``, O,
                  or ``shoe``, a reader's signal, then also its ``source`` and ``source_seq``; older journals: none) or ``uncut`` (a cut card recorded with
                  O by mistake taken back: the shoe plays on); blackjack: op ``cut``,
                  no round is dealt from that deck after it
round_start       round, shoe, game ("baccarat"/"blackjack")
card_read         round?, card, source, confidence, source_seq; doubt where the source doubted it itself;
                  ``frame``, a camera's video frame where it saw the card (its source_seq counts its reports);
                  ``zone``, the layout's box a camera given zones saw it rest in; ``moved_from``, the box it
                  followed the card out of (a card moved, read again: see ``read_dropped``)
card_assigned     round, card, position ("P1", "B3", "seat2.h0", "dealer"); for a read that waited for the
                  croupier, ``held_for`` (why), ``read_confidence`` and ``confirmed`` (Enter) or ``corrects``
                  (the code read, replaced by the card typed); blackjack ``moved_from`` (a position): the last
                  card, played early in a box across the line, moved by a zoned camera to its own box (a replay
                  takes it from that place first)
card_refused      round?, card, why (what the croupier was told); ``shoe_finished`` (baccarat: after the shoe's
                  last round, it holds no read); ``held`` (baccarat: a card after the round, then held: card_held);
                  blackjack ``dealt_already`` (refused as dealt from this deck already:
                  a supervisor may accept it) and ``no_round`` where no round was open for it: ``cut_out``
                  (the cut card was out: it holds no read), ``no_deal`` (no bet, or a bet outside the limits)
                  or ``after_round`` (the round was over): a misdraw set aside, and the next read of its
                  source waits for Enter; ``zone`` (a zoned camera's box) and ``no_place_in_box`` (refused for
                  that box: no bet there, no place open in it now; it holds no read)
card_unreadable   round, source, source_seq, candidates, why (a card a reader could not read, or a camera
                  found lying there: typed in its place, K); ``misread``, the text of the shoe's
                  ``ERR MISREAD`` that reported it (absent for a ``??`` card frame); ``frame``, a camera's
                  video frame where it asked for the card; ``typed_for_it``, the card typed just before a
                  camera asked, taken as typed for it (UNREADABLE CARD TYPED?); ``zone``, the layout's box a
                  camera given zones saw it in (the card typed for it goes to that hand)
read_dropped      round, card, source, source_seq, doubt (a read waiting for the croupier, dropped with Del:
                  the next read of that source waits for the card in its place); blackjack ``split`` (true): a
                  zoned camera's read of a split's card slid apart right after P, dropped by the table;
                  with ``zone`` and the put-back doubt, at either game: a zoned camera's read of its card played
                  from outside every box (Enter), squared into that place's box, dropped by the table;
                  ``parked`` (true, with ``zone``): a card lying in a later seat's or the dealer's box set aside
                  while a seat before it draws, read again (a new ``card_read``) at its turn; it holds no read;
                  ``moved_from`` (a zoned camera's box, with ``zone`` and the put-back doubt): a card the camera
                  followed out of that box into ``zone``, dropped by the table as that card moved (gathered after
                  the round, or left in the hand it was played in; baccarat ``refused`` (true): the round's last
                  card moved into the other hand's box, refused by name with an alert); ``after_round`` (true): a
                  card of the round just settled, moved or put back, dropped as gathered; ``waits_for_cards``
                  (true): the next read of that source waits for cards that may be several (Enter on it ends it);
                  blackjack ``pushed_from`` (a zoned camera's box): Del on a read held as its card pushed blurred out
                  of that box; the camera's read of it put back there next is dropped as that card, also after a
                  restart (older journals: none)
read_corrected    round, card (typed), read, source, source_seq (blackjack: a card typed in place of a read
                  waiting for the decision; H or D plays it, as ``card_assigned``; a restart before that brings
                  the typed card back in the read's place)
bet_placed        round, seat, bet, stake
bet_removed       round, seat, bet, stake (stake taken off)
bet_undone        round, seat, bet, stake (same as removed, by the undo key)
chip_chosen       amount (the chip the croupier took up: a restart keeps it in hand)
bets_cleared      round (every bet taken off), bets (what is left: none)
bets_doubled      round, bets (every bet doubled)
rebet             round, bets (the last round's bets put back)
card_held         round, card (a card that came after the round, waiting: Enter or Del)
card_set_aside    round, cards (the held cards set aside as misdrawn); at a table with supervisors
                  also ``correction`` (who, why), as for a void
action            round, seat, action (blackjack: hit / stand / double / split of the seat's active hand);
                  ``due``, the place due after it as the display named it (a DOUBLE_FEED reported next says its
                  cards came out after the decision, also after a restart; older journals: none)
deal              round (bets are closed); blackjack ``burn_skipped``: dealt before the new deck's burn, that
                  many burn cards not burned (the deal ends the burn)
outcome           round, + the ``deal --json`` object (winner, player, banker...)
settlement        round, bets (list as in ``settle --json``), totals
round_end         round
alert             round?, code, level, title, text, action; ``source`` where it holds that reader's next read
                  (FRAMES LOST, DOUBLE_FEED: a restart restores the hold from it), and a shoe's ERR and EMPTY,
                  and blackjack's NEW DECK NOT ACCEPTED after a round (``newdeck``: N holds that reader's next read,
                  after a restart too; older journals: none, N holds nothing after a restart);
                  ``source_seq``, the frame of a DOUBLE_FEED (it stood for a card: a restarted reader goes on after
                  it), of FRAMES LOST, or of another ERR or EMPTY (for the record; older journals: none);
                  ``new_count`` (true, with
                  ``source``, ``source_seq``): SHOE RESTARTED?, the frame at ``source_seq`` began a new count of
                  that reader's shoe, its HELLO lost (a restarted reader goes on in that count)
alert_dismissed   round, codes (alerts the croupier acknowledged, Esc: a restart does not show them again);
                  ``typed_right``: Enter (true) or Del (false) on UNREADABLE CARD TYPED? (false and ``voided``:
                  the card typed for it was voided; true and ``implied``: another card unread before an answer);
                  blackjack ``set_aside`` (true, codes ``refused``): Del on a card refused with no round open for
                  it, set aside: the next read of its reader no longer waits; with ``unread`` (true): Del on a card
                  a shoe could not read (or fed with another), no round open for it, set aside as well
correction        round?, op (void_card/void_round/void_burn/set_limits/...), why, + ``correction``:
                  :meth:`dealer_assist.table.supervisor.Correction.to_payload` (who, when,
                  action, target, reason); set_limits also carries ``limits`` and ``was``;
                  a blackjack ``void`` names what it took back: ``voided`` (deal, card,
                  decision) with card/position, decision/seat/hand or seats/cards, and
                  ``settlement_taken_back`` (``void_return``: the counted card, no PIN);
                  a baccarat void_burn takes back the last burn card read (``card``, ``burn``:
                  its place in the burn); reopen_bets opens a settled round's bets again, its
                  cards kept (the next ``deal`` of that round settles it again); a void or
                  reopen_bets just after N has ``reopened`` (the round N closed is played on);
                  a baccarat void_card/void_round/reopen_bets after the settlement carries
                  ``settlement_taken_back`` too (older journals: implied); ``journal recover``
                  writes one with ``recovered`` (``journal_continue`` / ``journal_new``) and the ``kept`` file
deck_check        round, op ``deck_check`` (blackjack: counting the deck back opens) or
                  ``resume`` (closed, same deck); the cards counted back are
                  card_assigned without a position, the check ends at ``resume`` or at
                  the ``new_deck`` shoe_start (``override`` when a supervisor let it in)
deck_return       round, op ``return_stub`` (the undealt stub counted back at once), counted (how many cards)
pin_refused       supervisor (a placeholder for a name not on the roster), failures, locked_for, action
                  (replayed into the roster at start, unless a right PIN of that name came after)
roster            supervisors (list of name, pin_hash, by name; null: none), written when a table first starts
                  with supervisors, and by ``supervisor roster`` with the ``correction`` of the recorded
                  supervisor who approved the change (a restart answers to the last one)
link              source, state ("up"/"stale"/"lost"/"ended"), detail
device_hello      source, device, boot, firmware, protocol, restarted (true: it ended a count the reader had
                  joined), continues (true: it started no count, the count going on keeps its last SEQ),
                  bounds_gap (true: said again after frames were named lost with a link loss: FRAMES LOST was
                  said again without "more cards may have gone"), table_shoe (the device id of the table's
                  shoe, when this HELLO is another's: ANOTHER SHOE, that shoe's cards wait for the croupier,
                  its other reports are told, not acted on); a restarted table resumes each shoe's count
shoe_taken        source, device (the shoe taken as this table's), held (the other shoe whose cards were
                  held), round: Ctrl+T after ANOTHER SHOE; that shoe's cards play again from the next one;
                  unheard (why, when no HELLO was heard since the port opened: the last shoe heard was taken)
table_started     game, shoe, round, recovered (the operations the restart replayed, counted from the last
                  new shoe or deck), in_round (a card of that round was out): a table started again on its
                  journal (after Ctrl+Q or a crash), written after what the restart completed itself
frame_dropped     source, count, reasons (damaged lines since the last such entry, at most one a second)
journal_started   previous (path of a set-aside journal or null), previous_head, previous_verified_seq,
                  previous_problem, previous_first_bad_seq
================  ===========================================================
"""

from __future__ import annotations

import enum
import errno
import glob
import json
import os
import sqlite3
import threading
import uuid
import weakref
from dataclasses import dataclass
from datetime import datetime, timezone
from decimal import Decimal
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, Iterator, List, Mapping, Optional, Tuple, Union

from dealer_assist.cards import Card
from dealer_assist.table.journal_files import (journal_remains, making, not_sqlite, rebuilding, recover_stopped,
                                               starting)
from dealer_assist.table.journal_salvage import HeldFile, save_open_copy, write_copy
from dealer_assist.table.journal_tail import malformed, readable_through, rows_through, zero_tail
from dealer_assist.table.chain import (FORMAT, VerifyReport, canonical, check_chain, entry_hash, genesis_hash,
                                      walk_chain, zeroed_cell)


VERSION = "1"
#: ``PRAGMA application_id``: "DAJ1", so ``file`` and tools can tell a journal at a glance.
APPLICATION_ID = 0x44414A31

PathLike = Union[str, "os.PathLike[str]"]

#: The entries after which the -wal is merged into the file (see :meth:`Journal._merge_log`).
MERGED_AFTER = ("round_end",)

#: The triggers that refuse an UPDATE or DELETE of an entry (see :meth:`Journal.guards_intact`).
GUARDS = ("entries_append_only_update", "entries_append_only_delete")

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE entries (
    seq INTEGER PRIMARY KEY,
    time TEXT NOT NULL,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    prev_hash TEXT NOT NULL,
    hash TEXT NOT NULL
);
CREATE TRIGGER entries_append_only_update BEFORE UPDATE ON entries
BEGIN SELECT RAISE(ABORT, 'journal entries are append-only'); END;
CREATE TRIGGER entries_append_only_delete BEFORE DELETE ON entries
BEGIN SELECT RAISE(ABORT, 'journal entries are append-only'); END;
"""


# --------------------------------------------------------------------------- errors

class JournalError(Exception):
    """Anything that stops the journal from recording; the table must stop, not carry on unrecorded."""

    def __init__(self, message: str, path: Optional[PathLike] = None) -> None:
        super().__init__(message)
        self.path = None if path is None else str(path)


class JournalFullError(JournalError):
    """The disk (or the journal's size limit) is full; the entry was not written."""


class JournalSizeLimitError(JournalFullError):
    """The process's file size limit (``ulimit -f``) is reached, not the disk; the entry was not written."""


class JournalGoneError(JournalError):
    """The journal's file was deleted, moved or replaced while the table had it open (see
    :mod:`.journal_salvage`)."""


class JournalReadOnlyError(JournalError):
    """The journal file or its folder cannot be written."""


class NotAJournalError(JournalError):
    """The file exists but is not a dealer-assist journal (another database, or not SQLite)."""


class UnreadableFileError(NotAJournalError):
    """The file cannot be read as any journal: not SQLite at all, or empty.

    A wrong path looks the same as a journal whose header was destroyed, so
    nothing is done to it; a supervisor who knows it was the table's journal
    sets it aside with ``journal recover --new`` (:func:`recover_new_hint`).
    """


class JournalCorruptError(JournalError):
    """SQLite reports the file damaged, or its tables are not the journal's."""


class UnreadableEntryError(JournalCorruptError):
    """An entry whose payload cannot be read as a JSON object (no text, or no object); :attr:`seq` is its number."""

    def __init__(self, message: str, path: Optional[PathLike], seq: int) -> None:
        super().__init__(message, path)
        self.seq = seq


class JournalBrokenError(JournalError):
    """The hash chain does not hold; :attr:`report` says where and why."""

    def __init__(self, message: str, path: Optional[PathLike], report: "VerifyReport") -> None:
        super().__init__(message, path)
        self.report = report


class JournalClosedError(JournalError):
    """The journal was closed; nothing more can be written to it."""


class JournalInUseError(JournalError):
    """Another dealer-assist (or another part of this one) is already writing this journal."""


class JournalPayloadError(JournalError, TypeError):
    """A payload that cannot be journaled (not a dict, not JSON-serialisable); nothing was written."""


# --------------------------------------------------------------------------- values

@dataclass(frozen=True)
class Entry:
    """One journal entry, as written.  ``payload`` is a fresh dict decoded from the file."""

    seq: int
    time: str
    kind: str
    payload: Dict[str, Any]
    prev_hash: str
    hash: str

    def to_dict(self) -> Dict[str, Any]:
        return {"seq": self.seq, "time": self.time, "kind": self.kind, "payload": self.payload,
                "prev_hash": self.prev_hash, "hash": self.hash}


# --------------------------------------------------------------------------- canonical form

def _json_default(value: Any) -> Any:
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise TypeError(f"{value!r} is not a finite amount")
        return str(value)
    if isinstance(value, Card):
        return value.code
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    raise TypeError(f"{type(value).__name__} {value!r} is not JSON-serialisable")


def _canonical(obj: Any) -> str:
    return canonical(obj, _json_default)


def encode_payload(payload: Mapping[str, Any]) -> str:
    """The canonical JSON text of ``payload``, or :class:`JournalPayloadError` naming what is wrong."""
    if not isinstance(payload, Mapping):
        raise JournalPayloadError(f"journal payload must be a dict, not {type(payload).__name__}; nothing was written")
    for key in payload:
        if not isinstance(key, str):
            raise JournalPayloadError(f"journal payload key {key!r} is not a string; nothing was written")
    try:
        return _canonical(dict(payload))
    except (TypeError, ValueError) as exc:
        raise JournalPayloadError(f"journal payload cannot be written as JSON ({exc}); nothing was written") from None


def stored_text(value: bytes) -> Union[str, bytes]:
    """A TEXT column as SQLite holds it: its text, or its bytes where they are no UTF-8 (a bit flipped on
    disk): read as text by default, one such byte had every reading of the journal refused, verify and
    ``journal recover`` too (qaAX H1).  Bytes are no column this program writes, so the chain check tells
    that entry as damaged, and the entries before it stay readable."""
    try:
        return value.decode("utf-8")
    except UnicodeDecodeError:
        return value


def _utc_now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="microseconds").replace("+00:00", "Z")


# --------------------------------------------------------------------------- sqlite errors

def _if_damaged(path: Path) -> str:
    """The way on for a file that is no SQLite database: a damaged journal's recover, unless its first bytes
    say it is another kind of file (a screenshot, a video), a wrong path never to be recovered (qaAE F4)."""
    from dealer_assist.table.file_kinds import holds_text, known_format

    kind = known_format(path)
    if kind is not None:
        return f"It is {kind}, by its first bytes: the path is wrong (no journal looks like that, however damaged)"
    if holds_text(path):  # rev24 E7: a config or a log was told to 'journal recover --new', which refuses it
        return ("It holds text (a configuration, a log?): the path is wrong (a journal's pages hold binary data, "
                "however damaged)")
    return f"If it is the table's journal, damaged, {recover_new_hint(path)}"


def recover_new_hint(path: PathLike) -> str:
    """The supervisor's way on from a journal file nothing can be read from: kept aside, a new one begun."""
    return (f"a supervisor can set it aside (it is kept) and start a new journal: 'dealer-assist journal recover "
            f"{path} --new --supervisor NAME --reason TEXT [--config FILE]'")


#: What a journal being opened is doing, in an error's words.
OPENING = "opening it"
#: The extended I/O error codes SQLite gives for a write the disk may have had no room for (its plain page
#: writes say SQLITE_FULL): the -shm made or grown (SHMSIZE, qaAK F1: its 32 KB on a disk with less left),
#: mapped or opened, and a write, truncate or fsync.  Full only when the disk itself refuses a write of the
#: same size for want of room (ENOSPC, EDQUOT): SQLite does not say which errno it met.
_SHM_IOERRS = frozenset(10 | (n << 8) for n in (18, 19, 21))  # SHMOPEN SHMSIZE SHMMAP
_SPACE_IOERRS = _SHM_IOERRS | frozenset(10 | (n << 8) for n in (3, 4, 6))  # WRITE FSYNC TRUNCATE


@dataclass(frozen=True)
class _TightDisk:
    """A write-kind I/O error on a disk with next to no room: the room left, and what a test write got."""

    free: int
    refused: Optional[OSError]

    @property
    def full(self) -> bool:
        return self.refused is not None and self.refused.errno in _NO_ROOM

    def words(self) -> str:
        test = (f"a test write of the same size was refused too ({self.refused.strerror or self.refused})"
                if self.refused is not None else "a test write of the same size went through")
        return f"its disk also has only {self.free / 1024:.0f} KB free, but {test}, so the disk is not merely full"


def _tight_disk(code: Optional[int], path: Path) -> Optional[_TightDisk]:
    """For a write-kind SQLite I/O error on a disk with next to no room, what the disk says to a write of the
    size SQLite was making; None otherwise."""
    from dealer_assist.table.disk_room import SHM_REGION, WAL_FRAME, nearly_full, room_of, write_refusal

    if code not in _SPACE_IOERRS or _at_size_limit(path) or not nearly_full(path):
        return None
    room = room_of(path)
    refused = write_refusal(path, SHM_REGION if code in _SHM_IOERRS else WAL_FRAME)
    return _TightDisk(room.free if room is not None else 0, refused)


def _create_refusal(path: Path) -> Optional[OSError]:
    """What the journal's folder says to a new file: None when it makes one (rev32 R6: a disk out of inodes,
    its bytes free, was told 'check that the folder can be written')."""
    from dealer_assist.table.disk_room import write_refusal

    return write_refusal(path, 0) if path.parent.is_dir() else None


def _translate(exc: sqlite3.Error, path: Path, doing: str) -> JournalError:
    """Turn an SQLite error into the journal error a croupier and a supervisor can act on."""
    code = getattr(exc, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    text = str(exc)
    tight = _tight_disk(code, path)
    if primary == 13 or "disk is full" in text or (tight is not None and tight.full):  # SQLITE_FULL
        if doing == OPENING:  # no table runs yet, and nothing was written (qaAK F1)
            return JournalFullError(
                f"journal {path} is full while {doing} (its disk has no room left, or the journal reached its size "
                f"limit); nothing was written: free disk space, then start again", path)
        return JournalFullError(
            f"journal {path} is full while {doing} (the disk or its size limit is reached); the entry was NOT "
            f"written: stop the table, free disk space, then restart to carry on", path)
    if primary == 8 or "readonly" in text:  # SQLITE_READONLY
        return JournalReadOnlyError(
            f"journal {path} is read-only while {doing} ({text}); nothing was written: make the file and its "
            f"folder writable, or choose another journal with --journal PATH", path)
    if primary == 14:  # SQLITE_CANTOPEN
        refused = _create_refusal(path)
        if refused is not None and refused.errno in _NO_ROOM:  # a disk with no inodes left has bytes free
            return JournalFullError(
                f"journal {path} is full while {doing} (its disk has no room left for a new file, which SQLite "
                f"needs for {path.name}-wal: {refused.strerror or refused}); nothing was written: free disk "
                f"space or delete files on that disk, then start again", path)
        return JournalReadOnlyError(
            f"cannot open journal {path} while {doing} ({text}): check that the folder exists and can be "
            f"written (SQLite needs to create {path.name}-wal beside it)", path)
    if primary == 26:  # SQLITE_NOTADB
        return UnreadableFileError(f"{path} is not a dealer-assist journal (not an SQLite database); it was left "
                                   f"untouched: give the path of a journal file. {_if_damaged(path)}", path)
    if primary == 11:  # SQLITE_CORRUPT
        return JournalCorruptError(f"journal {path} is damaged ({text}) while {doing}; it was left untouched: "
                                   f"{recover_new_hint(path)}", path)
    if primary in (5, 6):  # SQLITE_BUSY / LOCKED
        return JournalError(f"journal {path} is in use by another program while {doing} ({text}): "
                            f"close the other dealer-assist using it", path)
    if primary == 10 and _at_size_limit(path):  # SQLite tells EFBIG only as an I/O error
        return JournalSizeLimitError(
            f"journal {path} reached {size_limit_words()} while {doing}; the entry was NOT written: stop the table, "
            f"{RAISE_THE_LIMIT}, then restart to carry on (the disk is not at fault)", path)
    if primary == 10 and tight is not None:  # both facts: the error, and the little room left
        if doing == OPENING:
            return JournalError(f"journal {path}: input/output error while {doing} ({text}); {tight.words()}; "
                                f"nothing was written: check the disk and free space on it, then start again", path)
        return JournalError(f"journal {path}: input/output error while {doing} ({text}); {tight.words()}; the "
                            f"entry was NOT written: stop the table, check the disk and free space on it, then "
                            f"restart to carry on", path)
    if primary == 10:  # SQLITE_IOERR
        return JournalError(f"journal {path}: input/output error while {doing} ({text}); the entry was NOT "
                            f"written: stop the table and check the disk", path)
    return JournalError(f"journal {path}: {text} while {doing}", path)


#: What to do about the file size limit, in the journal's message and in any other output's that meets it.
RAISE_THE_LIMIT = "raise or remove the limit for the account that runs it"


def size_limit_words() -> str:
    """The limit a write met with EFBIG ("File too large"), in words: mostly ``ulimit -f``, which no freed
    disk space lifts (qaI, rev11: 'check the disk' and 'free disk space' sent IT to a healthy disk)."""
    limit = _size_limit()
    if limit is None:
        return "the largest file the disk's file system takes"
    return f"this process's file size limit ({limit} bytes: 'ulimit -f' or the account's limits)"


def _size_limit() -> Optional[int]:
    """The largest file this process may write (``ulimit -f``), None without a limit."""
    try:
        import resource
    except ImportError:
        return None
    soft = resource.getrlimit(resource.RLIMIT_FSIZE)[0]
    return None if soft == resource.RLIM_INFINITY else soft


def _at_size_limit(path: Path) -> bool:
    """Whether the journal or its -wal is within a few pages of the file size limit (qaI: a table stopped on
    it said 'check the disk', which sent IT to a healthy disk)."""
    limit = _size_limit()
    if limit is None:
        return False
    sizes = [os.path.getsize(p) for p in (path, Path(f"{path}-wal")) if os.path.exists(p)]
    return bool(sizes) and max(sizes) + 65536 > limit


# --------------------------------------------------------------------------- the journal

class Journal:
    """An open journal file.  Thread-safe; one writer per journal file (an exclusive lock), any number of readers.

    Open with :meth:`open`; use as a context manager or call :meth:`close`.
    """

    def __init__(self, path: Path, conn: sqlite3.Connection, journal_id: str, readonly: bool,
                 clock: Callable[[], str], writer_lock: Optional["_WriterLock"] = None) -> None:
        self.path = path
        self._writer_lock = writer_lock
        self.journal_id = journal_id
        self.readonly = readonly
        self._conn: Optional[sqlite3.Connection] = conn
        self._clock = clock
        self._lock = threading.Lock()
        self._genesis = genesis_hash(journal_id)
        self._canonical = False  # until verify() says so
        #: The last entry before zero pages that end the file (see :mod:`.journal_tail`), once verify() found
        #: them; the entries are then read only up to it.
        self._readable: Optional[int] = None
        #: The file as opened, held by a descriptor of our own: its link count tells a file deleted (its
        #: entries live only while open) from one moved (they live on under its new name).
        self._held = None if readonly else HeldFile.of(path)
        #: Where the open copy of a journal deleted from its path was saved (see _still_in_place).
        self._saved_to: Optional[Path] = None
        self._refused = False
        #: Until the first entry: whether the file says ``writer`` ``open`` yet (see :meth:`without_its_log`).
        #: Written with that entry, not at open: a start refused leaves the journal as it was.  Merged into the
        #: file at once in a journal that was there (``True``); a new journal's only at its first round's end,
        #: so that until then its file without the -wal holds no journal at all, and a restart refuses it
        #: rather than begin again from round 1 (qaL F4).
        self._mark_pending: Optional[bool] = None
        self._marked = False
        #: This open made the file (a new journal); until an entry is written to it, a write that fails has it
        #: removed at close, with its -wal and -shm: nothing was journaled, and a file with no entry left at the
        #: path would refuse every later start as an emptied journal (qaAK F2).
        self._made = False
        self._wrote = False
        self._unmake = False
        #: Opened for writing, the file said a table had it open and no -wal lay beside it (see
        #: :meth:`without_its_log`): the entries since its last round's end may be lost; the table says so.
        self.log_missing = False
        #: What became of a journal gone from its path, once noticed ("" while it is in place).
        self.gone = ""
        #: Set by a reader salvaging a broken journal (``journal recover``): an entry whose payload cannot be
        #: read is left out of :meth:`entries` instead of stopping the reading (verify tells of it).
        self.skip_unreadable = False

    # ---- opening

    @classmethod
    def open(cls, path: PathLike, *, create: bool = True, readonly: bool = False, verify: bool = True,
             max_size: Optional[int] = None, clock: Optional[Callable[[], str]] = None,
             _writer_lock: Optional["_WriterLock"] = None) -> "Journal":
        """Open the journal at ``path``, creating it (and nothing else) when it does not exist.

        A journal opened for writing is verified first (``verify=True``): a broken
        chain raises :class:`JournalBrokenError` and the file is left as it is,
        because appending to it would bury the evidence.  ``readonly`` opens
        for reading only (verify, export, replay), never creates, and writes
        nothing beside the file (no -wal, no -shm), so a journal on read-only
        media opens as well; only a -wal still holding entries needs SQLite's -shm.
        ``max_size`` (bytes) caps the file so that a journal can never fill the
        disk the rest of the machine needs; reaching it is a :class:`JournalFullError`.
        Only one writer may hold a journal (:class:`JournalInUseError` otherwise):
        two tables interleaving rounds in one file would make both records useless.
        """
        path = Path(path)
        early = None
        if (not readonly and create and _writer_lock is None and not path.is_dir()
                and (os.path.lexists(making(path)) or not os.path.lexists(path) and path.parent.is_dir())):
            # A new journal is made under the writer's lock, so that a start finding what a killed start
            # left (see _drop_unfinished) never takes a file another start is making now.
            if not os.path.lexists(path):
                _refuse_over_remains(path)  # before any .lock: the refusal leaves the folder as it was
            early = _WriterLock.acquire(path)
        try:
            if early is not None:
                _drop_unfinished(path)
            return cls._open(path, readonly, create, verify, max_size, clock, _writer_lock, early)
        except BaseException:
            if early is not None:  # once: a journal that took it and was closed released it already
                early.release()
            raise

    @classmethod
    def _open(cls, path: Path, readonly: bool, create: bool, verify: bool, max_size: Optional[int],
              clock: Optional[Callable[[], str]], _writer_lock: Optional["_WriterLock"],
              early: Optional["_WriterLock"]) -> "Journal":
        exists = path.exists()
        log_absent = exists and not os.path.lexists(f"{path}-wal")  # before SQLite makes one
        if path.is_dir():
            raise NotAJournalError(f"{path} is a folder, not a journal file: give the path of a file", path)
        if not exists and (readonly or not create):
            raise JournalError(journal_remains(path) or f"journal {path} does not exist: check the path", path)
        if readonly and exists and os.path.lexists(making(path)) and _never_made(path):
            # qaAU F2: the empty-file advice sent whoever checked it to a supervisor's recover.
            raise JournalError(f"{path} holds no entry: a start was stopped while it made this journal (the "
                               f"{making(path).name} mark beside it says so; or a start is making it now), so "
                               f"nothing was journaled in it and there is nothing to check or recover: the next "
                               f"'dealer-assist run --journal {path}' makes it anew", path)
        if readonly and exists and path.stat().st_size == 0:
            raise UnreadableFileError(f"{path} is an empty file, not a dealer-assist journal; if it was the table's "
                                      f"journal, emptied, {recover_new_hint(path)}", path)
        if exists and path.stat().st_size == 0 and not Path(str(path) + "-wal").exists():
            # A journal is never empty once a table wrote it: emptied, it would have been started anew
            # in the same file and verified clean, the record gone without a trace.
            raise UnreadableFileError(f"{path} is an empty file: a table's journal is never empty, so it may have "
                                      f"been emptied; it was left as it is for whoever investigates: "
                                      f"{recover_new_hint(path)} (or remove it, if you made it empty yourself)",
                                      path)
        if exists and not_sqlite(path):
            # SQLite would read the pages a -wal beside it holds, the first one too, and vouch for the journal
            # the file once was (qaI: verify said OK for an export written over the journal).
            wal = Path(f"{path}-wal")
            kept = (f" (and so was {wal.name} beside it, which may hold a journal's entries: keep both for whoever "
                    f"investigates)" if wal.exists() else "")
            raise UnreadableFileError(f"{path} is not a dealer-assist journal (not an SQLite database); it was left "
                                      f"untouched{kept}: give the path of a journal file. {_if_damaged(path)}", path)
        if not readonly and not exists and not path.parent.is_dir():
            raise JournalError(f"cannot create journal {path}: the folder {path.parent} does not exist", path)
        if not readonly and not exists and _writer_lock is None:  # not recover's own new journal: its call
            _refuse_over_remains(path)
        if not readonly and exists and _writer_lock is None and os.path.lexists(starting(path)):
            stopped = Journal.stopped_recover(path)
            how = {"journal_new": "new", "journal_continue": "continue"}.get(stopped[1] or "") if stopped else None
            raise JournalError(f"journal {path}: {recover_stopped(path, how)}", path)
        # A reader never writes beside the journal (a replay or a verify must leave a journal on a USB stick,
        # or in a folder it cannot write, as it found it).  SQLite's WAL readers keep a -shm index beside
        # the file and leave it (with an empty -wal) behind.  A journal with no -shm and no entries in a
        # -wal is the file alone, closed by every table that wrote it, so it is read as immutable, which
        # touches nothing.  A -shm means a table has it open now (it may append while we read), or stopped
        # without closing it; there, and with entries still in a -wal, only SQLite's -shm index reads right.
        live = readonly and _open_elsewhere(path)
        try:
            conn, journal_id, made = cls._connect(path, readonly, immutable=readonly and not live)
        except (JournalReadOnlyError, JournalFullError) as exc:
            if not live:
                raise
            # A -shm left in a folder that cannot be written, or on a disk with no room to make it whole (qaAK
            # F1: a start refused on a full disk leaves one, and its end event lost the head): the file is all.
            if not _wal_holds_entries(path):
                conn, journal_id, made = cls._connect(path, readonly, immutable=True)
            elif isinstance(exc, JournalFullError):
                raise
            else:
                raise JournalReadOnlyError(
                    f"journal {path} has entries not yet merged into the file (in {path.name}-wal, left by a "
                    f"table that is still running on it or stopped without closing it), and SQLite needs to "
                    f"create {path.name}-shm beside it to read them, but the folder cannot be written ({exc}): "
                    f"copy the journal with its {path.name}-wal to a writable folder and read the copy",
                    path) from None
        writer_lock = None
        if not readonly:  # taken once the file is known to be a journal, so a wrong path leaves no .lock
            try:
                _one_name(path)
                writer_lock = _writer_lock or early or _WriterLock.acquire(path)
            except BaseException:
                conn.close()
                raise
        if max_size is not None:
            page_size = conn.execute("PRAGMA page_size").fetchone()[0]
            conn.execute(f"PRAGMA max_page_count = {max(1, int(max_size) // page_size)}")
        journal = cls(path, conn, journal_id, readonly, clock or _utc_now, writer_lock)
        journal._made = made
        if verify and not readonly:
            report = journal.verify()
            if not report.ok:
                journal.close()
                raise JournalBrokenError(
                    f"journal {path} fails its check at seq {report.first_bad_seq} ({report.problem}: "
                    f"{report.detail}); it was NOT changed. The table cannot go on until a supervisor decides: "
                    f"'dealer-assist journal recover {path} --continue' (from the last verified entry, seq "
                    f"{report.head_seq}) or '--new' (a new journal), with --supervisor NAME --reason TEXT "
                    f"[--config FILE]; the old file is kept either way", path, report)
            if not journal.guards_intact():
                journal.close()
                raise JournalCorruptError(
                    f"journal {path}: its append-only guards (triggers) were removed, so the file was worked on "
                    f"outside dealer-assist, though every entry still chains; it was NOT changed. A supervisor "
                    f"decides: 'dealer-assist journal recover {path} --continue' (a rebuilt file, the guards back) "
                    f"with --supervisor NAME --reason TEXT [--config FILE]; the old file is kept", path)
        if not readonly:
            journal._mark_pending = exists
            journal.log_missing = log_absent and journal._says_open()
        return journal

    @classmethod
    def _connect(cls, path: Path, readonly: bool, immutable: bool) -> Tuple[sqlite3.Connection, str, bool]:
        """The connection, the journal id, and whether this open made the file (a new journal)."""
        created = marked = False
        try:
            if readonly:
                mode = "mode=ro&immutable=1" if immutable else "mode=ro"
                conn = sqlite3.connect(f"{path.resolve().as_uri()}?{mode}", uri=True,
                                       isolation_level=None, check_same_thread=False)
            else:
                if not path.exists():
                    # Said to be in the making until its tables are written (a start killed meanwhile: see
                    # _drop_unfinished).
                    os.close(os.open(making(path), os.O_WRONLY | os.O_CREAT, 0o640))
                    marked = True
                    # The casino's record, not the world's: owner and group only (SQLite gives its -wal
                    # and -shm the file's mode).  A folder a user made wider stays as they made it.
                    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o640))
                    created = True
                conn = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
            conn.text_factory = stored_text
        except sqlite3.Error as exc:
            said = _translate(exc, path, OPENING)
            if created and isinstance(said, JournalFullError):
                _unmake(path)
            raise said from None
        except OSError as exc:  # the new file itself could not be made (a folder this user cannot write)
            if marked and not created:
                making(path).unlink(missing_ok=True)
            if exc.errno in _NO_ROOM:
                raise JournalFullError(f"journal {path} is full while {OPENING} (its disk has no room left for a "
                                       f"new file: {exc.strerror}); nothing was written: free disk space, then "
                                       f"start again", path) from None
            raise JournalError(f"cannot create journal {path} ({exc.strerror or exc}): this user cannot write in "
                               f"{path.parent}; give a --journal PATH in a folder you can write, or have the folder "
                               "made writable for you; nothing was written", path) from None
        try:
            journal_id = cls._prepare(conn, path, readonly, created)
            if created:  # whole: from now on a file with no tables here is evidence (its -wal lost), never ours
                try:
                    making(path).unlink()
                except OSError as exc:
                    raise JournalError(f"cannot remove {making(path)} ({exc.strerror or exc}) after making journal "
                                       f"{path}; nothing was journaled: remove {making(path).name} and {path.name}, "
                                       f"then start again", path) from None
            return conn, journal_id, created
        except BaseException as exc:
            conn.close()
            # A new journal not made whole for want of room: nothing was journaled (qaAK F2).  Any other
            # failure leaves it, marked: the next start removes it (see _drop_unfinished).
            if created and isinstance(exc, JournalFullError):
                _unmake(path)
            raise

    @staticmethod
    def _prepare(conn: sqlite3.Connection, path: Path, readonly: bool, created: bool = False) -> str:
        """Check (or, for a file this open made, create) the schema; return the journal id."""
        try:
            if not readonly:
                conn.execute("PRAGMA busy_timeout = 5000")
            tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if not tables and not _holds_nothing_or_sqlite(path):
                # SQLite takes a file shorter than its header for an empty database and would write over it.
                raise UnreadableFileError(f"{path} is not a dealer-assist journal (not an SQLite database: "
                                          f"a {path.stat().st_size}-byte file without SQLite's header); it was left "
                                          f"untouched: give the path of a journal file. {_if_damaged(path)}", path)
            if not tables and (readonly or not (created or path.stat().st_size == 0)):
                raise NotAJournalError(no_tables(path), path)
            if not tables:
                mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
                if str(mode).lower() != "wal":
                    raise JournalError(f"journal {path}: SQLite refused WAL mode ({mode}); "
                                       f"put the journal on a local disk", path)
                conn.execute("PRAGMA synchronous = FULL")
                conn.execute("BEGIN IMMEDIATE")
                if conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
                    conn.execute("ROLLBACK")  # another process created it first
                else:
                    for statement in _split_schema(_SCHEMA):
                        conn.execute(statement)
                    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                    conn.executemany("INSERT INTO meta (key, value) VALUES (?, ?)", [
                        ("format", FORMAT), ("version", VERSION), ("journal_id", uuid.uuid4().hex),
                        ("created", _utc_now()), ("head_seq", "0"), ("head_hash", ""),
                    ])
                    conn.execute("COMMIT")
                tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if "meta" not in tables or "entries" not in tables:
                raise NotAJournalError(f"{path} is an SQLite database but not a dealer-assist journal "
                                       f"(no journal tables); it was left untouched: give the path of a "
                                       f"journal file", path)
            meta = dict(conn.execute("SELECT key, value FROM meta"))
            if meta.get("format") != FORMAT:
                raise NotAJournalError(f"{path} is not a dealer-assist journal (format {meta.get('format')!r}); "
                                       f"it was left untouched", path)
            if meta.get("version") != VERSION:
                raise NotAJournalError(f"journal {path} has format version {meta.get('version')!r}, this "
                                       f"dealer-assist reads version {VERSION}: use a matching dealer-assist", path)
            journal_id = meta.get("journal_id")
            if not journal_id or not meta.get("head_seq", "").isdigit():
                raise JournalCorruptError(f"journal {path} has damaged metadata (journal id or head missing); "
                                          f"it was left untouched: {recover_new_hint(path)}", path)
            if not readonly:
                mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
                if str(mode).lower() != "wal":
                    raise JournalError(f"journal {path}: SQLite refused WAL mode ({mode}); "
                                       f"put the journal on a local disk", path)
                conn.execute("PRAGMA synchronous = FULL")
                # A harmless write proves now, not at the first card, that the file can be written.
                conn.execute("BEGIN IMMEDIATE")
                conn.execute("UPDATE meta SET value = value WHERE key = 'format'")
                conn.execute("COMMIT")
            return journal_id
        except sqlite3.Error as exc:
            if conn.in_transaction:
                try:
                    conn.execute("ROLLBACK")
                except sqlite3.Error:
                    pass
            raise _translate(exc, path, OPENING) from None

    # ---- writing

    def append(self, kind: str, payload: Optional[Mapping[str, Any]] = None) -> Entry:
        """Write one entry durably and return it; on any error nothing is written and the error says why.

        Call this *before* showing the state it records: if it raises, the
        table must stop rather than show what is not on record.
        """
        if not isinstance(kind, str) or not kind or not kind.replace("_", "").isalnum() or not kind.isascii():
            raise JournalPayloadError(f"journal entry kind {kind!r} must be a word like 'card_read'; "
                                      f"nothing was written")
        payload_text = encode_payload({} if payload is None else payload)
        with self._lock:
            conn = self._connection()
            if self.readonly:
                raise JournalReadOnlyError(f"journal {self.path} was opened read-only; nothing was written",
                                           self.path)
            self._still_in_place(conn)
            try:
                conn.execute("BEGIN IMMEDIATE")
                meta = dict(conn.execute("SELECT key, value FROM meta WHERE key IN ('head_seq', 'head_hash')"))
                seq = int(meta["head_seq"]) + 1
                prev_hash = meta["head_hash"] or self._genesis
                time = self._clock()
                digest = entry_hash(seq, time, kind, payload_text, prev_hash)
                conn.execute("INSERT INTO entries (seq, time, kind, payload, prev_hash, hash) "
                             "VALUES (?, ?, ?, ?, ?, ?)", (seq, time, kind, payload_text, prev_hash, digest))
                conn.execute("UPDATE meta SET value = ? WHERE key = 'head_seq'", (str(seq),))
                conn.execute("UPDATE meta SET value = ? WHERE key = 'head_hash'", (digest,))
                if self._mark_pending is not None:
                    conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('writer', 'open')")
                conn.execute("COMMIT")
            except sqlite3.Error as exc:
                self._rollback()
                self._unmake = self._made and not self._wrote
                raise _translate(exc, self.path, f"writing a {kind!r} entry") from None
            except BaseException:
                self._rollback()
                raise
            self._wrote, self._unmake = True, False  # a failed first write no longer makes close() delete it (rev32 R4)
            merge, self._mark_pending = kind in MERGED_AFTER or bool(self._mark_pending), None
            self._marked = True
            if merge:
                self._merge_log(conn)
        return Entry(seq, time, kind, json.loads(payload_text), prev_hash, digest)

    @staticmethod
    def _merge_log(conn: sqlite3.Connection) -> None:
        """Merge the -wal into the file at a round's end, so that the file alone (copied without its -wal, or
        its -wal lost) lacks at most the round being played, not the hundreds of rounds a -wal holds before
        SQLite merges it on its own (qaL F4).  PASSIVE: it never waits for a reader.  The entry is already
        durable in the -wal, so a merge that fails (a full disk) is left to the next one."""
        try:
            conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
        except sqlite3.Error:
            pass

    def without_its_log(self) -> bool:
        """Whether this file was last written by a table that had not closed it (it says ``writer`` ``open``:
        still running, or stopped by a crash), yet no -wal is beside it: a copy of the file alone, or its
        -wal removed, so the newest entries, those of the round being played, may be missing."""
        return self._says_open() and not os.path.exists(f"{self.path}-wal")

    def copy_to(self, target: PathLike) -> None:
        """Write this journal, whole as it stands, into the new file ``target`` (``journal copy``), a table
        going on writing it meanwhile or not.  The copy is marked closed unless this file already lacks its
        -wal (:meth:`without_its_log`): it lacks what this file lacks, and says so as this one does."""
        closed = not self.without_its_log()
        with self._lock:
            write_copy(self._connection(), Path(target), closed=closed)

    def _mark_closed(self) -> None:
        """Say in the file that no table has it open.  On a full disk the -wal is merged and emptied first,
        which frees its room, and tried again: a file left saying ``open`` with its -wal gone at close would
        be taken at the next start for one whose -wal was lost."""
        conn = self._connection()
        for attempt in range(2):
            try:
                conn.execute("UPDATE meta SET value = 'closed' WHERE key = 'writer'")
                return
            except sqlite3.Error:
                self._rollback()
                if attempt == 0:
                    try:
                        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
                    except sqlite3.Error:
                        return

    def _says_open(self) -> bool:
        rows = self._read("SELECT value FROM meta WHERE key = 'writer'")
        return bool(rows) and rows[0][0] == "open"

    def _still_in_place(self, conn: sqlite3.Connection, closing: bool = False) -> None:
        """Refuse to write into a file no longer at :attr:`path`: a restart there would find no journal, or
        another file, and its last entries may be only in the open copy (a file deleted; one moved without
        its -wal, which SQLite does not fold into a moved file).  So the open copy is saved first, tried
        again at each entry refused and at close until it is.  ``closing``: a file moved with its -wal
        while nothing was refused (a journal set aside) holds every entry, and is left be."""
        if self._held is None or self._held.in_place():
            return
        deleted = self._held.deleted()
        if closing and not (deleted or self._refused or os.path.lexists(f"{self.path}-wal")):
            return
        self._refused = True
        if self._saved_to is None:
            self._saved_to = save_open_copy(conn, Path(self.path))
        if self._saved_to is not None:
            saved = (f"every entry, up to the last one shown, was saved from the open copy to {self._saved_to}: "
                     f"restart with --journal {self._saved_to}")
        elif closing:
            saved = "its open copy could not be saved anywhere: the entries since its last copy are lost"
        else:
            saved = ("its open copy could not be saved anywhere: keep this display open (the entries are lost "
                     "when it closes) and call IT; it is tried again when the display closes")
        how = "deleted" if deleted else "moved or replaced"
        self.gone = (f"journal {self.path} was {how} while the table was open; nothing more was written to it; "
                     f"{saved}")
        raise JournalGoneError(self.gone, self.path)

    def _rollback(self) -> None:
        conn = self._conn
        if conn is not None and conn.in_transaction:
            try:
                conn.execute("ROLLBACK")
            except sqlite3.Error:
                pass

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

    # ---- closing

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._rollback()
                if self._held is not None:
                    try:
                        self._still_in_place(self._conn, closing=True)  # the last chance to save its entries
                    except JournalGoneError:
                        pass  # told by .gone (the display's exit says it)
                if self._marked and not self.gone:
                    self._mark_closed()
                try:
                    self._conn.close()
                finally:
                    self._conn = None
                    if self._held is not None:  # after SQLite's own: closing any descriptor of the file drops
                        self._held.close()      # the process's locks on it
                    if self._unmake and not self.gone:  # under the writer's lock: no table opens it meanwhile
                        _unmake(self.path)
                    if self._writer_lock is not None:
                        self._writer_lock.release()
                        self._writer_lock = None

    def __enter__(self) -> "Journal":
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self._conn is None else ("read-only" if self.readonly else "open")
        return f"<Journal {str(self.path)!r} {state}>"

    # ---- a supervisor's way out of a broken journal

    @classmethod
    def start_new(cls, path: PathLike, *, clock: Optional[Callable[[], str]] = None,
                  then: Callable[[Path], Iterable[Tuple[str, Mapping[str, Any]]]] = lambda kept: ()
                  ) -> Tuple["Journal", Path]:
        """Set the (broken) journal at ``path`` aside and start a fresh one there.

        The first entry of the new journal names the kept file and its last
        verified hash, so the two files stay linked in the record; ``then(kept)``
        gives the entries that follow it (the supervisor's decision).  The new
        journal is written whole beside the old one first (:func:`.journal_files.starting`),
        then takes the path (:meth:`_take_path`): a kill at any point leaves the broken
        journal at the path (a second run finishes it: :meth:`finish_recover`)
        or the new one, never no journal (rev12: killed between the two steps,
        the table had begun an unlinked journal from round 1).
        """
        path = Path(path)
        lock = _WriterLock.acquire(path)
        try:
            head_hash, head_seq = _verified_head(path)
            kept = _kept_name(path)
            tmp = starting(path)
            for leftover in (*_sqlite_files(tmp), Path(f"{tmp}.lock")):
                leftover.unlink(missing_ok=True)
            try:
                new = cls.open(tmp, clock=clock, _writer_lock=_WriterLock(None))
                with new:
                    new.append("journal_started", {"previous": str(kept.resolve()), "previous_head": head_hash,
                                                   "previous_verified_seq": head_seq})
                    for kind, payload in then(kept):
                        new.append(kind, payload)
            except BaseException as exc:
                _unmake(tmp)  # not whole: the broken journal is at the path, as it was
                if _no_room(exc):
                    raise _recover_full(path, tmp, "new") from None
                raise
            journal = cls._take_path(path, tmp, kept, lock, clock)
        except BaseException:
            lock.release()
            raise
        return journal, kept

    @classmethod
    def _take_path(cls, path: Path, whole: Path, kept: Path, lock: "_WriterLock",
                   clock: Optional[Callable[[], str]]) -> "Journal":
        """Put the new journal ``whole`` (every entry of it written, the decision too) in the broken one's
        place: made durable as :func:`.journal_files.starting`, the broken file given ``kept`` as a second
        name, then one rename onto ``path``.  Stopped anywhere, the path holds the broken journal or the
        new one, and a second recover finishes it (:meth:`finish_recover`)."""
        _durable(whole)
        if whole != starting(path):
            os.replace(whole, starting(path))
            _durable(path.parent)
        _give_kept_name(path, kept)
        os.replace(starting(path), path)
        _durable(path.parent)
        return cls.open(path, clock=clock, _writer_lock=lock)

    @classmethod
    def stopped_recover(cls, path: PathLike) -> Optional[Tuple[Path, Optional[str]]]:
        """What a recover stopped before it ended left at :func:`.journal_files.starting`: the kept file its
        new journal names and the decision it records (``journal_new``, ``journal_continue``, or None if
        none); None when there is no such file or it is not whole (stopped while it was written: nothing
        was decided, the recover begins again)."""
        tmp = starting(Path(path))
        if not tmp.is_file():
            return None
        started: Optional[Entry] = None
        action: Any = None
        try:
            with cls.open(tmp, readonly=True) as new:
                if not new.verify().ok:
                    return None
                for entry in new.entries():  # a continued journal's own start is its last journal_started
                    if entry.kind == "journal_started":
                        started, action = entry, None
                    elif entry.kind == "correction" and started is not None and action is None:
                        action = entry.payload.get("recovered")
        except JournalError:
            return None
        previous = None if started is None else started.payload.get("previous")
        if not isinstance(previous, str):
            return None
        return Path(previous), action if isinstance(action, str) else None

    @classmethod
    def finish_recover(cls, path: PathLike) -> Optional[Path]:
        """Finish a :meth:`start_new` or :meth:`continue_from_verified` stopped after the old file had its
        kept name: its new journal, whole, takes the path.  The kept file, or None when there is nothing to
        finish (nothing left, or stopped before: the new journal, begun again, may say another supervisor's
        decision)."""
        path = Path(path)
        stopped = cls.stopped_recover(path)
        if stopped is None:
            return None
        kept = stopped[0]
        if not kept.is_file() or (os.path.lexists(path) and not _same_file(path, kept)):
            return None
        lock = _WriterLock.acquire(path)
        try:
            os.replace(starting(path), path)
            _durable(path.parent)
        finally:
            lock.release()
        return kept

    @classmethod
    def continue_from_verified(cls, path: PathLike, *, clock: Optional[Callable[[], str]] = None,
                               then: Callable[[Path], Iterable[Tuple[str, Mapping[str, Any]]]] = lambda kept: ()
                               ) -> Tuple["Journal", Path]:
        """Keep the journal under another name and rebuild ``path`` from its verified entries, copied verbatim.

        The chain (and the journal id) continue; a ``journal_started`` entry
        records the kept file and where it stopped being trustworthy, and ``then(kept)``
        gives the entries that follow it (the supervisor's decision).  All are written
        before the rebuilt file takes the path as :meth:`start_new`'s does (rev13 F4: killed
        after the rename, the continuation had no word of who decided it, and why).
        """
        path = Path(path)
        lock = _WriterLock.acquire(path)
        try:
            journal, kept = cls._rebuild(path, lock, clock, then)
        except BaseException:
            lock.release()
            raise
        return journal, kept

    @classmethod
    def _rebuild(cls, path: Path, lock: "_WriterLock", clock: Optional[Callable[[], str]],
                 then: Callable[[Path], Iterable[Tuple[str, Mapping[str, Any]]]]) -> Tuple["Journal", Path]:
        with cls.open(path, readonly=True) as old:
            report = old.verify()
            journal_id = old.journal_id
            rows = list(old._rows_where("seq <= ?", (report.head_seq,)))
        kept = _kept_name(path)
        tmp = rebuilding(path)
        for leftover in (*_sqlite_files(tmp), *_sqlite_files(starting(path)), Path(f"{tmp}.lock")):
            leftover.unlink(missing_ok=True)
        try:
            cls._write_rebuilt(tmp, journal_id, report, rows, kept, clock, then)
        except BaseException as exc:
            _unmake(tmp)  # not whole: the broken journal is at the path, as it was (qaAK F4: a partial one was left)
            if _no_room(exc):
                raise _recover_full(path, tmp, "continue") from None
            raise
        return cls._take_path(path, tmp, kept, lock, clock), kept

    @classmethod
    def _write_rebuilt(cls, tmp: Path, journal_id: str, report: "VerifyReport", rows: list, kept: Path,
                       clock: Optional[Callable[[], str]],
                       then: Callable[[Path], Iterable[Tuple[str, Mapping[str, Any]]]]) -> None:
        """Write the rebuilt journal whole at ``tmp``: the verified entries, copied verbatim, then its start and
        the supervisor's decision."""
        os.close(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o640))  # as a new journal: see _connect
        conn = sqlite3.connect(str(tmp), isolation_level=None)
        try:
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = FULL")
            conn.execute("BEGIN IMMEDIATE")
            for statement in _split_schema(_SCHEMA):
                conn.execute(statement)
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            conn.executemany("INSERT INTO meta (key, value) VALUES (?, ?)", [
                ("format", FORMAT), ("version", VERSION), ("journal_id", journal_id), ("created", _utc_now()),
                ("head_seq", str(report.head_seq)), ("head_hash", report.head_hash),
            ])
            conn.executemany("INSERT INTO entries (seq, time, kind, payload, prev_hash, hash) "
                             "VALUES (?, ?, ?, ?, ?, ?)", rows)
            conn.execute("COMMIT")
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.Error as exc:
            raise _translate(exc, tmp, "rebuilding the journal") from None
        finally:
            conn.close()
        for suffix in ("-wal", "-shm"):
            Path(str(tmp) + suffix).unlink(missing_ok=True)
        # The broken journal keeps the path until the rebuilt file is whole, its decision in it: a crash
        # while rebuilding (seconds, for a big journal) had left no journal at the path, and the next run
        # began a new one from round 1 (qaI F8).
        with cls.open(tmp, clock=clock, _writer_lock=_WriterLock(None)) as new:
            new.append("journal_started", {"previous": str(kept.resolve()), "previous_head": report.head_hash,
                                           "previous_verified_seq": report.head_seq,
                                           "previous_problem": report.problem,
                                           "previous_first_bad_seq": report.first_bad_seq})
            for kind, payload in then(kept):
                new.append(kind, payload)


def no_tables(path: Path) -> str:
    """Why an SQLite file with no tables at all is not made a journal, and what to do (qaL F4: one whose -wal,
    holding every entry of a young journal, was removed was taken over by ``run`` as a new journal)."""
    wal = f"{path.name}-wal"
    return (f"{path} is an SQLite database with no tables in it, not a dealer-assist journal; it was left untouched "
            f"and nothing was written to it. A young journal keeps its entries in {wal} beside the file until they "
            f"are merged into it: if {wal} was removed, or the file was copied without it, put {wal} back beside it "
            f"(from where it was copied) and start again; if the file is nothing of the table's, move it away or "
            f"give another --journal PATH")


def _one_name(path: Path) -> None:
    """Refuse to write a journal file that has other names (hard links).  Under two names two
    tables take two locks, and SQLite keeps a write-ahead log per name: one table's entries were
    lost when the other's log was merged, and the chain still verified."""
    try:
        names = os.stat(path).st_nlink
    except OSError:
        return  # not there yet: a new journal has one name
    if names > 1:
        raise JournalError(f"journal {path} has {names} names (hard links to one file): two tables could write it "
                           "under two names and one's entries would be lost; remove the other links (find / "
                           f"-samefile {path}), or copy the journal (cp) instead of linking it; nothing was written",
                           path)


#: What a reader of a journal whose guards are gone is told (verify calls it "unguarded").
UNGUARDED = ("its append-only guards (triggers) were removed: the file was worked on outside dealer-assist, "
             "though every entry still chains, so what it shows may not be what the table recorded")


class _WriterLock:
    """An exclusive ``flock`` on ``<journal>.lock``; the kernel drops it when the process dies, even by kill -9.

    A separate file, because closing any descriptor of the database file
    itself would silently drop SQLite's own POSIX locks.
    """

    def __init__(self, fd: Optional[int]) -> None:
        # A journal dropped unclosed (its connection goes with it) must not lock its file out until exit.
        self._closer = weakref.finalize(self, os.close, fd) if fd is not None else None

    @classmethod
    def acquire(cls, path: Path) -> "_WriterLock":
        try:
            import fcntl
        except ImportError:  # no flock on this system: SQLite's own locking still serialises writes
            return cls(None)
        # Named after the file the path leads to: two tables reaching one journal by two names (a
        # symlink) must meet at one lock.  Never through a link: truncating it would empty its target.
        lock_path = Path(os.path.realpath(path) + ".lock")
        try:
            fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                raise JournalError(f"the journal's lock file {lock_path} is a link to another file: remove the "
                                   "link (nothing was written to it), then start again", path) from None
            return cls(None)  # a read-only folder: opening the journal itself will say so clearly
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            holder = os.pread(fd, 32, 0).decode("ascii", "replace").strip() or "unknown"
            os.close(fd)
            if exc.errno in (errno.EWOULDBLOCK, errno.EACCES, errno.EAGAIN):
                raise JournalInUseError(
                    f"journal {path} is already being written by another dealer-assist (process {holder}); "
                    f"two tables cannot share one journal: close the other one or use another --journal PATH",
                    path) from None
            raise
        try:  # who holds it, for the message of a table refused; the lock holds without it
            os.ftruncate(fd, 0)
            os.pwrite(fd, str(os.getpid()).encode("ascii"), 0)
        except OSError:  # a full disk (qaAK F4: 'cannot write the output' for a recover): the journal says it
            pass
        return cls(fd)

    def release(self) -> None:
        if self._closer is not None:
            self._closer()  # closing the descriptor releases the flock (once: a finalizer runs once)


def _split_schema(schema: str) -> List[str]:
    """The schema's statements (triggers contain ';', so split on the blank-line-free 'END;' boundaries)."""
    statements, current = [], []
    for line in schema.strip().splitlines():
        current.append(line)
        text = "\n".join(current)
        if sqlite3.complete_statement(text):
            statements.append(text)
            current = []
    return statements


def _open_elsewhere(path: Path) -> bool:
    """Whether SQLite's files beside the journal say a connection has it open (or had, and did not close it):
    its -shm index exists, or its -wal holds entries not yet merged into the file."""
    return Path(str(path) + "-shm").exists() or _wal_holds_entries(path)


def _wal_holds_entries(path: Path) -> bool:
    """Whether the journal's -wal beside it holds entries not yet merged into the file."""
    try:
        return Path(str(path) + "-wal").stat().st_size > 0
    except OSError:  # no -wal: everything is in the file
        return False


def _refuse_over_remains(path: Path) -> None:
    """Refuse a new journal where one was (see :func:`.journal_files.journal_remains`)."""
    remains = journal_remains(path)
    if remains is not None:
        raise JournalError(remains, path)


def _sqlite_files(path: Path) -> List[Path]:
    return [path, Path(str(path) + "-wal"), Path(str(path) + "-shm")]


#: The errors of a write a disk had no room for (EFBIG is a size limit's, said as such where it is met).
_NO_ROOM = (errno.ENOSPC, errno.EDQUOT)


def _no_room(exc: BaseException) -> bool:
    """Whether an error is a full disk's (not a size limit's, which no freed space lifts)."""
    if isinstance(exc, JournalFullError):
        return not isinstance(exc, JournalSizeLimitError)
    return isinstance(exc, OSError) and exc.errno in _NO_ROOM


def _recover_full(path: Path, tmp: Path, how: str) -> JournalFullError:
    """A ``journal recover`` that found no room to write the new journal, in words: no table runs, and the
    same recover run again once there is room does it all (qaAK F4: it said to stop the table and restart)."""
    return JournalFullError(
        f"journal {path}: the disk is full, so the recovered journal could not be written ({tmp.name}, now "
        f"removed); nothing was changed: {path.name} is at its path as it was. Free disk space, then run the same "
        f"'dealer-assist journal recover {path} --{how} --supervisor NAME --reason TEXT' again: it does it all", path)


def _drop_unfinished(path: Path) -> None:
    """Remove what a start killed while it made a new journal left (qaAK F2): the file, empty or with no
    tables, and the -wal and -shm beside it (nothing was journaled), known by :func:`.journal_files.making`
    beside it.  A journal made whole (killed just before the mark went) is kept; only the mark goes."""
    if not os.path.lexists(making(path)):
        return
    if not os.path.lexists(path) or _never_made(path):
        _unmake(path)
    else:
        making(path).unlink()


def _never_made(path: Path) -> bool:
    """Whether the journal file at ``path`` holds nothing yet: empty, or an SQLite database with no tables."""
    if path.is_symlink() or not path.is_file():
        return False
    if path.stat().st_size == 0:
        return not _wal_holds_entries(path)
    if not_sqlite(path):
        return False
    try:
        conn = sqlite3.connect(str(path), isolation_level=None)
        try:
            return conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0
        finally:
            conn.close()
    except sqlite3.Error:
        return False


def _unmake(path: Path) -> None:
    """Remove a new journal this process made and wrote no entry to, with the -wal and -shm SQLite made for
    it (a new journal is refused where either was left: see :func:`_refuse_over_remains`)."""
    for made in (*_sqlite_files(path), making(path)):
        try:
            made.unlink(missing_ok=True)
        except OSError:  # what cannot be removed is refused, with its own words, at the next start
            pass


def _verified_head(path: Path) -> Tuple[str, int]:
    try:
        with Journal.open(path, readonly=True) as old:
            report = old.verify()
        return report.head_hash, report.head_seq
    except JournalError:
        return "", 0


def _holds_nothing_or_sqlite(path: Path) -> bool:
    """Whether a file is empty (a journal being created) or starts with SQLite's header."""
    with open(path, "rb") as f:
        head = f.read(16)
    return not head or head == b"SQLite format 3\x00"


def _durable(path: Path) -> None:
    """Make a file's data, or a folder's names, survive a power cut (fsync)."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _kept_name(path: Path) -> Path:
    """The name a broken journal is kept under: the one an interrupted :meth:`Journal.start_new` or
    :meth:`Journal.continue_from_verified` already gave
    it (a second name of the same file), else a new one."""
    for kept in sorted(path.parent.glob(f"{glob.escape(path.name)}.kept-*[0-9]Z")):
        if _same_file(kept, path):
            return kept
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S%fZ")
    return path.with_name(f"{path.name}.kept-{stamp}")


def _give_kept_name(path: Path, kept: Path) -> None:
    """Give the journal at ``path`` the name ``kept`` too, its -wal folded in first (only the file keeps
    every entry then; SQLite drops a -wal found beside another file).  A second name, not a rename, so the
    path never lacks a journal; where the file system has no hard links, a rename (the path is then empty
    until the new journal takes it: :func:`.journal_files.journal_remains` says what to do)."""
    _fold_wal(path)
    for end in ("-wal", "-shm"):
        if os.path.lexists(f"{path}{end}"):
            if _wal_holds_entries(path) and end == "-wal":
                raise JournalError(f"journal {path}: its {path.name}-wal still holds entries that could not be "
                                   f"merged into it; nothing was changed: close any program using it and run the "
                                   f"recover again", path)
            os.replace(f"{path}{end}", f"{kept}{end}")
    if not path.exists():  # a journal nothing could be read from, gone already: nothing to keep
        return
    if not os.path.lexists(kept):
        try:
            os.link(path, kept)
        except OSError:
            os.replace(path, kept)
    _durable(path.parent)


def _fold_wal(path: Path) -> None:
    """Fold a journal's -wal into its file (nothing, for a file that is no database)."""
    try:
        conn = sqlite3.connect(str(path), isolation_level=None)
        try:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            conn.close()
    except sqlite3.Error:
        pass  # not a database at all, or busy: the renames keep every byte


def set_aside(path: PathLike) -> Path:
    """Rename a journal (with its ``-wal``/``-shm``) to ``<name>.kept-<UTC time>``; never deletes anything."""
    path = Path(path)
    if not path.is_file():
        raise JournalError(f"cannot set journal {path} aside: there is no such file", path)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S%fZ")
    kept = path.with_name(f"{path.name}.kept-{stamp}")
    # Fold the -wal into the file first: the three renames are not atomic together, and a WAL
    # separated from its database by a crash between them would be discarded by SQLite.
    _fold_wal(path)
    for source, target in zip(_sqlite_files(path)[::-1], _sqlite_files(kept)[::-1]):
        if source.exists():
            os.replace(source, target)
    return kept

