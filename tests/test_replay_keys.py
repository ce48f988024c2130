"""A replay is read-only: in both games every key that would change the table is refused, and says why.

The journals are recorded by real table sessions; the replays run in real
offscreen windows and are stepped by the test, one recorded operation at a
time.  At a settled round, at open bets and in the middle of a deal every
table key is pressed: the replayed table stays as it was, the window says
why, and the record still matches to its end.  A live window fed by the
same record shows that the same keys do change a table that is not a replay.
"""

from decimal import Decimal as D

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QKeySequence

from test_replay_blackjack import recorded  # noqa: F401 (the real blackjack journal of that module)
from dealer_assist.baccarat.paytable import Bet
from dealer_assist.shoe import ShoeRules
from dealer_assist.sources.replay import ReplaySource, read_journal
from dealer_assist.table.blackjack_state import BlackjackPhase
from dealer_assist.table.config import AppConfig
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TablePhase, TableRules
from dealer_assist.table.supervisor import Supervisor, SupervisorRoster, hash_pin

NO_BURN = TableRules(shoe=ShoeRules(burn=False))
WHY = "refused: this is a replay: the table follows the journal"


def combo(text):
    """A key as the window's shortcuts name it ("Ctrl+N", "Shift+V", "+") as a key and its modifiers."""
    key = QKeySequence(text)[0]
    return key.key(), key.keyboardModifiers()


def press(qtbot, window, text):
    qtbot.keyClick(window, *combo(text))


# -- baccarat ------------------------------------------------------------------------

@pytest.fixture
def baccarat_journal(tmp_path):
    """A real baccarat table's journal: round 1 bet, dealt and settled; round 2 bet, dealt, a card voided."""
    path = tmp_path / "baccarat.sqlite"
    session = TableSession(NO_BURN, journal=Journal.open(path), odds=False)
    assert session.place(2, Bet.TIE, D("5")) is None and session.place(1, Bet.BANKER, D("10")) is None
    assert session.deal() is None
    for code in ["2S", "AH", "3D", "2C", "8S"]:
        assert session.enter_card(code) is None
    assert session.state.phase == TablePhase.SETTLED
    assert session.next_round() is None
    assert session.place(3, Bet.PLAYER, D("25")) is None
    assert session.deal() is None
    session.enter_card("KD")
    assert session.void_last_card(why="misread") is None
    assert session.enter_card("QD") is None
    last = session.state
    session.close()
    return path, last


def open_baccarat_replay(path, show_window, config=None):
    from dealer_assist.ui.app import open_table
    from dealer_assist.ui.main_window import Options

    table = open_table(config=config or AppConfig(rules=NO_BURN), source_spec=f"replay:{path}",
                       options=Options(sim_interval=3600, sound=False), odds=False, start=False)
    show_window(table.window)
    table.source.set_sink(table.session.handle)
    return table


@pytest.fixture
def baccarat_replay(baccarat_journal, show_window):
    table = open_baccarat_replay(baccarat_journal[0], show_window)
    yield table
    table.close()


def baccarat_synced(qtbot, window):
    qtbot.waitUntil(lambda: window._last is not None and window._last.version == window.session.snapshot.version,
                    timeout=2000)


def step_until(source, done):
    while not done():
        assert source.step() is not None, "the record ended before the point the test waits for"


def baccarat_table_keys():
    """Every key of a live table; Space and Right are left out: a replay pauses and steps with them."""
    from dealer_assist.ui.keys import KEYS, REPLAY_TAKEN

    return [(text, key) for key in KEYS if not key.view for text in key.keys if text not in REPLAY_TAKEN]


def press_every_baccarat_table_key(qtbot, window):
    session = window.session
    for text, key in baccarat_table_keys():
        before, chip = session.state, session.snapshot.chip
        press(qtbot, window, text)
        baccarat_synced(qtbot, window)
        assert session.state == before and session.snapshot.chip == chip, f"{text} changed the replayed table"
        shown = window.betting.message.text()
        assert f"{' / '.join(key.keys)} (" in shown and WHY in shown, (text, shown)
        assert "Ctrl+Q" in shown and "T: fast / normal pace" in shown and "dealer-assist run" in shown
        assert window.supervisor_dialog is None and window.limits_dialog is None, f"{text} opened a dialog"
        assert not window.options.auto and not window.entry.field.hasFocus()


