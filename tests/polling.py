"""Waiting, in a test, for what another thread does (a reader on a pty, the shoe simulator, a table)."""

from __future__ import annotations

import time
from typing import Callable


def wait_for(condition: Callable[[], object], timeout: float = 5.0, step: float = 0.02) -> bool:
    """Whether ``condition`` holds within ``timeout`` seconds, looked at every ``step``."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(step)
    return bool(condition())
