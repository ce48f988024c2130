"""Fault injection for the simulator: what can happen to a frame between the shoe and the host.

Each fault is drawn from its own seeded stream, so a run is repeatable and a
test can reproduce the exact bytes a host saw.  ``force`` queues a fault for
the next frame (the keypress mode uses it).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Optional

CORRUPT = "corrupt"
DROP = "drop"
DUPLICATE = "duplicate"
GARBAGE = "garbage"
FRAME_FAULTS = (CORRUPT, DROP, DUPLICATE, GARBAGE)

_NOISE = bytes(range(0x20, 0x7F)) + b"\x00\xff\r\x1b"


@dataclass
class FaultPlan:
    """Per-frame probabilities of each fault (0 = never), and the seed that makes them repeatable."""

    corrupt: float = 0.0
    drop: float = 0.0
    duplicate: float = 0.0
    garbage: float = 0.0
    seed: Optional[int] = None
    _forced: list[str] = field(default_factory=list, repr=False)

    def __post_init__(self) -> None:
        for name in FRAME_FAULTS:
            p = getattr(self, name)
            if not 0.0 <= p <= 1.0:
                raise ValueError(f"--{name} {p} is not a probability between 0 and 1")
        self._rng = random.Random(None if self.seed is None else f"faults/{self.seed}")

    @property
    def active(self) -> bool:
        return any(getattr(self, name) for name in FRAME_FAULTS) or bool(self._forced)

    def force(self, fault: str) -> None:
        """Apply ``fault`` to the next frame, whatever the probabilities say."""
        if fault not in FRAME_FAULTS:
            raise ValueError(f"unknown fault {fault!r}; known: {', '.join(FRAME_FAULTS)}")
        self._forced.append(fault)

    def garbage_bytes(self) -> bytes:
        """Line noise between frames: never a ``$``, so it can never look like the start of a frame."""
        n = self._rng.randint(1, 30)
        noise = bytes(self._rng.choice(_NOISE) for _ in range(n)).replace(b"$", b"#")
        return noise + (b"\r\n" if self._rng.random() < 0.5 else b"")

    def corrupt_bytes(self, line: bytes) -> bytes:
        """Change one byte between ``$`` and the CRC's last digit (a burst of at most 8 bits: CRC-16 catches it)."""
        data = bytearray(line)
        i = self._rng.randrange(1, len(line) - 2)
        data[i] ^= self._rng.randint(1, 255)
        return bytes(data)

    def apply(self, line: bytes) -> tuple[bytes, list[str]]:
        """The bytes to put on the wire for ``line`` and the faults applied to it."""
        faults = list(self._forced)
        self._forced.clear()
        for name in FRAME_FAULTS:
            p = getattr(self, name)
            if p and name not in faults and self._rng.random() < p:
                faults.append(name)
        if DROP in faults:
            wire = b""
        elif CORRUPT in faults:
            wire = self.corrupt_bytes(line)
        else:
            wire = line
        if DUPLICATE in faults and DROP not in faults:
            wire = wire + line
        if GARBAGE in faults:
            wire = self.garbage_bytes() + wire
        return wire, faults
