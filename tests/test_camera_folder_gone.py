"""A camera reading a folder of images says what it opened, and a folder deleted while it is read is a
lost camera, not the end of a video.

QA: the images' folder removed mid-session was reported as "SOURCE FINISHED ... end of the video", an
info the croupier may dismiss, and the link's ``up`` event said nothing of what was up.
"""

from __future__ import annotations

import shutil
import threading
from pathlib import Path

import cv2

from conftest import SHARED_CARDS
from dealer_assist.events import LinkState
from dealer_assist.sources.camera import CameraSource

FRAMES = 12


def _folder(tmp_path: Path) -> Path:
    """A dozen copies of a shared anglo table frame, numbered."""
    image = cv2.imread(str(SHARED_CARDS / "test" / "anglo" / "0000.jpg"))
    folder = tmp_path / "frames"
    folder.mkdir()
    for n in range(FRAMES):
        cv2.imwrite(str(folder / f"{n:04d}.jpg"), image)
    return folder


def _links(source_path: Path, on_up=None, until=("lost", "ended")) -> list[LinkState]:
    """The camera's link events, from its start until one whose state is in ``until``."""
    links, done = [], threading.Event()

    def sink(event):
        if isinstance(event, LinkState):
            links.append(event)
            if event.state == "up" and on_up is not None:
                on_up()
            if event.state in until:
                done.set()

    source = CameraSource(str(source_path), profile="anglo")
    source.start(sink)
    try:
        assert done.wait(60)
    finally:
        source.stop()
    return links


def test_the_link_up_says_what_it_opened(tmp_path):
    folder = _folder(tmp_path)
    links = _links(folder)
    assert links[0].state == "up" and links[0].detail == f"{FRAMES} image(s) from {str(folder)!r}"
    assert links[-1].state == "ended"


def test_a_folder_deleted_while_read_loses_the_camera(tmp_path):
    folder = _folder(tmp_path)
    links = _links(folder, on_up=lambda: shutil.rmtree(folder))
    end = links[-1]
    assert end.state == "lost" and not end.retrying
    assert "went missing while they were read" in end.detail and "deleted, moved or unmounted?" in end.detail


def test_the_link_up_of_a_video_gives_its_size_and_rate():
    video = SHARED_CARDS / "test_shoe" / "anglo" / "baccarat.mp4"
    links = _links(video, until=("up", "lost", "ended"))
    assert links[0].state == "up" and links[0].detail == f"video file {str(video)!r}, 1280x720, 30 fps"
