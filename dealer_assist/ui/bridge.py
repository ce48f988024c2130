"""The thin QObject between the table session and the widgets.

:class:`~dealer_assist.table.session.TableSession` calls its subscribers
from whatever thread made the change (a serial reader, the camera, the
simulated shoe).  Widgets may only be touched on the GUI thread, so the
bridge keeps the newest snapshot and re-emits it through a queued signal.
Several snapshots arriving before the GUI thread runs collapse into one
(the newest): the display always shows the current table, never a backlog.

The hop to the GUI thread is a posted event (``QCoreApplication.postEvent``
is thread-safe by contract); emitting a signal from a plain Python thread
crashed PySide6 6.12 in our runs.
"""

from __future__ import annotations

import threading
from typing import Any, Callable, Optional

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Signal

_WAKE = QEvent.Type(QEvent.registerEventType())


class SnapshotBridge(QObject):
    """Re-emits the session's snapshots as :attr:`snapshot` on the GUI thread."""

    snapshot = Signal(object)

    def __init__(self, session: Any, parent: Optional[QObject] = None) -> None:
        super().__init__(parent)
        self._lock = threading.Lock()
        self._latest = None
        self._scheduled = False
        self._unsubscribe: Optional[Callable[[], None]] = session.subscribe(self._on_snapshot)

    def _on_snapshot(self, snap: Any) -> None:
        with self._lock:
            if self._latest is None or snap.version >= self._latest.version:
                self._latest = snap
            if self._scheduled:
                return
            self._scheduled = True
        QCoreApplication.postEvent(self, QEvent(_WAKE))

    def event(self, event: QEvent) -> bool:  # noqa: D401 (Qt's name)
        if event.type() == _WAKE:
            self._deliver()
            return True
        return super().event(event)

    def _deliver(self) -> None:
        with self._lock:
            snap, self._latest, self._scheduled = self._latest, None, False
        if snap is not None:
            self.snapshot.emit(snap)

    def detach(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
