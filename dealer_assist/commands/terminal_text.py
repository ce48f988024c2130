"""What every command writes where a character cannot be shown: on an ASCII or Latin-1 terminal a suit is its
letter (``8H 8C``), a dash, a dot or an ellipsis its ASCII stand-in, a name loses its accents (``Chloe``); never
a UnicodeEncodeError traceback (``LC_ALL=C PYTHONIOENCODING=ascii``: qaAD F12, then ``deal`` and ``settle``).
Data keeps every character: JSON escapes it (``\\u00e9``), a CSV is written in UTF-8.

:func:`plain_terminal` sets stdout and stderr so for the whole run; ``dealer-assist`` calls it before any
command writes a word."""

from __future__ import annotations

import codecs
import json
import os
import sys
import unicodedata
from contextlib import contextmanager
from typing import Any, Iterator, Optional, TextIO

from dealer_assist.commands.output import CommandError

#: The suits as letters, for a terminal that cannot write them (``8H 8C`` for ``8♥ 8♣``).
SUIT_LETTERS = {"\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C",
                "\u2664": "S", "\u2661": "H", "\u2662": "D", "\u2667": "C"}
#: What the commands' own words use beyond ASCII, as ASCII ("TIE 3 TO 3 - BANKER STANDS").
STAND_INS = {"\u2014": "-", "\u2013": "-", "\u2212": "-", "\u00b7": "-", "\u2026": "...", "\u00d7": "x",
             "\u2264": "<=", "\u2265": ">=", "\u2192": "->", "\u2190": "<-", "\u00a7": "s.", "\u2713": "ok",
             "\u2717": "x", "\u25b2": "^", "\u25bc": "v", "\u25b6": ">", "\u25cf": "*", "\u25c6": "*",
             "\u25a0": "#", "\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u00a0": " "}
PLAIN = "dealer-assist-plain"
ESCAPED = "dealer-assist-json"


def _plain(exc: UnicodeError):
    """A suit's letter, a stand-in, a letter without its accent, ``\\xe9`` for a byte of a file name the locale
    could not read (Python's surrogateescape), else ``?``."""
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    out = []
    for ch in exc.object[exc.start:exc.end]:
        if 0xDC80 <= ord(ch) <= 0xDCFF:
            out.append(f"\\x{ord(ch) - 0xDC00:02x}")
            continue
        base = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode("ascii")
        out.append(SUIT_LETTERS.get(ch) or STAND_INS.get(ch) or base or "?")
    return "".join(out), exc.end


def _escaped(exc: UnicodeError):
    """JSON's ``\\u00e9`` for what stdout cannot encode: JSON holds such a character only inside a string,
    where the escape reads back as the same character (a name is not changed)."""
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    units = exc.object[exc.start:exc.end].encode("utf-16-be", "surrogatepass")
    return "".join(f"\\u{int.from_bytes(units[i:i + 2], 'big'):04x}" for i in range(0, len(units), 2)), exc.end


codecs.register_error(PLAIN, _plain)
codecs.register_error(ESCAPED, _escaped)


def locale_codeset() -> Optional[str]:
    """The codeset the user's locale declares where Python writes another one: ``ascii`` for the C or POSIX
    locale, None where Python writes the locale's own (or the one PYTHONIOENCODING or PYTHONUTF8 asks for).

    ``LANG=C`` (or ``LC_ALL=C``, ``LC_CTYPE=POSIX``, no locale at all) is how an ASCII terminal says it cannot
    show a suit, and Python 3.7+ writes UTF-8 to it all the same: it coerces the C locale to C.UTF-8
    (PEP 538, setting LC_CTYPE=C.UTF-8 in the environment, so the locale declared cannot be read back from
    it) and turns its UTF-8 mode on (PEP 540); "7♥" reached the terminal as "7â¥" (qaAN F13).  Python turns
    UTF-8 mode on by itself only where LC_CTYPE was C or POSIX at its start (declared so, or a locale this
    machine lacks, such as an ``en_US.ISO-8859-1`` not installed): that is the sign read here."""
    if os.environ.get("PYTHONIOENCODING", "").partition(":")[0].strip():
        return None   # the user's word for Python's streams: stdout's encoding is it
    asked = os.environ.get("PYTHONUTF8") == "1" or "utf8" in getattr(sys, "_xoptions", {})
    return "ascii" if sys.flags.utf8_mode and not asked else None


