"""The simulator loop: paces the virtual shoe, injects faults and keeps the truth log.

The truth log (:attr:`ShoeSimulator.log`) records every frame the device
produced, the faults applied to it and whether any byte of it reached the
wire, so that a test or an integrator can check that the host reported
every card the device sent and none it did not.
"""

from __future__ import annotations

import os
import select
import threading
import time
from typing import Any, Callable, Iterable, Optional, TextIO

from dealer_assist.shoesim.device import MISREAD, UNREADABLE, Outgoing, VirtualShoe
from dealer_assist.shoesim.faults import CORRUPT, DROP, DUPLICATE, GARBAGE, FaultPlan
from dealer_assist.sources.shoe_protocol import CardFrame, ShoeFrame

HEARTBEAT_EVERY = 1.0
#: How often (seconds) the v1 shoe says its HELLO again, right after a heartbeat: a host opened after the boot
#: (pyserial empties the input on opening, so the power-on HELLO is lost) still learns the device (a trainer's
#: exam is judged by it); a host that heard it takes the repeat as one (PROTOCOL.md 7.3).
HELLO_EVERY = 2.0
#: The fault of a frame written while no host had the port open (after a replug, before the host found it).
UNOPENED = "unopened"
KEYS = {
    "\n": "deal", " ": "deal", "n": "deal",
    "x": "corrupt", "d": "drop", "2": "duplicate", "g": "garbage",
    "e": "error", "r": "reboot", "p": "unplug", "h": "heartbeat", "q": "quit",
    "?": UNREADABLE, "m": "misread",
}
#: What a ``plain`` reader cannot show, so its simulator will not pretend to: a line has no ERR frame, no HELLO
#: to reboot with, and no CRC or SEQ that would let a host see a damaged, lost, repeated or noise line.
PLAIN_CANNOT = {"error": "report a device error (--error-at, key e): a line has no ERR",
                "misread": "report a card read as ERR MISREAD (key m): a line has no ERR; key ? sends a ??",
                "reboot": "reboot where a host could see it (--reboot-at, key r): a line has no HELLO or boot id",
                CORRUPT: "corrupt a line a host could tell (key x): there is no CRC",
                DROP: "drop a line a host could tell (key d): there is no SEQ",
                DUPLICATE: "repeat a line a host could tell (key 2): there is no SEQ",
                GARBAGE: "send line noise a host could tell from a card (key g)"}
KEY_HELP = ("Enter/space: deal a card   x: corrupt next   d: drop next   2: duplicate next   "
            "g: garbage   e: device error   ?: next card unreadable (??)   m: next card ERR MISREAD   "
            "r: reboot   p: unplug/replug   q: quit")


