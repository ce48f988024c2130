"""The state of a baccarat table and the one function that changes it.

Every change to the table is an *operation*: a small JSON-able dict such
as ``{"op": "card", "card": "9H"}`` or ``{"op": "place", "seat": 1, "bet":
"banker", "amount": "25.00"}``.  :func:`apply` takes a state and an
operation and returns the next state, or raises :class:`TableError` and
changes nothing.  The session journals each operation before it shows the
new state, and rebuilding a table after a crash is replaying the journal
through the same function, so a recovered table cannot differ from the
one that was shown.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from decimal import Decimal
from typing import Any, Optional

from dealer_assist import roads
from dealer_assist.baccarat.bets import Betting, BettingError, Layout, TableLimits
from dealer_assist.baccarat.paytable import STANDARD, Bet, Paytable, parse_bet
from dealer_assist.baccarat.round import BaccaratRound, Outcome, RoundError
from dealer_assist.baccarat.settlement import BetResult, Settlement, Wager, settle
from dealer_assist.cards import Card, InvalidCardError, parse_card
from dealer_assist.money import InvalidAmountError, parse_money
from dealer_assist.shoe import Phase as ShoePhase, Shoe, ShoeError, ShoeRules


class TableError(ValueError):
    """An operation the table refuses; the message says what, why and what to do."""


class RoundOverError(TableError):
    """A card came after the round was over (or before the bets were taken: ``before_bets``)."""

    def __init__(self, card: Card, held: tuple[Card, ...] = (), before_bets: bool = False) -> None:
        self.card = card
        if before_bets and not held:
            super().__init__(f"card {card.label} came out of the new shoe before bets were taken on it: deal a "
                             "no-bet hand with it (Enter), or set it aside as a misdrawn card (Del)")
        elif held:
            super().__init__(f"card {card.label} came after {_held_text(held)}, which is held: it is held behind it; "
                             "Enter plays them (a no-bet hand, or into the round a void reopened), Del sets them aside")
        else:
            super().__init__(f"card {card.label} came after the round was over, before bets were taken: deal a "
                             "no-bet hand with it (Enter), or set it aside as a misdrawn card (Del)")


@dataclass(frozen=True)
class TableRules:
    """Everything configurable about a baccarat table."""

    shoe: ShoeRules = field(default_factory=ShoeRules)
    paytable: Paytable = STANDARD
    limits: TableLimits = field(default_factory=TableLimits)
    seats: int = 7
    chips: tuple[Decimal, ...] = tuple(Decimal(v) for v in ("1", "5", "25", "100", "500", "1000"))


def _new_shoe(rules: TableRules, shoe_no: int, last_round: Layout, layout: Layout = Layout(),
              paid_before: Optional[Settlement] = None, paid_in: Optional[tuple[int, int]] = None) -> TableState:
    """A table at a new shoe: all it keeps of the one before is its rules (limits as changed), the
    shoe's number, the bets on the layout (the chips stay on the felt while the shoe is changed: QA,
    they had vanished with no word), the last round's bets (for Rebet) and, with the bets of a round
    voided as a misdeal after it was paid, that payment, still to undo (rev16 F13: UNDO THE PAYMENT
    vanished at the new shoe, and the player kept what the croupier had been told to take back)."""
    fresh = TableState.new(rules)
    return replace(fresh, shoe_no=shoe_no, betting=replace(fresh.betting, layout=layout, last_round=last_round),
                   paid_before=paid_before, paid_in=paid_in if paid_before is not None else None)


def shoe_started(rules: TableRules, entry: dict) -> TableState:
    """The table just after a ``new_shoe`` operation, from its journal entry (``shoe``, ``limits``,
    ``last_round`` and ``open_bets``, which older journals lack: their new shoe took the bets off; and
    ``paid_before``, a payment still to undo, when there is one): a new shoe keeps nothing else of the
    table before it (see the ``new_shoe`` operation), so a restart need not replay the shoes before it."""
    try:
        limits = TableLimits.from_mapping(entry["limits"])
        last, layout = (_layout_of(entry.get(key, ())) for key in ("last_round", "open_bets"))
        paid = _settlement_of(entry["paid_before"]) if entry.get("paid_before") is not None else None
        paid_in = entry.get("paid_in")  # journals before it: the round is not named
        where = (int(paid_in["shoe"]), int(paid_in["round"])) if isinstance(paid_in, dict) else None
        return _new_shoe(replace(rules, limits=limits), int(entry["shoe"]), last, layout, paid, where)
    except (KeyError, TypeError, ValueError, ArithmeticError, BettingError, InvalidAmountError) as exc:
        raise TableError(f"its limits or last bets cannot be read ({exc})") from None


def _layout_of(bets: Any) -> Layout:
    """A layout from a journal entry's list of bets (``seat``, ``bet``, ``stake``)."""
    layout = Layout()
    for bet in bets:
        layout = layout.with_stake(int(bet["seat"]), parse_bet(bet["bet"]), parse_money(bet["stake"]))
    return layout


