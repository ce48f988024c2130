"""A text size for a croupier or pit boss who needs larger text (qaQ F8: every size followed the window's
height, QT_SCALE_FACTOR changed nothing, and no key, option or config key made text larger)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from dealer_assist.table.config import ConfigError, load_config

ROOT = Path(__file__).resolve().parents[1]


def test_the_window_s_unit_follows_the_text_scale(qtbot, show_window):
    from dealer_assist.table.session import TableSession
    from dealer_assist.ui import theme
    from dealer_assist.ui.main_window import MainWindow, Options

    plain = theme.unit_for_size(1280, 720)
    theme.set_text_scale(1.25)
    try:
        window = show_window(MainWindow(TableSession(odds=False), None, Options(sound=False)), (1280, 720))
        assert window.unit == int(720 / theme.HEIGHT_PER_UNIT * 1.25) > plain
        shown = window.betting.grid
        assert shown.height() > 0 and window.roads.height() > 0
    finally:
        theme.set_text_scale(1.0)
    with pytest.raises(ValueError, match="0.8 to 1.25"):
        theme.set_text_scale(3)


def test_the_config_key_and_the_option(tmp_path):
    good = tmp_path / "big.toml"
    good.write_text("[display]\ntext_scale = 1.2\n")
    assert load_config(good).text_scale == 1.2
    bad = tmp_path / "huge.toml"
    bad.write_text("[display]\ntext_scale = 4.0\n")
    with pytest.raises(ConfigError, match=r"display.text_scale = 4.0 must be 0.8 to 1.25"):
        load_config(bad)
    env = dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="offscreen", XDG_DATA_HOME=str(tmp_path))
    done = subprocess.run([sys.executable, "-m", "dealer_assist", "run", "--source", "manual", "--text-scale", "2",
                           "--journal", str(tmp_path / "j.sqlite")], env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2 and "--text-scale 2.0 must be 0.8 to 1.25" in done.stderr, done.stderr
    assert not (tmp_path / "j.sqlite").exists()


def test_a_dim_pit_s_roads_and_cards_are_less_bright(qtbot, tmp_path):
    """qaQ F8: the roads were a near-white panel across the bottom third of the screen, a glare in a dark pit."""
    from types import SimpleNamespace

    from dealer_assist import roads
    from dealer_assist.ui import theme
    from dealer_assist.ui.roads import BOARD, ROAD_COLOURS, RoadsView

    def board_pixel():
        view = RoadsView()
        qtbot.addWidget(view)
        view.resize(1280, view.height())
        view.show_snapshot(SimpleNamespace(state=SimpleNamespace(scoreboard=roads.scoreboard(roads.parse_coups("BP")))))
        area, cell = view.areas()["big_road"], view._cell()
        empty = view._rect(area, int(area.width() // cell) - 1, 5, cell).center()  # the last cell: nothing drawn
        return view.grab().toImage().pixelColor(int(empty.x()), int(empty.y()))

    assert board_pixel() == BOARD
    theme.set_dim(True)
    try:
        dim = board_pixel()
        assert dim.lightnessF() < BOARD.lightnessF() - 0.15 and theme.card_face().lightnessF() < 0.8
        for mark in ("banker", "player"):  # the marks still stand out from the board: 3:1 or more
            assert contrast(ROAD_COLOURS[mark], dim) >= 3.0, mark
        assert contrast(theme.CARD_RED, theme.card_face()) >= 3.0
    finally:
        theme.set_dim(False)
    config = tmp_path / "dim.toml"
    config.write_text("[display]\ndim = true\n")
    assert load_config(config).dim is True


def contrast(a, b) -> float:
    """WCAG's contrast ratio of two colours."""
    def lum(c):
        def ch(v):
            v /= 255
            return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
        r, g, b_ = c.getRgb()[:3]
        return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b_)
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)
