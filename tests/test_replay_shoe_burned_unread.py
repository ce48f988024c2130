"""A replay of B or Shift+B over burn cards a shoe could not read shows what the live table showed (rev38 R5).

B (baccarat: B or Shift+B; blackjack: B) settles the waits of the burn cards the shoe left unplayed, journaled as the
``shoe_burn``'s ``burned_unread``; the live table and a restart took UNREADABLE CARD down, but nothing in the replay
read that count, so the replay (what a dispute is settled on) kept the alert up, asking for a card the table had
burned, also after round 1's first card.  A read held between two such cards is burned as read first (its own entry
settles the card before it), and ``burned_unread`` counts those after it.  Real bytes over a real pty to the reader.
"""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.table.session import TableSession
from polling import wait_for
from replayed_journals import journal_entries, replayed
from test_serial_restarts import frame, hello
from test_shoe_burn_and_next_round_waits import BURNING, BurnRig, RestartingBlackjackRig, standing


def shown(session) -> dict:
    snap = session.snapshot
    return {"cards": [c.code for c in snap.state.round.cards] if snap.state.round else [],
            "pending": snap.pending.card.code if snap.pending else None,
            "alerts": sorted(a.code for a in snap.alerts if a.level != "info")}


def journaled(path, frame_no: int) -> bool:
    """Whether the table has journaled its reader's frame ``frame_no`` (a card read or not read): taken in."""
    return any(isinstance(e.payload, dict) and e.payload.get("source_seq") == frame_no for e in journal_entries(path))


#: Baccarat: the burn's frames (the shown card first, its value the count to burn), the key, then round 1's card.
BACCARAT = {
    "b": (["3H", "??"], "burn_unseen", []),
    "b_then_deal": (["3H", "??"], "burn_unseen", ["4H"]),
    "shift_b_then_deal": (["??"], "skip_burn", ["4H"]),
    "b_two_unread": (["3H", "??", "??"], "burn_unseen", []),
    "b_more_unread_than_burn_cards": (["2H", "??", "??", "??"], "burn_unseen", []),  # one card still due
    "b_read_held_between_two": (["3H", "??", "4H", "??"], "burn_unseen", ["5D"]),  # 4H burned as read
}


@pytest.mark.parametrize("case", BACCARAT)
def test_a_baccarat_replay_after_b_shows_the_alerts_the_live_table_showed(tmp_path, case):
    burn, key, dealt = BACCARAT[case]
    rig = BurnRig(tmp_path, BURNING)
    try:
        rig.send(hello("B1"), *(frame("CARD", n, code) for n, code in enumerate(burn, start=1)))
        assert wait_for(lambda: journaled(rig.path, len(burn)) and "unreadable" in standing(rig))
        if "4H" in burn:
            assert rig.waits("4H")
        assert getattr(rig.session, key)() is None
        if dealt:
            assert rig.session.deal() is None
            rig.send(*(frame("CARD", n, code) for n, code in enumerate(dealt, start=len(burn) + 1)))
            assert wait_for(lambda: rig.played() == dealt), rig.session.snapshot.status_reason()
        live = shown(rig.session)
        assert ("unreadable" in live["alerts"]) == (case == "b_more_unread_than_burn_cards"), live
    finally:
        rig.close()
    again = replayed(rig.path, TableSession(BURNING, odds=False))
    try:
        assert shown(again) == live
    finally:
        again.close()


@pytest.mark.parametrize("deal", [False, True])
def test_a_blackjack_replay_after_b_shows_no_unreadable_card(tmp_path, deal):
    rules = BlackjackTableRules(seats=2, burn_cards=2)
    rig = RestartingBlackjackRig(tmp_path, rules)
    try:
        assert rig.session.place(1, D("10")) is None
        rig.send("CARD", "??")
        assert wait_for(lambda: "unreadable" in standing(rig))
        assert rig.session.skip_burn() is None  # B: the burn done, the unread card one of it
        if deal:
            assert rig.session.deal() is None
            rig.cards("9S")
            assert wait_for(lambda: len(rig.session.state.round.cards) == 1)
        live = shown(rig.session)
        assert "unreadable" not in live["alerts"], live
    finally:
        rig.close()
    again = replayed(rig.journal, BlackjackSession(rules))
    try:
        assert shown(again) == live
    finally:
        again.close()
