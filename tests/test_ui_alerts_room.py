"""Two alerts stacked, the top one long, leave every bet row and the limits line in sight (qaO F3: at
1280x720 a CAMERA PROFILE? alert over SOURCE FINISHED had the chip bar drawn over seats 6-7's bet rows
and the Limits line: the alert's wrapped lines were not counted in the room the rows need)."""

from __future__ import annotations

import pytest

from dealer_assist.shoe import ShoeRules
from dealer_assist.table.state import TableRules

LONG = ("camera:/tmp/qaO/own/stdvid/deal_unsure.avi: 10 of the 54 card corners read were not sure (19%; a deck's own "
        "profile leaves under 3% unsure), though the 24 cards seen whole are the shape of the cards '/tmp/qaO/prof/"
        "mystd' was made from: the camera's picture (light, focus, colour) has most likely changed. Check first that "
        "the picture is sharp (focus, no motion blur), neither too dark nor washed out (exposure), and in true colour "
        "(the camera's colour format and white balance); if it is all right, is '/tmp/qaO/prof/mystd' this deck's "
        "profile? Another deck's profile reads wrong cards among its sure ones: calibrate this deck")
DO = ("check each card the camera read against the table (K corrects one); check the camera's picture (focus, light, "
      "colour) first; if it is right, start the display with this deck's profile (camera:SRC?profile=PATH)")


@pytest.mark.parametrize("size", [(1280, 720), (1024, 768)])
def test_two_alerts_leave_the_bet_rows_and_the_limits_in_sight(qtbot, table_factory, size):
    window = table_factory("manual", rules=TableRules(shoe=ShoeRules(burn=False)), size=size)
    session = window.session
    session.alert("source_finished", "info", "SOURCE FINISHED", "", "type any further cards (K), or start the "
                  "display with another --source")
    session.alert("profile", "warning", "CAMERA PROFILE?", LONG, DO)
    qtbot.waitUntil(lambda: len(window.alerts.bars) == 2, timeout=3000)
    qtbot.waitUntil(lambda: rows_in_sight(window), timeout=3000)  # weighed once the layout has placed the rows


def rows_in_sight(window) -> None:
    """Every bet row and the limits line above the chip bar, every row of the window inside it."""
    assert not window._room_timer.isActive()
    betting, grid = window.betting, window.betting.grid
    assert grid.height() >= grid.minimumHeight(), (grid.height(), grid.minimumHeight())
    chips_top = min(b.geometry().top() for b in betting.chip_buttons.values())
    assert grid.geometry().bottom() < chips_top, (grid.geometry(), chips_top)
    central = window.centralWidget()
    for w in (window.alerts, betting, window.status, window.roads, window.entry):
        assert w.geometry().bottom() <= central.height() or w.isHidden(), w  # no alert: the panel hidden
    assert window.alerts.geometry().bottom() <= window.hands.geometry().top() or window.alerts.isHidden()
    assert window.status.geometry().bottom() <= window.roads.geometry().top()
