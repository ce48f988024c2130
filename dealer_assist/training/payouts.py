"""Payout drill: a settled round with bets; what to pay on each bet, and the commission kept.

A case's category (what the summary's mistakes, ``--progress`` and level 3's weak spots name) is
worded from the table's own paytable: "pairs 5:1" at a table paying 5 to 1, "banker 1:1 (no
commission)" at an EZ or Super 6 table, and the commission-free tables' own rules (an EZ three-card
7's push, a Super 6 half pay) are categories of their own, since they are what a trainee there
must learn.  At the default table the names are those stored before (``banker commission``,
``pairs 11:1``, ``blackjack 3:2``), so older progress files keep counting.  Each amount asked is
filed under its own bet's rule (:func:`line_category`): a wrong Big amount in a case won by the
Banker is a ``big 0.54`` miss, not a ``banker commission`` one, which it had counted as (qaP F9).

The amounts come from the settlement of the rules core
(:func:`dealer_assist.baccarat.settlement.settle`, and for a blackjack the
blackjack settlement), so they are right to the penny by the seed's rule:
winnings rounded down.  A wrong amount is answered with the arithmetic.
Level 1 uses round stakes (multiples of 5); higher levels use odd stakes
such as 10.05 or 13.30, where commission and 0.54 are missed most.
"""

from __future__ import annotations

import random
from decimal import Decimal
from fractions import Fraction

from dealer_assist.baccarat.paytable import STANDARD, Bet, Paytable
from dealer_assist.baccarat.round import BaccaratRound, Outcome
from dealer_assist.baccarat.settlement import BetResult, Wager, bet_result, settle
from dealer_assist.blackjack.round import Round
from dealer_assist.blackjack.rules import HouseRules
from dealer_assist.blackjack.settlement import settle as settle_blackjack
from dealer_assist.cards import RANKS, SUITS, Card
from dealer_assist.money import fmt
from dealer_assist.training import blackjack_pay
from dealer_assist.training.case import Case, Hand, Question
from dealer_assist.training.drill import Drill
from dealer_assist.training.feed import CardFeed

ROUND_STAKES = tuple(Decimal(v) for v in ("5", "10", "15", "20", "25", "50", "100"))
SIDE_BETS = (Bet.TIE, Bet.PLAYER_PAIR, Bet.BANKER_PAIR, Bet.BIG, Bet.SMALL)

#: The rule a "Commission kept" answer is filed under when no Banker bet won at a commission table: taking
#: commission there is its own mistake, not the winning Player or pair bet's (qaS F5).  It is not one of the
#: drill's :attr:`~PayoutDrill.categories` (level 2 and 3 target those): about half the baccarat cases ask it.
NO_COMMISSION = "commission: none unless a Banker bet wins"

#: The winning bet that decides a case's category, most arithmetic first.
_PRIORITY = (Bet.BANKER, Bet.BIG, Bet.SMALL, Bet.PLAYER_PAIR, Bet.BANKER_PAIR, Bet.TIE, Bet.PLAYER)


def stake(rng: random.Random, level: int, side: bool = False) -> Decimal:
    """A stake for the level: round at level 1, odd (whole or with cents) above."""
    if level <= 1:
        return rng.choice(ROUND_STAKES[:4] if side else ROUND_STAKES)
    top = 5000 if side else 30000
    cents = rng.randint(100, top)
    if rng.random() < 0.4:
        cents -= cents % 100  # an odd whole amount like 13.00
    return (Decimal(cents) / 100).quantize(Decimal("0.01"))


def _ratio_words(ratio: Decimal) -> str:
    return str(ratio.normalize()) if ratio != ratio.to_integral_value() else str(int(ratio))


def odds_words(ratio: Decimal) -> str:
    """``1.5`` as ``3:2``, ``1.2`` as ``6:5``, ``11`` as ``11:1``: how a table states its payout."""
    odds = Fraction(ratio).limit_denominator(100)
    return f"{odds.numerator}:{odds.denominator}"


def _bet_line(wager: Wager) -> str:
    """A bet as the case lists it beside the cards, ``Seat 1: Banker 15.00``."""
    return f"Seat {wager.seat}: {wager.bet.label} {fmt(wager.stake)}"


