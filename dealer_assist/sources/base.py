"""The one interface every card source implements (serial shoe, camera, keyboard, virtual shoe, replay).

Modelled on python-can's bus: callers never care which backend they hold.
A source runs its own thread between :meth:`CardSource.start` and
:meth:`CardSource.stop` and hands each event to the ``sink`` callable, which
must be thread-safe (the table session queues them).
"""

from __future__ import annotations

import abc
from typing import Callable

from dealer_assist.events import SourceEvent

Sink = Callable[[SourceEvent], None]


class SourceError(RuntimeError):
    """A source could not be opened or used; the message says what to do."""


class CardSource(abc.ABC):
    """A producer of :mod:`dealer_assist.events` values."""

    #: Short name used in events and on the display, e.g. ``serial:/dev/ttyUSB0``.
    name: str = "source"

    @abc.abstractmethod
    def start(self, sink: Sink) -> None:
        """Begin delivering events to ``sink`` from a background thread."""

    @abc.abstractmethod
    def stop(self) -> None:
        """Stop the thread and release the device; safe to call twice."""

    def __enter__(self) -> "CardSource":
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
