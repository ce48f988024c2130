"""A round's record keeps what corrections took back of it (qaAX: in the history an auditor saw a round whose bets
were corrected, or whose settlement was voided, listed like any other round): the rules core marks it, with who
authorised it, where the round is settled again (the Qt view: test_ui_history_marks_corrections.py)."""

from __future__ import annotations

from decimal import Decimal

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.cards import parse_card
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import Amendment, TableRules, TableState, apply
from dealer_assist.table.supervisor import Supervisor, SupervisorRoster, hash_pin

RULES = TableRules(shoe=ShoeRules(burn=False))


def by(name: str) -> dict:
    return {"correction": {"supervisor": name, "reason": "test"}}


def play(state: TableState, *ops: dict) -> TableState:
    for op in ops:
        state = apply(state, op)
    return state


def cards(*codes: str) -> list[dict]:
    return [{"op": "card", "card": c} for c in codes]


def test_the_rules_core_marks_the_record_of_a_round_corrected_or_voided_after_it_settled():
    bet = {"op": "place", "seat": 1, "bet": "banker", "amount": "25"}
    start = play(TableState.new(RULES), bet, {"op": "deal"}, *cards("9S", "8C", "2C", "KD"))
    assert start.history[-1].amended == ()  # a round settled once is not marked

    corrected = play(start, {"op": "reopen_bets", **by("Ana")}, {"op": "deal"})
    assert corrected.history[-1].amended == (Amendment("bets", "Ana", None, True),)
    assert corrected.history[-1].amended[0].words == "CORRECTED by Ana: bets changed, settled again"

    card_voided = play(start, {"op": "void_card", **by("Bo")}, *cards("QD"))
    assert card_voided.history[-1].amended == (Amendment("card", "Bo", parse_card("KD"), True),)
    assert card_voided.history[-1].amended[0].words == "CORRECTED by Bo: card K♦ voided after it settled"

    voided = play(start, {"op": "void_round", **by("Bo")}, {"op": "deal"}, *cards("3S", "4H", "KC", "2D", "QS"))
    assert [r.number for r in voided.history] == [1]
    assert voided.history[-1].amended == (Amendment("misdeal", "Bo", None, True),)
    assert voided.history[-1].amended[0].words == "VOIDED by Bo: misdeal after it settled, dealt again"

    # both, in order; a card voided while the round is dealt (nothing settled yet) is no mark; none at the next round
    both = play(corrected, {"op": "void_round", **by("Bo")}, {"op": "deal"}, *cards("3S", "4H", "7C"),
                {"op": "void_card", **by("Ana")}, *cards("KC", "2D", "QS"))
    assert [a.kind for a in both.history[-1].amended] == ["bets", "misdeal"]
    nxt = play(both, {"op": "next_round"}, bet, {"op": "deal"}, *cards("9S", "8C", "2C", "KD"))
    assert nxt.history[-1].amended == () and nxt.history[0].amended == both.history[-1].amended

    # reopened after N (V on the round N closed) and no supervisor: marked, no name
    reopened = play(start, {"op": "next_round"}, {"op": "void_card", "correction": {"supervisor": None}},
                    *cards("QD"))
    assert reopened.history[-1].amended == (Amendment("card", None, parse_card("KD"), True),)
    assert reopened.history[-1].amended[0].words == "CORRECTED: card K♦ voided after it settled"


def test_a_restart_while_the_bets_are_open_for_correction_keeps_the_mark_for_the_settlement_again(tmp_path):
    roster = SupervisorRoster([Supervisor("Ana", hash_pin("4821", n=2 ** 10))])
    path = tmp_path / "b.sqlite"
    live = TableSession(RULES, journal=Journal.open(path), supervisors=roster, odds=False)
    assert live.place(1, Bet.BANKER, Decimal("50")) is None and live.deal() is None
    for code in ["9S", "8C", "2C", "KD"]:
        assert live.enter_card(code) is None
    assert live.correct_bets("Ana", "4821", "chip on the wrong bet") is None
    live.close()  # the table stops while the bets are open for correction

    restarted = TableSession(RULES, journal=Journal.open(path), supervisors=roster, odds=False)
    assert restarted.place(1, Bet.PLAYER, Decimal("50")) is None and restarted.deal() is None
    assert restarted.state.history[-1].amended == (Amendment("bets", "Ana", None, True),)
    restarted.close()
