"""A baccarat round played on a live session as a croupier would: burn skipped, chips on bets, cards."""

from __future__ import annotations

from decimal import Decimal
from typing import Iterable

from dealer_assist.baccarat.paytable import Bet

#: Player 3 draws a 7, Banker 5 draws a ten: Banker wins 5-0 (a six-card round).
BANKER_WINS_5_0 = ("3D", "6H", "QH", "9D", "7H", "TS")


def play_round(session, chip: str, bets: Iterable[tuple[int, Bet]], cards: Iterable[str] = ()) -> None:
    """Skip the burn, choose ``chip``, place one chip on each (seat, bet), deal, then enter ``cards``."""
    session.skip_burn()
    session.select_chip(Decimal(chip))
    for seat, bet in bets:
        session.place(seat, bet)
    if cards:
        session.deal()
    for code in cards:
        session.enter_card(code)
