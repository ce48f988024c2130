#!/usr/bin/env python3
"""Write docs/COMMANDS.md: every command's options, from the program's own parser.

    python scripts/command_reference.py [--out docs/COMMANDS.md]

The README walks through the commands a user needs first; this is the whole
list, so an option is never documented only in ``--help``.  A test checks
that every option of every command appears here with its help text.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

WIDTH = "100"


def reference() -> str:
    os.environ["COLUMNS"] = WIDTH  # argparse wraps help to the terminal's width
    from dealer_assist.cli import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    summary = {a.dest: a.help for a in sub._choices_actions}
    out = ["# dealer-assist commands", "",
           "Every command and option, as `dealer-assist COMMAND --help` prints them "
           "(made by `scripts/command_reference.py`; the README shows them at work).", ""]
    out += [f"- [`{name}`](#{name}): {summary.get(name, '')}" for name in sub.choices]
    out += ["", "## dealer-assist", "", "The program itself: with no command it opens the table (`run`).", "",
            "```", parser.format_help().rstrip(), "```"]
    for name, command in commands(parser):
        out += ["", f"{'#' * (1 + len(name.split()))} {name}", "", "```", command.format_help().rstrip(), "```"]
    return "\n".join(out) + "\n"


def commands(parser: argparse.ArgumentParser, prefix: str = ""):
    """(name, parser) of every command and sub-command (``journal export``), depth first."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, command in action.choices.items():
                yield prefix + name, command
                yield from commands(command, prefix + name + " ")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "COMMANDS.md"))
    Path(parser.parse_args().out).write_text(reference(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
