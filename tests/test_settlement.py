from decimal import Decimal as D

import pytest
from hypothesis import given, settings, strategies as st

from dealer_assist.baccarat.paytable import EZ, STANDARD, SUPER_6, Bet
from dealer_assist.baccarat.round import Outcome, play
from dealer_assist.baccarat.settlement import Wager, settle, settle_wager
from dealer_assist.cards import parse_cards


def outcome(cards):
    return play(parse_cards(cards.split())).outcome


BANKER_WINS = outcome("K 3 5 4 8")  # banker 7 vs 3, 5 cards
PLAYER_NATURAL_SMALL = outcome("9 K Q 5")
TIE_BOTH_PAIRS = outcome("4 4 4 4")


@pytest.mark.parametrize("stake,pays,commission", [("3.00", "2.85", "0.15"), ("10.05", "9.54", "0.51"),
                                                   ("0.01", "0.00", "0.01"), ("100", "95.00", "5.00")])
def test_banker_commission_rounds_winnings_down(stake, pays, commission):
    r = settle_wager(Wager(1, Bet.BANKER, D(stake)), BANKER_WINS)
    assert r.result == "win" and r.pays == D(pays) and r.commission == D(commission)
    assert r.returns == D(stake) + D(pays)


@pytest.mark.parametrize("bet,stake,pays", [(Bet.SMALL, "0.30", "0.45"), (Bet.SMALL, "0.33", "0.49"),
                                            (Bet.PLAYER, "7.77", "7.77")])
def test_small_and_player(bet, stake, pays):
    r = settle_wager(Wager(1, bet, D(stake)), PLAYER_NATURAL_SMALL)
    assert r.result == "win" and r.pays == D(pays)


def test_big_pays_054_rounded_down():
    r = settle_wager(Wager(1, Bet.BIG, D("0.99")), BANKER_WINS)
    assert r.pays == D("0.53")  # 0.5346


def test_tie_and_pairs():
    s = settle([Wager(1, Bet.TIE, D("5")), Wager(1, Bet.PLAYER_PAIR, D("2")), Wager(1, Bet.BANKER_PAIR, D("1")),
                Wager(2, Bet.PLAYER, D("10")), Wager(2, Bet.BANKER, D("10")), Wager(2, Bet.BIG, D("10"))],
               TIE_BOTH_PAIRS)
    got = {(r.seat, r.bet): (r.result, r.pays, r.returns) for r in s.lines}
    assert got[(1, Bet.TIE)] == ("win", D("40.00"), D("45.00"))
    assert got[(1, Bet.PLAYER_PAIR)] == ("win", D("22.00"), D("24.00"))
    assert got[(1, Bet.BANKER_PAIR)] == ("win", D("11.00"), D("12.00"))
    assert got[(2, Bet.PLAYER)] == ("push", D("0.00"), D("10.00"))
    assert got[(2, Bet.BANKER)] == ("push", D("0.00"), D("10.00"))
    assert got[(2, Bet.BIG)] == ("lose", D("0.00"), D("0.00"))
    assert s.stakes == D("38.00") and s.paid == D("73.00") and s.house == D("-63.00")
    assert [r.result for r in s.paying_order][0] == "lose"


def test_tie_loses_option():
    from dataclasses import replace
    r = settle_wager(Wager(1, Bet.PLAYER, D("10")), TIE_BOTH_PAIRS, replace(STANDARD, tie_pushes=False))
    assert r.result == "lose"


def test_commission_free_variants():
    seven = outcome("10 3 4 3 7 A")  # banker 3-card 7 wins
    assert settle_wager(Wager(1, Bet.BANKER, D("10")), seven, EZ).result == "push"
    assert settle_wager(Wager(1, Bet.BANKER, D("10")), seven, STANDARD).pays == D("9.50")
    six = Outcome("banker", 5, 6, False, False, False, 4)
    assert settle_wager(Wager(1, Bet.BANKER, D("10.01")), six, SUPER_6).pays == D("5.00")
    assert settle_wager(Wager(1, Bet.BANKER, D("10.01")), BANKER_WINS, SUPER_6).pays == D("10.01")


def test_super_6_half_pay_is_no_commission():
    """Super 6 takes no commission: its half pay on a Banker 6 is called as such, not as 5.01 commission."""
    six = Outcome("banker", 5, 6, False, False, False, 4)
    half = settle_wager(Wager(1, Bet.BANKER, D("10.01")), six, SUPER_6)
    assert (half.commission, half.half_pay, half.call) == (D("0"), True, "pay 5.00 (half: Banker 6)")
    assert half.to_json()["half_pay"] is True
    standard = settle_wager(Wager(1, Bet.BANKER, D("10.01")), six, STANDARD)
    assert (standard.commission, standard.half_pay, standard.call) == (D("0.51"), False, "pay 9.50")
    assert "half_pay" not in standard.to_json()


outcomes = st.builds(
    Outcome, st.sampled_from(["player", "banker", "tie"]), st.integers(0, 9), st.integers(0, 9), st.booleans(),
    st.booleans(), st.booleans(), st.sampled_from([4, 5, 6]))
stakes = st.integers(1, 10_000_00).map(lambda c: D(c) / 100)


@settings(max_examples=400, deadline=None)
@given(outcomes, st.sampled_from(list(Bet)), stakes)
def test_never_pays_more_than_the_paytable_and_never_rounds_up(o, bet, stake):
    r = settle_wager(Wager(1, bet, stake), o)
    exact = stake * STANDARD.ratio(bet)
    assert r.pays <= exact
    assert exact - r.pays < D("0.01")  if r.result == "win" else r.pays == 0
    assert r.pays == r.pays.quantize(D("0.01"))
    assert r.returns in (D(0), stake + r.pays)
    assert isinstance(r.pays, D)
