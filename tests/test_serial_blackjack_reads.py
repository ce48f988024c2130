"""A blackjack table on a serial shoe over a real pty: cards read at moments the round does not expect one.

QA drove a shoe emulator: a card drawn when the player signals, before the croupier keys the decision,
was refused, its DO line offered Backspace (which voided another seat's good card) and the card read
was thrown away; after SHOE NEW in a round the next card read was played into it unchecked.
"""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from dealer_assist.shoesim import PtyEndpoint
from dealer_assist.sources.serial_shoe import SerialShoe
from dealer_assist.sources.shoe_protocol import format_frame
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.table.holds import AFTER_NEW_DECK
from dealer_assist.table.journal import Journal
from polling import wait_for


class BlackjackRig:
    """A pty the test writes a shoe's bytes into, the reader on its link, and a two-seat blackjack table."""

    def __init__(self, tmp_path, rules: BlackjackTableRules = BlackjackTableRules(seats=2)) -> None:
        self.link = str(tmp_path / "shoe")
        self.device = PtyEndpoint(self.link)
        self.journal = tmp_path / "bj.sqlite"
        self.session = BlackjackSession(rules, Journal.open(self.journal))
        self.reader = SerialShoe(self.link, name="serial:shoe", backoff_first=0.05, backoff_max=0.2)
        self.reader.start(self.session.handle)
        assert wait_for(lambda: self.reader.link == "up" and self.device.host_connected())
        self.seq = 0
        self.send("HELLO", "1", "fw", "SHOE-1", "B1")

    def send(self, kind: str, *fields: str) -> None:
        self.seq += 1 if kind != "HELLO" else 0
        self.device.write(format_frame(kind, 0 if kind == "HELLO" else self.seq, *fields))

    def cards(self, *codes: str) -> None:
        for code in codes:
            self.send("CARD", code)

    def hands(self, seat: int) -> list:
        s = self.session.state
        return [[c.code for c in h.cards] for h in s.round.seat_hands(s.round_seat(seat))]

    def close(self) -> None:
        self.reader.stop()
        self.device.close()
        self.session.close()


@pytest.fixture
def rig(tmp_path, request):
    """The table in round 1, seat 1 to play; ``rules`` by indirect parametrization (default: two seats)."""
    made = BlackjackRig(tmp_path, getattr(request, "param", BlackjackTableRules(seats=2)))
    s = made.session
    if s.state.burn_left:
        assert s.skip_burn() is None  # the first deck's burn done unrecorded: round 1 is dealt at once
    s.place(1, D("10"))
    s.place(2, D("10"))
    assert s.deal() is None
    made.cards("9S", "5H", "7C", "2D", "6D")  # seat 1: 9 2 (11), seat 2: 5 6, dealer 7
    assert wait_for(lambda: len(s.state.round.cards) == 5 and s.state.active == (1, 0))
    yield made
    made.close()


def waiting(rig, code):
    return wait_for(lambda: rig.session.snapshot.pending is not None and rig.session.snapshot.pending.card.code == code)


def test_a_card_read_before_the_hit_waits_and_is_played_once_h_is_keyed(rig):
    s = rig.session
    rig.cards("KH")  # drawn as the player signalled, before H
    assert waiting(rig, "KH")
    doubt = s.snapshot.pending.doubt
    assert "seat 1" in doubt and "H (hit)" in doubt and "Backspace" not in doubt
    assert not [a for a in s.snapshot.alerts if a.level != "info"]
    assert rig.hands(1) == [["9S", "2D"]] and rig.hands(2) == [["5H", "6D"]]
    refused = s.confirm_pending()  # Enter before H: refused, nothing lost
    assert "decision for seat 1 comes first" in refused and s.snapshot.pending.card.code == "KH"
    assert s.hit() is None
    assert rig.hands(1) == [["9S", "2D", "KH"]] and s.snapshot.pending is None and rig.hands(2) == [["5H", "6D"]]
    rig.cards("3C")  # seat 1 is on 21: the next card waits for seat 2's decision in its turn
    assert waiting(rig, "3C") and "seat 2" in s.snapshot.pending.doubt
    assert s.double() is None
    assert rig.hands(2) == [["5H", "6D", "3C"]] and s.state.round.seat_hands(2)[0].doubled


