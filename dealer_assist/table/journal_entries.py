"""A journal entry as written, and a payload's canonical JSON: what the chain hashes and the file stores."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import datetime, timezone
from decimal import Decimal
from typing import Any, Dict, Mapping, Union

from dealer_assist.cards import Card
from dealer_assist.table.chain import canonical
from dealer_assist.table.journal_errors import JournalPayloadError


# --------------------------------------------------------------------------- values

@dataclass(frozen=True)
class Entry:
    """One journal entry, as written.  ``payload`` is a fresh dict decoded from the file."""

    seq: int
    time: str
    kind: str
    payload: Dict[str, Any]
    prev_hash: str
    hash: str

    def to_dict(self) -> Dict[str, Any]:
        return {"seq": self.seq, "time": self.time, "kind": self.kind, "payload": self.payload,
                "prev_hash": self.prev_hash, "hash": self.hash}


# --------------------------------------------------------------------------- canonical form

def _json_default(value: Any) -> Any:
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise TypeError(f"{value!r} is not a finite amount")
        return str(value)
    if isinstance(value, Card):
        return value.code
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    raise TypeError(f"{type(value).__name__} {value!r} is not JSON-serialisable")


def _canonical(obj: Any) -> str:
    return canonical(obj, _json_default)


def encode_payload(payload: Mapping[str, Any]) -> str:
    """The canonical JSON text of ``payload``, or :class:`JournalPayloadError` naming what is wrong."""
    if not isinstance(payload, Mapping):
        raise JournalPayloadError(f"journal payload must be a dict, not {type(payload).__name__}; nothing was written")
    for key in payload:
        if not isinstance(key, str):
            raise JournalPayloadError(f"journal payload key {key!r} is not a string; nothing was written")
    try:
        return _canonical(dict(payload))
    except (TypeError, ValueError) as exc:
        raise JournalPayloadError(f"journal payload cannot be written as JSON ({exc}); nothing was written") from None


def stored_text(value: bytes) -> Union[str, bytes]:
    """A TEXT column as SQLite holds it: its text, or its bytes where they are no UTF-8 (a bit flipped on
    disk): read as text by default, one such byte had every reading of the journal refused, verify and
    ``journal recover`` too (qaAX H1).  Bytes are no column this program writes, so the chain check tells
    that entry as damaged, and the entries before it stay readable."""
    try:
        return value.decode("utf-8")
    except UnicodeDecodeError:
        return value


def _utc_now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="microseconds").replace("+00:00", "Z")
