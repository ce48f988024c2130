"""One round of blackjack as an immutable value, in the spirit of python-chess's board.

``round.deal(card)`` and ``round.act(seat, action)`` return a new round and
never change the old one, so a refused card or action (a :class:`RuleError`
naming the rule) leaves the caller holding a round that is still valid, and
``undo()`` is simply the round before.

Table order is seed 002's: the first card to every seat (first seat first)
and then to the bank, the second card to the seats only; each seat then plays
its hands in turn, cards going to the active hand; the dealer draws last
(no hole card, so a dealer blackjack is only known at the end).  A layout
camera names the box each card lies in: a card read in the box of a later
place of the deal (seat 3's first card before seat 1's) takes that place, as
baccarat's zones place a card turned out of draw order; a box with no place
open refuses it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Iterator, Optional, Union

from dealer_assist.blackjack.hand import Hand
from dealer_assist.blackjack.rules import BlackjackError, HouseRules, RuleError
from dealer_assist.cards import Card, parse_card


class Action(str, Enum):
    """What the croupier enters for the player of the active hand."""

    HIT = "hit"
    STAND = "stand"
    DOUBLE = "double"
    SPLIT = "split"


class Phase(str, Enum):
    """Where a round is: the deal, the seats' decisions, the dealer's cards, or complete (ready to settle)."""

    DEAL = "deal"          # the first two cards to the seats, one to the dealer
    PLAY = "play"          # the seats' decisions and their cards
    DEALER = "dealer"      # the dealer's cards
    COMPLETE = "complete"  # nothing more is due; ready to settle


class InvalidActionError(BlackjackError):
    """Text that is not one of the four actions; the message names it."""

    def __init__(self, text: object) -> None:
        self.text = text
        super().__init__(f"unknown action {text!r} (actions: hit, stand, double, split)")


class NothingToUndoError(BlackjackError):
    """A void asked of a round with nothing entered: there is no last card or action to take back."""

    def __init__(self) -> None:
        super().__init__("nothing to void: no card or action has been entered in this round")


def parse_action(text: object) -> Action:
    """Read an action as typed or sent (any case, spaces trimmed); raise :class:`InvalidActionError` naming it."""
    if isinstance(text, Action):
        return text
    try:
        return Action(str(text).strip().lower())
    except ValueError:
        raise InvalidActionError(text) from None


#: Where a card is due, or which hand must decide; ``seat`` None means the dealer.
@dataclass(frozen=True)
class Due:
    """What the round waits for next.

    ``kind`` is ``"card"`` (for ``seat``/``hand``, or for the dealer when
    ``seat`` is None), ``"action"`` (``allowed`` lists the actions the rules
    permit for that hand) or ``"complete"``.
    """

    kind: str
    seat: Optional[int] = None
    hand: Optional[int] = None
    allowed: tuple[Action, ...] = ()
    #: How many hands the seat has (2 after a split), so that messages name the hand only then.
    hands: int = field(default=1, compare=False)

    @property
    def to_dealer(self) -> bool:
        """True when the card due goes to the dealer."""
        return self.kind == "card" and self.seat is None

    def describe(self) -> str:
        """What is due in the croupier's words (``a card for seat 2``), for prompts and refusals.

        The hand is named only when the seat has two (after a split).
        """
        if self.kind == "complete":
            return "the round is complete"
        if self.to_dealer:
            return "a card for the dealer"
        where = f"seat {self.seat}" + (f" hand {self.hand + 1}" if self.hands > 1 else "")
        if self.kind == "card":
            return f"a card for {where}"
        return f"a decision for {where} ({', '.join(a.value for a in self.allowed)})"


@dataclass(frozen=True)
class Step:
    """What produced a round from the one before: a card and where it went, or an action."""

    seat: Optional[int]
    hand: Optional[int]
    card: Optional[Card] = None
    action: Optional[Action] = None

    def describe(self) -> str:
        """The step in words (``TH to seat 2``, ``seat 1 split``), for the round's history."""
        who = "dealer" if self.seat is None else f"seat {self.seat}" + (f" hand {self.hand + 1}" if self.hand else "")
        return f"{self.card.code} to {who}" if self.card else f"{who} {self.action.value}"


Target = Union[int, str, None]


