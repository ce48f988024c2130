"""``run --seed`` with a source whose cards it cannot shuffle is refused, as ``--auto`` is (qaAG F16: with
``--source sim:7`` the source's seed won, with a card-reading shoe or typed cards the seed did nothing, and
neither was said).  A real subprocess, Qt offscreen."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest


def _run(tmp_path, *args):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run([sys.executable, "-m", "dealer_assist.cli", "run", "--journal", str(tmp_path / "j.sqlite"),
                           "--quit-after", "0.5", "--json", *args], capture_output=True, text=True, timeout=120,
                          env=env)


@pytest.mark.parametrize("game", ["baccarat", "blackjack"])
@pytest.mark.parametrize("source, said", [
    ("sim:7", "--seed 5 refused with --source sim:7, which gives the shoe its own seed: give the seed once, "
              "--source sim:5 or --source sim --seed 5"),
    ("manual", "--seed 5 refused with --source manual: the seed shuffles the simulated shoe"),
    ("serial:/dev/ttyUSB0", "--seed 5 refused with --source serial:/dev/ttyUSB0: the seed shuffles the simulated"),
])
def test_a_seed_the_source_would_not_use_is_refused(tmp_path, game, source, said):
    proc = _run(tmp_path, "--game", game, "--seed", "5", "--source", source)
    assert proc.returncode == 2 and said in proc.stderr and "Traceback" not in proc.stderr
    assert json.loads(proc.stdout.splitlines()[-1])["error"].startswith("--seed 5 refused")
    assert not (tmp_path / "j.sqlite").exists()


def test_the_configs_source_is_named_when_it_is_the_one_in_conflict(tmp_path):
    config = tmp_path / "table.toml"
    config.write_text('source = "sim:7"\n')
    proc = _run(tmp_path, "--config", str(config), "--seed", "5")
    assert proc.returncode == 2 and f"--seed 5 refused with {config}: source = 'sim:7'" in proc.stderr


def test_a_seed_with_the_plain_simulator_is_taken(tmp_path):
    proc = _run(tmp_path, "--seed", "5", "--source", "sim")
    assert proc.returncode == 0 and "seed" not in proc.stderr
