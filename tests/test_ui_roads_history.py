"""The roads are drawn where the scoreboard puts them; the history lists the rounds; turbo, auto-play, void."""

from __future__ import annotations

from types import SimpleNamespace

from PySide6.QtCore import Qt

from dealer_assist import roads
from dealer_assist.baccarat.paytable import Bet
from dealer_assist.table.state import TablePhase
from dealer_assist.ui.main_window import TURBO_INTERVAL
from dealer_assist.ui.roads import ROAD_COLOURS, RoadsView


def close_to(colour, expected, tolerance=60):
    return all(abs(a - b) <= tolerance for a, b in zip(colour.getRgb()[:3], expected.getRgb()[:3]))


def test_each_road_is_drawn_in_its_cells_with_its_colours(qtbot):
    coups = roads.parse_coups("BBBPPTBPBBPPPBPB")
    board = roads.scoreboard(coups)
    view = RoadsView()
    qtbot.addWidget(view)
    view.set_unit(30)
    view.resize(1500, view.height())
    view.show_snapshot(SimpleNamespace(state=SimpleNamespace(scoreboard=board)))
    image = view.grab().toImage()
    areas = view.areas()

    def pixel(area, cell, col, row, dx=0.0, dy=0.0):
        x = area.left() + (col + 0.5 + dx) * cell
        y = area.top() + (row + 0.5 + dy) * cell
        return image.pixelColor(int(x), int(y))

    bead = areas["bead_plate"]
    for b in board.bead_plate.cells:
        assert close_to(pixel(bead, bead.height() / 6, b.col, b.row, dx=-0.3), ROAD_COLOURS[b.winner]), b
    big = areas["big_road"]
    cell = view._cell()
    for b in board.big_road.cells:
        assert close_to(pixel(big, cell, b.col, b.row, dx=-0.38), ROAD_COLOURS[b.winner]), b
    tie_cell = next(b for b in board.big_road.cells if b.ties)
    # The slash crosses the cell corner to corner (beside its centre: the B or P is drawn whole over it, rev16 F6).
    assert close_to(pixel(big, cell, tie_cell.col, tie_cell.row, dx=-0.2, dy=0.2), ROAD_COLOURS["tie"])
    assert board.small_road.marks and board.big_eye_boy.marks and board.cockroach_pig.marks
    for name, dx in (("big_eye_boy", -0.35), ("small_road", -0.28), ("cockroach_pig", 0.0)):  # a blue dot is hollow
        for m in getattr(board, name).marks:
            assert close_to(pixel(areas[name], cell / 2, m.col, m.row, dx=dx), ROAD_COLOURS[m.colour], 80), (name, m)
    empty = pixel(bead, bead.height() / 6, 9, 5)
    assert not close_to(empty, ROAD_COLOURS["banker"]) and not close_to(empty, ROAD_COLOURS["player"])


def shown(window):
    return window._last


def synced(qtbot, window):
    qtbot.waitUntil(lambda: shown(window).version == window.session.snapshot.version, timeout=3000)


def test_history_lists_rounds_newest_first_with_their_bets(qtbot, table_factory):
    window = table_factory("manual")
    s = window.session
    s.skip_burn()
    s.place(1, Bet.BANKER)
    s.deal()
    for code in ("9H", "2S", "KD", "3C"):
        s.enter_card(code)
    s.next_round()
    s.deal()
    for code in ("2S", "AH", "3D", "2C", "8S"):
        s.enter_card(code)
    synced(qtbot, window)
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_H)
    assert window.right.currentWidget() is window.history
    rows = window.history.rows()
    records = s.state.history
    assert len(rows) == len(records) == 2
    assert rows[0][0] == str(records[-1].number) and rows[0][3] == records[-1].outcome.banner
    assert rows[1][6] == f"1:Banker {records[0].wagers[0].stake:.2f}"
    assert rows[1][1].startswith("9♥ K♦")  # the Player's cards of the first round
    assert rows[0][6] == "no bets"