def _settlement_of(data: Any) -> Settlement:
    """A settlement from its journal form (:meth:`Settlement.to_json`)."""
    return Settlement(tuple(
        BetResult(int(line["seat"]), parse_bet(line["bet"]), parse_money(line["stake"]), str(line["result"]),
                  parse_money(line["pays"]), parse_money(line["returns"]), Decimal(str(line["commission"])),
                  half_pay=line.get("half_pay") is True, seven_push=line.get("seven_push") is True)
        for line in data["bets"]))


def rules_from_record(record: Any) -> TableRules:
    """The table rules as a journal recorded them when it began
    (:func:`~dealer_assist.table.rules_record.rules_record`), read back: a replay rebuilds the
    table the shoe was played at (its paytable, limits, seats, chips), whatever today's
    configuration says.  Raises :class:`TableError` naming what it cannot read."""
    try:
        paytable = {}
        for f in fields(Paytable):
            value = record["paytable"][f.name]
            paytable[f.name] = Decimal(value) if "Decimal" in str(f.type) and value is not None else value
        limits = record["limits"]
        return TableRules(
            shoe=ShoeRules(**record["shoe"]), paytable=Paytable(**paytable),
            limits=TableLimits(minimum=tuple((parse_bet(b), Decimal(v)) for b, v in limits["minimum"]),
                               maximum=tuple((parse_bet(b), Decimal(v)) for b, v in limits["maximum"]),
                               max_payout=Decimal(limits["max_payout"])),
            seats=int(record["seats"]), chips=tuple(Decimal(c) for c in record["chips"]))
    except (KeyError, TypeError, ValueError, ArithmeticError) as exc:
        raise TableError(f"the table rules recorded in the journal cannot be read ({exc!r}): give the "
                         "configuration the table was played with (--config)") from None


@dataclass(frozen=True)
class Amendment:
    """A correction that took back what a round had shown: its bets put right and the round settled again
    (``bets``), a card voided after it settled (``card``), or the round voided as a misdeal and dealt again
    (``misdeal``; ``settled``: after it was paid).  The history marks the round with it: an auditor could not
    tell a corrected or voided round from the rest (qaAX).  ``by``: the supervisor who authorised it (None at a
    table without supervisors, or from a journal that did not record one)."""

    kind: str
    by: Optional[str] = None
    card: Optional[Card] = None
    settled: bool = False

    @property
    def words(self) -> str:
        """``CORRECTED by Ana: bets changed, settled again``, ``VOIDED by Bo: misdeal, dealt again``."""
        by = f" by {self.by}" if self.by else ""
        if self.kind == "misdeal":
            paid = " after it settled" if self.settled else ""
            return f"VOIDED{by}: misdeal{paid}, dealt again"
        if self.kind == "card":
            return f"CORRECTED{by}: card {self.card.label if self.card else '?'} voided after it settled"
        return f"CORRECTED{by}: bets changed, settled again"


def _amendment(op: dict, kind: str, state: TableState) -> Amendment:
    """The :class:`Amendment` a correction ``op`` makes to the round of ``state`` (the table before it)."""
    correction = op.get("correction")
    who = str(correction.get("supervisor") or "").strip() if isinstance(correction, dict) else ""
    card = state.round.cards[-1] if kind == "card" and state.round.cards else None
    return Amendment(kind, who or None, card, state.phase == TablePhase.SETTLED)


@dataclass(frozen=True)
class RoundRecord:
    """A finished round for the history, the roads and the journal export; ``amended``: the corrections that took
    back what it had shown before (see :class:`Amendment`), in order."""

    shoe: int
    number: int
    cards: tuple[Card, ...]
    outcome: Outcome
    wagers: tuple[Wager, ...]
    settlement: Settlement
    amended: tuple[Amendment, ...] = ()


class TablePhase:
    BURN = "burn"  # a new shoe: the burn is due
    BETTING = "betting"  # bets open, no card yet
    DEALING = "dealing"  # bets locked, cards due
    SETTLED = "settled"  # round over, paid; next round on command
    FINISHED = "finished"  # the shoe is over: a new shoe is due