def explain_line(line: BetResult, outcome: Outcome, paytable: Paytable) -> str:
    """One bet's payout in words, with the multiplication and the rounding.

    A push or a half pay that only a commission-free table's rule makes says that rule: "pushes: the
    stake stays" alone did not tell an EZ trainee why a winning Banker bet was not paid (qaJ).
    """
    head = f"Seat {line.seat} {line.bet.label} {fmt(line.stake)}"
    if line.result == "lose":
        if outcome.winner == "tie" and line.bet in (Bet.PLAYER, Bet.BANKER):
            return f"{head} loses: a tie takes Player and Banker bets at this table (house rule): take it, pay 0"
        return f"{head} loses: take it, pay 0"
    if line.seven_push:
        return (f"{head} pushes: Banker wins with a three-card 7, which pushes at this table (EZ rule): "
                "the stake stays, pay 0")
    if line.result == "push":
        return f"{head} pushes: the stake stays, pay 0"
    _, ratio = bet_result(line.bet, outcome, paytable)
    rate = (f"wins with 6: Super 6 rule, a Banker win with 6 pays {_ratio_words(ratio)} to 1" if line.half_pay
            else f"wins at {_ratio_words(ratio)} to 1")
    if ratio == 1:
        return f"{head} {rate}: pay {fmt(line.pays)}"
    exact = line.stake * ratio
    text = f"{head} {rate}: {fmt(line.stake)} x {_ratio_words(ratio)} = {exact.normalize():f}"
    if exact != line.pays:
        text += f", rounded down to the penny: pay {fmt(line.pays)}"
    else:
        text += f": pay {fmt(line.pays)}"
    if line.commission:
        text += f"; commission kept {fmt(line.stake)} - {fmt(line.pays)} = {fmt(line.commission)}"
    return text


def house_lines(paytable: Paytable) -> tuple[str, ...]:
    """How ``paytable`` differs from seed 003's table, in words: each payout case at such a table says it,
    since an answer right at one table (Banker 0.95 to 1) is wrong at another (EZ: 1 to 1)."""
    lines = []
    for bet in Bet:
        if paytable.ratio(bet) != STANDARD.ratio(bet):
            free = " (no commission)" if bet is Bet.BANKER and paytable.banker == 1 else ""
            lines.append(f"{bet.label} pays {_ratio_words(paytable.ratio(bet))} to 1{free}")
    if paytable.banker_three_card_seven_pushes:
        lines.append("a Banker win with a three-card 7 pushes")
    if paytable.banker_six_pays is not None:
        lines.append(f"a Banker win with 6 pays {_ratio_words(paytable.banker_six_pays)} to 1")
    if paytable.tie_pushes != STANDARD.tie_pushes:
        lines.append("Player and Banker bets " + ("push" if paytable.tie_pushes else "lose") + " on a tie")
    if paytable.pair_by != STANDARD.pair_by:
        lines.append(f"pairs by {paytable.pair_by}" + (" (K-Q is a pair)" if paytable.pair_by == "value" else ""))
    return tuple(f"House rule: {line}" for line in lines)


#: The rule of one losing bet's amount: it pays 0.
LOSING_BET = "losing bet: pays 0"


def category_names(paytable: Paytable) -> dict[object, str]:
    """The category of a case won by each bet (and of its rule cases) at a table with ``paytable``.

    Keys: a :class:`Bet`, ``"seven push"`` (EZ), ``"half pay"`` (Super 6), ``"tie push"``, ``"all lose"`` (a
    case whose bets all lost), ``"losing bet"`` (one bet's amount, when it lost).
    """
    banker = paytable.banker
    if banker == STANDARD.banker:
        banker_name = "banker commission"   # the default table's name, as stored by older versions
    elif banker < 1:
        banker_name = f"banker commission ({_ratio_words(banker)} to 1)"
    else:
        banker_name = f"banker {odds_words(banker)} (no commission)"
    pairs = (f"pairs {odds_words(paytable.player_pair)}" if paytable.player_pair == paytable.banker_pair else None)
    names: dict[object, str] = {
        Bet.BANKER: banker_name,
        Bet.BIG: f"big {_ratio_words(paytable.big)}",
        Bet.SMALL: f"small {_ratio_words(paytable.small)}",
        Bet.PLAYER_PAIR: pairs or f"player pair {odds_words(paytable.player_pair)}",
        Bet.BANKER_PAIR: pairs or f"banker pair {odds_words(paytable.banker_pair)}",
        Bet.TIE: f"tie {odds_words(paytable.tie)}",
        Bet.PLAYER: f"player {odds_words(paytable.player)}",
    }
    if paytable.banker_three_card_seven_pushes:
        names["seven push"] = "EZ: three-card 7 push"
    if paytable.banker_six_pays is not None:
        names["half pay"] = f"Super 6: banker 6 pays {_ratio_words(paytable.banker_six_pays)} to 1"
    names["tie push"] = "tie push" if paytable.tie_pushes else "tie: player and banker lose"
    names["all lose"] = "all lose"
    #: One bet's amount when that bet lost: "all lose" read as a round where every bet lost (qaAD F7).
    names["losing bet"] = LOSING_BET
    return names


