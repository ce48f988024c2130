"""A card typed for cards a reader left unread, voided after it ended the wait (rev21 R2), and the read held
behind them dropped (rev21 R6): the cards still untyped stay due, live, after a restart and in a replay.

The croupier's plain path (type each card, then Enter) is tested in test_two_unread_in_a_row.py; these are
the corrections in between: the last card typed was a typo (V), or the read waiting was dropped (Del)."""

from __future__ import annotations

import time
from decimal import Decimal

import pytest

from dealer_assist.cards import parse_card
from dealer_assist.events import CardRead, Unreadable
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from replayed_journals import replayed
from test_two_unread_in_a_row import CAMERA, RULES, layout, read, table


def unread(s, count: int, first_seq: int = 2) -> None:
    for n in range(count):
        s.handle(Unreadable(CAMERA, time.time(), seq=first_seq + n))


def one_unread_typed(path) -> TableSession:
    """9♠ read (P1), the next card unread, Q♥ typed for it (B1): the wait over."""
    s = table(path)
    s.deal()
    read(s, "9S", 1)
    unread(s, 1)
    assert s.enter_card("QH") is None
    return s


def titles(s) -> list[str]:
    return [a.title for a in s.snapshot.alerts]


@pytest.mark.parametrize("restart", [False, True])
@pytest.mark.parametrize("count", [1, 2])
def test_the_last_card_typed_for_unread_cards_voided_is_due_again(tmp_path, count, restart):
    """9♠ read, then one or two cards unread, all typed (the wait ended), and the last typed voided as a typo:
    the next read 2♣ was played in the unread card's place.  It now waits until that card is typed again."""
    path = tmp_path / "j.sqlite"
    s = table(path)
    s.deal()
    read(s, "9S", 1)
    unread(s, count)
    typed = ["QH", "KD"][:count]
    for code in typed:
        assert s.enter_card(code) is None
    assert "UNREADABLE CARD" not in titles(s)  # the wait ended
    assert s.void_last_card(why="typed wrong") is None
    assert "UNREADABLE CARD" in titles(s)  # and is back
    if restart:
        s.close()
        s = table(path)
        assert "UNREADABLE CARD" in titles(s)
    read(s, "2C", 10)
    pending = s.snapshot.pending
    assert pending is not None and pending.card.code == "2C"
    assert layout(s) == [("9S", "P1"), ("QH", "B1")][:count]
    refused = s.confirm_pending()
    assert refused is not None and "untyped" in refused and s.snapshot.pending is pending
    assert s.enter_card("JD") is None  # the card that lies there, typed right this time
    assert s.confirm_pending() is None
    places = ["B1", "P2", "B2"]
    assert layout(s) == [("9S", "P1"), *zip(typed[:-1] + ["JD", "2C"], places)]
    assert "UNREADABLE CARD" not in titles(s)
    s.close()


def test_a_void_of_the_read_played_after_the_wait_brings_no_wait_back(tmp_path):
    """The card voided is the read played after the typed one, not the typed card: nothing is missing."""
    s = one_unread_typed(tmp_path / "j.sqlite")
    read(s, "2C", 3)  # played at once: the wait is over
    assert layout(s) == [("9S", "P1"), ("QH", "B1"), ("2C", "P2")]
    assert s.void_last_card(why="misread") is None
    assert "UNREADABLE CARD" not in titles(s)
    read(s, "4D", 4)
    assert s.snapshot.pending is None and layout(s) == [("9S", "P1"), ("QH", "B1"), ("4D", "P2")]
    s.close()


def test_a_replay_shows_the_wait_back_after_the_typed_card_is_voided(tmp_path):
    """A pit boss replaying the round sees UNREADABLE CARD come back with the void, as the croupier did."""
    path = tmp_path / "j.sqlite"
    s = one_unread_typed(path)
    assert s.void_last_card(why="typed wrong") is None
    s.close()
    shown = replayed(path, TableSession(RULES, None, odds=False))
    assert "UNREADABLE CARD" in titles(shown)


def test_at_blackjack_the_last_card_typed_for_an_unread_card_voided_is_due_again(tmp_path):
    """rev21 R2 at blackjack: seat 1's 9♠, the dealer's card unread, K♦ typed, voided: the read 2♣ was
    played as the dealer's card."""
    path = tmp_path / "j.sqlite"
    s = BlackjackSession(journal=Journal.open(path))
    s.place(1, Decimal("10"))
    s.place(2, Decimal("10"))
    s.deal()
    read(s, "9S", 1)
    unread(s, 1)
    assert s.enter_card("KD") is None
    assert s.void_last(why="typed wrong") is None
    s.close()
    s = BlackjackSession(journal=Journal.open(path))
    read(s, "2C", 3)
    assert [c.code for c in s.state.round.cards] == ["9S"] and s.snapshot.pending.card.code == "2C"
    assert s.enter_card("QH") is None and s.confirm_pending() is None
    assert [c.code for c in s.state.round.cards] == ["9S", "QH", "2C"]
    s.close()