def test_a_card_read_before_a_stand_waits_with_words_for_the_hand_due_next(rig):
    s = rig.session
    rig.cards("KH")
    assert waiting(rig, "KH")
    assert s.stand() is None  # seat 1 stands: seat 2's decision is due, the card still waits
    assert "seat 2" in s.snapshot.pending.doubt and rig.hands(1) == [["9S", "2D"]]
    assert s.hit() is None
    assert rig.hands(2) == [["5H", "6D", "KH"]]


def test_a_card_typed_before_the_decision_is_told_to_wait_for_it_not_to_void(rig):
    s = rig.session
    assert s.enter_card("KH") is not None
    alert = {a.code: a for a in s.snapshot.alerts}["refused"]
    assert "Backspace" not in alert.action and "decision for seat 1 first" in alert.action
    assert rig.hands(2) == [["5H", "6D"]]


def test_a_card_read_after_shoe_new_in_a_round_waits_for_the_croupier(rig):
    s = rig.session
    assert s.hit() is None
    rig.send("SHOE", "NEW")
    assert wait_for(lambda: "newdeck:round" in {a.code for a in s.snapshot.alerts})
    alert = {a.code: a for a in s.snapshot.alerts}["newdeck:round"]
    assert alert.title == "NEW DECK DURING A ROUND" and "waits for you" in alert.text
    rig.cards("2C")  # most likely the new deck's first card
    assert waiting(rig, "2C") and s.snapshot.pending.doubt == AFTER_NEW_DECK
    assert rig.hands(1) == [["9S", "2D"]]
    assert s.enter_card("TD") is None  # the round finished by hand: the card typed goes before the read
    assert rig.hands(1) == [["9S", "2D", "TD"]] and s.snapshot.pending.card.code == "2C"
    s.reject_pending()  # Del: the new deck's card set aside
    rig.cards("3C")  # still most likely the new deck's: it waits too
    assert waiting(rig, "3C") and rig.hands(2) == [["5H", "6D"]]
    s.close()
    again = BlackjackSession(BlackjackTableRules(seats=2), Journal.open(rig.journal))  # a restart keeps the wait
    try:
        assert again.snapshot.pending.card.code == "3C"
        assert "newdeck:round" in {a.code for a in again.snapshot.alerts}
    finally:
        again.close()


def test_a_card_read_back_twice_at_the_deck_check_is_said_with_its_fix(rig):
    """QA: TH read back twice went by without a word, and Ctrl+N said to find cards and count them back."""
    s = rig.session
    for call in (s.stand, s.stand):
        assert call() is None
    rig.cards("TH")  # the dealer: 7 TH, stands on 17
    assert wait_for(lambda: s.state.settlement is not None)
    assert s.start_deck_check() is None
    rig.cards("9S", "5H", "7C", "2D", "6D", "TH", "TH")  # the discards through the reader, TH twice
    assert wait_for(lambda: len(s.state.ledger.returned) == 7)
    alert = {a.code: a for a in s.snapshot.alerts}.get("counted")
    assert alert is not None and "10♥" in alert.title
    assert "type TH in the card field, then Shift+Backspace" in alert.action  # one count of it (qaAO F4)
    refused = s.new_deck()  # the stub not counted yet: both said, each with its fix
    assert "seen too often: TH" in refused
    assert "a card read back twice: type TH in the card field, then Shift+Backspace" in refused  # qaAO F4
    assert "Find the missing cards" in refused
    assert s.void_return() is None  # the second TH taken back: the alert goes
    assert "counted" not in {a.code for a in s.snapshot.alerts}
    assert s.return_stub() is None and s.new_deck() is None


