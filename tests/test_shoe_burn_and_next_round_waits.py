"""A card a shoe left unplayed during the burn, or after the round was complete, is no card of the next round (rev36).

Since a shoe's read held behind a card it left unplayed (unread, refused, fed with another) is no longer played with
one Enter, every way the table has of saying "that card is gone" must end the wait, else the table either stands or
the card typed as the banner asks is dealt into the next round:

* R4: baccarat's B (the burn done unrecorded) over a burn card the shoe could not read: that card was the burn's;
  round 1's first read is played as it comes, after a restart too (as blackjack's B, journaled ``burned_unread``).
* R1: baccarat's N with a card the shoe left unplayed after the round was complete and a read held behind it
  before N: the wait ends and the read is held as a card after the round (Enter a no-bet hand, Del aside), as when
  no card went missing before it; round 2's first read plays as P1.
* R2: blackjack's B with a read held behind the unread burn card: while burn cards are still due the read is one
  of them, burned as read (Enter had dealt it into seat 1); with none left, its banner no longer asks for the card.
* R3: blackjack, more cards unread than burn cards: Del with no read waiting sets the one left aside.
* R5, R6: the words behind a dropped read, and Ctrl+N's refusal once the burn is done.

Real bytes over a real pty to the reader (the Rig of tests/test_shoe_missing_card_wait.py).
"""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from dealer_assist.shoe import ShoeRules
from dealer_assist.shoesim import PtyEndpoint
from dealer_assist.sources.serial_shoe import SerialShoe
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TablePhase, TableRules
from polling import wait_for
from test_serial_restarts import frame, hello
from test_serial_blackjack_reads import BlackjackRig
import test_shoe_missing_card_wait as missing_card

BURNING = TableRules(shoe=ShoeRules(burn=True, decks=8))


class BurnRig(missing_card.Rig):
    """The Rig of tests/test_shoe_missing_card_wait.py at a table whose shoe is burned."""

    def __init__(self, tmp_path, rules: TableRules = BURNING) -> None:
        self.rules = rules
        missing_card.RULES, kept = rules, missing_card.RULES
        try:
            super().__init__(tmp_path)
        finally:
            missing_card.RULES = kept

    def restart(self) -> None:
        self.session.close()
        self.session = TableSession(self.rules, Journal.open(self.path), odds=False)


class RestartingBlackjackRig(BlackjackRig):
    """The BlackjackRig of tests/test_serial_blackjack_reads.py, its reader feeding whichever table is up."""

    def __init__(self, tmp_path, rules: BlackjackTableRules) -> None:
        self.rules = rules
        self.link = str(tmp_path / "shoe")
        self.device = PtyEndpoint(self.link)
        self.journal = tmp_path / "bj.sqlite"
        self.session = BlackjackSession(rules, Journal.open(self.journal))
        self.reader = SerialShoe(self.link, name="serial:shoe", backoff_first=0.05, backoff_max=0.2)
        self.reader.start(lambda event: self.session.handle(event))
        assert wait_for(lambda: self.reader.link == "up" and self.device.host_connected())
        self.seq = 0
        self.send("HELLO", "1", "fw", "SHOE-1", "B1")

    def restart(self) -> BlackjackSession:
        self.session.close()
        self.session = BlackjackSession(self.rules, Journal.open(self.journal))
        return self.session


def standing(rig) -> list:
    return [a.code for a in rig.session.snapshot.alerts if a.level != "info"]