def two_unread_one_typed_read_dropped(path) -> TableSession:
    """9♠, two cards unread, K♦ typed for the first (B1), 2♣ read and held ('1 still untyped'), dropped (Del)."""
    s = table(path)
    s.deal()
    read(s, "9S", 1)
    unread(s, 2)
    assert s.enter_card("KD") is None
    read(s, "2C", 4)
    assert s.snapshot.pending is not None and s.snapshot.cards_due == 1
    s.reject_pending()
    return s


@pytest.mark.parametrize("restart", [False, True])
def test_the_read_dropped_behind_two_unread_keeps_the_card_still_due(tmp_path, restart):
    """rev21 R6: Del on the read held behind two unread cards (one typed) lost the count: the next read was
    played at Enter in the untyped card's place.  Enter is refused until it is typed."""
    path = tmp_path / "j.sqlite"
    s = two_unread_one_typed_read_dropped(path)
    read(s, "4D", 5)
    if restart:
        s.close()
        s = table(path)
    pending = s.snapshot.pending
    assert pending is not None and pending.card.code == "4D" and s.snapshot.cards_due == 1
    refused = s.confirm_pending()
    assert refused is not None and "untyped" in refused and layout(s) == [("9S", "P1"), ("KD", "B1")]
    assert s.enter_card("2C") is None  # the dropped read was the second unread card
    assert s.confirm_pending() is None
    assert layout(s) == [("9S", "P1"), ("KD", "B1"), ("2C", "P2"), ("4D", "B2")]
    s.close()


@pytest.mark.parametrize("restart", [False, True])
def test_a_card_typed_before_the_dropped_read_and_voided_is_due_with_the_other(tmp_path, restart):
    """After the Del, K♦ (typed for the first unread card) voided as a typo: two cards are due again."""
    path = tmp_path / "j.sqlite"
    s = two_unread_one_typed_read_dropped(path)
    assert s.void_last_card(why="typed wrong") is None
    if restart:
        s.close()
        s = table(path)
    read(s, "4D", 5)
    assert s.snapshot.cards_due == 2
    assert s.enter_card("QH") is None
    assert s.confirm_pending() is not None  # one still untyped
    assert s.enter_card("2C") is None and s.confirm_pending() is None
    assert layout(s) == [("9S", "P1"), ("QH", "B1"), ("2C", "P2"), ("4D", "B2")]
    s.close()


@pytest.mark.parametrize("restart", [False, True])
def test_an_unsure_read_waiting_when_the_wait_comes_back_waits_under_it(tmp_path, restart):
    """rev22 R22-7: Q♥ typed ended the wait, an unsure 2♣ then waited in the confirm strip, V took Q♥ back:
    Enter played 2♣ at B1, where the unread card still lay."""
    path = tmp_path / "j.sqlite"
    s = one_unread_typed(path)
    s.handle(CardRead(parse_card("2C"), CAMERA, time.time(), confidence=0.5, seq=3,
                      candidates=(parse_card("2C"), parse_card("2S"))))
    assert s.void_last_card(why="typed wrong") is None
    if restart:
        s.close()
        s = table(path)
    assert s.snapshot.pending.card.code == "2C" and s.snapshot.cards_due == 1
    refused = s.confirm_pending()
    assert refused is not None and "untyped" in refused and layout(s) == [("9S", "P1")]
    assert s.enter_card("JD") is None and s.confirm_pending() is None
    assert layout(s) == [("9S", "P1"), ("JD", "B1"), ("2C", "P2")]
    s.close()


def test_the_last_card_due_after_a_dropped_read_voided_is_due_again(tmp_path):
    """rev22 R22-1: two unread, K♦ typed, the held read dropped (Del), 2♣ typed for the other (none due), then
    voided: Enter played the next read at P2, where 2♣'s card still lay untyped."""
    s = two_unread_one_typed_read_dropped(tmp_path / "j.sqlite")
    assert s.enter_card("2C") is None
    assert s.void_last_card(why="typed wrong") is None
    read(s, "4D", 5)
    assert s.snapshot.cards_due == 1
    refused = s.confirm_pending()
    assert refused is not None and "untyped" in refused and layout(s) == [("9S", "P1"), ("KD", "B1")]
    s.close()


def test_after_a_restart_between_the_typed_card_and_its_void_the_alert_comes_back_too(tmp_path):
    """rev22 R22-8: the wait came back without UNREADABLE CARD until another restart."""
    path = tmp_path / "j.sqlite"
    s = one_unread_typed(path)
    s.close()
    s = table(path)
    assert "UNREADABLE CARD" not in titles(s)
    assert s.void_last_card(why="typed wrong") is None
    assert "UNREADABLE CARD" in titles(s)
    s.close()


