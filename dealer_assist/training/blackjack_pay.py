"""Blackjack settlements for the payouts drill: doubles, splits, ties and a dealer blackjack.

The drill had asked one blackjack case only, a seat's blackjack paid 3:2 (qaP F10), while what this
table's rules make hard to pay is elsewhere: a doubled stake, split hands settled each on its own, a
tie that the bank wins (the seed: "the bank wins"; house option: push), a dealer blackjack that takes
doubled and split stakes (the European rule) or the original bet only (house option).  Each hand is
asked twice: what to pay (winnings, the stake not included) and what to take from it; a push is 0
and 0, a lost doubled stake is taken whole, and against a dealer blackjack under "original bet only"
the croupier takes one original stake and gives the rest back.

The round is played through :class:`dealer_assist.blackjack.round.Round` from a shuffled deck whose
first cards the case kind chooses (a pair to split, a hard 9-11 to double, a dealer ace and ten), and
the amounts are those of :func:`dealer_assist.blackjack.settlement.settle`: no rule is copied here.
"""

from __future__ import annotations

import random
from decimal import Decimal
from typing import Callable, Optional

from dealer_assist.blackjack.round import Action, Round
from dealer_assist.blackjack.rules import HouseRules
from dealer_assist.blackjack.settlement import HandSettlement, settle
from dealer_assist.cards import RANKS, SUITS, Card
from dealer_assist.money import fmt
from dealer_assist.training.case import Case, Hand, Question

#: The kinds of case, each a settlement a croupier gets wrong.
KINDS = ("double", "split", "tie", "dealer blackjack")
#: Rounds played looking for a case of the kind before giving up on it (a tie comes about one round in fifteen).
TRIES = 150


def category_names(rules: HouseRules) -> dict[str, str]:
    """The rules a settlement is filed under at a table with ``rules``."""
    return {
        "double": "blackjack: doubled stake",
        "split": "blackjack: split hands",
        "tie": "blackjack: ties push" if rules.ties_push else "blackjack: ties, the bank wins",
        "dealer blackjack": ("blackjack: dealer blackjack takes all" if rules.dealer_blackjack_takes_all
                             else "blackjack: dealer blackjack, original bet only"),
        "even money": "blackjack: even money",
    }


def _value(card: Card) -> int:
    return card.blackjack_value


class _Deck:
    """One shuffled deck from which a case takes the cards it wants first, then the rest in order."""

    def __init__(self, rng: random.Random) -> None:
        self.cards = [Card(r, s) for s in SUITS for r in RANKS]
        rng.shuffle(self.cards)

    def take(self, wanted: Callable[[Card], bool] = lambda c: True) -> Card:
        card = next(c for c in self.cards if wanted(c))
        self.cards.remove(card)
        return card


def _double_totals(rules: HouseRules) -> list[int]:
    """The allowed doubles two different cards 2-10 can make (a table that doubles only on 20, or never,
    has none: rev14, its drill crashed drawing one)."""
    return sorted(t for t in rules.double_totals if 5 <= t <= 19)


def kinds(rules: HouseRules) -> tuple[str, ...]:
    """The case kinds these house rules can deal: no doubled stake where no double can be made."""
    return KINDS if _double_totals(rules) else tuple(k for k in KINDS if k != "double")


def _opening(kind: str, rules: HouseRules, rng: random.Random, deck: _Deck) -> list[Card]:
    """The seat's first two cards for ``kind``: a pair to split, a hard total to double, else as dealt."""
    if kind == "split":
        rank = rng.choice([r for r in RANKS if r != "A"] * 3 + ["A"])
        return [deck.take(lambda c: c.rank == rank), deck.take(lambda c: c.rank == rank)]
    if kind == "double":
        total = rng.choice(_double_totals(rules))
        pairs = [(a, total - a) for a in range(2, 10) if 2 <= total - a <= 10 and a != total - a]
        a, b = rng.choice(pairs)
        return [deck.take(lambda c: _value(c) == a and c.rank != "A"), deck.take(lambda c: _value(c) == b)]
    return [deck.take(), deck.take()]


def _player(hand, allowed: tuple[Action, ...], first: Optional[Action], rng: random.Random) -> Action:
    """The seat's play: the case's first action when allowed, then a plain player who stands on 17."""
    if first is not None and first in allowed:
        return first
    if Action.DOUBLE in allowed and rng.random() < 0.3:
        return Action.DOUBLE
    return Action.STAND if hand.total >= 17 or (hand.total >= 13 and rng.random() < 0.4) else Action.HIT