def test_baccarat_every_table_key_is_refused_and_the_replay_still_matches(qtbot, baccarat_journal, baccarat_replay):
    _, last = baccarat_journal
    session, source, window = baccarat_replay.session, baccarat_replay.source, baccarat_replay.window
    assert session.read_only and window.replay

    step_until(source, lambda: session.state.phase == TablePhase.SETTLED)  # N would start round 2
    press_every_baccarat_table_key(qtbot, window)
    step_until(source, lambda: session.state.phase == TablePhase.BETTING and session.state.betting.layout)  # D deals
    press_every_baccarat_table_key(qtbot, window)
    step_until(source, lambda: session.state.round.cards)  # V voids the card, Shift+V the round
    press_every_baccarat_table_key(qtbot, window)

    grid = window.betting.grid  # a click on a bet is refused like its key
    before = session.state
    qtbot.mouseClick(grid, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, grid.cell_centre(1, Bet.BANKER))
    baccarat_synced(qtbot, window)
    assert session.state == before and WHY in window.betting.message.text()

    while source.step() is not None:
        pass
    got = session.state
    assert (got.round.cards, got.round_no, got.shoe, got.betting) == (last.round.cards, last.round_no, last.shoe,
                                                                      last.betting)
    assert got.history[0].settlement == last.history[0].settlement
    assert not any(a.code == "replay" for a in session.snapshot.alerts)  # no REPLAY STOPPED MATCHING


def test_the_same_keys_change_a_baccarat_table_that_is_not_a_replay(qtbot, baccarat_journal, show_window):
    """The control: a live window on the same recorded table obeys N, D and V, so the refusals above are real."""
    from dealer_assist.ui.main_window import MainWindow, Options

    session = TableSession(NO_BURN, None, odds=False)
    source = ReplaySource(baccarat_journal[0], interval=3600)
    source.set_sink(session.handle)
    window = show_window(MainWindow(session, source, Options(sound=False)))
    assert not window.replay
    step_until(source, lambda: session.state.phase == TablePhase.SETTLED)
    press(qtbot, window, "N")
    assert session.state.round_no == 2 and session.state.phase == TablePhase.BETTING
    assert session.rebet() is None
    press(qtbot, window, "D")
    assert session.state.phase == TablePhase.DEALING
    session.enter_card("9H")
    press(qtbot, window, "V")
    assert session.state.round.cards == ()
    window.close()
    session.close()


def test_baccarat_replay_hints_name_no_table_key(qtbot, baccarat_replay):
    session, source, window = baccarat_replay.session, baccarat_replay.source, baccarat_replay.window
    baccarat_synced(qtbot, window)
    assert window.banner.reason.text() == "replay: the recorded bets, then the deal"
    assert window.hint.text().startswith("REPLAY (read-only)") and "A: auto-play" not in window.hint.text()
    assert not any(b.isVisible() for b in (*window.betting.buttons.values(), *window.betting.chip_buttons.values()))
    assert window.entry.field.isReadOnly() and not window.entry.field.isVisible()  # no card is typed in a replay
    step_until(source, lambda: session.state.phase == TablePhase.SETTLED)
    baccarat_synced(qtbot, window)
    reason = window.banner.reason.text()
    assert reason.endswith("the replay goes on by itself") and "N: next round" not in reason


def test_baccarat_view_keys_still_work_in_a_replay(qtbot, baccarat_replay):
    session, source, window = baccarat_replay.session, baccarat_replay.source, baccarat_replay.window
    press(qtbot, window, "T")
    assert source.interval == 0.05 and window.options.turbo
    press(qtbot, window, "T")
    assert source.interval == 3600
    sound = window.cues.enabled
    press(qtbot, window, "M")
    assert window.cues.enabled is not sound
    shown = window.right.currentWidget()
    press(qtbot, window, "H")
    assert window.right.currentWidget() is not shown
    press(qtbot, window, "F1")
    assert window.help.isVisible()
    listed = window.help.text_lines()  # the help of a replay lists the keys it runs, and only them
    assert any(line.startswith("T: ") for line in listed) and any(line.startswith("Ctrl+Q: ") for line in listed)
    assert not any(line.startswith(("N: ", "D: ", "V: ")) for line in listed)
    press(qtbot, window, "Esc")
    assert not window.help.isVisible()
    assert not session.snapshot.message  # none of them was refused

    while source.step() is not None:
        pass
    baccarat_synced(qtbot, window)
    assert "REPLAY FINISHED" in window.alerts.titles()
    press(qtbot, window, "Esc")
    baccarat_synced(qtbot, window)
    assert "REPLAY FINISHED" not in window.alerts.titles()
    press(qtbot, window, "Ctrl+Q")
    assert not window.isVisible()


def test_the_end_of_a_baccarat_replay_says_how_much_was_replayed_and_how_to_leave(qtbot, baccarat_replay):
    source, window = baccarat_replay.source, baccarat_replay.window
    while source.step() is not None:
        pass
    baccarat_synced(qtbot, window)
    [bar] = [b for b in window.alerts.bars if b.title.text() == "REPLAY FINISHED"]
    assert f"the record has ended: all {len(source.ops)} recorded operations replayed" in bar.text.text()
    assert "Ctrl+Q leaves the replay" in bar.action.text() and "Esc" in bar.action.text()
    reason = window.banner.reason.text()  # it no longer says the replay goes on
    assert reason.startswith("REPLAY FINISHED") and "goes on by itself" not in reason
    assert "type any further cards" not in bar.action.text() and "--source" not in bar.action.text()


