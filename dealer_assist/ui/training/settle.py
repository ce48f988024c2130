"""A key pressed before the screen it acts on could be seen is not taken.

The trainer draws the next exam case (or a wrong answer's explanation) the moment the answer's
key is taken, so a key bounce, a nervous double tap (two presses 12 ms apart) or a held key's
auto-repeat answered a case the trainee never saw, or put away the explanation unread (qaP F3,
F3b).  Nobody reads a screen in a quarter of a second: a key that comes sooner is dropped, and
the window says so.
"""

from __future__ import annotations

import time
from typing import Callable

#: Seconds after a screen is drawn during which a key that acts on it is not taken.
SETTLE = 0.25


class Settle:
    """:meth:`shown` when a screen that takes keys is drawn; :meth:`too_soon` for a key that acts on it."""

    def __init__(self, seconds: float = SETTLE, clock: Callable[[], float] = time.monotonic) -> None:
        self.seconds = seconds
        self._clock = clock
        self._at = clock() - seconds

    def shown(self) -> None:
        self._at = self._clock()

    def too_soon(self, auto_repeat: bool = False) -> bool:
        """True for a held key's repeat, or for a key within :attr:`seconds` of the last :meth:`shown`."""
        return auto_repeat or self._clock() - self._at < self.seconds
