"""SIGTERM and SIGHUP end a training session as Ctrl+C does: the answered cases are scored and stored.

Python's default for both is to exit at once, storing nothing, so a trainee could erase a
failing exam by closing the terminal (SIGHUP) or killing the trainer (SIGTERM).  While
:func:`ending_signals` is in force, the first such signal is handed to :attr:`Ending.action`
(the text trainer raises :class:`Ended` in its loop; the trainer window quits its event loop,
then stores); a second one while the session is being stored is only noted, so that it
cannot cut the store short.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from typing import Callable, Iterator, Optional

SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


class Ended(KeyboardInterrupt):
    """A session ended by a signal: caught where Ctrl+C is, so that it ends the session the same way."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def name(self) -> str:
        return signal.Signals(self.signum).name


class Ending:
    """The signal that ended the session, if one did, and what to do when one comes."""

    def __init__(self) -> None:
        self.signum: Optional[int] = None
        #: Called with the first signal; None (nothing running yet) raises :class:`Ended` instead.
        self.action: Optional[Callable[[int], None]] = None

    @property
    def name(self) -> str:
        return signal.Signals(self.signum).name if self.signum is not None else ""

    @property
    def exit_code(self) -> Optional[int]:
        """128 + the signal, as a shell reports a process killed by it (None: no signal came)."""
        return None if self.signum is None else 128 + self.signum

    def _handle(self, signum: int, frame: object) -> None:
        if self.signum is not None:
            return
        self.signum = signum
        if self.action is None:
            raise Ended(signum)
        self.action(signum)


@contextlib.contextmanager
def ending_signals() -> Iterator[Ending]:
    """SIGTERM and SIGHUP handled by the yielded :class:`Ending` until the block ends (main thread only)."""
    ending = Ending()
    if threading.current_thread() is not threading.main_thread():
        yield ending
        return
    previous = {s: signal.signal(s, ending._handle) for s in SIGNALS}
    try:
        yield ending
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)
