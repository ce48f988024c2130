"""What fixR36's shoe waits left over (fixRP4), over a real pty to the reader (tests/test_shoe_missing_card_wait.py's
Rig):

* a: baccarat, a card missing after the round was complete and a read held behind it that is itself refused (a
  second 9♠ of a one-deck shoe): N ended the wait and the read was refused, but the same N's end of the round's
  waits took CARD REFUSED down unseen, and 9♠ was neither held nor told of.  N now stops at the refusal with CARD
  REFUSED up, as when nothing went missing before the read; N again opens the round (a restart and a replay alike);
* b: baccarat, B or Shift+B with no burn card left for the read held behind the unread burn card: the read kept "type
  that card first (K)", and the card typed as it asked went in as P1.  It says the card went with the burn, as at
  blackjack, after a restart too;
* rev38 R1 (with b): baccarat B (the burn done face down) with a read held behind an unread burn card while burn
  cards are still due: the read was counted unseen and stayed held, and Enter dealt that burn card as P1.  It is
  burned as read, as Shift+B burns it;
* c: a shoe's read held behind a card it could not read, dropped (Del): the cards due counted only the unread one
  (and none the shoe could not read after the drop), so one card typed let Enter play the next read in the place of
  the dropped read's card, which left the shoe and was dealt all the same (a shoe reads each card once).  Both are
  counted now, at both games, after a restart too.
"""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.table.session import TableSession
from polling import wait_for
from replayed_journals import replayed
from test_serial_restarts import frame, hello
from test_shoe_burn_and_next_round_waits import BurnRig, RestartingBlackjackRig, complete_round, standing
import test_shoe_missing_card_wait as missing_card


@pytest.mark.parametrize("restart", [False, True])
def test_baccarat_n_keeps_card_refused_of_a_read_held_behind_a_missing_card(tmp_path, restart):
    rig = BurnRig(tmp_path, missing_card.RULES)
    try:
        complete_round(rig)  # 9S 9H KS KH
        rig.send(frame("CARD", 5, "??"), frame("CARD", 6, "9S"))  # a second 9S of a one-deck shoe, held behind ??
        assert rig.waits("9S")
        said = rig.session.next_round()
        assert said is not None and "copy 2" in said and "N again opens it" in said, said
        snap = rig.session.snapshot
        assert snap.state.round_no == 1 and snap.pending is None and not snap.state.held
        assert standing(rig) == ["refused"], snap.alerts  # as with nothing missing before 9S
        if restart:
            rig.restart()
            assert standing(rig) == ["refused"] and rig.session.state.round_no == 1, rig.session.snapshot.alerts
        shown = replayed(rig.path, TableSession(missing_card.RULES, odds=False))
        assert [a.code for a in shown.snapshot.alerts if a.level != "info"] == ["refused"]
        assert rig.session.next_round() is None  # N again: the round opens, the refused card's wait ends
        assert rig.session.state.round_no == 2 and not standing(rig)
        assert rig.session.deal() is None
        rig.send(frame("CARD", 7, "5H"))
        assert wait_for(lambda: rig.played() == ["5H"]), rig.session.snapshot.status_reason()
    finally:
        rig.close()


@pytest.mark.parametrize("restart", [False, True])
@pytest.mark.parametrize("key", ["burn_unseen", "skip_burn"])  # B, Shift+B
def test_baccarat_b_with_no_burn_card_left_for_the_read_held_says_it_went_with_the_burn(tmp_path, key, restart):
    """A♥ shown (one card to burn), that card unread, 4♥ read and held behind it, then B or Shift+B."""
    rig = BurnRig(tmp_path)
    try:
        rig.send(hello("B1"), frame("CARD", 1, "AH"), frame("CARD", 2, "??"), frame("CARD", 3, "4H"))
        assert rig.waits("4H")
        assert getattr(rig.session, key)() is None
        if restart:
            rig.restart()
        snap = rig.session.snapshot
        reason = snap.status_reason()
        assert snap.cards_due == 0 and "went with the burn (B" in reason and "(K)" not in reason, reason
        assert "as P1" in reason and not standing(rig)
        assert rig.session.confirm_pending() is None  # the croupier dealt it: P1
        assert rig.played() == ["4H"]
    finally:
        rig.close()


