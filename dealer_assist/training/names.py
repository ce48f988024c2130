"""Trainee names that look alike, and the school's roster (``[training] trainees``).

A name is a trainee's record: ``Dеv`` with a Cyrillic ``е`` (U+0435) was stored as a new trainee with no
attempts, listed under a second "Dev:" heading, and ``Chloé`` typed in decomposed form (as a macOS terminal
sends it) split Chloé's record in two (qaAD F4).  Names are compared in NFC (the second cannot happen
again); names that differ only in look-alike letters, accents or case are told apart as such, and a school
that lists its trainees has every stored session's name checked against its list.
"""

from __future__ import annotations

import unicodedata
from typing import Iterable, Optional

#: Letters of other scripts drawn like Latin ones (after casefold): enough for the names a school types.
_LOOK_ALIKE = str.maketrans({
    "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c",
    "т": "t", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ї": "i", "ј": "j", "ԁ": "d", "һ": "h", "ӏ": "l",
    "α": "a", "β": "b", "ε": "e", "ζ": "z", "η": "h", "ι": "i", "κ": "k", "μ": "m", "ν": "n", "ο": "o",
    "ρ": "p", "τ": "t", "υ": "y", "χ": "x", "ı": "i", "ℓ": "l",
})


def fold(name: str) -> str:
    """What makes two spellings one trainee: the same letters in NFC, whatever their case."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())


def skeleton(name: str) -> str:
    """How a name looks: case, accents, spaces and letters of other scripts drawn alike left out."""
    text = unicodedata.normalize("NFKD", name.casefold()).translate(_LOOK_ALIKE)
    return "".join(ch for ch in text if not unicodedata.combining(ch) and not ch.isspace())


def differences(name: str, other: str) -> str:
    """The characters of ``name`` that are not in ``other``, named (``U+0435 CYRILLIC SMALL LETTER IE``)."""
    mine = [ch for ch in unicodedata.normalize("NFC", name) if ch not in unicodedata.normalize("NFC", other)]
    return ", ".join(f"U+{ord(ch):04X} {unicodedata.name(ch, '?')}" for ch in dict.fromkeys(mine)) or "case only"


def look_alikes(name: str, names: Iterable[str]) -> list[str]:
    """The other ``names`` that look like ``name`` but are another trainee."""
    return [n for n in names if fold(n) != fold(name) and skeleton(n) == skeleton(name)]


def on_roster(name: str, roster: Optional[Iterable[str]]) -> Optional[str]:
    """The roster's spelling of ``name`` (None: not on it); any name when there is no roster."""
    if roster is None:
        return name
    return next((r for r in roster if fold(r) == fold(name)), None)
