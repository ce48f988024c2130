"""The simulated single deck at the blackjack window: the round the cut card comes out in can finish (qaM F5).

The cut card only stops the next round; 13 cards behind it, a round of 5 seats begun just before it
ran the deck dry (DECK EMPTY) in about a third of the decks.  The demo rule plays every seat here."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from decimal import Decimal as D  # noqa: E402

import pytest  # noqa: E402

from dealer_assist.blackjack.demo import demo_call  # noqa: E402
from dealer_assist.table.blackjack_state import BlackjackPhase  # noqa: E402
from dealer_assist.ui.blackjack.app import open_blackjack_table  # noqa: E402


@pytest.fixture
def five_seats(qtbot):
    table = open_blackjack_table(source_spec="sim", seats=5, seed=21, interval=3600)
    qtbot.addWidget(table.window)
    yield table
    table.source.stop()
    table.window.bridge.detach()
    table.session.close()


def play_deck(session, shoe) -> tuple[int, bool]:
    """Rounds of every seat betting until the cut card is out; (rounds played, whether the deck ran dry)."""
    rounds = 0
    while not session.state.cut_out:
        if session.state.phase == BlackjackPhase.SETTLED:
            assert session.next_round() is None
        if not session.state.bets:
            for seat in range(1, session.state.rules.seats + 1):
                assert session.place(seat, D("10")) is None
        assert session.deal() is None
        while session.state.phase == BlackjackPhase.PLAYING:
            if session.card_due():
                if shoe.deal_one() is None:
                    return rounds, True
                continue
            seat, index = session.state.active
            hand = session.state.round.seat_hands(session.state.round_seat(seat))[index]
            assert session.act(demo_call(hand, session.snapshot.allowed)) is None
        rounds += 1
    return rounds, False


def test_the_round_the_cut_card_comes_out_in_finishes_at_five_seats(qtbot, five_seats):
    session, shoe, window = five_seats.session, five_seats.source, five_seats.window
    played = []
    for _ in range(20):
        rounds, dry = play_deck(session, shoe)
        assert not dry, f"deck {session.state.deck_no} ran dry in its round {rounds + 1}"
        assert not any(a.code == "empty" for a in session.snapshot.alerts)
        played.append(rounds)
        assert window.run("deck_check") is None
        for card in session.state.reconciliation().due_back:
            assert session.enter_card(card.code) is None
        assert window.run("return_stub") is None and window.run("new_deck") is None  # the shoe reshuffled too
        assert shoe.cards_left == 52
    assert min(played) >= 1 and sum(played) >= 20