def test_at_blackjack_the_card_that_closed_the_bets_typed_for_an_unread_one_and_voided_is_due_again(tmp_path):
    """rev22 R22-11: the deal's first card unread before Space, typed (it closed the bets), voided (the deal's
    void): the next read was played as seat 1's first card."""
    s = BlackjackSession(journal=Journal.open(tmp_path / "j.sqlite"))
    s.place(1, Decimal("10"))
    unread(s, 1, first_seq=1)
    assert s.enter_card("KD") is None and [c.code for c in s.state.round.cards] == ["KD"]
    assert s.void_last(why="typed wrong") is None and s.state.round is None
    read(s, "2C", 2)
    assert s.snapshot.pending is not None and s.snapshot.pending.card.code == "2C"
    s.close()


def test_a_void_of_a_card_that_counted_for_no_wait_makes_none_due(tmp_path):
    """rev23 R23-1: after the dropped read's hold had its card (J♦ at P2), 2♣ typed as well (the dropped read was a
    card) and voided made a card "still untyped" again: Enter was refused with every card typed."""
    s = two_unread_one_typed_read_dropped(tmp_path / "j.sqlite")
    assert s.enter_card("JD") is None and s.enter_card("2C") is None
    assert s.void_last_card(why="2C was wrong after all") is None
    read(s, "4D", 5)
    assert s.confirm_pending() is None
    assert layout(s) == [("9S", "P1"), ("KD", "B1"), ("JD", "P2"), ("4D", "B2")]
    s.close()


@pytest.mark.parametrize("restart", [False, True])
def test_a_burn_card_typed_for_an_unread_one_and_voided_is_due_again(tmp_path, restart):
    """rev23 R23-2: the new deck's first card unread, 4♥ typed for it (burned), voided: the read waiting behind
    it was then burned in its place, and the round's first card after it."""
    path = tmp_path / "j.sqlite"
    rules = BlackjackTableRules(burn_cards=2)
    s = BlackjackSession(rules, journal=Journal.open(path))
    unread(s, 1, first_seq=1)
    read(s, "8C", 2)
    assert s.enter_card("4H") is None and s.state.burned == (parse_card("4H"),)
    assert s.void_last(why="typed wrong") is None
    if restart:
        s.close()
        s = BlackjackSession(rules, journal=Journal.open(path))
    assert "UNREADABLE CARD" in titles(s) and s.snapshot.cards_due == 1
    assert s.confirm_pending() is not None and s.state.burned == ()
    assert s.enter_card("4D") is None and s.confirm_pending() is None
    assert s.state.burned == (parse_card("4D"), parse_card("8C")) and s.state.burn_left == 0
    s.close()


def test_at_baccarat_the_burn_card_typed_for_an_unread_one_and_voided_is_due_again(tmp_path):
    """The shoe's first card (the burn's shown card) unread, 2♥ typed for it, voided (V): the next read waits."""
    s = TableSession(TableRules(), Journal.open(tmp_path / "j.sqlite"), odds=False)
    unread(s, 1, first_seq=1)
    assert s.enter_card("2H") is None and "UNREADABLE CARD" not in titles(s)
    assert s.void_last_card(why="typed wrong") is None
    assert "UNREADABLE CARD" in titles(s) and s.state.shoe.burned == ()
    read(s, "9C", 2)
    assert s.snapshot.pending is not None and s.snapshot.cards_due == 1
    s.close()


@pytest.mark.parametrize("restart", [False, True])
def test_two_voids_back_to_the_card_typed_for_an_unread_one_bring_the_wait_back(tmp_path, restart):
    """rev23 R23-6: Q♥ typed for the unread card, 4♦ read and played after it, both voided (V, V): the wait came
    back only when Q♥ was the card voided first, and the next read took the unread card's place."""
    path = tmp_path / "j.sqlite"
    s = one_unread_typed(path)
    read(s, "4D", 3)
    assert s.void_last_card(why="misread") is None and "UNREADABLE CARD" not in titles(s)
    if restart:
        s.close()
        s = table(path)
    assert s.void_last_card(why="typed wrong") is None
    assert "UNREADABLE CARD" in titles(s)
    read(s, "5H", 4)
    assert s.snapshot.pending is not None and s.snapshot.cards_due == 1 and layout(s) == [("9S", "P1")]
    s.close()


def test_a_replay_of_two_voids_back_to_the_card_typed_for_an_unread_one_shows_the_wait_back(tmp_path):
    """R23-6 in a replay: it kept only the last card's ended wait, so after V, V back to Q♥ it showed no wait where
    the live table showed UNREADABLE CARD (cards right, alerts not)."""
    path = tmp_path / "j.sqlite"
    s = one_unread_typed(path)
    read(s, "4D", 3)
    assert s.void_last_card(why="misread") is None and s.void_last_card(why="typed wrong") is None
    assert "UNREADABLE CARD" in titles(s)
    s.close()
    again = replayed(path, TableSession(RULES, odds=False))
    assert "UNREADABLE CARD" in titles(again) and layout(again) == [("9S", "P1")]
