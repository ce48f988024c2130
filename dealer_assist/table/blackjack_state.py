"""The state of a blackjack table and the one function that changes it.

As at the baccarat table (:mod:`dealer_assist.table.state`), every change is
a small JSON-able operation such as ``{"op": "card", "card": "9H"}`` or
``{"op": "action", "action": "double"}``; :func:`apply` returns the next
state or raises :class:`BlackjackTableError` and changes nothing.  The
session journals each operation before it shows the result, and recovery
replays the journal through this same function.

What the table adds to the rules core (:mod:`dealer_assist.blackjack`): one
stake per seat in chips within the seat limits, the mapping from the seats
that bet to the round's seats, settlement in table seat numbers, and the
deck in use with its 52-card reconciliation before a new deck goes in.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any, Mapping, Optional

from dealer_assist.blackjack import BlackjackError, DeckLedger, HouseRules, Reconciliation, Round, settle
from dealer_assist.blackjack.round import Due, Phase
from dealer_assist.blackjack.rules import MOST_DECKS, InvalidRulesError
from dealer_assist.blackjack.settlement import HandSettlement, Result, Settlement
from dealer_assist.cards import Card, InvalidCardError, parse_card
from dealer_assist.chip_sums import gap_words, no_stake_between
from dealer_assist.money import InvalidAmountError, ZERO, fmt, parse_money
from dealer_assist.table.chips import ChipsError, parse_chips
from dealer_assist.table.config import toml_value
from dealer_assist.table.state import TableError
from dealer_assist.table.supervisor import NO_ROSTER

DEFAULT_CHIPS = tuple(Decimal(v) for v in ("1", "5", "10", "25", "100", "500"))


class BlackjackTableError(TableError):
    """An operation the blackjack table refuses; the message says what, why and what to do."""


class CardAfterRoundError(BlackjackTableError):
    """A card that came once the round was settled: the next round's, or a card to set aside."""

    #: What the croupier does (the refusal's alert shows it; voiding the round's last card would take a
    #: settled card back: QA).
    ACTION = "start the next round (N) and type it there (K), or set it aside"

    def __init__(self, card: Card) -> None:
        super().__init__(f"card {card.label} came after the round was over: {self.ACTION}; a card set aside is still "
                         "counted back at the deck check")


class CardBeforeDealError(BlackjackTableError):
    """A card that would have begun a round the table cannot deal (no bet on the layout, the cut card out,
    a bet outside the limits): no hand has a place for it."""


#: The flag of a card counted back at the deck check that the stub (T) was counted with: it was out of
#: the shoe, never dealt (a card set aside after the round), and the stub's count of it is taken back.
#: Journaled with the card, so a replay counts it as the table did (journals without it, as they were).
NOT_IN_THE_STUB = "not_in_stub"

#: How a card counted back by mistake is taken back at the deck check (the window's key and button).
VOID_COUNTED = "Shift+Backspace (Void counted) takes back the last card counted, one at a time"


def void_named(cards: Any) -> str:
    """How one count of each of ``cards`` is taken back on its own, however many were counted after it: the card
    typed in the card field, then Void counted (qaAO F4: 33 presses and 32 cards counted again)."""
    cards = tuple(cards)
    if len(cards) == 1:
        return f"type {cards[0].code} in the card field, then Shift+Backspace takes back one count of {cards[0].label}"
    return (f"type each in the card field ({', '.join(c.code for c in cards)}), then Shift+Backspace takes back one "
            "count of it")


class RuleRefusalError(BlackjackTableError):
    """A card or decision a house rule refuses, in words; ``rule`` is the rule's short name."""

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(message)
        self.rule = rule


class BoxWithoutBetError(BlackjackTableError):
    """A card a layout camera saw in the box of a seat that has no bet this round."""


def no_place_in_box(refusal: Optional[Exception]) -> bool:
    """Whether a card was refused for the box a camera saw it in: a seat with no bet, or a box with no place
    open now (a third card in a seat's box during the deal).  Nothing else was wrong with it: no other card
    takes its place, and typed (K) it would go to the place due, another box than the one it lies in (qaY Y1)."""
    return isinstance(refusal, BoxWithoutBetError) or getattr(refusal, "rule", None) == "deal_order"


class DuplicateCardError(BlackjackTableError):
    """A card this deck has already given out as often as it holds it; a supervisor may accept it."""

    def __init__(self, card: Card, decks: int) -> None:
        self.card = card
        held = "once" if decks == 1 else f"{decks} times"
        super().__init__(f"card {card.label} refused: it was already dealt from this deck, which holds it {held}; "
                         "check the reader and the cards on the table, then type the card really dealt, "
                         "or a supervisor accepts it (it is then flagged at the deck check)")


#: The most cards a blackjack table burns after a new deck (a house burns one, a few burn up to five).
MOST_BURNED = 10


@dataclass(frozen=True)
class BlackjackTableRules:
    """Everything configurable about a blackjack table: house rules, seats, seat limits and chips."""

    house: HouseRules = field(default_factory=HouseRules)
    seats: int = 7
    min_bet: Decimal = Decimal("5.00")
    max_bet: Decimal = Decimal("500.00")
    chips: tuple[Decimal, ...] = DEFAULT_CHIPS
    #: Cards burned after each new deck goes in, before its first deal (a house's procedure after the shuffle;
    #: the seeds burn none).  A reader or camera reads them, or K types them; B: burned unrecorded.
    burn_cards: int = 0

    def __post_init__(self) -> None:
        if isinstance(self.burn_cards, bool) or not isinstance(self.burn_cards, int) or not 0 <= self.burn_cards <= MOST_BURNED:
            raise BlackjackTableError(f"invalid burn_cards {self.burn_cards!r}: a whole number of cards, 0 to {MOST_BURNED}")
        if isinstance(self.seats, bool) or not isinstance(self.seats, int) or not 1 <= self.seats <= self.house.max_seats:
            raise BlackjackTableError(f"invalid number of seats {self.seats!r}: 1 to {self.house.max_seats}")
        # A minimum of 0.00 is no minimum but the smallest chip, as at the baccarat table (docs/RULES.md).
        if (not (isinstance(self.min_bet, Decimal) and isinstance(self.max_bet, Decimal))
                or not 0 <= self.min_bet <= self.max_bet or self.max_bet <= 0):
            raise BlackjackTableError(f"invalid seat limits {self.min_bet} to {self.max_bet}: the minimum must be "
                                      "0 or more and no more than the maximum, the maximum above 0")
        if not self.chips or not all(isinstance(c, Decimal) and c > 0 for c in self.chips):
            raise BlackjackTableError(f"invalid chips {self.chips!r}: positive Decimal values")


