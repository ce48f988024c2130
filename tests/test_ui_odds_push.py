"""The odds title's push figure is each bet's own where Player's and Banker's differ (qaQ F16: an EZ table
showed "Player/Banker push 9.51%" while its Banker, pushing on a three-card 7 too, pushes some 11.8%)."""

from __future__ import annotations

from dealer_assist import odds
from dealer_assist.baccarat.paytable import EZ, STANDARD, Bet
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.state import TableRules


def title_for(qtbot, table_factory, paytable):
    window = table_factory("manual", rules=TableRules(shoe=ShoeRules(burn=False), paytable=paytable), odds=True)
    qtbot.waitUntil(lambda: "cards left" in window.status.odds_title.text(), timeout=20000)
    report = odds.shoe_odds(window.session.state.shoe.counts_left(), paytable, decks=8)
    # The tooltip: the whole title, which a narrow window says shorter ("push: P 9.52%, B 11.77%", qaZ F5).
    return window.status.odds_title.toolTip(), {b: report.bets[b].floats()["push"] for b in (Bet.PLAYER, Bet.BANKER)}


def test_an_ez_table_names_banker_s_push_apart(qtbot, table_factory):
    title, push = title_for(qtbot, table_factory, EZ)
    assert push[Bet.BANKER] > push[Bet.PLAYER] + 0.01
    assert f"Player {100 * push[Bet.PLAYER]:.2f}%" in title and f"Banker {100 * push[Bet.BANKER]:.2f}%" in title, title


def test_a_standard_table_keeps_one_push_figure(qtbot, table_factory):
    title, push = title_for(qtbot, table_factory, STANDARD)
    assert f"(Player/Banker push {100 * push[Bet.PLAYER]:.2f}%)" in title, title
