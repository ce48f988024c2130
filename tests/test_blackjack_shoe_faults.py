"""A blackjack table on a serial shoe when a card leaves the shoe unread, refused or fed with another (qaAQ).

QA drove a shoe emulator over a pty into the blackjack display: after a ``??``, a DOUBLE_FEED or a refused copy,
one bare Enter played the next read in the missing card's place, as a double's card, as a split hand's hit, and
as the dealer's draw, where the round was settled at once on a card that was not the dealer's (F1).  The burn card
read as ``??`` and then B left the UNREADABLE CARD wait standing: the round's first read was held behind it and
the card typed as asked went into seat 1's hand (F2).  Real bytes over a real pty to the reader.
"""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from dealer_assist.blackjack.rules import HouseRules
from dealer_assist.sources.serial_shoe import SerialShoe
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.table.holds import AFTER_A_DOUBLE_FEED, AFTER_A_REFUSAL, AFTER_AN_UNREADABLE, AFTER_NEW_DECK
from dealer_assist.table.journal import Journal
from polling import wait_for
from test_serial_blackjack_reads import BlackjackRig

TWO_SEATS = BlackjackTableRules(seats=2)


@pytest.fixture
def table(tmp_path):
    made = BlackjackRig(tmp_path, TWO_SEATS)
    yield made
    made.close()


def dealt(rig: BlackjackRig, stakes: dict, *codes: str) -> BlackjackSession:
    """The bets ``stakes`` placed, the round dealt and the cards ``codes`` read through the shoe."""
    s = rig.session
    for seat, amount in stakes.items():
        assert s.place(seat, D(amount)) is None
    assert s.deal() is None
    rig.cards(*codes)
    assert wait_for(lambda: len(s.state.round.cards) == len(codes))
    return s


def held(rig: BlackjackRig, code: str, why: str) -> None:
    s = rig.session
    assert wait_for(lambda: s.snapshot.pending is not None and s.snapshot.pending.card.code == code)
    assert s.snapshot.pending.doubt == why


def enter_refused(rig: BlackjackRig, code: str) -> None:
    """A bare Enter on the held read plays nothing: it names K, then Enter."""
    s = rig.session
    before = [c.code for c in s.state.round.cards]
    answer = s.confirm_pending()
    assert answer is not None and "(K)" in answer, answer
    assert [c.code for c in s.state.round.cards] == before and s.snapshot.pending.card.code == code
    assert s.state.settlement is None


def restarted(rig: BlackjackRig, rules: BlackjackTableRules = TWO_SEATS) -> BlackjackSession:
    """The table stopped and started again on its journal, a new reader on the same pty feeding it."""
    rig.reader.stop()
    rig.session.close()
    rig.session = BlackjackSession(rules, Journal.open(rig.journal))
    rig.reader = SerialShoe(rig.link, name="serial:shoe", backoff_first=0.05, backoff_max=0.2)
    rig.reader.start(rig.session.handle)
    assert wait_for(lambda: rig.reader.link == "up")
    return rig.session


def test_a_double_feed_on_a_double_holds_the_next_read_until_the_double_card_is_typed(table):
    s = dealt(table, {1: "10", 2: "25"}, "5S", "9D", "6D", "6H", "2C")  # seat 1: 5 6, seat 2: 9 2, dealer 6
    assert s.double() is None
    table.send("ERR", "DOUBLE_FEED", "two cards")
    table.cards("KC")
    held(table, "KC", AFTER_A_DOUBLE_FEED)
    enter_refused(table, "KC")
    assert table.hands(1) == [["5S", "6H"]]  # no double card yet
    assert s.enter_card("3C") is None  # the double card, typed
    assert table.hands(1) == [["5S", "6H", "3C"]] and s.state.round.seat_hands(1)[0].doubled


def test_a_double_feed_on_a_split_hand_holds_the_read_through_h(table):
    s = dealt(table, {1: "10"}, "8S", "6D", "8H")
    assert s.split() is None
    table.cards("3C")  # hand 1: 8 3
    assert wait_for(lambda: table.hands(1) == [["8S", "3C"], ["8H"]])
    table.send("ERR", "DOUBLE_FEED", "two cards")
    table.cards("TD")
    held(table, "TD", AFTER_A_DOUBLE_FEED)
    assert s.hit() is None  # H keyed: the hit card is the one not read
    enter_refused(table, "TD")
    assert table.hands(1) == [["8S", "3C"], ["8H"]]
    assert s.enter_card("9C") is None
    assert table.hands(1) == [["8S", "3C", "9C"], ["8H"]]


