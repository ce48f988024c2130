"""The serial card-reading shoe as a :class:`CardSource`.

Opens anything ``serial.serial_for_url`` takes (``/dev/ttyUSB0``, ``loop://``,
``socket://host:port``, ``rfc2217://...``, ``hwgrep://VID:PID``), reads in its
own thread and hands the session immutable events.  It never invents a card:
lines failing the CRC are dropped and counted, lost SEQ numbers are named in a
:class:`SeqGap`, repeats are ignored.  On unplug it reports the loss at once
and reconnects with backoff, also when the device comes back under another
name (found again by USB VID:PID and serial number).
"""

from __future__ import annotations

import copy
import errno
import logging
import os
import random
import re
import threading
import time
from dataclasses import dataclass, replace
from typing import Any, Callable, Iterable, Optional

from dealer_assist.cards import InvalidCardError, parse_card
from dealer_assist.sources.base import CardSource, Sink, SourceError
from dealer_assist.events import (
    PORT_IN_USE, CardRead, CountPosition, CountRestarted, DeviceError, DeviceHello, FrameDropped, LinkState, SeqGap,
    ShoeSignal, SourceEvent, TakenShoe, Unreadable,
)
from dealer_assist.sources.shoe_protocol import (
    DROP_CRC, DROP_MALFORMED, PLAIN_LOOK, CardFrame, ErrorFrame, FrameError, HeartbeatFrame, HelloFrame, LineSplitter, SequenceTracker,
    ShoeFrame, may_be_card, may_be_cut, may_be_frame, may_be_hello, parse_frame, parse_plain, plain_text,
    stands_for_card,
)
from dealer_assist.sources.serial_url import failure_text

_log = logging.getLogger(__name__)

#: Why a card whose frame number went back without a HELLO waits for the croupier (CardRead.doubt).
COUNT_WENT_BACK = "its frame number went back without a HELLO: a stray old frame, or the shoe restarted"


def another_shoe(device: str, first: str) -> str:
    """Why a card read from shoe ``device`` waits, on a source that first heard shoe ``first`` (CardRead.doubt)."""
    return (f"read from shoe {device}, not {first} that this reader had: another table's shoe, or one put in "
            f"its place; check it against the table")


DIALECTS = ("v1", "plain")
#: The longest ``plain`` line, in characters (spaces and control bytes aside), taken for a garbled card
#: (``10♠`` is 3); a longer one that is no card (a reader's READY, HELLO, ERR 12) is line noise.
PLAIN_CARD_CHARACTERS = 4
DEFAULT_BAUDRATE = 115200
#: Baud rates a port is opened at: 0 means "hang up" to a POSIX port, and none goes past 4 Mbaud.
BAUD_RANGE = (50, 4_000_000)


def baud_problem(baud: int) -> str:
    """What is wrong with ``baud`` as a baud rate, or ""."""
    if not BAUD_RANGE[0] <= baud <= BAUD_RANGE[1]:
        return (f"baud rate {baud} is not one a port runs at ({BAUD_RANGE[0]:,} to {BAUD_RANGE[1]:,}); "
                "the shoe's manual gives it, most send 115200 or 9600")
    return ""


STALE_AFTER = 3.0
#: Seconds with no frame after which a network link (``socket://``, ``rfc2217://``) is taken as lost and
#: opened again: a bridge that lost power, or a cable pulled between, sends no FIN or RST, and a v1 host
#: never writes, so its socket would wait for ever (qaN F13).  Ten heartbeats missed: a shoe that is
#: merely slow is not cut off.
NETWORK_SILENCE = 10.0
#: TCP keepalive on a network link (seconds idle, seconds between probes, probes): the kernel
#: ends a connection whose far end is gone in about 11 s, also in the ``plain`` dialect, which has no
#: heartbeat to miss.
TCP_KEEPALIVE = (5, 2, 3)
NETWORK_SCHEMES = ("socket://", "rfc2217://")
#: What a silence adds when frames came since the port opened but not one heartbeat (qaAY F10: a firmware fault,
#: told only as "no frame for 3 s", a reader to check).
NO_HEARTBEAT = ("; no heartbeat heard since the port opened: the shoe sends none (PROTOCOL.md 6); `dealer-assist "
                "listen --conformance` checks it")
#: Lost frames in one run past which the shoe was out of reach (more than a minute of heartbeats): it
#: may have restarted meanwhile, its HELLO unheard, and the gap may not tell every card (PROTOCOL.md 7.2).
OUT_OF_REACH_GAP = 60
BACKOFF_FIRST = 0.1
BACKOFF_MAX = 2.0
#: Each wait before a reconnect is the backoff less up to this share of it, drawn at random: waits of
#: one fixed length can fall, every one, into a fault that comes and goes as regularly (a soak audit's
#: port unplugged 0.3 s of every second stayed lost for 80 s at the 2 s cap).
BACKOFF_JITTER = 0.25
READ_TIMEOUT = 0.05
READ_CHUNK = 4096
#: A piece of a chunk read that ends where a line may: at an LF, or before the next ``$``.
_LINE_PIECE = re.compile(rb"\$?[^$\n]+\n?|\$?\n|\$")


