"""docs/JSON.md names every field a JSON output can carry, and ``--help`` every verdict a command gives.

rev11: ``listen --json``'s ``hello`` gained ``"restarted": true`` and ``journal verify``
a ``damaged`` verdict, and neither was written where a user or a pit-boss script looks.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from dealer_assist import events as ev
from dealer_assist.commands.serial import event_record

ROOT = Path(__file__).resolve().parent.parent


def _listen_rows() -> dict:
    text = (ROOT / "docs" / "JSON.md").read_text(encoding="utf-8")
    section = text.split("## `listen`", 1)[1].split("\n## ", 1)[0]
    return {m.group(1): m.group(2) for m in re.finditer(r"^\| `(\w+)` \| (.*) \|$", section, flags=re.M)}


def test_every_field_of_a_listen_event_is_in_json_md():
    rows = _listen_rows()
    every_flag = [ev.SeqGap("shoe", 0.0, (3, 4), count_went_back=True, after_link_loss=True, card_lost=4,
                            may_be_cut=True),
                  ev.DeviceHello("shoe", 0.0, "SHOE-1", "b2", "1.4", 1, restarted=True),
                  ev.DeviceHello("shoe", 0.0, "SHOE-1", "b2", "1.4", 1, continues=True)]
    for event in every_flag:
        record = event_record(event)
        row = rows[record["event"]]
        for field in set(record) - {"event", "t"}:  # `t` is said for every event
            assert re.search(f"`{field}[`:]", row), f"docs/JSON.md's listen row for {record['event']!r} lacks `{field}`"


def test_journal_verify_help_names_every_problem_it_reports():
    done = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "journal", "verify", "--help"],
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    said = " ".join(done.stdout.split())
    for problem in ("edited", "deleted", "reordered", "inserted", "damaged"):
        assert problem in said, f"journal verify --help does not name {problem!r}"
    assert "damaged" in (ROOT / "docs" / "COMMANDS.md").read_text(encoding="utf-8").split("### journal verify")[1] \
        .split("\n### ")[0], "docs/COMMANDS.md is older than the help: run scripts/command_reference.py"
