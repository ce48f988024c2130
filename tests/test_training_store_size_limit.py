"""The trainer's save that meets a file size limit ('ulimit -f': EFBIG) is not called a full disk: "its disk is
full ... free disk space" sent the trainer to free space on a disk that had plenty, and no freed space lifts the
limit.  Made real: the trainer runs with RLIMIT_FSIZE just over the progress file's size (Python ignores
SIGXFSZ, so the write fails with EFBIG)."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def train(store: Path, limit: int | None = None):
    def limited() -> None:
        if limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    done = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "train", "--text", "--drill", "third-card",
                           "--cases", "3", "--seed", "3", "--trainee", "Zoë", "--store", str(store)],
                          input="B\nB\nB\n", capture_output=True, text=True, timeout=120, preexec_fn=limited,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    return done.returncode, done.stdout, done.stderr


def test_a_save_over_the_file_size_limit_says_the_limit_not_a_full_disk(tmp_path):
    store = tmp_path / "p.json"
    assert train(store)[0] == 0
    before = store.read_bytes()
    code, out, err = train(store, limit=len(before) + 512)
    assert code == 2, err
    assert "its disk is full" not in err and "free disk space" not in err
    assert f"cannot save the training progress to {store}: it reached this process's file size limit" in err
    assert "ulimit -f" in err and "the disk is not at fault" in err and "results are not stored" in err
    assert "would have held it" in err                    # the session is kept on stderr, as for a full disk
    assert store.read_bytes() == before
