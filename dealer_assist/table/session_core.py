"""What every table session shares, whatever the game: one lock, journal before publish, alerts, sources.

A game's session (:class:`~dealer_assist.table.session.TableSession` for
baccarat, :class:`~dealer_assist.table.blackjack_session.BlackjackSession`)
supplies its pure ``apply(state, op)``, how an operation is journaled, how
a card is played and what a shoe signal means; everything else (the
observable snapshot, the journal-or-stop rule, alerts, link states,
unsure reads waiting for the croupier) lives here once.

Its longer parts are mixins :class:`SessionCore` inherits, each in its own
module: the reads that wait and their holds (:mod:`.session_waits`), the
waits a burn, a new shoe or a round's end settle (:mod:`.session_burn`),
cards unread (:mod:`.session_unread`), what a reader's line tells besides
its cards (:mod:`.session_link`), the holds a restart restores
(:mod:`.session_restart`), a replay (:mod:`.session_replay`) and the cards
the croupier types or confirms (:mod:`.session_typed`).
"""

from __future__ import annotations

import abc
import logging
import threading
import time
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any, Callable, Optional

from dealer_assist.cards import Card, InvalidCardError, parse_card
from dealer_assist.events import (CardRead, CountPosition, CountRestarted, DeviceError, DeviceHello, FrameDropped,
                                  LinkState, ProfileDoubt, RecordedNote, RecordedEnd, RecordedOp, RecordedStart, SeqGap,
                                  ShoeSignal, SourceEvent, TakenShoe, Unreadable)
from dealer_assist.money import fmt
from dealer_assist.table import disk_room, journal_scan
from dealer_assist.table.alert import Alert
from dealer_assist.table.holds import (AFTER_AN_UNREADABLE, AFTER_NEW_SHOE, TYPED_UNREAD, HOLDS, ONE_CARD_HOLDS,
                                       places_a_card, DRAWN_ONCE, cards_due_asked, READ_AGAIN, reads_again)
from dealer_assist.table.journal import JournalGoneError, JournalPayloadError, JournalSizeLimitError
from dealer_assist.table.missing_alerts import cards, frame_runs  # noqa: F401 (frame_runs: imported from here)
from dealer_assist.table.replay_reads import ReplayReads
from dealer_assist.table.roster_record import (KIND as ROSTER_KIND, refused_pin, restore_lockouts, roster_entries,
                                               roster_to_use, signers)
from dealer_assist.table.rules_record import check_rules
from dealer_assist.table.session_burn import BurnsAndNewShoes
from dealer_assist.table.session_link import ERROR_ACTION, ERROR_ACTIONS, DROPS_EVERY, _past, ReaderLink
from dealer_assist.table.session_replay import ReplayFollowing
from dealer_assist.table.session_restart import RestartRestoring
from dealer_assist.table.session_typed import TypedCards
from dealer_assist.table.session_unread import UnreadCards
from dealer_assist.table.session_waits import CONFIRM_BELOW, EndedWait, ReadWaits
from dealer_assist.table.shoe_counts import ShoeCounts
from dealer_assist.table.supervisor import NO_ROSTER, name_key

_log = logging.getLogger(__name__)

#: Why a replay refuses a command: what it is, why, and what the keys that still work do.
REPLAY_READ_ONLY = ("this is a replay: the table follows the journal, no key changes it. Space: pause, "
                    "Right: step (paused), T: fast / normal pace, Esc: dismiss an alert, Ctrl+Q: leave; "
                    "`dealer-assist run` plays a live table")


class JournalReplayError(ValueError):
    """A journal entry that cannot be replayed onto the table (its chain may hold: a file rebuilt
    or written by other software); the journal is left as it is."""


#: Alerts kept at once (see SessionCore._with_alert).
MOST_ALERTS = 12
#: The entries a round's payments stand on: one of them not written, its pay list is not paid from.
UNRECORDED_PAYMENTS = ("outcome", "settlement")
#: What the pay lists say instead of their payments then.
UNRECORDED_TITLE = "NOT RECORDED: DO NOT PAY"
UNRECORDED_TEXT = ("The journal failed before this round's payments were written (TABLE STOPPED): pay nothing "
                   "from this screen. Once the journal is mended, start dealer-assist again: it writes them and "
                   "shows this list again, to pay from.")


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

#: The operations after which no read waits for a card missing before them (a round's or shoe's end, a misdeal), of
#: every game: each game's own are its :attr:`SessionCore.WAITS_END_OPS`.
WAITS_END = ("void_round", "new_shoe", "new_deck", "next_round", "deck_check")


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


