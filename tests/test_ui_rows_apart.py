"""No row of the baccarat display is drawn over another when three alert bars and a long, wrapped
croupier's message take their room (QA: at 1280x720 the chip row covered the Limits row and seat 7);
the message is shown whole, its action at its end included."""

from __future__ import annotations

import itertools

import pytest
from PySide6.QtCore import QRect

#: A message as long as QA's (three lines under the chips at 1280x720), ending with what to do.
MESSAGE = ("card 9♥ came after 170 held cards, A♣ 7♠ Q♣ … J♦ 5♥, which is held: it is held behind it; Enter "
           "plays them (a no-bet hand, or into the round a void reopened), Del sets them aside")


def _rect(window, widget) -> QRect:
    return QRect(widget.mapTo(window, widget.rect().topLeft()), widget.size())


def _rows(window) -> dict:
    b = window.betting
    rows = {"banner": window.banner, "alerts": window.alerts, "hands": window.hands, "grid": b.grid,
            "message": b.message, "total": b.total, "right": window.right, "status": window.status,
            "roads": window.roads, "entry": window.entry, "chip label": b.chip_label}
    rows.update({f"chip {v}": w for v, w in b.chip_buttons.items()})
    rows.update({f"button {k}": w for k, w in b.buttons.items()})
    return {name: w for name, w in rows.items() if w.isVisible()}


@pytest.mark.parametrize("size", [(1280, 720), (960, 540), (1366, 768), (1920, 1080)])
def test_three_alerts_and_a_long_message_leave_every_row_in_sight(qtbot, table_factory, size):
    window = table_factory(size=size)
    session = window.session
    for i, level in enumerate(("error", "warning", "warning")):
        session.alert(f"test{i}", level, f"ALERT {i}", "something happened on the shoe's line", "check the cable")
    session.say(MESSAGE)
    qtbot.wait(300)
    assert len(window.alerts.bars) == 3 and window.betting.message.text() == MESSAGE
    rects = {name: _rect(window, w) for name, w in _rows(window).items()}
    overlaps = [(a, b) for (a, ra), (b, rb) in itertools.combinations(rects.items(), 2) if ra.intersects(rb)]
    assert overlaps == []
    for name, r in rects.items():  # nothing pushed out of the window
        assert window.rect().contains(r), name
    # The message has the room its wrapped lines need, at a font still readable: it is not cut.
    msg = window.betting.message
    assert msg.height() >= msg.heightForWidth(msg.width())
    assert msg.font().pixelSize() >= 0.7 * 0.95 * window.unit - 1
    # The Limits row is drawn in the grid's own rows, clear of the chips.
    assert window.betting.grid.painted_limits[0] == "Limits"


def test_the_roads_have_their_whole_height_again_once_the_message_is_gone(qtbot, table_factory):
    window = table_factory(size=(1280, 720))
    session = window.session
    for i in range(3):
        session.alert(f"test{i}", "warning", f"ALERT {i}", "something happened", "check the cable")
    session.say(MESSAGE)
    qtbot.wait(300)
    assert window.roads.height() < window.roads.full_height
    session.say("")
    for i in range(3):
        session.dismiss(f"test{i}")
    qtbot.waitUntil(lambda: window.roads.height() == window.roads.full_height, timeout=3000)
