"""A shoe behind a serial-to-network bridge (``socket://``) whose link dies with no FIN or RST (the
bridge lost power, a cable was pulled): a v1 host never writes, so its socket never fails, and the
reader stayed stale for ever, never trying the bridge again (qaN F13).  After ``network_silence`` with
no frame it closes the connection and opens a new one; TCP keepalive is on as well."""

from __future__ import annotations

import socket
import threading

from dealer_assist.events import CardRead, LinkState
from dealer_assist.sources.serial_shoe import SerialShoe, _default_opener
from dealer_assist.sources.shoe_protocol import format_frame
from polling import wait_for


class Bridge:
    """A TCP server standing in for the bridge: it keeps every connection open and silent unless told."""

    def __init__(self) -> None:
        self.server = socket.socket()
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(8)
        self.url = f"socket://127.0.0.1:{self.server.getsockname()[1]}"
        self.connections: list = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self.server.accept()
            except OSError:
                return
            self.connections.append(conn)

    def close(self) -> None:
        self.server.close()
        for conn in self.connections:
            conn.close()


def send_to_the_newest(bridge: Bridge, data: bytes, sent: set) -> None:
    """Send ``data`` once on each connection the bridge took that has not had it (under load the reader may
    have given up a connection as silent, and opened another, before the test's write came)."""
    for conn in list(bridge.connections):
        if id(conn) not in sent:
            sent.add(id(conn))
            try:
                conn.sendall(data)
            except OSError:  # one the reader closed meanwhile
                pass


def test_a_network_link_silent_past_its_limit_is_closed_and_opened_again():
    bridge = Bridge()
    events: list = []
    shoe = SerialShoe(bridge.url, stale_after=1.0, backoff_first=0.02, backoff_max=0.05)
    shoe.network_silence = 2.0  # 10 s by default
    shoe.start(events.append)
    try:
        sent: set = set()
        hello_and_card = format_frame("HELLO", 0, "1", "fw", "BRIDGE-1", "AA01") + format_frame("CARD", 1, "AS")
        assert wait_for(lambda: bridge.connections, 60)
        assert wait_for(lambda: send_to_the_newest(bridge, hello_and_card, sent)
                        or any(isinstance(e, CardRead) for e in events), 60)
        # The bridge goes dead: each connection stays open on both sides and says nothing more.
        connections = len(bridge.connections)

        def states() -> list:
            return [e.state for e in events if isinstance(e, LinkState)]

        assert wait_for(lambda: "lost" in states() and "up" in states()[states().index("lost"):], 60), \
            "the bridge was never tried again"
        # The reader is up once its connect returns; the bridge's accept thread may list it a moment later (CI).
        assert wait_for(lambda: len(bridge.connections) > connections, 60)
        lost = [e for e in events if isinstance(e, LinkState) and e.state == "lost"]
        assert "on a network link" in lost[0].detail
        assert states()[0] == "up" and "stale" in states() and states().index("stale") < states().index("lost")
        sent = {id(conn) for conn in bridge.connections[:connections]}
        assert wait_for(lambda: send_to_the_newest(bridge, format_frame("CARD", 2, "KH"), sent)
                        or [e.card.code for e in events if isinstance(e, CardRead)] == ["AS", "KH"], 60)
        assert shoe.stats["reconnects"] >= 1
    finally:
        shoe.stop()
        bridge.close()


def test_a_serial_device_is_not_reopened_for_silence_nor_a_plain_reader_on_the_network():
    assert SerialShoe("/dev/ttyUSB0").network_silence is None
    assert SerialShoe("socket://127.0.0.1:9", dialect="plain").network_silence is None  # no heartbeat to miss
    assert SerialShoe("rfc2217://127.0.0.1:9").network_silence == 10.0


def test_a_network_link_has_tcp_keepalive_on():
    bridge = Bridge()
    port = _default_opener(bridge.url, 115200)
    try:
        assert port._socket.getsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE) == 1
        if hasattr(socket, "TCP_KEEPIDLE"):
            assert port._socket.getsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPIDLE) == 5
    finally:
        port.close()
        bridge.close()