def test_a_baccarat_replay_under_a_supervisor_roster_opens_no_dialog(qtbot, baccarat_journal, show_window):
    config = AppConfig(rules=NO_BURN, supervisors=({"name": "ana", "pin_hash": hash_pin("4821", n=2 ** 4)},))
    table = open_baccarat_replay(baccarat_journal[0], show_window, config)
    try:
        session, source, window = table.session, table.source, table.window
        assert session.needs_supervisor
        step_until(source, lambda: session.state.round.cards)
        before = session.state
        for key in ("V", "Shift+V", "L"):
            press(qtbot, window, key)
            assert window.supervisor_dialog is None and window.limits_dialog is None
            assert session.state == before
    finally:
        table.close()


# -- blackjack -------------------------------------------------------------------------

@pytest.fixture
def blackjack_replay(recorded, show_window):  # noqa: F811 (the fixture imported above)
    from dealer_assist.ui.blackjack.app import open_blackjack_replay

    table = open_blackjack_replay(read_journal(recorded[0]), interval=3600, start=False)
    show_window(table.window, (1600, 900))
    table.source.set_sink(table.session.handle)
    yield table
    table.close()


def blackjack_synced(qtbot, window):
    qtbot.waitUntil(lambda: window.rendered is not None and window.rendered.version == window.session.snapshot.version,
                    timeout=2000)


def blackjack_table_keys(window):
    from dealer_assist.ui.blackjack.window import KEYS, REPLAY_KEYS, VIEW_COMMANDS

    taken = {k for keys, _, _ in REPLAY_KEYS for k in keys}
    keys = [(text, f"{' / '.join(keys)} (") for keys, name, _ in KEYS if name not in VIEW_COMMANDS
            for text in keys if text not in taken]
    chips = [(str(i + 1), "choosing a chip") for i in range(len(window.session.state.rules.chips[:9]))]
    return keys + chips


def press_every_blackjack_table_key(qtbot, window):
    session = window.session
    for text, named in blackjack_table_keys(window):
        before, chip = session.state, session.snapshot.chip
        press(qtbot, window, text)
        blackjack_synced(qtbot, window)
        assert session.state == before and session.snapshot.chip == chip, f"{text} changed the replayed table"
        shown = window.entry.message.text()
        assert named in shown and WHY in shown, (text, shown)
        assert "Ctrl+Q" in shown and "T: fast / normal pace" in shown and "dealer-assist run" in shown
        assert window.supervisor_dialog is None and window.limits_dialog is None, f"{text} opened a dialog"
        assert not window.auto and not window.entry.field.hasFocus()


def test_blackjack_every_table_key_is_refused_and_the_replay_still_matches(qtbot, recorded, blackjack_replay):  # noqa: F811
    _, last = recorded
    session, source, window = blackjack_replay.session, blackjack_replay.source, blackjack_replay.window
    assert session.read_only and window.replay

    step_until(source, lambda: session.state.bets)  # Space would deal, X clear the bets
    press_every_blackjack_table_key(qtbot, window)
    step_until(source, lambda: session.snapshot.allowed)  # H, S, D, P: a player's call is due
    press_every_blackjack_table_key(qtbot, window)
    step_until(source, lambda: session.state.phase == BlackjackPhase.SETTLED)  # N, C, Backspace
    press_every_blackjack_table_key(qtbot, window)

    step_until(source, lambda: session.state.phase == BlackjackPhase.BETTING)  # a click on a seat is refused too
    before = session.state
    rect = window.table.seat_rect(2)
    qtbot.mouseClick(window.table, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     QPoint(int(rect.center().x()), int(rect.center().y())))
    blackjack_synced(qtbot, window)
    assert session.state == before and "a bet (click on a seat) " + WHY in window.entry.message.text()

    while source.step() is not None:
        pass
    assert session.state.round.cards == last.round.cards and session.state.bets == last.bets
    assert not any(a.code == "replay" for a in session.snapshot.alerts)  # no REPLAY STOPPED MATCHING


