"""Whether a window can open here; said before Qt aborts the process with a message nobody can act on."""

from __future__ import annotations

import os
import re
import sys

from dealer_assist.commands.output import CommandError


def require_screen() -> None:
    """Raise :class:`CommandError` when there is no screen for a window (Linux without X11 or Wayland)."""
    if not sys.platform.startswith("linux"):
        return
    if os.environ.get("QT_QPA_PLATFORM") or os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return
    raise CommandError("no screen to open the window on (neither DISPLAY nor WAYLAND_DISPLAY is set): run it from "
                       "the desktop session, or on a server under a virtual screen: xvfb-run -a dealer-assist ...; "
                       "the command-line tools (deal, settle, odds, listen, recognize ...) need no screen", 3)


def has_screen() -> bool:
    """Whether a window would be seen: a screen (see :func:`require_screen`) that is not Qt's offscreen
    or minimal platform (the tests', which draws nowhere), and whose server is there: Qt aborts the
    process (exit 134) on a DISPLAY no X server answers, an SSH session's left-over variable."""
    platform = os.environ.get("QT_QPA_PLATFORM", "").split(":")[0]
    if platform in ("offscreen", "minimal", "vnc"):
        return False
    try:
        require_screen()
    except CommandError:
        return False
    return bool(platform) or not sys.platform.startswith("linux") or _server_there()


def _server_there() -> bool:
    """Whether the Wayland or local X server the environment names has its socket (a remote X display,
    ``host:0``, is taken as there)."""
    wayland = os.environ.get("WAYLAND_DISPLAY")
    if wayland:
        runtime = os.environ.get("XDG_RUNTIME_DIR", "")
        if os.path.exists(wayland if os.path.isabs(wayland) else os.path.join(runtime, wayland)):
            return True
    match = re.fullmatch(r"(?:unix)?:(\d+)(?:\.\d+)?", os.environ.get("DISPLAY", ""))
    if match is None:
        return bool(os.environ.get("DISPLAY"))
    return os.path.exists(f"/tmp/.X11-unix/X{match.group(1)}")