@dataclass(frozen=True)
class Round:
    """The cards and decisions of one round at a table of ``seat_count`` seats (numbered from 1).

    Build it with :meth:`start`.  Equality compares the table, not the history.
    """

    seat_count: int
    rules: HouseRules = field(default_factory=HouseRules)
    hands: tuple[tuple[Hand, ...], ...] = ()
    dealer: Hand = field(default_factory=Hand)
    step: Optional[Step] = field(default=None, compare=False)
    previous: Optional["Round"] = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        seats, most = self.seat_count, self.rules.max_seats
        if isinstance(seats, bool) or not isinstance(seats, int) or not 1 <= seats <= most:
            raise BlackjackError(f"invalid number of seats {seats!r}: this table has 1 to {most} seats")
        if not self.hands:
            object.__setattr__(self, "hands", tuple((Hand(),) for _ in range(seats)))
        elif len(self.hands) != seats:
            raise BlackjackError(f"{len(self.hands)} seats of hands given for a round of {seats} seats")

    @classmethod
    def start(cls, seats: int, rules: Optional[HouseRules] = None) -> "Round":
        """A new round: nothing dealt yet, the first card due to seat 1."""
        return cls(seat_count=seats, rules=rules or HouseRules())

    # ----------------------------------------------------------------- reading

    def seat_hands(self, seat: int) -> tuple[Hand, ...]:
        """The hands of ``seat`` (numbered from 1): one, or two after a split."""
        return self.hands[seat - 1]

    def all_hands(self) -> Iterator[tuple[int, int, Hand]]:
        """``(seat, hand index, hand)`` in playing order."""
        for s, hands in enumerate(self.hands, start=1):
            for i, hand in enumerate(hands):
                yield s, i, hand

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the round in the order it was dealt."""
        return tuple(s.card for s in self.history if s.card is not None)

    @property
    def history(self) -> tuple[Step, ...]:
        """Every card and action since :meth:`start`, oldest first, read back through the previous rounds."""
        steps = []
        r: Optional[Round] = self
        while r is not None and r.step is not None:
            steps.append(r.step)
            r = r.previous
        return tuple(reversed(steps))

    @property
    def phase(self) -> Phase:
        """The round's :class:`Phase`, worked out from what is due."""
        due = self.due()
        if due.kind == "complete":
            return Phase.COMPLETE
        if self._initial_due() is not None:
            return Phase.DEAL
        return Phase.DEALER if due.to_dealer else Phase.PLAY

    @property
    def complete(self) -> bool:
        """True when nothing more is due: the round is ready to settle."""
        return self.due().kind == "complete"

    def due(self) -> Due:
        """What comes next: a card (for whom), a decision (with the allowed actions), or nothing."""
        initial = self._initial_due()
        if initial is not None:
            return initial
        for seat, index, hand in self.all_hands():
            if hand.finished:
                continue
            count = len(self.hands[seat - 1])
            if hand.needs_card:
                return Due("card", seat, index, hands=count)
            return Due("action", seat, index, self._allowed(seat, hand), hands=count)
        if self._dealer_draws():
            return Due("card")
        return Due("complete")

    def _initial_due(self) -> Optional[Due]:
        for seat, hands in enumerate(self.hands, start=1):
            if not hands[0].cards:
                return Due("card", seat, 0)
        if not self.dealer.cards:
            return Due("card")
        for seat, hands in enumerate(self.hands, start=1):
            if len(hands) == 1 and len(hands[0].cards) == 1:
                return Due("card", seat, 0)
        return None

    def _dealer_draws(self) -> bool:
        """Whether the dealer takes another card once every seat has finished.

        Nobody left to beat: the dealer does not draw.  Only blackjacks left: the
        dealer draws one card, and only if the up card can make a blackjack.
        """
        live = [h for _, _, h in self.all_hands() if not h.bust]
        if not live:
            return False
        if all(h.blackjack for h in live):
            return len(self.dealer.cards) == 1 and self.dealer.hard_total in (1, 10)
        total = self.dealer.total
        if total < 17:
            return True
        return total == 17 and self.dealer.soft and self.rules.hits_soft_17

    @property
    def dealer_prompt(self) -> Optional[str]:
        """What the display tells the croupier about the dealer's hand, once it is the dealer's turn."""
        due = self.due()
        dealers_turn = due.to_dealer and self._initial_due() is None
        if due.kind != "complete" and not dealers_turn:
            return None
        live = [h for _, _, h in self.all_hands() if not h.bust]
        dealer = self.dealer
        if not live:
            return "ALL PLAYERS BUST: DEALER DOES NOT DRAW"
        if all(h.blackjack for h in live):
            if due.to_dealer:
                return "DEALER DRAWS ONE CARD (blackjack check)"
            return "DEALER BLACKJACK" if dealer.blackjack else "NO DEALER BLACKJACK"
        if due.to_dealer:
            return f"DEALER DRAWS ({dealer.describe_total()})"
        if dealer.blackjack:
            return "DEALER BLACKJACK"
        if dealer.bust:
            return f"DEALER BUSTS ({dealer.total})"
        return f"DEALER STANDS ({dealer.describe_total()})"

    # ---------------------------------------------------------------- changing

    def deal(self, card: Union[Card, str], to: Target = None) -> "Round":
        """The next card from the shoe; it goes where it is due.

        ``to`` (a seat number or ``"dealer"``) is for sources that see where a
        card was laid, e.g. a camera over the layout: a card laid in the box of a
        later place of the deal goes to that place (qaY Y1: seat 3's first card
        comes to rest, and is read, before seat 1's); a card laid where no place
        is open now is refused.
        """
        card = parse_card(card)
        due = self.due()
        if due.kind == "complete":
            raise RuleError("card_not_due", f"card {card.code} refused: the round is complete and no card is due "
                                            "(void the card, or start the next round)")
        if due.kind == "action":
            raise RuleError("card_not_due", f"card {card.code} refused: {due.describe()} comes first "
                                            "(enter the player's decision, then the card)")
        seat, hand = due.seat, due.hand
        if to is not None:
            wanted = "dealer" if due.seat is None else due.seat
            given = given_position(to)
            if given != wanted:
                place = self._deal_place(given)
                if place is None:
                    raise RuleError("deal_order", f"card {card.code} refused: it was laid at {_where(to)}, which "
                                                  f"has no place for a card now: {due.describe()} is due")
                seat, hand = place
        self._check_composition(card)
        step = Step(seat, hand, card=card)
        if seat is None:
            return replace(self, dealer=self.dealer.with_card(card), step=step, previous=self)
        assert hand is not None
        return self._with_hand(seat, hand, self.hands[seat - 1][hand].with_card(card), step)

    def _deal_place(self, box: Union[int, str, None]) -> Optional[tuple[Optional[int], Optional[int]]]:
        """The place of the deal still open in ``box`` (a round seat or ``"dealer"``) as ``(seat, hand)``
        (the dealer's: ``(None, None)``), while the deal is dealt; None when that box takes no card now.
        The place due is the deal's first open one, so any other open place is a later one."""
        if self._initial_due() is None:
            return None
        if box == "dealer":
            return None if self.dealer.cards else (None, None)
        if isinstance(box, int) and not isinstance(box, bool) and 1 <= box <= self.seat_count:
            hands = self.hands[box - 1]
            if len(hands) == 1 and len(hands[0].cards) < 2:
                return box, 0
        return None

    def act(self, seat: int, action: Union[Action, str], hand: Optional[int] = None) -> "Round":
        """The decision for the active hand of ``seat``; refused with the rule's name when not allowed."""
        action = parse_action(action)
        due = self.due()
        if due.kind != "action":
            what = "the round is complete" if due.kind == "complete" else f"{due.describe()} is due"
            raise RuleError("no_decision_due", f"{action.value} for seat {seat} refused: {what}")
        if seat != due.seat or (hand is not None and hand != due.hand):
            raise RuleError("seat_order", f"{action.value} for seat {seat} refused: it is {due.describe()}; "
                                          "seats play in turn, first seat first")
        current = self.hands[seat - 1][due.hand]
        if action not in due.allowed:
            raise self._refusal(seat, current, action)
        step = Step(seat, due.hand, action=action)
        if action is Action.HIT:
            return self._with_hand(seat, due.hand, replace(current, drawing=True), step)
        if action is Action.STAND:
            return self._with_hand(seat, due.hand, replace(current, stood=True), step)
        if action is Action.DOUBLE:
            return self._with_hand(seat, due.hand, replace(current, doubled=True, drawing=True), step)
        first, second = current.cards
        split = (Hand((first,), split=True), Hand((second,), split=True))
        seats = list(self.hands)
        seats[seat - 1] = split
        return replace(self, hands=tuple(seats), step=step, previous=self)

    def undo(self) -> "Round":
        """The round before the last card or action (voiding it)."""
        if self.previous is None:
            raise NothingToUndoError()
        return self.previous

    # ----------------------------------------------------------------- helpers

    def _with_hand(self, seat: int, index: int, hand: Hand, step: Step) -> "Round":
        seats = list(self.hands)
        hands = list(seats[seat - 1])
        hands[index] = hand
        seats[seat - 1] = tuple(hands)
        return replace(self, hands=tuple(seats), step=step, previous=self)

    def _check_composition(self, card: Card) -> None:
        """A card seen more often than the shoe holds it is an alarm, never silently accepted."""
        held = [c for _, _, h in self.all_hands() for c in h.cards] + list(self.dealer.cards)
        decks = self.rules.decks
        same_rank = sum(c.rank == card.rank for c in held)
        if card.suit is not None and sum(c == card for c in held) >= decks:
            raise RuleError("deck_composition", f"card {card.code} refused: this round already has "
                                                f"{_copies(decks, card.code)}, all that {_decks(decks)}; "
                                                "check the reader and the deck, then enter the card really dealt")
        if same_rank >= 4 * decks:
            raise RuleError("deck_composition", f"card {card.code} refused: this round already has "
                                                f"{_copies(4 * decks, 'card')} of rank {card.rank}, all that "
                                                f"{_decks(decks)}; check the reader and the deck")

    def _allowed(self, seat: int, hand: Hand) -> tuple[Action, ...]:
        allowed = [Action.HIT, Action.STAND]
        if self._double_refusal(hand) is None:
            allowed.append(Action.DOUBLE)
        if self._split_refusal(seat, hand) is None:
            allowed.append(Action.SPLIT)
        return tuple(allowed)

    def _double_refusal(self, hand: Hand) -> Optional[RuleError]:
        if not self.rules.double_totals:  # a house that allows no double (rev14: this crashed the first decision)
            return RuleError("no_double", "double refused: this table allows no doubling")
        totals = _or_list(sorted(self.rules.double_totals))
        if hand.split and not self.rules.double_after_split:
            return RuleError("no_double_after_split", "double refused: no doubling after a split at this table")
        if len(hand.cards) != 2:
            return RuleError("double_first_two_cards",
                             f"double refused: only on the first two cards, this hand has {len(hand.cards)}")
        if hand.soft or hand.total not in self.rules.double_totals:
            return RuleError("double_hard_9_10_11",
                             f"double refused: only on a hard {totals}; this hand is {hand.describe_total()}")
        return None

    def _split_refusal(self, seat: int, hand: Hand) -> Optional[RuleError]:
        if len(self.hands[seat - 1]) > 1:
            return RuleError("split_once", "split refused: a player may split only once")
        if len(hand.cards) != 2:
            return RuleError("split_first_two_cards",
                             f"split refused: only the first two cards can be split, this hand has {len(hand.cards)}")
        a, b = hand.cards
        if a.rank == b.rank:
            return None
        if self.rules.split_any_tens and a.blackjack_value == b.blackjack_value == 10:
            return None
        if self.rules.split_any_tens:
            return RuleError("split_equal_value",
                             f"split refused: {a.label} and {b.label} are neither the same rank nor two 10-value cards")
        return RuleError("split_equal_rank",
                         f"split refused: {a.label} and {b.label} are not the same rank (K-K splits, K-Q does not)")

    def _refusal(self, seat: int, hand: Hand, action: Action) -> RuleError:
        if action is Action.DOUBLE:
            found = self._double_refusal(hand)
        elif action is Action.SPLIT:
            found = self._split_refusal(seat, hand)
        else:
            found = None
        return found or RuleError("action_not_allowed", f"{action.value} refused for seat {seat}")


def _or_list(items: list[int]) -> str:
    words = [str(i) for i in items]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def given_position(to: Target) -> Union[int, str, None]:
    """A zone as a source names it (``2``, ``"seat 2"``, ``"dealer"``) as the round numbers it."""
    if isinstance(to, str):
        text = to.strip().lower()
        if text in ("dealer", "bank"):
            return "dealer"
        text = text.removeprefix("seat").strip()
        return int(text) if text.isdigit() else to
    return to


def _where(to: Target) -> str:
    given = given_position(to)
    return "the dealer" if given == "dealer" else f"seat {given}"


def _copies(n: int, what: str) -> str:
    return f"{n} {what}" + ("" if n == 1 else "s")


def _decks(n: int) -> str:
    return "1 deck holds" if n == 1 else f"{n} decks hold"
