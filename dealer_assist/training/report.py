"""What ``train --progress`` tells a head trainer beyond the verdicts: each trainee's weak spots and
each session's figures per drill, as text or CSV.

The progress file kept both (``categories``: seen and wrong per rule; ``drills`` in each session)
but the listing showed one line per session with the overall figures only, so a trainer had to read
JSON to learn *where* a student fails, and could not tell a mixed session's tableau from its payouts
(qaP F2).  The file may have been edited by hand: a value that is not what it should be is passed over,
never a crash.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from typing import Iterable, Mapping, Optional, Sequence

from dealer_assist.training.scoring import answered_any

#: Weak spots listed per trainee in the text listing (all of them in the CSV).
SHOWN = 8


@dataclass(frozen=True)
class Spot:
    """One rule's record: ``payouts/big 0.54`` seen 12 times, answered wrong 5."""

    rule: str
    seen: int
    wrong: int

    @property
    def rate(self) -> float:
        return self.wrong / self.seen if self.seen else 0.0

    @property
    def words(self) -> str:
        return f"{self.rule}: {self.wrong} wrong of {self.seen} ({self.rate:.0%})"


def _count(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


def spots(categories: object) -> list[Spot]:
    """Every rule with a mistake, the highest error rate first (then the most mistakes)."""
    found = []
    for rule, counts in (categories.items() if isinstance(categories, Mapping) else ()):
        if isinstance(counts, Mapping):
            seen, wrong = _count(counts.get("seen")), _count(counts.get("wrong"))
            if seen and wrong:
                found.append(Spot(str(rule), seen, min(wrong, seen)))
    return sorted(found, key=lambda s: (-s.rate, -s.wrong, s.rule))


def by_drill(entry: Mapping) -> list[tuple[str, int, int]]:
    """A session's ``(drill, right, cases)`` per drill, as stored in its ``drills``."""
    out = []
    for d in entry.get("drills") if isinstance(entry.get("drills"), list) else ():
        if isinstance(d, Mapping) and isinstance(d.get("name"), str):
            out.append((d["name"], _count(d.get("right")), _count(d.get("cases"))))
    return out


def drill_words(entry: Mapping) -> str:
    """``third-card 9/10 right (90%), payouts 6/10 right (60%)``; empty when the session had one drill."""
    parts = by_drill(entry)
    if len(parts) < 2:
        return ""
    o = entry.get("overall") if isinstance(entry.get("overall"), Mapping) else {}
    unanswered = _count(o.get("unanswered"))
    return ", ".join(f"{name} {right}/{cases} right ({right / cases if cases else 0:.0%})"
                     for name, right, cases in parts) + (f", {unanswered} not answered" if unanswered else "")


def weak_lines(categories: object, shown: int = SHOWN) -> list[str]:
    """The text listing's weak spots of one trainee, most missed first."""
    found = spots(categories)
    if not found:
        return []
    lines = ["weak spots (rules answered wrong, highest rate first):"]
    lines.extend("  " + s.words for s in found[:shown])
    if len(found) > shown:
        lines.append(f"  ... and {len(found) - shown} more rules with mistakes (all in --csv rules)")
    return lines


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``11th``, ``22nd``."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


@dataclass(frozen=True)
class ExamRecord:
    """A trainee's exams of one drill (``third-card``, ``mixed``): how many were taken, and which one first
    passed at the standard (None: none yet).  A student who resits until one passes by chance shows here,
    not only as one more line among the sessions (qaS F4).  ``edited``: how many of the attempts are edited
    records, counted whatever their exam flag reads (qaAD F3)."""

    drill: str
    attempts: int
    passed_at: Optional[int] = None
    edited: int = 0

    @property
    def words(self) -> str:
        taken = f"{self.drill} exams: {self.attempts} attempt{'' if self.attempts == 1 else 's'}"
        if self.edited:
            taken += (f" ({self.edited} of them edited record{'s' if self.edited != 1 else ''}: an attempt "
                      "whatever it reads, never a pass)")
        if self.passed_at is None:
            return f"{taken}, none passed at the standard yet"
        before = self.passed_at - 1
        since = self.attempts - self.passed_at
        told = [f"{before} failed exam{'' if before == 1 else 's'} before"] if before else []
        if since:
            told.append(f"{since} taken since")
        return f"{taken}, passed at the {ordinal(self.passed_at)} attempt" + (f" ({', '.join(told)})" if told else "")

    def to_json(self) -> dict:
        return {"drill": self.drill, "attempts": self.attempts, "passed_at": self.passed_at, "edited": self.edited}


def _attempt(entry: Mapping, state: str) -> bool:
    """An exam, or an edited record: its exam flag may have been edited too (``"exam": false`` on a failed
    exam took it out of the count, and made a later pass the 1st attempt; qaAD F3)."""
    return entry.get("exam") is True or state == "edited"


def exam_of(label: object) -> object:
    """What makes two stored exams the same exam: their set of drills, in any order (``payouts,third-card``
    and ``third-card,payouts``, as the day's limit counts them; qaAD F11); an unknown label, itself."""
    from dealer_assist.training.house import drill_names

    names = drill_names(label)
    return names if names is not None else str(label)


def attempt_numbers(sessions: Sequence[Mapping], states: Optional[Sequence[str]] = None) -> list[Optional[int]]:
    """Each session's attempt number among the trainee's exams of its drills (None: a practice session);
    ``states``: the sessions' seal states (an edited record is an attempt)."""
    seen: dict[object, int] = {}
    out: list[Optional[int]] = []
    for entry, state in zip(sessions, states if states is not None else [""] * len(sessions)):
        if _attempt(entry, state):
            drill = exam_of(entry.get("drill", ""))
            seen[drill] = seen.get(drill, 0) + 1
            out.append(seen[drill])
        else:
            out.append(None)
    return out


def exam_records(sessions: Sequence[Mapping], counts: Sequence[bool],
                 states: Optional[Sequence[str]] = None) -> list[ExamRecord]:
    """The trainee's exams per drill, in the order the drills were first examined; ``counts[i]``: session
    ``i`` is a pass that counts (``PASSED`` at the standard, its record not edited); ``states``: the seal
    states, by which an edited record is an attempt whatever it reads."""
    states = states if states is not None else [""] * len(sessions)
    labels: dict[object, str] = {}   # each exam under the label it was first taken as
    attempts: dict[object, int] = {}
    passed: dict[object, int] = {}
    edited: dict[object, int] = {}
    for entry, number, good, state in zip(sessions, attempt_numbers(sessions, states), counts, states):
        if number is None:
            continue
        drill = exam_of(entry.get("drill", ""))
        labels.setdefault(drill, str(entry.get("drill", "")))
        attempts[drill] = number
        edited[drill] = edited.get(drill, 0) + (state == "edited")
        if good and drill not in passed:
            passed[drill] = number
    return [ExamRecord(labels[drill], n, passed.get(drill), edited[drill]) for drill, n in attempts.items()]


SESSION_COLUMNS = ("trainee", "date", "drill", "level", "exam", "cases", "right", "accuracy", "within",
                   "mean_seconds", "verdict", "by_drill", "record", "exam_attempt")
RULE_COLUMNS = ("trainee", "drill", "rule", "seen", "wrong", "rate")
MISTAKE_COLUMNS = ("trainee", "session", "date", "drill", "exam", "exam_attempt", "case", "missed", "result",
                   "given", "expected", "seconds", "explanation")


#: What a spreadsheet takes a cell starting with for a formula (and tab or CR, which some strip first).
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def cell(value: object) -> object:
    """A text cell a spreadsheet would run as a formula (a trainee named ``=HYPERLINK(...)``), made text by a
    leading ``'``, as spreadsheet exports do (qaS F12); numbers and other texts are written as they are."""
    if isinstance(value, str) and value.startswith(_FORMULA_STARTS):
        return "'" + value
    return value


def sessions_csv(rows: Iterable[Mapping[str, object]]) -> str:
    """The sessions as CSV, one row each (``rows`` already hold the :data:`SESSION_COLUMNS`)."""
    out = io.StringIO()
    writer = csv.DictWriter(out, SESSION_COLUMNS, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    writer.writerows({k: cell(v) for k, v in row.items()} for row in rows)
    return out.getvalue()


def rules_csv(people: Mapping[str, Mapping]) -> str:
    """Every trainee's per-rule record as CSV, every rule seen (also those never missed)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(RULE_COLUMNS)
    for name, person in people.items():
        categories = person.get("categories") if isinstance(person, Mapping) else None
        for rule, counts in (categories.items() if isinstance(categories, Mapping) else ()):
            if not isinstance(counts, Mapping):
                continue
            seen, wrong = _count(counts.get("seen")), _count(counts.get("wrong"))
            drill, _, short = str(rule).partition("/")
            writer.writerow(tuple(map(cell, (name, drill, short, seen, wrong, f"{wrong / seen:.4f}" if seen else ""))))
    return out.getvalue()


def _listed(value: object) -> str:
    """A stored list of answers or rules as one cell: ``7.50; 0.00``, a missing answer as ``no answer``."""
    if not isinstance(value, list):
        return ""
    return "; ".join("no answer" if v is None else str(v) for v in value)


def mistakes_csv(people: Mapping[str, Mapping], states: Optional[Mapping[str, Sequence[str]]] = None) -> str:
    """Every stored mistake as CSV, one row each, with the session it belongs to (its number in the trainee's
    list, as ``--progress`` lists them), what was answered, what was right and why.

    The window shows them on the summary, once; afterwards they were in ``--progress --json`` only, so a
    trainer going over a failed exam with the student read JSON (qaS F8).  A session keeps its first
    50 mistakes.  ``states``: each trainee's seal states (an edited record has an attempt number).
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(MISTAKE_COLUMNS)
    for name, person in people.items():
        sessions = person.get("sessions") if isinstance(person, Mapping) else None
        sessions = sessions if isinstance(sessions, list) else []
        numbers = attempt_numbers(sessions, (states or {}).get(name))
        for number, (entry, attempt) in enumerate(zip(sessions, numbers), 1):
            mistakes = entry.get("mistakes") if isinstance(entry.get("mistakes"), list) else []
            for m in mistakes:
                if not isinstance(m, Mapping):
                    continue
                writer.writerow(tuple(map(cell, (
                    name, number, entry.get("date", ""), entry.get("drill", ""), "yes" if entry.get("exam") else "no",
                    "" if attempt is None else attempt, m.get("case", ""), _listed(m.get("missed")),
                    m.get("result", ""), _listed(m.get("given")), _listed(m.get("expected")), m.get("seconds", ""),
                    m.get("explanation", "")))))
    return out.getvalue()


def by_drill_cell(entry: Mapping) -> str:
    """``third-card 5/5; 35 not answered``: each drill's right of its answered cases, then the cases an
    unfinished exam never asked, which belong to no drill ("third-card 5/5" of a 40-case exam; qaAD F9)."""
    o = entry.get("overall") if isinstance(entry.get("overall"), Mapping) else {}
    parts = [f"{n} {r}/{c}" for n, r, c in by_drill(entry)]
    unanswered = _count(o.get("unanswered"))
    if parts and unanswered:
        parts.append(f"{unanswered} not answered")
    return "; ".join(parts)


def csv_cells(name: str, entry: Mapping, verdict: str, record: str, attempt: Optional[int] = None) -> dict[str, object]:
    """One session's CSV row; ``attempt``: an exam's number among the trainee's exams of its drill."""
    o = entry.get("overall") if isinstance(entry.get("overall"), Mapping) else {}
    return {"trainee": name, "date": entry.get("date", ""), "drill": entry.get("drill", ""),
            "level": entry.get("level", ""), "exam": "yes" if entry.get("exam") else "no",
            "cases": o.get("cases", ""), "right": o.get("right", ""), "accuracy": o.get("accuracy", ""),
            "within": o.get("within", ""), "mean_seconds": o.get("mean_seconds", "") if answered_any(o) else "", "verdict": verdict,
            "by_drill": by_drill_cell(entry), "record": record,
            "exam_attempt": "" if attempt is None else attempt}
