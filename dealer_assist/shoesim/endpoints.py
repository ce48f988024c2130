"""Where the simulated shoe is plugged in: a pseudo-terminal, a TCP port, or a real serial port.

Both can be unplugged and plugged back in.  A pty comes back under a new
``/dev/pts/N`` name (as a USB adapter may come back as another ttyUSB), so
``link`` keeps a stable symlink to the current one, as the udev rule in
``hardware/udev/`` does for real hardware.
"""

from __future__ import annotations

import os
import select
import socket
import threading
import tty
from typing import Optional


class EndpointError(OSError):
    """The simulator could not create its port; the message says which and why."""


#: Seconds a pty write taken in part waits for room for its rest (a host reading it drains it far sooner).
PTY_WRITE_PATIENCE = 2.0


class PtyEndpoint:
    """The device side of a pseudo-terminal; the host opens :attr:`path` (or :attr:`link`)."""

    kind = "pty"

    def __init__(self, link: Optional[str] = None) -> None:
        if link and os.path.lexists(link) and not os.path.islink(link):
            # The link is replaced and, at an unplug or the end, removed: it must never be someone's file.
            what = "a folder" if os.path.isdir(link) else "a file"
            raise EndpointError(f"--link {link} is {what}, not a link this simulator made: give a path that "
                                "does not exist yet (e.g. /tmp/card-shoe); nothing was changed")
        self.link = link
        self._master: Optional[int] = None
        self.path = ""
        self.plugged = False
        self.replug()

    @property
    def url(self) -> str:
        return self.link or self.path

    def replug(self) -> None:
        if self.plugged:
            return
        try:
            master, slave = os.openpty()
        except OSError as exc:
            raise EndpointError(f"cannot create a pseudo-terminal: {exc}") from None
        tty.setraw(slave)
        self.path = os.ttyname(slave)
        os.close(slave)
        os.set_blocking(master, False)
        self._master = master
        if self.link:
            tmp = f"{self.link}.{os.getpid()}.tmp"
            try:
                if os.path.lexists(tmp):
                    os.unlink(tmp)
                os.symlink(self.path, tmp)
                os.replace(tmp, self.link)
            except OSError as exc:
                raise EndpointError(f"cannot point the link {self.link} at {self.path}: {exc}") from None
        self.plugged = True

    def unplug(self) -> None:
        """Close the pty: the host's next read fails as when a USB cable is pulled."""
        if not self.plugged:
            return
        self.plugged = False
        master, self._master = self._master, None
        if self.link and os.path.islink(self.link):
            os.unlink(self.link)
        if master is not None:
            os.close(master)

    def host_connected(self) -> bool:
        """True while some program has the pty open (reading the master fails with EIO when nobody has)."""
        if self._master is None:
            return False
        try:
            os.read(self._master, 256)  # the protocol has no host-to-device traffic: anything read is discarded
        except BlockingIOError:
            return True
        except OSError:
            return False
        return True

    def write(self, data: bytes) -> bool:
        """Send bytes, all of them; False when they were lost (unplugged, or nobody reading and the buffer
        full).  A write the pty takes in part is finished once it has room again, up to
        :data:`PTY_WRITE_PATIENCE` seconds with no room (rev15 T3: the rest was dropped and True returned, so a
        burst larger than the pty's buffer came cut mid-frame)."""
        view = memoryview(data)
        while view:
            master = self._master
            if not self.plugged or master is None:
                return False
            try:
                view = view[os.write(master, view):]
                continue
            except BlockingIOError:
                if len(view) == len(data):
                    return False  # nothing taken: nobody reading, the buffer full
            except OSError:
                return False
            try:
                if not select.select([], [master], [], PTY_WRITE_PATIENCE)[1]:
                    return False
            except (OSError, ValueError):  # unplugged meanwhile
                return False
        return True

    def close(self) -> None:
        self.unplug()


class TcpEndpoint:
    """A TCP server the host reaches as ``socket://HOST:PORT``; every connected client gets every byte."""

    kind = "tcp"

    def __init__(self, host: str = "127.0.0.1", port: int = 0) -> None:
        self.host = host
        self.port = port
        self._server: Optional[socket.socket] = None
        self._clients: list[socket.socket] = []
        self._lock = threading.Lock()
        self.plugged = False
        self.replug()

    @property
    def url(self) -> str:
        return f"socket://{self.host}:{self.port}"

    @property
    def path(self) -> str:
        return f"{self.host}:{self.port}"

    def replug(self) -> None:
        if self.plugged:
            return
        server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            server.bind((self.host, self.port))
        except OSError as exc:
            server.close()
            raise EndpointError(f"cannot listen on {self.host}:{self.port}: {exc}") from None
        server.listen(4)
        self.port = server.getsockname()[1]
        self._server = server
        self.plugged = True
        threading.Thread(target=self._accept, args=(server,), name="shoesim-accept", daemon=True).start()

    def _accept(self, server: socket.socket) -> None:
        while True:
            try:
                client, _ = server.accept()
            except OSError:
                return
            client.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            with self._lock:
                if not self.plugged:
                    client.close()
                    return
                self._clients.append(client)

    def host_connected(self) -> bool:
        with self._lock:
            return bool(self._clients)

    def unplug(self) -> None:
        with self._lock:
            if not self.plugged:
                return
            self.plugged = False
            server, self._server = self._server, None
            clients, self._clients = self._clients, []
        for sock in clients:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()
        if server is not None:
            try:
                server.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            server.close()

    def write(self, data: bytes) -> bool:
        with self._lock:
            clients = list(self._clients)
        sent = False
        for sock in clients:
            try:
                sock.sendall(data)
                sent = True
            except OSError:
                with self._lock:
                    if sock in self._clients:
                        self._clients.remove(sock)
                sock.close()
        return sent

    def close(self) -> None:
        self.unplug()


class SerialEndpoint:
    """A real serial port (a USB adapter, a null-modem cable to the host's): tests the adapters, the
    cable and the baud rate that a pty or TCP leave out.  A serial line cannot tell whether a host has
    its other end open, so the shoe deals at once; an unplug closes the port for a while."""

    kind = "serial"

    def __init__(self, url: str, baudrate: int) -> None:
        self.path = url
        self.baudrate = baudrate
        self._port = None
        self.plugged = False
        self.replug()

    @property
    def url(self) -> str:
        return self.path

    def replug(self) -> None:
        if self.plugged:
            return
        import serial

        try:
            self._port = serial.serial_for_url(self.path, baudrate=self.baudrate, timeout=0, write_timeout=1.0)
        except (serial.SerialException, OSError, ValueError) as exc:
            raise EndpointError(f"cannot open serial port {self.path!r} at {self.baudrate} baud: {exc} (check the "
                                "path with 'dealer-assist ports', and your access to it: the dialout group)") from None
        self.plugged = True

    def host_connected(self) -> bool:
        return self.plugged

    def unplug(self) -> None:
        if not self.plugged:
            return
        self.plugged = False
        port, self._port = self._port, None
        if port is not None:
            port.close()

    def write(self, data: bytes) -> bool:
        if not self.plugged or self._port is None:
            return False
        import serial

        try:
            self._port.write(data)
            return True
        except (serial.SerialException, OSError):
            return False

    def close(self) -> None:
        self.unplug()
