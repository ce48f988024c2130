"""What each field of a deck profile's ``profile.json`` may hold, checked in one place when it is loaded.

A field of the wrong type or out of its range (a hand edit, a damaged file) was taken as it
was and crashed the first frame read, deep in the recognizer, or read nothing without a word
(QA: 102 of 279 fuzzed fields).  Each field is declared with a check that says what it expects;
:func:`checked` refuses the first field that does not fit, by its name.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Optional


class FieldError(ValueError):
    """A field of ``profile.json`` holds what no calibration writes; names the field, what it holds and what
    was expected."""

    def __init__(self, name: str, value: Any, expected: str) -> None:
        self.name, self.value, self.expected = name, value, expected
        shown = repr(value)
        shown = shown if len(shown) <= 60 else shown[:57] + "..."
        super().__init__(f"its field {name} is missing; every calibration writes it" if value is MISSING else
                         f"it has a field {name} ({shown}) this version does not know" if expected is UNKNOWN else
                         f"its field {name} holds {shown}; expected {expected}")


#: The value of a field that is not there, and the expectation of one no profile has.
MISSING = object()
UNKNOWN = "no such field"


class Unfit(Exception):
    """Raised by a check: the value does not fit (the check's ``expected`` says what would)."""


@dataclass(frozen=True)
class Number:
    """A JSON number from ``lo`` to ``hi`` (``whole``: an integer; ``endless``: infinity allowed, as
    thresholds older profiles never learned are)."""

    lo: float = -math.inf
    hi: float = math.inf
    whole: bool = False
    endless: bool = False
    #: What the number is, for the message ("a share of the card's height").
    what: str = ""

    @property
    def expected(self) -> str:
        kind = "a whole number" if self.whole else "a number"
        bounds = (f"from {self.lo:g} to {self.hi:g}" if math.isfinite(self.lo) and math.isfinite(self.hi) else
                  f"of at least {self.lo:g}" if math.isfinite(self.lo) else
                  f"of at most {self.hi:g}" if math.isfinite(self.hi) else "")
        return " ".join(p for p in (kind, bounds, f"({self.what})" if self.what else "") if p)

    def __call__(self, value: Any) -> Any:
        if not isinstance(value, (int, float)) or isinstance(value, bool) or math.isnan(value):
            raise Unfit
        if math.isinf(value):
            if not self.endless:
                raise Unfit
        elif (self.whole and not isinstance(value, int)) or not self.lo <= value <= self.hi:
            raise Unfit
        return value


@dataclass(frozen=True)
class Flag:
    expected: str = "true or false"

    def __call__(self, value: Any) -> bool:
        if not isinstance(value, bool):
            raise Unfit
        return value


@dataclass(frozen=True)
class Text:
    expected: str = "a text"

    def __call__(self, value: Any) -> str:
        if not isinstance(value, str):
            raise Unfit
        return value


@dataclass(frozen=True)
class Code:
    """A text of ``length`` of the letters ``letters`` ("CS": a pair of suits)."""

    letters: str
    length: int
    what: str = ""

    @property
    def expected(self) -> str:
        return f"{self.length} of the letters {self.letters}" + (f" ({self.what})" if self.what else "")

    def __call__(self, value: Any) -> str:
        if not (isinstance(value, str) and len(value) == self.length and all(c in self.letters for c in value)):
            raise Unfit
        return value


@dataclass(frozen=True)
class Items:
    """A JSON list of ``item``, of one of the lengths ``sizes`` (any when empty); a tuple when ``pair``."""

    item: Callable[[Any], Any]
    sizes: tuple[int, ...] = ()
    pair: bool = False
    #: What the list is, said instead of its items' own words.
    what: str = ""

    @property
    def expected(self) -> str:
        if self.what:
            return self.what
        count = " or ".join(str(n) for n in self.sizes) if self.sizes else "any number of"
        return f"a list of {count} items, each {self.item.expected}"

    def __call__(self, value: Any) -> Any:
        if not isinstance(value, list) or (self.sizes and len(value) not in self.sizes):
            raise Unfit
        items = [self.item(v) for v in value]
        return tuple(items) if self.pair else items


@dataclass(frozen=True)
class Keyed:
    """A JSON object whose values each fit ``item``, and whose keys are ``length`` of the letters ``letters``
    (a card's rank, a pair of suits), or any text when ``letters`` is empty (a shot's file name)."""

    letters: str
    length: int
    item: Callable[[Any], Any]
    what: str = ""

    @property
    def expected(self) -> str:
        return f"an object of {self.what or 'keys'}, each {self.item.expected}"

    def __call__(self, value: Any) -> dict:
        if not isinstance(value, dict):
            raise Unfit
        if self.letters:
            for key in value:
                Code(self.letters, self.length)(key)
        return {k: self.item(v) for k, v in value.items()}


@dataclass(frozen=True)
class Fields:
    """A JSON object of named fields, each with its check; ``required`` ones must be there, no others may."""

    checks: Mapping[str, Callable[[Any], Any]]
    required: tuple[str, ...] = ()
    expected: str = "an object of named fields"

    def __call__(self, value: Any) -> dict:
        if not isinstance(value, dict):
            raise Unfit
        return value  # its fields are checked one by one, by name (see checked)


def checked(data: Any, fields: Fields, prefix: str = "") -> dict:
    """``data`` with every field checked against ``fields`` (lists of pairs made tuples); FieldError for
    the first field missing, unknown or holding what its check does not take."""
    try:
        fields(data)
    except Unfit:
        raise FieldError(prefix.rstrip(".") or "the profile", data, fields.expected) from None
    for name in fields.required:
        if name not in data:
            raise FieldError(prefix + name, MISSING, "")
    out = {}
    for name, value in data.items():
        check: Optional[Callable[[Any], Any]] = fields.checks.get(name)
        if check is None:
            raise FieldError(prefix + name, value, UNKNOWN)
        if isinstance(check, Fields):
            out[name] = checked(value, check, prefix + name + ".")
            continue
        try:
            out[name] = check(value)
        except (Unfit, TypeError, ValueError):
            raise FieldError(prefix + name, value, check.expected) from None
    return out
