"""Replay a recorded shoe: the table's operations from its journal, played again at a pace.

Bets, deal, every card with its correction, the players' decisions, next
round: the replay applies the same operations the table journaled, so the
display shows the shoe as it was played, round by round.  That is how a
dispute is walked through card by card, or a real shoe becomes a training
session.  It is a card source like the others, so the display treats it
like a shoe reader.  A journal belongs to one game (baccarat or
blackjack), which :func:`read_journal` reads from the record itself.  It
replays only a record whose hash chain holds (or, asked to, the verified
part of one that breaks): a replay that settles a dispute must show what
the table wrote, not what someone wrote into the file later.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable, Optional, Union

from dealer_assist.cards import Card, parse_card
from dealer_assist.sources.base import CardSource, Sink, SourceError
from dealer_assist.events import LinkState, RecordedEnd, RecordedNote, RecordedOp, RecordedStart
from dealer_assist.table.replay_reads import HELD_AS

if TYPE_CHECKING:  # the table layer is above the sources: its report is only passed on
    from dealer_assist.table.chain import VerifyReport

#: Operations after which the replay pauses, so that a person can follow (times the interval).
PAUSE_AFTER = {"card": 1.0, "play_held": 1.0, "next_round": 2.0, "new_shoe": 2.0, "deal": 1.0,
               "action": 1.0, "new_deck": 2.0}

#: A blackjack card counted back at the deck check (it has no place in a round) goes by faster.
PAUSE_COUNTED_BACK = 0.2
#: A settled blackjack round stays this long before the next one (a line per hand to read: pay, take, push).
PAUSE_SETTLED = 3.0

GAMES = ("baccarat", "blackjack")

#: The entries, no table operation, that a replay shows in their place as the table showed them (qaR F6: the
#: alerts of a card unreadable, refused, lost with its frames, of another shoe and a shoe taken never
#: appeared, and a typed card looked read), and the reads and reads refused, which the replay takes in the order the
#: table took them (see dealer_assist.table.replay_reads): see SessionCore._replay_note.
NOTE_KINDS = ("alert", "alert_dismissed", "read_dropped", "table_started", "card_unreadable", "card_read",
              "card_refused")


def pause_after(op: dict, following: Optional[dict] = None) -> float:
    """How long, in intervals, the replay waits after ``op`` (``following`` is the operation after it):
    long enough to follow each card and decision, and to read a blackjack round's settlement."""
    blackjack = op.get("game") == "blackjack"
    if op["op"] == "card" and blackjack and not op.get("position"):
        return PAUSE_COUNTED_BACK
    if blackjack and following is not None and following["op"] in ("next_round", "deck_check"):
        return max(PAUSE_AFTER.get(op["op"], 0.0), PAUSE_SETTLED)
    return PAUSE_AFTER.get(op["op"], 0.0)


class RecordedOps(Sequence):
    """A journal's table operations in order, each kept as compact JSON text and given back as a fresh
    dict when it is read.  As dicts, a month's journal (soak test: ~480k entries) held ~1.5 KB per
    operation for the whole replay; as text a few hundred bytes."""

    __slots__ = ("_texts",)

    def __init__(self, ops: Iterable[dict] = ()) -> None:
        self._texts = [compact(op) for op in ops]

    @classmethod
    def of_texts(cls, texts: list[str]) -> "RecordedOps":
        """Operations already made text by :func:`compact` (the list is kept, not copied)."""
        ops = cls()
        ops._texts = texts
        return ops

    def __len__(self) -> int:
        return len(self._texts)

    def __getitem__(self, index: Union[int, slice]):  # type: ignore[override]
        if isinstance(index, slice):  # a tuple, as the operations were
            return tuple(json.loads(text) for text in self._texts[index])
        return json.loads(self._texts[index])

    def __eq__(self, other: object) -> bool:
        return self._texts == other._texts if isinstance(other, RecordedOps) else NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self._texts))

    def __repr__(self) -> str:
        return f"<RecordedOps: {len(self)} operations>"


