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
device_hello      source, device, boot, firmware, protocol, restarted (true: a new boot in the middle of a
                  count, one heard begin or one the reader had joined), continues (true: it started no count, the count going on keeps its last SEQ),
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

Its parts live in modules of their own: the errors (:mod:`.journal_errors`),
an entry and its payload's encoding (:mod:`.journal_entries`), what an SQLite
error means (:mod:`.journal_sqlite_errors`), reading and verifying
(:mod:`.journal_reading`, a mixin of :class:`Journal`) and the files beside a
journal, its lock, and the kept ones (:mod:`.journal_on_disk`).  Names
imported from here before they moved are still imported from here.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import uuid
from pathlib import Path
from typing import Any, Callable, Iterable, List, Mapping, Optional, Tuple

from dealer_assist.table.chain import FORMAT, VerifyReport, entry_hash, genesis_hash
from dealer_assist.table.journal_entries import _utc_now, encode_payload, Entry, stored_text
from dealer_assist.table.journal_errors import (JournalBrokenError, JournalCorruptError, JournalError, JournalFullError,
                                                JournalGoneError, JournalInUseError, JournalPayloadError,
                                                JournalReadOnlyError, JournalSizeLimitError, NotAJournalError, PathLike,
                                                UnreadableEntryError, UnreadableFileError)
from dealer_assist.table.journal_files import journal_remains, making, not_sqlite, rebuilding, recover_stopped, starting
from dealer_assist.table.journal_on_disk import (_drop_unfinished, _fold_wal, _holds_nothing_or_sqlite, _kept_name,
                                                 _never_made, _no_room, _one_name, _open_elsewhere, _recover_full,
                                                 _refuse_over_remains, _same_file, _sqlite_files, _unmake,
                                                 _wal_holds_entries, _WriterLock, set_aside)
from dealer_assist.table.journal_reading import JournalReading, UNGUARDED
from dealer_assist.table.journal_salvage import HeldFile, save_open_copy, write_copy
from dealer_assist.table.journal_sqlite_errors import (_if_damaged, _NO_ROOM, _translate, no_tables, OPENING,
                                                       RAISE_THE_LIMIT, recover_new_hint, size_limit_words)


VERSION = "1"
#: ``PRAGMA application_id``: "DAJ1", so ``file`` and tools can tell a journal at a glance.
APPLICATION_ID = 0x44414A31

#: The entries after which the -wal is merged into the file (see :meth:`Journal._merge_log`).
MERGED_AFTER = ("round_end",)

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


# --------------------------------------------------------------------------- the journal

class Journal(JournalReading):
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


def _verified_head(path: Path) -> Tuple[str, int]:
    try:
        with Journal.open(path, readonly=True) as old:
            report = old.verify()
        return report.head_hash, report.head_seq
    except JournalError:
        return "", 0


def _durable(path: Path) -> None:
    """Make a file's data, or a folder's names, survive a power cut (fsync)."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


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
