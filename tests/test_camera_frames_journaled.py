"""A camera's cards are journaled with the video frame it saw them at (QA qaU F1).

A pit boss settling a dispute looks for each card in the camera's recording.  The journal kept only the
camera's count of its own reports as ``source_seq`` (1, 2, 3 ...), and the export no frame at all: the
2♠ that ``watch`` reported at frame 36 of the video was "source_seq 1" and nothing more.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from dealer_assist.events import CardRead
from dealer_assist.sources.camera import CameraSource
from dealer_assist.table.export import rounds_from_entries
from dealer_assist.table.journal import Journal
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.state import TableRules
from dealer_assist.table.session import TableSession
from dealer_assist.vision.profile import Profile, shipped_profile
from dealer_assist.vision.track import NewCard
from dealer_assist.vision.watch import open_source, watch
from camera_runs import run_to_end  # noqa: E402

VIDEO = Path(__file__).resolve().parents[2] / "shared" / "cards" / "test_shoe" / "anglo" / "baccarat.mp4"


@pytest.fixture()
def video() -> Path:
    if not VIDEO.is_file():
        pytest.skip("shared shoe-mouth videos not found")
    return VIDEO


def test_each_card_read_names_the_video_frame_watch_saw_it_at(video, tmp_path):
    grabber = open_source(str(video))
    try:
        seen = [(e.card.code, e.frame) for e, _ in watch(Profile.load(shipped_profile("anglo")), grabber)
                if isinstance(e, NewCard)]
    finally:
        grabber.stop()
    assert len(seen) == 6 and len({f for _, f in seen}) == 6

    journal = Journal.open(tmp_path / "table.sqlite")
    session = TableSession(TableRules(shoe=ShoeRules(burn=False)), journal, odds=False)
    try:
        source = CameraSource(str(video), profile="anglo")
        got: list = []
        run_to_end(source, got.append)
        for event in got:
            session.handle(event)
        reads = [e for e in got if isinstance(e, CardRead)]
        assert [(r.card.code, r.frame) for r in reads] == seen
        entries = list(journal.entries())
        journaled = [(e.payload["card"], e.payload.get("frame")) for e in entries if e.kind == "card_read"]
        assert journaled == seen
        exported = [c for record in rounds_from_entries(entries) for c in record.get("cards", ())]
        assert [(c["card"], c.get("frame")) for c in exported] == seen[:len(exported)]
        assert len(exported) >= 4  # a round's four first cards at the least were placed
    finally:
        session.close()
