"""The cut card out stands on the deck panel all the deck's last round (qaAF F5).

Its CUT CARD OUT bar is a note: Esc took it down, and a restart on the journal did not show it again, so a relief
croupier finishing the round had nothing saying it was the deck's last ("6 dealt, 306 in the shoe")."""

from __future__ import annotations

import time
from decimal import Decimal

import pytest

from dealer_assist.cards import parse_card
from dealer_assist.events import CardRead, ShoeSignal
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.journal import Journal
from dealer_assist.ui.blackjack.window import BlackjackWindow

SHOE = "serial:/dev/card-shoe"


@pytest.mark.parametrize("then", ["esc", "restart"])
def test_the_deck_panel_says_the_cut_card_is_out_until_the_deck_check(qtbot, show_window, tmp_path, then):
    path = tmp_path / "bj.sqlite"
    session = BlackjackSession(journal=Journal.open(path))
    window = show_window(BlackjackWindow(session, None))
    assert session.place(1, Decimal("10")) is None and session.deal() is None
    for seq, code in enumerate(("9S", "TH"), start=1):
        session.handle(CardRead(parse_card(code), SHOE, time.time(), seq=seq))
    session.handle(ShoeSignal(SHOE, time.time(), "cut", seq=3))
    session.handle(CardRead(parse_card("2C"), SHOE, time.time(), seq=4))
    assert session.state.cut_out
    if then == "esc":
        session.dismiss()
        assert not session.snapshot.alerts
    else:
        session.close()
        window.close()
        session = BlackjackSession(journal=Journal.open(path))
        window = show_window(BlackjackWindow(session, None))
    qtbot.waitUntil(lambda: "CUT CARD OUT" in window.deck.title.text())
    assert "last round" in window.deck.lines.text()
    assert session.stand() is None and session.enter_card("7D") is None  # the round ends; still the deck's last
    qtbot.waitUntil(lambda: "C checks the deck" in window.deck.lines.text())
    session.close()
