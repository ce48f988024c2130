"""Cards a shoe read after the round was complete, then frames lost and a read behind them: after a restart the read
still waits behind FRAMES LOST, as live.

The shoe could not read frame 1; 5C held behind it, AD, 4S, 7D and 4C waiting their turn; the croupier typed 9D; frames
7-8 were lost and 4D read.  Enter plays 5C, AD and 4S (Banker's natural ends the round); 7D and 4C, read before the
lost frames, are held as cards after the round; 4D waits behind FRAMES LOST.  On main a restart took 7D's entry (a
card refused, then held after the round) for a refusal at Enter: it took 4C under the lost frames' wait, ended that
wait with 4C's, and showed 4D as "read just before the table stopped" with FRAMES LOST gone (found by
scripts/session_fuzz.py bac --no-burn, seed 33; bac seed 221 with burn the same way).

Real bytes over a real pty to the reader (the Rig of tests/test_shoe_missing_card_wait.py).
"""

from __future__ import annotations

import pytest

from dealer_assist.table.holds import AFTER_A_GAP
from polling import wait_for
from shoe_views import replay_shown, shown
from test_serial_restarts import frame, hello
from test_shoe_missing_card_wait import RULES, Rig


@pytest.mark.parametrize("restart", [False, True])
def test_a_read_behind_lost_frames_after_cards_held_after_the_round(tmp_path, restart):
    rig = Rig(tmp_path)
    try:
        rig.send(hello("B1"), frame("CARD", 1, "??"), frame("CARD", 2, "5C"))
        assert rig.waits("5C")
        rig.send(frame("CARD", 3, "AD"), frame("CARD", 4, "4S"))
        assert wait_for(lambda: len(rig.session.snapshot.waiting) == 2)
        assert rig.session.enter_card("9D") is None  # the card of frame 1: P1
        rig.send(frame("CARD", 5, "7D"), frame("CARD", 6, "4C"), frame("CARD", 9, "4D"))
        assert wait_for(lambda: len(rig.session.snapshot.waiting) == 5 and "gap" in rig.alerts())
        assert rig.session.confirm_pending() is None
        live = shown(rig.session)
        assert live == ((("4D", AFTER_A_GAP)), 0, [], ["gap", "held"], ["9D", "5C", "AD", "4S"], ["7D", "4C"])
        assert rig.session.cards_due("serial:shoe") == 1
        if restart:
            rig.restart()
            assert shown(rig.session) == live  # was: 4D "read just before the table stopped", no FRAMES LOST
            assert rig.session.cards_due("serial:shoe") == 1
    finally:
        rig.close()
    assert replay_shown(rig.path, RULES) == live
