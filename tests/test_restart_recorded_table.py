"""A restart on a journal takes the game and house rules it recorded when the command line sets none,
and names the option when it sets another (qaL F3).

A crashed blackjack table restarted with ``run --journal J`` was refused as a baccarat table's journal
(the fix, ``--game blackjack``, not named); with ``--game blackjack`` it was refused for its seats
("start with the configuration it was recorded with (--config)", when there had been no config: the
seats came from ``--seats 5``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from dealer_assist.table.journal import Journal

ROOT = Path(__file__).resolve().parents[1]


def _run(*args):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "run", "--source", "sim:3", "--quit-after", "0.3",
                           *args], capture_output=True, text=True, timeout=120, env=env)
    return proc.returncode, proc.stdout, proc.stderr


def _blackjack_journal(path: Path) -> None:
    code, _, err = _run("--game", "blackjack", "--seats", "5", "--journal", str(path))
    assert code == 0, err


def test_a_plain_restart_takes_the_journals_game_and_seats(tmp_path):
    path = tmp_path / "k.sqlite"
    _blackjack_journal(path)
    code, out, err = _run("--journal", str(path), "--json")
    assert code == 0, err
    assert json.loads(out.splitlines()[0])["game"] == "blackjack"
    code, _, err = _run("--game", "blackjack", "--journal", str(path))  # --seats left out: the journal's 5
    assert code == 0, err
    with Journal.open(path, readonly=True) as journal:
        assert journal.verify().ok
        starts = [e for e in journal.entries() if e.kind == "shoe_start" and e.payload.get("op") is None]
    assert len(starts) == 1 and starts[0].payload["rules"]["seats"] == 5  # not started again under other rules


def test_a_conflicting_game_or_seats_is_named_with_the_recorded_value(tmp_path):
    path = tmp_path / "k.sqlite"
    _blackjack_journal(path)
    before = path.read_bytes()
    code, _, err = _run("--game", "baccarat", "--journal", str(path))
    assert code == 3 and "Traceback" not in err
    assert "--game baccarat: journal" in err and "start with --game blackjack" in err
    code, _, err = _run("--game", "blackjack", "--seats", "7", "--journal", str(path))
    assert code == 3 and "Traceback" not in err
    assert "--seats 7" in err and "recorded with 5 seats" in err and "start with --seats 5" in err
    assert "--config" not in err
    assert path.read_bytes() == before


def test_a_blackjack_config_for_a_baccarat_journal_is_named(tmp_path):
    path, config = tmp_path / "b.sqlite", tmp_path / "bj.toml"
    code, _, err = _run("--journal", str(path))
    assert code == 0, err
    config.write_text('game = "blackjack"\n')
    code, _, err = _run("--config", str(config), "--journal", str(path))
    assert code == 3 and "Traceback" not in err
    assert f"configuration {config} is a blackjack table's" in err and "start with --game baccarat" in err


def test_a_plain_restart_on_a_no_burn_journal_goes_on_without_the_burn(tmp_path):
    path = tmp_path / "nb.sqlite"
    code, _, err = _run("--no-burn", "--journal", str(path))
    assert code == 0, err
    code, _, err = _run("--journal", str(path))
    assert code == 0, err
    with Journal.open(path, readonly=True) as journal:
        assert journal.verify().ok
        assert not any(e.kind == "shoe_burn" for e in journal.entries())  # the restart did not burn