@dataclass(frozen=True)
class _Unframed:
    """The lines dropped since the last good frame, as far as they tell why no frame came (see :meth:`cause`)."""

    lines: int = 0
    crc: int = 0
    plain: int = 0
    last_why: str = ""

    def after(self, error: FrameError) -> "_Unframed":
        return _Unframed(self.lines + 1, self.crc + (error.reason == DROP_CRC),
                         self.plain + error.why.endswith(PLAIN_LOOK), error.why)

    def cause(self, bytes_come: bool) -> str:
        """What the stale detail adds: lines that read as the plain dialect's card codes (a reader sends one a
        card, so they may have stopped), whole lines most failing the CRC, or, while bytes still come, a line too
        slow or never ended."""
        if self.plain:
            return (", though lines came that read as card codes, one a line, with no $ frames: a reader of the "
                    "plain dialect, not a v1 shoe; open it with --dialect plain (a table: serial:PORT?dialect=plain)")
        if self.crc * 2 > self.lines:
            every = "every one" if self.crc == self.lines else f"{self.crc} of them"
            return (f", though whole lines came: {self.lines} since the last good frame, {every} failing the "
                    f"CRC (the last: {self.last_why}): the device computes another CRC than CRC-16/XMODEM "
                    "(PROTOCOL.md 4), or the line damages every frame")
        if not bytes_come:
            return ""
        return (", though bytes still come: most likely a baud rate other than the device's (check the baud rate: "
                "bytes read at the wrong rate seldom hold a line end), else a line too slow for a frame in that time "
                "or a device that does not end its lines")


def _jittered(delay: float) -> float:
    """``delay`` less a random share of it, up to :data:`BACKOFF_JITTER`."""
    return delay * (1.0 - BACKOFF_JITTER * random.random())


@dataclass(frozen=True)
class UsbIdentity:
    """How a USB serial device is found again after a replug: VID, PID and serial number, or, for a device
    with no serial number (a CH340, many clone FTDIs), the USB socket it sits in (``location``, the
    physical port path, e.g. ``1-1.2:1.0``): two shoes of one model differ in nothing else, and by VID:PID
    alone one table's reader would take the other table's shoe after a replug."""

    vid: int
    pid: int
    serial_number: Optional[str] = None
    location: Optional[str] = None

    @classmethod
    def parse(cls, text: str) -> "UsbIdentity":
        """``0403:6001`` or ``0403:6001:A10K3XYZ`` (hex VID and PID)."""
        parts = text.split(":", 2)
        try:
            vid, pid = int(parts[0], 16), int(parts[1], 16)
        except (ValueError, IndexError):
            raise SourceError(f"USB id {text!r} is not VID:PID[:SERIAL] in hex, e.g. 0403:6001:A10K3XYZ") from None
        return cls(vid, pid, parts[2] if len(parts) > 2 and parts[2] else None)

    def matches(self, port: Any) -> bool:
        return (getattr(port, "vid", None) == self.vid and getattr(port, "pid", None) == self.pid
                and (self.serial_number is None or getattr(port, "serial_number", None) == self.serial_number)
                and (self.location is None or getattr(port, "location", None) == self.location))

    def __str__(self) -> str:
        return (f"{self.vid:04x}:{self.pid:04x}" + (f":{self.serial_number}" if self.serial_number else "")
                + (f" in USB port {self.location}" if self.location else ""))


def _default_opener(url: str, baudrate: int) -> Any:
    """The port at ``url``, open.

    pyserial empties a ``socket://`` port's input right after connecting:
    frames the shoe (or its serial-to-network bridge) sent the moment the
    connection was accepted would be lost unreported.  Those bytes are new,
    not stale, so that port opens without emptying its input.  A serial
    device's own buffer may hold bytes from before the port was opened, and is
    emptied as pyserial does (a partial frame there is dropped by the parser).

    A port is opened exclusively (on POSIX an ``flock`` that pyserial takes, released when the port closes
    or the process ends): a second table or ``listen`` on the same port is refused at once, instead of each
    frame going to one reader or the other (qaN: cards stolen from the table, FRAMES LOST for each).
    """
    import serial

    if not url.startswith("socket://"):
        port = serial.serial_for_url(url, baudrate=baudrate, timeout=READ_TIMEOUT, exclusive=True)
        if url.startswith(NETWORK_SCHEMES):
            _keep_alive(getattr(port, "_socket", None))
        return port
    port = serial.serial_for_url(url, baudrate=baudrate, timeout=READ_TIMEOUT, do_not_open=True)
    port.reset_input_buffer = lambda: None  # shadows the method for open() alone
    try:
        port.open()
    finally:
        del port.reset_input_buffer
    _keep_alive(getattr(port, "_socket", None))
    return port


def _keep_alive(sock: Any) -> None:
    """TCP keepalive on ``sock`` (:data:`TCP_KEEPALIVE`), where the OS offers it."""
    import socket

    if sock is None:
        return
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
        for name, value in zip(("TCP_KEEPIDLE", "TCP_KEEPINTVL", "TCP_KEEPCNT"), TCP_KEEPALIVE):
            if hasattr(socket, name):
                sock.setsockopt(socket.IPPROTO_TCP, getattr(socket, name), value)
    except OSError:  # the silence check (NETWORK_SILENCE) still ends a dead link
        _log.debug("TCP keepalive could not be set", exc_info=True)


#: What an open error says of a path that is no serial port (``/dev/null``, a file): its own advice.
NOT_A_PORT = "is no serial port"
#: What an open error says of a port another program holds open exclusively.
IN_USE = PORT_IN_USE