@pytest.mark.parametrize("restart", [False, True])
@pytest.mark.parametrize("burn_card", [frame("CARD", 1, "??"), frame("ERR", 1, "MISREAD", "card seen, code not read")])
def test_baccarat_b_ends_the_wait_for_a_burn_card_the_shoe_could_not_read(tmp_path, burn_card, restart):
    rig = BurnRig(tmp_path)
    try:
        assert rig.session.state.phase == TablePhase.BURN
        rig.send(hello("B1"), burn_card)  # the burn's shown card, unread
        assert wait_for(lambda: "unreadable" in standing(rig))
        assert rig.session.skip_burn() is None  # Shift+B: the burn went to the discard rack
        assert rig.session.state.phase == TablePhase.BETTING
        assert "unreadable" not in standing(rig)
        if restart:
            rig.restart()
            assert "unreadable" not in standing(rig)
        assert rig.session.deal() is None
        rig.send(frame("CARD", 2, "4H"))
        assert wait_for(lambda: rig.played() == ["4H"]), rig.session.snapshot.status_reason()
        assert rig.session.snapshot.pending is None and rig.session.snapshot.cards_due == 0
    finally:
        rig.close()


@pytest.mark.parametrize("restart", [False, True])
def test_baccarat_shift_b_burns_a_read_held_behind_the_unread_shown_card(tmp_path, restart):
    """The shown card unread, the next card (a face-down burn card) read and held behind it, then Shift+B: that read
    is a burn card, burned; Enter had dealt it as round 1's P1 once the wait ended."""
    rig = BurnRig(tmp_path)
    try:
        rig.send(hello("B1"), frame("CARD", 1, "??"), frame("CARD", 2, "4H"))
        assert rig.waits("4H")
        assert rig.session.skip_burn() is None
        snap = rig.session.snapshot
        assert snap.pending is None and snap.cards_due == 0 and not standing(rig), snap.status_reason()
        assert [c.code for c in snap.state.shoe.burned] == ["4H"] and snap.state.phase == TablePhase.BETTING
        if restart:
            rig.restart()
            snap = rig.session.snapshot
            assert snap.pending is None and not standing(rig) and [c.code for c in snap.state.shoe.burned] == ["4H"]
        assert rig.session.deal() is None
        rig.send(frame("CARD", 3, "5D"))
        assert wait_for(lambda: rig.played() == ["5D"]), rig.session.snapshot.status_reason()
    finally:
        rig.close()


@pytest.mark.parametrize("restart", [False, True])
def test_baccarat_b_face_down_ends_the_wait_for_a_burn_card_the_shoe_could_not_read(tmp_path, restart):
    """The shown card read (3♥: three to burn), the next one unread, then B (the burn done face down, unseen)."""
    rig = BurnRig(tmp_path)
    try:
        rig.send(hello("B1"), frame("CARD", 1, "3H"), frame("CARD", 2, "??"))
        assert wait_for(lambda: "unreadable" in standing(rig)) and rig.session.state.shoe.burn_left == 3
        assert rig.session.burn_unseen() is None  # B
        assert rig.session.state.phase == TablePhase.BETTING and "unreadable" not in standing(rig)
        if restart:
            rig.restart()
            assert "unreadable" not in standing(rig)
        assert rig.session.deal() is None
        rig.send(frame("CARD", 3, "4H"))
        assert wait_for(lambda: rig.played() == ["4H"]), rig.session.snapshot.status_reason()
        assert rig.session.snapshot.pending is None and rig.session.snapshot.cards_due == 0
    finally:
        rig.close()


def complete_round(rig) -> None:
    assert rig.session.deal() is None
    rig.send(hello("B1"), frame("CARD", 1, "9S"), frame("CARD", 2, "9H"), frame("CARD", 3, "KS"), frame("CARD", 4, "KH"))
    assert wait_for(lambda: rig.session.state.phase == TablePhase.SETTLED)  # naturals: four cards


@pytest.mark.parametrize("restart", [False, True])
@pytest.mark.parametrize("missing", [frame("CARD", 5, "??"), frame("ERR", 5, "DOUBLE_FEED", "two cards left together"),
                                     frame("CARD", 5, "9S")])  # a second 9S in a one-deck shoe: refused