@pytest.mark.parametrize("missing", [("CARD", "??"), ("ERR", "DOUBLE_FEED", "two cards"),
                                     ("ERR", "MISREAD", "no index")])
def test_the_dealers_draw_is_not_settled_on_the_read_after_a_card_not_read(table, missing):
    s = dealt(table, {1: "10", 2: "25"}, "9S", "TC", "6D", "TH", "9C")  # 19, 19; dealer 6
    assert s.stand() is None and s.stand() is None
    table.cards("TD")  # the dealer: 16, draws
    assert wait_for(lambda: len(s.state.round.dealer.cards) == 2)
    table.send(*missing)
    table.cards("5C")
    why = AFTER_A_DOUBLE_FEED if "DOUBLE_FEED" in missing else AFTER_AN_UNREADABLE
    held(table, "5C", why)
    enter_refused(table, "5C")  # 6 10 5 = 21 would have beaten both seats at once
    assert [c.code for c in s.state.round.dealer.cards] == ["6D", "TD"]
    assert s.enter_card("4S") is None  # the dealer's real card: 20
    assert s.state.settlement is not None
    assert [c.code for c in s.state.round.dealer.cards] == ["6D", "TD", "4S"]


def test_a_restart_keeps_the_dealers_draw_from_being_settled_on_the_held_read(table):
    s = dealt(table, {1: "10", 2: "25"}, "9S", "TC", "6D", "TH", "9C")
    assert s.stand() is None and s.stand() is None
    table.cards("TD", "??", "5C")
    held(table, "5C", AFTER_AN_UNREADABLE)
    again = restarted(table)
    assert again.snapshot.pending.card.code == "5C"
    enter_refused(table, "5C")
    assert again.enter_card("4S") is None
    assert [c.code for c in again.state.round.dealer.cards] == ["6D", "TD", "4S"]


def test_a_third_copy_from_two_decks_holds_the_next_read(tmp_path):
    (tmp_path / "two").mkdir()
    rig = BlackjackRig(tmp_path / "two", BlackjackTableRules(house=HouseRules(decks=2), seats=2))
    try:
        s = dealt(rig, {1: "10", 2: "10"}, "AS", "AS")
        rig.cards("AS")  # a third A♠ of two decks: refused
        assert wait_for(lambda: "refused" in {a.code for a in s.snapshot.alerts})
        rig.cards("4H")
        held(rig, "4H", AFTER_A_REFUSAL)
        enter_refused(rig, "4H")
        assert rig.hands(1) == [["AS"]] and rig.hands(2) == [["AS"]]
    finally:
        rig.close()


BURN_ONE = BlackjackTableRules(seats=2, burn_cards=1)


@pytest.fixture
def burning(tmp_path):
    made = BlackjackRig(tmp_path, BURN_ONE)
    yield made
    made.close()


@pytest.mark.parametrize("restart", [False, True])
@pytest.mark.parametrize("missing", [("CARD", "??"), ("ERR", "MISREAD", "no index")])
def test_b_after_an_unreadable_burn_card_ends_its_wait(burning, missing, restart):
    s = burning.session
    assert s.state.burn_left == 1
    burning.send(*missing)  # the burn card, unread
    assert wait_for(lambda: "unreadable" in {a.code for a in s.snapshot.alerts})
    assert s.skip_burn() is None  # B: the burn is done
    assert s.state.burn_left == 0 and "unreadable" not in {a.code for a in s.snapshot.alerts}
    if restart:
        s = restarted(burning, BURN_ONE)
        assert "unreadable" not in {a.code for a in s.snapshot.alerts}
    assert s.place(1, D("10")) is None and s.deal() is None
    burning.cards("9S")  # the round's first card: played as it comes, seat 1's
    assert wait_for(lambda: burning.hands(1) == [["9S"]]) and s.snapshot.pending is None
    assert s.state.burned == ()


