"""Refuse the one PySide6 build known to crash us, with a message that says how to fix it.

PySide6 6.12 (abi3) is built for Pythons where ``None`` is immortal (3.12+):
on Python 3.11 every call of a void Qt method drops a reference to ``None``
and a window that paints for a few seconds dies with "Fatal Python error:
none_dealloc".  pyproject.toml pins ``PySide6-Essentials<6.12``; this check
catches an environment where a later upgrade undid the pin, before the
croupier's display crashes in the middle of a round.
"""

from __future__ import annotations

import sys


class BrokenQtError(RuntimeError):
    """The installed PySide6 cannot run this display."""


def none_leak_per_call() -> float:
    """How many references to ``None`` one void PySide6 call loses (0 when PySide6 is correct)."""
    from PySide6.QtGui import QFont

    font = QFont()
    before = sys.getrefcount(None)
    for _ in range(100):
        font.setPixelSize(12)
    return (before - sys.getrefcount(None)) / 100


def check_pyside() -> None:
    """Raise :class:`BrokenQtError` if this PySide6 leaks ``None`` on this Python."""
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return
    if none_leak_per_call() >= 0.5:
        import PySide6

        raise BrokenQtError(
            f"PySide6 {PySide6.__version__} crashes on Python {sys.version.split()[0]} (it drops references to "
            "None); install the pinned version: pip install 'PySide6-Essentials<6.12' (./dev.sh does this)")


check_pyside()
