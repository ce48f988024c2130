"""The demo player's calls: split 8s and aces, double 10 and 11, hit below 17 (``run --auto``)."""

from __future__ import annotations

from dealer_assist.blackjack.demo import demo_call
from dealer_assist.blackjack.hand import Hand
from dealer_assist.cards import parse_card

ALL = ("hit", "stand", "double", "split")


def hand(*codes: str) -> Hand:
    return Hand(tuple(parse_card(c) for c in codes))


def test_the_demo_player_splits_doubles_hits_and_stands_by_its_rule():
    assert demo_call(hand("8S", "8H"), ALL) == "split"
    assert demo_call(hand("AS", "AD"), ALL) == "split"
    assert demo_call(hand("8S", "8H"), ("hit", "stand")) == "hit"  # 16, no split allowed
    assert demo_call(hand("5S", "5H"), ALL) == "double"  # 10: fives are not split
    assert demo_call(hand("6S", "5H"), ("hit", "stand")) == "hit"
    assert demo_call(hand("TS", "6H"), ALL) == "hit"
    assert demo_call(hand("TS", "7H"), ALL) == "stand"
    assert demo_call(hand("AS", "6H"), ("hit", "stand")) == "stand"  # soft 17 stands