def compact(op: dict) -> str:
    """An operation as :class:`RecordedOps` keeps it: read back, the same dict, its keys in the same order."""
    return json.dumps(op, ensure_ascii=False, separators=(",", ":"))


@dataclass(frozen=True)
class RecordedShoe:
    """What a replay needs from a journal: its game, its operations in order, the rules it began with."""

    path: Path
    game: str
    ops: RecordedOps
    #: The table rules recorded by the journal's first ``shoe_start`` (``None`` in journals without them).
    rules: Optional[dict] = None
    #: A journal whose hash chain breaks, replayed anyway (``allow_broken``): where it breaks and why.
    #: ``ops`` then holds only the operations of the verified entries before the break.
    broken: Optional[VerifyReport] = None
    #: Its append-only guards were removed (its chain holds), replayed anyway (``allow_broken``).
    unguarded: bool = False
    #: The entries of :data:`NOTE_KINDS`, each as (the index in ``ops`` of the operation it came before,
    #: its payload with its ``kind`` and ``seq`` as :func:`compact` text), in order.
    notes: tuple[tuple[int, str], ...] = ()
    #: When each round was played, by (shoe, round) as the status line numbers them: the journal times (UTC)
    #: of its ``round_start`` (else its first entry), of its first ``round_end`` (None: never ended), and
    #: each correction after that end that took its settlement back, with its ``round_end`` after it, as
    #: :class:`dealer_assist.table.round_times.Correction` (see :func:`_time_round`); when a misdeal voided it before
    #: it ended (None: none, or it was dealt again), where a new shoe carried its bets ("shoe 2 round 1"), and each
    #: misdeal before it ended, ``(at, dealt_again)``, as ``RoundTime.in_play_misdeals``.
    times: Optional[dict] = field(default=None, hash=False, compare=False)
    #: The last entry replayed (the journal's last, or the last before the break).
    last_seq: int = 0
    #: The seq of each operation's entry, in the order of ``ops``.
    op_seqs: tuple[int, ...] = ()

    def played(self, shoe: object, round_no: object) -> str:
        """When round ``round_no`` of ``shoe`` was played, in this computer's local time with its UTC offset
        (the time on the surveillance footage): "played 2026-12-06 21:14:03 to 21:14:41 (UTC+01:00)"; ""
        when the journal does not say (qaAE F1: the replay never showed when its round was played)."""
        from dealer_assist.table.round_times import played_text

        started, ended, corrections, voided, carried, in_play = (self.times or {}).get((shoe, round_no), (None,) * 6)
        return played_text(started, ended, corrections or (), carried, voided, in_play or ())

    @property
    def break_note(self) -> str:
        """What a replay of a broken record says wherever it names the journal ("" for a sound one)."""
        if self.broken is None:
            return "UNVERIFIED: its append-only guards were removed" if self.unguarded else ""
        return (f"UNVERIFIED: breaks at entry {self.broken.first_bad_seq} ({self.broken.problem}); "
                f"entries 1..{self.broken.head_seq} only")


class BrokenRecordError(SourceError):
    """A journal whose hash chain does not hold: what the replay would show is not what the table recorded."""

    def __init__(self, path: Path, report: VerifyReport) -> None:
        self.path = path
        self.report = report
        super().__init__(
            f"cannot replay {path}: its hash chain breaks at entry {report.first_bad_seq} ({report.problem}: "
            f"{report.detail}). The journal was altered or damaged after the table wrote it, so a replay would "
            f"not show the shoe as it was played. Check it with `dealer-assist journal verify {path}` and replay "
            f"a backup copy of the journal; `--allow-broken` replays entries 1..{report.head_seq} only, up to "
            f"the break, and shows it as unverified")


