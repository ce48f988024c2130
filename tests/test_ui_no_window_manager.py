"""A kiosk's X session with no window manager: nothing there makes a window active, and Qt's shortcuts (every
table key but the arrows) wait for an active window.  D, N, chips and K did nothing until a click, and again
after every dialog closed (qaQ F12).  Run on a real X server (Xvfb) with no window manager, as such a PC is."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

SCRIPT = """
import sys, tempfile, time
from pathlib import Path
from PySide6.QtWidgets import QApplication
GAME = sys.argv[1]
if GAME == "baccarat":
    from dealer_assist.ui.app import application, open_table
    app = application()
    table = open_table(source_spec="manual", journal_path=Path(tempfile.mkdtemp()) / "j.sqlite")
else:
    from dealer_assist.ui.app import application
    from dealer_assist.ui.blackjack.app import open_blackjack_table
    app = application()
    table = open_blackjack_table(source_spec="manual", journal_path=Path(tempfile.mkdtemp()) / "j.sqlite")
w = table.window
w.resize(1024, 700)
w.show()
seen = []


def active(tag, wanted, wait=20.0):
    # the state each step waits for, not a fixed time: a loaded machine takes seconds to map a window
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline and type(QApplication.activeWindow()).__name__ != wanted:
        app.processEvents()
        time.sleep(0.02)
    for _ in range(10):  # and a little longer: the window must stay active, not merely pass through it
        app.processEvents()
        time.sleep(0.02)
    seen.append(f"{tag}={type(QApplication.activeWindow()).__name__}")


WINDOW = type(w).__name__
active("shown", WINDOW)
w.change_limits()
active("dialog", "LimitsDialog")
w.limits_dialog.reject()
active("closed", WINDOW)
table.close()
print(" ".join(seen), flush=True)
"""


@pytest.fixture(scope="module")
def x_server():
    """A bare Xvfb, no window manager; its display number from -displayfd (xvfb-run -a races another run for
    a free number)."""
    if shutil.which("Xvfb") is None:
        pytest.fail("Xvfb is missing: ./dev.sh installs it (Debian package xvfb)")
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
                              pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        with os.fdopen(read) as answer:
            display = answer.readline().strip()
        assert display.isdigit(), "Xvfb gave no display number"
        yield f":{display}"
    finally:
        server.terminate()
        server.wait(timeout=30)


@pytest.mark.parametrize("game,window", [("baccarat", "MainWindow"), ("blackjack", "BlackjackWindow")])
def test_the_window_and_its_dialogs_take_the_keys_with_no_window_manager(tmp_path, x_server, game, window):
    script = tmp_path / "probe.py"
    script.write_text(SCRIPT)
    env = dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="xcb", DISPLAY=x_server, HOME=str(tmp_path))
    env.pop("XAUTHORITY", None)
    done = subprocess.run([sys.executable, str(script), game], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == [f"shown={window}", "dialog=LimitsDialog", f"closed={window}"], done.stdout
