"""N after a round completed by the card typed for the shoe's unread one, a read held behind it (its wait ended by
that card typed): the read came out after the round, before N, so N holds it as a card after the round (Enter deals a
no-bet hand, Del sets it aside), live, after a restart and in the replay.  Found by the helper fuzz (report "Left
undone"): on main N opened round 2 with the read still held, and Enter dealt it as round 2's P1.

Blackjack's equivalent: N refuses such a read as a card after the round (CARD REFUSED), as with nothing missing before
it; it had stayed held across N and Enter dealt it as the next round's first card.

Real bytes over a real pty to the reader (the Rig of tests/test_shoe_missing_card_wait.py, the RestartingBlackjackRig
of tests/test_shoe_burn_and_next_round_waits.py).
"""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackPhase, BlackjackTableRules
from polling import wait_for
from replayed_journals import replayed
from shoe_views import replay_shown, restart_shows, shown
from test_next_round_ends_a_newer_unread_wait import tc_held_its_wait_typed
from test_shoe_burn_and_next_round_waits import RestartingBlackjackRig, standing
from test_shoe_missing_card_wait import RULES, Rig


@pytest.mark.parametrize("restart", [False, True])
@pytest.mark.parametrize("later_unread", [False, True])
def test_n_holds_a_read_after_the_round_its_wait_was_typed(tmp_path, restart, later_unread):
    """7H, AS, KH; ??; TC held; 8D typed (B2, Banker's natural); [another ??]; N: TC is a card after round 1."""
    rig = Rig(tmp_path)
    try:
        tc_held_its_wait_typed(rig, later_unread)
        assert rig.session.next_round() is None
        live = shown(rig.session)
        assert live[0] is None and live[4] == [] and live[5] == ["TC"], live  # was: TC held, Enter played it as P1
        restart_shows(rig, live, restart)
        rig.session.confirm_pending()
        assert [c.code for c in rig.session.state.round.cards] == [], "Enter dealt TC into round 2"
    finally:
        rig.close()
    assert replay_shown(rig.path, RULES) == live


@pytest.mark.parametrize("restart", [False, True])
def test_blackjack_n_refuses_a_read_after_the_round_its_wait_was_typed(tmp_path, restart):
    """Seats 9 2 and 5 6 stand, dealer 7; ??; KH held; 10D typed (the dealer's, 17: the round is over); N: KH came
    after the round, so it is refused as a card after the round (CARD REFUSED), as with nothing missing before it;
    on main it stayed held and, once round 2 was dealt, Enter played it as its first card."""
    rig = RestartingBlackjackRig(tmp_path, BlackjackTableRules(seats=2))
    try:
        s = rig.session
        s.place(1, D("10"))
        s.place(2, D("10"))
        assert s.deal() is None
        rig.cards("9S", "5H", "7C", "2D", "6D")
        assert wait_for(lambda: len(s.state.round.cards) == 5 and s.state.active == (1, 0))
        assert s.stand() is None and s.stand() is None
        rig.cards("??", "KH")
        assert wait_for(lambda: s.snapshot.pending is not None and s.snapshot.pending.card.code == "KH")
        assert s.enter_card("TD") is None and s.state.phase == BlackjackPhase.SETTLED
        assert s.next_round() is None
        live = (s.snapshot.pending, sorted(standing(rig)), s.state.phase)
        assert live == (None, ["refused"], BlackjackPhase.BETTING), live
        if restart:
            s = rig.restart()
            assert s.snapshot.pending is None and "refused" in standing(rig)
        s.place(1, D("10"))
        assert s.deal() is None
        s.confirm_pending()
        assert [c.code for c in s.state.round.cards] == [], "Enter dealt KH into round 2"
    finally:
        rig.close()
    replay = replayed(rig.journal, BlackjackSession(BlackjackTableRules(seats=2)))
    assert replay.snapshot.pending is None and "refused" in {a.code for a in replay.snapshot.alerts}
