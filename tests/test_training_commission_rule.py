"""A wrong "Commission kept" when no Banker bet won is a mistake of its own (qaS F5): it was filed under
the winning bet's rule (``player 1:1``), whose amount was paid right, and the explanation said only
"Commission kept in all: 0.00" without why."""

from __future__ import annotations

from decimal import Decimal as D

from dealer_assist.baccarat.paytable import EZ, Bet
from dealer_assist.baccarat.round import play
from dealer_assist.baccarat.settlement import Wager
from dealer_assist.cards import parse_cards
from dealer_assist.training.case import score
from dealer_assist.training.payouts import PayoutDrill
from dealer_assist.training.progress import ProgressStore
from dealer_assist.training.scoring import PassMark, summarize

PLAYER_9_TO_4 = "9S 3H KD AC"     # Player 9 S K = 9 (natural), Banker 3 A = 4: the Player wins
WAGERS = (Wager(1, Bet.PLAYER, D("25")), Wager(1, Bet.TIE, D("15")), Wager(3, Bet.BANKER, D("50")),
          Wager(5, Bet.BANKER, D("20")))


def _answered(drill, commission):
    case = drill.baccarat_case(play(parse_cards(PLAYER_9_TO_4.split())), WAGERS)
    assert case.category == "player 1:1"
    return score(case, list(case.answers[:-1]) + [commission], 1.0)


def test_commission_taken_when_no_banker_bet_won_is_filed_under_its_own_rule_and_explained():
    attempt = _answered(PayoutDrill(), "1.25")
    assert attempt.result == "wrong"
    assert attempt.missed == ("commission: none unless a Banker bet wins",)
    assert "Commission kept in all: 0.00 (no Banker bet won: no commission)." in attempt.case.explanation


def test_the_player_rule_is_not_marked_wrong_in_the_stored_counts(tmp_path):
    attempt = _answered(PayoutDrill(), "1.25")
    store = ProgressStore(tmp_path / "p.json")
    store.record("ana", summarize([attempt], PassMark()), "payouts")
    counts = store.trainee("ana")["categories"]
    assert counts["payouts/player 1:1"] == {"seen": 1, "wrong": 0}
    assert counts["payouts/commission: none unless a Banker bet wins"] == {"seen": 1, "wrong": 1}


def test_a_right_commission_of_nothing_is_right_and_a_no_commission_table_keeps_the_banker_s_rule():
    assert _answered(PayoutDrill(), "0").right
    ez = _answered(PayoutDrill(EZ), "1.25")
    assert ez.missed == ("banker 1:1 (no commission)",)
    assert "(this table takes no commission)" in ez.case.explanation
