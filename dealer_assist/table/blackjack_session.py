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

Its longer parts are mixins :class:`BlackjackSession` inherits, each in its
own module: the cards typed (:mod:`.blackjack_typed`), where a reader's card
goes (:mod:`.blackjack_reads`), the cut card and the shoe's signals
(:mod:`.blackjack_cut`) and what a restart restores (:mod:`.blackjack_restart`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any, Callable, Optional

from dealer_assist.blackjack.script import round_json
from dealer_assist.cards import Card, InvalidCardError, parse_card
from dealer_assist.events import OUTSIDE_BOXES, CardRead
from dealer_assist.money import fmt
from dealer_assist.table import journal_scan
from dealer_assist.table.blackjack_boxes import _box_words, _dealt_already
from dealer_assist.table.blackjack_cut import BlackjackCut
from dealer_assist.table.blackjack_names import BEFORE_A_DECISION, GAME, KEYBOARD
from dealer_assist.table.blackjack_reads import BlackjackReads
from dealer_assist.table.blackjack_restart import BlackjackRestart
from dealer_assist.table.blackjack_state import (CUT_STAYS, NOT_IN_THE_STUB, BlackjackPhase, BlackjackState,
                                                 BlackjackTableError, BlackjackTableRules, CardAfterRoundError,
                                                 CardBeforeDealError, DuplicateCardError, RoundRecord,
                                                 UnusableSeatLimitsError, apply, check_given_seat_limits, deck_started,
                                                 describe_void, no_place_in_box, position, rules_from_record,
                                                 settlement_lines, void_named, void_target)
from dealer_assist.table.blackjack_typed import BlackjackTyped
from dealer_assist.table.correction_words import with_authority
from dealer_assist.table.holds import (AFTER_A_MISDRAW, AFTER_A_REFUSAL, AFTER_NEW_DECK, NEW_DECKS_FIRST,
                                       NO_PLACE_IN_BOX, NO_ROUND_AFTER, NO_ROUND_CUT, NO_ROUND_NO_DEAL,
                                       AFTER_BURNED_UNREAD, SET_ASIDE_UNREAD, hold_of_alert, reads_again)
from dealer_assist.table.journal import Entry, Journal
from dealer_assist.table.rules_record import replay_rules_of, rules_record
from dealer_assist.table.session_core import ROUND_END, SessionCore, SnapshotCore, round_ends


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
        reader = self._reader_down()
        if s.phase == BlackjackPhase.BETTING and s.burn_left:
            return reader + (f"burn {s.burn_left} card{'s' if s.burn_left > 1 else ''} of the new deck (read by the shoe, or K "
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
            return reader + ("the dealer draws to 16 and on soft 17, and stands on hard 17" if s.rules.house.hits_soft_17
                    else "the dealer draws to 16 and stands on 17")
        return reader + s.describe_due()

    def _reader_down(self) -> str:
        """What the small line says first while a card is due and no reader is up, one being lost or silent (qaAY
        F5: once CARD READER LOST was dismissed, the table waited on CARD TO SEAT 1 for a card that could not come,
        nothing on the screen saying why; baccarat's status lines name the link).  Ends with " · " when said."""
        states = {state for _, state in self.links}
        if self.replay or "up" in states:
            return ""
        if "lost" in states:
            return "the card reader is lost: type the cards (K) · "
        if "stale" in states:
            return "the card reader is silent: check it; type the cards (K) if needed · "
        return ""

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


class BlackjackSession(BlackjackTyped, BlackjackReads, BlackjackCut, BlackjackRestart, SessionCore):
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
        before = self._last_ended
        super()._typed_in_place()
        self._refusal_kept_by_wait(before)

    def _refusal_kept_by_wait(self, before: Optional[int]) -> None:
        """The CARD REFUSED the card typed took down (:attr:`_typed_over_refusal`) goes with the wait that card ended
        (``before``: the wait ended last before it), for a void to show again, as a restart does."""
        refused, self._typed_over_refusal = self._typed_over_refusal, ()
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


def _times(n: int) -> str:
    return "once" if n == 1 else f"{n} times"


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
