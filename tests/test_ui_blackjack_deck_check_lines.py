"""The deck check's MISSING line names the first cards and counts the rest, its advice kept (qaAH F8).

Two decks, five cards counted back: 99 missing were written out in full, the line ran out of the panel at
1280x720 mid-list (the clubs, the advice "look on the table ..." and the counts below it out of sight) and
nothing said the list went on; "still due back" was already capped, with "…"."""

from __future__ import annotations

from decimal import Decimal

from dealer_assist.blackjack.rules import HouseRules
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.ui.blackjack.window import BlackjackWindow


def test_a_long_missing_list_is_counted_not_run_out_of_sight(qtbot, show_window):
    session = BlackjackSession(BlackjackTableRules(house=HouseRules(decks=2), max_bet=Decimal("500")))
    window = show_window(BlackjackWindow(session, None), size=(1280, 720))
    assert session.start_deck_check() is None
    for code in ("8H", "9H", "7H", "6H", "2H"):
        assert session.enter_card(code) is None
    missing = session.state.reconciliation().missing
    assert len(missing) == 99
    qtbot.waitUntil(lambda: "MISSING 99" in window.deck.lines.text(), timeout=3000)
    line = next(part for part in window.deck.lines.text().split("</div>") if "MISSING 99" in part)
    listed = line.split("MISSING 99: ", 1)[1].split(" … ")[0].split()
    assert listed == [c.label for c in missing[:len(listed)]] and len(listed) <= 26
    assert f"and {99 - len(listed)} more" in line  # the rest counted
    assert "look on the table and ask the players" in line  # the advice kept
