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


def run_holding(source, held, seconds: float = 300) -> list:
    """Every event of ``source`` run to its end while the table holds ``held`` (codes), each card read being played
    (the table holds it, so the camera counts it in view): a camera (re)started over a table already dealt."""
    from dealer_assist.events import CardRead

    layout = list(held)
    source.count_in_view(lambda: tuple(layout))
    events: list = []

    def handle(event) -> None:
        events.append(event)
        if isinstance(event, CardRead):
            layout.append(event.card.code)

    run_to_end(source, handle, seconds)
    return events
