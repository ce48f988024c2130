"""A card typed while a shoe's read is held, the cards missing before that read all typed and another card the shoe
left unplayed after it, is refused: it is that newer card, and played now it would go ahead of the read (rev39 P2).

The shoe dealt ??, K♣, ??: Q♥ is typed for the first ??, then 6♦ for the second.  6♦ was played at once, before K♣
(the table had Q♥ 6♦ K♣, and at a burn 6♦ counted as a burn card and K♣ went to seat 1).  Now K is refused, saying
Enter plays K♣ first, and nothing changes; after Enter, 6♦ typed is played after K♣.  Both orders of typing: Q♥
before the second ?? came, and after it.

Real bytes over a real pty to the reader (the rigs of tests/test_shoe_burn_and_next_round_waits.py).
"""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from dealer_assist.table.blackjack_state import BlackjackTableRules
from polling import wait_for
from test_serial_restarts import frame, hello
from test_shoe_burn_and_next_round_waits import BurnRig, RestartingBlackjackRig, standing
import test_shoe_missing_card_wait as missing_card


def round_cards(session) -> list:
    return [c.code for c in session.state.round.cards] if session.state.round is not None else []


def unread_shown(rig, number: int) -> bool:
    """Whether UNREADABLE CARD tells of the shoe's frame ``number`` (the ?? sent last is taken in)."""
    return wait_for(lambda: any(a.code == "unreadable" and f"(frame {number})" in a.text
                                for a in rig.session.snapshot.alerts))


def refused_then_played(rig, restart: bool) -> None:
    """K 6♦ with K♣ held and Q♥ typed: refused, nothing changed (after a restart too); Enter, then K 6♦."""
    s = rig.session
    before = round_cards(s)
    error = s.enter_card("6D")
    assert error is not None and "K♣ comes first" in error and "Enter plays K♣" in error, error
    assert round_cards(s) == before and s.snapshot.pending.card.code == "KC"
    if restart:
        s = rig.restart() or rig.session
        assert round_cards(s) == before and s.snapshot.pending.card.code == "KC", s.snapshot.status_reason()
        assert s.enter_card("6D") is not None and round_cards(s) == before
    assert s.confirm_pending() is None
    assert round_cards(s) == [*before, "KC"]
    assert s.enter_card("6D") is None
    assert round_cards(s) == [*before, "KC", "6D"]
    assert s.snapshot.pending is None and s.cards_due("serial:shoe") == 0
    assert "unreadable" not in standing(rig), s.snapshot.alerts


@pytest.mark.parametrize("restart", [False, True])
@pytest.mark.parametrize("typed_first", [True, False])
def test_blackjack_card_typed_for_the_newer_wait_waits_for_the_held_read(tmp_path, typed_first, restart):
    rig = RestartingBlackjackRig(tmp_path, BlackjackTableRules(seats=2, burn_cards=0))
    try:
        s = rig.session
        assert s.place(1, D("10")) is None and s.deal() is None
        rig.send("CARD", "??")
        assert wait_for(lambda: "unreadable" in standing(rig))
        rig.cards("KC")
        assert wait_for(lambda: s.snapshot.pending is not None and s.snapshot.pending.card.code == "KC")
        if typed_first:
            assert s.enter_card("QH") is None
        rig.send("CARD", "??")
        assert unread_shown(rig, rig.seq)
        if not typed_first:
            assert s.enter_card("QH") is None
        assert round_cards(s) == ["QH"]
        refused_then_played(rig, restart)
    finally:
        rig.close()


@pytest.mark.parametrize("restart", [False, True])
def test_baccarat_card_typed_for_the_newer_wait_waits_for_the_held_read(tmp_path, restart):
    rig = BurnRig(tmp_path, missing_card.RULES)
    try:
        s = rig.session
        assert s.deal() is None
        rig.send(hello("B1"), frame("CARD", 1, "??"), frame("CARD", 2, "KC"))
        assert rig.waits("KC")
        assert s.enter_card("QH") is None
        rig.send(frame("CARD", 3, "??"))
        assert unread_shown(rig, 3)
        assert round_cards(s) == ["QH"]
        refused_then_played(rig, restart)
    finally:
        rig.close()
