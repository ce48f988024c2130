"""--text-scale 1.25 at 1280x720 with alerts up leaves every bet row and the limits line above the chip bar
(rev16 F8: one alert had the grid's bottom at 490 under the chip bar's top at 472, two alerts seats 1-5 under
the chips and seats 6-7 and the Limits line cut).  The larger text steps back toward the window's own size
while the rows do not fit, and comes back once the alerts are gone."""

from __future__ import annotations

import pytest

from dealer_assist.shoe import ShoeRules
from dealer_assist.table.state import TableRules
from dealer_assist.ui import theme
from test_ui_alerts_room import DO, LONG, rows_in_sight


@pytest.fixture
def scaled():
    theme.set_text_scale(1.25)
    yield
    theme.set_text_scale(1.0)


def full_unit(window) -> int:
    return theme.unit_for_size(window.width(), window.height())


@pytest.mark.parametrize("alerts", [1, 2])
def test_scaled_text_with_alerts_leaves_the_bet_rows_in_sight(qtbot, table_factory, scaled, alerts):
    window = table_factory("manual", rules=TableRules(shoe=ShoeRules(burn=False)), size=(1280, 720))
    session = window.session
    qtbot.waitUntil(lambda: rows_in_sight(window), timeout=3000)
    assert window.unit == full_unit(window) == 20  # no alert: the whole scale, and the rows fit
    session.alert("source_finished", "info", "SOURCE FINISHED", "", "type any further cards (K), or start the "
                  "display with another --source")
    if alerts == 2:
        session.alert("profile", "warning", "CAMERA PROFILE?", LONG, DO)
    qtbot.waitUntil(lambda: len(window.alerts.bars) == alerts, timeout=3000)
    qtbot.waitUntil(lambda: rows_in_sight(window), timeout=5000)
    assert theme.unit_for_size(window.width(), window.height(), scale=1.0) <= window.unit < 20
    for code in ("profile", "source_finished")[2 - alerts:]:
        session.dismiss(code)
    qtbot.waitUntil(lambda: not window.alerts.bars, timeout=3000)
    qtbot.waitUntil(lambda: rows_in_sight(window), timeout=3000)
    qtbot.waitUntil(lambda: window.unit == 20, timeout=3000)  # the alerts gone: the larger text back