def test_b_before_the_burn_card_is_out_holds_nothing(burning):
    s = burning.session
    assert s.skip_burn() is None and s.state.burn_left == 0
    assert s.place(1, D("10")) is None and s.deal() is None
    burning.cards("9S")
    assert wait_for(lambda: burning.hands(1) == [["9S"]]) and s.snapshot.pending is None


def feed_alert(rig: BlackjackRig):
    s = rig.session
    assert wait_for(lambda: "device:DOUBLE_FEED" in {a.code for a in s.snapshot.alerts})
    return {a.code: a for a in s.snapshot.alerts}["device:DOUBLE_FEED"]


def test_a_double_feed_right_after_a_double_names_the_double_card_not_the_card_dealt_before_d(table):
    """qaAQ F3: with no heartbeat between 2C and the report, the alert named 2♣ (seat 2's, dealt before D) and
    its DO line said to void it (Backspace), which voided seat 1's double."""
    s = dealt(table, {1: "10", 2: "25"}, "5S", "9D", "6D", "6H", "2C")
    assert s.double() is None
    table.send("ERR", "DOUBLE_FEED", "two cards")  # the frame right after 2C's: no heartbeat between
    alert = feed_alert(table)
    assert "2♣" in alert.text and "not in doubt" in alert.text and "a card for seat 1" in alert.text
    assert "Backspace" not in alert.action and "(K)" in alert.action and "a card for seat 1" in alert.action
    assert "played as seat 2" not in alert.text
    table.cards("KC")
    held(table, "KC", AFTER_A_DOUBLE_FEED)
    assert s.enter_card("3C") is None  # as the DO line says: seat 1's double card
    assert table.hands(1) == [["5S", "6H", "3C"]] and table.hands(2) == [["9D", "2C"]]


def test_a_double_feed_right_after_a_card_with_no_decision_between_still_names_that_card(table):
    s = dealt(table, {1: "10", 2: "25"}, "5S", "9D", "6D", "6H", "2C")
    del s
    table.send("ERR", "DOUBLE_FEED", "two cards")
    alert = feed_alert(table)
    assert "2♣ was read just before this report and played as seat 2" in alert.text
    assert "Backspace" in alert.action


def one_round_settled(rig: BlackjackRig) -> BlackjackSession:
    s = dealt(rig, {1: "10"}, "9S", "6D", "TH")
    assert s.stand() is None
    rig.cards("TD", "2C")  # the dealer: 6 10 2 = 18
    assert wait_for(lambda: s.state.settlement is not None)
    return s


def shoe_new_refused(rig: BlackjackRig) -> None:
    s = rig.session
    rig.send("SHOE", "NEW")
    assert wait_for(lambda: {"newdeck", "newdeck:held"} & {a.code for a in s.snapshot.alerts})
    assert s.state.deck_no == 1  # the old deck is not checked: refused


@pytest.mark.parametrize("order", ["N then NEW", "NEW then N"])
def test_a_read_after_a_refused_new_deck_between_rounds_waits(table, order):
    """qaAQ F4: after N, SHOE NEW (refused) and the deal, 5H was played at once as seat 1's card of the old deck."""
    s = one_round_settled(table)
    if order == "N then NEW":
        assert s.next_round() is None
        shoe_new_refused(table)
    else:
        shoe_new_refused(table)
        assert s.next_round() is None
    assert s.place(1, D("10")) is None and s.deal() is None
    table.cards("5H")
    held(table, "5H", AFTER_NEW_DECK)
    assert table.hands(1) == [[]]
    alert = {a.code: a for a in s.snapshot.alerts}["newdeck:held"]
    assert alert.title == "NEW DECK NOT ACCEPTED" and "waits for you" in alert.text
    assert s.confirm_pending() is None  # Enter: the croupier says it is the old deck's
    assert table.hands(1) == [["5H"]] and "newdeck:held" not in {a.code for a in s.snapshot.alerts}


