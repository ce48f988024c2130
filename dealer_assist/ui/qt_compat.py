"""Work around a PySide6 6.12 bug on Python 3.11: every call of a void Qt method drops a reference to None.

PySide6 6.12 (abi3) is built for Pythons where ``None`` is immortal (3.12+)
and no longer takes a new reference to ``None`` before returning it.  On
3.11 each ``painter.drawLine()``, ``label.setText()`` ... lowers ``None``'s
reference count by one, and a display that paints for a few seconds dies
with "Fatal Python error: none_dealloc" (``True``/``False`` leak the same
way on some paths: "bool_dealloc" at exit).  :func:`guard_none_refcount`
detects the leak (100 calls of a void method) and, only then, raises
``None``'s count so far that it cannot reach zero, which is what 3.12 does
for every immortal object.  Pinning a PySide6 that is correct on 3.11, or
running on 3.12+, makes this a no-op.
"""

from __future__ import annotations

import ctypes
import sys

#: Added to None's reference count when the leak is found: 2**40 leaked calls is centuries of painting.
HEADROOM = 2 ** 40


def none_leak_per_call() -> float:
    """How many references to ``None`` one void PySide6 call loses (0 when PySide6 is correct)."""
    from PySide6.QtGui import QFont

    font = QFont()
    before = sys.getrefcount(None)
    for _ in range(100):
        font.setPixelSize(12)
    return (before - sys.getrefcount(None)) / 100


def guard_none_refcount() -> bool:
    """Make ``None``, ``True`` and ``False`` effectively immortal if this PySide6 leaks them; True if needed."""
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return False
    if none_leak_per_call() < 0.5:
        return False
    for singleton in (None, True, False):  # the same build drops references to the two bools too
        ctypes.c_ssize_t.from_address(id(singleton)).value += HEADROOM
    return True


GUARDED = guard_none_refcount()
