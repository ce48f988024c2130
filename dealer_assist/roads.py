"""Baccarat scoreboards ("roads"), computed from the coups of a shoe.

Players read the roads to follow the shoe, so the board beside the table must
match the one a casino would show, cell for cell.  The rules are those of
``research/facts.md`` section 3.1 (Wizard of Odds, "Baccarat Score Boards"):

* the **Bead Plate** has one cell per coup, ties included, filled column by
  column, six rows high;
* the **Big Road** has one cell per decided coup: a tie never takes a cell but
  is counted on the last decided cell (ties before the first decision on the
  first decided cell); a streak of one winner stacks down a column and bends
  right (the "dragon tail") when it meets the floor or an occupied cell;
* **Big Eye Boy**, **Small Road** and **Cockroach Pig** compare the Big Road's
  columns with the column 1, 2 or 3 places to the left: red means the shoe
  repeats a pattern, blue that it breaks it (not Banker / Player).

Everything here is a frozen value carrying final grid coordinates, so that a
display only draws; it never applies a rule.  Pure stdlib, no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Iterable, Literal, Mapping, Optional, Sequence, TypeVar

Winner = Literal["banker", "player", "tie"]
Colour = Literal["red", "blue"]

BANKER: Winner = "banker"
PLAYER: Winner = "player"
TIE: Winner = "tie"
WINNERS = (BANKER, PLAYER, TIE)
RED: Colour = "red"
BLUE: Colour = "blue"

ROWS = 6
"""Height of every road: the grid printed on casino scoreboards."""

DERIVED_ROADS = (("big_eye_boy", 1), ("small_road", 2), ("cockroach_pig", 3))
"""Name and column offset k of each derived road."""

_SHORTHAND = {"B": BANKER, "P": PLAYER, "T": TIE}


class InvalidCoupError(ValueError):
    """Raised for a coup result that cannot be put on a scoreboard.

    The message names the coup and the bad field, so that a journal or an
    operator can find and correct the record; nothing is drawn from it.
    """

    def __init__(self, coup: object, why: str, position: Optional[int] = None) -> None:
        self.coup = coup
        self.why = why
        self.position = position
        where = f"coup {position + 1}" if position is not None else "coup"
        super().__init__(
            f"{where} {coup!r} cannot go on the scoreboard: {why} "
            "(give winner banker/player/tie, pair and natural flags as true/false, "
            "totals 0-9 that agree with the winner)"
        )


@dataclass(frozen=True)
class Coup:
    """The result of one coup, as much of it as the roads show.

    Totals may be ``None`` when a board is rebuilt from a record that kept
    only the winner (e.g. a ``BPPT`` string); the Bead Plate then shows the
    winner alone.  When both totals are known they must agree with the winner,
    because a board that contradicts itself is worse than none.
    """

    winner: Winner
    player_pair: bool = False
    banker_pair: bool = False
    natural: bool = False
    player_total: Optional[int] = None
    banker_total: Optional[int] = None

    def __post_init__(self) -> None:
        if self.winner not in WINNERS:
            raise InvalidCoupError(self, f"winner {self.winner!r} is not banker, player or tie")
        for name in ("player_pair", "banker_pair", "natural"):
            if not isinstance(getattr(self, name), bool):
                raise InvalidCoupError(self, f"{name} {getattr(self, name)!r} is not true/false")
        for name in ("player_total", "banker_total"):
            value = getattr(self, name)
            if value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 9:
                raise InvalidCoupError(self, f"{name} {value!r} is not a whole number 0-9")
        p, b = self.player_total, self.banker_total
        if p is not None and b is not None:
            expected = PLAYER if p > b else BANKER if b > p else TIE
            if expected != self.winner:
                raise InvalidCoupError(
                    self, f"totals player {p} / banker {b} mean {expected}, not {self.winner}"
                )
            if self.natural and max(p, b) < 8:
                raise InvalidCoupError(self, f"a natural needs an 8 or 9, totals are {p} and {b}")

    @classmethod
    def of(cls, result: Any, position: Optional[int] = None) -> "Coup":
        """Read a coup from a :class:`Coup`, a round result with the same
        attributes, or a mapping: flat (``{"winner": ..., "player_total": ...}``)
        or shaped like ``dealer-assist deal --json`` (``"player": {"total": 3}``).
        """
        if isinstance(result, Coup):
            return result
        try:
            if isinstance(result, Mapping):
                fields = _fields_from_mapping(result)
            else:
                fields = {
                    "winner": getattr(result, "winner"),
                    "player_pair": getattr(result, "player_pair", False),
                    "banker_pair": getattr(result, "banker_pair", False),
                    "natural": getattr(result, "natural", False),
                    "player_total": getattr(result, "player_total", None),
                    "banker_total": getattr(result, "banker_total", None),
                }
        except KeyError as missing:
            raise InvalidCoupError(result, f"no {missing.args[0]!r} field", position) from None
        except AttributeError as missing:
            raise InvalidCoupError(result, f"no {missing.name!r} attribute", position) from None
        winner = fields["winner"]
        if isinstance(winner, str):
            fields["winner"] = winner.lower()
        try:
            return cls(**fields)
        except InvalidCoupError as error:
            raise InvalidCoupError(result, error.why, position) from None

    @property
    def code(self) -> str:
        """``B``, ``P`` or ``T``: the letter on a paper scorecard."""
        return self.winner[0].upper()


def _fields_from_mapping(result: Mapping[str, Any]) -> dict[str, Any]:
    def total(side: str) -> Any:
        hand = result.get(side)
        if isinstance(hand, Mapping):
            return hand.get("total")
        return result.get(f"{side}_total")

    return {
        "winner": result["winner"],
        "player_pair": result.get("player_pair", False),
        "banker_pair": result.get("banker_pair", False),
        "natural": result.get("natural", False),
        "player_total": total("player"),
        "banker_total": total("banker"),
    }


def parse_coups(text: str) -> tuple[Coup, ...]:
    """Winners only from shorthand: ``"BBPT"`` (spaces and commas ignored, any case)."""
    coups = []
    for i, char in enumerate(text):
        if char in " ,\t\n":
            continue
        winner = _SHORTHAND.get(char.upper())
        if winner is None:
            raise InvalidCoupError(
                text, f"character {char!r} at offset {i} is not B (banker), P (player) or T (tie)"
            )
        coups.append(Coup(winner))
    return tuple(coups)


# --- cells -----------------------------------------------------------------


@dataclass(frozen=True)
class BeadCell:
    """One coup on the Bead Plate at grid position (col, row)."""

    col: int
    row: int
    index: int
    """Position of the coup in the shoe, from 0."""
    coup: Coup

    @property
    def winner(self) -> Winner:
        """The coup's winner; the Bead Plate keeps ties, so this may be ``tie``."""
        return self.coup.winner

    @property
    def player_total(self) -> Optional[int]:
        """The Player's total to print in the cell; None when the record kept only the winner."""
        return self.coup.player_total

    @property
    def banker_total(self) -> Optional[int]:
        """The Banker's total to print in the cell; None when the record kept only the winner."""
        return self.coup.banker_total

    @property
    def player_pair(self) -> bool:
        """Whether the coup had a Player pair; the Bead Plate shows it even on a tie."""
        return self.coup.player_pair

    @property
    def banker_pair(self) -> bool:
        """Whether the coup had a Banker pair; the Bead Plate shows it even on a tie."""
        return self.coup.banker_pair

    @property
    def natural(self) -> bool:
        """Whether the coup was a natural (an 8 or 9 on the first two cards)."""
        return self.coup.natural