class SessionCore(ReadWaits, BurnsAndNewShoes, UnreadCards, ReaderLink, RestartRestoring, ReplayFollowing,
                  TypedCards, abc.ABC):
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
        #: In a replay, each journaled alert of a wait this shoe as the replay showed it, by code, title and text: one a
        #: restart shows again after an operation (a void) is shown as it was (see _replay_waits_as_restarted).
        self._replay_raised: dict[tuple[str, str, str], Alert] = {}
        #: In a replay, whether a wait's alert stood after the last operation or was raised since (a note may have
        #: taken it down since, where live kept it: see _replay_op).
        self._replay_waits_stood = False
        #: In a replay, the last restart asked for (its journal entry, the table's state, its snapshot): asked twice
        #: after an operation, for the waits' alerts and the reads held, it is made once.
        self._replay_restarted: tuple[Any, ...] = (None, None, None)
        #: In a replay, the reads journaled and not placed yet, as the live table took them (see ReplayReads).
        self._replay_reads = ReplayReads(
            self._replay_behind, lambda source, seq: self._replay_many[source][0] if source in self._replay_many
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
        #: count.
        self._read_between: set[int] = set()
        #: A read refused at Enter while the read waiting next came before such a card: the wait that read alone is
        #: taken under (the refusal's why, and the number opened for it); the shoe's wait stays for the reads after
        #: that card (fixR52: 2H, KD, JD, TH, ??, AC with no bet; KD refused, and AC was played in the ??'s place).
        self._refusal_first: dict[str, tuple[str, int]] = {}
        #: The shoe's waits opened by a card it could not read while reads of it waited behind the read held: the frame
        #: numbers of those reads, which came before the card and play before its wait (fixR42 L1: ??, 4C held, QH
        #: waiting, ??; once 4C was played QH was held under the second ??'s wait, and its card typed played first).
        self._reads_before: dict[int, frozenset[int]] = {}
        #: Per wait of a shoe's cards left unplayed, each card it counted, in order: its frame number, those of the
        #: shoe's reads waiting behind the read held as it came (they came before it), and the wait it opened or would
        #: have (unread, a double feed; a Del wait's dropped read: :data:`AFTER_DROPPED`).  Taken under the wait, such a
        #: read waits for the cards before it only (:meth:`_split_wait`; fixR45's High: ??, 4C held, ??, QH waiting,
        #: ??: QH waited for both later cards, and the card after it, typed, played before it).
        self._counted: dict[int, tuple[tuple[Optional[int], frozenset[int], str], ...]] = {}
        #: Per wait for lost frames or a double feed, the frame numbers of its shoe's reads waiting behind the read held
        #: when those frames were lost or the two cards fed: they came before them.  Taken under the wait with a card
        #: counted before it, such a read waits for that card only, and the frames are the next read's (fixR47's
        #: left-over High: ??, 4C held, ??, QH waiting, frames lost; QH waited for the lost frames too).
        self._run_after: dict[int, frozenset[int]] = {}
        #: Per wait a read was held under and split (:meth:`_split_wait`), what that read now waits for, if the wait's
        #: own kind went to the newer wait (its lost frames or double feed came after the read).
        self._held_why: dict[int, str] = {}
        #: The shoe's waits opened by Del on a read held while a wait for lost frames stood, the frames before the
        #: reads waiting: the wait holds those frames too, beside the cards it counts, so a card typed once those are
        #: typed may be one of the frames', the read's own (fixR51: ??, 7C held, a frame lost, 3S waiting, ??; Del on
        #: 7C, 7C typed, and the lost frame's card, typed, was refused as the ?? after 3S).
        self._frames_lost_before: set[int] = set()
        #: The shoes that a read of was just refused (a card left unplayed): the read taken next waits for every card
        #: counted, not split (:meth:`_split_wait`), as the replay has it.
        self._refused_next: set[str] = set()
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
        #: The cards typed with no read waiting while each shoe's link was silent or lost, as its alert asks, not
        #: heard of since (see ReaderLink._typed_while_down), and those a FRAMES LOST after it named.
        self._typed_unheard: dict[str, list[Card]] = {}
        self._gap_typed: dict[str, list[Card]] = {}
        #: Each shoe's last read (its SEQ, and when it was taken), and the highest SEQ a frame it sent before the last
        #: of those cards was typed can have (see ReaderLink._typed_while_down): a read past it is no late frame.
        self._last_read_at: dict[str, tuple[int, float]] = {}
        self._typed_by_seq: dict[str, int] = {}
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

    @abc.abstractmethod
    def _blank(self) -> "SessionCore":
        """A new table of this game and these rules, with no journal (a replay rebuilds held reads on one)."""

    @abc.abstractmethod
    def _started_at(self, op: dict) -> Any:
        """The game's table just after the recorded new shoe or deck ``op``, or one of :attr:`REFUSALS`."""

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
            elif isinstance(event, ProfileDoubt) and event.cast and event.balanced:
                # Left up over a picture set right, the sign has the croupier check each red card for nothing.
                self._take_down(lambda a: a.code != f"cast:{event.source}")
            elif isinstance(event, ProfileDoubt) and event.cast:  # no hold: the cards are read, balanced back
                self.alert(f"cast:{event.source}", "warning", "CAMERA OFF COLOUR", f"{event.source}: {event.text}",
                           "play on, the cards are still read: check each red card it reads against the table (K "
                           "corrects one), and set the camera's white balance when the table allows; this sign goes "
                           "once the colour is right again (Esc takes it down before)")
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

    def close(self) -> None:
        with self._lock:
            for source in list(self._drops):  # the damaged lines counted since the last entry
                self._record_drops(source, 0.0)
        if self._journal is not None:
            try:
                self._journal.close()
            except Exception:  # every entry was committed as it was written: closing loses nothing
                _log.exception("the journal did not close cleanly")
