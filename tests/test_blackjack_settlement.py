"""Settlement per hand: even money, 3:2 rounded down, the seed's ties and dealer blackjack rules."""

from decimal import Decimal as D

import pytest

from dealer_assist.blackjack.rules import HouseRules
from dealer_assist.blackjack.script import play_tokens
from dealer_assist.blackjack.settlement import Result, SettlementError, settle

WIN, LOSE, PUSH = Result.WIN, Result.LOSE, Result.PUSH


def one_seat(tokens, stake="10.00", rules=None):
    """Settle a one-seat round; returns (result, pays, returns) of each hand."""
    r = play_tokens(tokens.split(), 1, rules)
    s = settle(r, {1: D(stake)})
    return [(h.result, h.pays, h.returns) for h in s.hands]


def test_higher_total_wins_even_money_lower_loses():
    # seat T 9 = 19; dealer 7 then T = 17
    assert one_seat("TS 7H 9S stand TH") == [(WIN, D("10.00"), D("20.00"))]
    # seat T 7 = 17; dealer 9 then T = 19
    assert one_seat("TS 9H 7S stand TH") == [(LOSE, D("0.00"), D("0.00"))]


def test_dealer_bust_pays_but_a_player_bust_loses_first():
    assert one_seat("TS 6H 7S stand TH KD") == [(WIN, D("10.00"), D("20.00"))]
    # player busts: loses, and the dealer does not even draw
    assert one_seat("TS 6H 6S hit KC") == [(LOSE, D("0.00"), D("0.00"))]


def test_ties_lose_by_default_the_bank_wins():
    assert one_seat("TS 7H 7S stand TH") == [(LOSE, D("0.00"), D("0.00"))]
    r = play_tokens("TS 7H 7S stand TH".split(), 1)
    assert "bank wins" in settle(r, {1: D(10)}).hands[0].reason


def test_ties_push_when_the_house_says_so():
    assert one_seat("TS 7H 7S stand TH", rules=HouseRules(ties_push=True)) == [(PUSH, D("0.00"), D("10.00"))]


def test_blackjack_pays_3_to_2_rounded_down_to_the_penny():
    assert one_seat("AS TH KS 7C", "10.00") == [(WIN, D("15.00"), D("25.00"))]
    assert one_seat("AS TH KS 7C", "0.30") == [(WIN, D("0.45"), D("0.75"))]
    assert one_seat("AS TH KS 7C", "10.05") == [(WIN, D("15.07"), D("25.12"))]  # 15.075 down
    assert one_seat("AS TH KS 7C", "0.01") == [(WIN, D("0.01"), D("0.02"))]     # 0.015 down


def test_player_blackjack_beats_a_dealer_21_of_three_cards():
    # seat 1 A K; seat 2 T 9 stands, so the dealer plays out: 7 + 4 + K = 21
    r = play_tokens("AS TD 7H KS 9D stand 4C KD".split(), 2)
    assert r.dealer.total == 21 and not r.dealer.blackjack
    first, second = settle(r, {1: D("10.00"), 2: D("10.00")}).hands
    assert (first.result, first.pays, first.returns) == (WIN, D("15.00"), D("25.00"))
    assert (second.result, second.returns) == (LOSE, D("0.00"))


def test_blackjack_against_blackjack_is_a_push():
    assert one_seat("AS TH KS AC") == [(PUSH, D("0.00"), D("10.00"))]


def test_dealer_blackjack_beats_a_players_21():
    # seat 7 7 7 = 21; dealer A then K
    assert one_seat("7S AH 7C hit 7D KD") == [(LOSE, D("0.00"), D("0.00"))]
    r = play_tokens("7S AH 7C hit 7D KD".split(), 1)
    assert settle(r, {1: D(10)}).hands[0].reason == "dealer blackjack beats 21"


def test_dealer_blackjack_takes_doubled_and_split_stakes_by_default():
    doubled = one_seat("6S TH 5S double 9C AD")  # 20 doubled, dealer T A blackjack
    assert doubled == [(LOSE, D("0.00"), D("0.00"))]
    split = one_seat("8S TH 8C split 3D stand 2D stand AD")  # 11 and 10 against blackjack
    assert split == [(LOSE, D("0.00"), D("0.00")), (LOSE, D("0.00"), D("0.00"))]


