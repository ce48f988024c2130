"""A restart reads the current shoe (or deck), not the whole journal, and rebuilds the same table.

A week of round-the-clock play makes some 215,000 journal entries; a restart
that decoded every one of them (five times over) took 11 s and 500 MB, and a
blackjack table kept every round it had dealt.  Checked on real SQLite
journals of several shoes and decks: the table a restart rebuilds equals the
one every operation rebuilds, and the entries it decodes are the current
shoe's (or deck's) plus the few SQL picks out of the rest.
"""

from __future__ import annotations

import random
from decimal import Decimal as D
from typing import Iterator

import pytest

from dealer_assist.sources.virtual import shuffled_shoe
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackPhase, BlackjackState, BlackjackTableRules
from dealer_assist.table.blackjack_state import apply as bj_apply
from dealer_assist.table.journal import Entry, Journal
from dealer_assist.table.session import TableSession
from test_session_restart import RULES, every_operation, play

BJ_RULES = BlackjackTableRules(seats=3)


@pytest.fixture
def decoded(monkeypatch) -> list[int]:
    """The seq of every entry the journal decodes (for any reader), in order."""
    seen: list[int] = []
    reader = "entries_where" if hasattr(Journal, "entries_where") else "entries"  # what every read goes through
    original = getattr(Journal, reader)

    def counting(self, *args, **kwargs) -> Iterator[Entry]:
        for entry in original(self, *args, **kwargs):
            seen.append(entry.seq)
            yield entry

    monkeypatch.setattr(Journal, reader, counting)
    return seen


def last_start(path, op: str) -> int:
    with Journal.open(path, readonly=True) as journal:
        return max(e.seq for e in journal.entries() if e.payload.get("op") == op)


def test_a_baccarat_restart_decodes_only_the_current_shoe(tmp_path, decoded):
    path = tmp_path / "bac.sqlite"
    session = TableSession(RULES, Journal.open(path), odds=False)
    play(session, 40, random.Random(7))
    live = session.state
    session.close()
    shoe_seq = last_start(path, "new_shoe")
    with Journal.open(path, readonly=True) as journal:
        total = len(journal)
    assert live.shoe_no >= 4 and shoe_seq > total // 2, "the journal must hold several shoes before this one"
    decoded.clear()
    again = TableSession(RULES, Journal.open(path), odds=False)
    restart_read = list(decoded)  # what the restart read (every_operation below reads it all, its table_started too)
    try:
        assert again.state == every_operation(path) == live
        assert again.recovered == sum(1 for e in Journal.open(path, readonly=True).entries()
                                      if isinstance(e.payload.get("op"), str))
    finally:
        again.close()
    before = [seq for seq in restart_read[:restart_read.index(max(restart_read))] if seq < shoe_seq]
    # Before the shoe: only its shoe_start entries (no PIN, no device in this journal).
    assert len(before) <= live.shoe_no, before


def play_deck(session: BlackjackSession, rng: random.Random, seed: int, rounds: int) -> None:
    """A few rounds of one deck by typed cards, with limit changes, voids and Rebet; then the deck check
    (every card counted back) and a new deck, sometimes with bets left on the layout."""
    cards = iter(shuffled_shoe(1, seed))
    for _ in range(rounds):
        if rng.random() < 0.2:
            session.set_limits(rng.choice(("5", "10")), rng.choice(("300", "500")), why="test")
        if session.state.last_bets and rng.random() < 0.5:
            session.rebet()
        if not session.state.bets:
            for seat in rng.sample((1, 2, 3), rng.randint(1, 3)):
                session.place(seat, D(rng.choice(("10", "25"))))
        assert session.deal() is None, session.snapshot.message
        while session.state.phase == BlackjackPhase.PLAYING:
            if session.card_due():
                assert session.enter_card(next(cards).code) is None
                if rng.random() < 0.05:
                    assert session.void_last(why="test") is None
                    cards = iter(shuffled_shoe(1, seed)[len(session.state.ledger.dealt):])
            elif session.snapshot.allowed:
                seat, index = session.state.active
                hand = session.state.round.seat_hands(session.state.round_seat(seat))[index]
                assert session.act("hit" if hand.total < 15 and "hit" in session.snapshot.allowed else "stand") is None
        assert session.next_round() is None
    if rng.random() < 0.5:
        session.place(2, D("10"))  # carried over to the new deck
    dealt = session.state.ledger.dealt
    assert session.start_deck_check() is None and session.return_stub() is None
    for card in dealt:
        assert session.enter_card(card.code) is None
    assert session.new_deck() is None, session.snapshot.message


def bj_every_operation(path) -> BlackjackState:
    state = BlackjackState.new(BJ_RULES)
    with Journal.open(path, readonly=True) as journal:
        for entry in journal.entries():
            if isinstance(entry.payload.get("op"), str):
                state = bj_apply(state, entry.payload)
    return state


def test_a_blackjack_restart_starts_at_the_last_deck_and_keeps_one_decks_history(tmp_path, decoded):
    for seed in range(3):
        rng = random.Random(seed)
        path = tmp_path / f"bj{seed}.sqlite"
        session = BlackjackSession(BJ_RULES, Journal.open(path))
        for deck in range(4):
            play_deck(session, rng, 100 * seed + deck, rounds=3)
            assert len(session.state.history) == 0, "a new deck starts its history afresh"
        for _ in range(2):  # two rounds into the fifth deck
            session.place(1, D("10"))
            session.deal()
            while session.state.phase == BlackjackPhase.PLAYING:
                if session.card_due():
                    session.enter_card(shuffled_shoe(1, 999)[len(session.state.ledger.dealt)].code)
                else:
                    session.stand()
            session.next_round()
        live = session.state
        assert live.deck_no == 5 and len(live.history) == 2
        session.close()
        deck_seq = last_start(path, "new_deck")
        decoded.clear()
        again = BlackjackSession(BJ_RULES, Journal.open(path))
        restart_read = list(decoded)  # what the restart read, not bj_every_operation's reading
        try:
            assert again.state == bj_every_operation(path) == live
            assert again.state.last_bets == live.last_bets and again.state.bets == live.bets
            assert again.state.rules == live.rules and len(again.state.history) == 2
        finally:
            again.close()
        replayed = restart_read[:restart_read.index(max(restart_read)) + 1]
        assert len([seq for seq in replayed if seq < deck_seq]) <= 5, "only the decks' own entries before it"


def test_a_blackjack_journal_whose_decks_kept_no_bets_is_replayed_whole(tmp_path):
    """A deck put in before its entry kept the bets (an older journal) gives no place to start from: the
    replay starts at the journal's start, as it did, and rebuilds the same table."""
    path, old = tmp_path / "bj.sqlite", tmp_path / "old.sqlite"
    session = BlackjackSession(BJ_RULES, Journal.open(path))
    for deck in range(2):
        play_deck(session, random.Random(deck), deck, rounds=2)
    live = session.state
    session.close()
    with Journal.open(path, readonly=True) as journal, Journal.open(old) as written:
        for entry in journal.entries():  # the same operations, written as before the decks kept their bets
            written.append(entry.kind, {k: v for k, v in entry.payload.items() if k not in ("open_bets", "last_bets")})
    with Journal.open(old, readonly=True) as journal:
        state, count, from_seq = BlackjackSession._replay(BlackjackState.new(BJ_RULES), journal)
    with Journal.open(path, readonly=True) as journal:
        assert BlackjackSession._replay(BlackjackState.new(BJ_RULES), journal)[1:] == (count, last_start(path, "new_deck") + 1)
    assert from_seq == 0 and state == live == bj_every_operation(path)