@dataclass(frozen=True)
class TableState:
    rules: TableRules = field(default_factory=TableRules)
    phase: str = TablePhase.BURN
    shoe_no: int = 1
    round_no: int = 1
    shoe: Shoe = field(default_factory=Shoe.new)
    round: BaccaratRound = BaccaratRound()
    betting: Betting = field(default_factory=Betting)
    settlement: Optional[Settlement] = None
    history: tuple[RoundRecord, ...] = ()
    scoreboard: roads.Scoreboard = field(default_factory=lambda: roads.scoreboard(()))
    #: Cards that came out after the round was over, in order: played in the next round or set aside.
    held: tuple[Card, ...] = ()
    #: The layout's box a zoned camera saw each held card in (None: no zone), so a no-bet hand dealt from
    #: them places each in its hand (qaX F11: the Banker's two cards split across both hands).
    held_zones: tuple[Optional[str], ...] = ()
    #: The states before each card of the current round: voiding a card restores one.
    before_cards: tuple["TableState", ...] = field(default=(), repr=False, compare=False)
    #: The settlement a void took back in this round, as the croupier paid it: the pay list says per bet what
    #: to take back or pay more once the round settles again (qaQ F6), or, after a misdeal (the bets open
    #: again), what to undo before the round is dealt anew.  Gone at the deal and at the next round.
    paid_before: Optional[Settlement] = None
    #: The table as the last round left it, settled, before N: V or Shift+V reopens it while the next round
    #: has no card, bet nor held card (qaZ F6: a dispute just after N had no way back).  Gone at the deal.
    before_next: Optional["TableState"] = field(default=None, repr=False, compare=False)
    #: (shoe, round) of ``paid_before`` when a new shoe carried it (a misdeal, then Ctrl+N before the deal): the
    #: pay list names the round whose payment it undoes, not the new shoe's (qaZ F7).  Gone with it.
    paid_in: Optional[tuple[int, int]] = None
    #: The round the croupier was at when O recorded the cut card (not a reader's signal): a cut card recorded
    #: by mistake is taken back while no round was dealt after that one (qaZ F9).  None: no cut card out, a
    #: reader reported it, or a journal written before.
    cut_by_hand: Optional[int] = None
    #: The corrections that took back what this round had shown (see :class:`Amendment`): its record carries
    #: them once it settles.  Gone at the next round.
    amendments: tuple[Amendment, ...] = ()

    @classmethod
    def new(cls, rules: TableRules = TableRules()) -> "TableState":
        shoe = Shoe.new(rules.shoe)
        return cls(rules=rules, shoe=shoe, phase=TablePhase.BURN if shoe.expects_burn else TablePhase.BETTING,
                   round=BaccaratRound((), rules.paytable.pair_by),
                   betting=Betting(limits=rules.limits, paytable=rules.paytable, seats=rules.seats))

    @property
    def card_due(self) -> bool:
        """True when the next card out of the shoe has a place (burn or the round)."""
        return self.phase == TablePhase.BURN or (self.phase == TablePhase.DEALING and not self.round.complete)


def _card(op: dict) -> Card:
    try:
        return parse_card(op["card"])
    except (KeyError, InvalidCardError) as exc:
        raise TableError(str(exc)) from None


def _bets(state: TableState, betting_op) -> TableState:
    try:
        return replace(state, betting=betting_op(state.betting))
    except (BettingError, InvalidAmountError) as exc:
        raise TableError(str(exc)) from None


def _bet_args(op: dict) -> tuple[int, Any, Decimal]:
    try:
        return int(op["seat"]), parse_bet(op["bet"]), parse_money(op["amount"])
    except (KeyError, ValueError) as exc:
        raise TableError(f"bad bet operation {op!r}: {exc}") from None


def _open_for_bets(state: TableState, what: str, takes_off: bool = False) -> None:
    """Refuse ``what`` unless bets are open.  While a card is held, only what ``takes_off`` bets
    (a chip removed, the layout cleared): the card was seen before bets were taken, and a
    no-bet hand is dealt with it from a clear layout."""
    if state.held and state.phase == TablePhase.BETTING and not takes_off and not correcting_bets(state):
        clear = ", the layout cleared first: C" if state.betting.layout else ""
        raise TableError(f"cannot {what}: {_held_text(state.held)} came out after the last round, before bets "
                         f"were taken: deal a no-bet hand with it (Enter{clear}) or set it aside (Del) first")
    if state.phase not in (TablePhase.BETTING,):
        dealing = ("the deal has started: Shift+V voids the round and opens the bets again" if state.before_cards
                   else "the bets are closed: Shift+V opens them again while no card is dealt")
        over = "the round is over"
        if state.before_cards and no_bet_hand(state):  # no bet was taken: "the deal has started" misled (fixAU3)
            dealing = (f"round {state.round_no} is a no-bet hand, dealt with no bet on the layout: bets are taken "
                       f"again at round {state.round_no + 1} (N once this one is over); Shift+V voids it if it was "
                       "dealt in error")
            over = f"round {state.round_no}, a no-bet hand, is over"
        why = {TablePhase.BURN: "the burn is not finished", TablePhase.DEALING: dealing,
               TablePhase.SETTLED: (f"{over} and so is the shoe (its last round): Ctrl+N twice starts a new "
                                    "shoe" if state.shoe.phase is ShoePhase.FINISHED
                                    else f"{over}: press N for the next round"),
               TablePhase.FINISHED: "the shoe is finished: start a new shoe"}[state.phase]
        raise TableError(f"cannot {what}: {why}")


