"""The baccarat paytable: what each of the seven bets pays, and the house rules around it."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import Enum
from typing import Optional


class Bet(str, Enum):
    """The seven baccarat bets of seed 003, in the order the layout shows them."""

    PLAYER = "player"
    BANKER = "banker"
    TIE = "tie"
    PLAYER_PAIR = "player_pair"
    BANKER_PAIR = "banker_pair"
    BIG = "big"
    SMALL = "small"

    @property
    def label(self) -> str:
        """The bet's name as the layout and messages print it (``Player Pair``)."""
        return self.value.replace("_", " ").title()


class InvalidBetError(ValueError):
    """A bet name that is not one of the seven; the message names it."""

    def __init__(self, text: object) -> None:
        self.text = text
        names = ", ".join(b.value for b in Bet)
        super().__init__(f"unknown bet {text!r} (bets: {names})")


def parse_bet(text: object) -> Bet:
    """Read a bet name from config, a command or a journal; raise :class:`InvalidBetError` naming it.

    Any case, spaces or hyphens for ``_``, and the shorthands ``p b t pp bp`` are accepted.
    """
    if isinstance(text, Bet):
        return text
    key = str(text).strip().lower().replace("-", "_").replace(" ", "_")
    aliases = {"p": "player", "b": "banker", "t": "tie", "pp": "player_pair", "bp": "banker_pair"}
    key = aliases.get(key, key)
    try:
        return Bet(key)
    except ValueError:
        raise InvalidBetError(text) from None


@dataclass(frozen=True)
class Paytable:
    """Winnings per unit staked (``0.95`` means 0.95 to 1), plus the variant rules.

    The default is seed 003's table.  ``tie_pushes`` decides what a Player or
    Banker bet does on a tie (facts.md §0: push).  ``pair_by`` is ``rank``
    (K-K is a pair, K-Q is not) or ``value``.  The two optional fields make
    the commission-free variants: ``banker_six_pays`` (Super 6: a Banker win
    with 6 pays this, e.g. 0.5) and ``banker_three_card_seven_pushes`` (EZ
    Baccarat: a Banker win with a three-card 7 pushes).
    """

    player: Decimal = Decimal("1")
    banker: Decimal = Decimal("0.95")
    tie: Decimal = Decimal("8")
    player_pair: Decimal = Decimal("11")
    banker_pair: Decimal = Decimal("11")
    big: Decimal = Decimal("0.54")
    small: Decimal = Decimal("1.5")
    tie_pushes: bool = True
    pair_by: str = "rank"
    banker_six_pays: Optional[Decimal] = None
    banker_three_card_seven_pushes: bool = False

    def ratio(self, bet: Bet) -> Decimal:
        """The winnings per unit staked on a win of ``bet`` (0.95 means 0.95 to 1).

        The variant rules (Super 6's Banker 6, EZ's three-card 7) are applied by the settlement, not here.
        """
        return getattr(self, bet.value)


STANDARD = Paytable()
EZ = Paytable(banker=Decimal("1"), banker_three_card_seven_pushes=True)
SUPER_6 = Paytable(banker=Decimal("1"), banker_six_pays=Decimal("0.5"))
