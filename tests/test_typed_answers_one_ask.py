"""A card typed answers one camera's ask for a card it could not read, and only while it stands.

A card typed for an UNREADABLE CARD answers that ask: the camera's next unreadable card is asked for as one,
not taken as typed already (UNREADABLE CARD TYPED?, whose Enter let a card on the table go unplayed).  A card
typed before the camera asks answers the ask that follows (qaU F5, tests/test_ui_typed_before_unread_ask.py);
voided, it no longer does: the card is asked for again, live, after a restart and in a replay."""

from __future__ import annotations

import time
from decimal import Decimal

import pytest

from dealer_assist.events import Unreadable
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.holds import TYPED_UNREAD
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from replayed_journals import replayed
from test_two_unread_in_a_row import CAMERA, RULES, read, table


def codes(s) -> list[str]:
    return [a.code for a in s.snapshot.alerts]


def test_the_card_typed_for_one_unread_card_is_not_typed_for_the_next(tmp_path):
    s = table(tmp_path / "j.sqlite")
    s.deal()
    read(s, "9S", 1)
    s.handle(Unreadable(CAMERA, time.time(), seq=2))
    assert s.enter_card("QH") is None  # the card the camera could not read: the wait is over
    assert codes(s) == []
    s.handle(Unreadable(CAMERA, time.time(), seq=3))  # another card it cannot read
    assert codes(s) == ["unreadable"] and TYPED_UNREAD not in codes(s)
    assert s.cards_due(CAMERA) == 1
    read(s, "2C", 4)
    assert s.snapshot.pending is not None  # waits for the unread card to be typed
    assert [c.code for c in s.state.round.cards] == ["9S", "QH"]


def test_a_card_typed_with_no_wait_still_answers_the_next_ask(tmp_path):
    s = table(tmp_path / "j.sqlite")
    s.deal()
    read(s, "9S", 1)
    assert s.enter_card("QH") is None  # typed before the camera asks
    s.handle(Unreadable(CAMERA, time.time(), seq=2))
    assert codes(s) == [TYPED_UNREAD]


def typed_then_asked(path, game: str = "baccarat"):
    """9♠ read, Q♥ typed before the camera asks for the card it could not read: UNREADABLE CARD TYPED?."""
    if game == "baccarat":
        s = table(path)
        s.deal()
    else:
        s = BlackjackSession(journal=Journal.open(path))
        s.place(1, Decimal("10"))
        s.deal()
    read(s, "9S", 1)
    assert s.enter_card("QH") is None
    s.handle(Unreadable(CAMERA, time.time(), seq=2))
    assert codes(s) == [TYPED_UNREAD]
    return s


def void(s) -> None:
    assert (s.void_last_card(why="typed wrong") if isinstance(s, TableSession) else s.void_last(why="typed wrong")) is None


@pytest.mark.parametrize("game", ["baccarat", "blackjack"])
@pytest.mark.parametrize("then", ["live", "restart", "replay"])
def test_the_card_typed_before_the_ask_voided_is_asked_for_again(tmp_path, game, then):
    """Q♥ voided as a typo while UNREADABLE CARD TYPED? named it: the ask's Enter had said Q♥ was the unread
    card, and 2♣ read next was played where the unread card lay.  The card is asked for now (as Del asks)."""
    path = tmp_path / "j.sqlite"
    s = typed_then_asked(path, game)
    void(s)
    if then == "restart":
        s.close()
        s = table(path) if game == "baccarat" else BlackjackSession(journal=Journal.open(path))
    elif then == "replay":
        s.close()
        s = replayed(path, TableSession(RULES, odds=False) if game == "baccarat" else BlackjackSession())
        assert "UNREADABLE CARD" in [a.title for a in s.snapshot.alerts]
        assert TYPED_UNREAD not in codes(s)
        return
    assert "unreadable" in codes(s) and TYPED_UNREAD not in codes(s)
    assert s.cards_due(CAMERA) == 1
    read(s, "2C", 3)
    assert s.snapshot.pending is not None and [c.code for c in s.state.round.cards] == ["9S"]
    assert s.enter_card("KC") is None and s.confirm_pending() is None
    assert [c.code for c in s.state.round.cards] == ["9S", "KC", "2C"]
    s.close()


