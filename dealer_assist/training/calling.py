"""Calling the hand: a finished coup; say the Player total, the Banker total and the winner, fast.

The answer is the round's :class:`~dealer_assist.baccarat.round.Outcome`;
this drill is about speed, so its pass mark is usually the tightest.
"""

from __future__ import annotations

import random

from dealer_assist.baccarat.round import BaccaratRound
from dealer_assist.training.case import Case, Choice, Hand, Question
from dealer_assist.training.drill import Drill
from dealer_assist.training.feed import CardFeed

WINNER = (Choice("P", "Player"), Choice("B", "Banker"), Choice("T", "Tie"))


def _sum_words(cards) -> str:
    values = [c.baccarat_value for c in cards]
    total = sum(values)
    text = " + ".join(str(v) for v in values) + f" = {total}"
    return text + (f", drop the {total - total % 10}: {total % 10}" if total >= 10 else "")


class CallingDrill(Drill):
    name = "calling"
    title = "Calling the hand"
    questions_example = 3
    categories = ("natural", "tie", "two cards each", "one third card", "both third cards")
    hard = frozenset({"both third cards", "tie"})

    def deal(self, feed: CardFeed, rng: random.Random, level: int) -> list[Case]:
        feed.new_hand(6)
        rnd = BaccaratRound()
        while not rnd.complete:
            rnd = rnd.add(feed.next_card())
        return [self.case(rnd)]

    @staticmethod
    def case(rnd: BaccaratRound) -> Case:
        outcome = rnd.outcome
        assert outcome is not None, "calling needs a complete round"
        if outcome.natural:
            cat = "natural"
        elif outcome.winner == "tie":
            cat = "tie"
        else:
            cat = {4: "two cards each", 5: "one third card", 6: "both third cards"}[outcome.card_count]
        winner = {"player": "P", "banker": "B", "tie": "T"}[outcome.winner]
        return Case(
            drill="calling", category=cat, title="Call the hand",
            hands=(Hand("Player", rnd.player_cards), Hand("Banker", rnd.banker_cards)),
            context=(),
            questions=(Question("player", "Player total", "number", str(outcome.player_total)),
                       Question("banker", "Banker total", "number", str(outcome.banker_total)),
                       Question("winner", "Winner", "choice", winner, WINNER)),
            deals=(("*", "Deal the next hand"),),
            explanation=(f"Player {_sum_words(rnd.player_cards)}; Banker {_sum_words(rnd.banker_cards)} "
                         f"(tens and pictures count 0). {outcome.banner.capitalize()}."),
            summary=f"Player {' '.join(c.label for c in rnd.player_cards)} / "
                    f"Banker {' '.join(c.label for c in rnd.banker_cards)}",
        )
