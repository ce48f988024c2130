"""A shoe's read held, frames lost after it, the next read held behind FRAMES LOST; Enter on the first is refused:
the read behind FRAMES LOST keeps FRAMES LOST's words with the refused card's place one more card due, after a restart
as live (fixR46, found by rev40's fuzzer: a restart gave it CARD REFUSED's words, a wait of its own).

Real bytes over a real pty to the reader (the rigs of tests/test_shoe_burn_and_next_round_waits.py).
"""

from __future__ import annotations

import pytest

from dealer_assist.shoe import ShoeRules
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from polling import wait_for
from replayed_journals import replayed
from test_serial_restarts import frame, hello
from test_shoe_burn_and_next_round_waits import BurnRig, standing

ONE_DECK = TableRules(shoe=ShoeRules(burn=True, decks=1))


def view(rig) -> tuple:
    snap = rig.session.snapshot
    return (snap.pending and (snap.pending.card.code, snap.pending.doubt), snap.cards_due,
            [c.card.code for c in snap.waiting], standing(rig))


def burned(session) -> list:
    return [c.code for c in session.state.shoe.burned]


@pytest.mark.parametrize("restart", [False, True])
def test_a_read_refused_at_enter_keeps_frames_lost_for_the_read_behind_it(tmp_path, restart):
    """One deck, burn: K JS (the burn's shown card: 10 to burn); frames 1-2 lost, AS held, Del; JS read (held under the Del wait); frames 5-6
    lost, KS read; Enter, Enter on JS: refused (a second JS).  KS waits behind FRAMES LOST, one card due: JS's place."""
    rig = BurnRig(tmp_path, ONE_DECK)
    try:
        rig.send(hello("B1"))
        assert rig.session.enter_card("JS") is None
        rig.send(frame("CARD", 3, "AS"))
        assert rig.waits("AS") and rig.session.reject_pending() is None
        rig.send(frame("CARD", 4, "JS"), frame("CARD", 7, "KS"))
        assert rig.waits("JS")
        assert wait_for(lambda: [c.card.code for c in rig.session.snapshot.waiting] == ["KS"])
        assert "press Enter again" in rig.session.confirm_pending()  # FRAMES LOST: no card was missed?
        assert "impossible card" in rig.session.confirm_pending()
        live = view(rig)
        assert live[0][0] == "KS" and live[0][1].startswith("frames were lost before it (FRAMES LOST)"), live
        assert live[1] == 1 and {"gap", "refused"} <= set(live[3]), live
        if restart:
            rig.restart()
            assert view(rig) == live
        assert rig.session.enter_card("2H") is None  # the card dealt in JS's place
        assert view(rig)[1:] == (0, [], ["gap", "refused"]) or view(rig)[1:] == (0, [], ["refused", "gap"])
        answer = rig.session.confirm_pending()
        if answer is not None:  # FRAMES LOST: no card was missed? press Enter again
            assert "press Enter again" in answer
            assert rig.session.confirm_pending() is None
        assert burned(rig.session) == ["JS", "2H", "KS"]
    finally:
        rig.close()
    replay = replayed(rig.path, TableSession(rig.rules, odds=False))
    assert burned(replay) == ["JS", "2H", "KS"]
