"""The demo player's calls, for a table that plays itself (``dealer-assist run --auto``).

A simple rule a watcher can follow, not basic strategy: split 8s and aces,
double on 10 and 11, hit below 17.  It lives in the core, beside the hands it
reads, so that the display only asks it and plays the answer.
"""

from __future__ import annotations

from dealer_assist.blackjack.hand import Hand


def demo_call(hand: Hand, allowed: tuple[str, ...]) -> str:
    """The call for ``hand`` among the ``allowed`` actions (hit and stand are always allowed)."""
    if "split" in allowed and hand.cards[0].rank in ("8", "A"):
        return "split"
    if "double" in allowed and hand.total in (10, 11):
        return "double"
    return "hit" if hand.total < 17 else "stand"