#: The keys of a ``[blackjack]`` config section and what each one takes.
CONFIG_KEYS = {
    "decks": f"a whole number of decks, 1 to {MOST_DECKS}", "hits_soft_17": "true or false", "ties_push": "true or false",
    "dealer_blackjack_takes_all": "true or false", "split_any_tens": "true or false",
    "double_after_split": "true or false", "double_totals": "a list of hard two-card totals from 4 to 20, e.g. [9, 10, 11]",
    "blackjack_pays": 'a ratio from 1 to 2 as a string, e.g. "1.5" (3:2) or "1.2" (6:5)', "seats": "a whole number of seats",
    "min_bet": 'an amount, e.g. "5"', "max_bet": 'an amount, e.g. "500"',
    "chips": 'a list of 1 to 9 amounts, e.g. ["1", "5"]',
    "burn_cards": f"a whole number of cards burned after each new deck, 0 to {MOST_BURNED}",
}


def rules_from_config(section: Mapping[str, Any]) -> BlackjackTableRules:
    """The table rules from a config file's ``[blackjack]`` section; a bad key is refused by name."""
    unknown = sorted(set(section) - set(CONFIG_KEYS))
    if unknown:
        raise BlackjackTableError(f"unknown blackjack setting(s) {', '.join(unknown)}: the settings are "
                                  + ", ".join(CONFIG_KEYS))
    house: dict[str, Any] = {}
    table: dict[str, Any] = {}
    for key, value in section.items():
        try:
            if key in ("hits_soft_17", "ties_push", "dealer_blackjack_takes_all", "split_any_tens",
                       "double_after_split"):
                if not isinstance(value, bool):
                    raise ValueError
                house[key] = value
            elif key in ("decks", "seats", "burn_cards"):
                if isinstance(value, bool) or not isinstance(value, int):
                    raise ValueError
                (house if key == "decks" else table)[key] = value
            elif key == "double_totals":
                if not isinstance(value, list) or any(isinstance(v, bool) or not isinstance(v, int) for v in value):
                    raise ValueError  # 9.7 was taken as 9
                house[key] = frozenset(value)
            elif key == "blackjack_pays":
                house[key] = Decimal(str(value))
            elif key in ("min_bet", "max_bet"):
                table[key] = parse_money(value)
            else:
                table[key] = parse_chips(value, "blackjack.chips")
        except ChipsError as exc:
            raise BlackjackTableError(str(exc)) from None
        except InvalidAmountError as exc:  # what is wrong with the amount (a bare 10.5: quote it), as [limits] says
            raise BlackjackTableError(f"bad blackjack setting {key} = {toml_value(value)}: {exc}") from None
        except (ValueError, TypeError, ArithmeticError):
            raise BlackjackTableError(f"bad blackjack setting {key} = {toml_value(value)}: {CONFIG_KEYS[key]}") from None
    try:
        rules = BlackjackTableRules(house=HouseRules(**house), **table)
    except InvalidRulesError as exc:  # the core names a Python value (Decimal('2.5')); the file wrote "2.5"
        raise BlackjackTableError(f"bad blackjack setting {exc.name} = {toml_value(section[exc.name])}: "
                                  f"{CONFIG_KEYS[exc.name]}") from None
    except BlackjackError as exc:
        raise BlackjackTableError(f"bad blackjack settings: {exc}") from None
    # A file only: a journal's recorded rules are read back as they were, so a restart is never refused.
    try:
        check_given_seat_limits(rules.max_bet, rules.chips, rules.min_bet)
    except UnusableSeatLimitsError as exc:
        raise BlackjackTableError(f"bad blackjack settings: {exc}; {exc.file_fix}") from None
    return rules


class UnusableSeatLimitsError(BlackjackTableError):
    """Seat limits a table is given that no seat could bet under; ``file_fix`` and ``table_fix`` say
    what to do in the config file's words and in the limits dialog's."""

    def __init__(self, what: str, file_fix: str, table_fix: str) -> None:
        super().__init__(what)
        self.file_fix = file_fix
        self.table_fix = table_fix


def check_given_seat_limits(max_bet: Decimal, chips: tuple[Decimal, ...], min_bet: Decimal = ZERO) -> None:
    """The one check of the seat maximum a table is given, by its config file at start or by a supervisor
    at L (a later QA: the dialog set a maximum below every chip, which the file refuses).  qaI F4: the
    table opened and no seat could ever bet.  Not of a journal's recorded limits: those replay as they were."""
    if min(chips) > max_bet:
        raise UnusableSeatLimitsError(
            f"the smallest chip {fmt(min(chips))} is above the seat maximum {fmt(max_bet)}, so no seat could ever bet",
            "add a smaller chip to blackjack.chips or raise blackjack.max_bet",
            f"raise the seat maximum to {fmt(min(chips))} (the smallest chip) or more")
    gap = no_stake_between(chips, min_bet, max_bet)
    if gap is not None:  # qaL F1: chips 5, 25 and seat limits of 6.00 to 9.00
        below, above = gap
        raise UnusableSeatLimitsError(
            f"the seat minimum {fmt(min_bet)} and maximum {fmt(max_bet)} leave no stake: {gap_words(chips, *gap)}, "
            "so no seat could ever bet",
            f"raise blackjack.max_bet to {fmt(above)}"
            + (f" or lower blackjack.min_bet to {fmt(below)}" if below is not None else "")
            + ", or add a chip that fits to blackjack.chips",
            f"raise the seat maximum to {fmt(above)}"
            + (f" or lower the seat minimum to {fmt(below)}" if below is not None else ""))


