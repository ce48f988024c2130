"""N pressed in a round still being dealt says what is due and what to do (qaAX L2: only "the round is not over
yet", the one refusal that left the croupier guessing)."""

from __future__ import annotations

from decimal import Decimal

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules


def test_n_in_a_round_being_dealt_names_the_card_due_and_the_way_out():
    session = TableSession(TableRules(shoe=ShoeRules(burn=False)), odds=False)
    assert session.place(1, Bet.BANKER, Decimal("10")) is None and session.deal() is None
    assert session.enter_card("2D") is None
    before = session.state
    said = session.next_round()
    assert said == ("the round is not over yet: Banker's first card (B1) is due: deal it, then N; "
                    "Shift+V voids the round if it was a misdeal")
    assert session.state is before
    for code in ["3D", "4D", "4C"]:  # Player 6, Banker 7: stands; no third card: the round is over
        assert session.enter_card(code) is None
    assert session.next_round() is None
    session.close()


def test_n_before_a_third_card_names_it():
    session = TableSession(TableRules(shoe=ShoeRules(burn=False)), odds=False)
    assert session.place(1, Bet.PLAYER, Decimal("10")) is None and session.deal() is None
    for code in ["2D", "3D", "2C", "4C"]:  # Player 4: draws
        assert session.enter_card(code) is None
    said = session.next_round()
    assert said == ("the round is not over yet: P3 is due, Player 4 draws (Player draws on 0-5): deal it, then N; "
                    "Shift+V voids the round if it was a misdeal")
    session.close()
