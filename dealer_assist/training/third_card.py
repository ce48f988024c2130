"""Third-card drill: after the first four cards (and after the Player's third), what happens next?

The trainee calls P (Player draws), B (Banker draws), S (Banker stands) or
N (no card: a natural).  The right call is :attr:`BaccaratRound.due` of the
rules core; a wrong call is answered with the tableau row that applies.
"""

from __future__ import annotations

import random
from typing import Generator

from dealer_assist.baccarat import tableau
from dealer_assist.baccarat.round import BaccaratRound, Position
from dealer_assist.training.case import Case, Choice, Hand, Question
from dealer_assist.training.drill import Called, Drill
from dealer_assist.training.feed import CardFeed, FeedError

CHOICES = (Choice("P", "Player draws"), Choice("B", "Banker draws"), Choice("S", "Banker stands"),
           Choice("N", "Natural: no card"))

BANKER_ROWS = ("banker 0-2", "banker 3", "banker 4", "banker 5", "banker 6", "banker 7")


def _values(values) -> str:
    words = [str(v) for v in sorted(values)]
    if not words:
        return "none"
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def tableau_row(banker: int) -> str:
    """The Banker row of the tableau, read from :data:`tableau.BANKER_DRAWS_ON`."""
    draws = tableau.BANKER_DRAWS_ON[banker]
    stands = set(range(10)) - draws
    if not stands:
        return f"Tableau row Banker {banker}: draws whatever the Player's third card is"
    if not draws:
        return f"Tableau row Banker {banker}: stands whatever the Player's third card is"
    return (f"Tableau row Banker {banker}: draws when the Player's third card is {_values(draws)}; "
            f"stands on {_values(stands)}")


def _hand_words(name: str, cards, total: int) -> str:
    return f"{name} {' '.join(c.label for c in cards)} = {total}"


def category(rnd: BaccaratRound) -> str:
    """Which rule decides the next step of a round of 4 or 5 cards."""
    c = rnd.cards
    p2 = sum(x.baccarat_value for x in (c[0], c[2])) % 10
    b2 = sum(x.baccarat_value for x in (c[1], c[3])) % 10
    if tableau.is_natural(p2) or tableau.is_natural(b2):
        return "natural"
    if len(c) == 4:
        if tableau.player_draws(p2, b2):
            return "player 0-5"
        return "player stood, banker 0-5" if b2 <= 5 else "player stood, banker 6-7"
    return "banker 0-2" if b2 <= 2 else f"banker {b2}"


#: The card each call deals at the table: the Player's third, the Banker's third, or none.
_DEALS = {"P": "P", "B": "B", "S": "", "N": ""}


def _off_rules(case: Case, called: Called, feed: CardFeed) -> bool:
    """True when the trainee's call deals otherwise than the rules (the hand then ends as the call leaves it).

    No card called where the rules give one: the trainee starts the next hand, none is taken.  The Banker's
    third card called: that one card is taken, and the hand is over at the table as it is in the call.  A
    card for the Player called where the rules give none: after it the trainee decides the Banker's card by
    the tableau, which the trainer cannot follow, so the hand is void (:class:`FeedError`).
    """
    if not called or called[0] is None:
        return False
    deals, due = _DEALS.get(called[0], ""), _DEALS[case.answers[0]]
    if deals == due:
        return False
    if deals == "P":
        raise FeedError("a card for the Player was called where the tableau gives none: the trainer cannot "
                        "tell which cards follow it; this hand is void")
    if deals == "B":
        feed.next_card()  # dealt to the Banker as called: no case is asked on it
    return True


#: What each call has the trainee deal next at a real table.
DEALS = (("P", "Deal the Player's third card"), ("B", "Deal the Banker's third card"),
         ("S", "Deal the next hand (this one is over)"), ("N", "Deal the next hand (this one is over)"))


class ThirdCardDrill(Drill):
    name = "third-card"
    title = "Third card"
    categories = ("natural", "player 0-5", "player stood, banker 0-5", "player stood, banker 6-7") + BANKER_ROWS
    hard = frozenset({"banker 3", "banker 4", "banker 5", "banker 6"})

    def deal(self, feed: CardFeed, rng: random.Random, level: int) -> list[Case]:
        return list(self.play(feed, rng, level))

    def play(self, feed: CardFeed, rng: random.Random, level: int) -> Generator[Case, Called, None]:
        """Ask after the fourth card, and after the Player's third, each time before the card asked about.

        Sent the trainee's answers to a case when the table goes on as they called it (an exam: see
        :meth:`Drill.play`): a call that deals otherwise than the rules ends the hand where the call does.
        """
        feed.new_hand(6)
        rnd = BaccaratRound()
        for _ in range(4):
            rnd = rnd.add(feed.next_card())
        case = self.case(rnd)
        if _off_rules(case, (yield case), feed):
            return
        if rnd.due.position is Position.P3:
            rnd = rnd.add(feed.next_card())
            case = self.case(rnd)
            if _off_rules(case, (yield case), feed):
                return
        while not rnd.complete:
            # The Banker's third card is dealt at the table too: take it so the next hand starts in step.
            rnd = rnd.add(feed.next_card())

    @staticmethod
    def case(rnd: BaccaratRound) -> Case:
        """The decision after the cards of ``rnd`` (4 cards, or 5 when the Player drew)."""
        due = rnd.due
        outcome = rnd.outcome
        if due.position is Position.P3:
            answer = "P"
        elif due.position is Position.B3:
            answer = "B"
        elif outcome is not None and outcome.natural:
            answer = "N"
        else:
            answer = "S"
        cat = category(rnd)
        player, banker = rnd.player_cards, rnd.banker_cards
        b2 = sum(c.baccarat_value for c in banker[:2]) % 10
        words = [_hand_words("Player", player, rnd.player_total), _hand_words("Banker", banker, rnd.banker_total)]
        why = [due.reason.removeprefix("BANKER STANDS. ")]
        if len(rnd.cards) == 5 and cat != "natural":
            why.append(tableau_row(b2))
        return Case(
            drill="third-card", category=cat, title="What happens next?",
            hands=(Hand("Player", player), Hand("Banker", banker)),
            context=(),
            questions=(Question("call", "Your call", "choice", answer, CHOICES, told="Right call"),),
            explanation="; ".join(words) + ". " + ". ".join(why) + ".",
            deals=DEALS,
            summary=f"Player {' '.join(c.label for c in player)} / Banker {' '.join(c.label for c in banker)}",
        )