class ShoeSimulator:
    """A virtual shoe plugged into an endpoint (see :mod:`dealer_assist.shoesim.endpoints`).

    ``on_event(record)`` receives every log record (a JSON-ready dict) as it
    happens; the CLI prints them.  ``keep_log`` False keeps no :attr:`log`:
    the CLI, which prints every record, would otherwise hold every frame of a
    soak run (about 40 MB a minute at 1000 cards/s, and collecting it stalled
    the heartbeats past the host's stale limit).  All methods may be called
    from any thread.
    """

    def __init__(self, endpoint: Any, shoe: Optional[VirtualShoe] = None, faults: Optional[FaultPlan] = None, *,
                 dialect: str = "v1", unplug_for: float = 2.0,
                 on_event: Optional[Callable[[dict], None]] = None, keep_log: bool = True) -> None:
        self.endpoint = endpoint
        self.shoe = shoe or VirtualShoe()
        self.faults = faults or FaultPlan()
        if dialect not in ("v1", "plain"):
            raise ValueError(f"unknown dialect {dialect!r}: v1 or plain")
        if dialect == "plain" and self.faults.active:
            raise ValueError("the plain dialect has no CRC and no SEQ, so a host cannot detect corrupted, dropped, "
                             "duplicated or garbage lines; use --dialect v1 for those faults")
        if not 0 <= unplug_for < float("inf"):  # also nan
            raise ValueError(f"unplug_for {unplug_for}: give the seconds before the replug, 0 or more")
        self.dialect = dialect
        self.unplug_for = unplug_for
        self.on_event = on_event
        self.log: list[dict] = []
        self.keep_log = keep_log
        self.cards_dealt = 0
        self._lock = threading.RLock()
        self._last_hb = self._last_hello = time.monotonic()
        self._replug_at: Optional[float] = None
        self._empty_sent = False

    # -- recording --------------------------------------------------------

    def _record(self, record: dict) -> None:
        record["t"] = time.time()
        if self.keep_log:
            self.log.append(record)
        if self.on_event is not None:
            self.on_event(record)

    def _send(self, out: Outgoing, *more: Outgoing) -> Outgoing:
        """Write ``out`` (and ``more`` in the same write: a host opening the port gets all or none of them)."""
        with self._lock:
            sent = []
            for each in (out, *more):
                frame = each.frame
                if self.dialect == "plain":
                    if not isinstance(frame, CardFrame):
                        continue
                    line = (frame.card.code if frame.card else "??").encode() + b"\r\n"
                    wire, faults = line, []
                else:
                    line = each.line
                    wire, faults = self.faults.apply(line)
                sent.append((each, line, wire, faults))
            if not sent:
                return out
            wire = b"".join(w for _, _, w, _ in sent)
            # Asked before the write: a host that opens the port after it empties what waits there (pyserial
            # does), and the log said "delivered" of frames no host could read (QA).
            opened = self.endpoint.host_connected()
            delivered = bool(wire) and self.endpoint.write(wire)
            for each, line, part, faults in sent:
                frame = each.frame
                if part and not delivered:
                    faults.append("unplugged" if not self.endpoint.plugged else "unread")
                elif part and not opened:
                    faults.append(UNOPENED)
                record = {"event": "sent", "type": each.line[1:].split(b",", 1)[0].decode("ascii"),  # as on the wire
                          "seq": frame.seq, "boot": each.boot, "frame": line.decode("ascii").rstrip(),
                          "faults": faults, "delivered": bool(part) and delivered and opened and DROP not in faults}
                if isinstance(frame, CardFrame):
                    record["card"] = each.card.code if each.card else None
                    record["read"] = frame.card.code if frame.card else "??"
                elif each.card is not None:  # a card reported by ERR MISREAD (key m) or DOUBLE_FEED
                    record["card"], record["read"] = each.card.code, getattr(frame, "code", MISREAD)
                self._record(record)
            return out

    # -- device actions ---------------------------------------------------

    def power_on(self) -> None:
        """Boot and load a shoe: HELLO, then SHOE NEW."""
        with self._lock:
            self._send(self.shoe.boot())
            self._send(self.shoe.new_shoe())
            self._last_hb = self._last_hello = time.monotonic()

    def deal(self) -> Outgoing:
        """Take the next thing out of the shoe (a card, the cut card, or EMPTY; after EMPTY a new shoe)."""
        with self._lock:
            if self._empty_sent:
                self._send(self.shoe.new_shoe())
                self._empty_sent = False
            out = self._send(self.shoe.next_out())
            self._empty_sent = isinstance(out.frame, ShoeFrame) and out.frame.state == "EMPTY"
            if out.card is not None:  # a card came out (its CARD frame, or an ERR MISREAD for it)
                self.cards_dealt += 1
                self._empty_when_out()
            return out

    def _empty_when_out(self) -> None:
        """SHOE EMPTY as the last card comes out (PROTOCOL.md 6: "the last card came out"), not when the next
        is asked for: a break, or --step's wait for a key, kept a table from hearing the shoe was empty (qaV F3)."""
        if self.shoe.remaining == 0 and not self._empty_sent:
            self._send(self.shoe.next_out())
            self._empty_sent = True

    def deal_card(self) -> Outgoing:
        """Deal until a card comes out (passing the cut card and an empty shoe as they come)."""
        with self._lock:
            while True:
                out = self.deal()
                if out.card is not None:
                    return out

    def heartbeat(self) -> None:
        """A heartbeat; every :data:`HELLO_EVERY` seconds this boot's HELLO follows it in the same write.
        After the heartbeat, not before: a host whose first frame was a HELLO expects SEQ 1 next and would
        name the frames up to the heartbeat's as lost; one that joined at the heartbeat tells a repeat by
        the next frame (PROTOCOL.md 7.4)."""
        with self._lock:
            now = time.monotonic()
            if self.dialect == "v1" and self.shoe.boot_id and now - self._last_hello >= HELLO_EVERY:
                self._send(self.shoe.heartbeat(), self.shoe.hello_again())
                self._last_hello = now
            elif self.dialect == "v1":
                self._send(self.shoe.heartbeat())
            self._last_hb = now

    def heartbeat_on_time(self, settle: float, stop: threading.Event) -> None:
        """Keep the heartbeats on time until one has been sent at least ``settle`` seconds from now: the last
        one of a run, sent early, broke PROTOCOL.md 6's period (``listen --conformance`` named it)."""
        start = time.monotonic() + settle
        while not stop.is_set():
            due = self._last_hb + HEARTBEAT_EVERY
            stop.wait(max(0.0, due - time.monotonic()))
            self.tick()
            if due >= start:
                return

    def error(self, code: Optional[str] = None, text: Optional[str] = None) -> None:
        with self._lock:
            out = self._send(self.shoe.error(code, text))
            if out.card is not None:
                self._empty_when_out()

    def reboot(self) -> None:
        """The device restarts: new boot id, SEQ from 0, HELLO; the cards stay in the shoe."""
        with self._lock:
            self._record({"event": "fault", "fault": "reboot"})
            self._send(self.shoe.boot())
            self._last_hello = time.monotonic()

    def garbage(self) -> None:
        with self._lock:
            noise = self.faults.garbage_bytes()
            self.endpoint.write(noise)
            self._record({"event": "fault", "fault": GARBAGE, "bytes": noise.decode("latin-1")})

    def unplug(self, replug_after: Optional[float] = None) -> None:
        """Pull the cable; with ``replug_after`` the next :meth:`tick` after that many seconds plugs it back."""
        with self._lock:
            self.endpoint.unplug()
            self._record({"event": "fault", "fault": "unplug"})
            if replug_after is not None:
                self._replug_at = time.monotonic() + replug_after

    def replug(self) -> None:
        with self._lock:
            self.endpoint.replug()
            self._replug_at = None
            self._record({"event": "fault", "fault": "replug", "port": self.endpoint.path, "url": self.endpoint.url})

    def tick(self) -> None:
        """Time-driven duties: the heartbeat every second and a due replug."""
        now = time.monotonic()
        if self._replug_at is not None and now >= self._replug_at:
            self.replug()
        if now - self._last_hb >= HEARTBEAT_EVERY:
            self.heartbeat()

    # -- pacing -----------------------------------------------------------

    def run_rate(self, rate: float, stop: threading.Event, *, cards: Optional[int] = None,
                 reboot_at: Iterable[int] = (), unplug_at: Iterable[int] = (), error_at: Iterable[int] = ()) -> None:
        """Deal ``rate`` cards per second until ``stop`` is set or ``cards`` cards are out."""
        if rate <= 0:
            raise ValueError(f"rate {rate} must be above 0 cards per second")
        reboots, unplugs, errors = set(reboot_at), set(unplug_at), set(error_at)
        refused = plain_refusal(self.dialect, error_at=bool(errors), reboot_at=bool(reboots))
        if refused:
            raise ValueError(refused)
        interval = 1.0 / rate
        next_card = time.monotonic() + interval
        while not stop.is_set():
            now = time.monotonic()
            if now >= next_card:
                next_card += interval
                self.deal_card()
                if self.cards_dealt in errors:
                    self.error()
                if self.cards_dealt in reboots:
                    self.reboot()
                if self.cards_dealt in unplugs:
                    self.unplug(self.unplug_for)
                if cards is not None and self.cards_dealt >= cards:
                    if self._replug_at is not None:
                        stop.wait(max(0.0, self._replug_at - time.monotonic()))
                        self.replug()
                    return
            self.tick()
            stop.wait(max(0.0, min(next_card, self._last_hb + HEARTBEAT_EVERY) - time.monotonic()))

    def press(self, key: str) -> bool:
        """Act on one key of the keypress mode; False means quit."""
        action = KEYS.get(key.lower() if key != "\n" else key)
        if action is None:
            return True
        if action == "quit":
            return False
        if action in PLAIN_CANNOT and self.dialect == "plain":
            self._record({"event": "refused", "fault": action, "why": f"a plain reader cannot {PLAIN_CANNOT[action]}"})
        elif action == "deal":
            self.deal_card()
        elif action in (CORRUPT, DROP, DUPLICATE):
            self.faults.force(action)
            self._record({"event": "armed", "fault": action})
        elif action in (UNREADABLE, "misread"):
            self.shoe.unread_next = UNREADABLE if action == UNREADABLE else MISREAD
            self._record({"event": "armed", "fault": action})
        elif action == "garbage":
            self.garbage()
        elif action == "error":
            self.error()
        elif action == "reboot":
            self.reboot()
        elif action == "unplug":
            self.unplug(self.unplug_for)
        elif action == "heartbeat":
            self.heartbeat()
        return True

    def run_keys(self, stream: TextIO, stop: threading.Event) -> None:
        """Deal on keypresses from ``stream`` (a terminal: single keys; a pipe: lines, an empty line deals)."""
        fd = stream.fileno()
        is_tty = os.isatty(fd)
        saved = None
        if is_tty:
            import termios
            import tty

            saved = termios.tcgetattr(fd)
            tty.setcbreak(fd)
        try:
            while not stop.is_set():
                ready, _, _ = select.select([fd], [], [], 0.1)
                self.tick()
                if not ready:
                    continue
                chunk = os.read(fd, 64).decode("utf-8", "replace")
                if not chunk:
                    return
                for key in chunk:
                    if not self.press(key):
                        return
        finally:
            if saved is not None:
                import termios

                termios.tcsetattr(fd, termios.TCSADRAIN, saved)

    def close(self) -> None:
        self.endpoint.close()

    # -- truth ------------------------------------------------------------

    def card_records(self) -> list[dict]:
        """The log records of CARD frames: what the device really sent, with its fate."""
        return [r for r in self.log if r.get("event") == "sent" and r.get("type") == "CARD"]


def plain_refusal(dialect: str, *, error_at: bool, reboot_at: bool) -> str:
    """Why ``--error-at`` / ``--reboot-at`` are refused in ``dialect``, or "".  On a ``plain`` line the
    error sent nothing and the reboot logged a new boot id no host could see (QA): a test believed them."""
    if dialect != "plain" or not (error_at or reboot_at):
        return ""
    asked = " and ".join(option for option, given in (("--error-at", error_at), ("--reboot-at", reboot_at)) if given)
    return (f"{asked}: a plain reader sends card codes only, with no ERR frame and no HELLO, so a host could see "
            "neither a device error nor a reboot; use --dialect v1 for them (--unplug-at and --unreadable work in "
            "both dialects)")
