"""docs/COMMANDS.md lists every command and option with its help, so no option is documented
only in ``--help`` (the README walks through the common ones)."""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from command_reference import commands  # noqa: E402

from dealer_assist.cli import build_parser  # noqa: E402


def _sections() -> dict[str, str]:
    text = (ROOT / "docs" / "COMMANDS.md").read_text(encoding="utf-8")
    parts = re.split(r"^#{2,3} (.+)$", text, flags=re.M)
    return {parts[i].strip(): " ".join(parts[i + 1].split()) for i in range(1, len(parts), 2)}


def test_every_command_and_option_is_in_the_reference_with_its_help():
    sections = _sections()
    listed = list(commands(build_parser()))
    assert len(listed) > 15 and "journal export" in dict(listed)
    for name, parser in listed:
        assert name in sections, f"docs/COMMANDS.md lacks {name!r}: run scripts/command_reference.py"
        for action in parser._actions:
            if isinstance(action, (argparse._HelpAction, argparse._SubParsersAction)):
                continue
            assert action.help, f"{name} {action.option_strings or action.dest} has no help text"
            for option in action.option_strings:
                assert option in sections[name], f"{name} {option} is not in docs/COMMANDS.md: run scripts/command_reference.py"
            words = " ".join(action.help.split()).split(" (default")[0][:40]
            assert words in sections[name], f"{name} {action.option_strings}: help {words!r} not in docs/COMMANDS.md"
