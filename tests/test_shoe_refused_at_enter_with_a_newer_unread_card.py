"""A shoe's read refused at Enter while a newer card the shoe could not read (??) stands: whether the read waiting next
came before or after that ?? decides what it waits for, live and after a restart alike (rev40 F1).

- ??, 2C held behind it, 2S, ??: the croupier types the first ??'s card, and Enter on 2C is refused (a second 2C of a
  one-deck shoe).  2S waits for the card dealt in 2C's place only; the second ?? came after 2S.  Live counted it too
  (2 due): the card typed for it went ahead of 2S, in 2S's place in the round.
- ??, 3S held behind it, 3S typed for the ??, ??, JD: Enter on 3S refused.  JD waits for 2 cards (3S's place and the
  second ??, read before JD).  A restart counted 1, and Enter played JD in the second ??'s place.

Real bytes over a real pty to the reader (the rigs of tests/test_shoe_burn_and_next_round_waits.py).
"""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from dealer_assist.blackjack.rules import HouseRules
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.table.holds import AFTER_A_REFUSAL
from polling import wait_for
from test_serial_restarts import frame, hello
from test_shoe_burn_and_next_round_waits import BurnRig, RestartingBlackjackRig, standing
import test_shoe_missing_card_wait as missing_card

SHOE = "serial:shoe"


def heard(rig, seq: int) -> bool:
    return wait_for(lambda: rig.session.source_position(SHOE)[1] == seq)


def waiting(session, code: str, due: int) -> None:
    snap = session.snapshot
    assert snap.pending is not None and snap.pending.card.code == code, snap.status_reason()
    assert snap.cards_due == due, snap.status_reason()


@pytest.mark.parametrize("restart", [False, True])
def test_baccarat_unread_card_after_the_next_read_is_not_due_before_it(tmp_path, restart):
    rig = BurnRig(tmp_path, missing_card.RULES)
    try:
        assert rig.session.deal() is None and rig.session.enter_card("2C") is None
        rig.send(hello("B1"), frame("CARD", 1, "??"), frame("CARD", 2, "2C"), frame("CARD", 3, "2S"),
                 frame("CARD", 4, "??"))
        assert rig.waits("2C") and heard(rig, 4)
        assert rig.session.enter_card("7H") is None
        assert "copy 2" in rig.session.confirm_pending()  # refused: 2C was dealt already
        if restart:
            rig.restart()
        waiting(rig.session, "2S", 1)
        assert rig.session.enter_card("5D") is None and rig.session.confirm_pending() is None
        assert rig.played() == ["2C", "7H", "5D", "2S"]
        assert "unreadable" in standing(rig)  # the ?? after 2S is still to be typed
    finally:
        rig.close()


@pytest.mark.parametrize("restart", [False, True])
def test_baccarat_unread_card_before_the_next_read_is_due_before_it(tmp_path, restart):
    rig = BurnRig(tmp_path, missing_card.RULES)
    try:
        assert rig.session.deal() is None
        rig.send(hello("B1"), frame("CARD", 1, "??"), frame("CARD", 2, "3S"))
        assert rig.waits("3S") and rig.session.enter_card("3S") is None
        rig.send(frame("CARD", 3, "??"), frame("CARD", 4, "JD"))
        assert heard(rig, 4)
        assert "copy 2" in rig.session.confirm_pending()  # refused: 3S was typed for the ??
        if restart:
            rig.restart()
        waiting(rig.session, "JD", 2)
        assert rig.session.enter_card("5D") is None and rig.session.confirm_pending() is not None
        assert rig.played() == ["3S", "5D"]
        assert rig.session.enter_card("6D") is None and rig.session.confirm_pending() is None
        assert rig.played() == ["3S", "5D", "6D", "JD"]
    finally:
        rig.close()


@pytest.mark.parametrize("restart", [False, True])
def test_blackjack_unread_card_after_the_next_read_is_not_due_before_it(tmp_path, restart):
    rig = RestartingBlackjackRig(tmp_path, BlackjackTableRules(seats=2, burn_cards=0, house=HouseRules(decks=1)))
    try:
        s = rig.session
        assert s.place(1, D("10")) is None and s.deal() is None and s.enter_card("2C") is None
        rig.send("CARD", "??")
        rig.cards("2C", "2S")
        rig.send("CARD", "??")
        assert wait_for(lambda: s.source_position(SHOE)[1] == rig.seq and s.snapshot.pending is not None)
        assert s.enter_card("7H") is None
        assert "2C refused" in s.confirm_pending()  # a second 2C of one deck
        if restart:
            s = rig.restart()
        waiting(s, "2S", 1)
        assert s.enter_card("5D") is None
        assert [c.code for c in s.state.round.cards] == ["2C", "7H", "5D"]
        waiting(s, "2S", 0)
    finally:
        rig.close()