def rules_from_record(record: Mapping[str, Any]) -> BlackjackTableRules:
    """The table rules as a journal recorded them when it began
    (:func:`~dealer_assist.table.rules_record.rules_record`), read back.

    A replay rebuilds the table the shoe was played at (seats, house rules,
    limits, chips), whatever today's configuration says; a record it cannot
    read back is refused by name rather than replayed under other rules."""
    try:
        house = dict(record["house"])
        totals = house.get("double_totals", ())
        if isinstance(totals, str):  # the record writes a frozenset as its repr: "frozenset({9, 10, 11})"
            totals = re.findall(r"\d+", totals)
        house["double_totals"] = frozenset(int(t) for t in totals)
        house["blackjack_pays"] = Decimal(str(house["blackjack_pays"]))
        return BlackjackTableRules(house=HouseRules(**house), seats=record["seats"],
                                   min_bet=Decimal(str(record["min_bet"])), max_bet=Decimal(str(record["max_bet"])),
                                   chips=tuple(Decimal(str(c)) for c in record["chips"]),
                                   burn_cards=record.get("burn_cards", 0))
    except (KeyError, TypeError, ValueError, ArithmeticError, BlackjackError) as exc:
        raise BlackjackTableError(f"the table rules recorded in the journal cannot be read ({exc!r}): "
                                  "give the configuration the table was played with (--config)") from None


class BlackjackPhase:
    BETTING = "betting"  # bets open, no card yet
    PLAYING = "playing"  # bets locked: cards and decisions due
    SETTLED = "settled"  # round over and paid; next round on command
    DECK_CHECK = "deck_check"  # counting the old deck back before a new one goes in


@dataclass(frozen=True)
class RoundRecord:
    """A finished round: which table seats were in, the round, their stakes and the settlement."""

    deck: int
    number: int
    seats: tuple[int, ...]
    round: Round
    stakes: tuple[tuple[int, Decimal], ...]
    settlement: Settlement


Bets = tuple[tuple[int, Decimal], ...]


@dataclass(frozen=True)
class BlackjackState:
    """One blackjack table at one moment.

    ``bets`` is the layout (table seat, stake) in seat order.  While a round
    is played, ``seats_in`` holds the table seats that were dealt in: round
    seat ``i`` is table seat ``seats_in[i - 1]``, so an empty seat between
    two players costs no card.  ``settlement`` uses table seat numbers.
    """

    rules: BlackjackTableRules = field(default_factory=BlackjackTableRules)
    phase: str = BlackjackPhase.BETTING
    deck_no: int = 1
    round_no: int = 1
    bets: Bets = ()
    last_bets: Bets = ()
    seats_in: tuple[int, ...] = ()
    round: Optional[Round] = None
    ledger: DeckLedger = field(default_factory=DeckLedger)
    settlement: Optional[Settlement] = None
    history: tuple[RoundRecord, ...] = ()
    #: The cut card came out of this deck: no round starts on it (the stub behind the cut may not finish one).
    cut_out: bool = False
    #: The round the croupier was at when O recorded the cut card (None: not out, or a reader's signal): one
    #: recorded by mistake is taken back with O until the deck check (qaZ F9, as at baccarat).
    cut_by_hand: Optional[int] = None
    #: The states before each deal, card and decision of the current round: voiding one restores it.
    before: tuple["BlackjackState", ...] = field(default=(), repr=False, compare=False)
    #: The settlement a void took back in this round after it was paid (qaQ F6): the pay list says per hand
    #: what to take back or pay more once the round settles again, or, the deal voided too, what to undo
    #: before the bets are dealt anew.  Gone at the deal and at the next round.
    paid_before: Optional[Settlement] = None
    #: Burn cards still due from this deck before its first deal, and those burned (read or typed).
    burn_left: int = 0
    burned: tuple[Card, ...] = ()

    @classmethod
    def new(cls, rules: Optional[BlackjackTableRules] = None) -> "BlackjackState":
        rules = rules or BlackjackTableRules()
        return cls(rules=rules, ledger=DeckLedger(rules.house.decks), burn_left=rules.burn_cards)

    # ----------------------------------------------------------------- reading
    def stake(self, seat: int) -> Decimal:
        return dict(self.bets).get(seat, ZERO)

    def in_play(self, seat: int) -> Decimal:
        """What the seat has at risk now: its bet on each of its hands, twice on a doubled one."""
        stake = self.stake(seat)
        if not stake or seat not in self.seats_in or self.round is None:
            return stake
        return stake * sum(2 if h.doubled else 1 for h in self.round.seat_hands(self.round_seat(seat)))

    def due(self) -> Optional[Due]:
        """What the round waits for, in round seat numbers (``None`` when no round is open)."""
        return self.round.due() if self.round is not None and self.phase == BlackjackPhase.PLAYING else None

    @property
    def card_due(self) -> bool:
        """True when the next card out of the shoe has a place in the round."""
        due = self.due()
        return due is not None and due.kind == "card"

    def table_seat(self, round_seat: Optional[int]) -> Optional[int]:
        return None if round_seat is None else self.seats_in[round_seat - 1]

    def round_seat(self, table_seat: int) -> Optional[int]:
        return self.seats_in.index(table_seat) + 1 if table_seat in self.seats_in else None

    @property
    def active(self) -> Optional[tuple[int, int]]:
        """(table seat, hand index) of the hand that a card or decision is due to, if any."""
        due = self.due()
        if due is None or due.kind == "complete" or due.seat is None:
            return None
        return self.table_seat(due.seat), due.hand or 0

    @property
    def dealer_turn(self) -> bool:
        due = self.due()
        return due is not None and due.to_dealer and self.round is not None and self.round.phase is Phase.DEALER

    def describe_due(self) -> str:
        """The round's :meth:`Due.describe` with table seat numbers."""
        due = self.due()
        if due is None:
            return ""
        if due.seat is None:
            return due.describe()
        return replace(due, seat=self.table_seat(due.seat)).describe()

    def reconciliation(self) -> Reconciliation:
        return self.ledger.reconcile()

    @property
    def stub_left(self) -> tuple[Card, ...]:
        """Cards never dealt from this deck and not counted back yet: the stub still in the shoe."""
        returned_undealt = Counter(self.ledger.returned) - Counter(self.ledger.dealt)
        left = Counter(self.ledger.in_shoe) - returned_undealt
        stub = []
        for card in self.ledger.in_shoe:
            if left[card] > 0:
                stub.append(card)
                left[card] -= 1
        return tuple(stub)


