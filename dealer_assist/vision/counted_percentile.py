"""A percentile of a patch's pixels counted from their histogram, to the bit as ``np.percentile`` gives it.

A patch holds only 256 levels: counting them (``cv2.calcHist``) and walking
the counts to the two order statistics numpy's "linear" method lies between
takes a tenth of the time of ``np.percentile``, which sorts a copy of the
pixels.  Corners are cut by the dozen a frame, so the difference shows.
"""

from __future__ import annotations

import numpy as np


def counted_percentile(counts: np.ndarray, values: np.ndarray, share: float):
    """The ``share`` quantile (0-1) of pixels counted per bin, bin ``i`` holding ``counts[i]``
    pixels of value ``values[i]`` (rising with ``i``), exactly as ``np.percentile`` (linear)
    gives it of those pixels' values; the result has the type numpy's arithmetic gives
    ``values``' items (a float for uint8 or float32 values)."""
    cdf = counts.cumsum()
    n = int(cdf[-1])
    at = (n - 1) * share  # numpy's "linear" virtual index
    below = int(np.floor(at))
    above = min(below + 1, n - 1)
    t = at - below
    # The k-th smallest pixel (from 0) is in the first bin whose count of pixels up to it exceeds k.
    i, j = cdf.searchsorted([below, above], side="right")
    lo, hi = values[i], values[j]
    # numpy's interpolation, from the nearer end (so that the figure is the same to the bit).
    step = hi - lo
    return hi - step * (1 - t) if t >= 0.5 else lo + step * t
