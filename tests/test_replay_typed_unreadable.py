"""A replay takes UNREADABLE CARD down once the croupier's typed card is played, as the table did (verS N2):
a typed card only set the replay's message, the alert stayed up to the end, and a pit boss read the unread
card as never answered."""

from __future__ import annotations

import time

from dealer_assist.cards import parse_card
from dealer_assist.events import CardRead, DeviceHello, Unreadable
from dealer_assist.shoe import ShoeRules
from dealer_assist.sources.replay import ReplaySource
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from replayed_journals import replayed

RULES = TableRules(shoe=ShoeRules(burn=False))
SOURCE = "serial:shoe"


def test_a_replay_takes_unreadable_card_down_when_the_typed_card_is_played(tmp_path):
    path = tmp_path / "u.sqlite"
    live = TableSession(RULES, Journal.open(path), odds=False)
    try:
        live.handle(DeviceHello(SOURCE, time.time(), "SHOE-A", "A1"))
        live.handle(CardRead(parse_card("4H"), SOURCE, time.time(), seq=1))
        live.handle(Unreadable(SOURCE, time.time(), seq=2))
        assert "UNREADABLE CARD" in [a.title for a in live.snapshot.alerts]
        assert live.enter_card("KD") is None
        live_titles = [a.title for a in live.snapshot.alerts]
    finally:
        live.close()
    assert "UNREADABLE CARD" not in live_titles

    replay = TableSession(RULES, odds=False)
    replay.follow_record()
    seen: list = []
    replay.subscribe(seen.append)
    source = ReplaySource(path, interval=3600)
    source.set_sink(replay.handle)
    while source.step() is not None:
        pass
    assert any("UNREADABLE CARD" in [a.title for a in snap.alerts] for snap in seen)  # shown while it stood
    assert [c.code for c in replay.snapshot.state.round.cards] == ["4H", "KD"]
    assert "TYPED" in replay.snapshot.message
    # Typed before any read was held, it is still the card UNREADABLE CARD asked for, not one "typed at the table".
    assert replay.snapshot.message == "K♦ TYPED by the croupier (K), not read: the card UNREADABLE CARD asked for"
    assert [a.title for a in replay.snapshot.alerts if a.title != "REPLAY FINISHED"] == live_titles


def test_a_replay_keeps_unreadable_card_up_until_both_cards_unread_in_a_row_are_typed(tmp_path):
    """Two cards unread in a row wait for two typed cards, live (the next read waits until both are typed);
    the replay took UNREADABLE CARD down at the first, and a pit boss read the second as answered."""
    path = tmp_path / "u2.sqlite"
    live = TableSession(RULES, Journal.open(path), odds=False)
    try:
        live.handle(DeviceHello(SOURCE, time.time(), "SHOE-A", "A1"))
        live.handle(CardRead(parse_card("4H"), SOURCE, time.time(), seq=1))
        live.handle(Unreadable(SOURCE, time.time(), seq=2))
        live.handle(Unreadable(SOURCE, time.time(), seq=3))
        assert live.enter_card("KD") is None
        after_one = [a.title for a in live.snapshot.alerts]
        assert live.enter_card("3C") is None
        after_two = [a.title for a in live.snapshot.alerts]
    finally:
        live.close()
    assert "UNREADABLE CARD" in after_one and "UNREADABLE CARD" not in after_two

    replay = TableSession(RULES, odds=False)
    replay.follow_record()
    shown: dict[tuple[str, ...], bool] = {}
    replay.subscribe(lambda snap: shown.__setitem__(
        tuple(c.code for c in snap.state.round.cards), "UNREADABLE CARD" in [a.title for a in snap.alerts]))
    source = ReplaySource(path, interval=3600)
    source.set_sink(replay.handle)
    while source.step() is not None:
        pass
    assert [c.code for c in replay.snapshot.state.round.cards] == ["4H", "KD", "3C"]
    assert shown[("4H", "KD")] is True  # one of the two typed: the alert stands, as it did live
    assert shown[("4H", "KD", "3C")] is False


def test_a_replay_counts_a_refused_read_and_the_unread_card_after_it_as_two_to_type(tmp_path):
    """rev20 F5: live, a refused read then an unread card wait for two typed cards; the replay took both alerts
    down at the first (it counted only the UNREADABLE CARD alerts)."""
    rules = TableRules(shoe=ShoeRules(decks=1, burn=False))
    path = tmp_path / "r.sqlite"
    live = TableSession(rules, Journal.open(path), odds=False)
    try:
        live.handle(DeviceHello(SOURCE, time.time(), "SHOE-A", "A1"))
        live.handle(CardRead(parse_card("9S"), SOURCE, time.time(), seq=1))
        live.handle(CardRead(parse_card("9S"), SOURCE, time.time(), seq=2))  # a copy too many: refused
        live.handle(Unreadable(SOURCE, time.time(), seq=3))
        assert live.enter_card("KD") is None
        after_one = {a.title for a in live.snapshot.alerts}
    finally:
        live.close()
    assert "UNREADABLE CARD" in after_one
    replay = TableSession(rules, odds=False)
    shown: dict = {}
    replay.subscribe(lambda snap: shown.__setitem__(
        tuple(c.code for c in snap.state.round.cards), {a.title for a in snap.alerts}))
    replayed(path, replay)
    assert "UNREADABLE CARD" in shown[("9S", "KD")]


def test_a_replay_follows_a_typed_card_voided_and_a_misdeal_as_live(tmp_path):
    """rev21 R3: two unread cards, one typed, voided: live and restarted UNREADABLE CARD stood (two due again),
    the replay showed nothing; a misdeal ending the wait: the replay still showed it."""
    for misdeal in (False, True):
        path = tmp_path / f"m{misdeal}.sqlite"
        live = TableSession(RULES, Journal.open(path), odds=False)
        try:
            live.handle(DeviceHello(SOURCE, time.time(), "SHOE-A", "A1"))
            live.deal()
            live.handle(CardRead(parse_card("4H"), SOURCE, time.time(), seq=1))
            live.handle(Unreadable(SOURCE, time.time(), seq=2))
            live.handle(Unreadable(SOURCE, time.time(), seq=3))
            assert live.enter_card("KD") is None and live.void_last_card(why="typed wrong") is None
            assert live.enter_card("QH") is None
            if misdeal:
                assert live.void_round(why="misdeal") is None
            titles = {a.title for a in live.snapshot.alerts}
        finally:
            live.close()
        assert ("UNREADABLE CARD" in titles) is not misdeal
        replay = replayed(path, TableSession(RULES, odds=False))
        assert ("UNREADABLE CARD" in {a.title for a in replay.snapshot.alerts}) is not misdeal
