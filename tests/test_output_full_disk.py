"""Standard output sent to a full disk is said in a line, not a traceback (qaI F7).

``journal export J --format csv > shift.csv`` on a disk that fills up, or any
report redirected there: a Python traceback ended the command.  ``/dev/full``
fails every write with ENOSPC, as a full disk does.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from dealer_assist.table.journal import Journal

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_report_sent_to_a_full_disk_says_so_without_a_traceback(tmp_path):
    journal = tmp_path / "t.sqlite"
    with Journal.open(journal) as writing:  # a table's start; the report's size does not matter: nothing fits
        writing.append("shoe_start", {"op": None, "game": "baccarat", "shoe": 1, "decks": 8})
    env = dict(os.environ, PYTHONPATH=str(REPO))
    for argv in (["journal", "export", str(journal), "--format", "csv"], ["journal", "show", str(journal)],
                 ["journal", "verify", str(journal)], ["odds", "--decks", "8"], ["deal", "2", "A", "3", "2", "8"]):
        with open("/dev/full", "w") as full:
            done = subprocess.run([sys.executable, "-m", "dealer_assist.cli", *argv], stdout=full, env=env,
                                  stderr=subprocess.PIPE, text=True, timeout=120)
        assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr, (argv, done.stderr)
        assert done.returncode == 2, (argv, done.stderr)
        assert done.stderr == ("dealer-assist: error: cannot write the output (No space left on device): what was "
                               "written is incomplete; free disk space, or send it to a file on another disk, and "
                               "run it again\n"), argv


def test_a_report_over_the_file_size_limit_names_the_limit_not_the_disk(tmp_path):
    """rev11 F8: `(ulimit -f 0; dealer-assist odds > odds.txt)` was told to 'free disk space, or send it to a
    file on another disk', neither of which lifts the limit; the journal's own message names it."""
    import resource

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (0, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))

    with open(tmp_path / "odds.txt", "w") as out:
        done = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "odds", "--decks", "8"], stdout=out,
                              stderr=subprocess.PIPE, env=dict(os.environ, PYTHONPATH=str(REPO)), text=True,
                              timeout=120, preexec_fn=limited)
    assert "Traceback" not in done.stderr and done.returncode == 2, done.stderr
    assert done.stderr.startswith("dealer-assist: error: cannot write the output (File too large): it reached this "
                                  "process's file size limit (0 bytes: 'ulimit -f' or the account's limits)"), \
        done.stderr
    assert "raise or remove the limit" in done.stderr and "free disk space" not in done.stderr
