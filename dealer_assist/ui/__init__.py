"""The croupier's display: the only package that imports Qt (PySide6).

The display follows napari's split: the table session is a plain observable
model; everything here only draws its snapshots and sends it commands.  No
widget computes a rule.  Sources publish from their own threads, so
:class:`~dealer_assist.ui.bridge.SnapshotBridge` re-emits every snapshot as a
queued Qt signal and the widgets are touched only on the GUI thread.
"""

from dealer_assist.ui import qt_compat  # noqa: E402,F401  (first: PySide6 6.12 on Python 3.11 leaks None)
