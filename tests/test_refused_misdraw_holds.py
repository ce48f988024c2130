"""What the table asks after a card no round could take, an EMPTY with no round open, and a held read whose
missing card was typed (qaR F2, F3, F4), over a real pty and a real journal.

F2: a new deck's first card read before any bet was refused with "correct it (K), or void the last card
(Backspace)", and the round's real first card then waited "type the card really dealt in its place first (K)":
typed as told, the refused card went into seat 1.  A card read after the cut card, between rounds, had the
same DO line.  F3: the old deck's SHOE EMPTY, arriving after Ctrl+N, said to void the round over a fresh
deck.  F4: the read held behind an unreadable card (or lost frames) still said "type that card first (K)"
once it was typed.
"""

from __future__ import annotations

import time
from decimal import Decimal as D

from dealer_assist.cards import parse_card
from dealer_assist.events import CardRead
from dealer_assist.shoe import ShoeRules
from dealer_assist.shoesim import PtyEndpoint
from dealer_assist.sources.serial_shoe import SerialShoe
from dealer_assist.sources.shoe_protocol import format_frame
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from polling import wait_for

HELLO = format_frame("HELLO", 0, "1", "fw", "SHOE-A", "A1")


class Rig:
    """A table reading a shoe on a pty (the frames are written by the test as a shoe would)."""

    def __init__(self, tmp_path, session) -> None:
        self.device = PtyEndpoint(str(tmp_path / "shoe"))
        self.session = session
        self.reader = SerialShoe(self.device.url, name="serial:shoe", backoff_first=0.05, backoff_max=0.2)
        self.reader.start(session.handle)
        assert wait_for(lambda: self.reader.link == "up" and self.device.host_connected())
        self.seq = 0
        self.send(HELLO)

    def send(self, data: bytes) -> None:
        self.device.write(data)

    def card(self, code: str) -> None:
        self.seq += 1
        self.send(format_frame("CARD", self.seq, code))

    def close(self) -> None:
        self.reader.stop()
        self.device.close()
        self.session.close()


def refused_alert(session):
    return next(a for a in session.snapshot.alerts if a.code == "refused")


def test_a_card_read_before_any_bet_is_a_misdraw_and_the_next_read_waits_for_enter_only(tmp_path):
    rig = Rig(tmp_path, BlackjackSession(BlackjackTableRules(seats=3), Journal.open(tmp_path / "bj.sqlite")))
    s = rig.session
    try:
        rig.card("QC")  # no bet on the layout
        assert wait_for(lambda: any(a.code == "refused" for a in s.snapshot.alerts))
        alert = refused_alert(s)
        assert "no seat has a bet" in alert.text
        assert "Backspace" not in alert.action and "set it aside" in alert.action
        assert "Enter plays it" in alert.action
        assert s.place(1, D("10")) is None and s.deal() is None
        rig.card("6H")
        assert wait_for(lambda: s.snapshot.pending is not None)
        assert "no round being open for it" in s.snapshot.reason
        assert "if that card was set aside, Enter plays this one" in s.snapshot.reason and "in its place" not in s.snapshot.reason
        assert s.confirm_pending() is None  # Enter, as the hold says: 6H is seat 1's first card
        assert [c.code for c in s.state.round.cards] == ["6H"]
        rig.card("9S")
        assert wait_for(lambda: len(s.state.round.cards) == 2) and s.snapshot.pending is None
    finally:
        rig.close()
    with Journal.open(tmp_path / "bj.sqlite", readonly=True) as journal:
        refused = [e.payload for e in journal.entries() if e.kind == "card_refused"]
    assert [(p["card"], p.get("no_round")) for p in refused] == [("QC", "no_deal")]


def test_the_misdraws_wait_comes_back_after_a_restart(tmp_path):
    path = tmp_path / "bj.sqlite"
    rig = Rig(tmp_path, BlackjackSession(BlackjackTableRules(seats=3), Journal.open(path)))
    try:
        rig.card("QC")
        assert wait_for(lambda: any(a.code == "refused" for a in rig.session.snapshot.alerts))
        assert rig.session.place(1, D("10")) is None and rig.session.deal() is None
    finally:
        rig.close()
    again = BlackjackSession(BlackjackTableRules(seats=3), Journal.open(path))
    try:
        again.handle(CardRead(parse_card("6H"), "serial:shoe", time.time(), seq=2))
        assert again.snapshot.pending is not None
        assert "if that card was set aside, Enter plays this one" in again.snapshot.reason
    finally:
        again.close()


def test_a_card_read_after_the_cut_card_between_rounds_is_set_aside_and_holds_nothing(tmp_path):
    rig = Rig(tmp_path, BlackjackSession(BlackjackTableRules(seats=3), Journal.open(tmp_path / "bj.sqlite")))
    s = rig.session
    try:
        rig.send(format_frame("SHOE", 1, "CUT"))
        rig.seq = 1
        assert wait_for(lambda: s.state.cut_out)
        assert s.place(1, D("10")) is None
        rig.card("9D")
        assert wait_for(lambda: any(a.code == "refused" for a in s.snapshot.alerts))
        alert = refused_alert(s)
        assert "cut card is out" in alert.text
        assert "Backspace" not in alert.action and "(K)" not in alert.action and "set it aside" in alert.action
        rig.card("4C")  # refused alike, not held behind 9D
        assert wait_for(lambda: refused_alert(s).title.startswith("CARD 4"))
        assert s.snapshot.pending is None
    finally:
        rig.close()