@dataclass(frozen=True)
class BigRoadCell:
    """A decided coup on the Big Road.

    ``col``/``row`` place it on the drawn grid (dragon tail applied);
    ``column``/``depth`` are its logical place (the n-th streak, the m-th win
    of that streak), which is what the derived roads compare.  The pair dots
    are those of this coup; a tie's pairs show on the Bead Plate only.
    """

    col: int
    row: int
    column: int
    depth: int
    winner: Winner
    index: int
    """Position of the coup that made the cell, from 0."""
    tie_indices: tuple[int, ...] = ()
    """Ties counted on this cell (drawn as a line or a number across it)."""
    player_pair: bool = False
    banker_pair: bool = False
    natural: bool = False

    @property
    def ties(self) -> int:
        """How many ties are counted on this cell: a tie takes no Big Road cell of its own (facts 3.1)."""
        return len(self.tie_indices)


@dataclass(frozen=True)
class DerivedMark:
    """A red or blue mark on a derived road, placed like a Big Road cell.

    ``source_column``/``source_depth`` name the Big Road entry that made it.
    """

    col: int
    row: int
    column: int
    depth: int
    colour: Colour
    source_column: int
    source_depth: int
    index: int
    """Position of the coup that made the mark, from 0."""


Cell = TypeVar("Cell", BeadCell, BigRoadCell, DerivedMark)


