"""A command run on a real terminal (``os.openpty``) in a child process, given only the locale a test names: every
other LC_*, LANG and PYTHON* variable that could choose an encoding is left out."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from pathlib import Path
from typing import Optional

ROOT = Path(__file__).resolve().parent.parent
LOCALE_KEYS = ("LANG", "LANGUAGE", "PYTHONIOENCODING", "PYTHONUTF8", "PYTHONCOERCECLOCALE")


def locale_env(tmp_path, **given) -> dict:
    """The environment with only ``given``'s locale, this tree first on the path, the trainer's data in tmp_path."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("LC_") and k not in LOCALE_KEYS}
    env.update(given, PYTHONPATH=str(ROOT), XDG_DATA_HOME=str(tmp_path / "data"))
    return env


def on_terminal(tmp_path, locale: dict, args, answer: Optional[bytes] = None,
                prompt: bytes = b"]: ") -> tuple[bytes, int]:
    """What ``dealer-assist ARGS`` writes to a terminal (stdout and stderr) and its exit code; ``answer`` is typed
    once ``prompt`` shows."""
    main, side = os.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "dealer_assist.cli", *args], stdin=side, stdout=side,
                            stderr=side, env=locale_env(tmp_path, **locale))
    os.close(side)
    out, sent, end = b"", answer is None, time.monotonic() + 60
    try:
        while time.monotonic() < end:
            ready, _, _ = select.select([main], [], [], 0.2)
            if ready:
                try:
                    data = os.read(main, 4096)
                except OSError:   # the child has closed the terminal
                    break
                if not data:
                    break
                out += data
                if not sent and prompt in out:
                    os.write(main, answer)
                    sent = True
            elif proc.poll() is not None:
                break
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(10)
        os.close(main)
    return out, proc.returncode
