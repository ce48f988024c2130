"""A training session: which drill comes next, the cases, the answers, the clock and the summary.

The session is what the trainer window and the terminal mode both drive:
``next_case()``, then ``submit()`` (or ``time_out()``), until ``finished``.
"""

from __future__ import annotations

import random
import time
from collections import deque
from dataclasses import dataclass
from typing import Callable, Generator, Mapping, Optional, Sequence

from dealer_assist.training import difficulty
from dealer_assist.training.blackjack_dealer import PLAYS, BlackjackDealerDrill
from dealer_assist.training.calling import CallingDrill
from dealer_assist.training.case import Attempt, Case, score, timed_out
from dealer_assist.training.drill import Called, Drill
from dealer_assist.training.feed import CardFeed, FeedClosed, FeedError
from dealer_assist.training.payouts import PayoutDrill
from dealer_assist.training.scoring import PassMark, Summary, summarize
from dealer_assist.training.standard import DEFAULT, Standard
from dealer_assist.training.third_card import ThirdCardDrill

DRILLS: dict[str, Callable[[], Drill]] = {
    "third-card": ThirdCardDrill,
    "payouts": PayoutDrill,
    "blackjack-dealer": BlackjackDealerDrill,
    "calling": CallingDrill,
}
MIXED = ("third-card", "payouts", "calling", "blackjack-dealer")

#: Hands the simulated shoe may skip looking for a case of the wanted rule before taking what comes.
MAX_SKIP = 300
#: What :attr:`TrainingSession.dealing` asks for, as the ``deal`` JSON event names it (``due``): a program
#: driving the trainer at a real shoe had no word of which card to deal (qaAN F4).
DUE = {"Deal the Player's third card": "player", "Deal the Banker's third card": "banker",
       "Deal the dealer's next card": "dealer", "Deal the next hand (this one is over)": "next_hand",
       "Deal the next hand": "next_hand"}
#: The blackjack seat's play (:attr:`Case.then`) as the ``deal`` event's ``play``.
PLAY = {words: action.value for action, words in PLAYS.items()}


class ExamTimeUp(RuntimeError):
    """An answer to an exam whose ``--minutes`` have run out: not scored, the exam has ended (qaS F2)."""

    def __init__(self, minutes: float) -> None:
        self.minutes = minutes
        super().__init__(f"the exam's {minutes:g} minute{'' if minutes == 1 else 's'} ran out before this answer: "
                         "it is not taken")


class DrillNameError(ValueError):
    def __init__(self, name: object) -> None:
        super().__init__(f"unknown drill {name!r}: use " + ", ".join(DRILLS) + ", mixed, or several joined by commas")


def parse_drills(text: str) -> tuple[str, ...]:
    """``third-card``, ``mixed`` or ``third-card,payouts`` -> drill names."""
    names: list[str] = []
    for part in str(text).split(","):
        part = part.strip().lower()
        if part == "mixed":
            names.extend(MIXED)
        elif part in DRILLS:
            names.append(part)
        else:
            raise DrillNameError(part)
    return tuple(dict.fromkeys(names))


@dataclass(frozen=True)
class Settings:
    """How a session runs.  ``limit`` is seconds per decision (None: no limit), ``minutes`` its length."""

    drills: tuple[str, ...] = ("third-card",)
    level: int = 1
    exam: bool = False
    mark: PassMark = PassMark()
    limit: Optional[float] = None
    minutes: Optional[float] = 10.0
    cases: Optional[int] = None
    #: What an exam's pass must meet to count (a school's config may set it).
    standard: Standard = DEFAULT
    #: The house rules the cases follow, stored with the result (see :mod:`dealer_assist.training.house`).
    house: tuple[str, ...] = ()
    #: Where the session is answered (``window``, ``text``, ``text-json``; None: not said), which a school's
    #: ``[training] exam_in_window`` judges: the end-of-exam summary judged it as ``--progress --config`` does.
    how: Optional[str] = None

    def __post_init__(self) -> None:
        difficulty.check_level(self.level)
        for name in self.drills:
            if name not in DRILLS:
                raise DrillNameError(name)
        if not self.drills:
            raise DrillNameError("")

    @property
    def label(self) -> str:
        return ",".join(self.drills) if len(self.drills) < len(MIXED) else "mixed"


