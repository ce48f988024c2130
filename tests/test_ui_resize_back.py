"""A window made big can be made small again, and a narrow one takes text that fits its width.

The text unit grew with the window, and with it the layout's minimum width: Qt held a window
made 1920x1080 to that big text's 1525 px when it was made 1280x720 again, so it stayed wide."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from dealer_assist.ui import theme


def _settle(qtbot, window):
    qtbot.wait(50)
    QApplication.processEvents()


def _text_px(window, game) -> dict[str, int]:
    """The pixel size of the fonts some of the window's texts are drawn in: its headline, the pay list's title,
    and blackjack's deck title, a chip's face and an action's button."""
    if game == "baccarat":
        texts = {"headline": window.banner.title, "pay list": window.settlement.title}
        return {name: w.font().pixelSize() for name, w in texts.items()}
    texts = {"headline": window.banner.title, "pay list": window.settlement.title, "deck": window.deck.title,
             "chip": window.chips.buttons[0], "hit": window.actions.buttons["hit"]}
    return {name: w.font().pixelSize() for name, w in texts.items()}


@pytest.mark.parametrize("game", ["baccarat", "blackjack"])
def test_a_window_made_big_goes_back_to_its_size(qtbot, show_window, game):
    if game == "baccarat":
        from dealer_assist.table.session import TableSession
        from dealer_assist.ui.main_window import MainWindow, Options

        window = show_window(MainWindow(TableSession(odds=False), None, Options(sound=False)))
    else:
        from dealer_assist.table.blackjack_session import BlackjackSession
        from dealer_assist.ui.blackjack.window import BlackjackWindow

        window = show_window(BlackjackWindow(BlackjackSession(), None))
    _settle(qtbot, window)
    small, small_text = window.unit, _text_px(window, game)
    window.resize(1920, 1080)
    _settle(qtbot, window)
    assert window.unit > small
    big_text = _text_px(window, game)
    grown = {name: (small_text[name], px) for name, px in big_text.items() if px > small_text[name]}
    assert grown.keys() == big_text.keys(), f"text the same size in the bigger window: {set(big_text) - set(grown)}"
    # the bigger text holds the bigger window's width; blackjack's action buttons fit their words to the width they
    # get instead (qaAH F10), so its least width does not grow: the text drawn bigger is what it shows
    assert game == "blackjack" or window.centralWidget().minimumSizeHint().width() > 1280
    window.resize(1280, 720)
    _settle(qtbot, window)
    assert (window.width(), window.height()) == (1280, 720) and window.unit == small
    assert _text_px(window, game) == small_text  # the text drawn small again
    assert window.centralWidget().minimumSizeHint().width() <= 1280  # and its content fits again
    window.resize(1080, 1920)  # portrait: the text follows the width (the baccarat grid's whole width, stacked;
    _settle(qtbot, window)    # blackjack's chips under its buttons, qaAH F1)
    width = 1080 / 0.58 if game == "baccarat" else 1080 / 0.72
    assert window.unit == theme.unit_for_size(int(width), 1920) < theme.unit_for_size(1920, 1920)
    assert window.centralWidget().minimumSizeHint().width() <= 1080


def test_the_unit_follows_the_narrower_side_of_16_by_9():
    assert theme.unit_for_size(1280, 720) == theme.unit_for_size(1920, 720) == 16
    assert theme.unit_for_size(3840, 2160) == 48
    assert theme.unit_for_size(1080, 1920) == 13 and theme.unit_for_size(800, 480) == theme.MIN_UNIT


def test_the_blackjack_menu_bar_grows_with_the_window(qtbot, show_window):
    from dealer_assist.table.blackjack_session import BlackjackSession
    from dealer_assist.ui.blackjack.window import BlackjackWindow

    window = show_window(BlackjackWindow(BlackjackSession(), None))
    _settle(qtbot, window)
    small = window.menuBar().font().pixelSize()
    window.resize(3840, 2160)
    _settle(qtbot, window)
    assert window.menuBar().font().pixelSize() >= 2.5 * small > 0
