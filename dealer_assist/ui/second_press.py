"""A key that would wipe what the table shows asks to be pressed again: one stray key press never
starts a new shoe over an unpaid round, or takes back a settlement."""

from __future__ import annotations

import time
from typing import Callable, Optional

#: Seconds within which the second press counts.
WITHIN = 4.0


class SecondPress:
    """Arms on a command's first press; :meth:`confirmed` is true on its second within :data:`WITHIN`.
    Any other command in between disarms it (:meth:`other`)."""

    def __init__(self, within: float = WITHIN, clock: Callable[[], float] = time.monotonic) -> None:
        self.within = within
        self._clock = clock
        self.armed: Optional[str] = None
        self._at = 0.0

    def confirmed(self, command: str) -> bool:
        now = self._clock()
        if self.armed == command and now - self._at <= self.within:
            self.armed = None
            return True
        self.armed, self._at = command, now
        return False

    def other(self, command: str) -> None:
        """A command ran: unless it is the armed one, the first press no longer counts."""
        if command != self.armed:
            self.armed = None
