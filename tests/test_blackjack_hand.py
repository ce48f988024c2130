"""Hand values: soft and hard totals, blackjack, bust."""

from itertools import product

from hypothesis import given, settings, strategies as st

from dealer_assist.blackjack.hand import Hand
from dealer_assist.cards import RANKS, Card, parse_cards


def hand(*codes, **flags):
    return Hand(tuple(parse_cards(codes)), **flags)


def test_soft_and_hard_totals():
    assert (hand("A", "6").total, hand("A", "6").soft) == (17, True)
    assert (hand("A", "6", "T").total, hand("A", "6", "T").soft) == (17, False)
    assert (hand("A", "A").total, hand("A", "A").soft) == (12, True)
    assert (hand("A", "A", "9").total, hand("A", "A", "9").soft) == (21, True)
    assert (hand("K", "Q").total, hand("K", "Q").soft) == (20, False)


def test_blackjack_is_ace_and_ten_value_as_first_two_cards():
    for ten in "TJQK":
        assert hand("A", ten).blackjack
        assert hand(ten, "A").blackjack
    assert not hand("A", "9").blackjack
    assert not hand("7", "7", "7").blackjack  # 21 in three cards
    assert hand("7", "7", "7").total == 21


def test_ace_and_ten_after_a_split_is_21_not_blackjack():
    split = hand("A", "K", split=True)
    assert split.total == 21
    assert not split.blackjack
    assert split.finished


def test_bust_and_describe():
    busted = hand("K", "6", "9")
    assert busted.bust and busted.total == 25
    assert busted.describe_total() == "bust (25)"
    assert hand("A", "6").describe_total() == "soft 17"
    assert hand("T", "7").describe_total() == "17"
    assert hand("A", "Q").describe_total() == "blackjack"


def test_a_hand_finishes_by_itself_at_21_bust_or_after_a_doubles_card():
    assert hand("T", "5", "6").finished
    assert hand("T", "5", "9").finished
    assert not hand("T", "5").finished
    assert hand("5", "6", "2", doubled=True).finished
    assert not hand("5", "6", doubled=True, drawing=True).finished
    assert hand("A", "2", split=True).finished  # split aces take one card
    assert not hand("8", "2", split=True).finished


def _best_total_by_enumeration(ranks):
    """Try every ace as 1 or 11: the best total is the largest one not over 21, else the smallest."""
    values = []
    for choice in product(*[(1, 11) if r == "A" else (min(RANKS.index(r) + 1, 10),) for r in ranks]):
        values.append(sum(choice))
    under = [v for v in values if v <= 21]
    return (max(under), max(under) != min(values)) if under else (min(values), False)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(RANKS), min_size=1, max_size=8))
def test_total_and_softness_match_brute_force(ranks):
    h = Hand(tuple(Card(r) for r in ranks))
    total, soft = _best_total_by_enumeration(ranks)
    assert h.total == total
    assert h.soft == soft
    assert h.bust == (total > 21)
