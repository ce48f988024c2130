"""The tableau, checked exhaustively against seed 003's table typed in independently."""

import itertools

import pytest
from hypothesis import given, settings, strategies as st

from dealer_assist.baccarat.round import BaccaratRound, CardNotDueError, Position, RoundError, ZoneMismatchError, play
from dealer_assist.cards import Card, RANKS, parse_card, parse_cards

# Seed 003, "Banker Draws When Third Card of Player Is" column, copied as text.
SEED_003_BANKER = {
    "0-1-2": "0,1,2,3,4,5,6,7,8,9",
    "3": "0,1,2,3,4,5,6,7,9",
    "4": "2,3,4,5,6,7",
    "5": "4,5,6,7",
    "6": "6,7",
    "7": "",
}


def oracle_banker_draws(banker_total, player_third):
    for key, values in SEED_003_BANKER.items():
        if str(banker_total) in key.split("-"):
            return str(player_third) in values.split(",") if values else False
    raise AssertionError(banker_total)


def card_of_value(v, suit="S"):
    return Card("T" if v == 0 else RANKS[v - 1], suit)


def two_cards_totalling(total, suit):
    # a ten-valued card plus the total keeps first-two-card pairs out of the way
    return card_of_value(total, suit), Card("K", suit)


@pytest.mark.parametrize("p,b", list(itertools.product(range(10), range(10))))
def test_every_two_card_total_pair_and_every_third_card(p, b):
    p1, p2 = two_cards_totalling(p, "S")
    b1, b2 = two_cards_totalling(b, "H")
    rnd = play([p1, b1, p2, b2])
    assert (rnd.player_total, rnd.banker_total) == (p, b)
    if p >= 8 or b >= 8:
        assert rnd.complete and rnd.outcome.natural
        assert "natural" in rnd.due.reason
        return
    if p >= 6:  # player stands; banker draws on 0-5
        if b <= 5:
            assert rnd.due.position is Position.B3 and rnd.due.banner == "BANKER DRAWS"
            for f in range(10):
                done = rnd.add(card_of_value(f, "D"))
                assert done.complete and done.outcome.card_count == 5
                assert done.banker_total == (b + f) % 10
        else:
            assert rnd.complete and rnd.outcome.card_count == 4
        return
    assert rnd.due.position is Position.P3 and rnd.due.banner == "PLAYER DRAWS"
    for e in range(10):
        after = rnd.add(card_of_value(e, "C"))
        assert after.player_total == (p + e) % 10
        if oracle_banker_draws(b, e):
            assert after.due.position is Position.B3, (p, b, e)
            assert f"Banker {b} draws" in after.due.reason
            for f in range(10):
                done = after.add(card_of_value(f, "D"))
                assert done.complete and done.outcome.card_count == 6
                with pytest.raises(CardNotDueError):
                    done.add(card_of_value(f, "D"))
        else:
            assert after.complete and after.outcome.card_count == 5, (p, b, e)
            assert "BANKER STANDS" in after.due.reason


# facts.md §1.6, typed in: cards, player total, banker total, winner, cards used, player pair, banker pair
FACTS_EXAMPLES = [
    ("9 K Q 5", 9, 5, "player", 4, False, False),
    ("4 4 4 4", 8, 8, "tie", 4, True, True),
    ("K 3 5 4 8 2", 3, 7, "banker", 5, False, False),
    ("2 A 3 2 8 9", 3, 3, "tie", 5, False, False),
    ("2 A 3 2 9 9", 4, 2, "player", 6, False, False),
    ("10 2 4 2 A 5", 5, 4, "player", 5, False, True),
    ("10 2 4 2 2 5", 6, 9, "banker", 6, False, True),
    ("10 3 4 2 3 5", 7, 5, "player", 5, False, False),
    ("10 3 4 2 4 5", 8, 0, "player", 6, False, False),
    ("10 3 4 3 7 A", 1, 7, "banker", 6, False, True),
    ("10 3 4 3 5 A", 9, 6, "player", 5, False, True),
    ("6 3 10 3 2", 6, 6, "tie", 4, False, True),
    ("7 2 10 3 9", 7, 4, "player", 5, False, False),
    ("A 6 A 6 6 3", 8, 5, "player", 6, True, True),
]


@pytest.mark.parametrize("cards,pt,bt,winner,count,pp,bp", FACTS_EXAMPLES)
def test_facts_examples(cards, pt, bt, winner, count, pp, bp):
    rnd = BaccaratRound()
    for card in parse_cards(cards.split()):
        if rnd.complete:
            break
        rnd = rnd.add(card)
    o = rnd.outcome
    assert (o.player_total, o.banker_total, o.winner, o.card_count, o.player_pair, o.banker_pair) == (
        pt, bt, winner, count, pp, bp)
    assert o.size == ("small" if count == 4 else "big")


def test_reason_in_croupiers_words():
    rnd = play(parse_cards("10 3 4 A 7".split()))  # player 4 draws a 7; banker 4
    assert rnd.due.banner == "BANKER DRAWS"
    assert rnd.due.reason == "Banker 4 draws: Player's third card is a 7"
    rnd = play(parse_cards("2 A 3 2 8".split()))
    assert rnd.complete and "Banker 3 stands: Player's third card is an 8" in rnd.due.reason
    assert rnd.due.banner == "TIE 3 TO 3"


