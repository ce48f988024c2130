"""Money: ``Decimal`` with two places, arithmetic in integer cents, never float.

The seed rule "all winning amounts are rounded down to the nearest penny" is
applied to the winnings of each bet, in integer cents, so that 0.95 x 10.05
pays 9.54 and never 9.55.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation, ROUND_FLOOR

CENT = Decimal("0.01")
ZERO = Decimal("0.00")


class InvalidAmountError(ValueError):
    """Text or a number that is not an amount of money; the message names it."""

    def __init__(self, text: object, why: str = "") -> None:
        self.text = text
        message = f"invalid amount {text!r}"
        if why:
            message += f": {why}"
        super().__init__(message + " (write it like 10, 10.5 or 10.05)")


def parse_money(text: object) -> Decimal:
    """Parse an amount (``"10.05"``, ``10``, ``Decimal``); at most two decimals, not negative.

    Floats are refused: ``0.1 + 0.2`` is how casinos lose pennies.
    """
    if isinstance(text, bool) or isinstance(text, float):
        raise InvalidAmountError(text, "floats are not accepted, pass text or Decimal")
    try:
        value = Decimal(str(text).strip().replace(",", "")) if not isinstance(text, Decimal) else text
    except (InvalidOperation, ValueError):
        raise InvalidAmountError(text, "not a number") from None
    if not value.is_finite():
        raise InvalidAmountError(text, "not a finite number")
    if value < 0:
        raise InvalidAmountError(text, "negative")
    if value != value.quantize(CENT):
        raise InvalidAmountError(text, "more than two decimals")
    return value.quantize(CENT)


def to_cents(amount: Decimal) -> int:
    """Whole cents of a two-place amount."""
    return int((amount * 100).to_integral_value())


def from_cents(cents: int) -> Decimal:
    return (Decimal(cents) / 100).quantize(CENT)


def winnings(stake: Decimal, ratio: Decimal) -> Decimal:
    """``stake`` x ``ratio`` rounded down to the penny (the seed's rule)."""
    return (stake * ratio).quantize(CENT, rounding=ROUND_FLOOR)


def fmt(amount: Decimal) -> str:
    """Two decimals, no thousands separator: the JSON contract's money format."""
    return str(amount.quantize(CENT))
