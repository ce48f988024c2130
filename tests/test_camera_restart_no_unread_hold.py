"""A card dealt as a table's camera (re)starts is no read "where the card the camera could not read lay" (QA F13).

QA restarted a blackjack table mid-round (bets placed, nothing dealt) with the shared plastic shoe-mouth
video as its camera: the first card, 4♠, sliding in within the camera's first second, waited as read where
an UNREADABLE CARD lay ("if you typed that card already, Del drops this read") though no card had been
asked for.  The tracker takes a card seen whole with no index found in that first second for maybe the
table's own, asking nothing; the 4♠ read for sure there had been taken for a read of a card asked for.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from dealer_assist.events import READ_WHERE_UNREAD, CardRead, Unreadable
from dealer_assist.vision.profile import Profile, shipped_profile
from dealer_assist.vision.track import NewCard, UnreadCard
from dealer_assist.vision.watch import open_source, watch
from camera_runs import run_to_end  # noqa: E402

VIDEO = Path(__file__).resolve().parents[2] / "shared" / "cards" / "test_shoe" / "plastic" / "blackjack.mp4"


@pytest.fixture()
def video() -> Path:
    if not VIDEO.is_file():
        pytest.skip("shared shoe-mouth videos not found")
    return VIDEO


def test_a_card_sliding_in_as_the_camera_restarts_is_no_read_of_a_card_asked_for(video):
    grabber = open_source(str(video))
    try:
        events = [e for e, _ in watch(Profile.load(shipped_profile("plastic")), grabber, counted=[], ask_unplaced=True,
                                      on_layout=lambda: [])]
    finally:
        grabber.stop()
    assert not any(isinstance(e, UnreadCard) for e in events)
    first = next(e for e in events if isinstance(e, NewCard))
    assert first.card.code == "4S" and first.frame < 30  # within the camera's first second
    assert not any(e.after_unread for e in events if isinstance(e, NewCard))


def test_the_tables_camera_reads_it_with_no_doubt(video):
    from dealer_assist.sources.camera import CameraSource

    source = CameraSource(str(video), profile="plastic")
    source.count_in_view(lambda: [])
    got: list = []
    run_to_end(source, got.append)
    reads = [e for e in got if isinstance(e, CardRead)]
    assert reads[0].card.code == "4S"
    assert all(r.doubt != READ_WHERE_UNREAD for r in reads)
    assert not any(isinstance(e, Unreadable) for e in got)
