"""Kill a real table process with SIGKILL at random moments; every restart must carry on exactly."""

import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession

CHILD = Path(__file__).with_name("crash_child.py")


def test_sigkill_at_random_moments_loses_and_duplicates_nothing(tmp_path):
    path = tmp_path / "table.sqlite"
    rng = random.Random(20261130)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    previous_rounds = 0
    for attempt in range(8):
        proc = subprocess.Popen([sys.executable, str(CHILD), str(path), "99"], stdout=subprocess.PIPE, env=env)
        assert proc.stdout.readline().strip() == b"ready"
        time.sleep(rng.uniform(0.05, 0.4))
        proc.send_signal(signal.SIGKILL)
        proc.wait()

        journal = Journal.open(path)
        assert journal.verify().ok
        session = TableSession(journal=journal, odds=False)  # recovery, as at a restart
        entries = list(journal.entries())
        settled = Counter((e.payload["shoe"], e.payload["round"]) for e in entries if e.kind == "settlement")
        assert all(n == 1 for n in settled.values()), "a round was settled twice"
        state = session.state
        for record in state.history:  # every finished round of the shoe has exactly one settlement
            assert settled[(record.shoe, record.number)] == 1
        # the rounds are numbered without gaps, and the table never goes backwards
        assert sorted(r for (_, r) in settled) == list(range(1, len(settled) + 1))
        assert len(settled) >= previous_rounds
        previous_rounds = len(settled)
        # shoe accounting equals the cards in the journal
        cards = [e for e in entries if e.payload.get("op") in ("card", "play_held")]
        assert state.shoe.cards_seen == state.shoe.unknown + sum(1 for e in cards if e.payload["shoe"] == state.shoe_no)
        session.close()
    assert previous_rounds > 0
