"""rev29 R6: a copy stopped half-way before the upgrade left a part named with the older tag (the host name and
the journal's path, hashed); the tag now names the host alone, so no later copy removed that part, though README
says the next copy from this computer does.  A copy of that journal removes it now."""

from __future__ import annotations

import hashlib
import json
import os
import socket
import subprocess
import sys

from test_journal_copy_command import cli, running  # noqa: F401 (a running table's journal)


def older_tag(journal) -> str:
    """The tag as the version before named a copy of ``journal`` (git show 50cf7737^1, ``_copy_tag(source)``)."""
    return hashlib.sha256(f"{socket.gethostname()}\0{os.path.realpath(journal)}".encode()).hexdigest()[:12]


def test_the_part_an_older_version_left_is_removed_by_the_next_copy_of_that_journal(running, tmp_path):
    path, _ = running
    stick = tmp_path / "stick"
    stick.mkdir()
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    left = stick / f".monday-copy.sqlite.part-{older_tag(path)}-{gone.pid}"
    left.write_bytes(path.read_bytes()[:8192])
    (stick / f"{left.name}-journal").write_bytes(b"\0" * 512)
    other = stick / f".other-copy.sqlite.part-{older_tag(tmp_path / 'other.sqlite')}-{gone.pid}"
    other.write_bytes(b"SQLite format 3\0")  # another journal's older tag: not told from another computer's
    done = cli("journal", "copy", str(path), str(stick / "tuesday-copy.sqlite"), "--json")
    assert done.returncode == 0, done.stderr
    assert sorted(json.loads(done.stdout)["removed_parts"]) == [left.name, f"{left.name}-journal"]
    assert not left.exists() and other.exists()
    assert f"removed {left}:" in done.stderr
