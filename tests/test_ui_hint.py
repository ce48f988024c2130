"""The menu bar's corner: a notice is shown whole, and the key hint comes back whole after it.

QMenuBar lays its corner widget out only when it is set: a notice longer than the hint was cut to
the hint's width, and the hint, after a shorter notice or a larger font, to the old width."""

from __future__ import annotations

from dealer_assist.table.session import TableSession
from dealer_assist.ui.main_window import MainWindow, Options


def _shown_whole(window) -> bool:
    hint, bar = window.hint, window.menuBar()
    return (hint.width() >= hint.sizeHint().width() and hint.geometry().right() < bar.width()
            and hint.isVisible())


def test_a_notice_and_the_hint_after_it_are_shown_whole(qtbot, show_window):
    window = show_window(MainWindow(TableSession(odds=False), None, Options(sound=False)))
    qtbot.wait(50)
    assert _shown_whole(window)
    window.notice("SHOE CONNECTED: SHOE-1 firmware 1.2 (boot B1); recovered 12 operations", seconds=0.3)
    qtbot.wait(20)
    assert "recovered 12" in window.hint.text() and _shown_whole(window)
    window.notice("x", seconds=0.6)  # a second notice keeps its time: the first one's timer does not end it
    qtbot.wait(400)
    assert window.hint.text() == "x " and _shown_whole(window)
    qtbot.waitUntil(lambda: "F11" in window.hint.text(), timeout=2000)
    assert _shown_whole(window)
    window.resize(1920, 1080)  # a larger font: wider hint
    qtbot.waitUntil(lambda: window.hint.sizeHint().width() > 320, timeout=2000)
    qtbot.wait(50)
    assert _shown_whole(window)
