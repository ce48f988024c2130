from decimal import Decimal as D

import pytest
from hypothesis import given, settings, strategies as st

from dealer_assist.baccarat.bets import (Betting, BettingClosedError, BettingError, LimitError, TableLimits,
                                         potential_payout)
from dealer_assist.baccarat.paytable import Bet
from dealer_assist.baccarat.settlement import Wager


def test_place_remove_undo_clear_double_rebet():
    b = Betting().place(1, Bet.BANKER, D("25")).place(1, Bet.BANKER, D("5")).place(2, Bet.TIE, D("1"))
    assert b.layout.get(1, Bet.BANKER) == D("30") and b.total_stake == D("31")
    b = b.remove(1, Bet.BANKER, D("5"))
    assert b.layout.get(1, Bet.BANKER) == D("25")
    b = b.undo()  # undoing the removal puts the chip back
    assert b.layout.get(1, Bet.BANKER) == D("30")
    b = b.double()
    assert b.total_stake == D("62")
    b = b.undo()  # undoing a double takes the added chips off
    assert b.total_stake == D("31")
    b = b.clear()
    assert b.total_stake == 0
    b = b.undo()
    assert b.total_stake == D("31")
    b = b.lock().next_round()
    assert b.total_stake == 0 and not b.locked
    assert b.rebet().total_stake == D("31")


def test_remove_more_than_the_stake_takes_the_bet_off():
    b = Betting().place(1, Bet.TIE, D("5")).remove(1, Bet.TIE, D("25"))
    assert b.layout.get(1, Bet.TIE) == 0 and not b.layout
    with pytest.raises(BettingError, match="no chips"):
        b.remove(1, Bet.TIE, D("5"))


def test_maximum_stake_names_limit_and_amount():
    b = Betting().place(1, Bet.TIE, D("500"))
    with pytest.raises(LimitError) as info:
        b.place(1, Bet.TIE, D("1"))
    assert "501.00" in str(info.value) and "500.00" in str(info.value) and "Tie" in str(info.value)
    assert b.layout.get(1, Bet.TIE) == D("500")


def test_minimum_checked_at_deal():
    limits = TableLimits.from_mapping({"min": {"tie": "5"}})
    b = Betting(limits=limits).place(1, Bet.TIE, D("1"))
    with pytest.raises(LimitError, match="below the Tie minimum of 5.00"):
        b.lock()


def test_max_potential_payout_is_the_worst_reachable_case():
    wagers = [Wager(1, Bet.TIE, D("100")), Wager(1, Bet.PLAYER_PAIR, D("10")), Wager(1, Bet.BANKER_PAIR, D("10")),
              Wager(1, Bet.SMALL, D("100")), Wager(1, Bet.BIG, D("100")), Wager(1, Bet.BANKER, D("100"))]
    # facts.md: max(P, 0.95B, 8T) + 11PP + 11BP + max(0.54 Big, 1.5 Small)
    assert potential_payout(wagers) == D("800") + D("110") + D("110") + D("150")
    limits = TableLimits(max_payout=D("1000"))
    b = Betting(limits=limits).place(1, Bet.TIE, D("100"))
    b = b.place(1, Bet.PLAYER_PAIR, D("18"))  # 800 + 198 = 998
    with pytest.raises(LimitError, match="could win 1009.00.*1000.00"):
        b.place(1, Bet.PLAYER_PAIR, D("1"))


def test_nothing_changes_after_the_deal():
    b = Betting().place(1, Bet.PLAYER, D("5")).lock()
    for action in (lambda: b.place(1, Bet.PLAYER, D("5")), lambda: b.remove(1, Bet.PLAYER, D("5")), b.undo,
                   b.clear, b.double, b.rebet):
        with pytest.raises(BettingClosedError):
            action()


def test_bad_seat_and_chip():
    with pytest.raises(BettingError, match="no seat 9"):
        Betting(seats=7).place(9, Bet.PLAYER, D("5"))
    with pytest.raises(ValueError):
        Betting().place(1, Bet.PLAYER, 0.5)


actions = st.lists(st.tuples(st.sampled_from(["place", "remove", "undo", "clear", "double", "rebet"]),
                             st.integers(1, 3), st.sampled_from(list(Bet)),
                             st.sampled_from([D("1"), D("5"), D("25"), D("100"), D("500")])), max_size=30)


@settings(max_examples=150, deadline=None)
@given(actions)
def test_refused_actions_never_change_the_bets(seq):
    b = Betting(limits=TableLimits(max_payout=D("3000")), seats=3)
    for name, seat, bet, chip in seq:
        before = b
        try:
            b = {"place": lambda: b.place(seat, bet, chip), "remove": lambda: b.remove(seat, bet, chip),
                 "undo": b.undo, "clear": b.clear, "double": b.double, "rebet": b.rebet}[name]()
        except BettingError:
            assert b == before
        for s in b.layout.seats:
            assert potential_payout(b.layout.wagers(s)) <= D("3000")
        for (s, bt), amount in b.layout.stakes:
            assert D(0) < amount <= b.limits.max_for(bt)


def test_a_rebet_over_a_lowered_limit_names_every_bet_over_it_and_every_seat_over_the_payout_cap():
    """Naming only the first bet over the limit left the croupier refused again for the next (qaQ F3)."""
    played = Betting().place(3, Bet.TIE, D("106")).place(4, Bet.TIE, D("500")).place(5, Bet.PLAYER, D("50"))
    lowered = played.lock().next_round().with_limits(TableLimits.from_mapping({"max": {"tie": "100"}}))
    with pytest.raises(LimitError) as refused:
        lowered.rebet()
    message = str(refused.value)
    assert "seat 3 Tie 106.00" in message and "seat 4 Tie 500.00" in message and "seat 5" not in message
    capped = played.lock().next_round().with_limits(TableLimits(max_payout=D("1000")))
    with pytest.raises(LimitError) as refused:
        capped.rebet()
    assert "seat 4: these bets could win 4000.00" in str(refused.value) and "seat 3" not in str(refused.value)
    capped = Betting(limits=TableLimits(max_payout=D("10000"))).place(3, Bet.TIE, D("400")).place(
        4, Bet.TIE, D("450")).lock().next_round().with_limits(TableLimits(max_payout=D("1000")))
    with pytest.raises(LimitError, match="seat 3's bets could win 3200.00; seat 4's bets could win 3600.00"):
        capped.rebet()
