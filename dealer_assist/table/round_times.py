"""When each round of a journal was played: what surveillance matches against a camera's footage.

The question a surveillance room asks is "what happened at table 3 at 21:14?"
(qaAE F1): the footage has a wall clock, the journal its rounds.  The rounds
are taken as the export gives them (:func:`dealer_assist.table.export.iter_rounds`),
each with the time its round began (``started``) and ended (``ended``, None for a
round never settled: voided, carried over, still open).  A round's time is its
play: a correction made after it ended (its bets reopened and settled again, a
misdeal called later) is named as such (``corrections``); the time between the end
and the correction is no play (rev24 E2: surveillance was sent to a moment the
table was idle), the time from the correction to the round's next end is (rev27 F2:
a misread last card dealt anew was "no round being played"); a misdeal called in that play (after a card
voided or bets reopened) keeps its own time (rev29 R2: it was given the correction's, and the re-deal before
it was "no round being played").
The journal writes UTC; a person reads the pit's local time, so :func:`local_text`
gives a time with its offset.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Iterable, Iterator, Optional

from dealer_assist.table.shift_totals import ShiftTimeError, parse_time


@dataclass(frozen=True)
class Correction:
    """A settlement taken back after its round had ended (``taken_back``, the correction's time) and when
    the round ended again (``settled_again``; None: it did not).  From the one to the other the round was
    being played again (a misread last card dealt anew, bets set right and settled: rev27 F2).  A
    ``misdeal`` voided the round at ``misdeal_at``: the correction's own time when the misdeal took the
    settlement back, later when a card voided or bets reopened first and the misdeal was called in the
    re-deal (rev29 R2); the round was being played from the one to the other.  A misdeal with no new shoe
    is ``dealt_again`` under its number (that deal's time): the round was being played from the correction
    to its next end (never ended: to the journal's last entry), the misdeal a step of it (rev31 R9).  A re-deal
    voided as a misdeal again is the same correction's: ``misdeal_at`` and ``dealt_again`` are the last misdeal's
    (the one that bounds the play), ``earlier_misdeals`` each one before it, ``(misdeal_at, dealt_again)``, in
    order (only the last was named)."""

    taken_back: Optional[str]
    settled_again: Optional[str] = None
    misdeal: bool = False
    misdeal_at: Optional[str] = None
    dealt_again: Optional[str] = None
    earlier_misdeals: tuple[tuple[Optional[str], Optional[str]], ...] = ()

    @property
    def voided_at(self) -> Optional[str]:
        """When the misdeal voided the round (None: no misdeal); ``taken_back`` when its own time is not known."""
        return (self.misdeal_at or self.taken_back) if self.misdeal else None

    @property
    def misdeals(self) -> tuple[tuple[Optional[str], Optional[str]], ...]:
        """Every misdeal after the correction, in order: when it voided the round, and when the round was dealt
        again after it (None: it was not)."""
        return (*self.earlier_misdeals, (self.voided_at, self.dealt_again)) if self.misdeal else ()

    def to_json(self) -> dict:
        return {"taken_back": self.taken_back, "settled_again": self.settled_again, "misdeal": self.misdeal,
                "misdeal_at": self.voided_at, "dealt_again": self.dealt_again,
                "taken_back_local": local_text(self.taken_back),
                "settled_again_local": local_text(self.settled_again),
                "misdeal_at_local": local_text(self.voided_at), "dealt_again_local": local_text(self.dealt_again),
                "misdeals": misdeals_json(self.misdeals)}


def misdeals_json(misdeals: Iterable[tuple[Optional[str], Optional[str]]]) -> list[dict]:
    """Misdeals as every JSON answer gives them (a round's, a correction's, the summary's with its round):
    ``{"at", "dealt_again", "at_local", "dealt_again_local"}`` each."""
    return [{"at": at, "dealt_again": again, "at_local": local_text(at), "dealt_again_local": local_text(again)}
            for at, again in misdeals]


@dataclass(frozen=True)
class RoundTime:
    """One round's place in time: its shoe and number as the display's status line numbers them; ``ended``
    the end of its play (its first end); ``corrections`` each settlement taken back after an end, in order
    (``corrected`` and ``settled_again`` the first one's times); ``carried_to`` the round a misdeal carried
    its bets to ("shoe 2 round 1"); ``voided_at``, a round voided as a misdeal before its play ended (never
    settled) and left voided: when (its play ends there: qaAM F2, it was "being played" after the void);
    ``in_play_misdeals`` each misdeal of its first play, before its first end (a round never ended: every one),
    ``(at, dealt_again)`` in order, the last ``(voided_at, None)`` when one left it voided (a misdeal in the
    play and dealt again was named nowhere in the listing: fixM2)."""

    shoe: object
    round: object
    game: Optional[str]
    status: str
    started: Optional[str]
    ended: Optional[str]
    corrections: tuple[Correction, ...] = ()
    carried_to: Optional[str] = None
    voided_at: Optional[str] = None
    in_play_misdeals: tuple[tuple[Optional[str], Optional[str]], ...] = ()

    @property
    def misdeals(self) -> tuple[tuple[Optional[str], Optional[str]], ...]:
        """Every misdeal of the round, in order: those of its first play, then each correction's."""
        return (*self.in_play_misdeals, *(m for c in self.corrections for m in c.misdeals))

    @property
    def start(self) -> Optional[datetime]:
        return _moment(self.started)

    @property
    def end(self) -> Optional[datetime]:
        return _moment(self.ended)

    @property
    def corrected(self) -> Optional[str]:
        return self.corrections[0].taken_back if self.corrections else None

    @property
    def settled_again(self) -> Optional[str]:
        return self.corrections[0].settled_again if self.corrections else None

    def to_json(self) -> dict:
        return {"shoe": self.shoe, "round": self.round, "game": self.game, "status": self.status,
                "started": self.started, "ended": self.ended, "corrected": self.corrected,
                "settled_again": self.settled_again, "started_local": local_text(self.started),
                "ended_local": local_text(self.ended), "corrected_local": local_text(self.corrected),
                "settled_again_local": local_text(self.settled_again),
                "corrections": [c.to_json() for c in self.corrections], "carried_to": self.carried_to,
                "voided_at": self.voided_at, "voided_at_local": local_text(self.voided_at),
                "misdeals": misdeals_json(self.misdeals)}

    def replayed_at(self, at: datetime, after_end: bool, through: Optional[datetime] = None) -> Optional[Correction]:
        """The correction after whose taking back the round was being played again at ``at`` (up to its
        next end; a misdeal: up to the misdeal, its moment when it took the settlement back itself; never
        ended again: up to the journal's last entry, unless ``after_end``), or None.  ``through``: the last
        moment of the time asked (a whole second, see :func:`asked_through`); ``at`` when None."""
        through = at if through is None else through
        for one in self.corrections:
            taken = _moment(one.taken_back)
            if taken is None or through < taken:
                continue
            again = _moment(one.settled_again)
            if again is not None and at <= again:
                return one
            if one.misdeal and one.dealt_again is None:
                voided = _moment(one.voided_at)
                if voided is not None and at <= voided:
                    return one
            elif one.settled_again is None and not after_end:
                return one
        return None


def _moment(text: Optional[str]) -> Optional[datetime]:
    if not text:
        return None
    try:
        return parse_time(text)
    except ShiftTimeError:  # a damaged entry's time: the round is listed, never placed in time
        return None


def local_text(text: Optional[str], fraction: bool = False) -> Optional[str]:
    """A journal time (UTC) as this computer's local time, to the second, with its offset:
    ``2026-12-06T21:14:03+01:00`` (``fraction``: with its fraction of a second, ``21:14:03.2``); None for none
    (an unreadable time is given as written)."""
    when = _moment(text)
    if when is None:
        return text or None
    return _with_fraction(when.astimezone()) if fraction else when.astimezone().isoformat(timespec="seconds")


def _with_fraction(when: datetime) -> str:
    """``when`` to the second, with its fraction of a second if it has one, as short as it goes: "14:32:16.1"."""
    if not when.microsecond:
        return when.isoformat(timespec="seconds")
    return re.sub(r"(\.\d*?)0+(?=[+-]|Z|$)", r"\1", when.isoformat(timespec="microseconds"))


def asked_text(text: str, at: datetime) -> str:
    """The moment ``--at`` was read as, in this computer's local time with its offset, saying so when the
    text gave no offset and was read as UTC (rev24 E8: a clock read off local footage and typed without
    its offset named a round an hour off without a word).  A fraction of a second is shown as given (qaAM F3: cut to
    the second, "at 14:32:16 no round was being played: round 8 had ended at 14:32:16; round 9 began at 14:32:16"
    read as a contradiction)."""
    local = _with_fraction(at.astimezone())
    try:
        naive = datetime.fromisoformat(text.strip()).tzinfo is None
    except ValueError:
        naive = False
    return f"{local} (--at {text.strip()} gave no offset: read as UTC)" if naive else local


#: A time typed to the second, without a fraction: "2026-12-07T00:52:53", with or without its offset, which may
#: follow a space as the reader takes it ("2026-12-07 00:52:53 +01:00", rev32 R7).
_TO_THE_SECOND = re.compile(r"\d{4}-?\d{2}-?\d{2}.\d{2}:?\d{2}:?\d{2}(?:\s?(?:Z|[+-].*))?", re.IGNORECASE)


def asked_through(text: str, at: datetime) -> datetime:
    """The last moment of the time ``--at`` gave: a time typed to the second names that whole second, so its
    last microsecond; any other (a fraction of a second, or to the minute) is the moment itself.

    The listing shows a round's start to the second, and the footage's clock runs to the second: a start copied
    from the listing (``00:52:53``) fell before the round's real start (``00:52:53.706``), and the answer
    was "no round had begun: the first began at 00:52:53" (qaAK F5)."""
    if _TO_THE_SECOND.fullmatch(text.strip()) is None:
        return at
    return at + timedelta(seconds=1) - timedelta(microseconds=1)


def round_times(records: Iterable[dict]) -> Iterator[RoundTime]:
    """The rounds of exported ``records`` (a blackjack deck check is no round: it is left out)."""
    for record in records:
        if "round" not in record:
            continue
        # Settlements taken back after the round had ended: corrections made later, not its first play.
        taken = [v for v in record.get("voided_settlements") or () if isinstance(v, dict) and v.get("round_ended")]
        ends = [v["round_ended"] for v in taken[1:]] + [record.get("ended")]
        bounds = [v.get("voided_by") for v in taken[1:]] + [None]
        corrections = tuple(_correction(record, v, end, bound) for v, end, bound in zip(taken, ends, bounds))
        to = record.get("carried_to")
        yield RoundTime(record.get("shoe"), record["round"], record.get("game"), str(record.get("status")),
                        record.get("started"), taken[0]["round_ended"] if taken else record.get("ended"),
                        corrections, f"shoe {to.get('shoe')} round {to.get('round')}" if isinstance(to, dict)
                        else None, None if taken else _voided_in_play(record),
                        _misdeals_in_play(record, taken[0].get("voided_by") if taken else None))


def _misdeals_in_play(record: dict, first_correction: Optional[int]) -> tuple[tuple[Optional[str], Optional[str]], ...]:
    """The misdeals of a round's first play, before the correction (its entry ``first_correction``, None: none)
    that took its first end's settlement back: each ``(at, dealt_again)``, as the export has them."""
    from dealer_assist.table.export import voids_round

    return tuple((_text(one.get("time")), _text(one.get("dealt_again"))) for one in record.get("corrections") or ()
                 if isinstance(one, dict) and voids_round(one)
                 and (first_correction is None or isinstance(one.get("seq"), int) and isinstance(first_correction, int)
                      and one["seq"] < first_correction))


def _voided_in_play(record: dict) -> Optional[str]:
    """When a round never settled was voided as a misdeal and left voided (its last misdeal's time), else None: a
    baccarat round ``voided``; a blackjack one whose deal was voided, not dealt again (its bets open, the round
    ``open``, or a new deck's: ``carried_over``)."""
    from dealer_assist.table.export import voids_round

    misdeals = [one for one in record.get("corrections") or () if isinstance(one, dict) and voids_round(one)]
    if not misdeals or not isinstance(misdeals[-1].get("time"), str):
        return None
    if record.get("status") == "voided" or (record.get("status") in ("open", "carried_over") and not record.get("cards")
                                            and misdeals[-1].get("op") == "void" and "dealt_again" not in misdeals[-1]):
        return misdeals[-1]["time"]
    return None


def _correction(record: dict, voided: dict, end: Optional[str], bound: Optional[int]) -> Correction:
    """A settlement taken back after the round's end (``voided``, one of the export's ``voided_settlements``)
    and what followed it up to the next such (its entry ``bound``, None: none): the round's next ``end``, and
    the misdeal that voided the round in between (with the correction, or called in the re-deal after it: the
    last ``void_round`` correction, older journals' action only, as the export reads them), dealt again under
    its number or not.  A misdeal dealt again was named nowhere in the listing (rev31 R9)."""
    from dealer_assist.table.export import voids_round

    start = voided.get("voided_by")
    misdeals = []
    for one in record.get("corrections") or ():
        seq = one.get("seq") if isinstance(one, dict) else None
        if (isinstance(seq, int) and isinstance(start, int) and start <= seq and (bound is None or seq < bound)
                and voids_round(one)):
            misdeals.append(one)
    if not misdeals:
        return Correction(voided.get("voided_at"), end)
    misdeal = misdeals[-1]
    again = misdeal.get("dealt_again")
    # A blackjack deal voided leaves its round open, not voided (its bets open again): a misdeal all the same.
    if again is None and record.get("status") != "voided" and misdeal.get("op") != "void":
        # a misdeal since dealt again under its number, as an export before it said when: its end stands
        return Correction(voided.get("voided_at"), end)
    earlier = tuple((_text(m.get("time")), _text(m.get("dealt_again"))) for m in misdeals[:-1])
    return Correction(voided.get("voided_at"), end if again is not None else None, True, _text(misdeal.get("time")),
                      _text(again), earlier)


def _text(value) -> Optional[str]:
    return value if isinstance(value, str) else None


def journal_round_times(journal, head_seq: int) -> list:
    """The :class:`RoundTime` of each round of ``journal``'s entries 1..``head_seq`` (read twice, as the
    export reads it: a month's journal in the memory of a round or two, and one small record a round)."""
    from dealer_assist.table.export import iter_rounds
    from dealer_assist.table.export_plan import plan_records

    plan = plan_records(journal.entries_where("seq <= ?", (head_seq,)))
    return list(round_times(iter_rounds(journal.entries_where("seq <= ?", (head_seq,)), plan)))


def journal_end(journal, head_seq: int) -> Optional[str]:
    """The time of ``journal``'s entry ``head_seq`` (its last verified one): after it the journal records
    nothing, so no round of it was being played (rev24 E6)."""
    last = next(journal.entries_where("seq = ?", (head_seq,)), None)
    return last.time if last is not None else None


@dataclass(frozen=True)
class RoundAt:
    """The rounds around a moment: ``playing``, the last round begun at or before it (None: none had
    begun), whether the moment falls within it (``within``: before the end of its play, between a
    correction and the round's next end or the misdeal that voided it (``again``, that correction), or,
    a round never ended, at or before the journal's last entry), ``next``, the first round begun after the
    moment, and ``after_end``: the moment is after the journal's last entry (``journal_end``).  A moment
    that is a whole second: ``ended_within``, the last other round whose play ended in that second (one
    round ended and ``playing`` began in it), else None.  ``also``: another round being played at the moment
    too, else None: a round whose play again after a correction began after ``playing`` began (N pressed,
    then the last round reopened by a V: its re-deal is ``playing``, the round N began ``also``, rev31 R7)."""

    playing: Optional[RoundTime]
    within: bool
    next: Optional[RoundTime]
    after_end: bool = False
    journal_end: Optional[str] = None
    again: Optional[Correction] = None
    ended_within: Optional[RoundTime] = None
    also: Optional[RoundTime] = None


def round_at(rounds: Iterable[RoundTime], at: datetime, journal_end: Optional[str] = None,
             through: Optional[datetime] = None) -> RoundAt:
    """Which round was being played at ``at``: the round begun last at or before it.  A round never
    ended was being played up to the journal's last entry (``journal_end``), not for ever after it; a
    round corrected after its end was being played again from the correction to its next end (or to the
    misdeal that voided it), not in the idle time before the correction (rev24 E2, rev27 F2, rev29 R2).
    ``through``: the last moment of the time asked, when it is a span from ``at`` (a whole second, see
    :func:`asked_through`): a round begun within it, or whose play ran into it, was being played then.
    An earlier round played again at the moment (after a correction made after the last round began: N
    pressed, then the settled round reopened by a V and dealt again, or voided as a misdeal) is named: it is
    the one being played, the round begun last ``also`` when it was being played too (rev31 R7: the re-deal
    was never named)."""
    through = at if through is None else through
    playing: Optional[RoundTime] = None
    following: Optional[RoundTime] = None
    rounds = [one for one in rounds if one.start is not None]
    for one in rounds:
        start = one.start
        if start <= through and (playing is None or start >= playing.start):
            playing = one
        elif start > through and (following is None or start < following.start):
            following = one
    last = _moment(journal_end)
    after_end = last is not None and at > last
    again = None
    if playing is None:
        within = False
    elif playing.end is None:  # never ended: up to the misdeal that voided it, else to the journal's last entry
        voided = _moment(playing.voided_at)
        within = not after_end if voided is None else at <= voided
    else:
        again = None if at <= playing.end else playing.replayed_at(at, after_end, through)
        within = at <= playing.end or again is not None
    also = None
    replayed = [(one, fix) for one in rounds if one is not playing and one.start <= through
                for fix in (one.replayed_at(at, after_end, through),) if fix is not None]
    if replayed:
        redealt, fix = max(replayed, key=lambda pair: (_moment(pair[1].taken_back), pair[0].start))
        begun = playing.start if again is None else _moment(again.taken_back)
        if not within or _moment(fix.taken_back) >= begun:
            also = playing if within else None
            playing, again, within = redealt, fix, True
        else:
            also = redealt
    ended = [one for one in rounds if one is not playing and one is not also and one.start <= through
             and one.end is not None and at <= one.end <= through]
    ended_within = max(ended, key=lambda one: one.start) if ended else None
    return RoundAt(playing, within, following, after_end, journal_end, again, ended_within, also)


def played_text(started: Optional[str], ended: Optional[str], corrections: Iterable[Correction] = (),
                carried_to: Optional[str] = None, voided_at: Optional[str] = None,
                in_play: Iterable[tuple[Optional[str], Optional[str]]] = ()) -> str:
    """A round's times as a replay's display shows them, in local time: "played 2026-12-06 21:14:03 to
    21:14:41 (UTC+01:00)", "played from 2026-12-06 21:14:03 (UTC+01:00), not ended"; each correction after
    its end follows its play: "..., corrected at 21:30:01, settled again at 21:30:07 (UTC+01:00)", "...,
    voided as a misdeal at 21:30:01, its bets carried to shoe 2 round 1" ("corrected at 21:30:01, voided as
    a misdeal at 21:32:01, ..." when it was called in the re-deal); a round voided as a misdeal before it ended
    (``voided_at``): "played from ..., voided as a misdeal at 21:14:30, its bets carried to ..."; the misdeals of
    its first play (``in_play``, ``(at, dealt_again)`` each: :attr:`RoundTime.in_play_misdeals`) in their place:
    "played from 21:14:03, voided as a misdeal at 21:14:30, dealt again at 21:15:02, ended at 21:15:40, ...";
    "" without a start.  Each time has its own offset when they differ (a change of summer time between them,
    rev24 E1)."""
    start = _moment(started)
    if start is None:
        return ""
    start = start.astimezone()
    in_play = list(in_play) or ([(voided_at, None)] if ended is None and voided_at is not None else [])
    steps = []
    for at, again in in_play:  # each in order, a re-deal voided again too (fixM2: they were named nowhere)
        steps.append(("voided as a misdeal at", _moment(at), "" if again is not None else
                      (f", its bets carried to {carried_to}" if carried_to else "")))
        if again is not None:
            steps.append(("dealt again at", _moment(again), ""))
    steps.append(("ended at" if in_play else "to", _moment(ended), ""))
    for one in corrections:
        open_tail = "" if one.settled_again is not None else ", not settled again"
        if one.misdeal:
            misdeals = one.misdeals
            if misdeals[0][0] != one.taken_back:  # called in the re-deal after a card voided
                steps.append(("corrected at", _moment(one.taken_back), ""))
            for n, (at, again) in enumerate(misdeals):  # each, in order: a re-deal voided again too
                steps.append(("voided as a misdeal at", _moment(at), "" if again is not None else
                              (f", its bets carried to {carried_to}" if carried_to else "")))
                if again is not None:  # under its number, no new shoe (rev31 R9)
                    steps.append(("dealt again at", _moment(again), open_tail if n == len(misdeals) - 1 else ""))
        else:
            steps.append(("corrected at", _moment(one.taken_back), open_tail))
        if one.settled_again is not None:
            steps.append(("settled again at", _moment(one.settled_again), ""))
    times = [(word, when.astimezone(), tail) for word, when, tail in steps if when is not None]
    one_zone = all(_zone(when) == _zone(start) for _, when, _ in times)

    def said(when: datetime, first: bool = False) -> str:
        shown = f"{when:%H:%M:%S}" if not first and when.date() == start.date() else f"{when:%Y-%m-%d %H:%M:%S}"
        return shown if one_zone else f"{shown} ({_zone(when)})"

    ended_too = bool(times) and times[0][0] == "to"
    text = f"played {said(start, True)}" if ended_too else f"played from {said(start, True)}"
    for n, (word, when, tail) in enumerate(times):
        text += (f" {word} {said(when)}" if n == 0 and ended_too else f", {word} {said(when)}") + tail
    text += f" ({_zone(start)})" if one_zone else ""
    if ended is None and voided_at is None:
        text += ", not ended"
    return text


def _zone(when: datetime) -> str:
    offset = when.strftime("%z")
    return f"UTC{offset[:3]}:{offset[3:]}" if offset else "UTC"
