"""The Punto Banco tableau: which hand draws a third card, and why.

These are the rules of seeds 000 and 003, written as two small functions
so that the round, the odds analyzer and the trainer all ask the same
question the same way.  Totals are baccarat points (0-9).
"""

from __future__ import annotations

from typing import Optional

#: Banker total -> the player third-card values on which the banker draws (seed 003's table).
BANKER_DRAWS_ON: dict[int, frozenset[int]] = {
    0: frozenset(range(10)),
    1: frozenset(range(10)),
    2: frozenset(range(10)),
    3: frozenset(range(10)) - {8},
    4: frozenset(range(2, 8)),
    5: frozenset(range(4, 8)),
    6: frozenset({6, 7}),
    7: frozenset(),
}


def is_natural(total: int) -> bool:
    return total >= 8


def player_draws(player: int, banker: int) -> bool:
    """Player draws on 0-5 unless either hand has a natural."""
    return not (is_natural(player) or is_natural(banker)) and player <= 5


def banker_draws(player: int, banker: int, player_third: Optional[int]) -> bool:
    """Banker's rule: 0-5 draws when the Player stood, else by the Player's third card."""
    if is_natural(player) or is_natural(banker):
        return False
    if player_third is None:
        return banker <= 5
    return player_third in BANKER_DRAWS_ON.get(banker, frozenset())


def _value_words(value: int) -> str:
    return {0: "a 0 (ten or picture)", 1: "an ace", 8: "an 8"}.get(value, f"a {value}")


def player_reason(player: int, banker: int) -> str:
    """The croupier's words for the Player's third-card decision."""
    if is_natural(player) or is_natural(banker):
        return natural_reason(player, banker)
    if player <= 5:
        return f"Player {player} draws (Player draws on 0-5)"
    return f"Player {player} stands (Player stands on 6 or 7)"


def banker_reason(player: int, banker: int, player_third: Optional[int]) -> str:
    """The croupier's words for the Banker's third-card decision."""
    if is_natural(player) or is_natural(banker):
        return natural_reason(player, banker)
    draws = banker_draws(player, banker, player_third)
    verb = "draws" if draws else "stands"
    if player_third is None:
        rule = "Banker draws on 0-5" if draws else "Banker stands on 6-7"
        return f"Banker {banker} {verb}: Player stood, {rule}"
    if banker <= 2:
        return f"Banker {banker} draws: Banker always draws on 0-2"
    if banker >= 7:
        return f"Banker {banker} stands: Banker always stands on 7"
    return f"Banker {banker} {verb}: Player's third card is {_value_words(player_third)}"


def natural_reason(player: int, banker: int) -> str:
    hands = []
    if is_natural(player):
        hands.append(f"Player {player}")
    if is_natural(banker):
        hands.append(f"Banker {banker}")
    return " and ".join(hands) + (" are naturals" if len(hands) > 1 else " is a natural") + ": no more cards"
