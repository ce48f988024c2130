"""The deck check's SEEN TOO OFTEN line names the first cards and counts the rest, as MISSING does (rev29 R5).

A reader that read the deck back twice (the line's own advice names it) listed every card counted too often:
at 1280x720 the line ran down the panel and the counts line under it ("0 dealt, 92 counted back ...") was out
of sight."""

from __future__ import annotations

from decimal import Decimal

import pytest
from PySide6.QtCore import QPoint

from dealer_assist.blackjack.rules import HouseRules
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.ui.blackjack.window import BlackjackWindow

DECK = [r + s for s in "SHDC" for r in "A23456789TJQK"]


@pytest.mark.parametrize("decks, again", [(1, 40), (2, 104)])
def test_a_deck_read_back_twice_is_counted_not_run_out_of_sight(qtbot, show_window, decks, again):
    session = BlackjackSession(BlackjackTableRules(house=HouseRules(decks=decks), max_bet=Decimal("500")))
    window = show_window(BlackjackWindow(session, None), size=(1280, 720))
    assert session.start_deck_check() is None
    for code in DECK * decks + (DECK * decks)[:again]:
        session.enter_card(code)
    rec = session.state.reconciliation()
    too_often = rec.counted_too_often
    assert len(too_often) > 26
    qtbot.waitUntil(lambda: "SEEN TOO OFTEN" in window.deck.lines.text(), timeout=3000)
    qtbot.wait(100)
    parts = window.deck.lines.text().split("</div>")
    line = next(part for part in parts if "SEEN TOO OFTEN" in part)
    listed = line.split("SEEN TOO OFTEN: ", 1)[1].split(" … ")[0].split()
    assert listed == [c.label for c in too_often[:len(listed)]] and len(listed) <= 26
    assert f"… and {len(too_often) - len(listed)} more (counted back too often: read back twice?" in line
    assert any(f"{len(rec.returned)} counted back" in part for part in parts)  # the counts line follows
    # and it is in sight: the label's text is as tall as the label, its foot inside the window
    label = window.deck.lines
    assert label.heightForWidth(label.width()) <= label.height()
    foot = label.mapTo(window, QPoint(0, label.height())).y()
    assert foot <= window.centralWidget().mapTo(window, QPoint(0, window.centralWidget().height())).y()
