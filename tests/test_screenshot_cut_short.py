"""A screenshot a file size limit (or a full disk) cut short is no screenshot of the run (qaAE F5).

Qt's save said true for a PNG the kernel had cut at the limit: `run --json`'s end event named the
unreadable file and the run exited 0.  The limit here is the kernel's own (RLIMIT_FSIZE, as `ulimit -f`
sets it) on a real run in a process of its own: room for the journal (16 KiB), not for a 1280x720 picture
(some 140 KB).
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIMIT = 100_000


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_FSIZE, (LIMIT, LIMIT))


def test_a_screenshot_cut_by_a_file_size_limit_is_reported_unsaved_and_left_nowhere(tmp_path):
    shot = tmp_path / "end.png"
    shot.write_bytes(b"an earlier run's picture")
    os.utime(shot, (0, 0))  # from long before this run
    done = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "run", "--source", "manual", "--journal",
                           str(tmp_path / "j.sqlite"), "--size", "1280x720", "--quit-after", "0.5", "--screenshot",
                           str(shot), "--json"], capture_output=True, text=True, timeout=120, preexec_fn=_limited,
                          env=dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="offscreen"))
    end = json.loads(done.stdout.strip().splitlines()[-1])
    assert end["journal_head"]["verified"], done.stderr  # the journal fitted: only the picture did not
    assert done.returncode == 1 and end["code"] == 1 and end["screenshot"] is None, done.stderr
    assert f"could not be saved to {shot} (File too large)" in done.stderr
    assert shot.read_bytes() == b"an earlier run's picture"  # left as it was, no cut picture over it
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no part file left either
