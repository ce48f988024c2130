"""House rules of a blackjack table and the refusals that name them.

The defaults are seed 002's rule sheet as facts.md §0 reads it: one deck,
the dealer stands on every 17, ties go to the bank, no hole card (so a dealer
blackjack takes doubled and split stakes too), one split on equal ranks,
double only on a hard 9, 10 or 11.  Every rule is a field so that a house
running the usual variants sets it instead of patching the code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction


class BlackjackError(ValueError):
    """Base of every refusal of the blackjack rules core; the old round stays valid."""


class RuleError(BlackjackError):
    """An action or a card that a rule forbids; ``rule`` is the rule's short name.

    The message says what was refused, why, and what the croupier can do, so the
    display can show it as it is.
    """

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        super().__init__(f"{message} (rule: {rule})")


class InvalidRulesError(BlackjackError):
    """A house-rules value that makes no sense; the message names the field."""

    def __init__(self, name: str, value: object, why: str) -> None:
        self.name = name
        self.value = value
        super().__init__(f"invalid house rule {name}={value!r}: {why}")


#: The most decks a blackjack shoe holds (the baccarat shoe's bound too): 8 is the usual most.
MOST_DECKS = 16


@dataclass(frozen=True)
class HouseRules:
    """The rules one table plays by.

    ``ties_push`` False is the seed's "the bank wins" on equal totals (a
    blackjack against a blackjack is always a push).  ``dealer_blackjack_takes_all``
    True is the European no-hole-card rule: the dealer's second card comes after
    the players have doubled and split, and a dealer blackjack takes all of it;
    False returns everything but the original bet.
    """

    decks: int = 1
    hits_soft_17: bool = False
    ties_push: bool = False
    dealer_blackjack_takes_all: bool = True
    split_any_tens: bool = False
    double_after_split: bool = False
    double_totals: frozenset[int] = field(default_factory=lambda: frozenset({9, 10, 11}))
    blackjack_pays: Decimal = Decimal("1.5")
    max_seats: int = 7

    def __post_init__(self) -> None:
        if isinstance(self.decks, bool) or not isinstance(self.decks, int) or not 1 <= self.decks <= MOST_DECKS:
            raise InvalidRulesError("decks", self.decks, f"a whole number of decks, 1 to {MOST_DECKS}")
        if isinstance(self.max_seats, bool) or not isinstance(self.max_seats, int) or self.max_seats < 1:
            raise InvalidRulesError("max_seats", self.max_seats, "a whole number of seats, at least 1")
        pays = self.blackjack_pays
        if (not isinstance(pays, Decimal) or not pays.is_finite() or not 1 <= pays <= 2
                or pays != pays.quantize(Decimal("0.01"))):
            # 6:5 (1.2) and 3:2 (1.5) are the tables' ratios; even money is the least a natural pays.
            raise InvalidRulesError("blackjack_pays", pays, "a ratio from 1 to 2 with at most two decimals, "
                                                            "such as Decimal('1.5') (3:2) or Decimal('1.2') (6:5)")
        totals = frozenset(self.double_totals)
        if not all(isinstance(t, int) and 4 <= t <= 20 for t in totals):
            raise InvalidRulesError("double_totals", self.double_totals, "hard two-card totals between 4 and 20")
        object.__setattr__(self, "double_totals", totals)

    def describe(self) -> list[str]:
        """One line per rule, as the display's rules panel shows them."""
        totals = ", ".join(str(t) for t in sorted(self.double_totals))
        return [
            f"{self.decks} deck{'s' if self.decks > 1 else ''} at a time",
            "dealer hits soft 17" if self.hits_soft_17 else "dealer stands on all 17s",
            "ties push" if self.ties_push else "ties: the bank wins (blackjack against blackjack pushes)",
            "dealer blackjack takes doubled and split stakes" if self.dealer_blackjack_takes_all
            else "dealer blackjack takes the original bet only",
            "split once, any two 10-value cards" if self.split_any_tens else "split once, two cards of the same rank",
            "split aces receive one card each; ace and 10 after a split is 21, not blackjack",
            f"double on a hard {totals} with the first two cards, one card only" if totals else "no doubling",
            "double after split allowed" if self.double_after_split else "no double after split",
            f"blackjack pays {ratio_text(self.blackjack_pays)}",
        ]


def ratio_text(value: Decimal) -> str:
    """``Decimal("1.5")`` as the table says it: ``3:2``."""
    f = Fraction(value)
    return f"{f.numerator}:{f.denominator}"
