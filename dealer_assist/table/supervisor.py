"""Supervisor PINs and the corrections they authorise.

Voiding a card, a round or a settlement, changing limits, overriding an alarm
and deciding what to do with a broken journal need a supervisor; the
croupier's ordinary actions (chips, undo before the deal) do not.

A PIN is short, so it is stored only as a salted scrypt hash (``hashlib``,
memory-hard, so a stolen config file does not give the PINs away in
seconds), checked with a constant-time compare, and wrong PINs lock the name
out for longer and longer: 3 free tries, then 30 s, 60 s, 120 s ... up to an
hour.  A name that is not on the roster is treated exactly like a wrong PIN
(same work, same lockout), so the keypad does not reveal who the supervisors
are.

Every authorised change is a :class:`Correction` (who, when, what, why) that
the session journals as a ``correction`` entry before applying it.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import re
import threading
import time
import unicodedata
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Callable, Dict, Iterable, List, Mapping, Optional

#: scrypt cost: 2**15 x 8 x 128 bytes = 32 MiB and about 0.1 s per check; stored in each hash, so it can grow.
SCRYPT_N = 2 ** 15
SCRYPT_R = 8
SCRYPT_P = 1
SALT_BYTES = 16
KEY_BYTES = 32
PIN_PATTERN = re.compile(r"[0-9]{4,12}")

FREE_ATTEMPTS = 3
FIRST_LOCKOUT_S = 30.0
MAX_LOCKOUT_S = 3600.0

#: What needs a supervisor, and how the display names it.
ACTIONS: Dict[str, str] = {
    "void_card": "void a card",
    "void_round": "void a round",
    "reopen_bets": "correct the bets of a settled round",
    "void_deal": "void a blackjack deal (the bets open again)",
    "void_decision": "void a blackjack player's decision",
    "void_settlement": "void a settlement",
    "change_limits": "change the table limits",
    "set_aside": "set a card that came after the round aside",
    "override_alarm": "accept a card the shoe count refused",
    "journal_continue": "continue from the last verified journal entry",
    "journal_new": "start a new journal, keeping the old file",
    "change_roster": "change the table's supervisors",
}


#: The note of a correction or override made at a table with no supervisors: the croupier's, with its reason.
NO_ROSTER = "no supervisor roster configured"


class SupervisorError(Exception):
    """A supervisor step that did not happen; the message says why and what to do."""


class InvalidPinError(SupervisorError, ValueError):
    """A new PIN that does not follow the rule (4 to 12 digits)."""


class WrongPinError(SupervisorError):
    """Name or PIN wrong; :attr:`tries_left` more before the name is locked out."""

    def __init__(self, name: str, tries_left: int, locked_for: float, failures: int = 0,
                 typed: Optional[str] = None) -> None:
        self.name = name  # the roster's spelling (what a lockout is kept under), or the name as typed
        self.failures = failures
        self.tries_left = tries_left
        self.locked_for = locked_for
        # An unknown name is refused as a wrong PIN (the keypad must not reveal who the supervisors are), so
        # the message names both: a supervisor who mistyped the name would otherwise retry the right PIN.  It
        # names the name as typed: the roster's spelling given back told a guesser which names are on it (qaAG F20).
        wrong = f"wrong PIN (or a name not on this table's roster) for supervisor {typed or name!r}"
        if locked_for > 0:
            message = f"{wrong}: locked for {_duration(locked_for)}"
        else:
            message = f"{wrong}: {tries_left} more {'try' if tries_left == 1 else 'tries'} before a lockout"
        super().__init__(message)


class PinLockedError(SupervisorError):
    """Too many wrong PINs for this name; :attr:`seconds_left` until it may try again."""

    def __init__(self, name: str, seconds_left: float, typed: Optional[str] = None) -> None:
        self.name = name
        self.seconds_left = seconds_left
        super().__init__(f"supervisor {typed or name!r} is locked out after wrong PINs: try again in "
                         f"{_duration(seconds_left)} (or another supervisor)")


class CorrectionError(SupervisorError, ValueError):
    """A correction that cannot be recorded (unknown action, no reason given)."""


class PinHashError(SupervisorError, ValueError):
    """A stored PIN hash that cannot be read (edited config file?)."""


def name_key(name: str) -> str:
    """What tells supervisors' names apart: not case (``ana`` is ``Ana``), nor the Unicode form a name was
    typed or pasted in (qaAK F6: "Zoë" decomposed, as a macOS file name or mail gives it, was refused as a
    name not on the roster), nor spaces at its ends."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", str(name).strip()).casefold())


