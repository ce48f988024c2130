"""Pausing and stepping a replay: the same for both games' windows.

A trainer or a supervisor walking through a dispute stops the record where
it is and plays it one operation at a time.  Each function returns None when
done, else why not (the window shows ``notice`` texts to the croupier).
"""

from __future__ import annotations

from typing import Callable, Optional

ENDED = "the record has ended"


def toggle_pause(source, replay: bool, notice: Callable[[str], None]) -> Optional[str]:
    """A replay: stop it where it is (PAUSED), or let it go on at its pace."""
    if not replay or not hasattr(source, "pause"):
        return "no replay to pause: Space pauses a replay (`dealer-assist replay`)"
    if source.paused:
        source.resume()
    elif not source.pause():
        notice(f"{ENDED}: nothing left to pause; Ctrl+Q leaves the replay")
        return ENDED
    return None


def step(source, replay: bool, notice: Callable[[str], None]) -> Optional[str]:
    """A paused replay: play the next recorded operation, and only that one."""
    if not replay or not hasattr(source, "step"):
        return "no replay to step"
    if not source.paused:
        notice("Right steps a paused replay: Space pauses it first")
        return "the replay is playing: Space pauses it first"
    if source.step() is None:
        notice(f"{ENDED}: nothing more to step; Ctrl+Q leaves the replay")
        return ENDED
    return None
