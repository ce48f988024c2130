"""Blackjack drill: does the dealer hit or stand (soft totals included), and what may the player do?

Each hand is played through :class:`dealer_assist.blackjack.round.Round`
under the table's :class:`HouseRules`: the allowed actions are the round's
``due().allowed``, the dealer's draw is whether the round wants a dealer
card.  Why an action is refused is the round's own refusal (the
:class:`RuleError` naming the rule).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Generator, Optional

from dealer_assist.blackjack.hand import Hand as BjHand
from dealer_assist.blackjack.round import Action, Round
from dealer_assist.blackjack.rules import BlackjackError, HouseRules, RuleError
from dealer_assist.training.case import Case, Choice, Hand, Question
from dealer_assist.training.drill import Called, Drill
from dealer_assist.training.feed import CardFeed, FeedError


def plain(exc: BlackjackError) -> str:
    """The refusal in words, without the rule's internal name (``(rule: double_hard_9_10_11)``),
    which means nothing to a trainee."""
    text = str(exc)
    rule = getattr(exc, "rule", None)
    return text.removesuffix(f" (rule: {rule})") if rule else text

DEALER_CHOICES = (Choice("H", "Hit"), Choice("S", "Stand"))
ACTION_CHOICES = (Choice("H", "hit"), Choice("S", "stand"), Choice("D", "double"), Choice("P", "split"))
_KEY = {Action.HIT: "H", Action.STAND: "S", Action.DOUBLE: "D", Action.SPLIT: "P"}
#: What the drill's player does after an action case, told to the trainee (who deals accordingly).
PLAYS = {Action.HIT: "The player hits", Action.STAND: "The player stands",
         Action.DOUBLE: "The player doubles (one card only)", Action.SPLIT: "The player splits the pair"}

#: Cards one seat's round can take at most in practice (a split, several hits, the dealer's draws).
RESERVE = 20

DEALER_CATEGORIES = ("dealer hard 4-11", "dealer hard 12-16", "dealer hard 17-21", "dealer soft 12-16",
                     "dealer soft 17", "dealer soft 18-21", "all players bust", "only blackjacks left")
ACTION_CATEGORIES = ("pair", "ten-value cards", "soft hand", "hard 9-11", "other two cards",
                     "three or more cards", "split hand")


def dealer_category(dealer: BjHand, live: int, blackjacks_only: bool) -> str:
    if not live:
        return "all players bust"
    if blackjacks_only:
        return "only blackjacks left"
    total = dealer.total
    if dealer.soft:
        return "dealer soft 17" if total == 17 else "dealer soft 12-16" if total < 17 else "dealer soft 18-21"
    return "dealer hard 4-11" if total <= 11 else "dealer hard 12-16" if total < 17 else "dealer hard 17-21"


def action_category(hand: BjHand, allowed: tuple[Action, ...]) -> str:
    if hand.split:
        return "split hand"
    if len(hand.cards) > 2:
        return "three or more cards"
    if Action.SPLIT in allowed:
        return "pair"
    a, b = hand.cards
    if a.blackjack_value == b.blackjack_value == 10:
        return "ten-value cards"
    if hand.soft:
        return "soft hand"
    return "hard 9-11" if hand.total in (9, 10, 11) else "other two cards"


def _cards(cards) -> str:
    return " ".join(c.label for c in cards)


def _called(case: Case, called: Called) -> Optional[str]:
    """The trainee's call on the dealer when it differs from the rules' (None: the table goes by the rules)."""
    given = called[0] if called else None
    return given if given is not None and given != case.answers[0] else None


class BlackjackDealerDrill(Drill):
    name = "blackjack-dealer"
    title = "Blackjack dealer"
    game = "blackjack"
    categories = DEALER_CATEGORIES + ACTION_CATEGORIES
    hard = frozenset({"dealer soft 17", "dealer soft 12-16", "soft hand", "ten-value cards", "split hand",
                      "three or more cards"})

    def __init__(self, rules: Optional[HouseRules] = None) -> None:
        self.rules = rules or HouseRules()

    def deal(self, feed: CardFeed, rng: random.Random, level: int) -> list[Case]:
        return list(self.play(feed, rng, level))

    def play(self, feed: CardFeed, rng: random.Random, level: int) -> Generator[Case, Called, None]:
        """Each case as soon as its cards are out, before the next card is taken.

        The seat's play is the drill's (:meth:`_choose`), so each action case says
        in :attr:`Case.then` what the seat does: a trainee at a real table deals it.
        The dealer's play is the trainee's call when it is sent (an exam, see
        :meth:`Drill.play`): a dealer stood where the rules hit ends the hand there;
        a dealer hit where the rules stand makes it void, since the trainee then
        decides again on a hand the trainer cannot follow.
        """
        rules = self.rules if self.rules.decks >= feed.decks else replace(self.rules, decks=feed.decks)
        feed.new_hand(RESERVE)
        rnd = Round.start(1, rules)
        try:
            while True:
                due = rnd.due()
                if due.kind == "complete":
                    if rnd.dealer_prompt:
                        case = self.dealer_case(rnd, draws=False)
                        if case is not None and _called(case, (yield case)) == "H":
                            raise FeedError("the dealer was called to hit where the rules stand: the trainer "
                                            "cannot tell which cards follow; this hand is void")
                    return
                if due.kind == "action":
                    action = self._choose(rnd.seat_hands(due.seat)[due.hand], due.allowed, rng)
                    yield replace(self.action_case(rnd), then=PLAYS[action])
                    rnd = rnd.act(due.seat, action)
                    continue
                if due.to_dealer and rnd.dealer_prompt:
                    case = self.dealer_case(rnd, draws=True)
                    if case is not None and _called(case, (yield case)) == "S":
                        return  # the dealer stood as called: the trainee deals the next hand
                rnd = rnd.deal(feed.next_card())
        except RuleError as exc:
            raise FeedError(f"hand void: {plain(exc)}") from None

    @staticmethod
    def _choose(hand: BjHand, allowed: tuple[Action, ...], rng: random.Random) -> Action:
        """A plausible player, so that hands reach splits, doubles and three-card totals."""
        if Action.SPLIT in allowed and rng.random() < 0.6:
            return Action.SPLIT
        if Action.DOUBLE in allowed and rng.random() < 0.5:
            return Action.DOUBLE
        if hand.total >= 17 or (hand.total >= 12 and rng.random() < 0.5):
            return Action.STAND
        return Action.HIT

    def dealer_case(self, rnd: Round, draws: bool) -> Optional[Case]:
        """Hit or stand for the dealer's hand as it is now; None when it teaches nothing (one card, or bust)."""
        dealer = rnd.dealer
        live = [h for _, _, h in rnd.all_hands() if not h.bust]
        blackjacks_only = bool(live) and all(h.blackjack for h in live)
        if dealer.bust or (len(dealer.cards) < 2 and live and not blackjacks_only):
            return None
        cat = dealer_category(dealer, len(live), blackjacks_only)
        rule = rnd.rules.describe()[1]
        if cat == "all players bust":
            why = "Every player hand is bust: the dealer does not draw"
        elif cat == "only blackjacks left":
            why = ("Only blackjacks are left: the dealer draws one card, and only with an ace or a 10 up, "
                   "to see whether it makes a blackjack")
        else:
            why = f"Dealer {dealer.describe_total()}. The dealer draws on 16 or less; {rule}"
        # The verdict is the round's (does it want another dealer card?), not a rule of this module.
        verdict = "the dealer draws" if draws else "the dealer stands"
        seats = tuple(Hand(f"Seat {s}" + (f" hand {i + 1}" if len(rnd.seat_hands(s)) > 1 else ""), h.cards,
                           h.describe_total()) for s, i, h in rnd.all_hands())
        return Case(
            drill="blackjack-dealer", category=cat, title="Dealer: hit or stand?",
            hands=(Hand("Dealer", dealer.cards),) + seats,
            context=(f"House rule: {rule}",),
            questions=(Question("dealer", "Dealer", "choice", "H" if draws else "S", DEALER_CHOICES),),
            explanation=f"{why}: {verdict}.",
            deals=(("H", "Deal the dealer's next card"), ("S", "Deal the next hand (this one is over)")),
            summary=f"dealer {_cards(dealer.cards)} ({dealer.describe_total()})",
        )

    def action_case(self, rnd: Round) -> Case:
        """Which actions the house rules allow for the hand that must decide."""
        due = rnd.due()
        seat_hands = rnd.seat_hands(due.seat)
        hand = seat_hands[due.hand]
        answer = "".join(_KEY[a] for a in Action if a in due.allowed)
        refused = []
        for action in Action:
            if action not in due.allowed:
                try:
                    rnd.act(due.seat, action)
                except BlackjackError as exc:
                    refused.append(plain(exc))
        allowed_words = ", ".join(a.value for a in Action if a in due.allowed)
        # Why the allowed double and split apply: a trainee who left one out was told only why others
        # were refused, never the rule missed (qaP L4).  Whether they are allowed is the round's answer.
        rules = rnd.rules.describe()
        reasons = []
        if Action.DOUBLE in due.allowed:
            reasons.append(f"Double allowed: a hard {hand.total} with the first two cards"
                           + (f", on a split hand ({rules[7]})" if hand.split else "") + f" (house rule: {rules[6]})")
        if Action.SPLIT in due.allowed:
            a, b = hand.cards
            pair = "two cards of the same rank" if a.rank == b.rank else "two 10-value cards"
            reasons.append(f"Split allowed: {pair} (house rule: {rules[4]})")
        why = f"Allowed: {allowed_words}." + "".join(" " + r + "." for r in reasons) + ("" if not refused else " " + " ".join(
            r[0].upper() + r[1:] + "." for r in refused))
        name = "Seat 1" + (f" hand {due.hand + 1}" if len(seat_hands) > 1 else "")
        others = tuple(Hand(f"Seat 1 hand {i + 1}", h.cards, h.describe_total())
                       for i, h in enumerate(seat_hands) if i != due.hand)
        return Case(
            drill="blackjack-dealer", category=action_category(hand, due.allowed),
            title="Which actions may the player take?",
            hands=(Hand("Dealer", rnd.dealer.cards), Hand(name, hand.cards, "to decide")) + others,
            context=tuple(f"House rule: {line}" for line in rnd.rules.describe()[4:8]),
            questions=(Question("actions", f"{name} ({hand.describe_total()}) may", "choices", answer,
                                ACTION_CHOICES),),
            explanation=why,
            summary=f"{name} {_cards(hand.cards)} against dealer {_cards(rnd.dealer.cards)}",
        )