#: Ctrl+N's refusal while a round is dealt (said at the first press too: qaAW F5).
NEW_SHOE_MID_ROUND = "cannot start a new shoe in the middle of a round: finish or void the round first"
#: Held cards a message names one by one; past them it names the first and last few and how many.
HELD_NAMED = 6


def _held_text(held: tuple[Card, ...]) -> str:
    """The held cards as a message names them: a reader that sent 300 cards at once held some 140, and the
    message (journaled) of each named every card held before it, 1.3 KB at the last (QA)."""
    if len(held) <= HELD_NAMED:
        return " ".join(c.label for c in held)
    return (f"{len(held)} held cards, {' '.join(c.label for c in held[:3])} ... "
            f"{' '.join(c.label for c in held[-2:])}")


def _with_held(shoe: Shoe, held: tuple[Card, ...]) -> Shoe:
    for card in held:
        shoe = shoe.hold(card)
    return shoe


def _play_card(state: TableState, card: Card, zone: Optional[str], before: TableState) -> TableState:
    try:
        shoe = state.shoe.deal(card)
        rnd = state.round.add(card, zone)
    except (ShoeError, RoundError) as exc:
        raise TableError(str(exc)) from None
    new = replace(state, shoe=shoe, round=rnd, phase=TablePhase.DEALING, before_next=None,
                  before_cards=state.before_cards + (replace(before, before_next=None),))
    outcome = rnd.outcome
    if outcome is None:
        return new
    wagers = new.betting.layout.wagers()
    result = settle(wagers, outcome, state.rules.paytable)
    record = RoundRecord(state.shoe_no, state.round_no, rnd.cards_by_position, outcome, wagers, result,
                         state.amendments)
    coup = roads.Coup(outcome.winner, outcome.player_pair, outcome.banker_pair, outcome.natural,
                      outcome.player_total, outcome.banker_total)
    return replace(new, phase=TablePhase.SETTLED, settlement=result, history=state.history + (record,),
                   scoreboard=state.scoreboard.add(coup), shoe=shoe.round_finished())


def _void_round(state: TableState, op: dict) -> TableState:
    """A misdeal: the round's cards are set aside (they left the shoe, so they stay counted), a
    settlement is taken back, and the same bets are open again for the round to be dealt anew."""
    if state.phase == TablePhase.DEALING and not state.before_cards:
        # Deal pressed, no card yet (QA: nothing could open the bets again): they open as they were.
        return replace(state, phase=TablePhase.BETTING, betting=replace(state.betting, locked=False))
    if state.phase not in (TablePhase.DEALING, TablePhase.SETTLED) or not state.before_cards:
        raise TableError("no round to void: only a round dealt, before the next round starts, can be voided")
    start = state.before_cards[0]  # the table as it was before the round's first card
    shoe = state.shoe
    if state.phase == TablePhase.SETTLED and shoe.rounds_left is not None:  # the round no longer counts
        shoe = replace(shoe, rounds_left=shoe.rounds_left + 1, phase=ShoePhase.PLAY)
    try:
        for card in state.round.cards:
            shoe = shoe.undeal(card).set_aside(card)
    except ShoeError as exc:
        raise TableError(str(exc)) from None
    return replace(start, shoe=shoe, held=state.held, held_zones=state.held_zones, phase=TablePhase.BETTING,
                   cut_by_hand=state.cut_by_hand,
                   betting=replace(start.betting, locked=False, history=()),
                   paid_before=state.settlement or state.paid_before,
                   amendments=state.amendments + (_amendment(op, "misdeal", state),))


def _set_limits(state: TableState, op: dict) -> TableState:
    """New table limits (a supervisor's correction, journaled like a void and replayed at recovery).

    When: any time except while a round is being dealt (its bets were taken
    under the limits in force and are settled under them); between rounds,
    after a settlement, during the burn or with the shoe finished.  While the
    bets are open, every bet on the layout must already fit the new limits
    (the croupier changes it first), so a table never holds a bet its own
    limits forbid.  ``op["limits"]`` has the form of the config file's
    ``[limits]`` (``{"min": {...}, "max": {...}, "max_payout": ...}``); bets
    it does not name keep their limits.  The limits belong to the table, not
    to a round: voiding a card or a round afterwards keeps them, and a new
    shoe starts with them.
    """
    if state.phase == TablePhase.DEALING:
        raise TableError("cannot change the limits while a round is being dealt: its bets were taken under the "
                         "limits in force; change them once the round is settled, or void the round first")
    try:
        limits = state.rules.limits.with_changes(op.get("limits"))
    except BettingError as exc:
        raise TableError(f"limits refused: {exc}") from None
    if limits == state.rules.limits:
        raise TableError("limits refused: these are already the table's limits, nothing would change")
    try:
        betting = state.betting.with_limits(limits)
    except BettingError as exc:
        raise TableError(f"limits refused: {exc}") from None
    return replace(state, rules=replace(state.rules, limits=limits), betting=betting)


