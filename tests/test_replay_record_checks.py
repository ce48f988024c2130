"""A replay offers only what it runs, plays only a journal whose chain holds, and writes nothing beside it.

The journals are written by real table sessions (both games) into real
SQLite files; a tampered one is edited the way a forger would, with SQLite,
under the append-only triggers.  The windows are real offscreen windows.
The read-only medium is a 0444 file in a 0555 folder, replayed by the real
command in a child process that has lost root's right to ignore permissions.
"""

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QToolTip

from test_journal import _without_root_override
from test_replay_blackjack import RULES, recorded  # noqa: F401 (the real blackjack journal of that module)
from test_replay_keys import NO_BURN, baccarat_journal, press  # noqa: F401 (the real baccarat journal)
from dealer_assist.cli import main
from dealer_assist.sources.replay import BrokenRecordError, ReplaySource, read_journal
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.config import AppConfig
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession

ROOT = Path(__file__).resolve().parent.parent
READ_ONLY = "replay is read-only"


def menu_items(window):
    """Every item of the window's menus: (menu title, item text up to its keys, the QAction)."""
    return [(top.text(), act.text().split("\t")[0], act) for top in window.menuBar().actions() if top.menu()
            for act in top.menu().actions() if not act.isSeparator()]


def item(window, text):
    [act] = [act for _, shown, act in menu_items(window) if shown.startswith(text)]
    return act


def tooltip_on_hover(qtbot, window, act):
    """The tooltip a croupier sees when the pointer rests on ``act`` in its open menu."""
    [menu] = [top.menu() for top in window.menuBar().actions() if top.menu() and act in top.menu().actions()]
    menu.popup(window.mapToGlobal(window.rect().center()))
    qtbot.waitUntil(menu.isVisible, timeout=2000)
    spot = menu.actionGeometry(act).center()
    QCoreApplication.sendEvent(menu, QHelpEvent(QEvent.Type.ToolTip, spot, menu.mapToGlobal(spot)))
    shown = QToolTip.text() if QToolTip.isVisible() else ""
    QToolTip.hideText()
    menu.hide()
    return shown


def open_replay(game, path, show_window, allow_broken=False):
    from dealer_assist.ui.app import open_table
    from dealer_assist.ui.blackjack.app import open_blackjack_replay
    from dealer_assist.ui.main_window import Options

    if game == "baccarat":
        spec = f"replay:{path}" + ("?allow_broken=1" if allow_broken else "")
        table = open_table(config=AppConfig(rules=NO_BURN), source_spec=spec,
                           options=Options(sim_interval=3600, sound=False), odds=False, start=False)
    else:
        table = open_blackjack_replay(read_journal(path, allow_broken=allow_broken), interval=3600, start=False)
    show_window(table.window, (1600, 900))
    table.source.set_sink(table.session.handle)
    return table


# -- 1. the menus of a replay ----------------------------------------------------------

#: Items a replay must grey out (they would change the table) and items it keeps (view, help, pause, step).
GREYED = {"baccarat": ("deal: lock the bets", "undo the last bet action", "clear all bets", "rebet",
                       "choose chip 1", "add the chosen chip", "new shoe", "next round", "void the last card",
                       "void the whole round", "change the table limits", "type a card", "confirm the unsure card",
                       "burn done face down", "auto-play"),
          "blackjack": ("deal: lock the bets", "hit", "stand", "double", "split", "void the last deal",
                        "next round", "repeat the last round's bets", "clear the bets", "open the deck check",
                        "new deck", "type a card", "supervisor (PIN)", "change the seat limits", "demo: auto-play",
                        "chip ")}
KEPT = {"baccarat": ("pause / resume the replay", "while paused: play the next recorded operation", "turbo on/off",
                     "sound on/off", "history / settlement", "full screen on/off", "this help", "quit",
                     "dismiss the top alert"),
        "blackjack": ("replay: pause / resume", "replay, while paused", "replay: fast / normal pace", "this help",
                      "quit", "dismiss the top alert")}


@pytest.mark.parametrize("game", ["baccarat", "blackjack"])
def test_a_replay_greys_out_the_menu_items_that_change_the_table_and_keeps_the_view(qtbot, game, baccarat_journal,
                                                                                     recorded, show_window):  # noqa: F811
    path = baccarat_journal[0] if game == "baccarat" else recorded[0]
    table = open_replay(game, path, show_window)
    try:
        window, session = table.window, table.session
        for text in GREYED[game]:
            acts = [act for _, shown, act in menu_items(window) if shown.startswith(text)]
            assert acts, f"no menu item {text!r}"
            for act in acts:
                assert not act.isEnabled(), f"{text!r} is offered in a replay"
                assert READ_ONLY in act.toolTip() and READ_ONLY in act.statusTip(), text
        for text in KEPT[game]:
            act = item(window, text)
            assert act.isEnabled() and READ_ONLY not in act.toolTip(), f"{text!r} is greyed out in a replay"
        assert READ_ONLY in tooltip_on_hover(qtbot, window, item(window, "deal: lock the bets"))
        # the greyed items still show their keys, and the keys still answer with the reason
        key = "D" if game == "baccarat" else "H"
        assert item(window, "deal: lock the bets" if game == "baccarat" else "hit").text().endswith("\t" + key)
        before = session.state
        press(qtbot, window, key)
        qtbot.waitUntil(lambda: "this is a replay" in session.snapshot.message, timeout=2000)
        assert session.state == before
        # and the kept items work from the menu: pause, then step one recorded operation
        item(window, KEPT[game][0]).trigger()
        assert table.source.paused
        item(window, KEPT[game][1]).trigger()
        assert table.source.played == 1
    finally:
        table.close()


