"""FRAMES LOST's question ("no card was missed? press Enter again") is asked once per read held behind lost frames:
the first Enter is journaled, so a restart between the two Enters does not ask again (fixR46: a restart asked it a
second time, the croupier's first answer lost).  Real bytes over a real pty to the reader."""

from __future__ import annotations

import pytest

from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from replayed_journals import replayed
from test_serial_restarts import frame, hello
from test_shoe_missing_card_wait import RULES, Rig


def asked(rig) -> list:
    with Journal.open(rig.path, readonly=True) as journal:
        return [(e.payload.get("card"), e.payload.get("source_seq")) for e in journal.entries()
                if e.kind == "lost_frames_asked"]


@pytest.mark.parametrize("restart", [False, True])
def test_the_first_enter_on_a_read_behind_lost_frames_is_not_asked_again_after_a_restart(tmp_path, restart):
    """AS, frame 2 lost, 9C held behind FRAMES LOST: Enter asks whether a card was missed; (restart;) Enter plays 9C."""
    rig = Rig(tmp_path)
    try:
        rig.send(hello("B1"), frame("CARD", 1, "AS"), frame("CARD", 3, "9C"))
        assert rig.waits("9C")
        assert "press Enter again" in rig.session.confirm_pending()
        assert asked(rig) == [("9C", 3)]
        if restart:
            rig.restart()
            assert rig.waits("9C")
        assert rig.session.confirm_pending() is None
        assert rig.played() == ["AS", "9C"]
    finally:
        rig.close()
    replay = replayed(rig.path, TableSession(RULES, odds=False))
    assert [c.code for c in replay.state.round.cards] == ["AS", "9C"]


def test_a_restart_after_the_read_is_answered_asks_again_for_the_next_read_behind_lost_frames(tmp_path):
    """The first Enter answers its own read only: 9C played, frame 5 lost, 4D held; a restart; Enter asks of 4D."""
    rig = Rig(tmp_path)
    try:
        rig.send(hello("B1"), frame("CARD", 1, "AS"), frame("CARD", 3, "9C"))
        assert rig.waits("9C")
        assert "press Enter again" in rig.session.confirm_pending()
        assert rig.session.confirm_pending() is None
        rig.send(frame("CARD", 4, "2D"), frame("CARD", 6, "4D"))
        assert rig.waits("4D")
        rig.restart()
        assert rig.waits("4D")
        assert "press Enter again" in rig.session.confirm_pending()
        assert rig.played() == ["AS", "9C", "2D"]
    finally:
        rig.close()