def card_entries(rig) -> list:
    journal = Journal.open(rig.journal, readonly=True)
    try:
        return [e.payload for e in journal.entries() if e.kind == "card_assigned"]
    finally:
        journal.close()


def test_a_card_typed_over_a_misread_waiting_for_the_decision_is_the_card_h_plays(rig):
    """QA (rev11): 8H typed over the reader's 9H was refused, told "press H ... and it is played there",
    and H then dealt seat 1 the misread 9H."""
    s = rig.session
    rig.cards("9H")  # the reader misreads the 8H drawn as the player signalled
    assert waiting(rig, "9H")
    assert s.enter_card("8H") is None  # the croupier's correction takes the read's place
    pending = s.snapshot.pending
    assert pending.card.code == "8H" and pending.source == "keyboard" and "seat 1" in pending.doubt
    assert "8♥ typed in place of the 9♥ read" in s.snapshot.message and "8♥ is played there" in s.snapshot.message
    assert rig.hands(1) == [["9S", "2D"]]
    assert s.hit() is None
    assert rig.hands(1) == [["9S", "2D", "8H"]] and s.snapshot.pending is None
    played = card_entries(rig)[-1]
    assert played["card"] == "8H" and played["source"] == "keyboard"


def test_a_card_typed_over_a_read_waits_through_a_stand_and_del_drops_the_read(rig):
    s = rig.session
    rig.cards("9H")
    assert waiting(rig, "9H")
    assert s.enter_card("8H") is None and s.enter_card("7H") is None  # typed again: the last one waits
    assert s.snapshot.pending.card.code == "7H" and "7♥ typed in place of the 9♥ read" in s.snapshot.message
    assert s.stand() is None  # seat 2's decision now; the typed card still waits
    assert s.snapshot.pending.card.code == "7H" and "seat 2" in s.snapshot.pending.doubt
    s.reject_pending()  # Del: no card was dealt
    assert s.snapshot.pending is None and rig.hands(2) == [["5H", "6D"]]
    assert_read_dropped(rig, "9H")


def test_a_read_waiting_for_the_decision_before_a_restart_is_played_by_h_after_it(rig):
    """QA (rev11): after a restart the read waiting said "press H or D ... and it is played there", and H left
    it waiting.  Since qaAF F1 it waits for the decision as it did before the stop, so the words hold: Enter is
    refused (the decision comes first), H plays it there."""
    s = rig.session
    rig.cards("KH")
    assert waiting(rig, "KH")
    rig.reader.stop()
    s.close()
    again = BlackjackSession(BlackjackTableRules(seats=2), Journal.open(rig.journal))
    rig.session = again
    assert again.snapshot.pending.card.code == "KH"
    refused = again.confirm_pending()
    assert "the decision for seat 1 comes first" in refused and "and it is played there" in refused
    assert again.hit() is None
    assert again.snapshot.pending is None and rig.hands(1) == [["9S", "2D", "KH"]]


def test_a_card_typed_over_a_read_waiting_for_the_decision_survives_a_restart(rig):
    """QA: the typed card was journaled only once H played it, so a restart before H brought back the
    reader's misread card, and H or Enter then dealt it."""
    s = rig.session
    rig.cards("9H")  # the reader misreads the 8H drawn as the player signalled
    assert waiting(rig, "9H")
    assert s.enter_card("8H") is None  # the croupier's correction
    rig.reader.stop()
    s.close()  # the table stops before H (every entry is committed as it is written: a kill loses no more)
    again = BlackjackSession(BlackjackTableRules(seats=2), Journal.open(rig.journal))
    rig.session = again
    pending = again.snapshot.pending
    assert pending.card.code == "8H" and pending.source == "keyboard" and "press H (hit) or D" in pending.doubt
    assert "8♥ typed in place of the 9♥ read" in again.snapshot.message
    assert again.hit() is None
    assert rig.hands(1) == [["9S", "2D", "8H"]] and again.snapshot.pending is None
    played = card_entries(rig)[-1]
    assert played["card"] == "8H" and played["source"] == "keyboard"
    again.close()
    third = BlackjackSession(BlackjackTableRules(seats=2), Journal.open(rig.journal))  # answered: nothing waits
    rig.session = third
    assert third.snapshot.pending is None and rig.hands(1) == [["9S", "2D", "8H"]]