@pytest.mark.parametrize("restart", [False, True])
def test_baccarat_b_burns_a_read_held_behind_an_unread_burn_card_while_burn_cards_are_due(tmp_path, restart):
    """3♥ shown (three to burn), the next one unread, 4♥ read and held behind it, then B."""
    rig = BurnRig(tmp_path)
    try:
        rig.send(hello("B1"), frame("CARD", 1, "3H"), frame("CARD", 2, "??"), frame("CARD", 3, "4H"))
        assert rig.waits("4H")
        assert rig.session.burn_unseen() is None
        if restart:
            rig.restart()
        snap = rig.session.snapshot
        assert snap.pending is None and snap.cards_due == 0 and not standing(rig), snap.status_reason()
        assert [c.code for c in snap.state.shoe.burned] == ["3H", "4H"] and snap.state.shoe.unknown == 2
        assert rig.session.deal() is None
        rig.send(frame("CARD", 4, "5D"))
        assert wait_for(lambda: rig.played() == ["5D"]), rig.session.snapshot.status_reason()
    finally:
        rig.close()


@pytest.mark.parametrize("restart", [False, True])
@pytest.mark.parametrize("unread_after", [False, True])
def test_baccarat_cards_due_behind_a_dropped_read_count_its_card(tmp_path, unread_after, restart):
    rig = BurnRig(tmp_path, missing_card.RULES)
    try:
        assert rig.session.deal() is None
        rig.send(hello("B1"), frame("CARD", 1, "AS"), frame("CARD", 2, "??"), frame("CARD", 3, "4H"))
        assert rig.waits("4H") and rig.session.snapshot.cards_due == 1
        rig.session.reject_pending()  # Del on 4H: 4H's card left the shoe all the same
        due = 2
        if unread_after:  # another card the shoe could not read: one more, told in its alert
            rig.send(frame("CARD", 4, "??"))
            due = 3
            assert wait_for(lambda: "3 cards could not be read or were dropped (Del)" in " ".join(
                a.action for a in rig.session.snapshot.alerts)), rig.session.snapshot.alerts
        rig.send(frame("CARD", 5 if unread_after else 4, "5D"))
        assert rig.waits("5D")
        if restart:
            rig.restart()
            assert rig.waits("5D")
        assert rig.session.snapshot.cards_due == due and rig.session.cards_due("serial:shoe") == due
        assert f"{due} cards before 5♦ still untyped" in rig.session.snapshot.status_reason()
        typed = ["9S", "2C", "3D"][:due]
        for n, card in enumerate(typed, start=1):
            refused = rig.session.confirm_pending()
            assert refused is not None and "a read was dropped too (Del)" in refused, refused
            assert rig.session.enter_card(card) is None
            assert rig.session.snapshot.cards_due == due - n
        assert rig.session.confirm_pending() is None
        assert rig.played() == ["AS", *typed, "5D"]
    finally:
        rig.close()


def test_blackjack_cards_due_behind_a_dropped_read_count_its_card(tmp_path):
    rig = RestartingBlackjackRig(tmp_path, BlackjackTableRules(seats=2))
    try:
        s = rig.session
        assert s.place(1, D("10")) is None and s.place(2, D("10")) is None and s.deal() is None
        rig.cards("9S")
        rig.send("CARD", "??")
        rig.cards("7H")
        assert wait_for(lambda: s.snapshot.pending is not None and s.snapshot.pending.card.code == "7H")
        s.reject_pending()  # Del on 7H
        rig.cards("5D")
        assert wait_for(lambda: s.snapshot.pending is not None and s.snapshot.pending.card.code == "5D")
        assert s.snapshot.cards_due == 2
        assert s.enter_card("2C") is None and s.confirm_pending() is not None  # one still untyped: refused
        assert s.enter_card("3D") is None and s.confirm_pending() is None
        assert [c.code for c in rig.session.state.round.cards] == ["9S", "2C", "3D", "5D"]
    finally:
        rig.close()
