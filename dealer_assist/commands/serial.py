"""``listen``, ``shoe-sim`` and ``ports``: check a card-reading shoe in a minute, with or without hardware."""

from __future__ import annotations

import argparse
import errno
import functools
import queue
import signal
import sys
import threading
import time
from dataclasses import dataclass
from typing import Any, Optional

from dealer_assist.commands.out_file import refuse_journal_part, write_problem
from dealer_assist.commands.output import CommandError, emit_json


def baud_rate(text: str) -> int:
    """``--baud``: a whole number a port runs at."""
    from dealer_assist.sources.serial_shoe import baud_problem

    try:
        baud = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is no whole number: e.g. --baud 115200") from None
    if baud_problem(baud):
        raise argparse.ArgumentTypeError(baud_problem(baud))
    return baud


def _count(text: str) -> int:
    """``--cards``: a whole number above 0 (a negative one stopped before the first card, at once)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is no whole number: e.g. --cards 20") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} cards: give 1 or more (leave the option out to go on until Ctrl-C)")
    return value


def _seconds(option: str, zero: bool):
    """A type for ``option``: a finite number of seconds, above 0 (or 0 too when ``zero``).  Unchecked,
    ``listen --seconds -1`` ended at once with no output, its port never opened."""
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is no number of seconds, e.g. {option} 2") from None
        if not (0 <= value < float("inf")) or (value == 0 and not zero):  # also nan
            floor = "of 0 or more" if zero else "above 0"
            raise argparse.ArgumentTypeError(f"{text} seconds: give a number {floor}, e.g. {option} 2")
        return value
    return parse


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "listen", help="print the events of a serial card-reading shoe",
        description="Open a card-reading shoe and print every event it produces (cards, unreadable cards, "
                    "lost frames, device errors, dropped lines, link state). URL is anything "
                    "serial.serial_for_url takes: /dev/ttyUSB0, loop://, socket://HOST:PORT, rfc2217://HOST:PORT, "
                    "hwgrep://VID:PID. See hardware/PROTOCOL.md.")
    p.add_argument("--serial", required=True, metavar="URL", help="the port or URL to open")
    p.add_argument("--dialect", choices=("v1", "plain"), default="v1",
                   help="v1: shoe line protocol with CRC and SEQ (default); plain: one card code per line")
    p.add_argument("--baud", type=baud_rate, default=115200,
                   help="baud rate (default 115200; ignored by sockets and ptys)")
    p.add_argument("--usb", metavar="VID:PID[:SERIAL]",
                   help="find the device again by USB id after a replug (learnt by itself for /dev paths)")
    p.add_argument("--wait", action="store_true", help="if the port cannot be opened, keep retrying instead of failing")
    p.add_argument("--no-reconnect", action="store_true", help="stop when the link is lost instead of reconnecting")
    p.add_argument("--cards", type=_count, metavar="N", help="stop after N cards (read or unreadable)")
    p.add_argument("--seconds", type=_seconds("--seconds", zero=False), metavar="S", help="stop after S seconds")
    p.add_argument("--json", action="store_true", help="print one JSON object per event")
    p.add_argument("--conformance", action="store_true",
                   help="check the device against hardware/PROTOCOL.md (v1): name every deviation the host "
                        "tolerates (a lower-case CRC, a line end other than CR LF, a frame ended by the next $, "
                        "a heartbeat off its 1 s period or naming another last card, a count started with no "
                        "HELLO, a SEQ skipped, ...) with the line, the rule and its section, and end with a "
                        "PASS or FAIL summary (exit 1 on FAIL, or when the link is lost with --no-reconnect; Ctrl-C ends "
                        "the check)")
    p.add_argument("--raw", action="store_true",
                   help="also print every line received (frames taken, heartbeats, dropped lines and noise "
                        "alike) with its arrival time and its bytes escaped (\\r \\n \\xNN)")
    p.add_argument("--capture", metavar="FILE",
                   help="write every line received to FILE (arrival time in Unix seconds, then the bytes "
                        "escaped), to attach to a bug report")
    p.set_defaults(func=run_listen)

    s = subparsers.add_parser(
        "shoe-sim", help="emulate a card-reading shoe on a pseudo-terminal or TCP port, with fault injection",
        description="A virtual card-reading shoe speaking the shoe line protocol. It prints the port to open "
                    "with 'dealer-assist listen --serial PORT'. Faults are per-frame probabilities (0-1); the "
                    "--*-at options act after the Nth card. See hardware/SIMULATOR.md.")
    where = s.add_mutually_exclusive_group()
    where.add_argument("--pty", action="store_true", help="create a pseudo-terminal (default)")
    where.add_argument("--tcp", metavar="[HOST:]PORT", help="listen on TCP; open it as socket://HOST:PORT")
    where.add_argument("--serial", metavar="URL", help="send on a real serial port (a USB adapter wired to the "
                       "host's by a null-modem cable): tests the adapters, the cable and the baud rate")
    s.add_argument("--baud", type=baud_rate, default=115200, help="with --serial: baud rate (default 115200)")
    s.add_argument("--link", metavar="PATH", help="keep a symlink PATH to the current pty (survives replug)")
    s.add_argument("--decks", type=int, default=8, help="decks in the shoe (default 8)")
    s.add_argument("--seed", type=int,
                   help="shuffle and fault seed (repeatable runs; the boot id is new at every start)")
    s.add_argument("--cut", type=int, default=14, help="cards behind the cut card (default 14; 0: no cut card)")
    s.add_argument("--device-id", default="SIM-0001", help="the id the shoe gives in HELLO (default SIM-0001)")
    s.add_argument("--dialect", choices=("v1", "plain"), default="v1",
                   help="v1: framed with CRC (default); plain: one card code per line")
    pace = s.add_mutually_exclusive_group()
    pace.add_argument("--rate", type=float, default=1.0, help="cards per second (default 1)")
    pace.add_argument("--step", action="store_true", help="deal on keypress (Enter); keys inject faults")
    s.add_argument("--cards", type=_count, metavar="N", help="stop after N cards")
    s.add_argument("--no-wait", action="store_true", help="start dealing before a host has opened the port")
    for fault, what in (("corrupt", "that a byte of a frame is changed"), ("drop", "that a frame is lost"),
                        ("duplicate", "that a frame is sent twice"), ("garbage", "of line noise before a frame"),
                        ("unreadable", "that a card cannot be read (sent as ??)")):
        s.add_argument(f"--{fault}", type=float, default=0.0, metavar="P", help=f"probability {what}")
    s.add_argument("--reboot-at", type=int, action="append", default=[], metavar="N", help="reboot after card N")
    s.add_argument("--unplug-at", type=int, action="append", default=[], metavar="N", help="unplug after card N")
    s.add_argument("--error-at", type=int, action="append", default=[], metavar="N",
                   help="report a device error after card N")
    s.add_argument("--unplug-for", type=_seconds("--unplug-for", zero=True), default=2.0, metavar="S",
                   help="seconds before the replug (default 2)")
    s.add_argument("--json", action="store_true", help="print the simulator's log as JSON lines")
    s.set_defaults(func=run_shoe_sim)

    ports = subparsers.add_parser("ports", help="list serial ports with USB VID:PID and serial numbers",
                                  description="List serial ports: device, USB VID:PID (hex in lower case, as udev "
                                              "and lsusb write it), serial number, USB port (the physical socket), "
                                              "description. Use them in hardware/udev/ for a stable name: the "
                                              "serial number, or for a device with none the USB port.")
    ports.add_argument("--json", action="store_true", help="print JSON only")
    ports.set_defaults(func=run_ports)


# ---------------------------------------------------------------------------
# listen


def frame_ranges(missing: tuple[int, ...]) -> list[list[int]]:
    """Lost SEQ numbers as ``[first, last]`` runs in the order lost: a restart of a long count lost some
    25,000 numbers, one 178 KB line when each was listed."""
    runs: list[list[int]] = []
    for seq in missing:
        if runs and seq == runs[-1][1] + 1:
            runs[-1][1] = seq
        else:
            runs.append([seq, seq])
    return runs


#: Runs of lost frames the human ``listen`` line names; past them it says how many more.
SHOWN_RUNS = 8


def _runs_text(runs: list) -> str:
    shown = ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in runs[:SHOWN_RUNS])
    return shown + (f" and {len(runs) - SHOWN_RUNS} more runs" if len(runs) > SHOWN_RUNS else "")


def event_record(event: Any) -> dict:
    """The ``listen --json`` object for a source event (contract in DESIGN.md)."""
    from dealer_assist import events as ev
    from dealer_assist.sources.shoe_protocol import CARD_ERRORS, shown_bytes

    if isinstance(event, ev.CardRead):
        rec = {"event": "card", "card": event.card.code, "seq": event.seq}
    elif isinstance(event, ev.Unreadable):
        rec = {"event": "unreadable", "seq": event.seq}
    elif isinstance(event, ev.SeqGap):
        rec = {"event": "gap", "runs": frame_ranges(event.missing), "frames": len(event.missing)}
        if event.count_went_back:  # a restart whose HELLO was lost, or firmware that kept its boot id
            rec["count_went_back"] = True
        if event.after_link_loss:  # a restart while out of reach may hide frames (PROTOCOL.md 7.4)
            rec["after_link_loss"] = True
        if event.card_lost is not None:  # a heartbeat named this lost frame as the shoe's last card
            rec["card_lost"] = event.card_lost
        if event.may_be_cut:  # a damaged line before it read SHOE, its state maybe CUT: no frame can tell
            rec["may_be_cut"] = True
    elif isinstance(event, ev.CountRestarted):  # the count went back with no HELLO: its HELLO lost (PROTOCOL.md 7.4)
        rec = {"event": "restart", "seq": event.seq, "why": event.why}
    elif isinstance(event, ev.DeviceHello):
        rec = {"event": "hello", "device": event.device, "boot": event.boot, "firmware": event.firmware,
               "protocol": event.protocol}
        if event.restarted:  # a new boot in the middle of a count (PROTOCOL.md 7.4)
            rec["restarted"] = True
        if event.continues:  # said again: the count goes on, no restart (PROTOCOL.md 7.4, 7.5)
            rec["continues"] = True
        if event.bounds_gap:  # the boot id before the link was lost: the frames named lost are all that went
            rec["bounds_gap"] = True
    elif isinstance(event, ev.ShoeSignal):
        rec = {"event": "shoe", "state": event.state, "seq": event.seq}
        if event.state not in ("new", "cut", "empty"):  # a state v1 does not know, its frame whole (qaAP F2)
            rec["unknown"] = True
    elif isinstance(event, ev.DeviceError):
        rec = {"event": "device_error", "code": event.code, "text": event.text, "seq": event.seq}
        if event.code in CARD_ERRORS:  # a card (DOUBLE_FEED: one or more) left the shoe unread (PROTOCOL.md 6)
            rec["unread"] = True
    elif isinstance(event, ev.FrameDropped):
        rec = {"event": "dropped", "reason": event.reason, "raw": shown_bytes(event.raw), "why": event.why}
    elif isinstance(event, ev.LinkState):
        rec = {"event": "link", "state": event.state, "detail": event.detail}
    else:
        rec = {"event": type(event).__name__}
    if getattr(event, "foreign", ""):  # sent by another shoe than the one heard first: a table acts on none of it
        rec["foreign"] = event.foreign
    if getattr(event, "doubt", ""):  # a card a table would hold for the croupier, not play
        rec["doubt"] = event.doubt
    rec["t"] = round(event.t, 6)
    return rec


def line_record(line: Any) -> dict:
    """The ``listen --raw --json`` object for a line received (:class:`~dealer_assist.sources.conformance.RawLine`)."""
    return {"event": "line", "raw": line.shown, "end": line.end, "t": round(line.t, 6)}


def deviation_record(deviation: Any) -> dict:
    """The ``listen --conformance --json`` object for a :class:`~dealer_assist.sources.conformance.Deviation`."""
    from dealer_assist.sources.shoe_protocol import shown_bytes

    rec = {"event": "deviation", "rule": deviation.rule, "section": deviation.section, "level": deviation.level,
           "raw": shown_bytes(deviation.raw), "text": deviation.text}
    if deviation.last_shown:
        rec["last_shown"] = True
    rec["t"] = round(deviation.t, 6)
    return rec


def summary_record(summary: Any, t: float) -> dict:
    """The ``listen --conformance --json`` closing object for a
    :class:`~dealer_assist.sources.conformance.ConformanceSummary`."""
    period = None
    if summary.period is not None:
        low, mean, high = summary.period
        period = {"min": round(low, 6), "mean": round(mean, 6), "max": round(high, 6), "intervals": summary.intervals}
    return {"event": "conformance", "verdict": "pass" if summary.passed else "fail", "reasons": list(summary.reasons),
            "frames": summary.frames, "heartbeats": summary.heartbeats, "dropped": summary.dropped,
            "deviations": dict(summary.deviations), "warnings": dict(summary.warnings), "notes": dict(summary.notes),
            "heartbeat_period": period, "text": summary.text, "t": round(t, 6)}


#: How listen --raw says a line ended otherwise than at its line end.
_ENDS = {"next_frame": " (ended by the next $)", "cut": " (cut off: the link was lost, or listen stopped)",
         "limit": " (no line end within these bytes)"}


def _human(rec: dict, relinked: bool = False) -> str:
    """``rec`` for a person; ``relinked``: it is the first event since the link came back (a gap then was
    found as it came back; another is marked after_link_loss for its length alone)."""
    from dealer_assist.sources.serial_shoe import OUT_OF_REACH_GAP

    stamp = time.strftime("%H:%M:%S", time.localtime(rec["t"])) + f".{int(rec['t'] % 1 * 1000):03d}"
    kind = rec["event"]
    seq = f"  (seq {rec['seq']})" if rec.get("seq") is not None else ""
    if kind == "card":
        text = f"card      {rec['card']}{seq}" + (f"  HELD (a table would not play it): {rec['doubt']}"
                                                 if rec.get("doubt") else "")
    elif kind == "unreadable":
        text = f"UNREADABLE card: key it in{seq}"
    elif kind == "gap":
        text = f"LOST FRAMES {_runs_text(rec['runs'])} ({rec['frames']:,}): check the layout"
        if rec.get("card_lost") is not None:
            text += f" (frame {rec['card_lost']} was a card: the shoe's heartbeat names it as its last)"
        if rec.get("count_went_back"):
            text += (" (the count went back with no HELLO: the shoe restarted and its HELLO was lost, or its "
                     "firmware kept the old boot id)")
        if rec.get("after_link_loss") and relinked:
            text += (" (found as the link came back: had the shoe restarted meanwhile, more cards than these "
                     "frames may have gone)")
        elif rec.get("after_link_loss"):
            text += (f" (more than {OUT_OF_REACH_GAP} frames, a minute of heartbeats, went unheard though the link "
                     "stayed up: had the shoe restarted meanwhile, more cards than these frames may have gone)")
        if rec.get("may_be_cut"):
            text += " (a damaged line before it read SHOE and may have been the CUT CARD: look at the shoe)"
    elif kind == "restart":
        text = (f"RESTARTED the count started again with no HELLO{seq}: the shoe restarted and its HELLO was lost "
                "(or this is a stray old frame); what it sent just before cannot be known: check the layout"
                + (f" ({rec['why']})" if rec.get("why") else ""))
    elif kind == "hello":
        text = f"hello     device {rec['device']} boot {rec['boot']} firmware {rec['firmware']}"
        if rec.get("restarted"):
            text += ("  RESTARTED in the middle of a count: what the shoe sent just before cannot be known: check "
                     "the layout")
        if rec.get("continues"):
            text += "  (said again: its count goes on, no restart)"
        if rec.get("bounds_gap"):
            text += ("  (the boot id of before the link was lost: the shoe did not restart while out of reach, so "
                     "the frames named lost are all that went)")
        if rec.get("other_than"):
            text += (f"  ANOTHER SHOE: not {rec['other_than']}, the shoe heard first (a table holds its cards and "
                     "acts on nothing else it sends; Ctrl+T there takes it as the table's)")
        if rec.get("protocol", 1) != 1:
            text += (f"  PROTOCOL {rec['protocol']}: this host speaks 1 (v1 frames are read, others passed over): "
                     "set the device to protocol 1, or update dealer-assist")
    elif kind == "shoe":
        text = f"shoe      {rec['state']}{seq}"
        if rec.get("unknown"):
            text += ("  (not a v1 state: passed over, its SEQ counted; no card and no cut card: ask the shoe's maker "
                     "what it means, PROTOCOL.md 7.7)")
    elif kind == "device_error":
        text = f"DEVICE ERROR {rec['code']}: {rec['text']}{seq}"
        if rec.get("unread"):
            text += ("  (a card left the shoe unread: key it in)" if rec["code"] != "DOUBLE_FEED" else
                     "  (cards left the shoe together, at least one unread: key in each missing)")
    elif kind == "dropped":
        text = f"dropped   {rec['reason']}: '{rec['raw']}'" + (f" ({rec['why']})" if rec.get("why") else "")
    elif kind == "link":
        text = f"link      {rec['state']}  {rec['detail']}"
    elif kind == "line":
        text = f"line      {rec['raw']}{_ENDS.get(rec['end'], '')}"
    elif kind == "deviation":
        shown = f": '{rec['raw']}'" if rec["raw"] else ""
        text = (f"NOTE PROTOCOL.md section {rec['section']} ({rec['rule']}; no rule broken){shown}: {rec['text']}"
                if rec["level"] == "NOTE" else
                f"DEVIATION PROTOCOL.md section {rec['section']} ({rec['rule']}, {rec['level']}){shown}: {rec['text']}")
        if rec.get("last_shown"):
            text += " (further deviations of this rule are only counted, in the summary)"
    elif kind == "conformance":
        text = rec["text"]
    else:
        text = kind
    if rec.get("foreign") and kind != "card":
        text += f"  [shoe {rec['foreign']}'s, not the shoe heard first: a table tells it and acts on none of it]"
    return f"{stamp}  {text}"


@dataclass(frozen=True)
class _Received:
    """Bytes the reader read from the port, stamped on its thread (the queue keeps them in order with events)."""

    t: float
    data: bytes


class _LineWatch:
    """What ``listen --raw``, ``--capture`` and ``--conformance`` do with the lines received."""

    def __init__(self, args: argparse.Namespace, show) -> None:
        from dealer_assist.sources.conformance import ConformanceCheck, RawLineSplitter

        self.show = show
        self.raw = args.raw
        self.splitter = RawLineSplitter(dollar_starts_line=args.dialect == "v1", cr_ends_line=args.dialect == "plain")
        self.check = ConformanceCheck() if args.conformance else None
        #: The capture file, opened (and an old one of that name replaced) only at the first link state: a
        #: listen refused before (a bad --usb, a port that does not open) leaves the file as it was (rev14 F6).
        self.capture = None
        self._capture_to = args.capture
        self._capture_head = (f"# dealer-assist listen capture: {args.serial}, {args.baud} baud, dialect "
                              f"{args.dialect}, started {{}}\n# each line: arrival time (Unix seconds), then the "
                              "bytes received (\\r \\n \\xNN escaped, a backslash doubled)\n")
        if args.capture:
            refuse_journal_part(args.capture, "--capture", "shoe-capture.txt")
            problem = write_problem(args.capture, "--capture", "shoe-capture.txt")
            if problem:
                raise CommandError(f"cannot write the capture: {problem}")

    def _open_capture(self) -> None:
        """Open the capture file, replacing any of that name, and write its header."""
        try:
            self.capture = open(self._capture_to, "w", encoding="utf-8", newline="\n")
        except OSError as exc:
            path, self._capture_to = self._capture_to, None  # said once; the finally's close() needs no file
            raise CommandError(f"cannot write the capture to {path} ({exc.strerror or exc}): give "
                               "--capture a file you can write, e.g. shoe-capture.txt") from None
        self._capture_line(self._capture_head.format(time.strftime('%Y-%m-%d %H:%M:%S %z')))

    def _capture_line(self, text: str) -> None:
        """Write ``text`` to the capture at once; a write refused (a full disk) ends listen naming the file it
        cut short (rev32 R8: the program's last resort said "a write other than the output's; nothing more was
        done", naming no file, not that the capture was incomplete)."""
        try:
            self.capture.write(text)
            self.capture.flush()
        except OSError as exc:
            capture, self.capture = self.capture, None
            try:
                capture.close()
            except OSError:
                pass
            raise CommandError(_capture_cut_short(self._capture_to, exc)) from None

    def received(self, item: _Received) -> None:
        for line in self.splitter.feed(item.t, item.data):
            self._line(line)

    def link(self, t: float, state: str, detail: str) -> None:
        if self.capture is None and self._capture_to:
            self._open_capture()
        if state == "lost":
            cut = self.splitter.cut()
            if cut is not None:
                self._line(cut)
        if self.capture is not None:
            self._capture_line(f"# {t:.6f} link {state} {detail}\n")
        if self.check is not None:
            self._deviations(self.check.link(t, state))

    def tick(self) -> None:
        due = self.splitter.due(time.time())  # a frame whose line end waited for a byte that did not come
        if due is not None:
            self._line(due)
        if self.check is not None:
            self._deviations(self.check.tick(time.time()))

    def _line(self, line) -> None:
        if self.capture is not None:
            self._capture_line(f"{line.t:.6f} {line.shown}\n")
        if self.raw:
            self.show(line_record(line))
        if self.check is not None:
            self._deviations(self.check.line(line))

    def _deviations(self, found) -> None:
        for deviation in found:
            self.show(deviation_record(deviation))

    def close(self) -> Any:
        """The check's summary (None without --conformance), once the line held is flushed."""
        cut = self.splitter.cut()
        if cut is not None:
            self._line(cut)
        if self.capture is not None:
            self.capture.close()
        if self.check is None:
            return None
        now = time.time()
        self._deviations(self.check.finish(now))  # the last heartbeat's timing, a mean period out of range
        return self.check.summary(now)


def _capture_cut_short(path: str, exc: OSError) -> str:
    """What a capture write refused by ``exc`` leaves: which file is incomplete, why, and what to do."""
    why = exc.strerror or str(exc)
    if exc.errno == errno.EFBIG:  # `ulimit -f`: no disk space freed lifts it
        from dealer_assist.table.journal import RAISE_THE_LIMIT, size_limit_words

        why, do = f"{why}: it reached {size_limit_words()}", RAISE_THE_LIMIT
    elif exc.errno in (errno.ENOSPC, errno.EDQUOT):
        do = "free disk space, or give --capture a file on another disk"
    else:
        do = "check that disk, or give --capture a file on another disk"
    return (f"cannot write the capture to {path} ({why}): {path} is incomplete: no line received from then on "
            f"(listen stopped there; what it printed is whole); {do}, and run it again")


#: Why ``listen`` marks a card read after one that left unread (``??``, ``ERR MISREAD``, ``ERR DOUBLE_FEED``): a
#: table holds it for the croupier until the unread card is keyed in (PROTOCOL.md 6).
UNREAD_BEFORE = "a card before it left the shoe unread: a table holds this one until that card is keyed in"
LOST_BEFORE = ("frames were lost before it: a table holds this one until the croupier has typed any card "
               "they held, or said none was missed")


def _sigterm_given_back(command):
    """Give back the SIGTERM handling ``command`` took (see :class:`_StopOnSigterm`) once it returns: left
    ignored, it was inherited by every program started later from the same process (a test run's
    subprocesses no longer ended on SIGTERM)."""
    @functools.wraps(command)
    def run(args: argparse.Namespace) -> int:
        main = threading.current_thread() is threading.main_thread()
        before = signal.getsignal(signal.SIGTERM) if main else None
        try:
            return command(args)
        finally:
            if before is not None:
                signal.signal(signal.SIGTERM, before)
    return run


@_sigterm_given_back
def run_listen(args: argparse.Namespace) -> int:
    from dealer_assist.sources.base import SourceError
    from dealer_assist.events import CardRead, DeviceError, DeviceHello, FrameDropped, LinkState, SeqGap, Unreadable
    from dealer_assist.sources.shoe_protocol import CARD_ERRORS
    from dealer_assist.sources.serial_shoe import IN_USE, NOT_A_PORT, SerialShoe, UsbIdentity
    from dealer_assist.sources.serial_url import scheme_of, url_problem

    if url_problem(args.serial):  # refused at once, --wait or not: it would be retried for ever
        raise CommandError(url_problem(args.serial))
    if args.conformance and args.dialect != "v1":
        raise CommandError("--conformance checks a device against protocol v1; the plain dialect has no frames, "
                           "CRC, SEQ or heartbeat to check (--raw shows its lines)")

    def show(rec: dict) -> None:
        if args.json:
            emit_json(rec)
        else:
            sys.stdout.write(_human(rec, relinked) + "\n")
            sys.stdout.flush()

    sigterm = _StopOnSigterm()  # `timeout 60 dealer-assist listen --conformance` (a CI job) ends with its verdict too
    events: "queue.Queue[Any]" = queue.Queue()
    watch = _LineWatch(args, show) if args.raw or args.capture or args.conformance else None
    tap = None if watch is None else (lambda data: events.put(_Received(time.time(), data)))
    try:
        usb = UsbIdentity.parse(args.usb) if args.usb else None
        shoe = SerialShoe(args.serial, dialect=args.dialect, baudrate=args.baud, usb=usb,
                          reconnect=not args.no_reconnect, tap=tap)
    except SourceError as exc:
        raise CommandError(str(exc)) from None
    shoe.start(events.put)
    deadline = None if args.seconds is None else time.monotonic() + args.seconds
    cards = lost = 0
    unread_before = False  # a card left unread since the last card read: a table holds the next one
    lost_before = False  # frames lost since the last card read: so too
    first_device: Optional[str] = None
    first_link = True
    opened = relinked = False
    link = "down"
    code = 0
    refused = False
    try:
        while True:
            if watch is not None and events.empty():  # with lines still queued, a heartbeat may be among them
                watch.tick()
            timeout = 0.2 if deadline is None else max(0.0, min(0.2, deadline - time.monotonic()))
            try:
                event = events.get(timeout=timeout)
            except queue.Empty:
                if deadline is not None and time.monotonic() >= deadline:
                    break
                if not shoe.running and events.empty():
                    code = 1  # the link was lost and --no-reconnect was given
                    break
                continue
            if isinstance(event, _Received):
                watch.received(event)  # type: ignore[union-attr]
                continue
            if isinstance(event, LinkState) and first_link:
                first_link = False
                if event.state == "lost" and not args.wait:
                    not_a_port = NOT_A_PORT in event.detail
                    if not_a_port:
                        check = "give the shoe's port instead (dealer-assist ports lists them)"
                    elif IN_USE in event.detail:
                        check = "close the program that holds the port first"
                    elif scheme_of(args.serial) in ("socket", "rfc2217"):
                        check = ("check that the shoe (or its serial-to-network bridge) is on and reachable at that "
                                 "address")
                    else:
                        check = ("check the path with 'dealer-assist ports', your access to it (the dialout group, "
                                 "see hardware/README.md)")
                    refused = True
                    raise CommandError(f"cannot open the shoe at {args.serial} ({event.detail}); {check}, or pass "
                                       "--wait to keep retrying", 1)
            if isinstance(event, LinkState):
                relinked = event.state == "up" and link in ("lost", "stale")  # a port opened again, or frames again
                link = event.state
                opened = opened or event.state == "up"
                if watch is not None:
                    watch.link(event.t, event.state, event.detail)
            rec = event_record(event)
            if isinstance(event, CardRead) and unread_before and not event.doubt:
                rec["doubt"] = UNREAD_BEFORE  # qaAC F17: a table holds it, and listen printed it as any card
            elif isinstance(event, CardRead) and lost_before and not event.doubt:
                rec["doubt"] = LOST_BEFORE  # qaAY F9: as after a card unread
            if isinstance(event, DeviceHello):
                first_device = first_device or event.device
                if event.device != first_device:
                    rec["other_than"] = first_device
            show(rec)
            if isinstance(event, SeqGap):
                lost += rec["frames"]
            if not isinstance(event, (LinkState, FrameDropped)):
                relinked = False
            unread = isinstance(event, Unreadable) or (isinstance(event, DeviceError) and event.code in CARD_ERRORS)
            if unread and not getattr(event, "foreign", ""):
                unread_before = True  # the next card read waits at a table (PROTOCOL.md 6)
            elif isinstance(event, CardRead):
                unread_before = False
            if isinstance(event, SeqGap) and not event.foreign:
                lost_before = True  # FRAMES LOST at a table: the next card read waits (PROTOCOL.md 7.4)
            elif isinstance(event, CardRead):
                lost_before = False
            if isinstance(event, CardRead) or unread:
                cards += 1
                if args.cards is not None and cards >= args.cards:
                    break
    except KeyboardInterrupt:
        if not args.conformance:
            raise  # Ctrl-C ends the check: the summary's verdict gives the exit code
    finally:
        sigterm.ending()
        shoe.stop()
        summary = None if watch is None else watch.close()
        if summary is not None and not refused:
            closing = summary_record(summary, time.time())
            if code == 1:  # a PASS with exit 1 had no word for it (qaAC F7)
                closing["link_lost"] = True
                closing["text"] += ("; the link was lost before the end and --no-reconnect was given: exit 1 whatever "
                                    "the verdict (the check covers the time before it)")
            show(closing)
        if opened:  # on stderr with --json too: stdout stays one JSON record a line
            said = [f"{k} {v}" for k, v in shoe.stats.items() if k != "missing"]
            said.insert(4, f"lost frames {lost} (as the LOST FRAMES lines name them)")  # after duplicates
            sys.stderr.write("listen: " + ", ".join(said) + "\n")
    return 1 if summary is not None and not summary.passed else code


# ---------------------------------------------------------------------------
# shoe-sim


def _sim_line(rec: dict) -> str:
    kind = rec["event"]
    if kind == "sent":
        faults = f"  [{', '.join(rec['faults'])}]" if rec["faults"] else ""
        card = f"  ({rec['card']})" if rec.get("read") == "??" else ""
        return f"sent {rec['frame']}{card}{faults}"
    if kind == "fault" and rec["fault"] == "replug":
        return f"replug: the shoe is back on {rec['port']}"
    if kind == "fault":
        return f"fault: {rec['fault']}"
    if kind == "armed":
        return f"armed: {rec['fault']} on the next frame"
    if kind == "refused":
        return f"refused: {rec['fault']}: {rec['why']}"
    return str(rec)


#: Cards per second ``shoe-sim --rate`` deals at most: far faster than any shoe, for soak tests.
MAX_RATE = 1000.0


class _StopOnSigterm:
    """Stop on SIGTERM (``kill``, ``timeout``, systemd) as on Ctrl-C, once: the simulator then closes its
    port and takes its ``--link`` away, which a kill left pointing at a closed pty; listen gives its verdict.

    GNU ``timeout`` sends SIGTERM to the command and then to its whole process group: the second one, raised
    as Ctrl-C again while listen was ending, cut off its verdict and counts (exit 130), or killed it after
    them (exit 143) (qaV F7).  So after the first, and once the command is ending (:meth:`ending`), SIGTERM
    is ignored: the command ends by itself, with its own exit code."""

    def __init__(self) -> None:
        self._main = threading.current_thread() is threading.main_thread()
        self._stopping = False
        if self._main:
            signal.signal(signal.SIGTERM, self._interrupt)

    def _interrupt(self, signum, frame) -> None:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        if not self._stopping:
            self._stopping = True
            raise KeyboardInterrupt

    def ending(self) -> None:
        """The command is ending (its ``finally``): a SIGTERM now would cut off what it still says."""
        self._stopping = True
        if self._main:
            signal.signal(signal.SIGTERM, signal.SIG_IGN)


@_sigterm_given_back
def run_shoe_sim(args: argparse.Namespace) -> int:
    from dealer_assist.shoesim import (EndpointError, FaultPlan, PtyEndpoint, SerialEndpoint, ShoeSimulator, TcpEndpoint,
                                       VirtualShoe)
    from dealer_assist.shoesim.simulator import KEY_HELP, plain_refusal

    out_lock = threading.Lock()

    def show(rec: dict) -> None:
        with out_lock:
            if args.json:
                emit_json(rec)
            else:
                sys.stdout.write(_sim_line(rec) + "\n")
                sys.stdout.flush()

    refused = plain_refusal(args.dialect, error_at=bool(args.error_at), reboot_at=bool(args.reboot_at))
    if refused:
        raise CommandError(refused)
    if not args.step and not 0 < args.rate <= MAX_RATE:  # also nan
        raise CommandError(f"--rate {args.rate:g}: give cards per second above 0 and at most {MAX_RATE:g} "
                           "(a real shoe deals a card a second or two), or --step to deal on keypress")
    try:
        shoe = VirtualShoe(decks=args.decks, seed=args.seed, device_id=args.device_id, cut=args.cut,
                           unreadable=args.unreadable)
        faults = FaultPlan(corrupt=args.corrupt, drop=args.drop, duplicate=args.duplicate, garbage=args.garbage,
                           seed=args.seed)
        if args.tcp:
            host, _, port = args.tcp.rpartition(":")
            try:
                port_number = int(port)
            except ValueError:
                raise CommandError(f"--tcp {args.tcp!r}: the port must be a number, e.g. --tcp 127.0.0.1:7000") from None
            if not 0 <= port_number <= 65535:
                raise CommandError(f"--tcp {args.tcp!r}: a TCP port is 0 to 65535 (0: any free one), e.g. --tcp 7000")
            endpoint: Any = TcpEndpoint(host or "127.0.0.1", port_number)
        elif args.serial:
            if args.link:
                raise CommandError("--link keeps a link to a pseudo-terminal; a --serial port has its own name")
            endpoint = SerialEndpoint(args.serial, args.baud)
        else:
            if args.link:
                refuse_journal_part(args.link, "--link", "/tmp/shoe")
            endpoint = PtyEndpoint(args.link)
        try:
            sim = ShoeSimulator(endpoint, shoe, faults, dialect=args.dialect, unplug_for=args.unplug_for,
                                on_event=show, keep_log=False)
        except ValueError:
            endpoint.close()
            raise
    except (ValueError, EndpointError) as exc:
        raise CommandError(str(exc)) from None

    stop = threading.Event()
    sigterm = _StopOnSigterm()
    try:
        ready = {"event": "ready", "kind": endpoint.kind, "port": endpoint.path, "url": endpoint.url,
                 "dialect": args.dialect, "t": round(time.time(), 6)}
        if args.json:
            emit_json(ready)
        else:
            print(f"card shoe simulator ({args.decks} decks, {args.dialect}) on {endpoint.url}")
            plain = " --dialect plain" if args.dialect == "plain" else ""
            baud = f" --baud {args.baud}" if args.serial else ""
            where = "the host's end of the cable" if args.serial else endpoint.url
            print(f"  watch it with: dealer-assist listen --serial {where}{baud}{plain} --json")
            if args.step:
                print("  " + KEY_HELP)
            sys.stdout.flush()
        if not args.no_wait:
            if not args.json:
                print("  waiting for a host to open the port (--no-wait to start at once) ...", flush=True)
            while not endpoint.host_connected():
                time.sleep(0.05)
            time.sleep(0.3)  # pyserial flushes the input right after opening; let it finish
        sim.power_on()
        if args.step:
            sim.run_keys(sys.stdin, stop)
        else:
            sim.run_rate(args.rate, stop, cards=args.cards, reboot_at=args.reboot_at, unplug_at=args.unplug_at,
                         error_at=args.error_at)
            # A host that lost the link on an unplug needs a moment to find the shoe again; then one
            # heartbeat lets it name the frames lost on the way, before the port closes (sent when due).
            give_up = time.monotonic() + 3.0
            while not endpoint.host_connected() and time.monotonic() < give_up:
                time.sleep(0.05)
            sim.heartbeat_on_time(0.3, stop)
            time.sleep(0.3)
    except KeyboardInterrupt:
        pass
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    finally:
        sigterm.ending()
        stop.set()
        sim.close()
    return 0


# ---------------------------------------------------------------------------
# ports


def run_ports(args: argparse.Namespace) -> int:
    from serial.tools import list_ports

    ports = []
    for p in sorted(list_ports.comports(), key=lambda p: p.device):
        ports.append({
            "device": p.device,
            "vid": None if p.vid is None else f"{p.vid:04x}",  # lower case: a udev rule never matches upper
            "pid": None if p.pid is None else f"{p.pid:04x}",
            "serial_number": p.serial_number,
            "description": p.description,
            "manufacturer": p.manufacturer,
            "product": p.product,
            "location": p.location,
            "hwid": p.hwid,
        })
    if args.json:
        emit_json({"ports": ports})
        return 0
    if not ports:
        print("no serial ports found (a USB shoe shows up as /dev/ttyUSB* or /dev/ttyACM* once plugged in)")
        return 0
    print(f"{'DEVICE':<16} {'VID:PID':<10} {'SERIAL':<16} {'USB PORT':<12} DESCRIPTION")
    for p in ports:
        usb = f"{p['vid']}:{p['pid']}" if p["vid"] else "-"
        print(f"{p['device']:<16} {usb:<10} {p['serial_number'] or '-':<16} {p['location'] or '-':<12} "
              f"{p['description']}")
    if any(p["vid"] and not p["serial_number"] for p in ports):
        print("a USB device with no serial number (-) is told apart from another of its model only by its USB "
              "port: name it by that (/dev/serial/by-path/..., or the udev rule in hardware/udev/)")
    return 0
