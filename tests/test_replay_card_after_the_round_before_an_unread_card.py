"""A shoe's read that waited its turn behind a held read, then a card the shoe could not read after it: the replay
does not hold that read under the later card's wait, as live does not (fixR45), so its refusal as a card after the
round leaves UNREADABLE CARD up, as live.  Found by scripts/session_fuzz.py (bac seed 221; seed 3 the same way behind
a read dropped): the replay took the read as held under the later card's wait and the refusal as Enter's answer to it,
and took UNREADABLE CARD down.

Real bytes over a real pty to the reader (the Rig of tests/test_shoe_missing_card_wait.py).
"""

from __future__ import annotations

import pytest

from polling import wait_for
from replayed_journals import journal_entries
from shoe_views import replay_shown, restart_shows, shown
from test_serial_restarts import frame, hello
from test_shoe_missing_card_wait import RULES, Rig


@pytest.mark.parametrize("restart", [False, True])
def test_a_card_after_the_round_read_before_an_unread_card_leaves_its_wait(tmp_path, restart):
    """4H, KS played; ?? (P2's card); 9S held; 7S typed (P2); 3D waits; ??; Enter plays 9S (Banker's natural): 3D came
    after the round and is held, the card unread after it is still to be typed."""
    rig = Rig(tmp_path)
    try:
        rig.send(hello("B1"), frame("CARD", 1, "4H"), frame("CARD", 2, "KS"), frame("CARD", 3, "??"),
                 frame("CARD", 4, "9S"))
        assert rig.waits("9S")
        assert rig.session.enter_card("7S") is None
        rig.send(frame("CARD", 5, "3D"), frame("CARD", 6, "??"))
        assert wait_for(lambda: [e.kind for e in journal_entries(rig.path)].count("card_unreadable") == 2)
        assert rig.session.confirm_pending() is None
        live = shown(rig.session)
        assert live == (None, 0, [], ["held", "unreadable"], ["4H", "KS", "7S", "9S"], ["3D"]), live
        restart_shows(rig, live, restart)
    finally:
        rig.close()
    assert replay_shown(rig.path, RULES) == live  # was: UNREADABLE CARD down
