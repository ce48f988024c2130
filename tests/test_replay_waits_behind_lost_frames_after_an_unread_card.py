"""The replay keeps the waits' alerts up where the live table kept them, after a card the shoe could not read and lost
frames (found by scripts/session_fuzz.py, bac seed 91 and --heartbeats seed 86; the burn's shown card unread):

* Del on the read held behind the lost frames, the next read held, another card unread after it, then two cards typed:
  live counts both for the cards before the read (the unread one and the dropped read's), so Enter on it leaves the
  newer card's UNREADABLE CARD and FRAMES LOST up.  The replay counted no card for the read dropped, so it took the
  second card typed for the newer card and took both alerts down.
* Shift+B with the read held behind lost frames, a heartbeat telling of more lost: the unread card was the burn's, the
  lost frames' wait stands and with it FRAMES LOST and UNREADABLE CARD, as live.  The replay took them down.

Real bytes over a real pty to the reader (the rigs of tests/test_shoe_burn_and_next_round_waits.py).
"""

from __future__ import annotations

import pytest

from dealer_assist.shoe import ShoeRules
from dealer_assist.table.holds import AFTER_A_GAP
from dealer_assist.table.state import TableRules
from polling import wait_for
from replayed_journals import journal_entries
from shoe_views import replay_shown, restart_shows, shown
from test_serial_restarts import frame, hello
from test_shoe_burn_and_next_round_waits import BurnRig

ONE_DECK = TableRules(shoe=ShoeRules(burn=True, decks=1))


def unread_then_lost(rig) -> None:
    """The burn's shown card unread (frame 1), frames 2-3 lost, 4H held behind FRAMES LOST."""
    rig.send(hello("B1"), frame("CARD", 1, "??"), frame("CARD", 4, "4H"))
    assert rig.waits("4H") and rig.session.snapshot.pending.doubt == AFTER_A_GAP


@pytest.mark.parametrize("restart", [False, True])
def test_cards_typed_behind_a_dropped_read_leave_a_newer_unread_cards_wait(tmp_path, restart):
    rig = BurnRig(tmp_path, ONE_DECK)
    try:
        unread_then_lost(rig)
        assert rig.session.reject_pending() is None
        rig.send(frame("CARD", 5, "9C"))
        assert rig.waits("9C") and rig.session.snapshot.cards_due == 2
        rig.send(frame("CARD", 6, "??"))
        assert wait_for(lambda: [e.kind for e in journal_entries(rig.path)].count("card_unreadable") == 2)
        assert rig.session.enter_card("8D") is None  # the burn's shown card
        assert rig.session.enter_card("QD") is None  # 4H's place
        assert rig.session.confirm_pending() is None
        live = shown(rig.session)
        assert live[:4] == (None, 0, [], ["gap", "unreadable"]), live
        assert rig.session.cards_due("serial:shoe") == 1
        restart_shows(rig, live, restart)
    finally:
        rig.close()
    assert replay_shown(rig.path, ONE_DECK) == live  # was: no alert


@pytest.mark.parametrize("restart", [False, True])
def test_shift_b_leaves_the_wait_of_frames_lost_behind_a_held_read(tmp_path, restart):
    rig = BurnRig(tmp_path, ONE_DECK)
    try:
        unread_then_lost(rig)
        rig.send(frame("HB", 6, "5"))  # the card of frame 5 sent, its frame lost
        assert wait_for(lambda: [e.kind for e in journal_entries(rig.path)].count("alert") >= 4)
        assert rig.session.skip_burn() is None
        live = shown(rig.session)
        assert live[:4] == (("4H", AFTER_A_GAP), 0, [], ["gap", "unreadable"]), live
        restart_shows(rig, live, restart)
    finally:
        rig.close()
    assert replay_shown(rig.path, ONE_DECK) == live  # was: no alert
