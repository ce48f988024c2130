"""Whether a window can open here; said before Qt aborts the process with a message nobody can act on."""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import re
import socket
import subprocess
import sys
import threading

from dealer_assist.commands.output import CommandError


def require_screen() -> None:
    """Raise :class:`CommandError` when there is no screen for a window (Linux without X11 or Wayland)."""
    if not sys.platform.startswith("linux"):
        return
    platform = os.environ.get("QT_QPA_PLATFORM", "").split(":")[0]
    if platform and platform != "xcb":
        return  # offscreen, minimal, vnc, wayland, eglfs...: Qt's own platform, no X server to ask
    if os.environ.get("DISPLAY") or (os.environ.get("WAYLAND_DISPLAY") and not platform):
        # QT_QPA_PLATFORM=xcb asks for X whatever Wayland there is, and Qt aborts without it as it does unset.
        if _server_there(wayland=not platform):
            if (not platform and _wayland_there()) or not _x_refuses(os.environ.get("DISPLAY", "")):
                return
            raise CommandError(f"no screen to open the window on: the X server at DISPLAY={os.environ['DISPLAY']} "
                               "refuses this user (no authorization: another user's session, or sudo without the "
                               "session's XAUTHORITY): run it as the user logged in at the screen, or pass that "
                               "user's XAUTHORITY (sudo --preserve-env=XAUTHORITY ...)", 3)
        named = ", ".join(f"{k}={os.environ[k]}" for k in ("DISPLAY", "WAYLAND_DISPLAY") if os.environ.get(k))
        raise CommandError(f"no screen to open the window on: {named} is set, but no display server is there (a "
                           "variable left from another session?): run it from the desktop session, or under a "
                           "virtual screen: xvfb-run -a dealer-assist ...", 3)
    raise CommandError("no screen to open the window on (neither DISPLAY nor WAYLAND_DISPLAY is set): run it from "
                       "the desktop session, or on a server under a virtual screen: xvfb-run -a dealer-assist ...; "
                       "the command-line tools (deal, settle, odds, listen, recognize ...) need no screen", 3)


def has_screen(try_qt: bool = False) -> bool:
    """Whether a window would be seen: a screen (see :func:`require_screen`) that is not Qt's offscreen
    or minimal platform (the tests', which draws nowhere), and whose server is there: Qt aborts the
    process (exit 134) on a DISPLAY no X server answers, an SSH session's left-over variable.
    ``try_qt``: also let Qt open it in a child process (half a second): a Qt that cannot load its
    platform (a missing system library) aborts as well."""
    platform = os.environ.get("QT_QPA_PLATFORM", "").split(":")[0]
    if platform in ("offscreen", "minimal", "vnc"):
        return False
    try:
        require_screen()
    except CommandError:
        return False
    return not try_qt or _qt_opens()


def _qt_opens() -> bool:
    probe = "from PySide6.QtGui import QGuiApplication; QGuiApplication([])"
    try:
        return subprocess.run([sys.executable, "-c", probe], capture_output=True, timeout=10).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


def _server_there(wayland: bool = True) -> bool:
    """Whether the Wayland (unless not ``wayland``) or X server the environment names answers a connection
    (half a second at most): a variable left from an SSH session or another login names one that is gone."""
    if wayland and _wayland_there():
        return True
    match = re.fullmatch(r"(?P<host>[^:]*):(?P<n>\d+)(?:\.\d+)?", os.environ.get("DISPLAY", ""))
    if match is None:
        return False
    n, host = int(match["n"]), match["host"]
    if host in ("", "unix"):
        # X listens on an abstract socket (a container sharing the host's network sees only that) and a file.
        return any(_connects(socket.AF_UNIX, name) for name in (f"\0/tmp/.X11-unix/X{n}", f"/tmp/.X11-unix/X{n}"))
    return _connects(socket.AF_INET, (host, X_TCP_PORT + n))


def _wayland_there() -> bool:
    wayland = os.environ.get("WAYLAND_DISPLAY")
    if not wayland:
        return False
    path = wayland if os.path.isabs(wayland) else os.path.join(os.environ.get("XDG_RUNTIME_DIR", ""), wayland)
    return _connects(socket.AF_UNIX, path)


#: How long the X server has to answer the connection's set-up (seconds); past it, it is trusted.
X_SETUP_WAIT = 1.0


def _x_refuses(display: str) -> bool:
    """Whether the X server at ``display``, which answers a connection, refuses this user's set-up (no
    authorization: no ~/.Xauthority, another user's display, sudo): Qt then aborts the process (exit 134).

    Asked through libxcb, as Qt's own X platform connects, in about a millisecond.  Without libxcb
    (Qt could not use X either), or with no reply within :data:`X_SETUP_WAIT`, the server is trusted.
    """
    name = ctypes.util.find_library("xcb")
    if name is None:
        return False
    try:
        xcb = ctypes.CDLL(name)
    except OSError:
        return False
    xcb.xcb_connect.restype = ctypes.c_void_p
    xcb.xcb_connect.argtypes = [ctypes.c_char_p, ctypes.c_void_p]
    xcb.xcb_connection_has_error.argtypes = [ctypes.c_void_p]
    xcb.xcb_disconnect.argtypes = [ctypes.c_void_p]
    errors: list[int] = []

    def set_up() -> None:
        connection = xcb.xcb_connect(display.encode(), None)
        errors.append(xcb.xcb_connection_has_error(connection))
        xcb.xcb_disconnect(connection)

    # A server that takes the connection and never replies would hold xcb_connect: the thread is left to it.
    asking = threading.Thread(target=set_up, name="x-set-up", daemon=True)
    asking.start()
    asking.join(X_SETUP_WAIT)
    return bool(errors) and errors[0] != 0


#: The TCP port of X display 0 (display N listens at this plus N).
X_TCP_PORT = 6000


def _connects(family: int, address) -> bool:
    try:
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.settimeout(0.5)
            probe.connect(address)
        return True
    except OSError:
        return False
