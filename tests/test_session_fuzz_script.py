"""scripts/session_fuzz.py, the hand-run fuzzer of live, restart and replay, over a handful of seeds that
agree: it must still run on the sessions as they change (too slow for many seeds here)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "session_fuzz.py"


@pytest.mark.parametrize("args", [["bac", "0-3"], ["bac", "0-3", "--heartbeats"], ["bj", "0-3", "--no-burn"]])
def test_the_fuzzer_plays_seeds_that_agree_live_restarted_and_replayed(args):
    out = subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.strip().endswith("0 of 4 seeds differ")


def test_the_fuzzer_finds_a_restart_that_differs_from_live(capsys):
    """0 seeds differing must mean they agree, not that nothing is compared: a restart broken on purpose (a shoe
    card more fed after every reopen) is caught on every seed (fuzz2's check)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("session_fuzz_under_test", SCRIPT)
    fuzz = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fuzz)
    restart = fuzz.Table.restart

    def broken(table):
        restart(table)
        table.frame("KS")

    fuzz.Table.restart = broken
    assert fuzz.main(["bac", "0-2"]) != 0
    out = capsys.readouterr().out
    assert out.strip().endswith("3 of 3 seeds differ") and "restart" in out, out
