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