def read_journal(path: str | Path, game: Optional[str] = None, *, allow_broken: bool = False) -> RecordedShoe:
    """The recorded shoe of a journal; :class:`SourceError` names what makes it unplayable.

    The hash chain is checked first (as ``dealer-assist journal verify`` does):
    a broken journal raises :class:`BrokenRecordError` naming the entry where
    it breaks, unless ``allow_broken``, which keeps the verified entries before
    the break and says so in :attr:`RecordedShoe.broken`.  ``game`` refuses a
    journal of the other game (a baccarat table cannot replay a blackjack
    shoe).  The journal is opened read-only: a replay never writes into the
    record it plays, nor beside it."""
    from dealer_assist.table.journal import UNGUARDED, Journal, JournalError

    path = Path(path)
    try:
        journal = Journal.open(path, readonly=True)
    except JournalError as exc:
        raise SourceError(f"cannot replay {path}: {exc}") from None
    games: list[str] = []
    rules: Optional[dict] = None
    texts: list[str] = []  # the operations, as RecordedOps keeps them
    notes: list[tuple[int, dict]] = []  # made text once the reads are marked (see _HeldReads)
    reads = _HeldReads()
    last_seq = 0
    op_seqs: list[int] = []
    times: dict[tuple, tuple] = {}  # (shoe, round): (started, ended, corrections, voided, carried, in_play): .times
    timed = None  # the (shoe, round) timed last
    begun: set = set()  # the (shoe, round)s a round_start (N) opened
    shoe = None
    try:
        with journal:
            report = journal.verify()
            if not report.ok and not allow_broken:
                raise BrokenRecordError(path, report)
            unguarded = not journal.guards_intact()
            if unguarded:
                if not allow_broken:
                    raise SourceError(f"cannot replay {path}: {UNGUARDED}. Check it with `dealer-assist journal "
                                      f"verify {path} --expect-head HASH` (the head noted at the table); "
                                      "`--allow-broken` replays it as unverified")
            # Up to the break only: the damaged entry itself may not even be read (qaAX H1).
            for entry in journal.entries_where("seq <= ?", (report.head_seq if not report.ok else 2 ** 63 - 1,)):
                last_seq = entry.seq
                payload = entry.payload
                if isinstance(payload.get("shoe"), int):  # the shoe in play; an entry that names none is of it
                    shoe = payload["shoe"]
                if payload.get("open_bets"):  # a new shoe: the bets of a round a misdeal voided go on to its round
                    _carry(times, payload, timed)
                if isinstance(payload.get("round"), int):
                    timed = (shoe, payload["round"])
                    _time_round(times, timed, entry, begun)
                recorded = payload.get("game")
                if recorded is not None and recorded not in games:
                    games.append(recorded)
                if entry.kind == "shoe_start" and rules is None and isinstance(payload.get("rules"), dict):
                    rules = payload["rules"]
                if isinstance(payload.get("op"), str):
                    reads.answered(payload)
                    op_seqs.append(entry.seq)
                    texts.append(compact(payload))
                elif entry.kind in NOTE_KINDS:
                    note = {**payload, "kind": entry.kind, "seq": entry.seq}
                    reads.noted(note)
                    notes.append((len(texts), note))
    except JournalError as exc:
        raise SourceError(f"cannot replay {path}: {exc}") from None
    ops = RecordedOps.of_texts(texts)
    unknown = [g for g in games if g not in GAMES]
    if unknown or len(games) > 1:
        raise SourceError(f"{path} records {' and '.join(map(str, games))} tables: a replay plays one table of "
                          f"{' or '.join(GAMES)}; check it with `dealer-assist journal verify {path}`")
    found = games[0] if games else "baccarat"  # the first journals wrote no game: they were all baccarat
    if game is not None and found != game:
        raise SourceError(f"{path} is a {found} journal and this is a {game} table: `dealer-assist replay {path}` "
                          f"opens the {found} table it was recorded at")
    if not ops and not report.ok:
        raise SourceError(f"{path} holds no table operations to replay before its hash chain breaks at entry "
                          f"{report.first_bad_seq}: check it with `dealer-assist journal verify {path}` and replay "
                          "a backup copy of the journal")
    if not ops:
        raise SourceError(f"{path} holds no table operations to replay: the {found} table it records took no bet "
                          "and no card")
    return RecordedShoe(path, found, ops, rules, None if report.ok else report, unguarded,
                        tuple((index, compact(note)) for index, note in notes), times, last_seq, tuple(op_seqs))


