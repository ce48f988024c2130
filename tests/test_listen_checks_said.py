"""``listen`` and ``shoe-sim`` say what is wrong as what it is (qaAC F6, F7, F13).

F7: ``listen --conformance --no-reconnect`` printed ``conformance PASS`` and exited 1 when the link was lost
before the end, with no word for the exit code.  F13: ``--capture`` given a folder was "not a folder this user
may write in"; one in a folder that does not exist passed the check, the port was opened, then it failed.
F6: ``shoe-sim --device-id`` with a letter past ASCII gave Python's codec message.
"""

from __future__ import annotations

import json
import subprocess
import sys

from child_output import rest_of_output
from dealer_assist.cli import main
from dealer_assist.shoesim import PtyEndpoint
from dealer_assist.sources.shoe_protocol import format_frame
from polling import wait_for


def test_a_conformance_check_whose_link_is_lost_with_no_reconnect_says_why_it_exits_1(tmp_path):
    device = PtyEndpoint(str(tmp_path / "shoe"))
    try:
        listen = subprocess.Popen([sys.executable, "-m", "dealer_assist", "listen", "--serial", device.url, "--json",
                                   "--conformance", "--no-reconnect", "--seconds", "60"],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert "up" in listen.stdout.readline()
        assert wait_for(device.host_connected)
        device.write(format_frame("HELLO", 0, "1", "fw", "SHOE-1", "B1") + format_frame("HB", 1, "-"))
        assert wait_for(lambda: '"hello"' in listen.stdout.readline())
        device.unplug()
        out, _ = rest_of_output(listen, timeout=60)  # not communicate(): it misses what readline() buffered
    finally:
        device.close()
    closing = json.loads(out.splitlines()[-1])
    assert closing["event"] == "conformance" and closing["link_lost"] is True
    assert "the link was lost before the end and --no-reconnect was given: exit 1" in closing["text"]
    assert listen.returncode == 1


def test_a_capture_given_a_folder_is_told_to_give_a_file_name(tmp_path, capsys):
    assert main(["listen", "--serial", "loop://", "--capture", str(tmp_path), "--seconds", "1"]) == 2
    err = capsys.readouterr().err
    assert f"{tmp_path} is a folder: give a file name, e.g. {tmp_path / 'shoe-capture.txt'}" in err
    assert "may write in" not in err


def test_a_capture_in_a_folder_that_does_not_exist_is_refused_before_the_port_opens(tmp_path, capsys):
    capture = tmp_path / "no" / "such" / "cap.txt"
    assert main(["listen", "--serial", "loop://", "--capture", str(capture), "--seconds", "1"]) == 2
    err = capsys.readouterr().err
    assert f"there is no folder {capture.parent}" in err and "listen:" not in err
    assert not capture.parent.exists()


def test_a_device_id_past_ascii_is_named_by_its_letter():
    run = subprocess.run([sys.executable, "-m", "dealer_assist", "shoe-sim", "--device-id", "ÉCU", "--no-wait",
                          "--cards", "1"], capture_output=True, text=True, timeout=60)
    assert run.returncode == 2
    assert "device id 'ÉCU' holds 'É': a device id is printable ASCII" in run.stderr
    assert "codec" not in run.stderr
