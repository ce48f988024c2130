"""Croupier training: drills with one right answer each, scores, progress per trainee.

Pure Python on the rules core (no Qt, no devices opened here): the drills
play hands from a card feed through :mod:`dealer_assist.baccarat` and
:mod:`dealer_assist.blackjack` and read each answer off the rules core.
The trainer window lives in :mod:`dealer_assist.ui.training`; the command is
``dealer-assist train``.
"""

from dealer_assist.training.case import AnswerError, Attempt, Case, Question
from dealer_assist.training.feed import CardFeed, FeedError, ShoeFeed, SourceFeed
from dealer_assist.training.progress import ProgressError, ProgressStore
from dealer_assist.training.scoring import PassMark, Summary
from dealer_assist.training.session import DRILLS, Settings, TrainingSession, parse_drills

__all__ = [
    "AnswerError", "Attempt", "Case", "CardFeed", "DRILLS", "FeedError", "PassMark", "ProgressError",
    "ProgressStore", "Question", "Settings", "ShoeFeed", "SourceFeed", "Summary", "TrainingSession",
    "parse_drills",
]
