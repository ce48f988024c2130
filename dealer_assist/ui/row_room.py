"""Room for every row of the baccarat display when the alerts and the croupier's message grow.

The status message under the chips wraps to as many lines as it needs, but Qt does not carry a
wrapped label's height through the side-by-side layout it sits in: with three alert bars and a
three-line message at 1280x720 the panel got less than it needs and the chip row was drawn over
the bet grid's Limits row and seat 7 (QA).  The message's lines are made its least height, and
the room they need is taken from the scoreboard's roads, then from the message's font; the
message itself is never cut, its action being at its end.
"""

from __future__ import annotations

#: The roads give up room down to this share of their height: their cells shrink, the board stays whole.
ROADS_LEAST_SHARE = 0.5
#: The message's font steps down to this share of its size, a tenth at a time, while room is short.
MESSAGE_LEAST_SCALE = 0.7


def make_room(central, roads, betting) -> int:
    """Fit the rows of ``central`` (the window's central widget) in its height; the pixels still short
    (0 when every row has its room)."""
    betting.set_message_scale(1.0)
    roads.set_room_given(0)
    short = _short(central, betting)
    if short > 0:
        roads.set_room_given(min(short, int(roads.full_height * (1 - ROADS_LEAST_SHARE))))
        short = _short(central, betting)
    scale = 1.0
    while short > 0 and scale - 0.1 >= MESSAGE_LEAST_SCALE - 1e-9:
        scale -= 0.1
        betting.set_message_scale(scale)
        short = _short(central, betting)
    return max(0, short)


def _short(central, betting) -> int:
    betting.hold_message_lines()
    _forget(central.layout())  # Qt weighs a changed height only on its next pass through the event loop
    return central.layout().minimumSize().height() - central.height()


def _forget(layout) -> None:
    """Drop the sizes ``layout`` and the layouts and widgets in it have kept from before."""
    for i in range(layout.count()):
        item = layout.itemAt(i)
        if item.layout() is not None:
            _forget(item.layout())
        elif item.widget() is not None and item.widget().layout() is not None:
            _forget(item.widget().layout())
            item.widget().updateGeometry()
    layout.invalidate()
