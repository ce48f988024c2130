"""An alert the croupier must see and act on: the one value every part of a table session shows."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Alert:
    """Something the croupier must see and act on: what happened, why, and what to do."""

    code: str
    level: str  # "error" | "warning" | "info"
    title: str
    text: str
    action: str
    t: float
