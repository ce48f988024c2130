"""A refusal said in the banner, where the croupier looks, not only in the small message line.

A deal refused (a stake below the minimum) was told in a line under the chips while the banner went on saying
PLACE YOUR BETS, and the card the croupier typed next ran as table keys (qaAW F3).  The banner says such a
refusal (its title, the message under it, on the error colour) for as long as the session's message is that
refusal: the next thing done or said gives the banner back to the table.  A deal refused once the bets are closed
is not said so: the banner stays on the card due (rev41 F6: D again after D put DEAL REFUSED, "Shift+V opens them
again", over "DEAL PLAYER" until the next card)."""

from __future__ import annotations

from typing import Any, NamedTuple, Optional

#: The banner's title over a deal refused (Space at blackjack, D at baccarat).
DEAL_REFUSED = "DEAL REFUSED"
#: The banner's title over a card code typed while no card is due (see :mod:`.typed_cards`).
NOT_TAKEN = "CARD NOT TAKEN"
#: The titles, which the banner shows on the error colour.
TITLES = (DEAL_REFUSED, NOT_TAKEN)


class _Shown(NamedTuple):
    """What a banner draws: its title and the line under it."""

    banner: str
    reason: str


class LoudRefusal:
    """The refusal the banner shows now, if any."""

    def __init__(self, banner: Any) -> None:
        self.banner = banner
        self.said: Optional[_Shown] = None

    def say(self, title: str, message: Optional[str]) -> Optional[str]:
        """Show ``message`` (a refusal; ``None``: nothing was refused) under ``title``; returns it."""
        if message:
            self.said = _Shown(title, message)
            self.banner.show_snapshot(self.said)
        return message

    def show(self, snap: Any) -> None:
        """After the banner drew ``snap``: the refusal over it while the session's message is still it."""
        if self.said is None:
            return
        if snap.message == self.said.reason:
            self.banner.show_snapshot(self.said)
        else:
            self.said = None