def test_del_on_a_typed_card_brought_back_by_a_restart_drops_the_read(rig):
    s = rig.session
    rig.cards("9H")
    assert waiting(rig, "9H")
    assert s.enter_card("8H") is None and s.enter_card("7H") is None  # typed twice: the last one counts
    rig.reader.stop()
    s.close()
    again = BlackjackSession(BlackjackTableRules(seats=2), Journal.open(rig.journal))
    rig.session = again
    assert again.snapshot.pending.card.code == "7H"
    again.reject_pending()  # Del: no card was dealt
    assert again.snapshot.pending is None and rig.hands(1) == [["9S", "2D"]]
    assert_read_dropped(rig, "9H")


def finish_by_hand_and_put_the_new_deck_in(rig, *more: str) -> None:
    """SHOE NEW in the round, 2C read (the new deck's; then the reads ``more``, drawn from it too), the round
    finished by hand, the old deck counted back with 2C still waiting, then Ctrl+N."""
    s = rig.session
    assert s.hit() is None
    rig.send("SHOE", "NEW")
    assert wait_for(lambda: "newdeck:round" in {a.code for a in s.snapshot.alerts})
    rig.cards("2C", *more)  # drawn from the new deck for seat 1's hit
    assert waiting(rig, "2C") and s.snapshot.pending.doubt == AFTER_NEW_DECK
    assert wait_for(lambda: len(s.snapshot.waiting) == len(more))
    for code in ("TD", "TH"):  # seat 1's card typed (21), seat 2 stands, the dealer's card typed (17)
        assert s.enter_card(code) is None
        if code == "TD":
            assert s.stand() is None
    assert s.state.settlement is not None and s.snapshot.pending.card.code == "2C"
    assert s.start_deck_check() is None
    for code in ("9S", "5H", "7C", "2D", "6D", "TD", "TH"):  # the old deck's discards, typed back
        assert s.enter_card(code) is None
    assert s.return_stub() is None and s.snapshot.pending.card.code == "2C"
    assert s.new_deck() is None


def test_a_read_after_shoe_new_still_waiting_at_ctrl_n_is_the_new_decks_first_card(rig):
    """QA: 2C, read after NEW DECK DURING A ROUND and drawn from the new deck, was dropped at Ctrl+N as read
    before it (READ BEFORE THE NEW DECK DROPPED): the new deck's count lacked it."""
    finish_by_hand_and_put_the_new_deck_in(rig)
    s = rig.session
    pending = s.snapshot.pending
    assert pending is not None and pending.card.code == "2C" and "the new deck's first card" in pending.doubt
    assert "oldreads" not in {a.code for a in s.snapshot.alerts}
    refused = s.confirm_pending()  # no bets yet: Enter says so and the card still waits
    assert "place the bets first" in refused and s.snapshot.pending.card.code == "2C"
    s.close()
    again = BlackjackSession(BlackjackTableRules(seats=2), Journal.open(rig.journal))  # a restart keeps it
    rig.session = again
    assert again.snapshot.pending.card.code == "2C" and "the new deck's first card" in again.snapshot.pending.doubt
    assert again.place(1, D("10")) is None and again.confirm_pending() is None  # Enter deals it, seat 1's first
    assert again.state.round is not None and rig.hands(1) == [["2C"]]
    assert "2C" in [c.code for c in again.state.ledger.dealt]


def test_del_sets_the_new_decks_first_card_aside_and_the_next_read_plays(rig):
    finish_by_hand_and_put_the_new_deck_in(rig)
    s = rig.session
    s.reject_pending()  # set aside as a burn: no card is missing behind it
    assert s.snapshot.pending is None
    assert s.place(1, D("10")) is None and s.deal() is None
    rig.cards("4S")
    assert wait_for(lambda: rig.hands(1) == [["4S"]]) and s.snapshot.pending is None


