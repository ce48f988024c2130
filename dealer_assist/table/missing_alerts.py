"""The words of an alert that tells of several cards missing from one reader at once.

One alert stands per kind (UNREADABLE CARD, FRAMES LOST): a second card
unread, or a second run of frames lost, used to replace the first's words, so
the croupier read of one card only, the newer, and typed it first, into the
older one's place (qaAV F6, F1).  These say how many are due, which frames,
and which comes first, around the read held for the croupier between them.
"""

from __future__ import annotations

from typing import Optional, Sequence


def frames_named(frames: Sequence[Optional[int]]) -> str:
    """``frame 5`` / ``frames 5 and 8`` / ``frames 2, 5 and 9``; frames with no number are left out."""
    numbers = [str(f) for f in frames if f is not None]
    if not numbers:
        return ""
    if len(numbers) == 1:
        return f"frame {numbers[0]}"
    return f"frames {', '.join(numbers[:-1])} and {numbers[-1]}"


def cards(count: int) -> str:
    """``1 card`` / ``2 cards``."""
    return f"{count} card{'' if count == 1 else 's'}"


def _where(frames: Sequence[Optional[int]]) -> str:
    named = frames_named(frames)
    return f" ({named})" if named else ""


def _some(frames: Sequence[Optional[int]]) -> str:
    return "one" if len(frames) == 1 else cards(len(frames))


def unread_around(source: str, before: Sequence[Optional[int]], after: Sequence[Optional[int]], held: str,
                  told: Optional[str] = None) -> tuple[str, str]:
    """UNREADABLE CARD's text and DO line when ``source`` could not read cards (their frames) ``before`` the read
    ``held`` for the croupier and ``after`` it: typed, each card goes into the next place, so the ones before it
    come first, then Enter plays ``held``, then the ones after it.  ``told``: the shoe's own words for the last."""
    count = len(before) + len(after)
    text = (f"the {source} could not read {cards(count)}: {_some(before)} before {held}{_where(before)} and "
            f"{_some(after)} after it{_where(after)}" + (f"; the last: {told}" if told else ""))
    them = "it" if len(before) == 1 else "them"
    action = (f"{cards(count)} could not be read{_where([*before, *after])}: type them in the order they came out, "
              f"the first is the one before {held}: type {them} (K), then Enter plays {held}, then type the "
              f"{_some(after)} after it (K)")
    return text, action
