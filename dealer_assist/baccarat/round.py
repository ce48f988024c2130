"""One baccarat round (a coup): cards in draw order, their positions, what is due, the outcome.

The round is an immutable value.  :meth:`BaccaratRound.add` returns a new
round or raises, so a refused card can never leave a half-changed round;
:meth:`BaccaratRound.void_last` is the correction path.  A draw-order
source (shoe reader, shoe-mouth camera) gives no position: the round
assigns P1, B1, P2, B2, then P3 and/or B3 as the tableau says.  A layout
camera gives a zone (the hand's box it saw the card in): a card turned face
up out of draw order among the first four (the Player's second before the
Banker's first) takes its hand's next place; any other zone must match.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Optional

from dealer_assist.baccarat import tableau
from dealer_assist.cards import Card


class Position(str, Enum):
    """Where a baccarat card goes: P1 B1 P2 B2 in deal order, then the third cards P3 and/or B3 (facts 1.6)."""

    P1 = "P1"
    B1 = "B1"
    P2 = "P2"
    B2 = "B2"
    P3 = "P3"
    B3 = "B3"

    @property
    def hand(self) -> str:
        """``player`` or ``banker``: the hand whose total the card counts in."""
        return "player" if self.value[0] == "P" else "banker"

    @property
    def words(self) -> str:
        """The position as the croupier says it (``Banker's third card``), for prompts and refusals."""
        nth = {"1": "first", "2": "second", "3": "third"}[self.value[1]]
        return f"{self.hand.title()}'s {nth} card"


class RoundError(ValueError):
    """A card or correction the round refuses; the round is unchanged."""


class CardNotDueError(RoundError):
    """A card arrived when the tableau says no card is due."""

    def __init__(self, card: Card, reason: str) -> None:
        self.card = card
        super().__init__(f"card {card.code} refused: no card is due ({reason}); "
                         "if it was dealt by mistake, set it aside as a misdrawn card")


class ZoneMismatchError(RoundError):
    """A layout camera saw a card in the wrong hand."""

    def __init__(self, card: Card, zone: str, due: Position) -> None:
        self.card = card
        self.zone = zone
        super().__init__(f"card {card.code} seen on the {zone} side but the next card is {due.words} "
                         f"({due.value}), and no {zone} card has a place before it: if the card lies in the wrong "
                         "box, set it aside as a misdrawn card; else type it (K) once its place is due")


@dataclass(frozen=True)
class Step:
    """A card of the round, where it went and why."""

    card: Card
    position: Position
    reason: str


@dataclass(frozen=True)
class Due:
    """What the croupier must do next.

    ``hand`` is ``player``/``banker`` when a card is due, ``None`` when the
    round is complete.  ``banner`` is the big text (``BANKER DRAWS``),
    ``reason`` the tableau's words underneath.
    """

    hand: Optional[str]
    position: Optional[Position]
    banner: str
    reason: str


@dataclass(frozen=True)
class Outcome:
    """The result of a complete round: everything the seven bets are settled on."""

    winner: str  # "player" | "banker" | "tie"
    player_total: int
    banker_total: int
    natural: bool
    player_pair: bool
    banker_pair: bool
    card_count: int
    player_cards: int = 2
    banker_cards: int = 2

    @property
    def size(self) -> str:
        """``small`` for a four-card coup, ``big`` for five or six: what the Big and Small bets pay on (seed 003)."""
        return "small" if self.card_count == 4 else "big"

    @property
    def banner(self) -> str:
        """The big result text (``BANKER WINS 7 TO 5``, ``TIE 6 TO 6``), the winner's total first."""
        if self.winner == "tie":
            return f"TIE {self.player_total} TO {self.banker_total}"
        high, low = ((self.player_total, self.banker_total) if self.winner == "player"
                     else (self.banker_total, self.player_total))
        return f"{self.winner.upper()} WINS {high} TO {low}"


_FIRST_FOUR = (Position.P1, Position.B1, Position.P2, Position.B2)


def _total(cards: tuple[Card, ...]) -> int:
    return sum(c.baccarat_value for c in cards) % 10


def _pair(a: Card, b: Card, by: str) -> bool:
    return a.rank == b.rank if by == "rank" else a.baccarat_value == b.baccarat_value


def _in_draw_order(cards: tuple[Card, ...]) -> tuple[Position, ...]:
    """The positions of cards dealt in draw order: P1 B1 P2 B2, then P3 if the Player drew, and B3."""
    out: list[Position] = []
    for i in range(len(cards)):
        if i < 4:
            out.append(_FIRST_FOUR[i])
        elif i == 4:
            drew = tableau.player_draws(_total((cards[0], cards[2])), _total((cards[1], cards[3])))
            out.append(Position.P3 if drew else Position.B3)
        else:
            out.append(Position.B3)
    return tuple(out)


@dataclass(frozen=True)
class BaccaratRound:
    """The cards of one coup in the order they were played.  ``pair_by`` is ``rank`` (default) or ``value``.

    ``placed`` gives each card's position when a layout camera placed a card out of draw order (its
    zone); it is empty while every card went where draw order put it, so a draw-order round is the same
    value however it was built."""

    cards: tuple[Card, ...] = ()
    pair_by: str = "rank"
    placed: tuple[Position, ...] = ()

    # -- what is on the table -------------------------------------------------
    @property
    def positions(self) -> tuple[Position, ...]:
        """The position of each card in the order played: P1 B1 P2 B2, then P3 if the Player drew,
        and B3 for the Banker's third card; a draw-order source gives none, so the round assigns them.
        """
        return self.placed or _in_draw_order(self.cards)

    def _slots(self) -> dict[Position, Card]:
        return dict(zip(self.positions, self.cards))

    @property
    def cards_by_position(self) -> tuple[Card, ...]:
        """The cards in the order of their positions (P1 B1 P2 B2 P3 B3): the draw order the tableau
        gives, which a round rebuilt from them (``BaccaratRound(cards)``) places the same way."""
        slots = self._slots()
        return tuple(slots[p] for p in Position if p in slots)

    def hand(self, which: str) -> tuple[Card, ...]:
        """The cards of the ``player`` or ``banker`` hand, in draw order."""
        return tuple(c for c, p in zip(self.cards, self.positions) if p.hand == which)

    @property
    def player_cards(self) -> tuple[Card, ...]:
        """The Player's cards so far, in draw order."""
        return self.hand("player")

    @property
    def banker_cards(self) -> tuple[Card, ...]:
        """The Banker's cards so far, in draw order."""
        return self.hand("banker")

    @property
    def player_total(self) -> int:
        """The Player's points so far: card values summed, last digit only (seed 000), so 0-9."""
        return _total(self.player_cards)

    @property
    def banker_total(self) -> int:
        """The Banker's points so far: card values summed, last digit only (seed 000), so 0-9."""
        return _total(self.banker_cards)

    @property
    def started(self) -> bool:
        """Whether any card of the round has been dealt."""
        return bool(self.cards)

    # -- what is due ----------------------------------------------------------
    @property
    def next_position(self) -> Optional[Position]:
        """The position the next card will take, or None when the round is complete."""
        return self.due.position

    @property
    def complete(self) -> bool:
        """True once the tableau calls for no more cards, so the outcome is known and bets can be settled."""
        return self.due.position is None

    @property
    def due(self) -> Due:
        """What the croupier must do next: deal one of the first four cards, draw for Player or Banker,
        or announce the result; ``reason`` gives the tableau rule that decided it (seeds 000, 003).
        """
        slots = self._slots()
        for pos in _FIRST_FOUR:
            if pos not in slots:
                return Due(pos.hand, pos, "DEAL " + pos.hand.upper(), f"{pos.words} ({pos.value})")
        p2 = _total((slots[Position.P1], slots[Position.P2]))
        b2 = _total((slots[Position.B1], slots[Position.B2]))
        if tableau.is_natural(p2) or tableau.is_natural(b2):
            return self._complete_due(tableau.natural_reason(p2, b2))
        drew = tableau.player_draws(p2, b2)
        if drew and Position.P3 not in slots:
            return Due("player", Position.P3, "PLAYER DRAWS", tableau.player_reason(p2, b2))
        third = slots[Position.P3].baccarat_value if drew else None
        banker_done = Position.B3 in slots
        if not banker_done and tableau.banker_draws(p2, b2, third):
            return Due("banker", Position.B3, "BANKER DRAWS", tableau.banker_reason(p2, b2, third))
        if banker_done:
            return self._complete_due(tableau.banker_reason(p2, b2, third).replace(" draws", " drew", 1))
        why = tableau.banker_reason(p2, b2, third)
        if not drew:
            why = tableau.player_reason(p2, b2) + "; " + why
        return self._complete_due(why, stand=True)

    def _complete_due(self, reason: str, stand: bool = False) -> Due:
        outcome = self.outcome
        assert outcome is not None
        banner = outcome.banner
        if stand:
            reason = "BANKER STANDS. " + reason
        return Due(None, None, banner, reason)

    # -- changing the round ---------------------------------------------------
    def add(self, card: Card, zone: Optional[str] = None) -> "BaccaratRound":
        """The round with ``card`` dealt to the position that is due, or, when a layout camera saw it in
        the other hand's box while the first four are dealt, to that hand's next place among them: cards
        dealt face down are turned in any order (qaU F2: the Player's second card turned before the
        Banker's first went to the Banker).

        Raises :class:`CardNotDueError` when the round is complete and
        :class:`ZoneMismatchError` when ``zone`` names a hand that can take no card now.
        """
        due = self.due
        if due.position is None:
            raise CardNotDueError(card, due.reason)
        pos = due.position
        if zone is not None and zone.lower() not in (due.hand, pos.value.lower()):
            pos = self._first_open(zone.lower())
            if pos is None:
                raise ZoneMismatchError(card, zone, due.position)
        return self._with(self.cards + (card,), self.positions + (pos,))

    def _first_open(self, hand: str) -> Optional[Position]:
        """The first of the first four places of ``hand`` still open while the first four are dealt."""
        slots = self._slots()
        if all(p in slots for p in _FIRST_FOUR):
            return None
        return next((p for p in _FIRST_FOUR if p.hand == hand and p not in slots), None)

    def _with(self, cards: tuple[Card, ...], positions: tuple[Position, ...]) -> "BaccaratRound":
        return BaccaratRound(cards, self.pair_by, () if positions == _in_draw_order(cards) else positions)

    def void_last(self) -> "BaccaratRound":
        """The round without its last card (a correction)."""
        if not self.cards:
            raise RoundError("no card to void: the round has no cards yet")
        return self._with(self.cards[:-1], self.positions[:-1])

    @property
    def steps(self) -> tuple[Step, ...]:
        """Every card with its position and the reason it was dealt."""
        out = []
        partial = BaccaratRound((), self.pair_by)
        for card, pos in zip(self.cards, self.positions):
            due = partial.due
            assert due.position is not None
            if pos is due.position:
                out.append(Step(card, pos, due.reason))
                partial = partial.add(card)
            else:
                out.append(Step(card, pos, f"{pos.words} ({pos.value}), turned up before the {due.position.words}"))
                partial = partial.add(card, pos.hand)
        return tuple(out)

    # -- the result -----------------------------------------------------------
    @property
    def outcome(self) -> Optional[Outcome]:
        """The outcome once the round is complete (``None`` before)."""
        slots = self._slots()
        if not all(p in slots for p in _FIRST_FOUR):
            return None
        p2 = _total((slots[Position.P1], slots[Position.P2]))
        b2 = _total((slots[Position.B1], slots[Position.B2]))
        natural = tableau.is_natural(p2) or tableau.is_natural(b2)
        drew = not natural and tableau.player_draws(p2, b2)
        if drew and Position.P3 not in slots:
            return None
        third = slots[Position.P3].baccarat_value if drew else None
        if not natural and (Position.B3 in slots) != tableau.banker_draws(p2, b2, third):
            return None
        pt, bt = self.player_total, self.banker_total
        winner = "player" if pt > bt else "banker" if bt > pt else "tie"
        return Outcome(
            winner=winner, player_total=pt, banker_total=bt, natural=natural,
            player_pair=_pair(slots[Position.P1], slots[Position.P2], self.pair_by),
            banker_pair=_pair(slots[Position.B1], slots[Position.B2], self.pair_by),
            card_count=len(self.cards), player_cards=len(self.player_cards), banker_cards=len(self.banker_cards),
        )


def play(cards: list[Card], pair_by: str = "rank") -> BaccaratRound:
    """Deal ``cards`` in draw order; :class:`CardNotDueError` names the first card not needed."""
    rnd = BaccaratRound((), pair_by)
    for card in cards:
        rnd = rnd.add(card)
    return rnd
