"""Scripted rounds for the command line: tokens in table order, and the JSON of DESIGN.md.

``dealer-assist deal --game blackjack --seats N TOKEN...`` and
``settle --game blackjack --seats N --bet SEAT:STAKE ... TOKEN...`` call these
functions.  A token is a card (``AS``, ``10h``, ``9``) or an action (``hit``,
``stand``, ``double``, ``split``); an action applies to the active hand.  An
error names the token, its position and the rule, so that a script can be
fixed from the message alone.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Iterable, Mapping, Optional, Union

from dealer_assist.blackjack.hand import Hand
from dealer_assist.blackjack.round import Action, Round
from dealer_assist.blackjack.rules import BlackjackError, HouseRules
from dealer_assist.blackjack.settlement import settle
from dealer_assist.cards import InvalidCardError, parse_card
from dealer_assist.money import InvalidAmountError, ZERO, fmt, parse_money

_ACTIONS = {a.value: a for a in Action}


class ScriptError(BlackjackError):
    """A token that cannot be played; the message names it, its position and why."""

    def __init__(self, token: object, position: Optional[int], why: str) -> None:
        self.token = token
        self.position = position
        where = f"token {position} " if position is not None else ""
        super().__init__(f"{where}{token!r}: {why}")


def play_tokens(tokens: Iterable[str], seats: int, rules: Optional[HouseRules] = None) -> Round:
    """Play cards and actions in table order from a fresh round of ``seats`` seats."""
    round = Round.start(seats, rules)
    for position, token in enumerate(tokens, start=1):
        text = str(token).strip()
        action = _ACTIONS.get(text.lower())
        try:
            if action is not None:
                due = round.due()
                if due.kind != "action":
                    raise ScriptError(token, position, f"no decision is due: {due.describe()} "
                                                       "(an action applies to the active hand, after its cards)")
                round = round.act(due.seat, action)
            else:
                card = parse_card(text)
                if round.complete:
                    raise ScriptError(token, position, "not needed: the round is already complete")
                round = round.deal(card)
        except ScriptError:
            raise
        except InvalidCardError as exc:
            raise ScriptError(token, position, f"neither an action (hit, stand, double, split) nor a card: {exc}") from None
        except BlackjackError as exc:
            raise ScriptError(token, position, str(exc)) from None
    return round


def card_tokens(tokens: Iterable[str]) -> list[tuple[int, str]]:
    """The tokens that are cards, with their positions (1 up): what a shoe counts out.  They end before one
    that is neither a card nor an action, for :func:`play_tokens` to name first, with its position."""
    cards = []
    for position, token in enumerate(tokens, start=1):
        text = str(token).strip()
        if text.lower() in _ACTIONS:
            continue
        try:
            parse_card(text)
        except InvalidCardError:
            break
        cards.append((position, text))
    return cards


def hand_json(hand: Hand) -> dict:
    return {
        "cards": [c.code for c in hand.cards],
        "total": hand.total,
        "soft": hand.soft,
        "blackjack": hand.blackjack,
        "bust": hand.bust,
        "doubled": hand.doubled,
    }


def next_json(round: Round) -> Union[None, str, dict]:
    """``null`` when complete, ``"dealer"`` for a dealer card, else the seat and hand that are due.

    A decision lists its ``allowed`` actions; a card due to a seat has
    ``"card": true`` and an empty ``allowed``.
    """
    due = round.due()
    if due.kind == "complete":
        return None
    if due.to_dealer:
        return "dealer"
    out: dict = {"seat": due.seat, "hand": due.hand, "allowed": [a.value for a in due.allowed]}
    if due.kind == "card":
        out["card"] = True
    return out


def round_json(round: Round) -> dict:
    """The ``deal --game blackjack --json`` object of DESIGN.md (plus ``prompt``)."""
    return {
        "game": "blackjack",
        "seats": [
            {"seat": seat, "hands": [hand_json(h) for h in round.seat_hands(seat)]}
            for seat in range(1, round.seat_count + 1)
        ],
        "dealer": hand_json(round.dealer),
        "complete": round.complete,
        "next": next_json(round),
        "prompt": round.dealer_prompt,
    }


def round_text(round: Round) -> str:
    """The round for a person reading a terminal: one line per hand, the dealer, what is next."""
    lines = []
    for seat in range(1, round.seat_count + 1):
        hands = round.seat_hands(seat)
        for index, hand in enumerate(hands):
            name = f"seat {seat}" + (f" hand {index + 1}" if len(hands) > 1 else "")
            lines.append(f"{name:<15} {_cards_text(hand):<24} {_total_text(hand)}")
    lines.append(f"{'dealer':<15} {_cards_text(round.dealer):<24} {_total_text(round.dealer)}")
    if round.dealer_prompt:
        lines.append(round.dealer_prompt)
    due = round.due()
    lines.append("round complete" if due.kind == "complete" else f"next: {due.describe()}")
    return "\n".join(lines)


def settlement_text(round: Round, bets: Union[Mapping[int, object], Iterable[str]]) -> str:
    data = settle_json(round, bets)
    lines = [round_text(round), ""]
    for b in data["bets"]:
        lines.append(f"seat {b['seat']} hand {b['hand'] + 1}: stake {b['stake']:>8}  {b['result']:<4}  "
                     f"pays {b['pays']:>8}  returns {b['returns']:>8}  ({b['reason']})")
    t = data["totals"]
    lines.append(f"stakes {t['stakes']}, paid {t['paid']}, returned {t['returned']}, house {t['house']}")
    return "\n".join(lines)


def _cards_text(hand: Hand) -> str:
    return " ".join(c.label for c in hand.cards) or "-"


def _total_text(hand: Hand) -> str:
    text = hand.describe_total() if hand.cards else ""
    return text + (" doubled" if hand.doubled else "")


def parse_bets(tokens: Iterable[str]) -> dict[int, Decimal]:
    """``SEAT:STAKE`` tokens (``1:10``, ``2:7.50``) to a seat -> stake map; each seat once."""
    bets: dict[int, Decimal] = {}
    for token in tokens:
        seat_text, sep, stake_text = str(token).partition(":")
        if not sep or not seat_text.strip().isdigit():
            raise ScriptError(token, None, "a blackjack bet is SEAT:STAKE, e.g. 1:10 or 2:7.50")
        seat = int(seat_text)
        if seat in bets:
            raise ScriptError(token, None, f"seat {seat} already has a bet; one bet per seat")
        try:
            bets[seat] = parse_money(stake_text)
        except InvalidAmountError as exc:
            raise ScriptError(token, None, str(exc)) from None
    return bets


def settle_json(round: Round, bets: Union[Mapping[int, object], Iterable[str]]) -> dict:
    """The ``settle --game blackjack --json`` object: the round, one result per hand, the totals.

    ``bets`` is a seat -> stake map or the ``SEAT:STAKE`` tokens themselves.
    """
    stakes = bets if isinstance(bets, Mapping) else parse_bets(bets)
    settlement = settle(round, stakes)
    return {
        "outcome": round_json(round),
        "bets": [
            {
                "seat": h.seat,
                "hand": h.hand,
                "stake": fmt(h.stake),
                "result": h.result.value,
                "pays": fmt(h.pays),
                "returns": fmt(h.returns),
                "reason": h.reason,
            }
            for h in settlement.hands
        ],
        "totals": {
            "stakes": fmt(settlement.stakes),
            "paid": fmt(settlement.paid),
            "commission": fmt(ZERO),
            "returned": fmt(settlement.returned),
            "house": fmt(settlement.house),
        },
    }
