"""A camera table started again mid-round (after a crash, or a camera lost) sees the round's cards still
lying on the layout: they are the table's own, never read as new cards and played twice.

A soak audit found it: the shared shoe video cut after the third card, the table restarted on the
rest, read the banker's 2♦ again as the banker's second card, a natural with a Banker Pair paid on
cards the table never had; the real second card, 3♥, came after the round.
"""

from __future__ import annotations

import threading
from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.events import LinkState
from dealer_assist.sources.camera import CameraSource
from dealer_assist.table.state import TablePhase
from dealer_assist.ui.app import Table
from shoe_video import shoe_video

#: The first frame after the third card (10♦, the Player's second) came to rest and before the fourth left the shoe.
CUT = 110


@pytest.fixture(scope="module")
def frames():
    """Every frame of the shared shoe video, and its cards in order."""
    return shoe_video()


def _folder(tmp_path: Path, images: list) -> Path:
    for n, image in enumerate(images):
        cv2.imwrite(str(tmp_path / f"{n:04d}.jpg"), image, [cv2.IMWRITE_JPEG_QUALITY, 92])
    return tmp_path


@pytest.fixture(params=[0, 40], ids=["lit", "dark_first"])
def rest_of_round(request, frames, tmp_path):
    """The video from :data:`CUT` on, as an image sequence: 9♦ 2♦ 10♦ lying dealt, then the rest; after
    40 black frames too (a camera opening its exposure for more than a second: QA found the table's
    cards played again)."""
    video, truth = frames
    black = [np.zeros_like(video[0])] * request.param
    return _folder(tmp_path, black + video[CUT:]), truth


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


def _table_holding(table_factory, codes: list[str]):
    """A table (its burn skipped) that has the round's first ``codes`` from the camera before it stopped."""
    window = table_factory()
    window.session.skip_burn()
    for code in codes:
        assert window.session.enter_card(code) is None
    return window


def test_the_rounds_cards_in_view_at_a_restart_are_not_played_again(qtbot, table_factory, rest_of_round):
    folder, truth = rest_of_round
    assert truth[:4] == ["9D", "2D", "TD", "3H"]
    window = _table_holding(table_factory, truth[:3])
    session = window.session
    assert session.cards_on_layout() == ("9D", "2D", "TD")
    _play_on(window, folder)
    state = session.state
    assert [c.code for c in state.round.cards] == truth[:4]  # 3♥ the Banker's second card, as dealt
    assert state.phase == TablePhase.SETTLED and not state.round.outcome.banker_pair
    assert (state.round.outcome.player_total, state.round.outcome.banker_total) == (9, 5)
    assert [c.code for c in state.held] == truth[4:]  # the cards after the round: held, none of the three



def test_the_last_rounds_cards_still_lying_after_n_are_not_the_next_rounds(qtbot, table_factory, frames, tmp_path):
    """N pressed, the display restarted before the settled round's cards were cleared: QA saw them
    played as the next round, in the order they were read."""
    video, truth = frames
    window = _table_holding(table_factory, truth[:4])
    session = window.session
    assert session.next_round() is None
    assert session.cards_on_layout() == () and session.cards_maybe_on_layout() == tuple(truth[:4])
    _play_on(window, _folder(tmp_path, video[155:176]))  # the four lying still, nothing dealt
    assert session.state.round.cards == () and session.state.phase == TablePhase.BETTING


def test_the_burn_card_shown_is_not_burned_again(qtbot, table_factory, frames, tmp_path):
    """Restarted during the burn with its first card (9♦) face up in view: QA saw it burned twice."""
    video, truth = frames
    window = table_factory()
    session = window.session
    assert session.enter_card("9D") is None
    burned = [c.code for c in session.state.shoe.burned]
    _play_on(window, _folder(tmp_path, video[30:55]))
    assert [c.code for c in session.state.shoe.burned] == burned == ["9D"]


def test_a_rounds_card_hidden_under_a_hand_for_the_first_seconds_is_asked_for_not_played(qtbot, table_factory,
                                                                                        frames, tmp_path):
    """A soak-audit residual: the banker's 2♦ under a hand for the camera's first 1.2 s was read as a new
    card when the hand lifted and played as the banker's second card."""
    video, truth = frames
    window = _table_holding(table_factory, truth[:3])
    session = window.session
    covered = []
    for image in video[CUT:CUT + 36]:  # a hand over the 2♦ (its centre at about 618, 516)
        image = image.copy()
        cv2.rectangle(image, (500, 360), (730, 680), (120, 150, 200), -1)
        covered.append(image)
    _play_on(window, _folder(tmp_path, covered + video[CUT + 36:]))
    assert [c.code for c in session.state.round.cards] == truth[:3]  # the 2♦ not dealt again as the B2
    asked = [a for a in session.snapshot.alerts if a.title == "CARD TO TYPE IN ITS PLACE"]
    assert len(asked) == 1 and "2♦" in asked[0].text and "uncovered" in asked[0].text
    assert session.snapshot.pending.card.code == "3H"  # the real B2 waits for the croupier's look
    assert session.confirm_pending() is None
    assert [c.code for c in session.state.round.cards] == truth[:4]
    assert (session.state.round.outcome.player_total, session.state.round.outcome.banker_total) == (9, 5)
