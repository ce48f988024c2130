"""Start the trainer window for a session and run it until the trainee closes it."""

from __future__ import annotations

from typing import Optional

from dealer_assist.training.progress import ProgressStore
from dealer_assist.training.scoring import Summary
from dealer_assist.training.session import TrainingSession


def run_trainer(session: TrainingSession, store: Optional[ProgressStore] = None,
                trainee: str = "trainee") -> Optional[Summary]:
    """Open the window (the session is stored by the window when it ends); the summary, if it ended."""
    from dealer_assist.ui.app import application
    from dealer_assist.ui.training.window import TrainerWindow

    app = application()
    window = TrainerWindow(session, store=store, trainee=trainee)
    window.show()
    app.exec()
    if window.summary is None and session.attempts:
        window.end_session()
    return window.summary
