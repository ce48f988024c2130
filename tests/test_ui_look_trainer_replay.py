"""The trainer window and ``replay`` take the table's text scale and dim pit as ``run`` does (qaAH F19): from
``--text-scale`` / ``--dim``, else the config file's ``[display] text_scale`` / ``dim``, with the same refusals
of bad values.  A table-games manager who set larger text for the live table saw both at the default size.
The commands run in this process on Qt's offscreen platform; each window is measured while it is open."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from decimal import Decimal as D  # noqa: E402

import pytest  # noqa: E402
from PySide6.QtCore import QTimer  # noqa: E402

from dealer_assist.baccarat.paytable import Bet  # noqa: E402
from dealer_assist.cli import main  # noqa: E402
from dealer_assist.table.journal import Journal  # noqa: E402
from dealer_assist.table.session import TableSession  # noqa: E402
from dealer_assist.table.state import TableRules  # noqa: E402
from dealer_assist.ui import theme  # noqa: E402
from dealer_assist.ui.app import application  # noqa: E402
from dealer_assist.ui.main_window import MainWindow  # noqa: E402
from dealer_assist.ui.training.window import UNIT_MAX, UNIT_MIN, TrainerWindow  # noqa: E402

BIG_DIM = "[display]\ntext_scale = 1.25\ndim = true\n"


@pytest.fixture(autouse=True)
def _default_look():
    """Each command sets the look for the process, as at its start: put back the defaults around each test."""
    theme.set_text_scale(1.0)
    theme.set_dim(False)
    yield
    theme.set_text_scale(1.0)
    theme.set_dim(False)


@pytest.fixture
def journal(tmp_path):
    path = tmp_path / "table.sqlite"
    session = TableSession(TableRules(), Journal.open(path), odds=False)
    session.place(1, Bet.BANKER, D("10"))
    session.deal()
    for code in ("2S", "3H", "KD", "6C"):
        session.enter_card(code)
    session.close()
    return path


def _measured(kind, measure, argv) -> list:
    """``main(argv)`` run with a timer that measures the first window of ``kind`` once shown, then closes it."""
    app = application()
    seen: list = []

    def look() -> None:
        window = next((w for w in app.topLevelWidgets() if isinstance(w, kind) and w.isVisible()), None)
        if window is None or (kind is TrainerWindow and window.case is None):
            QTimer.singleShot(20, look)
            return
        seen.append(measure(window))
        window.close()
        app.quit()

    QTimer.singleShot(20, look)
    main(argv)
    _quit_done(app)
    return seen


def _quit_done(app) -> None:
    """Let a quit still queued (the window's close asked for one too) end a loop of its own: left queued, it ended
    every later test's wait at once (Qt's quitNow is cleared only by ``exec()``), and the trainer window tests
    that ran after this file in one worker never saw their first case."""
    stop = QTimer()
    stop.setSingleShot(True)
    stop.timeout.connect(app.quit)
    stop.start(0)
    app.exec()
    stop.stop()


def _trainer(window: TrainerWindow):
    own = max(UNIT_MIN, min(UNIT_MAX, window.height() / 32.7, window.width() / 46))
    return window._unit / own, window.title.font().pixelSize(), own


def _train(tmp_path, monkeypatch, *args):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return _measured(TrainerWindow, _trainer, ["train", "--no-save", "--cases", "2", "--seed", "3", *args])


def test_the_trainer_takes_the_configs_text_scale_and_dim(tmp_path, monkeypatch):
    config = tmp_path / "table.toml"
    config.write_text(BIG_DIM)
    [(ratio, title, own)] = _train(tmp_path, monkeypatch, "--config", str(config))
    assert ratio == pytest.approx(1.25)
    assert title == int(own * 1.25 * 1.4)      # the title's px: a quarter larger than the window gives it
    assert theme.dimmed()


def test_the_trainers_own_options_win_over_the_config(tmp_path, monkeypatch):
    config = tmp_path / "table.toml"
    config.write_text(BIG_DIM)
    [(ratio, _, _)] = _train(tmp_path, monkeypatch, "--config", str(config), "--text-scale", "1.1")
    assert ratio == pytest.approx(1.1)
    theme.set_dim(False)
    [(ratio, _, _)] = _train(tmp_path, monkeypatch, "--text-scale", "0.9", "--dim")
    assert ratio == pytest.approx(0.9) and theme.dimmed()


def test_the_replay_takes_the_configs_text_scale_and_dim(tmp_path, journal):
    shot = ["--size", "1280x720", "--interval", "60"]
    [plain] = _measured(MainWindow, lambda w: w.unit, ["replay", str(journal), *shot])
    assert not theme.dimmed()
    config = tmp_path / "table.toml"
    config.write_text(BIG_DIM)
    [big] = _measured(MainWindow, lambda w: w.unit, ["replay", str(journal), "--config", str(config), *shot])
    assert big == theme.unit_for_size(1280, 720, 1.25) and big >= plain * 1.2
    assert theme.dimmed()


def test_the_replays_own_options_win_over_the_config(tmp_path, journal):
    config = tmp_path / "table.toml"
    config.write_text(BIG_DIM)
    [unit] = _measured(MainWindow, lambda w: w.unit, ["replay", str(journal), "--config", str(config),
                                                      "--text-scale", "0.8", "--size", "1280x720"])
    assert unit == theme.unit_for_size(1280, 720, 0.8)


@pytest.mark.parametrize("command", ["train", "replay"])
def test_a_bad_text_scale_is_refused_by_name_before_the_window(tmp_path, journal, capsys, command):
    args = ["train", "--no-save"] if command == "train" else ["replay", str(journal)]
    assert main([*args, "--text-scale", "1.3"]) == 2
    assert "--text-scale 1.3 must be 0.8 to 1.25" in capsys.readouterr().err
    config = tmp_path / "big.toml"
    config.write_text("[display]\ntext_scale = 2\n")
    assert main([*args, "--config", str(config)]) == 2
    assert "display.text_scale = 2.0 must be 0.8 to 1.25" in capsys.readouterr().err
    assert theme.text_scale() == 1.0


@pytest.mark.parametrize("mode", ["--text", "--progress"])
def test_the_trainers_look_is_refused_where_no_window_opens(tmp_path, monkeypatch, capsys, mode):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert main(["train", mode, "--no-save", "--dim"]) == 2
    err = capsys.readouterr().err
    assert "--dim: the trainer window's look" in err and f"without {mode}" in err
