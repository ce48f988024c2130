"""What is wrong with a port's URL before it is opened, and why an open or a read failed, in words.

pyserial reads a URL's scheme and options only as it opens the port, and some of its
refusals are no message at all: ``loop://?bogus=1`` raises ``KeyError('debug|info|warning|error')``
(its own message template's braces), ``hwgrep://[`` a ``re.error``.  Raised in the reader's
thread they ended it with a traceback while the table ran on with no shoe (QA).  A URL that can
never open is refused here, at the start, naming the fault; one that may open later (a
``hwgrep://`` whose device is not plugged in yet) is left to the reader's retries.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from typing import Optional
from urllib.parse import urlsplit

#: pyserial's page on its URL forms and their options.
URL_HANDLERS_DOC = "https://pyserial.readthedocs.io/en/latest/url_handlers.html"
#: Schemes whose handler reads the URL only as it opens (in ``from_url``, with no side effect but a logger's
#: level): checked by calling it.  ``spy://`` and ``hwgrep://`` read theirs as the port is set, ``alt://`` as
#: its class is chosen: all in ``serial_for_url`` itself (spy opening its ``?file=`` then, as an open would).
_PARSED_BY_FROM_URL = ("loop", "socket", "rfc2217")
_UNKNOWN_OPTION = re.compile(r"unknown option: '([^']*)'")


def url_schemes() -> list[str]:
    """The URL schemes pyserial can open here (``loop``, ``socket``, ``rfc2217``, ...): its handler modules that
    import (``cp2110://`` needs the hidapi package)."""
    import serial

    schemes = set()
    for package in serial.protocol_handler_packages:
        try:
            module = importlib.import_module(package)
        except ImportError:
            continue
        for info in pkgutil.iter_modules(getattr(module, "__path__", [])):
            if info.name.startswith("protocol_"):
                try:
                    importlib.import_module(f"{package}.{info.name}")
                except ImportError:
                    continue
                schemes.add(info.name[len("protocol_"):])
    return sorted(schemes)


def scheme_of(url: str) -> Optional[str]:
    """The URL's scheme in lower case (as pyserial reads it), or None for a path (``/dev/ttyUSB0``, ``COM3``)."""
    return url.split("://", 1)[0].lower() if "://" in url else None


#: pyserial's words for a port that polls readable and reads nothing: a USB device gone, or a second reader.
_NO_DATA = "device reports readiness to read but returned no data"
NO_DATA_TEXT = ("the port said it had data but gave none: the shoe was unplugged or lost power, or another program "
                "reads the same port; check the cable and the USB plug, and close any other program that has the "
                "port open (on Linux, 'fuser' and the port's path name it)")


def failure_text(exc: BaseException) -> str:
    """What an exception from pyserial means, in words: an unknown option is named (pyserial's own
    message for it is lost in a ``KeyError`` of its message template), a read of nothing says what to
    check, an empty message gets its type."""
    if _NO_DATA in str(exc):
        return NO_DATA_TEXT
    seen: Optional[BaseException] = exc
    while seen is not None:
        found = _UNKNOWN_OPTION.search(str(seen))
        if found:
            return f"its option {found.group(1)!r} is not understood"
        seen = seen.__context__
    if isinstance(exc, re.error):
        return f"its pattern is no regular expression ({exc})"
    if isinstance(exc, KeyError) and exc.args:  # a value looked up in one of pyserial's tables
        return f"the value {exc.args[0]!r} is not one it takes"
    text = str(exc)
    return f"{type(exc).__name__}: {text}" if isinstance(exc, (TypeError, AttributeError)) or not text else text


def url_problem(url: str) -> str:
    """Why ``url`` can never open, or "" (a path, or a URL pyserial reads: whether its device is there is for
    the open to find, and retrying can help)."""
    scheme = scheme_of(url)
    if scheme is None:
        return ""
    known = url_schemes()
    if scheme not in known:
        return (f"{url}: pyserial knows no URL scheme {scheme}://, so it can never open; give the shoe's port "
                f"(/dev/ttyUSB0, COM3; 'dealer-assist ports' lists them) or a URL of a scheme it knows: "
                + ", ".join(f"{s}://" for s in known))
    if scheme in ("socket", "rfc2217"):
        try:
            port_number = urlsplit(url).port
        except ValueError as exc:
            return _refusal(url, scheme, exc)
        if port_number is None:
            return _refusal(url, scheme, ValueError(f"it names no TCP port: {scheme}://HOST:PORT"))
    import serial

    try:
        port = serial.serial_for_url(url, do_not_open=True)  # reads alt://'s class, looks a hwgrep:// port up
        if scheme in _PARSED_BY_FROM_URL:
            port.from_url(url)
    except Exception as exc:  # pyserial's refusals of a URL are of any type (KeyError, re.error, TypeError)
        if scheme == "hwgrep" and isinstance(exc, serial.SerialException):
            return ""  # no port matches yet: the shoe may be plugged in later
        return _refusal(url, scheme, exc)
    return ""


def _refusal(url: str, scheme: str, exc: BaseException) -> str:
    return (f"{url}: pyserial cannot read this {scheme}:// URL ({failure_text(exc)}), so it can never open; "
            f"correct the URL (pyserial's URL forms and their options: {URL_HANDLERS_DOC})")