class _HeldReads:
    """Marks each ``card_read`` note with how the table answered it, which the journal says only later: the
    ``held_for`` of the card that played it (its words as the table held it for the croupier), the ``doubt`` of
    its ``read_dropped`` (Del), or ``played_as_read`` (played as it came, never held).  A read with none of them
    was never answered: still held when the journal ends.  A replay shows a read held as the table did from its
    entry on (qaAV F4: it showed none, and one held at the journal's end not at all)."""

    def __init__(self) -> None:
        self._open: list[dict] = []  # the card_read notes not answered yet, in order

    def noted(self, note: dict) -> None:
        if note["kind"] == "card_read":
            self._open.append(note)
        elif note["kind"] == "read_dropped":
            read = self._take(note.get("source"), note.get("source_seq"))
            if read is not None:
                read[HELD_AS] = note.get("doubt") or ""

    def answered(self, op: dict) -> None:
        """An operation: a card played (or held after the round) from a read; a card typed in a held read's place
        names that read's frame."""
        if op.get("op") in ("new_shoe", "new_deck"):
            self._open = []  # as the table: dropped, or journaled again as the new shoe's (ReplayReads.clear)
        if op.get("op") not in ("card", "hold") or not isinstance(op.get("source"), str):
            return
        typed_for = op["source"] == "keyboard" and (op.get("held_for") or op.get("seq") is not None)
        read = self._take(None if typed_for else op["source"], op.get("seq"))
        if read is not None and op.get("held_for"):
            read[HELD_AS] = op["held_for"]
        elif read is not None:
            read["played_as_read"] = True

    def _take(self, source: object, seq: object) -> Optional[dict]:
        for n, read in enumerate(self._open):
            if read.get("source_seq") == seq and (source is None or read.get("source") == source):
                return self._open.pop(n)
        return None


def _time_round(times: dict, key: tuple, entry, begun: set) -> None:
    """Note when round ``key`` began (its ``round_start``, else its first entry) and its play ended (its
    first ``round_end``).  A correction after that end that took the settlement back (bets reopened, a
    card voided, a misdeal called later) changes neither: it is noted as such, with the ``round_end`` that
    settled the round again, so the replay never shows the correction's time as the end of play (rev24
    E2); each correction so, in order (rev27: a second one was lost, the first said "not settled again"); a
    misdeal called after a card voided or bets reopened, with its own time (rev29 R2); a misdeal dealt again
    under its number (no new shoe), with that deal's time, and kept when the round is settled again (rev31
    R9: the line said "voided as a misdeal" of a round being dealt, and nothing of it once settled); each misdeal
    before it ended, with the deal after it, as the export's ``dealt_again`` (fixM2: named nowhere)."""
    from dealer_assist.table.export import voids_round
    from dealer_assist.table.round_times import Correction

    started, ended, corrections, voided, carried, in_play = times.get(key, (None, None, (), None, None, ()))
    if started is None or entry.kind == "round_start" and key not in begun:  # its first N, as the export (qaAM F4)
        started = entry.time
    if entry.kind == "round_start":
        begun.add(key)
    payload = entry.payload
    last = corrections[-1] if corrections else None
    if entry.kind == "round_end":
        if ended is None:
            ended = entry.time
        elif last is not None and last.settled_again is None:
            corrections = (*corrections[:-1], replace(last, settled_again=entry.time))
    elif ended is None and entry.kind in ("card_assigned", "deal"):
        voided = None  # dealt again under its number after a misdeal in its play
        if in_play and in_play[-1][1] is None:
            in_play = (*in_play[:-1], (in_play[-1][0], entry.time))
    elif ended is None and entry.kind == "correction" and voids_round(payload):
        voided = entry.time  # voided as a misdeal before it ended (qaAM F2: the line said "not ended")
        in_play = (*in_play, (entry.time, None))
    elif (entry.kind in ("card_assigned", "deal") and last is not None and last.misdeal
          and last.dealt_again is None and last.settled_again is None):
        corrections = (*corrections[:-1], replace(last, dealt_again=entry.time))
    elif ended is not None and entry.kind == "correction" and (
            payload.get("settlement_taken_back") or payload.get("op") in ("void_card", "void_round")
            or voids_round(payload)):  # older journals: a misdeal's action only, as the export
        misdeal = voids_round(payload)  # blackjack: the deal voided (qaAM F1)
        if not corrections or corrections[-1].settled_again is not None:
            corrections = (*corrections, Correction(entry.time, None, misdeal, entry.time if misdeal else None))
        elif misdeal and last.misdeal and last.dealt_again is not None:  # its re-deal voided again: both kept
            corrections = (*corrections[:-1], replace(last, misdeal_at=entry.time, dealt_again=None, earlier_misdeals=(
                *last.earlier_misdeals, (last.voided_at, last.dealt_again))))
        elif misdeal:  # reopened, then voided before it was settled again: at its own time (rev29 R2)
            corrections = (*corrections[:-1], Correction(corrections[-1].taken_back, None, True, entry.time))
    times[key] = (started, ended, corrections, voided, carried, in_play)


