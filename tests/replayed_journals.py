"""A journal played again as a pit boss replays it, and read by the journal commands: how the tests of a
correction check that a restart, a replay and the reports all tell what the live table did."""

from __future__ import annotations

import subprocess
import sys

from dealer_assist.sources.replay import ReplaySource
from dealer_assist.table.journal import Journal


def replayed(path, session):
    """``session`` (a fresh table of the journal's game) after following the journal at ``path`` to its end."""
    session.follow_record()
    source = ReplaySource(path, interval=3600)
    source.set_sink(session.handle)
    while source.step() is not None:
        pass
    return session


def journal_command(path, *args: str) -> str:
    """What ``dealer-assist journal ARGS[0] PATH ARGS[1:]`` prints (it must succeed)."""
    out = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "journal", args[0], str(path), *args[1:]],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return out.stdout


def journal_entries(path) -> list:
    """The entries of the journal at ``path`` in order, read as a reader reads it (read-only, then closed)."""
    journal = Journal.open(path, readonly=True)
    try:
        return list(journal.entries())
    finally:
        journal.close()
