"""Two shoes of one model with no USB serial number (a CH340, clone FTDIs) on one PC (qaN F14): after
table A's shoe was unplugged, A's reader, having learnt VID:PID only, opened table B's shoe and played
B's cards at table A.  A reader never takes another shoe: one with no serial number is found again only
in its own USB socket (or, that unknown, under its own path), and cards from a shoe whose HELLO names
another device than the one it had wait for the croupier."""

from __future__ import annotations

from collections import namedtuple

import pytest
import serial

from dealer_assist.events import CardRead, DeviceHello, LinkState
from dealer_assist.shoe import ShoeRules
from dealer_assist.shoesim import PtyEndpoint
from dealer_assist.sources.serial_shoe import SerialShoe, UsbIdentity, _default_opener
from dealer_assist.sources.shoe_protocol import format_frame
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from polling import wait_for

#: A list_ports entry: a CH340 reports 1A86:7523 and no serial number; ``location`` is its USB socket.
Port = namedtuple("Port", "device vid pid serial_number location")


def hello(device: str, boot: str) -> bytes:
    return format_frame("HELLO", 0, "1", "fw", device, boot)


class Bus:
    """The USB ports ``ports`` (changed by the test as shoes come and go), with every listing and opening kept."""

    def __init__(self, ports: list) -> None:
        self.ports, self.listed, self.opened = ports, [], []

    def lister(self) -> list:
        self.listed.append(None)
        return list(self.ports)

    def opener(self, url, baud):
        self.opened.append(url)
        return _default_opener(url, baud)


def links(events: list, state: str) -> list:
    return [e for e in events if isinstance(e, LinkState) and e.state == state]


@pytest.mark.parametrize("usb", [None, UsbIdentity(0x1A86, 0x7523)], ids=["learnt", "given-vid-pid"])
def test_a_shoe_with_no_serial_number_is_found_again_in_its_own_usb_socket_never_in_another_tables(usb):
    a, b = PtyEndpoint(), PtyEndpoint()
    ports = [Port(a.path, 0x1A86, 0x7523, None, "1-1.2:1.0"), Port(b.path, 0x1A86, 0x7523, None, "1-1.3:1.0")]
    bus = Bus(ports)
    listed, opened, events = bus.listed, bus.opened, []
    shoe = SerialShoe(a.path, usb=usb, lister=bus.lister, opener=bus.opener, backoff_first=0.02, backoff_max=0.05)
    shoe.start(events.append)
    a2 = None
    try:
        assert wait_for(lambda: shoe.link == "up" and a.host_connected())
        a.write(hello("SHOE-A", "A1") + format_frame("CARD", 1, "AS"))
        assert wait_for(lambda: any(isinstance(e, CardRead) for e in events))
        ports.pop(0)
        a.unplug()  # table A's shoe is unplugged; B deals on at its own table
        assert wait_for(lambda: links(events, "lost"))
        calls = len(listed)
        assert wait_for(lambda: len(listed) >= calls + 8)  # the reader looked for its shoe again and again
        b.write(hello("SHOE-B", "B1") + format_frame("CARD", 1, "9C") + format_frame("HB", 2, "1"))
        assert wait_for(lambda: len(listed) >= calls + 12)
        assert b.path not in opened and not b.host_connected()
        assert [e.card.code for e in events if isinstance(e, CardRead)] == ["AS"]
        assert "found again only in the USB socket it was in (1-1.2:1.0)" in links(events, "lost")[-1].detail
        a2 = PtyEndpoint()  # replugged in its own socket: another tty name, the same USB port path
        ports.append(Port(a2.path, 0x1A86, 0x7523, None, "1-1.2:1.0"))
        assert wait_for(lambda: shoe.link == "up" and a2.host_connected())
        assert shoe.device_path == a2.path
        a2.write(format_frame("CARD", 2, "KH"))
        assert wait_for(lambda: [e.card.code for e in events if isinstance(e, CardRead)] == ["AS", "KH"])
    finally:
        shoe.stop()
        for ep in (a, b, a2):
            if ep:
                ep.close()