def test_a_busy_rounds_bets_wrap_in_the_history_with_nothing_out_of_sight_sideways(qtbot, table_factory):
    """At 1280x720 the bets column had run past the pane behind a sideways scroll bar no key reaches."""
    from PySide6.QtGui import QFontMetrics

    from dealer_assist.ui.history import COLUMNS

    window = table_factory("manual", size=(1280, 720))
    s = window.session
    s.skip_burn()
    for seat in range(1, 8):
        for bet in (Bet.BANKER, Bet.PLAYER_PAIR, Bet.TIE):
            s.place(seat, bet)
    s.deal()
    for code in ("9H", "2S", "KD", "3C"):
        s.enter_card(code)
    synced(qtbot, window)
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_H)
    qtbot.waitUntil(lambda: window.history.table.rowCount() == 2, timeout=2000)
    table = window.history.table
    assert table.horizontalScrollBar().maximum() == 0
    assert table.columnViewportPosition(5) + table.columnWidth(5) <= table.viewport().width()
    text = window.history.rows()[0][6]
    assert text.count(":") == 21 and table.item(1, 0).text() == text  # every bet listed, on the line under
    assert table.columnSpan(1, 0) == len(COLUMNS)  # across the whole table
    room = QFontMetrics(table.font()).boundingRect(0, 0, table.viewport().width() - 8, 10_000,
                                                   Qt.TextFlag.TextWordWrap, text)
    assert room.height() >= QFontMetrics(table.font()).height() * 2  # it wraps ...
    assert table.rowHeight(1) >= room.height()  # ... and its line is as tall as its lines


def test_void_next_round_and_new_shoe_keys(qtbot, table_factory):
    window = table_factory("manual")
    s = window.session
    s.skip_burn()
    s.deal()
    for code in ("9H", "2S", "KD"):
        s.enter_card(code)
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_V)
    synced(qtbot, window)
    assert [c.code for c in shown(window).state.round.cards] == ["9H", "2S"]
    assert window.hands.snapshot.state.round.next_position.value == "P2"
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_N)  # refused: the round is not over
    synced(qtbot, window)
    assert "not over" in window.betting.message.text()
    for code in ("KD", "3C"):
        s.enter_card(code)
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    synced(qtbot, window)  # once: asked again, nothing changed (the pay list of the round still shows)
    assert shown(window).state.shoe_no == 1 and "press Ctrl+N again" in window.betting.message.text()
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    synced(qtbot, window)
    assert shown(window).state.shoe_no == 2 and shown(window).state.phase == TablePhase.BURN


def test_turbo_speeds_up_the_simulated_shoe_and_auto_play_finishes_rounds(qtbot, table_factory):
    window = table_factory("sim", seed=8)
    source = window.source
    assert source.interval == 3600
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_T)
    assert source.interval == TURBO_INTERVAL and not window.hands.animate
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_A)
    qtbot.waitUntil(lambda: len(shown(window).state.history) >= 2, timeout=15000)
    first = shown(window).state.history[0]
    assert first.wagers  # auto-play placed chips before dealing
    assert first.settlement.lines
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_A)
    qtbot.keyClick(window.centralWidget(), Qt.Key.Key_T)
    assert source.interval == 3600 and window.hands.animate


def test_voiding_a_card_with_supervisors_needs_name_pin_and_reason(qtbot):
    from dealer_assist.table.session import TableSession
    from dealer_assist.table.supervisor import SupervisorRoster
    from dealer_assist.ui.main_window import MainWindow, Options

    roster = SupervisorRoster()
    roster.add("ana", "4821")
    session = TableSession(odds=False, supervisors=roster)
    window = MainWindow(session, None, Options(sound=False))
    qtbot.addWidget(window)
    window.show()
    session.skip_burn()
    session.deal()
    for code in ("9H", "2S", "KD"):
        session.enter_card(code)
    window.void_last_card()
    dialog = window.supervisor_dialog
    assert dialog is not None and dialog.isVisible()
    dialog.name.setText("ana")
    dialog.pin.setText("0000")
    dialog.reason.setText("KD was a misdeal")
    dialog.try_accept()
    assert dialog.isVisible() and "wrong PIN" in dialog.message.text() and dialog.pin.text() == ""
    assert len(session.state.round.cards) == 3
    dialog.pin.setText("4821")
    dialog.try_accept()
    assert not dialog.isVisible()
    assert [c.code for c in session.state.round.cards] == ["9H", "2S"]
    session.close()


def test_the_bead_plate_title_counts_one_coup_and_many_coups():
    for text, shown in (("", "0 coups"), ("B", "1 coup)"), ("BP", "2 coups"), ("BPTBPBBPPBPB", "12 coups")):
        board = roads.scoreboard(roads.parse_coups(text))
        assert f"({shown}" in RoadsView._hint(board, "bead_plate"), text
    assert "1 coups" not in RoadsView._hint(roads.scoreboard(roads.parse_coups("T")), "bead_plate")
