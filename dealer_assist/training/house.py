"""The house rules a session is drilled on, as the "House rule:" lines stored with its result.

An answer right at one table is wrong at another (an EZ table's Banker pays 1 to 1, a 6:5 table's
blackjack pays less), so a pass means something only with the rules it was taken under.  The lines
name what differs from the defaults (no line: the standard table) and are the record itself: the
same rules give the same lines, so two exams are compared by their lines, and a school's
``train --progress --config`` can tell a pass at its own table from one at another.
"""

from __future__ import annotations

from typing import Optional

from dealer_assist.baccarat.paytable import Paytable
from dealer_assist.blackjack.rules import HouseRules
from dealer_assist.training.payouts import STANDARD, house_lines

#: The baccarat shoe's decks without a config (the simulated shoe's).
DECKS = 8


def house_rules(paytable: Paytable = STANDARD, blackjack: Optional[HouseRules] = None,
                decks: int = DECKS) -> tuple[str, ...]:
    """What differs from the default table, one ``House rule: ...`` line each; () for the defaults."""
    lines = list(house_lines(paytable))
    if decks != DECKS:
        lines.append(f"House rule: a {decks}-deck baccarat shoe")
    if blackjack is not None:
        lines.extend(f"House rule: blackjack, {mine}"
                     for mine, default in zip(blackjack.describe(), HouseRules().describe()) if mine != default)
    return tuple(lines)


def short(lines) -> str:
    """The lines as one phrase for a listing: ``Banker pays 1 to 1 (no commission); ...``."""
    return "; ".join(line.removeprefix("House rule: ") for line in lines) or "the standard table"
