"""The trainer takes the config's ``[display] fullscreen`` as ``run`` does, and F11 toggles full screen
(qaAN F9): the key was silently ignored, and a classroom PC had no way to show the trainer full screen.
The real command runs in a child process on Qt's offscreen platform (a train window's event loop run in
this process leaves later windows' timers unserved); the window is looked at while it is open."""

from __future__ import annotations

import json
import os
import subprocess
import sys

CHILD = """
import json, sys
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from dealer_assist.cli import main
from dealer_assist.ui.app import application
from dealer_assist.ui.training.window import TrainerWindow

app = application()
seen = []

def look():
    window = next((w for w in app.topLevelWidgets() if isinstance(w, TrainerWindow) and w.isVisible()), None)
    if window is None or window.case is None:
        QTimer.singleShot(20, look)
        return
    seen.append(window.isFullScreen())
    for _ in range(2):
        QTest.keyClick(window, Qt.Key.Key_F11)
        app.processEvents()
        seen.append(window.isFullScreen())
    print(json.dumps(seen), flush=True)
    window.close()

QTimer.singleShot(20, look)
sys.exit(main(["train", "--no-save", "--cases", "2", "--seed", "3", "--config", sys.argv[1]]))
"""


def _full_screen_states(tmp_path, config_text: str) -> list[bool]:
    """Whether the trainer window is full screen once shown, after F11, and after F11 again."""
    config = tmp_path / "table.toml"
    config.write_text(config_text)
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run([sys.executable, "-c", CHILD, str(config)], capture_output=True, text=True, timeout=60,
                          env=env)
    assert done.stdout.strip(), done.stderr
    return json.loads(done.stdout.strip().splitlines()[0])


def test_the_configs_fullscreen_opens_the_trainer_full_screen_and_f11_toggles_it(tmp_path):
    assert _full_screen_states(tmp_path, "[display]\nfullscreen = true\n") == [True, False, True]


def test_without_it_the_trainer_opens_as_a_window(tmp_path):
    assert _full_screen_states(tmp_path, "[display]\nfullscreen = false\n") == [False, True, False]
