"""FRAMES LOST, a read waiting its turn, a card the shoe could not read after it, then Del on the read held: the read
waiting is held for the dropped read's card only (fixR47: the ?? after it is due after it), with the Del wait's words,
after a restart as live.  On main (fixR47 merged) a restart gave it the newer wait's words, UNREADABLE CARD's "type
that card first", as the restart read the wait's why after taking the read had split it (found by
scripts/session_fuzz.py, bac seeds 0-3 and most seeds of every setting).

Real bytes over a real pty to the reader (the Rig of tests/test_shoe_missing_card_wait.py).
"""

from __future__ import annotations

import pytest

from dealer_assist.table.holds import AFTER_DROPPED
from polling import wait_for
from replayed_journals import journal_entries
from shoe_views import replay_shown, restart_shows, shown
from test_serial_restarts import frame, hello
from test_shoe_missing_card_wait import RULES, Rig


@pytest.mark.parametrize("restart", [False, True])
def test_a_read_held_behind_a_del_wait_keeps_its_words_after_a_restart(tmp_path, restart):
    """2C played (P1); frames 2-3 lost, AS held; 9S read; ??; Del on AS: 9S held for AS's place."""
    rig = Rig(tmp_path)
    try:
        rig.send(hello("B1"), frame("CARD", 1, "2C"), frame("CARD", 4, "AS"), frame("CARD", 5, "9S"),
                 frame("CARD", 6, "??"))
        assert rig.waits("AS")
        assert wait_for(lambda: [e.kind for e in journal_entries(rig.path)].count("card_unreadable") == 1)
        assert rig.session.reject_pending() is None
        live = shown(rig.session)
        assert live[:4] == (("9S", AFTER_DROPPED), 1, [], ["gap", "unreadable"]), live
        restart_shows(rig, live, restart)  # was: UNREADABLE CARD's words
    finally:
        rig.close()
    assert replay_shown(rig.path, RULES) == live
