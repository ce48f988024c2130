"""dealer-assist: a live-table dealer assistant for baccarat and blackjack."""

import os

# numpy's OpenBLAS reads this once, when numpy is first imported: set here, before any module of ours imports it.
# Its pool of threads deadlocked the display's start about one time in six: on an X server with no D-Bus session
# bus, Qt's accessibility forks (D-Bus autolaunch) from a thread while the odds worker multiplies matrices, and
# OpenBLAS's fork handler waits for ever on its pool (the window never came, or the odds never did).  The odds'
# matrices are small: one thread computes them faster (1.4 ms a shoe against 7-19 ms with two).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

__version__ = "0.1.0"