@pytest.mark.parametrize("restart", [False, True])
def test_the_read_waiting_under_the_ask_waits_for_the_card_typed_again(tmp_path, restart):
    path = tmp_path / "j.sqlite"
    s = typed_then_asked(path)
    read(s, "2C", 3)  # waits: Enter would say Q♥ was the unread card
    assert s.snapshot.pending is not None
    void(s)
    if restart:
        s.close()
        s = table(path)
    assert s.snapshot.pending is not None and s.snapshot.pending.card.code == "2C"
    assert "unreadable" in codes(s) and TYPED_UNREAD not in codes(s)
    assert s.enter_card("KC") is None and s.confirm_pending() is None
    assert [c.code for c in s.state.round.cards] == ["9S", "KC", "2C"]
    s.close()


def test_the_read_waiting_under_the_ask_says_the_same_before_and_after_a_restart(tmp_path):
    """rev25 F5: with 2♣ held under the ask and Q♥ voided, the live table said "type that card first ... if this is
    that card read again, Enter plays it in its place" (its count of cards due was 0) and refused Enter; after a
    restart it said that 1 card was still untyped.  Both say the card is due, as Enter answers."""
    path = tmp_path / "j.sqlite"
    s = typed_then_asked(path)
    read(s, "2C", 3)
    void(s)
    live = s.snapshot.status_reason()
    assert s.snapshot.cards_due == 1 and "1 of them still untyped" in live
    s.close()
    s = table(path)
    assert s.snapshot.cards_due == 1 and s.snapshot.status_reason() == live
    assert "1 of them still untyped" in s.confirm_pending()
    s.close()


@pytest.mark.parametrize("then", ["live", "restart"])
@pytest.mark.parametrize("how", ["enter", "read_enter"])
def test_the_card_typed_before_the_ask_taken_for_it_then_voided_is_asked_for_again(tmp_path, how, then):
    """rev25 F1: Enter said Q♥ was the unread card (with no read waiting, or on the read held under the ask);
    Q♥ voided after all (a typo): no wait came back, and the next read went where the unread card lay."""
    path = tmp_path / "j.sqlite"
    s = typed_then_asked(path)
    if how == "enter":
        assert s.answer_typed_unread(True) is None
    else:
        read(s, "2C", 3)
        assert s.confirm_pending() is None  # 2C played: Q♥ was the unread card
        void(s)  # 2C
    void(s)  # Q♥
    assert codes(s) == ["unreadable"] and s.cards_due(CAMERA) == 1
    if then == "restart":
        s.close()
        s = table(path)
        assert codes(s) == ["unreadable"] and s.cards_due(CAMERA) == 1
    read(s, "4D", 4)
    assert s.snapshot.pending is not None and [c.code for c in s.state.round.cards] == ["9S"]
    s.close()


def test_a_card_typed_and_voided_before_the_ask_answers_none(tmp_path):
    """rev25 F7: Q♥ typed with no wait standing, voided, then the camera asked: the ask named Q♥ as typed for it,
    and Enter let the next read go where the unread card lay."""
    s = table(tmp_path / "j.sqlite")
    s.deal()
    read(s, "9S", 1)
    assert s.enter_card("QH") is None
    void(s)
    s.handle(Unreadable(CAMERA, time.time(), seq=2))
    assert codes(s) == ["unreadable"]
    s.close()


def test_a_restart_takes_the_copy_the_live_table_took_for_the_ask(tmp_path):
    """rev25 F6: Q♥ typed twice (the second a slip), the camera asks: the live table took the first Q♥ for it, a
    restart the last, so V of the second asked for the card again after a restart only."""
    path = tmp_path / "j.sqlite"
    s = table(path)
    s.deal()
    read(s, "9S", 1)
    assert s.enter_card("QH") is None and s.enter_card("QH") is None
    s.handle(Unreadable(CAMERA, time.time(), seq=2))
    assert codes(s) == [TYPED_UNREAD]
    s.close()
    s = table(path)
    void(s)  # the second Q♥: not the one the ask named
    assert codes(s) == [TYPED_UNREAD]
    s.close()


