"""An alert takes its room from the roads before the baccarat cards shrink (qaAV F9).

At 960x540 one alert (CARD READER LOST, three lines) shrank the cards from 62 to 34 px, the roads keeping their
height; at 1280x720 from 122 to 88 px.  README: the roads give room first.  They give the alert bars' height down
to the least at which every road is still drawn (the derived roads are left out only for rows that do not fit).
Measured on the widgets: the hands' height (the cards' height follows it), the roads' height."""

from __future__ import annotations

import pytest

from dealer_assist.ui.roads import RoadsView
from test_ui_settlement_fit import SEVEN, settle

LOST = ("serial:/dev/nonexistent: cannot open /dev/nonexistent: No such file or directory; the table is kept as it is",
        "check the port's path (the command 'dealer-assist ports' lists them) and your access to it (the dialout "
        "group, hardware/README.md); it keeps trying. Meanwhile type the cards (K)")
MORE = (("frames", "warning", "FRAMES LOST", "lost frame 5: a card may have been missed", "type any missing card (K)"),
        ("cut", "warning", "CUT CARD OUT", "the cut card came out: this round and one more", "deal on"))


def weighed(qtbot, window) -> None:
    qtbot.wait(100)
    qtbot.waitUntil(lambda: not window._room_timer.isActive(), timeout=3000)
    qtbot.wait(100)


def least_whole_height(roads) -> int:
    """The least height the roads may give room down to with every road drawn: a board of their width and unit,
    given room a pixel at a time."""
    board = RoadsView()
    board.set_unit(roads.unit)
    board.resize(roads.width(), board.height())
    for px in range(roads.most_room(), -1, -1):
        board.set_room_given(px)
        if not board.derived_hidden():
            return board.height()
    return roads.full_height


@pytest.mark.parametrize("settled", [True, False])
@pytest.mark.parametrize("alerts", [1, 3])
@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_the_roads_give_an_alert_room_before_the_cards_shrink(qtbot, table_factory, size, alerts, settled):
    window = table_factory("manual", size=size)
    if settled:
        settle(qtbot, window, SEVEN)  # a settled round, its pay list shown, as the QA's
    weighed(qtbot, window)
    roads, hands = window.roads, window.hands
    at_rest = hands.height()
    assert roads.height() == roads.full_height
    window.session.alert("link:serial:/dev/nonexistent", "error", "CARD READER LOST", *LOST)
    for alert in MORE[:alerts - 1]:
        window.session.alert(*alert)
    qtbot.waitUntil(lambda: len(window.alerts.bars) == alerts, timeout=3000)
    weighed(qtbot, window)
    taken = window.alerts.height() + window.centralWidget().layout().spacing()
    assert roads.isVisible()
    assert roads.height() <= max(least_whole_height(roads), roads.full_height - taken) + 1, \
        (roads.height(), roads.full_height, taken)
    if alerts == 1:
        assert hands.height() >= 0.85 * at_rest, (hands.height(), at_rest)  # 34 of 62 px (55%) at 960x540
        assert not roads.derived_hidden()  # every road drawn: the board gave what it could give whole
    window.session.dismiss("link:serial:/dev/nonexistent")
    for alert in MORE[:alerts - 1]:
        window.session.dismiss(alert[0])
    qtbot.waitUntil(lambda: not window.alerts.isVisible(), timeout=3000)
    weighed(qtbot, window)
    assert roads.height() == roads.full_height and hands.height() == at_rest  # the room given back