def test_del_on_the_new_decks_first_card_says_it_is_set_aside_not_to_type_it(rig):
    """Review: the status said "unsure read rejected: type the card (K)"; typing it after a bet dealt the card
    set aside into the round."""
    finish_by_hand_and_put_the_new_deck_in(rig)
    s = rig.session
    s.reject_pending()
    message = s.snapshot.message
    assert "2♣ set aside" in message and "count it back" in message and "type the card" not in message


def test_the_read_behind_the_new_decks_first_card_set_aside_waits_for_the_bets_too(rig):
    """Review: 2C and 3C drawn from the new deck before Ctrl+N; Del on 2C played 3C before any bet: refused
    (CARD REFUSED) and lost from the strip."""
    finish_by_hand_and_put_the_new_deck_in(rig, "3C")
    s = rig.session
    s.reject_pending()
    pending = s.snapshot.pending
    assert pending is not None and pending.card.code == "3C" and "the new deck's first card" in pending.doubt
    assert "refused" not in {a.code for a in s.snapshot.alerts} and not s.state.ledger.dealt
    assert "place the bets first" in s.confirm_pending() and s.snapshot.pending.card.code == "3C"
    rig.reader.stop()
    s.close()
    again = BlackjackSession(BlackjackTableRules(seats=2), Journal.open(rig.journal))  # a restart keeps it so
    rig.session = again
    assert again.snapshot.pending.card.code == "3C" and "the new deck's first card" in again.snapshot.pending.doubt
    assert "place the bets first" in again.confirm_pending()
    assert again.place(1, D("10")) is None and again.confirm_pending() is None  # Enter deals it, seat 1's first
    assert rig.hands(1) == [["3C"]] and [c.code for c in again.state.ledger.dealt] == ["3C"]


def assert_read_dropped(rig, code: str) -> None:
    """The journal's last ``read_dropped`` entry is the shoe's read of ``code``."""
    journal = Journal.open(rig.journal, readonly=True)
    try:
        dropped = [e.payload for e in journal.entries() if e.kind == "read_dropped"]
    finally:
        journal.close()
    assert dropped[-1]["card"] == code and dropped[-1]["source"] == "serial:shoe"


def test_a_double_feed_just_after_the_dealers_card_names_its_place_in_plain_words(rig):
    """verN L2: "it is not the dealer's card's card" (the place name already says "card")."""
    s = rig.session
    assert s.stand() is None and s.stand() is None  # the dealer's turn: the next card read is the dealer's
    rig.cards("KD")
    rig.send("ERR", "DOUBLE_FEED", "two cards left together")
    assert wait_for(lambda: "device:DOUBLE_FEED" in {a.code for a in s.snapshot.alerts})
    alert = {a.code: a for a in s.snapshot.alerts}["device:DOUBLE_FEED"]
    assert "played as the dealer's card" in alert.text and "card's card" not in alert.text
    assert "K♦ is in the unread card's place" in alert.text


@pytest.mark.parametrize("rig", [BlackjackTableRules(seats=2, burn_cards=1)], indirect=True)
def test_at_a_burning_table_the_new_decks_first_read_is_burned_and_the_next_waits_for_the_bets(rig):
    """rev22 R22-2: the second card drawn from the new deck before Ctrl+N was a red CARD REFUSED (no seat has a
    bet) instead of waiting for the bets as the new deck's first card."""
    finish_by_hand_and_put_the_new_deck_in(rig, "3C")
    s = rig.session
    assert [c.code for c in s.state.burned] == ["2C"] and s.state.burn_left == 0
    pending = s.snapshot.pending
    assert pending is not None and pending.card.code == "3C" and "the new deck's first card" in pending.doubt
    assert "refused" not in {a.code for a in s.snapshot.alerts}