def test_pair_is_by_rank_by_default_and_by_value_as_an_option():
    cards = parse_cards("K 9 Q 9".split())
    assert not play(cards).outcome.player_pair
    assert play(cards, pair_by="value").outcome.player_pair


def test_card_after_round_is_refused_and_round_unchanged():
    rnd = play(parse_cards("9 K Q 5".split()))
    with pytest.raises(CardNotDueError) as info:
        rnd.add(parse_card("2S"))
    assert "2S" in str(info.value) and "no card is due" in str(info.value)
    assert len(rnd.cards) == 4 and rnd.complete


def test_zone_is_checked():
    rnd = play(parse_cards("2 3 4 5".split()))  # 6 against 8: a natural, no card due
    with pytest.raises(CardNotDueError):
        rnd.add(parse_card("2S"), zone="player")
    rnd = play(parse_cards("2 3 K K".split()))  # 2 against 3: the Player draws first
    with pytest.raises(ZoneMismatchError, match="seen on the banker side but the next card is Player's third card"):
        rnd.add(parse_card("2S"), zone="banker")
    first = BaccaratRound().add(parse_card("9S"), zone="player").add(parse_card("2S"), zone="player")
    with pytest.raises(ZoneMismatchError, match="Banker's first card"):  # the Player's first two are down
        first.add(parse_card("3S"), zone="player")
    assert first.add(parse_card("3S"), zone="banker").banker_total == 3


# The first four cards as a layout camera may see them turned up: every order, each seen in its own box.
FIRST_FOUR_ORDERS = list(itertools.permutations(range(4)))


@pytest.mark.parametrize("order", FIRST_FOUR_ORDERS)
def test_first_four_turned_in_any_order_go_to_their_hands(order):
    drawn = parse_cards("KS 3H 4D 5C 7S".split())  # P 4, B 8: a natural; the 7S is no card of the round
    hands = ["player", "banker", "player", "banker"]
    rnd = BaccaratRound()
    for i in order:
        rnd = rnd.add(drawn[i], zone=hands[i])
    assert rnd.outcome == play(drawn[:4]).outcome and rnd.complete
    assert rnd.player_total == 4 and rnd.banker_total == 8
    assert BaccaratRound(rnd.cards_by_position).outcome == rnd.outcome
    assert sorted(c.code for c in rnd.player_cards) == ["4D", "KS"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(RANKS), min_size=6, max_size=6), st.permutations(range(4)))
def test_a_round_turned_out_of_order_settles_as_dealt_in_order(ranks, order):
    drawn = [Card(r, s) for r, s in zip(ranks, "SHDCSH")]
    in_order = play(drawn[:4])
    rnd = BaccaratRound()
    for i in order:
        rnd = rnd.add(drawn[i], zone=("player", "banker")[i % 2])
    for card in drawn[4:]:  # the third cards come as the tableau calls them, to the hand it names
        if rnd.complete:
            break
        hand = rnd.due.hand
        rnd, in_order = rnd.add(card, zone=hand), in_order.add(card)
    assert rnd.complete and rnd.outcome == in_order.outcome
    for hand in ("player", "banker"):  # a hand's cards turned in another order take its places in turn
        assert sorted(c.code for c in rnd.hand(hand)) == sorted(c.code for c in in_order.hand(hand))
    rebuilt = BaccaratRound(rnd.cards_by_position)
    assert rebuilt.outcome == in_order.outcome and rebuilt.positions == in_order.positions
    assert [s.position for s in sorted(rnd.steps, key=lambda s: list(Position).index(s.position))] == \
        [s.position for s in in_order.steps]


def test_a_card_turned_early_is_said_so_and_voids_back_to_draw_order():
    rnd = BaccaratRound().add(parse_card("9S"), zone="player").add(parse_card("2S"), zone="player")
    assert rnd.positions == (Position.P1, Position.P2) and rnd.due.position is Position.B1
    assert "turned up before the Banker's first card" in rnd.steps[1].reason
    back = rnd.void_last()
    assert back == BaccaratRound().add(parse_card("9S")) and back.placed == ()
    assert rnd.add(parse_card("3H")).positions == (Position.P1, Position.P2, Position.B1)  # no zone: the due place


def test_void_last_card():
    rnd = play(parse_cards("10 3 4 A 7".split()))
    back = rnd.void_last()
    assert back.due.position is Position.P3 and len(back.cards) == 4
    with pytest.raises(RoundError):
        BaccaratRound().void_last()


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(RANKS), min_size=4, max_size=8))
def test_refused_card_never_changes_the_round(ranks):
    rnd = BaccaratRound()
    for r in ranks:
        before = rnd
        try:
            rnd = rnd.add(Card(r))
        except CardNotDueError:
            assert rnd == before and rnd.complete
    assert 4 <= len(rnd.cards) <= 6
    assert [s.position for s in rnd.steps][:4] == [Position.P1, Position.B1, Position.P2, Position.B2]