def scroll(cells: Iterable[Cell], width: int) -> tuple[Cell, ...]:
    """The last ``width`` grid columns of a road, re-numbered from 0.

    A display has room for a fixed number of columns; like a casino board it
    shows the most recent ones.
    """
    if width < 1:
        raise ValueError(f"width {width!r} must be at least 1 column")
    cells = tuple(cells)
    used = max((c.col for c in cells), default=-1) + 1
    offset = max(0, used - width)
    return tuple(replace(c, col=c.col - offset) for c in cells if c.col >= offset)


# --- roads -----------------------------------------------------------------


@dataclass(frozen=True)
class BeadPlate:
    """The Bead Plate: one cell per coup, ties included, filled column by column, six rows high (facts 3.1)."""

    cells: tuple[BeadCell, ...]

    @property
    def width(self) -> int:
        """Grid columns in use."""
        return max((c.col for c in self.cells), default=-1) + 1


@dataclass(frozen=True)
class BigRoad:
    """The Big Road: decided coups only, one logical column per streak, drawn with the dragon tail.

    Ties are counted on the cells, never given one (facts 3.1).
    """

    cells: tuple[BigRoadCell, ...]
    """Every decided coup in shoe order, with its drawn position."""
    columns: tuple[tuple[BigRoadCell, ...], ...]
    """The logical columns (streaks); the same cells grouped."""
    pending_ties: tuple[int, ...] = ()
    """Ties dealt before the first decision, while there is no cell to mark yet."""

    @property
    def width(self) -> int:
        """Grid columns in use, dragon tails included: the room a display needs (see :func:`scroll`)."""
        return max((c.col for c in self.cells), default=-1) + 1

    @property
    def lengths(self) -> tuple[int, ...]:
        """Length of each logical column (streak), dragon tails ignored: what the derived roads compare."""
        return tuple(len(column) for column in self.columns)


@dataclass(frozen=True)
class DerivedRoad:
    """Big Eye Boy, Small Road or Cockroach Pig: a mark per Big Road entry once started.

    Red means the Big Road repeats the pattern of the column ``k`` places back, blue that it breaks
    it (not Banker / Player); the marks are laid out like the Big Road (facts 3.1).
    """

    name: str
    k: int
    """Column offset compared: 1 Big Eye Boy, 2 Small Road, 3 Cockroach Pig."""
    marks: tuple[DerivedMark, ...]
    columns: tuple[tuple[DerivedMark, ...], ...]
    if_banker: Optional[Colour]
    """The mark this road would add if the next coup is Banker (None: not started)."""
    if_player: Optional[Colour]
    """The mark this road would add if the next coup is Player (None: not started)."""

    @property
    def width(self) -> int:
        """Grid columns in use by the marks, dragon tails included."""
        return max((m.col for m in self.marks), default=-1) + 1


@dataclass(frozen=True)
class Scoreboard:
    """All five roads of one shoe, and what the derived roads would show next."""

    coups: tuple[Coup, ...]
    bead_plate: BeadPlate
    big_road: BigRoad
    big_eye_boy: DerivedRoad
    small_road: DerivedRoad
    cockroach_pig: DerivedRoad

    @property
    def derived(self) -> tuple[DerivedRoad, DerivedRoad, DerivedRoad]:
        """The three derived roads in the order k = 1, 2, 3, for a display that draws them alike."""
        return (self.big_eye_boy, self.small_road, self.cockroach_pig)

    def add(self, coup: Any) -> "Scoreboard":
        """The board after one more coup; this one is left as it was."""
        return scoreboard(self.coups + (Coup.of(coup, len(self.coups)),))


# --- rules -----------------------------------------------------------------


def layout(lengths: Sequence[int], rows: int = ROWS) -> list[list[tuple[int, int]]]:
    """Grid (col, row) of every entry of logical columns of the given lengths.

    Facts 3.1: go down while the cell below is free and on the grid, else
    turn right and keep going right on that row; a new column starts at the
    top of the first column whose top cell is free.
    """
    taken: set[tuple[int, int]] = set()
    placed: list[list[tuple[int, int]]] = []
    next_start = 0
    for length in lengths:
        col = next_start
        while (col, 0) in taken:
            col += 1
        next_start = col + 1
        row, turned = 0, False
        positions = []
        for depth in range(length):
            if depth:
                if not turned and row + 1 < rows and (col, row + 1) not in taken:
                    row += 1
                else:
                    turned = True
                    col += 1
            taken.add((col, row))
            positions.append((col, row))
        placed.append(positions)
    return placed


