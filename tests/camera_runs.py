"""A camera source run over a whole video file, every event handed to ``handle``: shared by the tests that put
a real recording through the table's camera."""

from __future__ import annotations

import threading
from typing import Callable

from dealer_assist.events import LinkState


def run_to_end(source, handle: Callable[[object], None], seconds: float = 300) -> None:
    """Start ``source``, hand each event to ``handle``, and return once the video has ended (or the link was lost)."""
    ended = threading.Event()

    def sink(event) -> None:
        handle(event)
        if isinstance(event, LinkState) and event.state in ("ended", "lost"):
            ended.set()

    source.start(sink)
    try:
        assert ended.wait(seconds)
    finally:
        source.stop()