def test_a_shoe_with_no_serial_number_nor_known_socket_is_reopened_under_its_own_path_only():
    a, b = PtyEndpoint(), PtyEndpoint()
    ports = [Port(a.path, 0x1A86, 0x7523, None, None), Port(b.path, 0x1A86, 0x7523, None, None)]
    bus = Bus(ports)
    opened, events = bus.opened, []
    shoe = SerialShoe(a.path, lister=bus.lister, opener=bus.opener, backoff_first=0.02, backoff_max=0.05)
    shoe.start(events.append)
    try:
        assert wait_for(lambda: shoe.link == "up" and a.host_connected())
        assert shoe.usb is None  # VID:PID alone would take any shoe of its model
        ports.pop(0)
        a.unplug()
        assert wait_for(lambda: len(opened) >= 6)
        assert set(opened) == {a.path} and not b.host_connected()
        assert "no USB serial number" in links(events, "lost")[-1].detail
        assert "/dev/serial/by-path" in links(events, "lost")[-1].detail
    finally:
        shoe.stop()
        a.close()
        b.close()


def test_cards_from_a_shoe_whose_hello_names_another_device_wait_for_the_croupier():
    port = serial.serial_for_url("loop://", timeout=0.02)
    events: list = []
    shoe = SerialShoe("loop://", opener=lambda url, baud: port)
    shoe.start(events.append)
    try:
        port.write(hello("SHOE-A", "A1") + format_frame("CARD", 1, "AS"))
        assert wait_for(lambda: len([e for e in events if isinstance(e, CardRead)]) == 1)
        port.write(hello("SHOE-B", "B1") + format_frame("CARD", 1, "9C"))
        assert wait_for(lambda: len([e for e in events if isinstance(e, CardRead)]) == 2)
        port.write(hello("SHOE-A", "A2") + format_frame("CARD", 1, "KH"))
        assert wait_for(lambda: len([e for e in events if isinstance(e, CardRead)]) == 3)
    finally:
        shoe.stop()
    cards = [e for e in events if isinstance(e, CardRead)]
    assert [(c.card.code, bool(c.doubt)) for c in cards] == [("AS", False), ("9C", True), ("KH", False)]
    assert "SHOE-B" in cards[1].doubt and "SHOE-A" in cards[1].doubt and cards[1].confidence < 1
    assert [e.device for e in events if isinstance(e, DeviceHello)] == ["SHOE-A", "SHOE-B", "SHOE-A"]


def test_the_table_names_another_shoe_and_holds_its_card_rather_than_play_it(tmp_path):
    link = str(tmp_path / "shoe")
    device = PtyEndpoint(link)
    session = TableSession(TableRules(shoe=ShoeRules(burn=False)), odds=False)
    reader = SerialShoe(link, name="serial:shoe", backoff_first=0.05, backoff_max=0.2)
    reader.start(session.handle)
    try:
        assert wait_for(lambda: reader.link == "up" and device.host_connected())
        device.write(hello("SHOE-A", "A1") + format_frame("CARD", 1, "AS"))
        assert wait_for(lambda: [c.code for c in session.state.round.cards] == ["AS"])
        device.write(hello("SHOE-B", "B1") + format_frame("CARD", 1, "9C"))
        assert wait_for(lambda: session.snapshot.pending is not None)
        assert session.snapshot.pending.card.code == "9C"
        assert [c.code for c in session.state.round.cards] == ["AS"]
        alert = {a.code: a for a in session.snapshot.alerts}["hello"]
        assert (alert.level, alert.title) == ("error", "ANOTHER SHOE")
        assert "SHOE-B" in alert.text and "SHOE-A" in alert.text
        device.write(hello("SHOE-A", "A2") + format_frame("CARD", 1, "KH"))
        assert wait_for(lambda: {a.code: a for a in session.snapshot.alerts}["hello"].title == "THIS TABLE'S SHOE AGAIN")
        assert session.snapshot.pending.card.code == "9C"  # still the croupier's to answer
    finally:
        reader.stop()
        device.close()
        session.close()


class ListedPort:
    """What serial.tools.list_ports.comports() gives for a CH340 with no serial number, and a serial FTDI."""

    def __init__(self, device, vid, pid, serial_number, location, description):
        self.device, self.vid, self.pid, self.serial_number = device, vid, pid, serial_number
        self.location, self.description, self.hwid = location, description, "USB"
        self.manufacturer = self.product = None


