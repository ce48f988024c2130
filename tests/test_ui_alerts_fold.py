"""Where nothing else can give room, the alert bars under the top one are folded into the "more" count, and no
row is drawn over another.

d3: at the least window (960x540) a blackjack table with a read asked about, a long message and three long
alerts was 32 px short once the table had given all it could and the message's font was at its least: the
seats were drawn 20 px under the action buttons and the chips, and the question was covered by its own "DO"
line (46 px short with five alerts).  The baccarat window with five such alerts was 5 px short, the chip row
over the bet grid: its roads, at their least share, go out of sight whole before any alert is folded.  A folded
alert is still counted, and comes up again when there is room, as do the roads.
"""

from __future__ import annotations

import itertools
import time
from decimal import Decimal as D

import pytest

from dealer_assist.cards import parse_card
from dealer_assist.events import CardRead
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.ui.blackjack.window import BlackjackWindow
from test_ui_alerts_room import DO, LONG
from test_ui_blackjack_rows_apart import _rect, _rows
from test_ui_rows_apart import MESSAGE
from test_ui_rows_apart import _rows as _baccarat_rows


def _apart(window, rows) -> bool:
    if window._room_timer.isActive():
        return False
    rects = {name: _rect(window, w) for name, w in rows.items()}
    return (not any(ra.intersects(rb) for (_, ra), (_, rb) in itertools.combinations(rects.items(), 2))
            and all(window.rect().contains(r) for r in rects.values()))


def _whole(label) -> bool:
    return label.height() >= label.heightForWidth(label.width())


def _five_alerts_at_the_least_window(qtbot, table_factory):
    """A baccarat window at 960x540 under five long alerts and a long message, laid out."""
    window = table_factory(size=(960, 540))
    for i in range(5):
        window.session.alert(f"test{i}", "error" if i == 0 else "warning", f"ALERT {i}", LONG, DO)
    window.session.say(MESSAGE)
    qtbot.waitUntil(lambda: len(window.alerts.bars) == 3, timeout=3000)
    qtbot.waitUntil(lambda: _apart(window, _baccarat_rows(window)), timeout=3000)
    return window


@pytest.mark.parametrize("alerts", [3, 5])
def test_the_least_blackjack_window_folds_alert_bars_rather_than_draw_rows_over_each_other(qtbot, show_window,
                                                                                          alerts):
    session = BlackjackSession(BlackjackTableRules(seats=2))
    window = show_window(BlackjackWindow(session), (960, 540))
    session.place(1, D("10"))
    session.place(2, D("10"))
    for code in ("9S", "5H", "7C", "2D", "6D"):
        assert session.enter_card(code) is None
    for seq, code in enumerate(("TS", "2S", "3S"), start=6):  # read before seat 1's decision: asked, two behind
        session.handle(CardRead(parse_card(code), "camera:/tmp/qaR/bj_cover.mp4", time.time(), seq=seq))
    for i in range(alerts):
        session.alert(f"test{i}", "error" if i == 0 else "warning", f"ALERT {i}", LONG, DO)
    session.say(MESSAGE)
    qtbot.waitUntil(lambda: len(window.alerts.bars) == min(alerts, 3) and bool(window.entry.question.text()),
                    timeout=3000)
    qtbot.waitUntil(lambda: _apart(window, _rows(window)), timeout=3000)
    entry = window.entry
    assert _whole(entry.question) and _whole(entry.message)
    assert window.alerts.bars[0].isVisible()  # the most serious alert stays whole on top
    shown = sum(bar.isVisible() for bar in window.alerts.bars)
    assert shown < len(window.alerts.bars)
    assert window.alerts.more.isVisible() and f"+ {alerts - shown} more" in window.alerts.more.text()
    for i in range(1, alerts):  # room again: the one left comes back whole, with nothing counted
        session.dismiss(f"test{i}")
    session.say("")
    qtbot.waitUntil(lambda: window.alerts.more.isHidden() and all(b.isVisible() for b in window.alerts.bars),
                    timeout=3000)


def test_the_least_baccarat_window_folds_alert_bars_rather_than_draw_the_chips_over_the_grid(qtbot, table_factory):
    window = _five_alerts_at_the_least_window(qtbot, table_factory)
    assert _whole(window.betting.message)
    assert window.alerts.bars[0].isVisible()
    assert window.roads.isHidden()  # the players' board, whole, out of sight: not drawn under the card field
    # The roads go first; a bar folds only for what they could not give: the bet grid's rows, whose chips must
    # hold their stakes whole (qaAH F18), and the folded one is counted on the "more" line.
    shown = sum(bar.isVisible() for bar in window.alerts.bars)
    assert shown >= 2 and f"+ {5 - shown} more" in window.alerts.more.text()
    for i in range(5):
        window.session.dismiss(f"test{i}")
    qtbot.waitUntil(lambda: window.roads.isVisible() and window.roads.height() == window.roads.full_height, timeout=3000)


def test_the_more_line_names_the_alerts_it_holds_as_far_as_its_width_goes(qtbot, table_factory):
    """A bare "+ 3 more alert(s)" said nothing of what waited under the top bar (small's leftover): the line
    names them, the most serious first, and where its width runs out counts the rest, never cut through."""
    window = _five_alerts_at_the_least_window(qtbot, table_factory)
    more, hidden = window.alerts.more, window.alerts.hidden_titles()
    shown = [bar.alert.title for bar in window.alerts.bars if bar.isVisible()]
    assert sorted(shown + hidden) == [f"ALERT {i}" for i in range(5)]
    assert more.text().startswith(f"+ {len(hidden)} more: {hidden[0]}")
    assert more.text().endswith("(Esc dismisses the top one)")
    assert more.fontMetrics().horizontalAdvance(more.text()) <= more.width()
    named = [title for title in hidden if title in more.text()]
    assert named == hidden[:len(named)] and (len(named) == len(hidden) or f"… and {len(hidden) - len(named)} more"
                                             in more.text())
    window.resize(1800, 540)  # wider: every one named
    qtbot.waitUntil(lambda: all(title in more.text() for title in window.alerts.hidden_titles()), timeout=3000)