def payout_category(lines: tuple[BetResult, ...], names: dict[object, str] | None = None, tie: bool = False) -> str:
    """The rule a case turns on, most to learn first: a commission-free table's own rule, then the
    winning bet with the most arithmetic, then a tie that pushes (or, by the house rule, takes) the
    Player and Banker bets, else "all lose".  ``tie``: the round was a tie."""
    names = names or category_names(STANDARD)
    if any(line.seven_push for line in lines):
        return names["seven push"]
    if any(line.half_pay for line in lines):
        return names["half pay"]
    won = {line.bet for line in lines if line.result == "win"}
    for bet in _PRIORITY:
        if bet in won:
            return names[bet]
    if any(line.result == "push" for line in lines) or (tie and any(line.bet in (Bet.PLAYER, Bet.BANKER)
                                                                    for line in lines)):
        return names["tie push"]
    return names["all lose"]


def line_category(line: BetResult, names: dict[object, str], tie: bool = False) -> str:
    """The rule one bet's amount turns on: its own win, the commission-free table's rule that stopped it,
    the tie that pushed or took it, else a losing bet (:data:`LOSING_BET`)."""
    if line.seven_push:
        return names["seven push"]
    if line.half_pay:
        return names["half pay"]
    if line.result == "win":
        return names[line.bet]
    if line.result == "push" or (tie and line.bet in (Bet.PLAYER, Bet.BANKER)):
        return names["tie push"]
    return names["losing bet"]


