"""B or Shift+B with a shoe's read held under the wait a dropped read (Del) left, while FRAMES LOST asks about that
read: the read is not burned behind the croupier's back, and the cards before it settle as burn cards, journaled
(``burned_unread``) so that a restart shows what live showed (rev40 F2).

Shift+B deleted the read's cards due and then tried to burn it with an Enter of its own, which FRAMES LOST refused:
nothing was journaled, live showed no card due and played the read as P1 with one Enter (the Enter-again question
used up), a restart asked for the two cards again and put the cards typed into round 1 before it.

Real bytes over a real pty to the reader (the rigs of tests/test_shoe_burn_and_next_round_waits.py).
"""

from __future__ import annotations

import pytest

from dealer_assist.table.holds import AFTER_BURNED_UNREAD_P1
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TablePhase
from polling import wait_for
from replayed_journals import replayed
from test_serial_restarts import frame, hello
from test_shoe_burn_and_next_round_waits import BurnRig, standing


def view(rig) -> tuple:
    snap = rig.session.snapshot
    return (snap.pending and (snap.pending.card.code, snap.pending.doubt), snap.cards_due,
            [c.card.code for c in snap.waiting], standing(rig), snap.state.phase)


def burned_unread(rig) -> list:
    with Journal.open(rig.path, readonly=True) as journal:
        return [e.payload.get("burned_unread") for e in journal.entries() if e.kind == "shoe_burn"]


def shift_b_burns_both_unread(rig, restart: bool) -> None:
    """Shift+B: both cards the read waited for go with the burn (none due), live and after a restart."""
    assert rig.session.skip_burn() is None
    live = view(rig)
    if restart:
        rig.restart()
        assert view(rig) == live
    assert live[1] == 0 and burned_unread(rig) == [2], live


@pytest.mark.parametrize("restart", [False, True])
def test_shift_b_with_a_frame_lost_before_the_read_held_under_a_del_wait(tmp_path, restart):
    """Burn: ?? (the shown card), 9D held behind it, frame 3 lost, 4H; Del on 9D (4H waits for 2 cards); Shift+B."""
    rig = BurnRig(tmp_path)
    try:
        rig.send(hello("B1"), frame("CARD", 1, "??"), frame("CARD", 2, "9D"), frame("CARD", 4, "4H"))
        assert rig.waits("9D") and rig.session.reject_pending() is None
        assert rig.waits("4H") and rig.session.snapshot.cards_due == 2 and "gap" in standing(rig)
        shift_b_burns_both_unread(rig, restart)
        assert rig.session.confirm_pending() is None and rig.played() == ["4H"]
    finally:
        rig.close()
    replay = replayed(rig.path, TableSession(rig.rules, odds=False))
    assert [c.code for c in replay.state.round.cards] == ["4H"]


@pytest.mark.parametrize("restart", [False, True])
def test_shift_b_keeps_frames_lost_enter_again_for_the_read_after_the_lost_frame(tmp_path, restart):
    """Burn: ?? (the shown card), JH held behind it, 9D; Del on JH (9D waits for 2 cards); frame 4 lost, JH read
    again (FRAMES LOST); Shift+B.  9D's cards went with the burn; FRAMES LOST still asks its question of JH."""
    rig = BurnRig(tmp_path)
    try:
        rig.send(hello("B1"), frame("CARD", 1, "??"), frame("CARD", 2, "JH"), frame("CARD", 3, "9D"))
        assert rig.waits("JH") and rig.session.reject_pending() is None
        assert rig.waits("9D") and rig.session.snapshot.cards_due == 2
        rig.send(frame("CARD", 5, "JH"))
        assert wait_for(lambda: [c.card.code for c in rig.session.snapshot.waiting] == ["JH"]) and "gap" in standing(rig)
        shift_b_burns_both_unread(rig, restart)
        assert rig.session.confirm_pending() is None and rig.played() == ["9D"]
        assert rig.waits("JH")
        assert "press Enter again" in rig.session.confirm_pending() and rig.played() == ["9D"]
        assert rig.session.confirm_pending() is None and rig.played() == ["9D", "JH"]
    finally:
        rig.close()
    replay = replayed(rig.path, TableSession(rig.rules, odds=False))
    assert [c.code for c in replay.state.round.cards] == ["9D", "JH"]


@pytest.mark.parametrize("restart", [False, True])
def test_a_card_typed_for_the_read_held_behind_lost_frames_and_voided_answers_frames_lost_no_more(tmp_path, restart):
    """Burn: frame 1 lost (the heartbeat names it: the shown card), 10H held behind it, ??; Del on 10H; 10S read (it
    waits for 2 cards); 4C typed, voided (V).  The void takes the croupier's answer back: at Shift+B FRAMES LOST
    still asks of 10S, which is not burned but held as P1 (README), live as restarted (fuzz bac --heartbeats 560:
    live burned it, the restart held it)."""
    rig = BurnRig(tmp_path)
    try:
        rig.send(hello("B1"), frame("HB", 2, "1"), frame("CARD", 3, "TH"))
        assert rig.waits("TH") and wait_for(lambda: "gap" in standing(rig))
        rig.send(frame("CARD", 4, "??"))
        assert wait_for(lambda: "unreadable" in standing(rig)) and rig.session.reject_pending() is None
        rig.send(frame("CARD", 5, "TS"))
        assert rig.waits("TS") and rig.session.snapshot.cards_due == 2
        assert rig.session.enter_card("4C") is None and rig.session.snapshot.cards_due == 1
        assert rig.session.void_last_card(why="not that card") is None and rig.session.snapshot.cards_due == 2
        if restart:
            rig.restart()
        assert rig.session.skip_burn() is None
        live = view(rig)
        assert live[0] == ("TS", AFTER_BURNED_UNREAD_P1) and live[1] == 0, live
        assert rig.session.state.shoe.burned == () and rig.session.state.phase == TablePhase.BETTING
        rig.restart()
        assert view(rig) == live
        assert rig.session.confirm_pending() is None and rig.played() == ["TS"]
    finally:
        rig.close()
    replay = replayed(rig.path, TableSession(rig.rules, odds=False))
    assert [c.code for c in replay.state.round.cards] == ["TS"] and replay.state.shoe.burned == ()
