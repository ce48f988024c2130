"""The standard an exam must meet for its pass to count: the default exam, a school's, or a stricter one.

A trainee chooses an exam's settings on the command line, so a pass on its own proves nothing:
``--cases 1 --pass-accuracy 1`` passes on one lucky answer, and a ``--seed`` deals the cases a
``--no-save`` rehearsal has already shown.  The exam's settings are therefore stored with its
result, and the summary and ``train --progress`` show a pass below the standard as exactly that,
naming what falls short.  The standard: at least :attr:`Standard.cases` cases, a pass mark of at
least :attr:`Standard.accuracy` within at most :attr:`Standard.seconds` s per decision, and cases
from a shoe shuffled afresh (no seed, and not the shoe simulator: ``shoe-sim --seed`` on a serial
port deals the same cards again, run after run, and the trainer cannot know its seed, so an exam
whose shoe introduced itself as the simulator counts as a seeded one).  A school sets its own in the ``[training]`` section of a
config file; ``train --progress --config`` judges every stored exam by it, whatever standard the
trainee's own command line used.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Optional, Sequence

CASES = 40
ACCURACY = 0.98
SECONDS = 3.0
#: A stored exam with no "seed" key was stored before the seed was kept: it may have been seeded.
UNKNOWN = object()
#: Where a stored session was answered (its ``how``), in words.
HOW = {"window": "in the trainer window", "text": "on the terminal (--text)",
       "text-json": "through --text --json, the mode for a program driving the trainer"}
#: The shoe simulator as the standard names it: by its command, which ``--source sim`` (the simulated shoe, whose
#: unseeded exams count) is easily taken for (qaAW F7: "not the shoe simulator" left a trainer guessing).
SIMULATOR_COMMAND = "dealer-assist shoe-sim"
#: What the shoe simulator (``dealer-assist shoe-sim``) says in its HELLO: its firmware, and its default device id.
SIMULATOR_FIRMWARE = "shoesim"
SIMULATOR_DEVICE = "SIM-0001"


def simulator(source: object) -> Optional[str]:
    """The shoe simulator's HELLO among a session's ``source`` record, in words (None: no simulator said hello)."""
    hellos = source.get("hello") if isinstance(source, Mapping) else None
    for hello in hellos if isinstance(hellos, Sequence) else ():
        if not isinstance(hello, Mapping):
            continue
        device, firmware = str(hello.get("device", "")), str(hello.get("firmware", ""))
        if firmware.lower().startswith(SIMULATOR_FIRMWARE) or device.upper() == SIMULATOR_DEVICE:
            return f"device {device}, firmware {firmware}"
    return None


@dataclass(frozen=True)
class Standard:
    """The least an exam may ask for its pass to count."""

    cases: int = CASES
    accuracy: float = ACCURACY
    seconds: float = SECONDS
    #: The table's house rules (see :mod:`dealer_assist.training.house`; () the defaults): an exam passed
    #: under others (an EZ table's payouts) does not count at this table.
    house: tuple[str, ...] = ()
    #: The school's ``[training] exam_in_window``: an exam answered on the terminal (``--text``, which a
    #: program can drive through ``--json``) does not count (qaAD F5).
    window_only: bool = False

    @property
    def words(self) -> str:
        return (f"{self.cases} case{'' if self.cases == 1 else 's'} or more, {self.accuracy * 100:g}% within {self.seconds:g} s or stricter, no seed "
                f"and not dealt by {SIMULATOR_COMMAND}{', taken in the window' if self.window_only else ''}")

    def shortfalls(self, cases: int, accuracy: Optional[float], seconds: Optional[float],
                   seed: object = None, house: object = None, source: object = None,
                   drills: object = None, how: object = None) -> list[str]:
        """What keeps an exam with these settings below the standard, in words; empty when it meets it.

        ``accuracy``/``seconds`` None: the pass mark was not recorded.  ``seed`` :data:`UNKNOWN`: nor was the seed.
        ``house``: the exam's house rule lines; None: not judged; :data:`UNKNOWN`: not recorded (an entry of
        an older dealer-assist, counted as the defaults' unless this standard's table has other rules).
        ``source``: where the cards came from (``{"spec", "hello"}``; None: not recorded, not judged).
        ``drills``: the exam's drill names; only the house rules they use are compared (None: all).
        ``how``: where it was answered (:data:`HOW`; None: not judged; :data:`UNKNOWN`: not recorded).
        """
        from dealer_assist.training.house import for_drills, short as said

        mine = for_drills(self.house, drills)
        short = []
        if cases < self.cases:
            short.append(f"{cases} case{'' if cases == 1 else 's'}, not {self.cases} or more")
        if accuracy is None or seconds is None:
            short.append("pass mark not recorded")
        elif accuracy < self.accuracy or seconds > self.seconds:
            short.append(f"pass mark {accuracy * 100:g}% within {seconds:g} s, "
                         f"below {self.accuracy * 100:g}% within {self.seconds:g} s")
        if seed is UNKNOWN:
            short.append("seed not recorded (stored by an older dealer-assist)")
        elif seed is not None:
            short.append(f"seed {seed}: its cases can be rehearsed")
        sim = simulator(source)
        if sim is not None:
            short.append(f"cards from the shoe simulator ({sim}): shoe-sim deals the same cards again for the same "
                         "seed, so its cases can be rehearsed")
        if house is UNKNOWN:
            if mine:
                short.append("house rules not recorded (stored by an older dealer-assist)")
        elif house is not None and sorted(for_drills(house, drills)) != sorted(mine):
            short.append(f"taken under other house rules than this table's ({said(mine)})")
        if self.window_only and how is not None:
            if how is UNKNOWN:
                short.append("not recorded whether it was taken in the window (stored by an older dealer-assist)")
            elif how != "window":
                short.append(f"answered {HOW.get(str(how), str(how))}, not in the window the school requires")
        return short

    def entry_shortfalls(self, entry: Mapping) -> list[str]:
        """:meth:`shortfalls` of an exam as stored in the progress file (or a summary's JSON)."""
        mark = entry.get("pass_mark") if isinstance(entry.get("pass_mark"), Mapping) else {}
        accuracy, seconds = mark.get("accuracy"), mark.get("seconds")
        numbers = all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (accuracy, seconds))
        from dealer_assist.training.house import drill_names

        house = entry.get("house", UNKNOWN)
        return self.shortfalls(int(entry["overall"]["cases"]), accuracy if numbers else None,
                               seconds if numbers else None, entry.get("seed", UNKNOWN),
                               tuple(house) if isinstance(house, Sequence) and not isinstance(house, str) else UNKNOWN,
                               entry.get("source"), drill_names(entry.get("drill", "")), entry.get("how", UNKNOWN))

    def verdict(self, entry: Mapping) -> tuple[str, list[str]]:
        """``PASSED`` only for an exam passed at the standard; ``passed below the standard`` names what falls short.

        A practice session's pass is at a mark the trainee chose, with feedback after every case, so it
        reads ``passed (practice)``: a school reading ``train --progress`` must not take it for an exam's.
        """
        if not entry.get("passed"):
            return "not passed", []
        if not entry.get("exam"):
            return "passed (practice)", []
        short = self.entry_shortfalls(entry)
        return ("passed below the standard" if short else "PASSED"), short


DEFAULT = Standard()