def test_baccarat_n_ends_a_wait_for_a_card_missing_after_the_round_with_a_read_held_behind_it(tmp_path, missing,
                                                                                              restart):
    rig = BurnRig(tmp_path, missing_card.RULES)
    try:
        complete_round(rig)
        rig.send(missing, frame("CARD", 6, "4H"))  # both before N
        assert rig.waits("4H") and rig.session.snapshot.cards_due == 1
        assert rig.session.next_round() is None
        snap = rig.session.snapshot
        assert snap.state.round_no == 2 and snap.pending is None and snap.cards_due == 0
        assert [c.code for c in snap.state.held] == ["4H"]  # a card after the round, as with nothing missing
        assert standing(rig) == ["held"], snap.alerts
        if restart:
            rig.restart()
            snap = rig.session.snapshot
            assert snap.pending is None and [c.code for c in snap.state.held] == ["4H"], snap.status_reason()
            assert standing(rig) == ["held"] and snap.cards_due == 0, snap.alerts
        assert rig.session.discard_held() is None  # Del: set aside
        assert rig.session.deal() is None
        rig.send(frame("CARD", 7, "5H"))
        assert wait_for(lambda: rig.played() == ["5H"]), rig.session.snapshot.status_reason()
        assert rig.session.snapshot.pending is None and rig.session.state.round_no == 2
    finally:
        rig.close()


@pytest.mark.parametrize("restart", [False, True])
@pytest.mark.parametrize("bet_first", [False, True])
def test_blackjack_b_burns_a_read_held_behind_an_unread_burn_card(tmp_path, bet_first, restart):
    rules = BlackjackTableRules(seats=2, burn_cards=2)
    rig = RestartingBlackjackRig(tmp_path, rules)
    try:
        s = rig.session
        if bet_first:
            assert s.place(1, D("10")) is None
        rig.send("CARD", "??")  # the first burn card, unread
        rig.cards("7H")  # the second, read: held behind the unread one
        assert wait_for(lambda: s.snapshot.pending is not None and s.snapshot.pending.card.code == "7H")
        assert s.skip_burn() is None  # B
        snap = s.snapshot
        assert snap.pending is None and snap.cards_due == 0, snap.status_reason()
        assert [c.code for c in s.state.burned] == ["7H"] and s.state.burn_left == 0
        assert s.state.round is None or not s.state.round.cards  # seat 1 has no card
        assert not [a for a in snap.alerts if a.level != "info"], snap.alerts
        if restart:
            s = rig.restart()
            snap = s.snapshot
            assert snap.pending is None and snap.cards_due == 0, snap.status_reason()
            assert [c.code for c in s.state.burned] == ["7H"] and s.state.burn_left == 0
            assert not [a for a in snap.alerts if a.level != "info"], snap.alerts
        if not bet_first:
            assert s.place(1, D("10")) is None
        assert s.deal() is None
        rig.cards("9S")
        assert wait_for(lambda: rig.session.state.round is not None and len(rig.session.state.round.cards) == 1)
        assert rig.hands(1) == [["9S"]] and rig.session.snapshot.pending is None
    finally:
        rig.close()


@pytest.mark.parametrize("restart", [False, True])
def test_blackjack_b_with_no_burn_card_left_for_the_read_held_says_so(tmp_path, restart):
    """burn_cards=1: the unread card was the whole burn; the read behind it is the first card after the burn, and
    its banner no longer asks for the card B burned (it had: "type that card first (K)"), after a restart too."""
    rig = RestartingBlackjackRig(tmp_path, BlackjackTableRules(seats=2, burn_cards=1))
    try:
        s = rig.session
        assert s.place(1, D("10")) is None
        rig.send("CARD", "??")
        rig.cards("7H")
        assert wait_for(lambda: s.snapshot.pending is not None and s.snapshot.pending.card.code == "7H")
        assert s.skip_burn() is None
        reason = s.snapshot.status_reason()
        assert s.snapshot.cards_due == 0 and "went with the burn (B)" in reason and "(K)" not in reason, reason
        assert not s.state.burned and s.state.burn_left == 0
        if restart:
            s = rig.restart()
            reason = s.snapshot.status_reason()
            assert s.snapshot.cards_due == 0 and "went with the burn (B)" in reason and "(K)" not in reason, reason
        assert s.confirm_pending() is None  # the croupier dealt it: seat 1's first card
        assert rig.hands(1) == [["7H"]]
    finally:
        rig.close()