@pytest.mark.parametrize("game", ["baccarat", "blackjack"])
def test_a_live_table_offers_every_menu_item(qtbot, game, show_window):
    from decimal import Decimal as D
    from dealer_assist.baccarat.paytable import Bet
    from dealer_assist.ui.blackjack.window import BlackjackWindow
    from dealer_assist.ui.main_window import MainWindow, Options

    if game == "baccarat":
        session = TableSession(NO_BURN, None, odds=False)
        window = show_window(MainWindow(session, None, Options(sound=False)))
        assert session.place(1, Bet.BANKER, D("10")) is None
    else:
        session = BlackjackSession(RULES, None)
        window = show_window(BlackjackWindow(session, None), (1600, 900))
        assert session.place(1, D("10")) is None
    try:
        items = menu_items(window)
        assert len(items) > 15
        for _, text, act in items:
            if "auto-play" in text:  # a demo of the simulated shoe: greyed where the cards are typed in, saying so
                assert not act.isEnabled() and "simulated shoe" in act.toolTip(), text
                continue
            assert act.isEnabled() and READ_ONLY not in act.toolTip(), text
        assert not tooltip_on_hover(qtbot, window, item(window, "deal: lock the bets"))
        assert session.state.phase == "betting"
        item(window, "deal: lock the bets").trigger()  # the item a replay greys out deals at this table
        assert session.state.phase != "betting", session.snapshot.message
    finally:
        window.close()
        session.close()


# -- 2. a journal whose hash chain breaks -----------------------------------------------

def op_entries(path):
    """(seq, payload) of every entry that records a table operation, in order."""
    with Journal.open(path, readonly=True) as journal:
        return [(e.seq, e.payload) for e in journal.entries() if isinstance(e.payload.get("op"), str)]


def forge_a_bet(path, nth_bet):
    """Raise the stake of the ``nth_bet`` recorded bet (0-based) behind the journal's back; its seq."""
    bets = [(seq, p) for seq, p in op_entries(path) if p["op"] == "place"]
    seq, payload = bets[nth_bet]
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("DROP TRIGGER entries_append_only_update")
    forged = {**payload, "amount": "2500.00", **({"stake": "2500.00"} if "stake" in payload else {})}
    conn.execute("UPDATE entries SET payload = ? WHERE seq = ?", (json.dumps(forged), seq))
    conn.close()
    return seq


@pytest.fixture(params=["baccarat", "blackjack"])
def forged(request, baccarat_journal, recorded):  # noqa: F811
    """A real journal of either game whose first bet of round 2 was raised afterwards; (game, path, seq, ops
    recorded before it)."""
    game = request.param
    path = baccarat_journal[0] if game == "baccarat" else recorded[0]
    first_of_round_2 = 2  # both journals: two bets in round 1, then round 2's
    ops = op_entries(path)
    seq = forge_a_bet(path, first_of_round_2)
    return game, path, seq, [p for s, p in ops if s < seq]


def test_a_tampered_journal_is_refused_naming_the_entry_where_it_breaks(forged, capsys):
    game, path, seq, _ = forged
    with pytest.raises(BrokenRecordError) as caught:
        read_journal(path)
    assert caught.value.report.first_bad_seq == seq
    code = main(["replay", str(path)])
    err = capsys.readouterr().err
    assert code == 2
    assert f"cannot replay {path}: its hash chain breaks at entry {seq} (edited" in err
    assert "altered or damaged" in err  # why
    assert f"dealer-assist journal verify {path}" in err and "backup" in err and "--allow-broken" in err  # what to do
    with pytest.raises(BrokenRecordError):
        ReplaySource(path)  # `run --source replay:PATH` checks it too


def test_allow_broken_replays_up_to_the_break_and_the_status_line_says_so(qtbot, forged, show_window):
    game, path, seq, before_break = forged
    shoe = read_journal(path, allow_broken=True)
    assert list(shoe.ops) == before_break and shoe.broken.first_bad_seq == seq
    table = open_replay(game, path, show_window, allow_broken=True)
    try:
        session, source, window = table.session, table.source, table.window
        status = (lambda: window.status.links.text()) if game == "baccarat" else window.replay_status.text
        assert f"UNVERIFIED: breaks at entry {seq} (edited); entries 1..{seq - 1} only" in status()
        while source.step() is not None:
            pass
        qtbot.waitUntil(lambda: "REPLAY FINISHED" in window.alerts.titles(), timeout=2000)
        assert source.played == len(before_break)
        state = session.state  # round 2 opened, and the forged bet never arrived
        assert state.round_no == 2
        assert not (state.bets if game == "blackjack" else state.betting.layout)
        [bar] = [b for b in window.alerts.bars if b.title.text() == "REPLAY FINISHED"]
        assert f"before the broken entry {seq}" in bar.text.text()
        assert f"entry {seq}" in status() and "UNVERIFIED" in status()
        assert not any(a.code == "replay" for a in session.snapshot.alerts)  # the part before the break matches
    finally:
        table.close()