# --------------------------------------------------------------------- helpers
def _refuse(exc: Exception, state: Optional[BlackjackState] = None) -> BlackjackTableError:
    """The core's refusal as the table says it: in table seat numbers (given the ``state``), and
    without the rule's short name (``(rule: card_not_due)``), which meant nothing to the croupier
    (qaM L1); the name stays on the error, as ``settle`` and the tests use it."""
    text = str(exc)
    rule = getattr(exc, "rule", None)
    if rule:
        text = text.removesuffix(f" (rule: {rule})")
    if state is not None:
        text = _table_seats(text, state)
    return BlackjackTableError(text) if rule is None else RuleRefusalError(text, rule)


def _suited_card(op: Mapping[str, Any]) -> Card:
    try:
        return parse_card(op["card"], require_suit=True)
    except KeyError:
        raise BlackjackTableError(f"card operation without a card: {dict(op)!r}") from None
    except InvalidCardError as exc:
        raise BlackjackTableError(f"{exc}; at the blackjack table type the suit too (e.g. 9H): the deck check "
                                  "counts every card by rank and suit") from None


def _seat(state: BlackjackState, op: Mapping[str, Any]) -> int:
    raw = op.get("seat")
    try:
        seat = int(raw)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise BlackjackTableError(f"bad seat {raw!r}: a seat number from 1 to {state.rules.seats}") from None
    if not 1 <= seat <= state.rules.seats:
        raise BlackjackTableError(f"no seat {seat} at this table: seats 1 to {state.rules.seats}")
    return seat


def _amount(op: Mapping[str, Any]) -> Decimal:
    try:
        return parse_money(op.get("amount"))
    except InvalidAmountError as exc:
        raise _refuse(exc) from None


def _chips_text(rules: BlackjackTableRules) -> str:
    return ", ".join(fmt(c) for c in rules.chips)


def _with_bet(bets: Bets, seat: int, stake: Decimal) -> Bets:
    layout = dict(bets)
    if stake > 0:
        layout[seat] = stake
    else:
        layout.pop(seat, None)
    return tuple(sorted(layout.items()))


def _open_for_bets(state: BlackjackState, what: str) -> None:
    if state.phase != BlackjackPhase.BETTING:
        why = {BlackjackPhase.PLAYING: "the round is being dealt (void the deal to reopen the bets)",
               BlackjackPhase.SETTLED: "the round is over: start the next round (N)",
               BlackjackPhase.DECK_CHECK: "the deck check is open: finish it or go back to play"}[state.phase]
        raise BlackjackTableError(f"cannot {what}: {why}")


def _place(state: BlackjackState, op: Mapping[str, Any]) -> BlackjackState:
    _open_for_bets(state, "place a chip")
    seat, amount = _seat(state, op), _amount(op)
    rules = state.rules
    if amount not in rules.chips:
        raise BlackjackTableError(f"no chip of {fmt(amount)} at this table (chips: {_chips_text(rules)})")
    total = state.stake(seat) + amount
    if total > rules.max_bet:
        raise BlackjackTableError(f"chip {fmt(amount)} on seat {seat} refused: the stake would be {fmt(total)}, "
                                  f"over the seat maximum {fmt(rules.max_bet)}")
    return replace(state, bets=_with_bet(state.bets, seat, total))


def _remove(state: BlackjackState, op: Mapping[str, Any]) -> BlackjackState:
    _open_for_bets(state, "take a chip off")
    seat, amount = _seat(state, op), _amount(op)
    have = state.stake(seat)
    if amount > have:
        raise BlackjackTableError(f"cannot take {fmt(amount)} off seat {seat}: it has {fmt(have)}")
    return replace(state, bets=_with_bet(state.bets, seat, have - amount))


def _clear(state: BlackjackState, op: Mapping[str, Any]) -> BlackjackState:
    _open_for_bets(state, "clear bets")
    if op.get("seat") is None:
        return replace(state, bets=())
    return replace(state, bets=_with_bet(state.bets, _seat(state, op), ZERO))


def _rebet(state: BlackjackState) -> BlackjackState:
    _open_for_bets(state, "repeat the last bets")
    if not state.last_bets:
        raise BlackjackTableError("no bets from a previous round to repeat")
    if state.bets:
        raise BlackjackTableError("the layout already has bets: clear them first to repeat the last round's")
    high = [f"seat {s} had {fmt(v)}" for s, v in state.last_bets if v > state.rules.max_bet]
    if high:  # the limits were lowered since
        raise BlackjackTableError(f"cannot repeat the last bets: {', '.join(high)}, above the seat maximum "
                                  f"{fmt(state.rules.max_bet)}; place the bets again")
    return replace(state, bets=state.last_bets)


def _deal(state: BlackjackState) -> BlackjackState:
    _open_for_bets(state, "deal")
    if state.cut_out:
        raise BlackjackTableError("cannot deal: the cut card is out, and the cards behind it may not finish a "
                                  "round; check the deck (C) and put a new one in (Ctrl+N); the bets stay")
    if not state.bets:
        raise BlackjackTableError("cannot deal: no seat has a bet; place chips on the seats that play")
    low = [f"seat {s} has {fmt(v)}" for s, v in state.bets if v < state.rules.min_bet]
    if low:
        raise BlackjackTableError(f"cannot deal: {', '.join(low)}, below the seat minimum "
                                  f"{fmt(state.rules.min_bet)}; add chips or clear the seat")
    high = [f"seat {s} has {fmt(v)}" for s, v in state.bets if v > state.rules.max_bet]
    if high:  # a rebet of a round played before the limits were lowered
        raise BlackjackTableError(f"cannot deal: {', '.join(high)}, above the seat maximum "
                                  f"{fmt(state.rules.max_bet)}; take chips off")
    seats = tuple(s for s, _ in state.bets)
    try:
        rnd = Round.start(len(seats), state.rules.house)
    except BlackjackError as exc:
        raise _refuse(exc) from None
    return replace(state, phase=BlackjackPhase.PLAYING, seats_in=seats, round=rnd, burn_left=0,  # dealt: burn over
                   before=state.before + (state,), paid_before=None)  # a payment taken back was undone