def _carry(times: dict, payload: dict, timed: Optional[tuple]) -> None:
    """A new shoe's ``open_bets``: the round a misdeal left voided (the one it names, ``paid_in``, else the one
    timed last) had its bets carried to the new shoe's round, as the export's ``carried_to``."""
    from dealer_assist.table.export_plan import carried_to

    paid_in = payload.get("paid_in")
    key = (paid_in.get("shoe"), paid_in.get("round")) if isinstance(paid_in, dict) else timed
    if key not in times:
        return
    started, ended, corrections, voided, _, in_play = times[key]
    last = corrections[-1] if corrections else None
    if voided is not None or (last is not None and last.misdeal and last.dealt_again is None
                              and last.settled_again is None):
        to = carried_to(payload)
        times[key] = (started, ended, corrections, voided, f"shoe {to['shoe']} round {to['round']}", in_play)


def journal_ops(path: Path, game: Optional[str] = None) -> list[dict]:
    """The table operations of a journal, in order (of ``game``'s journal only, when it is given)."""
    return list(read_journal(path, game).ops)


def journal_cards(path: Path) -> list[Card]:
    """Every card a baccarat table accepted, in order (voided cards left out)."""
    cards: list[Card] = []
    held: list[Card] = []
    for op in journal_ops(path, "baccarat"):
        if op["op"] == "card":
            cards.append(parse_card(op["card"]))
        elif op["op"] == "hold":
            held.append(parse_card(op["card"]))
        elif op["op"] in ("play_held", "discard_held"):
            cards.extend(held)
            held.clear()
        elif op["op"] in ("void_card", "void_burn") and cards:
            cards.pop()
    return cards


#: The operations that begin a round (recorded with the round they begin): a replay started at that round
#: plays them at once, so that it opens on the round's bets.
BEGINS_A_ROUND = ("next_round", "new_shoe", "new_deck")
#: What a recorded new shoe (baccarat) or deck (blackjack) must keep for a replay to start from it.
KEEPS = {"new_shoe": ("shoe", "limits", "last_round"), "new_deck": ("shoe", "round", "limits", "open_bets", "last_bets")}


@dataclass(frozen=True)
class StartAt:
    """Where a replay begun at a later round starts: ``seed``, the recorded new shoe or deck the table is
    rebuilt from (None: from the journal's first operation), and ``first``, the first operation played at
    the pace; those in between are played at once."""

    shoe: int
    round: int
    seed: Optional[int]
    first: int


