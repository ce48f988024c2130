"""Open a card source from its spec: ``sim``, ``serial:URL``, ``camera:SRC``, ``manual``.

The spec is what ``dealer-assist run --source`` and the config file's
``source`` key take.  Backends are imported only when asked for, so the
display starts without OpenCV when it reads a serial shoe, and vice versa.
"""

from __future__ import annotations

from typing import Callable, Optional

from dealer_assist.sources.base import CardSource, SourceError

#: The sources a live table (``run``, the config's ``source``) reads; a recorded shoe is replayed by
#: ``dealer-assist replay JOURNAL``, which writes no journal (see :func:`refuse_replay`).
SPECS = "sim | sim:SEED | serial:URL[?dialect=plain&baud=N&usb=VID:PID[:SERIAL]] | camera:SRC?profile=PATH[&width=W&height=H&zones=FILE] | manual"


#: The options our specs take after ``?``; anything else after a ``?`` belongs to the URL itself.
#: Each kind's options, after ``?`` and joined by ``&``.
OPTIONS = {"serial": ("dialect", "baud", "usb"), "camera": ("profile", "width", "height", "zones"),
           "replay": ("allow_broken", "shoe", "round")}


def _split_options(rest: str, spec: str, allowed: tuple[str, ...]) -> tuple[str, dict[str, str]]:
    """The path or URL of a source spec and our options in its query (``?profile=...&baud=...``).

    A URL's own query parameters (``http://cam/v.cgi?res=720&profile=x``) stay in the URL; they had
    taken ours with them, and the default profile was used without a word.  On a path, which has no
    query of its own, an unknown option is refused by name: a misspelt ``?profil=`` had become part
    of the file name."""
    base, sep, query = rest.rpartition("?")
    if not sep:
        return rest, {}
    parts = [part for part in query.split("&") if part]
    ours = {key: value for key, _, value in (part.partition("=") for part in parts) if key in allowed}
    theirs = [part for part in parts if part.partition("=")[0] not in allowed]
    if theirs and "://" not in base:
        if not ours and not any("=" in part for part in theirs):
            return rest, {}  # a "?" in a file's name
        names = ", ".join(repr(part.partition("=")[0]) for part in theirs)
        raise SourceError(f"unknown option {names} in {spec!r}: the options are {', '.join(allowed)}")
    return base + ("?" + "&".join(theirs) if theirs else ""), ours


def refuse_replay(spec: str) -> None:
    """Refuse a recorded shoe as a live table's source: the table would write the record's bets and cards into
    its own journal and settle them with its live bets (QA: ``run --source replay:old.sqlite`` did).  Raises
    :class:`SourceError`."""
    kind, _, rest = spec.partition(":")
    if kind.strip().lower() == "replay":
        path, options = _split_options(rest, spec, OPTIONS["replay"])
        if not path.strip() or path.startswith("?"):
            path = "JOURNAL"
        broken = " --allow-broken" if options.get("allow_broken") in ("1", "true", "yes") else ""
        raise SourceError(f"{spec!r}: a recorded shoe is not a live table's source (its bets and cards would go "
                          f"into this table's journal); step through it with `dealer-assist replay {path}{broken}`, "
                          "which writes nothing")