def _zone(state: BlackjackState, zone: Any, card: Card) -> Any:
    """A source's zone in table seats (``"seat 3"``) as the round numbers it."""
    if zone is None:
        return None
    text = str(zone).strip().lower()
    if text in ("dealer", "bank"):
        return "dealer"
    digits = text.removeprefix("seat").strip()
    if not digits.isdigit():
        raise BlackjackTableError(f"unknown zone {zone!r}: a seat number or 'dealer'")
    seat = state.round_seat(int(digits))
    if seat is None:
        raise BoxWithoutBetError(f"card {card.label} refused: it was laid at seat {digits}, which has no bet this "
                                 "round: move it to the box due, or take it off the layout")
    return seat


def _has_override(op: Mapping[str, Any]) -> bool:
    """Whether ``op`` carries a signed override with its reason: a supervisor's, or at a table with no
    supervisors the croupier's (its note says so)."""
    override = op.get("override")
    if not isinstance(override, Mapping) or not str(override.get("reason", "")).strip():
        return False
    signer = override.get("supervisor")
    return (isinstance(signer, str) and bool(signer.strip())) or override.get("note") == NO_ROSTER


def _first_up(text: str) -> str:
    return text[:1].upper() + text[1:]


#: The flag of a camera's card played again in the box it was moved to (its old place, as :func:`position`
#: names it): the last card played, put early in another box by the zone it first came to rest in, then
#: squared into its own (qaY Y3).  It leaves its old place, as a void would, and takes the new box's.
MOVED_FROM = "moved_from"


def _card(state: BlackjackState, op: Mapping[str, Any]) -> BlackjackState:
    card = _suited_card(op)
    if op.get(MOVED_FROM):
        step = state.round.step if state.round is not None else None
        if state.phase != BlackjackPhase.PLAYING or step is None or step.card != card or not state.before:
            raise BlackjackTableError(f"card {card.label} cannot be moved to another box: it is not the last card "
                                      "played")
        # A move is no step taken back: a cut card out since the card was played stays out (rev20 F3).
        return _card(_void(state, {CUT_STAYS: True}), {k: v for k, v in op.items() if k != MOVED_FROM})
    if state.phase == BlackjackPhase.DECK_CHECK:
        if op.get(NOT_IN_THE_STUB) and state.ledger.counted_with_the_stub(card):
            return replace(state, ledger=state.ledger.receive_out_of_the_stub(card))
        return replace(state, ledger=state.ledger.receive(card))
    if state.phase == BlackjackPhase.SETTLED:
        raise CardAfterRoundError(card)
    if state.phase == BlackjackPhase.BETTING and state.burn_left:
        if not op.get("zone") or op.get("cards"):  # ``cards``: journaled as a burn, replayed as one (rev23 R23-8)
            return _burn(state, card, op)
        # Seen lying in a box of the layout: a round's card, the burn done unrecorded (rev22 R22-13: a layout
        # camera's seat-1 card was burned when B was forgotten, and the seat stayed empty).
        state = replace(state, burn_left=0)
    before = state
    if state.phase == BlackjackPhase.BETTING:  # the first card closes the bets, as at a real table
        try:
            state = _deal(state)
        except BlackjackTableError as exc:
            burn = ("; if it is a burn card (the house burns after the shuffle), set burn_cards in the config's "
                    "[blackjack] section" if not state.ledger.dealt and not state.rules.burn_cards else "")
            raise CardBeforeDealError(f"card {card.label} refused: {exc}{burn}") from None
    assert state.round is not None
    if state.ledger.dealt.count(card) >= state.ledger.decks and not _has_override(op):
        try:  # a rule a supervisor cannot lift refuses it too (the round itself holds it): that is what is said
            state.round.deal(card, _zone(state, op.get("zone"), card))
        except BlackjackError as exc:  # QA: F9 was offered, then refused by this rule
            raise _refuse(exc, state) from None
        raise DuplicateCardError(card, state.ledger.decks)
    try:
        rnd = state.round.deal(card, _zone(state, op.get("zone"), card))
    except BlackjackError as exc:
        raise _refuse(exc, state) from None
    stack = state.before if before is not state else state.before + (state,)  # a deal already pushed it
    new = replace(state, round=rnd, ledger=state.ledger.deal(card), before=stack)
    return _settle_if_complete(new)


def _burn(state: BlackjackState, card: Card, op: Mapping[str, Any]) -> BlackjackState:
    """A burn card out of a new deck: out of the shoe (the deck check counts it back from the discard rack, the
    odds leave it out), in no hand.  One already dealt from the deck is refused unless a supervisor let it in."""
    if state.ledger.dealt.count(card) >= state.ledger.decks and not _has_override(op):
        raise DuplicateCardError(card, state.ledger.decks)
    return replace(state, ledger=state.ledger.deal(card), burn_left=state.burn_left - 1, burned=state.burned + (card,))


def _settle_if_complete(state: BlackjackState) -> BlackjackState:
    rnd = state.round
    if rnd is None or not rnd.complete:
        return state
    stakes = dict(state.bets)
    try:
        raw = settle(rnd, {i: stakes[seat] for i, seat in enumerate(state.seats_in, start=1)})
    except BlackjackError as exc:
        raise _refuse(exc) from None
    result = Settlement(tuple(replace(h, seat=state.table_seat(h.seat)) for h in raw.hands))
    record = RoundRecord(state.deck_no, state.round_no, state.seats_in, rnd, state.bets, result)
    return replace(state, phase=BlackjackPhase.SETTLED, settlement=result, history=state.history + (record,))


