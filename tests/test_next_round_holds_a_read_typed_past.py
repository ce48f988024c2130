"""N after a round completed by the card typed for the shoe's unread one, a read held behind it (its wait ended by
that card typed): the read came out after the round, before N, so N holds it as a card after the round (Enter deals a
no-bet hand, Del sets it aside), live, after a restart and in the replay.  Found by the helper fuzz (report "Left
undone"): on main N opened round 2 with the read still held, and Enter dealt it as round 2's P1.

Real bytes over a real pty to the reader (the Rig of tests/test_shoe_missing_card_wait.py).
"""

from __future__ import annotations

import pytest

from polling import wait_for
from replayed_journals import journal_entries
from shoe_views import replay_shown, restart_shows, shown
from test_next_round_ends_a_newer_unread_wait import first_three_and_an_unread, unread_entries
from test_serial_restarts import frame
from test_shoe_missing_card_wait import RULES, Rig


@pytest.mark.parametrize("restart", [False, True])
@pytest.mark.parametrize("later_unread", [False, True])
def test_n_holds_a_read_after_the_round_its_wait_was_typed(tmp_path, restart, later_unread):
    """7H, AS, KH; ??; TC held; 8D typed (B2, Banker's natural); [another ??]; N: TC is a card after round 1."""
    rig = Rig(tmp_path)
    try:
        first_three_and_an_unread(rig)
        rig.send(frame("CARD", 5, "TC"))
        assert rig.waits("TC")
        assert rig.session.enter_card("8D") is None
        if later_unread:
            rig.send(frame("CARD", 6, "??"))
            assert wait_for(lambda: unread_entries(rig) == 2)
        assert rig.session.next_round() is None
        live = shown(rig.session)
        assert live[0] is None and live[4] == [] and live[5] == ["TC"], live  # was: TC held, Enter played it as P1
        restart_shows(rig, live, restart)
        rig.session.confirm_pending()
        assert [c.code for c in rig.session.state.round.cards] == [], "Enter dealt TC into round 2"
    finally:
        rig.close()
    assert replay_shown(rig.path, RULES) == live
