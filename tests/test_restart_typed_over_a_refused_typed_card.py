"""A card typed refused (CARD REFUSED) while a shoe's read is held behind lost frames, then the card really dealt
typed in its place: CARD REFUSED goes, live and after a restart (fuzz bac 667: the restart showed it again, though the
croupier had done what it asked, "type the one really dealt (K)").

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

ONE_DECK = TableRules(shoe=ShoeRules(burn=True, decks=1))  # a second 7♣ is refused


@pytest.mark.parametrize("restart_before", [False, True])
def test_card_refused_stays_down_after_a_restart_once_the_card_dealt_is_typed(tmp_path, restart_before):
    """Burn: 7C (the shown card), frame 2 lost, AS held (FRAMES LOST), ??; Shift+B; 7C typed (a second copy in one
    deck: refused), 3H typed (P1).  AS still waits for Enter."""
    rig = BurnRig(tmp_path, ONE_DECK)
    try:
        rig.send(hello("B1"), frame("CARD", 1, "7C"), frame("CARD", 3, "AS"), frame("CARD", 4, "??"))
        assert rig.waits("AS") and wait_for(lambda: "unreadable" in standing(rig))
        assert rig.session.skip_burn() is None
        if restart_before:
            rig.restart()
        assert "copy 2" in rig.session.enter_card("7C") and "refused" in standing(rig)
        assert rig.session.enter_card("3H") is None and rig.played() == ["3H"]
        live = (standing(rig), rig.session.snapshot.pending.card.code, rig.session.snapshot.cards_due)
        assert live == ([], "AS", 0), live
        rig.restart()
        assert (standing(rig), rig.session.snapshot.pending.card.code, rig.session.snapshot.cards_due) == live
    finally:
        rig.close()
    replay = replayed(rig.path, TableSession(rig.rules, odds=False))
    assert [a.code for a in replay.snapshot.alerts if a.level != "info" and a.code != "replay"] == []