def _action(state: BlackjackState, op: Mapping[str, Any]) -> BlackjackState:
    what = str(op.get("action", "")).strip().lower() or "?"
    if state.phase != BlackjackPhase.PLAYING or state.round is None:
        raise BlackjackTableError(f"{what} refused: no round is being played"
                                  + (" (the round is over: N for the next round)" if state.phase == BlackjackPhase.SETTLED else ""))
    due = state.round.due()
    if op.get("seat") is None:
        seat = due.seat if due.kind == "action" else None
        if seat is None:
            raise BlackjackTableError(f"{what} refused: no decision is due, {state.describe_due()} is due")
    else:
        seat = state.round_seat(_seat(state, op))
        if seat is None:
            raise BlackjackTableError(f"{what} for seat {op.get('seat')} refused: that seat has no bet this round")
    try:
        rnd = state.round.act(seat, what)
    except BlackjackError as exc:
        raise _refuse(exc, state) from None
    return _settle_if_complete(replace(state, round=rnd, before=state.before + (state,)))


def _table_seats(message: str, state: BlackjackState) -> str:
    """The core names round seats; at a table with empty seats the croupier needs the table's numbers."""
    if state.seats_in == tuple(range(1, len(state.seats_in) + 1)):
        return message
    return re.sub(r"seat (\d+)", lambda m: f"seat {state.table_seat(int(m.group(1)))}", message)


#: The flag of a void made with the cut card out: the cut stays out, whatever step is voided (the shoe's
#: signal is no step of the round).  Journaled with the void; a void journaled without it replays as it
#: was played (QA: the void of the deal forgot the cut, and rounds were dealt on the stub behind it).
CUT_STAYS = "cut_stays"


def _burn_voidable(state: BlackjackState) -> bool:
    """Whether the last card out of this deck is a burn card a void may take back: no other card out since."""
    return state.phase == BlackjackPhase.BETTING and bool(state.burned) and len(state.ledger.dealt) == len(state.burned)


def _void(state: BlackjackState, op: Optional[Mapping[str, Any]] = None) -> BlackjackState:
    if _burn_voidable(state):  # a burn card typed (or read) wrong: due again
        return replace(state, ledger=replace(state.ledger, dealt=state.ledger.dealt[:-1]),
                       burn_left=state.burn_left + 1, burned=state.burned[:-1])
    if state.phase not in (BlackjackPhase.PLAYING, BlackjackPhase.SETTLED) or not state.before:
        raise BlackjackTableError("nothing to void: no deal, card or decision in this round yet")
    before = replace(state.before[-1], rules=state.rules,  # a limit change since belongs to the table, not the round
                     paid_before=state.settlement or state.paid_before)  # what was paid, back to the deal
    if op is not None and op.get(CUT_STAYS) and state.cut_out:
        before = replace(before, cut_out=True)
    elif before.cut_out and not state.cut_out:  # recorded with O before that step, taken back since
        before = replace(before, cut_out=False)
    return replace(before, cut_by_hand=state.cut_by_hand if before.cut_out else None)


def cut_takeback_refusal(state: BlackjackState) -> Optional[str]:
    """Why O cannot take the cut card back now (``None``: it can): only one the croupier recorded with O (a
    reader's signal is the shoe's), and not once the deck is being checked (qaZ F9)."""
    if not state.cut_out:
        return "the cut card is not out: nothing to take back"
    if state.cut_by_hand is None:  # O refused had said only "already out" (qaY)
        return ("the cut card is already out and stays out: the shoe reported it, and O takes back only a cut card "
                "recorded with O; finish the round, then check the deck (C) and put a new one in (Ctrl+N); if the "
                "shoe reported it wrongly, the deck ends all the same: have its reader checked")
    if state.phase == BlackjackPhase.DECK_CHECK:
        return ("the cut card is already out and stays out: the deck is being checked (O takes back a cut card "
                "recorded with O only before the check); Ctrl+N puts a new one in")
    return None


def position(state: BlackjackState, round_seat: Optional[int], hand: Optional[int]) -> str:
    """A place in the round as the journal names it: ``dealer`` or ``seat3.h0`` (table seat, hand index)."""
    return "dealer" if round_seat is None else f"seat{state.table_seat(round_seat)}.h{hand or 0}"


def void_target(state: BlackjackState) -> dict:
    """What a void (``{"op": "void"}``) would take back, for the correction's record; refused like the void.

    ``voided`` is ``"deal"`` (back to open bets: ``seats`` that were dealt
    in, and ``cards``, the card that closed the bets if one did), ``"card"``
    (``card`` and its ``position``) or ``"decision"`` (``decision``, table
    ``seat`` and ``hand``).  ``settlement_taken_back`` is true when the step
    completed the round, so its settlement is withdrawn with it.  A
    supervisor signs for exactly this, so it is read from the state, not
    from what the display believes it shows.
    """
    if _burn_voidable(state):
        return {"voided": "burn", "card": state.burned[-1].code}
    _void(state)
    assert state.round is not None
    step = state.round.step
    if state.before[-1].phase == BlackjackPhase.BETTING:
        what: dict = {"voided": "deal", "seats": list(state.seats_in),
                      "cards": [c.code for c in state.round.cards]}
    elif step is not None and step.card is not None:
        what = {"voided": "card", "card": step.card.code, "position": position(state, step.seat, step.hand)}
    elif step is not None and step.action is not None:
        what = {"voided": "decision", "decision": step.action.value, "seat": state.table_seat(step.seat),
                "hand": step.hand or 0}
    else:  # not reached: every step after the deal is a card or a decision
        raise BlackjackTableError("nothing to void: the last step of this round is not recorded")
    if state.phase == BlackjackPhase.SETTLED:
        what["settlement_taken_back"] = True
    return what