def child_env(tmp_path):
    return {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_DATA_HOME": str(tmp_path / "data"),
            "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}


def test_the_replay_command_with_no_verify_plays_the_verified_part(forged, tmp_path):
    game, path, seq, before_break = forged
    proc = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "replay", str(path), "--no-verify",
                           "--interval", "0.01", "--quit-after", "1.5", "--json"],
                          env=child_env(tmp_path), capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    start, end = (json.loads(line) for line in proc.stdout.splitlines())
    assert (start["game"], start["broken_at"], start["operations"]) == (game, seq, len(before_break))
    assert end["code"] == 0
    assert f"is broken at entry {seq} (edited" in proc.stderr and f"replaying entries 1..{seq - 1} only" in proc.stderr


# -- 3. nothing written beside the journal ----------------------------------------------

def test_replaying_or_verifying_leaves_no_file_beside_the_journal(baccarat_journal):  # noqa: F811
    path = baccarat_journal[0]
    files = sorted(p.name for p in path.parent.iterdir())
    assert not any(name.endswith(("-wal", "-shm")) for name in files)
    assert read_journal(path).ops
    assert main(["journal", "verify", str(path)]) == 0
    assert sorted(p.name for p in path.parent.iterdir()) == files


def test_a_journal_a_table_is_still_writing_is_read_with_its_latest_entries(tmp_path):
    """Entries still in the -wal (the table is open) are not skipped by the read-only open."""
    from decimal import Decimal as D
    from dealer_assist.baccarat.paytable import Bet

    path = tmp_path / "live.sqlite"
    session = TableSession(NO_BURN, Journal.open(path), odds=False)
    try:
        assert session.place(1, Bet.BANKER, D("10")) is None
        assert Path(str(path) + "-wal").stat().st_size > 0
        assert [op["op"] for op in read_journal(path).ops] == ["place"]
        assert session.place(2, Bet.PLAYER, D("5")) is None
        assert [op["op"] for op in read_journal(path).ops] == ["place", "place"]
    finally:
        session.close()


@pytest.mark.parametrize("game", ["baccarat", "blackjack"])
def test_a_read_only_journal_in_a_read_only_folder_replays_and_nothing_appears(game, baccarat_journal, recorded,  # noqa: F811
                                                                                tmp_path):
    source = baccarat_journal[0] if game == "baccarat" else recorded[0]
    stick = tmp_path / "stick"
    stick.mkdir()
    path = stick / source.name
    shutil.copyfile(source, path)
    operations = len(read_journal(path).ops)
    os.chmod(path, 0o444)
    os.chmod(stick, 0o555)
    try:
        content, files = path.read_bytes(), sorted(p.name for p in stick.iterdir())
        proc = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "replay", str(path), "--interval", "0.01",
                               "--quit-after", "1.5", "--json"], preexec_fn=_without_root_override,
                              env=child_env(tmp_path), capture_output=True, text=True, timeout=60)
        if proc.returncode == 99:
            pytest.skip("running as root and cannot drop CAP_DAC_OVERRIDE, so no folder is read-only here")
        assert proc.returncode == 0, proc.stderr
        start, end = (json.loads(line) for line in proc.stdout.splitlines())
        assert (start["game"], start["operations"], start["broken_at"], end["code"]) == (game, operations, None, 0)
        assert sorted(p.name for p in stick.iterdir()) == files == [path.name]
        assert path.read_bytes() == content
    finally:
        os.chmod(stick, 0o755)
        os.chmod(path, 0o644)


def test_the_replay_plays_each_recorded_operation_as_the_journal_holds_it(recorded):  # noqa: F811
    """The operations are kept as text for the replay's length (a month's journal held ~1.5 KB a dict):
    read back, each is the entry's payload, the same values and keys in the same order, and a fresh
    dict each time, so that nothing a reader does to one changes the record."""
    with Journal.open(recorded[0], readonly=True) as journal:
        payloads = [e.payload for e in journal.entries() if isinstance(e.payload.get("op"), str)]
    ops = read_journal(recorded[0]).ops
    assert len(ops) == len(payloads) > 20
    assert [json.dumps(op) for op in ops] == [json.dumps(p) for p in payloads]
    assert [json.dumps(op) for op in ops[3:7]] == [json.dumps(p) for p in payloads[3:7]]
    ops[0]["op"] = "changed"
    assert ops[0] == payloads[0]
