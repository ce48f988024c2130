"""The table session: owns the table, applies every event through the rules core, publishes snapshots.

Card sources call :meth:`TableSession.handle` from their own threads; the
display calls the command methods (place a chip, deal, confirm a card ...)
from the GUI thread.  Both go through one lock and one path: build an
operation, compute the next :class:`~dealer_assist.table.state.TableState`
with :func:`~dealer_assist.table.state.apply`, write it to the journal,
and only then make it current and publish a new immutable
:class:`Snapshot` to the subscribers.  A refused operation changes nothing
and becomes a clear message (and, for a card, an alert that cannot be missed).
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any, Callable, Optional

from dealer_assist.baccarat.bets import TableLimits, UnusableLimitsError, check_given_limits
from dealer_assist.baccarat.paytable import Bet
from dealer_assist.baccarat.report import round_json
from dealer_assist.cards import Card, InvalidCardError, parse_card
from dealer_assist.money import fmt
from dealer_assist.events import MOVED_UNSEEN, OUTSIDE_BOXES, PUT_BACK, CardRead, ShoeSignal
from dealer_assist.shoe import ImpossibleCardError, Phase as ShoePhase
from dealer_assist.table import journal_scan
from dealer_assist.table.holds import (AFTER_A_REFUSAL, AFTER_BURNED_UNREAD_P1, AFTER_NEW_SHOE, BURN_DUE_FACE_DOWN,
                                      DRAWN_ONCE, MOVED_EARLIER, MOVED_LAST, NEW_SHOE_IN_ROUND, reads_again)
from dealer_assist.table.correction_words import with_authority
from dealer_assist.table.journal import Entry, Journal
from dealer_assist.table.rules_record import RulesMismatchError, replay_rules_of, rules_record
from dealer_assist.table.session_core import (CONFIRM_BELOW, ROUND_END, Alert, JournalReplayError, SessionCore,
                                              SnapshotCore, round_ends)
from dealer_assist.table.state import (NEW_SHOE_MID_ROUND, RoundOverError, TableError, TablePhase, TableRules,
                                       TableState, apply, burn_voidable, correcting_bets, cut_before_first_card,
                                       cut_takeback_refusal, no_bet_hand, reopenable, rules_from_record,
                                       shoe_started, void_op)

__all__ = ["Alert", "CONFIRM_BELOW", "RulesMismatchError", "ShoeOdds", "Snapshot", "TableSession"]

_log = logging.getLogger(__name__)

#: The journal kind of each operation (the payload always carries ``op`` too, for replay).
OP_KINDS = {
    "card": "card_assigned", "burn_unseen": "shoe_burn", "skip_burn": "shoe_burn", "place": "bet_placed",
    "remove": "bet_removed", "undo": "bet_undone", "clear": "bets_cleared", "double": "bets_doubled",
    "rebet": "rebet", "deal": "deal", "void_card": "correction", "void_round": "correction", "void_burn": "correction",
    "reopen_bets": "correction",
    "set_limits": "correction", "next_round": "round_start", "cut": "shoe_cut", "uncut": "shoe_cut",
    "new_shoe": "shoe_start", "hold": "card_held", "play_held": "card_assigned", "discard_held": "card_set_aside",
}


@dataclass(frozen=True)
class ShoeOdds:
    """The odds worker's answer for one composition of the cards left: the report, or why there is none.

    It names the composition it was computed for.  The worker counts off the table's thread, and the
    cards go on coming meanwhile: a snapshot carries the last answer, which may be the shoe's before
    its newest card (QA: the panel showed those figures under the new count).  A display shows the
    figures as the current odds only where :meth:`holds_for` says they are."""

    #: Cards of each rank (A..K) left when the odds were computed (``Shoe.counts_left``).
    counts: tuple[int, ...]
    #: dealer_assist.odds.OddsReport; ``None`` when there are no odds (``why`` says why).
    report: Any = None
    why: str = ""

    @property
    def cards_left(self) -> int:
        return sum(self.counts)

    def holds_for(self, shoe: Any) -> bool:
        """Whether these are the odds of ``shoe``'s cards left as they are now."""
        return self.counts == tuple(shoe.counts_left())


@dataclass(frozen=True)
class Snapshot(SnapshotCore):
    """Everything the baccarat display draws, frozen."""

    #: The odds worker's last answer (:class:`ShoeOdds`), ``None`` before its first; it may be the
    #: answer for the shoe before the newest cards: :meth:`ShoeOdds.holds_for` says.
    odds: Optional[ShoeOdds] = None

    @property
    def banner(self) -> str:
        s = self.state
        if self.status_banner():
            return self.status_banner()
        if s.phase == TablePhase.BURN:
            return "BURN"
        if s.held and s.phase in (TablePhase.BETTING, TablePhase.DEALING):
            return "CARD HELD"  # a void reopened the round behind it: Enter plays it there (see reason)
        if correcting_bets(s):
            return "CORRECT THE BETS"
        if s.phase == TablePhase.BETTING:
            return "PLACE YOUR BETS"
        if s.phase == TablePhase.FINISHED:
            return "SHOE FINISHED"
        return s.round.due.banner

    @property
    def reason(self) -> str:
        s = self.state
        if self.status_reason():
            return self.status_reason()
        if self.replay:  # the record goes on by itself: no hint names a key that would change the table
            if s.phase == TablePhase.BURN:
                return s.shoe.status
            if s.phase == TablePhase.BETTING:
                return "replay: the recorded bets, then the deal"
            if s.phase == TablePhase.FINISHED:
                return "the cut-card rounds are played; the replay goes on if the record does"
            if s.phase == TablePhase.SETTLED:
                return s.round.due.reason + self._no_bet_said + " — the replay goes on by itself"
            return s.round.due.reason + self._no_bet_said
        if s.phase == TablePhase.BURN:
            return s.shoe.status + (" (B when burned face down)" if s.shoe.burn_left else "")
        if correcting_bets(s) and s.held:
            cards = " ".join(c.label for c in s.held)
            return (f"{cards} came out while round {s.round_no}'s bets are corrected: it is no card of that round. "
                    "D settles the round again first, then Enter deals a no-bet hand with it; Del sets it aside")
        if s.phase == TablePhase.BETTING and s.held:
            cards = " ".join(c.label for c in s.held)
            it = "them" if len(s.held) > 1 else "it"
            return (f"{cards} came out before bets were taken: no bet is taken on {it}. Enter deals a no-bet hand "
                    f"with {it}" + (" (clear the bets first: C)" if s.betting.layout else "") + f"; Del sets {it} aside")
        if s.phase == TablePhase.DEALING and s.held:
            cards = " ".join(c.label for c in s.held)
            it = "them" if len(s.held) > 1 else "it"
            return (f"{cards} came out after the round, which a void reopened: {s.round.due.reason} "
                    f"is due; Enter plays {cards} there, in order, Del sets {it} aside")
        if correcting_bets(s):
            return (f"round {s.round_no}'s bets as they should have been (its cards stay): change them, then D "
                    "settles it again")
        if s.phase == TablePhase.BETTING:
            return "choose a chip, click a bet (Shift-click removes); D deals"
        if s.phase == TablePhase.FINISHED:
            return "the cut-card rounds are played: Ctrl+N starts a new shoe"
        if s.phase == TablePhase.SETTLED and s.shoe.phase is ShoePhase.FINISHED:  # QA: N then said SHOE FINISHED
            return s.round.due.reason + self._no_bet_said + " — the shoe's last round: Ctrl+N twice starts a new shoe"
        if s.phase == TablePhase.SETTLED:
            return s.round.due.reason + self._no_bet_said + " — N: next round"
        return s.round.due.reason + self._no_bet_said

    @property
    def _no_bet_said(self) -> str:
        """What the reason adds in a no-bet hand: the banner read as in any round while every bet was refused
        (fixAU3's leftover); said from the state, so a restart and a replay say it as live did."""
        s = self.state
        if not no_bet_hand(s):
            return ""
        return " — no-bet hand, nothing to pay" if s.phase == TablePhase.SETTLED else (
            f" — no-bet hand: nobody bets on round {s.round_no}")


def _label(code: object) -> str:
    """A card code as the display shows it (4C as 4♣), or as written when it is none."""
    try:
        return parse_card(code).label
    except InvalidCardError:
        return str(code)