def describe_void(what: Mapping[str, Any]) -> str:
    """A :func:`void_target` in words, for the supervisor's dialog and the croupier's message."""
    if what["voided"] == "burn":
        return f"burn card {_label(what['card'])} (the burn is due again)"
    if what["voided"] == "deal":
        cards = f" and the card {_label(what['cards'][0])}" if what.get("cards") else ""
        text = f"the deal{cards} (the bets open again)"
    elif what["voided"] == "card":
        place = re.fullmatch(r"seat(\d+)\.h(\d+)", str(what["position"]))
        where = ("the dealer" if place is None else f"seat {place[1]}"
                 + (f" hand {int(place[2]) + 1}" if int(place[2]) else ""))
        text = f"card {_label(what['card'])} to {where}"
    else:
        text = f"seat {what['seat']}'s {what['decision']}" + (f" on hand {what['hand'] + 1}" if what["hand"] else "")
    return text + (", and its settlement" if what.get("settlement_taken_back") else "")


def _label(code: Any) -> str:
    """A card's code as the table shows it (K♦), for the words a void is named in (qaAF F12: the dialog said KD)."""
    try:
        return parse_card(code).label
    except InvalidCardError:
        return str(code)


def _limit(op: Mapping[str, Any], key: str, what: str) -> Decimal:
    try:
        return parse_money(op.get(key))
    except InvalidAmountError as exc:
        raise BlackjackTableError(f"limits refused: seat {what}: {exc}") from None


#: Why L is refused in a round (the display says it before its dialog opens: qaAF F11, it was filled in first).
LIMITS_IN_A_ROUND = ("cannot change the limits while a round is being played: its stakes were taken under the "
                     "limits in force; change them once the round is settled")


def _set_limits(state: BlackjackState, op: Mapping[str, Any]) -> BlackjackState:
    """New seat limits (``min_bet``, ``max_bet``): a supervisor's correction, journaled and replayed.

    The same rule as the baccarat table's: not while a round is being played
    (its stakes were taken under the limits in force), and while the bets are
    open only if every stake on the layout fits the new limits.  A new deck
    keeps them; a void afterwards does not bring the old ones back.
    """
    if state.phase == BlackjackPhase.PLAYING:
        raise BlackjackTableError(LIMITS_IN_A_ROUND)
    low, top = _limit(op, "min_bet", "minimum"), _limit(op, "max_bet", "maximum")
    if top <= 0:
        raise BlackjackTableError(f"limits refused: seat maximum {fmt(top)} must be above 0.00, or no seat could bet")
    if low > top:
        raise BlackjackTableError(f"limits refused: seat minimum {fmt(low)} is above the seat maximum {fmt(top)}")
    if (low, top) == (state.rules.min_bet, state.rules.max_bet):
        raise BlackjackTableError("limits refused: these are already the table's limits, nothing would change")
    if state.phase == BlackjackPhase.BETTING:
        for seat, stake in state.bets:
            if not low <= stake <= top:
                raise BlackjackTableError(f"limits refused: seat {seat} has {fmt(stake)}, outside the new limits "
                                          f"{fmt(low)} to {fmt(top)}: change that bet first, then the limits")
    return replace(state, rules=replace(state.rules, min_bet=low, max_bet=top))


def _next_round(state: BlackjackState) -> BlackjackState:
    if state.phase == BlackjackPhase.PLAYING:
        raise BlackjackTableError(f"the round is not over yet: {state.describe_due()} is due")
    if state.phase != BlackjackPhase.SETTLED:
        raise BlackjackTableError("no round to finish")
    return replace(state, phase=BlackjackPhase.BETTING, round_no=state.round_no + 1, bets=(), last_bets=state.bets,
                   seats_in=(), round=None, settlement=None, before=(), paid_before=None)


def _deck_check(state: BlackjackState) -> BlackjackState:
    if state.phase == BlackjackPhase.PLAYING:
        raise BlackjackTableError("cannot check the deck in the middle of a round: finish or void the round first")
    if state.phase == BlackjackPhase.DECK_CHECK:
        raise BlackjackTableError("the deck check is already open")
    if state.phase == BlackjackPhase.SETTLED:
        state = _next_round(state)
    return replace(state, phase=BlackjackPhase.DECK_CHECK)


def _in_deck_check(state: BlackjackState, what: str) -> None:
    if state.phase != BlackjackPhase.DECK_CHECK:
        raise BlackjackTableError(f"cannot {what}: the deck check is not open (C opens it between rounds)")


def _return_stub(state: BlackjackState) -> BlackjackState:
    _in_deck_check(state, "count the stub back")
    stub = state.stub_left
    if not stub:
        raise BlackjackTableError("the stub is already counted: every card never dealt from this deck is back")
    return replace(state, ledger=state.ledger.receive_stub(stub))


def _void_return(state: BlackjackState, op: Mapping[str, Any]) -> BlackjackState:
    """One count taken back: of the card the op names (its latest count; journals before qaAO F4 name the last
    card counted, the same), else the last card counted."""
    _in_deck_check(state, "void a counted card")
    card = op.get("card")
    try:
        return replace(state, ledger=state.ledger.void_receipt(card) if card else state.ledger.void_last_receipt())
    except BlackjackError as exc:
        raise _refuse(exc) from None


def _resume(state: BlackjackState) -> BlackjackState:
    _in_deck_check(state, "go back to play")
    return replace(state, phase=BlackjackPhase.BETTING, ledger=replace(state.ledger, returned=(), stub=()))


