"""Whether a small 0/1 mask holds a straight run at all, on the mask packed into one integer.

:func:`.border_lines.thin_runs` looks for a court card's frame line in every
corner patch cut, and finds none in five of six: its openings (a bridged copy,
a long erosion, per direction) take some 25 array operations, each costing far
more to call than to compute on a patch this small.  Packed row by row into one
Python integer, the patch answers "no run" in a few dozen shifts and ands of
that integer, and the openings are made only where a run is.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np


def runs_present(binary: np.ndarray, half: int, bridge: bool) -> tuple[bool, bool]:
    """Whether OpenCV's erosion of ``binary`` (0/1) by a run ``2 * half + 1`` long along its rows,
    and along its columns, holds any pixel.

    The erosion counts what lies beyond the mask as ink, so it holds a pixel
    where ink runs ``2 * half + 1`` long, or ``half + 1`` long (the whole line,
    when shorter) from either end of a line.  With ``bridge`` the mask is first
    bridged as :func:`.border_lines._bridged` does (along rows for the runs along
    rows, along columns for those along columns).
    """
    h, w = binary.shape
    if not h or not w:
        return False, False
    # Row i's column j is bit i * w + j: a shift by one is a step along a row, by w a step down.
    bits = int.from_bytes(np.packbits(binary, bitorder="little").tobytes(), "little")
    m = _masks(h, w)
    across = down = bits
    if bridge:
        # Along rows: a one-pixel gap between pixels with no ink above or below them.
        lone = bits & ~(bits << w) & ~(bits >> w)
        across = bits | ((lone << 1) & (lone >> 1) & m.inner_cols)
        # Along columns: between pixels with no ink left or right of them.
        lone = bits & ~((bits << 1) & m.not_first_col) & ~((bits >> 1) & m.not_last_col)
        down = bits | ((lone << w) & (lone >> w))
    return _across(across, h, w, half), _down(down, h, w, half)


def _across(bits: int, h: int, w: int, half: int) -> bool:
    first = min(half + 1, w)
    starts = _starts(bits, first, 1)
    if starts & _cols(h, w, 0, 0) or starts & _cols(h, w, w - first, w - first):
        return True
    length = 2 * half + 1
    return length <= w and bool(_starts(bits, length, 1) & _cols(h, w, 0, w - length))


def _down(bits: int, h: int, w: int, half: int) -> bool:
    first = min(half + 1, h)
    starts = _starts(bits, first, w)
    row = (1 << w) - 1
    if starts & row or (starts >> ((h - first) * w)) & row:
        return True
    length = 2 * half + 1
    return length <= h and bool(_starts(bits, length, w))


def _starts(bits: int, length: int, step: int) -> int:
    """``bits`` where it and the ``length - 1`` bits each ``step`` beyond it are all set.

    A run along a row may read on into the next row: the caller keeps only the
    starts whose run ends within their row.
    """
    have = 1
    while 2 * have <= length:
        bits &= bits >> (have * step)
        have *= 2
    if have < length:
        bits &= bits >> ((length - have) * step)
    return bits


class _Masks:
    """Per-row column masks of an ``h`` x ``w`` mask's integer."""

    def __init__(self, h: int, w: int) -> None:
        self.not_first_col = _cols(h, w, 1, w - 1)
        self.not_last_col = _cols(h, w, 0, w - 2)
        self.inner_cols = _cols(h, w, 1, w - 2)


@lru_cache(maxsize=16)
def _masks(h: int, w: int) -> _Masks:
    return _Masks(h, w)


@lru_cache(maxsize=64)
def _cols(h: int, w: int, c0: int, c1: int) -> int:
    """Bits of columns ``c0`` to ``c1`` (inclusive) of every row; 0 when ``c1 < c0``."""
    if c1 < c0:
        return 0
    row = ((1 << (c1 - c0 + 1)) - 1) << c0
    out = 0
    for i in range(h):
        out |= row << (i * w)
    return out
