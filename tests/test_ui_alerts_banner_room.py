"""CONFIRM CARD with its reason on two lines over three alert bars (four alerts) at 1280x720 leaves every bet
row and the Limits line above the chip bar (verC f4/s.png: the banner's second line was not counted in the
room the rows need, and the chip bar was drawn over the Limits row)."""

from __future__ import annotations

import time

import pytest

from dealer_assist.cards import parse_card
from dealer_assist.events import CardRead, Unreadable
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.state import TableRules
from test_ui_alerts_room import DO, LONG, rows_in_sight

SOURCE = "camera:/tmp/qaO/F4_deal_unsure3.avi"


@pytest.mark.parametrize("alerts", [3, 4])
def test_a_two_line_banner_over_alerts_leaves_the_bet_rows_in_sight(qtbot, table_factory, alerts):
    window = table_factory("manual", rules=TableRules(shoe=ShoeRules(burn=False)), size=(1280, 720))
    session = window.session
    for seq, code in enumerate(("9S", "KD"), start=1):
        session.handle(CardRead(parse_card(code), SOURCE, time.time(), seq=seq))
    session.handle(Unreadable(SOURCE, time.time(), seq=3, candidates=(parse_card("TH"),), frame=110))
    for seq, code in enumerate(("4C", "7S", "QH"), start=4):  # read after the card not read: held, asked
        session.handle(CardRead(parse_card(code), SOURCE, time.time(), seq=seq))
    session.alert("profile", "warning", "CAMERA PROFILE?", LONG, DO)
    session.alert("source_finished", "info", "SOURCE FINISHED", "", "type any further cards (K), or start the "
                  "display with another --source")
    if alerts == 4:
        session.alert("sound", "warning", "NO SOUND", "the sound device could not be opened", "none")
    assert len(session.snapshot.alerts) == alerts and session.snapshot.banner == "CONFIRM CARD"
    qtbot.waitUntil(lambda: len(window.alerts.bars) == 3, timeout=3000)
    reason = window.banner.reason
    qtbot.waitUntil(lambda: reason.height() > 1.5 * reason.fontMetrics().height(), timeout=3000)  # two lines
    qtbot.waitUntil(lambda: rows_in_sight(window), timeout=3000)
    assert window.banner.geometry().bottom() < window.alerts.geometry().top()
