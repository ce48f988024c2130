"""The trainer without a display: cases printed, answers typed on stdin.

``dealer-assist train --text`` runs it; with ``--json`` every case, answer
and the summary are JSON lines (one object per line), so a script or a test
can drive a session through a pipe.  At a real table so are a void hand
(``void``: the trainer now waits for an empty line saying the table is clear;
any other line is refused with what to press), the trainee's Enter
(``ready``) and the card reader's news (``reader``): told on stderr only, they
left a program that drives the trainer sending answers to a prompt it could not see.  End of input, ``q`` or Ctrl+C ends the
session early; the cases answered so far are scored (an exam's unanswered
cases count as failed) and the summary is printed and stored.  ``back``, typed
at a case's later answer, takes the answer before back, to be typed again: a
case is scored once its last answer is in (qaAN F11).  Ctrl+C sets
:attr:`TextTrainer.interrupted`, so that the command can exit 130 after
storing: a script still sees that the session was interrupted.  SIGTERM and
SIGHUP end it the same way through :meth:`TextTrainer.end_by_signal`.
"""

from __future__ import annotations

import json
import queue
import sys
import threading
import time
from collections import deque
from typing import Callable, Optional, TextIO

from dealer_assist.training.case import AnswerError, Case
from dealer_assist.training.drill import case_time
from dealer_assist.training.ending import Ended
from dealer_assist.training.feed import RESYNC, FeedError, reader_state
from dealer_assist.training.scoring import Summary
from dealer_assist.training.session import ExamTimeUp, TrainingSession
from dealer_assist.training.standard import simulator

QUIT = ("q", "quit", "exit")
#: Typed at a case's later answer: back to the answer before, to change it (a case is scored once its last
#: answer is in).  A mistyped line on a payout case's first bet had been scored with no way back (qaAN F11).
BACK = "back"


class _Quit(Exception):
    pass


def describe(case: Case) -> list[str]:
    lines = [case.title]
    for hand in case.hands:
        note = f"  ({hand.note})" if hand.note else ""
        lines.append(f"  {hand.name:<14} {' '.join(c.label for c in hand.cards)}{note}")
    lines.extend("  " + line for line in case.context)
    return lines


