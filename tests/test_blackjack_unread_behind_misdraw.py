"""A card the shoe could not read, come out behind reads waiting for a card refused with no round open (rev41's
"noticed on the way", fixR52), over a real pty and a real journal.

The shoe read 2H and KD with no bet on the layout (both refused as misdraws, KD at Enter), then JD, TH, a card it
could not read (??) and AC.  Enter on KD moved the refusal's wait onto JD and dropped the UNREADABLE CARD wait:
once the bets were placed and dealt, Enter played JD, TH and then AC in the unread card's place.  JD waits for the
refusal only (Enter plays it); TH, read before the ??, plays as it came; AC waits until the card not read is typed.
"""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.holds import AFTER_A_MISDRAW, AFTER_AN_UNREADABLE
from polling import wait_for
from replayed_journals import replayed
from test_blackjack_shoe_faults import TWO_SEATS, enter_refused, held, restarted, table  # noqa: F401 (the fixture)
from test_serial_blackjack_reads import BlackjackRig


def codes(session: BlackjackSession) -> dict:
    return {"alerts": sorted(a.code for a in session.snapshot.alerts if a.level != "info"
                             and a.code not in ("restart", "restarted", "replay", "journal_log"))}


def misdraws_then_unread(rig: BlackjackRig) -> BlackjackSession:
    """2H, KD, JD, TH, ??, AC read with no bet on the layout; Enter on KD refuses it as a misdraw."""
    s = rig.session
    rig.cards("2H", "KD", "JD", "TH", "??", "AC")
    assert wait_for(lambda: len(s.snapshot.waiting) == 3 and "unreadable" in codes(s)["alerts"])
    answer = s.confirm_pending()  # Enter on KD: no seat has a bet
    assert answer is not None and "no seat has a bet" in answer
    held(rig, "JD", AFTER_A_MISDRAW)
    assert [w.card.code for w in s.snapshot.waiting] == ["TH", "AC"]
    assert codes(s)["alerts"] == ["refused", "unreadable"]
    return s


@pytest.mark.parametrize("restart", ["none", "after the refusal", "after the deal", "with AC held"])
def test_the_read_after_a_card_not_read_waits_for_it_behind_a_misdraw(table, restart):
    s = misdraws_then_unread(table)
    if restart == "after the refusal":
        s = restarted(table)
        held(table, "JD", AFTER_A_MISDRAW)
    assert s.place(1, D("10")) is None and s.deal() is None
    if restart == "after the deal":
        s = restarted(table)
        held(table, "JD", AFTER_A_MISDRAW)
    assert s.confirm_pending() is None  # KD was set aside: JD is seat 1's first card, TH the dealer's up card
    held(table, "AC", AFTER_AN_UNREADABLE)
    assert [c.code for c in s.state.round.cards] == ["JD", "TH"]
    assert s.snapshot.cards_due == 1 and s.cards_due("serial:shoe") == 1
    assert "unreadable" in codes(s)["alerts"]
    if restart == "with AC held":
        live = codes(s)
        s = restarted(table)
        held(table, "AC", AFTER_AN_UNREADABLE)
        assert codes(s) == live and s.snapshot.cards_due == 1
    enter_refused(table, "AC")  # a shoe reads each card once: AC is never the card not read
    assert s.enter_card("5C") is None  # the card not read: seat 1's second
    assert table.hands(1) == [["JD", "5C"]]
    assert "unreadable" not in codes(s)["alerts"]
    held(table, "AC", AFTER_AN_UNREADABLE)
    assert s.stand() is None
    assert s.confirm_pending() is None  # AC, the dealer's second card
    assert [c.code for c in s.state.round.dealer.cards] == ["TH", "AC"] and s.state.settlement is not None
    live = codes(s)
    s.close()
    replay = replayed(table.journal, BlackjackSession(TWO_SEATS))
    assert codes(replay) == live
    assert repr(replay.state) == repr(table.session.state)


@pytest.mark.parametrize("restart", ["none", "with 2D held", "with AC held"])
def test_two_reads_before_a_card_not_read_behind_a_card_refused_in_the_round(table, restart):
    """A bet placed: the read refused at Enter is a second 9C of one deck.  2D waits for the card dealt in its place;
    3H, read before the second ??, plays as it came (it had waited for a card refused, and the card typed for it went
    ahead of it: the ??'s, dealt after it); AC waits for the ??'s card."""
    s = table.session
    assert s.place(1, D("10")) is None and s.deal() is None
    table.cards("9C", "??", "9C", "2D", "3H", "??", "AC")
    assert wait_for(lambda: len(s.snapshot.waiting) == 3 and s.snapshot.pending.card.code == "9C")
    assert s.enter_card("4D") is None  # the first ??: the dealer's card
    answer = s.confirm_pending()
    assert answer is not None and "9C refused" in answer  # a second 9C of one deck
    assert s.snapshot.pending.card.code == "2D" and s.snapshot.cards_due == 1
    if restart == "with 2D held":
        s = restarted(table)
        assert s.snapshot.pending.card.code == "2D" and s.snapshot.cards_due == 1
    assert s.enter_card("5S") is None  # dealt in 9C's place: seat 1's second card
    assert table.hands(1) == [["9C", "5S"]]
    assert s.stand() is None
    assert s.confirm_pending() is None  # 2D, the dealer's second card, then 3H as it came
    assert [c.code for c in s.state.round.dealer.cards] == ["4D", "2D", "3H"]
    held(table, "AC", AFTER_AN_UNREADABLE)
    assert s.snapshot.cards_due == 1 and "unreadable" in codes(s)["alerts"]
    if restart == "with AC held":
        live = codes(s)
        s = restarted(table)
        held(table, "AC", AFTER_AN_UNREADABLE)
        assert codes(s) == live and s.snapshot.cards_due == 1
    live = codes(s)
    replay = replayed(table.journal, BlackjackSession(TWO_SEATS))
    assert codes(replay) == live and repr(replay.state) == repr(s.state)
    enter_refused(table, "AC")
    assert s.enter_card("6C") is None and s.confirm_pending() is None
    assert [c.code for c in s.state.round.dealer.cards] == ["4D", "2D", "3H", "6C", "AC"]
    assert "unreadable" not in codes(s)["alerts"]