def open_source(spec: str, demand: Callable[[], bool], *, decks: int = 8, interval: float = 1.0,
                seed: Optional[int] = None, cut_from_end: int = 16, game: Optional[str] = None,
                seats: Optional[int] = None) -> Optional[CardSource]:
    """The source for ``spec`` (``None`` for ``manual``: cards are typed in).  Raises :class:`SourceError`.

    ``game`` is the table's game: a replay refuses a journal of the other one, a camera zones of the other
    one, or (given the table's ``seats``) of a seat it does not have."""
    kind, _, rest = spec.partition(":")
    kind = kind.strip().lower()
    if kind == "manual":
        return None
    if kind == "sim":
        from dealer_assist.sources.virtual import VirtualShoe

        if rest:
            try:
                seed = int(rest)
            except ValueError:
                raise SourceError(f"bad simulated shoe seed {rest!r}: use sim or sim:42") from None
        return VirtualShoe(decks=decks, seed=seed, interval=interval, demand=demand, cut_from_end=cut_from_end)
    if kind == "serial":
        if not rest:
            raise SourceError("serial source needs a port: serial:/dev/ttyUSB0, serial:socket://host:port, ...")
        from dealer_assist.sources.serial_shoe import DEFAULT_BAUDRATE, SerialShoe, UsbIdentity, baud_problem
        from dealer_assist.sources.serial_url import url_problem

        url, options = _split_options(rest, spec, OPTIONS["serial"])
        if not url.strip():
            raise SourceError(f"{spec!r} names no port before its options: serial:/dev/ttyUSB0?baud=9600, ...")
        try:
            baud = int(options.get("baud", DEFAULT_BAUDRATE))
        except ValueError:
            raise SourceError(f"bad baud rate {options['baud']!r} in {spec!r}: e.g. ?baud=115200") from None
        if baud_problem(baud):
            raise SourceError(f"{spec!r}: {baud_problem(baud)}")
        if url_problem(url):  # refused now: retrying a URL that can never open helps no one
            raise SourceError(url_problem(url))
        usb = UsbIdentity.parse(options["usb"]) if options.get("usb") else None
        return SerialShoe(url, dialect=options.get("dialect", "v1"), baudrate=baud, usb=usb)
    if kind == "camera":
        if not rest:
            raise SourceError("camera source needs a camera index, a video file or a stream URL, and the deck profile: camera:0?profile=anglo")
        try:
            from dealer_assist.sources.camera import CameraSource
        except ImportError as exc:
            raise SourceError(f"the camera source is not available in this build: {exc}") from None
        src, options = _split_options(rest, spec, OPTIONS["camera"])
        if not src.strip():
            # Its options were taken for the camera's name, and the profile given was said to be missing (QA).
            raise SourceError(f"{spec!r} names no camera before its options: give a camera index, a video file or "
                              f"a stream URL before the '?', e.g. camera:0?{rest.rpartition('?')[2] or 'profile=anglo'}")
        if "zones" in options and not options["zones"].strip():
            raise SourceError(f"{spec!r}: zones= names no file: give the layout's zones file (calibration/README.md), "
                              "or leave &zones= out to play the cards in the order read")
        if not options.get("profile"):
            raise SourceError(f"{spec!r} names no deck profile: add ?profile=PATH (made by 'dealer-assist "
                              "calibrate'), or a shipped one: ?profile=anglo (the demo deck) or ?profile=plastic. "
                              "Another deck's profile reads wrong cards")
        size = None
        if "width" in options or "height" in options:
            try:
                size = (int(options["width"]), int(options["height"]))
            except (KeyError, ValueError):
                size = (0, 0)
            if not all(16 <= side <= 7680 for side in size):
                raise SourceError(f"bad camera size in {spec!r}: give both, in pixels (16 to 7680), e.g. "
                                  "&width=1280&height=720") from None
        # A table's recording plays as its camera sent it, not in a few seconds (QA F12).
        camera = CameraSource(src, profile=options["profile"], size=size, pace=True, zones=options.get("zones") or None)
        if game is not None:
            camera.check_zones(game, seats)
        camera.check()
        return camera
    if kind == "replay":
        from dealer_assist.sources.replay import ReplaySource

        path, options = _split_options(rest, spec, OPTIONS["replay"])
        start = None
        if "shoe" in options or "round" in options:
            try:
                start = (int(options.get("shoe", "1")), int(options["round"]) if "round" in options else None)
            except ValueError:
                raise SourceError(f"bad shoe or round in {spec!r}: give whole numbers, e.g. ?shoe=3&round=12") from None
        return ReplaySource(path, interval=interval, demand=demand, game=game,
                            allow_broken=options.get("allow_broken") in ("1", "true", "yes"), start=start)
    raise SourceError(f"unknown card source {spec!r}: use {SPECS}")
