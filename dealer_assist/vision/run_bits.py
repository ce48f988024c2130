"""Straight thin runs of ink in a small 0/1 mask, worked out on the mask packed into one integer.

:func:`.border_lines.thin_runs` looks for a court card's frame line in every
corner patch cut, and finds none in five of six: its openings (a bridged copy,
a long erosion, per direction) took some 25 array operations, each costing far
more to call than to compute on a patch this small.  Packed row by row into one
Python integer, the patch answers "no run" in a few dozen shifts and ands of
that integer (:func:`runs_present`), and the openings are made the same way
(:func:`thin_run_bits`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Optional

import numpy as np


def runs_present(binary: np.ndarray, half: int, bridge: bool) -> tuple[bool, bool]:
    """Whether OpenCV's erosion of ``binary`` (0/1) by a run ``2 * half + 1`` long along its rows,
    and along its columns, holds any pixel.

    The erosion counts what lies beyond the mask as ink, so it holds a pixel
    where ink runs ``2 * half + 1`` long, or ``half + 1`` long (the whole line,
    when shorter) from either end of a line.  With ``bridge`` the mask is first
    bridged as :func:`thin_run_bits` bridges it (along rows for the runs along
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
    """:func:`runs_present` along the rows of the unpadded ``bits``."""
    first = min(half + 1, w)
    starts = _starts(bits, first, 1)
    if starts & _cols(h, w, 0, 0) or starts & _cols(h, w, w - first, w - first):
        return True
    length = 2 * half + 1
    return length <= w and bool(_starts(bits, length, 1) & _cols(h, w, 0, w - length))


def _down(bits: int, h: int, w: int, half: int) -> bool:
    """:func:`runs_present` along the columns of the unpadded ``bits``."""
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


def thin_run_bits(binary: np.ndarray, run: int, thick: int, bridge: bool,
                  directions: tuple[bool, bool] = (True, True)) -> Optional[np.ndarray]:
    """:func:`.border_lines.thin_runs` of ``binary`` (0/1) for odd kernel sizes ``run`` (along) and
    ``thick`` (across), worked out on the mask packed into one integer: the very same pixels.
    ``directions``: whether runs along rows, and along columns, are looked for (:func:`runs_present`
    tells where there are none).

    With ``bridge``, each one-pixel gap along a run between two pixels one pixel thick (no ink
    across the run beside them) is filled first: the dashes of a hairline faded under the ink
    level.  A glyph's stroke is thicker: bridged too, a jack's stem and the club a pixel below
    it (bellot) made one run as long as a frame's line, and the stem was taken off.

    Each opening is OpenCV's: its erosion counts what lies beyond the mask as ink, its dilation
    as none.  The mask is packed with as many columns beyond each side of a row, and rows above
    and below it, as the openings along each reach, so that no shift carries one row into another.
    """
    h, w = binary.shape
    rows, cols = directions
    side = max(run if rows else thick, thick if cols else 0) // 2
    end = max(thick if rows else 0, run if cols else thick) // 2
    stride = w + 2 * side
    grid = np.zeros((h + 2 * end, stride), np.uint8)
    grid[end:end + h, side:side + w] = binary
    bits = int.from_bytes(np.packbits(grid, bitorder="little").tobytes(), "little")
    m = _pad_masks(h, w, side, end)
    lines = 0
    if rows:
        across = bits
        if bridge:
            lone = bits & ~(bits << stride) & ~(bits >> stride)
            across = bits | ((lone << 1) & (lone >> 1))
        lines = _opened(across, run, 1, m.side_cols, m.data) & ~_opened(across, thick, stride, m.end_rows, m.data)
    if cols:
        down = bits
        if bridge:
            lone = bits & ~(bits << 1) & ~(bits >> 1)
            down = bits | ((lone << stride) & (lone >> stride))
        lines |= _opened(down, run, stride, m.end_rows, m.data) & ~_opened(down, thick, 1, m.side_cols, m.data)
    if not lines:
        return None
    flat = np.unpackbits(np.frombuffer(lines.to_bytes(grid.size // 8 + 1, "little"), np.uint8),
                         count=grid.size, bitorder="little")
    return flat.reshape(grid.shape)[end:end + h, side:side + w].astype(binary.dtype)


def _opened(bits: int, size: int, step: int, beyond: int, data: int) -> int:
    """The opening of ``bits`` by a run ``size`` long (odd) in steps of ``step``: an erosion that counts
    ``beyond`` (the padding past the mask's ends along ``step``) as ink, then a dilation that counts it as none."""
    half = size // 2
    eroded = (_starts(bits | beyond, size, step) << (half * step)) & data
    if not eroded:
        return 0
    grown, have = eroded, 1
    while 2 * have <= size:
        grown |= grown << (have * step)
        have *= 2
    if have < size:
        grown |= grown << ((size - have) * step)
    return (grown >> (half * step)) & data


class _PadMasks:
    """The masks of an ``h`` x ``w`` mask packed with ``side`` columns beside and ``end`` rows above
    and below it (see :func:`thin_run_bits`)."""

    def __init__(self, h: int, w: int, side: int, end: int) -> None:
        stride = w + 2 * side
        data_row = ((1 << w) - 1) << side
        side_row = ((1 << stride) - 1) ^ data_row
        self.data = self.side_cols = 0
        for r in range(end, end + h):
            self.data |= data_row << (r * stride)
            self.side_cols |= side_row << (r * stride)
        self.end_rows = 0
        for r in list(range(end)) + list(range(end + h, h + 2 * end)):
            self.end_rows |= data_row << (r * stride)


@lru_cache(maxsize=16)
def _pad_masks(h: int, w: int, side: int, end: int) -> _PadMasks:
    return _PadMasks(h, w, side, end)
