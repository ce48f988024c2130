"""A v1 device's conformance to ``hardware/PROTOCOL.md``, judged from the raw lines it sends.

The host is lenient where a table must be (it takes a bare LF, a lower-case CRC, a frame ended by the next
``$``) and explains what it can (a count that went back is a restart whose HELLO was lost).  Right for a
table; wrong for a firmware author who runs ``listen`` as the conformance check (PROTOCOL.md 9): a shoe that
passes a lenient host may be refused by another v1 host.  :class:`ConformanceCheck` names every deviation
from the protocol's rules that the host tolerated, with the line, the rule and its section, and sums them up
as pass or fail.  :class:`RawLineSplitter` cuts the byte stream into the lines a capture shows, their line
ends kept.

Pure: fed bytes with the time they arrived; no I/O, no threads.
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass
from typing import Optional

from dealer_assist.sources.shoe_protocol import (
    BOOT_SEQ_AT_MOST, DUPLICATE_WINDOW, MAX_FRAME, SEQ_MODULO, CardFrame, ErrorFrame, Frame, FrameError, HeartbeatFrame, HelloFrame,
    ShoeFrame, UnknownFrame, parse_frame, shown_bytes, stands_for_card,
)

#: A frame's CRC just read: a CR or an LF after it begins the line's end.
_CRC_AT_END = re.compile(rb"\*[0-9A-Fa-f]{4}\Z")

#: PROTOCOL.md 6: a heartbeat every 1 s, within 10 %.
HEARTBEAT_PERIOD = (0.9, 1.1)
#: What one heartbeat's interval may stray past :data:`HEARTBEAT_PERIOD` before it is named: the time a line
#: is stamped with is when the host read it, late by the scheduler's whims on a busy PC.  The mean period
#: over the check, where such delays even out, is held to :data:`HEARTBEAT_PERIOD` itself.
TIMING_ALLOWANCE = 0.1
#: A heartbeat missing this long is named while the device is silent (one less late is named, timed, when it
#: comes): the host's clock, read between two reads of the port, could find one not yet read overdue.
OVERDUE_AFTER = 2.0
#: How long a heartbeat waits for a HELLO written with it (section 6: in the same write) before it is timed.
HELLO_AFTER_BEAT = 0.5
#: A check this long (seconds, from its first frame) that heard no HELLO names it (SHOULD, PROTOCOL.md 6: a
#: device that sees the port open says its HELLO then, one that cannot every few seconds).
HELLO_UNHEARD_AFTER = 10.0
#: Deviations of one rule shown one by one; past them they are only counted (a device that sends lower-case
#: CRCs does it in every frame).
SHOWN_PER_RULE = 5
#: The longest piece a capture holds with no line end (a device that never ends its lines).
PIECE_LIMIT = 4 * MAX_FRAME
#: How long a frame's line end waits for its second byte (the LF of CR LF) before it is taken as it stands: the two
#: go in one write, and a read a few ms apart splits them only on a busy host.
LINE_END_WAIT = 0.1

#: How a captured line ended.
END_LINE = "line"  # LF (in the plain dialect a CR too)
END_NEXT_FRAME = "next_frame"  # the next $ came first (v1)
END_CUT = "cut"  # the link was lost, or the capture ended, first
END_LIMIT = "limit"  # PIECE_LIMIT bytes with no end

MUST = "MUST"
SHOULD = "SHOULD"
#: What the check sees but cannot call a deviation (``boot_on_open``): told, counted apart, failing nothing (qaAY F9:
#: it read "SHOULD not held", a rule broken, to a maker who had just switched the board on).
NOTE = "NOTE"


@dataclass(frozen=True)
class RawLine:
    """One line as it came off the wire, its line end included, stamped with when its last byte arrived."""

    t: float
    raw: bytes
    end: str = END_LINE

    @property
    def shown(self) -> str:
        return shown_bytes(self.raw)


class RawLineSplitter:
    """Cuts a byte stream into :class:`RawLine` values as the host's reader cuts it into lines: at each LF,
    before each ``$`` (v1), and at a CR not followed by an LF (``plain``); unlike the reader, it keeps every
    byte, line ends and noise included, so that a capture shows what the device sent.

    A v1 frame's line end is taken whole: after its ``*CCCC``, a CR or an LF holds the line for the other byte of a
    line end, which ends it with them (CR LF, or LF CR reversed), while any other byte, or :data:`LINE_END_WAIT`
    seconds with none (:meth:`due`), ends it as it stands (qaAY F8: a device ending its lines with CR alone had each
    read only when the next ``$`` came, a heartbeat late, and was named for heartbeats and HELLOs it had sent on
    time; F9: LF CR was named a bare LF and then noise)."""

    def __init__(self, *, dollar_starts_line: bool = True, cr_ends_line: bool = False) -> None:
        self.dollar = dollar_starts_line
        self.cr_ends = cr_ends_line
        self._buf = bytearray()
        self._t = 0.0
        #: A frame's first line-end byte is in the buffer: the line waits for its second.
        self._ending = False

    def feed(self, t: float, data: bytes) -> list[RawLine]:
        out: list[RawLine] = []
        for byte in data:
            if self._ending:
                self._ending = False
                if byte in (0x0A, 0x0D) and byte != self._buf[-1]:
                    self._buf.append(byte)
                    self._t = t
                    out.append(self._taken(END_LINE))
                    continue
                if not byte == self._buf[-1] == 0x0D:  # a second CR stays in the line, as the host's reader keeps it
                    out.append(self._taken(END_LINE))
            if self._buf and ((self.dollar and byte == 0x24) or (self.cr_ends and self._buf[-1] == 0x0D
                                                                  and byte != 0x0A)):
                out.append(self._taken(END_NEXT_FRAME if byte == 0x24 else END_LINE))
            if self.dollar and byte in (0x0A, 0x0D) and _CRC_AT_END.search(self._buf[-5:]):
                self._ending = True
                self._buf.append(byte)
                self._t = t
                continue
            self._buf.append(byte)
            self._t = t
            if byte == 0x0A:
                out.append(self._taken(END_LINE))
            elif len(self._buf) >= PIECE_LIMIT:
                out.append(self._taken(END_LIMIT))
        return out

    def due(self, t: float) -> Optional[RawLine]:
        """The frame held for the second byte of its line end, once none came for :data:`LINE_END_WAIT` s."""
        if self._ending and t - self._t >= LINE_END_WAIT:
            self._ending = False
            return self._taken(END_LINE)
        return None

    def cut(self) -> Optional[RawLine]:
        """The partial line held (the link was lost, or the capture ends before its end), or None."""
        if not self._buf:
            return None
        ending, self._ending = self._ending, False
        return self._taken(END_LINE if ending else END_CUT)

    def _taken(self, end: str) -> RawLine:
        line = RawLine(self._t, bytes(self._buf), end)
        self._buf.clear()
        return line


@dataclass(frozen=True)
class Deviation:
    """A rule of PROTOCOL.md the device broke though the host tolerated it.  ``raw`` is the line (empty for
    a silence); ``last_shown``: further deviations of this rule are only counted."""

    t: float
    rule: str
    section: str
    level: str
    raw: bytes
    text: str
    last_shown: bool = False


@dataclass(frozen=True)
class ConformanceSummary:
    """The check's outcome.  ``deviations`` and ``warnings`` are ``(rule, count)`` pairs (rules broken
    that MUST, and that SHOULD, hold); ``period`` the heartbeat intervals measured, ``(min, mean, max)``."""

    passed: bool
    reasons: tuple[str, ...]
    frames: int
    heartbeats: int
    dropped: int
    deviations: tuple[tuple[str, int], ...]
    warnings: tuple[tuple[str, int], ...]
    intervals: int
    period: Optional[tuple[float, float, float]]
    notes: tuple[tuple[str, int], ...] = ()

    @property
    def text(self) -> str:
        verdict = "PASS" if self.passed else "FAIL"
        said = f"conformance {verdict}: {_n(self.frames, 'frame')}, {_n(self.heartbeats, 'heartbeat')}"
        if self.period is not None:
            low, mean, high = self.period
            said += (f", heartbeat period {mean:.3f} s (from {low:.3f} to {high:.3f} over "
                     f"{_n(self.intervals, 'interval')})")
        if self.warnings:
            said += "; SHOULD not held: " + ", ".join(f"{rule} x{n}" for rule, n in self.warnings)
        if self.notes:
            said += "; notes (no rule broken): " + ", ".join(f"{rule} x{n}" for rule, n in self.notes)
        return said + ("" if self.passed else "; " + "; ".join(self.reasons))


#: How many comma-separated parts (type and SEQ included) a v1 frame of each fixed-length type has.
_FIELDS = {"CARD": 3, "HB": 3, "SHOE": 3, "HELLO": 6}


def _n(count: int, word: str) -> str:
    """``count`` and ``word``, plural but for 1."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _end_fault(line: RawLine, content: bytes) -> str:
    """What is wrong with a frame's line end, or ""."""
    end = line.raw[len(content):]
    if end == b"\r\n":
        return ""
    if end == b"\n":
        return "ends with a bare LF"
    if end == b"\n\r":
        return "ends with LF CR, reversed"
    if end == b"\r" and line.end == END_LINE:
        return "ends with a CR and no LF"
    if line.end == END_NEXT_FRAME:
        if end == b"\r":
            return "ends with a CR and no LF (the next $ ended it)"
        return "has no line end (the next $ ended it)"
    return f"ends with {shown_bytes(end)!r}" if end else "has no line end"


