"""A shoe's read refused when it was taken (Enter), held behind a card the shoe could not read (??), while the read
waiting next came after a newer ?? (rev42 R42-9): the next read waits for both missing cards, live, after a restart
and in a replay.

The shoe read ??, 9C (held behind the ??), 9C again (a copy too many of one deck), ??, 5D.  The croupier types the
first ??'s card and Enter takes the first 9C; the second 9C is refused.  5D came after the second ??: it waits for the
card dealt in the refused 9C's place and for that ??'s card.  Live counted one: the card typed in 9C's place let Enter
play 5D in the second ??'s place (UNREADABLE CARD still up).

Real bytes over a real pty to the reader (the rigs of tests/test_shoe_burn_and_next_round_waits.py).
"""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from dealer_assist.blackjack.rules import HouseRules
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.table.session import TableSession
from polling import wait_for
from replayed_journals import replayed
from test_serial_restarts import frame, hello
from test_shoe_burn_and_next_round_waits import BurnRig, RestartingBlackjackRig, standing
from test_shoe_refused_at_enter_with_a_newer_unread_card import heard, waiting
import test_shoe_missing_card_wait as missing_card

ONE_DECK_BJ = BlackjackTableRules(seats=2, burn_cards=0, house=HouseRules(decks=1))


def alerts(session) -> list:
    return sorted(a.code for a in session.snapshot.alerts if a.level != "info"
                  and a.code not in ("restart", "restarted", "replay", "journal_log"))


def _dealt_into_the_shoes_reads(rig) -> None:
    """D, then the shoe's ??, 9C (held behind it), 9C again (a copy too many), ??, 5D."""
    assert rig.session.deal() is None
    rig.send(hello("B1"), frame("CARD", 1, "??"), frame("CARD", 2, "9C"), frame("CARD", 3, "9C"),
             frame("CARD", 4, "??"), frame("CARD", 5, "5D"))
    assert rig.waits("9C") and heard(rig, 5)


@pytest.mark.parametrize("restart", ["none", "after the refusal", "after the card typed in its place"])
def test_baccarat_read_after_a_newer_unread_card_waits_for_it_and_the_refused_card(tmp_path, restart):
    rig = BurnRig(tmp_path, missing_card.RULES)
    try:
        _dealt_into_the_shoes_reads(rig)
        assert rig.session.enter_card("4H") is None  # the first ??: P1
        assert rig.session.confirm_pending() is None  # 9C is B1; the second 9C, taken next, refused
        assert rig.played() == ["4H", "9C"] and "refused" in standing(rig)
        if restart == "after the refusal":
            rig.restart()
        waiting(rig.session, "5D", 2)
        assert rig.session.enter_card("7S") is None  # dealt in the refused 9C's place: P2
        if restart == "after the card typed in its place":
            rig.restart()
        waiting(rig.session, "5D", 1)
        assert rig.session.confirm_pending() is not None  # the second ??'s card is still to type
        assert rig.played() == ["4H", "9C", "7S"]
        assert "unreadable" in standing(rig)
        assert rig.session.enter_card("8D") is None and rig.session.confirm_pending() is None  # B2, then 5D: P3
        assert rig.played() == ["4H", "9C", "7S", "8D", "5D"]
        live = (rig.played(), alerts(rig.session))
        rig.session.close()
        replay = replayed(rig.path, TableSession(missing_card.RULES, odds=False))
        assert ([c.code for c in replay.state.round.cards], alerts(replay)) == live
    finally:
        rig.close()


@pytest.mark.parametrize("restart", [False, True])
def test_baccarat_replay_shows_the_read_waiting_for_both_cards(tmp_path, restart):
    rig = BurnRig(tmp_path, missing_card.RULES)
    try:
        _dealt_into_the_shoes_reads(rig)
        assert rig.session.enter_card("4H") is None and rig.session.confirm_pending() is None
        assert rig.session.enter_card("7S") is None
        if restart:
            rig.restart()
        live = (rig.played(), rig.session.snapshot.pending.card.code, rig.session.snapshot.cards_due,
                alerts(rig.session))
        assert live[1:3] == ("5D", 1)
        rig.session.close()
        replay = replayed(rig.path, TableSession(missing_card.RULES, odds=False))
        assert ([c.code for c in replay.state.round.cards], replay.snapshot.pending.card.code,
                replay.snapshot.cards_due, alerts(replay)) == live
    finally:
        rig.close()


@pytest.mark.parametrize("restart", ["none", "after the refusal", "after the card typed in its place"])
def test_blackjack_read_after_a_newer_unread_card_is_not_the_hit_card(tmp_path, restart):
    rig = RestartingBlackjackRig(tmp_path, ONE_DECK_BJ)
    try:
        s = rig.session
        assert s.place(1, D("10")) is None and s.deal() is None
        rig.send("CARD", "??")
        rig.cards("9C", "9C")
        rig.send("CARD", "??")
        rig.cards("5D")
        assert wait_for(lambda: s.source_position("serial:shoe")[1] == rig.seq and len(s.snapshot.waiting) == 2)
        assert s.enter_card("4H") is None  # the first ??: seat 1
        assert s.confirm_pending() is None  # 9C the dealer's up card; the second 9C, a copy too many, refused
        assert [c.code for c in s.state.round.cards] == ["4H", "9C"] and "refused" in alerts(s)
        if restart == "after the refusal":
            s = rig.restart()
        waiting(s, "5D", 2)
        assert s.enter_card("7S") is None  # dealt in the refused 9C's place: seat 1's second
        if restart == "after the card typed in its place":
            s = rig.restart()
        waiting(s, "5D", 1)
        assert s.hit() is None
        answer = s.confirm_pending()
        assert answer is not None  # the second ??'s card (seat 1's hit card) is still to type
        assert [c.code for c in s.state.round.cards] == ["4H", "9C", "7S"]
        assert "unreadable" in alerts(s)
        assert s.enter_card("2D") is None  # seat 1's hit: 13
        assert [c.code for c in s.state.round.cards] == ["4H", "9C", "7S", "2D"]
        waiting(s, "5D", 0)
        live = ([c.code for c in s.state.round.cards], s.snapshot.pending.card.code, s.snapshot.cards_due, alerts(s))
        s.close()
        replay = replayed(rig.journal, BlackjackSession(ONE_DECK_BJ))
        assert ([c.code for c in replay.state.round.cards], replay.snapshot.pending.card.code,
                replay.snapshot.cards_due, alerts(replay)) == live
    finally:
        rig.close()