def test_the_same_keys_change_a_blackjack_table_that_is_not_a_replay(qtbot, recorded, show_window):  # noqa: F811
    """The control: a live window on the same recorded table obeys N and Backspace."""
    from dealer_assist.table.blackjack_session import BlackjackSession, replay_rules
    from dealer_assist.ui.blackjack.window import BlackjackWindow

    shoe = read_journal(recorded[0])
    session = BlackjackSession(replay_rules(shoe.rules), None)
    source = ReplaySource(recorded[0], interval=3600)
    source.set_sink(session.handle)
    window = show_window(BlackjackWindow(session, source), (1600, 900))
    step_until(source, lambda: session.state.phase == BlackjackPhase.SETTLED)
    before = session.state
    press(qtbot, window, "Backspace")  # a settled round: asked again first
    assert session.state == before and "press Backspace again" in session.snapshot.message
    press(qtbot, window, "Backspace")
    assert session.state != before and session.state.phase == BlackjackPhase.PLAYING
    step_until(source, lambda: session.state.phase == BlackjackPhase.SETTLED)
    press(qtbot, window, "N")
    assert session.state.phase == BlackjackPhase.BETTING
    window.close()
    session.close()


def test_blackjack_replay_hints_name_no_table_key(qtbot, blackjack_replay):
    session, source, window = blackjack_replay.session, blackjack_replay.source, blackjack_replay.window
    blackjack_synced(qtbot, window)
    assert window.banner.reason.text() == "replay: the recorded bets, then the deal"
    assert not window.actions.isVisible() and not window.chips.isVisible()
    assert not any(b.isVisible() for b in window.deck.buttons.values())
    assert window.entry.field.isReadOnly() and not window.entry.field.isVisible()
    assert "C opens" not in window.deck.lines.text()
    status = window.replay_status.text()
    assert "read-only" in status and "Ctrl+Q: leave" in status
    step_until(source, lambda: session.snapshot.allowed)
    blackjack_synced(qtbot, window)
    assert window.banner.reason.text() == "the player's recorded call comes next"
    step_until(source, lambda: session.state.phase == BlackjackPhase.SETTLED)
    blackjack_synced(qtbot, window)
    reason = window.banner.reason.text()
    assert reason == "paid as shown; the replay goes on by itself to the next round" and "N for" not in reason


def test_blackjack_view_keys_still_work_and_the_end_says_how_to_leave(qtbot, blackjack_replay):
    session, source, window = blackjack_replay.session, blackjack_replay.source, blackjack_replay.window
    press(qtbot, window, "T")
    assert source.interval == 0.05
    press(qtbot, window, "T")
    assert source.interval == 3600
    assert not session.snapshot.message

    while source.step() is not None:
        pass
    blackjack_synced(qtbot, window)
    [bar] = [b for b in window.alerts.bars if b.title.text() == "REPLAY FINISHED"]
    assert f"the record has ended: all {len(source.ops)} recorded operations replayed" in bar.text.text()
    assert "Ctrl+Q leaves the replay" in bar.action.text() and "type any further cards" not in bar.action.text()
    press(qtbot, window, "Escape")
    blackjack_synced(qtbot, window)
    assert "REPLAY FINISHED" not in window.alerts.titles()
    press(qtbot, window, "Ctrl+Q")
    assert not window.isVisible()


def test_a_blackjack_deck_check_in_a_replay_takes_no_key_and_shows_no_button(qtbot, tmp_path, show_window):
    from test_replay_blackjack import RULES, play_calls
    from dealer_assist.sources.virtual import VirtualShoe
    from dealer_assist.table.blackjack_session import BlackjackSession
    from dealer_assist.ui.blackjack.app import open_blackjack_replay

    path = tmp_path / "check.sqlite"
    recording = BlackjackSession(RULES, Journal.open(path))
    shoe = VirtualShoe(decks=1, seed=3, interval=3600, demand=recording.card_due)
    shoe.start(recording.handle)
    try:
        assert recording.place(1, D("5")) is None and recording.deal() is None
        play_calls(recording, shoe)
        dealt = recording.state.ledger.dealt
        assert recording.start_deck_check() is None and recording.return_stub() is None
        assert all(recording.enter_card(card.code) is None for card in dealt)
        last = recording.state
    finally:
        shoe.stop()
        recording.close()

    table = open_blackjack_replay(read_journal(path), interval=3600, start=False)
    try:
        session, source, window = table.session, table.source, show_window(table.window, (1600, 900))
        source.set_sink(session.handle)
        step_until(source, lambda: session.state.phase == BlackjackPhase.DECK_CHECK)
        blackjack_synced(qtbot, window)
        assert window.banner.reason.text() == "replay: the cards are counted back as the record has them"
        assert not any(b.isVisible() for b in window.deck.buttons.values())
        press_every_blackjack_table_key(qtbot, window)  # Ctrl+N, F9, T's stub and the typed cards among them
        while source.step() is not None:
            pass
        assert session.state.ledger == last.ledger and session.state.phase == last.phase
        assert not any(a.code == "replay" for a in session.snapshot.alerts)
    finally:
        table.close()
