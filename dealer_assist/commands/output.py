"""How commands print: JSON lines on stdout with ``--json``, errors on stderr with a non-zero exit."""

from __future__ import annotations

import sys
from typing import Any


class CommandError(Exception):
    """An error the user can fix; printed as one line on stderr, exit code ``code``."""

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code


def emit_json(obj: Any) -> None:
    """One JSON object on one line, flushed (streaming commands rely on it); escaped where stdout cannot
    write a character (:func:`~dealer_assist.commands.terminal_text.json_line`)."""
    from dealer_assist.commands.terminal_text import json_line

    sys.stdout.write(json_line(obj) + "\n")
    sys.stdout.flush()


def fail(message: str, code: int = 2) -> int:
    sys.stderr.write(f"dealer-assist: error: {message}\n")
    sys.stderr.flush()
    return code