def described(what: dict, bare: bool = False) -> str:
    """The cards a correction takes back (:meth:`TableSession.correction_target`), as a croupier reads
    them: ``card 4♣`` / ``cards 9♥ 2♠`` / ``no card`` (``bare``: the cards alone)."""
    cards = what.get("cards", what.get("card", ""))
    codes = [_label(c) for c in (cards.split() if isinstance(cards, str) else cards)]
    if bare:
        return " ".join(codes) or "none"
    return f"card{'s' if len(codes) > 1 else ''} {' '.join(codes)}" if codes else "no card"


def correction_said(state: TableState, op: dict) -> Optional[str]:
    """What the message line says of the journaled correction ``op`` made on ``state`` (the table before it), with
    who authorised it and why; ``None`` for an op that is none.  One source for live and the replay (qaAX H2: the
    replay said nothing, the voided card just vanished).  D settling corrected bets again is said here too."""
    kind = op.get("op")
    if kind == "void_card":
        done = f"card {described(op, bare=True)} voided"
    elif kind == "void_burn":
        done = (f"burn card {described(op, bare=True)} voided: "
                + ("show the burn card again (its value sets the burn)" if len(state.shoe.burned) == 1 else
                   f"{state.shoe.burn_left + 1} more card(s) to burn face down"))
    elif kind == "void_round":
        done = "round voided: its cards are set aside, the bets are open again"
    elif kind == "reopen_bets":
        done = "the bets are open for correction, the cards kept: change them, then D settles the round again"
    elif kind == "set_limits":
        done = "new limits in force"
    elif kind == "discard_held" and isinstance(op.get("correction"), dict):
        done = f"set aside as misdrawn: {' '.join(c.label for c in state.held)}"
    elif kind == "deal" and correcting_bets(state):
        return "the round settled again on its cards as the bets now stand: correct the payment as the list says"
    else:
        return None
    if op.get("reopened"):
        done = f"round {op.get('round')} reopened: {done}"
    return with_authority(done, op)


#: How an impossible card's refusal ends (:class:`~dealer_assist.shoe.ImpossibleCardError`): no key named.
BY_HAND = ImpossibleCardError.AT_TABLE


def _not_reopened(state: TableState) -> Optional[str]:
    """Why the round N closed cannot be reopened now, when something of the next one stands in the way."""
    before = state.before_next
    if before is None or state.round.cards or state.shoe_no != before.shoe_no:
        return None
    if state.betting.layout:
        return (f"round {before.round_no} is closed (N) and the next round's bets are on the layout: clear them (C) "
                f"to reopen round {before.round_no} and correct it, then place them again")
    if state.held:
        return (f"round {before.round_no} is closed (N) and a card came out since: set it aside (Del) to reopen "
                f"round {before.round_no}")
    return None


def cut_text(state: TableState) -> str:
    """The cut card alert's words, in round numbers, not "one more round after this": the alert stands
    until dismissed, and said so still in the shoe's last round (qaQ F10)."""
    shoe = state.shoe
    last = state.round_no + (shoe.rounds_left or 1) - 1 + (1 if state.phase == TablePhase.SETTLED else 0)
    when = f"round {state.round_no}" + (" (settled)" if state.phase == TablePhase.SETTLED else "")
    return (f"the cut card came out in {when}, {shoe.dealt} dealt, {shoe.cards_left} left: round {last} is the "
            "shoe's last")


def replay_rules(recorded: Optional[dict], configured: Optional[TableRules] = None) -> TableRules:
    """The rules to replay a baccarat journal under (see :func:`.rules_record.replay_rules_of`);
    raises :class:`TableError`."""
    return replay_rules_of(recorded, configured, TableRules(), rules_from_record, TableError)


def _no_new_money_over_the_limit(old: TableState, new: TableState) -> None:
    """While a settled round's bets are corrected no limit refuses them (they were taken under the limits of their
    time, and limits lowered since must not block the fix), but a stake raised above both the bet's maximum now and
    the most the round took on that bet is new money over the limit: refused as at any bet (qaAH: a corrected Banker
    6,000 at a 5,000 table was settled and paid).  The live table's rule only: a journal recording one replays."""
    took = old.paid_before.lines if old.paid_before is not None else ()
    before = {(w.seat, w.bet): w.stake for w in old.betting.layout.wagers()}
    for w in new.betting.layout.wagers():
        most = max([new.rules.limits.max_for(w.bet), *(r.stake for r in took if r.bet == w.bet)])
        if w.stake > most and w.stake > before.get((w.seat, w.bet), Decimal("0")):
            raise TableError(f"seat {w.seat} {w.bet.label} {fmt(w.stake)} is above the {w.bet.label} maximum of "
                             f"{fmt(most)}: a correction puts back what the round took, but no new money over the "
                             "limit; the bets stay as they were (a supervisor raises the limit, L, if it is meant)")


