"""N after a round a card the shoe could not read completed, with a read still held and the shoe missing another card
after that read: the newer card's wait ends at N (it is no card of the next round), live, after a restart and in the
replay.  Found by scripts/session_fuzz.py bac --no-burn, seed 8.

* The read's own wait was typed: live takes UNREADABLE CARD down at N; the replay kept it up (it kept every card its
  shoe had missed, not only those the read waited for).
* The read waits behind a read dropped (Del) under lost frames, one card still due: N ends the wait and holds the read
  as a card after the round, as when no card went missing after it (rev36 R1).  On main N asked FRAMES LOST's
  "no card was missed? press Enter again" of itself, opened round 2 with the read still held, and the croupier's
  next Enter played that card, dealt after round 1, as round 2's P1.

Real bytes over a real pty to the reader (the Rig of tests/test_shoe_missing_card_wait.py).
"""

from __future__ import annotations

import pytest

from polling import wait_for
from replayed_journals import journal_entries
from shoe_views import replay_shown, restart_shows, shown
from test_serial_restarts import frame, hello
from test_shoe_missing_card_wait import RULES, Rig


def first_three_and_an_unread(rig) -> None:
    """7H, AS, KH played (P1, B1, P2), then a card the shoe could not read (B2's)."""
    rig.send(hello("B1"), frame("CARD", 1, "7H"), frame("CARD", 2, "AS"), frame("CARD", 3, "KH"), frame("CARD", 4, "??"))
    assert wait_for(lambda: rig.played() == ["7H", "AS", "KH"] and "unreadable" in rig.alerts())


def unread_entries(rig) -> int:
    return [e.kind for e in journal_entries(rig.path)].count("card_unreadable")


def tc_held_its_wait_typed(rig, later_unread: bool = True) -> None:
    """7H, AS, KH; ??; TC held; 8D typed (B2: Banker's natural); [another ??]: the round is complete, TC still held."""
    first_three_and_an_unread(rig)
    rig.send(frame("CARD", 5, "TC"))
    assert rig.waits("TC")
    assert rig.session.enter_card("8D") is None
    if later_unread:
        rig.send(frame("CARD", 6, "??"))
        assert wait_for(lambda: unread_entries(rig) == 2)


def test_the_replay_ends_a_newer_unread_cards_wait_at_n(tmp_path):
    """??, 10C held, 8D typed (B2: Banker's natural), another ??, N: UNREADABLE CARD goes and TC is held as a card
    after the round (it came before N; fixR50: it stayed held for Enter, which played it as round 2's P1), live and in
    the replay."""
    rig = Rig(tmp_path)
    try:
        tc_held_its_wait_typed(rig)
        assert rig.session.next_round() is None
        live = shown(rig.session)
        assert live == (None, 0, [], ["held"], [], ["TC"]), live  # TC is a card after round 1 (fixR50)
        rig.restart()
        assert shown(rig.session) == live
    finally:
        rig.close()
    assert replay_shown(rig.path, RULES) == live  # was: UNREADABLE CARD up


@pytest.mark.parametrize("restart", [False, True])
def test_n_holds_a_read_behind_a_dropped_read_as_a_card_after_the_round(tmp_path, restart):
    """??, frame 5 lost, TD held (FRAMES LOST), 2S waiting; Del on TD: 2S held, 10C waiting; 8D typed (B2: Banker's
    natural); Del on 2S: TC held, one card due; another ??; N: TC is held after round 1, not carried into round 2."""
    rig = Rig(tmp_path)
    try:
        first_three_and_an_unread(rig)
        rig.send(frame("CARD", 6, "TD"), frame("CARD", 7, "2S"))
        assert rig.waits("TD") and wait_for(lambda: len(rig.session.snapshot.waiting) == 1)
        assert rig.session.reject_pending() is None
        assert rig.waits("2S")
        rig.send(frame("CARD", 8, "TC"))
        assert wait_for(lambda: len(rig.session.snapshot.waiting) == 1)
        assert rig.session.enter_card("8D") is None
        assert rig.session.reject_pending() is None
        assert rig.waits("TC") and rig.session.snapshot.cards_due == 1
        rig.send(frame("CARD", 9, "??"))
        assert wait_for(lambda: unread_entries(rig) == 2)
        assert rig.session.next_round() is None
        live = shown(rig.session)
        assert live == (None, 0, [], ["held"], [], ["TC"])  # was: TC still held for Enter, which played it as P1
        restart_shows(rig, live, restart)
    finally:
        rig.close()
    assert replay_shown(rig.path, RULES) == live
