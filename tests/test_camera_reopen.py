"""A camera stream lost mid-round is opened again by itself.  The cards the table holds that lie in
view are its own; a card dealt while the stream was away lies there in no known order, so it is asked
for in its place; the cards dealt after it came back are read as ever.

Served as a real MJPEG stream over HTTP from the shared shoe video: the first connection shows the
round up to its third card and drops; the next shows the rest (the soak audit's stream that stalled
was lost for the rest of the shoe).
"""

from __future__ import annotations

import socket
import threading
import time

import cv2
import pytest

from dealer_assist.events import CardRead, LinkState, Unreadable
from dealer_assist.sources import camera
from dealer_assist.sources.camera import CameraSource
from shoe_video import shoe_video

#: The first frame after the third card (10♦) came to rest, before the fourth (3♥) left the shoe.
CUT = 110


class TwoPartStream:
    """An MJPEG stream on localhost: each connection sends the next list of JPEG frames, then closes."""

    def __init__(self, parts: list[list[bytes]], fps: float = 30.0) -> None:
        self.parts, self.fps = list(parts), fps
        self.server = socket.socket()
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(4)
        self.url = f"http://127.0.0.1:{self.server.getsockname()[1]}/stream.mjpg"
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while self.parts:
            try:
                client, _ = self.server.accept()
            except OSError:
                return
            frames = self.parts.pop(0)
            with client:
                try:
                    client.recv(4096)
                    client.sendall(b"HTTP/1.0 200 OK\r\nContent-Type: multipart/x-mixed-replace; boundary=f\r\n\r\n")
                    for jpeg in frames:
                        client.sendall(b"--f\r\nContent-Type: image/jpeg\r\nContent-Length: %d\r\n\r\n" % len(jpeg)
                                       + jpeg + b"\r\n")
                        time.sleep(1 / self.fps)
                except OSError:
                    pass

    def close(self) -> None:
        self.server.close()


@pytest.fixture(scope="module")
def video_parts():
    frames, truth = shoe_video()
    return [cv2.imencode(".jpg", f, [cv2.IMWRITE_JPEG_QUALITY, 90])[1].tobytes() for f in frames], truth


def _events_of(stream: TwoPartStream, counted, until, monkeypatch) -> list:
    monkeypatch.setattr(camera, "OPEN_RETRY", 0.3)
    got, done = [], threading.Event()

    def sink(event):
        got.append(event)
        if until(got):
            done.set()

    source = CameraSource(stream.url)
    source.count_in_view(counted)
    source.start(sink)
    try:
        assert done.wait(120), [e for e in got if not isinstance(e, LinkState)]
    finally:
        source.stop()
        stream.close()
    return got


def test_a_stream_lost_mid_round_is_opened_again_and_its_cards_not_read_twice(video_parts, monkeypatch):
    frames, truth = video_parts
    stream = TwoPartStream([frames[:CUT], frames[CUT:]])
    table: list[str] = []  # the table's cards: each one read is put on its layout

    def counted():
        return tuple(table)

    def until(got):
        reads = [e for e in got if isinstance(e, CardRead)]
        table[:] = [e.card.code for e in reads]
        return len(reads) >= 6

    got = _events_of(stream, counted, until, monkeypatch)
    links = [e for e in got if isinstance(e, LinkState)]
    assert any(e.state == "lost" and e.retrying and "trying again" in e.detail for e in links)
    assert any(e.state == "up" and e.detail.startswith("opened again: stream ") for e in links)
    reads = [e.card.code for e in got if isinstance(e, CardRead)]
    assert reads == truth[:6]  # 9♦ 2♦ 10♦ before the drop, then 3♥ 2♠ A♠: none read twice
    assert not [e for e in got if isinstance(e, Unreadable)]


def test_a_card_dealt_while_the_stream_was_away_is_asked_for_in_its_place(video_parts, monkeypatch):
    """The table never had the 10♦ (dealt while the stream was down, here cut out of the first part)."""
    frames, truth = video_parts
    stream = TwoPartStream([frames[:80], frames[CUT:]])  # 2♦ at rest (frame 71), the 10♦ not yet out (94)
    table: list[str] = []

    def until(got):
        table[:] = [e.card.code for e in got if isinstance(e, CardRead)]
        return any(isinstance(e, Unreadable) for e in got) and len(table) >= 3

    got = _events_of(stream, lambda: tuple(table), until, monkeypatch)
    asked = [e for e in got if isinstance(e, Unreadable)]
    assert len(asked) == 1 and [c.code for c in asked[0].candidates] == ["TD"]
    assert "came while the camera was away" in asked[0].why
    assert [e.card.code for e in got if isinstance(e, CardRead)][:3] == ["9D", "2D", "3H"]


def test_the_table_asks_for_each_such_card_in_its_place_and_holds_the_next_read_until_enter():
    """Two cards found lying there (QA: only the last had been named, and typing it let the next read
    play in the other's place)."""
    from dealer_assist.cards import Card
    from dealer_assist.table.session import TableSession

    session = TableSession(odds=False)
    session.skip_burn()
    assert session.enter_card("9D") is None
    for seq, card in enumerate((Card("2", "D"), Card("T", "D")), 1):
        session.handle(Unreadable("camera:0", time.time(), seq=seq, candidates=(card,),
                                  why=f"found {card.label} in view when it started, a card the table does not have: it "
                                      "came while the camera was away, and its place in the deal is not known"))
    asked = [a for a in session.snapshot.alerts if a.title == "CARD TO TYPE IN ITS PLACE"]
    assert len(asked) == 2 and "2♦" in asked[0].text and "10♦" in asked[1].text
    session.handle(CardRead(Card("3", "H"), "camera:0", time.time()))  # read after them: waits
    assert session.snapshot.pending is not None and session.snapshot.pending.card.code == "3H"
    assert session.enter_card("2D") is None  # one typed: the read still waits for the other
    assert session.snapshot.pending is not None and [c.code for c in session.state.round.cards] == ["9D", "2D"]
    assert session.enter_card("TD") is None
    assert session.confirm_pending() is None  # Enter plays the read that waited, after them
    assert [c.code for c in session.state.round.cards] == ["9D", "2D", "TD", "3H"]


def test_a_camera_lost_says_it_is_opened_again_and_a_serial_shoe_says_check_the_cable():
    from dealer_assist.table.session import TableSession

    session = TableSession(odds=False)
    for source in ("camera:0", "serial:/dev/card-shoe"):
        session.handle(LinkState(source, time.time(), "up"))
        session.handle(LinkState(source, time.time(), "lost", "stopped delivering frames", retrying=True))
    actions = {a.code: a.action for a in session.snapshot.alerts}
    assert "opened again by itself" in actions["link:camera:0"] and "cable" not in actions["link:camera:0"]
    assert "check the cable" in actions["link:serial:/dev/card-shoe"]