@pytest.mark.parametrize("restart", [False, True])
def test_baccarat_two_reads_before_the_newer_unread_card_wait_for_the_refused_card_only(tmp_path, restart):
    """fixR52: ??, 2C held, 2S, 3S, ??, 9H; 2C refused at Enter.  2S waits for the card dealt in 2C's place; 3S, read
    before the second ??, plays as it came (it had waited for a card, and the ??'s card typed for it went ahead of it);
    9H waits for the second ??'s card.  The replay shows the same."""
    from replayed_journals import replayed
    from dealer_assist.table.session import TableSession

    rig = BurnRig(tmp_path, missing_card.RULES)
    try:
        assert rig.session.deal() is None and rig.session.enter_card("2C") is None
        rig.send(hello("B1"), frame("CARD", 1, "??"), frame("CARD", 2, "2C"), frame("CARD", 3, "2S"),
                 frame("CARD", 4, "3S"), frame("CARD", 5, "??"), frame("CARD", 6, "9H"))
        assert rig.waits("2C") and heard(rig, 6)
        assert rig.session.enter_card("AH") is None  # the first ??: B1
        assert "copy 2" in rig.session.confirm_pending()  # refused: 2C was dealt already
        if restart:
            rig.restart()
        waiting(rig.session, "2S", 1)
        assert rig.session.enter_card("2D") is None and rig.session.confirm_pending() is None
        assert rig.played() == ["2C", "AH", "2D", "2S", "3S"]  # P 4 draws 3S; B 3 draws the second ??'s card
        waiting(rig.session, "9H", 1)
        assert "unreadable" in standing(rig)
        live = (rig.played(), rig.session.snapshot.pending.card.code, rig.session.snapshot.cards_due, standing(rig))
        rig.session.close()
        replay = replayed(rig.path, TableSession(missing_card.RULES, odds=False))
        assert ([c.code for c in replay.state.round.cards], replay.snapshot.pending.card.code,
                replay.snapshot.cards_due, [a.code for a in replay.snapshot.alerts if a.level != "info"
                                            and a.code != "replay"]) == live
    finally:
        rig.close()


def test_baccarat_n_refuses_a_copy_too_many_held_before_a_read_and_a_newer_unread_card(tmp_path):
    """fixR52 (baccarat fuzz seed 728): the round over, the shoe sent ??, QH (held behind it, a second QH), 5D, ??.  N
    refuses QH as a card after the round, CARD REFUSED up, and 5D waits for the card dealt in QH's place only; N again
    holds 5D as a card after the round.  Live and the replay alike (the replay kept no wait up)."""
    from replayed_journals import replayed
    from dealer_assist.table.session import TableSession

    rig = BurnRig(tmp_path, missing_card.RULES)
    try:
        s = rig.session
        assert s.deal() is None
        for code in ("QH", "9D", "7C", "KD"):  # P 7, B 9: a natural, the round over
            assert s.enter_card(code) is None
        rig.send(hello("B1"), frame("CARD", 1, "??"), frame("CARD", 2, "QH"), frame("CARD", 3, "5D"),
                 frame("CARD", 4, "??"))
        assert rig.waits("QH") and heard(rig, 4)
        answer = s.next_round()
        assert answer is not None and "N again opens it" in answer
        waiting(s, "5D", 1)
        assert s.snapshot.pending.doubt == AFTER_A_REFUSAL and "refused" in standing(rig)  # not the later ??'s
        assert s.next_round() is None
        assert [c.code for c in s.state.held] == ["5D"] and standing(rig) == ["held"]
        s.close()
        replay = replayed(rig.path, TableSession(missing_card.RULES, odds=False))
        assert [c.code for c in replay.state.held] == ["5D"]
        assert [a.code for a in replay.snapshot.alerts if a.level != "info" and a.code != "replay"] == ["held"]
    finally:
        rig.close()
