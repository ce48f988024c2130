"""A trainer pauses a replay (Space), steps it one recorded operation at a time (Right) and lets it go on.

The journals are recorded by real table sessions in the tests; the replays
run in real offscreen windows with their pacing thread.  While paused no
operation arrives; Right applies exactly one, and the replayed table then
equals a second table fed the same number of recorded operations; Space
resumes and the replay still matches the record at its end.
"""

import pytest

from test_replay_blackjack import recorded  # noqa: F401 (the real blackjack journal of that module)
from test_replay_keys import NO_BURN, baccarat_journal, press  # noqa: F401 (the real baccarat journal)
from dealer_assist.sources.replay import ReplaySource, read_journal
from dealer_assist.table.blackjack_session import BlackjackSession, replay_rules
from dealer_assist.table.config import AppConfig
from dealer_assist.table.session import TableSession

#: Seconds a card of the paced replays here: slow enough to press Space before the record ends.
INTERVAL = 0.15


def reference_state(session, path, count):
    """The state of ``session`` (a fresh table) after the first ``count`` recorded operations of ``path``."""
    source = ReplaySource(path, interval=3600)
    source.set_sink(session.handle)
    for _ in range(count):
        assert source.step() is not None
    state = session.state
    session.close()
    return state


def shown_version(window):
    """The version of the snapshot the window last drew (the two games' windows keep it apart)."""
    shown = window.rendered if hasattr(window, "rendered") else window._last
    return shown.version if shown is not None else -1


def pause_step_resume(qtbot, table, status_text, reference):
    """Play, pause, check that nothing arrives, step twice, resume to the end; ``status_text()`` is the
    window's status line, ``reference(n)`` the state after ``n`` recorded operations."""
    session, source, window = table.session, table.source, table.window
    qtbot.waitUntil(lambda: source.played >= 2, timeout=5000)  # operations arrive while it plays
    assert not source.done, "the replay ended before the test could pause it"
    press(qtbot, window, "Space")
    assert source.paused
    at = source.played
    qtbot.waitUntil(lambda: "PAUSED" in status_text() and window.banner.reason.text().startswith(
        "PAUSED (Space: resume, Right: next operation)"), timeout=2000)
    version = session.snapshot.version
    qtbot.wait(int(INTERVAL * 1000 * 6))  # three cards' worth of pacing: nothing may arrive
    assert source.played == at and session.snapshot.version == version
    assert session.state == reference(at)

    for n in (1, 2):
        press(qtbot, window, "Right")
        assert source.played == at + n, "Right must play exactly one recorded operation"
        assert session.state == reference(at + n)
        assert source.paused and "PAUSED" in status_text()
        qtbot.waitUntil(lambda: shown_version(window) == session.snapshot.version, timeout=2000)
        assert window.banner.reason.text().startswith("PAUSED")
        assert "goes on by itself" not in window.banner.reason.text()  # a paused replay does not
    qtbot.wait(int(INTERVAL * 1000 * 4))
    assert source.played == at + 2  # stepping does not restart the pacing

    press(qtbot, window, "Space")
    assert not source.paused
    qtbot.waitUntil(lambda: "PAUSED" not in status_text() and "PAUSED" not in window.banner.reason.text(),
                    timeout=2000)
    qtbot.waitUntil(lambda: source.done, timeout=20000)
    assert not any(a.code == "replay" for a in session.snapshot.alerts)  # no REPLAY STOPPED MATCHING
    return session.state


def test_a_paused_baccarat_replay_takes_no_operation_steps_one_and_resumes(qtbot, baccarat_journal, show_window):  # noqa: F811
    from dealer_assist.ui.app import open_table
    from dealer_assist.ui.main_window import Options

    path, last = baccarat_journal
    table = open_table(config=AppConfig(rules=NO_BURN), source_spec=f"replay:{path}",
                       options=Options(sim_interval=INTERVAL, sound=False), odds=False, start=False)
    try:
        window = show_window(table.window)
        assert window.status.links.text() == f"replay of {path.name}"  # not "cards typed in (no reader)"
        table.start()

        def status():
            return window.status.links.text() + " | " + window.hint.text()

        qtbot.waitUntil(lambda: window.status.links.text() == f"replay of {path.name}", timeout=2000)
        got = pause_step_resume(qtbot, table, status,
                                lambda n: reference_state(TableSession(NO_BURN, None, odds=False), path, n))
        # The pacing thread marks the source done before the window hears of it: the
        # status line says so on the window's next event.
        qtbot.waitUntil(lambda: window.status.links.text() == f"replay of {path.name}: ended", timeout=2000)
        assert (got.round.cards, got.round_no, got.shoe, got.betting) == (last.round.cards, last.round_no, last.shoe,
                                                                          last.betting)
    finally:
        table.close()


def test_a_paused_blackjack_replay_takes_no_operation_steps_one_and_resumes(qtbot, recorded, show_window):  # noqa: F811
    from dealer_assist.ui.blackjack.app import open_blackjack_replay

    path, last = recorded
    shoe = read_journal(path)
    table = open_blackjack_replay(shoe, interval=INTERVAL, start=False)
    try:
        window = show_window(table.window, (1600, 900))
        assert path.name in window.replay_status.text() and "Space: pause" in window.replay_status.text()
        table.start()
        got = pause_step_resume(qtbot, table, window.replay_status.text,
                                lambda n: reference_state(BlackjackSession(replay_rules(shoe.rules), None), path, n))
        assert got.round.cards == last.round.cards and got.bets == last.bets
    finally:
        table.close()


@pytest.mark.parametrize("game", ["baccarat", "blackjack"])
def test_right_steps_only_a_paused_replay_and_the_help_names_both_keys(qtbot, game, baccarat_journal, recorded,  # noqa: F811
                                                                       show_window):
    from dealer_assist.ui.app import open_table
    from dealer_assist.ui.blackjack.app import open_blackjack_replay
    from dealer_assist.ui.main_window import Options

    if game == "baccarat":
        table = open_table(config=AppConfig(rules=NO_BURN), source_spec=f"replay:{baccarat_journal[0]}",
                           options=Options(sim_interval=3600, sound=False), odds=False, start=False)
    else:
        table = open_blackjack_replay(read_journal(recorded[0]), interval=3600, start=False)
    try:
        session, source, window = table.session, table.source, show_window(table.window)
        source.set_sink(session.handle)
        before = session.state
        press(qtbot, window, "Right")  # playing: Right does not jump ahead of the pace
        assert source.played == 0 and session.state == before and not session.snapshot.message
        press(qtbot, window, "Space")
        press(qtbot, window, "Right")
        assert source.played == 1 and session.state != before
        press(qtbot, window, "F1")
        assert window.help.isVisible()
        listed = window.help.text_lines()
        assert any(line.startswith("Space: ") and "pause" in line for line in listed)
        assert any(line.startswith("Right: ") and "next recorded operation" in line for line in listed)
        press(qtbot, window, "Escape")
        assert not window.help.isVisible()
        while source.step() is not None:
            pass
        press(qtbot, window, "Right")  # the end: nothing more, nothing refused
        assert not any(a.code == "replay" for a in session.snapshot.alerts)
    finally:
        table.close()
