"""Playing cards and the card codes every part of dealer-assist speaks.

A card code is a rank (``A 2 3 4 5 6 7 8 9 T J Q K``) followed by a suit
(``S H D C``).  Input is forgiving (``10h``, ``♠A`` is not, but ``A♠`` is),
output is always canonical, so that journals, JSON and the display agree.
A rank alone (``9``) is a :class:`Card` without a suit: the baccarat tableau
only needs the value, and the ``deal`` command accepts it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Optional

RANKS = "A23456789TJQK"
SUITS = "SHDC"

SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
SUIT_GLYPHS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES = {
    "A": "ace", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six",
    "7": "seven", "8": "eight", "9": "nine", "T": "ten", "J": "jack", "Q": "queen", "K": "king",
}


class InvalidCardError(ValueError):
    """Raised for text that is not a card code; the message names the text."""

    def __init__(self, text: object, why: str = "") -> None:
        self.text = text
        hint = "use a rank A 2-9 T(10) J Q K and a suit S H D C, e.g. AS, 10H, TD, 9c"
        message = f"invalid card code {text!r}"
        if why:
            message += f": {why}"
        super().__init__(f"{message} ({hint})")


@dataclass(frozen=True, order=True)
class Card:
    """A card: a rank and, when known, a suit.

    Frozen and hashable so that cards can be dictionary keys and travel
    between threads without copying.
    """

    rank: str
    suit: Optional[str] = None

    def __post_init__(self) -> None:
        if self.rank not in RANKS or len(self.rank) != 1:
            raise InvalidCardError(self.rank, "unknown rank")
        if self.suit is not None and (self.suit not in SUITS or len(self.suit) != 1):
            raise InvalidCardError(self.suit, "unknown suit")

    @classmethod
    def parse(cls, text: str) -> "Card":
        """Parse a card code in any accepted spelling (``AS``, ``10h``, ``T♥``, ``9``)."""
        return parse_card(text)

    @property
    def code(self) -> str:
        """The canonical code: ``TH``, or the rank alone when the suit is unknown."""
        return self.rank + (self.suit or "")

    @property
    def index(self) -> int:
        """0-12 by rank (A=0 ... K=12); the rank's position in :data:`RANKS`."""
        return RANKS.index(self.rank)

    @property
    def baccarat_value(self) -> int:
        """Points in baccarat: ace 1, 2-9 face value, ten and pictures 0."""
        i = RANKS.index(self.rank) + 1
        return i if i < 10 else 0

    @property
    def blackjack_value(self) -> int:
        """Points in blackjack with an ace counted as 1; tens and pictures count 10."""
        return min(RANKS.index(self.rank) + 1, 10)

    @property
    def burn_value(self) -> int:
        """How many cards the first card of a shoe burns: ace 1, ten and pictures 10."""
        return self.blackjack_value

    @property
    def is_red(self) -> bool:
        """Whether the suit is hearts or diamonds (False when the suit is unknown), for the card's colour on display."""
        return self.suit in ("H", "D")

    @property
    def label(self) -> str:
        """What a person reads on the card: ``10♥``, ``A♠``, ``9``."""
        return printed_rank(self.rank) + (SUIT_GLYPHS[self.suit] if self.suit else "")

    @property
    def name(self) -> str:
        """Spoken name: ``ten of hearts``."""
        if self.suit is None:
            return RANK_NAMES[self.rank]
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        return self.code


def printed_rank(rank: str) -> str:
    """The rank as a card prints it in its corner: ``10`` for the ``T`` of card codes."""
    return "10" if rank == "T" else rank


def parse_card(text: object, *, require_suit: bool = False) -> Card:
    """Parse one card code; raise :class:`InvalidCardError` naming the text if it is not one."""
    if isinstance(text, Card):
        if require_suit and text.suit is None:
            raise InvalidCardError(text.code, "a suit is needed here")
        return text
    if not isinstance(text, str):
        raise InvalidCardError(text, "not text")
    raw = text.strip()
    if not raw:
        raise InvalidCardError(text, "empty")
    s = raw.upper()
    suit: Optional[str] = None
    last = raw[-1]
    if last in SUIT_SYMBOLS:
        suit = SUIT_SYMBOLS[last]
        s = s[:-1]
    elif len(s) >= 2 and s[-1] in SUITS:
        suit = s[-1]
        s = s[:-1]
    s = s.strip()
    if s in ("10", "T", "0"):
        rank = "T"
    elif s == "1":
        rank = "A"
    elif len(s) == 1 and s in RANKS:
        rank = s
    elif suit is None and len(s) >= 2 and (s[:-1] in ("10", "1", "0") or s[:-1] in RANKS):
        raise InvalidCardError(text, f"unknown suit {raw[-1]!r}")
    else:
        raise InvalidCardError(text, "unknown rank" if s else "no rank")
    if require_suit and suit is None:
        raise InvalidCardError(text, "a suit is needed here")
    return Card(rank, suit)


def parse_cards(texts: Iterable[object], *, require_suit: bool = False) -> list[Card]:
    """Parse several card codes; the first bad one raises."""
    return [parse_card(t, require_suit=require_suit) for t in texts]


def full_deck() -> list[Card]:
    """The 52 cards of one deck in a fixed order (by suit, then rank)."""
    return [Card(r, s) for s in SUITS for r in RANKS]