def test_ports_prints_the_ids_as_a_udev_rule_needs_them_with_a_header_and_the_usb_port(monkeypatch, capsys):
    import argparse

    from serial.tools import list_ports

    from dealer_assist.commands.serial import run_ports

    monkeypatch.setattr(list_ports, "comports", lambda: [
        ListedPort("/dev/ttyUSB0", 0x1A86, 0x7523, None, "1-1.2", "USB Serial"),
        ListedPort("/dev/ttyUSB1", 0x0403, 0x6001, "A10K3XYZ", "1-1.3", "FT232R USB UART")])
    assert run_ports(argparse.Namespace(json=False)) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["DEVICE", "VID:PID", "SERIAL", "USB", "PORT", "DESCRIPTION"]
    assert lines[1].split()[:4] == ["/dev/ttyUSB0", "1a86:7523", "-", "1-1.2"]
    assert lines[2].split()[:4] == ["/dev/ttyUSB1", "0403:6001", "A10K3XYZ", "1-1.3"]
    assert "no serial number" in lines[3] and "by-path" in lines[3]
    assert run_ports(argparse.Namespace(json=True)) == 0
    import json

    listed = json.loads(capsys.readouterr().out)["ports"]
    assert [(p["vid"], p["pid"], p["location"]) for p in listed] == [("1a86", "7523", "1-1.2"), ("0403", "6001", "1-1.3")]


def test_a_usb_id_given_as_vid_pid_is_narrowed_to_the_serial_number_of_the_shoe_it_opened(tmp_path):
    """rev14 F7: ``--usb 0403:6001`` was narrowed to a USB socket only for a device with no serial number; one
    with a serial number was found again by VID:PID alone, so another table's FTDI shoe was taken after a replug."""
    a, b = PtyEndpoint(), PtyEndpoint()
    ports = [Port(a.path, 0x0403, 0x6001, "A10K3XYZ", "1-1.2:1.0"), Port(b.path, 0x0403, 0x6001, "B20L4ABC", "1-1.3:1.0")]
    bus = Bus(ports)
    listed, opened, events = bus.listed, bus.opened, []
    shoe = SerialShoe(a.path, usb=UsbIdentity(0x0403, 0x6001), lister=bus.lister, opener=bus.opener,
                      backoff_first=0.02, backoff_max=0.05)
    shoe.start(events.append)
    a2 = None
    try:
        assert wait_for(lambda: shoe.link == "up" and a.host_connected())
        ports.pop(0)
        a.unplug()
        assert wait_for(lambda: links(events, "lost"))
        calls = len(listed)
        assert wait_for(lambda: len(listed) >= calls + 8 or b.path in opened)  # looked for its shoe again and again
        assert b.path not in opened and not b.host_connected()
        assert shoe.usb == UsbIdentity(0x0403, 0x6001, "A10K3XYZ")
        a2 = PtyEndpoint()  # replugged elsewhere: another tty name, another USB socket, its own serial number
        ports.append(Port(a2.path, 0x0403, 0x6001, "A10K3XYZ", "1-1.4:1.0"))
        assert wait_for(lambda: shoe.link == "up" and a2.host_connected())
        assert shoe.device_path == a2.path and b.path not in opened
    finally:
        shoe.stop()
        for ep in (a, b, a2):
            if ep:
                ep.close()


def test_a_vid_pid_with_no_serial_number_never_opens_another_tables_shoe_while_its_own_is_not_there(tmp_path):
    """verN NEW-7: ``--usb 1a86:7523`` for table A, whose shoe was not plugged in when the table started: the
    reader opened table B's identical shoe (the one port showing that id), pinned itself to B's socket and
    played B's cards without a doubt.  VID:PID alone names a model: only A's own path is opened."""
    own = str(tmp_path / "shoeA")
    b = PtyEndpoint()
    ports = [Port(b.path, 0x1A86, 0x7523, None, "1-1.3:1.0")]
    bus = Bus(ports)
    opened, events = bus.opened, []
    shoe = SerialShoe(own, usb=UsbIdentity(0x1A86, 0x7523), lister=bus.lister, opener=bus.opener,
                      backoff_first=0.02, backoff_max=0.05)
    shoe.start(events.append)
    a = None
    try:
        b.write(hello("SHOE-B", "B1") + format_frame("CARD", 1, "9D"))
        assert wait_for(lambda: len(opened) >= 6 or b.path in opened)
        assert set(opened) == {own} and not b.host_connected() and shoe.device_path is None
        assert not [e for e in events if isinstance(e, CardRead)]
        assert "names a model, not one shoe" in links(events, "lost")[-1].detail
        a = PtyEndpoint(own)  # A's shoe plugged in where the table looks for it
        ports.append(Port(a.path, 0x1A86, 0x7523, None, "1-1.2:1.0"))
        assert wait_for(lambda: shoe.link == "up" and a.host_connected())
        assert shoe.usb == UsbIdentity(0x1A86, 0x7523, None, "1-1.2:1.0")  # narrowed to its socket
    finally:
        shoe.stop()
        for ep in (a, b):
            if ep:
                ep.close()
