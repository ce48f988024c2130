"""Money: ``Decimal`` with two places (whole cents), exact decimal arithmetic, never float.

The seed rule "all winning amounts are rounded down to the nearest penny" is
applied to the winnings of each bet: the exact product is floored to the cent,
so that 0.95 x 10.05 (9.5475) pays 9.54 and never 9.55.
"""

from __future__ import annotations

import re
from decimal import Decimal, ROUND_FLOOR

CENT = Decimal("0.01")
ZERO = Decimal("0.00")
#: The largest amount taken: far past any stake, limit or payout, and well within the 28 digits
#: ``Decimal`` works to (a payout of 40 times it still is exact).
MOST = Decimal("1000000000000.00")
#: An amount as written: ASCII digits, commas only between groups of three (1,000.00), at most
#: two decimals after a point.
_AMOUNT = re.compile(r"(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.[0-9]{0,2})?|\.[0-9]{1,2}")


class InvalidAmountError(ValueError):
    """Text or a number that is not an amount of money; the message names it."""

    def __init__(self, text: object, why: str = "") -> None:
        self.text = text
        message = f"invalid amount {text!r}"
        if why:
            message += f": {why}"
        super().__init__(message + " (write it like 10, 10.5 or 10.05)")


def parse_money(text: object) -> Decimal:
    """Parse an amount (``"10.05"``, ``"1,000"``, ``10``, ``Decimal``); at most two decimals, not
    negative, at most :data:`MOST`.

    Floats are refused: ``0.1 + 0.2`` is how casinos lose pennies.  Text is read only as it is
    plainly written: a comma that is no thousands separator (``"5,00"``, a decimal comma) was once
    dropped, which made 5,00 a stake of 500.00; exponents, other digits than 0-9 and ``_`` are refused too.
    """
    if isinstance(text, bool):
        raise InvalidAmountError(text, "true or false is no amount")
    if isinstance(text, float):
        # A config file's bare 0.1 is such a float: binary, not the amount written.
        raise InvalidAmountError(text, f"a float (a bare {text} in a config file) is inexact money; write the "
                                       f"amount in quotes (\"{text}\")")
    if isinstance(text, Decimal):
        value = text
    else:
        written = str(text).strip()
        if written.startswith("-") and _AMOUNT.fullmatch(written[1:]) and written[1:].strip("0.,"):
            raise InvalidAmountError(text, "negative")
        if not _AMOUNT.fullmatch(written):
            if re.fullmatch(r"[0-9.,]+", written) and "," in written:
                why = "a comma only parts thousands (1,000.00): write the cents after a point (5.00)"
            elif re.fullmatch(r"[0-9]*\.[0-9]{3,}", written):
                why = "more than two decimals"
            else:
                why = "not a number"
            raise InvalidAmountError(text, why)
        value = Decimal(written.replace(",", ""))
    if not value.is_finite():
        raise InvalidAmountError(text, "not a finite number")
    if value < 0:
        raise InvalidAmountError(text, "negative")
    if value > MOST:
        raise InvalidAmountError(text, f"more than {MOST:,.2f}")
    if value != value.quantize(CENT):
        raise InvalidAmountError(text, "more than two decimals")
    return value.quantize(CENT)


def winnings(stake: Decimal, ratio: Decimal) -> Decimal:
    """``stake`` x ``ratio`` rounded down to the penny (the seed's rule)."""
    return (stake * ratio).quantize(CENT, rounding=ROUND_FLOOR)


def fmt(amount: Decimal) -> str:
    """Two decimals, no thousands separator: the JSON contract's money format."""
    return str(amount.quantize(CENT))


def fmt_grouped(amount: Decimal) -> str:
    """Two decimals with thousands grouped (``9,799,999.02``): a total read at a glance on the display."""
    return f"{amount.quantize(CENT):,}"


def fmt_chip(value: Decimal) -> str:
    """A chip's face as casinos print it: ``5``, ``2.50``, ``1K``, ``12.5K``, ``1M``, ``2.5M``; grouped
    where a tenth of the unit does not name it (``1,250``).  Short enough for a round chip's face."""
    for size, suffix in ((Decimal(1_000_000), "M"), (Decimal(1000), "K")):
        if value >= size and value % (size / 10) == 0:
            units = value / size
            return (f"{int(units):,}" if units == units.to_integral_value() else f"{units:,.1f}") + suffix
    return fmt_grouped(value).removesuffix(".00")

