"""A terminal whose locale is C or POSIX gets the trainer's suits as letters (qaAN F13).

``LANG=C`` is how an ASCII terminal says it cannot show a suit; Python 3.7+ coerces that locale to C.UTF-8
(PEP 538) and writes UTF-8 all the same (PEP 540), so "7♥" reached the terminal as the bytes of "7â¥".  Run
on a real terminal (``os.openpty``) in a subprocess with only the locale given."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from terminal_run import on_terminal

ROOT = Path(__file__).resolve().parent.parent
HEART = "\u2665".encode()


def _on_terminal(tmp_path, locale: dict, answer: bytes = b"P\n", args=()) -> bytes:
    """What ``train --text`` writes to a terminal, given only ``locale``'s variables."""
    return on_terminal(tmp_path, locale, ("train", "--text", *args), answer)[0]


TRAIN = ("--drill", "third-card", "--cases", "1", "--no-save", "--seed", "4")


@pytest.mark.parametrize("locale", [{"LANG": "C"}, {"LC_ALL": "POSIX"}, {"LANG": "C.UTF-8", "LC_CTYPE": "C"}, {}],
                         ids=["LANG=C", "LC_ALL=POSIX", "LC_CTYPE=C", "no-locale"])
def test_a_terminal_that_declares_the_c_locale_gets_the_suits_as_letters(tmp_path, locale):
    out = _on_terminal(tmp_path, locale, args=TRAIN)
    assert b"Player         8H 8C" in out and b"Banker         5H KS" in out, out
    assert out.isascii(), out                          # nothing an ASCII terminal would show as "â¥"
    assert b"Traceback" not in out


def test_a_utf8_terminal_still_gets_the_suits(tmp_path):
    out = _on_terminal(tmp_path, {"LANG": "C.UTF-8"}, args=TRAIN)
    assert "Player         8\u2665 8\u2663".encode() in out, out


def test_pythonioencoding_is_the_users_word_over_the_locale(tmp_path):
    """``LANG=C PYTHONIOENCODING=utf-8``: the user said the terminal takes UTF-8."""
    out = _on_terminal(tmp_path, {"LANG": "C", "PYTHONIOENCODING": "utf-8"}, args=TRAIN)
    assert HEART in out, out


def test_a_pipe_under_the_c_locale_keeps_the_utf8_a_program_expects(tmp_path):
    """Only a terminal is a person reading: a program reading a pipe gets what Python gives it (PEP 538)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("LC_") and k not in ("LANG", "PYTHONIOENCODING")}
    env.update(LANG="C", PYTHONPATH=str(ROOT), XDG_DATA_HOME=str(tmp_path / "data"))
    run = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "train", "--text", *TRAIN], input=b"P\n",
                         capture_output=True, env=env, timeout=60)
    assert "Player         8\u2665 8\u2663".encode() in run.stdout, run.stdout
