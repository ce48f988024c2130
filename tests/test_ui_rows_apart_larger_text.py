"""No row of the baccarat window is drawn over another under a larger text scale and alerts, not even for the
passes of the event loop the text takes to step back toward 1.

At 1920x1080 and 1280x720 with ``--text-scale 1.25`` and four alerts the chips and buttons were drawn on the bet
grid, the pay list's totals over its rows and the alert bars over one another: the window stepped its text back
a pixel of its unit a pass of the event loop, each step painted, six of them (some half a second on a loaded
machine), and again from the full size each time an alert came or went.  Every paint of the window is checked
here, from the alerts' arrival on, and the rows once all is weighed."""

from __future__ import annotations

import itertools

import pytest
from PySide6.QtCore import QEvent, QObject, QRect
from PySide6.QtWidgets import QApplication, QWidget

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.ui import theme

from test_ui_settlement_fit import settle

WAGERS = [(seat, bet) for seat in range(1, 8) for bet in Bet]  # 49 lines on the pay list


def _rect(window, widget) -> QRect:
    return QRect(widget.mapTo(window, widget.rect().topLeft()), widget.size())


def _rows(window) -> dict:
    b, pay = window.betting, window.settlement
    rows = {"banner": window.banner, "hands": window.hands, "grid": b.grid, "message": b.message, "total": b.total,
            "pay list": pay.table, "pay totals": pay.totals, "status": window.status, "roads": window.roads,
            "entry": window.entry, "chip label": b.chip_label, "more alerts": window.alerts.more}
    rows.update({f"chip {v}": w for v, w in b.chip_buttons.items()})
    rows.update({f"button {k}": w for k, w in b.buttons.items()})
    rows.update({f"alert {bar.alert.title}": bar for bar in window.alerts.bars})
    return {name: w for name, w in rows.items() if w.isVisible()}


def overlaps(window) -> list:
    rects = {name: _rect(window, w) for name, w in _rows(window).items()}
    return [(a, b) for (a, ra), (b, rb) in itertools.combinations(rects.items(), 2) if ra.intersects(rb)]


class PaintWatch(QObject):
    """Records the rows drawn over one another at each paint of a widget of ``window``."""

    def __init__(self, window) -> None:
        super().__init__()
        self.window, self.seen = window, []

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 (Qt's name)
        if (event.type() == QEvent.Type.Paint and isinstance(obj, QWidget) and obj.window() is self.window
                and self.window.isVisible()):
            found = overlaps(self.window)
            if found:
                self.seen.append((self.window.unit, found[:4]))
        return False


@pytest.mark.parametrize("scale", [1.0, 1.25])
@pytest.mark.parametrize("alerts", [0, 1, 2, 3, 4, 5])
@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_no_row_over_another_under_larger_text_and_alerts(qtbot, table_factory, size, alerts, scale):
    theme.set_text_scale(scale)
    watch = None
    try:
        window = table_factory("manual", size=size)
        settle(qtbot, window, WAGERS)
        qtbot.waitUntil(lambda: not window._room_timer.isActive(), timeout=5000)
        assert overlaps(window) == []
        watch = PaintWatch(window)
        QApplication.instance().installEventFilter(watch)
        for i in range(alerts):
            window.session.alert(f"t{i}", "error" if i == 0 else "warning", f"ALERT {i}", "the reader jammed",
                                 "clear the jam, then type the card (K)")
            qtbot.wait(20)  # each arrives on its own, painted
        qtbot.wait(200)
        qtbot.waitUntil(lambda: not window._room_timer.isActive(), timeout=5000)
        window.repaint()
        assert watch.seen == [], f"rows drawn over one another (unit, pairs): {watch.seen[:3]}"
        assert overlaps(window) == []
        for name, w in _rows(window).items():  # nothing pushed out of the window
            assert window.rect().contains(_rect(window, w)), name
        assert len(window.alerts.bars) == min(alerts, 3)
    finally:
        if watch is not None:
            QApplication.instance().removeEventFilter(watch)
        theme.set_text_scale(1.0)
