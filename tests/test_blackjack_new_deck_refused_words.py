"""NEW DECK NOT ACCEPTED speaks to the croupier, not of the project's rules file (qaAC F11: the shoe's
``SHOE,NEW`` before the deck check read "seed 002: check that you have received all the cards back")."""

from __future__ import annotations

from decimal import Decimal as D

from dealer_assist.events import ShoeSignal
from dealer_assist.table.blackjack_session import BlackjackSession


def test_a_new_deck_signal_before_the_deck_check_names_no_rules_file():
    session = BlackjackSession()
    session.place(1, D("5"))
    for code in ("TH", "7C", "KS"):
        session.enter_card(code)
    session.stand()
    session.enter_card("QH")
    session.handle(ShoeSignal("shoe", 0.0, "new"))
    alert = session.snapshot.alerts[-1]
    assert alert.code == "newdeck" and "count the old deck back first" in alert.text
    assert "seed" not in alert.text and "every card of the old deck came back" in alert.text
