"""A bad text scale is refused by name before the screen is asked for, by ``train`` as by ``run`` and
``replay`` (rev30 R5: with no screen, ``train --text-scale 1.3`` said only "no screen to open the window on";
once the screen was there, the value was refused on the next try)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from decimal import Decimal as D  # noqa: E402

import pytest  # noqa: E402

from dealer_assist.baccarat.paytable import Bet  # noqa: E402
from dealer_assist.cli import main  # noqa: E402
from dealer_assist.table.journal import Journal  # noqa: E402
from dealer_assist.table.session import TableSession  # noqa: E402
from dealer_assist.table.state import TableRules  # noqa: E402
from dealer_assist.ui import theme  # noqa: E402


@pytest.fixture
def no_screen(monkeypatch, tmp_path):
    """Neither X11 nor Wayland, and no Qt platform of its own: the commands check for a screen."""
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
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


def _command(name: str, journal) -> list[str]:
    return {"run": ["run", "--source", "manual", "--quit-after", "0.1"],
            "replay": ["replay", str(journal)],
            "train": ["train", "--no-save", "--cases", "1"]}[name]


@pytest.mark.parametrize("command", ["run", "replay", "train"])
def test_a_bad_text_scale_is_refused_before_the_screen_is_asked_for(no_screen, journal, capsys, command):
    assert main([*_command(command, journal), "--text-scale", "1.3"]) == 2
    err = capsys.readouterr().err
    assert "--text-scale 1.3 must be 0.8 to 1.25" in err and "no screen" not in err


@pytest.mark.parametrize("command", ["run", "replay", "train"])
def test_a_good_text_scale_still_needs_a_screen(no_screen, journal, capsys, command):
    assert main([*_command(command, journal), "--text-scale", "1.2"]) == 3
    assert "no screen to open the window on" in capsys.readouterr().err
