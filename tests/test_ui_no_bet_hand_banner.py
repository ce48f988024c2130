"""fixAU3 leftover: the banner and a refused bet did not say a no-bet hand was being dealt.

A card out after round 1, dealt as a no-bet hand (Enter): the paying list's heading said ROUND 2: NO-BET HAND, but the
banner read DEAL BANKER / "Banker's first card (B1)" as in any round, and a bet clicked on the layout was refused with
"the deal has started: Shift+V voids the round and opens the bets again", as if bets had been taken.  Both now say the
round is a no-bet hand and when bets are taken again, from the table's state: live and after a restart alike.
"""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import Qt

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.table.state import TablePhase
from test_ui_no_bet_hand_heading import REST, ROUND_1, dealt_live, restarted_mid_no_bet_hand, synced

__all__ = ["restarted_mid_no_bet_hand"]  # a fixture of the heading's tests, used here


def click_bet(qtbot, window) -> str:
    """Click Banker on seat 1, as a croupier would; the betting panel's message."""
    grid = window.betting.grid
    before = window.session.state
    qtbot.mouseClick(grid, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, grid.cell_centre(1, Bet.BANKER))
    synced(qtbot, window)
    assert window.session.state == before  # refused: the table is as it was
    return window.betting.message.text()


def assert_said_no_bet_hand(qtbot, window, round_no: int) -> None:
    assert window.banner.title.text() == "DEAL BANKER"
    assert window.banner.reason.text() == f"Banker's first card (B1) — no-bet hand: nobody bets on round {round_no}"
    refused = click_bet(qtbot, window)
    assert f"round {round_no} is a no-bet hand" in refused and "the deal has started" not in refused, refused
    assert f"bets are taken again at round {round_no + 1} (N once this one is over)" in refused, refused


def test_live_the_banner_and_a_refused_bet_say_no_bet_hand(qtbot, table_factory):
    window = dealt_live(qtbot, table_factory)
    session = window.session
    assert_said_no_bet_hand(qtbot, window, 2)
    for code in REST:
        assert session.enter_card(code) is None
    synced(qtbot, window)
    assert session.state.phase == TablePhase.SETTLED
    assert window.banner.reason.text() == ("Banker 8 is a natural: no more cards — no-bet hand, nothing to pay — "
                                           "N: next round")
    assert "round 2, a no-bet hand, is over: press N" in click_bet(qtbot, window)
    assert session.next_round() is None and session.place(1, Bet.BANKER, Decimal("25")) is None
    synced(qtbot, window)
    assert "no-bet" not in window.banner.reason.text()


def test_restarted_mid_no_bet_hand_the_banner_and_a_refused_bet_say_so_as_live(qtbot, restarted_mid_no_bet_hand):
    assert_said_no_bet_hand(qtbot, restarted_mid_no_bet_hand, 2)


def test_the_first_card_out_on_a_bare_layout_is_said_a_no_bet_hand_and_a_round_with_bets_is_not(qtbot, table_factory):
    window = table_factory("manual")
    session = window.session
    session.skip_burn()
    assert session.enter_card("9S") is None  # the first card out closes the bets, none placed
    synced(qtbot, window)
    assert_said_no_bet_hand(qtbot, window, 1)
    for code in ROUND_1[1:]:
        session.enter_card(code)
    assert session.next_round() is None and session.place(2, Bet.BANKER, Decimal("25")) is None
    assert session.deal() is None and session.enter_card("5C") is None
    synced(qtbot, window)
    assert window.banner.reason.text() == "Banker's first card (B1)"
    refused = click_bet(qtbot, window)
    assert "the deal has started" in refused and "no-bet" not in refused, refused