def _new_deck(state: BlackjackState, op: Mapping[str, Any]) -> BlackjackState:
    if state.phase == BlackjackPhase.PLAYING:
        raise BlackjackTableError("cannot change the deck in the middle of a round: finish or void the round first")
    if (state.phase == BlackjackPhase.BETTING and not state.ledger.dealt and not state.ledger.returned
            and not _has_override(op)):  # a supervisor's, journaled by older code, replays as it was
        # Ctrl+N pressed again (baccarat's asks for two presses): the old deck was counted (qaAF F2: "count the old
        # deck back first" told a croupier whose deck check had passed that it had not).
        burn = state.burn_left
        raise BlackjackTableError(f"deck {state.deck_no} is in already, no card dealt from it: nothing to change; "
                                  + (f"burn {burn} card{'s' if burn > 1 else ''} (or B), then the bets" if burn
                                     else "place the bets"))
    rec = state.reconciliation()
    if not rec.ok and not _has_override(op):
        if state.phase != BlackjackPhase.DECK_CHECK:
            raise BlackjackTableError("new deck refused: count the old deck back first (C opens the deck check; "
                                      "the house rule: every card back before a new deck goes in)")
        problems, fixes = [], []
        if rec.missing:
            problems.append(f"{len(rec.missing)} missing ({' '.join(c.code for c in rec.missing[:12])}"
                            + (" ..." if len(rec.missing) > 12 else "") + ")")
            fixes.append("find the missing cards (table, players, discard rack) and count them back")
        if rec.duplicated:  # QA: a double read was told to find cards; taking the count back is its fix
            problems.append("seen too often: " + " ".join(c.code for c in rec.duplicated))
            fixes.append((f"a card read back twice: {void_named(rec.counted_too_often)}; {VOID_COUNTED}; "
                          if rec.counted_too_often else "")
                         + "a foreign card: take it out of the deck")
        raise BlackjackTableError("new deck refused: the old deck is not reconciled, " + "; ".join(problems)
                                  + ". " + _first_up("; ".join(fixes)) + "; or override it with F9 (a supervisor's "
                                  "PIN, where the table has supervisors)")
    if state.phase == BlackjackPhase.SETTLED:
        state = _next_round(state)
    # The history goes with the deck, as baccarat's goes with the shoe: a table dealing round the clock
    # had kept every round since it started (6,588 rounds: 85 MB more).  The journal keeps them all.
    return replace(state, phase=BlackjackPhase.BETTING, deck_no=state.deck_no + 1,
                   ledger=DeckLedger(state.rules.house.decks), cut_out=False, history=(),
                   burn_left=state.rules.burn_cards, burned=())


def deck_started(rules: BlackjackTableRules, entry: Mapping[str, Any]) -> BlackjackState:
    """The table just after a ``new_deck`` operation, from its journal entry (``shoe``, ``round``,
    ``limits``, ``open_bets``, ``last_bets`` and, after a paid round voided back to its bets, ``paid_before``):
    a new deck keeps nothing else of the table before it (see :func:`_new_deck`), so a restart need not replay
    the decks before it.  ``rules`` are the
    table's as configured; the entry's limits are those a supervisor set since, if any."""
    try:
        low, top = parse_money(entry["limits"]["min_bet"]), parse_money(entry["limits"]["max_bet"])
        if (low, top) != (rules.min_bet, rules.max_bet):
            rules = replace(rules, min_bet=low, max_bet=top)
        bets, last = (tuple((int(b["seat"]), parse_money(b["stake"])) for b in entry[key])
                      for key in ("open_bets", "last_bets"))
        deck_no, round_no = int(entry["shoe"]), int(entry["round"])
        paid = settlement_of(entry["paid_before"]) if entry.get("paid_before") is not None else None
    except (KeyError, TypeError, ValueError, InvalidAmountError) as exc:
        raise BlackjackTableError(f"its limits or bets cannot be read ({exc!r})") from None
    return replace(BlackjackState.new(rules), deck_no=deck_no, round_no=round_no, bets=bets, last_bets=last,
                   paid_before=paid)


def settlement_lines(settlement: Settlement) -> list[dict]:
    """Each hand's result as the journal writes it (table seats; money as two-decimal strings)."""
    return [{"seat": h.seat, "hand": h.hand, "bet": "main", "stake": fmt(h.stake), "result": h.result.value,
             "pays": fmt(h.pays), "returns": fmt(h.returns), "reason": h.reason} for h in settlement.hands]


def settlement_of(data: Any) -> Settlement:
    """A settlement from its journal form (``{"bets": settlement_lines(...)}``): a new deck's entry keeps the
    payment a void took back and the bets still on the layout must undo, as a new shoe's does at baccarat."""
    return Settlement(tuple(
        HandSettlement(int(line["seat"]), int(line["hand"]), parse_money(line["stake"]), Result(line["result"]),
                       parse_money(line["pays"]), parse_money(line["returns"]), str(line["reason"]))
        for line in data["bets"]))


def apply(state: BlackjackState, op: Mapping[str, Any]) -> BlackjackState:
    """The next state after ``op``; raises :class:`BlackjackTableError` (state unchanged) if it is refused."""
    kind = op.get("op")
    if kind == "card":
        return _card(state, op)
    if kind == "action":
        return _action(state, op)
    if kind == "place":
        return _place(state, op)
    if kind == "remove":
        return _remove(state, op)
    if kind == "clear":
        return _clear(state, op)
    if kind == "rebet":
        return _rebet(state)
    if kind == "deal":
        return _deal(state)
    if kind == "void":
        return _void(state, op)
    if kind == "next_round":
        return _next_round(state)
    if kind == "deck_check":
        return _deck_check(state)
    if kind == "return_stub":
        return _return_stub(state)
    if kind == "void_return":
        return _void_return(state, op)
    if kind == "resume":
        return _resume(state)
    if kind == "new_deck":
        return _new_deck(state, op)
    if kind == "skip_burn":  # B: the burn cards went to the discard rack unrecorded (counted back at the check)
        if not state.rules.burn_cards:
            raise BlackjackTableError("no burn card is due: this table burns none (burn_cards in the config's "
                                      "[blackjack] section sets a burn after each new deck)")
        if not state.burn_left or state.phase != BlackjackPhase.BETTING:
            raise BlackjackTableError("no burn card is due: this deck's burn is done (B counts it done before "
                                      "the deck's first deal only)")
        return replace(state, burn_left=0)
    if kind == "set_limits":
        return _set_limits(state, op)
    if kind == "cut":  # the shoe's signal, or O, journaled: the deck ends after this round
        by_hand = op.get("by") == "croupier" and not state.cut_out
        return replace(state, cut_out=True, cut_by_hand=state.round_no if by_hand else None)
    if kind == "uncut":  # the cut card recorded with O by mistake: the deck plays on
        refused = cut_takeback_refusal(state)
        if refused is not None:
            raise BlackjackTableError(refused)
        return replace(state, cut_out=False, cut_by_hand=None)
    raise BlackjackTableError(f"unknown blackjack table operation {kind!r}")
