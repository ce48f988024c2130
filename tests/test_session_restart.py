"""A restart starts from the last new shoe's entry instead of replaying every shoe before it.

The entry keeps what a new shoe carries over (its limits, the last bets for
Rebet), so the table rebuilt from it must equal the one every operation of
the journal rebuilds: checked over shoes played with limit changes, Rebet,
voids and held cards in between.
"""

from __future__ import annotations

import random
from decimal import Decimal as D

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.shoe import ShoeRules
from dealer_assist.sources.virtual import shuffled_shoe
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TablePhase, TableRules, TableState, apply

RULES = TableRules(shoe=ShoeRules(burn=False))


def every_operation(path) -> TableState:
    state = TableState.new(RULES)
    with Journal.open(path, readonly=True) as journal:
        for entry in journal.entries():
            if isinstance(entry.payload.get("op"), str):
                state = apply(state, dict(entry.payload))
    return state


def play(session: TableSession, rounds: int, rng: random.Random) -> None:
    cards = iter(shuffled_shoe(8, rng.randrange(1000)))
    for n in range(rounds):
        if n and n % 8 == 0:  # the typed cards never reach a cut card: a new shoe every eight rounds
            assert session.new_shoe() is None
            cards = iter(shuffled_shoe(8, rng.randrange(1000)))
        if rng.random() < 0.15:
            top = rng.choice(("400", "450", "500"))
            session.set_limits({"max": {"tie": top}}, why="test")
        if rng.random() < 0.5 and session.rebet() is None:
            pass
        else:
            for _ in range(rng.randint(0, 3)):
                session.place(rng.randint(1, 7), rng.choice(list(Bet)), D(rng.choice(("5", "10", "25"))))
        session.deal()
        while session.state.phase == TablePhase.DEALING:
            session.enter_card(next(cards).code)
            if rng.random() < 0.05 and session.state.round.cards:
                session.void_last_card(why="test")
        if rng.random() < 0.1:
            session.enter_card(next(cards).code)  # after the round: held
            (session.discard_held if rng.random() < 0.5 else session.play_held)()
            while session.state.phase == TablePhase.DEALING:
                session.enter_card(next(cards).code)
        session.next_round()


def test_a_restart_from_the_last_new_shoe_rebuilds_what_every_operation_does(tmp_path):
    for seed in range(4):
        path = tmp_path / f"t{seed}.sqlite"
        session = TableSession(RULES, Journal.open(path), odds=False)
        play(session, 40, random.Random(seed))
        live = session.state
        assert live.shoe_no >= 3, "the test must cross new shoes"
        session.close()
        again = TableSession(RULES, Journal.open(path), odds=False)
        try:
            assert again.state == every_operation(path) == live
            assert again.state.betting.last_round == live.betting.last_round
        finally:
            again.close()


def test_a_restart_keeps_the_chip_last_used(tmp_path):
    """QA: the croupier's 25 chip became the default 5 at a restart (both games)."""
    from dealer_assist.table.blackjack_session import BlackjackSession

    path = tmp_path / "bac.sqlite"
    rules = TableRules(shoe=ShoeRules(burn=False))
    session = TableSession(rules, journal=Journal.open(path), odds=False)
    default = session.snapshot.chip
    assert session.select_chip(D("25")) is None and session.place(1, Bet.BANKER) is None
    assert session.select_chip(D("100")) is None and session.place(2, Bet.PLAYER) is None
    assert session.remove(2, Bet.PLAYER) is None  # taken off with the same chip
    session.close()
    again = TableSession(rules, journal=Journal.open(path), odds=False)
    assert again.snapshot.chip == D("100") != default
    assert str(again.snapshot.chip) == "100"  # the table's chip, not the stake's "100.00"
    again.close()
    assert TableSession(rules, journal=Journal.open(tmp_path / "new.sqlite"), odds=False).snapshot.chip == default
    path = tmp_path / "bj.sqlite"
    table = BlackjackSession(journal=Journal.open(path))
    assert table.select_chip(D("25")) is None and table.place(1) is None
    table.close()
    assert BlackjackSession(journal=Journal.open(path)).snapshot.chip == D("25")


def test_a_restart_keeps_the_chip_chosen_since_the_last_bet(tmp_path):
    """QA: the chip kept was the last one used for a bet, not one taken up since (both games)."""
    from dealer_assist.table.blackjack_session import BlackjackSession

    path = tmp_path / "bac.sqlite"
    rules = TableRules(shoe=ShoeRules(burn=False))
    session = TableSession(rules, journal=Journal.open(path), odds=False)
    assert session.select_chip(D("25")) is None and session.place(1, Bet.BANKER) is None
    assert session.select_chip(D("100")) is None
    session.close()
    again = TableSession(rules, journal=Journal.open(path), odds=False)
    assert again.snapshot.chip == D("100") and str(again.snapshot.chip) == "100"  # the table's chip, not "100.00"
    assert again.select_chip(D("25")) is None  # and chosen back: the later choice counts
    again.close()
    assert TableSession(rules, journal=Journal.open(path), odds=False).snapshot.chip == D("25")
    path = tmp_path / "bj.sqlite"
    table = BlackjackSession(journal=Journal.open(path))
    assert table.select_chip(D("25")) is None and table.place(1) is None and table.select_chip(D("100")) is None
    table.close()
    assert BlackjackSession(journal=Journal.open(path)).snapshot.chip == D("100")
