"""The drill interface: one hand from the feed in, the cases it teaches out.

Like python-can's buses, every drill has the same small interface so the
session, the text mode and the trainer window never care which one they run.
A drill builds each case by playing the cards through the rules core and
reading the answer off it; it holds no copy of any rule.
"""

from __future__ import annotations

import abc
import random
from typing import Generator, Optional, Sequence

from dealer_assist.training.case import Case
from dealer_assist.training.feed import CardFeed

#: What :meth:`Drill.play`'s generator is sent: the answers the trainee gave to the case it yielded (a
#: question left unanswered is None), or None when the table goes on by the rules.
Called = Optional[Sequence[Optional[str]]]


def case_time(drills, limit: float) -> str:
    """`` (a case of 3 questions: 24 s)`` for an exam's terms when a case of ``drills`` asks several questions;
    empty when each asks one: a third-card exam's terms spoke of 3 questions (qaAD F8)."""
    most = max((d.questions_example for d in drills), default=1)
    return f" (a case of {most} questions: {most * limit:g} s)" if most > 1 else ""


class Drill(abc.ABC):
    """A kind of exercise.  ``categories`` are the rules it teaches, ``hard`` the ones most often missed."""

    #: The name used on the command line (``third-card``).
    name: str = ""
    #: What the trainer window calls it.
    title: str = ""
    #: The game whose cards it uses (``baccarat`` or ``blackjack``), so the session gives it the right shoe.
    game: str = "baccarat"
    categories: tuple[str, ...] = ()
    hard: frozenset[str] = frozenset()
    #: The questions of a typical case, the exam's terms' example of a case's time (1: none is given).
    questions_example: int = 1

    @abc.abstractmethod
    def deal(self, feed: CardFeed, rng: random.Random, level: int) -> list[Case]:
        """Play one hand from ``feed`` and return its cases in the order they come up at the table."""

    def play(self, feed: CardFeed, rng: random.Random, level: int) -> Generator[Case, Called, None]:
        """The cases of one hand as :meth:`deal` gives them, but each as soon as its cards are out.

        At a real table the trainee must decide before dealing the card a case asks
        about, as a croupier does: a drill that asks during the hand overrides this
        with a generator that yields each case before it takes that card.

        The generator may be sent the answers given to the case it yielded: the table
        then goes on as the trainee called it, not by the rules.  An exam sends them,
        since it tells no right call, and a trainee who called "no card" where one is
        due deals the next hand instead; a drill must then take the cards the call
        dealt, and end the hand where the call does (or void it with :class:`FeedError`
        when it cannot tell which cards follow).  None (a practice, whose feedback tells
        the right call at once, or a simulated shoe) goes on by the rules.
        """
        for case in self.deal(feed, rng, level):
            yield case  # its cases come once the hand is over: an answer sent changes no card
