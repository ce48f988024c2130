"""Start the trainer window for a session and run it until the trainee closes it."""

from __future__ import annotations

from typing import Optional

from dealer_assist.training.ending import Ending
from dealer_assist.training.progress import ProgressStore
from dealer_assist.training.scoring import Summary
from dealer_assist.training.session import TrainingSession


def run_trainer(session: TrainingSession, store: Optional[ProgressStore] = None,
                trainee: str = "trainee", ending: Optional[Ending] = None,
                fullscreen: bool = False) -> tuple[Optional[Summary], Optional[str]]:
    """Open the window (the session is stored by the window when it ends); the summary, if it ended, and why
    it could not be stored (None: stored, or nothing to store), which the command tells on stderr and by its
    exit status as ``--text`` does: a launcher had seen exit 0 for a result lost (qaS F13).

    With ``ending`` (see :mod:`dealer_assist.training.ending`), SIGTERM or SIGHUP closes the window as
    Ctrl+Q does: the answered cases are scored and stored.  ``fullscreen``: the config's ``[display]
    fullscreen``, taken as ``run`` takes it (F11 toggles it in the window).
    """
    from PySide6.QtCore import QTimer

    from dealer_assist.ui.app import application
    from dealer_assist.ui.training.window import TrainerWindow

    app = application()
    window = TrainerWindow(session, store=store, trainee=trainee)
    waker = QTimer()
    if ending is not None:
        ending.action = lambda signum: QTimer.singleShot(0, app.quit)
        # Python runs a signal handler only between bytecodes: a timer wakes it while Qt's loop waits.
        waker.timeout.connect(lambda: None)
        waker.start(250)
    if fullscreen:
        window.showFullScreen()
    else:
        window.show()
    try:
        app.exec()
    finally:
        waker.stop()
    if window.summary is None and session.attempts:
        window.end_session()
    window.finish_saving()   # a save still waiting for another trainer's lock (SIGTERM came meanwhile)
    return window.summary, window.store_error