def _frame_content(raw: bytes) -> bytes:
    """A frame's line without its line end (CR LF, LF, CR, or LF CR)."""
    if raw.endswith(b"\n\r"):
        return raw[:-2]
    if raw.endswith(b"\n"):
        raw = raw[:-1]
    return raw[:-1] if raw.endswith(b"\r") else raw


def _overflow(frame: Frame) -> bool:
    """PROTOCOL.md 5 and 6: ``ERR OVERFLOW`` tells of frames the device numbered and lost itself, the one SEQ
    gap it may leave, at the gap (qaN F10: the check FAILed a device doing as section 6 said)."""
    return isinstance(frame, ErrorFrame) and frame.code == "OVERFLOW"


def _in_period(interval: float) -> bool:
    low, high = HEARTBEAT_PERIOD
    return low - TIMING_ALLOWANCE <= interval <= high + TIMING_ALLOWANCE


class ConformanceCheck:
    """Judges a v1 device by the lines it sends (:meth:`line`), the link's state (:meth:`link`) and the
    passing of time (:meth:`tick`, for a heartbeat that does not come).  Each returns the deviations found;
    :meth:`summary` sums the check up."""

    def __init__(self, *, shown_per_rule: int = SHOWN_PER_RULE) -> None:
        self.shown_per_rule = shown_per_rule
        self._counts: dict[tuple[str, str], int] = {}
        self._frames = self._heartbeats = self._dropped = 0
        #: Whether the last line was a piece of one too long (END_LIMIT): the host drops such a line once.
        self._overlong = False
        # the count
        self._expected: Optional[int] = None
        self._boot: Optional[str] = None
        self._boot_heard = False
        self._boots: set[str] = set()
        #: The device id the last HELLO named while the port stayed open (None after the link was lost: another
        #: unit may be plugged in then).
        self._device: Optional[str] = None
        #: The protocol the last HELLO heard said (1 until one is): a later one may add fields.
        self._protocol = 1
        self._pending_hello: Optional[HelloFrame] = None
        self._repeat_hello = False
        #: Whether the HELLO being read came right after a heartbeat, in the same write (section 6), and the raw
        #: line of one not yet known to be said again, with whether it did (the frame after it tells).
        self._hello_after_beat = False
        self._pending_hello_line: tuple[bytes, bool] = (b"", False)
        #: Whether no line was dropped, and the link stayed up, since the HELLO pending was heard.
        self._hello_clean = False
        #: When the first frame came, and whether a HELLO came since (``hello_unheard``, told once).
        self._first_frame_at: Optional[float] = None
        self._hello_heard = False
        self._unheard_told = False
        #: Whether the last frame was one sent again (same SEQ and content): no heartbeat to time.
        self._repeat = False
        self._order: deque[int] = deque()
        self._recent: dict[int, Frame] = {}
        self._last_card: Optional[int] = None
        #: The type of that frame as a deviation names it: ``CARD``, ``ERR MISREAD``.
        self._last_card_type = "CARD"
        #: Whether _last_card is surely the count's last card (None: none yet), the count's start being seen.
        self._card_known = False
        #: SEQs lost since the last card, as [first, last] runs: any of them may be the heartbeat's last card.
        self._lost: list[list[int]] = []
        #: A line dropped, or the link lost, since the last good frame: a gap may be theirs, not the device's.
        self._excused = False
        # the heartbeat's timing
        #: When the port opened, while no line has come since: a device heard only after a silence longer than a
        #: heartbeat's started (or woke) while the port was open, and its first frame is then its HELLO.
        self._opened_at: Optional[float] = None
        self._hb_ref: Optional[float] = None  # the last heartbeat, or the first frame since the port opened
        self._hb_ref_is_beat = False
        #: A heartbeat not timed yet: if a HELLO comes right after it, it may be the extra one section 6 asks for.
        self._held: Optional[tuple[float, bytes]] = None
        #: A heartbeat a HELLO said again came right after: one of the 1 s beats, or one outside them (6);
        #: the next heartbeat tells which reading keeps the period.
        self._optional: Optional[tuple[float, bytes]] = None
        self._interval_excused = False
        self._silence_told = False
        self._intervals = 0
        self._period_sum = 0.0
        self._period_low = float("inf")
        self._period_high = 0.0

    # -- input ------------------------------------------------------------

    def line(self, line: RawLine) -> list[Deviation]:
        out: list[Deviation] = []
        self._hello_after_beat = False
        if self._held is not None:
            held, self._held = self._held, None
            if line.raw.startswith(b"$HELLO,"):
                self._optional = held
                self._hello_after_beat = True
            else:
                out += self._time(*held)
        return out + self._line(line)

    def _line(self, line: RawLine) -> list[Deviation]:
        raw = line.raw
        opened_at, self._opened_at = self._opened_at, None
        if not raw.startswith(b"$"):
            overlong, self._overlong = self._overlong, line.end == END_LIMIT
            if raw.strip(b" \t\r\n\x00"):  # the host drops it itself, as bytes outside a frame
                if not overlong:  # the rest of a line too long is passed over, not dropped again
                    self._drop()
                return []
            return self._say(line.t, "noise", "3", SHOULD, raw,
                             "bytes outside a frame, which the host passes over without a word: a device SHOULD "
                             "NOT send any (a line is $...*CCCC then CR LF, nothing between lines)")
        self._overlong = line.end == END_LIMIT  # a $ begins a line of its own, even within one too long
        if line.end in (END_CUT, END_LIMIT):  # the host drops it: cut off, or too long
            self._drop()
            return []
        try:
            frame = parse_frame(raw[:-2] if raw.endswith(b"\n\r") else raw[:-1] if raw.endswith(b"\n") else raw)
        except FrameError:  # the host drops and names it (listen's dropped line)
            self._drop()
            return []
        self._frames += 1
        if self._first_frame_at is None:
            self._first_frame_at = line.t
        out: list[Deviation] = []
        if opened_at is not None and line.t - opened_at > HEARTBEAT_PERIOD[1] + TIMING_ALLOWANCE:
            out += self._woke(line.t, line.t - opened_at, raw, frame)
        content = _frame_content(raw)
        crc = content[-4:].decode("ascii")
        if crc != crc.upper():
            out += self._say(line.t, "crc_case", "3", MUST, raw,
                             f"CRC {crc} in lower case: devices MUST send 4 upper-case hex digits ({crc.upper()})")
        out += self._fields(line.t, raw, content, frame)
        out += self._shoe_state(line.t, raw, frame)
        out += self._frame_type(line.t, raw, frame)
        fault = _end_fault(line, content)
        if fault:
            out += self._say(line.t, "line_end", "3", MUST, raw,
                             f"the line {fault}: a line ends with CR LF (a host takes a bare LF, another may not)")
            if len(content) + 2 > MAX_FRAME:
                out += self._say(line.t, "frame_length", "3", MUST, raw,
                                 f"{len(content) + 2} bytes with its CR LF: a frame is at most {MAX_FRAME} bytes")
        out += self._count(line.t, raw, frame)
        if isinstance(frame, HeartbeatFrame) and not self._repeat:
            out += self._beat(line.t, raw)
        elif self._hb_ref is None:
            self._hb_ref, self._hb_ref_is_beat = line.t, False
        return out

    def link(self, t: float, state: str) -> list[Deviation]:
        """The link went ``up`` (the port opened), ``stale`` or ``lost``: a silence then is not the device's."""
        out = self._settle()
        self._hello_clean = False
        if state in ("up", "lost"):
            self._device = None
            self._opened_at = t if state == "up" else None
            self._hb_ref = None
            self._silence_told = False
            if self._expected is not None or self._pending_hello is not None:
                self._excused = True
        return out

    def tick(self, t: float) -> list[Deviation]:
        """Names a heartbeat overdue (once per silence)."""
        out: list[Deviation] = []
        if self._held is not None and t - self._held[0] > HELLO_AFTER_BEAT:
            held, self._held = self._held, None  # no HELLO came with it
            out += self._time(*held)
        ref, is_beat = self._hb_ref, self._hb_ref_is_beat
        for beat in (self._optional, self._held):
            if beat is not None and (ref is None or beat[0] > ref):
                ref, is_beat = beat[0], True
        if ref is None or self._silence_told or self._interval_excused:
            return out
        waited = t - ref
        if waited <= OVERDUE_AFTER:
            return out
        self._silence_told = True
        since = "the last heartbeat" if is_beat else "the first frame since the port opened"
        return out + self._say(t, "heartbeat_period", "6", MUST, b"",
                         f"no heartbeat for {waited:.2f} s since {since}: a device sends HB every 1 s (within 10 %), "
                         "whatever else it sends")

    def finish(self, t: float) -> list[Deviation]:
        """The deviations only the end can show: the last heartbeat's timing, and a mean period out of range
        (verN L7: said only in the summary's numbers, with no deviation line to name it)."""
        out = self._settle()
        if (not self._hello_heard and not self._unheard_told and self._first_frame_at is not None
                and t - self._first_frame_at >= HELLO_UNHEARD_AFTER):
            self._unheard_told = True
            out += self._say(t, "hello_unheard", "6", SHOULD, b"",
                             f"no HELLO in {t - self._first_frame_at:.0f} s of frames: a host that opens the port "
                             "after the device booted never learns which shoe it reads. A device SHOULD say its HELLO "
                             "again when a host opens the port (DTR rising), or, if it cannot see that (a USB-serial "
                             "bridge with no DTR), every few seconds, right after a heartbeat in the same write")
        if self._intervals >= 2 and ("heartbeat_period", MUST) not in self._counts:
            mean = self._period_sum / self._intervals
            low, high = HEARTBEAT_PERIOD
            if not low <= mean <= high:
                out += self._say(t, "heartbeat_period", "6", MUST, b"",
                                 f"mean heartbeat period {mean:.3f} s over {self._intervals} intervals: a device "
                                 "sends HB every 1 s (within 10 %)")
        return out

    def summary(self, t: float) -> ConformanceSummary:
        """The outcome so far, :meth:`finish` done first.  (A heartbeat overdue is :meth:`tick`'s to name: the
        lines read by ``t`` may not all have been fed yet.)"""
        self.finish(t)
        period = None
        if self._intervals:
            period = (self._period_low, self._period_sum / self._intervals, self._period_high)
        musts = tuple((rule, n) for (rule, level), n in self._counts.items() if level == MUST)
        shoulds = tuple((rule, n) for (rule, level), n in self._counts.items() if level == SHOULD)
        notes = tuple((rule, n) for (rule, level), n in self._counts.items() if level == NOTE)
        reasons = []
        if musts:
            reasons.append(f"{_n(sum(n for _, n in musts), 'deviation')} from PROTOCOL.md's MUSTs ("
                           + ", ".join(f"{rule} x{n}" for rule, n in musts) + ")")
        if self._dropped:
            reasons.append(f"{_n(self._dropped, 'line')} dropped (listen's dropped lines say why)")
        if not self._frames:
            reasons.append("no frame heard: check the port, the baud rate and that the device sends")
        elif self._heartbeats < 2 and ("heartbeat_period", MUST) not in self._counts:
            # Too short a listen; not when the heartbeats were found missing: that deviation says why so few came
            # (qaAV F8: both said, the period a deviation and too few to time).
            reasons.append(f"{_n(self._heartbeats, 'heartbeat')} heard, too few to time them: listen for 3 s or more")
        return ConformanceSummary(passed=not reasons, reasons=tuple(reasons), frames=self._frames,
                                  heartbeats=self._heartbeats, dropped=self._dropped, deviations=musts,
                                  warnings=shoulds, intervals=self._intervals, period=period, notes=notes)

    # -- rules ------------------------------------------------------------

    def _say(self, t: float, rule: str, section: str, level: str, raw: bytes, text: str) -> list[Deviation]:
        n = self._counts.get((rule, level), 0) + 1
        self._counts[(rule, level)] = n
        if n > self.shown_per_rule:
            return []
        return [Deviation(t, rule, section, level, raw, text, last_shown=n == self.shown_per_rule)]

    def _drop(self) -> None:
        self._dropped += 1
        self._hello_clean = False
        self._excused = True
        self._interval_excused = True

    def _start(self, t: float, boot: Optional[str], heard: bool) -> None:
        """A new count: its last card unknown until one comes, unless its start (a HELLO) was heard.  Its
        heartbeats are timed from its own first frame: a device is silent while it restarts."""
        self._settle()
        self._hb_ref, self._hb_ref_is_beat, self._silence_told = t, False, False
        self._boot, self._boot_heard = boot, heard
        if heard and boot is not None:
            self._boots.add(boot)
        self._last_card, self._card_known, self._lost = None, heard, []
        self._order.clear()
        self._recent.clear()

    def _count(self, t: float, raw: bytes, frame: Frame) -> list[Deviation]:
        """PROTOCOL.md 5 and 6: the SEQ count, HELLO, and the heartbeat's last card."""
        out: list[Deviation] = []
        if isinstance(frame, HelloFrame):
            self._hello_heard = True
            if self._device is not None and frame.device != self._device:
                out += self._say(t, "device_id", "6", MUST, raw,
                                 f"device id changed at a reboot: it must stay the same for the unit ({self._device} "
                                 f"before, now {frame.device}, the port open all along). The device id is stable, "
                                 "unique per unit; a table takes a HELLO naming another id for ANOTHER SHOE and holds "
                                 "every card until the croupier accepts it (Ctrl+T)")
            self._device = frame.device
            if frame.boot == self._boot and self._boot_heard:
                self._repeat_hello = True  # said again, outside the count (7.4)
                if not self._hello_after_beat:
                    out += self._no_beat_before(t, raw)
            else:
                self._pending_hello = frame  # a new boot, or said again by one not heard: the next frame tells
                self._pending_hello_line = (raw, self._hello_after_beat)
                self._hello_clean = True
            return out
        seq = frame.seq
        pending, self._pending_hello = self._pending_hello, None
        repeat_hello, self._repeat_hello = self._repeat_hello, False
        if pending is not None and seq == 1:
            if pending.boot in self._boots:
                out += self._say(t, "boot_id", "6", MUST, raw,
                                 f"a new count after HELLO with boot id {pending.boot}, heard from an earlier boot: "
                                 "the boot id is different at every boot")
            self._start(t, pending.boot, heard=True)
            self._expected = 1
        elif (pending is not None and 2 <= seq <= BOOT_SEQ_AT_MOST and self._hello_clean
              and (self._expected is None or seq < self._expected)):
            # A new count's HELLO, then SEQ 2 or 3 with no line dropped and the link up: the host takes it for a
            # boot whose first frames were lost (7.4: FRAMES LOST, the next card held).  A count bumped before its
            # HELLO was built passed here, when the HELLO was the first frame heard, while listen named lost frames
            # (qaAC F12), and was a seq_skipped after a count heard.
            out += self._say(t, "hello_seq", "5", MUST, raw,
                             f"SEQ {seq} right after HELLO (boot id {pending.boot}), with no line dropped and the link "
                             "up: after a boot's HELLO the count starts at 1, and a host names the frames from 1 lost "
                             "(FRAMES LOST at every boot). A HELLO said again in a count this young is read the same "
                             "way unless a heartbeat comes just before it, in the same write (6)")
            self._start(t, pending.boot, heard=True)
            self._lost_runs(1, seq)
            self._expected = seq
        elif pending is not None and self._expected is not None and seq < self._expected and seq != 0:
            self._start(t, pending.boot, heard=True)  # a new count all the same: SEQ 1 up to this one skipped
            self._expected = 1
        elif pending is not None:
            if self._boot_heard and self._boot != pending.boot:
                out += self._say(t, "hello_seq", "5", MUST, raw,
                                 f"SEQ {seq} after HELLO with a new boot id ({pending.boot}, the count's was "
                                 f"{self._boot}): after a boot's HELLO the count starts at 1; a HELLO said again "
                                 "keeps the boot id (7.4)")
            elif self._expected is not None and not self._pending_hello_line[1]:  # said again in a count heard
                out += self._no_beat_before(t, self._pending_hello_line[0])
            self._boot, self._boot_heard = pending.boot, True
            self._boots.add(pending.boot)
        elif repeat_hello and seq == 1 and self._expected not in (None, 1):
            out += self._say(t, "boot_id", "6", MUST, raw,
                             f"SEQ 1, a new count, after HELLO with the boot id of the count before ({self._boot}): "
                             "the boot id is different at every boot (a HELLO said again goes on with the count, 7.4)")
            self._start(t, self._boot, heard=True)
            self._expected = 1
        seen = self._seen(seq)
        self._repeat = seen == frame
        if self._repeat:
            return out  # sent again with the same SEQ and bytes: allowed (5)
        expected = self._expected
        if expected is not None and seq != expected:
            if seen is not None or not (seq >= expected or seq == 0):
                what = f"SEQ {seq} seen before with other content" if seen is not None else f"SEQ {seq} is behind"
                out += self._say(t, "seq_back", "5, 6", MUST, raw,
                                 f"{what}, where {expected} was due: the count went back with no HELLO before it. A "
                                 "device never reuses or reorders SEQ values, and sends HELLO right after every boot, "
                                 "before any other frame" + (" (a line dropped just before may have been it)"
                                                              if self._excused else ""))
                self._start(t, self._boot, heard=False)
                self._card_known = seq == 1
            else:
                last = (seq - 1) % SEQ_MODULO
                if not self._excused and not _overflow(frame):
                    run = str(expected) if last == expected else f"{expected}-{last}"
                    out += self._say(t, "seq_skipped", "5", MUST, raw,
                                     f"SEQ {seq} where {expected} was due: frame(s) {run} never came, with no line "
                                     "dropped and the link up: a device never skips a SEQ value (if this one did not, the line lost "
                                     "whole frames: check the cable and the baud rate)")
                self._lost_runs(expected, seq)
                self._interval_excused = True
        if isinstance(frame, HeartbeatFrame):
            out += self._last_card_named(t, raw, frame)
        self._remember(frame)
        self._expected = (seq + 1) % SEQ_MODULO
        self._excused = _overflow(frame)  # the frames it lost may be the gap just after it (5)
        return out

    def _no_beat_before(self, t: float, raw: bytes) -> list[Deviation]:
        """PROTOCOL.md 6: a HELLO said again SHOULD come right after a heartbeat, in the same write."""
        return self._say(t, "hello_no_beat", "6", SHOULD, raw,
                         "HELLO said again (the count's boot id, the count going on) with no heartbeat right before "
                         "it: a device SHOULD send a heartbeat just before it, in the same write, so that a host that "
                         "just opened the port knows the count and takes the HELLO as a repeat, not a boot (7.4)")

    def _seen(self, seq: int) -> Optional[Frame]:
        """The frame taken with ``seq`` within the last :data:`DUPLICATE_WINDOW` SEQs of the count (PROTOCOL.md 7.3),
        as the host counts them: not the last frames kept, which after a gap (a lost link) may be a lap of the
        count old, so that the count come round to their SEQ read as a SEQ used twice."""
        expected = self._expected
        if expected is None or not 0 < (expected - seq) % SEQ_MODULO <= DUPLICATE_WINDOW:
            return None
        return self._recent.get(seq)

    def _lost_runs(self, first: int, seq: int) -> None:
        if seq >= first:
            self._lost.append([first, seq - 1])
        else:  # across the wrap-around
            self._lost += [[first, SEQ_MODULO - 1]] + ([[0, seq - 1]] if seq else [])

    def _remember(self, frame: Frame) -> None:
        if frame.seq not in self._recent:
            self._order.append(frame.seq)
            if len(self._order) > DUPLICATE_WINDOW:
                del self._recent[self._order.popleft()]
        self._recent[frame.seq] = frame
        if stands_for_card(frame):  # a CARD, or an ERR MISREAD / DOUBLE_FEED: a card that left unread (6)
            self._last_card, self._card_known, self._lost = frame.seq, True, []
            self._last_card_type = "CARD" if isinstance(frame, CardFrame) else f"ERR {frame.code}"

    def _last_card_named(self, t: float, raw: bytes, frame: HeartbeatFrame) -> list[Deviation]:
        named = frame.last_card_seq
        if named == frame.seq:
            return self._say(t, "heartbeat_last_card", "6", MUST, raw,
                             f"heartbeat {frame.seq} names itself as the last card: it carries the SEQ of the last "
                             "frame of this boot that stands for a card (CARD, ERR MISREAD or DOUBLE_FEED), '-' "
                             "before any")
        if not self._card_known:
            return []  # the count's start was not heard and no card since: any earlier card may be it
        if named == self._last_card or (named is not None and any(a <= named <= b for a, b in self._lost)):
            return []
        had = "no card yet" if self._last_card is None else f"{self._last_card_type} {self._last_card}"
        lost = " (nor one of the frames lost since)" if self._lost else ""
        return self._say(t, "heartbeat_last_card", "6", MUST, raw,
                         f"heartbeat {frame.seq} names {'-' if named is None else named} as the last card, where this "
                         f"count's last was {had}{lost}: a heartbeat carries the SEQ of the last frame of this boot "
                         "that stands for a card (a CARD, ?? too, or an ERR MISREAD or DOUBLE_FEED), '-' before any; "
                         "not a count of cards, not the next SEQ")

    def _fields(self, t: float, raw: bytes, content: bytes, frame: Frame) -> list[Deviation]:
        """PROTOCOL.md 3: a later version may add fields at the end of a type, which a host ignores; a v1
        device sends exactly the fields of section 6."""
        if isinstance(frame, HelloFrame):
            self._protocol = frame.protocol
        parts = content[1:-5].decode("ascii").split(",")
        known = _FIELDS.get(parts[0])
        if known is None or len(parts) <= known or self._protocol > 1:
            return []
        extra = ",".join(parts[known:])
        return self._say(t, "extra_fields", "3, 6", MUST, raw,
                         f"{parts[0]} with fields past its own ({extra!r}), which the host ignores: a device of "
                         "protocol 1 sends exactly the fields of section 6 (a later version may add some, and says "
                         "so in its HELLO)")

    def _shoe_state(self, t: float, raw: bytes, frame: Frame) -> list[Deviation]:
        """PROTOCOL.md 6 and 7.7: a v1 device sends only the SHOE states NEW, CUT and EMPTY; a later version may add
        some, which a v1 host passes over (SHOE STATE X NOT KNOWN).  From a device whose HELLO says protocol 1 such a
        state is a firmware fault a table only warns of: the cut card or new shoe it meant goes untold (fixQP: the
        check passed it)."""
        if not isinstance(frame, ShoeFrame) or frame.known or self._protocol > 1:
            return []
        return self._say(t, "shoe_state", "6, 7.7", MUST, raw,
                         f"SHOE state {frame.state}, which the host passes over as no card and no cut card (the "
                         f"table shows SHOE STATE {frame.state} NOT KNOWN): a device of protocol 1 sends only NEW, "
                         "CUT and EMPTY (a later version may add states, and says so in its HELLO)")

    def _frame_type(self, t: float, raw: bytes, frame: Frame) -> list[Deviation]:
        """PROTOCOL.md 6 and 7.7: a v1 device sends only the frame types of section 6; a later version may add some,
        which a v1 host passes over with their SEQ counted, without a word.  From a device whose HELLO says protocol
        1 such a frame is a firmware fault: what it meant (a card?) reaches no table (fixQC: the check passed it)."""
        if not isinstance(frame, UnknownFrame) or self._protocol > 1:
            return []
        return self._say(t, "frame_type", "6, 7.7", MUST, raw,
                         f"frame type {frame.type}, which the host passes over with its SEQ counted and tells no "
                         "one of: a device of protocol 1 sends only HELLO, CARD, HB, ERR and SHOE (a later version "
                         "may add types, and says so in its HELLO)")

    def _woke(self, t: float, silence: float, raw: bytes, frame: Frame) -> list[Deviation]:
        """The first line since the port opened, a frame, came ``silence`` seconds (more than a heartbeat's
        period) after it: the device was off, or silent."""
        if isinstance(frame, HelloFrame):
            # It booted while the port was open, and said so first: switched on just then, or reset by the open
            # (DTR/RTS, an Arduino's auto-reset, a bootloader's silence first).  The bytes cannot tell which, so a
            # note, no FAIL (verN NEW-9: such a device PASSed, SHOE RESTARTED at every table start).
            return self._say(t, "boot_on_open", "2", NOTE, raw,
                             f"HELLO {silence:.1f} s after the port opened, with nothing before it: the device booted "
                             "after the port opened. Unless it was switched on just then, it resets when a host opens "
                             "the port (DTR/RTS: an Arduino's auto-reset), which a device MUST NOT: each table start "
                             "and reconnect would be a SHOE RESTARTED. Run the check again with the device left on: "
                             "this note again, with a new boot id, shows it resets")
        if frame.seq == 1:
            return self._say(t, "hello_first", "6", MUST, raw,
                             f"SEQ 1 came first, {silence:.1f} s after the port opened with nothing before it: the "
                             "device started while the port was open, and a device sends HELLO (SEQ 0) right "
                             "after every boot, before any other frame")
        return self._say(t, "heartbeat_period", "6", MUST, raw,
                         f"the first frame came {silence:.1f} s after the port opened with nothing before it: a "
                         "device sends HB every 1 s (within 10 %), whatever else it sends")

    def _beat(self, t: float, raw: bytes) -> list[Deviation]:
        """A heartbeat, held until the next line shows whether a HELLO came with it (see :meth:`_time`)."""
        self._heartbeats += 1
        out: list[Deviation] = []
        if self._optional is not None:
            (x, x_raw), self._optional = self._optional, None
            usable = self._hb_ref is not None and self._hb_ref_is_beat and not self._interval_excused
            p = self._hb_ref if usable else None
            regular = _in_period(t - x) and (p is None or _in_period(x - p))
            if regular:
                out += self._time(x, x_raw)  # one of the 1 s beats (the HELLO said right after it, as shoe-sim does)
            elif p is not None and _in_period(t - p):
                pass  # one of its own, outside the beats, the 1 s timer going on untouched
            elif _in_period(t - x) and (p is None or x - p <= HEARTBEAT_PERIOD[1] + TIMING_ALLOWANCE):
                # One of its own, the 1 s timer restarted at it (send_hb(); next_hb = now + 1000): the rhythm goes
                # on from it, untimed against the one before (qaAC F3: section 6 allows either, and this was a FAIL).
                # Only one said early: a restart at x cannot excuse the beat due before x that never came (rev24 H1:
                # a beat missed, then HB+HELLO 1.8 s after the one before, PASSed); a late one is timed below.
                self._hb_ref, self._hb_ref_is_beat = x, True
            else:
                out += self._time(x, x_raw)  # no reading keeps the period: timed as one of the beats
        self._held = (t, raw)
        return out

    def _settle(self) -> list[Deviation]:
        """Times the heartbeats still held, with no later one to tell: one a HELLO came after counts as a 1 s
        beat only if it keeps the period."""
        out: list[Deviation] = []
        if self._held is not None:
            held, self._held = self._held, None
            out += self._time(*held)
        if self._optional is not None:
            (x, x_raw), self._optional = self._optional, None
            if self._hb_ref is not None and self._hb_ref_is_beat and _in_period(x - self._hb_ref):
                out += self._time(x, x_raw)
        return out

    def _time(self, t: float, raw: bytes) -> list[Deviation]:
        """PROTOCOL.md 6: a heartbeat every 1 s.  A heartbeat written with a HELLO said again (6, a device
        whose port opened) may be one of them or one of its own outside them: its timer need not restart
        (verN NEW-1: the extra one read as "heartbeat 0.40 s after the one before", a FAIL)."""
        out: list[Deviation] = []
        if self._hb_ref is not None and self._hb_ref_is_beat and not self._interval_excused:
            interval = t - self._hb_ref
            self._intervals += 1
            self._period_sum += interval
            self._period_low = min(self._period_low, interval)
            self._period_high = max(self._period_high, interval)
            low, high = HEARTBEAT_PERIOD
            if interval < low - TIMING_ALLOWANCE:
                out += self._say(t, "heartbeat_period", "6", MUST, raw,
                                 f"heartbeat {interval:.2f} s after the one before: a device sends HB every 1 s "
                                 "(within 10 %)")
            elif interval > high + TIMING_ALLOWANCE and not self._silence_told:
                out += self._say(t, "heartbeat_period", "6", MUST, raw,
                                 f"heartbeat {interval:.2f} s after the one before: a device sends HB every 1 s "
                                 "(within 10 %), whatever else it sends")
        self._hb_ref, self._hb_ref_is_beat = t, True
        self._interval_excused = self._silence_told = False
        return out
