"""A live stream that stops sending frames without closing is a silent reader within seconds, as a
silent serial shoe is, and up again when frames come back.  A stalled stream showed "up" for half a
minute while OpenCV waited; the croupier was not told the camera saw nothing."""

from __future__ import annotations

import queue
import socket
import threading
import time

import cv2
import numpy as np
import pytest

from dealer_assist.events import LinkState
from dealer_assist.sources.camera import CameraSource


class StallingStream:
    """An MJPEG stream over HTTP on localhost: frames at 15 fps while ``flowing`` is set, none while clear."""

    def __init__(self, port: int = 0) -> None:
        felt = np.full((360, 640, 3), (40, 90, 30), np.uint8)
        self.jpeg = cv2.imencode(".jpg", felt)[1].tobytes()
        self.flowing = threading.Event()
        self.flowing.set()
        self.server = socket.socket()
        self.server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.server.bind(("127.0.0.1", port))
        self.server.listen(2)
        self.url = f"http://127.0.0.1:{self.server.getsockname()[1]}/stream.mjpg"
        self.done = threading.Event()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        try:
            client, _ = self.server.accept()
        except OSError:
            return
        client.recv(4096)
        client.sendall(b"HTTP/1.0 200 OK\r\nContent-Type: multipart/x-mixed-replace; boundary=frame\r\n\r\n")
        try:
            while not self.done.is_set():
                if self.flowing.wait(0.1):
                    client.sendall(b"--frame\r\nContent-Type: image/jpeg\r\nContent-Length: %d\r\n\r\n"
                                   % len(self.jpeg) + self.jpeg + b"\r\n")
                    time.sleep(1 / 15)
        except OSError:
            pass
        finally:
            client.close()

    def close(self) -> None:
        self.done.set()
        self.server.close()


def test_a_stalled_stream_goes_stale_and_comes_back_up():
    stream = StallingStream()
    events: queue.Queue = queue.Queue()
    source = CameraSource(stream.url, profile="anglo", stale_after=1.0)
    source.start(events.put)

    def next_link(timeout: float) -> LinkState:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                event = events.get(timeout=0.2)
            except queue.Empty:
                continue
            if isinstance(event, LinkState):
                return event
        raise AssertionError("no link change")

    try:
        assert next_link(5).state == "up"
        time.sleep(1.5)  # frames flow: no change
        assert events.empty() or not any(isinstance(e, LinkState) for e in list(events.queue))
        stream.flowing.clear()
        stale = next_link(10)
        assert stale.state == "stale" and "no frame for 1 s" in stale.detail
        stream.flowing.set()
        assert next_link(10).state == "up"
    finally:
        source.stop()
        stream.close()


def test_watch_names_a_stalled_stream_on_stderr():
    """`watch` on a stream that stalled printed nothing for half a minute: only the display said so."""
    import subprocess
    import sys

    stream = StallingStream()
    proc = subprocess.Popen([sys.executable, "-m", "dealer_assist.cli", "watch", "--profile", "anglo", "--json",
                             "--video", stream.url], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        time.sleep(3)  # open, and frames flow
        stream.flowing.clear()
        time.sleep(5)
        stream.flowing.set()
        time.sleep(2.5)
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=30)
        stream.close()
    stalled = err.index("no frame from")
    assert "stalled" in err[stalled:] and err.index("sends frames again") > stalled


def test_a_stream_not_up_when_the_table_starts_is_a_lost_link_tried_again():
    """The display did not open at all (exit 3): a croupier starting it from an icon saw nothing. It opens,
    says the camera is lost, and takes the camera up when it comes (no card was seen, none is read twice)."""
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    events: queue.Queue = queue.Queue()
    source = CameraSource(f"http://127.0.0.1:{port}/stream.mjpg", profile="anglo")
    source.start(events.put)
    stream = None
    try:
        first = events.get(timeout=30)
        assert isinstance(first, LinkState) and first.state == "lost" and first.retrying
        assert "trying again" in first.detail
        stream = StallingStream(port)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            event = events.get(timeout=30)
            if isinstance(event, LinkState) and event.state == "up":
                break
        else:
            raise AssertionError("the stream was not taken up")
    finally:
        source.stop()
        if stream is not None:
            stream.close()


def test_a_stream_that_takes_the_connection_and_says_nothing_fails_in_the_streams_time_not_ffmpegs(monkeypatch):
    """A camera's hung web server: FFmpeg's own 30 s wait had held the display's start."""
    from dealer_assist.vision import capture
    from dealer_assist.vision.capture import CaptureError, FrameGrabber

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(4)
    held = []
    def take() -> None:
        try:
            for _ in range(4):
                held.append(server.accept())
        except OSError:  # the test closed the server: nothing more to take
            pass

    threading.Thread(target=take, daemon=True).start()
    monkeypatch.setattr(capture, "STREAM_TIMEOUT", 1.0)
    t0 = time.monotonic()
    try:
        with pytest.raises(CaptureError, match="cannot open video source .*: the stream does not answer"):
            FrameGrabber(f"http://127.0.0.1:{server.getsockname()[1]}/stream.mjpg").start()
        assert time.monotonic() - t0 < 10
        assert held  # it did connect: the server took it and said nothing
    finally:
        server.close()


def test_a_file_that_is_no_video_and_a_camera_index_nobody_answers_are_told_apart(tmp_path):
    """QA: a text file named .mp4, an empty one and a camera index with no camera all got "camera unplugged,
    wrong index, unreadable file or stream down?"."""
    from dealer_assist.vision.capture import CaptureError, FrameGrabber

    for name, data in (("text.mp4", b"not a video"), ("empty.mp4", b"")):
        (tmp_path / name).write_bytes(data)
        with pytest.raises(CaptureError, match="not a video OpenCV can decode"):
            FrameGrabber(str(tmp_path / name)).start()
    with pytest.raises(CaptureError, match="no camera answers at that index"):
        FrameGrabber("63").start()