class TrainingSession:
    """Cases from the drills in turn, scored as they are answered.

    ``feeds`` maps a game (``baccarat``, ``blackjack``) to its card feed.
    ``records`` maps a drill to this trainee's per-rule counts (level 3).
    """

    def __init__(self, settings: Settings, feeds: Mapping[str, CardFeed], *, seed: Optional[int] = None,
                 records: Optional[Mapping[str, Mapping[str, Mapping[str, int]]]] = None,
                 drills: Optional[Mapping[str, Drill]] = None, clock: Callable[[], float] = time.monotonic,
                 source: Optional[str] = None) -> None:
        self.settings = settings
        self.feeds = dict(feeds)
        #: The seed of the stakes (and of the simulated shoe): stored with an exam, which it makes rehearsable.
        self.seed = seed
        #: The ``--source`` the cards come from, stored with the result (None: not told, nothing stored).
        self.source = source
        self.rng = random.Random(seed)
        self.clock = clock
        self.drills = {n: (drills or {}).get(n) or DRILLS[n]() for n in settings.drills}
        self.records = records or {}
        self.attempts: list[Attempt] = []
        self.started = clock()
        self.wall_started = time.time()
        self._turn = 0
        self._pending: deque[Case] = deque()
        #: The hand being dealt at a real table: its cases come as its cards do (see :meth:`_at_table`).
        self._hand: Optional[Generator[Case, Called, None]] = None
        self._hand_feed: Optional[CardFeed] = None
        self._last: Optional[Case] = None
        #: The answers to the hand's last case when the table goes on as they called it (see :meth:`_follow`).
        self._called: Called = None
        #: The hand being dealt has shown a case (before its first, the trainee deals a new hand).
        self._hand_shown = False

    # -- cases ----------------------------------------------------------------
    def _feed(self, drill: Drill) -> CardFeed:
        return self.feeds.get(drill.game) or self.feeds["baccarat"]

    def next_case(self) -> Case:
        """The next case.  On a real source this waits for the cards; :class:`FeedError` voids a hand."""
        if self._pending:
            return self._pending.popleft()
        if not all(f.can_skip for f in self.feeds.values()):
            self._last = self._at_table()
            return self._last
        name = self.settings.drills[self._turn % len(self.settings.drills)]
        self._turn += 1
        drill = self.drills[name]
        feed = self._feed(drill)
        level = self.settings.level
        wanted = difficulty.weights(drill.categories, drill.hard, level, self.records.get(name))
        if wanted is None:
            cases = self._deal(drill, feed, level)
            self._pending.extend(cases[1:])
            return cases[0]
        target = difficulty.pick(wanted, self.rng)
        cases = []
        for _ in range(MAX_SKIP):
            cases = self._deal(drill, feed, level)
            for case in cases:
                if target in case.categories:
                    return case
        return cases[0]

    def _at_table(self) -> Case:
        """The next case of the hand being dealt at a real table, taking only the cards it needs.

        A case is asked as soon as its cards are out, before the card it asks about is
        taken: the trainee decides at the moment the croupier must.  The hand's last
        cards (a Banker's third card after the last question) are taken when the next
        case is wanted, so that the next hand starts in step with the table.
        """
        while True:
            called, self._called = self._called, None
            if self._hand is None:
                for feed in self.feeds.values():
                    if feed.needs_ready:
                        raise FeedError(feed.void(""), resync=True)
                drill = self.drills[self.settings.drills[self._turn % len(self.settings.drills)]]
                self._turn += 1
                feed = self._feed(drill)
                self._hand, self._hand_feed = drill.play(feed, self.rng, self.settings.level), feed
                self._hand_shown = False
                called = None  # a hand not yet begun is sent nothing
            try:
                case = self._hand.send(called)
                self._hand_shown = True
                return case
            except StopIteration:
                self._hand = None
            except FeedError as exc:
                self._hand = None
                if exc.resync or self._hand_feed.can_skip or isinstance(exc, FeedClosed):
                    raise  # closed: the session has ended, no hand to void
                raise FeedError(self._hand_feed.void(str(exc)), resync=True) from None

    @property
    def dealing(self) -> str:
        """What the trainee deals now at a real table: how the last case's hand goes on, or a new hand."""
        return self.deal_now["message"]

    @property
    def deal_now(self) -> dict:
        """:attr:`dealing` for a program: ``message`` its words, ``due`` what is dealt (``next_hand``;
        ``player``, ``banker``: that side's third card; ``dealer``: the dealer's next card; ``seat``: the
        blackjack player plays as ``play`` says, ``hit``, ``stand``, ``double`` or ``split``, and the hand goes
        on; ``on``: this hand's next card, or the next hand if it is over), ``play`` null but for ``seat``."""
        if self._hand is None or not self._hand_shown:
            return {"due": "next_hand", "play": None, "message": "Deal the next hand ..."}
        # Not "the next card of this hand": whether the hand goes on is what a third-card case asks.
        then = self._last.then if self._last is not None else ""
        if then:
            return {"due": "seat", "play": PLAY.get(then), "message": f"{then}: deal on ..."}
        # The card the call deals: an exam's table goes on as the trainee called it, a practice's by the rules.
        answered = self.attempts[-1] if self.attempts and self.attempts[-1].case is self._last else None
        call = answered.given[0] if answered is not None and self.settings.exam else None
        told = self._last.deals_after(call) if self._last is not None else ""
        if told:
            return {"due": DUE.get(told, "on"), "play": None, "message": f"{told} ..."}
        return {"due": "on", "play": None,
                "message": "Deal on (this hand's next card, or the next hand if it is over) ..."}

    @property
    def needs_ready(self) -> bool:
        """A void hand at a real table: no card is taken until the trainee has cleared it (:meth:`ready`)."""
        return any(f.needs_ready for f in self.feeds.values())

    def ready(self) -> None:
        for feed in set(self.feeds.values()):
            feed.ready()

    def _deal(self, drill: Drill, feed: CardFeed, level: int) -> list[Case]:
        while True:
            try:
                cases = drill.deal(feed, self.rng, level)
            except FeedError:
                if not feed.can_skip:
                    raise
                continue  # a simulated hand that crossed into a reshuffled shoe: deal another
            if cases:
                return cases

    # -- answers --------------------------------------------------------------
    @property
    def limit(self) -> Optional[float]:
        return self.settings.limit

    def submit(self, case: Case, texts: Sequence[object], seconds: float) -> Attempt:
        """Score typed answers; :class:`AnswerError` (nothing scored) when one cannot be read, and
        :class:`ExamTimeUp` (nothing scored) when an exam's time has run out."""
        self._check_time()
        attempt = score(case, texts, seconds, self.limit)
        self.attempts.append(attempt)
        self._follow(attempt)
        return attempt

    def time_out(self, case: Case, seconds: float, partial: Sequence[str] = ()) -> Attempt:
        self._check_time()
        attempt = timed_out(case, seconds, partial)
        self.attempts.append(attempt)
        self._follow(attempt)
        return attempt

    def _check_time(self) -> None:
        """An answer after an exam's minutes ran out had counted, and the last one made the exam complete,
        so that it could pass although its own terms said it ends not finished at 0:00 (qaS F2)."""
        if self.time_up:
            raise ExamTimeUp(self.settings.minutes)

    def _follow(self, attempt: Attempt) -> None:
        """In an exam at a real table the hand goes on as the trainee called it, right or wrong.

        An exam tells no right call, so a trainee who called "no card" where the Player draws deals
        the next hand: the trainer had taken that hand's first card as the Player's third and stayed out
        of step with the table for the rest of the exam.  A practice tells the right call at once, and
        the trainee deals by it: the rules are followed there.
        """
        if self.settings.exam and self._hand is not None and attempt.case is self._last:
            self._called = attempt.given
        elif self.settings.exam and self._pending and self._deals_otherwise(attempt):
            # The simulated shoe deals a hand's cases at once, by the rules: the next one (the Player's
            # third card dealt) told a trainee who called "no card" the right call, unasked (qaS F7).  The
            # hand ends where the call leaves it, as at a real table, and the next case is a new hand.
            self._pending.clear()

    @staticmethod
    def _deals_otherwise(attempt: Attempt) -> bool:
        """The call (or no call, the time being up) deals other cards than the rules' answer would."""
        case = attempt.case
        if not case.deals:
            return False   # the case decides no card (the seat's play is the trainer's): the hand goes on
        call = attempt.given[0] if attempt.given else None
        return call is None or case.deals_after(call) != case.deals_after(None)

    # -- the clock and the end --------------------------------------------------
    @property
    def elapsed(self) -> float:
        return self.clock() - self.started

    @property
    def remaining(self) -> Optional[float]:
        if self.settings.minutes is None:
            return None
        return max(0.0, self.settings.minutes * 60 - self.elapsed)

    @property
    def ran_out(self) -> bool:
        """An exam of so many cases whose session time ran out before its last case (the summary says so)."""
        s = self.settings
        return (s.exam and s.cases is not None and len(self.attempts) < s.cases and self.remaining is not None
                and self.remaining == 0)

    @property
    def time_up(self) -> bool:
        """An exam with a session clock (``--minutes``) whose time has run out: it takes no more answers."""
        s = self.settings
        return s.exam and s.minutes is not None and self.elapsed >= s.minutes * 60

    @property
    def finished(self) -> bool:
        s = self.settings
        if s.cases is not None and len(self.attempts) >= s.cases:
            return True
        return s.minutes is not None and self.elapsed >= s.minutes * 60

    def summary(self) -> Summary:
        """The summary so far.  An exam ended before its last case (or, by time only, before its time was up)
        is not complete: its unanswered cases count as failed and it cannot pass."""
        s = self.settings
        kept = {"seed": self.seed, "standard": s.standard, "house": s.house, "source": self.source_record,
                "how": s.how}
        if not s.exam:
            return summarize(self.attempts, s.mark, False, s.level, **kept)
        if s.cases is not None:
            return summarize(self.attempts, s.mark, True, s.level, planned=s.cases, **kept)
        return summarize(self.attempts, s.mark, True, s.level, complete=self.finished, **kept)

    @property
    def source_record(self) -> Optional[dict]:
        """Where the cards came from, as stored: the ``--source`` and what each device said in its HELLO.

        A school reading the record can tell a real shoe from the shoe simulator, whose cases can be rehearsed.
        """
        if self.source is None:
            return None
        hello = {(h["device"], h["firmware"]): h for f in self.feeds.values() for h in f.hello}
        return {"spec": self.source, "hello": list(hello.values())}

    def close(self) -> None:
        for feed in set(self.feeds.values()):
            feed.close()