#: The limits while a settled round's bets are corrected: none (see :func:`_reopen_bets`).
NO_LIMITS = TableLimits(minimum=tuple((b, Decimal("0.00")) for b in Bet),
                        maximum=tuple((b, Decimal("1e12")) for b in Bet), max_payout=Decimal("1e12"))


def correcting_bets(state: TableState) -> bool:
    """Whether the bets of a settled round are open for correction, its cards kept (D settles it again)."""
    return state.phase == TablePhase.BETTING and bool(state.round.cards)


def no_bet_hand(state: TableState) -> bool:
    """Whether the round being dealt, or just settled, has no bet on it: a card seen before bets were taken
    dealt with Enter, or the first card out with the layout bare.  Its bets are closed until N, so a display
    that says so from the state says it after a restart too (qaAU F3: only a note that expired told it, and a
    restarted display invited bets it refused under "ROUND 2: BETS")."""
    return (state.phase in (TablePhase.DEALING, TablePhase.SETTLED) and not state.betting.layout
            and state.paid_before is None)


def _reopen_bets(state: TableState, op: dict) -> TableState:
    """The bets of the settled round open again, its cards kept and its settlement taken back as paid (qaZ F4:
    a chip recorded on the wrong bet could be fixed only by a misdeal, and the same cards typed again were
    counted twice)."""
    if state.phase != TablePhase.SETTLED:
        raise TableError("no settled round whose bets to correct: the bets of a round are corrected once it is "
                         "settled (before, they are still open, or V takes back a card)")
    if state.held:
        raise TableError(f"{_held_text(state.held)} came out after the round: deal or set it aside first")
    # The round's bets were taken under the limits of their time: limits lowered since do not refuse them, nor
    # a bet put right beside them (qaAB F6: a Tie 500 the round took blocked every change); D puts them back.
    return replace(state, phase=TablePhase.BETTING, settlement=None, paid_before=state.settlement,
                   betting=replace(state.betting, locked=False, history=(), limits=NO_LIMITS), before_next=None,
                   amendments=state.amendments + (_amendment(op, "bets", state),))


def _settle_again(state: TableState) -> TableState:
    """D on corrected bets: the round settled again on its own cards, its record replaced."""
    state = _bets(state, lambda b: replace(b.lock(), limits=state.rules.limits))
    outcome = state.round.outcome
    wagers = state.betting.layout.wagers()
    result = settle(wagers, outcome, state.rules.paytable)
    record = RoundRecord(state.shoe_no, state.round_no, state.round.cards_by_position, outcome, wagers, result,
                         state.amendments)
    # The states a void goes back to hold the bets as corrected: V or Shift+V after it had brought the bets back
    # as first dealt, and the corrected round was settled again on bets it never had (qaAB F1).
    before: tuple[TableState, ...] = ()
    for b in state.before_cards:  # each holds the states before the cards before it, as the round went
        before += (replace(b, betting=replace(b.betting, layout=state.betting.layout), before_cards=before),)
    return replace(state, phase=TablePhase.SETTLED, settlement=result, history=state.history[:-1] + (record,),
                   before_cards=before)


def reopenable(state: TableState) -> Optional[TableState]:
    """The last round as it stood settled, if N closed it and the next round is untouched (no card, bet nor
    held card, the same shoe): a void then reopens it (the cut card, if it came out since, stays out)."""
    before = state.before_next
    if (before is None or state.phase not in (TablePhase.BETTING, TablePhase.FINISHED) or state.round.cards
            or state.held
            or state.betting.layout or state.shoe_no != before.shoe_no):
        return None
    if state.shoe.cut_out and not before.shoe.cut_out:  # out since N: the rounds it leaves as counted then
        # (rev20 F1: counted as out in the round N closed, one round more was played past it)
        before = replace(before, shoe=replace(before.shoe, cut_out=True, rounds_left=state.shoe.rounds_left))
    elif before.shoe.cut_out and not state.shoe.cut_out:  # recorded (O) in it, taken back since
        before = replace(before, shoe=before.shoe.cut_taken_back())
    return _keep_limits(replace(_aside_since(before, state), cut_by_hand=state.cut_by_hand), state)


def _aside_since(before: TableState, state: TableState) -> TableState:
    """``before`` (brought back by a void or a reopening) with the cards set aside since it still aside: a card
    held after the round and set aside after N came back held, to be played into the reopened round (rev20 F4)."""
    held, zones, shoe = list(before.held), list(_held_zones(before)), before.shoe
    try:
        for card in state.shoe.set_aside_cards[len(before.shoe.set_aside_cards):]:
            if card in held:
                zones.pop(held.index(card))
                held.remove(card)
                shoe = shoe.set_held_aside(card)
            else:
                shoe = shoe.set_aside(card)
    except ShoeError as exc:
        raise TableError(str(exc)) from None
    return replace(before, shoe=shoe, held=tuple(held), held_zones=tuple(zones))


