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
    """The characters that tell two look-alike names apart, named (``U+0435 CYRILLIC SMALL LETTER IE``), the
    same whichever of the two is given first: the characters of either that the other lacks, those drawn
    like a plain letter (another script's, an accented one) when there are any.  Only ``name``'s own were
    named, so the note under the genuine "Dev" named its plain ``U+0065 LATIN SMALL LETTER E`` as the odd
    letter (rev24 T1)."""
    a, b = unicodedata.normalize("NFC", name), unicodedata.normalize("NFC", other)
    apart = list(dict.fromkeys([ch for ch in a if ch not in b] + [ch for ch in b if ch not in a]))
    # a name mixing two scripts against one of one: the mixed one's letters of the other script ("Иpa"'s Latin
    # p and a, not the Cyrillic р and а of the genuine "Ира", rev28 R5); else those drawn like a plain letter
    mixed = [(m, scripts(o)) for m, o in ((a, b), (b, a)) if len(scripts(m)) > 1 and len(scripts(o)) == 1]
    odd = ([ch for ch in apart if ch in mixed[0][0] and ch.isalpha() and scripts(ch) != mixed[0][1]] if mixed else []) \
        or [ch for ch in apart if not ch.isascii()] or apart
    return ", ".join(f"U+{ord(ch):04X} {unicodedata.name(ch, '?')}" for ch in odd) or "case only"


def look_alikes(name: str, names: Iterable[str]) -> list[str]:
    """The other ``names`` that look like ``name`` but are another trainee."""
    return [n for n in names if fold(n) != fold(name) and skeleton(n) == skeleton(name)]


def on_roster(name: str, roster: Optional[Iterable[str]]) -> Optional[str]:
    """The roster's spelling of ``name`` (None: not on it); any name when there is no roster."""
    if roster is None:
        return name
    return next((r for r in roster if fold(r) == fold(name)), None)


def scripts(name: str) -> set[str]:
    """The scripts of a name's letters (``LATIN``, ``CYRILLIC``, ``GREEK``, ...: the first word of each letter's
    Unicode name; marks, digits, spaces and punctuation belong to none)."""
    return {unicodedata.name(ch, "?").split()[0] for ch in unicodedata.normalize("NFC", name) if ch.isalpha()}


def genuine(name: str, other: str, roster: Optional[Iterable[str]] = None) -> Optional[tuple[str, str]]:
    """Which of two look-alike names a merge should keep, and why (None: nothing tells, both ways are given):
    the one on the school's roster, else the one written in one script when the other mixes two (``Dеv``:
    a Cyrillic ``е`` among Latin letters; the Cyrillic ``Ира`` against ``Иpa``).  The note under the genuine
    "Dev" had suggested merging it into the Cyrillic "Dеv" (rev26 F6); "no letter drawn like a Latin one"
    took every genuine name for a Latin one, so ``Ира`` was to be merged into the mixed ``Иpa``, and "plain
    ASCII" threw away the accent of ``Chloé`` (rev28 R5): two names of one script each are for the roster."""
    roster = list(roster) if roster is not None else None
    for why, good in (("the roster's spelling", lambda n: roster is not None and on_roster(n, roster) is not None),
                      ("written in one script; the other mixes "
                       + " and ".join(sorted(x.capitalize() for x in scripts(name) | scripts(other))),
                       lambda n: len(scripts(n)) <= 1)):
        kept = [n for n in (name, other) if good(n)]
        if len(kept) == 1:
            return kept[0], why
    return None

