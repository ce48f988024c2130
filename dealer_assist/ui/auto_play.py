"""Auto-play (A, ``run --auto``) is a demo of the simulated shoe, and only that.

It places bets, deals, makes the players' calls and counts the deck check by
itself, and the journal cannot tell its work from the croupier's.  At a live
table (cards typed in, a serial shoe, a camera) one press had put invented
bets and a deck check nobody counted into the record (QA), so both games ask
:func:`refusal` before it starts.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any, Optional

from dealer_assist.sources.virtual import VirtualShoe

#: The lasting marker while auto-play runs (a 3-second status message had been its only sign).
MARKER = "AUTO-PLAY ON (A: stop)"
#: The tip of the greyed A menu item at a live table.
TIP = "auto-play is a demo of the simulated shoe (run --source sim); this table's cards are real"


def allowed(source: Any) -> bool:
    """Whether auto-play may run at a table reading ``source`` (``None``: cards typed in)."""
    return isinstance(source, VirtualShoe)


def refusal(source: Any) -> Optional[str]:
    """Why A is refused at a table reading ``source``, with what to do; ``None`` where it may run."""
    if allowed(source):
        return None
    where = "are typed in" if source is None else f"come from {getattr(source, 'name', 'a shoe')}"
    return (f"A refused: auto-play is a demo of the simulated shoe, and this live table's cards {where}; it "
            "would bet, play and count in the croupier's name. Play by hand (demo: run --source sim)")


def demo_stake(stake: Decimal, low: Decimal, high: Decimal) -> Decimal:
    """The demo's ``stake`` brought within a bet's limits ``low`` to ``high``: it bet 5.00 whatever they were, and a
    table with a minimum of 10 stopped at once (qaAX L1)."""
    return min(max(stake, low), high)


def chips_making(amount: Decimal, chips: tuple[Decimal, ...]) -> tuple[Decimal, ...]:
    """The chips, largest first, a blackjack seat's demo stake of ``amount`` is placed with (one chip a press);
    short of ``amount`` when the smallest chip cannot make it up (the deal then refuses it, saying why)."""
    made: list[Decimal] = []
    left = amount
    for chip in sorted(chips, reverse=True):
        while chip <= left:
            made.append(chip)
            left -= chip
    return tuple(made)


def stopped(why: str) -> str:
    """What auto-play says as it stops at a step the table refused (``why``, the refusal): a step refused again
    and again had left the table standing still under the marker, without a word (qaAW F4)."""
    return f"auto-play stopped: {why}; play on by hand, or press A to try again"


def greyed(action_name: str, replay: bool, source: Any) -> bool:
    """Whether a window's menu item for ``action_name`` is greyed as auto-play at a live table (its key is
    still answered, by :func:`refusal`); a replay has its own refusals."""
    return action_name == "toggle_auto" and not replay and not allowed(source)


def explain(action: Any) -> None:
    """Say on a greyed auto-play menu item (a ``QAction``) why it is greyed."""
    action.setToolTip(TIP)
    action.setStatusTip(TIP)
