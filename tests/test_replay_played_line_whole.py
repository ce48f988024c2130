"""A replay's line saying when its round was played, with its corrections, is read whole at 1280x720 and 960x540:
the blackjack status bar's ended "... settled again at 14:41:30 (UTC-05:00), 345 of", cut at the right edge, and
baccarat's side line "... corrected at 14:28" (qaAM F6).  Both wrap now, each exactly as tall as its lines."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint

from dealer_assist.sources.replay import read_journal
from test_round_times import utc  # noqa: F401 (a fixture)
from test_round_times_blackjack_misdeal import _redealt
from test_round_times_misdeal_dealt_again import _dealt_again

SIZES = [(1280, 720), (960, 540)]


def _whole(label) -> bool:
    """The label's text all shown: within the window, and on as many lines as it needs (one, unwrapped)."""
    width = label.width()
    if label.wordWrap():
        fits = label.heightForWidth(width) <= label.height()
    else:
        fits = label.fontMetrics().horizontalAdvance(label.text()) <= label.contentsRect().width()
    return fits and label.mapTo(label.window(), QPoint(width, 0)).x() <= label.window().width()


@pytest.mark.parametrize("size", SIZES)
def test_the_blackjack_replay_line_is_whole(tmp_path, utc, show_window, qtbot, size):
    from dealer_assist.ui.blackjack.app import open_blackjack_replay

    journal = read_journal(_redealt(tmp_path / "bj.sqlite"))
    played = journal.played(1, 1)
    assert "voided as a misdeal at" in played and len(played) > 150
    table = open_blackjack_replay(journal, interval=3600, start=False)
    try:
        window = show_window(table.window, size)
        table.source.set_sink(table.session.handle)
        table.source.step()
        label = window.replay_status
        qtbot.waitUntil(lambda: played in label.text(), timeout=2000)
        qtbot.waitUntil(lambda: _whole(label), timeout=2000)
        assert label.height() < window.height() / 6  # its lines, not the table's room

        def table_has_the_room():
            assert window.statusBar().height() < label.height() + 12, window.statusBar().height()
            assert window.centralWidget().height() > window.height() * 2 / 3
        qtbot.waitUntil(table_has_the_room, timeout=2000)
        assert _whole(label)
    finally:
        table.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_baccarat_replay_line_is_whole(tmp_path, utc, show_window, qtbot, size):
    from test_replay_keys import baccarat_synced, open_baccarat_replay

    path = _dealt_again(tmp_path / "bac.sqlite", True)
    played = read_journal(path).played(1, 1)
    assert "dealt again at" in played
    table = open_baccarat_replay(path, show_window)
    try:
        window = table.window
        window.resize(*size)
        label = window.status.played
        while not label.isVisible():
            assert table.source.step() is not None
            baccarat_synced(qtbot, window)
        assert label.text() == "Round 1 " + played
        qtbot.waitUntil(lambda: _whole(label), timeout=2000)
    finally:
        table.close()
