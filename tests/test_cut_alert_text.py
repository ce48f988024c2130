"""The CUT CARD OUT alert names the shoe's last round by number (qaQ F10: it stood through the last round
still saying "one more round after this", while the status line said CUT CARD OUT: SHOE FINISHED)."""

from __future__ import annotations

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TablePhase, TableRules

NATURAL = ("9S", "2H", "KD", "5C")  # PLAYER WINS 9 TO 7: four cards, a round settled


def cut_alert(session):
    return next(a.text for a in session.snapshot.alerts if a.code == "cut")


def test_cut_during_a_round_names_the_next_as_the_last_and_still_says_so_in_it():
    session = TableSession(TableRules(shoe=ShoeRules(burn=False, rounds_after_cut=1)), odds=False)
    try:
        assert session.place(1, Bet.PLAYER) is None and session.deal() is None
        assert session.enter_card("9S") is None
        assert session.cut_card() is None  # during round 1: it and one more
        text = cut_alert(session)
        assert "round 2 is the shoe's last" in text and "in round 1" in text, text
        for code in NATURAL[1:]:
            assert session.enter_card(code) is None
        assert session.next_round() is None and session.rebet() is None and session.deal() is None
        for code in NATURAL:
            assert session.enter_card(code) is None
        assert session.state.phase == TablePhase.SETTLED and session.state.round_no == 2
        assert "more round" not in cut_alert(session) and "round 2 is the shoe's last" in cut_alert(session)
    finally:
        session.close()


def test_cut_between_rounds_makes_the_next_round_the_last():
    session = TableSession(TableRules(shoe=ShoeRules(burn=False, rounds_after_cut=1)), odds=False)
    try:
        assert session.place(1, Bet.PLAYER) is None and session.deal() is None
        for code in NATURAL:
            assert session.enter_card(code) is None
        assert session.cut_card() is None  # settled round 1: instead of round 2's first card
        assert "round 2 is the shoe's last" in cut_alert(session), cut_alert(session)
    finally:
        session.close()

