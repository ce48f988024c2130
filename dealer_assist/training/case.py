"""A drill case: what the trainee sees, the questions asked, and the one right answer to each.

The right answers are filled in by the drill from the rules core when the
case is made, so checking a trainee never re-implements a rule.  A typed
answer that cannot be read (``Q`` where P/B/S/N is asked, ``9.5x`` for an
amount) is refused with :class:`AnswerError` and is not scored: the trainee
simply types again.  An answer that can be read but is no possible right
answer is read and scored, wrong: an amount not rounded to the penny
(``9.5475``) or below zero (``-10``), a total not reduced to its last digit
(``13``).  Refused, its "more than two decimals" or "0 to 9" told an exam's
trainee how to correct it, the retry counted right, and the mistake croupiers
make most (calling 8 + 5 "13") was never scored.  The feedback after it says
the rule.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Optional, Sequence

from dealer_assist.cards import Card
from dealer_assist.money import CENT, InvalidAmountError, fmt, parse_money

#: An amount written past the penny (9.5475): a payout not rounded, read as written.
_UNROUNDED = re.compile(r"[0-9]{0,13}\.[0-9]{3,12}")
#: An amount below zero (-10, -9.5): no payout is negative, but it is a readable wrong answer.
_NEGATIVE = re.compile(r"-[0-9]{1,13}(?:\.[0-9]{1,12})?")
#: A whole number as typed for a ``number`` question: ASCII digits only ("²" passes str.isdigit, not int()).
_WHOLE = re.compile(r"[0-9]{1,6}")


class AnswerError(ValueError):
    """An answer that is not one of the accepted forms; the message names it and says what to type."""

    def __init__(self, text: object, question: "Question", hint: str) -> None:
        self.text = text
        self.question = question
        shown = repr(text)
        if len(shown) > 40:  # a pasted page is named by its start, not echoed whole
            shown = shown[:37] + "..."
        super().__init__(f"answer {shown} to {question.prompt!r} not understood: {hint}")


@dataclass(frozen=True)
class Choice:
    """One possible answer: the key the trainee presses and what it means."""

    key: str
    label: str


#: Answer kinds: one key of ``choices``; a set of keys (typed in any order); money; a small whole number.
KINDS = ("choice", "choices", "amount", "number")


@dataclass(frozen=True)
class Question:
    """One decision.  ``answer`` is canonical: a key, keys in ``choices`` order, ``9.54``, or ``7``."""

    name: str
    prompt: str
    kind: str
    answer: str
    choices: tuple[Choice, ...] = ()
    #: For ``number``: the highest right answer (baccarat totals are 0-9); a higher number typed is read
    #: and scored wrong, its feedback saying so.
    maximum: int = 9
    #: How feedback names the right answer (``Right call: Banker draws``); empty: the prompt.
    told: str = ""
    #: The rule this one answer turns on when it is not the case's (a payout case's Big amount is
    #: ``big 0.54`` in a case filed under ``banker commission``); empty: the case's category.
    category: str = ""
    #: The case's context line that names what this answer is about (a payout's bet, ``Seat 1: Banker
    #: 15.00``): the window marks it while it is asked and writes the answer given beside it, where
    #: "Seat 1: Banker 15.00" and "Seat 3: Banker 15.00" had looked alike (qaAN F11); empty: none.
    line: str = ""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"question kind {self.kind!r} is not one of {KINDS}")

    @property
    def hint(self) -> str:
        if self.kind == "choice":
            return "type " + ", ".join(f"{c.key} ({c.label})" for c in self.choices)
        if self.kind == "choices":
            return "type every key that applies, e.g. " + "".join(c.key for c in self.choices[:2]) + \
                ": " + ", ".join(f"{c.key} = {c.label}" for c in self.choices)
        if self.kind == "amount":
            return "type an amount like 9.54, or 0 when nothing is paid"
        return "type the total as a whole number, like 7"

    def normalize(self, text: object) -> str:
        """The canonical form of a typed answer; :class:`AnswerError` if it cannot be read."""
        raw = "" if text is None else str(text).strip()
        if not raw:
            raise AnswerError(text, self, self.hint)
        if self.kind == "choice":
            return self._one_key(raw, text)
        if self.kind == "choices":
            words = raw.replace(",", " ").split()
            if len(words) == 1 and self._by_label(words[0]) is None:
                words = list(words[0])
            keys = {self._one_key(w, text) for w in words}
            return "".join(c.key for c in self.choices if c.key in keys)
        if self.kind == "amount":
            if raw.lower() in ("-", "push", "none") or (raw.lower() == "take" and not self.prompt.endswith(": take")):
                return fmt(Decimal(0))  # "take" answers "pay" with nothing; asked what to take, it is no amount
            try:
                return fmt(parse_money(raw))
            except InvalidAmountError as exc:
                if _UNROUNDED.fullmatch(raw) or _NEGATIVE.fullmatch(raw):
                    exact = Decimal(raw)
                    if exact == 0:
                        return fmt(Decimal(0))  # "-0" is nothing paid
                    return fmt(exact) if exact == exact.quantize(CENT) else f"{exact.normalize():f}"
                raise AnswerError(text, self, f"{exc}; {self.hint}") from None
        if _WHOLE.fullmatch(raw):
            return str(int(raw))
        raise AnswerError(text, self, self.hint)

    def why_wrong(self, canonical: str) -> str:
        """A rule that a readable but impossible answer breaks (``13``: totals are 0 to 9), or ``""``."""
        if self.kind == "number" and canonical.isdigit() and int(canonical) > self.maximum:
            value = int(canonical)
            return (f"a baccarat total is 0 to {self.maximum}: drop the tens, {value} counts as "
                    f"{value % (self.maximum + 1)}")
        if self.kind == "amount" and canonical.startswith("-"):
            return "no payout is below 0: a losing bet pays 0 (its stake is taken)"
        if self.kind == "amount" and "." in canonical and len(canonical.split(".")[1]) > 2:
            return "a payout is rounded down to the penny"
        return ""

    def _by_label(self, word: str) -> Optional[Choice]:
        low = word.strip().lower()
        return next((c for c in self.choices if c.label.lower() == low), None)

    def _one_key(self, word: str, text: object) -> str:
        for c in self.choices:
            if word.upper() == c.key:
                return c.key
        found = self._by_label(word)
        if found is None:
            raise AnswerError(text, self, self.hint)
        return found.key

    def label_of(self, canonical: str) -> str:
        """The answer in words: ``Banker draws``, ``hit, stand``, ``9.54``."""
        names = {c.key: c.label for c in self.choices}
        if self.kind == "choice":
            return names.get(canonical, canonical)
        if self.kind == "choices":
            return ", ".join(names[k] for k in canonical) or "nothing"
        return canonical


@dataclass(frozen=True)
class Hand:
    """Cards shown under a name (``Player``, ``Banker``, ``Dealer``, ``Seat 1``) with an optional note."""

    name: str
    cards: tuple[Card, ...]
    note: str = ""


@dataclass(frozen=True)
class Case:
    """One drill item: hands and context lines to show, questions to answer, and why.

    ``category`` groups cases that teach the same rule (``banker 4``,
    ``banker commission``); difficulty levels and progress count by it.
    ``explanation`` is shown after a wrong answer: the tableau row that
    applies, or the payout arithmetic.
    """

    drill: str
    category: str
    title: str
    hands: tuple[Hand, ...]
    context: tuple[str, ...]
    questions: tuple[Question, ...]
    explanation: str
    #: Short one-line description for the summary's list of mistakes.
    summary: str = ""
    #: What happens at the table once the case is answered, when the drill decides it
    #: (``Seat 1 hits``): a trainee dealing a real shoe must know which card to deal next.
    then: str = ""
    #: The card each call deals at the table, as ``(answer, "Deal the Banker's third card")`` pairs (answer
    #: ``*``: any): after a wrong call the trainee is told which card is due, not "this hand's next card, or
    #: the next hand", which let a hand drift apart from the table (qaP L7).
    deals: tuple[tuple[str, str], ...] = ()

    def deals_after(self, call: Optional[str]) -> str:
        """What to deal after ``call`` (None: the right answer's), or ``""`` when the case does not say."""
        told = dict(self.deals)
        return told.get(call if call is not None else self.answers[0]) or told.get("*", "")

    @property
    def answers(self) -> tuple[str, ...]:
        return tuple(q.answer for q in self.questions)

    def rule_of(self, question: int) -> str:
        """The category a question's answer is filed under: its own, else the case's."""
        return self.questions[question].category or self.category

    @property
    def categories(self) -> tuple[str, ...]:
        """Every rule the case asks about: its category first, then its questions' own (a payout case's bets)."""
        return tuple(dict.fromkeys((self.category,) + tuple(self.rule_of(i) for i in range(len(self.questions)))))

    def normalize(self, texts: Sequence[object]) -> tuple[str, ...]:
        """All answers in canonical form, or :class:`AnswerError` for the first unreadable one."""
        if len(texts) != len(self.questions):
            raise ValueError(f"{len(texts)} answers given for {len(self.questions)} questions")
        return tuple(q.normalize(t) for q, t in zip(self.questions, texts))

    def to_json(self, reveal: bool = False) -> dict:
        """The case as the text mode's ``--json`` prints it; answers only with ``reveal``."""
        out: dict = {
            "drill": self.drill, "category": self.category, "title": self.title,
            "hands": [{"name": h.name, "cards": [c.code for c in h.cards], "note": h.note} for h in self.hands],
            "context": list(self.context),
            "questions": [{"name": q.name, "prompt": q.prompt, "kind": q.kind,
                           "choices": [{"key": c.key, "label": c.label} for c in q.choices]}
                          for q in self.questions],
        }
        if reveal:
            out["answers"] = list(self.answers)
            out["explanation"] = self.explanation
        return out


@dataclass(frozen=True)
class Attempt:
    """How the trainee did on one case.

    ``result`` is ``right``, ``wrong`` or ``timeout`` (no answer in time, or
    an answer after the limit: a slow right answer does not count as right
    when a limit is set).  ``seconds`` is the time for the whole case;
    :attr:`per_decision` divides it by the number of questions.
    """

    case: Case
    given: tuple[Optional[str], ...]
    result: str
    seconds: float
    wrong_questions: tuple[int, ...] = field(default=())

    @property
    def decisions(self) -> int:
        return len(self.case.questions)

    @property
    def per_decision(self) -> float:
        return self.seconds / max(1, self.decisions)

    @property
    def right(self) -> bool:
        return self.result == "right"

    @property
    def missed(self) -> tuple[str, ...]:
        """The rules of the answers got wrong, each once (a wrong Big amount is ``big 0.54``, not the case's
        ``banker commission``: qaP F9); a right answer given too late is the case's own category."""
        if self.right:
            return ()
        rules = tuple(dict.fromkeys(self.case.rule_of(i) for i in self.wrong_questions))
        return rules or (self.case.category,)

    @property
    def right_decisions(self) -> int:
        """The questions answered right, each a decision of its own toward the pass mark: a payout case with
        one amount wrong still has its other amounts right (qaP: all four had counted wrong).  None when the
        time ran out: a slow right answer does not count when a limit is set."""
        if self.result == "timeout":
            return 0
        return sum(g == q.answer for g, q in zip(self.given, self.case.questions))

    @property
    def broken(self) -> tuple[Optional[str], ...]:
        """Each answer's broken rule, as its feedback names it (``13``: "a baccarat total is 0 to 9: ..."), or
        None: the ``--json`` answer event had left it out, which ``--text`` tells (qaAN F12)."""
        return tuple(None if g is None else q.why_wrong(g) or None for g, q in zip(self.given, self.case.questions))

    def feedback(self) -> str:
        """What to tell the trainee right after the answer."""
        if self.right:
            return "Right."
        if self.result != "timeout":
            lines = ["Wrong."]
        elif all(g == q.answer for g, q in zip(self.given, self.case.questions)):
            lines = [f"Time is up: right, but after {self.seconds:.1f} s."]
        else:
            lines = [f"Time is up ({self.seconds:.1f} s)."]
        for i, q in enumerate(self.case.questions):
            given = self.given[i]
            if given != q.answer:
                said = "no answer" if given is None else q.label_of(given)
                rule = "" if given is None else q.why_wrong(given)
                lines.append(f"{q.told or q.prompt}: {q.label_of(q.answer)} (you said: {said}"
                             + (f"; {rule})" if rule else ")"))
        lines.append(self.case.explanation)
        return "\n".join(lines)

    def to_json(self) -> dict:
        return {"drill": self.case.drill, "category": self.case.category, "missed": list(self.missed),
                "result": self.result,
                "seconds": round(self.seconds, 3), "per_decision": round(self.per_decision, 3),
                "given": list(self.given), "expected": list(self.case.answers),
                "case": self.case.summary or self.case.title, "explanation": self.case.explanation}


def score(case: Case, texts: Sequence[object], seconds: float, limit: Optional[float] = None) -> Attempt:
    """Check typed answers against the case.  ``limit`` is seconds per decision (None: no limit).

    Raises :class:`AnswerError` (nothing scored) when an answer cannot be read.
    """
    given = case.normalize(texts)
    wrong = tuple(i for i, (g, q) in enumerate(zip(given, case.questions)) if g != q.answer)
    if limit is not None and seconds > limit * len(case.questions):
        result = "timeout"
    else:
        result = "wrong" if wrong else "right"
    return Attempt(case, given, result, seconds, wrong)


def timed_out(case: Case, seconds: float, partial: Sequence[Optional[str]] = ()) -> Attempt:
    """The case scored when the time ran out before every answer was in."""
    given = tuple(partial) + (None,) * (len(case.questions) - len(partial))
    wrong = tuple(i for i, (g, q) in enumerate(zip(given, case.questions)) if g != q.answer)
    return Attempt(case, given, "timeout", seconds, wrong)
