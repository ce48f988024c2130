"""What every table session shares, whatever the game: one lock, journal before publish, alerts, sources.

A game's session (:class:`~dealer_assist.table.session.TableSession` for
baccarat, :class:`~dealer_assist.table.blackjack_session.BlackjackSession`)
supplies its pure ``apply(state, op)``, how an operation is journaled, how
a card is played and what a shoe signal means; everything else (the
observable snapshot, the journal-or-stop rule, alerts, link states,
unsure reads waiting for the croupier) lives here once.
"""

from __future__ import annotations

import abc
import logging
import re
import threading
import time
from dataclasses import dataclass, replace
from datetime import datetime
from decimal import Decimal
from typing import Any, Callable, Optional

from dealer_assist.cards import Card, InvalidCardError, parse_card
from dealer_assist.events import (PORT_IN_USE, PUT_BACK, YIELDING_DOUBTS, CardRead, CountPosition, CountRestarted,
                                   DeviceError, DeviceHello, FrameDropped, LinkState, ProfileDoubt, RecordedNote,
                                   RecordedEnd, RecordedOp, RecordedStart, SeqGap, ShoeSignal, SourceEvent, TakenShoe,
                                   Unreadable)
from dealer_assist.money import fmt
from dealer_assist.table import disk_room, journal_scan
from dealer_assist.table.another_shoe import alert_text, reported
from dealer_assist.table.holds import (AFTER_A_DOUBLE_FEED, AFTER_A_GAP, AFTER_A_MISDRAW, AFTER_LOST_FRAMES, AFTER_A_REJECTION, AFTER_A_RESTART,
                                       AFTER_AN_UNREADABLE, AFTER_DROPPED, AFTER_NEW_SHOE, AFTER_RESTART_ACTION,
                                       AFTER_TYPED_UNREAD, AFTER_UNPLACED, PARKED, SAME_CARD_DOUBTS, TYPED_THEN_READ,
                                       TYPED_UNREAD, AFTER_A_REFUSAL, TYPED_ALL,
                                       HOLDS, MANY_CARD_HOLDS, ONE_CARD_HOLDS, ONE_MISSING_CARD, PLACED_KINDS, places_a_card, READ_BEFORE_A_STOP,
                                       RUN_HOLDS, LOST_FRAMES_ASKED,
                                       corrects_a_read, held_by_alert, hold_of_alert, left_unplayed, none_missed_asked,
                                       several_unread, DRAWN_ONCE, SET_ASIDE_UNREAD, cards_due_asked,
                                       READ_AGAIN, reads_again,
                                       places_a_read)
from dealer_assist.table.journal import JournalGoneError, JournalPayloadError, JournalSizeLimitError
from dealer_assist.table.missing_alerts import cards, frame_runs, lost_together, unread_around
from dealer_assist.table.replay_reads import HELD_AS, ReplayReads
from dealer_assist.table.roster_record import KIND as ROSTER_KIND
from dealer_assist.table.roster_record import (refused_pin, restore_lockouts, roster_entries, roster_to_use,
                                               signers)
from dealer_assist.table.rules_record import check_rules
from dealer_assist.table.shoe_counts import ShoeCounts
from dealer_assist.table.supervisor import NO_ROSTER, name_key
from dealer_assist.table.standing_alerts import FOUND_AGAIN, standing_alerts

_log = logging.getLogger(__name__)

#: Each source applies its own acceptance threshold (the camera's comes from its calibration) and marks
#: a read it is unsure of with candidates; a read with candidates, or one below this floor, waits for
#: the croupier's confirmation.
CONFIRM_BELOW = 0.5

#: Why a replay refuses a command: what it is, why, and what the keys that still work do.
REPLAY_READ_ONLY = ("this is a replay: the table follows the journal, no key changes it. Space: pause, "
                    "Right: step (paused), T: fast / normal pace, Esc: dismiss an alert, Ctrl+Q: leave; "
                    "`dealer-assist run` plays a live table")


@dataclass(frozen=True)
class Alert:
    """Something the croupier must see and act on: what happened, why, and what to do."""

    code: str
    level: str  # "error" | "warning" | "info"
    title: str
    text: str
    action: str
    t: float


class JournalReplayError(ValueError):
    """A journal entry that cannot be replayed onto the table (its chain may hold: a file rebuilt
    or written by other software); the journal is left as it is."""


#: Alerts kept at once (see SessionCore._with_alert).
MOST_ALERTS = 12
#: What FRAMES LOST adds when a line dropped before the gap read as the shoe's ``SHOE,…,CUT`` (SeqGap.may_be_cut):
#: no frame after it can tell whether the cut card came out (PROTOCOL.md 7.2), so the croupier looks.
MAY_BE_CUT = "among them, a damaged frame that may have been the CUT CARD (its line read SHOE, a state that may be CUT)"

#: Seconds between two journal entries of a source's damaged lines (see SessionCore._noise).
DROPS_EVERY = 1.0
#: How long before a camera asks for a card it cannot read a card typed may have been typed for it (see
#: SessionCore._typed_for_unread): the camera asks once the card has lain still a while, a second or so on a
#: loaded machine; a croupier who saw it land types it in a few seconds.
TYPED_BEFORE_ASK = 10.0
#: The entries a round's payments stand on: one of them not written, its pay list is not paid from.
UNRECORDED_PAYMENTS = ("outcome", "settlement")
#: What the pay lists say instead of their payments then.
UNRECORDED_TITLE = "NOT RECORDED: DO NOT PAY"
UNRECORDED_TEXT = ("The journal failed before this round's payments were written (TABLE STOPPED): pay nothing "
                   "from this screen. Once the journal is mended, start dealer-assist again: it writes them and "
                   "shows this list again, to pay from.")


def _past(t: float, since: float, span: float) -> bool:
    """Whether the event time ``t`` is ``span`` seconds or more after ``since``, or before it: the wall
    clock stepped back (NTP), and waiting for it to catch up would stop the count for that long."""
    return not 0 <= t - since < span


#: Damaged lines within NOISE_WINDOW seconds that make a warning.
NOISE_LINES = 20
NOISE_WINDOW = 5.0


def _same_read(a: Optional[CardRead], b: Optional[CardRead]) -> bool:
    """Whether ``a`` and ``b`` are the one read (its doubt may have been reworded since)."""
    return a is not None and b is not None and (a.card, a.source, a.seq, a.t) == (b.card, b.source, b.seq, b.t)


def _sure_cards(gap: SeqGap) -> Optional[int]:
    """How many cards ``gap``'s frames surely held (its heartbeat named its last frame a card), None if not known."""
    return 1 if gap.card_lost is not None and gap.missing[0] == gap.card_lost else None


def _span(seconds: float) -> str:
    """A short time as a croupier reads it: "under a second" (a burst had read "in 0 s"), else whole seconds."""
    return "under a second" if seconds < 1 else f"{seconds:.0f} s"


def _waits_by_itself(read: dict) -> bool:
    """Whether a journaled read waited for the croupier whatever the table held (unsure, or doubted by its
    source), as :meth:`SessionCore._take` has it: its place answers the croupier, not a read played as it came."""
    confidence = read.get("confidence")
    return bool(read.get("doubt") or read.get("candidates")) or not (
        isinstance(confidence, (int, float)) and confidence >= CONFIRM_BELOW)


def _waited_under(read: dict, hold: Optional[int], whys: dict[int, str]) -> str:
    """Why a journaled read waited: its own doubt, or the hold it was taken under (a camera's doubt of its
    set-up, or of a card read where it asked for one, yields to that hold, see
    :data:`~dealer_assist.events.YIELDING_DOUBTS`)."""
    doubt = read.get("doubt") or ""
    if hold is not None and doubt in YIELDING_DOUBTS:
        return whys.get(hold, "")
    return doubt


#: How a card's ``held_for`` begins when the read waited for its own doubt (confidence, candidates), no hold's.
UNSURE_READ = "unsure read"


class _JournalUpTo:
    """A journal as it stood at entry ``last``: what a restart then would have read (a replay shows held reads so)."""

    def __init__(self, journal: Any, last: int) -> None:
        self._journal, self._last = journal, last

    def entries_where(self, condition: str, params: tuple = (), *, newest_first: bool = False) -> Any:
        return self._journal.entries_where(f"({condition}) AND seq <= ?", (*params, self._last),
                                           newest_first=newest_first)


def held_record(pending: CardRead, typed: Optional[Card]) -> dict:
    """What a card's ``card_assigned`` says of the read ``pending`` that waited for the croupier (qaU F8: a card
    held and played by Enter looked like a sure read in the journal and export): why it waited (``held_for``:
    its doubt or hold, or that the read was unsure), the read's own confidence, and the croupier's answer:
    ``confirmed`` (Enter played the read) or ``corrects`` (the card read, replaced by the card typed)."""
    why = pending.doubt or (UNSURE_READ + (f" (may be {' or '.join(c.code for c in pending.candidates)})"
                                             if pending.candidates else ""))
    return {"held_for": why, "read_confidence": pending.confidence,
            **({"corrects": pending.card.code} if typed is not None else {"confirmed": True})}


def _written_at(entry: Any) -> float:
    """When a journal entry was written (seconds since the epoch; 0.0 if its time is not one this program writes)."""
    try:
        return datetime.fromisoformat(str(entry.time).replace("Z", "+00:00")).timestamp()
    except ValueError:
        return 0.0


def _card_label(payload: dict) -> str:
    """The card a journal payload names, as the table shows it (its code when it is no card)."""
    try:
        return parse_card(payload.get("card")).label
    except InvalidCardError:
        return str(payload.get("card"))


def _parsed(code: Any) -> Optional[Card]:
    """The card a journal payload's code names, or None for a code that is no card."""
    try:
        return parse_card(code) if isinstance(code, str) else None
    except InvalidCardError:
        return None


def restarted_text(payload: dict) -> str:
    """What a ``table_started`` entry says (qaR F7): how many operations the restart found, the round it
    resumed in."""
    where = (f"deck {payload.get('shoe')}" if payload.get("game") == "blackjack" else f"shoe {payload.get('shoe')}")
    return (f"the table was started again on its journal here, in round {payload.get('round')} of {where}: "
            f"{payload.get('recovered')} operations recovered; what the table showed is rebuilt from the journal")


def chip_last_used(journal: Any, chips: tuple, default: Decimal) -> Decimal:
    """The chip last chosen, or of the table's last bet placed or taken off (journals written before
    choices were), for a restarted table: the croupier's chip stays in hand (QA: a 25 became the default
    5 at a restart, then a chosen 100 the 25 of the last bet).  ``default`` when none was used."""
    for entry in journal.entries_where("kind IN ('chip_chosen', 'bet_placed', 'bet_removed')", newest_first=True):
        try:
            value = Decimal(str(entry.payload.get("amount")))
        except ArithmeticError:
            return default
        return next((chip for chip in chips if chip == value), default)  # the table's own (5, not 5.00)
    return default


#: The entries that end a round in the journal, in the order they are written.
ROUND_END = ("outcome", "settlement", "round_end")


def round_ends(entries: Any) -> dict:
    """``(shoe, round)`` -> which of :data:`ROUND_END` stand in the journal for that round.

    A settlement taken back by a later void (``settlement_taken_back``, or,
    in journals written before baccarat recorded it, a ``void_card`` or
    ``void_round`` after the settlement) takes the round's end back too: when
    that round is settled again and the process dies before the new entries
    are written, the restart must write them, not take the old ones for them.
    A process that died between the entries left some: the restart writes the rest.
    """
    ended: dict = {}
    for entry in entries:
        key = (entry.payload.get("shoe"), entry.payload.get("round"))
        if entry.kind in ROUND_END:
            ended.setdefault(key, set()).add(entry.kind)
        elif entry.kind == "correction" and (entry.payload.get("settlement_taken_back")
                                             or entry.payload.get("op") in ("void_card", "void_round")):
            ended.pop(key, None)
    return ended


def place_name(position: str) -> str:
    """A journal's ``position`` as the croupier reads it: ``B1``, ``seat 3``, ``seat 3 hand 2``, ``the dealer``."""
    if position == "burn":
        return "the burn card"
    if position == "dealer":
        return "the dealer's card"
    seat, dot, hand = position.partition(".h")
    if seat.startswith("seat") and dot and hand.isdigit():
        return f"seat {seat[4:]}" + (f" hand {int(hand) + 1}" if int(hand) else "")
    return position


#: What the croupier does about each of the protocol's recommended ``ERR`` codes (PROTOCOL.md 3; qaAC F15: every
#: code said "clear the shoe"), and about any other.
ERROR_ACTION = "clear the shoe as its maker says, then check the last card"
ERROR_ACTIONS = {
    "JAM": "clear the card stuck at the shoe's mouth, then check the last card against the display",
    "SENSOR": "clean the shoe's reading window as its maker says; check each card read against the table meanwhile",
    "COVER_OPEN": "close the shoe's cover, then check the last card against the display",
    "POWER": "check the shoe's power supply and cable; check each card read against the table meanwhile",
}

#: The operations after which no read waits for a card missing before them (a round's or shoe's end, a misdeal), of
#: every game: each game's own are its :attr:`SessionCore.WAITS_END_OPS`.
WAITS_END = ("void_round", "new_shoe", "new_deck", "next_round", "deck_check")


@dataclass(frozen=True)
class EndedWait:
    """A wait for cards left unread that a card typed ended, and the alerts that told of it: a void of that card,
    once it is the last card played again, brings the wait back (rev21 R2: KD typed, voided, and the next read
    took the unread card's place; rev23 R23-6: V, V back to it).  ``alerts`` are the live table's :class:`Alert`
    or, while a restart reads the journal, their payloads."""

    source: str
    why: str
    number: int
    typed: int
    alerts: tuple[Any, ...] = ()
    #: The card voided was typed before a camera asked for it (UNREADABLE CARD TYPED?): it is asked for again.
    asked: bool = False
    #: The cards typed were those before a held read while a newer wait of its reader stood (:meth:`_own_due`): a
    #: void of one after that read was played makes that newer wait one longer (:meth:`_own_typed_voided`).
    own: bool = False


def _silent_action(detail: Optional[str]) -> str:
    """CARD READER SILENT's DO line for the cause its reader names: the step that mends it, as NOISE ON THE SHOE'S
    LINE names ``?baud=N`` (qaAP F6: a wrong baud rate named as the likely cause, and only "check the reader")."""
    detail = detail or ""
    if "dialect=plain" in detail:
        return ("open the reader as the plain dialect: serial:PORT?dialect=plain as the source (dealer-assist run "
                "--source, or source in the config); type the cards (K) meanwhile")
    if "baud rate" in detail:
        return ("set the port's baud rate to the device's: serial:PORT?baud=N as the source (dealer-assist run "
                "--source, or source in the config; the shoe's manual gives its rate: most send 115200, the reader's "
                "default, or 9600), then check the cable; type the cards (K) meanwhile")
    if "CRC-16/XMODEM" in detail:
        return ("`dealer-assist listen` names the CRC the device sends: have its firmware mended (hardware/PROTOCOL.md "
                "4); type the cards (K) meanwhile")
    return "check the reader; type the cards (K) if needed"


#: The shoe's states this program acts on (:class:`~dealer_assist.events.ShoeSignal`); another is told, not acted on.
SHOE_SIGNALS = ("new", "cut", "empty")


@dataclass(frozen=True)
class SnapshotCore:
    """The fields every game's snapshot has: the table state plus the session's live status."""

    state: Any
    version: int = 0
    chip: Decimal = Decimal("5")
    alerts: tuple[Alert, ...] = ()
    pending: Optional[CardRead] = None
    #: Cards a source read while one waited for the croupier, in order: each is taken up when the one
    #: before it is settled (played in its place, never before it).
    waiting: tuple[CardRead, ...] = ()
    links: tuple[tuple[str, str], ...] = ()
    message: str = ""
    stopped: str = ""  # non-empty: the table is stopped (journal failure) and says why
    #: The kind of the entry whose write stopped the table ("" if none): a round's ``outcome`` or ``settlement``
    #: not written is a pay list no one may pay from yet (qaAE F7: it was shown as any other).
    unrecorded: str = ""
    #: The table of a replay: it follows a journal, so its hints name no key that would change it.
    replay: bool = False
    #: The cards typed for the missing ones a held read waits behind, and that read (``pending`` while they
    #: stand for it): the banner then says they were typed, not to type them (qaR F4).
    typed_before: tuple[Card, ...] = ()
    typed_for: Optional[CardRead] = None
    #: How many cards are still to be typed before ``pending`` plays, when it waits behind several its reader
    #: could not read in a row, or behind one a shoe left unplayed (0 otherwise): Enter on it is refused until
    #: they are.
    cards_due: int = 0
    #: How many cards its reader left unplayed after ``pending`` (unread, refused), untyped: typed before Enter they
    #: would go into places before it, so the banner says to type them after (qaAV F6).
    due_after: int = 0
    #: Whether its reader lost frames after ``pending`` too (a newer FRAMES LOST wait): the cards they held come after.
    lost_after: bool = False

    @property
    def payments_unrecorded(self) -> bool:
        """Whether the round's payments on show were never journaled: a restart writes them, and until then the
        pay list must not be paid from (the record would not have them)."""
        return self.unrecorded in UNRECORDED_PAYMENTS

    def status_banner(self) -> Optional[str]:
        """The banner when the session itself, not the game, needs the croupier."""
        if self.stopped:
            return "TABLE STOPPED"
        if self.pending is not None:
            return "CONFIRM CARD"
        return None

    def status_reason(self) -> Optional[str]:
        if self.stopped:
            return self.stopped
        if self.pending is not None:
            after, card = self.due_after, self.pending.card.label
            return self._held_reason() + (f"; {cards(after)} after it {'is' if after == 1 else 'are'} missing too: "
                                          f"type {'it' if after == 1 else 'them'} (K) once Enter has played {card}"
                                          if after else
                                          f"; frames were lost after it too (FRAMES LOST): type any card they held "
                                          f"(K) once Enter has played {card}" if self.lost_after else "")
        return None

    def _held_reason(self) -> str:
        """Why ``pending`` waits for the croupier."""
        if self.pending is not None:
            pending = self.pending
            typed = ", ".join(c.label for c in self.typed_before) if self.typed_for is pending else ""
            # A shoe's one card missing, none typed: its hold's own words ("type that card first (K), then Enter")
            one = (self.cards_due == 1 and not typed and pending.doubt in DRAWN_ONCE and not reads_again(pending.source))
            if pending.doubt in HOLDS and self.cards_due and not one:
                return (f"{pending.source} read {pending.card.label}, held: " + (f"{typed} typed; " if typed else "")
                        + cards_due_asked(pending.card.label, pending.source, pending.doubt, self.cards_due))
            if pending.doubt in HOLDS and self.typed_before and self.typed_for is pending:
                typed = ", ".join(c.label for c in self.typed_before)
                return (f"{pending.source} read {pending.card.label}, held: {typed} typed: Enter plays "
                        f"{pending.card.label}" + ("" if pending.doubt in ONE_CARD_HOLDS else
                                                   "; type any other card missed before it first (K)"))
            if pending.doubt and pending.source == "keyboard":  # typed in a read's place (qaR F15: "keyboard read")
                return f"{pending.card.label} typed (K), held: {pending.doubt}"
            if pending.doubt:  # read surely, but held: a card before it left the source unplayed, or frames were lost
                again = READ_AGAIN if pending.doubt == AFTER_AN_UNREADABLE and reads_again(pending.source) else ""
                return f"{pending.source} read {pending.card.label}, held: {pending.doubt}{again}"
            cands = " or ".join(c.label for c in pending.candidates) or pending.card.label
            return f"{pending.source} is not sure: is it {cands}? Enter confirms, type the card to correct"
        return ""


