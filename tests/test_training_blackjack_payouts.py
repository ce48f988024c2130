"""The payouts drill settles blackjack doubles, splits, ties and dealer blackjacks, not only a seat's
blackjack (qaP F10); every right answer is checked here against the seeds' rules, worked out from
the cards the trainee is shown (seed 002: "the bank wins" ties, 3-2 blackjack, a dealer blackjack beats
21, blackjack against blackjack is no money; facts.md: a dealer blackjack takes doubled and split
stakes, house option the original bet only; house option ties push)."""

from __future__ import annotations

import random
from decimal import ROUND_FLOOR, Decimal

import pytest

from dealer_assist.blackjack.rules import HouseRules
from dealer_assist.training.case import score
from dealer_assist.training.feed import ShoeFeed
from dealer_assist.training.payouts import PayoutDrill

VALUES = {"A": 1, "J": 10, "Q": 10, "K": 10, "T": 10}


def _value(code: str) -> int:
    return VALUES.get(code[:-1], None) or int(code[:-1])


def _total(codes) -> int:
    hard = sum(_value(c) for c in codes)
    return hard + 10 if any(c.startswith("A") for c in codes) and hard + 10 <= 21 else hard


def _blackjack(codes) -> bool:
    return len(codes) == 2 and sorted(_value(c) for c in codes) == [1, 10]


def oracle(case, ties_push: bool, takes_all: bool, ratio: Decimal) -> list[str]:
    """Pay and take of each seat hand, from the cards shown and the seeds' rules."""
    shown = case.to_json()
    dealer = shown["hands"][0]["cards"]
    seats = shown["hands"][1:]
    base = Decimal(next(c for c in case.context if c.startswith("Seat 1:")).split()[2].rstrip(","))
    split = len(seats) > 1
    answers, first_live = [], next((i for i, h in enumerate(seats) if _total(h["cards"]) <= 21), None)
    for i, h in enumerate(seats):
        cards = h["cards"]
        stake = base * 2 if h["note"].endswith(", doubled") else base
        total, mine = _total(cards), _blackjack(cards) and not split
        if total > 21:
            pay, take = Decimal(0), stake
        elif mine:
            pay, take = ((Decimal(0), Decimal(0)) if _blackjack(dealer)
                         else ((stake * ratio).quantize(Decimal("0.01"), ROUND_FLOOR), Decimal(0)))
        elif _blackjack(dealer):
            pay, take = Decimal(0), (stake if takes_all else (base if i == first_live else Decimal(0)))
        elif _total(dealer) > 21 or total > _total(dealer):
            pay, take = stake, Decimal(0)
        elif total < _total(dealer) or not ties_push:
            pay, take = Decimal(0), stake
        else:
            pay, take = Decimal(0), Decimal(0)
        answers += [f"{pay:.2f}", f"{take:.2f}"]
    return answers


@pytest.mark.parametrize("rules", [HouseRules(), HouseRules(ties_push=True, dealer_blackjack_takes_all=False),
                                   HouseRules(blackjack_pays=Decimal("1.2"), double_after_split=True)])
def test_blackjack_settlements_match_the_seeds(rules):
    drill = PayoutDrill(blackjack_rules=rules, blackjack_share=1.0, settlement_share=1.0)
    rng = random.Random(11)
    kinds = {}
    for _ in range(160):
        case = drill.deal(ShoeFeed(8, 1), rng, 2)[0]
        if case.category == drill.blackjack_category:
            continue   # no settlement found in time: a seat's blackjack instead (tested in test_training.py)
        assert case.answers == tuple(oracle(case, rules.ties_push, rules.dealer_blackjack_takes_all,
                                            rules.blackjack_pays)), case.explanation
        kinds[case.category] = kinds.get(case.category, 0) + 1
    assert set(kinds) == set(drill.settled.values()), kinds   # every kind of settlement comes up
    assert all(name in drill.categories for name in kinds)


def test_a_doubled_stake_lost_to_a_dealer_blackjack_under_original_bet_only_takes_one_stake():
    rules = HouseRules(dealer_blackjack_takes_all=False)
    drill = PayoutDrill(blackjack_rules=rules, blackjack_share=1.0, settlement_share=1.0)
    rng = random.Random(2)
    case = next(c for c in (drill.deal(ShoeFeed(8, 1), rng, 1)[0] for _ in range(400))
                if c.category == "blackjack: dealer blackjack, original bet only" and len(c.hands) == 2)
    base = Decimal(case.context[-1].split()[2])
    assert case.hands[1].note.endswith(", doubled") and case.answers == ("0.00", f"{base:.2f}")
    wrong = score(case, ["0", f"{base * 2:.2f}"], 2.0)          # took the doubled stake
    assert wrong.missed == ("blackjack: dealer blackjack, original bet only",)
    assert "original bet only" in wrong.feedback() and "goes back" in wrong.feedback()
    assert "House rule: dealer blackjack takes the original bet only" in case.context


def test_take_answers_pay_with_nothing_but_is_no_amount_to_take():
    from dealer_assist.training.case import AnswerError

    drill = PayoutDrill(blackjack_share=1.0, settlement_share=1.0)
    case = drill.deal(ShoeFeed(8, 1), random.Random(4), 1)[0]
    pay, take = case.questions[:2]
    assert pay.prompt.endswith(": pay") and take.prompt.endswith(": take")
    assert pay.normalize("take") == "0.00"
    with pytest.raises(AnswerError):
        take.normalize("take")


@pytest.mark.parametrize("totals", [frozenset({20}), frozenset()])
def test_a_table_where_no_double_can_be_dealt_gets_the_other_settlements(totals):
    """Doubles on 20 only (two cards 2-10 of different value cannot make it), or none: the drill crashed
    drawing a doubled stake (rev14)."""
    rules = HouseRules(double_totals=totals)
    drill = PayoutDrill(blackjack_rules=rules, blackjack_share=1.0, settlement_share=1.0)
    rng = random.Random(4)
    seen = set()
    for _ in range(60):
        case = drill.deal(ShoeFeed(8, 1), rng, 2)[0]
        if case.category != drill.blackjack_category:
            assert case.answers == tuple(oracle(case, rules.ties_push, rules.dealer_blackjack_takes_all,
                                                rules.blackjack_pays)), case.explanation
            seen.add(case.category)
    assert drill.settled["double"] not in seen and len(seen) >= 2, seen
