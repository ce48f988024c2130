"""A baccarat replay's line saying when its round was played, five lines long with its corrections, is read
whole under an alert: at 1280x720 TABLE STARTED AGAIN took the height, and its last line ("settled again at
... (UTC+01:00)") was cut under the odds.  At 1280x720 and 960x540, with the alert and without it."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal as D

import pytest

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.sources.replay import read_journal
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from test_replay_keys import baccarat_synced, open_baccarat_replay
from test_replay_played_line_whole import SIZES, _whole
from test_round_times import FIRST, RULES, Clock, paris  # noqa: F401 (a fixture)

CODES = ("9S", "8H", "TC", "KD", "2S", "3H", "4C", "5D", "6S", "7H", "8C", "9D") * 3


def _restarted_then_corrected(path):
    """Round 1: the table started again mid-deal.  Round 2: two misdeals in play, dealt again each time and
    settled, then voided after its settlement as a misdeal, dealt again and settled again, across Paris's
    midnight."""
    clock = Clock(FIRST.replace(hour=22, minute=40))
    cards = iter(CODES)

    def deal_on(s, most=99):
        while s.card_due() and most:
            assert s.enter_card(next(cards)) is None
            most -= 1

    s = TableSession(RULES, journal=Journal.open(path, clock=clock), odds=False)
    assert s.place(1, Bet.BANKER, D("10")) is None and s.deal() is None
    deal_on(s, 2)
    s.close()
    s = TableSession(RULES, journal=Journal.open(path, clock=clock), odds=False)
    deal_on(s)
    clock.now += timedelta(minutes=3)
    assert s.next_round() is None and s.place(1, Bet.BANKER, D("10")) is None and s.deal() is None
    deal_on(s, 3)
    for why, most in (("in play", 2), ("in play again", 99), ("after settlement", 99)):
        clock.now += timedelta(minutes=6)
        assert s.void_round(why=why) is None
        clock.now += timedelta(minutes=6)
        assert s.deal() is None
        deal_on(s, most)
    s.close()
    return path


@pytest.mark.parametrize("alert", [True, False], ids=["alert", "no-alert"])
@pytest.mark.parametrize("size", SIZES, ids=["1280x720", "960x540"])
def test_a_five_line_played_line_is_whole_under_an_alert(tmp_path, paris, show_window, qtbot, size, alert):
    path = _restarted_then_corrected(tmp_path / "bac.sqlite")
    played = read_journal(path).played(1, 2)
    assert "settled again at" in played and "(UTC+01:00)" in played, played
    table = open_baccarat_replay(path, show_window)
    try:
        window = table.window
        window.resize(*size)
        label = window.status.played
        while not (label.isVisible() and label.text() == "Round 2 " + played):
            assert table.source.step() is not None
            baccarat_synced(qtbot, window)
        if not alert:
            for code in [bar.code for bar in window.alerts.bars]:
                window.session.dismiss(code)
            baccarat_synced(qtbot, window)
        assert ("TABLE STARTED AGAIN" in window.alerts.titles()) is alert, window.alerts.titles()
        lines = label.heightForWidth(label.width()) // label.fontMetrics().lineSpacing()
        assert lines >= (5 if size[0] == 1280 else 6), (lines, played)
        status = window.status

        def whole_above_the_odds():
            assert _whole(label), (label.height(), label.heightForWidth(label.width()))
            bottom = label.mapTo(status, label.rect().bottomLeft()).y()
            assert bottom < status.odds_title.mapTo(status, status.odds_title.rect().topLeft()).y(), bottom
            assert status.mapTo(window, status.rect().bottomLeft()).y() <= window.roads.mapTo(window, window.roads.rect().topLeft()).y()
        qtbot.waitUntil(whole_above_the_odds, timeout=3000)
    finally:
        table.close()


def test_a_shorter_played_line_lets_its_height_go(tmp_path, paris, show_window, qtbot):
    """Its lines are held as its least height: a shorter line after it (the next round's) is held at its own."""
    path = _restarted_then_corrected(tmp_path / "bac.sqlite")
    table = open_baccarat_replay(path, show_window)
    try:
        window = table.window
        label = window.status.played
        while not (label.isVisible() and "settled again" in label.text()):
            assert table.source.step() is not None
            baccarat_synced(qtbot, window)
        qtbot.waitUntil(lambda: label.minimumHeight() >= 4 * label.fontMetrics().lineSpacing(), timeout=2000)
        window.status.round_played = lambda shoe, round_no: "played 2026-12-06 23:43:12 to 23:43:20 (UTC+01:00)"
        window.status.show_snapshot(window.session.snapshot)
        qtbot.waitUntil(lambda: label.minimumHeight() < 2 * label.fontMetrics().lineSpacing(), timeout=2000)
    finally:
        table.close()