def _keep_limits(restored: TableState, current: TableState) -> TableState:
    """An earlier state brought back by a void, under the limits in force now (they are not the round's)."""
    if restored.rules.limits == current.rules.limits:
        return restored
    return replace(restored, rules=current.rules, betting=replace(restored.betting, limits=current.rules.limits))


def _play_held(state: TableState) -> TableState:
    """The held cards dealt: into the round a void reopened, else as a no-bet hand.

    A card that came out after a round was seen before bets were taken on the
    next: it opens a hand nobody bets on (the "dummy hand" of facts.md's
    misdraw procedure), never a round with bets on it.  The rest of that
    hand comes from the shoe; held cards more than it takes stay held.
    """
    if not state.held:
        raise TableError("no card is held")
    cards, zones = state.held, _held_zones(state)
    if state.phase == TablePhase.SETTLED:
        if state.shoe.phase is ShoePhase.FINISHED:
            raise TableError(f"cannot play {_held_text(cards)}: the shoe is finished, so no hand follows; "
                             "set it aside (Del), then start a new shoe (Ctrl+N)")
        state = apply(state, {"op": "next_round"})
    elif correcting_bets(state):  # its bets are open for correction: no hand is dealt until D settles it again
        raise TableError(f"cannot play {_held_text(cards)} now: round {state.round_no}'s bets are open for "
                         "correction; D settles it again on its cards, then Enter deals a no-bet hand with the card, "
                         "or Del sets it aside now")
    elif state.phase == TablePhase.BETTING and state.betting.layout:
        raise TableError(f"cannot play {_held_text(cards)}: bets are on the layout and the card was seen before "
                         "they were taken; clear the bets (C) for a no-bet hand, or set the card aside (Del)")
    elif state.phase not in (TablePhase.BETTING, TablePhase.DEALING):
        raise TableError(f"cannot play {_held_text(cards)} now ({state.phase}): set it aside (Del)")
    shoe = state.shoe
    try:
        for card in cards:
            shoe = shoe.release(card)
    except ShoeError as exc:
        raise TableError(str(exc)) from None
    state = replace(state, shoe=shoe, held=(), held_zones=())
    for i, card in enumerate(cards):
        if state.phase == TablePhase.SETTLED:  # more were held than this hand takes: the rest wait
            try:
                return replace(state, shoe=_with_held(state.shoe, cards[i:]), held=cards[i:], held_zones=zones[i:])
            except ShoeError as exc:
                raise TableError(str(exc)) from None
        state = apply(state, {"op": "card", "card": card.code, **({"zone": zones[i]} if zones[i] else {})})
    return state


def _held_zones(state: TableState) -> tuple[Optional[str], ...]:
    """Each held card's zone, None where none was given (a state or journal from before zones)."""
    return (state.held_zones + (None,) * len(state.held))[:len(state.held)]


def burn_voidable(state: TableState) -> bool:
    """Whether the last card of this shoe is a burn card V may take back: burned, and no round card nor a
    held one out since (a burn's shown card typed wrong had no way back but a new shoe, qaZ F3)."""
    return (bool(state.shoe.burned) and not state.before_cards and not state.held and not state.shoe.dealt
            and not state.shoe.set_aside_cards and not state.history  # a misdeal's cards went aside (rev20 F2)
            and state.phase in (TablePhase.BURN, TablePhase.BETTING))


def _not_over(state: TableState) -> str:
    """N in a round still being dealt: the card due, and the way out of a round that cannot go on (qaAX L2)."""
    due = state.round.due
    if due.position is None:
        return "the round is not over yet"
    what = f"{due.reason} is due" if due.position.value in due.reason else f"{due.position.value} is due, {due.reason}"
    return f"the round is not over yet: {what}: deal it, then N; Shift+V voids the round if it was a misdeal"


def void_op(state: TableState) -> Optional[str]:
    """What V takes back now: the round's last card (``void_card``; the round N closed, reopened, when nothing of
    the next is out), the last burn card (``void_burn``), or nothing (``None``)."""
    if state.before_cards or reopenable(state) is not None:
        return "void_card"
    return "void_burn" if burn_voidable(state) else None


def cut_takeback_refusal(state: TableState) -> Optional[str]:
    """Why the cut card cannot be taken back now, or ``None`` when it can: recorded by O (a reader's own
    signal is the shoe's, not the croupier's to undo), in this round or the last one with no round dealt since
    (O pressed twice by mistake had ended the shoe 60 rounds early with no way back, qaZ F9)."""
    if not state.shoe.cut_out:
        return "the cut card is not out: nothing to take back"
    at = state.cut_by_hand
    if at is None:  # O refused had said only "already out" (qaY): a croupier sure it is still in is told what to do
        return ("the cut card is already out and stays out: the shoe reported it, and O takes back only a cut card "
                "recorded with O; finish as shown, then a new shoe (Ctrl+N); if the shoe reported it wrongly, the "
                "shoe ends all the same: have its reader checked")
    # At or before its round (a void after N reopens the one before), or bets open on the next one, nothing dealt.
    if state.round_no <= at or (state.round_no == at + 1 and state.phase in (TablePhase.BETTING,
                                                                             TablePhase.FINISHED)):
        return None
    return (f"the cut card is already out and stays out: it was recorded with O in round {at}, and a round was "
            "dealt after it (O takes it back only until then); finish as shown, then a new shoe (Ctrl+N)")