def play(kind: str, rules: HouseRules, rng: random.Random) -> Round:
    """One seat's round for ``kind`` (it may come out otherwise: :func:`kind_of` says what it is)."""
    deck = _Deck(rng)
    start = kind if kind != "dealer blackjack" else rng.choice(("double", "split") if _double_totals(rules)
                                                             else ("split",))
    seat = _opening(start, rules, rng, deck)
    dealer: list[Card] = []
    if kind == "dealer blackjack":
        up = deck.take(lambda c: _value(c) in (1, 10))
        dealer = [up, deck.take(lambda c: _value(c) == (10 if _value(up) == 1 else 1))]
    first = {"double": Action.DOUBLE, "split": Action.SPLIT}.get(start)
    rnd = Round.start(1, rules)
    while True:
        due = rnd.due()
        if due.kind == "complete":
            return rnd
        if due.kind == "action":
            hand = rnd.seat_hands(1)[due.hand]
            opening = first if len(rnd.seat_hands(1)) == 1 and len(hand.cards) == 2 else None
            rnd = rnd.act(1, _player(hand, due.allowed, opening, rng))
        elif due.to_dealer:
            rnd = rnd.deal(dealer.pop(0) if dealer else deck.take())
        else:
            rnd = rnd.deal(seat.pop(0) if seat else deck.take())


def _hand_kind(line: HandSettlement, rnd: Round) -> str:
    hands = rnd.seat_hands(line.seat)
    hand = hands[line.hand]
    if line.reason.startswith("dealer blackjack"):
        return "dealer blackjack"
    if line.reason.startswith("tie at"):
        return "tie"
    if len(hands) > 1:
        return "split"
    if hand.doubled:
        return "double"
    return "even money"


def kind_of(rnd: Round) -> str:
    """What a played round teaches, the rarest settlement first."""
    kinds = {_hand_kind(line, rnd) for line in settle(rnd, {1: Decimal(1)}).hands}
    return next((k for k in KINDS[::-1] if k in kinds), "even money")


def case(rules: HouseRules, rng: random.Random, stake: Decimal, kind: str, blackjack_category: str) -> Optional[Case]:
    """A settlement case of ``kind`` (None when :data:`TRIES` rounds brought none: the caller deals another)."""
    names = category_names(rules)
    for _ in range(TRIES):
        rnd = play(kind, rules, rng)
        if kind_of(rnd) == kind:
            return _case(rnd, rules, stake, names, blackjack_category)
    return None


def _case(rnd: Round, rules: HouseRules, stake: Decimal, names: dict[str, str], blackjack_category: str) -> Case:
    settlement = settle(rnd, {1: stake})
    hands = rnd.seat_hands(1)
    dealer = rnd.dealer
    shown, questions, why = [], [], []
    for line in settlement.hands:
        hand = hands[line.hand]
        name = "Seat 1" + (f" hand {line.hand + 1}" if len(hands) > 1 else "")
        note = hand.describe_total() + (", doubled" if hand.doubled else "")
        shown.append(Hand(name, hand.cards, note))
        kind = _hand_kind(line, rnd)
        rule = blackjack_category if hand.blackjack and kind == "even money" else names[kind]
        staked = (f"{fmt(stake)} doubled = {fmt(line.stake)}" if hand.doubled else fmt(line.stake))
        bet = f"{name} {fmt(stake)}" + (" doubled" if hand.doubled else "")
        questions.append(Question(f"hand {line.hand + 1} pay", f"{bet}: pay", "amount", fmt(line.pays), category=rule))
        questions.append(Question(f"hand {line.hand + 1} take", f"{bet}: take", "amount", fmt(line.taken),
                                  category=rule))
        back = line.returns - line.pays if line.result.value != "win" else line.stake
        why.append(f"{name} {' '.join(c.label for c in hand.cards)} ({note}), stake {staked}: {line.reason}: "
                   f"pay {fmt(line.pays)}, take {fmt(line.taken)}"
                   + (f", the stake of {fmt(back)} stays" if back and line.result.value != "lose" else "")
                   + (f", {fmt(back)} of it goes back" if back and line.result.value == "lose" else ""))
    kinds = {_hand_kind(line, rnd) for line in settlement.hands}
    kind = next((k for k in KINDS[::-1] if k in kinds), "even money")
    described = rules.describe()
    return Case(
        drill="payouts", category=names[kind], title="Blackjack: what do you pay, what do you take?",
        hands=(Hand("Dealer", dealer.cards, dealer.describe_total()),) + tuple(shown),
        context=(f"House rule: {described[2]}", f"House rule: {described[3]}", f"House rule: {described[-1]}",
                 f"Seat 1: {fmt(stake)}" + (", split: each hand stakes it" if len(hands) > 1 else "")),
        questions=tuple(questions),
        explanation="\n".join(line + "." for line in why),
        summary=f"blackjack: seat 1 {' / '.join(h.describe_total() for h in hands)} against dealer "
                f"{dealer.describe_total()}, {fmt(stake)}",
    )
