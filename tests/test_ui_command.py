"""`dealer-assist run`: refusals before the window, a broken journal, and a real run to a screenshot."""

from __future__ import annotations

import os
import socket
import sqlite3
import struct
import subprocess
import sys
import threading

import pytest

from PySide6.QtGui import QImage

from dealer_assist.cli import main
from dealer_assist.table.journal import Journal


def test_blackjack_runs_its_own_display(tmp_path):
    shot = tmp_path / "bj.png"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_DATA_HOME": str(tmp_path / "data")}
    proc = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "run", "--game", "blackjack", "--seed", "3",
                           "--seats", "3", "--size", "1280x720", "--quit-after", "1", "--screenshot", str(shot)],
                          env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert QImage(str(shot)).width() == 1280
    assert (tmp_path / "data" / "dealer-assist" / "blackjack-journal.sqlite").exists()


def test_seats_is_refused_for_baccarat(capsys):
    assert main(["run", "--seats", "3"]) == 2
    assert "--seats is for blackjack" in capsys.readouterr().err


def test_a_broken_journal_stops_the_display_with_a_clear_message(tmp_path, capsys, qapp):
    path = tmp_path / "table.sqlite"
    with Journal.open(path) as journal:
        for i in range(5):
            journal.append("bet_placed", {"op": None, "n": i})
    conn = sqlite3.connect(str(path), isolation_level=None)
    conn.execute("DROP TRIGGER IF EXISTS entries_append_only_update")
    conn.execute("UPDATE entries SET payload = '{\"n\": 99}' WHERE seq = 3")
    conn.close()
    code = main(["run", "--source", "manual", "--journal", str(path), "--quit-after", "0.1"])
    err = capsys.readouterr().err
    assert code == 3
    assert "broken" in err and "journal verify" in err and str(path) in err


@pytest.mark.parametrize("game", ["baccarat", "blackjack"])
def test_unknown_source_is_refused_and_makes_no_journal(tmp_path, capsys, qapp, game):
    """QA: the refused start made the journal with the default rules, so the start corrected with the
    table's config was then refused as a journal of other rules."""
    path = tmp_path / "j.sqlite"
    code = main(["run", "--game", game, "--source", "carrier-pigeon", "--journal", str(path), "--quit-after", "0.1"])
    assert code == 3 and "unknown card source" in capsys.readouterr().err
    assert not path.exists()
    config = tmp_path / "s6.toml"
    config.write_text('[paytable]\nvariant = "super6"\n')
    if game == "baccarat":
        code = main(["run", "--config", str(config), "--source", "manual", "--journal", str(path), "--quit-after", "0.1"])
        assert code == 0


def test_run_plays_the_simulated_shoe_and_saves_a_screenshot(tmp_path):
    shot = tmp_path / "shot.png"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_DATA_HOME": str(tmp_path / "data")}
    proc = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "run", "--seed", "4", "--turbo", "--auto",
                           "--mute", "--size", "1280x720", "--quit-after", "3", "--screenshot", str(shot), "--json"],
                          env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert '"event": "end"' in proc.stdout
    image = QImage(str(shot))
    assert (image.width(), image.height()) == (1280, 720)
    journal = tmp_path / "data" / "dealer-assist" / "baccarat-journal.sqlite"
    with Journal.open(journal, readonly=True) as j:  # the default journal, in the user's data folder
        kinds = {e.kind for e in j.entries()}
    assert "card_assigned" in kinds or "shoe_burn" in kinds


def test_no_screen_is_a_clear_error_not_a_qt_abort():
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    proc = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "run", "--quit-after", "1"], env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 3
    assert "no screen" in proc.stderr and "xvfb-run" in proc.stderr


