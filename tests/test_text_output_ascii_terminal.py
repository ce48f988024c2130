"""Every command's text on a terminal that cannot show a suit: letters and ASCII stand-ins, never a
UnicodeEncodeError traceback.  ``deal`` and ``settle`` wrote "♥" and "—" as UTF-8 to a ``LANG=C`` terminal,
and with ``LC_ALL=C PYTHONIOENCODING=ascii`` ended in a traceback (at round_text, at the banner's dash), as did
``journal show`` and ``journal export`` at a void's reason, and ``recognize`` at an image's name.  Data keeps
every character: JSON escaped, a CSV in UTF-8, a supervisor's TOML name escaped."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tomllib
from datetime import datetime, timedelta, timezone
from decimal import Decimal
from pathlib import Path

import pytest

from conftest import SHARED_CARDS
from terminal_run import locale_env, on_terminal

ROOT = Path(__file__).resolve().parent.parent
CARDS = SHARED_CARDS / "test" / "anglo"
REASON = "misd\u00e9al \u2014 8\u2665 shown"


def _on_terminal(tmp_path, locale: dict, *args: str) -> tuple[bytes, int]:
    return on_terminal(tmp_path, locale, args)


def _ascii_pipe(tmp_path, *args: str, stdin: bytes = b"") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "dealer_assist.cli", *args], input=stdin, capture_output=True,
                          env=locale_env(tmp_path, LC_ALL="C", PYTHONIOENCODING="ascii"), timeout=120)


def _readable(run: subprocess.CompletedProcess) -> str:
    assert run.returncode == 0 and b"Traceback" not in run.stderr, run.stderr
    assert run.stdout.isascii() and run.stderr.isascii(), (run.stdout, run.stderr)
    return run.stdout.decode("ascii")


RULES = [("deal", "2", "A", "3", "2", "8", "9"),
         ("settle", "--cards", "2H", "AS", "3D", "2C", "8H", "9S", "--bet", "1:banker:10"),
         ("deal", "--game", "blackjack", "TS", "9H", "8C", "stand", "8D"),
         ("settle", "--game", "blackjack", "--bet", "1:10", "TS", "9H", "8C", "stand", "8D")]
SAID = ["TIE 3 TO 3 - BANKER STANDS.", "TIE 3 TO 3 - BANKER STANDS.", "seat 1          10S 8C", "dealer          9H 8D"]


@pytest.mark.parametrize("args,said", list(zip(RULES, SAID)), ids=["deal", "settle", "deal-bj", "settle-bj"])
def test_the_rules_commands_write_letters_to_a_terminal_that_declares_the_c_locale(tmp_path, args, said):
    out, code = _on_terminal(tmp_path, {"LANG": "C"}, *args)
    assert code == 0 and b"Traceback" not in out, out
    assert out.isascii(), out                         # no "â" where an ASCII terminal was sent UTF-8
    assert said.encode() in out, out


@pytest.mark.parametrize("args,said", list(zip(RULES, SAID)), ids=["deal", "settle", "deal-bj", "settle-bj"])
def test_the_rules_commands_degrade_on_an_ascii_stdout(tmp_path, args, said):
    assert said in _readable(_ascii_pipe(tmp_path, *args))


def test_a_utf8_terminal_still_gets_the_suits_and_the_dash(tmp_path):
    out, code = _on_terminal(tmp_path, {"LANG": "C.UTF-8"}, *RULES[2])
    assert code == 0 and "10\u2660 8\u2663".encode() in out, out
    out, code = _on_terminal(tmp_path, {"LANG": "C.UTF-8"}, *RULES[0])
    assert code == 0 and "TIE 3 TO 3 \u2014 BANKER STANDS".encode() in out, out


def _journal(path: Path) -> Path:
    """A baccarat journal whose misdeal's reason holds an accent, a dash and a suit."""
    from dealer_assist.baccarat.paytable import Bet
    from dealer_assist.shoe import ShoeRules
    from dealer_assist.table.journal import Journal
    from dealer_assist.table.session import TableSession
    from dealer_assist.table.state import TableRules

    now = [datetime(2026, 12, 6, 22, 40, tzinfo=timezone.utc)]

    def clock():
        now[0] += timedelta(seconds=1)
        return now[0].isoformat(timespec="microseconds").replace("+00:00", "Z")

    s = TableSession(TableRules(shoe=ShoeRules(burn=False)), journal=Journal.open(path, clock=clock), odds=False)
    for step in (lambda: s.place(1, Bet.BANKER, Decimal("10")), s.deal, lambda: s.enter_card("9S"),
                 lambda: s.enter_card("8H"), lambda: s.void_round(why=REASON), s.deal):
        assert step() is None
    for card in ("9S", "8H", "TC", "KD"):
        if s.card_due():
            assert s.enter_card(card) is None
    s.close()
    return path


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def test_the_journals_text_json_and_csv_on_an_ascii_stdout(tmp_path):
    journal = str(_journal(tmp_path / "table.sqlite"))
    for command in ("verify", "summary", "rounds"):
        assert journal in _readable(_ascii_pipe(tmp_path, "journal", command, journal))
    for args in (("show",), ("show", "--json"), ("export",)):
        lines = _readable(_ascii_pipe(tmp_path, "journal", *args, journal)).splitlines()
        assert REASON in {text for line in lines for text in _strings(json.loads(line))}, lines   # escaped
    ascii_csv = _ascii_pipe(tmp_path, "journal", "export", "--format", "csv", journal)
    assert ascii_csv.returncode == 0 and b"Traceback" not in ascii_csv.stderr, ascii_csv.stderr
    utf8 = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "journal", "export", "--format", "csv", journal],
                          capture_output=True, env=locale_env(tmp_path, LC_ALL="C.UTF-8"), timeout=120)
    assert ascii_csv.stdout == utf8.stdout and b"9S 8H" in utf8.stdout


def test_a_supervisors_name_is_escaped_not_changed_on_an_ascii_stdout(tmp_path):
    name = "Chlo\u00e9 \u00c5se \U0001f600"
    out = _readable(_ascii_pipe(tmp_path, "supervisor", "hash", name, stdin=b"1234\n"))
    assert tomllib.loads(out)["supervisors"][0]["name"] == name


@pytest.mark.skipif(not CARDS.is_dir(), reason="the camera test material is not here")
def test_an_image_named_beyond_ascii_is_named_in_letters(tmp_path):
    shot = tmp_path / "dame_\u00e9 \u2665.jpg"
    shutil.copy(sorted(CARDS.glob("*.jpg"))[0], shot)
    out = _readable(_ascii_pipe(tmp_path, "recognize", "--profile", "anglo", str(shot)))
    assert "dame_e H.jpg: " in out, out
