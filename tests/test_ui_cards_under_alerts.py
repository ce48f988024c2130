"""An alert takes its room from the roads before the baccarat cards shrink (qaAV F9).

At 960x540 one alert (CARD READER LOST, three lines) shrank the cards from 62 to 34 px, the roads keeping their
height; at 1280x720 from 122 to 88 px.  README: the roads give room first.  They give the alert bars' height down
to the least at which every road is still drawn (the derived roads are left out only for rows that do not fit).
Measured on the widgets: the hands' height (the cards' height follows it), the roads' height."""

from __future__ import annotations

import pytest

from dealer_assist.ui import theme
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


def drawn_card_height(hands) -> int:
    """The dealt cards' height as the hands view paints them: the most card-face pixels in one column (a column
    just inside a card's edge is face from top to bottom)."""
    image = hands.grab().toImage()
    face = theme.card_face().rgb()
    return max(sum(image.pixel(x, y) == face for y in range(image.height())) for x in range(image.width()))


def three_alerts(qtbot, window) -> None:
    window.session.alert("link:serial:/dev/nonexistent", "error", "CARD READER LOST", *LOST)
    for alert in MORE:
        window.session.alert(*alert)
    qtbot.waitUntil(lambda: len(window.alerts.bars) == 3, timeout=3000)
    weighed(qtbot, window)


def first_card_dealt(qtbot, window) -> None:
    """A round's first card out, on a bare layout: a card on the table, and neither stakes in the bet grid nor a
    pay list asking the roads for room (with them, the rows do not fit and the roads give more than whole)."""
    window.session.skip_burn()
    assert window.session.enter_card("9S") is None
    weighed(qtbot, window)


def test_at_960x540_three_alerts_fold_to_one_line_before_the_cards_go_under_50_px(qtbot, table_factory):
    """fixAV3's leftover: three alerts left the cards 39 px high at 960x540, the roads at their least whole height
    and the two bars under the top one, a line each, taking 50 px.  They fold into the top bar's "+ N more" line
    while the cards would be under 50 px; the top bar stays whole, and each comes back as the one above goes."""
    window = table_factory("manual", size=(960, 540))
    first_card_dealt(qtbot, window)
    assert drawn_card_height(window.hands) >= 80  # the measure sees the card: some 89 px with no alert
    three_alerts(qtbot, window)
    assert drawn_card_height(window.hands) >= 48  # 50 px, its outline aside (36 before)
    bars = window.alerts.bars
    assert bars[0].isVisible() and bars[0].text.isVisible() and bars[0].action.isVisible()  # the top bar whole
    assert window.alerts.more.isVisible() and window.alerts.more.text().startswith(f"+ {window.alerts.folded} more")
    assert window.roads.isVisible() and not window.roads.derived_hidden()  # the roads do not pay for it
    window.session.dismiss("link:serial:/dev/nonexistent")  # two left: under them the cards keep 50 px
    qtbot.waitUntil(lambda: len(window.alerts.bars) == 2, timeout=3000)
    weighed(qtbot, window)
    assert all(bar.isVisible() for bar in window.alerts.bars) and not window.alerts.more.isVisible()
    assert drawn_card_height(window.hands) >= 48


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_larger_windows_keep_their_three_alert_bars(qtbot, table_factory, size):
    """There the cards keep over 100 px under three alerts: nothing is folded."""
    window = table_factory("manual", size=size)
    first_card_dealt(qtbot, window)
    three_alerts(qtbot, window)
    assert all(bar.isVisible() for bar in window.alerts.bars) and not window.alerts.more.isVisible()
    assert drawn_card_height(window.hands) >= 100
