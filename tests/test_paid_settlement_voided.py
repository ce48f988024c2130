"""The settlement a void takes back after it was paid stays known for the round (qaQ F6), in the rules core
and across a restart on the journal; the corrections per bet are what the croupier's money says."""

from __future__ import annotations

from decimal import Decimal as D

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.baccarat.settlement import corrections
from dealer_assist.money import fmt
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules

RULES = TableRules(shoe=ShoeRules(burn=False))


def paid_round(session):
    for seat, bet in ((1, Bet.BANKER), (2, Bet.PLAYER), (3, Bet.SMALL), (4, Bet.BIG)):
        assert session.place(seat, bet, D("10")) is None
    assert session.deal() is None
    for code in ("3C", "9H", "4C", "KS"):  # BANKER WINS 9 TO 7
        assert session.enter_card(code) is None
    return session.state.settlement


def test_voided_twice_the_last_paid_settlement_is_the_one_corrected_and_a_restart_keeps_it(tmp_path):
    path = tmp_path / "j.sqlite"
    session = TableSession(RULES, Journal.open(path), odds=False)
    first = paid_round(session)
    assert session.void_last_card() is None and session.state.paid_before == first
    assert session.void_last_card() is None  # back past a card the first void left: still known
    assert session.state.paid_before == first and len(session.state.round.cards) == 2
    for code in ("4C", "5S", "3D"):  # Player 7, Banker 14 -> 4 draws 3: TIE 7 TO 7
        assert session.enter_card(code) is None
    second = session.state.settlement
    assert session.void_last_card() is None and session.state.paid_before == second  # paid as corrected
    assert session.enter_card("2D") is None  # Banker 6 against 7: PLAYER WINS
    session.close()
    again = TableSession(RULES, Journal.open(path), odds=False)
    try:
        assert again.state.paid_before == second
        diff = {(c.seat, c.bet): (c.difference, c.call_in(str)) for c in corrections(second, again.state.settlement)}
        assert diff[(2, Bet.PLAYER)] == (D("10"), "pay 10.00")  # a push paid nothing: the win now
        assert diff[(1, Bet.BANKER)] == (D("-10"), "take")
        assert diff[(4, Bet.BIG)] == (D("0"), "nothing (as paid)")  # five cards both times: Big paid 5.40
        assert again.next_round() is None and again.state.paid_before is None
    finally:
        again.close()


def test_a_win_paid_then_lost_takes_back_the_winnings_and_the_stake():
    from dealer_assist.baccarat.round import BaccaratRound
    from dealer_assist.baccarat.settlement import Wager, settle
    from dealer_assist.cards import parse_cards

    def outcome(codes):
        rnd = BaccaratRound()
        for card in parse_cards(codes):
            rnd = rnd.add(card)
        return rnd.outcome

    wagers = [Wager(1, Bet.BANKER, D("100")), Wager(2, Bet.TIE, D("10"))]
    lost = settle(wagers, outcome(["3C", "2H", "4C", "4S"]), RULES.paytable)  # Player 7, Banker 6 stands
    natural = settle(wagers, outcome(["3C", "9H", "4C", "KS"]), RULES.paytable)  # Banker 9
    (back,) = [c for c in corrections(natural, lost) if c.seat == 1]
    assert back.call_in(str) == "take back 95.00 and the stake" and back.difference == D("-195")


def test_a_stake_corrected_after_the_settlement_is_called_for_with_the_money_the_total_says():
    """qaAB F13: Banker 1000 / Player 25 recorded, 25 / 1000 corrected (Shift+D): the rows said Player NOTHING
    (TAKEN) and Banker TAKE BACK 926.25 while the foot's total took back 975.00 more; a call left the changed
    stake out.  Every row's amount is now its bet's difference, and the rows add up to the total."""
    from dealer_assist.baccarat.round import BaccaratRound
    from dealer_assist.baccarat.settlement import Wager, settle
    from dealer_assist.cards import parse_card

    outcome = BaccaratRound(tuple(parse_card(c) for c in ("3C", "9H", "4C", "KS"))).outcome  # BANKER WINS 9 TO 7
    was = settle((Wager(1, Bet.BANKER, D("1000")), Wager(1, Bet.PLAYER, D("25"))), outcome)
    now = settle((Wager(1, Bet.BANKER, D("25")), Wager(1, Bet.PLAYER, D("1000"))), outcome)
    calls = {c.bet: c.call_in(fmt) for c in corrections(was, now)}
    assert calls == {Bet.BANKER: "take back 926.25", Bet.PLAYER: "take 975.00 more"}
    assert sum(c.difference for c in corrections(was, now)) == D("-1901.25")