def test_baccarat_a_card_after_the_shoes_last_round_holds_no_read():
    """Baccarat's one refusal of a card no round can take (the shoe finished) already says to set it aside and
    holds nothing (qaK); checked here beside blackjack's."""
    from test_session_holds import test_a_stray_card_after_the_shoes_last_round_holds_no_card_of_the_next_shoe as t
    t()


def test_an_empty_shoe_with_no_round_open_asks_to_load_the_new_deck_not_to_void_a_round(tmp_path):
    """As after the deck check and Ctrl+N: the deck at the table is new, nothing dealt from it, when the old
    deck's SHOE EMPTY arrives; it goes once a card is read.  In a round, EMPTY still says to void it."""
    rig = Rig(tmp_path, BlackjackSession(BlackjackTableRules(seats=3), Journal.open(tmp_path / "bj.sqlite")))
    s = rig.session
    try:
        rig.send(format_frame("SHOE", 1, "EMPTY"))
        rig.seq = 1
        assert wait_for(lambda: any(a.code == "empty" for a in s.snapshot.alerts))
        alert = next(a for a in s.snapshot.alerts if a.code == "empty")
        assert "void the round" not in alert.action and "Backspace" not in alert.action
        assert "load deck 1 into the shoe" in alert.action and "no card dealt from it" in alert.text
        assert s.place(1, D("10")) is None and s.deal() is None
        rig.card("5C")
        assert wait_for(lambda: len(s.state.round.cards) == 1)
        assert not any(a.code == "empty" for a in s.snapshot.alerts)  # the shoe is loaded: a card came out
        rig.seq += 1
        rig.send(format_frame("SHOE", rig.seq, "EMPTY"))
        assert wait_for(lambda: any(a.code == "empty" for a in s.snapshot.alerts))
        assert "void the round" in next(a for a in s.snapshot.alerts if a.code == "empty").action
    finally:
        rig.close()


def test_an_unreadable_cards_wait_says_the_card_was_typed_once_it_is(tmp_path):
    rig = Rig(tmp_path, TableSession(TableRules(shoe=ShoeRules(burn=False)), odds=False))
    s = rig.session
    try:
        assert s.deal() is None
        rig.card("2S")
        rig.card("??")
        rig.card("7C")
        assert wait_for(lambda: s.snapshot.pending is not None)
        assert "type that card first" in s.snapshot.reason
        assert s.enter_card("8C") is None
        assert "8♣ typed: Enter plays 7♣" in s.snapshot.reason
        assert "type that card first" not in s.snapshot.reason
        assert s.confirm_pending() is None
        assert [c.code for c in s.state.round.cards] == ["2S", "8C", "7C"]
    finally:
        rig.close()


def test_a_wait_behind_lost_frames_says_the_card_typed_for_them_was_typed(tmp_path):
    for typed_first in (True, False):
        (tmp_path / str(typed_first)).mkdir()
        rig = Rig(tmp_path / str(typed_first), TableSession(TableRules(shoe=ShoeRules(burn=False)), odds=False))
        s = rig.session
        try:
            assert s.deal() is None
            rig.card("AS")
            rig.send(format_frame("HB", 3, "2"))  # frame 2 was a card, lost
            rig.seq = 3
            assert wait_for(lambda: any(a.code == "gap" for a in s.snapshot.alerts))
            if typed_first:  # the usual order after a replug (qaR F1): typed before the next read comes
                assert s.enter_card("2C") is None
            rig.card("KC")
            assert wait_for(lambda: s.snapshot.pending is not None)
            if not typed_first:
                assert "type any missing card first" in s.snapshot.reason
                assert s.enter_card("2C") is None
            assert "2♣ typed: Enter plays K♣" in s.snapshot.reason, s.snapshot.reason
            assert "type any missing card first" not in s.snapshot.reason
            assert s.confirm_pending() is None
            assert [c.code for c in s.state.round.cards] == ["AS", "2C", "KC"]
        finally:
            rig.close()


def test_an_empty_shoe_in_the_deck_check_asks_to_count_the_cards_back_not_to_void_a_round(tmp_path):
    """qaR F3's more usual timing: the stub read out through the reader in the deck check, then EMPTY."""
    from dealer_assist.events import ShoeSignal

    s = BlackjackSession(BlackjackTableRules(seats=2), Journal.open(tmp_path / "bj.sqlite"))
    try:
        assert s.place(1, D("10")) is None and s.deal() is None
        for code in ("TS", "5D", "9C"):
            assert s.enter_card(code) is None
        assert s.stand() is None
        for code in ("8S", "4C"):
            assert s.enter_card(code) is None
        assert s.start_deck_check() is None
        s.handle(ShoeSignal("serial:shoe", time.time(), "empty"))
        alert = next(a for a in s.snapshot.alerts if a.code == "empty")
        assert "being checked" in alert.text and "void" not in alert.action and "Ctrl+N" in alert.action
    finally:
        s.close()
