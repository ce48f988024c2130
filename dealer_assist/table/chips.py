"""A table's chip row from a config file: one check for both games' ``chips`` settings.

Keys 1 to 9 choose a chip, so a row has at most :data:`MOST_CHIPS`, each above zero and listed
once (two keys choosing one chip was accepted at a blackjack table and refused at a baccarat one).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from dealer_assist.money import InvalidAmountError, fmt, parse_money

#: Chips a table takes (keys 1 to 9 choose them).
MOST_CHIPS = 9


class ChipsError(ValueError):
    """A ``chips`` setting the table cannot use; the message names the setting and the bad value."""


def parse_chips(listed: Any, setting: str) -> tuple[Decimal, ...]:
    """The chip values ``listed`` under ``setting`` (``table.chips``), or :class:`ChipsError` saying why not."""
    if not isinstance(listed, list):  # a string's characters were taken as the chips
        raise ChipsError(f"{setting} must be a list of amounts, e.g. [\"5\", \"25\", \"100\"], not one value")
    try:
        chips = tuple(parse_money(c) for c in listed)
    except InvalidAmountError as exc:  # QA: the message named the amount, not the setting
        raise ChipsError(f"{setting}: {exc}") from None
    if not chips or any(c <= 0 for c in chips):
        raise ChipsError(f"{setting} must list chip values above zero")
    if len(set(chips)) < len(chips):  # two keys would choose one chip
        twice = sorted({fmt(c) for c in chips if chips.count(c) > 1})
        raise ChipsError(f"{setting} lists {', '.join(twice)} more than once; list each chip once")
    if len(chips) > MOST_CHIPS:  # keys 1 to 9 choose them, and more do not fit the chip row
        raise ChipsError(f"{setting} lists {len(chips)} chips; a table takes at most {MOST_CHIPS}")
    return chips


def no_chip_text(key: int, chips: int) -> str:
    """What key ``key`` (1 to 9) says at a table of ``chips`` chips when no chip lies behind it: a key that
    did nothing and said nothing left the croupier guessing (QA)."""
    return f"no chip {key}: this table has {chips} chip{'s' if chips != 1 else ''} ({'1' if chips == 1 else f'1-{chips}'})"