class SessionCore(abc.ABC):
    """The shared machinery; subclasses set :attr:`GAME`, :attr:`REFUSALS` and the game hooks."""

    GAME = ""
    #: How the croupier records a cut card no reader reported (FRAMES LOST after a damaged SHOE line).
    CUT_BY_HAND = ""
    #: Exception types of the game's ``apply`` that mean "refused, nothing changed".
    REFUSALS: tuple[type[Exception], ...] = (ValueError,)
    #: Journal entries (kind, op or None for any) at which a card missing before them no longer holds a
    #: read (see _end_round_holds).
    HOLDS_END_AT: tuple[tuple[str, Optional[str]], ...] = ()
    #: The operations after which, live, no read waits for a card missing before them (HOLDS_END_AT's and the new
    #: shoe's): a replay ends its waits at these, and only these (rev33 R4: blackjack's next_round ended them).
    WAITS_END_OPS: tuple[str, ...] = WAITS_END
    #: Whether a typed card needs its suit (blackjack reconciles a 52-card deck; baccarat needs only the rank).
    TYPED_CARD_NEEDS_SUIT = False
    #: The hold of a read after the shoe reported a new shoe (deck) in a round: at the new shoe (Ctrl+N) such a
    #: read and those after it are the new one's (see _end_holds).
    NEW_SHOE_HOLD = AFTER_NEW_SHOE
    #: Why the first of them then waits (None: it is played at once, as baccarat's burn card).
    NEW_SHOE_FIRST_WAITS: Optional[str] = None
    #: What a read held behind burn cards unread says once B burned them with no burn card left for it (each game's;
    #: none: it keeps its words).
    BURNED_BEHIND_DOUBT: str = ""
    #: The key that voids the last card played, as the croupier is told it.
    VOID_LAST_CARD = "V"

    def __init__(self, snapshot: Any, journal: Any, clock: Callable[[], float] = time.time) -> None:
        self._lock = threading.RLock()
        self._journal = journal
        self._clock = clock
        self._listeners: list[Callable[[Any], None]] = []
        self._last_refusal: Optional[Exception] = None
        self._snap = snapshot
        self._from_record = False  # set while a replayed operation is applied (with the lock held)
        #: In a replay, the UNREADABLE CARD alerts shown since the last card read was played: as many typed
        #: cards take the waits' alerts down, as live (two unread in a row wait for two), not the first.
        self._replay_unread = 0
        self._replay_typed_open = 0  # of those typed for them, with the wait still open (a void takes one back)
        #: In a replay, the cards its readers could not read since then, by source and frame: one read after them
        #: played ends their waits, one read before them (held, then Enter) leaves theirs standing, as live.
        #: Per zoned source, its card last played from a read given no box (Enter on CONFIRM CARD "came to rest
        #: outside every box"): its read's number, the card and its place (see :meth:`_squared_from_outside`).
        self._astray_played: dict[str, tuple[int, Card, str]] = {}
        self._replay_unread_frames: list[tuple[str, int, bool]] = []  # with whether it was a card to type in place
        #: In a replay, the sources whose UNREADABLE CARD TYPED? stands (one alert shows for them all).
        self._replay_asks: set[str] = set()
        self._replay_ask_seq: dict[str, int] = {}  # the frame of each one's card, by source
        #: In a replay, per reader that numbers no frames (a ``plain`` shoe), its reads and cards unread counted in
        #: journal order: the number stands in for the frame number that orders them (see :meth:`_replay_frame`).
        self._replay_unnumbered: dict[str, int] = {}
        #: In a replay, per reader, the frame number of its last read or card unread (see the ``table_started`` note).
        self._replay_last_frame: dict[str, int] = {}
        #: In a replay, the sources whose read held behind a missing card was dropped (Del): as live (AFTER_DROPPED),
        #: their wait lasts until one of their reads is played, whatever is typed meanwhile.
        self._replay_dropped: set[str] = set()
        #: Of those, per shoe, the dropped reads' cards still untyped before its read held (live: counted in the held
        #: read's ``_cards_due``), and where each card typed for one was placed: a card typed comes first for them, not
        #: for a card the shoe left unplayed after the read (fixR41), and its void makes it due again.
        self._replay_dropped_due: dict[str, int] = {}
        self._replay_typed_dropped: dict[int, str] = {}
        #: In a replay, per reader, its wait for cards that may be several (lost frames, a double feed) standing, as
        #: live (_hold_of): its number and why.  Its alerts stay while it does, whatever is typed; Enter on the read
        #: held under it ends it, not one opened since (fixR42: a card unread after that read replaces it, as a new
        #: gap does).
        self._replay_many: dict[str, tuple[int, str]] = {}
        self._replay_many_opened = 0
        #: In a replay, whether the last card refused was typed (K): its CARD REFUSED explains no wait (see _replay_op).
        self._replay_typed_refused = False
        #: In a replay, the reads journaled and not placed yet, as the live table took them (see ReplayReads).
        self._replay_reads = ReplayReads(lambda source: tuple(
            (f[0], f[1]) for f in self._replay_unread_frames if f[0] == source),
            lambda source, seq: self._replay_many[source][0] if source in self._replay_many
            and seq not in self._replay_many_before.get(self._replay_many[source][0], ()) else None)
        #: In a replay, per many-card wait, the frame numbers of the reads waiting behind the read held when lost frames
        #: opened it: they came before those frames, and are not taken under it (as live: SessionCore._reads_before).
        self._replay_many_before: dict[int, frozenset] = {}
        #: In a replay, the cards typed for waits, by where they were placed (:attr:`_placed_count`): one typed for a
        #: wait still open, ``(0, ())``, or one that ended it, with how many were typed for it and the alerts taken
        #: down.  A void of one makes its card due again and brings those alerts back, as live (EndedWait; rev23
        #: R23-6: only the last card's was kept, so V, V back to it differed from the live table).
        self._replay_typed: dict[int, tuple[int, tuple[Alert, ...]]] = {}
        #: And the card unread each one was typed for, by the same key: its void notes it unread again (two-710).
        self._replay_typed_frames: dict[int, tuple[str, int, bool]] = {}
        #: Of those, the ones typed for a held read's own cards after its shoe missed a newer card (live: counted in
        #: ``_typed_for_open`` by ``_own_due``): only then is a card typed next the newer wait's (rev39 R2).
        self._replay_typed_late: dict[int, tuple[str, int, bool]] = {}
        #: Sources whose lost frames may have held a card, until the croupier has looked (see _take).
        #: Per source, why its next card read waits for the croupier (a doubt above): frames were
        #: lost, or a card left it unplayed (unreadable, refused, fed with another).
        self._hold_of: dict[str, tuple[str, int]] = {}
        #: Holds opened so far (each hold's number), and the number of the one the card waiting for the
        #: croupier waits under: answering it ends that hold, not one opened since.
        self._holds_opened = 0
        self._pending_hold: Optional[int] = None
        #: Per hold, how many cards are still to be typed for it when more than one: cards a reader could not
        #: read in a row, each typed in its place before the next read plays (one typed had ended the wait, and
        #: the next read took the second's place).
        self._cards_due: dict[int, int] = {}
        #: The shoe's waits opened by a card it left unplayed while a read of it waited behind the read held: that read
        #: lies between the held read and the card (rev40 F1), and :meth:`_refused_behind` keeps it out of the refusal's
        #: count.  With the refusal held back until that read is taken under the wait (source: the refusal's why).
        self._read_between: set[int] = set()
        self._refusal_after: dict[str, str] = {}
        #: The shoe's waits opened by a card it could not read while reads of it waited behind the read held: the frame
        #: numbers of those reads, which came before the card and play before its wait (fixR42 L1: ??, 4C held, QH
        #: waiting, ??; once 4C was played QH was held under the second ??'s wait, and its card typed played first).
        self._reads_before: dict[int, frozenset[int]] = {}
        #: While a restart plays the journal again, the reads it has not placed yet (:meth:`_read_waits_behind`).
        self._restore_queue: Optional[list] = None
        #: Per hold still waiting for more cards, how many typed for it are in play (a void takes one back).
        self._typed_for_open: dict[int, int] = {}
        #: The waits a card typed ended in this round, by hold number (see EndedWait), and the last of them: a void of
        #: that card (the last card played, as :attr:`_placements` tells) brings its wait back.
        self._ended: dict[int, EndedWait] = {}
        self._last_ended: Optional[int] = None
        #: A void brought back the wait the read held for the croupier waits under, while a newer wait of its source
        #: stood: (that newer hold, the read's hold).  The newer one counts the card due again too, which is the held
        #: read's to answer: Enter on it, or the card typed before it, settles that one (seed 530: V, then Enter on
        #: the held read, and the next read still waited for two cards where one was missing).
        self._due_for_held: Optional[tuple[int, int]] = None
        #: The card last typed for it: where it was placed, and the marker it settled (its void brings that back).
        self._held_due_typed: Optional[tuple[int, tuple[int, int]]] = None
        #: The cards played in this round, last ones last: the hold each was typed for (None: none), so that a void
        #: makes a card due again only if the card it takes back counted for it (rev23 R23-1).
        self._placements: list[Optional[int]] = []
        #: Cards placed so far (a void takes one back): where in :attr:`_placements` a card typed lies.
        self._placed_count = 0
        #: The read held behind lost frames for which a card was typed, and the one whose first Enter asked
        #: "no card was missed?" (see confirm_pending): either answers FRAMES LOST for it.
        self._typed_before: Optional[CardRead] = None
        self._asked_none_missed: Optional[CardRead] = None
        #: The cards typed, while no read waited yet, for each hold behind lost frames: the usual order after a
        #: replug (FRAMES LOST shows on the first heartbeat, the croupier types the card it asked for, then
        #: the next read comes held behind those frames); they answer the hold (qaR F1), and the banner of
        #: the read held under it names them (qaR F4).
        self._typed_cards: dict[int, tuple[Card, ...]] = {}
        #: The cards typed while no read waited, each with when (see _typed_for_unread), and when each source
        #: last reported a card (read or unread): a camera asks for a card it cannot read only once it has lain
        #: still a while, and a croupier who saw it land may have typed it meanwhile (qaU F5).
        self._typed_loose: list[tuple[Card, float, int]] = []  # with where each was placed (_placed_count)
        self._reported: dict[str, float] = {}
        #: The layout's boxes (zones) of the cards each camera last asked for (UNREADABLE CARD), in order, each
        #: or None: the card typed for one while its hold stands goes to that hand, not to the place due (a Player
        #: card turned up before the Banker's first); of several asked for in a row, the first still untyped.
        self._unread_zone: dict[str, tuple[Optional[str], ...]] = {}
        #: The box of each card a camera found lying there at a restart (CARD TO TYPE IN ITS PLACE), by
        #: (source, code): the card typed for it goes to that hand (qaX F2).
        self._found_zone: dict[tuple[str, str], str] = {}
        #: The box a card typed before the camera asked for it lies in, by code, when it was played in the
        #: other hand: typed again after V, it goes to that box (qaX F6).
        self._retype_zone: dict[str, str] = {}
        #: Damaged lines per source not journaled yet: (count, count by reason, when last journaled).
        self._drops: dict[str, tuple[int, dict[str, int], float]] = {}
        self._gaps: dict[str, SeqGap] = {}  # source -> the last FRAMES LOST it gave (see _gap_alert)
        #: Per source, the gaps the standing FRAMES LOST tells of, each with the read held when it came (_gap_alert).
        self._gaps_told: dict[str, list[tuple[SeqGap, Optional[CardRead]]]] = {}
        #: Per source, the cards the standing UNREADABLE CARD tells of: frame, and the read held when it came out
        #: (see _unread_around).
        self._unread_told: dict[str, list[tuple[Optional[int], Optional[CardRead]]]] = {}
        #: Damaged lines per source in the current window: (window start, count); see _noise.
        self._noise_window: dict[str, tuple[float, int, int]] = {}  # start, lines, of them failing the CRC
        #: How far each card-reading device's count got, as the journal has it (see source_count).
        self._counts = ShoeCounts.recorded(journal_scan.source_records(journal) if journal is not None else ())
        #: Per source, this table's shoe (its first HELLO's device, or the one taken) and the device last heard:
        #: another is another shoe, also when the journal last heard it (rev15 F1: after a restart, this table's
        #: shoe back read as SHOE RESTARTED, and Ctrl+T refused while ANOTHER SHOE still stood).
        self._devices: dict[str, tuple[str, str]] = {
            source: (device, self._counts.heard(source) or device)
            for source, device in self._recorded_devices(journal).items()}
        #: Per source, how to tell its reader the shoe it reads now is this table's (take_shoe).
        self._shoe_takers: dict[str, Callable[[], TakenShoe]] = {}
        #: Entries written since the table started: the disk is looked at every DISK_EVERY, once what the
        #: entry records is published (its alert after it in the journal, see _publish).
        self._written = 0
        self._disk_due = False
        #: Per reading source, its last card played this run: (SEQ, card, place), for a DOUBLE_FEED that
        #: comes just after it (see _double_feed); and the reads still waiting when its shoe began a new count.
        self._placed: dict[str, tuple[int, Card, str]] = {}
        self._read_in_old_count: dict[str, tuple[CardRead, ...]] = {}

    def _recover(self, state: Any, rules: Any, journal: Any, roster: Any) -> tuple[Any, Optional[int], Decimal, Any]:
        """Before :meth:`__init__`: the state ``journal`` (checked to be of these ``rules``) replays onto the
        new table's ``state``, the entry its last shoe or deck began at, the chip last chosen (the second
        of the table's chips at a new table), and the supervisors the table answers to (see
        :mod:`.roster_record`: the configured ``roster``, or the journal's); sets :attr:`recovered`."""
        self.recovered, since = 0, None
        roster, self._roster_unrecorded = roster_to_use(journal, roster)
        if journal is not None:
            check_rules(journal, rules, self.GAME)
            state, self.recovered, since = self._replay(state, journal)
        chip = rules.chips[1] if len(rules.chips) > 1 else rules.chips[0]
        if journal is not None:
            chip = chip_last_used(journal, rules.chips, chip)
        return state, since, chip, roster

    def _recovered(self, journal: Any, since: Optional[int], roster: Any) -> None:
        """After :meth:`__init__`: the settlements a stop cut short completed, the cards left unplayed
        holding again (a card left before the first operation holds too: QA, at the burn), the roster
        recorded when the journal had none, and the supervisors' PIN lockouts (a journal with no
        operation yet can hold refused PINs)."""
        if journal is not None and self.recovered:
            self._complete_settlements(journal, since)
        if journal is not None:
            self._restore_holds(journal)
            self._restore_placed(journal)
        if getattr(journal, "log_missing", False):  # qaL F4: its -wal removed, or the file copied without it
            self.alert("journal_log", "error", "JOURNAL MAY LACK ITS LAST ENTRIES",
                       f"{journal.path} was left open by a table (a crash, or a table still running elsewhere) and "
                       f"its {journal.path.name}-wal is not beside it: the entries written after its last round ended "
                       "(the bets and cards of the round then played) may be lost",
                       "call a supervisor: if the -wal was moved or copied elsewhere, close the table (Ctrl+Q) and "
                       "put it back beside the journal; if this file is a copy made with sqlite3's .backup, nothing "
                       "is missing (copy journals with 'dealer-assist journal copy', which marks them whole); "
                       "otherwise check the layout against the felt and go on")
        if self._roster_unrecorded:
            self._write(ROSTER_KIND, {"supervisors": roster_entries(roster)})
            # Told apart as the roster tells names (name_key): a roster saved on a Mac, its names decomposed
            # (NFD), or in another case, names the same people the journal's signatures do.
            known = {name_key(n) for n in roster.names}
            others = sorted({name_key(s): s for s in sorted(signers(journal)) if name_key(s) not in known}.values())
            if others:  # a journal from before rosters were recorded, signed by supervisors not on this one (QA)
                self.alert("roster", "warning", "SUPERVISORS CHANGED?",
                           f"this journal's corrections were signed by {', '.join(others)}, who "
                           f"{'is' if len(others) == 1 else 'are'} not among this table's supervisors "
                           f"({', '.join(roster.names)}); the table now answers to these",
                           "if that is not meant, close the table and start it with the configuration that names "
                           "the journal's supervisors; a restart with another is refused from now on")
        restore_lockouts(self._journal, roster)

    def _ran_before(self, journal: Any) -> bool:
        """Whether a table ran on ``journal`` before this one started (it holds a ``shoe_start``); counted by
        SQL, no entry decoded (a restart decodes only the current shoe's)."""
        return journal is not None and (self.recovered > 0 or journal.count_where("kind = 'shoe_start'") > 0)

    def _journal_started(self, shoe: Any) -> None:
        """A restart on the table's journal, journaled (``table_started``) under the round it resumed in: after
        a crash the journal had no trace of it, and the pit boss could not see that a round spanned a restart
        (qaR F7).  Written after what the restart wrote itself (the settlements a stop cut short)."""
        state = self._snap.state
        self._write("table_started", {"game": self.GAME, "shoe": shoe, "round": state.round_no,
                                      "recovered": self.recovered,
                                      "in_round": state.round is not None and bool(state.round.cards)})

    # -- game hooks -------------------------------------------------------------
    @abc.abstractmethod
    def _apply(self, state: Any, op: dict) -> Any:
        """The game's pure ``apply``: the next state, or one of :attr:`REFUSALS`."""

    @abc.abstractmethod
    def _entry(self, op: dict, old: Any, new: Any) -> tuple[str, dict]:
        """The journal kind and payload of an applied operation (the payload keeps ``op`` for replay)."""

    def _after(self, old: Any, new: Any) -> None:
        """Called with the lock held after a change is journaled, before it is published."""

    @abc.abstractmethod
    def _play(self, card: Card, source: str, zone: Optional[str], confidence: float = 1.0,
              seq: Optional[int] = None, answers: bool = False, held: Optional[dict] = None) -> Optional[str]:
        """Play a card the croupier or a sure source gave; the refusal's message or ``None``.

        ``answers``: a typed card that answers a read (the correction of an unsure one, or the card
        missing before a held read): it came out of the shoe in the reads' order, so it is placed
        as a read would be (behind a held card).  ``held``: what the entry says of a read that waited
        for the croupier (:func:`held_record`), merged into the operation journaled."""

    def _shoe_signal(self, event: ShoeSignal) -> None:
        """What the shoe's own new/cut/empty signals mean for this game."""

    def _unknown_shoe_state(self, event: ShoeSignal) -> None:
        """The shoe reported a state v1 does not know (``SHOE,n,OPEN``), its frame whole: no card and no cut card
        (a CUT is sent as CUT), so nothing changes and no read waits; the croupier is told what it was and what to
        do (qaAP F2: it was taken for a damaged frame that may have been the cut card, and held the next card)."""
        frame = f" (frame {event.seq})" if event.seq is not None else ""
        state = event.state.upper()
        self.alert("shoe:unknown", "warning", f"SHOE STATE {state} NOT KNOWN",
                   f"the {event.source} reports its state as {state}{frame}, which this program does not know (it "
                   "knows NEW, CUT and EMPTY): passed over, no card and no cut card",
                   "go on as shown; if the shoe's cut card came out, press O twice; ask the shoe's maker what "
                   f"{state} means (hardware/PROTOCOL.md 7.7)", source=event.source, source_seq=event.seq)

    def _cut_again(self, event: ShoeSignal) -> None:
        """The shoe reported its cut card once more: a shoe holds one, so its sensor (or firmware) reported it twice.
        The first report stands (qaAC F18: the second rewrote CUT CARD OUT to its round, and was journaled)."""
        frame = f" (frame {event.seq})" if event.seq is not None else ""
        self.alert("cut_again", "warning", "CUT CARD REPORTED AGAIN",
                   f"the {event.source} reported the cut card again{frame}, out already: nothing changed",
                   "go on as shown; if it happens again, have the shoe's cut-card sensor checked")

    # -- observing --------------------------------------------------------------
    @property
    def snapshot(self) -> Any:
        return self._snap

    @property
    def state(self) -> Any:
        return self._snap.state

    def cards_on_layout(self) -> tuple[str, ...]:
        """The codes of the cards the table holds on its layout: the round's (played or settled, not yet
        cleared by the next round) and any held after it.  A camera starting now sees them lying there
        and must not read them as new cards (see CameraSource.count_in_view)."""
        state = self._snap.state
        dealt = state.round.cards if state.round is not None else ()
        return tuple(c.code for c in (*dealt, *getattr(state, "held", ())))

    def cards_maybe_on_layout(self) -> tuple[str, ...]:
        """The codes of cards that may still lie in view though the table is done with them: with no card
        of a round dealt yet, the last round's (the next round was started before its cards were
        cleared) and the burn's (its first card is shown).  Only a card seen as a camera starts is one."""
        state = self._snap.state
        if state.round is not None and state.round.cards:
            return ()
        history = getattr(state, "history", ())
        last = history[-1] if history else None
        cards = () if last is None else last.cards if hasattr(last, "cards") else last.round.cards
        burned = getattr(getattr(state, "shoe", None), "burned", ())  # a baccarat shoe's burn
        return tuple(c.code for c in (*cards, *burned))

    @property
    def journal_gone(self) -> str:
        """What became of a journal deleted or moved while the table had it open ("" while it is in
        place), known at the latest when it is closed (see :meth:`.journal.Journal.close`)."""
        return getattr(self._journal, "gone", "")

    @property
    def read_only(self) -> bool:
        """A replay's table: only the recorded operations change it.  The snapshot's ``replay`` is the one
        record of it, so what the session refuses and what the display shows cannot disagree."""
        return self._snap.replay

    def follow_record(self) -> None:
        """Make this the table of a replay: from now on only :class:`RecordedOp` events change it, and every
        command (bets, cards, decisions, voids, limits...) is refused with :data:`REPLAY_READ_ONLY`, so a key
        pressed by mistake cannot make the replayed table differ from the record."""
        with self._lock:
            self._publish(replace(self._snap, replay=True))

    def refuse_in_replay(self, what: str) -> str:
        """The answer to ``what`` (a command) in a replay; the table is left as it is."""
        return self._refuse(f"{what} refused: {REPLAY_READ_ONLY}")

    def _replay_refusal(self) -> Optional[str]:
        """The refusal of a command that would change a replay's table (``None``: not a replay, or the record)."""
        if self._snap.replay and not self._from_record:
            return self.refuse_in_replay("changing the table")
        return None

    def say(self, message: str) -> str:
        """Show ``message`` as the answer to a key that changed nothing yet (the display asking for a
        destructive key to be pressed again)."""
        return self._refuse(message)

    def subscribe(self, listener: Callable[[Any], None]) -> Callable[[], None]:
        """Call ``listener(snapshot)`` after every change (from the thread that made it)."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def _publish(self, snap: Any) -> None:
        self._snap = replace(snap, version=self._snap.version + 1, due_after=self._due_after(snap.pending),
                             lost_after=self._lost_after(snap.pending))
        for listener in list(self._listeners):
            listener(self._snap)
        if self._disk_due and not self._snap.stopped:
            self._disk_due = False
            self._look_at_disk()

    def _refuse(self, message: str) -> str:
        """Show ``message`` as the answer to a command that changed nothing."""
        with self._lock:
            self._publish(replace(self._snap, message=message))
        return message

    # -- the one path every change takes ------------------------------------------
    def _write(self, kind: str, payload: dict) -> bool:
        """Journal one entry; on failure stop the table, so nothing is shown that was not recorded.

        Once stopped nothing more is written: a round's outcome that failed is not followed by its
        settlement (the journal would pay a round it never saw end).
        """
        if places_a_card(kind, payload):
            self._last_ended = None  # the last card played is this one, not one typed for a wait
            self._placements = [*self._placements[-15:], None]
            self._placed_count += 1
        if self._journal is None:
            self._counts.note(kind, payload)
            return True
        if self._snap.stopped:
            return False
        try:
            self._journal.append(kind, payload)
            self._counts.note(kind, payload)
            self._written += 1
            self._disk_due = self._disk_due or (self._written - 1) % disk_room.DISK_EVERY == 0
            return True
        except JournalGoneError as exc:
            why = str(exc)  # what was saved where, and what to do: not a disk to fix
        except JournalSizeLimitError as exc:  # a limit to raise, not a disk to fix
            why = f"the journal cannot be written ({exc}); nothing after this was recorded"
        except JournalPayloadError as exc:
            _log.exception("journal entry %r could not be encoded", kind)
            why = (f"a {kind} entry could not be recorded ({exc}): a fault in dealer-assist, not the disk; "
                   "nothing after this was recorded. Call a supervisor, restart dealer-assist, and report the log")
        except Exception as exc:  # JournalError and OS errors alike: stop rather than lose an entry
            why = (f"the journal cannot be written ({exc}); nothing after this was recorded. "
                   "Fix the disk or call a supervisor, then restart dealer-assist")
        alert = Alert("journal", "error", "JOURNAL FAILURE: TABLE STOPPED", why, "call a supervisor", self._clock())
        alerts = tuple(replace(a, action=disk_room.ACTION_STOPPED) if a.code == "disk" else a
                       for a in self._with_alert(alert))
        self._publish(replace(self._snap, stopped=why, alerts=alerts, unrecorded=kind))
        return False

    def _look_at_disk(self) -> None:
        """Warn while the journal's disk is nearly full, as an error when it is all but full, with the
        figures of this look; drop the warning once space is freed: a full disk stops the table."""
        room = disk_room.room_of(getattr(self._journal, "path", None))
        if room is None:
            return  # not to be asked now: a warning shown stays as it was
        shown = next((a for a in self._snap.alerts if a.code == "disk"), None)
        if room.level is None:
            if shown is not None:
                self.dismiss("disk")
        elif shown is None or shown.level != room.level:
            self.alert("disk", room.level, "DISK NEARLY FULL" if room.level == "warning" else "DISK ALMOST FULL",
                       room.text, disk_room.ACTION_STOPPED if self._snap.stopped else disk_room.ACTION)
        else:
            self._publish(replace(self._snap, alerts=tuple(replace(a, text=room.text) if a is shown else a
                                                           for a in self._snap.alerts)))

    def _do(self, op: dict, *, message: str = "") -> Optional[str]:
        """Apply ``op``; return ``None`` on success or the refusal's message (nothing changed)."""
        with self._lock:
            snap = self._snap
            if snap.stopped:
                return snap.stopped
            refused = self._replay_refusal()
            if refused is not None:
                return refused
            try:
                new = self._apply(snap.state, op)
            except self.REFUSALS as exc:
                self._last_refusal = exc
                self._publish(replace(snap, message=str(exc)))
                return str(exc)
            kind, payload = self._entry(op, snap.state, new)
            if not self._write(kind, payload):
                return self._snap.stopped
            self._note_placed(kind, payload)
            self._after(snap.state, new)
            self._publish(replace(self._snap, state=new, message=message))
            return None

    def _note_placed(self, kind: str, payload: dict) -> None:
        """Remember where a reader's card just went (see :attr:`_placed`)."""
        source, seq = payload.get("source"), payload.get("seq")
        if payload.get("op") != "card" or source in (None, "keyboard") or not isinstance(seq, int):
            return
        where = payload.get("position") or ("burn" if kind == "shoe_burn" else None)
        try:
            card = parse_card(payload.get("card"))
        except InvalidCardError:
            return
        if where is not None:
            self._placed[source] = (seq, card, place_name(where))

    #: The kinds of entry besides the cards played that :meth:`_restore_placed` hands to :meth:`_placed_then`.
    PLACED_WITH: tuple[str, ...] = ()

    def _restore_placed(self, journal: Any) -> None:
        """Each reader's last card played, as live had it (:attr:`_placed`): a DOUBLE_FEED right after it names
        that card and its place after a restart too (fixQC: a baccarat table restarted between the card and the
        report named none; fixQA had done it for blackjack alone).  The entries since the shoe (or deck) began,
        and of a reader only those since its count began (a new count's SEQs name no card before it, see
        :meth:`_new_count`); each entry of a kind in :attr:`PLACED_WITH` goes to :meth:`_placed_then`, oldest
        first, once the cards before it are noted."""
        kinds = ("card_assigned", "shoe_burn", "correction", "device_hello", "alert", "shoe_start", *self.PLACED_WITH)
        entries, new_count = [], set()
        for entry in journal.entries_where("kind IN (%s)" % ", ".join("?" * len(kinds)), kinds, newest_first=True):
            payload = entry.payload
            if entry.kind == "shoe_start":
                break
            if entry.kind == "device_hello" and not payload.get("continues") or payload.get("new_count") is True:
                new_count.add(payload.get("source"))
            elif entry.kind in self.PLACED_WITH or entry.kind != "alert" and payload.get("source") not in new_count:
                entries.append(entry)
        for n, entry in enumerate(reversed(entries)):
            if entry.kind in self.PLACED_WITH:
                self._placed_then(entry, last=n == len(entries) - 1)
            else:
                self._note_placed(entry.kind, entry.payload)

    def _placed_then(self, entry: Any, last: bool) -> None:
        """What a game restores of an entry of :attr:`PLACED_WITH`, with :attr:`_placed` as it stood then;
        ``last``: no later entry of those :meth:`_restore_placed` reads."""

    def _authorised(self, roster: Any, action: str, target: dict, supervisor: str, pin: str,
                    why: str) -> dict | str:
        """The ``correction`` payload to journal with a supervisor's change, or the refusal's message.

        With a roster the supervisor's name, PIN and reason are checked (a wrong
        PIN is journaled as ``pin_refused``, so a restart keeps the lockout);
        without one the change is recorded as the croupier's, with the reason.
        """
        from dealer_assist.table.supervisor import SupervisorError, WrongPinError

        if roster is None:
            return {"supervisor": None, "action": action, "target": target, "reason": why or "no reason given",
                    "note": NO_ROSTER}
        if not str(supervisor or "").strip():
            return self._refuse("a supervisor must give their name and PIN")
        if not str(pin or "").strip():  # Enter in the PIN field by mistake is no try (QA: it counted as one)
            return self._refuse(f"type supervisor {supervisor}'s PIN: none was given (no try was counted)")
        try:
            return roster.authorize(supervisor, pin, action, target, why).to_payload()
        except WrongPinError as exc:
            self._write("pin_refused", refused_pin(roster, supervisor, exc, action))
            return self._refuse(str(exc))
        except SupervisorError as exc:
            return self._refuse(str(exc))

    @staticmethod
    def _recorded_devices(journal: Any) -> dict[str, str]:
        """Each source's shoe as the journal last heard it: the device its last ``device_hello`` named, or,
        that HELLO being another shoe's (ANOTHER SHOE), the shoe the table had (``table_shoe``); or the shoe
        the croupier took since (``shoe_taken``, Ctrl+T)."""
        devices: dict[str, str] = {}
        if journal is None:
            return devices
        for e in journal_scan.source_records(journal):
            source, device = e.payload.get("source"), e.payload.get("table_shoe", e.payload.get("device"))
            if e.kind in ("device_hello", "shoe_taken") and isinstance(source, str) and isinstance(device, str) \
                    and device:
                devices[source] = device
        return devices

    def source_device(self, source: str) -> str:
        """The device id of ``source``'s shoe as the journal or this run last heard it ("" for none): a HELLO
        naming another is ANOTHER SHOE, also after a restart (SerialShoe.resume_after)."""
        with self._lock:
            return self._devices.get(source, ("", ""))[0]

    def source_position(self, source: str) -> tuple[Optional[str], Optional[int]]:
        """The boot id and the last card SEQ of the count ``source``'s reader goes on with ((None, None) for
        one it never heard); see :meth:`source_count`."""
        with self._lock:
            count = self._counts.count(source)
            return count.boot, count.last_seq

    def source_heard(self, source: str) -> str:
        """The device whose HELLO ``source`` last heard (or that the croupier took), "" for none: after a
        restart while another shoe's was (ANOTHER SHOE), its cards still wait (rev15 F1)."""
        with self._lock:
            return self._counts.heard(source)

    def source_count(self, source: str, device: Optional[str] = None) -> CountPosition:
        """How far the journal and this run took the count of shoe ``device`` at ``source`` (default: the
        count going on): where its reader goes on after a restart (SerialShoe.resume_from)."""
        with self._lock:
            return self._counts.count(source, device)

    def _restore_holds(self, journal: Any) -> None:
        """Restore what made reads wait when the table stopped (holds are not journaled as such).

        What opened and ended holds since the shoe began is played again through the live rules:
        a card that left a source unplayed (refused, unreadable, a read dropped with Del, lost frames,
        a double feed), a card typed, a read answered, Esc on FRAMES LOST, a round's end
        (:attr:`HOLDS_END_AT`).  So each source's next read waits as it would have (QA: after a
        restart the next read took a missing card's place), and the alerts that explain the waits are
        shown again.  Cards a source read that were never placed (an unsure read, or one held for the
        croupier, is placed only when answered) wait for the croupier again (:meth:`_wait_again`).  The cards
        typed ahead of a camera (with when, from the journal's times) answer its next read or ask as live
        (rev31 R6: restarted a moment after a card was typed, the camera's ask for it asked for it again)."""
        kinds = (*PLACED_KINDS, "read_dropped", "card_unreadable", "shoe_start", "alert", "alert_dismissed",
                 "correction", LOST_FRAMES_ASKED, *(k for k, _ in self.HOLDS_END_AT))
        entries: list[tuple[str, dict]] = []
        written: dict[int, float] = {}  # when each entry was written, by id of its payload
        for entry in journal.entries_where("kind = 'card_read' OR kind IN (%s)" % ", ".join("?" * len(kinds)),
                                           kinds, newest_first=True):
            entries.append((entry.kind, entry.payload))
            written[id(entry.payload)] = _written_at(entry)
            if entry.kind == "shoe_start":  # reads before it were dropped by name at it
                break
        queue: list[tuple[dict, Optional[int]]] = []  # reads not placed yet, each with the hold it waits under
        whys: dict[int, str] = {}  # why each of those holds waits (the first read's doubt, see _wait_again)

        def taken(read: dict, refused: bool = False) -> Optional[int]:
            hold = self._hold_taken(read, refused)
            if hold is not None:
                whys[hold] = self._hold_of[read["source"]][0]
            return hold

        def hold_next(source: str, why: str) -> None:  # as live: the read waiting first waits under its hold
            self._pending_hold = queue[0][1] if queue else None
            self._hold_next(source, why)

        def refused_next(source: str, why: str, retake: bool) -> None:
            """As live: a read refused at Enter opens its wait before the read waiting next is taken, and counts the
            card of the wait that read was taken under here (a one-card wait's, or one more due to lost frames, a
            double feed or a read dropped: fixR46, a restart opened a CARD REFUSED wait of its own after them); unless
            that read came before that card, which it then waits for first, the refusal's wait after it (rev40 F1,
            :meth:`_refused_behind`)."""
            hold = self._hold_of.get(source)
            under = (bool(queue) and hold is not None and hold[0] in (*ONE_MISSING_CARD, *RUN_HOLDS)
                     and why in DRAWN_ONCE
                     and not reads_again(source) and queue[0][1] == hold[1] and queue[0][0].get("source") == source)
            if under and hold[1] in self._read_between:
                hold_next(source, why)
                return
            if under:
                self._pending_hold = None
                self._hold_next(source, why)
            else:
                hold_next(source, why)
            if queue and (under or retake):
                queue[0] = (queue[0][0], taken(queue[0][0]))

        alerts: dict[str, dict] = {}  # the alerts that explain a hold, by code
        typed_at: dict[str, list[int]] = {}  # where the cards typed of each code were placed (_placed_count)
        asked_again: Optional[EndedWait] = None  # a card typed for a camera's ask, voided: asked for at the next entry
        typed: list[Card] = []  # the cards typed for the missing ones the first read waiting is held behind
        self._hold_of, self._cards_due, self._typed_for_open, self._ended, self._placements = {}, {}, {}, {}, []
        self._placed_count = 0
        self._due_for_held = self._held_due_typed = None
        self._typed_loose, reported = [], {}
        self._read_between, self._refusal_after, self._restore_queue = set(), {}, queue
        self._reads_before = {}
        refused = False
        refusal: Optional[tuple[str, str]] = None  # a read refused: it holds the next unless it was held after
        asked: Optional[dict] = None  # FRAMES LOST's first Enter on the read waiting first (confirm_pending)
        for kind, payload in reversed(entries):
            if kind == LOST_FRAMES_ASKED:
                asked = payload
                continue
            settles = False  # whether the live table settled the waits' alerts here (_settle_hold_alerts)
            if places_a_card(kind, payload):  # as live (_write)
                asked_again = None  # its entry comes right after the void, before any card
                self._last_ended = None
                self._placements = [*self._placements[-15:], None]
                self._placed_count += 1
                if payload.get("source") == "keyboard" and isinstance(payload.get("card"), str):
                    typed_at.setdefault(payload["card"], []).append(self._placed_count)
            if kind == "card_unreadable" and isinstance(payload.get("source"), str):
                zone, codes = payload.get("zone"), payload.get("candidates")
                self._note_zone(payload["source"], payload.get("why"),
                                [c for c in codes if isinstance(c, str)] if isinstance(codes, list) else [],
                                zone if isinstance(zone, str) else None)
            elif kind == "card_assigned" and isinstance(payload.get("card"), str):
                self._forget_found(payload["card"])
            elif kind == "correction":
                if self.VOIDS_A_CARD(payload):
                    for places in typed_at.values():  # a card voided is typed for no ask (as live, _typed_loose)
                        if self._placed_count in places:
                            places.remove(self._placed_count)
                    self._pending_hold = queue[0][1] if queue else None  # the read held then (_due_for_held)
                    if typed and self._placements and queue and self._placements[-1] == queue[0][1]:
                        typed.pop()  # as live: the card typed for the read waiting, voided, is no longer named
                    ended = self._card_voided(defer_asks=True)  # as live: a card typed for a wait is due again
                    if ended is not None and ended.asked:
                        asked_again = ended  # done at the entry after it that says so (voided: true)
                        continue
                    for shown in ended.alerts if ended is not None else ():
                        if isinstance(shown, dict):
                            alerts[shown["code"]] = shown
                    # As live (_due_again): only a read taken while no wait stood moves under it; one taken
                    # under a wait, ended since, shows that wait's doubt, not its own (rev31 R6: it moved
                    # under a wait for a card unread after it, and Enter was refused where live played it).
                    if (ended is not None and queue and queue[0][1] is None
                            and queue[0][0].get("source") == ended.source
                            and queue[0][0].get("doubt", "") in YIELDING_DOUBTS):
                        queue[0] = (queue[0][0], ended.number)
                        whys[ended.number] = ended.why
                elif payload.get("op") == "void_round":  # as live (_misdealt): the cards missing went aside
                    waiting_hold = queue[0][1] if queue else None
                    self._hold_of = {s: h for s, h in self._hold_of.items() if h[1] == waiting_hold}
                    self._ended, self._placements = {}, []
                    self._due_for_held = None
                    if not self._hold_of:
                        alerts.clear()
                continue
            if refused and kind == "card_held":  # a card after the round is refused, then held: it holds nothing
                refused, refusal = False, None
                continue
            if refusal is not None:
                refused_next(*refusal, retake=True)
            refused, refusal = kind == "card_refused", None
            if kind == "card_read":
                self._restore_reported(payload, written[id(payload)], reported)
                queue.append((payload, taken(payload) if not queue else None))
            elif (kind, payload.get("op")) in self.HOLDS_END_AT or (kind, None) in self.HOLDS_END_AT:
                waiting_hold = queue[0][1] if queue else None
                self._hold_of = {s: h for s, h in self._hold_of.items() if h[1] == waiting_hold}
                self._ended, self._placements = {}, []
                self._due_for_held = None
                settles = True
            elif kind == "alert_dismissed":
                codes = [c for c in payload.get("codes") or () if isinstance(c, str)]
                for code in codes:
                    alerts.pop(code, None)
                if "gap" in codes:
                    self._gaps_looked_at()
                    settles = True
                if "refused" in codes and payload.get("set_aside") is True:  # Del on a misdraw (as live: blackjack)
                    self._hold_of = {s: h for s, h in self._hold_of.items() if h[0] != AFTER_A_MISDRAW}
                    settles = True
                if payload.get("unread") is True and payload.get("set_aside") is True:  # as live (_set_aside_unread)
                    for source in [s for s, h in self._hold_of.items() if h[0] in SET_ASIDE_UNREAD
                                   and not reads_again(s)]:
                        self._hold_ended(source)
                    settles = True
                if TYPED_UNREAD in codes and payload.get("voided") is True and asked_again is not None:
                    ask, asked_again = self._ask_again(asked_again), None  # as live (_voided_asks)
                    if queue and queue[0][0].get("source") == ask.source and queue[0][1] != ask.number \
                            and whys.get(queue[0][1]) == AFTER_TYPED_UNREAD:
                        queue[0] = (queue[0][0], ask.number)
                        whys[ask.number] = ask.why
                elif TYPED_UNREAD in codes and "typed_right" in payload:  # Enter or Del on it (answer_typed_unread)
                    for source in [s for s, h in self._hold_of.items() if h[0] == AFTER_TYPED_UNREAD]:
                        if payload["typed_right"]:
                            self._hold_ended(source)
                        else:
                            self._open_hold(source, AFTER_AN_UNREADABLE)
                    settles = bool(payload["typed_right"])
            elif kind == "alert" and payload.get("code") == "unplaced":  # a restart named the reads left
                for source in {read.get("source") for read, _ in queue if isinstance(read.get("source"), str)}:
                    self._open_hold(source, AFTER_A_RESTART)
                queue.clear()
                asked = None
                alerts["unplaced"] = payload
            elif kind == "alert":
                if hold_of_alert(payload.get("code")) is not None:
                    alerts[payload["code"]] = payload
                left = held_by_alert(payload)
                if left is not None and left[1] == AFTER_A_GAP:
                    self._pending_hold = queue[0][1] if queue else None  # as live: the read held then keeps its own
                    self._open_gap_hold(left[0])
                elif left is not None:
                    hold_next(*left)
            elif kind == "read_dropped" or kind in PLACED_KINDS and (places_a_read(payload, kind) or (
                    queue and corrects_a_read(kind, payload)
                    and _waited_under(queue[0][0], queue[0][1], whys) not in HOLDS)):
                dropped_under = None  # the hold the read dropped waited under (as live: reject_pending)
                if queue:  # the read waiting first was answered, in order (or played as it came)
                    read, hold = queue.pop(0)
                    asked = None
                    dropped_under = hold
                    typed.clear()
                    settles = kind != "read_dropped" and (hold is not None or _waits_by_itself(read))
                    if kind == "read_dropped":
                        self._due_for_held = None  # as live (reject_pending)
                    else:
                        self._held_due_settled(read.get("source"), hold)  # as live (_answered)
                        self._due_for_held = None
                    if kind != "read_dropped" and read.get("source") in self._hold_of \
                            and self._hold_of[read["source"]][1] == hold:
                        self._hold_ended(read["source"])
                if kind == "read_dropped" and isinstance(payload.get("source"), str) and not payload.get(PARKED):
                    self._hold_for_dropped(payload["source"], payload.get("doubt"), dropped_under)
                    if (queue and payload.get("doubt") and payload.get("doubt") == self.NEW_SHOE_FIRST_WAITS
                            and queue[0][0].get("source") == payload["source"]):  # as live: _pass_first_wait
                        queue[0] = ({**queue[0][0], "doubt": self.NEW_SHOE_FIRST_WAITS}, queue[0][1])
                elif kind == "card_refused":
                    refusal = left_unplayed(kind, payload)
                if queue:  # the next read waiting is taken now (_take_waiting)
                    queue[0] = (queue[0][0], taken(queue[0][0], refusal is not None))
            elif kind in ("card_assigned", "shoe_burn") and payload.get("op") != "play_held" \
                    and (kind == "card_assigned" or payload.get("cards")):  # a card typed in a place one left
                if not queue or payload.get("override"):  # blackjack: a refused card a supervisor let in
                    if not queue:
                        self._typed_for_gaps(payload.get("card"))
                    card = _parsed(payload.get("card"))
                    if (card is not None and payload.get("source") == "keyboard" and not payload.get("override")
                            and not any(self._counts_typed(source) for source in self._hold_of)):  # as enter_card
                        self._typed_loose = [*self._typed_loose[-7:], (card, written[id(payload)], self._placed_count)]
                    self._typed_in_place()
                    settles = True
                else:  # typed before the read waiting: it ends that read's one-card hold (enter_card)
                    card = _parsed(payload.get("card"))
                    if card is not None:
                        typed.append(card)
                    settles = self._typed_while_held(queue[0][0].get("source"), queue[0][1],  # as live (enter_card)
                                                     _waited_under(queue[0][0], queue[0][1], whys))
            elif kind == "shoe_burn" and isinstance(payload.get("burned_unread"), int):  # B (as live: _burn_done)
                self._pending_hold = queue[0][1] if queue else None  # the read held then (its own cards come first)
                settles = self._burn_done(payload["burned_unread"], settle=False) > 0
                if (settles and queue and self.BURNED_BEHIND_DOUBT and self._burned_behind_why(whys.get(queue[0][1]),
                                                                                  queue[0][0].get("source"))
                        and queue[0][1] not in self._cards_due
                        and all(number != queue[0][1] for _, number in self._hold_of.values())):
                    whys[queue[0][1]] = self.BURNED_BEHIND_DOUBT  # as live (skip_burn)
                    if self._burned_behind_why(queue[0][0].get("doubt"), queue[0][0].get("source")):
                        queue[0] = ({**queue[0][0], "doubt": self.BURNED_BEHIND_DOUBT}, queue[0][1])
            else:
                left = left_unplayed(kind, payload)
                if left is not None:
                    hold_next(*left)
                if kind == "card_unreadable" and isinstance(payload.get("typed_for_it"), str):  # as _typed_for_unread
                    self._take_loose(payload["typed_for_it"], payload.get("source"), written[id(payload)], reported)
                if kind == "card_unreadable" and payload.get("typed_for_it") in typed_at:  # as live (_unreadable)
                    self._claim_first(str(payload.get("source")), typed_at[payload["typed_for_it"]])
            if settles and not self._hold_of:
                self._stash_alerts(tuple(alerts.values()))  # as live (_settle_hold_alerts)
                alerts.clear()  # what they told of is settled: a later restart must not show them again
        if refusal is not None:
            refused_next(*refusal, retake=False)
        self._restore_queue = None
        self._reported = reported
        for number, ended in self._ended.items():  # a V after the restart shows them as live (rev22 R22-8)
            self._ended[number] = replace(ended, alerts=tuple(
                self._alert_of(a) if isinstance(a, dict) else a for a in ended.alerts))
        self._pending_hold = None  # the read waiting first waits under its hold again (_wait_again)
        # Standing as live (a typed card's refusal with no wait behind it too), in the order they were raised:
        # the top alert is the one the croupier saw on top.
        raised = {id(payload): i for i, (_, payload) in enumerate(reversed(entries))}
        for a in sorted([*standing_alerts(reversed(entries)), *alerts.values()], key=lambda p: raised.get(id(p), -1)):
            self._show_again(a)
        if queue:
            self._wait_again(queue, whys, tuple(typed))
            self._asked_again(asked)
        self._drop_answered_ask()
        self._unreadable_follows_count()

    def _asked_again(self, asked: Optional[dict]) -> None:
        """The read waiting again was asked FRAMES LOST's question ("no card was missed? press Enter again") before the
        table stopped: the next Enter plays it, as live (fixR46: a restart asked again, the first answer lost)."""
        pending = self._snap.pending
        if asked is not None and pending is not None and (
                pending.source, pending.seq, pending.card.code, pending.doubt) == (
                asked.get("source"), asked.get("source_seq"), asked.get("card"), asked.get("doubt")):
            self._asked_none_missed = pending

    def _restore_reported(self, read: dict, at: float, reported: dict[str, float]) -> None:
        """A restart's :meth:`_card_read` of a journaled read written ``at``: a read doubted as a card typed ahead of
        it took that card (:meth:`_typed_then_read`), and its source last reported a card then."""
        source = read.get("source")
        if not isinstance(source, str):
            return
        if read.get("doubt") == TYPED_THEN_READ and isinstance(read.get("card"), str):
            self._take_loose(read["card"], source, at, reported)
        reported[source] = max(reported.get(source, 0.0), at)

    def _take_loose(self, code: str, source: Any, at: float, reported: dict[str, float]) -> None:
        """A restart's taking of the card of ``code`` typed ahead of ``source``, as live took it at ``at``."""
        since = max(reported.get(source, 0.0), at - TYPED_BEFORE_ASK) if isinstance(source, str) else 0.0
        for n, (card, t, _) in enumerate(self._typed_loose):
            if t >= since and card.code == code:
                del self._typed_loose[n]
                return

    def _wait_again(self, queue: list[tuple[dict, Optional[int]]], whys: dict[int, str],
                    typed: tuple[Card, ...] = ()) -> None:
        """The reads never placed wait for the croupier again, as they did when the table stopped: the
        first for Enter or Del, the others behind it (QA: the croupier had to type a card the reader had
        sent).  The first waits even if it was sure: the table stopped before it was played.  The cards
        ``typed`` for the missing ones it is held behind are named as live ("8♣ typed: Enter plays 7♣"):
        restarted, the banner had asked for them again, "type that card first (K)", a card twice if obeyed."""
        reads = []
        for payload, _ in queue:
            try:
                card = parse_card(payload.get("card"))
                candidates = tuple(parse_card(c) for c in payload.get("candidates") or ())
            except InvalidCardError:
                continue  # not a card this program wrote: the chain holds, the read is no card to offer
            confidence = payload.get("confidence")
            seq = payload.get("source_seq")
            zone = payload.get("zone")
            frame = payload.get("frame")
            reads.append(CardRead(card, str(payload.get("source")), self._clock(),
                                  float(confidence) if isinstance(confidence, (int, float)) else 0.0,
                                  seq if isinstance(seq, int) else None, zone if isinstance(zone, str) else None,
                                  candidates, str(payload.get("doubt") or ""),
                                  frame if isinstance(frame, int) else None,
                                  payload["moved_from"] if isinstance(payload.get("moved_from"), str) else None))
        if not reads:
            return
        first, hold = reads[0], queue[0][1]
        if not first.doubt or (first.doubt in YIELDING_DOUBTS and hold is not None):  # taken under its hold
            doubt = whys.get(hold, "") if hold is not None else self._out_of_place(first)
            if not doubt and first.confidence >= CONFIRM_BELOW and not first.candidates:
                doubt = READ_BEFORE_A_STOP
            first = replace(first, doubt=doubt)
        self._pending_hold = hold
        typed = typed if first.doubt in HOLDS else ()
        if typed:
            self._typed_before = first  # as enter_card: Enter then asks no "no card missed?"
        self._publish(replace(self._snap, pending=first, waiting=tuple(reads[1:]), typed_before=typed,
                              typed_for=first if typed else None, cards_due=self._cards_due.get(hold, 0)))

    def _show_again(self, alert: dict) -> None:
        """A journaled alert shown again at a restart (not journaled again: the journal has it)."""
        self._publish(replace(self._snap, alerts=self._with_alert(self._alert_of(alert))))

    def _alert_of(self, alert: dict) -> Alert:
        """The alert a journal entry records, as the display shows it."""
        return Alert(str(alert["code"]), str(alert.get("level", "error")), str(alert.get("title", "")),
                     str(alert.get("text", "")), str(alert.get("action") or AFTER_RESTART_ACTION), self._clock())

    def _hold_taken(self, read: dict, refused: bool = False) -> Optional[int]:
        """The hold a journaled read waited under when it was taken, as _take had it (none for a read its
        source doubted itself: it waits under that doubt, nor for one the hold's card came after).  ``refused``: the
        read held before it was refused at Enter (as live, the refusal's wait comes first: :attr:`_refusal_after`)."""
        hold = self._hold_of.get(read.get("source"))
        if hold is None or read.get("doubt", "") not in YIELDING_DOUBTS:
            return None
        return None if not refused and self._came_before(read.get("source_seq"), hold[1]) else hold[1]

    def _came_before(self, seq: Any, number: int) -> bool:
        """Whether the read of frame ``seq`` waited behind the read held when the card its shoe could not read, that
        opened the wait ``number``, came: it came before that card, and is not held under its wait."""
        return isinstance(seq, int) and seq in self._reads_before.get(number, ())

    # -- alerts -------------------------------------------------------------------
    def _cut_out_now(self) -> bool:
        """Whether the table has the cut card out already (a damaged SHOE line then needs no look)."""
        return False

    def _with_alert(self, alert: Alert) -> tuple[Alert, ...]:
        """The alerts with ``alert`` added (replacing one of its code), at most :data:`MOST_ALERTS`: past
        them the oldest note or warning goes, then the oldest error (each is in the journal).  A device
        sending 10,000 error codes left 10,000 alerts, each its own Esc, burying the real one."""
        alerts = [a for a in self._snap.alerts if a.code != alert.code] + [alert]
        while len(alerts) > MOST_ALERTS:
            alerts.remove(next((a for a in alerts if a.level != "error"), alerts[0]))
        return tuple(alerts)

    def alert(self, code: str, level: str, title: str, text: str, action: str, source: Optional[str] = None,
              source_seq: Optional[int] = None, new_count: bool = False) -> None:
        """Show an alert and journal it; ``source`` names the reader whose next read it holds (a restart
        restores that hold from it, see _restore_holds); ``source_seq``, the SEQ of the frame of that reader it tells
        of (a shoe maker's engineer asked about a dispute reads the frames' order, qaAC F9; a DOUBLE_FEED's stood
        for a card: a restart goes on after it, see :mod:`.shoe_counts`); ``new_count``,
        that frame began a new count of that reader's shoe (its HELLO lost: a restart goes on in that count)."""
        with self._lock:
            a = Alert(code, level, title, text, action, self._clock())
            self._write("alert", {"code": code, "level": level, "title": title, "text": text, "action": action,
                                  "game": self.GAME, "round": self._snap.state.round_no,
                                  **({"source": source} if source is not None else {}),
                                  **({"source_seq": source_seq} if source_seq is not None else {}),
                                  **({"new_count": True} if new_count else {})})
            self._publish(replace(self._snap, alerts=self._with_alert(a)))

    def dismiss(self, code: Optional[str] = None) -> None:
        """Acknowledge one alert (by code) or all of them."""
        with self._lock:
            asked = self.typed_unread_asked()  # a question Esc does not answer: it stays until Enter or Del (qaAI F9)
            self._take_down(lambda a: code is not None and a.code != code or asked and a.code == TYPED_UNREAD)
            if asked and code in (None, TYPED_UNREAD):
                self._publish(replace(self._snap, message="UNREADABLE CARD TYPED? stays until it is answered: Enter "
                                                          "if the card typed was the one, Del if not"))
            if code in (None, "gap"):  # the croupier has looked at the lost frames' cards: their holds end
                self._gaps_looked_at()
                self._settle_hold_alerts()

    def _take_down(self, kept: Callable[[Alert], bool]) -> None:
        """Take down the alerts not ``kept``; journaled, so a restart shows again only what was not
        acknowledged (and a gap's hold stays ended)."""
        keep = tuple(a for a in self._snap.alerts if kept(a))
        gone = [a.code for a in self._snap.alerts if a not in keep and a.level != "info"]
        if gone:
            self._write("alert_dismissed", {"codes": gone, "game": self.GAME, "round": self._snap.state.round_no})
        self._publish(replace(self._snap, alerts=keep))

    # -- events from card sources ---------------------------------------------------
    def handle(self, event: SourceEvent) -> None:
        """Take one event from a card source (any thread)."""
        with self._lock:
            source = getattr(event, "source", None)
            count, _, written = self._drops.get(source, (0, {}, 0.0))
            if not isinstance(event, FrameDropped) and count and _past(getattr(event, "t", 0.0), written, DROPS_EVERY):
                self._record_drops(source, event.t)  # the noise before it, in its place (at most once a second)
            if getattr(event, "foreign", ""):
                self._foreign(event)
            elif isinstance(event, CardRead):
                self._card_read(event)
            elif isinstance(event, Unreadable):
                self._unreadable(event)
            elif isinstance(event, DeviceError) and event.code.upper() == "MISREAD":
                # The shoe saw a card come out and could not read it: the card is unread as a CARD ?? is, and
                # the next read would take its place (QA: played as B1, the unread card's place, at once).
                self._unreadable(Unreadable(event.source, event.t, seq=event.seq), told=event.text)
            elif isinstance(event, SeqGap):
                self._open_gap_hold(event.source)
                self._gap_alert(event)
            elif isinstance(event, CountRestarted):
                self._new_count(event.source)
                # As after a HELLO with a new boot id (see _hello): what the old count sent last is unknown.  A
                # restart, not lost frames: FRAMES LOST comes only for the new count's frames that may have been
                # cards (rev12: its lost HELLO, frame 0, was named as a card that may have been missed).
                self.alert("hello", "warning", "SHOE RESTARTED?",
                           f"{event.source}: its frame count started again with no HELLO (frame {event.seq} is of a "
                           "new count" + (f": {event.why}" if event.why else "; a heartbeat naming a last card behind "
                                          "the table's shows it too") + "): "
                           "the shoe most likely restarted and its HELLO was lost (or came with the old boot "
                           "id, which a restart must change), and what it sent just before cannot be known",
                           "compare the cards on the table with the display and type any missing card (K)",
                           source=event.source, source_seq=event.seq, new_count=True)
            elif isinstance(event, LinkState):
                self._link(event)
            elif isinstance(event, ProfileDoubt) and event.lit:
                # A sign left up over a lit picture tells the croupier to type cards the camera now reads.
                self._take_down(lambda a: a.code != f"dark:{event.source}")
            elif isinstance(event, ProfileDoubt) and event.cast:  # no hold: the cards are read, balanced back
                self.alert(f"cast:{event.source}", "warning", "CAMERA OFF COLOUR", f"{event.source}: {event.text}",
                           "play on, the cards are still read: check each red card it reads against the table (K "
                           "corrects one), and set the camera's white balance when the table allows; Esc takes this "
                           "sign down")
            elif isinstance(event, ProfileDoubt) and event.dark:
                self.alert(f"dark:{event.source}", "warning", "CAMERA TOO DARK", f"{event.source}: {event.text}",
                           "type the cards (K) meanwhile; cards come in again by themselves once the picture is lit, "
                           "and this sign goes")
            elif isinstance(event, ProfileDoubt):
                # Each its own alert: a camera may be both (QA: CAMERA MIRRORED? had replaced CAMERA IN GREYSCALE?).
                self.alert(f"{'mirror' if event.mirrored else 'profile'}:{event.source}", "warning",
                           "CAMERA MIRRORED?" if event.mirrored else
                           "CAMERA IN GREYSCALE?" if event.grey else "CAMERA PROFILE?", f"{event.source}: {event.text}",
                           "check each card the camera read against the table (K corrects one); "
                           + ("turn the camera's mirroring off, then start the display again" if event.mirrored else
                              "set the camera to colour, then start the display again" if event.grey else
                              "check the camera's picture (focus, light, colour) first; if it is right, start the "
                              "display with this deck's profile (camera:SRC?profile=PATH)"))
            elif isinstance(event, DeviceError) and event.code.upper() == "DOUBLE_FEED":
                self._double_feed(event)
            elif isinstance(event, DeviceError):
                self.alert(f"device:{event.code}", "error", f"SHOE REPORTS {event.code.upper()}",
                           f"{event.source}: {event.text}", ERROR_ACTIONS.get(event.code.upper(), ERROR_ACTION),
                           source=event.source, source_seq=event.seq)
            elif isinstance(event, ShoeSignal) and event.state not in SHOE_SIGNALS:
                self._unknown_shoe_state(event)
            elif isinstance(event, ShoeSignal):
                self._shoe_signal(event)
            elif isinstance(event, DeviceHello):
                self._hello(event)
            elif isinstance(event, FrameDropped):
                self._noise(event)
            elif isinstance(event, RecordedOp):
                self._replay_op(event)
                self._replay_show_held(event.entry)
            elif isinstance(event, RecordedNote):
                self._replay_note(event)
            elif isinstance(event, RecordedStart):
                self._replay_start(event)
            elif isinstance(event, RecordedEnd):
                self._replay_end(event)

    def shoe_taker(self, source: str, take: Callable[[], TakenShoe]) -> None:
        """Register how ``source``'s reader is told that the shoe it reads now is this table's (take_shoe)."""
        with self._lock:
            self._shoe_takers[source] = take

    def take_shoe(self) -> Optional[str]:
        """After ANOTHER SHOE, the croupier takes the shoe read now as this table's (verN NEW-8: this table's
        shoe plugged back with its HELLO unheard had its cards held as the other shoe's until a restart).
        Its cards play again from the next one; journaled (``shoe_taken``)."""
        with self._lock:
            refusal = self._replay_refusal()
            if refusal is not None:
                return refusal
            held = [s for s, (first, last) in self._devices.items() if first != last and s in self._shoe_takers]
            if not held:
                return self._refuse("no other shoe is held: Ctrl+T takes the shoe a reader reads now as this "
                                    "table's only after ANOTHER SHOE")
            for source in held:
                first, last = self._devices[source]
                taken = self._shoe_takers[source]()
                device = taken.device or first
                self._devices[source] = (device, device)
                self._write("shoe_taken", {"source": source, "device": device, "held": last,
                                           "round": self._snap.state.round_no,
                                           **({"unheard": taken.unheard} if taken.unheard else {})})
                if taken.unheard:
                    # The reader cannot tell which shoe is in the socket: it says which it took, and why (verS N3).
                    self.alert("hello", "warning", "SHOE TAKEN",
                               f"{source}: {taken.unheard}, so which shoe is in the socket cannot be told: taking "
                               f"{device}, the last shoe heard, as this table's; its cards play from the next one, "
                               "and another device's HELLO is ANOTHER SHOE again",
                               f"if the shoe in the socket is not {device}"
                               + (f" ({taken.other} plugged back)" if taken.other else "")
                               + ", switch it off and on: its HELLO then names it (ANOTHER SHOE), and Ctrl+T takes it")
                else:
                    self.alert("hello", "info", "SHOE TAKEN",
                               f"{source}: the shoe it reads now is taken as this table's ({device}); its cards play "
                               "from the next one, and another device's HELLO is ANOTHER SHOE again", "none")
                self._reword_taken(source, last, device)
            # What the other shoe reported was told as ANOTHER SHOE'S ..., "Ctrl+T to take it": taken now (qaR F5).
            self._take_down(lambda a: not a.code.startswith("foreign:"))
            return None

    def _reword_taken(self, source: str, held: str, device: str) -> None:
        """The reads of ``source`` held as shoe ``held``'s, another table's (qaR F5): that shoe is this table's
        now, so they no longer say to check it against the table or to press Ctrl+T, but still wait for Enter,
        as they were read before the croupier took it."""
        def taken(event: CardRead) -> CardRead:
            if event.source != source or not event.doubt.startswith(f"read from shoe {held},"):
                return event
            return replace(event, doubt=f"read from shoe {held} before it was taken as this table's (Ctrl+T, now "
                                        f"{device}): Enter plays it, Del drops it")
        pending = self._snap.pending
        self._publish(replace(self._snap, pending=None if pending is None else taken(pending),
                              waiting=tuple(taken(e) for e in self._snap.waiting)))

    def _foreign(self, event: Any) -> None:
        """What another shoe than the source's own sent (see :mod:`dealer_assist.table.another_shoe`): told and
        journaled with its alert, which holds no read; not acted on."""
        first, _ = self._devices.get(event.source, ("", ""))
        title, text, action = alert_text(event, first)
        self.alert(f"foreign:{reported(event)[0]}", "warning", title, text, action)

    def _unreadable(self, event: Unreadable, told: Optional[str] = None) -> None:
        """A card left ``event.source`` unread (``told``: the text of the shoe's ``ERR MISREAD`` that said so,
        journaled as ``misread``: the entry had been the same as a ``??`` frame's, qaR F9): journaled as one,
        and the next read of that source waits for it to be typed."""
        maybe = " or ".join(c.label for c in event.candidates)
        taken = self._typed_taken_at_next_ask(event)
        typed_at = self._typed_for_unread(event) if told is None else None
        typed = typed_at[0] if typed_at is not None else None
        self._note_zone(event.source, event.why, [c.code for c in event.candidates], event.zone)
        self._write("card_unreadable", {"source": event.source, "source_seq": event.seq,
                                        "candidates": [c.code for c in event.candidates], "why": event.why,
                                        "round": self._snap.state.round_no,
                                        **({"misread": told} if told is not None else {}),
                                        **({"frame": event.frame} if event.frame is not None else {}),
                                        **({"zone": event.zone} if event.zone else {}),
                                        **({"typed_for_it": typed.code} if typed is not None else {})})
        # Cards found lying there when a camera came back may be several: the hold lasts until Enter.
        self._hold_next(event.source, AFTER_UNPLACED if event.why else
                        AFTER_TYPED_UNREAD if typed is not None else AFTER_AN_UNREADABLE)
        if typed_at is not None:
            self._claim_typed(event.source, typed_at[1])
        frame = (f" (video frame {event.frame})" if event.frame is not None
                 else f" (frame {event.seq})" if event.seq is not None and not str(event.source).startswith("camera:")
                 else "") + (f" in the {event.zone.title()} box" if event.zone and not event.why else "")
        if typed is not None:
            placed = self._placed_hand(typed)
            elsewhere = bool(event.zone and placed and placed != event.zone.lower())
            if elsewhere:  # typed before the ask, it took the place due, not its box (qaX F6)
                self._retype_zone[typed.code] = str(event.zone)
            self.alert(TYPED_UNREAD, "warning", "UNREADABLE CARD TYPED?",
                       f"the {event.source} could not read a card{frame}" + (f"; it may be {maybe}" if maybe else "")
                       + f": {typed.label} typed for it"
                       + (f", played in the {placed.title()}'s hand, but the camera saw it in the "
                          f"{str(event.zone).title()} box" if elsewhere else ""),
                       (f"if it lies in the {str(event.zone).title()} box, void it (V) and type it again (K): it then "
                        f"goes to that hand; Enter if it is the {placed.title()}'s" if elsewhere else
                        f"{typed.label} typed for it: Enter if right, Del if not (then type the card dealt there, K); "
                        f"once a read waits behind it, Enter plays that read after {typed.label}, and V voids "
                        f"{typed.label} if it was not the card")
                       + (" (W shows what the camera sees, an unsure card in orange)" if not self.read_only else ""))
            return
        said = f"ERR MISREAD, frame {event.seq}" if event.seq is not None else "ERR MISREAD"
        due = 0 if event.why else self.cards_due(event.source)
        around = None if event.why else self._unread_around(event, told and f"{said}: {told}")
        if around is not None:
            self.alert("unreadable", "error", "UNREADABLE CARD", *around)
            return
        self.alert(f"unplaced:{maybe}:{event.seq}" if event.why else "unreadable", "error",
                   "CARD TO TYPE IN ITS PLACE" if event.why else "UNREADABLE CARD",
                   f"the {event.source} {event.why}"
                   + (f"; it lies in the {event.zone.title()} box: typed, it goes to that hand" if event.zone else "")
                   if event.why else
                   f"the {event.source} saw a card come out but could not read it ({said}: {told})"
                   if told else
                   f"the {event.source} could not read a card" + frame + (f"; it may be {maybe}" if maybe else "")
                   + (f"; {taken}, typed before, is taken for the card it could not read before it (V voids it "
                      "if not: that card is then asked for too)" if taken else ""),
                   "look at the card" + (" (W shows what the camera sees, an unsure card in orange)"
                                         if str(event.source).startswith("camera:") and not self.read_only else "")
                   + " and type each such card in its place (K), then Enter plays the card read after them"
                   if event.why else self._unreadable_do(event.source, due))

    def _unread_around(self, event: Unreadable, told: Optional[str]) -> Optional[tuple[str, str]]:
        """UNREADABLE CARD's words (text, DO) when ``event``'s card came out after a read of its source held behind
        another card it could not read, that card still untyped: both are told, the one before the read first
        (qaAV F6: the newer replaced the older's words, and typed first it went into the older one's place).
        None when the alert tells of one card only (or of cards unread in a row: its count says so)."""
        standing = any(a.code == "unreadable" for a in self._snap.alerts)
        pending = self._snap.pending if self._snap.pending is not None and \
            self._snap.pending.source == event.source else None
        told_before = self._unread_told.get(event.source, []) if standing else []
        self._unread_told[event.source] = [*told_before, (event.seq, pending)]
        if pending is None or reads_again(event.source):
            return None
        hold = self._hold_of.get(event.source)
        newer = hold is not None and hold[1] != self._pending_hold
        due_after = self.cards_due(event.source) if newer else 0
        due_before = (self._cards_due.get(self._pending_hold, 0) if self._own_due(self._pending_hold) else 0) \
            if newer else self.cards_due(event.source)
        entries = self._unread_told[event.source]
        before = [seq for seq, held in entries if not _same_read(held, pending)][-due_before:] if due_before else []
        after = [seq for seq, held in entries if _same_read(held, pending)][-due_after:] if due_after else []
        if not before or not after:
            return None
        return unread_around(event.source, before, after, pending.card.label, told)

    def _due_after(self, pending: Optional[CardRead]) -> int:
        """How many cards the reader of ``pending`` (a shoe's: it reads each card once) left unplayed after it, still
        untyped: a newer wait of that reader than the one ``pending`` waits under (see SnapshotCore.due_after)."""
        hold = self._newer_hold(pending)
        if hold is None or hold[0] not in ONE_MISSING_CARD or reads_again(pending.source):
            return 0
        return self.cards_due(pending.source)

    def _lost_after(self, pending: Optional[CardRead]) -> bool:
        """Whether the reader of ``pending`` lost frames after it: a newer wait of its for lost frames."""
        hold = self._newer_hold(pending)
        return hold is not None and hold[0] == AFTER_A_GAP

    def _newer_hold(self, pending: Optional[CardRead]) -> Optional[tuple[str, int]]:
        """The wait of the reader of ``pending`` opened after ``pending`` was taken under one of its waits, if any
        (a read held for a doubt of its own may have been taken while an older wait stood: none is told as newer)."""
        hold = self._hold_of.get(pending.source) if pending is not None and self._pending_hold is not None else None
        return hold if hold is not None and hold[1] != self._pending_hold else None

    def _unreadable_do(self, source: str, due: int) -> str:
        """UNREADABLE CARD's DO line with ``due`` cards of ``source`` still to type (one, or none counted: type it)."""
        return (f"look at the card{'s' if due > 1 else ''}" + (" (W shows what the camera sees, an unsure card in orange)"
                                                              if str(source).startswith("camera:") and not self.read_only
                                                              else "")
                + (f": {several_unread(due, any(a.code == 'refused' for a in self._snap.alerts), dropped=self._hold_of.get(source, ('', 0))[0] == AFTER_DROPPED and not reads_again(source))}" if due > 1
                   else " and type it (K); the next card read waits until you do"))

    def _unreadable_follows_count(self) -> None:
        """The standing UNREADABLE CARD's DO line says how many cards are due now, once that count changed (fixR39:
        after Del added the dropped read's card it still said "type it (K)" with two due, until raised again).  Only
        with one reader waiting (the alert is every reader's), and only its own words (look at the card...).  Not
        journaled: a restart says the count it rebuilds (:meth:`_restore_holds`)."""
        alert = next((a for a in self._snap.alerts if a.code == "unreadable"), None)
        if alert is None or len(self._hold_of) != 1 or not alert.action.startswith("look at the card"):
            return
        source = next(iter(self._hold_of))
        due = self.cards_due(source)
        typed = not due and self._typed_for_open.get(self._hold_of[source][1], 0) > 0  # a many-card hold's, all typed
        action = self._unreadable_do(source, due) if due else TYPED_ALL if typed else alert.action
        if action != alert.action:
            self._publish(replace(self._snap, alerts=tuple(replace(a, action=action) if a is alert else a
                                                           for a in self._snap.alerts)))

    def _typed_then_read(self, event: CardRead) -> bool:
        """Whether a camera's sure read is most likely a card the croupier typed ahead of it (see
        :data:`TYPED_THEN_READ`): one of its code typed with no wait standing, since that camera last reported a card
        and at most :data:`TYPED_BEFORE_ASK` before.  That typed card then answers no ask."""
        if event.doubt or not str(event.source).startswith("camera:"):
            return False
        since = max(self._reported.get(event.source, 0.0), event.t - TYPED_BEFORE_ASK)
        for n, (card, t, _) in enumerate(self._typed_loose):
            if t >= since and card == event.card:
                del self._typed_loose[n]
                return True
        return False

    def _typed_for_unread(self, event: Unreadable) -> Optional[tuple[Card, int]]:
        """The card typed for the card a camera asks for now, if the croupier typed it before the ask: typed
        while no read waited, since that camera last read a card (an ask of its since leaves a second card typed
        ahead for the next, qaAI F4) and at most :data:`TYPED_BEFORE_ASK`
        before the ask, of a code among its candidates (with none, any such card).  Each such card answers
        one ask (qaU F5: the card typed was asked for again, typed again as told, and played twice).  With it,
        where it was placed (:attr:`_placed_count` then)."""
        if event.why or not str(event.source).startswith("camera:"):
            return None
        before = self._hold_of.get(event.source)
        if before is not None and before[1] != self._pending_hold:
            # Behind a card (or cards) still untyped, no read between (Del on an earlier ask, or on a read held):
            # it is one more to type, as any card unread behind them (_hold_next).  Its ask had replaced a one-card
            # wait, and that card was lost (one-610), or stood unanswerable beside a wait for cards (rs-74).
            return None
        since = max(self._reported.get(event.source, 0.0), event.t - TYPED_BEFORE_ASK)
        codes = {c.code for c in event.candidates}
        for n, (card, t, placed) in enumerate(self._typed_loose):
            if t >= since and (not codes or card.code in codes):
                del self._typed_loose[n]
                return card, placed
        return None

    def _typed_taken_at_next_ask(self, event: Unreadable) -> Optional[str]:
        """Another card ``event.source`` could not read while UNREADABLE CARD TYPED? waits for Enter or Del: the card
        typed is taken for the first (as Enter; journaled so, ``implied``), and this one is asked for as any.  Its ask
        had replaced the first's, whose Enter and Del were then refused, and a void of the card typed asked for one
        card where two lay unread (qaAI F1, F2).  Not while a read of that camera waits (Enter on it answers the
        ask); a read of another camera waiting answers nothing of it (rev31 R6: the ask's wait was replaced by the new
        one and its alert stood, unanswerable, where a restart took it down).  The label of the card taken, or None."""
        hold = self._hold_of.get(event.source)
        pending = self._snap.pending
        if (event.why or hold is None or hold[0] != AFTER_TYPED_UNREAD
                or pending is not None and pending.source == event.source):
            return None
        typed = self._typed_asked_label()
        if not self._write("alert_dismissed", {"codes": [TYPED_UNREAD], "typed_right": True, "implied": True,
                                               "game": self.GAME, "round": self._snap.state.round_no}):
            return None
        self._publish(replace(self._snap, alerts=tuple(a for a in self._snap.alerts if a.code != TYPED_UNREAD)))
        self._hold_ended(event.source)
        return typed

    def _typed_asked_label(self) -> str:
        """The card UNREADABLE CARD TYPED? names as typed for the card the camera could not read."""
        asked = next((a for a in self._snap.alerts if a.code == TYPED_UNREAD), None)
        said = re.search(r": (\S+) typed for it", asked.text) if asked is not None else None
        return said.group(1) if said else "the card typed"

    def typed_unread_asked(self) -> bool:
        """Whether UNREADABLE CARD TYPED? waits for Enter or Del with no read waiting (see _unreadable)."""
        return self._snap.pending is None and any(why == AFTER_TYPED_UNREAD for why, _ in self._hold_of.values())

    def answer_typed_unread(self, right: bool) -> Optional[str]:
        """The croupier's Enter (``right``) or Del on UNREADABLE CARD TYPED? while no read waits: Enter says
        the card typed was the one the camera could not read (the next read plays as it comes); Del says it
        was not, and the card is asked for as any unreadable card (the next read waits until it is typed).
        Journaled as the alert's dismissal with ``typed_right`` (a restart ends or keeps the wait from it)."""
        with self._lock:
            refused = self._replay_refusal()
            if refused is not None:
                return refused
            if not self.typed_unread_asked():
                return "no card typed for an unreadable one is waiting for Enter or Del"
            sources = [s for s, (why, _) in self._hold_of.items() if why == AFTER_TYPED_UNREAD]
            if not self._write("alert_dismissed", {"codes": [TYPED_UNREAD], "typed_right": right, "game": self.GAME,
                                                   "round": self._snap.state.round_no}):
                return self._snap.stopped
            self._publish(replace(self._snap, alerts=tuple(a for a in self._snap.alerts if a.code != TYPED_UNREAD)))
            for source in sources:
                if right:
                    self._hold_ended(source)
                else:
                    self._open_hold(source, AFTER_AN_UNREADABLE)
            if right:
                self._settle_hold_alerts()
                self._publish(replace(self._snap, message="the card typed was the unread one: cards play as they come"))
                return None
            self.alert("unreadable", "error", "UNREADABLE CARD",
                       f"the {sources[0]} could not read a card, and the card typed before it asked was another",
                       "look at the card (W shows what the camera sees) and type it (K); the next card read waits "
                       "until you do")
            return None

    def _double_feed(self, event: DeviceError) -> None:
        """Two cards left the shoe together, one (or both) unread: the next read waits.  The card the shoe read
        just before the ERR may be the second of the two, played in the unread one's place (QA: B1 settled on
        it): the alert names it and its place, for the croupier to check while the round can still be mended."""
        self._hold_next(event.source, AFTER_A_DOUBLE_FEED)
        text, action = f"{event.source}: {event.text}", ERROR_ACTION
        before = self._read_before(event)
        after = self._fed_after_decision(event) if before is None else None
        if after is not None:
            text, action = text + after[0], after[1]
        if before is not None:
            card, place = before
            text += (f". {card.label} was read just before this report" + (f" and played as {place}" if place else "")
                     + ": if the card not read came out before it, "
                     + (f"it is not {place}'s card" if place and not place.startswith("the ")  # B1, seat 3
                        else f"{card.label} is in the unread card's place" if place else "it is not the card it seems"))
            action = (f"check {place}: if {card.label} is not the card there, void it ({self.VOID_LAST_CARD}) and type "
                      "the cards in the order they came out (K)" if place else
                      f"check {card.label}: if the card not read came out first, type that one first (K)")
        self.alert(f"device:{event.code}", "error", f"SHOE REPORTS {event.code.upper()}", text, action,
                   source=event.source, source_seq=event.seq)

    def _fed_after_decision(self, event: DeviceError) -> Optional[tuple[str, str]]:
        """What a double feed reported right after a card read, with a decision keyed between (blackjack's D), adds to
        its alert and its DO line: the card read before is not in doubt (see each game's :meth:`_read_before`)."""
        return None

    def _read_before(self, event: DeviceError) -> Optional[tuple[Card, str]]:
        """The card ``event.source`` read in the frame just before ``event`` and where it went (its place on
        the layout, "" while it waits for the croupier), if that card is still the source's last."""
        if event.seq is None:
            return None
        before = (event.seq - 1) % 65536
        old = self._read_in_old_count.get(event.source, ())
        for read in (self._snap.pending, *self._snap.waiting):
            if read is not None and read.source == event.source and read.seq == before and \
                    not any(read is r for r in old):
                return read.card, ""
        placed = self._placed.get(event.source)
        if placed is not None and placed[0] == before:
            return placed[1], placed[2]
        return None

    def _new_count(self, source: str) -> None:
        """``source``'s shoe began a new count: a SEQ no longer names a card read before it (rev15 F9: a
        DOUBLE_FEED just after a restart named the old count's card of the SEQ before as read just before it,
        and asked to void it)."""
        self._placed.pop(source, None)
        self._read_in_old_count[source] = tuple(r for r in (self._snap.pending, *self._snap.waiting)
                                                if r is not None and r.source == source)

    def _replay_start(self, event: RecordedStart) -> None:
        """A replay begun at a later shoe: the table as the recorded new shoe (or deck) left it."""
        if not self._snap.replay:
            return  # only a replay's table follows a record
        try:
            state = self._started_at(event.op)
        except self.REFUSALS as exc:
            self.alert("replay", "error", "REPLAY STOPPED MATCHING", f"{event.source}: the shoe it starts at cannot "
                       f"be read: {exc}", "replay it from its first shoe, without --shoe")
            return
        self._publish(replace(self._snap, state=state))

    @abc.abstractmethod
    def _blank(self) -> "SessionCore":
        """A new table of this game and these rules, with no journal (a replay rebuilds held reads on one)."""

    @abc.abstractmethod
    def _started_at(self, op: dict) -> Any:
        """The game's table just after the recorded new shoe or deck ``op``, or one of :attr:`REFUSALS`."""

    def _replay_op(self, event: RecordedOp) -> None:
        """A journaled operation played again (no PIN: it was authorised when it was recorded)."""
        self._from_record = True  # the lock is held: no command of another thread runs meanwhile
        try:
            error = self._do({k: v for k, v in event.op.items() if k not in ("shoe", "round", "game")})
        finally:
            self._from_record = False
        if error is not None and not self._snap.stopped:
            self.alert("replay", "error", "REPLAY STOPPED MATCHING", f"{event.source}: {error}",
                       "the record and these table rules differ: replay with the --config the table used")
            return
        op = event.op
        if self.VOIDS_A_CARD(op):  # as live (_card_voided)
            typed, shown = self._replay_typed.pop(self._placed_count, (-1, ()))
            frame = self._replay_typed_frames.pop(self._placed_count, None)
            dropped = self._replay_typed_dropped.pop(self._placed_count, None)
            if dropped is not None:
                self._replay_dropped_due[dropped] = self._replay_dropped_due.get(dropped, 0) + 1
            self._placed_count -= 1
            if frame is not None and (typed > 0 or typed == 0 and self._replay_typed_open):
                self._replay_due_again(*frame)
                held = self._replay_reads.first()
                if held is not None and held.behind == () and held.source == frame[0] and not reads_again(frame[0]):
                    # As live (_due_again, _placed_doubt): the shoe's read held by itself waits under the wait back, and
                    # a card typed next is that card (fixR41: the replay counted it for none, UNREADABLE CARD stayed).
                    held.behind = ((frame[0], frame[1]),)
            if typed == 0 and self._replay_typed_open:  # typed for a wait still open: due again (rev21 R3)
                self._replay_typed_open -= 1
                self._replay_unread += 1
            elif typed > 0:  # the card that ended the wait (R2)
                self._replay_unread, self._replay_typed_open = self._replay_unread + 1, typed - 1
                for alert in shown:
                    self._publish(replace(self._snap, alerts=self._with_alert(alert)))
        elif op.get("op") in self.WAITS_END_OPS:
            self._replay_typed, self._replay_typed_frames = {}, {}  # as live (_end_round_holds, _end_holds)
            self._replay_dropped, self._replay_dropped_due, self._replay_typed_dropped = set(), {}, {}
        if op.get("op") in ("new_shoe", "new_deck") and error is None:
            self._replay_reads.clear()  # as live (_end_holds): dropped, or journaled again as the new shoe's
        if op.get("op") == "void_round":  # as live: the cards not read went aside with the round
            self._replay_many = {}
            self._replay_unread = self._replay_typed_open = 0
            self._replay_unread_frames, self._replay_asks = [], set()
            keep = tuple(a for a in self._snap.alerts if hold_of_alert(a.code) is None)
            if keep != self._snap.alerts:
                self._publish(replace(self._snap, alerts=keep))
        elif op.get("op") in ("new_shoe", "new_deck") and error is None:  # as live (_end_holds): the old shoe's
            self._replay_many = {}
            self._replay_unread = self._replay_typed_open = 0           # alerts go (rev22: CUT CARD OUT stayed)
            self._replay_unread_frames, self._replay_asks = [], set()
            keep = tuple(a for a in self._snap.alerts if a.code.split(":")[0] in FOUND_AGAIN)
            if keep != self._snap.alerts:
                self._publish(replace(self._snap, alerts=keep))
        elif op.get("op") in self.WAITS_END_OPS and error is None:
            self._replay_round_end()
        if op.get("op") in ("burn_unseen", "skip_burn") and isinstance(op.get("burned_unread"), int) and error is None:
            self._replay_burned_unread(op["burned_unread"])
        if op.get("op") == "hold" and error is None:
            # A card after the round, held as such (typed: the correction of the read of that frame): its read is
            # placed, as live (qaAV F4: it stayed queued, and was shown held for good).
            typed = op.get("source") == "keyboard"
            if not typed or op.get("seq") is not None:
                self._replay_reads.settled(None if typed else op.get("source"), op.get("seq"))
        if op.get("op") != "card" or error is not None:
            return
        corrected = None
        if op.get("source") == "keyboard" and op.get("held_for"):  # typed in a held read's place (its correction)
            corrected = self._replay_reads.settled(None, op.get("seq"))
        if op.get("source") == "keyboard":  # qaR F6: a typed card looked like one the shoe read
            # A card typed while a wait's alert stood and no read was held yet answers no read, but it is the card
            # that alert asked for, not one typed at the table for no reason (it had said "typed at the table").
            asked = [a.title for a in self._snap.alerts if hold_of_alert(a.code) is not None]
            self._publish(replace(self._snap, message=f"{_card_label(op)} TYPED by the croupier (K), not read: "
                                  + ("the card missing before a held read, or a correction of one"
                                     if op.get("answers") else f"the card {' / '.join(asked)} asked for"
                                     if asked else "typed at the table")))
            # As live (_typed_in_place): the card a one-card wait asked for is in place, so its alerts go, unless
            # a wait for several cards stands too (verS N2: UNREADABLE CARD stayed up after the card was typed).
            waits = {hold_of_alert(a.code) for a in self._snap.alerts} - {None}
            if op.get("seq") is not None or op.get("held_for"):
                # Typed for a read waiting by itself (unsure, doubted), in its place: it ends no wait (the read's
                # frame number says so, or with a reader that numbers none, its held_for: noseq-262).  Answered as
                # Enter answers it (_answered), with no wait standing the waits' alerts settle: a typed card's CARD
                # REFUSED, the one such alert that stands with none (bj-80: it stayed up; bj-643: a wait stood).
                if corrected is not None and self._replay_typed_refused and waits == {AFTER_A_REFUSAL} \
                        and not (self._replay_unread or self._replay_unread_frames or self._replay_dropped
                                 or self._replay_asks):
                    self._publish(replace(self._snap, alerts=tuple(
                        a for a in self._snap.alerts if hold_of_alert(a.code) is None)))
                return
            # Typed while a read is held, it is the card that read waits for, of its reader (enter_card), not the first
            # card any reader missed; with none of its reader's standing, the card its reader asked about (two-16).
            held = self._replay_reads.first() if op.get("answers") else None
            behind = [f for f in self._replay_unread_frames if held is not None and (f[0], f[1]) in held.behind]
            newer = [f for f in self._replay_unread_frames  # a shoe's (a camera's newer wait replaces the older)
                     if held is not None and not reads_again(held.source) and f[0] == held.source
                     and (f[0], f[1]) not in held.behind]
            if held is not None and not newer and any(
                    f[0] == held.source and (f[0], f[1]) not in held.behind for f in self._replay_unread_frames):
                return  # its camera missed a card since the read was held: as live, the card counts for neither wait
            if held is not None and not behind and self._replay_dropped_due.get(held.source):
                # The card of a read dropped before it (Del), untyped: as live (_typed_while_held, _own_due), the card
                # counts for it, not for one its shoe left unplayed after the read (fixR41: Enter on the read then
                # took UNREADABLE CARD down, the newer card still untyped).
                self._replay_dropped_due[held.source] -= 1
                self._replay_typed_dropped[self._placed_count] = held.source
                if newer:
                    return
            if newer and behind:
                # Its reader missed a card since the read was held: as live (_typed_while_held, _own_due), the card
                # counts first for those missing before the read, and ends no wait (fuzz_shoe 15: 9S, ??, 2C held,
                # ??, then 5C and 3D typed; the replay counted them for neither wait and kept UNREADABLE CARD up).
                first = behind[0]
                self._replay_unread_frames = [f for f in self._replay_unread_frames if f is not first]
                self._replay_unread = max(0, self._replay_unread - 1)
                self._replay_typed_frames[self._placed_count] = self._replay_typed_late[self._placed_count] = first
                self._replay_typed_open += 1
                self._replay_typed[self._placed_count] = (0, ())
                return
            if newer:
                if held.many is not None or not any(
                        (f[0], f[1]) in held.behind and self._replay_typed_late.get(n) == f
                        for n, f in self._replay_typed_frames.items()):
                    # Held behind lost frames or a double feed, a card typed may be one more of theirs: as live
                    # (_typed_while_held), never the newer wait's (fixR42).
                    # No card was typed for the read's own since the newer card was missed (rev39 R2: also those typed
                    # before it counted here): as live (_typed_while_held), it counts for neither wait.
                    return
                behind = newer[:1]  # those typed, it is the newer wait's card (_typed_while_held)
            for_ask = held is not None and not behind and held.source in self._replay_asks
            if held is not None and not behind and not for_ask and self._replay_unread_frames:
                # Its reader's cards are all typed: as live (enter_card), it counts for no other reader's card, and
                # their waits stand (two-1289, two-1661: the replay took another camera's card as typed).
                return
            if for_ask:
                self._replay_asks.discard(held.source)
            else:
                self._replay_unread = max(0, self._replay_unread - 1)
                first = behind[0] if behind else self._replay_unread_frames[0] if self._replay_unread_frames else None
                self._replay_unread_frames = [f for f in self._replay_unread_frames if f is not first]
                if first is not None:
                    self._replay_typed_frames[self._placed_count] = first
                    self._replay_typed_late.pop(self._placed_count, None)
            # Another reader's ask still standing keeps them all up, as live (_settle_hold_alerts: two-279).
            if (waits and waits - {AFTER_A_GAP, AFTER_A_DOUBLE_FEED} <= set(ONE_CARD_HOLDS) and not self._replay_many
                    and not self._replay_unread and not self._replay_dropped and not self._replay_asks):
                if waits == {AFTER_A_REFUSAL} and self._replay_typed_refused:
                    # The alert of a typed card refused, no wait's: live took it down (_settle_hold_alerts) and the
                    # card ended no wait, so a void of it brings none back (bj-439, bj-461).
                    self._publish(replace(self._snap, alerts=tuple(
                        a for a in self._snap.alerts if hold_of_alert(a.code) is None)))
                    return
                self._replay_typed[self._placed_count] = (
                    self._replay_typed_open + 1, tuple(a for a in self._snap.alerts if hold_of_alert(a.code) is not None))
                self._replay_typed_open = 0
                self._publish(replace(self._snap, alerts=tuple(
                    a for a in self._snap.alerts if hold_of_alert(a.code) is None)))
            elif self._replay_unread and not for_ask:
                self._replay_typed_open += 1
                self._replay_typed[self._placed_count] = (0, ())
        else:  # a reader's card played: the waits the table had settle as live (their alerts go unjournaled)
            source = op.get("source")
            taken = self._replay_reads.settled(source, op.get("seq"))
            after = self._unread_after(op if taken is None or taken.frame is None else {**op, "seq": taken.frame})
            self._replay_read_answered(source, taken, after, op.get("held_for") in HOLDS and op.get("confirmed"),
                                       answered=bool(op.get("held_for")))

    def _replay_many_alert(self, note: dict) -> None:
        """In a replay, an alert that opened a wait for cards that may be several (FRAMES LOST, a double feed): as live,
        lost frames open a wait of their own; a double feed too, but right behind such a wait with no read taken under
        it, it is one more of its cards (_hold_next)."""
        left = held_by_alert(note)
        if left is None or left[1] not in (AFTER_A_GAP, AFTER_A_DOUBLE_FEED):
            return
        source, why = left
        held = self._replay_reads.first()
        standing = self._replay_many.get(source)
        if (why == AFTER_A_DOUBLE_FEED and standing is not None
                and not (held is not None and held.source == source and held.many == standing[0])):
            return
        before = standing is None or held is not None and held.source == source and held.many == standing[0] or (
            standing[0] in self._replay_many_before)
        self._replay_many_opened += 1
        self._replay_many[source] = (self._replay_many_opened, why)
        waiting = frozenset(read.seq for read in self._replay_reads.queued() if read.behind is None
                            and read.source == source and isinstance(read.seq, int))
        if before and waiting and not reads_again(source):
            self._replay_many_before[self._replay_many_opened] = (
                self._replay_many_before.get(standing[0], waiting) if standing is not None else waiting)

    def _replay_burned_unread(self, count: int) -> None:
        """In a replay, B or Shift+B settled ``count`` cards left unplayed as burn cards: as live (_burn_done), those
        before the read held come first, then the oldest; with none left due, the waits' alerts go (rev38 R5: the
        replay kept UNREADABLE CARD up after B, where the live table and a restart took it down)."""
        held = self._replay_reads.first()
        frames = self._replay_unread_frames
        ordered = [f for f in frames if held is not None and (f[0], f[1]) in held.behind]
        ordered += [f for f in frames if f not in ordered]
        burned = ordered[:count]
        self._replay_unread_frames = [f for f in frames if f not in burned]
        if count > len(burned):  # as live (_unplayed_waits): a shoe's read dropped among them went with the burn
            self._replay_dropped = {source for source in self._replay_dropped if reads_again(source)}
            self._replay_dropped_due = {}
        # A card to type in place is no UNREADABLE CARD's (see _replay_read_answered); one refused has no frame.
        self._replay_unread = max(0, self._replay_unread - sum(1 for f in burned if not f[2])
                                  - (count - len(burned)))
        self._replay_typed_open = 0
        if self._replay_unread_frames or self._replay_unread or self._replay_dropped or self._replay_asks:
            return
        keep = tuple(a for a in self._snap.alerts if hold_of_alert(a.code) is None)
        if keep != self._snap.alerts:
            self._publish(replace(self._snap, alerts=keep))

    def _replay_read_answered(self, source: Any, taken: Any, after: list[tuple[str, int, bool]],
                              entered: bool, answered: bool = True) -> None:
        """In a replay, the read ``taken`` of ``source`` was played, or answered by Enter (``entered``): the cards its
        reader could not read before it are no longer due, nor those ``after`` it that it was held behind when Enter
        answered it, and the waits' alerts settle as live, once the read waited for the croupier (``answered``): a
        read played as it came settles none (bj-167: a typed card's CARD REFUSED went at the next card read)."""
        if taken is not None and taken.behind and entered:
            # Held under its reader's wait when taken, Enter ended it, for the cards unread after it too (one-78).
            after = [f for f in after if (f[0], f[1]) not in taken.behind]
        left = [f for f in self._replay_unread_frames if f[0] != source] + after
        self._replay_unread_frames, self._replay_typed_open = left, 0
        self._replay_unread = sum(1 for f in left if not f[2])
        self._replay_asks.discard(source)  # a read held under its ask, played: the ask is answered
        self._replay_dropped.discard(source)
        self._replay_dropped_due.pop(source, None)
        if taken is not None and taken.many is not None and self._replay_many.get(source, (None,))[0] == taken.many:
            del self._replay_many[source]  # as live (_end_hold_of): the wait it was held under, not a newer one
        # A read held behind an unread card and played in its place (Enter) leaves the wait of a card its reader
        # could not read after it (or another reader's) standing, and with it, as live, every wait's alert
        # (_settle_hold_alerts); an ask only while one stands (_drop_answered_ask).  They had all gone.
        keep = tuple(a for a in self._snap.alerts if hold_of_alert(a.code) is None or not answered
                     or (a.code == TYPED_UNREAD and self._replay_asks)
                     or (a.code != TYPED_UNREAD and (left or self._replay_dropped or self._replay_many)))
        if keep != self._snap.alerts:
            self._publish(replace(self._snap, alerts=keep))

    def _replay_show_held(self, entry: Optional[tuple[str, int]] = None) -> None:
        """In a replay, the read the table held for the croupier at this point of the record, and those waiting
        behind it, shown as the table showed them (CONFIRM CARD, its strip): as a restart on the journal up to the
        ``entry`` just replayed (path, seq) shows them (:meth:`_restore_holds`, on a blank table of this one's
        state).  Where that restart says only that the table stopped before the read was placed (no stop here), or
        without the journal, built as a restart builds them (:meth:`_wait_again`) from their ``card_read`` entries,
        why the first waited as the journal said when it was answered (replay._HeldReads).  qaAV F4: a replay showed
        no held read until it was played, and one held at the journal's end not at all."""
        reads = [r for r in self._replay_reads.queued() if r.entry]
        first = reads[0] if reads and reads[0].behind is not None else None
        if first is None or first.entry.get("played_as_read"):
            self._replay_holds_none()
            return
        restarted = self._restarted_at(entry) if entry is not None else None
        if restarted is not None and restarted.pending is not None and restarted.pending.doubt != READ_BEFORE_A_STOP:
            self._replay_held_as(restarted)  # as a restart there ("read just before the table stopped": live, none)
            return
        if entry is not None and not isinstance(first.entry.get(HELD_AS), str):
            # Answered by no entry and held by no restart there: shown as the restart shows it, not waiting.
            self._replay_holds_none()
            return
        why = first.entry.get(HELD_AS)
        why = str(first.entry.get("doubt") or "") if not isinstance(why, str) else "" if why.startswith(
            UNSURE_READ) else why  # an unsure read: the banner asks "is it ...?"
        self._wait_again([({**first.entry, "doubt": why}, None), *((r.entry, None) for r in reads[1:])], {})
        self._pending_hold = None  # the replay keeps no live waits

    def _replay_holds_none(self) -> None:
        if self._snap.pending is not None or self._snap.waiting:
            self._publish(replace(self._snap, pending=None, waiting=(), typed_before=(), typed_for=None, cards_due=0))

    def _replay_held_as(self, restarted: Any) -> None:
        """The reads held as the snapshot ``restarted`` of a restart shows them."""
        self._publish(replace(self._snap, pending=restarted.pending, waiting=restarted.waiting,
                              typed_before=restarted.typed_before, typed_for=restarted.typed_for,
                              cards_due=restarted.cards_due))

    def _restarted_at(self, entry: tuple[str, int]) -> Any:
        """The snapshot a restart on journal ``entry[0]`` up to its entry ``entry[1]`` shows (of a blank table given
        this one's state: the reads held, rebuilt by :meth:`_restore_holds`), or None if the journal is gone."""
        from dealer_assist.table.journal import Journal, JournalError

        blank = self._blank()
        try:
            blank._publish(replace(blank._snap, state=self._snap.state))
            with Journal.open(entry[0], readonly=True) as journal:
                blank._restore_holds(_JournalUpTo(journal, entry[1]))
            return blank.snapshot
        except (JournalError, OSError):
            return None
        finally:
            blank.close()

    def _replay_end(self, event: RecordedEnd) -> None:
        """The record played to its end: the reads held then are shown as a restart on that journal shows them, the
        journal read up to the last entry replayed: a read still held when the journal ends was answered by no
        entry that says why it waited (qaAV F4)."""
        if not self._snap.replay:
            return
        restarted = self._restarted_at((event.path, event.last_seq))
        if restarted is None:  # gone since the replay read it: as the record's entries say
            self._replay_show_held()
        else:
            self._replay_held_as(restarted)

    def _replay_many_of(self, read: Any) -> bool:
        """Whether the replay's read ``read`` was taken under its reader's wait for cards that may be several (lost
        frames, a double feed), and that wait still stands (:attr:`_replay_many`)."""
        return read.many is not None and self._replay_many.get(read.source, (None,))[0] == read.many

    def _replay_round_end(self) -> None:
        """As live (_end_round_holds) at the game's round end: no read waits any more for a card missing before it but
        the read held for the croupier, whose wait stays; with none, the waits' alerts go (rev33 R4: baccarat's
        UNREADABLE CARD of a read dropped stayed up in the replay, as blackjack's at its deck check)."""
        held = self._replay_reads.first()
        if held is not None and held.source in self._replay_many and not self._replay_many_of(held):
            held = None  # as live: a newer wait of its reader (frames lost after it) replaced its own, and ends too
        kept = held.source if held is not None else None
        self._replay_unread_frames = [f for f in self._replay_unread_frames if f[0] == kept]
        self._replay_asks = {source for source in self._replay_asks if source == kept}
        self._replay_many = {source: many for source, many in self._replay_many.items()
                             if held is not None and source == kept and many[0] == held.many}
        if held is not None:
            return
        self._replay_unread = self._replay_typed_open = 0
        keep = tuple(a for a in self._snap.alerts if hold_of_alert(a.code) is None)
        if keep != self._snap.alerts:
            self._publish(replace(self._snap, alerts=keep))

    def _replay_due_again(self, source: str, seq: int, why: bool = False) -> None:
        """The card ``source`` could not read at frame ``seq`` is due again (its ask answered No, or the card typed for
        it voided): noted unread, before the cards that source could not read after it."""
        frames = self._replay_unread_frames
        at = next((n for n, f in enumerate(frames) if f[0] == source and 0 < (f[1] - seq) % 65536 < 32768),
                  len(frames))
        self._replay_unread_frames = [*frames[:at], (source, seq, why), *frames[at:]]

    def _unread_after(self, op: dict) -> list[tuple[str, int, bool]]:
        """Of the cards noted unread in a replay, those its reader reported after the card ``op`` played (by frame
        number, which a shoe's count wraps at 65536; a restart of the table, whose camera counts from 1 again, ends
        the list: see _replay_note)."""
        source, seq = op.get("source"), op.get("seq")
        if not isinstance(source, str) or not isinstance(seq, int):
            return []
        return [f for f in self._replay_unread_frames if f[0] == source and 0 < (f[1] - seq) % 65536 < 32768]

    def _replay_renumber(self) -> None:
        """A restart of the table: its cameras count frames from 1 again.  The cards unread and reads before it keep
        their order, numbered just before the new count (each reader's last as 0), so that a read or card unread
        after it comes after them all (fuzz_rs 303: the replay forgot the cards unread before a restart, and took
        UNREADABLE CARD down where the live table kept the wait of a card unread after the read held)."""
        for source, last in self._replay_last_frame.items():
            def moved(seq: int, source: str = source, last: int = last) -> int:
                return (seq - last) % 65536
            self._replay_unread_frames = [(f[0], moved(f[1]), f[2]) if f[0] == source else f
                                          for f in self._replay_unread_frames]
            self._replay_typed_frames = {n: (f[0], moved(f[1]), f[2]) if f[0] == source else f
                                         for n, f in self._replay_typed_frames.items()}
            if source in self._replay_ask_seq:
                self._replay_ask_seq[source] = moved(self._replay_ask_seq[source])
            self._replay_reads.renumber(source, moved)
        self._replay_last_frame = {source: 0 for source in self._replay_last_frame}

    def _replay_frame(self, source: str, seq: Optional[int]) -> int:
        """The number that orders a read or card unread of ``source`` among its others in a replay: its frame number,
        or for a reader that numbers none (a ``plain`` shoe's lines), its count in the journal (fuzz noseq-15: with no
        frame numbers the replay kept no card unread, and took UNREADABLE CARD down where the live table kept it)."""
        if seq is not None:
            self._replay_last_frame[source] = seq
            return seq
        self._replay_unnumbered[source] = self._replay_unnumbered.get(source, 0) + 1
        return self._replay_unnumbered[source]

    def _replay_note(self, event: RecordedNote) -> None:
        """A journaled entry that is no operation, shown in a replay as the table showed it (qaR F6)."""
        if not self._snap.replay:
            return
        note, snap = event.note, self._snap
        kind = note.get("kind")
        if kind == "alert" and isinstance(note.get("code"), str):
            # What the table was told to do, said as such: a replay takes no key of the table's (qaAI F6: its bars
            # read "Enter if right, Del if not" and "type any further cards (K)" as if asking now).
            action = str(note.get("action") or "")
            alert = Alert(note["code"], str(note.get("level") or "error"), str(note.get("title") or ""),
                          str(note.get("text") or ""), f"at the table: {action}" if action else "", self._clock())
            self._replay_many_alert(note)
            if alert.code == "unplaced":  # a restart named the reads left and waits for none of them (_restore_holds)
                self._replay_reads.clear()
            elif alert.code == "unreadable":
                # As many as it says are due ("2 cards could not be read or were refused": a refused read's
                # card with it, rev20 F5), else one more.
                said = re.search(r"(\d+) cards could not be read", alert.action)
                self._replay_unread = max(self._replay_unread + 1, int(said.group(1)) if said else 0)
            self._publish(replace(snap, alerts=self._with_alert(alert)))
        elif kind == "card_read" and isinstance(note.get("source"), str):
            seq = note.get("source_seq")
            seq = seq if isinstance(seq, int) else None
            self._replay_reads.read(note["source"], seq, self._replay_frame(note["source"], seq), note)
        elif kind == "card_refused" and isinstance(note.get("source"), str):
            self._replay_typed_refused = note["source"] == "keyboard"
            if left_unplayed(kind, note) is not None:  # as live (_hold_next): its wait replaces the ask's (bj-156)
                self._replay_asks.discard(note["source"])
            refused = self._replay_reads.refused(note["source"])
            if refused is not None and (refused.behind or refused.source in self._replay_dropped
                                        or self._replay_many_of(refused)):
                # Held under its reader's wait (a card unread, a read dropped, frames lost), then Enter, and the rules
                # refused the card (held, a no-bet hand's): as live (_answered), Enter ended the wait all the same
                # (two-618: UNREADABLE CARD stayed up; rev40 F4: FRAMES LOST did).
                self._replay_read_answered(refused.source, refused, self._unread_after(
                    {"source": refused.source, "seq": refused.frame}), True)
            if left_unplayed(kind, note) == (note["source"], AFTER_A_REFUSAL) and not note.get("held"):
                # As live (_hold_next): the card refused is a card due, the one its reader's wait asks to type, or
                # one more than those due (another reader's, or a shoe's card unread before it, which it never
                # reads again); a camera's own card unread before it it may read again, so its wait replaces that
                # one's (bj-957: a void brought back the wait the card typed had ended, and the replay counted one
                # card due where live counted two, so the next card typed took both alerts down).
                source = note["source"]
                again = reads_again(source) and any(f[0] == source for f in self._replay_unread_frames)
                self._replay_unread = max(self._replay_unread, 1) if again else self._replay_unread + 1
        elif kind == "card_unreadable" and isinstance(note.get("source"), str):
            seq = note.get("source_seq")
            frame = self._replay_frame(note["source"], seq if isinstance(seq, int) else None)
            if note.get("typed_for_it"):
                self._replay_asks.add(note["source"])
                self._replay_ask_seq[note["source"]] = frame
            else:
                self._replay_unread_frames.append((note["source"], frame, bool(note.get("why"))))
                held = self._replay_reads.first()
                if (not note.get("why") and held is not None and held.source == note["source"]
                        and held.many is not None and self._replay_many.get(held.source, (None,))[0] == held.many
                        and not reads_again(held.source)):
                    del self._replay_many[held.source]  # as live (_hold_next): a wait of its own replaces it
        elif kind == "alert_dismissed":
            codes = {c for c in note.get("codes") or () if isinstance(c, str)}
            if "unreadable" in codes:
                self._replay_unread = 0
                self._replay_unread_frames = []
            if TYPED_UNREAD in codes and note.get("typed_right") is False:
                # Del on the ask, or the card typed for it voided: as live (_open_hold), the card it asked about is
                # due, its camera's next read waits for it (two-780: another camera's read took the wait down).
                held = self._replay_reads.first()
                for source in self._replay_asks:
                    if source in self._replay_ask_seq:
                        self._replay_due_again(source, self._replay_ask_seq[source])
                        if held is not None and held.behind is not None and held.source == source:
                            # As live (_ask_again): its read held under the ask waits for that card now, and a card
                            # typed is that card (rs-333: the replay counted it for none, UNREADABLE CARD stayed).
                            held.behind = (*held.behind, (source, self._replay_ask_seq[source]))
            if TYPED_UNREAD in codes:
                self._replay_asks = set()
            if "gap" in codes:  # as live (dismiss): the gaps' waits end
                self._replay_many = {s: m for s, m in self._replay_many.items() if m[1] != AFTER_A_GAP}
            self._publish(replace(snap, alerts=tuple(a for a in snap.alerts if a.code not in codes)))
        elif kind == "read_dropped":
            seq = note.get("source_seq")
            doubt = note.get("doubt")
            if note.get("source") in self._replay_many and not (doubt and (
                    doubt in (self.NEW_SHOE_FIRST_WAITS, self.BURNED_BEHIND_DOUBT) or doubt in SAME_CARD_DOUBTS)):
                # As live (_hold_for_dropped): the card dropped came before the reads waiting, which wait for it too.
                self._replay_many_before.pop(self._replay_many[note["source"]][0], None)
            self._replay_reads.settled(note.get("source"), seq if isinstance(seq, int) else None)
            if note.get("waits_for_cards") is True and isinstance(note.get("source"), str):
                self._replay_dropped.add(note["source"])  # as live (_hold_for_dropped): the wait is for cards now
                if self._replay_many.get(note["source"], (None, ""))[1] == AFTER_A_GAP:
                    del self._replay_many[note["source"]]  # lost frames' wait too: the Del wait replaces it
                if note.get("doubt") in DRAWN_ONCE and not reads_again(note["source"]):  # its card one more due
                    self._replay_dropped_due[note["source"]] = self._replay_dropped_due.get(note["source"], 0) + 1
            if note.get("doubt") == AFTER_TYPED_UNREAD:  # as live (_drop_answered_ask): no Enter or Del on it now
                self._replay_asks.discard(note.get("source"))
                if not self._replay_asks:  # another reader's ask stands under the same alert
                    snap = replace(snap, alerts=tuple(a for a in snap.alerts if a.code != TYPED_UNREAD))
            self._publish(replace(snap, message=f"{_card_label(note)} read by {note.get('source')} and DROPPED at "
                                  + ("the table as the same card moved (or put back): not dealt again"
                                     if note.get("moved_from") or note.get("after_round")
                                     else "the table (Del): not dealt")))
        elif kind == "table_started":
            self._replay_renumber()
            self._publish(replace(snap, alerts=self._with_alert(Alert(
                "table_started", "info", "TABLE STARTED AGAIN", restarted_text(note), "none", self._clock()))))

    def _noise(self, event: FrameDropped) -> None:
        """A damaged line: counted, and journaled at most once a second per source with the count since
        (a wrong baud rate sends some 90 a second, each its own synced entry: gigabytes a day).  Many
        in a few seconds are a warning that names the likely causes: the link itself is up."""
        count, reasons, written = self._drops.get(event.source, (0, {}, 0.0))
        reasons = {**reasons, event.reason: reasons.get(event.reason, 0) + 1}
        self._drops[event.source] = (count + 1, reasons, written)
        if _past(event.t, written, DROPS_EVERY):
            self._record_drops(event.source, event.t)
        start, seen, crc = self._noise_window.get(event.source, (event.t, 0, 0))
        if _past(event.t, start, NOISE_WINDOW):
            start, seen, crc = event.t, 0, 0
        crc += bool(event.crc_named)
        self._noise_window[event.source] = (start, seen + 1, crc)
        if seen + 1 == NOISE_LINES and crc * 2 > NOISE_LINES:
            # Whole lines carrying a look-alike CRC are no noise: a device computing another CRC (qaAC F2).
            self.alert(f"noise:{event.source}", "warning", "FRAMES FAIL THE CRC",
                       f"{event.source}: {crc} of {NOISE_LINES} lines in {_span(event.t - start)} came whole, each "
                       f"with another CRC than CRC-16/XMODEM (the last: {event.crc_named or 'a look-alike'}); cards "
                       "still read are checked, but a card may be lost",
                       "the device computes another CRC than CRC-16/XMODEM (hardware/PROTOCOL.md 4): `dealer-assist "
                       "listen` names the one it sends; have its firmware mended")
        elif seen + 1 == NOISE_LINES:
            self.alert(f"noise:{event.source}", "warning", "NOISE ON THE SHOE'S LINE",
                       f"{event.source}: {NOISE_LINES} damaged lines in {_span(event.t - start)}; cards still read are "
                       "checked, but a card may be lost in the noise",
                       "check the port's baud rate (?baud=N), the cable, and that no other program opens the port")

    def _record_drops(self, source: str, t: float) -> None:
        count, reasons, _ = self._drops.get(source, (0, {}, 0.0))
        if count:
            self._write("frame_dropped", {"source": source, "count": count, "reasons": reasons})
        self._drops[source] = (0, {}, t)

    def _gap_alert(self, event: SeqGap, again: bool = False) -> None:
        """FRAMES LOST for ``event``; kept, so that a HELLO showing the shoe did not restart while out of reach
        can take back the part that says more cards may have gone (see :meth:`_hello`: ``again``, the same gap told
        anew).  Gaps of one source while its FRAMES LOST stands are told together, which lie before the read held
        and which after it (qaAV F1: the newer replaced the older's words, two cards missed read as one)."""
        self._gaps[event.source] = event
        standing = any(a.code == "gap" for a in self._snap.alerts)
        told = self._gaps_told.get(event.source, []) if standing else []
        pending = self._snap.pending if self._snap.pending is not None and \
            self._snap.pending.source == event.source else None
        told = [*told[:-1], (event, told[-1][1])] if again and told else [*told, (event, pending)]
        self._gaps_told[event.source] = told
        cut = any(g.may_be_cut for g, _ in told) and not self._cut_out_now()
        if len(told) > 1:
            text, action = lost_together(event.source, [(g.missing, _sure_cards(g)) for g, _ in told],
                                         [_same_read(held, pending) for _, held in told],
                                         pending.card.label if pending is not None else None,
                                         any(g.after_link_loss and not g.bounded for g, _ in told))
        else:
            text = (f"the {event.source} lost {frame_runs(event.missing)}"
                    + (" of a new count" if event.count_went_back else "")
                    + (f": frame {event.card_lost} was a card (the shoe's heartbeat names it as its last), so "
                       + ("a card was missed" if event.missing[0] == event.card_lost else  # in count order, wrapped
                          "at least one card was missed; the lost frames before it may have been cards too")
                       if event.card_lost is not None else
                       f": up to {len(event.missing)} cards may have been missed" if event.bounded
                       and len(event.missing) > 1 else ": a card may have been missed")
                    + ("; they went while it was out of reach (its HELLO since shows it did not restart: no other "
                       "frames went)" if event.bounded else
                       "; they went while it was out of reach, and had the shoe restarted meanwhile, more "
                       "cards than these frames may have gone" if event.after_link_loss else ""))
            action = ("compare the cards on the table with the display and type any missing card (K)"
                      + (": count them, the frames may not tell them all" if event.after_link_loss and not event.bounded
                         else ": count them, each lost frame may have been a card" if event.bounded
                         and len(event.missing) > 1 else ""))
        self.alert("gap", "error", "FRAMES LOST", text + (f"; {MAY_BE_CUT}: look at the shoe" if cut else ""),
                   (f"look at the shoe: {self.CUT_BY_HAND}; then " if cut else "") + action,
                   source=event.source, source_seq=event.seq)

    def _hello(self, event: DeviceHello) -> None:
        """A device introduced itself.  After another boot of it, it restarted: the frames it sent before
        cannot be known (PROTOCOL.md 7.4), so the croupier checks the layout; this alert stays."""
        if event.bounds_gap:
            gap = self._gaps.get(event.source)
            self._write("device_hello", {"source": event.source, "device": event.device, "boot": event.boot,
                                         "firmware": event.firmware, "protocol": event.protocol, "continues": True,
                                         "bounds_gap": True})
            if gap is not None and gap.after_link_loss and any(a.code == "gap" for a in self._snap.alerts):
                self._gap_alert(replace(gap, bounded=True), again=True)
            return
        before = self._counts.count(event.source).boot
        if not event.continues:  # a new count: its SEQs are not the old count's (rev15 F9)
            self._new_count(event.source)
        first, last = self._devices.get(event.source, (event.device, event.device))
        self._write("device_hello", {"source": event.source, "device": event.device, "boot": event.boot,
                                     "firmware": event.firmware, "protocol": event.protocol,
                                     **({"restarted": True} if event.restarted else {}),
                                     **({"continues": True} if event.continues else {}),
                                     **({"table_shoe": first} if first != event.device else {})})
        if event.protocol != 1:
            self.alert(f"protocol:{event.source}", "warning", f"SHOE SPEAKS PROTOCOL {event.protocol}",
                       f"{event.device} speaks shoe protocol {event.protocol}; this dealer-assist speaks protocol 1: "
                       "frames as v1 writes them are still read, any others are passed over",
                       f"set the shoe to protocol 1 (its maker's manual), or update dealer-assist to one that speaks "
                       f"protocol {event.protocol}; meanwhile check each card against the table (K corrects one)")
        self._devices[event.source] = (first, event.device)
        if first != event.device:
            # The reader holds this shoe's cards (serial_shoe.another_shoe): a replug that found another
            # table's shoe of the same model, or a shoe put in this one's place (qaN F14).
            self.alert("hello", "error", "ANOTHER SHOE",
                       f"{event.source} now reads shoe {event.device}, not {first} that it read before: another "
                       "table's shoe, or one put in its place; each card it reads waits for you, and what else it reports "
                       "(its cut card, a new shoe, its errors) is told, not acted on",
                       f"plug this table's shoe ({first}) back in where it was (then Ctrl+T if its cards are still held); if {event.device} is this table's "
                       "shoe now, press Ctrl+T to take it (its cards play again)")
        elif last != first:
            self.alert("hello", "warning", "THIS TABLE'S SHOE AGAIN",
                       f"{event.source} reads shoe {first} again, after {last}: what {first} sent meanwhile "
                       "cannot be known", "compare the cards on the table with the display and type any missing card (K)")
        elif (before is not None and before != event.boot) or event.restarted:
            was = f"boot {before}" if before is not None else "its boot before was not heard"
            self.alert("hello", "warning", "SHOE RESTARTED",
                       f"{event.device} restarted ({was}, now {event.boot}): what it sent just before "
                       "cannot be known", "compare the cards on the table with the display and type any missing card (K)")
        else:
            self.alert("hello", "info", "SHOE CONNECTED",
                       f"{event.device} firmware {event.firmware} (boot {event.boot})", "none")

    def _card_read(self, event: CardRead) -> None:
        if self._typed_then_read(event):
            event = replace(event, doubt=TYPED_THEN_READ)
        self._journal_read(event)
        if self._snap.pending is not None:
            # A card waits for the croupier: this one comes after it.  It replaced it on the screen, and a
            # sure one was played before it, in its place.
            self._publish(replace(self._snap, waiting=self._snap.waiting + (event,)))
            return
        self._take(event)

    def _journal_read(self, event: CardRead) -> None:
        self._reported[event.source] = max(self._reported.get(event.source, 0.0), event.t)
        self._write("card_read", {"card": event.card.code, "source": event.source, "confidence": event.confidence,
                                  "source_seq": event.seq, "game": self.GAME, "round": self._snap.state.round_no,
                                  **({"doubt": event.doubt} if event.doubt else {}),
                                  **({"candidates": [c.code for c in event.candidates]} if event.candidates else {}),
                                  **({"zone": event.zone} if event.zone else {}),
                                  **({"moved_from": event.moved_from} if event.moved_from else {}),
                                  **({"frame": event.frame} if event.frame is not None else {})})

    def _hold_next(self, source: str, why: str) -> None:
        """The next card ``source`` reads waits for the croupier: a card left it unplayed, and the next
        one would take its place (its hand, its totals, the tableau after it).  A hold for cards that may be
        several (a gap's, cards a camera found lying there) stays."""
        before, number = self._hold_of.get(source, ("", 0))
        once = why in DRAWN_ONCE and not reads_again(source)
        if before in RUN_HOLDS and number != self._pending_hold and once:
            # A shoe's card left unplayed behind lost frames, a double feed or a read dropped (no read between): one
            # more to type before the next read (fixR42: at a gap none was counted, and Enter, Enter played the read
            # in its place; a double feed counted its own card only).
            self._cards_due[number] = self._cards_due.get(number, 0) + 1
        # A shoe's card left unplayed after the read held under such a wait is a card after the read, not one before
        # it: a wait of its own, as after a one-card hold (fixR41: ??, 4H held, Del, 5C held, ?? lost it; fixR42: the
        # same behind FRAMES LOST or a double feed).
        after_held = before in RUN_HOLDS and number == self._pending_hold and once
        if source == "keyboard" or before in MANY_CARD_HOLDS and not after_held:
            return
        # Another card unread behind one still untyped (unread, or read and refused), with no read between
        # them: both are to be typed.  A shoe reads each card once: the read after its missing card is never that
        # card, so its one card is due too (Enter refused until it is typed), and any card it left unplayed counts.
        if once and before in ONE_MISSING_CARD and number != self._pending_hold and self._refused_behind(source, number):
            self._refusal_after[source] = why  # the read waiting next came before that card: it waits for it first
            return
        due = (self.cards_due(source) + 1 if (why == AFTER_AN_UNREADABLE or once) and before in ONE_MISSING_CARD
               and number != self._pending_hold else 1)
        self._open_hold(source, why)
        if due > 1 or once:
            self._cards_due[self._holds_opened] = due
        if once and self._read_waits_behind(source):
            self._read_between.add(self._holds_opened)
            if why in (AFTER_AN_UNREADABLE, AFTER_A_DOUBLE_FEED) and self._before_reads(before, number) and (
                    due == 1 or number in self._reads_before):
                # The reads waiting came before this card: they play before its wait (those after the earlier card of
                # a wait it adds to, not before it, still wait under it).
                self._reads_before[self._holds_opened] = self._reads_before.get(
                    number, frozenset(self._seqs_waiting(source))) if due > 1 else frozenset(self._seqs_waiting(source))

    def _refused_behind(self, source: str, number: int) -> bool:
        """Whether a read of ``source`` refused at Enter leaves a read waiting that came before the card unplayed that
        opened the wait ``number`` (rev40 F1: the shoe read ??, 2C, 2S, ??; 2C refused: 2S waits for the card dealt in
        2C's place only, and the read after 2S for the second ??'s, as after a restart)."""
        return (number in self._read_between and self._snap.pending is None and self._pending_hold is None
                and bool(self._snap.waiting) and self._snap.waiting[0].source == source)

    def _before_reads(self, why: str, number: int) -> bool:
        """Whether the wait ``number`` (``why``) a new one replaces counted no card that came after the read held: none
        stood, it was that read's own, or it was opened after the reads waiting behind it too (fixR42's fuzzer, seed 59:
        ??, 2D held, frames lost, 8D, frames lost again; 8D came after the first lost frames, it waits for them)."""
        return not why or number == self._pending_hold or number in self._reads_before

    def _seqs_waiting(self, source: str) -> set[int]:
        """The frame numbers of the reads of ``source`` waiting behind the read held (a restart: behind the first read
        not placed)."""
        if self._restore_queue is not None:
            seqs = [read.get("source_seq") for read, _ in self._restore_queue[1:] if read.get("source") == source]
        else:
            seqs = [event.seq for event in self._snap.waiting if event.source == source]
        return {seq for seq in seqs if isinstance(seq, int)}

    def _read_waits_behind(self, source: str) -> bool:
        """Whether a read of ``source`` waits behind the read held now (a restart: behind the first read it has not
        placed), read before the card its reader leaves unplayed now."""
        if self._restore_queue is not None:
            return any(read.get("source") == source for read, _ in self._restore_queue[1:])
        return self._snap.pending is not None and any(event.source == source for event in self._snap.waiting)

    def cards_due(self, source: str) -> int:
        """How many cards are still to be typed before the next read of ``source`` plays (0: none).  A hold for cards
        that may be several, once the cards it counted are typed, has none due, though Enter still ends it (fixR42: it
        said 1, and UNREADABLE CARD asked to type a card when all were typed)."""
        hold = self._hold_of.get(source)
        if hold is None or hold[0] in MANY_CARD_HOLDS and hold[1] not in self._cards_due and self._typed_for_open.get(
                hold[1]):
            return 0
        return self._cards_due.get(hold[1], 1)

    def _counts_typed(self, source: str) -> bool:
        """Whether a card typed now is one the hold of ``source`` waits for: a one-card hold's, or one of the
        cards still due that a read dropped (Del) carried into its hold (rev21 R6)."""
        hold = self._hold_of.get(source)
        return hold is not None and (hold[0] in ONE_CARD_HOLDS or hold[1] in self._cards_due)

    def _card_typed_for(self, source: str) -> bool:
        """A card typed in the place of one the hold of ``source`` waits for: a one-card hold ends once as
        many were typed as it waits for (True), else it waits for one fewer.  A hold for cards that may be
        several only stops counting: Enter on its read still ends it."""
        why, number = self._hold_of[source]
        if self._placements:
            self._placements[-1] = number  # the card just played counts for this hold
        due = self._cards_due.get(number, 1) - 1
        if due > 0:
            self._cards_due[number] = due
            self._typed_for_open[number] = self._typed_for_open.get(number, 0) + 1
            self._unreadable_follows_count()
            return False
        self._cards_due.pop(number, None)
        typed = self._typed_for_open.pop(number, 0) + 1
        if why in MANY_CARD_HOLDS:
            self._typed_for_open[number] = typed  # a void of one makes it due again (rev22 R22-1)
            self._unreadable_follows_count()  # none due: UNREADABLE CARD no longer asks for one (fixR42)
            return False
        del self._hold_of[source]
        self._ended[number], self._last_ended = EndedWait(source, why, number, typed), number
        return True

    @staticmethod
    def VOIDS_A_CARD(payload: dict) -> bool:  # noqa: N802 (each game's, as HOLDS_END_AT)
        """Whether a journaled correction took the last card played back (each game says)."""
        return False

    def _card_voided(self, defer_asks: bool = False) -> Optional[EndedWait]:
        """The last card played was voided: if it was typed for a hold still waiting for more (several cards
        unread in a row), that card is due again (qaAB F8: KD typed, voided, QH typed ended the wait, and the
        next read was played where the second unread card still lay untyped).  If it was the card that ended
        such a wait, the wait is back, its alerts with it (rev21 R2).  The wait the void made longer is
        returned (its alerts: those to show again), for a restart to do the same.  If it was the card typed
        before a camera asked for one (UNREADABLE CARD TYPED?, answered or not), the card is asked for again
        (:meth:`_ask_again`); ``defer_asks``: a restart does that at the entry that journaled it, so that a
        journal of older code, which did not, restarts as it ran (rev25 F2)."""
        counted = self._placements.pop() if self._placements else None
        snap = self._snap
        if (counted is not None and counted == self._pending_hold and snap.typed_before
                and snap.typed_for is snap.pending):
            # The card typed for the held read's missing card is taken back: its banner no longer names it (seed 530:
            # "9♠ typed: Enter plays 3♦" after 9♠ was voided).
            self._publish(replace(snap, typed_before=snap.typed_before[:-1],
                                  typed_for=snap.pending if len(snap.typed_before) > 1 else None))
        # Typed with no wait standing and voided: it answers no camera's ask after (rev25 F7: the ask named it).
        self._typed_loose = [loose for loose in self._typed_loose if loose[2] != self._placed_count]
        self._placed_count -= 1
        if (counted is not None and counted == self._pending_hold and self._typed_for_open.get(counted, 0) > 0
                and all(number != counted for _, number in self._hold_of.values())):
            self._typed_for_open[counted] -= 1  # typed for the held read's own cards (_typed_while_held): due again
            self._cards_due[counted] = self._cards_due.get(counted, 0) + 1
            if self._snap.pending is not None:
                self._publish(replace(self._snap, cards_due=self._cards_due[counted]))
            return None
        for source, (why, number) in self._hold_of.items():
            if number == counted and why == AFTER_TYPED_UNREAD:  # the card typed before the camera asked
                ask = EndedWait(source, why, number, 0, asked=True)
                return ask if defer_asks else self._ask_again(ask)
            if number == counted and self._typed_for_open.get(number, 0) > 0:
                self._typed_for_open[number] -= 1
                # A hold for cards that may be several counts from none once its carried ones are typed (R22-1).
                self._due_again(source, why, number,
                                self._cards_due.get(number, 0 if why in MANY_CARD_HOLDS else 1) + 1)
                typed = self._held_due_typed
                if (typed is not None and typed[0] == self._placed_count + 1
                        and typed[1] == (number, self._pending_hold)):
                    self._due_for_held, self._held_due_typed = typed[1], None  # the held read's card, due again
                return EndedWait(source, why, number, 0)
        own = self._own_typed_voided(counted)
        if own is not None:
            return own
        ended = self._ended.pop(counted, None) if counted is not None else None
        if ended is None or ended.own:
            return None
        if ended.asked:  # the card typed before the ask, taken for it (Enter), voided (rev25 F1)
            return ended if defer_asks else self._ask_again(ended)
        hold = self._hold_of.get(ended.source)
        if hold is None:
            self._hold_of[ended.source] = (ended.why, ended.number)
            if ended.typed > 1:
                self._typed_for_open[ended.number] = ended.typed - 1
            self._due_again(ended.source, ended.why, ended.number, 1)
        else:  # another card left unread since: both are to be typed
            self._due_again(ended.source, hold[0], hold[1], self._cards_due.get(hold[1], 1) + 1)
            if ended.number == self._pending_hold:  # one of them is the card the held read waits behind
                self._due_for_held = (hold[1], ended.number)
            ended = replace(ended, why=hold[0], number=hold[1])
        for alert in ended.alerts:
            if isinstance(alert, Alert):
                self._publish(replace(self._snap, alerts=self._with_alert(alert)))
        return ended

    def _hold_ended(self, source: str) -> None:
        """``source``'s hold ends, answered.  Under UNREADABLE CARD TYPED? that says the card typed before the ask
        was the one the camera could not read: a void of that card later asks for it again (rev25 F1: Enter, then
        V of the card typed, and the next read went where the unread card lay)."""
        why, number = self._hold_of.pop(source)
        self._cards_due.pop(number, None)
        if why == AFTER_TYPED_UNREAD:
            self._ended[number] = EndedWait(source, why, number, 1, asked=True)

    def _ask_again(self, ask: EndedWait) -> EndedWait:
        """The card typed before a camera asked for the card it could not read was voided: that card is asked for
        (a wait for one card, as after Del); a read waiting under the ask waits under it, and a wait standing for
        another card unread since waits for one more.  The wait it made (or longer) is returned."""
        hold = self._hold_of.get(ask.source)
        if hold is not None and hold[0] != AFTER_TYPED_UNREAD:  # another card left unread since: both to type
            self._due_again(ask.source, hold[0], hold[1], self._cards_due.get(hold[1], 1) + 1)
            return replace(ask, why=hold[0], number=hold[1])
        self._open_hold(ask.source, AFTER_AN_UNREADABLE)
        number = self._holds_opened
        pending = self._snap.pending
        if pending is not None and hold is not None and self._pending_hold == hold[1]:
            self._pending_hold = number  # the read waiting under the ask waits for the card typed again
            self._publish(replace(self._snap, pending=replace(pending, doubt=AFTER_AN_UNREADABLE)))
        # After the read's hold moved: the read says the card is due, as after a restart (rev25 F5: it said "a card
        # ... Enter plays it in its place" live, and Enter was refused).
        self._due_again(ask.source, AFTER_AN_UNREADABLE, number, 1)
        return replace(ask, why=AFTER_AN_UNREADABLE, number=number)

    def _claim_first(self, source: str, placed: list[int]) -> None:
        """A restart's :meth:`_claim_typed`: of the cards of the code typed (``placed``, in order), the first still in
        play and counted for no wait, as the live table took the first loose one (rev25 F6: the last was taken)."""
        for n in [n for n in placed if n <= self._placed_count]:
            back = self._placed_count - n
            if back < len(self._placements) and self._placements[-1 - back] is None:
                placed.remove(n)
                self._claim_typed(source, n)
                return

    def _claim_typed(self, source: str, placed: int) -> None:
        """The card typed before ``source`` asked for the card it could not read, placed as the ``placed``-th card,
        counts for the ask's hold: its void asks for that card again (the ask's Enter had taken the voided card
        for it, and the next read went where the unread card lay)."""
        back, hold = self._placed_count - placed, self._hold_of.get(source)
        # A card that counted for a wait already answered that one (a journal of older code took it for the next
        # ask too): its void brings that wait back, as it did.
        if (hold is not None and hold[0] == AFTER_TYPED_UNREAD and 0 <= back < len(self._placements)
                and self._placements[-1 - back] is None):
            self._placements[-1 - back] = hold[1]

    def _voided_asks(self, ended: Optional[EndedWait]) -> None:
        """After a void at the live table: if the card voided was the one typed before a camera asked for a card
        (UNREADABLE CARD TYPED?), the ask is answered as Del answers it (journaled so, for a restart and a replay):
        the card is asked for."""
        if ended is None or not ended.asked:
            return
        if not self._write("alert_dismissed", {"codes": [TYPED_UNREAD], "typed_right": False, "voided": True,
                                               "game": self.GAME, "round": self._snap.state.round_no}):
            return
        self._publish(replace(self._snap, alerts=tuple(a for a in self._snap.alerts if a.code != TYPED_UNREAD)))
        self.alert("unreadable", "error", "UNREADABLE CARD",
                   f"the {ended.source} could not read a card, and the card typed for it was voided",
                   "look at the card (W shows what the camera sees) and type it (K); the next card read waits "
                   "until you do")

    def _due_again(self, source: str, why: str, number: int, due: int) -> None:
        """``due`` cards are to be typed for the hold ``number`` of ``source``: the read waiting says so, and one
        of that source taken while no wait stood waits under it now (rev22 R22-7: Enter played an unsure read
        in the place of the card the void made due again)."""
        self._cards_due[number] = due
        self._reads_before.pop(number, None)  # a card due again came before the reads waiting
        self._unreadable_follows_count()
        pending = self._snap.pending
        if pending is None or self._read_source(pending) != source:
            return
        if self._pending_hold != number and (pending.doubt in YIELDING_DOUBTS or self._placed_doubt(pending)):
            self._pending_hold = number
            pending = replace(pending, doubt=why)
        if self._pending_hold == number:
            self._publish(replace(self._snap, pending=pending, cards_due=due))

    def _hold_for_dropped(self, source: str, doubt: Any = None, held: Optional[int] = None) -> None:
        """A read dropped (Del) may have been a card: the next read of ``source`` waits for it too, and for
        a card it waited for already (QA: the held read dropped, one typed card ended the hold and the
        next read took the other's place).  Not the new shoe's first card set aside
        (:attr:`NEW_SHOE_FIRST_WAITS`): it was read, and no card is missing behind it.  Nor a read the
        display itself called a card already played (:data:`~dealer_assist.table.holds.SAME_CARD_DOUBTS`: put
        back, or read twice at once): dropped as it says, it was that card, and nothing waits behind it (qaU F6:
        the next read held, "type it in its place first (K)", and the card typed was played twice)."""
        if doubt and (doubt in (self.NEW_SHOE_FIRST_WAITS, self.BURNED_BEHIND_DOUBT) or doubt in SAME_CARD_DOUBTS):
            return  # BURNED_BEHIND_DOUBT: a card out after the burn, before the deal, set aside (rev38 R7)
        why, number = self._hold_of.get(source, ("", 0))
        self._reads_before.pop(number, None)  # the card dropped came before the reads waiting: they wait for it too
        if why in ONE_CARD_HOLDS or why == AFTER_A_GAP:  # a gap's hold ends with Esc on its alert: this one may not
            self._open_hold(source, AFTER_DROPPED)
            # The cards still due before it stay due (rev21 R6: two unread, one typed, the read dropped, and the
            # next read played in the untyped card's place), and one typed for them is due again if voided.  A
            # shoe's read dropped was a card that left it too, never one of them (it reads each card once): one
            # more (fixR36: the banner counted the unread ones only, and Enter played the next read in its place).
            if number in self._cards_due:
                self._cards_due[self._holds_opened] = self._cards_due.pop(number) + (0 if reads_again(source) else 1)
            if number in self._typed_for_open:
                self._typed_for_open[self._holds_opened] = self._typed_for_open.pop(number)
            if held is not None and held != number and self._own_due(held) and not reads_again(source):
                # The read dropped waited under its own hold (``held``) with a newer wait of its shoe standing: the cards
                # still due before it are due too (fixR41: ??, 4H held, ??, Del, and 5C waited for two cards of three).
                opened = self._holds_opened
                self._cards_due[opened] = self._cards_due.get(opened, 1) + self._cards_due.pop(held)
                self._typed_for_open[opened] = self._typed_for_open.get(opened, 0) + self._typed_for_open.pop(held, 0)
                self._placements = [opened if n == held else n for n in self._placements]
            self._placements = [self._holds_opened if n == number else n for n in self._placements]
            if why == AFTER_TYPED_UNREAD:  # V of the card typed before the ask still asks for the card (rev31 R3)
                self._ended[self._holds_opened] = EndedWait(source, why, self._holds_opened, 1, asked=True)
        elif not why:
            self._hold_next(source, AFTER_A_REJECTION)

    def _open_gap_hold(self, source: str) -> None:
        """Lost frames: the next read of ``source`` waits (FRAMES LOST).  The cards its shoe left unplayed before them,
        no read between, still untyped, are still to be typed: the gap's wait counts them (fixR42: ??, FRAMES LOST,
        and Enter, Enter played the next read in the ??'s place).  A read held already keeps its own (_own_due)."""
        why, number = self._hold_of.get(source, ("", 0))
        due = (self._cards_due.get(number, 1 if why in ONE_CARD_HOLDS else 0)
               if why and why != AFTER_TYPED_UNREAD and number != self._pending_hold and not reads_again(source) else 0)
        self._open_hold(source, AFTER_A_GAP)
        if (self._before_reads(why, number) and (not due or number in self._reads_before) and not reads_again(source)
                and self._read_waits_behind(source)):
            # The reads waiting behind the read held came before the frames lost: they play before the gap's wait
            # (fixR42 L1, its fuzzer's blackjack seed 104: the read after them played in the lost frame's place).
            self._reads_before[self._holds_opened] = (self._reads_before[number] if due
                                                      else frozenset(self._seqs_waiting(source)))
        if due:
            opened = self._holds_opened
            self._cards_due.pop(number, None)
            self._cards_due[opened] = due
            if number in self._typed_for_open:
                self._typed_for_open[opened] = self._typed_for_open.pop(number)
            self._placements = [opened if n == number else n for n in self._placements]

    def _gaps_looked_at(self) -> None:
        """Esc on FRAMES LOST (the croupier looked: no card is missing in the frames): the gaps' waits end, but for
        the cards their shoe could not read among them, still counted: those wait as any unread card's (fixR42)."""
        self._hold_of = {source: (AFTER_AN_UNREADABLE, number) if why == AFTER_A_GAP else (why, number)
                         for source, (why, number) in self._hold_of.items()
                         if why != AFTER_A_GAP or number in self._cards_due}

    def _open_hold(self, source: str, why: str) -> None:
        self._holds_opened += 1
        self._hold_of[source] = (why, self._holds_opened)

    def _answered(self, pending: CardRead) -> None:
        """The croupier answered the card waiting: the hold it waited under ends (one opened since,
        by a card that left the source after it, stays)."""
        self._held_due_settled(pending.source, self._pending_hold)
        self._due_for_held = None  # its read is answered
        self._end_hold_of(pending)
        self._pending_hold = None
        self._drop_answered_ask()
        for told in (self._gaps_told, self._unread_told):  # those before it are settled: no more told with a newer
            if pending.source in told:
                told[pending.source] = [(what, None) for what, held in told[pending.source]
                                        if _same_read(held, pending)]

    def _own_typed_voided(self, counted: Optional[int]) -> Optional[EndedWait]:
        """V of a card typed for the cards before a held read while a newer wait of its reader stood (the shoe read A,
        could not read one, read X, held, and missed another: :meth:`_own_due`), once X was played: the card is due
        again, one more card of that newer wait, as README says of a card typed for a wait and voided (fixR39: V of
        X, then V of the card typed, left the count one short, and the next read waited for one card where two were
        missing).  The wait ended since (no newer wait stands): nothing, as before.  The wait made longer, or None."""
        ended = self._ended.get(counted) if counted is not None else None
        if ended is None or not ended.own or counted == self._pending_hold or not self._typed_for_open.get(counted):
            return None
        self._typed_for_open[counted] -= 1
        if not self._typed_for_open[counted]:
            del self._typed_for_open[counted], self._ended[counted]
        hold = self._hold_of.get(ended.source)
        if hold is None:
            return None
        self._due_again(ended.source, hold[0], hold[1], self._cards_due.get(hold[1], 1) + 1)
        return replace(ended, why=hold[0], number=hold[1], own=False)

    def _typed_while_held(self, source: Any, held: Optional[int], why: Any = None) -> bool:
        """A card typed (the last placed) while a read of ``source`` waits under the hold ``held``: it is the first card
        still due before that read.  Its one-card hold ends once its cards are typed (Del then holds nothing more);
        a hold a newer wait of ``source`` replaced (:meth:`_own_due`) counts one fewer; else it may be the card a void
        made due again for it (:meth:`_typed_for_held_due`).  Whether it ended the wait of ``source``.  ``why``: the
        wait the read is held under; behind lost frames or a double feed a card typed may be one more of theirs, never
        the newer wait's (fixR42: the second card of a double feed typed ended the wait of a ?? after the read)."""
        hold = self._hold_of.get(source)
        if hold is not None and hold[1] == held and self._counts_typed(source):
            return self._card_typed_for(source)
        if self._own_due(held):
            # rev38 R6: AS, ??, 4H held, ?? -- the cards typed had counted for no wait, and Enter on 4H was refused for
            # good.  Those before the read come first; a void makes the card due again (:meth:`_card_voided`).
            if self._placements:
                self._placements[-1] = held
            due = self._cards_due.pop(held) - 1
            if due > 0:
                self._cards_due[held] = due
            self._typed_for_open[held] = self._typed_for_open.get(held, 0) + 1
            if due <= 0:  # a void of one after the read was played (:meth:`_own_typed_voided`)
                self._ended[held] = EndedWait(source, "", held, self._typed_for_open[held], own=True)
            return False
        if (hold is not None and held is not None and held not in self._cards_due and self._typed_for_open.get(held)
                and self._due_for_held is None and self._counts_typed(source)
                and why not in (AFTER_A_GAP, AFTER_A_DOUBLE_FEED)):
            return self._card_typed_for(source)  # the read's own cards are typed: this one is the newer wait's
        if hold is not None:
            self._typed_for_held_due(source, held)
        return False

    def _own_due(self, held: Optional[int]) -> bool:
        """Whether the hold ``held`` of the read waiting still counts cards due before that read though it is no
        reader's hold any more: its reader left another card unplayed after it, which opened a newer wait (a shoe's
        ??, 4H held, ??: the newer wait is for the read after 4H)."""
        return (held is not None and held in self._cards_due
                and all(number != held for _, number in self._hold_of.values()))

    def _held_due_settled(self, source: Any, held: Optional[int]) -> bool:
        """The read held under the hold ``held`` was answered (Enter), or the card it waits behind typed: if a void
        had counted that card in the newer wait of ``source`` too (:attr:`_due_for_held`), that wait counts one fewer,
        a wait for one card as it was before the void.  Whether it did."""
        marked, hold = self._due_for_held, self._hold_of.get(source)
        if marked is None or held is None or hold is None or marked != (hold[1], held):
            return False
        number, self._due_for_held = marked[0], None
        due = self._cards_due.get(number, 1) - 1
        if due > 1:
            self._cards_due[number] = due
        else:
            self._cards_due.pop(number, None)
        return True

    def _typed_for_held_due(self, source: Any, held: Optional[int]) -> None:
        """A card typed while the read held under ``held`` waits: if it is the card a void made due again for that
        read (:attr:`_due_for_held`), the newer wait counts one fewer, and a void of the card typed counts it again."""
        marked = self._due_for_held
        if marked is None or not self._held_due_settled(source, held):
            return
        number = marked[0]
        if self._placements:
            self._placements[-1] = number
        self._typed_for_open[number] = self._typed_for_open.get(number, 0) + 1
        self._held_due_typed = (self._placed_count, marked)

    def _squared_from_outside(self, event: CardRead) -> bool:
        """A zoned camera's read, held as a card moved (put back), of its card last played (:attr:`_astray_played`),
        which had come to rest outside every box and was played by Enter in the place due, now read in that place's
        box: the croupier squared it into its box, and it is that card, not a new one: dropped, journaled, with a
        note (qaAJ F1).  Another read of its source played since, or another box: the croupier's to answer, as any
        card put back."""
        astray = self._astray_played.get(event.source)
        placed = self._placed.get(event.source)
        if (astray is None or event.doubt != PUT_BACK or not event.zone or placed is None
                or placed[:2] != astray[:2] or astray[1] != event.card):
            return False
        box = self._squared_box(event.zone, astray[2])
        if box is None:
            return False
        if not self._write("read_dropped", {"card": event.card.code, "source": event.source, "source_seq": event.seq,
                                            "doubt": PUT_BACK, "zone": event.zone, "round": self._snap.state.round_no}):
            return True  # the table stopped: nothing is played
        del self._astray_played[event.source]
        self._publish(replace(self._snap, message=(
            f"{event.card.label}, played from outside every box, squared into {box}: the same card, not a new one "
            f"(read dropped); if another {event.card.label} was dealt there, type it (K)")))
        return True

    def _drop_as_moved(self, event: CardRead, said: str, **noted: Any) -> bool:
        """Drop ``event``, a camera's read of a card the table has already (moved, or put back: see
        :attr:`~dealer_assist.events.CardRead.moved_from`), journaled (``read_dropped`` with the put-back doubt,
        so that a restart keeps no wait behind it) with what the croupier is told (``said``, a note, no alert):
        rev33 R2, cards gathered after the round had held the next round's first read."""
        if not self._write("read_dropped", {"card": event.card.code, "source": event.source, "source_seq": event.seq,
                                            "doubt": PUT_BACK, "round": self._snap.state.round_no,
                                            **({"zone": event.zone} if event.zone else {}),
                                            **({"moved_from": event.moved_from} if event.moved_from else {}),
                                            **noted}):
            return True  # the table stopped: nothing is played
        self._publish(replace(self._snap, message=said))
        return True

    def _squared_box(self, zone: str, where: str) -> Optional[str]:
        """The words for the box ``zone`` when it is the box of the place ``where`` a card was played in from
        outside every box, else None (each game says)."""
        return None

    def _drop_answered_ask(self) -> None:
        """UNREADABLE CARD TYPED? goes once its question is answered, though another card's wait stands: Enter on
        the read held under it said the card typed was the one (its bar still asked "Enter if right, Del if not",
        and Enter or Del on it was refused).  Not journaled, as :meth:`_settle_hold_alerts`: a restart answers it
        at the same entry."""
        pending = self._snap.pending
        if any(why == AFTER_TYPED_UNREAD for why, _ in self._hold_of.values()) or (
                pending is not None and pending.doubt == AFTER_TYPED_UNREAD):
            return
        keep = tuple(a for a in self._snap.alerts if a.code != TYPED_UNREAD)
        if keep != self._snap.alerts:
            self._publish(replace(self._snap, alerts=keep))

    def _end_hold_of(self, pending: CardRead) -> None:
        """End the hold the card waiting waits under, not one opened since."""
        hold = self._hold_of.get(pending.source)
        if hold is not None and hold[1] == self._pending_hold:
            self._hold_ended(pending.source)
        self._settle_hold_alerts()

    def _stash_alerts(self, alerts: tuple) -> None:
        """The alerts of the wait the last card typed ended, taken down now: kept with it for a void to show again."""
        ended = self._ended.get(self._last_ended) if self._last_ended is not None else None
        if ended is not None and not ended.alerts:
            self._ended[ended.number] = replace(ended, alerts=alerts)

    def _settle_hold_alerts(self) -> None:
        """The alerts of the waits go once no read waits for a missing card any more (QA: UNREADABLE CARD
        still said "the next card read waits until you do" once the card was typed).  Not journaled: a
        restart shows them only while a wait is left too (:meth:`_restore_holds`).  While one is, they all
        stay: a wait may stand for several (a double feed's after a refusal)."""
        if self._hold_of:
            return
        keep = tuple(a for a in self._snap.alerts if hold_of_alert(a.code) is None)
        if keep != self._snap.alerts:
            self._stash_alerts(tuple(a for a in self._snap.alerts if a not in keep))
            self._publish(replace(self._snap, alerts=keep))

    def _end_holds(self, shoe: str = "shoe") -> None:
        """A new shoe (blackjack: ``shoe="deck"``): no card read next waits for one missing before it (what
        the old shoe lacked is no place of the new one's), the old shoe's alerts go, and a read still
        waiting for the croupier was of the old shoe: it is dropped, by name, rather than taken as the new
        shoe's first card (its burn)."""
        self._hold_of.clear()
        self._ended, self._placements = {}, []
        self._due_for_held = self._held_due_typed = None
        # What the alerts told of was the old shoe's (a card to type now would go into the new one, a jam,
        # lost frames): only a watched condition's alert stays (a link, the disk).  A restart, which reads
        # the journal back to the new shoe, shows the same (QA).
        self._take_down(lambda a: a.code.split(":")[0] in FOUND_AGAIN)
        snap = self._snap
        reads = ([snap.pending] if snap.pending is not None else []) + list(snap.waiting)
        # Reads from the one held because the shoe said it holds a new shoe are that shoe's: its first
        # cards, its burn (QA: they were dropped as read before it, and the next card taken as the burn).
        first_new = next((n for n, r in enumerate(reads) if r.doubt == self.NEW_SHOE_HOLD), len(reads))
        old, new = reads[:first_new], reads[first_new:]
        if reads:
            self._pending_hold = None
            self._publish(replace(snap, pending=None, waiting=(), cards_due=0))
        if old:
            self.alert("oldreads", "warning", f"READ BEFORE THE NEW {shoe.upper()} DROPPED",
                       f"{', '.join(r.card.label for r in old)} read before the new {shoe} and never placed: "
                       f"not counted in the new {shoe}", f"if one of them is in fact the new {shoe}'s card, type it (K)")
        first = True
        for read in new:
            # Read again, journaled after the new shoe's entry: a restart rebuilds the shoe from there.
            if first:
                first = self._new_shoes_first_read(read)
            else:
                self._card_read(read)

    def _new_shoes_first_read(self, read: CardRead) -> bool:
        """The first read held at a new shoe reported in a round, taken once the new shoe is in (see
        :meth:`_end_holds`): it waits as :attr:`NEW_SHOE_FIRST_WAITS` says, or is played as it comes.  Whether
        the read after it is still the first of the shoe's rounds (this one was burned)."""
        self._card_read(replace(read, doubt=self.NEW_SHOE_FIRST_WAITS or ""))
        return False

    def _end_round_holds(self) -> None:
        """A card missing now has no place in what comes next (baccarat's next round: a card after the
        round is held, not dealt on; blackjack's deck check: every card is counted back), so no read
        waits for it (QA: a read dropped at a round's end held the next round's first card).  A read
        still waiting is the croupier's to answer as it is."""
        self._hold_of = {source: hold for source, hold in self._hold_of.items() if hold[1] == self._pending_hold}
        self._ended, self._placements = {}, []
        self._due_for_held = self._held_due_typed = None
        self._settle_hold_alerts()

    def _burn_done(self, left: int, settle: bool = True) -> int:
        """B with ``left`` burn cards due: cards that left a reader unplayed while they were due (unread, refused, fed
        with another) were burn cards, gone to the discard rack: up to ``left`` of them are no longer waited for, as
        when the croupier types one (qaAQ F2: UNREADABLE CARD stood after B, the round's first read waited behind it
        and the card typed as asked went into seat 1).  How many it settled (``settle=False``: a restart, which
        counts the alerts itself, see :meth:`_restore_holds`)."""
        settled = 0
        if left and self._own_due(self._pending_hold):  # the cards before the read held come first (rev38 R3)
            due = self._cards_due.pop(self._pending_hold)
            if due > left:
                self._cards_due[self._pending_hold] = due - left
            settled = min(due, left)
        for source, (why, number) in self._unplayed_waits():
            if settled >= left:
                continue
            due = self._cards_due.get(number, 1)
            if due <= left - settled:
                self._hold_ended(source)
            else:
                self._cards_due[number] = due - (left - settled)
            settled += min(due, left - settled)
        if settle and settled:
            if self._snap.pending is not None:
                self._publish(replace(self._snap, cards_due=self._cards_due.get(self._pending_hold, 0)))
            self._settle_hold_alerts()
            self._unreadable_follows_count()
        return settled

    def _burn_unplayed(self, left: int) -> int:
        """How many cards :meth:`_burn_done` would settle with ``left`` burn cards due (nothing changes)."""
        due = sum(self._cards_due.get(number, 1) for _, (_, number) in self._unplayed_waits())
        if self._own_due(self._pending_hold):
            due += self._cards_due[self._pending_hold]
        return min(due, left)

    def _left_unplayed(self, why: Any, source: Any, number: Optional[int]) -> bool:
        """Whether the wait ``number`` of ``source``, held under ``why``, is for cards its reader left unplayed and never
        reads again (:data:`DRAWN_ONCE`), or for those and a shoe's read dropped (Del) among them, counted in
        :attr:`_cards_due` (:data:`AFTER_DROPPED`, its card dealt all the same): B, Shift+B and N end both alike (rev39
        P4: a wait left by Del outlived them, and the cards typed as asked went into the round)."""
        return self._burned_behind_why(why, source) and (why in DRAWN_ONCE or number in self._cards_due)

    def _unplayed_waits(self) -> list[tuple[Any, tuple[str, int]]]:
        """The waits :meth:`_left_unplayed` names, as (source, (why, number)): those of :data:`DRAWN_ONCE` first (B
        settled only them before rev39 P4; a journal's ``burned_unread`` of then settles them as it did)."""
        waits = [(source, (why, number)) for source, (why, number) in self._hold_of.items()
                 if self._left_unplayed(why, source, number)]
        return sorted(waits, key=lambda wait: wait[1][0] not in DRAWN_ONCE)

    def _burn_read_held(self, left: int) -> int:
        """B or Shift+B with ``left`` burn cards due and a shoe's read held behind cards it left unplayed: when a burn
        card is left for the read after them, they were burn cards and so is the read (a shoe reads each card once, as
        it leaves): their wait ends and the read is burned as read, before B counts the rest (rev36 R2: Enter had dealt
        it into the round; rev38 R1, R3: also at baccarat's B, and with a card left unplayed after the read, which the
        burn's count then settles).  Not with another reader's card missing too: which came first is not known; nor
        while FRAMES LOST asks whether a card went with frames lost before the read: B does not answer for the croupier,
        and settles the cards before the read only, journaled (rev40 F2: its own Enter, refused, had dropped them
        unjournaled, and a restart asked for them again).  How many cards before the read it settled (0: the read was
        not burned): burn cards too, which the burn's count, lowered by the read only, still holds
        (:meth:`_burn_left_after_read`)."""
        pending, held = self._snap.pending, self._pending_hold
        if (pending is None or not self._left_unplayed(pending.doubt, pending.source, held)
                or reads_again(pending.source) or self._replay_refusal() is not None
                or any(source != pending.source for source, _ in self._unplayed_waits())):
            return 0
        hold = self._hold_of.get(pending.source)
        own = self._own_due(held)
        if not own and (hold is None or hold[1] != held or not self._left_unplayed(hold[0], pending.source, held)):
            return 0
        before = self._cards_due.get(held, 1)
        if left <= before:
            return 0  # no burn card left for it: B says so (_say_burned_behind)
        if self._lost_frames_unanswered(pending):
            return 0
        if own:
            del self._cards_due[held]
        else:
            self._hold_ended(pending.source)
        self._publish(replace(self._snap, cards_due=0))
        self.confirm_pending()
        return before if self._snap.pending is not pending else 0

    def _burn_left_after_read(self, left: int, settled: int) -> int:
        """The burn cards still due for cards left unplayed after a read :meth:`_burn_read_held` burned, ``left`` the
        burn's count since that read: the ``settled`` cards before it were burn cards too (fixR39: with the round's
        first card unread after the read, B or Shift+B settled it as burned, and the round's first read played in its
        place)."""
        return max(0, left - settled)

    @staticmethod
    def _burned_behind_why(why: Any, source: Any) -> bool:
        """Whether a read held under ``why`` waited behind cards B may count burned (:meth:`_say_burned_behind`): a
        shoe's left unplayed, with a read dropped among them too (rev39 P4)."""
        return why in DRAWN_ONCE or (why == AFTER_DROPPED and not reads_again(source))

    def _say_burned_behind(self) -> None:
        """After B settled the cards a read waiting was held behind, with no burn card left for the read: it says so
        (:attr:`BURNED_BEHIND_DOUBT`), where its banner had gone on asking for the card B counted burned (rev36 R2;
        rev38 R2: baccarat's too).  A card left unplayed after it still holds the read after it."""
        waiting = self._snap.pending
        if (waiting is not None and self.BURNED_BEHIND_DOUBT and self._burned_behind_why(waiting.doubt, waiting.source)
                and self._pending_hold not in self._cards_due
                and all(number != self._pending_hold for _, number in self._hold_of.values())):
            self._publish(replace(self._snap, pending=replace(waiting, doubt=self.BURNED_BEHIND_DOUBT)))

    def _typed_in_place(self) -> None:
        """A card typed (or accepted by a supervisor) with none waiting: the card a one-card hold waited
        for is in its place, so the next card read is played as it comes.  One card is one reader's missing card:
        that of the wait opened first (two-120: one card typed ended both cameras' waits, and the other missing
        card was never asked for)."""
        first = next((source for source in self._hold_of if self._counts_typed(source)), None)  # by when it began
        if first is not None:
            self._card_typed_for(first)
        self._settle_hold_alerts()

    def _take(self, event: CardRead) -> None:
        """Play a card read, or have it wait for the croupier: unsure, doubted, or the first after frames
        that may have held a card were lost, or after a card that left unplayed (it would go where that
        card belongs)."""
        hold = None
        if (event.doubt in YIELDING_DOUBTS and event.source in self._hold_of
                and (event.source in self._refusal_after
                     or not self._came_before(event.seq, self._hold_of[event.source][1]))):
            why, hold = self._hold_of[event.source]
            event = replace(event, doubt=why)
        elif not event.doubt and self._out_of_place(event):
            event = replace(event, doubt=self._out_of_place(event))
        if event.confidence < CONFIRM_BELOW or event.candidates or event.doubt:
            self._pending_hold = hold
            typed = self._typed_cards.get(hold, ()) if hold is not None else ()
            self._publish(replace(self._snap, pending=event, typed_before=typed, typed_for=event if typed else None,
                                  cards_due=self._cards_due.get(hold, 0) if hold is not None else 0))
            return
        self._play(event.card, event.source, event.zone, event.confidence, event.seq)

    def _out_of_place(self, event: CardRead) -> str:
        """Why a sure read has no place the table can give it by itself (it waits for the croupier), or "":
        a game's own rule (baccarat: a camera's card read face up while the burn's face-down cards are due)."""
        return ""

    def _placed_doubt(self, pending: CardRead) -> bool:
        """Whether the read waiting was held only because the table had no place for it then (:meth:`_out_of_place`), not
        for a doubt of its reader's: a card its reader left unplayed before it, due again, comes first, and the read
        waits under that wait, as a restart takes it (rev39 P3).  Each game says which of its words those are."""
        return False

    def _read_source(self, pending: CardRead) -> str:
        """The reader whose read ``pending`` is: its own source, but a game's card typed in place of a read stands
        for that read, and waits under that reader's holds (rev40 F3)."""
        return pending.source

    def _take_waiting(self) -> None:
        """The cards read while one waited, in order, now that it is settled."""
        while self._snap.pending is None and self._snap.waiting:
            event, rest = self._snap.waiting[0], self._snap.waiting[1:]
            self._publish(replace(self._snap, waiting=rest))
            self._take(event)
            if event.source in self._refusal_after:  # taken under the wait of the card after it: the refusal's next
                self._hold_next(event.source, self._refusal_after.pop(event.source))

    def _link(self, event: LinkState) -> None:
        links = dict(self._snap.links)
        before = links.get(event.source)
        links[event.source] = event.state
        self._write("link", {"source": event.source, "state": event.state, "detail": event.detail})
        self._publish(replace(self._snap, links=tuple(links.items())))
        if event.state == "lost":
            never_opened = before is None and (event.detail or "").startswith("cannot open")
            self.alert(f"link:{event.source}", "error", "CARD READER LOST",
                       f"{event.source}: {event.detail or 'the connection is gone'}; the table is kept as it is",
                       ("check that the camera is plugged in and its index ('v4l2-ctl --list-devices' lists them), or "
                        "the stream's URL; it keeps trying. Meanwhile type the cards (K)")
                       if never_opened and event.source.startswith("camera:") else
                       ("check that the shoe (or its serial-to-network bridge) is on and reachable at that address; it "
                        "keeps trying. Meanwhile type the cards (K)")
                       if never_opened and event.source.startswith(("serial:socket://", "serial:rfc2217://")) else
                       ("close the other program that holds the port (the text names how to find it); it keeps "
                        "trying. Meanwhile type the cards (K)")
                       if PORT_IN_USE in (event.detail or "") else
                       ("check the port's path (the command 'dealer-assist ports' lists them) and your access to it (the "
                        "dialout group, hardware/README.md); it keeps trying. Meanwhile type the cards (K)")
                       if never_opened else
                       "check the camera; it is opened again by itself, and the cards the table has that lie in view "
                       "are not read again. Meanwhile type the cards (K)"
                       if event.retrying and event.source.startswith("camera:") else
                       "check the cable; it reconnects by itself. Meanwhile type the cards (K)"
                       if event.retrying else "it does not come back by itself: type the cards (K), or check the "
                       "camera and start the display again (Ctrl+Q, dealer-assist run), even mid-round: the cards "
                       "the table has that lie in view are not read again")
        elif event.state == "stale":
            self.alert(f"link:{event.source}", "warning", "CARD READER SILENT",
                       f"{event.source}: {event.detail or 'no message for a while'}", _silent_action(event.detail))
        elif event.state == "ended" and self._snap.replay:
            self.alert(f"link:{event.source}", "info", "REPLAY FINISHED",
                       f"{event.source}: the record has ended: {event.detail or 'nothing more to replay'}",
                       "Esc dismisses this, Ctrl+Q leaves the replay; `dealer-assist run` plays a live table")
        elif event.state == "ended":
            self.alert(f"link:{event.source}", "info", "SOURCE FINISHED",
                       f"{event.source}: {event.detail or 'nothing more to read'}",
                       "type any further cards (K), or start the display with another --source")
        elif event.state == "up" and before in ("lost", "stale"):
            self.dismiss(f"link:{event.source}")

    # -- commands shared by every game -----------------------------------------------
    def select_chip(self, value: Decimal) -> Optional[str]:
        """The chip that clicks on a bet area add or take off."""
        with self._lock:
            refused = self._replay_refusal()
            if refused is not None:
                return refused
            if value not in self._snap.state.rules.chips:
                return self._refuse(f"no chip of {fmt(value)} at this table")
            if value != self._snap.chip and not self._write("chip_chosen", {"amount": str(value)}):
                return self._snap.stopped
            self._publish(replace(self._snap, chip=value, message=f"chip {fmt(value)}"))
            return None

    # -- cards typed or confirmed by the croupier -------------------------------------
    def enter_card(self, text: Any, zone: Optional[str] = None) -> Optional[str]:
        """A card typed by the croupier (a correction, a reader that failed, a card counted back)."""
        with self._lock:
            refused = self._replay_refusal()
            if refused is not None:
                return refused
            try:
                card = parse_card(text, require_suit=self.TYPED_CARD_NEEDS_SUIT)
            except InvalidCardError as exc:
                return self._refuse(str(exc))
            pending = self._snap.pending
            if pending is None and any(why == AFTER_TYPED_UNREAD for why, _ in self._hold_of.values()):
                # Played, it answered the ask without a word, and the same card typed again was played twice (qaAI F3).
                typed = self._typed_asked_label()
                return self._refuse(f"{card.label} not taken: UNREADABLE CARD TYPED? waits first ({typed} was typed "
                                    f"for the card the camera could not read): Enter if it is that card, Del if not, "
                                    "then type the card dealt there")
            zone = zone or self._zone_for_typed(card)
            ahead = self._held_read_first(pending, card) if pending is not None and pending.doubt in HOLDS else None
            if ahead is not None:
                return self._refuse(ahead)
            if pending is not None and pending.doubt in HOLDS:
                # The missing card, typed: it goes before the one read after it, which still waits.
                error = self._play(card, "keyboard", zone, answers=True)
                if error is None:
                    self._typed_before = pending
                    self._note_typed(pending, card)
                    self._forget_found(card.code)
                if error is None:  # refused, it settled nothing: its CARD REFUSED stays, as a restart shows it (bj-188)
                    self._typed_while_held(self._read_source(pending), self._pending_hold, pending.doubt)
                    self._publish(replace(self._snap, cards_due=self._cards_due.get(self._pending_hold, 0)))
                    self._settle_hold_alerts()
                return error
            if pending is not None:
                return self.confirm_pending(card)  # the croupier's correction of an unsure read
            answers = any(self._counts_typed(source) for source in self._hold_of)
            error = self._play(card, "keyboard", zone)
            if error is None:
                self._forget_found(card.code)
                self._typed_for_gaps(card)
                self._typed_in_place()
                if not answers:  # a card typed for a wait answered that ask, not the camera's next (qaU F5)
                    self._typed_loose = [*self._typed_loose[-7:], (card, self._clock(), self._placed_count)]
            return error

    def _held_read_first(self, pending: CardRead, card: Card) -> Optional[str]:
        """Why ``card``, typed while the shoe's read ``pending`` is held, is not taken: the cards missing before that
        read are all typed and its shoe left another card unplayed since, so the card typed is that newer one, which
        came after the read; played now it would go ahead of it (rev39 P2: ??, K♣ held, Q♥ typed, ??, then 6♦ typed
        was played before K♣).  None if it is one of the read's own cards (a void made one due again)."""
        source = self._read_source(pending)
        held, hold = self._pending_hold, self._hold_of.get(source)
        # Behind lost frames or a double feed how many cards are missing is not known: a card typed may be one more.
        if (reads_again(source) or held is None or held in self._cards_due or self._due_for_held is not None
                or pending.doubt in (AFTER_A_GAP, AFTER_A_DOUBLE_FEED)
                or hold is None or hold[1] == held or not self.cards_due(source)
                or not self._left_unplayed(hold[0], source, hold[1])):
            return None
        read = pending.card.label
        return (f"{card.label} not taken: {read} comes first. The cards missing before {read} are typed, and the card "
                f"the shoe left unplayed after it is not one of them: Enter plays {read}, then type {card.label} in "
                "its place (K)")

    def _note_zone(self, source: str, why: Any, codes: list[str], zone: Optional[str]) -> None:
        """A card a camera asked for, in the box ``zone``: one it could not read (``why`` empty), or one it
        found lying there at a restart, of the code ``codes`` names."""
        if why and codes:
            if zone:
                self._found_zone[(source, codes[0])] = zone
        else:
            self._unread_zone[source] = (*self._unread_zone.get(source, ())[-7:], zone)

    def _forget_found(self, code: str) -> None:
        self._found_zone = {key: zone for key, zone in self._found_zone.items() if key[1] != code}
        self._retype_zone.pop(code, None)

    def _placed_hand(self, card: Card) -> Optional[str]:
        """The hand (as a zone names it) the round's last copy of ``card`` was played to, if the game says."""
        return None

    def _zone_for_typed(self, card: Card) -> Optional[str]:
        """The box of the card a camera asked the croupier to type, if ``card`` is typed for it: one found lying
        there at a restart, of its code, or the one it could not read while its hold stands (qaX F1: also with
        a later read waiting behind it).  A card found lying there is forgotten once played (card_assigned)."""
        found = next((z for (source, code), z in self._found_zone.items()
                      if code == card.code and self._hold_of.get(source, ("",))[0] == AFTER_UNPLACED), None)
        if found is not None:
            return found
        if card.code in self._retype_zone and any(why == AFTER_TYPED_UNREAD for why, _ in self._hold_of.values()):
            return self._retype_zone[card.code]  # typed again after V, as UNREADABLE CARD TYPED? said
        for source, (why, _) in self._hold_of.items():
            zones, due = self._unread_zone.get(source, ()), self.cards_due(source)
            if why == AFTER_AN_UNREADABLE and len(zones) >= due and zones[-due]:
                return zones[-due]  # the first of the cards asked for in a row still untyped
        return None

    def _typed_for_gaps(self, card: Any) -> None:
        """``card`` (or its code, from the journal) was typed while no read waited: it answers the holds
        behind lost frames open now (qaR F1), restored so after a restart too (verS N5: the read after it
        asked for the card again)."""
        if isinstance(card, str):
            try:
                card = parse_card(card)
            except InvalidCardError:
                return
        if not isinstance(card, Card):
            return
        for why, n in self._hold_of.values():
            if why in AFTER_LOST_FRAMES:
                self._typed_cards[n] = (*self._typed_cards.get(n, ()), card)

    def _note_typed(self, pending: CardRead, card: Card) -> None:
        """``card`` was typed for the missing card ``pending`` waits behind: its banner says so (qaR F4)."""
        snap = self._snap
        if snap.pending is not pending:
            return
        before = snap.typed_before if snap.typed_for is pending else ()
        self._publish(replace(snap, typed_before=(*before, card), typed_for=pending))

    def confirm_pending(self, card: Optional[Card] = None) -> Optional[str]:
        """Accept the unsure read (or the croupier's correction of it)."""
        with self._lock:
            refused = self._replay_refusal()
            if refused is not None:
                return refused
            pending = self._snap.pending
            if pending is None:
                return "no card is waiting for confirmation"
            if card is None and self._lost_frames_unanswered(pending):
                self._asked_none_missed = pending
                self._write(LOST_FRAMES_ASKED, {"card": pending.card.code, "source": pending.source,  # for a restart
                                                "source_seq": pending.seq, "doubt": pending.doubt, "game": self.GAME,
                                                "round": self._snap.state.round_no})
                return self._refuse(none_missed_asked(pending.card.label))
            if self._pending_hold in self._cards_due:  # cards unread before it, untyped: this read is none of them
                return self._refuse(cards_due_asked(pending.card.label, pending.source, pending.doubt,
                                                    self._cards_due[self._pending_hold]))
            self._publish(replace(self._snap, pending=None, cards_due=0))
            self._answered(pending)  # the croupier has looked at the layout
            chosen = card or pending.card
            error = self._play(chosen, pending.source if card is None else "keyboard", pending.zone, 1.0, pending.seq,
                               answers=card is not None, held=held_record(pending, card))
            self._take_waiting()
            return error

    def _lost_frames_unanswered(self, pending: CardRead) -> bool:
        """Whether Enter on ``pending`` asks first: it waits behind lost frames whose FRAMES LOST stands,
        and neither a card typed for them nor a first Enter has answered it (Esc on the alert does too)."""
        return (pending.doubt in AFTER_LOST_FRAMES and any(a.code == "gap" for a in self._snap.alerts)
                and pending is not self._typed_before and pending is not self._asked_none_missed
                and self._pending_hold not in self._typed_cards)

    def reject_pending(self) -> None:
        """Drop the card waiting (Del), and keep what is still missing before the reads behind it: a
        held read's hold stays (the cards it waited for are still to be typed), and an unsure read
        dropped may have been a card, so the next read of its source waits for it as after an
        unreadable one.  Else that read would take the dropped card's place."""
        with self._lock:
            if self._replay_refusal() is not None:
                return
            pending = self._snap.pending
            if pending is None:
                self._publish(replace(self._snap, message="no card is waiting"))
                return
            if not self._write("read_dropped", {"card": pending.card.code, "source": pending.source,
                                                "source_seq": pending.seq, "doubt": pending.doubt,
                                                "round": self._snap.state.round_no,
                                                **({"waits_for_cards": True} if self._waits_for_cards_after_drop(
                                                    pending) else {}), **self._drop_notes(pending)}):
                return
            held, self._pending_hold = self._pending_hold, None  # the hold it waited under stays: its cards are missing
            self._due_for_held = None  # both cards the newer wait counts are still missing
            first = bool(pending.doubt) and pending.doubt == self.NEW_SHOE_FIRST_WAITS
            burned = bool(pending.doubt) and pending.doubt == self.BURNED_BEHIND_DOUBT
            self._publish(replace(self._snap, pending=None, cards_due=0, message=(
                f"{pending.card.label} set aside, not dealt: count it back at this deck's check"
                if first else f"{pending.card.label} set aside (Del), not dealt: it came out after the burn, before "
                "the round's first card" if burned
                else f"held read {pending.card.label} dropped: type each card missing before it (K)"
                if pending.doubt in HOLDS else f"{pending.card.label} dropped as the card already played: nothing "
                "waits for it" if pending.doubt in SAME_CARD_DOUBTS else "unsure read rejected: type the card (K)")))
            self._hold_for_dropped(pending.source, pending.doubt, held)
            self._unreadable_follows_count()
            if first:
                self._pass_first_wait(pending.source)
            self._take_waiting()
            self._drop_answered_ask()  # the wait it was held under is the dropped read's now: no Enter or Del on it

    def _drop_notes(self, pending: CardRead) -> dict:
        """What a game journals besides with ``pending`` dropped by Del, for a restart to know it (see
        :meth:`reject_pending`)."""
        return {}

    def _waits_for_cards_after_drop(self, pending: CardRead) -> bool:
        """Whether, ``pending`` dropped (Del), the next read of its source waits for cards that may be several (only
        Enter on it ends the wait, whatever is typed: :meth:`_hold_for_dropped`).  Journaled with the drop for a
        replay, which keeps no waits of its own (rev31 R6: its UNREADABLE CARD went at the next card typed)."""
        why = self._hold_of.get(pending.source, ("", 0))[0]
        same = bool(pending.doubt) and (pending.doubt in (self.NEW_SHOE_FIRST_WAITS, self.BURNED_BEHIND_DOUBT)
                                        or pending.doubt in SAME_CARD_DOUBTS)
        return why in MANY_CARD_HOLDS or not same and (why in ONE_CARD_HOLDS or why == AFTER_A_GAP)

    def _pass_first_wait(self, source: str) -> None:
        """The new shoe's first card set aside: the next read of ``source`` waiting behind it is now the
        first, and waits as it did (QA: played before the bets, it was refused and lost from the strip)."""
        waiting = self._snap.waiting
        if waiting and waiting[0].source == source:
            first = replace(waiting[0], doubt=self.NEW_SHOE_FIRST_WAITS)
            self._publish(replace(self._snap, waiting=(first, *waiting[1:])))

    def close(self) -> None:
        with self._lock:
            for source in list(self._drops):  # the damaged lines counted since the last entry
                self._record_drops(source, 0.0)
        if self._journal is not None:
            try:
                self._journal.close()
            except Exception:  # every entry was committed as it was written: closing loses nothing
                _log.exception("the journal did not close cleanly")
