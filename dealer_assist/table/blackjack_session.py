"""The blackjack table session: the blackjack state, its journal, its subscribers and the card sources.

The same contract as the baccarat :class:`~dealer_assist.table.session.TableSession`:
card sources call :meth:`BlackjackSession.handle` from their own threads and
the display calls the command methods; both go through one lock and one
path (build an operation, :func:`~dealer_assist.table.blackjack_state.apply`
it, journal it, and only then publish a new immutable
:class:`BlackjackSnapshot`).  A refused operation changes nothing and
becomes a message, and a refused card an alert that cannot be missed.
Restarting on the same journal replays its operations, so the recovered
table is the one that was shown.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any, Callable, Optional

from dealer_assist.blackjack.round import given_position
from dealer_assist.blackjack.script import round_json
from dealer_assist.cards import Card, InvalidCardError, parse_card
from dealer_assist.money import fmt
from dealer_assist.events import MOVED_UNSEEN, OUTSIDE_BOXES, PUT_BACK, CardRead, ShoeSignal
from dealer_assist.table import journal_scan
from dealer_assist.table.blackjack_state import (CUT_STAYS, NOT_IN_THE_STUB, BlackjackPhase,
                                                 BlackjackState, BlackjackTableError, BlackjackTableRules, CardAfterRoundError,
                                                 CardBeforeDealError, DuplicateCardError,
                                                 RoundRecord, UnusableSeatLimitsError, apply,
                                                 check_given_seat_limits, cut_takeback_refusal, deck_started, describe_void,
                                                 MOVED_FROM, no_place_in_box, position,
                                                 rules_from_record, settlement_lines, void_named, void_target)
from dealer_assist.table.holds import (AFTER_A_MISDRAW, AFTER_A_REFUSAL, AFTER_NEW_DECK, HOLDS, NEW_DECK_IN_ROUND,
                                      NEW_DECK_REFUSED, NEW_DECKS_FIRST, NO_PLACE_IN_BOX, NO_ROUND_AFTER, NO_ROUND_CUT,
                                      NO_ROUND_NO_DEAL, PARKED, READ_BEFORE_A_STOP, MOVED_EARLY,
                                      MOVED_PUSHED, SAME_CARD_DOUBTS, AFTER_BURNED_UNREAD,
                                      SET_ASIDE_UNREAD, hold_of_alert, reads_again)
from dealer_assist.table.correction_words import with_authority
from dealer_assist.table.journal import Entry, Journal
from dealer_assist.table.rules_record import replay_rules_of, rules_record
from dealer_assist.table.session_core import CONFIRM_BELOW, ROUND_END, SessionCore, SnapshotCore, round_ends

GAME = "blackjack"

#: The journal kind of each operation (the payload carries ``op`` too, for replay).
OP_KINDS = {
    "card": "card_assigned", "action": "action", "place": "bet_placed", "remove": "bet_removed",
    "clear": "bets_cleared", "rebet": "rebet", "deal": "deal", "void": "correction", "next_round": "round_start",
    "deck_check": "deck_check", "return_stub": "deck_return", "void_return": "correction", "resume": "deck_check",
    "new_deck": "shoe_start", "set_limits": "correction", "cut": "shoe_cut",
    "uncut": "shoe_cut", "skip_burn": "shoe_burn",
}

#: The key of each call (the window's, and its help's): split is P, stand took S.
ACTION_KEYS = {"hit": "H", "stand": "S", "double": "D", "split": "P"}

#: How the doubt of a card read while a decision was due begins (see BlackjackSession._take).
BEFORE_A_DECISION = "read before the decision for "
#: How the doubt of a zoned camera's card read, while a decision is due, in the box of a later place of the round
#: (the dealer's, a later seat's) begins: it waits in its box and is played there once its card is due (qaY Y1).
IN_A_LATER_BOX = "lies in the box of a later place: "
#: The key of each decision, as the banner and the F1 help name them.
DECISION_KEYS = {"hit": "H", "stand": "S", "double": "D", "split": "P"}

#: The source of a card the croupier typed.
KEYBOARD = "keyboard"

#: The journal kind of a card typed in place of a read waiting for the decision (played later by H or D).
CORRECTED_KIND = "read_corrected"

#: A ``read_dropped`` field: Del dropped a read held as MOVED_PUSHED, its card pushed out of this box (see _drop_notes).
PUSHED_FROM = "pushed_from"

#: What a card refused once the cut card is out asks (qaR F2: it offered K and Backspace, neither of which
#: applies: no round is dealt from the deck any more).
SET_ASIDE_CUT_OUT = ("set it aside: the cut card is out, so no round is dealt from this deck; it is counted back "
                     "at the deck check (C), then Ctrl+N puts the new deck in")
#: What a card refused because no round could be dealt for it (no bet, a bet outside the limits) asks.
SET_ASIDE_NO_DEAL = ("set it aside, a misdraw: it went to no hand, and is counted back at the deck check; if it was "
                     "dealt to a player, make the bets right, deal (Space), then type it (K)")

#: What a card not read at the deck check asks (BlackjackSession.alert), by its alert's code: a count-back has no order.
COUNT_BACK_ACTIONS = {
    "unreadable": "type it (K) to count it back, or run it through the reader again; if not, it is MISSING at the end. "
                  "The cards read after it are counted as they come (nothing waits at a deck check)",
    "device:DOUBLE_FEED": "type each card of the two that is not counted (K), or run them through the reader again; "
                          "one left out is MISSING at the end. The cards read after them are counted as they come",
}

#: What the croupier is told next to the banner, per table phase.
PHASE_HINTS = {
    BlackjackPhase.BETTING: "choose a chip (number keys), click a seat or press + at the cursor (arrows move it, - takes a chip off); Space deals",
    # K first, named: typed without it, at a table of typed cards too, 5 and 6 chose chips and D said "double
    # refused", nothing counted (qaW F7); T before K is the stub, a ten after it.
    BlackjackPhase.DECK_CHECK: "count the dealt cards back (shoe reader, or K, then each card and Enter: the cursor "
                               "stays in the card field, Esc leaves it); T counts the stub; "
                               "Ctrl+N puts the new deck in",
}

#: The same in a replay, whose table follows the journal (see :meth:`SessionCore.follow_record`).
REPLAY_HINTS = {
    BlackjackPhase.BETTING: "replay: the recorded bets, then the deal",
    BlackjackPhase.DECK_CHECK: "replay: the cards are counted back as the record has them",
    BlackjackPhase.SETTLED: "paid as shown; the replay goes on by itself to the next round",
}


class BlackjackSessionError(Exception):
    """The session cannot start on this journal; the message says why and what to do."""


@dataclass(frozen=True)
class BlackjackSnapshot(SnapshotCore):
    """Everything the blackjack display draws, frozen."""

    #: A card refused as already dealt from this deck, which a supervisor may accept.
    duplicate: Optional[Card] = None

    @property
    def banner(self) -> str:
        s = self.state
        if self.status_banner():
            return self.status_banner()
        if s.phase == BlackjackPhase.BETTING:
            return "CUT CARD OUT" if s.cut_out else f"BURN {s.burn_left}" if s.burn_left else "PLACE YOUR BETS"
        if s.phase == BlackjackPhase.DECK_CHECK:
            return "DECK CHECK"
        prompt = s.round.dealer_prompt if s.round is not None else None
        if prompt:
            return prompt
        due = s.due()
        if due is None:
            return ""
        if due.to_dealer:
            return "CARD TO DEALER"
        seat = s.table_seat(due.seat)
        hand = f" HAND {due.hand + 1}" if due.hands > 1 else ""
        if due.kind == "card":
            return f"CARD TO SEAT {seat}{hand}"
        return f"SEAT {seat}{hand}: " + " / ".join(a.value.upper() for a in due.allowed)

    @property
    def reason(self) -> str:
        s = self.state
        if self.status_reason():
            return self.status_reason()
        if self.replay and s.phase in REPLAY_HINTS:  # the record goes on by itself: no key to invite
            return REPLAY_HINTS[s.phase]
        if s.cut_out and s.phase in (BlackjackPhase.BETTING, BlackjackPhase.SETTLED):
            return "this deck is done: C checks it, then Ctrl+N puts a new one in"
        if s.phase == BlackjackPhase.BETTING and s.burn_left:
            return (f"burn {s.burn_left} card{'s' if s.burn_left > 1 else ''} of the new deck (read by the shoe, or K "
                    "and type it; B: burned unrecorded), then the bets")
        if s.phase in PHASE_HINTS:
            if s.phase == BlackjackPhase.DECK_CHECK:
                rec = s.reconciliation()
                if rec.counted_too_often:  # its own fix, however many were counted since (qaAO F4)
                    return "counted too often: " + void_named(rec.counted_too_often)
                return ("deck complete: Ctrl+N puts the new deck in" if rec.ok else PHASE_HINTS[s.phase])
            return PHASE_HINTS[s.phase]
        if s.phase == BlackjackPhase.SETTLED:
            return "paid as shown: N for the next round, C to check the deck"
        due = s.due()
        if due is not None and due.kind == "action" and self.replay:
            return "the player's recorded call comes next"
        if due is not None and due.kind == "action":
            keys = " · ".join(f"{ACTION_KEYS[a.value]} {a.value}" for a in due.allowed)
            return f"{keys} · Backspace voids the last card or decision"
        if s.dealer_turn:
            return ("the dealer draws to 16 and on soft 17, and stands on hard 17" if s.rules.house.hits_soft_17
                    else "the dealer draws to 16 and stands on 17")
        return s.describe_due()

    @property
    def allowed(self) -> tuple[str, ...]:
        """The actions the rules allow for the active hand now (empty when no decision is due).  A card waiting
        for the croupier does not stop them: the decision comes first, then Enter plays it (qaAF F1: a read held
        after lost frames greyed HIT, STAND and DOUBLE while the banner asked for the decision, and a croupier
        at a touch screen could not give it)."""
        due = self.state.due()
        if due is None or due.kind != "action" or self.stopped:
            return ()
        return tuple(a.value for a in due.allowed)


class BlackjackSession(SessionCore):
    """One blackjack table: state, journal, subscribers and the link to the card sources.

    ``roster`` (a :class:`~dealer_assist.table.supervisor.SupervisorRoster`)
    checks the PIN of a supervisor who voids a deal, card or decision, changes
    the seat limits, accepts a duplicate card or puts a new deck in before the
    old one is reconciled.  Without one, voids, limit changes and overrides
    are the croupier's, journaled with their reason.
    """

    GAME = GAME
    CUT_BY_HAND = ("if the cut card is out, this deck ends with this round: finish it, then check the deck (C) and "
                   "put a new one in (Ctrl+N)")
    REFUSALS = (BlackjackTableError,)
    TYPED_CARD_NEEDS_SUIT = True
    VOID_LAST_CARD = "Backspace"
    #: The read a card typed while it waited for the decision took the place of (it answers that read).
    _read_under_typed: Optional[CardRead] = None
    #: The card of a read held as :data:`MOVED_PUSHED` that Del dropped, the box it was pushed out of, and the round:
    #: the croupier puts it back there, as the hold's words say (see :meth:`_put_back_as_told`).
    _pushed_back: Optional[tuple[Card, str, int]] = None
    #: A read after NEW DECK DURING A ROUND still waiting at Ctrl+N was drawn from the new deck: it is that deck's
    #: first card, and waits for the bets (read between rounds it would close them at once).
    NEW_SHOE_HOLD = AFTER_NEW_DECK
    NEW_SHOE_FIRST_WAITS = NEW_DECKS_FIRST
    BURNED_BEHIND_DOUBT = AFTER_BURNED_UNREAD
    #: A card out after the round is the next round's (its refusal says so): only a deck check, which
    #: counts every card back, ends the wait for it.
    HOLDS_END_AT = (("deck_check", "deck_check"),)  # not its resume, journaled under the same kind
    WAITS_END_OPS = ("deck_check", "new_deck")  # not next_round: the wait may be for the next round's first card

    @staticmethod
    def VOIDS_A_CARD(payload: dict) -> bool:  # noqa: N802 (a class constant's shape, as HOLDS_END_AT)
        """Whether a journaled correction took the last card played back: a card's void, or the deal's with the card
        that closed the bets (rev22 R22-11: the card typed for an unread first card, voided so, was not due again)."""
        return payload.get("op") == "void" and (payload.get("voided") in ("card", "burn")
                                                or payload.get("voided") == "deal" and bool(payload.get("cards")))

    def __init__(self, rules: Optional[BlackjackTableRules] = None, journal: Any = None, *, roster: Any = None,
                 clock: Callable[[], float] = time.time) -> None:
        rules = rules or BlackjackTableRules()
        #: Per zoned source, its card last refused for the box it lies in (see :meth:`_play`): read again in
        #: another box as a card moved (put back), it is that card moved to its right box, played as it comes.
        self._moved_from_box: dict[str, Card] = {}
        #: CARD REFUSED taken down as the card typed in the refused card's place was played (see :meth:`_play`): the
        #: wait that card ends keeps it, for its void to show it again (see :meth:`_typed_in_place`).
        self._typed_over_refusal: tuple = ()
        #: Per zoned source, the box of its card last refused for another reason (dealt already, no place in
        #: the rules): the card typed in its place (K) goes to that box, not to the place due (qaY Y1).
        self._refused_zone: dict[str, str] = {}
        #: The split (deck, round, table seat) whose card moved apart was last read and dropped: once per split.
        self._split_laid_out: Optional[tuple[int, int, int]] = None
        #: Zoned reads set aside in the box of a later place while cards for another box were due (see _park).
        self._parked: list[CardRead] = []
        self._unparking = False
        #: Per reader, the SEQ of its card last played when a decision was last keyed, with that decision and the
        #: place due after it: a DOUBLE_FEED reported right after that card came out after the decision (qaAQ F3).
        self._keyed_after: dict[str, tuple[int, str, str]] = {}
        #: The reader whose new deck was refused after a round (the old one not checked): N holds its next read.
        self._refused_deck_by: Optional[str] = None
        state, deck_seq, chip, roster = self._recover(BlackjackState.new(rules), rules, journal, roster)
        super().__init__(BlackjackSnapshot(state=state, chip=chip), journal, clock)
        self._roster = roster
        restarted = self._ran_before(journal)
        if journal is not None and self.recovered == 0 and not any(True for _ in journal.entries()):
            self._write("shoe_start", {"op": None, "game": GAME, "shoe": state.deck_no, "decks": rules.house.decks,
                                       "seats": rules.seats, "rules": rules_record(rules)})
        self._recovered(journal, deck_seq, roster)
        if restarted:
            self._journal_started(self._snap.state.deck_no)

    # -- recovery -------------------------------------------------------------
    def _restore_holds(self, journal: Any) -> None:
        """As every game, and a card refused as dealt from this deck already, with no card played since,
        waits for a supervisor again (QA: its alert came back offering the PIN, and F9 found nothing to
        accept)."""
        super()._restore_holds(journal)
        self._restore_typed_in_place(journal)
        self._restore_parked(journal)
        self._restore_refused_deck(journal)
        self._restore_pushed_back(journal)
        last = next(journal.entries_where("kind IN ('card_refused', 'card_assigned', 'shoe_start')", (),
                                          newest_first=True), None)
        zone = last.payload.get("zone") if last is not None and last.kind == "card_refused" else None
        if isinstance(zone, str) and isinstance(last.payload.get("source"), str):
            if last.payload.get(NO_PLACE_IN_BOX):
                try:
                    self._moved_from_box[last.payload["source"]] = parse_card(last.payload.get("card"))
                except InvalidCardError:
                    pass
            else:
                self._refused_zone[last.payload["source"]] = zone
        if last is None or last.kind != "card_refused":
            return
        try:
            card = parse_card(last.payload.get("card"))
        except InvalidCardError:
            return
        # Journals before ``dealt_already`` tell only by the table now.
        source = last.payload.get("source")
        if last.payload.get("dealt_already", True) and _dealt_already(self._snap.state, card, source):
            self._publish(replace(self._snap, duplicate=card))

    def _restore_refused_deck(self, journal: Any) -> None:
        """NEW DECK NOT ACCEPTED after a round, shown again, names its reader again: N holds that reader's next read
        as live (fixQA: restarted before N, the new deck's first card was dealt at once into the old deck's round).
        Journals before the alert named its source hold none."""
        if not any(a.code == "newdeck" for a in self._snap.alerts):
            return
        for entry in journal.entries_where("kind IN ('alert', 'shoe_start')", (), newest_first=True):
            if entry.kind == "shoe_start":
                return
            if entry.payload.get("code") == "newdeck":
                source = entry.payload.get("source")
                self._refused_deck_by = source if isinstance(source, str) else None
                return

    PLACED_WITH = ("action",)

    def _placed_then(self, entry: Any, last: bool) -> None:
        """A decision keyed after each reader's last card, as live had it (see :meth:`_fed_after_decision`): fixQA,
        restarted between D and the shoe's DOUBLE_FEED, the alert named no card and no place.  An ``action`` entry of
        an older journal, with no ``due``, is read with the place due now when it is the last entry of the round
        being played."""
        state, payload = self._snap.state, entry.payload
        due = payload.get("due")
        if due is None:
            due = (state.describe_due() if last and state.phase == BlackjackPhase.PLAYING
                   and payload.get("round") == state.round_no else "")
        action = payload.get("action")
        if isinstance(due, str) and isinstance(action, str):
            self._keyed_after = {source: (placed[0], action, due) for source, placed in self._placed.items()}

    def _restore_pushed_back(self, journal: Any) -> None:
        """The card of a read held as :data:`MOVED_PUSHED` that Del dropped this round, as live had it
        (:attr:`_pushed_back`): fixQC, restarted between Del and the camera's read of that card put back in its box,
        that read was held again as put back, and Enter on it raised CARD REFUSED.  Other cards' reads since leave
        it, as live (rev39 R3); the read of that card put back in its box, dropped, ends it
        (:meth:`_put_back_as_told`).  Journals before ``pushed_from`` hold none."""
        state = self._snap.state
        if state.phase != BlackjackPhase.PLAYING:
            return
        put_back: set[tuple[Any, Any]] = set()
        for entry in journal.entries_where("kind IN ('read_dropped', 'shoe_start')", (), newest_first=True):
            payload = entry.payload
            if entry.kind != "read_dropped" or payload.get("round") != state.round_no:
                return
            box = payload.get(PUSHED_FROM)
            if isinstance(box, str):
                if (payload.get("card"), box) not in put_back:
                    try:
                        self._pushed_back = (parse_card(payload.get("card")), box, state.round_no)
                    except InvalidCardError:
                        pass
                return
            if payload.get("doubt") == PUT_BACK:
                put_back.add((payload.get("card"), payload.get("zone")))

    def _restore_parked(self, journal: Any) -> None:
        """The cards set aside in a later box (:meth:`_park`) and not read again since wait there again."""
        state = self._snap.state
        if state.phase != BlackjackPhase.PLAYING:
            return
        parked: list[CardRead] = []
        read_since: set = set()  # (source, source_seq) of the reads journaled after the entry looked at
        for entry in journal.entries_where("kind IN ('read_dropped', 'card_read', 'shoe_start')", (),
                                           newest_first=True):
            payload = entry.payload
            if entry.kind == "shoe_start" or payload.get("round") != state.round_no:
                break
            key = (payload.get("source"), payload.get("source_seq"))
            if entry.kind == "card_read":
                read_since.add(key)
            elif payload.get(PARKED) and key not in read_since and isinstance(payload.get("zone"), str) \
                    and isinstance(payload.get("source"), str):
                try:
                    card = parse_card(payload.get("card"))
                except InvalidCardError:
                    continue
                seq, confidence = payload.get("source_seq"), payload.get("confidence")
                parked.insert(0, CardRead(card, payload["source"], self._clock(),
                                          float(confidence) if isinstance(confidence, (int, float)) else 1.0,
                                          seq if isinstance(seq, int) else None, payload["zone"]))
        self._parked = parked

    def _restore_typed_in_place(self, journal: Any) -> None:
        """The card the croupier typed in place of the read waiting (``read_corrected``) waits in its place
        again, as before the stop, rather than the reader's card.  Only a correction of the very read
        that waits, made after that read was journaled (a later read of the same card is another)."""
        pending = self._snap.pending
        if pending is None or pending.source == KEYBOARD:
            return
        for entry in journal.entries_where("kind IN (?, 'card_read', 'shoe_start')", (CORRECTED_KIND,),
                                           newest_first=True):
            payload = entry.payload
            same = (payload.get("source") == pending.source and payload.get("source_seq") == pending.seq
                    and payload.get("card" if entry.kind == "card_read" else "read") == pending.card.code)
            if entry.kind != CORRECTED_KIND:
                if entry.kind == "shoe_start" or same:
                    return  # the read waiting was journaled after any correction there is
                continue
            if not same:
                continue
            try:
                typed = parse_card(payload.get("card"))
            except InvalidCardError:
                return
            self._read_under_typed = pending
            doubt = pending.doubt if self._typed_held(pending) else self._typed_doubt()
            self._publish(replace(self._snap, pending=replace(
                pending, card=typed, source=KEYBOARD, confidence=1.0, candidates=(), doubt=doubt),
                message=f"{typed.label} typed in place of the {pending.card.label} read before the restart waits "
                        f"in its place: {doubt}"))
            return

    def _typed_held(self, pending: CardRead) -> bool:
        """Whether ``pending`` (a read, or the card typed in its place) waits under a hold of its reader with cards
        still due before it: a V made the card typed for a ?? before it due again (rev40 F3).  The card typed next is
        that card, not a correction of the read."""
        return pending.doubt in HOLDS and self._pending_hold in self._cards_due

    def _read_source(self, pending: CardRead) -> str:
        """A card typed in place of a read stands for that read (rev40 F3: a V brought a wait of its shoe back, and
        it kept its before-the-decision words, so the card typed for the wait was taken as its correction and lost)."""
        if pending.source == KEYBOARD and self._read_under_typed is not None:
            return self._read_under_typed.source
        return pending.source

    def _typed_doubt(self) -> str:
        """The words of a card typed in place of a read, by what is due now (see :meth:`_after_decision`)."""
        due = self._snap.state.due()
        if due is not None and due.kind == "action":
            return self._before_decision()
        return f"typed in place of a read: Enter plays it to {self._hand_words()}, Del drops it if no card was dealt"

    def _blank(self) -> "BlackjackSession":
        return BlackjackSession(self._snap.state.rules)

    def _started_at(self, op: dict) -> BlackjackState:
        return deck_started(self._snap.state.rules, op)

    @staticmethod
    def _replay(state: BlackjackState, journal: Journal) -> tuple[BlackjackState, int, int]:
        """Rebuild the table from the journal's operations (the same :func:`apply` the live table used);
        the state, how many operations the journal holds, and the seq the replay started from.

        As at baccarat, a new deck starts the table afresh but for what its entry keeps (the round's
        number, the limits, the bets on the layout and Rebet's), so the replay starts after the last such
        entry.  Every deck had been replayed (a week's journal, 231,000 entries: 20 s).  Decks put in
        before the entry kept the bets are replayed from the journal's start, as they were."""
        start: Optional[Entry] = None
        for entry in journal_scan.shoe_starts(journal):
            payload = entry.payload
            if payload.get("op") is None and payload.get("game") != GAME:
                game = payload.get("game") or "baccarat"
                raise BlackjackSessionError(
                    f"journal {getattr(journal, 'path', '')} belongs to a {game} table (entry seq {entry.seq}); "
                    f"it was not changed: to go on with it, start with --game {game}; or open a blackjack journal, or "
                    "give a new path with --journal")
            if payload.get("op") == "new_deck" and all(k in payload for k in ("limits", "open_bets", "last_bets")):
                start = entry
        count, from_seq = 0, 0
        if start is not None:
            try:
                state = deck_started(state.rules, start.payload)
            except BlackjackTableError as exc:
                raise BlackjackSessionError(f"journal entry seq {start.seq} (the new deck) cannot be read: {exc}; "
                                            "the journal was not changed: check it with 'dealer-assist journal "
                                            "verify' and call a supervisor") from None
            count, from_seq = journal_scan.operations_through(journal, start.seq), start.seq + 1
        for entry in journal.entries(from_seq):
            payload = entry.payload
            op = payload.get("op")
            if isinstance(op, str):
                try:
                    state = apply(state, payload)
                except BlackjackTableError as exc:
                    raise BlackjackSessionError(f"journal entry seq {entry.seq} ({entry.kind}) cannot be replayed: "
                                                f"{exc}; the journal was not changed: check it with "
                                                "'dealer-assist journal verify' and call a supervisor") from None
                count += 1
        return state, count, from_seq

    def _complete_settlements(self, journal: Journal, from_seq: int) -> None:
        """A crash between a round's last card and its round-end entries: write the missing ones once.
        The rounds to look at are this deck's (the history starts afresh at a new deck), and their
        entries all come after the deck's own, at ``from_seq``."""
        ended = round_ends(journal.entries(from_seq))
        for record in self._snap.state.history:
            self._journal_round_end(record, ended.get((record.deck, record.number), set()))

    def card_due(self) -> bool:
        """True when the next card from the shoe has a place: the virtual shoe deals only then."""
        s = self._snap
        burn = s.state.phase == BlackjackPhase.BETTING and bool(s.state.burn_left)
        return not s.stopped and s.pending is None and (s.state.card_due or burn)

    # -- the game hooks of SessionCore ----------------------------------------
    def _apply(self, state: BlackjackState, op: dict) -> BlackjackState:
        return apply(state, op)

    @staticmethod
    def _entry(op: dict, old: BlackjackState, new: BlackjackState) -> tuple[str, dict]:
        payload = {**op, "game": GAME, "shoe": new.deck_no, "round": new.round_no}
        if op["op"] == "card" and new.burned != old.burned:  # as baccarat's: a burn card names its cards
            return "shoe_burn", {**payload, "cards": [op["card"]], "burn_left": new.burn_left}
        if op["op"] == "card" and new.round is not None and new.round.step is not None and new.round.step.card:
            step = new.round.step
            payload["position"] = position(new, step.seat, step.hand)
        if op["op"] == "action" and new.round is not None and new.round.step is not None:
            step = new.round.step  # who acted: the op names no seat when it was the one due
            payload["position"] = position(new, step.seat, step.hand)
            if new.phase == BlackjackPhase.PLAYING and new.describe_due():  # fixQA: a restart's double feed names it
                payload["due"] = new.describe_due()
        if op["op"] == "new_deck":  # for a reader: each deck names the seat limits it starts under ...
            payload["limits"] = {"min_bet": fmt(new.rules.min_bet), "max_bet": fmt(new.rules.max_bet)}
            # ... and the bets it carries over (on the layout, and Rebet's): with them, a restart
            # starts from this entry (see _replay).
            for key, bets in (("open_bets", new.bets), ("last_bets", new.last_bets)):
                payload[key] = [{"seat": seat, "bet": "main", "stake": fmt(stake)} for seat, stake in bets]
            if new.paid_before is not None:  # a paid round voided back to its bets: the payment still to undo
                payload["paid_before"] = {"bets": settlement_lines(new.paid_before)}
            # ... and, let in by a supervisor over a deck check that did not add up, which cards it lacked or
            # had too often, as the display showed them: what surveillance looks for (qaR F14).
            rec = old.reconciliation()
            if not rec.ok:
                payload["missing"] = [c.code for c in rec.missing]
                payload["seen_too_often"] = [c.code for c in rec.duplicated]
        if op["op"] == "return_stub":  # how many cards T counted back (qaR F14: the entry did not say)
            payload["counted"] = len(old.stub_left)
        if new.bets != old.bets or op["op"] == "deal":
            # The layout as it stands: a Rebet or a Clear names no stake of its own, and a dispute must
            # not need the table rebuilt to know what was staked.
            payload["bets"] = [{"seat": seat, "bet": "main", "stake": fmt(stake)} for seat, stake in new.bets]
        return OP_KINDS.get(op["op"], op["op"]), payload

    def _after(self, old: BlackjackState, new: BlackjackState) -> None:
        if new.settlement is not None and old.settlement is None:
            self._journal_round_end(new.history[-1])
        if new.phase == BlackjackPhase.DECK_CHECK:
            self._counted_too_often(old, new)
        duplicate = self._snap.duplicate
        if duplicate is not None and not _dealt_already(new, duplicate):
            # The table moved on (its first copy voided, the deck check opened): nothing is left for a
            # supervisor to accept, as a restart finds (QA: offered live, not after a restart).
            self._publish(replace(self._snap, duplicate=None))

    def _counted_too_often(self, old: BlackjackState, new: BlackjackState) -> None:
        """A card counted back more often than the deck holds it is said at once, with its fix (QA: a
        double read went by without a word, and Ctrl+N then said to find cards); the alert goes once
        nothing is seen too often.  It names every such card, each with its own take-back, so a second
        one does not hide the first (qaAO F4); a take-back that leaves some names those left."""
        seen = new.reconciliation().counted_too_often
        before = old.reconciliation().counted_too_often if old.phase == BlackjackPhase.DECK_CHECK else ()
        newly = [c for c in seen if c not in before]
        standing = any(a.code == "counted" for a in self._snap.alerts)
        if (newly and len(new.ledger.returned) > len(old.ledger.returned)
                or seen and standing and seen != before):
            cards = " ".join(c.label for c in seen)
            self.alert("counted", "warning", f"{cards} COUNTED TOO OFTEN",
                       f"{cards} counted back more often than the deck holds {'it' if len(seen) == 1 else 'them'} "
                       "(dealt and counted cards together)",
                       f"if the reader read it twice: {void_named(seen)}, however many were counted since "
                       "(Shift+Backspace alone: the last card counted); if it is really there twice, take the "
                       "foreign card out of the deck")
        elif not seen and standing:
            self._take_down(lambda a: a.code != "counted")
        self._counted_beyond_dealt(old, new)

    def _counted_beyond_dealt(self, old: BlackjackState, new: BlackjackState) -> None:
        """A card counted back by hand more often than it was dealt (and no more than the deck holds it) is said:
        read back twice, or a card of the stub counted by hand, which the stub's count (T) then leaves out (qaAQ F5:
        a dealt 9♠ read back twice was absorbed by the stub's count with no word).  The note goes once none is."""
        over = new.ledger.counted_beyond_dealt
        before = old.ledger.counted_beyond_dealt if old.phase == BlackjackPhase.DECK_CHECK else ()
        standing = any(a.code == "beyond" for a in self._snap.alerts)
        if over and (set(over) - set(before) and len(new.ledger.returned) > len(old.ledger.returned)
                     or standing and over != before):
            cards = " ".join(c.label for c in over)
            times = "; ".join(f"{c.label} counted back {_times(new.ledger.returned.count(c) - new.ledger.stub.count(c))}"
                              f", dealt {_times(new.ledger.dealt.count(c))}" for c in over)
            self.alert("beyond", "warning", f"{cards} COUNTED TOO OFTEN?",
                       f"{times}: taken as a card of the undealt stub counted by hand (T counts the stub without it)",
                       f"if the reader read it twice: {void_named(over)} (Shift+Backspace alone: the last card "
                       "counted); if it is a card of the stub, nothing to do")
        elif not over and standing:
            self._take_down(lambda a: a.code != "beyond")

    def _journal_round_end(self, record: RoundRecord, written: frozenset = frozenset()) -> None:
        """The round's outcome, settlement and end, less those ``written`` already (a restart's repair)."""
        base = {"game": GAME, "shoe": record.deck, "round": record.number}
        outcome = round_json(record.round)
        for seat_json in outcome["seats"]:
            seat_json["seat"] = record.seats[seat_json["seat"] - 1]
        entries = {"outcome": {**base, **outcome}, "settlement": {**base, **settlement_json(record)}, "round_end": base}
        for kind in ROUND_END:
            if kind not in written:
                self._write(kind, entries[kind])

    # -- events from card sources -------------------------------------------
    def _card_read(self, event: CardRead) -> None:
        """As every game; a zoned camera's sure read in one box just after the card of its code left its spot in another
        (:attr:`~dealer_assist.events.CardRead.left_from`), while the round is dealt and holds that card in that box, is
        doubted as that card pushed blurred, :data:`MOVED_PUSHED`, the box it left kept as ``moved_from``, before it is
        journaled: a restart and a replay hold it so too (fixBL: it was played as a new card, counted in both seats).
        Not after the round: a card gathered then is rev34 R3's (see :meth:`_moved_for_nothing`)."""
        state = self._snap.state
        if (event.left_from and event.zone and not event.doubt and not event.moved_from and event.source != KEYBOARD
                and event.confidence >= CONFIRM_BELOW and not event.candidates
                and state.phase == BlackjackPhase.PLAYING and state.round is not None
                and given_position(event.left_from) != given_position(event.zone)
                and given_position(event.left_from) in _boxes_holding(state.round, state.seats_in, event.card)
                and not self._early_card_moved(event)):  # the last card, played early: MOVED_EARLY's (qaY Y3)
            event = replace(event, doubt=MOVED_PUSHED, moved_from=event.left_from)
        super()._card_read(event)

    def _take(self, event: CardRead) -> None:
        """A card a reader reads while a decision is due waits for it, as the croupier draws the card
        when the player signals, before keying H (QA: it was refused, its DO line offered Backspace,
        which voided another seat's good card, and the card read was lost).  H or D then plays it to
        that hand; a read already doubted, or held behind a missing card, waits as ever, and a camera's
        card, read where it was laid, is placed or refused there."""
        if (self._split_laid_out_read(event) or self._moved_from_early_place(event)
                or self._squared_from_outside(event)):
            return
        moved = self._moved_from_box.get(event.source)
        if moved is not None and event.card == moved and not event.zone and event.moved_from:
            # Taken out of the box it was refused in and lost from sight (lifted away, or covered): it lies in no
            # box, so it has no place; played at the place due it was a card off the table (rev34 R1).
            self._drop_as_moved(event, f"{moved.label}, refused in {_box_words(event.moved_from)}, taken out of it "
                                       "and not seen lying in a box: not played (read dropped); its refusal stands")
            return
        if moved is not None and event.card == moved and event.zone:
            del self._moved_from_box[event.source]
            if event.doubt in SAME_CARD_DOUBTS:  # the refused card, never played, moved to another box
                event = replace(event, doubt="")
            if not event.doubt and event.source not in self._hold_of:
                if self._play(event.card, event.source, event.zone, event.confidence, event.seq) is None:
                    self._take_down(lambda a: not (a.code == "refused" and a.title == f"CARD {moved.label} REFUSED"))
                    self._publish(replace(self._snap, message=f"{moved.label}, refused in the box it lay in, moved "
                                                              f"to {_box_words(event.zone)}: played there"))
                return
        if self._moved_for_nothing(event):
            return
        due = self._snap.state.due()
        if (due is not None and due.kind == "action" and event.source != KEYBOARD and not event.doubt
                and event.zone and self._later_box(event.zone) and event.source not in self._hold_of
                and event.confidence >= CONFIRM_BELOW and not event.candidates):
            self._pending_hold = None
            self._publish(replace(self._snap, pending=replace(event, doubt=self._in_later_box(event.zone))))
            return
        if (due is not None and due.kind == "action" and event.source != KEYBOARD and not event.doubt
                and self._in_active_box(event.zone)  # a camera's card laid elsewhere is refused for where it lies
                and event.source not in self._hold_of and event.confidence >= CONFIRM_BELOW
                and not event.candidates):
            self._pending_hold = None
            self._publish(replace(self._snap, pending=replace(event, doubt=self._before_decision())))
            return
        super()._take(event)

    def _later_box(self, zone: str) -> bool:
        """Whether ``zone`` is the box of a place of the round after the hand a decision or card is due to:
        the dealer's, or a seat that plays after it."""
        state = self._snap.state
        due = state.due()
        if due is None or due.kind == "complete" or due.seat is None:
            return False
        place = given_position(zone)
        if place == "dealer":
            return True
        seat = state.round_seat(place) if isinstance(place, int) else None
        return seat is not None and seat > due.seat

    def _in_later_box(self, zone: str) -> str:
        """The doubt of a card waiting in the box of a later place (see :data:`IN_A_LATER_BOX`)."""
        who = self._hand_words()
        return (f"{IN_A_LATER_BOX}{_box_words(zone)}, read while the decision for {who} is due: it waits there and "
                f"is played there once its card is due (key the decision for {who}: {self._decision_keys()}); Del "
                "drops it if no card was dealt there")

    def _later_box_reached(self, pending: CardRead) -> None:
        """After a decision, the card waiting in a later box: played once its card is due; a read before the
        decision of its seat once that decision is due (H or D plays it); else it waits still, newly worded."""
        state = self._snap.state
        due = state.due()
        place = given_position(pending.zone)
        if due is not None and due.kind == "card" and (place == "dealer" if due.seat is None
                                                       else state.table_seat(due.seat) == place):
            self.confirm_pending()
        elif due is not None and due.kind == "action" and self._in_active_box(pending.zone):
            self._publish(replace(self._snap, pending=replace(pending, doubt=self._before_decision())))
        elif due is not None and due.kind == "action":
            self._publish(replace(self._snap, pending=replace(pending, doubt=self._in_later_box(pending.zone))))
        elif due is not None and due.kind == "card" and pending.zone and self._later_box(pending.zone):
            self._park(pending)

    def _park(self, pending: CardRead) -> None:
        """A card due to another box than the later one ``pending`` lies in (H keyed for a seat before it):
        the reads of that card must not wait behind it, so it leaves the strip, journaled as set aside for
        now (it holds no read), and is read again once its box's place or its seat's decision is due
        (:meth:`_unpark`)."""
        if not self._write("read_dropped", {"card": pending.card.code, "source": pending.source,
                                            "source_seq": pending.seq, "doubt": pending.doubt, PARKED: True,
                                            "zone": pending.zone, "confidence": pending.confidence,
                                            "round": self._snap.state.round_no}):
            return
        self._parked.append(pending)
        self._pending_hold = None
        self._publish(replace(self._snap, pending=None, message=(
            f"{pending.card.label} lies in {_box_words(pending.zone or '')}: it waits there, off the strip, and is "
            f"played there once its card is due")))
        self._take_waiting()

    def _unpark(self) -> None:
        """The card set aside in a later box (:meth:`_park`) read again, journaled anew after the cards played
        since, once its box is no later place any more: played there, or waiting for its seat's decision."""
        if self._unparking or not self._parked or self._snap.pending is not None:
            return
        read = self._parked[0]
        if read.zone and self._later_box(read.zone) and self._snap.state.phase == BlackjackPhase.PLAYING:
            return
        self._parked.pop(0)
        self._unparking = True
        try:
            self._card_read(replace(read, doubt="", t=self._clock()))
        finally:
            self._unparking = False

    def _moved_from_early_place(self, event: CardRead) -> bool:
        """A zoned camera's read of its last card played, now in another box and doubted as a card moved (put
        back): the card had come to rest across the line in a box whose place was not due yet, and was played
        there early; the croupier squared it into its own box.  Played there, leaving the early place (qaY
        Y3: Del dropped it as "already played", and it stayed in the wrong seat).  Only a card played early: one
        played where it was due and moved is the croupier's to answer.  Read with no doubt (moved farther than a
        put-back card lies), it may be another of its code dealt there (at 2 decks or more): it waits
        (:data:`MOVED_EARLY`), and Enter moves it."""
        if event.doubt and event.doubt not in SAME_CARD_DOUBTS or not self._early_card_moved(event):
            return False
        if not event.doubt and self._snap.state.rules.house.decks > 1:  # one deck holds no other of its code: it moved
            self._pending_hold = None
            self._publish(replace(self._snap, pending=replace(event, doubt=MOVED_EARLY)))
            return True
        return self._move_early(event)

    def _early_card_moved(self, event: CardRead) -> bool:
        """Whether ``event`` may be the last card played, played early (its box's place not due yet) in another
        box than the one it is read in now, by the same source (as far as this run knows: a restart does not)."""
        state = self._snap.state
        rnd = state.round
        placed = self._placed.get(event.source)
        if (not event.zone or event.source == KEYBOARD or event.source in self._hold_of or rnd is None
                or state.phase != BlackjackPhase.PLAYING or rnd.step is None or rnd.step.card != event.card
                or not state.before or placed is not None and placed[1] != event.card):
            return False
        before = state.before[-1]
        was_due = before.round.due() if before.round is not None else None
        due_box = (state.seats_in[0] if was_due is None else "dealer" if was_due.seat is None
                   else state.table_seat(was_due.seat))
        box = "dealer" if rnd.step.seat is None else state.table_seat(rnd.step.seat)
        return box != due_box and given_position(event.zone) != box

    def _moved_for_nothing(self, event: CardRead) -> bool:
        """A zoned camera's read of a card it followed, sharp, from one box into another
        (:attr:`~dealer_assist.events.CardRead.moved_from`) where the move means nothing to the table (a card
        played early, or refused, in the box it left was moved before this): dropped, journaled, with a note and no
        alert.  So once no round is open (cards gathered after the round into the dealer's box: rev33 R2, CONFIRM
        CARD held the next round's first read, and Enter made last round's card a new round's), and in a round
        whenever the table holds the card in the hand of the box it left.  Its push blurred, the camera saw no move:
        a read of a card of the round just settled, doubted as put back, is that card gathered too (a sure one may be
        a new copy dealt before N: rev34 R3).  Otherwise it waits as any card put back: the croupier's to answer."""
        state = self._snap.state
        sure = not event.doubt and event.confidence >= CONFIRM_BELOW and not event.candidates
        if self._put_back_as_told(event):
            return True
        if event.doubt == MOVED_PUSHED:  # unseen moving: it may be another of its code dealt there, the croupier's
            return False
        if event.source == KEYBOARD or not (event.moved_from or event.doubt == PUT_BACK or sure):
            return False
        if not event.zone and (state.phase == BlackjackPhase.PLAYING or not event.moved_from):
            if event.moved_from and event.doubt == MOVED_UNSEEN:
                self._publish(replace(self._snap, message=self._moved_unseen_words(event)))
            return False  # pushed and lost from sight in a round: where it lies is the croupier's to say
        where = f" from {_box_words(event.moved_from)}" if event.moved_from else ""
        to = f" to {_box_words(event.zone)}" if event.zone else " off its box"
        if state.phase != BlackjackPhase.PLAYING:
            record = state.history[-1] if state.history else None
            if not event.moved_from:
                # Unseen moving, only a read doubted as put back is the round's card gathered: a sure one may be a
                # new copy dealt before N (an eight-deck shoe repeats codes) and waits with the cards after the
                # round (rev34 R3: it was dropped as gathered, and the card was lost).
                if state.phase != BlackjackPhase.SETTLED or record is None or event.doubt != PUT_BACK:
                    return False
                if not _boxes_holding(record.round, record.seats, event.card):
                    return False
            return self._drop_as_moved(event, f"{event.card.label} moved{where}{to} after the round: the same "
                                              "card, gathered, not a new one (read dropped)",
                                       after_round=True)
        if state.round is None or not event.moved_from \
                or given_position(event.moved_from) not in _boxes_holding(state.round, state.seats_in, event.card):
            return False
        return self._drop_as_moved(event, f"{event.card.label} moved{where} to {_box_words(event.zone)}: the table "
                                          f"keeps it in the hand of {_box_words(event.moved_from)}, where it was "
                                          "played (read dropped); if it belongs where it lies now, void back to it "
                                          "(Backspace) and type the cards in their places (K)")

    def _put_back_as_told(self, event: CardRead) -> bool:
        """A card held as pushed (:data:`MOVED_PUSHED`), put back in its box as the hold's words said, then Del: its
        read back there is that card, not a hold: dropped, journaled (rev37 R6: a second "put back" hold, and Enter on
        it raised CARD REFUSED).  The mark Del left (:attr:`_pushed_back`) stays through other cards' reads, as the
        zones pass cards on in the order they come to rest and the next card dealt may come first (rev39 R3); it
        goes once that read is dropped or its round is over.  So a journal says when: the Del-dropped read, then this
        ``read_dropped`` of its card in its box, in one round."""
        back, state = self._pushed_back, self._snap.state
        if back is None:
            return False
        if back[2] != state.round_no or state.phase != BlackjackPhase.PLAYING or state.round is None:
            self._pushed_back = None
            return False
        if (event.source == KEYBOARD or (event.card, event.zone) != back[:2]
                or not (event.moved_from or event.doubt == PUT_BACK)
                or given_position(back[1]) not in _boxes_holding(state.round, state.seats_in, event.card)):
            return False
        self._pushed_back = None
        return self._drop_as_moved(event, f"{event.card.label} put back in {_box_words(back[1])}: the table counts "
                                          "it there (read dropped)")

    def _moved_unseen_words(self, event: CardRead, before: str = "") -> str:
        """What a read held as :data:`~dealer_assist.events.MOVED_UNSEEN` means at this table: the box the card left,
        where the table counts it, and the keys that put the hands right (rev34 R2: held as put back, Enter counted
        it twice and Del left it in the box it left, with no word)."""
        state, label = self._snap.state, event.card.label
        left = _box_words(event.moved_from or "")
        holding = sorted(_boxes_holding(state.round, state.seats_in, event.card), key=str) if state.round else []
        counted = (" and ".join(_box_words("dealer" if b == "dealer" else f"seat {b}") for b in holding)
                   if holding else "no box")
        return (f"{before}{label} was pushed out of {left} and a hand covered it: the camera did not see where it came "
                f"to rest. The table counts it in {counted}. If it lies in another box now, void back to it "
                "(Backspace): Enter then plays it where a card is due, or type the cards in their places (K); if it "
                f"still lies in {left}, Del drops this read")

    def _pushed_words(self, event: CardRead, before: str = "") -> str:
        """What Enter answers on a read held as :data:`MOVED_PUSHED`: it plays nothing, and which key ends each case
        right (as :meth:`_moved_unseen_words`, and K for another of its code dealt in the box it lies in)."""
        label, left, here = event.card.label, _box_words(event.moved_from or ""), _box_words(event.zone or "")
        return (f"{before}Enter plays nothing: {label} is counted in {left}, and played here too it would count "
                f"twice. If it is that {label}, pushed into {here}: put it back and Del drops this read, or, if it "
                "belongs there, "
                "void back to it (Backspace) and type the cards in their places (K); if another "
                f"{label} was dealt to {here}, type it (K {event.card.code})")

    def _moved_unseen_plays(self, event: CardRead) -> bool:
        """Whether Enter plays a read held as :data:`~dealer_assist.events.MOVED_UNSEEN` where a card is due: only once
        the round no longer counts its card (voided back to it: the read is that card, to play again).  The camera
        sends this read only for the card it followed out of its box, never for a copy (a copy dealt comes as its own
        read): played as another of its code where the box it left was due, it was counted twice (rev35 R1)."""
        state = self._snap.state
        return state.round is None or not _boxes_holding(state.round, state.seats_in, event.card)

    def _out_of_place(self, event: CardRead) -> str:
        """A read waiting again at a restart that may be the card played early, moved (:data:`MOVED_EARLY`):
        Enter moves it, as before the stop (played as it came, it was that card twice); or one lying in the box
        of a later place while a decision is due, which waits there as before the stop (rev20 F8: it came back
        as read before the stop, and Enter refused it, and it was lost); or one read before the decision due, which
        H or D plays as before the stop (qaAF F1: it came back as read before the stop, H, S and D greyed, and H
        taken without a word)."""
        if self._early_card_moved(event):
            return MOVED_EARLY
        due = self._snap.state.due()
        sure = event.confidence >= CONFIRM_BELOW and not event.candidates
        if due is not None and due.kind == "action" and event.zone and self._later_box(event.zone) and sure:
            return self._in_later_box(event.zone)
        if due is not None and due.kind == "action" and event.source != KEYBOARD and self._in_active_box(event.zone) \
                and sure:
            return self._before_decision()
        return ""

    def _move_early(self, event: CardRead) -> bool:
        """Play ``event``'s card, the last card played, in the box it was read in now, leaving its early place
        (see :meth:`_moved_from_early_place`); False if that box takes no card either (nothing changed)."""
        state = self._snap.state
        rnd = state.round
        assert rnd is not None and rnd.step is not None and event.zone
        box = "dealer" if rnd.step.seat is None else state.table_seat(rnd.step.seat)
        old = position(state, rnd.step.seat, rnd.step.hand)
        was = _box_words(f"seat {box}" if isinstance(box, int) else "dealer")
        return self._do({"op": "card", "card": event.card.code, "source": event.source, "seq": event.seq,
                         "confidence": event.confidence, "zone": event.zone, MOVED_FROM: old},
                        message=f"{event.card.label} moved from {was} to {_box_words(event.zone)}: played there, "
                                "no longer in the other") is None

    def _squared_box(self, zone: str, where: str) -> Optional[str]:
        """Blackjack's boxes: a card played from outside every box as ``where`` (a seat's hand, ``dealer``) squared
        into its seat's box (qaAJ F1: at six decks the next H played it a second time, and the real card waited
        behind it; at one deck it was offered to the next seat, then refused)."""
        box = "dealer" if where == "dealer" else given_position(where.partition(".")[0])
        return _box_words(zone) if given_position(zone) == box else None

    def _split_laid_out_read(self, event: CardRead) -> bool:
        """A zoned camera's read of a split's second card in that seat's box after P, while its second hand holds
        only that card, is the split being laid out (the card slid apart into its own pile, at once or held a
        while first), not a new card: dropped, journaled, with a note (qaY Y2, Y7: asked for, or played at once,
        hand 1 as 8-8 and a card counted twice, wrong money at 2+ decks).  Once per split at 2 decks or more:
        another read of its code after it is a card dealt (one deck holds no other)."""
        state = self._snap.state
        rnd = state.round
        if not event.zone or event.source == KEYBOARD or rnd is None or state.phase != BlackjackPhase.PLAYING:
            return False
        seat = given_position(event.zone)
        round_seat = state.round_seat(seat) if isinstance(seat, int) else None
        hands = rnd.seat_hands(round_seat) if round_seat is not None else ()
        if len(hands) != 2 or len(hands[1].cards) != 1 or hands[1].cards[0] != event.card:
            return False
        split = (state.deck_no, state.round_no, seat)
        if self._split_laid_out == split and state.rules.house.decks > 1:
            return False
        if not self._write("read_dropped", {"card": event.card.code, "source": event.source, "source_seq": event.seq,
                                            "doubt": PUT_BACK, "split": True, "round": state.round_no}):
            return True  # the table stopped: nothing is played
        self._split_laid_out = split
        self._publish(replace(self._snap, message=(
            f"{event.card.label} moved apart for seat {seat}'s split: the same card, not a new one (read dropped); "
            f"if another {event.card.label} was dealt, type it (K)")))
        return True

    def _zone_for_typed(self, card: Card) -> Optional[str]:
        """As every game, and the card typed in the place of a zoned card refused (a hold after a refusal
        stands) goes to the box the camera saw that card in (qaY Y1: it went to the place due, another seat)."""
        zone = super()._zone_for_typed(card)
        if zone is not None:
            return zone
        return next((self._refused_zone[source] for source, (why, _) in self._hold_of.items()
                     if why == AFTER_A_REFUSAL and source in self._refused_zone), None)

    def _in_active_box(self, zone: Optional[str]) -> bool:
        """Whether a card read in ``zone`` may be the one the hand a decision is due to draws: no zone (a
        shoe reader), or that seat's own box (qaX F3: a zoned camera's card drawn before H was refused)."""
        active = self._snap.state.active
        return zone is None or (active is not None and given_position(zone) == active[0])

    def _hand_words(self) -> str:
        """The hand a decision or card is due to, in table seat numbers (``seat 3 hand 2``), or "the dealer"."""
        state = self._snap.state
        if state.active is None:
            return "the dealer"
        seat, hand = state.active
        hands = state.round.seat_hands(state.round_seat(seat))
        return f"seat {seat}" + (f" hand {hand + 1}" if len(hands) > 1 else "")

    def _allowed_now(self) -> tuple[str, ...]:
        """The decisions the rules allow the hand a decision is due to, whatever waits (a read, a refusal)."""
        due = self._snap.state.due()
        return tuple(a.value for a in due.allowed) if due is not None and due.kind == "action" else ()

    def _decision_keys(self) -> str:
        """The keys of the decisions allowed now, as the words that ask for one list them ("H or S"): qaM L2,
        "H, S, D or P" was asked on a 15 where only H and S are allowed."""
        keys = [DECISION_KEYS[a] for a in self._allowed_now()] or ["H", "S"]
        return keys[0] if len(keys) == 1 else ", ".join(keys[:-1]) + " or " + keys[-1]

    def _keys_of(self, actions: tuple[str, ...], named: bool = False) -> str:
        """Which of ``actions`` (the first always: hit or stand) are allowed now, by their keys: "H or D"."""
        allowed = [a for a in actions if a in self._allowed_now()] or [actions[0]]
        return " or ".join(DECISION_KEYS[a] + (f" ({a})" if named else "") for a in allowed)

    def _placed_doubt(self, pending: CardRead) -> bool:
        """A shoe's read held as read before the decision due (rev39 P3: V of the card typed for the ?? before it, and
        Enter played it in that card's place, where a restart refused it)."""
        return pending.doubt.startswith(BEFORE_A_DECISION) and not reads_again(self._read_source(pending))

    def _before_decision(self) -> str:
        who = self._hand_words()
        return (f"{BEFORE_A_DECISION}{who}: press {self._keys_of(('hit', 'double'), named=True)} for {who} and it "
                f"is played there; after {self._keys_of(('stand', 'split'))}, Enter plays it where a card is due; "
                "Del drops it if no card was dealt")

    def _after_decision(self, action: str) -> None:
        """A card read before this decision: played now to the hand that hit or doubled; after a stand
        or split it waits still, its words naming what is due now."""
        with self._lock:
            pending = self._snap.pending
            if pending is not None and pending.zone and (pending.doubt or "").startswith(IN_A_LATER_BOX):
                self._later_box_reached(pending)
                return
            if pending is None or not (pending.doubt or "").startswith(BEFORE_A_DECISION):
                return
            due = self._snap.state.due()
            if action in ("hit", "double") and self._snap.state.card_due and self._typed_waits(pending):
                self._publish(replace(self._snap, pending=None))
                self.enter_card(pending.card.code, pending.zone)  # as typed now: its box, the hold it answers
            elif action in ("hit", "double") and self._snap.state.card_due:
                self.confirm_pending()
            elif due is not None and due.kind == "action":
                self._publish(replace(self._snap, pending=replace(pending, doubt=self._before_decision())))
            elif due is not None and due.kind == "card":
                self._publish(replace(self._snap, pending=replace(pending, doubt=(
                    f"read before the {action} was keyed: Enter plays it to {self._hand_words()}, "
                    "Del drops it if no card was dealt"))))

    def _typed_waits(self, pending: Optional[CardRead]) -> bool:
        """Whether ``pending`` is a card typed for a zoned camera's unread card in the box of the seat whose
        decision is due (see :meth:`enter_card`), not a read."""
        return (pending is not None and pending.source == KEYBOARD and self._read_under_typed is None
                and self._waits_for_decision(pending))

    def enter_card(self, text: Any, zone: Optional[str] = None) -> Optional[str]:
        """As every game, and a card typed for a zoned camera's unread card lying in the box of the seat whose
        decision is due (its hit card, drawn before H, smudged) waits for H or D as that card read would (qaY:
        typed at once, as UNREADABLE CARD asked, it was refused: "a decision comes first")."""
        with self._lock:
            pending, due = self._snap.pending, self._snap.state.due()
            if ((pending is None or self._typed_waits(pending)) and due is not None and due.kind == "action"
                    and self._replay_refusal() is None and not self._snap.stopped):
                try:
                    card = parse_card(text, require_suit=True)
                except InvalidCardError:
                    card = None
                box = zone or (self._zone_for_typed(card) if card is not None else None)
                if card is not None and box and self._in_active_box(box):
                    self._pending_hold = None
                    self._publish(replace(self._snap, pending=CardRead(
                        card, KEYBOARD, self._clock(), 1.0, None, box, (), self._before_decision())))
                    who = self._hand_words()
                    self._publish(replace(self._snap, message=(
                        f"{card.label} typed for the card in {_box_words(box)}: it waits for the decision for {who}; "
                        f"press H or D and it is played there, or Del drops it")))
                    return None
            error = super().enter_card(text, zone)
            pending = self._snap.pending
            if (error is None and pending is not None and pending.source == KEYBOARD
                    and self._read_under_typed is not None and pending.doubt in HOLDS and not self._typed_held(pending)):
                # The card typed for the wait a V brought back is in: the card typed in place of the read waits as it
                # did, and as a restart words it.
                self._publish(replace(self._snap, pending=replace(pending, doubt=self._typed_doubt())))
            return error

    def confirm_pending(self, card: Optional[Card] = None) -> Optional[str]:
        """Enter on a card waiting while a decision is due: refused, nothing changed, saying the decision
        comes first (played, it was refused and lost).  A card typed while a read waits for the decision
        takes the read's place and waits as it did (QA: the correction was refused, and H played the
        misread card).  A card typed in place of a read is played, as a correction of that read, by H or
        D, or by Enter once a card is due."""
        with self._lock:
            pending, due = self._snap.pending, self._snap.state.due()
            deciding = (pending is not None and due is not None and due.kind == "action"
                        and self._replay_refusal() is None and not self._snap.stopped)
            if deciding and card is not None and self._waits_for_decision(pending):
                return self._type_in_place_of(pending, card)
            if deciding:
                return self._refuse(self._decision_first(pending, card))
            state = self._snap.state
            if (pending is not None and pending.doubt == NEW_DECKS_FIRST and state.phase == BlackjackPhase.BETTING
                    and not state.bets):  # played, it would be refused as no deal, and lost from the strip
                return self._refuse(f"{pending.card.label} waits, the new deck's first card: place the bets first, "
                                    "then Enter deals it (or Space deals, and Enter plays it where the first card "
                                    "is due); Del sets it aside")
            if (pending is not None and pending.doubt == MOVED_UNSEEN and card is None and pending.moved_from
                    and state.phase == BlackjackPhase.PLAYING and self._replay_refusal() is None
                    and not self._moved_unseen_plays(pending)):
                return self._refuse(self._moved_unseen_words(pending, "Enter plays nothing: played at the place due, "
                                                                      f"{pending.card.label} would count twice. "))
            if (pending is not None and pending.doubt == MOVED_PUSHED and card is None and pending.moved_from
                    and state.phase == BlackjackPhase.PLAYING and self._replay_refusal() is None
                    and not self._moved_unseen_plays(pending)):
                return self._refuse(self._pushed_words(pending))
            if pending is not None and pending.doubt == MOVED_EARLY and card is None and self._replay_refusal() is None:
                self._publish(replace(self._snap, pending=None, cards_due=0))
                self._answered(pending)
                if not self._move_early(pending):
                    error = self._snap.message or "the card cannot be moved there"
                    self._publish(replace(self._snap, pending=pending))
                    return error
                self._take_waiting()
                return None
            if pending is not None and pending.source == KEYBOARD and self._read_under_typed is not None:
                typed, read = pending.card, replace(self._read_under_typed, doubt=pending.doubt)
                self._publish(replace(self._snap, pending=read))
                self._read_under_typed = None
                error = super().confirm_pending(typed)
                if self._snap.pending is read:  # refused (cards still due before it): the typed card waits as it was
                    self._read_under_typed = read
                    self._publish(replace(self._snap, pending=pending))
                return error
            return super().confirm_pending(card)

    @staticmethod
    def _waits_for_decision(pending: CardRead) -> bool:
        """A read H or D plays (see :meth:`_after_decision`)."""
        return (pending.doubt or "").startswith(BEFORE_A_DECISION)

    def _type_in_place_of(self, pending: CardRead, card: Card) -> Optional[str]:
        """The croupier's card replaces the read waiting for the decision; it waits in its place.

        Journaled at once (``read_corrected``), not only once H plays it: a restart before H brought
        back the reader's card, and the croupier's correction was lost (QA)."""
        read = self._read_under_typed if pending.source == KEYBOARD and self._read_under_typed else pending
        if not self._write(CORRECTED_KIND, {"card": card.code, "read": read.card.code, "source": read.source,
                                            "source_seq": read.seq, "game": GAME,
                                            "round": self._snap.state.round_no}):
            return self._snap.stopped or "the journal cannot be written: the typed card was not taken"
        self._read_under_typed = read
        self._publish(replace(self._snap, pending=replace(
            pending, card=card, source=KEYBOARD, confidence=1.0, candidates=(), doubt=self._before_decision())))
        who = self._hand_words()
        self._publish(replace(self._snap, message=(
            f"{card.label} typed in place of the {read.card.label} read: it waits for the decision for {who}; press "
            f"H or D for {who} and {card.label} is played there (after S or P, Enter plays it), or Del drops it if "
            "no card was dealt")))
        return None

    def _decision_first(self, pending: CardRead, card: Optional[Card]) -> str:
        """Why Enter (or a typed card) cannot place the card waiting now, worded by why it waits: only a read
        that waits for the decision is played by H or D (QA: a read held from before a restart, an unsure
        one, was said to be, and H left it waiting)."""
        who = self._hand_words()
        # Enter does not play these after the decision either: the words say what does (rev37 R5).
        if (card is None and pending.doubt in (MOVED_UNSEEN, MOVED_PUSHED) and pending.moved_from
                and not self._moved_unseen_plays(pending)):
            first = f"The decision for {who} comes first; key it ({self._decision_keys()}). "
            return (self._pushed_words(pending, first) if pending.doubt == MOVED_PUSHED else
                    self._moved_unseen_words(pending, f"{first}Enter plays nothing: played at the place due, "
                                                      f"{pending.card.label} would count twice. "))
        if (pending.doubt or "").startswith(IN_A_LATER_BOX) and pending.zone:
            typed = f"{card.label} not taken: " if card is not None and card != pending.card else ""
            return (f"{typed}{pending.card.label} lies in {_box_words(pending.zone)}: the decision for {who} comes "
                    f"first; key it ({self._decision_keys()}) and {pending.card.label} is played there once its card "
                    "is due; Del drops it if no card was dealt there")
        if self._waits_for_decision(pending):
            return (f"{pending.card.label} waits: the decision for {who} comes first; press "
                    f"{self._keys_of(('hit', 'double'))} for {who} and it is played there (after "
                    f"{self._keys_of(('stand', 'split'))}, Enter plays it), or Del drops it if no card was dealt")
        why = ("read just before the table stopped" if pending.doubt == READ_BEFORE_A_STOP
               else "held behind a missing card" if pending.doubt in HOLDS
               else "an unsure read" if pending.candidates or pending.confidence < CONFIRM_BELOW or not pending.doubt
               else "a doubted read")
        typed = f"{card.label} not taken: " if card is not None and card != pending.card else ""
        return (f"{typed}{pending.card.label} waits ({why}; H or D does not play it): the decision for {who} comes "
                f"first; key it ({self._decision_keys()}), then Enter plays {pending.card.label} where a card is due, "
                + (f"or type {card.label} then; " if typed else "or type the card on the table; ")
                + "Del drops it if no card was dealt")

    def reject_pending(self) -> None:
        """Del on a card typed in place of a read drops that read, journaled as the reader's, as Del on
        the read itself does."""
        with self._lock:
            pending = self._snap.pending
            if pending is None and (self._set_aside_misdraw() or self._set_aside_unread()):
                return
            if pending is not None and pending.source == KEYBOARD and self._read_under_typed is not None:
                self._publish(replace(self._snap, pending=replace(self._read_under_typed, doubt=pending.doubt)))
            self._read_under_typed = None
            unseen = (pending is not None and pending.doubt in (MOVED_UNSEEN, MOVED_PUSHED) and pending.moved_from
                      and self._snap.state.phase == BlackjackPhase.PLAYING and self._replay_refusal() is None)
            super().reject_pending()
            dropped = unseen and self._snap.pending is not pending and not self._snap.stopped
            if dropped and pending.doubt == MOVED_PUSHED:
                self._pushed_back = (pending.card, pending.moved_from, self._snap.state.round_no)
            if unseen and self._snap.pending is not pending and not self._snap.stopped:
                self._publish(replace(self._snap, message=(
                    f"{pending.card.label} read dropped: the same card, "
                    + (f"pushed; the table counts it in {_box_words(pending.moved_from)}. If it belongs in "
                       f"{_box_words(pending.zone or '')}, " if pending.doubt == MOVED_PUSHED else
                       f"moved. If it lies in another box than {_box_words(pending.moved_from)}, ")
                    + "void back to it (Backspace) and type the cards again in their places (K)")))

    def _drop_notes(self, pending: CardRead) -> dict:
        """A read held as :data:`MOVED_PUSHED` dropped in a round: the box its card was pushed out of (``pushed_from``),
        where the croupier puts it back; :meth:`reject_pending` keeps it as :attr:`_pushed_back`, a restart too."""
        if (pending.doubt == MOVED_PUSHED and pending.moved_from
                and self._snap.state.phase == BlackjackPhase.PLAYING):
            return {PUSHED_FROM: pending.moved_from}
        return {}

    def _hold_next(self, source: str, why: str, seq: Optional[int] = None) -> None:
        """As every game's, but not at the deck check: a count-back has no order, so a card the reader could not read
        (or fed with another) takes no one's place; it is one more to count (K), or MISSING at the end, and the reads
        after it are counted as they come (qaAQ F8: each waited in line, with the round's words)."""
        if self._snap.state.phase == BlackjackPhase.DECK_CHECK:
            return
        super()._hold_next(source, why, seq)

    def alert(self, code: str, level: str, title: str, text: str, action: str, source: Optional[str] = None,
              source_seq: Optional[int] = None, new_count: bool = False) -> None:
        """As every game's; at the deck check a card not read asks what a count-back does (see :meth:`_hold_next`):
        no read waits behind it, so the round's words ("the next card read waits") would be untrue."""
        if self._snap.state.phase == BlackjackPhase.DECK_CHECK and code in COUNT_BACK_ACTIONS:
            action = COUNT_BACK_ACTIONS[code]
        super().alert(code, level, title, text, action, source, source_seq, new_count)

    def _set_aside_misdraw(self) -> bool:
        """Del with no read waiting, CARD REFUSED standing for a card read with no round open for it (no bet, the
        round over): that card was set aside, so the next read of its reader plays as it comes; the alert goes.
        Journaled as the alert's dismissal with ``set_aside`` (a restart ends the wait too).  qaAQ F7: Del said
        "no card is waiting", and the refusal stood into the next round, holding its first read."""
        refused = next((a for a in self._snap.alerts if a.code == "refused"), None)
        if refused is None or not any(why == AFTER_A_MISDRAW for why, _ in self._hold_of.values()):
            return False
        if not self._write("alert_dismissed", {"codes": ["refused"], "set_aside": True, "game": GAME,
                                               "round": self._snap.state.round_no}):
            return True
        self._hold_of = {source: hold for source, hold in self._hold_of.items() if hold[0] != AFTER_A_MISDRAW}
        card = refused.title[len("CARD "):-len(" REFUSED")] if refused.title.endswith(" REFUSED") else "the card"
        self._publish(replace(self._snap, alerts=tuple(a for a in self._snap.alerts if a is not refused),
                              message=f"{card} set aside (Del): it went to no hand and is counted back at the deck "
                                      "check; the next card read plays as it comes"))
        self._settle_hold_alerts()
        return True

    def _set_aside_unread(self) -> bool:
        """Del with no read waiting, the wait for a card a shoe could not read (or fed with another) standing with no
        round open for it (before the deal, the burn over; or the round over): that card is a misdraw, as one read
        would have been refused (PROTOCOL 7.6), so it is set aside and the next read plays as it comes.  Journaled
        as the alerts' dismissal with ``set_aside`` (a restart ends the wait too).  rev36 R3: burn_cards=1, two cards
        unread, B burned one; the other's wait outlived Del and the deal, and the card typed as asked went into seat
        1."""
        state = self._snap.state
        if (state.phase not in (BlackjackPhase.BETTING, BlackjackPhase.SETTLED) or state.burn_left
                or self._replay_refusal() is not None):
            return False
        sources = [source for source, (why, _) in self._hold_of.items()
                   if why in SET_ASIDE_UNREAD and not reads_again(source)]
        if not sources:
            return False
        codes = sorted({a.code for a in self._snap.alerts if hold_of_alert(a.code) is not None})
        if not self._write("alert_dismissed", {"codes": codes, "set_aside": True, "unread": True, "game": GAME,
                                               "round": self._snap.state.round_no}):
            return True
        for source in sources:
            self._hold_ended(source)
        self._settle_hold_alerts()
        self._publish(replace(self._snap, message="the card not read set aside (Del): it went to no hand and is "
                                                  "counted back at the deck check; the next card read plays as it "
                                                  "comes"))
        return True

    def _play(self, card: Card, source: str, zone: Optional[str], confidence: float = 1.0,
              seq: Optional[int] = None, answers: bool = False, held: Optional[dict] = None,
              override: Optional[dict] = None) -> Optional[str]:
        op: dict = {"op": "card", "card": card.code, "source": source, "confidence": confidence, "seq": seq,
                    **(held or {})}
        if answers:
            op["answers"] = True
        if zone:
            op["zone"] = zone
        if override:
            op["override"] = override
        state, said = self._snap.state, ""
        if state.phase == BlackjackPhase.DECK_CHECK and state.ledger.counted_with_the_stub(card):
            op[NOT_IN_THE_STUB] = True  # a card set aside after the round: counted once, not with the stub too
            said = f"{card.label} counted back once: it was out of the shoe, not in the stub T counted"
        elif state.phase == BlackjackPhase.BETTING and state.burn_left and zone:  # rev23 R23-7: it said nothing
            said = (f"{card.label} lies in the {zone.title()} box: a round's card, so the burn is taken as done "
                    f"unrecorded (as B); the deck check counts the burn card{'s' if state.burn_left > 1 else ''} back")
        error = self._do(op, message=said)
        if error is None:
            state = self._snap.state
            if (held or {}).get("held_for") == OUTSIDE_BOXES and isinstance(seq, int) and state.round is not None \
                    and state.round.step is not None and state.round.step.card == card:
                step = state.round.step
                self._astray_played[source] = (seq, card, position(state, step.seat, step.hand))
            self._unpark()
            if source == KEYBOARD:  # the card refused in its box, typed where it was moved: read there, it is no other
                for reader in [r for r, refused in self._moved_from_box.items() if refused == card]:
                    del self._moved_from_box[reader]
            if override or self._snap.duplicate is not None:
                self._publish(replace(self._snap, duplicate=None))
                self._typed_over_refusal = (tuple(a for a in self._snap.alerts if a.code == "refused")
                                            if source == KEYBOARD and not override else ())
                self.dismiss("refused")
            if override:
                self._typed_in_place()  # the refused card, accepted in its place
            if source != KEYBOARD and any(a.code == "empty" and a.level == "info" for a in self._snap.alerts):
                self._take_down(lambda a: a.code != "empty")  # a card read: the shoe is loaded again
            return None
        if self._snap.stopped:
            return error
        duplicate = isinstance(self._last_refusal, DuplicateCardError)
        no_round = self._no_round_for(self._last_refusal)
        boxed = bool(zone) and source != KEYBOARD and no_place_in_box(self._last_refusal)
        self._write("card_refused", {"card": card.code, "why": error, "round": self._snap.state.round_no,
                                     "source": source, "seq": seq, "dealt_already": duplicate,
                                     **({"no_round": no_round} if no_round else {}),
                                     **({"zone": zone} if zone else {}), **({NO_PLACE_IN_BOX: True} if boxed else {})})
        self._publish(replace(self._snap, duplicate=card if duplicate else None))
        if boxed:
            # No read after it takes its place (each is placed by its box), and typed (K) it would go to the place
            # due, not the box it lies in; a void would take back a right card (qaY Y1).
            self._moved_from_box[source] = card
            self.alert("refused", "error", f"CARD {card.label} REFUSED", error,
                       f"if it was laid in the wrong box, move it to the box due ({self._snap.state.describe_due()}): "
                       "read there, it is played (if the camera does not read it there, type it (K): it is played "
                       "there); if it belongs to no hand, take it off the layout (it is counted back at the deck "
                       "check); the next cards read are played by their boxes")
            return error
        if zone and source != KEYBOARD:
            self._refused_zone[source] = zone
        action = ("a supervisor may accept it (PIN), or type the card really dealt (K)" if duplicate
                  else SET_ASIDE_CUT_OUT if no_round == NO_ROUND_CUT
                  else SET_ASIDE_NO_DEAL if no_round == NO_ROUND_NO_DEAL
                  else CardAfterRoundError.ACTION if isinstance(self._last_refusal, CardAfterRoundError)
                  else f"enter the decision for {self._hand_words()} first ({self._decision_keys()}), then the card (K)"
                  if getattr(self._snap.state.due(), "kind", None) == "action"  # the card was right, only early
                  else f"check the card and type the card really there (K): it goes to {_box_words(zone)}, where the "
                  "camera saw it" if zone and source != KEYBOARD  # the last card played lies in another box
                  else "check the card and correct it (K), or void the last card (Backspace)")
        text = error
        if isinstance(self._last_refusal, CardAfterRoundError) and no_round == NO_ROUND_CUT:
            # No next round to type it in: the discards run through the reader before C (qaAF F10).
            text = f"card {card.label} came after the deck's last round: the cut card is out, no round follows"
            action = ("if the deck is being counted back, open the deck check first (C) and read this card again: "
                      "it was not counted; else " + SET_ASIDE_CUT_OUT)
        elif isinstance(self._last_refusal, CardAfterRoundError) and any(a.code == "newdeck" for a in self._snap.alerts):
            # The shoe said a new deck is in (refused: the old one is not counted): this is most likely its card
            # (qaAF F3: told to type the new deck's burn card into the old deck's next round).
            text = f"card {card.label} came after the round was over, once the shoe reported a new deck"
            action = ("it is most likely the new deck's: set it aside; count the old deck back (C), put the new one "
                      "in (Ctrl+N), then " + ("burn it (type it, K, or B)" if self._snap.state.rules.burn_cards
                                              else "deal from it"))
        if source != KEYBOARD and no_round != NO_ROUND_CUT:  # past the cut card each next read is refused alike
            self._hold_next(source, AFTER_A_MISDRAW if no_round else AFTER_A_REFUSAL)
            # kept to two lines at 1280x720: a third made W's picture under this alert too small to read (183 px)
            action += ("; the next card read waits: Del says this card was set aside, Enter plays it then"
                       if no_round else "; the next card read waits until then")
        self.alert("refused", "error", f"CARD {card.label} REFUSED", text, action)
        return error

    def _typed_in_place(self) -> None:
        """As every game; the card typed in place of a card refused as dealt already took CARD REFUSED down as it was
        played (:meth:`_play`), before the wait it ends kept the waits' alerts: that wait keeps it, so that a void of
        the card typed shows it again, as a restart does (rev39 P1: live showed no CARD REFUSED again, or only
        UNREADABLE CARD; a restart and the replay showed it)."""
        before, refused, self._typed_over_refusal = self._last_ended, self._typed_over_refusal, ()
        super()._typed_in_place()
        ended = self._ended.get(self._last_ended) if self._last_ended is not None else None
        if refused and self._last_ended != before and ended is not None:
            self._ended[ended.number] = replace(ended, alerts=(*refused, *(a for a in ended.alerts
                                                                           if a.code != "refused")))

    def _no_round_for(self, refusal: Optional[Exception]) -> Optional[str]:
        """Why no round was open for a card refused (``no_round`` of its entry, see :data:`NO_ROUND_CUT`), or
        None for a card refused in a round (qaR F2: a new deck's first card read before any bet was told to be
        corrected or the last card voided, and the next read waited to have it typed in seat 1)."""
        if not isinstance(refusal, (CardBeforeDealError, CardAfterRoundError)):
            return None
        if self._snap.state.cut_out:
            return NO_ROUND_CUT
        return NO_ROUND_NO_DEAL if isinstance(refusal, CardBeforeDealError) else NO_ROUND_AFTER

    def _cut_out_now(self) -> bool:
        return self._snap.state.cut_out

    def _cut_alert(self, who: str) -> None:
        playing = self._snap.state.phase == BlackjackPhase.PLAYING
        self.alert("cut", "info", "CUT CARD OUT", f"{who}: this deck ends with "
                   + ("this round" if playing else "no other round"),
                   ("finish this round, then" if playing else "no round is dealt from it:")
                   + " check the deck (C) and put a new one in (Ctrl+N)")

    def cut_card(self) -> Optional[str]:
        """The croupier saw the cut card come out (typed cards, a camera, a reader that does not report it):
        the deck ends with this round, as when a shoe reports it (qaM: only a shoe's signal could end one)."""
        state = self._snap.state
        if state.cut_out:
            return self._refuse(cut_takeback_refusal(state) or "the cut card is already out (recorded with O): press O "
                                "twice to take it back, if it was recorded by mistake")
        if state.phase == BlackjackPhase.DECK_CHECK:
            return self._refuse("the deck is being checked: the cut card ends a deck in play; Ctrl+N puts a new "
                                "one in")
        error = self._do({"op": "cut", "by": "croupier"}, message="cut card out")
        if error is None:
            self._cut_alert("the croupier saw the cut card come out (O)")
        return error

    def cut_takeback_refusal(self) -> Optional[str]:
        """Why O cannot take the cut card back now (``None``: it can), asked before the display's second press."""
        return cut_takeback_refusal(self._snap.state)

    def take_back_cut(self) -> Optional[str]:
        """The cut card recorded with O by mistake: the deck plays on, journaled (op ``uncut``) (qaZ F9)."""
        error = self._do({"op": "uncut"}, message="cut card taken back: the deck plays on (O records it when it "
                                                  "really comes out)")
        if error is None:
            self.dismiss("cut")
        return error

    def _shoe_signal(self, event: ShoeSignal) -> None:
        if event.state == "cut":
            if self._snap.state.cut_out and self._snap.state.cut_by_hand is None:
                self._cut_again(event)
                return
            # One O recorded becomes the shoe's: it stays.
            self._do({"op": "cut", "by": "shoe", "source": event.source, "source_seq": event.seq},
                     message="cut card out")
            self._cut_alert(f"the {event.source} reached the cut card")
        elif event.state == "empty" and self._snap.state.phase != BlackjackPhase.PLAYING:
            self._shoe_empty_between_rounds(event)
        elif event.state == "empty":
            # Typed cards cannot finish the round: every card of the deck is dealt, so each is refused as dealt.
            self.alert("empty", "warning", "DECK EMPTY", f"the {event.source} has no card left",
                       "void the round (Backspace, card by card), then check the deck (C); or deal on from the "
                       "shuffled discards, each card accepted by a supervisor (PIN) as dealt again",
                       source=event.source, source_seq=event.seq)
        elif event.state == "new":
            s = self._snap.state
            if not s.ledger.dealt and not s.ledger.returned:
                return  # the deck the table already counts as new
            if s.phase == BlackjackPhase.PLAYING:
                # As baccarat's new shoe in a round (PROTOCOL.md 7.6): the next card read is most likely the
                # new deck's, and played into this round it would be counted against the old deck.
                self._hold_next(event.source, AFTER_NEW_DECK)
                self.alert(NEW_DECK_IN_ROUND, "warning", "NEW DECK DURING A ROUND",
                           f"the {event.source} reports a new deck while a round is played: the deck cannot change "
                           "in a round, and its next card read waits for you",
                           "put the old deck back in the shoe, or finish the round by hand (K); then check the old "
                           "deck (C) and put the new one in (Ctrl+N)", source=event.source)
                return
            error = self.new_deck()
            if error is not None and s.phase == BlackjackPhase.BETTING:
                self._hold_after_refused_deck(event.source, error)
            elif error is not None:  # the round over: a card now is refused as after it, the next round holds (N)
                self._refused_deck_by = event.source
                # Its source journaled: a restart before N holds that reader's next read at N too (fixQA).
                self.alert("newdeck", "warning", "NEW DECK NOT ACCEPTED", error,
                           "put the old deck back in the shoe until it is reconciled (C)", source=event.source)

    def _hold_after_refused_deck(self, source: str, error: str) -> None:
        """The shoe's new deck refused (the old one not checked) while bets are taken: its next read would be dealt
        into the old deck's round, though it is most likely the new deck's.  As in a round (PROTOCOL.md 7.6), it
        waits (qaAQ F4: 5H was played at once as seat 1's card of the old deck)."""
        self._hold_next(source, AFTER_NEW_DECK)
        self.alert(NEW_DECK_REFUSED, "warning", "NEW DECK NOT ACCEPTED",
                   f"{error}; the {source}'s next card read is most likely the new deck's: it waits for you",
                   "put the old deck back in the shoe until it is reconciled (C); the next card read waits: Enter "
                   "plays it if it is the old deck's, Del sets it aside", source=source)

    def _shoe_empty_between_rounds(self, event: ShoeSignal) -> None:
        """The shoe ran empty with no round open: nothing to void (qaR F3: the old deck's EMPTY, come after the
        deck check and Ctrl+N, told the croupier to void the round over a fresh deck of 52 cards)."""
        s, source = self._snap.state, event.source
        if not s.ledger.dealt and not s.ledger.returned:  # a deck put in (Ctrl+N) and not dealt from yet
            text = (f"the {source} reports it has no card left, and deck {s.deck_no} is new at the table "
                    "(no card dealt from it): the old deck is out of the shoe")
            action = f"load deck {s.deck_no} into the shoe; nothing is to be voided"
        elif s.phase == BlackjackPhase.DECK_CHECK:
            text = f"the {source} has no card left: deck {s.deck_no} is being checked, no round is open"
            action = "count the cards back (the stub, T, if any), then Ctrl+N and load the new deck into the shoe"
        else:
            text = f"the {source} has no card left; no round is open"
            action = "check the deck (C), then put a new deck in (Ctrl+N) and load it into the shoe"
        self.alert("empty", "info", "SHOE EMPTY", text, action, source=source, source_seq=event.seq)

    # -- commands from the display ----------------------------------------------
    def place(self, seat: int, amount: Optional[Decimal] = None) -> Optional[str]:
        amount = self._snap.chip if amount is None else amount
        return self._do({"op": "place", "seat": seat, "bet": "main", "amount": fmt(amount), "stake": fmt(amount)})

    def remove(self, seat: int, amount: Optional[Decimal] = None) -> Optional[str]:
        amount = self._snap.chip if amount is None else amount
        return self._do({"op": "remove", "seat": seat, "bet": "main", "amount": fmt(amount), "stake": fmt(amount)})

    def clear(self, seat: Optional[int] = None) -> Optional[str]:
        return self._do({"op": "clear", "seat": seat})

    def rebet(self) -> Optional[str]:
        """The last round's stakes back on the layout.  One under a seat minimum raised since comes back too,
        chips being added to it, but named: put back without a word, it was refused only at Space (qaW F8)."""
        state = self._snap.state
        low = [f"seat {seat} {fmt(stake)}" for seat, stake in state.last_bets if stake < state.rules.min_bet]
        message = (f"last bets repeated; {', '.join(low)} below the seat minimum {fmt(state.rules.min_bet)}: "
                   "add chips or clear the seat before dealing") if low else ""
        return self._do({"op": "rebet"}, message=message)

    def deal(self) -> Optional[str]:
        """Close the bets.  A deal before the new deck's burn ends the burn (RULES.md); its entry names the burn
        cards not burned (``burn_skipped``), so the pit tells a burn forgotten from one done unrecorded (B), and the
        deck check counts them back (qaAF F8: it went without a word)."""
        left = self._snap.state.burn_left if self._snap.state.phase == BlackjackPhase.BETTING else 0
        if not left:
            return self._do({"op": "deal"}, message="no more bets")
        return self._do({"op": "deal", "burn_skipped": left},
                        message=f"no more bets: dealt without the burn ({left} card{'s' if left > 1 else ''} not "
                                "burned: B says a burn went unrecorded)")

    def act(self, action: str, seat: Optional[int] = None) -> Optional[str]:
        """Hit, stand, double or split for the active hand (``seat`` checks that it is that seat's turn)."""
        error = self._do({"op": "action", "action": action, "seat": seat}, message=action)
        if error is None:
            due = self._snap.state.describe_due() if self._snap.state.phase == BlackjackPhase.PLAYING else ""
            self._keyed_after = {source: (placed[0], action, due) for source, placed in self._placed.items()}
            self._after_decision(action)
            self._unpark()
        return error

    def _read_before(self, event: Any) -> Optional[tuple[Card, str]]:
        """As every game's, but not a card played before a decision keyed since: two cards fed together after it
        came out for the hand due after the decision (qaAQ F3: a double feed right after D named seat 2's card,
        dealt before D, and its Backspace voided seat 1's double)."""
        before = super()._read_before(event)
        keyed = self._keyed_after.get(event.source)
        placed = self._placed.get(event.source)
        if before is not None and before[1] and keyed is not None and placed is not None and keyed[0] == placed[0]:
            return None
        return before

    def _fed_after_decision(self, event: Any) -> Optional[tuple[str, str]]:
        keyed, placed = self._keyed_after.get(event.source), self._placed.get(event.source)
        if (event.seq is None or keyed is None or placed is None or keyed[0] != placed[0]
                or placed[0] != (event.seq - 1) % 65536 or not keyed[2]):
            return None
        action = ACTION_KEYS.get(keyed[1], keyed[1])
        return ((f". {placed[1].label}, read just before it, was dealt before {action} was keyed and is not in doubt: "
                 f"the two cards came out after {action}, the first of them {keyed[2]}"),
                f"type the cards not read in the order they came out (K), the first {keyed[2]}; the next card read "
                f"waits until you do; {placed[1].label} stays where it is")

    def hit(self) -> Optional[str]:
        return self.act("hit")

    def stand(self) -> Optional[str]:
        return self.act("stand")

    def double(self) -> Optional[str]:
        return self.act("double")

    def split(self) -> Optional[str]:
        return self.act("split")

    #: The supervisor's action (:data:`~dealer_assist.table.supervisor.ACTIONS`) for each kind of void.
    VOID_ACTIONS = {"deal": "void_deal", "card": "void_card", "decision": "void_decision", "burn": "void_card"}

    def void_preview(self) -> Optional[dict]:
        """What :meth:`void_last` would take back now (``None`` when there is nothing to void); words for
        it: :func:`~dealer_assist.table.blackjack_state.describe_void`."""
        try:
            return void_target(self._snap.state)
        except BlackjackTableError:
            return None

    def _correction_said(self, state: BlackjackState, op: dict) -> Optional[str]:
        """What the message line says of the journaled correction ``op``, with who authorised it and why: live
        and at its step in a replay (qaAX H2)."""
        if op.get("op") == "void":
            return with_authority(f"voided: {describe_void(op)}", op)
        if op.get("op") == "set_limits":
            return with_authority("new limits in force", op)
        return None

    def void_last(self, supervisor: str = "", pin: str = "", why: str = "",
                  expected: Optional[dict] = None) -> Optional[str]:
        """Void the last deal, card or decision of the round: a correction, like the baccarat table's
        :meth:`~dealer_assist.table.session.TableSession.void_last_card`.

        Checked first (nothing to void costs no PIN try); with a roster a
        supervisor's name, PIN and reason are checked (a wrong PIN is journaled
        and counts towards the lockout); without one it is the croupier's, with
        ``why``.  Journaled as a ``correction`` naming what was taken back
        (:func:`~dealer_assist.table.blackjack_state.void_target`), who, when and
        why; the replay applies it again without asking (it was authorised).
        ``expected`` is the :meth:`void_preview` the supervisor was shown: if a
        card or decision came in since, the void is refused rather than take
        back a step nobody signed for.
        """
        with self._lock:
            if self._snap.stopped:
                return self._snap.stopped
            state = self._snap.state
            try:
                what = void_target(state)
            except BlackjackTableError as exc:
                return self._refuse(str(exc))
            if expected is not None and expected != what:
                return self._refuse(f"the table moved on: the last step is now {describe_void(what)}, not "
                                    f"{describe_void(expected)}; close this and void again if that is meant")
            target = {"round": state.round_no, "shoe": state.deck_no, **what}
            correction = self._authorised(self._roster, self.VOID_ACTIONS[what["voided"]], target,
                                          supervisor, pin, why)
            if isinstance(correction, str):
                return correction
            who = correction.get("supervisor") or "croupier"
            op = {"op": "void", **target, "who": who, "why": correction["reason"], "correction": correction}
            if state.cut_out:
                op[CUT_STAYS] = True  # the cut card is out of the shoe whatever step is taken back
            error = self._do(op, message=self._correction_said(state, op) or "")
            if error is None and self.VOIDS_A_CARD(op):
                self._voided_asks(self._card_voided())
            return error

    def _new_shoes_first_read(self, read: CardRead) -> bool:
        """A card drawn from the new deck before Ctrl+N put it in: its burn card, where the table burns, played as
        read (the read after it is then the first again: rev22 R22-2); else it waits for the bets
        (:data:`NEW_DECKS_FIRST`)."""
        if self._snap.state.burn_left:
            self._card_read(replace(read, doubt=""))
            return True
        return super()._new_shoes_first_read(read)

    def skip_burn(self) -> Optional[str]:
        """B: the new deck's burn cards went to the discard rack unrecorded (face down past a reader, or not typed):
        the first deal comes next; the deck check counts them back as any other card.  A burn card the shoe could
        not read (or refused) is one of them: its wait ends (journaled ``burned_unread``: how many).  A read held
        behind it while burn cards are still due after the unread ones is a burn card too: it is burned as read
        (rev36 R2: it stayed held under the old banner, and Enter dealt it into seat 1)."""
        with self._lock:
            burned = self._burn_read_held(self._burn_left())  # the cards before it were burn cards: so is it
            unread = self._burn_unplayed(self._burn_left_after_read(self._burn_left(), burned))
            error = self._do({"op": "skip_burn", **({"burned_unread": unread} if unread else {})},
                             message="burn done unrecorded: the burn cards are counted back at the deck check"
                             + (f" (the card{'s' if unread > 1 else ''} not read among them)"
                                if unread or burned else ""))
            if error is None and unread:
                self._burn_done(unread)
                self._say_burned_behind()
            return error

    def _burn_left(self) -> int:
        """The burn cards still due (B counts them burned)."""
        state = self._snap.state
        return state.burn_left if state.phase == BlackjackPhase.BETTING else 0

    def next_round(self) -> Optional[str]:
        """N.  Refused after the deck's last round (the cut card out, the round settled), as at baccarat: the
        round it would open could never be dealt, and it took bets (qaAO F7).  A journal that has one
        (written before) still replays it: :func:`apply` takes the op."""
        state = self._snap.state
        if state.phase == BlackjackPhase.SETTLED and state.cut_out and not self._snap.replay:
            return self._refuse("no next round: the cut card is out and this deck's last round is played; check the "
                                "deck (C), then Ctrl+N puts a new one in")
        with self._lock:
            self._refuse_read_after_round()
            error = self._do({"op": "next_round"})
        refused_deck = next((a for a in self._snap.alerts if a.code == "newdeck"), None)
        if error is None and refused_deck is not None and self._refused_deck_by is not None:
            self._take_down(lambda a: a is not refused_deck)
            self._hold_after_refused_deck(self._refused_deck_by, refused_deck.text)
        if error is None:
            self._moved_from_box.clear()  # a card refused for its box last round is no card of this one
            self._astray_played.clear()  # nor is one played from outside every box
            self._parked.clear()
        return error

    def _refuse_read_after_round(self) -> None:
        """N with a shoe's read held behind a card the shoe left unplayed whose wait is over (the card typed for it
        completed the round): the read came out after the round, before N, so it is refused as a card after the round,
        as it would have been with nothing missing before it, CARD REFUSED saying what to do (fixR50: it stayed held
        across N and Enter dealt it as the next round's first card)."""
        pending = self._snap.pending
        hold = self._hold_of.get(pending.source) if pending is not None else None
        if (pending is None or self._snap.state.phase != BlackjackPhase.SETTLED or reads_again(pending.source)
                or not self._left_unplayed(pending.doubt, pending.source, self._pending_hold)
                or self._own_due(self._pending_hold) or hold is not None and hold[1] == self._pending_hold
                or self._replay_refusal() is not None):
            return
        self.confirm_pending()

    def start_deck_check(self) -> Optional[str]:
        error = self._do({"op": "deck_check"}, message="deck check: count the cards back")
        if error is None:
            self._end_round_holds()
        return error

    def return_stub(self) -> Optional[str]:
        return self._do({"op": "return_stub"}, message="stub counted back")

    def void_return(self, text: Any = None) -> Optional[str]:
        """Take back the last card counted during the deck check (a miscount); the croupier's, no PIN.
        Again, the one counted before it, and so on back (two cards miscounted: QA).  With a card
        (``text``, typed in the card field before the key) one count of that card, its latest, however many
        were counted after it: a card read twice early in the count (qaAO F4).

        Unlike :meth:`void_last` this touches neither a round nor money: the
        count is the croupier's own work in progress, which a card counted
        back (no PIN) adds to and going back to play (no PIN) discards whole.
        A PIN here would control nothing; what the count decides, a new deck
        while it does not reconcile, already needs a supervisor
        (:meth:`new_deck`).  Journaled (kind ``correction``) with the card.
        """
        with self._lock:
            returned = self._snap.state.ledger.returned
            if text is not None and str(text).strip():
                return self._void_named(str(text).strip(), returned)
            card = returned[-1].code if returned else None
            before = (f"; Shift+Backspace again takes back {returned[-2].code}, counted before it"
                      if len(returned) > 1 else "")
            return self._do({"op": "void_return", "card": card, "who": "croupier"},
                            message=f"counted card {card} taken back{before}" if card else "last counted card voided")

    def _void_named(self, text: str, returned: tuple) -> Optional[str]:
        """:meth:`void_return` of the card typed: journaled with ``named``, so the export takes back that card's
        count and not the last one (the table's state follows the card either way)."""
        try:
            card = parse_card(text, require_suit=True)
        except InvalidCardError as exc:
            return self._refuse(f"{exc}; to take back one count of a card type it with its suit (8S), then "
                                "Shift+Backspace; Shift+Backspace in the empty field takes back the last card "
                                "counted")
        if self._snap.state.phase == BlackjackPhase.DECK_CHECK and card not in returned:
            return self._refuse(f"cannot take back {card.label}: it is not counted back (nothing of it to take "
                                "back); the count is unchanged")
        left = returned.count(card) - 1
        return self._do({"op": "void_return", "card": card.code, "who": "croupier", "named": True},
                        message=f"one count of {card.label} taken back ({left} left counted)")

    def resume_play(self) -> Optional[str]:
        return self._do({"op": "resume"}, message="deck check closed; same deck")

    def new_deck(self, supervisor: Optional[str] = None, pin: Optional[str] = None,
                 reason: str = "") -> Optional[str]:
        """A new deck; refused while the old one is not reconciled, unless a supervisor overrides with a PIN."""
        op: dict = {"op": "new_deck"}
        if supervisor is not None:
            override = self._authorize(supervisor, pin, "new_deck", reason)
            if isinstance(override, str):
                return override
            op["override"] = override
        error = self._do(op, message="new deck")
        if error is None:
            self._refused_deck_by = None
            self._end_holds("deck")  # QA: a read held from the old deck was played as the new one's first card
        return error

    @property
    def needs_supervisor(self) -> bool:
        return self._roster is not None

    def set_limits(self, min_bet: Any, max_bet: Any, supervisor: str = "", pin: str = "",
                   why: str = "") -> Optional[str]:
        """New seat limits: a supervisor's name, PIN and reason when the table has a roster, a reason in
        any case; journaled as a correction with the limits before and after (the same path as the
        baccarat table's :meth:`~dealer_assist.table.session.TableSession.set_limits`)."""
        if not why.strip():
            return self._refuse("say why the limits change: the reason goes into the journal")
        with self._lock:
            state = self._snap.state
            op: dict = {"op": "set_limits", "min_bet": str(min_bet).strip(), "max_bet": str(max_bet).strip()}
            try:
                new = apply(state, op)
                check_given_seat_limits(new.rules.max_bet, new.rules.chips, new.rules.min_bet)
            except UnusableSeatLimitsError as exc:  # the config file's check at start, so L cannot set what it refuses
                return self._refuse(f"limits refused: {exc}; {exc.table_fix}; the limits in force are unchanged")
            except BlackjackTableError as exc:
                return self._refuse(str(exc))
            target = {"round": state.round_no, "shoe": state.deck_no, "min_bet": fmt(new.rules.min_bet),
                      "max_bet": fmt(new.rules.max_bet),
                      "was": {"min_bet": fmt(state.rules.min_bet), "max_bet": fmt(state.rules.max_bet)}}
            correction = self._authorised(self._roster, "change_limits", target, supervisor, pin, why)
            if isinstance(correction, str):
                return correction
            op = {**op, **target, "why": why, "correction": correction}
            return self._do(op, message=self._correction_said(state, op) or "")

    def accept_refused(self, supervisor: str, pin: Optional[str], reason: str,
                       text: Any = None) -> Optional[str]:
        """A supervisor accepts the card refused as already dealt from this deck (or ``text``); flagged at the deck check."""
        if text is None:
            card = self._snap.duplicate
            if card is None:
                return self._refuse("no refused card is waiting for a supervisor")
        else:
            try:
                card = parse_card(text, require_suit=True)
            except InvalidCardError as exc:
                return self._refuse(str(exc))
        override = self._authorize(supervisor, pin, "duplicate_card", reason, card=card.code)
        if isinstance(override, str):
            return override
        return self._play(card, KEYBOARD, self._zone_for_typed(card), override=override)

    def _authorize(self, supervisor: str, pin: Optional[str], what: str, reason: str, **target: Any):
        """The journal payload of a supervisor's override, or the refusal's message.  At a table with no
        supervisors the override is the croupier's, journaled with its reason, as a void is (QA: a lost card
        had stopped such a table for good: no new deck, and no way to accept a card dealt again)."""
        if self._roster is None and not str(reason or "").strip():
            return self._refuse("say why (it goes into the journal): with no supervisors at this table, the "
                                "override is the croupier's, recorded with its reason")
        return self._authorised(self._roster, "override_alarm", {"alarm": what, "round": self._snap.state.round_no,
                                                                  **target}, supervisor, pin or "", reason)


def _boxes_holding(rnd: Any, seats: tuple[int, ...], card: Card) -> set:
    """The boxes (``"dealer"``, a table seat) whose hands in ``rnd`` (its seats being table ``seats``) hold ``card``."""
    boxes: set = {"dealer"} if card in rnd.dealer.cards else set()
    return boxes | {seats[seat - 1] for seat, _, hand in rnd.all_hands() if card in hand.cards}


def _box_words(zone: str) -> str:
    """A camera's zone as the croupier calls the box: ``the dealer's box``, ``seat 3's box``."""
    place = given_position(zone)
    return "the dealer's box" if place == "dealer" else f"seat {place}'s box"


def _times(n: int) -> str:
    return "once" if n == 1 else f"{n} times"


def _dealt_already(state: BlackjackState, card: Card, source: Any = KEYBOARD) -> bool:
    """Whether ``card`` would now be refused as dealt from this deck already (a supervisor may accept it)."""
    try:
        apply(state, {"op": "card", "card": card.code, "source": source})
    except DuplicateCardError:
        return True
    except (BlackjackTableError, TypeError, ValueError):
        return False
    return False


def replay_rules(recorded: Optional[dict], configured: Optional[BlackjackTableRules] = None) -> BlackjackTableRules:
    """The rules to replay a blackjack journal under (see :func:`.rules_record.replay_rules_of`;
    ``configured`` is a config file's ``[blackjack]`` section); raises :class:`BlackjackSessionError`."""
    def read_back(record: dict) -> BlackjackTableRules:
        try:
            return rules_from_record(record)
        except BlackjackTableError as exc:
            raise BlackjackSessionError(str(exc)) from None

    return replay_rules_of(recorded, configured, BlackjackTableRules(), read_back, BlackjackSessionError)


def settlement_json(record: RoundRecord) -> dict:
    """One result per hand in table seat numbers, as ``settle --game blackjack --json`` gives it, plus totals."""
    s = record.settlement
    return {
        "bets": settlement_lines(s),
        "totals": {"stakes": fmt(s.stakes), "paid": fmt(s.paid), "commission": "0.00",
                   "returned": fmt(s.returned), "house": fmt(s.house)},
    }