def derived_colour(lengths: Sequence[int], column: int, depth: int, k: int) -> Optional[Colour]:
    """Colour of the derived-road mark (offset k) for the Big Road entry at
    logical ``column``/``depth``, given the lengths of the logical columns so
    far; None while the road has not started (the column it compares with
    does not exist yet).
    """
    if depth == 0:
        if column - 1 - k < 0:
            return None
        return RED if lengths[column - 1] == lengths[column - 1 - k] else BLUE
    if column - k < 0:
        return None
    return BLUE if lengths[column - k] == depth else RED


def bead_plate(coups: Sequence[Coup]) -> BeadPlate:
    """The Bead Plate of ``coups``: coup i at column i // 6, row i % 6, ties included."""
    return BeadPlate(tuple(BeadCell(i // ROWS, i % ROWS, i, c) for i, c in enumerate(coups)))


def big_road(coups: Sequence[Coup]) -> BigRoad:
    """The Big Road of ``coups`` (facts 3.1): one logical column per streak of one winner.

    A tie is counted on the last decided cell, or on the first one when no coup was decided yet;
    the grid positions come from :func:`layout` (dragon tail).
    """
    streaks: list[list[int]] = []  # coup indices per logical column
    ties: dict[int, list[int]] = {}  # decided coup index -> ties counted on it
    pending: list[int] = []
    last: Optional[int] = None
    for i, coup in enumerate(coups):
        if coup.winner == TIE:
            (ties.setdefault(last, []) if last is not None else pending).append(i)
            continue
        if last is None:
            ties[i] = pending
            pending = []
        if streaks and coups[streaks[-1][0]].winner == coup.winner:
            streaks[-1].append(i)
        else:
            streaks.append([i])
        last = i
    positions = layout([len(s) for s in streaks])
    columns = tuple(
        tuple(
            BigRoadCell(
                col, row, c, d, coups[i].winner, i, tuple(ties.get(i, ())),
                coups[i].player_pair, coups[i].banker_pair, coups[i].natural,
            )
            for d, (i, (col, row)) in enumerate(zip(streak, placed))
        )
        for c, (streak, placed) in enumerate(zip(streaks, positions))
    )
    cells = tuple(cell for column in columns for cell in column)
    return BigRoad(cells, columns, tuple(pending))


def derived_road(road: BigRoad, name: str, k: int) -> DerivedRoad:
    """The derived road of offset ``k`` (named ``name``) computed from the Big Road's logical columns.

    Each entry gets the mark of :func:`derived_colour` once the road has started, laid out like the
    Big Road; ``if_banker``/``if_player`` say what the next Banker or Player coup would add.
    """
    found: list[tuple[Colour, BigRoadCell]] = []
    for cell in road.cells:
        # Only columns left of the entry's are read, and those are complete.
        colour = derived_colour(road.lengths, cell.column, cell.depth, k)
        if colour is not None:
            found.append((colour, cell))
    groups: list[list[tuple[Colour, BigRoadCell]]] = []
    for item in found:
        if groups and groups[-1][0][0] == item[0]:
            groups[-1].append(item)
        else:
            groups.append([item])
    positions = layout([len(g) for g in groups])
    columns = tuple(
        tuple(
            DerivedMark(col, row, c, d, colour, cell.column, cell.depth, cell.index)
            for d, ((colour, cell), (col, row)) in enumerate(zip(group, placed))
        )
        for c, (group, placed) in enumerate(zip(groups, positions))
    )
    marks = tuple(m for column in columns for m in column)
    if_banker, if_player = _predict(road.lengths, road.columns, k)
    return DerivedRoad(name, k, marks, columns, if_banker, if_player)


def _predict(
    lengths: tuple[int, ...], columns: tuple[tuple[BigRoadCell, ...], ...], k: int
) -> tuple[Optional[Colour], Optional[Colour]]:
    if not columns:
        return None, None
    last = len(columns) - 1
    repeat = derived_colour(lengths, last, lengths[last], k)
    chop = derived_colour(lengths + (0,), last + 1, 0, k)
    if columns[last][0].winner == BANKER:
        return repeat, chop
    return chop, repeat


def scoreboard(coups: Iterable[Any]) -> Scoreboard:
    """All five roads for the coups of a shoe, in the order they were dealt.

    Each item is a :class:`Coup` or anything :meth:`Coup.of` reads; a bad one
    raises :class:`InvalidCoupError` naming its position, and nothing is built.
    """
    checked = tuple(Coup.of(c, i) for i, c in enumerate(coups))
    road = big_road(checked)
    derived = [derived_road(road, name, k) for name, k in DERIVED_ROADS]
    return Scoreboard(checked, bead_plate(checked), road, *derived)