class PayoutDrill(Drill):
    name = "payouts"
    title = "Payouts"
    questions_example = 3

    def __init__(self, paytable: Paytable = STANDARD, blackjack_rules: HouseRules | None = None,
                 blackjack_share: float = 0.2, settlement_share: float = 0.7) -> None:
        self.paytable = paytable
        self.blackjack_rules = blackjack_rules or HouseRules()
        self.blackjack_share = blackjack_share
        #: Of the blackjack cases, the share that settles a double, a split, a tie or a dealer blackjack
        #: (:mod:`dealer_assist.training.blackjack_pay`); the others pay a seat's blackjack.
        self.settlement_share = settlement_share
        #: The category names at this table (see the module's docstring).
        self.names = category_names(paytable)
        self.blackjack_category = f"blackjack {odds_words(self.blackjack_rules.blackjack_pays)}"
        settled = blackjack_pay.category_names(self.blackjack_rules)
        self.settled = {kind: settled[kind] for kind in blackjack_pay.KINDS}
        self.categories = tuple(dict.fromkeys(self.names.values())) + (self.blackjack_category,) \
            + tuple(self.settled.values())
        hard = [self.names[Bet.BIG], self.blackjack_category, self.names.get("seven push"), self.names.get("half pay"),
                self.settled["dealer blackjack"], self.settled["split"]]
        if paytable.banker < 1:
            hard.append(self.names[Bet.BANKER])   # commission arithmetic is missed most
        self.hard = frozenset(name for name in hard if name)

    def deal(self, feed: CardFeed, rng: random.Random, level: int) -> list[Case]:
        if rng.random() < self.blackjack_share:
            if rng.random() < self.settlement_share:
                settled = blackjack_pay.case(self.blackjack_rules, rng, stake(rng, level),
                                             rng.choice(blackjack_pay.kinds(self.blackjack_rules)), self.blackjack_category)
                if settled is not None:
                    return [settled]
            return [self.blackjack_case(rng, level)]
        feed.new_hand(6)
        rnd = BaccaratRound((), self.paytable.pair_by)
        while not rnd.complete:
            rnd = rnd.add(feed.next_card())
        return [self.baccarat_case(rnd, self.wagers(rng, level))]

    @staticmethod
    def wagers(rng: random.Random, level: int) -> tuple[Wager, ...]:
        out = []
        for seat in sorted(rng.sample(range(1, 8), rng.randint(1, 3))):
            out.append(Wager(seat, Bet.BANKER if rng.random() < 0.55 else Bet.PLAYER, stake(rng, level)))
            if rng.random() < 0.4:
                out.append(Wager(seat, rng.choice(SIDE_BETS), stake(rng, level, side=True)))
        return tuple(out)

    def baccarat_case(self, rnd: BaccaratRound, wagers: tuple[Wager, ...]) -> Case:
        outcome = rnd.outcome
        assert outcome is not None, "a payout case needs a complete round"
        settlement = settle(wagers, outcome, self.paytable)
        tie = outcome.winner == "tie"
        category = payout_category(settlement.lines, self.names, tie)
        # Each amount is filed under its own bet's rule (qaP F9: a wrong Big amount had counted as a
        # "banker commission" miss); the commission under the Banker's when a Banker bet won or the table
        # takes none, else under a rule of its own (qaS F5: it had been the winning Player bet's).
        banker_won = any(line.bet is Bet.BANKER and line.result == "win" for line in settlement.lines)
        takes_commission = self.paytable.banker < 1
        questions = tuple(
            Question(f"seat {w.seat} {w.bet.value}", f"Seat {w.seat} {w.bet.label} {fmt(w.stake)}: pay",
                     "amount", fmt(line.pays), category=line_category(line, self.names, tie), line=_bet_line(w))
            for w, line in zip(wagers, settlement.lines)
        ) + (Question("commission", "Commission kept", "amount", fmt(settlement.commission),
                      category=self.names[Bet.BANKER] if banker_won or settlement.commission or not takes_commission
                      else NO_COMMISSION),)
        # "Tie 1 to 1", the banner's wording, read as a payout in a drill about payouts (qaP L8)
        result = f"Tie at {outcome.player_total}" if outcome.winner == "tie" else outcome.banner.capitalize()
        facts = [result]
        if outcome.player_pair:
            facts.append("Player pair")
        if outcome.banker_pair:
            facts.append("Banker pair")
        facts.append(f"{outcome.card_count} cards ({outcome.size.title()})")
        lines = [explain_line(line, outcome, self.paytable) for line in settlement.lines]
        why = ("" if settlement.commission else " (this table takes no commission)" if not takes_commission
               else " (no Banker bet won: no commission)" if not banker_won else "")
        lines.append(f"Commission kept in all: {fmt(settlement.commission)}{why}")
        return Case(
            drill="payouts", category=category,
            title="What do you pay?",
            hands=(Hand("Player", rnd.player_cards, str(outcome.player_total)),
                   Hand("Banker", rnd.banker_cards, str(outcome.banker_total))),
            context=(", ".join(facts),) + house_lines(self.paytable)
            + tuple(_bet_line(w) for w in wagers),
            questions=questions,
            explanation="\n".join(line + "." for line in lines),
            summary=result + ": " + ", ".join(f"seat {w.seat} {w.bet.label} {fmt(w.stake)}"
                                                               for w in wagers),
        )

    def blackjack_case(self, rng: random.Random, level: int) -> Case:
        """A seat with a blackjack against the dealer's cards: 3:2, or a push on a dealer blackjack.

        The hand comes from its own shuffled deck, not the feed: a baccarat shoe
        (simulated or real) deals no blackjack rounds, and this case is about the money.
        """
        deck = [Card(r, s) for s in SUITS for r in RANKS]
        rng.shuffle(deck)
        ace = next(c for c in deck if c.rank == "A")
        ten = next(c for c in deck if c.blackjack_value == 10)
        rest = [c for c in deck if c not in (ace, ten)]
        rnd = Round.start(1, self.blackjack_rules)
        rnd = rnd.deal(ace).deal(rest.pop()).deal(ten)
        while not rnd.complete:
            rnd = rnd.deal(rest.pop())
        amount = stake(rng, level)
        result = settle_blackjack(rnd, {1: amount}).hands[0]
        ratio = self.blackjack_rules.blackjack_pays
        if result.pays:
            exact = amount * ratio
            why = (f"Blackjack pays {_ratio_words(ratio)} to 1: {fmt(amount)} x {_ratio_words(ratio)} = "
                   f"{exact.normalize():f}" + ("" if exact == result.pays else ", rounded down to the penny")
                   + f": pay {fmt(result.pays)}")
        else:
            why = f"{result.reason}: pay 0"
        dealer = rnd.dealer
        return Case(
            drill="payouts", category=self.blackjack_category, title="Blackjack: what do you pay?",
            hands=(Hand("Seat 1", rnd.seat_hands(1)[0].cards, "blackjack"),
                   Hand("Dealer", dealer.cards, dealer.describe_total())),
            context=(f"House rule: {self.blackjack_rules.describe()[-1]}", f"Seat 1: {fmt(amount)}"),
            questions=(Question("seat 1 blackjack", f"Seat 1 blackjack {fmt(amount)}: pay", "amount",
                                fmt(result.pays)),),
            explanation=why + ".",
            summary=f"blackjack on {fmt(amount)} against dealer {dealer.describe_total()}",
        )