def _duration(seconds: float) -> str:
    seconds = int(seconds + 0.999)
    return f"{seconds} s" if seconds < 120 else f"{(seconds + 59) // 60} min"


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def hash_pin(pin: str, *, n: int = SCRYPT_N, r: int = SCRYPT_R, p: int = SCRYPT_P,
             salt: Optional[bytes] = None) -> str:
    """``scrypt$n$r$p$salt$key`` (base64): the only form in which a PIN is ever stored."""
    if not isinstance(pin, str) or not PIN_PATTERN.fullmatch(pin):
        raise InvalidPinError("a supervisor PIN is 4 to 12 digits")
    salt = os.urandom(SALT_BYTES) if salt is None else salt
    key = _scrypt(pin, salt, n, r, p)
    return f"scrypt${n}${r}${p}${_b64(salt)}${_b64(key)}"


def _scrypt(pin: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(pin.encode("utf-8"), salt=salt, n=n, r=r, p=p, dklen=KEY_BYTES,
                          maxmem=2 * 128 * r * n * p + 16 * 1024 * 1024)


def read_pin_hash(stored: str) -> tuple[int, int, int, bytes, bytes]:
    """The scrypt cost (n, r, p), salt and key of a stored PIN hash; :class:`PinHashError` when it
    cannot be read.  A configuration is checked with it at start, not when a PIN is first typed."""
    def unreadable(why: str) -> PinHashError:
        # The words say what is wrong with the text: Python's own ("not enough values to unpack") did not.
        return PinHashError(f"pin_hash is not readable: {why}; set the supervisor's PIN again "
                            "(dealer-assist supervisor hash NAME) and paste the whole line it prints")

    parts = stored.split("$") if isinstance(stored, str) else []
    if len(parts) != 6:
        raise unreadable(f"it has {len(parts)} part{'' if len(parts) == 1 else 's'} between '$', not the 6 of "
                         "scrypt$N$r$p$salt$key (a placeholder such as scrypt$... is not a hash)")
    scheme, n, r, p, salt, key = parts
    if scheme != "scrypt":
        raise unreadable(f"it starts {scheme!r}, not 'scrypt'")
    try:
        n_, r_, p_ = int(n), int(r), int(p)
    except ValueError:
        raise unreadable(f"its cost {n}${r}${p} is not three whole numbers") from None
    if n_ < 2 or n_ & (n_ - 1) or not (1 <= r_ <= 64 and 1 <= p_ <= 16) or n_ > 2 ** 20:
        raise unreadable(f"its cost N={n_}, r={r_}, p={p_} is out of range (N a power of 2 up to 2^20, r 1-64, "
                         "p 1-16)")
    try:
        salt_b, key_b = base64.b64decode(salt, validate=True), base64.b64decode(key, validate=True)
    except ValueError:
        raise unreadable("its salt or key is not base64") from None
    if not salt_b or not key_b:
        raise unreadable("its salt or key is empty")
    return n_, r_, p_, salt_b, key_b


def check_pin(pin: str, stored: str) -> bool:
    """Whether ``pin`` matches ``stored``; constant-time in the comparison, whatever the PIN."""
    n_, r_, p_, salt_b, key_b = read_pin_hash(stored)
    candidate = pin.encode("utf-8") if isinstance(pin, str) else b""
    computed = hashlib.scrypt(candidate, salt=salt_b, n=n_, r=r_, p=p_, dklen=len(key_b),
                              maxmem=2 * 128 * r_ * n_ * p_ + 16 * 1024 * 1024)
    return hmac.compare_digest(computed, key_b)


#: Checked instead when the name is unknown, so that an unknown name costs the same time as a wrong PIN.
_DECOY = f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${_b64(bytes(SALT_BYTES))}${_b64(bytes(KEY_BYTES))}"


@dataclass(frozen=True)
class Supervisor:
    """A name on the roster and the hash of their PIN (never the PIN)."""

    name: str
    pin_hash: str = field(repr=False)

    def to_dict(self) -> Dict[str, str]:
        return {"name": self.name, "pin_hash": self.pin_hash}


@dataclass(frozen=True)
class Correction:
    """A supervisor's change to the record: who, when, what (action + target) and why.

    Journaled as kind ``correction`` before the change is applied, so that the
    journal shows the original entry and the correction side by side.
    """

    supervisor: str
    time: str
    action: str
    target: Mapping[str, Any]
    reason: str

    def __post_init__(self) -> None:
        if self.action not in ACTIONS:
            raise CorrectionError(f"unknown correction {self.action!r}; one of: {', '.join(ACTIONS)}")
        if not isinstance(self.reason, str) or not self.reason.strip():
            raise CorrectionError(f"say why ({ACTIONS[self.action]}): a correction needs a reason for the record")
        object.__setattr__(self, "target", dict(self.target))

    def to_payload(self) -> Dict[str, Any]:
        """The journal payload; carries ``round`` at the top when the target names one (for export)."""
        payload: Dict[str, Any] = {"supervisor": self.supervisor, "time": self.time, "action": self.action,
                                   "target": dict(self.target), "reason": self.reason}
        if "round" in self.target:
            payload["round"] = self.target["round"]
        return payload

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> "Correction":
        try:
            return cls(payload["supervisor"], payload["time"], payload["action"], payload.get("target", {}),
                       payload["reason"])
        except KeyError as exc:
            raise CorrectionError(f"correction entry without {exc.args[0]!r}") from None


class SupervisorRoster:
    """The table's supervisors and the PIN lockout state (in memory; thread-safe).

    ``clock`` is monotonic seconds: lockouts must not end because someone sets
    the wall clock forward.
    """

    def __init__(self, supervisors: Iterable[Supervisor] = (), *,
                 clock: Callable[[], float] = time.monotonic,
                 wall_clock: Optional[Callable[[], str]] = None) -> None:
        self._supervisors: Dict[str, Supervisor] = {}
        for supervisor in supervisors:
            self._supervisors[supervisor.name] = supervisor
        self._clock = clock
        self._wall_clock = wall_clock or (
            lambda: datetime.now(timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z"))
        self._failures: Dict[str, int] = {}
        self._locked_until: Dict[str, float] = {}
        self._lock = threading.Lock()

    # ---- the roster

    @property
    def names(self) -> List[str]:
        return sorted(self._supervisors)

    def add(self, name: str, pin: str) -> Supervisor:
        """Add (or re-PIN) a supervisor; only the hash is kept."""
        if not isinstance(name, str) or not name.strip():
            raise SupervisorError("a supervisor needs a name")
        supervisor = Supervisor(name.strip(), hash_pin(pin))
        known = self._known_as(name)  # one entry a person, whatever the case or Unicode form typed
        with self._lock:
            if self._supervisors.pop(known, None) is not None:
                self._failures.pop(known, None)
                self._locked_until.pop(known, None)
            self._supervisors[supervisor.name] = supervisor
            self._failures.pop(supervisor.name, None)
            self._locked_until.pop(supervisor.name, None)
        return supervisor

    def remove(self, name: str) -> None:
        known = self._known_as(name)
        with self._lock:
            self._supervisors.pop(known, None)

    def to_config(self) -> Dict[str, Any]:
        return {"supervisors": [self._supervisors[name].to_dict() for name in self.names]}

    @classmethod
    def from_config(cls, config: Mapping[str, Any], **kwargs: Any) -> "SupervisorRoster":
        """Read ``{"supervisors": [{"name", "pin_hash"}, ...]}`` (the config file's section)."""
        supervisors = []
        for number, item in enumerate(config.get("supervisors", []), start=1):
            if not isinstance(item, Mapping) or not item.get("name") or not str(item.get("pin_hash", "")).startswith("scrypt$"):
                name = item.get("name") if isinstance(item, Mapping) else None
                lacks = (f"supervisor {name!r} has no scrypt pin_hash" if name
                         else f"[[supervisors]] entry {number} needs a name and a scrypt pin_hash")
                raise PinHashError(f"{lacks}: make the pin_hash with 'dealer-assist supervisor hash {name or 'NAME'}' "
                                   "(it asks the PIN; never write the PIN itself in the file)")
            try:
                read_pin_hash(str(item["pin_hash"]))
            except PinHashError as exc:
                raise PinHashError(f"supervisor {item['name']!r}: {exc}") from None
            name = str(item["name"])
            if not name.strip() or name != name.strip() or not name.isprintable():
                raise PinHashError(f"supervisor name {name!r} must be printable, with no space at either end")
            if any(name_key(s.name) == name_key(name) for s in supervisors):
                # Two PINs for one name: the last took over without a word, and the first stopped working;
                # "Ana" and "ana" are one person on a correction's record.
                raise PinHashError(f"supervisor {item['name']!r} is listed twice: keep one [[supervisors]] entry "
                                   "per name (names are told apart regardless of case and of Unicode form)")
            supervisors.append(Supervisor(str(item["name"]), str(item["pin_hash"])))
        return cls(supervisors, **kwargs)

    # ---- checking a PIN

    def check(self, name: str, pin: str) -> Supervisor:
        """The supervisor, if ``pin`` is theirs; else :class:`WrongPinError` or :class:`PinLockedError`.

        ``name`` is matched regardless of case, Unicode form and spaces at its ends, as the roster tells
        names apart (``ana`` is ``Ana``: :func:`name_key`), so that one person has one lockout whatever they type.
        """
        typed = str(name).strip()
        name = self._known_as(name)
        now = self._clock()
        with self._lock:
            until = self._locked_until.get(name, 0.0)
            if until > now:
                raise PinLockedError(name, until - now, typed)
            supervisor = self._supervisors.get(name)
        matches = check_pin(pin, supervisor.pin_hash if supervisor else _DECOY) and supervisor is not None
        with self._lock:
            if matches:
                self._failures.pop(name, None)
                self._locked_until.pop(name, None)
                return supervisor  # type: ignore[return-value]
            failures = self._failures.get(name, 0) + 1
            self._failures[name] = failures
            locked_for = 0.0
            if failures >= FREE_ATTEMPTS:
                locked_for = min(MAX_LOCKOUT_S, FIRST_LOCKOUT_S * 2 ** (failures - FREE_ATTEMPTS))
                self._locked_until[name] = self._clock() + locked_for
        raise WrongPinError(name, max(0, FREE_ATTEMPTS - failures), locked_for, failures, typed)

    def _known_as(self, name: str) -> str:
        """The roster's spelling of ``name``, else ``name`` without the spaces at its ends."""
        typed, key = str(name).strip(), name_key(name)
        with self._lock:
            return next((known for known in self._supervisors if name_key(known) == key), typed)

    def authorize(self, name: str, pin: str, action: str, target: Mapping[str, Any], reason: str) -> Correction:
        """Check the PIN and return the :class:`Correction` to journal; nothing is recorded on failure.

        The correction is validated first, so a missing reason costs the
        supervisor no PIN try.
        """
        draft = Correction(name, self._wall_clock(), action, target, reason)
        supervisor = self.check(name, pin)
        return Correction(supervisor.name, draft.time, draft.action, draft.target, draft.reason.strip())

    def restore(self, name: str, failures: int, locked_for: float = 0.0) -> None:
        """Put back a name's wrong-PIN count and lockout after a restart.

        The session journals each :class:`WrongPinError` (kind ``pin_refused``:
        supervisor, failures, locked_for) and replays the last one per name at
        start, so that killing the app does not wipe the lockout.  ``locked_for``
        is what is left of it (see :func:`.roster_record.restore_lockouts`).
        """
        name = self._known_as(name)
        with self._lock:
            if failures > 0:
                self._failures[name] = max(self._failures.get(name, 0), int(failures))
            if locked_for > 0:
                self._locked_until[name] = max(self._locked_until.get(name, 0.0), self._clock() + float(locked_for))

    def lockout_left(self, name: str) -> float:
        """Seconds until ``name`` may try again (0 when not locked)."""
        name = self._known_as(name)
        with self._lock:
            return max(0.0, self._locked_until.get(name, 0.0) - self._clock())