def start_at(ops: Sequence, shoe: int, round_no: Optional[int], path: Path) -> StartAt:
    """Where round ``round_no`` of shoe ``shoe`` (as the display numbers them; a blackjack deck is its shoe)
    begins in ``ops``, or the shoe's first recorded round when ``round_no`` is None; :class:`SourceError`
    naming the shoes and rounds the journal holds when it has none.
    qaL F2: a dispute on the last shoe of a week's journal was reached only by playing every operation
    before it (hours at the default pace).  rev13 F1: blackjack round numbers run on across decks (deck 2
    may hold rounds 6 to 11), so a shoe's rounds are named from the first it records, not from 1."""
    seed: Optional[int] = None
    rounds: dict[int, tuple[int, int]] = {}  # shoe: (first round, last round) recorded
    for index in range(len(ops)):
        op = ops[index]
        at_shoe, at_round = op.get("shoe"), op.get("round")
        if isinstance(at_shoe, int) and isinstance(at_round, int):
            low, high = rounds.get(at_shoe, (at_round, at_round))
            rounds[at_shoe] = (min(low, at_round), max(high, at_round))
            if at_shoe == shoe and round_no is None:
                round_no = at_round
            if (at_shoe, at_round) == (shoe, round_no):
                first = index + 1 if op["op"] in BEGINS_A_ROUND else index
                if op["op"] in KEEPS and all(k in op for k in KEEPS[op["op"]]):
                    seed = index
                return StartAt(shoe, at_round, seed, first)
        if op["op"] in KEEPS and all(k in op for k in KEEPS[op["op"]]):
            seed = index
    if not rounds:
        raise SourceError(f"{path} does not record the shoe and round of its operations (a journal from an older "
                          "dealer-assist): replay it from its start, without --shoe and --round")
    if shoe not in rounds:
        recorded = f"only shoe {min(rounds)}" if len(rounds) == 1 else f"shoes {min(rounds)} to {max(rounds)}"
        raise SourceError(f"{path} has no shoe {shoe}: it records {recorded} (the display's numbers, shown on its "
                          "status line): give one of them with --shoe")
    low, high = rounds[shoe]
    raise SourceError(f"{path}: shoe {shoe} has no round {round_no}: its rounds are {low} to {high} (as the status "
                      "line numbers them); give one of them with --round, or none to begin at its first")


