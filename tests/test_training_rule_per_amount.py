"""Each wrong payout amount is filed under its own bet's rule, not the case's (qaP F9: a wrong Big
amount in a case won by the Banker counted as a "banker commission" miss)."""

from __future__ import annotations

from decimal import Decimal


from dealer_assist.baccarat.paytable import Bet
from dealer_assist.baccarat.round import play
from dealer_assist.baccarat.settlement import Wager
from dealer_assist.cards import parse_cards
from dealer_assist.training.case import score
from dealer_assist.training.payouts import PayoutDrill


def test_a_wrong_big_amount_in_a_banker_win_is_a_big_miss_not_a_commission_one(tmp_path):
    from dealer_assist.training.progress import ProgressStore
    from dealer_assist.training.scoring import PassMark, summarize

    # K 3 5 4 8: Banker 7 beats Player 3, five cards (Big).
    case = PayoutDrill().baccarat_case(play(parse_cards("K 3 5 4 8".split())), (
        Wager(1, Bet.BANKER, Decimal("10.05")), Wager(2, Bet.BIG, Decimal("0.30")),
        Wager(3, Bet.PLAYER, Decimal("20.00"))))
    assert case.category == "banker commission"
    assert case.answers == ("9.54", "0.16", "0.00", "0.51")
    attempt = score(case, ["9.54", "0.17", "0", "0.51"], 3.0)
    assert attempt.missed == ("big 0.54",)
    both = score(case, ["9.54", "0.17", "20", "0.50"], 3.0)
    assert both.missed == ("big 0.54", "losing bet: pays 0", "banker commission")  # "all lose" read as every bet
    summary = summarize([attempt], PassMark())
    assert "  [payouts, big 0.54] Banker wins 7 to 3" in "\n".join(summary.lines())
    store = ProgressStore(tmp_path / "p.json")
    store.record("pat", summary, "payouts")
    counts = store.trainee("pat")["categories"]
    assert counts["payouts/banker commission"] == {"seen": 1, "wrong": 0}
    assert counts["payouts/big 0.54"] == {"seen": 1, "wrong": 1}
    assert counts["payouts/losing bet: pays 0"] == {"seen": 1, "wrong": 0}


def test_a_tie_files_the_player_and_banker_amounts_under_the_tie_rule():
    case = PayoutDrill().baccarat_case(play(parse_cards("4 4 4 4".split())), (
        Wager(1, Bet.TIE, Decimal("2.50")), Wager(3, Bet.BANKER, Decimal("7.00"))))
    assert case.category == "tie 8:1"
    assert score(case, ["20.00", "6.65", "0"], 2.0).missed == ("tie push",)
