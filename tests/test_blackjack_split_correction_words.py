"""CORRECT THE PAYMENT's words for a split hand a void took away (rev16 F1): the round settled again
without the split, the list said "now: the deal voided: the bet stands again" of hand 2, though the deal
stands; the money (pay back its 10.00 stake) was right, the words wrong."""

from __future__ import annotations

from decimal import Decimal

from dealer_assist.blackjack.settlement import corrections
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackPhase, BlackjackTableRules

SPLIT_BOTH_LOSE = ["8S", "6D", "8H", "split", "JC", "stand", "9C", "stand", "TD", "5S"]


def _play(session, steps):
    for step in steps:
        error = getattr(session, step)() if step in ("split", "stand") else session.enter_card(step)
        assert error is None, (step, error)


def _paid_split(session):
    assert session.place(1, Decimal("10")) is None and session.deal() is None
    _play(session, SPLIT_BOTH_LOSE)
    assert session.state.phase == BlackjackPhase.SETTLED
    return session.state.settlement


def test_a_split_hand_gone_from_a_round_settled_again_is_not_called_a_voided_deal():
    session = BlackjackSession(BlackjackTableRules(seats=1))
    try:
        was = _paid_split(session)
        while len(session.state.round.seat_hands(1)) > 1:  # the steps back to the split, and the split
            assert session.void_last(why="the split was a mistake") is None
        assert len(session.state.round.seat_hands(1)) == 1  # the split voided, the deal stands
        _play(session, ["stand", "TD", "5S"])  # 16 stands, the dealer 6 + 10 + 5: 21
        now = session.state.settlement
        assert now is not None
        fixes = {c.hand: c for c in corrections(was, now)}
        gone = fixes[1]
        assert gone.now is None and gone.call(str) == "pay 10.00"  # its stake, taken under the old settlement
        why = gone.why(str)
        assert "deal voided" not in why and "bet stands" not in why, why
        assert "split" in why and "stake goes back" in why, why
        assert fixes[0].why(str) == "under the voided settlement: took 10.00; now: took 10.00"
    finally:
        session.close()


def test_a_deal_voided_after_the_payment_still_says_so():
    session = BlackjackSession(BlackjackTableRules(seats=1))
    try:
        was = _paid_split(session)
        while session.state.phase != BlackjackPhase.BETTING:
            assert session.void_last(why="misdeal") is None
        fixes = corrections(was, session.state.settlement)
        assert [c.call(str) for c in fixes] == ["pay 10.00", "pay 10.00"]
        for c in fixes:
            assert c.why(str).endswith("now: the deal voided: the bet stands again"), c.why(str)
    finally:
        session.close()