def _open_problem(url: str, exc: Exception) -> str:
    """Why ``url`` did not open, once: pyserial's message repeats the OS error's number and path, and of a
    path that is no terminal it says only "Could not configure port: (25, 'Inappropriate ioctl ...')"."""
    code = getattr(exc, "errno", None)
    cause = exc.__context__
    if code is None and cause is not None and cause.args and isinstance(cause.args[0], int):
        code = cause.args[0]  # pyserial raised from the termios error, dropping its errno
    if code == errno.ENOTTY:
        return f"{url} {NOT_A_PORT} (no terminal device, so no baud rate can be set)"
    if code in (errno.EAGAIN, errno.EWOULDBLOCK, errno.EBUSY):  # the lock another opener holds, or its TIOCEXCL
        return (f"{url} {IN_USE} (another dealer-assist table or listen, or a terminal program): each frame would "
                f"go to one of them only; close it ('fuser -v {url}' names it) or give this one another port")
    return f"{url}: {os.strerror(code) if isinstance(code, int) else failure_text(exc)}"


def _default_lister() -> Iterable[Any]:
    from serial.tools import list_ports

    return list_ports.comports()


class SerialShoe(CardSource):
    """A card-reading shoe on a serial line, speaking protocol v1 or the ``plain`` dialect.

    ``opener(url, baudrate)`` returns an open pyserial-like port (default:
    ``serial.serial_for_url``); ``lister()`` lists ports with ``device``,
    ``vid``, ``pid`` and ``serial_number`` (default:
    ``serial.tools.list_ports.comports``).  Both are there so that tests and
    other backends can stand in for the hardware.  ``clock`` stamps ``t``.
    ``tap(data)``, if given, gets every chunk of bytes read from the port, on the
    reader's thread, before its events (``listen --raw`` and ``--conformance``).
    """

    def __init__(
        self,
        url: str,
        *,
        dialect: str = "v1",
        baudrate: int = DEFAULT_BAUDRATE,
        usb: Optional[UsbIdentity] = None,
        stale_after: float = STALE_AFTER,
        network_silence: float = NETWORK_SILENCE,
        reconnect: bool = True,
        backoff_first: float = BACKOFF_FIRST,
        backoff_max: float = BACKOFF_MAX,
        opener: Optional[Callable[[str, int], Any]] = None,
        lister: Optional[Callable[[], Iterable[Any]]] = None,
        clock: Callable[[], float] = time.time,
        name: Optional[str] = None,
        tap: Optional[Callable[[bytes], None]] = None,
    ) -> None:
        if dialect not in DIALECTS:
            raise SourceError(f"unknown serial dialect {dialect!r}: use v1 (framed, CRC) or plain (one card code per line)")
        self.url = url
        self.dialect = dialect
        self.baudrate = baudrate
        self.usb = usb
        self.stale_after = stale_after
        #: After this long with no frame a v1 network link is closed and opened again (None: never).
        self.network_silence: Optional[float] = (
            network_silence if dialect == "v1" and url.startswith(NETWORK_SCHEMES) else None)
        self.reconnect = reconnect
        self.backoff_first = backoff_first
        self.backoff_max = backoff_max
        self.name = name or f"serial:{url}"
        self._opener = opener or _default_opener
        self._lister = lister or _default_lister
        self._clock = clock
        self._tap = tap
        self._splitter = LineSplitter(dollar_starts_line=(dialect == "v1"), cr_ends_line=(dialect == "plain"))
        self._tracker = SequenceTracker()
        #: Whether a line dropped since the last good frame may have been a CARD frame: a HELLO next hides
        #: its SEQ from the count (PROTOCOL.md 7.4), so the gap is named here.
        self._card_cut = False
        #: Whether a line dropped since the last good frame may have been the cut card's ``SHOE,…,CUT``: told
        #: with the gap it leaves (SeqGap.may_be_cut), as no later frame can tell.
        self._cut_maybe = False
        #: A HELLO the tracker cannot yet call a restart or a repeat, with what was known when it came.
        self._unsure_hello: Optional[tuple] = None
        #: The device id of the first HELLO heard, and that of another device since heard in its place
        #: ("" while none is): its cards wait for the croupier rather than play at this table (qaN F14).
        self._device: Optional[str] = None
        self._other_device = ""
        #: This reader's shoe's count as it was when another shoe's HELLO came: gone on with when that shoe
        #: says its HELLO again with the same boot id (verN NEW-10: the other shoe's count was kept, and the
        #: first shoe's next frames were named lost, "at least one card was missed").
        self._own_count: Optional[SequenceTracker] = None
        #: A heartbeat heard while another shoe's count is read, kept until the next line of the same read: a
        #: HELLO of this reader's shoe right after it (said again, it follows a heartbeat in one write, PROTOCOL.md
        #: 6) with the boot id of its count shows the heartbeat is of that count, read against it after the HELLO
        #: (qaV F11: it was read against the other shoe's, and ANOTHER SHOE'S LOST FRAMES told of a shoe that lost
        #: nothing).
        self._held_heartbeat: Optional[bytes] = None
        #: The device id of the HELLO heard since the port last opened ("" before one): who the shoe in the
        #: socket now is, as far as it said (take_shoe).
        self._heard_since_open = ""
        #: The device id of the last HELLO heard, on any open (or, after a restart, the journal's): the shoe whose
        #: count the reader goes on with, taken on Ctrl+T when none was heard since the port opened.
        self._last_heard = ""
        #: Lines dropped since the last good frame (or the port's open): how many failed the CRC, how many read as
        #: card codes of the plain dialect, and the last one's why; the stale detail names the likely cause from
        #: them (qaAC F2, F10: whole lines, every one failing the CRC, had been "check the baud rate").
        self._unframed = _Unframed()
        self._stop = threading.Event()
        self._thread: Optional[threading.Thread] = None
        self._port: Any = None
        self._port_lock = threading.Lock()
        self._sink: Optional[Sink] = None
        self._link = "down"
        self._last_frame = 0.0
        self._last_byte = 0.0
        #: Whether no frame has come since the port opened, and whether the count goes on from a journal:
        #: a gap then may hide a restart of the device while it was out of reach (SeqGap.after_link_loss).
        self._since_open = False
        #: Whether a heartbeat came since the port opened (NO_HEARTBEAT when frames came but none).
        self._beat_since_open = False
        self._resumed = False
        #: Whether the link went stale (no frame for :attr:`stale_after`) since the last good frame: a gap the
        #: next frame shows went while the shoe was out of hearing, as after a link lost.
        self._silent = False
        #: The boot id of the count in which frames were last named lost with a link loss (a restart meanwhile
        #: may hide more): a HELLO said again with it shows none happened (PROTOCOL.md 7.4).
        self._unbounded_gap: Optional[str] = None
        self.device_path: Optional[str] = None
        #: Whether the device opened has no serial number nor known USB socket: found again by its path only.
        self._unpinned = False
        self._open_errors = ""
        self.stats: dict[str, int] = {
            "frames": 0, "cards": 0, "unreadable": 0, "duplicates": 0, "missing": 0,
            "crc": 0, "too_long": 0, "malformed": 0, "reconnects": 0,
        }

    # -- CardSource -------------------------------------------------------

    def resume_after(self, boot: Optional[str], last_card_seq: Optional[int], device: Optional[str] = None) -> None:
        """Go on from boot id ``boot`` and its card read at ``last_card_seq``, of this table's shoe ``device``
        (see :meth:`resume_from`)."""
        self.resume_from(device or "", CountPosition(boot, last_card_seq, last_card_seq))

    def resume_from(self, device: str, count: CountPosition, *, heard: str = "",
                    own: Optional[CountPosition] = None) -> None:
        """Go on from where a recovered table's journal left this reader: this table's shoe ``device``, the
        count going on ``count``, of the shoe ``heard`` last; and, when that is another shoe (ANOTHER SHOE),
        this table's shoe's count ``own``.  Called before :meth:`start`.  Without it a restarted host joins the
        stream anew (PROTOCOL.md 7.4), and cards dealt while it was down went by without a word; with it, the
        first heartbeat names them as lost (or says none were), and a HELLO naming another device is ANOTHER
        SHOE (verN NEW-4: only a HELLO heard since the port opened was compared, so a table started after its
        shoe booted took a shoe put in its place for its own).  Another shoe heard last stays another: its
        cards wait, and this table's shoe back with its boot id goes on with its own count (rev15 F1: the
        other shoe's count was gone on with as this table's, its cards played)."""
        if device:
            self._device = device
        self._tracker = self._tracker_at(count)
        self._resumed = count.last_seq is not None or count.began
        if device and heard and heard != device:
            self._other_device = heard
            self._own_count = self._tracker_at(own or CountPosition())
        self._last_heard = heard or device

    @staticmethod
    def _tracker_at(count: CountPosition) -> SequenceTracker:
        """A count gone on with from ``count``: the next SEQ expected is the one after its last frame that stood
        for a card, and a heartbeat may name a last card from its last card read on (rev15 F7: an unread card,
        its frame not counted, was named lost by the first heartbeat after a restart)."""
        tracker = SequenceTracker()
        tracker.boot = count.boot
        if count.last_seq is not None:
            tracker.resume(count.boot, count.last_seq)
            tracker.last_card = count.last_read
            tracker.recall(_card_frames(count.recent))
        elif count.began and count.boot is not None:
            tracker.resume_at_start(count.boot)
        return tracker

    def start(self, sink: Sink) -> None:
        if self._thread is not None:
            raise SourceError(f"{self.name} is already started; stop() it first")
        self._sink = sink
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name=f"serial-shoe {self.url}", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._close_port()
        thread, self._thread = self._thread, None
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=5)

    @property
    def running(self) -> bool:
        """True while the reader thread runs (it ends on stop(), or on a loss with ``reconnect=False``)."""
        return self._thread is not None and self._thread.is_alive()

    @property
    def link(self) -> str:
        """``down`` before the first open, then ``up``, ``stale`` or ``lost``."""
        return self._link

    # -- thread -----------------------------------------------------------

    def _emit(self, event: SourceEvent) -> None:
        try:
            self._sink(event)  # type: ignore[misc]
        except Exception:
            # A failing consumer must not stop the reader: the next card still has to arrive.
            _log.exception("%s: the event sink raised on %r", self.name, event)

    def _set_link(self, state: str, detail: str = "") -> None:
        if state != self._link:
            self._link = state
            self._emit(LinkState(self.name, self._clock(), state, detail))

    def _close_port(self) -> None:
        with self._port_lock:
            port, self._port = self._port, None
        if port is not None:
            try:
                port.close()
            except Exception:  # closing a vanished device may fail; it is gone either way
                pass

    def _candidates(self) -> list[str]:
        """Where to look for the shoe: once its USB id is known, only ports showing that id.

        After a replug the old name may belong to another device, so a known
        USB id wins over the name; the name is still preferred when it matches.
        """
        if self.usb is None or "://" in self.url:
            return [self.url]
        if not (self.usb.serial_number or self.usb.location):
            # VID:PID alone names a model, not a shoe: another table's identical shoe shows it too (verN NEW-7).
            # The configured path only, until the device opened there narrows it (_learn_identity).
            return [self.url]
        try:
            matching = [p.device for p in self._lister() if self.usb.matches(p)]
        except Exception:  # the OS's port list is a convenience: the configured path is still tried
            _log.debug("listing serial ports failed", exc_info=True)
            return [self.url]
        real = os.path.realpath(self.url)
        if any(os.path.realpath(d) == real for d in matching):
            return [self.url] + [d for d in matching if os.path.realpath(d) != real]
        if not matching:
            self._open_errors = f"no port shows USB id {self.usb} (is the shoe plugged in?)"
        return matching

    def _learn_identity(self, url: str) -> None:
        """Remember the VID:PID and serial number of a USB device opened by path, to find it after a replug.

        A device with no serial number is remembered with the USB socket it sits in, or not at all: by
        VID:PID alone a replug would take any shoe of its model, another table's too (qaN F14).  Unknown,
        it is found again under its configured path only.  A VID:PID given with no serial number (``--usb``)
        is narrowed, for the same reason, to the serial number of the device it opened first, or, that
        device having none, to its USB socket (rev14 F7: a device with one was not narrowed at all)."""
        given = self.usb
        if self._unpinned or "://" in url or (given is not None and (given.serial_number or given.location)):
            return
        real = os.path.realpath(url)
        try:
            ports = list(self._lister())
        except Exception:  # without the list the shoe is found again by its path only
            _log.debug("listing serial ports failed", exc_info=True)
            return
        for p in ports:
            device = getattr(p, "device", None)
            if device and os.path.realpath(device) == real and getattr(p, "vid", None) is not None:
                serial_number = getattr(p, "serial_number", None) or None
                location = None if serial_number else getattr(p, "location", None) or None
                if given is not None:
                    if given.matches(p) and (serial_number or location):
                        self.usb = replace(given, serial_number=serial_number, location=location)
                    return
                if serial_number is None and location is None:
                    self._unpinned = True
                    _log.warning("%s: the device has no USB serial number and no known USB socket: after a "
                                 "replug it is found again only as %s", self.name, url)
                    return
                self.usb = UsbIdentity(p.vid, p.pid, serial_number, location)
                return

    def _refind_note(self) -> str:
        """How a shoe with no USB serial number is found again, for the link-lost detail (F14)."""
        if self.usb is not None and self.usb.serial_number is None and self.usb.location:
            return (f"; the shoe has no USB serial number, so it is found again only in the USB socket it was "
                    f"in ({self.usb.location}): plug it back in there")
        if self.usb is not None and not (self.usb.serial_number or self.usb.location) and "://" not in self.url:
            return (f"; the USB id {self.usb} names a model, not one shoe (another table's shoe of that model shows "
                    f"it too), so only {self.url} is opened until the shoe there is known by its serial number or USB "
                    "socket: plug it in there, or name it by its socket (/dev/serial/by-path/...) or serial number "
                    "(--usb VID:PID:SERIAL, see hardware/README.md)")
        if self._unpinned:
            return ("; the shoe has no USB serial number, so it is found again only under this name: plug it "
                    "back in where it was, or name it by its USB socket (/dev/serial/by-path/..., see "
                    "hardware/README.md)")
        return ""

    def _open(self) -> bool:
        errors = []
        for url in self._candidates():
            try:
                port = self._opener(url, self.baudrate)
            except Exception as exc:  # pyserial's errors are OSErrors, a bad URL's of any type: the open failed
                errors.append(_open_problem(url, exc))
                continue
            with self._port_lock:
                if self._stop.is_set():
                    port.close()
                    return False
                self._port = port
            self.device_path = url
            self._learn_identity(url)
            self._splitter.reset()
            self._last_frame = time.monotonic()
            self._since_open = True
            self._beat_since_open = False
            self._unframed = _Unframed()
            self._heard_since_open = ""
            self._set_link("up", url)
            return True
        if errors:
            self._open_errors = "; ".join(errors)
        return False

    def _run(self) -> None:
        try:
            self._serve()
        except Exception as exc:  # a thread that dies says nothing: the table must hear its shoe is gone
            _log.exception("%s: the reader stopped", self.name)
            self._close_port()
            self._link = "lost"  # told even when the link was lost already: this loss is for good
            self._emit(LinkState(self.name, self._clock(), "lost",
                                 f"the shoe's reader stopped on a fault of its own ({failure_text(exc)}): no card "
                                 "is read from now on; key cards in, restart dealer-assist, and report this"))

    def _serve(self) -> None:
        delay = self.backoff_first
        first = True
        told = None  # why a reopen failed, as last told or seen in this outage
        while not self._stop.is_set():
            if not self._open():
                why = f"cannot open: {self._open_errors}"
                if first or self._link == "up" or self._link == "stale":
                    self._set_link("lost", why + self._refind_note())
                elif why != told and (told is not None or IN_USE in why):
                    # The reason changed while the link was lost (verN NEW-5: the shoe plugged back and another
                    # program took its port first): said, or the table kept "check the cable" for ever.  The
                    # first failure after a read loss is said only if in use: "gone" the loss said already.
                    self._emit(LinkState(self.name, self._clock(), "lost", why + self._refind_note()))
                told = why
                first = False
                if not self.reconnect:
                    return
                self._stop.wait(_jittered(delay))
                delay = min(delay * 2, self.backoff_max)
                continue
            if not first:
                self.stats["reconnects"] += 1
            first, told = False, None
            opened = time.monotonic()
            reason = self._read_until_lost()
            self._close_port()
            if self._stop.is_set():
                return
            self._set_link("lost", reason + self._refind_note())
            self._tracker.link_lost()
            cut = self._splitter.cut("cut off: the link was lost before its line end")
            if cut is not None and self.dialect == "plain":
                self._dropped_plain(cut)
            elif cut is not None:
                self._dropped(cut)
            if not self.reconnect:
                return
            # A port that opens and fails at once (a node lingering after an unplug) must not spin.
            delay = self.backoff_first if time.monotonic() - opened > 2.0 else min(delay * 2, self.backoff_max)
            self._stop.wait(_jittered(delay))

    def _read_until_lost(self) -> str:
        port = self._port
        while not self._stop.is_set():
            try:
                data = port.read(1)  # blocks up to READ_TIMEOUT, so stop() and the stale check stay prompt
                while data and len(data) < READ_CHUNK:
                    waiting = port.in_waiting  # (socket:// says only 0 or 1 here, hence the loop)
                    if not waiting:
                        break
                    data += port.read(min(waiting, READ_CHUNK - len(data)))
            except Exception as exc:  # pyserial's errors are OSErrors; any other is a fault of the port too
                if self._stop.is_set():  # pyserial reading a port stop() closed under it (its fd is None)
                    return "stopped"
                text = failure_text(exc)
                return text if text.startswith("read failed") else f"read failed: {text}"
            now = time.monotonic()
            if data:
                self._last_byte = now
                if self._tap is None:
                    self._feed(data)
                for piece in _LINE_PIECE.findall(data) if self._tap is not None else ():
                    # Each line's bytes, then the events it brings (listen --raw: verN L5, a chunk's lines all
                    # came before its events, a deviation of CARD 4 before the CRC drop of CARD 2).
                    self._tap(piece)
                    self._feed(piece, end_of_read=False)
                self._flush_heartbeat()
            if self.dialect == "v1" and self._link == "up" and now - self._last_frame > self.stale_after:
                self._tracker.link_lost()
                self._silent = True
                self._set_link("stale", f"no frame for {self.stale_after:g} s"
                               + (self._unframed.cause(now - self._last_byte < self.stale_after)
                                  or ("" if self._since_open or self._beat_since_open else NO_HEARTBEAT)))
            if self.network_silence is not None and now - self._last_frame > self.network_silence:
                return (f"no frame for {self.network_silence:g} s on a network link: taken as lost (a bridge that "
                        "lost power or a network cable pulled closes nothing), opening it again")
        return "stopped"

    def feed(self, data: bytes) -> None:
        """Process bytes as if read from the port, on the caller's thread (replay tools and tests use it).

        Not to be mixed with a running :meth:`start` thread: the parser state is not shared.
        """
        if self._sink is None:
            raise SourceError(f"{self.name}: call feed() after setting a sink (start(), or set_sink() for replay)")
        self._feed(data)

    def set_sink(self, sink: Sink) -> None:
        """Deliver events to ``sink`` without starting the reader thread (for :meth:`feed`)."""
        self._sink = sink

    def _feed(self, data: bytes, end_of_read: bool = True) -> None:
        for item in self._splitter.feed(data):
            if isinstance(item, FrameError):
                self._dropped(item)
            elif self.dialect == "v1":
                self._line_v1(item)
            else:
                self._line_plain(item)
        if end_of_read:
            self._flush_heartbeat()

    def _flush_heartbeat(self) -> None:
        """The heartbeat held for the line after it (:attr:`_held_heartbeat`) read now, as it came."""
        held, self._held_heartbeat = self._held_heartbeat, None
        if held is not None:
            self._line_v1(held, hold_heartbeat=False)

    def _dropped(self, error: FrameError) -> None:
        self._flush_heartbeat()
        self.stats[error.reason] += 1
        self._unframed = self._unframed.after(error)
        card = self.dialect == "v1" and may_be_card(error.raw)
        self._tracker.line_dropped(may_be_frame(error.raw), card, self.dialect == "v1" and may_be_hello(error.raw))
        if card:
            self._card_cut = True
            self._cut_maybe = self._cut_maybe or may_be_cut(error.raw)
        self._emit(FrameDropped(self.name, self._clock(), error.reason, error.raw, error.why, error.crc_named))

    def _line_plain(self, line: bytes) -> None:
        try:
            card = parse_plain(line)
        except FrameError as exc:
            self._dropped_plain(exc)
            return
        self._frame_seen()
        if card is None:
            self.stats["unreadable"] += 1
            self._emit(Unreadable(self.name, self._clock()))
        else:
            self.stats["cards"] += 1
            self._emit(CardRead(card, self.name, self._clock()))

    def _dropped_plain(self, error: FrameError) -> None:
        """A ``plain`` line dropped.  A line is a card in this dialect, and nothing counts them: a short
        one garbled (or cut off) may be a card that came out, and the next card read would take its place."""
        self._dropped(error)
        characters = sum(not ch.isspace() for ch in plain_text(error.raw))
        if error.reason == DROP_MALFORMED and 0 < characters <= PLAIN_CARD_CHARACTERS:
            self.stats["unreadable"] += 1
            self._emit(Unreadable(self.name, self._clock()))

    def _frame_seen(self) -> None:
        self._unframed = _Unframed()
        self.stats["frames"] += 1
        self._last_frame = time.monotonic()
        if self._link == "stale":
            self._set_link("up", "frames again")

    def _old_count_lost(self, expected: int, card_cut: bool, out_of_reach: bool, cut: bool = False) -> None:
        """After a restart, the old count's frames from ``expected`` on cannot be known; when a card frame
        was cut by the reboot, or cards may have been dealt while the shoe was out of reach, the next card
        waits as after any lost card frame."""
        if card_cut or out_of_reach:
            self.stats["missing"] += 1
            self._emit(SeqGap(self.name, self._clock(), (expected,), after_link_loss=out_of_reach,
                              foreign=self._other_device, may_be_cut=cut and card_cut))

    def _heard(self, device: str) -> None:
        """A HELLO named ``device``: the first one heard is this reader's shoe; another is held (F14): its
        cards wait for the croupier, and what else it sends is marked ``foreign`` (told, not acted on)."""
        if self._device is None:
            self._device = device
        self._heard_since_open = self._last_heard = device
        self._other_device = "" if device == self._device else device
        if self._other_device:
            _log.info("%s: shoe %s answered, not %s that this reader had: its cards wait for the croupier",
                         self.name, device, self._device)

    def take_shoe(self) -> TakenShoe:
        """The croupier says the shoe in the socket now is this table's (verN NEW-8: this table's shoe plugged
        back with its HELLO not heard had every card held as the other shoe's until the display restarted).
        Its cards play again.  It is the shoe whose HELLO was heard since the port opened; with none heard, the
        reader cannot tell this table's shoe plugged back from the other one still there (a cable wiggle, a
        display restart: the frames fit either count), so it takes the last shoe heard, whose count it went
        on with, and says so (verS N3: it took this table's old shoe's name after a reopen, and the journal's
        last shoe after a restart, each without a word)."""
        old, other = self._device or "", self._other_device
        unheard = ""
        if self._heard_since_open:
            self._device = self._heard_since_open
        elif self._last_heard:
            self._device = self._last_heard
            unheard = ("no HELLO since the reader " + ("opened the port again" if self.stats["reconnects"]
                                                       else "started"))
        taken = self._device or ""
        self._other_device, self._own_count = "", None
        maybe = next((d for d in (old, other) if d and d != taken), "")
        return TakenShoe(taken, unheard, maybe if unheard else "")

    def _own_shoe_again(self, frame: HelloFrame) -> bool:
        """Keep this reader's shoe's count aside when another shoe's HELLO comes, and take it back when that
        shoe's HELLO comes again: with the boot id it had, its count goes on where it was (only what it sent
        while away is a gap; True: the HELLO is told here); with another, the restart ends that count, a
        count of this table's shoe (rev15 F2: a frame of it lost in the restart was told as the other shoe's).
        Every HELLO names the shoe in the socket now, a repeat too (take_shoe; rev15 F10: a repeat was not
        heard, and Ctrl+T took the other shoe under this one's name)."""
        self._heard_since_open = self._last_heard = frame.device
        if self._device is None:
            return False
        if frame.device != self._device:
            if not self._other_device and self._own_count is None:
                self._own_count = copy.deepcopy(self._tracker)
            return False
        own, self._own_count = self._own_count, None
        if own is None or not self._other_device:
            return False
        self._tracker, self._unsure_hello = own, None
        self._heard(frame.device)
        if frame.boot != own.boot:
            return False
        self._emit(DeviceHello(self.name, self._clock(), frame.device, frame.boot, frame.firmware, frame.protocol,
                               continues=True))
        return True

    def _line_v1(self, line: bytes, hold_heartbeat: bool = True) -> None:
        try:
            frame = parse_frame(line)
        except FrameError as exc:
            self._dropped(exc)
            return
        held, self._held_heartbeat = self._held_heartbeat, None
        if (held is not None and isinstance(frame, HelloFrame) and frame.device == self._device
                and self._own_count is not None and frame.boot == self._own_count.boot):
            # This reader's shoe's HELLO said again: its count back, then its heartbeat read against it.  Not a
            # boot's HELLO (another boot id): the first frame of its count, so the heartbeat was not of it.
            self._line_v1(line)
            self._line_v1(held, hold_heartbeat=False)
            return
        if held is not None:
            self._line_v1(held, hold_heartbeat=False)
        if hold_heartbeat and isinstance(frame, HeartbeatFrame) and self._other_device and self._own_count is not None:
            self._held_heartbeat = line
            return
        self._frame_seen()
        self._beat_since_open = self._beat_since_open or isinstance(frame, HeartbeatFrame)
        first, self._since_open = self._since_open, False
        card_cut, self._card_cut = self._card_cut, False
        cut_maybe, self._cut_maybe = self._cut_maybe, False
        silent, self._silent = self._silent, False
        if isinstance(frame, HelloFrame) and self._own_shoe_again(frame):
            return
        expected = self._tracker.expected
        verdict = self._tracker.check(frame)
        if verdict.duplicate:
            self.stats["duplicates"] += 1
        # The first frame since the link came back, lost or silent (stale): a card dealt meanwhile went unheard.
        out_of_reach = silent or (first and (self.stats["reconnects"] > 0 or self._resumed))
        if isinstance(frame, HelloFrame) and verdict.restarted and expected is None:
            # The host's first HELLO: a cut card line before it is named with the frame after it, if at all.
            self._cut_maybe = cut_maybe
        if verdict.unsure:  # a restart or a repeat: said with the next frame, which tells
            self._unsure_hello = (frame, self._clock(), card_cut, out_of_reach, expected, cut_maybe)
            return
        unsure, self._unsure_hello = self._unsure_hello, None
        if unsure is not None and self._tracker.unsure_hello:
            self._unsure_hello = unsure  # the same HELLO again
        elif unsure is not None:
            hello, t_hello, cut_then, reach_then, expected_then, cut_maybe_then = unsure
            restarted = verdict.hello_restarted is not False
            if restarted:
                self._old_count_lost(expected_then, cut_then, reach_then, cut_maybe_then)
            self._heard(hello.device)
            self._emit(DeviceHello(self.name, t_hello, hello.device, hello.boot, hello.firmware, hello.protocol,
                                   restarted=restarted, continues=not restarted))
        if verdict.restarted and expected is not None and (isinstance(frame, HelloFrame) or not verdict.cards):
            # else the new count's gap holds the next card
            self._old_count_lost(expected, card_cut, out_of_reach, cut_maybe)
        if verdict.restarted and not isinstance(frame, HelloFrame):  # its HELLO lost: a restart all the same
            self._emit(CountRestarted(self.name, self._clock(), frame.seq, why=verdict.why,
                                      foreign=self._other_device))
        if verdict.missing:
            self.stats["missing"] += len(verdict.missing)
        if verdict.cards:
            unbounded = out_of_reach or len(verdict.missing) > OUT_OF_REACH_GAP
            self._emit(SeqGap(self.name, self._clock(), verdict.cards,
                              count_went_back=verdict.restarted, after_link_loss=unbounded,
                              card_lost=verdict.card_lost, foreign=self._other_device,
                              seq=None if isinstance(frame, HelloFrame) else frame.seq,
                              may_be_cut=cut_maybe))
            self._unbounded_gap = self._tracker.boot if unbounded and not verdict.restarted else None
        elif verdict.restarted:
            self._unbounded_gap = None
        if (isinstance(frame, HelloFrame) and not verdict.deliver and self._unbounded_gap is not None
                and frame.boot == self._unbounded_gap and frame.device == (self._device or frame.device)):
            self._unbounded_gap = None
            self._emit(DeviceHello(self.name, self._clock(), frame.device, frame.boot, frame.firmware, frame.protocol,
                                   continues=True, bounds_gap=True))
        if not verdict.deliver:
            return
        t = self._clock()
        if isinstance(frame, CardFrame):
            if frame.card is None:
                self.stats["unreadable"] += 1
                self._emit(Unreadable(self.name, t, seq=frame.seq, foreign=self._other_device))
            elif verdict.restarted or self._other_device:
                # The count went back with no HELLO: the device restarted and its HELLO was lost, or this is
                # a stray old frame.  Either way the croupier looks before it is played (PROTOCOL.md 7.4).
                # So too for a card of another shoe than the one this reader had.
                self.stats["cards"] += 1
                doubt = (another_shoe(self._other_device, self._device or "") if self._other_device
                         else COUNT_WENT_BACK)
                self._emit(CardRead(frame.card, self.name, t, confidence=0.0, seq=frame.seq, doubt=doubt))
            else:
                self.stats["cards"] += 1
                self._emit(CardRead(frame.card, self.name, t, seq=frame.seq))
        elif isinstance(frame, HelloFrame):
            # A protocol other than 1 is the HELLO's to tell (the display and listen name it); a DeviceError
            # would read as the device's own $ERR,PROTOCOL and send the croupier to the shoe's maker.
            # A new boot of the shoe heard in the middle of its count: restarted, as the table says (qaAY F1:
            # listen told it as a first HELLO).
            restarted = verdict.restarted and expected is not None and self._device == frame.device
            self._heard(frame.device)
            self._emit(DeviceHello(self.name, t, frame.device, frame.boot, frame.firmware, frame.protocol,
                                   restarted=restarted))
        elif isinstance(frame, ErrorFrame):
            if stands_for_card(frame):  # a card left unread (PROTOCOL.md 6): counted with the ?? ones (qaAC F17)
                self.stats["unreadable"] += 1
            self._emit(DeviceError(self.name, t, frame.code, frame.text, seq=frame.seq, foreign=self._other_device))
        elif isinstance(frame, ShoeFrame):
            self._emit(ShoeSignal(self.name, t, frame.state.lower(), seq=frame.seq, foreign=self._other_device))
        # HeartbeatFrame and UnknownFrame only keep the link and the SEQ count alive.


def _card_frames(recent: Iterable[tuple[int, str]]) -> list[CardFrame]:
    """The ``CARD`` frames of a journal's last cards read (see :class:`CountPosition`), as the shoe sent them."""
    frames = []
    for seq, code in recent:
        try:
            frames.append(CardFrame(seq, parse_card(code, require_suit=True)))
        except InvalidCardError:
            continue  # no card a shoe's frame names: nothing it could repeat
    return frames
