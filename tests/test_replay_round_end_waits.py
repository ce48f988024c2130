"""A replay ends a camera's wait for a card it could not read where the live table ended it, and only there: each
game's round end (baccarat's next round, blackjack's deck check, which counts every card back), never blackjack's
next round, whose first card may be the one the camera could not read (rev33 R4: the replay took UNREADABLE CARD
down at blackjack's next round, where the live table still showed it; and kept it up at the round ends that had
taken it down live)."""

from __future__ import annotations

import time
from decimal import Decimal

from dealer_assist.blackjack.rules import HouseRules
from dealer_assist.cards import parse_card
from dealer_assist.events import CardRead, Unreadable
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from replayed_journals import journal_entries, replayed
from test_two_unread_in_a_row import CAMERA, RULES, table

BLACKJACK = BlackjackTableRules(house=HouseRules(decks=6))


def alerts(s) -> list[str]:
    return sorted(a.code for a in s.snapshot.alerts
                  if not a.code.startswith(("restart", "replay", "link:replay", "table_started")))


def blackjack_round_with_a_read_dropped(path) -> BlackjackSession:
    """A card unread, QH read and held behind it, dropped (Del): the wait is for cards that may be several, so the
    cards typed after it (KC 7D 9H, the dealer's QS) leave UNREADABLE CARD up to the round's end."""
    s = BlackjackSession(BLACKJACK, journal=Journal.open(path))
    s.place(1, Decimal("10"))
    s.deal()
    s.handle(Unreadable(CAMERA, time.time(), seq=1))
    s.handle(CardRead(parse_card("QH"), CAMERA, time.time(), seq=2))
    s.reject_pending()
    for code in ("KC", "7D", "9H"):
        assert s.enter_card(code) is None
    assert s.stand() is None
    assert s.enter_card("QS") is None
    assert alerts(s) == ["unreadable"]
    return s


def test_a_blackjack_replay_keeps_the_wait_past_the_next_round_as_live(tmp_path):
    path = tmp_path / "j.sqlite"
    s = blackjack_round_with_a_read_dropped(path)
    assert s.next_round() is None
    s.place(1, Decimal("10"))
    s.deal()
    assert s.enter_card("2C") is None
    live = alerts(s)
    s.close()
    assert live == ["unreadable"]
    assert alerts(replayed(path, BlackjackSession(BLACKJACK))) == live


def test_blackjack_deck_check_ends_the_wait_live_and_in_the_replay(tmp_path):
    path = tmp_path / "j.sqlite"
    s = blackjack_round_with_a_read_dropped(path)
    assert s.next_round() is None
    assert s.start_deck_check() is None
    live = alerts(s)
    s.close()
    assert live == []
    assert alerts(replayed(path, BlackjackSession(BLACKJACK))) == live


def test_blackjack_next_rounds_first_read_waits_for_the_card_unread_and_enter_journals_why(tmp_path):
    """The decision kept: blackjack's next round does not end the wait (a card out after a round is the next
    round's), so the camera's first read of the new round is held, with UNREADABLE CARD up, and the croupier's
    Enter that plays it is journaled with why it waited: the card seen and not read is never dropped unsaid."""
    path = tmp_path / "j.sqlite"
    s = blackjack_round_with_a_read_dropped(path)
    assert s.next_round() is None
    s.place(1, Decimal("10"))
    s.deal()
    s.handle(CardRead(parse_card("2C"), CAMERA, time.time(), seq=3))
    assert s.snapshot.pending is not None and s.snapshot.pending.card.code == "2C"
    assert alerts(s) == ["unreadable"]
    assert alerts(replayed(path, BlackjackSession(BLACKJACK))) == ["unreadable"]
    assert s.confirm_pending() is None
    assert alerts(s) == []
    s.close()
    played = [e.payload for e in journal_entries(path) if e.kind == "card_assigned" and e.payload.get("card") == "2C"]
    assert played and played[-1].get("confirmed") is True and played[-1].get("held_for")
    assert alerts(replayed(path, BlackjackSession(BLACKJACK))) == []


def test_a_baccarat_replay_ends_a_dropped_reads_wait_at_the_next_round_as_live(tmp_path):
    path = tmp_path / "j.sqlite"
    s = table(path)
    s.deal()
    s.handle(Unreadable(CAMERA, time.time(), seq=1))
    s.handle(CardRead(parse_card("QH"), CAMERA, time.time(), seq=2))
    s.reject_pending()
    for code in ("KC", "7D", "9H", "2S"):
        assert s.enter_card(code) is None
    assert alerts(s) == ["unreadable"]
    assert s.next_round() is None
    live = alerts(s)
    s.close()
    assert live == []
    assert alerts(replayed(path, TableSession(RULES, odds=False))) == live