class ReplaySource(CardSource):
    """Plays a journal's operations again, pausing ``interval`` seconds after each card or decision.

    A trainer reviewing a shoe stops it (:meth:`pause`), walks it one recorded
    operation at a time (:meth:`step`) and lets it go on (:meth:`resume`); the
    link state ``paused`` tells the display.  ``game`` refuses a journal of the
    other game, ``allow_broken`` plays a broken one up to the break (see :func:`read_journal`)."""

    def __init__(self, path: str | Path, *, interval: float = 1.0, demand: Optional[Callable[[], bool]] = None,
                 game: Optional[str] = None, allow_broken: bool = False,
                 start: Optional[tuple[int, Optional[int]]] = None) -> None:
        """``start``: (shoe, round) to begin at, the operations before it played at once (see :func:`start_at`);
        round None: the shoe's first recorded round."""
        self.path = Path(path)
        self.name = f"replay:{self.path.name}"
        self.recorded = read_journal(self.path, game, allow_broken=allow_broken)
        self.game = self.recorded.game
        self.ops = self.recorded.ops
        self.interval = interval
        self.start_at = None if start is None else start_at(self.ops, *start, self.path)
        self._next = 0
        self._notes: dict[int, list[str]] = {}  # by the index of the operation each came before
        for index, text in self.recorded.notes:
            self._notes.setdefault(index, []).append(text)
        self._sink: Optional[Sink] = None
        self._stop = threading.Event()
        self._playing = threading.Event()  # cleared while paused
        self._playing.set()
        # One operation at a time, whether the pacing thread or a step key plays it; a pause taken under
        # it means no operation of the thread arrives after pause() returns.
        self._lock = threading.RLock()
        self._thread: Optional[threading.Thread] = None

    @property
    def done(self) -> bool:
        return self._next >= len(self.ops)

    @property
    def paused(self) -> bool:
        return not self._playing.is_set()

    @property
    def played(self) -> int:
        """How many recorded operations have been played."""
        return self._next

    def start(self, sink: Sink) -> None:
        self._sink = sink
        sink(LinkState(self.name, time.time(), "up", f"{len(self.ops)} recorded operations" + self._before_break()))
        self.skip_to_start()
        self._thread = threading.Thread(target=self._run, name="source-replay", daemon=True)
        self._thread.start()

    def skip_to_start(self) -> None:
        """Begin at the round asked for (``start``): the table rebuilt from the recorded new shoe before it, and
        the operations between played at once, without the pace."""
        begin = self.start_at
        if begin is None or self._sink is None or self._next:
            return
        with self._lock:
            if begin.seed is not None:
                self._sink(RecordedStart(self.name, time.time(), self.ops[begin.seed]))
            for index in range(0 if begin.seed is None else begin.seed + 1, begin.first):
                self._note(index)
                self._sink(self._op(index))
            self._next = begin.first
            self._tell("up", f"started at shoe {begin.shoe}, round {begin.round}: operation {begin.first + 1} of "
                             f"{len(self.ops)}")
            if self.done:
                self._ended()

    def set_sink(self, sink: Sink) -> None:
        """Step by hand (tests, a step key) without the pacing thread."""
        self._sink = sink

    def pause(self) -> bool:
        """Stop playing after the operation under way (if any); ``False`` if already paused or at the end."""
        with self._lock:
            if self.paused or self.done:
                return False
            self._playing.clear()
            self._tell("paused", f"paused after {self._next} of {len(self.ops)} recorded operations")
            return True

    def resume(self) -> bool:
        """Go on at the pace after a pause; ``False`` if it was not paused."""
        with self._lock:
            if not self.paused:
                return False
            self._playing.set()
            if not self.done:
                self._tell("up", f"playing from operation {self._next + 1} of {len(self.ops)}")
            return True

    def step(self) -> Optional[dict]:
        """Play the next recorded operation; ``None`` at the end of the record."""
        with self._lock:
            if self.done or self._sink is None:
                return None
            op = self.ops[self._next]
            self._note(self._next)
            self._next += 1
            self._sink(self._op(self._next - 1))
            if self.done:
                self._note(self._next)  # what the table showed after its last operation
                self._ended()
            return op

    def _note(self, index: int) -> None:
        """Show the entries journaled just before operation ``index`` (see :data:`NOTE_KINDS`)."""
        if self._sink is not None:
            for text in self._notes.pop(index, ()):
                self._sink(RecordedNote(self.name, time.time(), json.loads(text)))

    def _op(self, index: int) -> RecordedOp:
        seqs = self.recorded.op_seqs
        return RecordedOp(self.name, time.time(), self.ops[index],
                          (str(self.path), seqs[index]) if index < len(seqs) else None)

    def _ended(self) -> None:
        """The record played to its end: the table is told where the journal ends, then that the replay has."""
        if self._sink is not None:
            self._sink(RecordedEnd(self.name, time.time(), str(self.path), self.recorded.last_seq))
        self._tell("ended", f"all {len(self.ops)} recorded operations replayed" + self._before_break())

    def _before_break(self) -> str:
        broken = self.recorded.broken
        return "" if broken is None else f" before the broken entry {broken.first_bad_seq} (the rest is not replayed)"

    def _tell(self, state: str, detail: str) -> None:
        if self._sink is not None:
            self._sink(LinkState(self.name, time.time(), state, detail))

    def _run(self) -> None:
        while not self._stop.is_set():
            self._playing.wait()
            with self._lock:
                if self._stop.is_set():
                    return
                if self.paused:  # paused between the wait and the lock
                    continue
                op = self.step()
            if op is None:
                return
            following = self.ops[self._next] if not self.done else None
            pause = pause_after(op, following) * self.interval
            if pause and self._stop.wait(pause):
                return

    def stop(self) -> None:
        self._stop.set()
        self._playing.set()  # a paused pacing thread wakes up to end
        if self._thread is not None:
            self._thread.join(timeout=2)
            self._thread = None
