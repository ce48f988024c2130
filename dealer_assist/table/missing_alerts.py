"""The words of an alert that tells of several cards missing from one reader at once.

One alert stands per kind (UNREADABLE CARD, FRAMES LOST): a second card
unread, or a second run of frames lost, used to replace the first's words, so
the croupier read of one card only, the newer, and typed it first, into the
older one's place (qaAV F6, F1).  These say how many are due, which frames,
and which comes first, around the read held for the croupier between them.
"""

from __future__ import annotations

from typing import Optional, Sequence


#: Runs of lost frames an alert names one by one; past them it says how many, from which to which
#: (half an hour of heartbeats lost is some 1,800 numbers, which buried the table under the alert).
NAMED_RUNS = 4
NAMED_FRAMES = 20


def frame_runs(missing: tuple[int, ...]) -> str:
    """Lost frames as a croupier reads them: ``frame 9`` / ``frames 3, 4`` / ``frames 12-15`` /
    ``1,996 frames, 4 to 1999`` (it had read "lost frame(s) 98 frames, 2 to 99")."""
    runs: list[list[int]] = []
    for m in missing:
        if runs and m == runs[-1][1] + 1:
            runs[-1][1] = m
        else:
            runs.append([m, m])
    if len(runs) > NAMED_RUNS or len(missing) > NAMED_FRAMES:
        return f"{len(missing):,} frames, {missing[0]} to {missing[-1]}"
    named = ", ".join(str(a) if a == b else f"{a}, {b}" if b == a + 1 else f"{a}-{b}" for a, b in runs)
    return f"frame {named}" if len(missing) == 1 else f"frames {named}"


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


def unread_before_run(source: str, before: Sequence[Optional[int]], held: str, fed: bool) -> tuple[str, str]:
    """UNREADABLE CARD's text and DO line when ``source`` could not read cards (their frames) ``before`` the read
    ``held`` for the croupier, and frames were lost after it (a double feed came, if ``fed``): typed, each card goes
    into the next place, so the ones before it come first, then Enter plays ``held``, then any card of those after."""
    run = ("two cards left the shoe together after it (DOUBLE_FEED)" if fed
           else "frames were lost after it (FRAMES LOST)")
    later = "any card of the two not read" if fed else "any card the lost frames held"
    text = f"the {source} could not read {cards(len(before))} before {held}{_where(before)}; {run}"
    them = "it" if len(before) == 1 else "them"
    return text, f"type {them} first (K), then Enter plays {held}, then type {later} (K)"


def unread_after_run(source: str, after: Sequence[Optional[int]], held: str, dropped: bool = False,
                     fed: bool = False) -> tuple[str, str]:
    """UNREADABLE CARD's text and DO line when ``source`` could not read cards (their frames) ``after`` the read
    ``held`` for the croupier, and frames were lost before it (a read held before it was dropped too, if ``dropped``; two cards
    left the shoe together instead, if ``fed``): typed, each card goes into the next place, so those before it come
    first, then Enter plays ``held``, then the ones after it (fixR51: the card after it was asked for first)."""
    lost = ("two cards left the shoe together before it (DOUBLE_FEED)" if fed else
            "a read was dropped (Del) and frames were lost before it (FRAMES LOST)" if dropped else
            "frames were lost before it (FRAMES LOST)")
    first = (f"the cards missing before {held} (K), any of the two not read among them" if fed else
             "the card dealt in the dropped read's place, then any card the lost frames held, first (K)" if dropped else
             "any card the lost frames held first (K)")
    text = f"the {source} could not read {cards(len(after))} after {held}{_where(after)}; {lost}"
    return text, f"type {first}, then Enter plays {held}, then type the {_some(after)} after it (K)"


def lost_together(source: str, gaps: Sequence[tuple[tuple[int, ...], Optional[int]]], after: Sequence[bool],
                  held: Optional[str], may_restart: bool) -> tuple[str, str]:
    """FRAMES LOST's text and DO line for several gaps of ``source`` told together: each its lost frames and how many
    cards they surely held (None: not known, any of them may have been one); ``after``: whether each came after the
    read ``held`` for the croupier (None: no read held); ``may_restart``: one went while the shoe was out of reach and
    a restart meanwhile is not ruled out (more cards than the frames may have gone)."""
    frames = sorted({f for missing, _ in gaps for f in missing})
    known = all(sure is not None for _, sure in gaps)
    surely = sum(sure or 0 for _, sure in gaps)
    count = (f"{cards(surely)} were missed" if known else
             f"at least {cards(surely)} {'was' if surely == 1 else 'were'} missed, up to {len(frames)}" if surely else
             f"up to {cards(len(frames))} may have been missed")
    text = f"the {source} lost {frame_runs(tuple(frames))}: {count}"
    before = [g for g, later in zip(gaps, after) if not later]
    later = [g for g, was_after in zip(gaps, after) if was_after]
    if held is not None and before and later:
        text += f", {_side(before)} before {held} (held) and {_side(later)} after it"
    if may_restart:
        text += ("; some went while it was out of reach, and had the shoe restarted meanwhile, more cards than these "
                 "frames may have gone")
    action = ("compare the cards on the table with the display and type each missing card (K), in the order they "
              "came out" + (f": those before {held} first, then Enter plays {held}, then those after it"
                            if held is not None and before and later else "")
              + ("; count them, the frames may not tell them all" if may_restart or not known else ""))
    return text, action


def _side(gaps: Sequence[tuple[tuple[int, ...], Optional[int]]]) -> str:
    """The cards of ``gaps`` on one side of a read held: ``one (frame 2)`` / ``any of frames 6-13``."""
    missing = tuple(sorted(f for g, _ in gaps for f in g))
    if all(sure is not None for _, sure in gaps):
        surely = sum(sure or 0 for _, sure in gaps)
        return f"{'one' if surely == 1 else cards(surely)} ({frame_runs(missing)})"
    return f"any of {frame_runs(missing)}" if len(missing) > 1 else f"maybe one ({frame_runs(missing)})"