@pytest.mark.parametrize("restart", [False, True])
def test_a_second_unreadable_card_while_the_ask_waits_takes_the_typed_card_for_the_first(tmp_path, restart):
    """qaAI F1, F2: Q♥ typed ahead, the camera asks (UNREADABLE CARD TYPED?), then cannot read another card: the
    second ask replaced the first, whose Enter and Del were refused though its bar still asked for them, and V of
    Q♥ then asked for one card where two lay unread (the next read went where the second lay)."""
    path = tmp_path / "j.sqlite"
    s = typed_then_asked(path)
    s.handle(Unreadable(CAMERA, time.time(), seq=3))
    assert codes(s) == ["unreadable"] and s.cards_due(CAMERA) == 1
    assert "Q♥, typed before, is taken for the card it could not read before it" in s.snapshot.alerts[0].text
    void(s)  # Q♥ was not the first card after all
    if restart:
        s.close()
        s = table(path)
    assert s.cards_due(CAMERA) == 2
    assert s.enter_card("KD") is None and s.cards_due(CAMERA) == 1
    read(s, "2C", 4)
    assert s.snapshot.pending is not None and [c.code for c in s.state.round.cards] == ["9S", "KD"]
    s.close()


def test_a_card_typed_while_the_ask_waits_is_refused_and_esc_leaves_the_ask(tmp_path):
    """qaAI F3: typed while UNREADABLE CARD TYPED? waited, Q♥ again was played as P2 (the double play the ask is
    there to prevent) and another card silently took the ask as right.  F9: Esc hid the ask and the next Enter
    answered it unseen."""
    s = typed_then_asked(tmp_path / "j.sqlite")
    refused = s.enter_card("QH")
    assert refused is not None and "UNREADABLE CARD TYPED? waits first" in refused
    assert [c.code for c in s.state.round.cards] == ["9S", "QH"] and codes(s) == [TYPED_UNREAD]
    s.dismiss()
    assert codes(s) == [TYPED_UNREAD] and "stays until it is answered" in s.snapshot.message
    assert s.answer_typed_unread(False) is None and codes(s) == ["unreadable"]
    s.close()


@pytest.mark.parametrize("answer", ["drop", "play"])
def test_a_card_typed_ahead_then_read_by_the_camera_waits_as_the_same_card(tmp_path, answer):
    """qaAI F8: 9♠ read, Q♥ typed as it landed blurred, then the camera read Q♥ after all: played twice, P2 too.
    It waits now: Del drops the read (it was that card) with no card held behind it; Enter plays another Q♥."""
    s = table(tmp_path / "j.sqlite")
    s.deal()
    read(s, "9S", 1)
    assert s.enter_card("QH") is None
    read(s, "QH", 2)
    assert s.snapshot.pending is not None and "typed (K) ahead of the camera" in s.snapshot.pending.doubt
    if answer == "drop":
        s.reject_pending()
        read(s, "3D", 3)  # nothing held behind the dropped read: played as it comes
        assert [c.code for c in s.state.round.cards] == ["9S", "QH", "3D"]
    else:
        assert s.confirm_pending() is None
        assert [c.code for c in s.state.round.cards] == ["9S", "QH", "QH"]
    s.close()


def test_a_replay_says_what_the_table_was_told_not_which_key_to_press(tmp_path):
    """qaAI F6: a replay takes no table key, but its bars read "Enter if right, Del if not" as if asking now."""
    path = tmp_path / "j.sqlite"
    s = typed_then_asked(path)
    s.close()
    again = replayed(path, TableSession(RULES, odds=False))
    [asked] = [a for a in again.snapshot.alerts if a.code == TYPED_UNREAD]
    assert asked.action.startswith("at the table: Q♥ typed for it: Enter if right")


def test_two_cards_typed_ahead_answer_two_asks(tmp_path):
    """qaAI F4: Q♥ and 3♦ typed as they landed blurred, then the camera asked for both: the first ask took Q♥,
    the second asked for 3♦ again (typed again, it was played twice)."""
    s = table(tmp_path / "j.sqlite")
    s.deal()
    read(s, "9S", 1)
    assert s.enter_card("QH") is None and s.enter_card("3D") is None
    s.handle(Unreadable(CAMERA, time.time(), seq=2))
    assert codes(s) == [TYPED_UNREAD] and s.answer_typed_unread(True) is None
    s.handle(Unreadable(CAMERA, time.time(), seq=3))
    assert codes(s) == [TYPED_UNREAD] and "3♦ typed for it" in s.snapshot.alerts[0].text
    s.close()