def _terminal(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False


def plain_terminal(json_mode: bool = False) -> None:
    """Write what stdout or stderr cannot encode as :func:`_plain` does (stdout's JSON, ``json_mode``, as
    :func:`_escaped`).  A terminal whose locale is C or POSIX is written in ASCII (:func:`locale_codeset`);
    a pipe or a file keeps the UTF-8 Python gives it there, which a program reading it expects (PEP 538).
    A stream's own error handling other than Python's defaults is left as it is: the user's
    (``PYTHONIOENCODING=ascii:replace``), or UTF-8 mode's surrogateescape, which writes every character.  Called again, with
    ``json_mode`` once a command's options are known, it changes only stdout's handler."""
    declared = locale_codeset()
    for stream, errors in ((sys.stdout, ESCAPED if json_mode else PLAIN), (sys.stderr, PLAIN)):
        if not hasattr(stream, "reconfigure"):
            continue
        encoding = declared if declared and _terminal(stream) else None
        if encoding is None and getattr(stream, "errors", None) not in ("strict", "backslashreplace", PLAIN, ESCAPED):
            continue   # strict: stdout's default; backslashreplace: stderr's
        if encoding is not None and _codec(encoding) == _codec(stream.encoding):
            encoding = None
        try:
            stream.reconfigure(errors=errors) if encoding is None else stream.reconfigure(encoding=encoding,
                                                                                          errors=errors)
        except (ValueError, OSError):   # a closed stream, or one already read from: left as it is
            pass


def _codec(encoding: Optional[str]) -> str:
    try:
        return codecs.lookup(encoding or "utf-8").name
    except LookupError:
        return encoding or ""


def fits(text: str, stream: Optional[TextIO] = None) -> bool:
    """Whether ``stream`` (stdout) writes every character of ``text`` as it is."""
    if text.isascii():
        return True
    stream = sys.stdout if stream is None else stream
    try:
        text.encode(getattr(stream, "encoding", None) or "utf-8")
    except UnicodeEncodeError:
        return False
    except LookupError:
        return True
    return True


def json_line(obj: Any) -> str:
    """``obj`` as one line of JSON that stdout writes unchanged: escaped (``\\u00e9``) where it cannot
    encode a character, which the reader's JSON parser reads back as the same name; without ``--json``,
    ``journal show``'s JSON had been written as a terminal's text ("Chloe")."""
    text = json.dumps(obj, ensure_ascii=False)
    return text if fits(text) else json.dumps(obj)


def _utf8(encoding: Optional[str]) -> bool:
    return _codec(encoding) == "utf-8"


def _data_note(encoding: str, char: str, what: str) -> str:
    return (f"stdout's encoding is {encoding}, not UTF-8, and {what} holds U+{ord(char):04X} "
            f"{unicodedata.name(char, '')}")


def write_csv(text: str) -> None:
    """A CSV on stdout, every character as stored: it is data for a spreadsheet, where the terminal's
    accent-dropping (:func:`_plain`) wrote "Chloé" and "Chloe" as two ``Chloe`` rows, two trainees made one
    with no word (rev24 T2).  It is UTF-8 whatever stdout's encoding: written in a Latin-1 stdout's own
    encoding when every character fitted, "Chloé" came out in Latin-1 or in UTF-8 depending on the other
    names in the file (rev26 F10).  A stdout that is not UTF-8 is told, when the CSV holds more than ASCII."""
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    if _utf8(encoding) or text.isascii():
        sys.stdout.write(text)
        return
    buffer = getattr(sys.stdout, "buffer", None)
    char = next(ch for ch in text if not ch.isascii())   # by its code point: stderr may not write it either
    said = _data_note(encoding, char, "the CSV")
    if buffer is None:
        raise CommandError(f"{said}; nothing was written: set a UTF-8 locale (PYTHONIOENCODING=utf-8)") from None
    sys.stderr.write(f"dealer-assist: note: {said}: the CSV is written in UTF-8, as always, every character as "
                     "stored (open it as UTF-8; set a UTF-8 locale, or PYTHONIOENCODING=utf-8, to be told "
                     "nothing)\n")
    sys.stdout.flush()
    buffer.write(text.encode("utf-8"))
    buffer.flush()


class _Utf8Out:
    """stdout's bytes, written in UTF-8, with the first character beyond ASCII kept to be told."""

    def __init__(self, buffer) -> None:
        self.buffer = buffer
        self.wide: Optional[str] = None

    def write(self, text: str) -> int:
        if self.wide is None and not text.isascii():
            self.wide = next(ch for ch in text if not ch.isascii())
        self.buffer.write(text.encode("utf-8", "surrogateescape"))
        return len(text)

    def flush(self) -> None:
        self.buffer.flush()


@contextmanager
def utf8_stdout(what: str = "the CSV") -> Iterator[TextIO]:
    """Where a CSV streamed to stdout is written: stdout itself where it is UTF-8, else its bytes in UTF-8
    (every character as stored, as :func:`write_csv`), told on stderr afterwards if it held more than ASCII."""
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    buffer = getattr(sys.stdout, "buffer", None)
    if _utf8(encoding) or buffer is None:
        yield sys.stdout
        return
    sys.stdout.flush()
    out = _Utf8Out(buffer)
    yield out  # type: ignore[misc]
    out.flush()
    if out.wide is not None:
        sys.stderr.write(f"dealer-assist: note: {_data_note(encoding, out.wide, what)}: {what} was written in "
                         "UTF-8, as always, every character as stored (open it as UTF-8)\n")
