"""The payouts drill's categories follow the table's own paytable (qaJ F4).

At a table paying pairs 5 to 1, an EZ or Super 6 table, or blackjack 6:5, the mistakes, ``--progress``
and level 3's weak spots still named the default table's rules ("pairs 11:1", "banker commission",
"blackjack 3:2"), and an EZ three-card 7's push was explained only as "pushes: the stake stays".
Progress stored under the default names keeps reading.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from decimal import Decimal as D

from dealer_assist.baccarat.paytable import EZ, SUPER_6, Bet, Paytable
from dealer_assist.baccarat.round import play
from dealer_assist.baccarat.settlement import Wager
from dealer_assist.blackjack.rules import HouseRules
from dealer_assist.cards import parse_cards
from dealer_assist.training.payouts import PayoutDrill

CLI = [sys.executable, "-m", "dealer_assist.cli"]
SEVEN = "AH 6H 9C 7D 3C 4S"        # qaJ's case: Player A 9 3 = 3, Banker 6 7 4 = 7 with three cards
PAIR = "2S 3H 2D KC 2C 4H"         # Player 2-2 pair, 6 with three cards; Banker 3 K 4 = 7 with three cards
OLD = ("banker commission", "big 0.54", "small 1.5", "pairs 11:1", "tie 8:1", "player 1:1", "tie push",
       "all lose")
#: One losing bet's amount, filed under "all lose" before qaAD F7 (it read as a round where every bet lost).
LOSING = ("losing bet: pays 0", "blackjack 3:2")


def _case(drill, cards, *wagers):
    return drill.baccarat_case(play(parse_cards(cards.split()), drill.paytable.pair_by), tuple(wagers))


def test_the_default_table_keeps_the_names_stored_before():
    # the blackjack settlements drilled since (qaP F10) come after the names stored before
    assert PayoutDrill().categories == OLD + LOSING + ("blackjack: doubled stake", "blackjack: split hands",
                                              "blackjack: ties, the bank wins", "blackjack: dealer blackjack takes all")
    assert _case(PayoutDrill(), PAIR, Wager(1, Bet.PLAYER_PAIR, D("15"))).category == "pairs 11:1"


def test_a_table_paying_pairs_5_to_1_and_blackjack_6_to_5_names_its_own_payouts():
    drill = PayoutDrill(Paytable(player_pair=D("5"), banker_pair=D("5")), HouseRules(blackjack_pays=D("1.2")))
    assert "pairs 5:1" in drill.categories and "pairs 11:1" not in drill.categories
    assert "blackjack 6:5" in drill.categories and "blackjack 3:2" not in drill.categories
    case = _case(drill, PAIR, Wager(1, Bet.PLAYER_PAIR, D("15")))
    assert case.category == "pairs 5:1" and "wins at 5 to 1" in case.explanation
    import random
    assert drill.blackjack_case(random.Random(2), 2).category == "blackjack 6:5"


def test_an_ez_table_names_no_commission_and_explains_the_three_card_7_push():
    drill = PayoutDrill(EZ)
    assert "banker commission" not in drill.categories and "banker 1:1 (no commission)" in drill.categories
    case = _case(drill, SEVEN, Wager(6, Bet.BANKER, D("141.48")), Wager(6, Bet.BIG, D("20")))
    assert case.category == "EZ: three-card 7 push" and "EZ: three-card 7 push" in drill.hard
    assert "Banker wins with a three-card 7, which pushes at this table (EZ rule)" in case.explanation
    pair = _case(drill, PAIR, Wager(2, Bet.BANKER, D("100")), Wager(2, Bet.PLAYER_PAIR, D("10")))
    assert pair.category == "EZ: three-card 7 push"   # the rule to learn comes before the pair's 11:1
    plain = _case(PayoutDrill(SUPER_6), SEVEN, Wager(6, Bet.BANKER, D("100")))
    assert plain.category == "banker 1:1 (no commission)" and "wins at 1 to 1: pay 100.00" in plain.explanation


def test_a_super_6_half_pay_and_a_tie_that_takes_the_bets_are_named_and_explained():
    super6 = PayoutDrill(SUPER_6)
    rnd = play(parse_cards("KS 3H 5D 3C KC".split()))   # Player 5 draws K = 5; Banker 6 stands on a K: 6-5
    assert rnd.outcome.winner == "banker" and rnd.outcome.banker_total == 6, rnd.outcome
    case = super6.baccarat_case(rnd, (Wager(1, Bet.BANKER, D("32.41")),))
    assert case.category == "Super 6: banker 6 pays 0.5 to 1"
    assert "Super 6 rule" in case.explanation and "pay 16.20" in case.explanation
    losing_tie = PayoutDrill(Paytable(tie_pushes=False))
    tie = play(parse_cards("KS KH 9D 9C".split()))
    case = losing_tie.baccarat_case(tie, (Wager(1, Bet.PLAYER, D("10")),))
    assert case.category == "tie: player and banker lose" and "a tie takes Player and Banker bets" in case.explanation


def test_a_store_with_the_default_names_keeps_reading_at_a_house_table(tmp_path):
    config = tmp_path / "odd.toml"
    config.write_text('[paytable]\npair_pays = "5"\nvariant = "ez"\n')
    store = tmp_path / "progress.json"
    old = {f"payouts/{c}": {"seen": 20, "wrong": 5} for c in OLD}
    store.write_text(json.dumps({"version": 1, "trainees": {"ana": {"sessions": [], "categories": old}}}))
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    run = subprocess.run(CLI + ["train", "--text", "--json", "--drill", "payouts", "--cases", "12", "--seed", "3",
                                "--level", "3", "--trainee", "ana", "--store", str(store), "--config", str(config)],
                         input="0\n" * 200, capture_output=True, text=True, env=env, timeout=120)
    assert run.returncode == 0, run.stderr
    kept = json.loads(store.read_text())["trainees"]["ana"]["categories"]
    assert all(f"payouts/{c}" in kept for c in OLD)   # none vanishes
    for gone in ("banker commission", "pairs 11:1"):   # not this table's rules: kept as they were
        assert kept[f"payouts/{gone}"] == {"seen": 20, "wrong": 5}
    answers = [json.loads(line) for line in run.stdout.splitlines() if '"event": "answer"' in line]
    assert len(answers) == 12   # each case adds its rule, and a payout case each of its bets' rules
    for category in {a["category"] for a in answers}:
        assert kept[f"payouts/{category}"]["seen"] - old.get(f"payouts/{category}", {"seen": 0})["seen"] >= \
            sum(a["category"] == category for a in answers)
    listed = subprocess.run(CLI + ["train", "--progress", "--store", str(store)], capture_output=True, text=True,
                            env=env, timeout=60)
    assert listed.returncode == 0 and "ana:" in listed.stdout, listed.stderr
