"""A held card's strip keeps room for its words on a portrait screen: the answers go under it (qaAH F13).

At 1080x1920 "HELD: 7♥ came after the round" wrapped one word a line in a 115 px strip between the card field
and the two answer buttons, six lines tall.  Measured: the strip is at least half as wide as its words; on a
landscape screen the answers stay beside it."""

from __future__ import annotations


import pytest

from dealer_assist.baccarat.paytable import Bet
from test_ui_settlement_fit import settle


@pytest.mark.parametrize("size", [(1080, 1920), (1280, 720)])
def test_the_held_strip_has_room_for_its_words(qtbot, table_factory, size):
    window = table_factory("manual", size=size)
    settle(qtbot, window, [(1, Bet.BANKER), (2, Bet.PLAYER)])
    window.session.enter_card("7H")  # after the round: held
    entry = window.entry
    qtbot.waitUntil(lambda: entry.question.text().startswith("HELD"), timeout=3000)
    qtbot.wait(200)
    words = entry.question.fontMetrics().horizontalAdvance(entry.question.words[0])
    assert entry.question.width() >= words / 2, f"{size}: {entry.question.width()} px for {words:.0f} px of words"
    assert entry.yes.isVisible() and entry.no.isVisible()
    below = entry.yes.geometry().top() >= entry.question.geometry().bottom()
    assert below == (size[0] < size[1])  # under the strip in portrait only
