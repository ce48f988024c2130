"""What the table and ``listen`` say of a serial shoe's faults, as QA read them: "20 damaged lines in 0 s",
"lost frame(s) 98 frames, 2 to 99", a gap "found as the link came back" on a link that never dropped, and
pyserial's raw "device reports readiness to read but returned no data" with no next step."""

from __future__ import annotations

import subprocess
import sys

from dealer_assist.events import LinkState
from dealer_assist.shoe import ShoeRules
from dealer_assist.shoesim import PtyEndpoint
from dealer_assist.sources.serial_shoe import SerialShoe
from dealer_assist.sources.shoe_protocol import format_frame
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from polling import wait_for

HELLO = format_frame("HELLO", 0, "1", "fw", "SHOE-1", "B1")


class Table:
    """A baccarat table reading a shoe on a real pty."""

    def __init__(self, tmp_path) -> None:
        self.device = PtyEndpoint(str(tmp_path / "shoe"))
        self.session = TableSession(TableRules(shoe=ShoeRules(burn=False)), odds=False)
        self.events: list = []
        self.reader = SerialShoe(self.device.link, name="serial:shoe", backoff_first=0.05, backoff_max=0.2)
        self.reader.start(self._sink)
        assert wait_for(lambda: self.reader.link == "up" and self.device.host_connected())

    def _sink(self, event) -> None:
        self.events.append(event)
        self.session.handle(event)

    def alert(self, code: str):
        assert wait_for(lambda: any(a.code == code for a in self.session.snapshot.alerts))
        return next(a for a in self.session.snapshot.alerts if a.code == code)

    def close(self) -> None:
        self.reader.stop()
        self.device.close()
        self.session.close()


def test_a_burst_of_damaged_lines_is_said_to_come_in_under_a_second(tmp_path):
    table = Table(tmp_path)
    try:
        table.device.write(HELLO + b"".join(b"\xf0$\xaa3\x80U\r\n" for _ in range(20)))
        noise = table.alert("noise:serial:shoe")
    finally:
        table.close()
    assert "20 damaged lines in under a second" in noise.text and "in 0 s" not in noise.text


def test_frames_lost_names_a_long_run_in_plain_words(tmp_path):
    table = Table(tmp_path)
    try:
        table.device.write(HELLO + format_frame("CARD", 1, "9H") + format_frame("CARD", 100, "2C"))
        gap = table.alert("gap")
    finally:
        table.close()
    assert "the serial:shoe lost 98 frames, 2 to 99: a card may have been missed" in gap.text
    assert "frame(s)" not in gap.text


def test_a_lost_link_says_what_to_check_not_pyserials_words(tmp_path):
    table = Table(tmp_path)
    try:
        table.device.unplug()
        lost = table.alert("link:serial:shoe")
    finally:
        table.close()
    (event,) = [e for e in table.events if isinstance(e, LinkState) and e.state == "lost"]
    assert "readiness to read" not in event.detail and "multiple access" not in event.detail
    assert "check the cable and the USB plug" in event.detail and "another program" in event.detail
    assert "check the cable and the USB plug" in lost.text


def _read_until(listen: subprocess.Popen, text: str) -> list[str]:
    """listen's lines up to the first holding ``text`` (its "link up": the port is open and pyserial has emptied
    its input, so what the device writes now is read; rev15 T2: a fixed sleep after host_connected() came short
    under load, and a burst written before the open was emptied)."""
    lines = []
    for line in listen.stdout:
        lines.append(line)
        if text in line:
            return lines
    raise AssertionError(f"listen ended before {text!r}: {lines}")