def test_a_restart_keeps_the_wait_after_a_refused_new_deck(table):
    s = one_round_settled(table)
    assert s.next_round() is None
    shoe_new_refused(table)
    s = restarted(table)
    assert s.place(1, D("10")) is None and s.deal() is None
    table.cards("5H")
    held(table, "5H", AFTER_NEW_DECK)
    assert "newdeck:held" in {a.code for a in s.snapshot.alerts}
    s.reject_pending()  # Del: the new deck's card set aside
    assert table.hands(1) == [[]]


SIX_DECKS = BlackjackTableRules(house=HouseRules(decks=6), seats=2)


def test_a_dealt_card_read_back_twice_at_a_multi_deck_check_is_named(tmp_path):
    """qaAQ F5: at 6 decks a dealt 9♠ read back twice was taken as a stub card counted by hand, with no word."""
    rig = BlackjackRig(tmp_path, SIX_DECKS)
    try:
        s = one_round_settled(rig)
        assert s.start_deck_check() is None
        rig.cards("9S", "9S")
        assert wait_for(lambda: len(s.state.ledger.returned) == 2)
        alert = {a.code: a for a in s.snapshot.alerts}.get("beyond")
        assert alert is not None and "9♠" in alert.title and "COUNTED TOO OFTEN" in alert.title
        assert "9♠ counted back 2 times, dealt once" in alert.text
        assert "type 9S in the card field, then Shift+Backspace" in alert.action
        assert s.void_return() is None  # the second read taken back: the note goes
        assert "beyond" not in {a.code for a in s.snapshot.alerts}
        rig.cards("6D", "TH", "TD", "2C")  # the rest dealt, counted once each: no word
        assert wait_for(lambda: len(s.state.ledger.returned) == 5)
        assert "beyond" not in {a.code for a in s.snapshot.alerts}
        assert s.return_stub() is None and s.state.reconciliation().ok
    finally:
        rig.close()


@pytest.mark.parametrize("restart", [False, True])
def test_del_sets_aside_a_card_refused_with_no_bet_and_the_next_round_plays_as_it_comes(table, restart):
    """qaAQ F7: Del on CARD 7♣ REFUSED (no seat had a bet) said "no card is waiting"; the refusal stood into the
    next round and held its first read."""
    s = table.session
    table.cards("7C")  # no bet on the layout: a misdraw
    assert wait_for(lambda: "refused" in {a.code for a in s.snapshot.alerts})
    action = {a.code: a for a in s.snapshot.alerts}["refused"].action
    s.reject_pending()  # Del
    assert "refused" not in {a.code for a in s.snapshot.alerts}
    assert "7♣ set aside" in s.snapshot.message and "no card is waiting" not in s.snapshot.message
    if restart:
        s = restarted(table)
        assert "refused" not in {a.code for a in s.snapshot.alerts}
    assert s.place(1, D("10")) is None and s.deal() is None
    table.cards("TS")
    assert wait_for(lambda: table.hands(1) == [["TS"]]) and s.snapshot.pending is None
    assert "Del says this card was set aside" in action  # the alert's DO line names the key


@pytest.mark.parametrize("missing", [("CARD", "??"), ("ERR", "DOUBLE_FEED", "two cards")])
def test_at_the_deck_check_the_reads_after_a_card_not_read_are_counted_as_they_come(table, missing):
    """qaAQ F8: after a ?? or a DOUBLE_FEED at the count-back, each read waited in line ("CONFIRM: is it 6♦?"), with
    the round's words ("type any card not read first (K), then Enter plays this one after it")."""
    s = one_round_settled(table)
    assert s.start_deck_check() is None
    table.cards("9S")
    table.send(*missing)
    table.cards("6D", "TH")
    assert wait_for(lambda: len(s.state.ledger.returned) == 3)  # counted as they came
    assert s.snapshot.pending is None and not s.snapshot.waiting
    code = "unreadable" if "??" in missing else "device:DOUBLE_FEED"
    alert = {a.code: a for a in s.snapshot.alerts}[code]
    assert "counted as they come" in alert.action and "(K)" in alert.action and "waits until" not in alert.action
    assert s.enter_card("TD") is None  # the card not read, typed: counted
    table.cards("2C")
    assert wait_for(lambda: len(s.state.ledger.returned) == 5) and s.snapshot.pending is None
    assert s.return_stub() is None and s.state.reconciliation().ok
