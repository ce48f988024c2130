"""The trainer takes the config's ``[display] fullscreen`` as ``run`` does, and F11 toggles full screen
(qaAN F9): the key was silently ignored, and a classroom PC had no way to show the trainer full screen.
The command runs in this process on Qt's offscreen platform; the window is looked at while it is open."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt, QTimer  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402

from dealer_assist.cli import main  # noqa: E402
from dealer_assist.ui import theme  # noqa: E402
from dealer_assist.ui.app import application  # noqa: E402
from dealer_assist.ui.training.window import TrainerWindow  # noqa: E402


def _full_screen_states(tmp_path, monkeypatch, config_text: str) -> list[bool]:
    """Whether the trainer window is full screen once shown, after F11, and after F11 again."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    config = tmp_path / "table.toml"
    config.write_text(config_text)
    app = application()
    seen: list[bool] = []

    def look() -> None:
        window = next((w for w in app.topLevelWidgets() if isinstance(w, TrainerWindow) and w.isVisible()), None)
        if window is None or window.case is None:
            QTimer.singleShot(20, look)
            return
        seen.append(window.isFullScreen())
        for _ in range(2):
            QTest.keyClick(window, Qt.Key.Key_F11)
            app.processEvents()
            seen.append(window.isFullScreen())
        window.close()
        app.quit()

    QTimer.singleShot(20, look)
    try:
        main(["train", "--no-save", "--cases", "2", "--seed", "3", "--config", str(config)])
    finally:
        theme.set_text_scale(1.0)
        theme.set_dim(False)
    return seen


def test_the_configs_fullscreen_opens_the_trainer_full_screen_and_f11_toggles_it(tmp_path, monkeypatch):
    assert _full_screen_states(tmp_path, monkeypatch, "[display]\nfullscreen = true\n") == [True, False, True]


def test_without_it_the_trainer_opens_as_a_window(tmp_path, monkeypatch):
    assert _full_screen_states(tmp_path, monkeypatch, "[display]\nfullscreen = false\n") == [False, True, False]
