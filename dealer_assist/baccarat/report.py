"""The JSON and text forms of a baccarat round, shared by the CLI, the journal export and the display."""

from __future__ import annotations

from dealer_assist.baccarat.round import BaccaratRound


def round_json(rnd: BaccaratRound) -> dict:
    """The ``deal --json`` object of DESIGN.md."""
    due = rnd.due
    outcome = rnd.outcome
    return {
        "game": "baccarat",
        "steps": [{"card": s.card.code, "position": s.position.value, "reason": s.reason} for s in rnd.steps],
        "player": {"cards": [c.code for c in rnd.player_cards], "total": rnd.player_total},
        "banker": {"cards": [c.code for c in rnd.banker_cards], "total": rnd.banker_total},
        "complete": outcome is not None,
        "next": due.hand,
        "reason": due.reason,
        "winner": outcome.winner if outcome else None,
        "natural": outcome.natural if outcome else False,
        "player_pair": outcome.player_pair if outcome else False,
        "banker_pair": outcome.banker_pair if outcome else False,
        "card_count": len(rnd.cards),
        "size": outcome.size if outcome else None,
    }


def round_text(rnd: BaccaratRound) -> str:
    """A croupier-readable account of the round, one card per line."""
    lines = []
    for step in rnd.steps:
        lines.append(f"{step.position.value}  {step.card.label:<4} {step.reason}")
    def hand(name: str, cards: tuple, total: int) -> str:
        if not cards:  # an empty hand has no total (qaAV F8: "Banker  = 0")
            return f"{name} (no card yet)"
        return f"{name} " + " ".join(c.label for c in cards) + f" = {total}"
    lines.append(hand("Player", rnd.player_cards, rnd.player_total) + "    " + hand("Banker", rnd.banker_cards, rnd.banker_total))
    due = rnd.due
    outcome = rnd.outcome
    if outcome is None:
        lines.append(f"{due.banner}: {due.reason}")
    else:
        extras = [f"{outcome.card_count} cards ({outcome.size})"]
        if outcome.natural:
            extras.append("natural")
        if outcome.player_pair:
            extras.append("player pair")
        if outcome.banker_pair:
            extras.append("banker pair")
        lines.append(f"{due.banner} — {due.reason}")
        lines.append(", ".join(extras))
    return "\n".join(lines)
