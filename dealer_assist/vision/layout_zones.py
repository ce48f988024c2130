"""Where a layout camera sees each hand's box: a table's camera set-up data.

A camera over the layout sees cards turned face up in any order (baccarat cards are dealt face down
and squeezed; a card can be read late under a hand).  Read in the order the camera read them, such a
card went to the wrong hand with no word (qaU F2).  Told where the Player's and the Banker's boxes lie
in its picture, the camera gives each card the zone it came to rest in, and the round places it in
that hand (:meth:`dealer_assist.baccarat.round.BaccaratRound.add`) or refuses it by name.

The file is JSON, boxes in fractions of the picture (0 to 1: left, top, right, bottom), so that one
file serves the camera at any resolution::

    {"zones": {"player": [0.05, 0.40, 0.48, 0.95], "banker": [0.52, 0.40, 0.95, 0.95]}}

Names: ``player``, ``banker`` (baccarat), ``dealer``, ``seat 1`` to ``seat 7`` (blackjack).
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional, Union

NAMES = ("player", "banker", "dealer")
_SEAT = re.compile(r"seat [1-7]")
EXAMPLE = '{"zones": {"player": [0.05, 0.4, 0.48, 0.95], "banker": [0.52, 0.4, 0.95, 0.95]}}'
#: The same for a blackjack layout, shown when the file names a dealer or a seat (qaY: a typo there was shown
#: the baccarat example).
BLACKJACK_EXAMPLE = ('{"zones": {"dealer": [0.3, 0.02, 0.7, 0.36], "seat 1": [0.67, 0.42, 0.99, 0.98], '
                     '"seat 2": [0.34, 0.42, 0.66, 0.98], "seat 3": [0.01, 0.42, 0.33, 0.98]}}')


def _pairs(pairs: list) -> Any:
    """An object as JSON reads it; one naming a key twice is kept as its pairs, so the zones can say so."""
    keys = [k for k, _ in pairs]
    return list(pairs) if len(set(keys)) < len(keys) else dict(pairs)


class ZonesError(ValueError):
    """A zones file that cannot be used: its path and what is wrong in it are in the message."""

    def __init__(self, path: Union[str, Path], what: str, example: str = EXAMPLE) -> None:
        self.path = str(path)
        super().__init__(f"zones file {self.path}: {what}; write it as {example} (boxes in fractions of the "
                         "camera's picture: left, top, right, bottom)")


@dataclass(frozen=True)
class Zone:
    """One hand's box in the camera's picture, in fractions of its width and height."""

    name: str
    left: float
    top: float
    right: float
    bottom: float

    def holds(self, x: float, y: float) -> bool:
        return self.left <= x <= self.right and self.top <= y <= self.bottom

    def overlaps(self, other: "Zone") -> bool:
        return (self.left < other.right and other.left < self.right
                and self.top < other.bottom and other.top < self.bottom)


@dataclass(frozen=True)
class LayoutZones:
    """The boxes of one table's layout as its camera sees them; none overlap."""

    zones: tuple[Zone, ...]

    @classmethod
    def load(cls, path: Union[str, Path], game: Optional[str] = None) -> "LayoutZones":
        """The zones of the file at ``path``; ``game``, the table's when one is known, picks the example a refusal
        shows (else the file's own names do: a blackjack file whose only name is mistyped was shown baccarat's)."""
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8-sig"), object_pairs_hook=_pairs)
        except FileNotFoundError:
            raise ZonesError(path, "no such file") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise ZonesError(path, f"cannot be read ({exc.__class__.__name__}: {exc})") from None
        except json.JSONDecodeError as exc:
            raise ZonesError(path, f"not JSON ({exc})") from None
        return cls.from_json(data, path, game)

    @classmethod
    def from_json(cls, data: Any, path: Union[str, Path] = "(given)", game: Optional[str] = None) -> "LayoutZones":
        boxes = data.get("zones") if isinstance(data, dict) else None
        if isinstance(boxes, list):  # the pairs of an object read with a name given twice (see _pairs)
            names = [" ".join(str(k).lower().split()) for k, _ in boxes]
            twice = next((n for n in names if names.count(n) > 1), None)
            if twice is not None:
                raise ZonesError(path, f"zone {twice!r} is given twice (JSON keeps only the last: one box would "
                                       "be lost without a word)")
            boxes = dict(boxes)
        if not isinstance(boxes, dict) or not boxes:
            raise ZonesError(path, "no \"zones\" object naming at least one box")
        blackjack = (game == "blackjack" if game is not None
                     else any(word in str(k).lower() for k in boxes for word in ("seat", "dealer")))
        example = BLACKJACK_EXAMPLE if blackjack else EXAMPLE
        zones = []
        for raw, box in boxes.items():
            name = " ".join(str(raw).lower().split())
            if name not in NAMES and not _SEAT.fullmatch(name):
                raise ZonesError(path, f"unknown zone {raw!r} (player, banker, dealer, seat 1 to seat 7)", example)
            if (not isinstance(box, list) or len(box) != 4
                    or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in box)):
                raise ZonesError(path, f"zone {raw!r} is {box!r}, not four numbers", example)
            left, top, right, bottom = (float(v) for v in box)
            if not (0 <= left < right <= 1 and 0 <= top < bottom <= 1):
                raise ZonesError(path, f"zone {raw!r} is {box!r}: each number from 0 to 1, left before right "
                                       "and top above bottom", example)
            zone = Zone(name, left, top, right, bottom)
            if any(z.name == name for z in zones):
                raise ZonesError(path, f"zone {name!r} is given twice (one box would be lost without a word)",
                                 example)
            clash = next((z for z in zones if z.overlaps(zone)), None)
            if clash is not None:
                raise ZonesError(path, f"zones {clash.name!r} and {raw!r} overlap: a card lying on both would "
                                       "belong to neither", example)
            zones.append(zone)
        return cls(tuple(zones))

    def check_game(self, game: str, path: Union[str, Path], seats: Optional[int] = None) -> None:
        """Refuse zones another game's table names, or (given the table's ``seats``) a seat it does not have:
        every card placed by them would be refused (qaY: a card in ``seat 5`` at a 3-seat table was refused as
        laid at a seat with no bet)."""
        wanted = ("player", "banker") if game == "baccarat" else ("dealer", "seat 1 to seat 7")
        stray = [z.name for z in self.zones
                 if (z.name not in ("player", "banker")) == (game == "baccarat")]
        example = EXAMPLE if game == "baccarat" else BLACKJACK_EXAMPLE
        if stray:
            raise ZonesError(path, f"a {game} table's zones are {' and '.join(wanted)}; this file names "
                                   f"{', '.join(stray)} (another game's layout?)", example)
        beyond = [z.name for z in self.zones if game != "baccarat" and seats is not None
                  and _SEAT.fullmatch(z.name) and int(z.name.split()[1]) > seats]
        if beyond:
            raise ZonesError(path, f"this table has seats 1 to {seats}; this file names {', '.join(beyond)}: take "
                                   "it out, or start the table with as many seats (--seats)", example)

    def at(self, center: tuple[float, float], size: tuple[int, int], reach: float = 0.0) -> Optional[str]:
        """The zone a card whose centre lies at ``center`` (pixels) in a picture of ``size`` (width,
        height) lies in, else the one within ``reach`` pixels of it (a card turned up just outside
        its box, overlapping its edge: qaX F9), or None: none within reach, or two (a card lying across
        the gap between two boxes had gone to the first by name, rev19 R10)."""
        width, height = size
        if width <= 0 or height <= 0:
            return None
        x, y = center[0] / width, center[1] / height
        inside = next((z.name for z in self.zones if z.holds(x, y)), None)
        if inside is not None or reach <= 0:
            return inside
        near = [(math.hypot(max(z.left - x, 0, x - z.right) * width, max(z.top - y, 0, y - z.bottom) * height), z.name)
                for z in self.zones]
        reached = [name for distance, name in near if distance <= reach]
        return reached[0] if len(reached) == 1 else None
