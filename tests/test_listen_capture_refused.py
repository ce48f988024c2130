"""A ``listen --capture`` refused leaves the capture file as it was (rev14 F6).

The capture was opened (an old file of that name emptied, its header written) before the command's other
checks: ``listen --usb zz --capture cap.txt`` said "USB id 'zz' is not VID:PID" and cap.txt held only the
header; so too when the port did not open.  It is now opened once the port is (at the first link state).
"""

from __future__ import annotations

import threading

from dealer_assist.cli import main
from dealer_assist.shoesim import PtyEndpoint
from dealer_assist.sources.shoe_protocol import format_frame


def test_a_listen_refused_for_its_usb_id_leaves_the_capture_file_as_it_was(tmp_path, capsys):
    capture = tmp_path / "cap.txt"
    capture.write_text("precious\n")
    device = PtyEndpoint(str(tmp_path / "shoe"))
    try:
        assert main(["listen", "--serial", device.url, "--usb", "zz", "--capture", str(capture)]) == 2
    finally:
        device.close()
    assert "USB id 'zz'" in capsys.readouterr().err
    assert capture.read_text() == "precious\n"


def test_a_listen_refused_for_a_port_that_does_not_open_leaves_the_capture_file_as_it_was(tmp_path, capsys):
    capture = tmp_path / "cap.txt"
    capture.write_text("precious\n")
    assert main(["listen", "--serial", str(tmp_path / "no-such-port"), "--capture", str(capture)]) == 1
    assert "cannot open the shoe" in capsys.readouterr().err
    assert capture.read_text() == "precious\n"


def test_a_listen_that_opens_its_port_replaces_the_capture_file(tmp_path, capsys):
    capture = tmp_path / "cap.txt"
    capture.write_text("precious\n")
    device = PtyEndpoint(str(tmp_path / "shoe"))
    card = format_frame("CARD", 1, "AS")

    def deal() -> None:  # once listen holds the port open, a card every 0.2 s until listen has read one
        while not done.wait(0.2):
            if device.host_connected():
                device.write(card)

    done = threading.Event()
    dealer = threading.Thread(target=deal, daemon=True)
    dealer.start()
    try:
        assert main(["listen", "--serial", device.url, "--capture", str(capture), "--cards", "1"]) == 0
    finally:
        done.set()
        dealer.join()
        device.close()
    text = capture.read_text()
    assert "precious" not in text and text.startswith("# dealer-assist listen capture: ")
    assert card.decode().strip() in text