class TableSession(SessionCore):
    """One baccarat table: state, journal, subscribers and the link to the card sources."""

    GAME = "baccarat"
    CUT_BY_HAND = ("if the cut card is out, press O twice to record it (this round and the rules' rounds after, "
                   "then the shoe ends)")
    REFUSALS = (TableError,)
    HOLDS_END_AT = (("round_start", None),)  # a card out after the round is held, never the next round's
    WAITS_END_OPS = ("next_round", "void_round", "new_shoe")  # round_start is next_round's kind
    BURNED_BEHIND_DOUBT = AFTER_BURNED_UNREAD_P1

    @staticmethod
    def VOIDS_A_CARD(payload: dict) -> bool:  # noqa: N802 (a class constant's shape, as HOLDS_END_AT)
        """Whether a journaled correction took the last card played back (a round's, or a burn card shown)."""
        return payload.get("op") in ("void_card", "void_burn")

    def __init__(self, rules: TableRules = TableRules(), journal: Any = None, *, odds: bool = True,
                 supervisors: Any = None, clock: Callable[[], float] = time.time) -> None:
        """``supervisors`` is a :class:`~dealer_assist.table.supervisor.SupervisorRoster`; with one,
        corrections (voiding a card) need a supervisor's name, PIN and reason."""
        state, shoe_seq, chip, supervisors = self._recover(TableState.new(rules), rules, journal, supervisors)
        super().__init__(Snapshot(state=state, chip=chip), journal, clock)
        self._supervisors = supervisors
        self._odds_queue: "queue.Queue[Optional[tuple]]" = queue.Queue()
        self._odds_thread: Optional[threading.Thread] = None
        if odds:
            self._odds_thread = threading.Thread(target=self._odds_worker, name="odds", daemon=True)
            self._odds_thread.start()
            self._odds_queue.put(state.shoe.counts_left())
        restarted = self._ran_before(journal)
        if journal is not None and self.recovered == 0 and not restarted:
            self._write("shoe_start", {"op": None, "game": self.GAME, "shoe": state.shoe_no, "decks": rules.shoe.decks,
                                       "rules": rules_record(rules)})
        self._recovered(journal, shoe_seq, supervisors)
        if restarted:
            self._journal_started(self._snap.state.shoe_no)

    def _blank(self) -> "TableSession":
        return TableSession(self._snap.state.rules, odds=False)

    def _started_at(self, op: dict) -> TableState:
        return shoe_started(self._snap.state.rules, op)

    # -- recovery -------------------------------------------------------------
    @staticmethod
    def _replay(state: TableState, journal: Journal) -> tuple[TableState, int, int]:
        """Rebuild the table from the journal's operations (the same :func:`apply` the live table used);
        the state, how many operations the journal holds, and the seq the replay started from.

        A new shoe starts the table afresh but for its limits and the last bets (Rebet), which its
        entry keeps: the operations before the last such entry need not be applied again, nor even
        read.  A restart on a month's journal had replayed every shoe of the month (3,000 rounds: 4 s),
        then read every entry of it (182,000 entries: 11 s, 500 MB)."""
        start: Optional[Entry] = None
        for entry in journal_scan.shoe_starts(journal):
            payload = entry.payload
            if payload.get("op") is None and payload.get("game", "baccarat") != "baccarat":
                raise JournalReplayError(
                    f"journal {getattr(journal, 'path', '')} belongs to a {payload.get('game')} table (entry seq "
                    f"{entry.seq}); it was not changed: to go on with it, start with --game {payload.get('game')}; or open "
                    "a baccarat journal, or give a new path with --journal")
            if payload.get("op") == "new_shoe" and "last_round" in payload and "limits" in payload:
                start = entry
        count, from_seq = 0, 0
        if start is not None:
            try:
                state = shoe_started(state.rules, start.payload)
            except (TableError, ArithmeticError) as exc:
                raise JournalReplayError(
                    f"journal {getattr(journal, 'path', '')} entry seq {start.seq} (the new shoe) cannot "
                    f"be read: {exc}; the journal was not changed: check it with 'dealer-assist journal verify' and "
                    "call a supervisor, or start with a new --journal PATH") from None
            count, from_seq = journal_scan.operations_through(journal, start.seq), start.seq + 1
        for entry in journal.entries(from_seq):
            payload = entry.payload
            op = payload.get("op")
            if isinstance(op, str):
                try:
                    state = apply(state, {**payload})
                except (TableError, ArithmeticError) as exc:
                    raise JournalReplayError(
                        f"journal {getattr(journal, 'path', '')} entry seq {entry.seq} ({entry.kind}) cannot be "
                        f"replayed: {exc}; the journal was not changed: check it with 'dealer-assist journal "
                        "verify' and call a supervisor, or start with a new --journal PATH") from None
                count += 1
        return state, count, from_seq

    def _complete_settlements(self, journal: Journal, from_seq: int) -> None:
        """A crash between a round's last card and its round-end entries: write the missing ones once.
        The rounds to look at are this shoe's (the history starts afresh at a new shoe), and their
        entries all come after the shoe's own, at ``from_seq``."""
        ended = round_ends(journal.entries(from_seq))
        state = self._snap.state
        # A round whose bets are being corrected (Shift+D) has no end until D settles it again: its record, still
        # in the history, is the settlement taken back (qaAE F9: a restart wrote it again as the round's end).
        open_again = (state.shoe_no, state.round_no) if correcting_bets(state) else None
        for record in state.history:
            if (record.shoe, record.number) != open_again:
                self._journal_round_end(state, record, ended.get((record.shoe, record.number), set()))

    def _placed_hand(self, card: Card) -> Optional[str]:
        rnd = self._snap.state.round
        return next((pos.hand for c, pos in reversed(list(zip(rnd.cards, rnd.positions))) if c == card), None)

    def _take(self, event: CardRead) -> None:
        if not (self._moved_read(event) or self._squared_from_outside(event)):
            super()._take(event)

    def _moved_read(self, event: CardRead) -> bool:
        """A zoned camera's read of a card it followed, sharp, from one hand's box into the other's
        (:attr:`~dealer_assist.events.CardRead.moved_from`): the card the table has, not a new one.  Once no round
        is dealt (cards gathered after PLAYER WINS, rev33 R2: CONFIRM CARD held the next round's first card), or
        in a round when it is not the last card played, it is dropped with a note, no alert; its push blurred (the
        camera saw no move), a read of a card of the round just settled, doubted as put back, is that card gathered
        too (a sure one may be a new copy dealt before N: rev34 R3).  The round's last card, moved out of the hand
        the table played it in, is refused by name (rev33 R3: Enter, "another of its code", counted it in both hands
        and could change the winner): the table cannot move a baccarat card, the croupier voids it and types it."""
        state, rnd = self._snap.state, self._snap.state.round
        sure = not event.doubt and event.confidence >= CONFIRM_BELOW and not event.candidates
        if (not str(event.source).startswith("camera:")
                or not (event.moved_from or event.doubt == PUT_BACK or sure)):
            return False
        if not event.zone and (state.phase == TablePhase.DEALING or not event.moved_from):
            if event.moved_from and event.doubt == MOVED_UNSEEN and state.phase == TablePhase.DEALING:
                self._publish(replace(self._snap, message=self._moved_unseen_words(event)))
            return False  # pushed and lost from sight in a round: where it lies is the croupier's to say
        zone, was = (event.zone or "").strip().lower(), (event.moved_from or "").strip().lower()
        hands = ({pos.hand for card, pos in zip(rnd.cards, rnd.positions) if card == event.card}
                 if rnd is not None else set())
        where = f" from the {was.title()} box" if was else ""
        if state.phase != TablePhase.DEALING:
            if not was and (state.phase not in (TablePhase.SETTLED, TablePhase.FINISHED)
                            or event.doubt != PUT_BACK or not hands):
                return False  # a sure read unseen moving may be a new copy dealt before N (rev34 R3): it waits
            to = f" to the {zone.title()} box" if zone else " off its box"
            return self._drop_as_moved(event, f"{event.card.label} moved{where}{to} after the round: the same card, "
                                              "gathered, not a new one (read dropped)",
                                       after_round=True)
        if rnd is None or not was or was not in hands:
            return False
        if rnd.cards[-1] != event.card or rnd.positions[-1].hand != was:
            return self._drop_as_moved(event, f"{event.card.label} moved{where} to the {zone.title()} box: the "
                                              f"table keeps it in the {was.title()}'s hand, where it was played (read "
                                              "dropped); if it belongs in the other, void the round (Shift+V) and "
                                              "type the cards")
        self._drop_as_moved(event, f"{event.card.label} moved{where} to the {zone.title()} box (read dropped): "
                                   "not played there", refused=True)
        self._moved_alert(event.card, was, zone, f"the camera saw it moved to the {zone.title()}'s box")
        return True

    def _card_read(self, event: CardRead) -> None:
        """As every game; a zoned camera's sure read in one hand's box just after the card of its code left its spot in
        the other's (:attr:`~dealer_assist.events.CardRead.left_from`), while the round counts that card there and it
        is not the round's last (that one waits as :data:`MOVED_LAST`), is doubted as that card pushed blurred,
        :data:`MOVED_EARLIER`, before it is journaled: a restart holds it so too (fixMB: it was played again)."""
        if (event.left_from and not event.doubt and event.confidence >= CONFIRM_BELOW and not event.candidates
                and self._last_played_elsewhere(event) is None
                and self._blurred_from(replace(event, doubt=MOVED_EARLIER)) is not None):
            event = replace(event, doubt=MOVED_EARLIER)
        super()._card_read(event)

    def _blurred_from(self, event: Optional[CardRead]) -> Optional[tuple[str, str]]:
        """The hand a read held as :data:`MOVED_EARLIER` has its card played in, and the other
        hand, whose box it is read in, while the round is dealt: most likely that card, pushed across (fixMB: read sure,
        an earlier card of the round was played again in the other hand, counted in both), else None."""
        rnd = self._snap.state.round
        zone = (event.zone or "").strip().lower() if event is not None else ""
        if (event is None or event.doubt != MOVED_EARLIER or self._snap.state.phase != TablePhase.DEALING
                or rnd is None or not zone):
            return None
        was = next((pos.hand for card, pos in reversed(list(zip(rnd.cards, rnd.positions)))
                    if card == event.card and pos.hand != zone), None)
        return (was, zone) if was is not None else None

    def _moved_unseen_words(self, event: CardRead, before: str = "") -> str:
        """What a read held as :data:`~dealer_assist.events.MOVED_UNSEEN` means at this table: the box the card left,
        whether the table counts it there, and the keys that put the hands right (rev34 R2: held as put back, Enter
        counted it in both hands and Del left it in the box it left, with no word)."""
        rnd, label = self._snap.state.round, event.card.label
        was = (event.moved_from or "").strip().lower()
        hands = [pos.hand for card, pos in zip(rnd.cards, rnd.positions) if card == event.card] if rnd else []
        counted = " and ".join(f"the {h.title()}'s hand" for h in dict.fromkeys(hands)) or "neither hand"
        return (f"{before}{label} was pushed out of the {was.title()} box and a hand covered it: the camera did not "
                f"see where it came to rest. The table counts it in {counted}. "
                f"{self._moved_unseen_keys(event, held=True)}; if it still lies in the {was.title()} box, Del drops "
                "this read")

    def _moved_unseen_keys(self, event: CardRead, held: bool) -> str:
        """The keys, in the order they work, that put the card of ``event`` (read as
        :data:`~dealer_assist.events.MOVED_UNSEEN`) right if it lies in the other hand's box, the read ``held`` or
        dropped: V, then Enter (or K once dropped), when it is the round's last card and the other hand's place is due
        once it is voided; else Shift+V and the round's cards typed again, which waits for the read to be dropped
        (rev35 R3: the words named Shift+V, refused while the read waits, and Enter where it would play it in the
        wrong hand)."""
        rnd, card = self._snap.state.round, event.card
        was = (event.moved_from or "").strip().lower()
        other = "banker" if was == "player" else "player"
        last = bool(rnd and rnd.cards) and rnd.cards[-1] == card and rnd.positions[-1].hand == was
        if last and rnd.void_last().due.hand == other:
            return (f"If it lies in the {other.title()} box now, void it (V)"
                    + (f": Enter then plays it in the {other.title()}'s place, due then, or type it (K {card.code})"
                       if held else f" and type it (K {card.code}): the {other.title()}'s place is due then"))
        return (f"If it lies in the {other.title()} box now, " + ("Del drops this read, then " if held else "")
                + "void the round (Shift+V) and type the cards in their places (K)")

    def _moved_unseen_plays(self, event: CardRead) -> bool:
        """Whether Enter plays a read held as :data:`~dealer_assist.events.MOVED_UNSEEN` where a card is due: only once
        the round no longer counts its card (voided: the read is that card, to play again).  The camera sends this read
        only for the card it followed out of its box, never for a copy (a copy dealt comes as its own read): played as
        another of its code where the box it left was due, it was counted twice (rev35 R1)."""
        rnd = self._snap.state.round
        return rnd is not None and event.card not in rnd.cards

    def _moved_alert(self, card: Card, was: str, zone: str, how: str, last: bool = True) -> None:
        """MOVED TO THE BOX: ``card``, played in the ``was`` hand (the round's last card unless not ``last``: cards
        played after it, V would void them), lies in the ``zone`` hand's box (``how`` the table knows), and the keys
        that put it there."""
        rnd = self._snap.state.round
        due = rnd.void_last().due.hand if last else None  # voided, is the place due the box it lies in?  Then V, K
        self.alert("moved", "error", f"{card.label} MOVED TO THE {zone.upper()} BOX",
                   f"{card.label} was played in the {was.title()}'s hand, where it lay, and {how}: the table cannot "
                   f"move a card from one hand to the other, and it still counts it in the {was.title()}'s hand",
                   f"void it (V) and type it (K {card.code}): the {zone.title()}'s place is due then"
                   if due == zone else "void the round (Shift+V) and type the cards in their places (K)")

    def _last_played_elsewhere(self, event: CardRead) -> Optional[tuple[str, str]]:
        """The hand ``event``'s card was played last in and the other hand, whose box a camera reads it in now, while
        the round is dealt: most likely that card pushed across blurred (the camera saw no move), else None."""
        rnd = self._snap.state.round
        zone = (event.zone or "").strip().lower()
        if (self._snap.state.phase != TablePhase.DEALING or rnd is None or not rnd.cards or not zone
                or not str(event.source).startswith("camera:") or rnd.cards[-1] != event.card
                or rnd.positions[-1].hand == zone):
            return None
        return rnd.positions[-1].hand, zone

    def _moved_put_right(self) -> None:
        """A void (of the card, or the round) is the croupier putting right a card refused as moved: its alert goes."""
        if any(a.code == "moved" for a in self._snap.alerts):
            self._take_down(lambda a: a.code != "moved")

    def _squared_box(self, zone: str, where: str) -> Optional[str]:
        """Baccarat's boxes: a card played from outside every box in the ``where`` hand squared into that hand's box
        (an eight-deck shoe's next card of that hand would have been it again)."""
        return f"the {where.title()} box" if zone.strip().lower() == where else None

    def _out_of_place(self, event: CardRead) -> str:
        """A camera's card read face up after the burn's first card, while its face-down cards are due: a camera
        never sees a card burned face down, so this one is no burn card but most likely the round's first,
        dealt before B was pressed (qaU F4: the round's first five cards were counted burned, with no word).
        A serial shoe reads the burned cards as they pass: there each is one."""
        shoe = self._snap.state.shoe
        if (self._snap.state.phase == TablePhase.BURN and shoe.burned and shoe.burn_left
                and str(event.source).startswith("camera:")):
            return BURN_DUE_FACE_DOWN
        if self._last_played_elsewhere(event) is not None:
            # The card just played, read in the other hand's box: most likely it, pushed there blurred (the camera
            # saw no move), and played there too it counted in both hands (rev33 R3): it waits as a card moved, and
            # Enter plays nothing while it is the last played (fixMR2: held as put back, Enter had played it twice).
            return MOVED_LAST
        return ""

    def card_due(self) -> bool:
        """True when the next card from the shoe has a place: the virtual shoe deals only then."""
        s = self._snap
        return not s.stopped and s.pending is None and not s.state.held and s.state.card_due

    # -- the game hooks of SessionCore ----------------------------------------
    def _apply(self, state: TableState, op: dict) -> TableState:
        new = apply(state, op)
        if correcting_bets(new) and not self._from_record:
            _no_new_money_over_the_limit(state, new)
        return new

    @staticmethod
    def _entry(op: dict, old: TableState, new: TableState) -> tuple[str, dict]:
        """The journal kind and payload of an operation: the op itself (for replay) plus what
        the export and a reader need (shoe, round, the card's position, the stake)."""
        kind = OP_KINDS.get(op["op"], op["op"])
        payload = {**op, "game": "baccarat", "shoe": new.shoe_no, "round": new.round_no}
        if op["op"] == "play_held":  # each held card dealt, and where: the export lists the round's cards
            first = 0 if new.round_no != old.round_no else len(old.round.cards)
            payload["placed"] = [{"card": c.code, "position": p.value}
                                 for c, p in zip(new.round.cards[first:], new.round.positions[first:])]
        if op["op"] in ("card", "play_held"):
            if len(new.round.cards) > len(old.round.cards) or new.round_no != old.round_no:
                payload["position"] = new.round.positions[-1].value
            elif new.shoe.burned != old.shoe.burned:
                kind = "shoe_burn"
                payload["cards"] = [op.get("card")]
        if op["op"] == "discard_held":  # which cards went aside, so a dispute need not rebuild it
            payload["cards"] = [c.code for c in old.held]
        if "amount" in op:
            payload["stake"] = op["amount"]
        if op["op"] == "new_shoe":  # for a reader: each shoe names the limits it starts under ...
            payload["limits"] = new.rules.limits.to_mapping()
            # ... and the bets Rebet brings back: with them, a restart starts from this entry (see _replay).
            for key, layout in (("last_round", new.betting.last_round), ("open_bets", new.betting.layout)):
                payload[key] = [{"seat": w.seat, "bet": w.bet.value, "stake": fmt(w.stake)} for w in layout.wagers()]
            if new.paid_before is not None:  # a misdeal's payment still to undo goes on with the bets (rev16 F13)
                payload["paid_before"] = new.paid_before.to_json()
                if new.paid_in is not None:  # the round it was paid in (a restart's pay list names it)
                    payload["paid_in"] = {"shoe": new.paid_in[0], "round": new.paid_in[1]}
        if new.betting.layout != old.betting.layout or new.betting.locked != old.betting.locked:
            payload["bets"] = [{"seat": w.seat, "bet": w.bet.value, "stake": fmt(w.stake)}
                               for w in new.betting.layout.wagers()]
        return kind, payload

    def _journal_round_end(self, state: TableState, record: Any, written: frozenset = frozenset()) -> None:
        """The round's outcome, settlement and end, less those ``written`` already (a restart's repair)."""
        from dealer_assist.baccarat.round import BaccaratRound

        base = {"shoe": record.shoe, "round": record.number}
        entries = {"outcome": lambda: {**base, **round_json(BaccaratRound(record.cards, state.round.pair_by))},
                   "settlement": lambda: {**base, **record.settlement.to_json()}, "round_end": lambda: base}
        for kind in ROUND_END:
            if kind not in written:
                self._write(kind, entries[kind]())

    def _after(self, old: TableState, new: TableState) -> None:
        if new.settlement is not None and old.settlement is None:
            self._journal_round_end(new, new.history[-1])
        if new.shoe.counts_left() != old.shoe.counts_left() and self._odds_thread is not None:
            self._odds_queue.put(new.shoe.counts_left())

    def _new_shoes_first_read(self, read: CardRead) -> bool:
        """With the burn rule, the new shoe's first card is its burn card.  With none, it was seen before the
        bets were taken (read while the old shoe's round was dealt, voided since): held as a card after a
        round, for a no-bet hand or set aside, never a round's P1 that closes the bets (qaV F6)."""
        if self._snap.state.phase != TablePhase.BETTING:
            return super()._new_shoes_first_read(read)
        self._journal_read(read)
        self._play(read.card, read.source, read.zone, read.confidence, read.seq, before_bets=True)
        return False

    def _play(self, card: Card, source: str, zone: Optional[str], confidence: float = 1.0,
              seq: Optional[int] = None, answers: bool = False, before_bets: bool = False,
              held: Optional[dict] = None) -> Optional[str]:
        op = {"op": "card", "card": card.code, "source": source, "confidence": confidence, "seq": seq, **(held or {})}
        if zone:
            op["zone"] = zone
        if answers:
            op["answers"] = True
        if before_bets:
            op["before_bets"] = True
        error = self._do(op)
        if error is None:
            rnd = self._snap.state.round
            if ((held or {}).get("held_for") == OUTSIDE_BOXES and isinstance(seq, int) and rnd is not None
                    and rnd.cards and rnd.cards[-1] == card):
                self._astray_played[source] = (seq, card, rnd.positions[-1].hand)
            return None
        if self._snap.stopped:
            return error
        with self._lock:  # the refusal's reason and the hold decided on the state they are journaled for
            finished = self._snap.state.shoe.phase is ShoePhase.FINISHED  # no round follows: nothing to type in
            hold: Optional[dict] = None
            try:
                apply(self._snap.state, op)
            except RoundOverError:
                hold = {"op": "hold", "card": card.code, "source": source, "seq": seq, **({"zone": zone} if zone else {})}
                try:
                    apply(self._snap.state, hold)
                except TableError as exc:  # not even held: after the shoe's last round, or a copy too many
                    error, hold = str(exc), None
                    # The status line had been given "held behind it" by _do; the card is refused (qaK).
                    self._publish(replace(self._snap, message=error))
            except TableError:
                pass
            # ``why`` is what the croupier is told (QA: a ninth copy's entry had said "came after the round").
            self._write("card_refused", {"card": card.code, "why": error, "round": self._snap.state.round_no,
                                         "source": source, "seq": seq, **({"held": True} if hold else {}),
                                         **({"before_bets": True} if before_bets else {}),
                                         **({"shoe_finished": True} if finished else {})})
            if hold is not None:
                behind = self._snap.state.held
                refused = self._do(hold)
                if refused is None:
                    clear = " (clear the bets first: C)" if self._snap.state.betting.layout else ""
                    if correcting_bets(self._snap.state):  # C would wipe the bets being corrected (qaAB F7)
                        clear = " once D has settled the corrected round again"
                    self.alert("held", "warning", f"CARD {card.label} HELD BEHIND {behind[-1].label}" if behind
                               else f"CARD {card.label} SEEN BEFORE THE BETS" if before_bets
                               else f"CARD {card.label} AFTER THE ROUND", error,
                               "Enter plays the held cards in order (a no-bet hand, or the round a void reopened); "
                               "Del sets them aside" if behind else
                               f"Enter deals a no-bet hand with it (nobody bets on it){clear}; Del sets it aside")
                    return error
                error = refused
        if finished:
            self.alert("refused", "error", f"CARD {card.label} REFUSED", error,
                       "set the card aside: it is not counted; start a new shoe (Ctrl+N)")
            return error
        self._hold_next(source, AFTER_A_REFUSAL)
        self.alert("refused", "error", f"CARD {card.label} REFUSED", error,
                   "check the card and type the one really dealt (K)"
                   + ("; the next card read waits until you do" if source != "keyboard" else ""))
        if source != "keyboard" and error.endswith(BY_HAND):  # the line by the keys names the key (qaAP F3)
            self._publish(replace(self._snap, message=error[:-len(BY_HAND)] + "Type the card really dealt in its "
                                  "place (K); the next card read waits until you do (a supervisor if in doubt)"))
        return error

    def nothing_to_reject(self) -> str:
        """What Del answers with no card waiting for it: after a card refused, that the card is left out already
        and what to do (qaAP F3: "nothing to reject" alone, the refusal standing)."""
        refused = next((a for a in self._snap.alerts if a.code == "refused"), None)
        if refused is None or not refused.title.startswith("CARD ") or not refused.title.endswith(" REFUSED"):
            return ("nothing to reject: Del rejects a card read unsure, or sets aside a card held after the round; "
                    "V voids a card dealt")
        card = refused.title[len("CARD "):-len(" REFUSED")]
        waits = any(why == AFTER_A_REFUSAL for why, _ in self._hold_of.values())
        return (f"nothing to reject: {card} was refused and is left out already (in no hand, not counted); type the "
                "card really dealt in its place (K)" + ("; the next card read waits until you do" if waits else ""))

    def _shoe_signal(self, event: ShoeSignal) -> None:
        if event.state == "cut":
            s = self._snap.state
            if s.shoe.cut_out and s.cut_by_hand is None:
                self._cut_again(event)
            else:
                self._cut_out(frame={"source": event.source, "source_seq": event.seq})
        elif event.state == "empty":
            self.alert("empty", "warning", "SHOE EMPTY", f"the {event.source} reports an empty shoe",
                       "finish by hand (K) or start a new shoe (Ctrl+N)", source=event.source, source_seq=event.seq)
        elif event.state == "new":
            s = self._snap.state
            if s.phase == TablePhase.DEALING:
                self._hold_next(event.source, AFTER_NEW_SHOE)
                self.alert(NEW_SHOE_IN_ROUND, "warning", "NEW SHOE DURING A ROUND",
                           f"the {event.source} reports a new shoe while a round is open: its next card waits for you",
                           "finish the round by hand (K) or void it, then Ctrl+N", source=event.source)
            elif correcting_bets(s):  # a new shoe now would drop the bets being corrected (rev20 F6)
                self.alert("newshoe", "warning", "NEW SHOE FROM THE SHOE",
                           f"the {event.source} reports a new shoe loaded while round {s.round_no}'s bets are "
                           "corrected", "finish the correction (D), then start the new shoe (Ctrl+N twice)")
            elif (s.shoe.dealt or s.shoe.cards_seen) and self._start_new_shoe() is None:
                # No key was pressed: say why the count, the roads and the history started again.
                self.alert("newshoe", "info", "NEW SHOE FROM THE SHOE",
                           f"the {event.source} reports a new shoe loaded: the count, the roads and the history "
                           "start again (the old shoe's stay in the journal)",
                           "burn as the rules say, then take the bets" if self._snap.state.rules.shoe.burn
                           else "take the bets")

    # -- commands from the display ----------------------------------------------
    def place(self, seat: int, bet: Bet, amount: Optional[Decimal] = None) -> Optional[str]:
        amount = self._snap.chip if amount is None else amount
        return self._do({"op": "place", "seat": seat, "bet": bet.value, "amount": fmt(amount)})

    def remove(self, seat: int, bet: Bet, amount: Optional[Decimal] = None) -> Optional[str]:
        amount = self._snap.chip if amount is None else amount
        return self._do({"op": "remove", "seat": seat, "bet": bet.value, "amount": fmt(amount)})

    def undo(self) -> Optional[str]:
        return self._do({"op": "undo"})

    def clear(self) -> Optional[str]:
        return self._do({"op": "clear"})

    def double(self) -> Optional[str]:
        return self._do({"op": "double"})

    def rebet(self) -> Optional[str]:
        return self._do({"op": "rebet"})

    def deal(self) -> Optional[str]:
        if correcting_bets(self._snap.state):
            return self._do({"op": "deal"}, message=correction_said(self._snap.state, {"op": "deal"}) or "")
        return self._do({"op": "deal"}, message="no more bets")

    def _cut_out(self, by: str = "shoe", frame: Optional[dict] = None) -> Optional[str]:
        """``frame``: the reader and the SEQ of the shoe's report (qaAC F9: a dispute asks for the frames' order)."""
        with self._lock:  # the decision and the op on one state: a card read meanwhile would change it
            error = self._do({"op": "cut", "before_first": cut_before_first_card(self._snap.state), "by": by,
                              **(frame or {})}, message="cut card out")
        if error is None:
            self.alert("cut", "info", "CUT CARD OUT", cut_text(self._snap.state), "finish as shown, then a new shoe")
        return error

    def _cut_out_now(self) -> bool:
        return self._snap.state.shoe.cut_out

    def cut_card(self) -> Optional[str]:
        """The croupier saw the cut card come out (typed cards, a camera, a reader that does not
        report it): the shoe ends as its rules say, as when a shoe reports it."""
        shoe = self._snap.state.shoe
        if shoe.cut_out or shoe.phase is ShoePhase.FINISHED:
            return self._refuse((cut_takeback_refusal(self._snap.state) or "the cut card is already out (recorded with "
                                 "O): press O twice to take it back, if it was recorded by mistake") if shoe.cut_out
                                else "the shoe is finished: start a new shoe (Ctrl+N)")
        return self._cut_out("croupier")

    def cut_takeback_refusal(self) -> Optional[str]:
        """Why O cannot take the cut card back now (``None``: it can), asked before the display's second press."""
        return cut_takeback_refusal(self._snap.state)

    def take_back_cut(self) -> Optional[str]:
        """The cut card recorded with O by mistake (O pressed twice): the shoe plays on as if it had not come
        out, journaled (op ``uncut``), while no round was dealt after the one it was recorded in (qaZ F9)."""
        error = self._do({"op": "uncut"}, message="cut card taken back: the shoe plays on (O records it when it "
                                                  "really comes out)")
        if error is None:
            self.dismiss("cut")
        return error

    def next_round(self) -> Optional[str]:
        """N.  Refused after the shoe's last round: the round it would open could never be dealt, and its
        ``round_start`` had stood in the export as an open round of a finished shoe (QA).  A journal that
        has one (written before) still replays it: :func:`apply` takes the op, to the FINISHED phase."""
        s = self._snap.state
        if s.phase == TablePhase.SETTLED and s.shoe.phase is ShoePhase.FINISHED and not self._snap.replay:
            return self._refuse("the shoe is finished: its last round is played; Ctrl+N twice starts a new shoe")
        with self._lock:
            refused = self._hold_read_after_round()
            if refused is not None:
                return refused
            error = self._do({"op": "next_round"})
        if error is None:
            self._astray_played.clear()  # a card played from outside every box last round is no card of this one
            self._end_round_holds()
            self.dismiss("nobet")
        return error

    def _hold_read_after_round(self) -> Optional[str]:
        """N with a shoe's read held behind a card the shoe left unplayed (unread, refused, fed with another) after
        the round was complete: that card is no card of the next round, so its wait ends, and the read, which came
        before N too, is held as a card after the round (Enter deals a no-bet hand, Del sets it aside), as when no
        card went missing before it (rev36 R1: the wait outlived N, Enter was refused for good, and the card typed
        as the banner asked went in as round 2's P1).  A read the rules refuse even as a card after the round (a
        copy too many) is refused as it would have been with nothing missing before it: N stops there, returning
        why, with CARD REFUSED up (the next round's end of the waits had taken it down unseen), and N again opens
        the next round.  So too a read whose wait the card typed for it ended (fuzz: 7H, AS, KH; ??; TC held; 8D
        typed, a natural; N; Enter had dealt TC as the next round's P1)."""
        pending, state = self._snap.pending, self._snap.state
        hold = self._hold_of.get(pending.source) if pending is not None else None
        own = self._own_due(self._pending_hold)  # rev38 R6: another card left unplayed after it (??, 4H, ??)
        if (pending is None or not self._left_unplayed(pending.doubt, pending.source, self._pending_hold)
                or reads_again(pending.source)
                or not own and hold is not None and hold[1] == self._pending_hold
                and not self._left_unplayed(hold[0], pending.source, hold[1])
                or state.phase != TablePhase.SETTLED or self._replay_refusal() is not None):
            return None
        try:
            apply(state, {"op": "next_round"})
        except TableError:
            return None  # N is refused: the wait stands as it was
        if own:
            del self._cards_due[self._pending_hold]  # the newer wait ends at N (_end_round_holds)
        elif hold is not None and hold[1] == self._pending_hold:
            self._hold_ended(pending.source)
        self._settle_hold_alerts()
        self._publish(replace(self._snap, cards_due=0))
        self._asked_none_missed = pending  # N answers FRAMES LOST's "no card missed?" too: no card is due here now
        error = self.confirm_pending()
        held = self._snap.pending  # the read next, held for the card refused alone (_refusal_first), or after it
        if error is None or AFTER_A_REFUSAL not in (self._hold_of.get(pending.source, ("", 0))[0],
                                                    held.doubt if held is not None else ""):
            return None
        return self._refuse(f"{error}. The next round is not opened yet, so that you see CARD REFUSED: N again "
                            "opens it")

    def confirm_pending(self, card: Optional[Card] = None) -> Optional[str]:
        """As every game; a read held after the shoe reported a new shoe is not played once the round it
        waited beside is over: it is the new shoe's, not a card after the old round (QA)."""
        with self._lock:
            pending = self._snap.pending
            if (pending is not None and pending.doubt == AFTER_NEW_SHOE and card is None
                    and self._snap.state.phase != TablePhase.DEALING and self._replay_refusal() is None):
                return self._refuse(f"{pending.card.label} came after the shoe reported a new shoe, and this round is "
                                    "over: press Ctrl+N, and it becomes the new shoe's first card")
            if (pending is not None and pending.doubt == MOVED_UNSEEN and card is None and pending.moved_from
                    and self._snap.state.phase == TablePhase.DEALING and self._replay_refusal() is None
                    and not self._moved_unseen_plays(pending)):
                return self._refuse(self._moved_unseen_words(pending, "Enter plays nothing: played at the place "
                                                                      f"due, {pending.card.label} would count twice. "))
            hands = self._last_played_elsewhere(pending) if pending is not None else None
            if (pending is not None and pending.doubt == MOVED_LAST and card is None and hands is not None
                    and self._replay_refusal() is None):
                return self._refuse(self._moved_last_enter(pending.card, *hands))
            hands = self._blurred_from(pending)
            if hands is not None and card is None and self._replay_refusal() is None:
                return self._refuse(self._moved_last_enter(pending.card, *hands, last=False))
            return super().confirm_pending(card)

    def _moved_last_enter(self, card: Card, was: str, zone: str, last: bool = True) -> str:
        """What Enter answers on a read of ``card`` held as :data:`MOVED_LAST` (or, not ``last``, as
        :data:`MOVED_EARLIER`): it plays nothing, and says which key ends each case right (another
        of its code typed goes to the ``zone`` hand, as the read's box says)."""
        try:
            apply(self._snap.state, {"op": "card", "card": card.code, "zone": zone})
            another = (f"if another {card.label} was dealt to the {zone.title()}, type it (K {card.code}): it is "
                       "played there")
        except TableError as exc:
            another = f"another {card.label} cannot be played in the {zone.title()}'s hand now ({exc})"
        return (f"Enter plays nothing: {card.label} was played {'last ' if last else ''}in the {was.title()}'s hand, "
                f"and played in the {zone.title()}'s too it would count in both. Del if this is that {card.label}, "
                f"pushed into the {zone.title()}'s box (the table then says how to move it: "
                f"{'V and K' if last else 'Shift+V and the cards typed'}); {another}")

    def reject_pending(self) -> None:
        """As every game; Del on a read held as :data:`MOVED_LAST` says it is the card played last, pushed into the
        box it is read in: the table still counts it in the hand it was played in, and MOVED TO THE BOX says so, with
        the keys that move it (fixMR2: Del had left it there with no word)."""
        with self._lock:
            pending = self._snap.pending
            held = pending is not None and pending.doubt == MOVED_LAST and self._replay_refusal() is None
            hands = self._last_played_elsewhere(pending) if held else None
            cards = self._snap.state.round.cards if hands is not None else ()
            unseen = (pending is not None and pending.doubt == MOVED_UNSEEN and bool(pending.moved_from)
                      and self._snap.state.phase == TablePhase.DEALING and self._replay_refusal() is None)
            keys = self._moved_unseen_keys(pending, held=False) if unseen else ""
            blurred = self._blurred_from(pending) if self._replay_refusal() is None else None
            super().reject_pending()
            if unseen and self._snap.pending is not pending and not self._snap.stopped:
                self._publish(replace(self._snap, message=f"{pending.card.label} read dropped: the same card, moved. "
                                                          f"{keys}"))
            if blurred is not None and self._snap.pending is not pending and not self._snap.stopped:
                was, zone = blurred
                label = pending.card.label
                self._moved_alert(pending.card, was, zone, f"Del said the {label} read in the {zone.title()}'s box is "
                                                           "it, pushed there", last=False)
                self._publish(replace(self._snap, message=(
                    f"{label} read dropped as the {label} played: it still counts in the {was.title()}'s hand; "
                    f"MOVED TO THE {zone.upper()} BOX says how to move it")))
            if hands is None or self._snap.pending is pending or self._snap.stopped:
                return
            was, zone = hands
            last = self._snap.state.round is not None and self._snap.state.round.cards == cards  # none played behind
            self._moved_alert(pending.card, was, zone,
                              f"Del said the {pending.card.label} read in the {zone.title()}'s box is it, pushed there",
                              last)
            if last:
                self._publish(replace(self._snap, message=(
                    f"{pending.card.label} read dropped as the {pending.card.label} played: it still counts in the "
                    f"{was.title()}'s hand; MOVED TO THE {zone.upper()} BOX says how to move it")))

    def new_shoe(self) -> Optional[str]:
        """A new shoe, at the croupier's Ctrl+N: refused while this shoe's burn has begun with cards read and nothing
        else out (:meth:`new_shoe_refusal`)."""
        refused = self.new_shoe_refusal()
        if refused is not None:
            return self._refuse(refused)
        return self._start_new_shoe()

    def new_shoe_refusal(self) -> Optional[str]:
        """Why Ctrl+N starts no new shoe now, or None.  A round is being dealt: said at the first press, which had
        asked for a second one that only refused.  Or this shoe has just begun (the shoe's own NEW, or Ctrl+N) and
        its burn with it: another would drop the burn cards read and count the burn again from the next card, the
        round's first cards taken as burned (qaAP F5: Ctrl+N out of habit after the shoe's NEW forgot 2♦).  V takes
        the burn back a card at a time, also once it is done (read to its end, or the rest skipped with Shift+B) until
        a round's card is out; with cards burned face down (B) it cannot, and Ctrl+N is the way back."""
        state = self._snap.state
        if state.phase == TablePhase.DEALING:  # qaAW F5
            return NEW_SHOE_MID_ROUND
        if not burn_voidable(state) or state.shoe.unknown:
            return None
        cards = " ".join(c.label for c in state.shoe.burned)
        if state.phase != TablePhase.BURN:  # rev36 R6: "go on with the burn" once it was done
            return (f"shoe {state.shoe_no} has already started and its burn is done ({cards} read): Ctrl+N would "
                    f"start another and drop {cards}, the burn counted again from the next card. Deal the first "
                    "round; if another shoe was really loaded, void the burn card(s) (V), then Ctrl+N")
        return (f"shoe {state.shoe_no} has already started and its burn has begun ({cards} read): Ctrl+N would start "
                f"another and drop {cards}, the burn counted again from the next card. Go on with the burn as "
                "shown; if another shoe was really loaded, void the burn card(s) (V), then Ctrl+N")

    def _start_new_shoe(self) -> Optional[str]:
        error = self._do({"op": "new_shoe"}, message="new shoe")
        if error is None:  # a card held from the old shoe stays counted out of it
            self._end_holds()  # nor does a card read next wait for one of the old shoe, nor a read of it wait
        return error

    def burn_unseen(self) -> Optional[str]:
        """B: the burn's cards left done face down, counted unseen.  A card of them the shoe could not read (or
        refused, or fed with another) is one of them: its wait ends (journaled ``burned_unread``), and a read held
        behind it while burn cards are still due is a burn card too, burned as read, as at Shift+B (:meth:`skip_burn`;
        rev38 R1: B counted it among the unseen and left it held, and Enter dealt it as P1)."""
        return self._burn_over("burn_unseen", skipped=False)

    def _burn_left(self, skipped: bool = False) -> int:
        """The burn cards still due (``skipped``, Shift+B: before the shown card is read the burn is that card and up
        to ten more, a picture burning ten)."""
        state = self._snap.state
        if state.phase != TablePhase.BURN:
            return 0
        return 1 + 10 if skipped and state.shoe.phase == ShoePhase.BURN_CARD else state.shoe.burn_left

    def skip_burn(self) -> Optional[str]:
        """Shift+B: the burn went to the discard rack unrecorded.  A card of it the shoe could not read (or refused, or
        fed with another) is one of them: its wait ends (journaled ``burned_unread``: how many), as at blackjack
        (rev36 R4: UNREADABLE CARD stood after B, round 1's first read waited behind it and the card typed as asked
        went in as P1).  A read held behind it while burn cards are still due is a burn card too: burned as read
        (Enter had dealt it as P1; :meth:`_burn_read_held`)."""
        return self._burn_over("skip_burn", skipped=True)

    def _burn_over(self, op: str, skipped: bool) -> Optional[str]:
        """B (``burn_unseen``) or Shift+B (``skip_burn``): a read held behind unread burn cards burned as read, then the
        cards the shoe left unplayed settled as burn cards (journaled ``burned_unread``)."""
        with self._lock:
            settled = self._burn_read_held(self._burn_left(skipped))
            unread = self._burn_unplayed(self._burn_left_after_read(self._burn_left(skipped), settled))
            error = self._do({"op": op, **({"burned_unread": unread} if unread else {})})
            if error is None and unread:
                self._burn_done(unread)
                self._say_burned_behind()
            return error

    @property
    def needs_supervisor(self) -> bool:
        return self._supervisors is not None

    def _correction_said(self, state: TableState, op: dict) -> Optional[str]:
        return correction_said(state, op)

    def void_last_card(self, supervisor: str = "", pin: str = "", why: str = "",
                       expected: Optional[dict] = None) -> Optional[str]:
        """Void the last card of the round (a correction): needs a supervisor's PIN and a reason when
        the table has supervisors configured.  ``expected`` is the :meth:`correction_target` the
        supervisor was shown (see :meth:`_correct`).  Under the lock: a read taken between the void and its
        holds' update would wait under the wrong one (rev25 F9)."""
        with self._lock:
            state = self._snap.state
            op = void_op(state)
            if op is None:
                return self._refuse(_not_reopened(state) or "no card of this round to void")
            error = self._correct({"op": op}, "void_card", None, supervisor, pin, why, expected)
            if error is None:
                self._voided_asks(self._card_voided())
                self._moved_put_right()
            return error

    def void_round(self, supervisor: str = "", pin: str = "", why: str = "",
                   expected: Optional[dict] = None) -> Optional[str]:
        """Void the whole round (a misdeal): its cards are set aside, a settlement is taken back and the
        same bets are open again; a supervisor's PIN and a reason when supervisors are configured."""
        state = self._snap.state
        if not state.before_cards and reopenable(state) is None and _not_reopened(state):
            return self._refuse(_not_reopened(state))
        if self._read_waiting() is not None:
            return self._refuse(self._read_waiting())
        error = self._correct({"op": "void_round"}, "void_round", None, supervisor, pin, why, expected)
        if error is None:
            # The cards a reader could not read went aside with the round: none is left to type (qaAB F9: the
            # wait stood, and the new deal's first read was held behind cards no longer on the table).
            self._end_round_holds()
            self._moved_put_right()
        return error

    def correct_bets(self, supervisor: str = "", pin: str = "", why: str = "",
                     expected: Optional[dict] = None) -> Optional[str]:
        """Open the bets of the settled round again, its cards kept (a chip recorded on the wrong bet, a stake
        misread): the croupier changes them and D settles the round again on the same cards, the pay list
        saying what to take back or pay more.  A supervisor's PIN and a reason when supervisors are configured."""
        state = self._snap.state
        if state.phase != TablePhase.SETTLED and reopenable(state) is None and _not_reopened(state):
            return self._refuse(_not_reopened(state))  # qaAB F14: after N with the next bets placed
        return self._correct({"op": "reopen_bets"}, "reopen_bets", None, supervisor, pin, why, expected)

    def _read_waiting(self) -> Optional[str]:
        """Why a misdeal waits for the read the croupier has still to answer: a card of the round voided, it went
        aside with it, and played after the misdeal it had been the new deal's first card (rev21 R1, R4)."""
        pending = self._snap.pending
        if pending is None or pending.doubt in (AFTER_NEW_SHOE, self.NEW_SHOE_FIRST_WAITS):
            return None  # most likely the new shoe's first card: it stays for the new shoe (PROTOCOL.md 7.6)
        return (f"{pending.card.label} read by the {pending.source} waits for you: a card of this round, it goes "
                f"aside with it; Del drops the read first, then Shift+V voids the round")

    def correction_refused(self, action: str) -> Optional[str]:
        """Why the rules would refuse the correction ``action`` (``void_card``, ``void_round``) now, or None:
        the display refuses it at once rather than call a supervisor over, whose PIN tried there counts toward a
        lockout, for a change the table refuses after it anyway (qaQ F9: V with no card dealt)."""
        state = self._snap.state
        if action == "void_card" and void_op(state) is None:
            return "no card of this round to void"
        if action == "void_round" and self._read_waiting() is not None:
            return self._read_waiting()
        try:
            apply(state, {"op": void_op(state) if action == "void_card" else action})
        except TableError as exc:
            return str(exc)
        return None

    def correction_target(self, action: str) -> dict:
        """What the correction ``action`` (``void_card``, ``void_round``, ``set_aside``) would take back
        now: journaled with it, and shown to the supervisor, whose dialog hands it back as ``expected``."""
        state = reopenable(self._snap.state) or self._snap.state  # N closed the round: the void reopens it
        when = {"round": state.round_no, "shoe": state.shoe_no}  # an 8-deck shoe deals a code again
        if action == "void_card" and not state.before_cards and burn_voidable(state):
            return {"card": state.shoe.burned[-1].code, "burn": len(state.shoe.burned), **when}
        if action == "void_card":
            return {"card": state.round.cards[-1].code if state.round.cards else "?", "nth": len(state.round.cards),
                    **when}
        if action in ("void_round", "reopen_bets"):
            return {"cards": " ".join(c.code for c in state.round.cards), **when}
        return {"cards": [c.code for c in state.held], **when}

    def set_limits(self, limits: Any, supervisor: str = "", pin: str = "", why: str = "") -> Optional[str]:
        """New table limits: ``limits`` is a :class:`~dealer_assist.baccarat.bets.TableLimits` or the
        config file's form (``{"min": {"tie": "5"}, "max": {...}, "max_payout": "20000"}``; what it
        does not name stays).  A supervisor's name, PIN and reason when the table has a roster, a
        reason in any case.  Refused, as the config file is at start, when they would leave a bet no
        stake (:func:`~dealer_assist.baccarat.bets.check_given_limits`; a minimum of 0.00 means the smallest chip).
        Journaled as a correction carrying every limit now in force and the ones
        before; when it is allowed (not mid-round, no open bet outside them) is the reducer's rule,
        :func:`dealer_assist.table.state.apply`."""
        if isinstance(limits, TableLimits):
            limits = limits.to_mapping()
        if not why.strip():
            return self._refuse("say why the limits change: the reason goes into the journal")
        with self._lock:
            state = self._snap.state
            try:
                new = apply(state, {"op": "set_limits", "limits": limits})
                check_given_limits(new.rules.limits, state.rules.chips, state.rules.paytable)
            except TableError as exc:
                return self._refuse(str(exc))
            except UnusableLimitsError as exc:  # the config file's check at start, so L cannot set what it refuses
                return self._refuse(f"limits refused: {exc}; {exc.table_fix}; the limits in force are unchanged")
            what = {"limits": new.rules.limits.to_mapping(), "was": state.rules.limits.to_mapping()}
            return self._correct({"op": "set_limits"}, "change_limits", what, supervisor, pin, why)

    def _correct(self, op: dict, action: str, what: Optional[dict], supervisor: str, pin: str, why: str,
                 expected: Optional[dict] = None) -> Optional[str]:
        """A correction: checked first (a change the table refuses costs no PIN try), authorised by a
        supervisor when the table has a roster, journaled with who, when, what and why, applied.

        ``what`` None is :meth:`correction_target`'s, taken under the lock.  When it is not the
        ``expected`` one the supervisor was shown (a card came in while the dialog was open), the
        correction is refused rather than take back a card nobody signed for.  The message line says
        :func:`correction_said`, as the replay does at its step."""
        with self._lock:
            state = self._snap.state
            if what is None:
                what = self.correction_target(action)
            if expected is not None and expected != what:
                now, shown = described(what), described(expected)
                return self._refuse("the table moved on: " + (f"this would now take back {now}, not {shown}"
                                                              if now != shown else f"another {now} came since")
                                    + "; close this and press the key again if that is meant")
            target = {"round": state.round_no, "shoe": state.shoe_no, **what}
            op = {**op, **target, "why": why}
            reopened = op["op"] in ("void_card", "void_round", "reopen_bets") and reopenable(state) is not None
            if reopened:
                op["reopened"] = True  # N had closed it: the round is played on from here
            if op["op"] in ("void_card", "void_round", "reopen_bets") and (state.phase == TablePhase.SETTLED
                                                                             or reopened):
                op["settlement_taken_back"] = True  # the round is open again, as a blackjack void says
            try:
                apply(state, op)
            except TableError as exc:
                return self._refuse(str(exc))
            correction = self._authorised(self._supervisors, action, target, supervisor, pin, why)
            if isinstance(correction, str):
                return correction
            op = {**op, "correction": correction}
            error = self._do(op, message=correction_said(state, op) or "")
            if error is None:
                self._held_into_reopened_round()
            return error

    def _held_into_reopened_round(self) -> None:
        """A void reopened the round while cards wait held: Enter now plays them into it, not as a no-bet
        hand, and the held alert must say so (QA: it still offered a no-bet hand while Enter made a tie)."""
        state = self._snap.state
        if not (state.held and state.phase == TablePhase.DEALING and any(a.code == "held" for a in self._snap.alerts)):
            return
        cards = " ".join(c.label for c in state.held)
        several = len(state.held) > 1
        self.alert("held", "warning", f"CARD{'S' if several else ''} {cards} HELD: THE ROUND IS OPEN AGAIN",
                   f"{cards} came out after the round, which the void reopened: "
                   + ("they are its next cards" if several else "it is its next card"),
                   "Enter plays the held cards into the round, in order; Del sets them aside")

    def play_held(self) -> Optional[str]:
        """Deal the held cards: into the round a void reopened, else as a hand nobody bets on."""
        old = self._snap.state
        error = self._do({"op": "play_held"})
        if error is None:
            self.dismiss("held")
            left = self._snap.state.held
            if left:  # the reopened round was complete before them (QA: the card left lost its alert)
                cards = " ".join(c.label for c in left)
                self.alert("held", "warning", f"CARD {cards} STILL HELD",
                           f"{cards} came after the cards the reopened round took: held, counted out of the shoe",
                           "Enter deals a no-bet hand with it (nobody bets on it); Del sets it aside"
                           if len(left) == 1 else "Enter deals a no-bet hand with them; Del sets them aside")
            if old.phase != TablePhase.DEALING:
                self.alert("nobet", "info", "NO-BET HAND",
                           f"{' '.join(c.label for c in old.held)} came out before bets were taken: nobody bets on this hand",
                           "finish it as the banner says, then N for a round with bets")
        return error

    def discard_held(self, supervisor: str = "", pin: str = "", why: str = "",
                     expected: Optional[dict] = None) -> Optional[str]:
        """Set the held cards aside as misdrawn.  At a table with supervisors this is a correction
        (name, PIN, reason): the card a shoe read would otherwise go off the record with one key, after
        a typed card took its place in the round (the collusion the PIN is there to stop)."""
        if self._supervisors is None:
            held = self._snap.state.held
            error = self._do({"op": "discard_held"}, message=f"set aside as misdrawn: {' '.join(c.label for c in held)}")
        else:
            error = self._correct({"op": "discard_held"}, "set_aside", None, supervisor, pin, why, expected)
        if error is None:
            self.dismiss("held")
        return error

    # -- odds -----------------------------------------------------------------
    def _odds_worker(self) -> None:
        from dealer_assist import odds

        while True:
            counts = self._odds_queue.get()
            if counts is None:
                return
            while not self._odds_queue.empty():  # only the newest shoe matters
                counts = self._odds_queue.get()
                if counts is None:
                    return
            rules = self._snap.state.rules
            counts = tuple(counts)
            try:
                result = ShoeOdds(counts, odds.shoe_odds(counts, rules.paytable, decks=rules.shoe.decks))
            except odds.ShoeTooSmallError:  # QA: the panel said "computing…" for ever at the shoe's end
                result = ShoeOdds(counts, why=f"none, {sum(counts)} card{'' if sum(counts) == 1 else 's'} left "
                                              "(too few): Ctrl+N twice, new shoe")
            except Exception:  # a fault of ours: the table plays on, the panel and the log say so
                _log.exception("odds of the shoe %s could not be computed", counts)
                result = ShoeOdds(counts, why="not computed (a fault of dealer-assist, written to its log); "
                                              "the table plays on")
            with self._lock:
                if result.holds_for(self._snap.state.shoe):
                    self._publish(replace(self._snap, odds=result))

    def close(self) -> None:
        if self._odds_thread is not None:
            self._odds_queue.put(None)
            self._odds_thread.join(timeout=2)
            self._odds_thread = None
        super().close()