def test_listen_words_a_long_gap_by_what_happened(tmp_path):
    link = str(tmp_path / "shoe")
    device = PtyEndpoint(link)
    try:
        listen = subprocess.Popen([sys.executable, "-m", "dealer_assist", "listen", "--serial", link, "--cards", "3"],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        lines = _read_until(listen, "link      up")
        device.write(HELLO + format_frame("CARD", 1, "AS") + format_frame("CARD", 100, "KD"))
        lines += _read_until(listen, "(seq 100)")  # read before the unplug, which would drop what is unread
        device.unplug()
        lines += _read_until(listen, "link      lost")
        device.replug()
        lines += _read_until(listen, "link      up")
        device.write(format_frame("CARD", 103, "QH"))
        out, err = listen.communicate(timeout=30)
    finally:
        device.close()
    first, second = [line for line in "".join(lines).splitlines() + out.splitlines() if "LOST FRAMES" in line]
    assert "2-99 (98)" in first and "went unheard though the link stayed up" in first
    assert "found as the link came back" not in first
    assert "101-102 (2)" in second and "found as the link came back" in second


def test_plain_listen_json_gives_seq_null_as_docs_json_md_says(tmp_path):
    import json
    from pathlib import Path

    link = str(tmp_path / "shoe")
    device = PtyEndpoint(link)
    try:
        listen = subprocess.Popen([sys.executable, "-m", "dealer_assist", "listen", "--serial", link, "--dialect",
                                   "plain", "--json", "--cards", "2"], stdout=subprocess.PIPE, text=True)
        up = _read_until(listen, '"link"')
        device.write(b"AS\r\n??\r\n")
        out, _ = listen.communicate(timeout=30)
    finally:
        device.close()
    records = [json.loads(line) for line in up + out.splitlines()]
    assert [(r["event"], r["seq"]) for r in records if r["event"] != "link"] == [("card", None), ("unreadable", None)]
    doc = Path(__file__).resolve().parent.parent.joinpath("docs", "JSON.md").read_text(encoding="utf-8")
    listen_table = doc.split("## `listen`", 1)[1].split("\n## ", 1)[0]
    rows = {line.split("|")[1].strip(): line for line in listen_table.splitlines() if line.startswith("| `")}
    assert "`null` in the `plain` dialect" in rows["`card`"] and "`null` in the `plain` dialect" in rows["`unreadable`"]


def test_whole_lines_failing_the_crc_are_said_to_be_the_devices_crc_not_the_baud_rate(tmp_path):
    """qaAC F2: a shoe computing CRC-16/CCITT-FALSE got NOISE ON THE SHOE'S LINE, "check the port's baud rate"."""
    import binascii

    def ccitt_false(kind: str, seq: int, *fields: str) -> bytes:
        body = ",".join((kind, str(seq)) + fields).encode()
        return b"$" + body + b"*%04X\r\n" % binascii.crc_hqx(body, 0xFFFF)

    table = Table(tmp_path)
    try:
        table.device.write(HELLO + b"".join(ccitt_false("CARD", n, "9H") for n in range(1, 21)))
        alert = table.alert("noise:serial:shoe")
    finally:
        table.close()
    assert alert.title == "FRAMES FAIL THE CRC" and "another CRC than CRC-16/XMODEM (the last: the CRC-16/CCITT-FALSE" in alert.text
    assert "baud" not in alert.action and "listen" in alert.action


def test_each_recommended_err_code_says_what_to_do_about_it(tmp_path):
    """qaAC F15: JAM, SENSOR, COVER_OPEN and POWER all said "clear the shoe as its maker says"."""
    table = Table(tmp_path)
    try:
        table.device.write(HELLO + format_frame("ERR", 1, "JAM", "card jammed at the mouth")
                           + format_frame("ERR", 2, "COVER_OPEN", "lid up") + format_frame("ERR", 3, "XYZ", "?"))
        jam, cover, other = (table.alert(f"device:{code}") for code in ("JAM", "COVER_OPEN", "XYZ"))
    finally:
        table.close()
    assert "stuck at the shoe's mouth" in jam.action and "close the shoe's cover" in cover.action
    assert other.action == "clear the shoe as its maker says, then check the last card"