class TextTrainer:
    """Runs a session on text streams.  ``clock`` is injectable so tests need no sleeping."""

    def __init__(self, session: TrainingSession, inp: TextIO = sys.stdin, out: TextIO = sys.stdout,
                 err: TextIO = sys.stderr, json_mode: bool = False,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.session = session
        self.inp, self.out, self.err = inp, out, err
        self.json_mode = json_mode
        self.clock = clock
        #: True when Ctrl+C, SIGTERM or SIGHUP ended the session (it is scored and stored all the same).
        self.interrupted = False
        self._asking = False
        #: At a real table: typed lines, card-reader news and dealt cases, in the order they come (see :meth:`_table`).
        self._inbox: "Optional[queue.Queue[tuple[str, object]]]" = None
        self._ahead: deque[str] = deque()
        self._told = ""

    def end_by_signal(self, signum: int) -> None:
        """SIGTERM or SIGHUP: end the session as Ctrl+C does, at once while a case is being asked.

        Once the cases are done the signal is only noted (the summary is being printed and stored).
        """
        if self._asking:
            raise Ended(signum)
        self.interrupted = True

    def _write(self, stream: TextIO, text: str) -> None:
        try:
            stream.write(text)
            stream.flush()
        except OSError:
            self._gone()  # after the cases, the summary is stored all the same, unshown

    def _gone(self) -> None:
        """The terminal is gone (closed: EIO, often just before its SIGHUP): the session ends as on Ctrl+C."""
        self.interrupted = True
        if self._asking:
            raise _Quit()

    def _emit(self, obj: dict) -> None:
        self._write(self.out, json.dumps(obj, ensure_ascii=False) + "\n")

    def _say(self, text: str) -> None:
        if not self.json_mode:
            self._write(self.out, text + "\n")

    def _note(self, text: str) -> None:
        self._write(self.err, text + "\n")

    def _read(self, prompt: str) -> str:
        if not self.json_mode:
            self._write(self.out, prompt)
        if self._inbox is not None:
            return self._line()
        try:
            line = self.inp.readline()
        except OSError:
            self._gone()
            raise _Quit() from None
        if not line or line.strip().lower() in QUIT:
            raise _Quit()
        return line.strip()

    # -- a real table: the cards come when the trainee deals them -------------------
    def _table(self) -> None:
        """Read stdin in a thread, so that ``q`` and the card reader's news are taken while cards are awaited."""
        self._inbox = queue.Queue()
        inbox = self._inbox

        def read() -> None:
            while True:
                try:
                    line = self.inp.readline()
                except (OSError, ValueError):
                    line = ""
                inbox.put(("line", line))
                if not line:
                    return

        threading.Thread(target=read, name="trainer-stdin", daemon=True).start()
        for feed in set(self.session.feeds.values()):
            feed.on_status = lambda text: inbox.put(("status", text))
            start = getattr(feed, "start", None)
            if start is not None:
                start()

    def _take(self) -> tuple[str, object]:
        """The next item of the inbox; card-reader news is told here, whatever is being waited for."""
        while True:
            try:
                kind, value = self._inbox.get(timeout=0.2)  # a timeout keeps Ctrl+C and SIGTERM prompt
            except queue.Empty:
                continue
            if kind != "status":
                if kind == "line" and (not value or str(value).strip().lower() in QUIT):
                    raise _Quit()
                return kind, value
            if value:
                self._note(f"dealer-assist: {value}")
                self._reader(str(value))
            elif self._told:
                self._note("dealer-assist: card reader back: the training goes on")
                self._reader("card reader back: the training goes on", "back")
            self._told = str(value)

    def _reader(self, message: str, state: str = "") -> None:
        if self.json_mode:
            self._emit({"event": "reader", "state": state or reader_state(message), "message": message})

    def _line(self) -> str:
        if self._ahead:
            return self._ahead.popleft()
        while True:
            kind, value = self._take()
            if kind == "line":
                return str(value).strip()

    def _next_case(self) -> Case:
        """The next case; at a real table, waiting for its cards while still reading ``q`` and telling news."""
        session = self.session
        if self._inbox is None:
            return session.next_case()
        if session.needs_ready:
            for line in self._ahead:  # typed for the void hand: dropped, but not unsaid
                self._note(f"dealer-assist: {line!r} was typed for the void hand: it is not taken")
            self._ahead.clear()
            self._cleared()
            session.ready()
            if self.json_mode:
                self._emit({"event": "ready"})
        if self.json_mode:   # said in words only, a program driving the trainer had no word of it (qaAN F4)
            self._emit({"event": "deal", "after": len(session.attempts), **session.deal_now})
        else:
            self._say(session.dealing)
        inbox = self._inbox

        def work() -> None:
            try:
                inbox.put(("case", session.next_case()))
            except Exception as exc:  # noqa: BLE001 (any fault reaches the main thread: a dead thread left it waiting)
                inbox.put(("error", exc))

        threading.Thread(target=work, name="trainer-deal", daemon=True).start()
        while True:
            kind, value = self._take()
            if kind == "line":
                self._ahead.append(str(value).strip())  # typed ahead: the answer to the case on its way
            elif kind == "error":
                raise value
            elif kind == "case":
                return value

    def _cleared(self) -> None:
        """Wait for the empty line saying the table is clear; any other line is named and refused.

        A late answer ("B", "8") typed here by mistake had been taken as that Enter, silently: the
        trainee thought it answered a case, and the trainer took cards again before the table was clear.
        """
        while True:
            line = self._read("Press Enter when the table is clear (q ends the session): ")
            if not line:
                return
            shown = line if len(line) <= 40 else line[:37] + "..."
            self._note(f"dealer-assist: {shown!r} is not taken now: no case is asked while a void hand is "
                       "cleared away; clear the table, then press Enter on an empty line (q ends the session)")

    def _ask(self, case: Case) -> list[str]:
        answers: list[str] = []
        questions = case.questions
        while len(answers) < len(questions):
            q = questions[len(answers)]
            # "choices" wants every key that applies: "[H/S/D/P]" read as one of them, and "H" was marked wrong
            keys = q.hint if q.kind == "choices" else "/".join(c.key for c in q.choices) if q.choices else q.kind
            text = self._read(f"{q.prompt} [{keys}{', or ' + BACK if answers else ''}]: ")
            if text.lower() == BACK:
                if answers:
                    dropped = answers.pop()
                    back = questions[len(answers)]
                    self._note(f"dealer-assist: back to {back.prompt!r}: your answer {back.label_of(dropped)!r} "
                               "is taken back; type it again")
                else:
                    self._note(f"dealer-assist: nothing to go back to: {q.prompt!r} is this case's first answer")
                continue
            rest = questions[len(answers):]
            tokens = text.split()
            if len(rest) > 1 and len(tokens) == len(rest) and all(x.kind != "choices" for x in rest):
                parts = tokens
            else:
                parts = [text]
            try:
                taken = [x.normalize(p) for x, p in zip(rest, parts)]
            except AnswerError as exc:  # the whole line is asked again, none of it kept
                self._note(f"dealer-assist: {exc}")
                continue
            answers.extend(taken)
        return answers

    def _simulator_note(self) -> None:
        """Say, once its first case is out, that an exam read from the shoe simulator counts below the standard.

        A seed is announced before the first case; the simulator on a serial port is known only from
        its HELLO, which comes when the port is opened, so this is the first moment the trainer can tell.
        """
        sim = simulator(self.session.source_record)
        if sim is not None:
            self._note(f"dealer-assist: this exam's cards come from the shoe simulator ({sim}), which deals the "
                       "same cards again for the same seed: it is below the standard and a pass will be listed as "
                       "\"passed below the standard\"; take an exam that counts on a real shoe or --source sim")

    def _announce(self) -> None:
        """An exam's terms before its first case: the window shows a clock bar, a terminal has only words."""
        s = self.session.settings
        if self.json_mode:
            self._emit({"event": "exam", "cases": s.cases, "minutes": s.minutes, "limit": s.limit,
                        "pass_mark": s.mark.to_json()})
            return
        minutes = f"{s.minutes:g} minute{'' if s.minutes == 1 else 's'}" if s.minutes is not None else ""
        size = f"{s.cases} case{'' if s.cases == 1 else 's'}" if s.cases is not None else minutes
        if s.cases is not None and s.minutes is not None:
            size += (f" within {minutes} (when the time runs out the exam ends not finished, every case "
                     "not answered failed)")
        limit = (f"; at most {s.limit:g} s per decision{case_time(self.session.drills.values(), s.limit)}: an answer "
                 "after that counts as failed" if s.limit is not None else "")
        self._say(f"Exam: {size}, no feedback until the end{limit}. Pass mark: {s.mark.words} per decision.")

    def run(self) -> Summary:
        session = self.session
        exam = session.settings.exam
        number = 0
        if exam:
            self._announce()
        try:
            self._asking = True
            if not all(f.can_skip for f in session.feeds.values()):
                self._table()
            while not session.finished:
                try:
                    case = self._next_case()
                except FeedError as exc:
                    self._note(f"dealer-assist: {exc}")
                    if self.json_mode:
                        why = str(exc).removesuffix(f"; {RESYNC}")
                        self._emit({"event": "void", "why": why, "after": number,
                                    "waiting": "clear" if session.needs_ready else None, "message": str(exc)})
                    continue
                number += 1
                if exam and number == 1:
                    self._simulator_note()
                if self.json_mode:
                    shown = case.to_json()
                    if exam:  # the rule that decides the case ("natural", "player 0-5") is its answer
                        del shown["category"]
                    self._emit({"event": "case", "n": number, **shown})
                else:
                    self._say("")
                    self._say(f"#{number} " + "\n".join(describe(case)))
                started = self.clock()
                answers = self._ask(case)
                try:
                    attempt = session.submit(case, answers, self.clock() - started)
                except ExamTimeUp as exc:  # a late answer had counted, and could make the exam pass (qaS F2)
                    if self.json_mode:
                        self._emit({"event": "answer", "n": number, "recorded": False, "in_time": False})
                    else:
                        self._say(f"Not recorded: {exc}.")
                    break
                if exam:  # in time or not says nothing of right or wrong
                    late = attempt.result == "timeout"
                    if self.json_mode:
                        self._emit({"event": "answer", "n": number, "recorded": True, "in_time": not late})
                    else:
                        self._say(f"Recorded, after the {session.limit:g} s limit per decision: it counts as "
                                  "failed." if late else "Recorded.")
                elif self.json_mode:
                    self._emit({"event": "answer", "n": number, **attempt.to_json(), "broken": list(attempt.broken)})
                else:
                    self._say(attempt.feedback() + f"  ({attempt.seconds:.1f} s)")
            self._asking = False
        except _Quit:
            pass
        except KeyboardInterrupt as exc:  # like q: the answered cases are not thrown away
            self._asking = False  # a terminal gone now only leaves the note unshown
            self.interrupted = True
            why = f"ended by {exc.name}" if isinstance(exc, Ended) else "interrupted"
            self._note(f"dealer-assist: {why}: the session ends here; the cases answered are scored")
        finally:
            self._asking = False
        summary = session.summary()
        if self.json_mode:
            self._emit({"event": "summary", **summary.to_json()})
        else:
            self._say("")
            if session.ran_out:  # the window's words (qaP L5): "not finished" alone did not say why
                minutes = session.settings.minutes
                self._say(f"Time is up: the exam's {minutes:g} minute{'' if minutes == 1 else 's'} ran out before "
                          "its last case.")
            for line in summary.lines():
                self._say(line)
        return summary