def cut_before_first_card(state: TableState) -> bool:
    """True when a cut card coming out now comes instead of a round's first card (WoO: that round is
    then the shoe's last): between rounds, and after D while no card of the round is out (a held card
    is the round's next card: it came out before the cut card)."""
    if state.phase in (TablePhase.BETTING, TablePhase.SETTLED, TablePhase.BURN):
        return True
    return state.phase == TablePhase.DEALING and not state.round.cards and not state.held


def apply(state: TableState, op: dict) -> TableState:
    """The next state after ``op``; raises :class:`TableError` (state unchanged) if it is refused."""
    kind = op.get("op")
    if kind == "card":
        card = _card(op)
        if state.phase == TablePhase.BURN:
            try:
                shoe = state.shoe.burn(card)
            except ShoeError as exc:
                raise TableError(str(exc)) from None
            return replace(state, shoe=shoe, phase=TablePhase.BURN if shoe.expects_burn else TablePhase.BETTING)
        # A card after a held one is held behind it, in its order; but in a round a void reopened, a
        # typed card is the croupier's own correction of the card voided, which came before the held
        # one, unless it ``answers`` a read (an unsure read corrected, the card missing before one).
        # A card ``before_bets`` was seen before the bets were taken (the new shoe's first card, read while
        # the old shoe's round was dealt, qaV F6): with the bets open it is held as one after a round.
        before_bets = op.get("before_bets") is True and state.phase == TablePhase.BETTING
        if state.phase == TablePhase.SETTLED or before_bets or correcting_bets(state) or (state.held and (
                state.phase == TablePhase.BETTING
                or (state.phase == TablePhase.DEALING and (op.get("source") != "keyboard" or op.get("answers"))))):
            raise RoundOverError(card, state.held, before_bets)
        if state.phase == TablePhase.FINISHED:
            raise TableError(f"card {card.code} refused: the shoe is finished; start a new shoe (Ctrl+N)")
        before = state
        if state.phase == TablePhase.BETTING:  # the first card closes the bets, as at a real table
            try:
                state = replace(state, betting=state.betting.lock())
            except BettingError as exc:
                raise TableError(f"card {card.code} refused: {exc}") from None
        return _play_card(state, card, op.get("zone"), before)
    if kind == "burn_unseen":
        try:
            shoe = state.shoe.burn_unseen(op.get("count"))
        except ShoeError as exc:
            raise TableError(str(exc)) from None
        return replace(state, shoe=shoe, phase=TablePhase.BURN if shoe.expects_burn else TablePhase.BETTING)
    if kind == "void_burn":  # the last burn card read was wrong: the burn is due again from its place
        if not burn_voidable(state):
            raise TableError("no burn card to void: the burn is over once a round is dealt")
        try:
            shoe = state.shoe.unburn()
        except ShoeError as exc:
            raise TableError(str(exc)) from None
        return replace(state, shoe=shoe, phase=TablePhase.BURN)
    if kind == "skip_burn":
        if state.phase != TablePhase.BURN:
            raise TableError("no burn is due")
        return replace(state, shoe=state.shoe.skip_burn(), phase=TablePhase.BETTING)
    if kind in ("place", "remove"):
        _open_for_bets(state, "change bets", takes_off=kind == "remove")
        seat, bet, amount = _bet_args(op)
        return _bets(state, lambda b: b.place(seat, bet, amount) if kind == "place" else b.remove(seat, bet, amount))
    if kind in ("undo", "clear", "double", "rebet"):
        _open_for_bets(state, kind, takes_off=kind == "clear")
        return _bets(state, lambda b: getattr(b, kind)())
    if kind == "deal" and correcting_bets(state):
        _open_for_bets(state, "settle the round again")
        return _settle_again(state)
    if kind == "deal":
        _open_for_bets(state, "deal")
        state = _bets(state, lambda b: b.lock())
        return replace(state, phase=TablePhase.DEALING, paid_before=None, paid_in=None,  # a misdeal's payment was undone
                       before_next=None)
    closed = reopenable(state) if kind in ("void_card", "void_round", "reopen_bets") and not state.before_cards else None
    if closed is not None:
        return apply(closed, op)  # N closed the round: reopened, then corrected as when it stood settled
    if kind == "reopen_bets":
        return _reopen_bets(state, op)
    if correcting_bets(state) and kind in ("void_card", "void_round", "next_round", "new_shoe", "burn_unseen",
                                           "skip_burn", "set_limits"):
        raise TableError(f"the bets of round {state.round_no} are open for correction: D settles it again on its "
                         "cards, then ask for this again")
    if kind == "void_card":
        if not state.before_cards:
            raise TableError("no card of this round to void")
        before = _aside_since(state.before_cards[-1], state)
        # Out since that card: counted anew from that card's round (a void is no reopening after N: rev22 R22-6,
        # the rounds left copied from a CUT after the round settled ended the shoe a round early).
        if state.shoe.cut_out and not before.shoe.cut_out:
            before = replace(before, shoe=before.shoe.cut_card_out())
        elif before.shoe.cut_out and not state.shoe.cut_out:  # recorded (O) before that card, taken back since
            before = replace(before, shoe=before.shoe.cut_taken_back())
        before = replace(before, cut_by_hand=state.cut_by_hand)
        # What was paid stays known back to the first card: a state from before it never had it.
        before = replace(before, paid_before=state.settlement or state.paid_before,
                         amendments=state.amendments + ((_amendment(op, "card", state),)
                                                        if state.phase == TablePhase.SETTLED else ()))
        extra = state.held[len(before.held):]  # held only grows within a round
        if extra:  # a card that came after the round stays held (it may be the card the round lacks)
            try:
                before = replace(before, shoe=_with_held(before.shoe, extra), held=before.held + extra,
                                 held_zones=_held_zones(before) + _held_zones(state)[len(before.held):])
            except ShoeError as exc:
                raise TableError(str(exc)) from None
        return _keep_limits(before, state)
    if kind == "void_round":
        return _keep_limits(_void_round(state, op), state)
    if kind == "set_limits":
        return _set_limits(state, op)
    if kind == "next_round":
        if state.phase != TablePhase.SETTLED:
            raise TableError(_not_over(state) if state.phase == TablePhase.DEALING else "no round to finish")
        finished = state.shoe.phase is ShoePhase.FINISHED
        return replace(state, phase=TablePhase.FINISHED if finished else TablePhase.BETTING,
                       round_no=state.round_no + 1, round=BaccaratRound((), state.round.pair_by),
                       betting=state.betting.next_round(), settlement=None, before_cards=(), paid_before=None,
                       paid_in=None, before_next=replace(state, before_next=None), amendments=())
    if kind == "cut":
        # The live table records its decision; an entry journaled before it did keeps the phase-only
        # rule it was played under, so an old journal replays to the rounds it really dealt.
        before_first = (op["before_first"] is True if "before_first" in op
                        else state.phase in (TablePhase.BETTING, TablePhase.SETTLED, TablePhase.BURN))
        by_hand = op.get("by") == "croupier" and not state.shoe.cut_out
        return replace(state, shoe=state.shoe.cut_card_out(before_first_card=before_first),
                       cut_by_hand=state.round_no if by_hand else None)
    if kind == "uncut":  # the cut card recorded by O by mistake: the shoe goes on as if it had not come out
        refused = cut_takeback_refusal(state)
        if refused is not None:
            raise TableError(refused)
        return replace(state, shoe=state.shoe.cut_taken_back(), cut_by_hand=None,
                       phase=TablePhase.BETTING if state.phase == TablePhase.FINISHED else state.phase)
    if kind == "new_shoe":
        if state.phase == TablePhase.DEALING:
            raise TableError(NEW_SHOE_MID_ROUND)
        if state.phase in (TablePhase.BETTING, TablePhase.BURN):  # bets for a round not dealt yet stay on the felt
            return _new_shoe(state.rules, state.shoe_no + 1, state.betting.last_round, state.betting.layout,
                             state.paid_before,  # a misdeal's payment, still to undo before they are dealt
                             state.paid_in or (state.shoe_no, state.round_no))
        # A settled round's layout is its bets, done with: Rebet's.
        return _new_shoe(state.rules, state.shoe_no + 1, state.betting.layout or state.betting.last_round)
    if kind == "hold":
        card = _card(op)
        try:
            shoe = state.shoe.hold(card)  # an impossible card is refused, not held
        except ShoeError as exc:
            raise TableError(str(exc)) from None
        zone = op.get("zone")
        return replace(state, shoe=shoe, held=state.held + (card,),
                       held_zones=_held_zones(state) + (zone if isinstance(zone, str) else None,))
    if kind == "play_held":
        return _play_held(state)
    if kind == "discard_held":
        if not state.held:
            raise TableError("no card is held")
        shoe = state.shoe
        try:
            for card in state.held:
                shoe = shoe.set_held_aside(card)
        except ShoeError as exc:
            raise TableError(str(exc)) from None
        return replace(state, shoe=shoe, held=(), held_zones=())
    raise TableError(f"unknown table operation {kind!r}")