@pytest.mark.parametrize("restart", [False, True])
@pytest.mark.parametrize("second", [("CARD", "??"), ("ERR", "DOUBLE_FEED", "two cards left together")])
def test_blackjack_del_sets_aside_an_unread_card_left_with_no_round_open(tmp_path, second, restart):
    """R3: burn_cards=1 and two cards out unread before the bets: B burns one; the other is a misdraw, and Del (no
    read waiting) sets it aside as it does a refused one, so the round's first read plays in seat 1 as it comes."""
    rig = RestartingBlackjackRig(tmp_path, BlackjackTableRules(seats=2, burn_cards=1))
    try:
        s = rig.session
        rig.send("CARD", "??")
        rig.send(*second)
        assert wait_for(lambda: s.cards_due("serial:shoe") >= 1 and len(standing(rig)) >= 1)
        assert s.skip_burn() is None
        assert standing(rig), "one card not read is still waited for after B"
        s.reject_pending()  # Del, no read waiting
        assert not standing(rig) and s.cards_due("serial:shoe") == 0, s.snapshot.alerts
        assert "set aside" in s.snapshot.message
        if restart:
            s = rig.restart()
            assert not standing(rig) and s.cards_due("serial:shoe") == 0, s.snapshot.alerts
        assert s.place(1, D("10")) is None and s.deal() is None
        rig.cards("9S")
        assert wait_for(lambda: rig.session.state.round is not None and len(rig.session.state.round.cards) == 1)
        assert rig.hands(1) == [["9S"]] and rig.session.snapshot.pending is None
    finally:
        rig.close()


def test_the_banner_behind_a_dropped_read_says_a_read_was_dropped(tmp_path):
    """R5: a held read dropped (Del) behind its one unread card: the next read's banner and Enter's refusal say a
    read was dropped too (they had said the cards before it "could not be read (or were refused) in a row")."""
    rig = BurnRig(tmp_path, missing_card.RULES)
    try:
        assert rig.session.deal() is None
        rig.send(hello("B1"), frame("CARD", 1, "AS"), frame("CARD", 2, "??"), frame("CARD", 3, "4H"))
        assert rig.waits("4H")
        rig.session.reject_pending()  # Del on 4H
        rig.send(frame("CARD", 4, "5D"))
        assert rig.waits("5D")
        reason, refused = rig.session.snapshot.status_reason(), rig.session.confirm_pending()
        for words in (reason, refused):
            assert "a read was dropped too (Del)" in words and "in a row" not in words, words
            assert "type each card dealt in its place first (K), then Enter plays 5♦" in words, words
        assert rig.played() == ["AS"]
    finally:
        rig.close()


def test_ctrl_n_after_the_burn_skipped_says_the_burn_is_done(tmp_path):
    """R6: the shown card read, the rest skipped (Shift+B): Ctrl+N's refusal had said "its burn has begun ... Go on
    with the burn as shown"; V still takes the shown card back, then Ctrl+N starts the new shoe."""
    s = TableSession(BURNING, Journal.open(tmp_path / "j.sqlite"), odds=False)
    try:
        assert s.enter_card("5H") is None and s.skip_burn() is None
        refusal = s.new_shoe_refusal()
        assert refusal is not None and "its burn is done (5♥ read)" in refusal and "Go on with the burn" not in refusal
        assert "void the burn card(s) (V), then Ctrl+N" in refusal
        assert s.void_last_card(why="another shoe") is None
        assert s.new_shoe_refusal() is None and s.new_shoe() is None and s.state.shoe_no == 2
    finally:
        s.close()
