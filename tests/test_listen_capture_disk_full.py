"""``listen --capture FILE`` on a full disk names the capture, says it is incomplete and what to do (rev32 R8).

The capture's write error reached the program's last resort: "a disk is full (No space left on device), for a
write other than the output's; nothing more was done": no file named, and not that the capture was cut short
while the cards were printed.  A real pty shoe deals here until listen ends; the capture is on a small tmpfs
filled to its last page, or /dev/full (where every write is refused), which needs no mount."""

from __future__ import annotations

import os
import threading

import pytest

from dealer_assist.cli import main
from dealer_assist.shoesim import PtyEndpoint
from dealer_assist.sources.shoe_protocol import format_frame
from tmpfs_disks import fill, mounted


@pytest.fixture
def small_disk(tmp_path):
    """A 64 KB tmpfs filled but for one page."""
    for mnt in mounted(tmp_path, "size=64k"):
        fill(mnt, 4096)
        yield mnt


def _listen(tmp_path, capture, cards: int) -> int:
    device = PtyEndpoint(str(tmp_path / "shoe"))
    frames = [format_frame("CARD", seq, "AS") for seq in range(1, cards + 1)]

    def deal() -> None:  # once listen holds the port open, a card every 5 ms until listen has ended
        n = 0
        while not done.wait(0.005):
            if device.host_connected():
                device.write(frames[n % len(frames)])
                n += 1

    done = threading.Event()
    dealer = threading.Thread(target=deal, daemon=True)
    dealer.start()
    try:
        return main(["listen", "--serial", device.url, "--raw", "--capture", str(capture), "--cards", str(cards)])
    finally:
        done.set()
        dealer.join()
        device.close()


def test_a_capture_on_a_disk_that_fills_names_the_file_cut_short(small_disk, tmp_path, capsys):
    capture = small_disk / "cap.txt"
    code = _listen(tmp_path, capture, 400)   # 400 lines of ~60 bytes: more than the page left
    out, err = capsys.readouterr()
    assert code == 2
    assert f"cannot write the capture to {capture} (No space left on device)" in err
    assert f"{capture} is incomplete" in err and "free disk space" in err
    assert "for a write other than the output's" not in err and "nothing more was done" not in err
    assert capture.read_text().startswith("# dealer-assist listen capture: ")   # what was written stays
    assert "AS" in out   # the cards read before were printed


def test_a_capture_whose_every_write_is_refused_names_the_file(tmp_path, capsys):
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    code = _listen(tmp_path, "/dev/full", 3)
    err = capsys.readouterr().err
    assert code == 2
    assert "cannot write the capture to /dev/full (No space left on device): /dev/full is incomplete" in err
    assert "nothing more was done" not in err
