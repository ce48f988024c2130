"""A camera table started again mid-round (after a crash, or a camera lost) sees the round's cards still
lying on the layout: they are the table's own, never read as new cards and played twice.

A soak audit found it: the shared shoe video cut after the third card, the table restarted on the
rest, read the banker's 2♦ again as the banker's second card, a natural with a Banker Pair paid on
cards the table never had; the real second card, 3♥, came after the round.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path

import cv2
import pytest

from dealer_assist.events import LinkState
from dealer_assist.sources.camera import CameraSource
from dealer_assist.table.state import TablePhase
from dealer_assist.ui.app import Table

VIDEO = Path(__file__).resolve().parents[2] / "shared" / "cards" / "test_shoe" / "anglo" / "baccarat.mp4"
#: The first frame after the third card (10♦, the Player's second) came to rest and before the fourth left the shoe.
CUT = 110


@pytest.fixture(scope="module")
def rest_of_round(tmp_path_factory):
    """The video from :data:`CUT` on, as an image sequence: 9♦ 2♦ 10♦ lying dealt, then the rest."""
    if not VIDEO.is_file():
        pytest.skip("shared shoe video not found")
    truth = [c["card"].replace("10", "T") for c in json.loads(VIDEO.with_suffix(".json").read_text())["cards"]]
    folder = tmp_path_factory.mktemp("rest")
    cap = cv2.VideoCapture(str(VIDEO))
    n = 0
    while True:
        ok, frame = cap.read()
        if not ok:
            break
        if n >= CUT:
            cv2.imwrite(str(folder / f"{n:04d}.jpg"), frame, [cv2.IMWRITE_JPEG_QUALITY, 92])
        n += 1
    cap.release()
    return folder, truth


def _play_on(window, folder: Path) -> None:
    """The camera started as the display starts its source, and run to the video's end."""
    ended = threading.Event()
    session = window.session
    source = CameraSource(str(folder / "*.jpg"))

    def sink(event):
        session.handle(event)
        if isinstance(event, LinkState) and event.state in ("ended", "lost"):
            ended.set()

    table = Table(session, source, window)
    source.start = (lambda start: lambda _: start(sink))(source.start)  # the display's sink, told of the end
    table.start()
    try:
        assert ended.wait(90)
    finally:
        source.stop()


def test_the_rounds_cards_in_view_at_a_restart_are_not_played_again(qtbot, table_factory, rest_of_round):
    folder, truth = rest_of_round
    assert truth[:4] == ["9D", "2D", "TD", "3H"]
    window = table_factory()
    session = window.session
    session.skip_burn()
    for code in truth[:3]:  # what the table had from the camera before it stopped
        assert session.enter_card(code) is None
    assert session.cards_on_layout() == ("9D", "2D", "TD")
    _play_on(window, folder)
    state = session.state
    assert [c.code for c in state.round.cards] == truth[:4]  # 3♥ the Banker's second card, as dealt
    assert state.phase == TablePhase.SETTLED and not state.round.outcome.banker_pair
    assert (state.round.outcome.player_total, state.round.outcome.banker_total) == (9, 5)
    assert [c.code for c in state.held] == truth[4:]  # the cards after the round: held, none of the three