def _refusing_x_server() -> tuple[socket.socket, int]:
    """An X server on a free display's abstract socket that answers every connection's set-up as a server
    refusing this user does (a Failed reply with its reason), and its display number."""
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    for display in range(7735, 7835):  # another run of the tests may hold one
        try:
            server.bind(f"\0/tmp/.X11-unix/X{display}")
            break
        except OSError:
            continue
    server.listen()
    reason = b"No protocol specified\n"
    padded = reason + b"\0" * (-len(reason) % 4)
    reply = struct.pack("<BBHHH", 0, len(reason), 11, 0, len(padded) // 4) + padded

    def serve() -> None:
        while True:
            try:
                client, _ = server.accept()
            except OSError:
                return  # closed
            with client:
                try:
                    if client.recv(4096):  # the set-up request: byte order, version, auth name and data
                        client.sendall(reply)
                except OSError:
                    pass  # a probe that only connects, then closes

    threading.Thread(target=serve, daemon=True).start()
    return server, display


def test_an_x_server_that_refuses_this_user_is_a_clear_error_not_a_qt_abort():
    """sudo, or another user's session: the X server answers, then refuses the set-up, and Qt had aborted
    the process (exit 134).  It is asked as Qt asks, through libxcb, before any window."""
    env = {k: v for k, v in os.environ.items() if k not in ("WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    server, display = _refusing_x_server()
    env["DISPLAY"] = f":{display}"
    with server:
        proc = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "run", "--quit-after", "1"], env=env,
                              capture_output=True, text=True, timeout=60)
    assert proc.returncode == 3
    assert f"the X server at DISPLAY=:{display} refuses this user" in proc.stderr and "XAUTHORITY" in proc.stderr


def test_qt_told_to_use_x_still_asks_for_the_x_server():
    """QT_QPA_PLATFORM=xcb set by hand had skipped every check, and Qt aborted on a dead DISPLAY (exit 134)."""
    env = {k: v for k, v in os.environ.items() if k != "WAYLAND_DISPLAY"}
    env.update(QT_QPA_PLATFORM="xcb", DISPLAY=":7737")
    proc = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "run", "--quit-after", "1"], env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 3 and "DISPLAY=:7737 is set, but no display server is there" in proc.stderr


def test_a_display_no_server_answers_is_a_clear_error_not_a_qt_abort():
    """DISPLAY=:7732 with no X server there: Qt aborted the process (exit 134) with its own words."""
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k not in ("WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env["DISPLAY"] = ":7732"
    proc = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "run", "--quit-after", "1"], env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 3
    assert "DISPLAY=:7732 is set, but no display server is there" in proc.stderr and "xvfb-run" in proc.stderr


@pytest.mark.parametrize("name", ["shot.jpgx", "shot", "folder.png"])
def test_a_screenshot_that_could_not_be_saved_is_refused_before_the_display_opens(tmp_path, capsys, name):
    """QA: ``--screenshot shot.jpgx`` (or into a folder it cannot write) saved nothing and said nothing, while the
    end event named the file."""
    (tmp_path / "folder.png").mkdir()
    code = main(["run", "--source", "manual", "--journal", str(tmp_path / "j.sqlite"), "--quit-after", "0.1",
                 "--screenshot", str(tmp_path / name)])
    assert code == 2 and "--screenshot" in capsys.readouterr().err
    assert not (tmp_path / "j.sqlite").exists()


def test_blackjack_seats_the_table_cannot_have_are_a_refused_command_line(tmp_path, capsys):
    """QA: ``run --game blackjack --seats 0`` exited 3 (the display could not start), where a command line the
    program refuses exits 2, as ``--seats`` at baccarat does."""
    code = main(["run", "--game", "blackjack", "--seats", "0", "--journal", str(tmp_path / "j.sqlite"),
                 "--quit-after", "0.1"])
    assert code == 2 and "--seats 0" in capsys.readouterr().err and not (tmp_path / "j.sqlite").exists()


def test_a_screenshot_that_fails_at_the_end_is_no_screenshot_of_the_end_event_and_exits_1(tmp_path, capsys, qapp):
    """QA: a save that failed when the display closed exited 0, and the end event named the unwritten file."""
    import json
    import shutil
    import time

    folder = tmp_path / "shots"
    folder.mkdir()

    def take_the_folder_away() -> None:  # after the checks at the start, before the save at the end
        time.sleep(0.3)
        shutil.rmtree(folder)
        folder.write_text("a file where the folder was")

    swap = threading.Thread(target=take_the_folder_away)
    swap.start()
    code = main(["run", "--source", "manual", "--journal", str(tmp_path / "j.sqlite"), "--quit-after", "1.5",
                 "--screenshot", str(folder / "end.png"), "--json"])
    swap.join()
    out, err = capsys.readouterr()
    end = json.loads(out.strip().splitlines()[-1])
    assert code == 1 and end["code"] == 1 and end["screenshot"] is None
    assert "could not be saved" in err