def test_original_bet_only_returns_the_double_and_the_split_stakes():
    obo = HouseRules(dealer_blackjack_takes_all=False)
    doubled = play_tokens("6S TH 5S double 9C AD".split(), 1, obo)
    hand = settle(doubled, {1: D("10.00")}).hands[0]
    assert (hand.stake, hand.result, hand.returns) == (D("20.00"), LOSE, D("10.00"))
    split = play_tokens("8S TH 8C split 3D stand 2D stand AD".split(), 1, obo)
    first, second = settle(split, {1: D("10.00")}).hands
    assert (first.result, first.returns) == (LOSE, D("0.00"))
    assert (second.result, second.returns) == (PUSH, D("10.00"))


def test_split_hands_and_doubles_are_settled_each_on_its_own():
    # seat 1 splits 8s: 8+3 (hit 9 -> 20), 8+K = 18; seat 2 doubles 5+6 and gets 2 = 13
    # dealer 7 + T = 17
    r = play_tokens("8S 5D 7H 8C 6D split 3H hit 9D stand KD stand double 2C TC".split(), 2)
    s = settle(r, {1: D("10.00"), 2: D("7.50")})
    got = [(h.seat, h.hand, h.stake, h.result, h.pays, h.returns) for h in s.hands]
    assert got == [
        (1, 0, D("10.00"), WIN, D("10.00"), D("20.00")),
        (1, 1, D("10.00"), WIN, D("10.00"), D("20.00")),
        (2, 0, D("15.00"), LOSE, D("0.00"), D("0.00")),
    ]
    assert s.stakes == D("35.00")
    assert s.paid == D("20.00")
    assert s.returned == D("40.00")
    assert s.house == D("-5.00")


def test_a_full_round_with_two_seats_a_split_and_a_double():
    # The "done when": seat 1 splits nines, seat 2 doubles on 10, dealer busts.
    tokens = "9S 4D 6H 9C 6C split 2H hit 8S stand TD stand double 8D TH 9H"
    r = play_tokens(tokens.split(), 2)
    assert r.complete and r.dealer.bust
    s = settle(r, {1: D("5.00"), 2: D("12.35")})
    assert [(h.result, h.stake, h.pays) for h in s.hands] == [
        (WIN, D("5.00"), D("5.00")),    # 9 2 8 = 19
        (WIN, D("5.00"), D("5.00")),    # 9 T = 19
        (WIN, D("24.70"), D("24.70")),  # 4 6 8 = 18 doubled
    ]


def test_settle_refuses_an_unfinished_round_and_bad_bets():
    r = play_tokens("TS 7H 9S".split(), 1)
    with pytest.raises(SettlementError, match="still due"):
        settle(r, {1: D(10)})
    done = r.act(1, "stand").deal("TH")
    with pytest.raises(SettlementError, match="seat 1"):
        settle(done, {})
    with pytest.raises(SettlementError, match="seat 3"):
        settle(done, {1: D(10), 3: D(10)})
    with pytest.raises(SettlementError, match="more than 0.00"):
        settle(done, {1: D(0)})
    with pytest.raises(ValueError, match="a float"):
        settle(done, {1: 10.0})


def test_settlement_does_not_change_the_round():
    r = play_tokens("TS 7H 9S stand TH".split(), 1)
    before = (r.hands, r.dealer, r.history)
    settle(r, {1: D(10)})
    assert (r.hands, r.dealer, r.history) == before


def test_a_payment_corrected_per_hand_says_the_stake_and_the_win_apart():
    """qaR F15: a 10.00 stake taken, then won, was "pay 20.00" (stake and win in one sum, where the pay list's
    "pay" is the win alone); baccarat's words: return the stake, pay 10.00; take back 15.00 and the stake."""
    from dealer_assist.blackjack.settlement import HandCorrection, HandSettlement

    def hand(result: Result, stake: str, pays: str, returns: str) -> HandSettlement:
        return HandSettlement(1, 0, D(stake), result, D(pays), D(returns), "")

    lost, won = hand(Result.LOSE, "10", "0", "0"), hand(Result.WIN, "10", "10", "20")
    calls = {
        (lost, won): "return the stake, pay 10.00",
        (won, lost): "take back 10.00 and the stake",
        (won, hand(Result.PUSH, "10", "0", "10")): "take back 10.00",
        (lost, hand(Result.PUSH, "10", "0", "10")): "return the stake",
        (hand(Result.PUSH, "10", "0", "10"), lost): "take the stake",
        (won, hand(Result.WIN, "10", "15", "25")): "pay 5.00 more",
        (won, won): "nothing (as paid)",
        (hand(Result.WIN, "10", "10", "20"), hand(Result.WIN, "20", "20", "40")): "pay 10.00",  # doubled only now
    }
    for (was, now), said in calls.items():
        assert HandCorrection(1, 0, was, now).call(lambda m: f"{m:.2f}") == said
