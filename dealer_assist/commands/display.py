"""``dealer-assist run``: the croupier's display (PySide6, imported only when it runs)."""

from __future__ import annotations

import argparse
import dataclasses
import os
import signal
import sys
import textwrap
import time
from pathlib import Path

from dealer_assist.commands.out_file import refuse_journal_part
from dealer_assist.commands.output import CommandError, emit_json
from dealer_assist.sources.factory import SPECS as SOURCES


#: The games a table plays.
GAMES = ("baccarat", "blackjack")


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("run", help="open the croupier's display (the default command)",
                              description="The croupier's display: what is due next, the bets, what to pay, the roads.")
    p.add_argument("--game", choices=GAMES, default=None,
                   help="the table's game (default: the journal's, when it has one; else the config's game, else baccarat)")
    p.add_argument("--seats", type=int, help="blackjack: number of seats (default: the journal's, when it has "
                   "one and no --config is given; else the config's, else 7)")
    p.add_argument("--source", default=None, metavar="SPEC",
                   help=f"where the cards come from: {SOURCES} (default: the config's source, else sim)")
    p.add_argument("--journal", metavar="PATH",
                   help="the table's journal (default: the user's data folder); replayed on start (crash recovery)")
    p.add_argument("--config", metavar="FILE", help="table configuration (TOML)")
    p.add_argument("--seed", type=int, help="shuffle of the simulated shoe (repeatable runs); refused with a "
                   "source that gives its own seed (sim:7) or is not the simulator")
    p.add_argument("--no-burn", action="store_true",
                   help="baccarat: start dealing without the burn (a shoe already burned, or a video of a round); "
                        "a house rule the journal records: a restart on that journal without --config takes it from there")
    p.add_argument("--turbo", action="store_true", default=None, help="no animation, fast simulated shoe")
    p.add_argument("--auto", action="store_true",
                   help="auto-play the simulated shoe (bets, deal, next round); refused with any other source")
    p.add_argument("--mute", action="store_true", help="baccarat: no sound cues (the blackjack table has none)")
    p.add_argument("--size", metavar="WxH", help=f"window size, e.g. 1920x1080 ({SIZE_RANGE})")
    add_look_options(p)
    p.add_argument("--screenshot", metavar="FILE", help="with --quit-after: save a PNG of the window before quitting")
    p.add_argument("--quit-after", type=float, metavar="S", help="quit after S seconds (scripts)")
    p.add_argument("--json", action="store_true", help="print the start and the end of the run as JSON")
    p.set_defaults(func=run_display)

    r = subparsers.add_parser(
        "replay", help="step through a recorded shoe in the display (baccarat or blackjack)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=textwrap.fill("Play the operations of a table journal again, in order, in the display: to walk through a "
                    "dispute, or to train on a real shoe. The journal says its game: a baccarat journal opens the "
                    "baccarat display (bets, cards, third-card reasons, settlement, roads), a blackjack journal the "
                    "blackjack display (bets, every card to the seats and the dealer, hit / stand / double / split, "
                    "settlement, deck checks), each at the seats and house rules it recorded. The journal is only read; "
                    "the replayed table keeps no journal of its own.", 78),
        epilog="--shoe N [--round M]: begin at round M of shoe N (a dispute on the last shoe of a long journal),\n"
               "or at the shoe's first round without --round, the shoes before it not played; a shoe or round the\n"
               "journal does not hold is refused, naming those it does (exit 2). Round numbers are the status\n"
               "line's: baccarat's start again at 1 each shoe, blackjack's run on across decks (deck 2 may begin\n"
               "at round 6).\n\n"
               "keys while it plays (both games):\n"
               "  Space    pause / resume (the status line says PAUSED)\n"
               "  Right    while paused: play the next recorded operation, only that one\n"
               "  T        fast / normal pace (turbo)\n"
               "  F1       the keys\n"
               "  Esc      dismiss the top alert (REPLAY FINISHED: the record has ended, N operations replayed)\n"
               "  Ctrl+Q   quit\n"
               "  PgDown / PgUp   page the pay list (or the baccarat history)\n"
               "  W        camera view (not refused, but a replay has no camera: it says so)\n"
               "  (baccarat also H history, M sound, F11 full screen)\n"
               "A replay is read-only: the menu items that would change the table (deal, bets, cards, hit /\n"
               "stand, voids, next round, new shoe, limits, deck check, auto-play...) are greyed out, and their\n"
               "keys are refused, saying why; the table goes on as recorded. `dealer-assist run` plays a live table.\n\n"
               "A journal that cannot be replayed (missing, not a journal, empty, a newer format, or\n"
               "recorded under other rules than --config) is refused before the window opens, with the\n"
               "reason (exit 2). So is a journal whose hash chain does not hold (what `dealer-assist journal\n"
               "verify` checks): the refusal names the entry where it breaks; replay a backup copy.\n"
               "The journal is opened read-only and nothing is written into it or beside it: a journal on a\n"
               "read-only USB stick or in a folder that cannot be written replays as well.")
    r.add_argument("journal", metavar="JOURNAL", help="a table journal (the --journal of `dealer-assist run`)")
    r.add_argument("--config", metavar="FILE",
                   help="table configuration (TOML) the shoe was played with: optional, the journal's recorded rules "
                        "are used, and the file's rules must match them (a journal from before rules were recorded "
                        "replays under it)")
    r.add_argument("--allow-broken", "--no-verify", dest="allow_broken", action="store_true",
                   help="replay a journal whose hash chain does not hold, up to the first broken entry (the status "
                        "line says UNVERIFIED). Risky: the entries before the break verify, but the journal was "
                        "altered or damaged, so what it shows can settle no dispute; the entries from the break on "
                        "are not replayed")
    r.add_argument("--shoe", type=int, metavar="N",
                   help="begin at shoe N (a blackjack deck), as the status line numbers them: the table is rebuilt from "
                        "that shoe's start, the shoes before it are not played")
    r.add_argument("--round", type=int, metavar="M",
                   help="with --shoe: begin at round M of that shoe (default: the first round it records), its bets "
                        "on the layout; the rounds before it in the shoe are played at once. As the status line "
                        "numbers rounds: baccarat's start again at 1 each shoe, blackjack's run on across decks")
    r.add_argument("--at", metavar="TIME",
                   help="begin at the round being played at TIME (a moment on the surveillance footage; ISO 8601, "
                        "UTC unless an offset is given, e.g. 2026-12-06T21:14+01:00): the last round begun at or "
                        "before it (a time to the second means that whole second), as 'journal rounds --at TIME' names it (the moment as read, and that round, "
                        "are said on stderr); not with --shoe")
    r.add_argument("--interval", type=float, default=1.5, help="seconds between cards (default 1.5)")
    r.add_argument("--size", metavar="WxH", help=f"window size, e.g. 1920x1080 ({SIZE_RANGE})")
    add_look_options(r)
    r.add_argument("--screenshot", metavar="FILE", help="with --quit-after: save a PNG of the window before quitting")
    r.add_argument("--quit-after", type=float, metavar="S", help="quit after S seconds (scripts)")
    r.add_argument("--json", action="store_true", help="print the start and the end of the replay as JSON")
    r.set_defaults(func=run_replay)


def add_look_options(parser: argparse.ArgumentParser, window: str = "the window") -> None:
    """``--text-scale`` and ``--dim``, as the commands that open a table's or the trainer's window take them
    (``run``, ``replay``, ``train``; not ``calibrate --camera``'s guided setup).  qaAH F19: the trainer and
    ``replay`` had neither, nor read the config's ``[display]``: a pit set up for larger text saw them at 1."""
    parser.add_argument("--text-scale", type=float, metavar="X",
                        help=f"text X times the size {window} gives it, 0.8 to 1.25 (default: the config's "
                             "[display] text_scale, else 1)")
    parser.add_argument("--dim", action="store_true", default=None,
                        help="a dark pit: the roads' board and the card faces less bright (default: the config's "
                             "[display] dim)")


def set_look(text_scale: float | None, dim: bool | None, config) -> None:
    """The window's text scale and dim pit: the command line's, else ``config``'s ``[display]`` (None: no
    configuration file), the scale refused by name before the window opens."""
    from dealer_assist.table.config import text_scale_refusal

    scale = text_scale if text_scale is not None else config.text_scale if config is not None else 1.0
    refused = text_scale_refusal(scale)
    if refused:
        raise CommandError(f"--text-scale {refused}")
    dimmed = dim or (dim is None and config is not None and config.dim)
    if scale != 1.0 or dimmed:
        from dealer_assist.ui import theme

        theme.set_text_scale(scale)
        theme.set_dim(bool(dimmed))


#: The most pixels a ``--size`` window has: an 8K screen's, 7680x4320, landscape or turned to portrait;
#: a wall of screens side by side (3x4K: 11520x2160) has fewer (rev27 F4: the bound was 7680 wide, 4320 high).
MOST_PIXELS = 7680 * 4320
#: The longest side it has (the largest texture most GPUs draw).
LONGEST_SIDE = 16384
SIZE_RANGE = "320x240 up to an 8K screen's pixels, 7680x4320 or 4320x7680, at most 16384 a side"


def _size(text: str | None) -> tuple[int, int] | None:
    if not text:
        return None
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise CommandError(f"bad --size {text!r}: use WIDTHxHEIGHT, e.g. 1920x1080") from None
    small = w < 320 or h < 240
    large = max(w, h) > LONGEST_SIDE  # qaAG F18: 99999x99999 opened a window nothing could paint
    if small and large:  # both said, or the first fix meets the second refusal (qaAV F8: 20000x100)
        faults = "too wide and too short" if w > LONGEST_SIDE else "too tall and too narrow"
        raise CommandError(f"--size {text} is {faults}: at least 320x240 and at most {LONGEST_SIDE} pixels a side; "
                           "e.g. 1920x1080")
    if small:
        raise CommandError(f"--size {text} is too small: at least 320x240 (the display is made for 1280x720 and up)")
    if large:
        raise CommandError(f"--size {text} is wider or taller than any screen or wall of screens: at most "
                           f"{LONGEST_SIDE} pixels a side; e.g. 1920x1080")
    if w * h > MOST_PIXELS:
        raise CommandError(f"--size {text} is larger than any screen: {w * h:,} pixels, at most {MOST_PIXELS:,} "
                           "(an 8K screen's, 7680x4320 or 4320x7680 turned); e.g. 1920x1080")
    return w, h


def _config(path: str | None):
    from dealer_assist.table.config import ConfigError, load_config

    try:
        return load_config(path)
    except ConfigError as exc:
        raise CommandError(str(exc)) from None


def _refuse_misplaced(config, path: str | None) -> None:
    """Before a blackjack table opens from this file: a baccarat setting in it that [blackjack] would say is
    refused, naming the key to use (qaAE F6). Not for a replay, which takes its game and rules from the
    journal (rev24 E4: a replay of a blackjack journal with the baccarat table's file was refused)."""
    if path is None:
        return
    from dealer_assist.table.config import blackjack_misplaced

    refusal, warning = blackjack_misplaced(config, Path(path))
    if refusal:
        raise CommandError(refusal)
    if warning:
        sys.stderr.write(f"dealer-assist: warning: {warning}\n")


def _blackjack_rules(config, path: str | None):
    """The ``[blackjack]`` section of the config file, read by the blackjack table's own rules."""
    if not config.blackjack:
        return None
    from dealer_assist.table.blackjack_state import BlackjackTableError, rules_from_config

    try:
        return rules_from_config(config.blackjack)
    except BlackjackTableError as exc:
        raise CommandError(f"{path}: {exc}") from None


def _ui():
    """Import the display, or say why it cannot run here."""
    from dealer_assist.commands.screen import require_screen

    require_screen()
    try:
        from dealer_assist.ui import app
    except ImportError as exc:
        raise CommandError(f"the display needs PySide6 ({exc}); install it with "
                           "`pip install 'PySide6-Essentials<6.12'` (./dev.sh does this)") from None
    except RuntimeError as exc:  # qt_compat.BrokenQtError: a PySide6 build known to crash
        raise CommandError(str(exc), 3) from None
    return app


def _roster(config):
    from dealer_assist.table.supervisor import SupervisorError

    try:
        return config.roster()
    except SupervisorError as exc:
        raise CommandError(f"the supervisors in the configuration cannot be used: {exc}") from None


@dataclasses.dataclass(frozen=True)
class RecordedTable:
    """The game and house rules a journal recorded at its start (its first ``shoe_start``)."""

    game: str
    rules: dict | None


def recorded_table(journal: str) -> RecordedTable | None:
    """What the journal at ``journal`` was started as, or None (no file yet, not a journal: the table's own
    open says what is wrong).  A restart takes these when the command line does not set them, as
    ``replay`` does (qaL F3: ``run --journal J`` of a crashed blackjack table was refused as baccarat's)."""
    from dealer_assist.table.journal import Journal, JournalError
    from dealer_assist.table.journal_scan import shoe_starts

    from dealer_assist.table.config import HomeFolderError, expand_home

    try:
        path = expand_home(journal)
    except HomeFolderError:
        return None  # the table's own open says what is wrong
    if not path.is_file():
        return None
    try:
        with Journal.open(path, readonly=True) as opened:
            first = next((e for e in shoe_starts(opened) if e.payload.get("op") is None), None)
    except (JournalError, OSError):
        return None
    if first is None:
        return None
    game, rules = first.payload.get("game") or "baccarat", first.payload.get("rules")
    if game not in GAMES:
        return None  # another program's game: the table refuses it, naming it
    return RecordedTable(game, rules if isinstance(rules, dict) else None)


def _game_of_journal(args: argparse.Namespace, config, recorded: RecordedTable, journal: str) -> str:
    """The game to start on a journal that recorded one: the journal's, unless the command line or a
    configuration says another, which is then named."""
    if args.game is not None and args.game != recorded.game:
        raise CommandError(f"--game {args.game}: journal {journal} is a {recorded.game} table's (its first entry "
                           f"says so); it was not changed: to go on with it, start with --game {recorded.game} (or "
                           f"without --game: a restart takes the journal's game), or give this {args.game} table a new "
                           f"--journal PATH", 3)
    if args.game is None and args.config and config.game != recorded.game:
        why = (f"game = \"{config.game}\"" if config.game_given else
               f"it has no game = \"{recorded.game}\" line, and {config.game} is the default")
        raise CommandError(f"journal {journal} is a {recorded.game} table's, and the configuration {args.config} is a "
                           f"{config.game} table's ({why}); the journal was not changed: to go on "
                           f"with it, start with --game {recorded.game} and the {recorded.game} configuration it was "
                           f"recorded with (or no --config: the journal's rules are taken), or give a new "
                           f"--journal PATH", 3)
    return recorded.game


def run_blackjack_display(args: argparse.Namespace, config, size, journal: str,
                          recorded: RecordedTable | None = None) -> int:
    from dataclasses import replace

    from dealer_assist.table.blackjack_session import BlackjackSessionError, replay_rules
    from dealer_assist.table.blackjack_state import BlackjackTableError, BlackjackTableRules

    _refuse_misplaced(config, args.config)
    rules = _blackjack_rules(config, args.config)
    if rules is None and args.config is None and recorded is not None and recorded.rules is not None:
        try:  # a restart with no rules given: those the journal recorded, as a replay takes them
            rules = replay_rules(recorded.rules)
        except BlackjackSessionError:
            rules = None  # the session's own check says what is wrong with the record
    if rules is not None and args.seats is not None and args.seats != rules.seats and recorded is not None \
            and args.config is None:
        raise CommandError(f"--seats {args.seats}: journal {journal} was recorded with {rules.seats} seats; it was "
                           f"not changed: to go on with it, start with --seats {rules.seats} (or without --seats: a "
                           f"restart takes the journal's), or give a table of {args.seats} seats a new --journal PATH",
                           3)
    if args.seats is not None:
        try:  # a command line the table cannot take is refused as one (exit 2), before the display opens
            rules = replace(rules or BlackjackTableRules(), seats=args.seats)
        except BlackjackTableError as exc:
            raise CommandError(f"--seats {args.seats}: {exc}") from None
    DisplayError = _ui().DisplayError
    from dealer_assist.ui.blackjack.app import run_blackjack

    try:
        return run_blackjack(args.source or config.source, journal, None, args.seed, args.screenshot,
                             args.quit_after, auto=args.auto,
                             turbo=bool(args.turbo if args.turbo is not None else config.turbo), size=size,
                             fullscreen=config.fullscreen, rules=rules,
                             roster=_roster(config), interval=config.sim_interval)
    except DisplayError as exc:
        raise CommandError(_from_config(args, config, exc), 3) from None


def _journal_path(args: argparse.Namespace, config, game: str) -> str:
    """The journal the table writes, as given or as the configuration and the defaults make it."""
    from dealer_assist.table.config import HomeFolderError, default_journal_path, expand_home

    try:
        return str(expand_home(args.journal or config.journal or default_journal_path(game)))
    except HomeFolderError as exc:
        raise CommandError(f"--journal {exc}") from None


def _start_event(args: argparse.Namespace, config, game: str, journal: str) -> dict:
    """What the table starts on: the card source and the journal it writes."""
    return {"event": "start", "game": game, "source": args.source or config.source, "journal": journal}


def _end_event(code: int, screenshot, journal: str | None, started: float = float("inf")) -> dict:
    """How the run ended, and the journal's head as it closed: noted somewhere the table cannot write
    (a log server, the shift report), it is what ``journal verify --expect-head`` checks a later copy
    against, since a rewrite that re-hashes the whole file holds together on its own.  A journal
    deleted or moved while the table ran was saved from its open copy: the event names that copy."""
    from dealer_assist.table.journal import Journal, JournalError
    from dealer_assist.table.journal_salvage import copies_saved

    event = {"event": "end", "code": code, "screenshot": screenshot}
    if journal is None:  # refused before the journal was known
        return {**event, "journal_head": None}
    if code == 4:  # ui.app.TABLE_STOPPED (not imported here: this module loads no Qt)
        event["error"] = "the table stopped: its journal failed (stderr says why; the window too, if the table was running)"
        saved = copies_saved(Path(journal), started)
        if saved:
            journal = str(saved[0])
            event["journal_saved_to"] = journal
    try:
        with Journal.open(journal, readonly=True) as opened:
            report = opened.verify()
        event["journal_head"] = {"seq": report.head_seq, "hash": report.head_hash, "verified": report.ok}
    except (JournalError, OSError):
        event["journal_head"] = None  # no journal written (a run that did not start), or not readable
    return event


#: The image files a screenshot is saved as (Qt's writers, by the file's extension).
SCREENSHOT_TYPES = (".png", ".jpg", ".jpeg", ".bmp", ".ppm")


def _check_quit_after(args: argparse.Namespace, journal: str) -> None:
    if args.screenshot and args.quit_after is None:
        raise CommandError("--screenshot needs --quit-after S (the screenshot is taken just before quitting)")
    if args.screenshot:
        _check_screenshot(Path(args.screenshot), journal)
    if args.quit_after is not None and not args.quit_after >= 0:
        raise CommandError(f"--quit-after must be 0 seconds or more, not {args.quit_after:g}")


@dataclasses.dataclass
class _JsonStream:
    """What a run's or a replay's ``--json`` has printed, so that every refusal, however early, ends the
    stream with an end event naming its ``code`` and ``error`` (qaAG F2: a refused ``--size``, ``--text-scale``
    or configuration file printed no JSON at all, while a refused source printed a start and an end).  The
    start event comes once the game, the source and the journal are settled; a refusal before it prints
    the end event alone."""

    on: bool
    replay: bool = False
    #: The journal the run writes, once known: the end event gives its head (a journal left unchanged).
    journal: str | None = None

    def start(self, event: dict) -> None:
        if self.on:
            emit_json(event)

    def refused(self, exc: CommandError) -> None:
        if not self.on:
            return
        if self.replay:
            event = {"event": "end", "code": exc.code, "screenshot": None}
        else:
            event = _end_event(exc.code, None, self.journal)
        emit_json({**event, "error": str(exc)})


def run_display(args: argparse.Namespace) -> int:
    stream = _JsonStream(args.json)
    try:
        return _run_display(args, stream)
    except CommandError as exc:
        stream.refused(exc)
        raise


def _run_display(args: argparse.Namespace, stream: _JsonStream) -> int:
    size = _size(args.size)
    config = _config(args.config)
    set_look(args.text_scale, args.dim, config)
    game = args.game or config.game
    if game != config.game and config.journal and not args.journal:
        # QA: it wrote the other game into the config's table's file, which that table then refused.
        raise CommandError(f"--game {game}: the configuration's journal ({config.journal}) is its {config.game} "
                           f"table's; give this {game} table its own with --journal PATH")
    journal = stream.journal = _journal_path(args, config, game)
    recorded = recorded_table(journal)
    if recorded is not None:
        game = _game_of_journal(args, config, recorded, journal)
    start = _start_event(args, config, game, journal)
    started = time.time()
    stop = StopAsked()
    previous = signal.signal(signal.SIGTERM, stop)
    try:
        stream.start(start)
        return _run_started(args, config, size, game, recorded, start, started)
    finally:
        signal.signal(signal.SIGTERM, previous)


class StopAsked:
    """SIGTERM from the start event on, before the display's loop takes it over: remembered, so that the table
    opens and closes at once as Ctrl+Q closes it (its journal closed, the end event printed).  A service manager
    stopping the table while it still started had killed it with neither (CI, under load)."""

    def __init__(self) -> None:
        self.asked = False

    def __call__(self, *_: object) -> None:
        self.asked = True


def _run_started(args: argparse.Namespace, config, size, game: str, recorded, start: dict, started: float) -> int:
    _check_quit_after(args, start["journal"])
    _refuse_replay(args.source or config.source)
    _refuse_auto(args.auto, args.source or config.source)
    _refuse_seed(args.seed, args.source or config.source, None if args.source else args.config)
    code = (run_blackjack_display if game == "blackjack" else _run_baccarat)(args, config, size, start["journal"],
                                                                             recorded)
    shot = args.screenshot
    if shot and not _saved_since(Path(shot), started):
        # The display said so on stderr; a script reading the end event or the exit code must not take
        # the file for this run's (QA: exit 0, and the event named a file never written).
        shot, code = None, code or 1
    if args.json:
        emit_json(_end_event(code, shot, start["journal"], started))
    return code


def _saved_since(path: Path, started: float) -> bool:
    """Whether ``path`` was written since ``started`` (a file left by an earlier run is not this one's)."""
    try:
        return path.stat().st_mtime >= started - 1.0
    except OSError:
        return False


def _refuse_replay(spec: str) -> None:
    from dealer_assist.sources.base import SourceError
    from dealer_assist.sources.factory import refuse_replay

    try:
        refuse_replay(spec)
    except SourceError as exc:
        raise CommandError(str(exc)) from None


def _refuse_auto(auto: bool, spec: str) -> None:
    """``--auto`` is a demo of the simulated shoe: at a live table it would put invented bets, the players'
    calls and an uncounted deck check into the journal as the croupier's (QA; the window refuses A too)."""
    if auto and spec.partition(":")[0].strip().lower() != "sim":
        raise CommandError(f"--auto refused with --source {spec}: auto-play is a demo of the simulated shoe and "
                           "would place bets and play in the croupier's name at a live table; drop --auto, or "
                           "use --source sim")


def _refuse_seed(seed: int | None, spec: str, config_path: str | None) -> None:
    """``--seed`` shuffles the simulated shoe: with a source that names its own seed (``sim:7``, whose seed
    won) or deals no simulated shoe it was dropped without a word (qaAG F16); refused, as ``--auto`` is."""
    if seed is None:
        return
    kind, _, own = spec.partition(":")
    given = f"{config_path}: source = {spec!r}" if config_path else f"--source {spec}"
    if kind.strip().lower() != "sim":
        raise CommandError(f"--seed {seed} refused with {given}: the seed shuffles the simulated shoe, and this "
                           "source deals real cards; drop --seed, or use --source sim")
    if own.strip():
        raise CommandError(f"--seed {seed} refused with {given}, which gives the shoe its own seed: give the seed "
                           f"once, --source sim:{seed} or --source sim --seed {seed}")


def _run_baccarat(args: argparse.Namespace, config, size, journal: str, recorded: RecordedTable | None = None) -> int:
    """The baccarat display on ``journal``: the one the start event names, whichever game the config is of
    (QA: ``--game baccarat`` with a blackjack config wrote the blackjack journal).  With no --config, a
    restart takes the rules the journal recorded, as a replay does (qaL F3)."""
    from dealer_assist.table.session import replay_rules
    from dealer_assist.table.state import TableError

    if args.seats is not None:
        raise CommandError("--seats is for blackjack; a baccarat table's seats are set in the config file ([table] seats)")
    rules = None
    if args.config is None and recorded is not None and recorded.rules is not None:
        try:
            rules = replay_rules(recorded.rules)
        except (TableError, ArithmeticError, TypeError, ValueError):
            rules = None  # the session's own check says what is wrong with the record
    app = _ui()
    try:
        return app.run(config_path=args.config, source_spec=args.source, journal=journal, seed=args.seed,
                       screenshot=args.screenshot, quit_after=args.quit_after, turbo=args.turbo, auto=args.auto,
                       mute=args.mute, size=size, burn=False if args.no_burn else None, rules=rules)
    except app.DisplayError as exc:
        raise CommandError(_from_config(args, config, exc), 3) from None


def _from_config(args: argparse.Namespace, config, exc: Exception) -> str:
    """A display's refusal; one of the card source the config file gave names the file and its ``source``."""
    from dealer_assist.ui.app import SourceStartError

    if isinstance(exc, SourceStartError) and args.source is None and args.config:
        return f"{args.config}: source = {config.source!r}: {exc}"
    return str(exc)


def run_replay(args: argparse.Namespace) -> int:
    stream = _JsonStream(args.json, replay=True)
    try:
        return _run_replay(args, stream)
    except CommandError as exc:
        stream.refused(exc)  # every start event has its end (QA: no screen, a --config of other rules)
        raise


def _run_replay(args: argparse.Namespace, stream: _JsonStream) -> int:
    from dealer_assist.sources.base import SourceError
    from dealer_assist.sources.replay import RecordedOps, read_journal

    if args.interval <= 0:
        raise CommandError("--interval must be above zero seconds")
    if args.at is not None:
        _start_at_time(args)
    start = _start_of_replay(args)
    _check_quit_after(args, args.journal)
    size = _size(args.size)
    set_look(args.text_scale, args.dim, _config(args.config) if args.config else None)
    try:
        recorded = read_journal(args.journal, allow_broken=args.allow_broken)
    except SourceError as exc:
        raise CommandError(str(exc)) from None
    broken = recorded.broken
    if start is not None:
        from dealer_assist.sources.replay import start_at

        try:  # before the window: a shoe or round the journal does not hold is named with those it does
            start_at(recorded.ops, *start, recorded.path)
        except SourceError as exc:
            raise CommandError(str(exc)) from None
    if broken is not None:
        sys.stderr.write(f"dealer-assist: warning: journal {args.journal} is broken at entry {broken.first_bad_seq} "
                         f"({broken.problem}: {broken.detail}); replaying entries 1..{broken.head_seq} only\n")
    if recorded.unguarded:
        sys.stderr.write(f"dealer-assist: warning: journal {args.journal}: its append-only guards were removed; "
                         "replaying it as unverified\n")
    stream.start({"event": "start", "game": recorded.game, "journal": args.journal, "operations": len(recorded.ops),
                  "broken_at": None if broken is None else broken.first_bad_seq, "unguarded": recorded.unguarded,
                  "start": None if start is None else {"shoe": start[0], "round": start[1]}})
    # The replay's source reads the journal again, into its own operations: these are not kept meanwhile.
    recorded = dataclasses.replace(recorded, ops=RecordedOps())
    code = (_replay_blackjack if recorded.game == "blackjack" else _replay_baccarat)(args, recorded, size)
    if args.json:
        emit_json({"event": "end", "code": code, "screenshot": args.screenshot})
    return code


def _start_at_time(args: argparse.Namespace) -> None:
    """``--at TIME`` made the ``--shoe`` and ``--round`` of the round being played then (qaAE F1: surveillance
    goes from the footage's clock to a round); refused, naming the first round, when none had begun."""
    from dealer_assist.table.export import JournalChangedError
    from dealer_assist.table.journal import Journal, JournalError
    from dealer_assist.table.round_times import (asked_text, asked_through, journal_end, journal_round_times,
                                                 local_text, played_text, round_at)
    from dealer_assist.table.shift_totals import ShiftTimeError, parse_time

    if args.shoe is not None or args.round is not None:
        raise CommandError("--at finds the shoe and the round itself: give --at or --shoe/--round, not both")
    try:
        at = parse_time(args.at)
    except ShiftTimeError as exc:
        raise CommandError(f"--at: {exc}") from None
    try:
        with Journal.open(args.journal, readonly=True) as journal:
            # Up to the verified head: the replay itself refuses a broken journal, or plays only that part.
            head = journal.verify().head_seq
            found = round_at(journal_round_times(journal, head), at, journal_end(journal, head),
                             asked_through(args.at, at))
    except (JournalError, JournalChangedError) as exc:
        raise CommandError(f"cannot replay {args.journal}: {exc}") from None
    playing, following = found.playing, found.next
    if playing is None or not isinstance(playing.shoe, int) or not isinstance(playing.round, int):
        # The round to replay named as 'journal rounds --at' names it (qaAK F5: the refusal gave its time only).
        first = (f": its first round, shoe {following.shoe} round {following.round}, began at "
                 f"{local_text(following.started)}" + (
                     f"; replay it with --shoe {following.shoe} --round {following.round} instead of --at"
                     if isinstance(following.shoe, int) and isinstance(following.round, int) else "")
                 if following else ": it records no round")
        raise CommandError(f"--at {args.at}: no round of {args.journal} had begun by then{first}")
    asked, which = asked_text(args.at, at), f"shoe {playing.shoe} round {playing.round}"
    played = played_text(playing.started, playing.ended, playing.corrections, playing.carried_to, playing.voided_at,
                         playing.in_play_misdeals)
    if found.within:  # said every time: the moment as read, so a time typed without its offset shows (rev24 E8)
        before = found.ended_within  # the second asked saw that round end and this one begin (qaAK F5)
        sys.stderr.write(f"dealer-assist: note: at {asked} {which} was being played"
                         f"{' again after a correction' if found.again is not None else ''} ({played}); "
                         + (f"shoe {before.shoe} round {before.round} ended within that second, at "
                            f"{local_text(before.ended)} (--shoe {before.shoe} --round {before.round} replays it); "
                            if before is not None else "")
                         + (f"shoe {found.also.shoe} round {found.also.round} was being played too "
                            f"(--shoe {found.also.shoe} --round {found.also.round} replays it); "
                            if found.also is not None else "")
                         + "replaying from it\n")
    elif playing.ended is None and playing.voided_at is None:  # never ended, after the journal's end (rev24 E6)
        sys.stderr.write(f"dealer-assist: note: at {asked} no round was being played that {args.journal} records: "
                         f"the journal ends at {local_text(found.journal_end)}; replaying from its last round, "
                         f"{which}, begun at {local_text(playing.started)}\n")
    else:
        sys.stderr.write(f"dealer-assist: note: at {asked} no round was being played: {which} was {played}"
                         + (f" (the journal ends at {local_text(found.journal_end)})" if found.after_end else "")
                         + "; replaying from it\n")
    args.shoe, args.round = playing.shoe, playing.round


def _start_of_replay(args: argparse.Namespace) -> tuple[int, int | None] | None:
    """The (shoe, round) ``--shoe`` / ``--round`` ask a replay to begin at, or None: from the start; round None,
    the shoe's first recorded round (a blackjack deck's rounds run on from the deck before: rev13 F1)."""
    if args.round is not None and args.shoe is None:
        raise CommandError("--round needs --shoe N: the status line shows the shoe (a blackjack deck) and the "
                           "round; give both")
    for name, value in (("--shoe", args.shoe), ("--round", args.round)):
        if value is not None and value < 1:
            raise CommandError(f"{name} {value}: shoes and rounds are numbered from 1")
    return None if args.shoe is None else (args.shoe, args.round)


def _replay_spec(args: argparse.Namespace, broken: bool) -> str:
    """The replay source's spec: the journal, and where it begins."""
    options = ["allow_broken=1"] if broken else []
    start = _start_of_replay(args)
    if start is not None:
        options += [f"shoe={start[0]}"] + ([] if start[1] is None else [f"round={start[1]}"])
    return f"replay:{args.journal}" + ("?" + "&".join(options) if options else "")


def _replay_baccarat(args: argparse.Namespace, recorded, size) -> int:
    from dealer_assist.table.session import replay_rules
    from dealer_assist.table.state import TableError

    try:  # before the window: the rules it recorded, or a --config that agrees with them
        rules = replay_rules(recorded.rules, _config(args.config).rules if args.config else None)
    except TableError as exc:
        raise CommandError(f"cannot replay {recorded.path}: {exc}") from None
    app = _ui()
    spec = _replay_spec(args, args.allow_broken)
    try:
        return app.run(config_path=args.config, source_spec=spec, record=False, rules=rules,
                       interval=args.interval, screenshot=args.screenshot, quit_after=args.quit_after, size=size)
    except app.DisplayError as exc:
        raise CommandError(str(exc), 3) from None


def _replay_blackjack(args: argparse.Namespace, recorded, size) -> int:
    from dealer_assist.table.blackjack_session import BlackjackSessionError, replay_rules

    config = _config(args.config)
    try:  # before the window: the rules it recorded, or a --config that agrees with them
        rules = replay_rules(recorded.rules, _blackjack_rules(config, args.config))
    except BlackjackSessionError as exc:
        raise CommandError(f"cannot replay {recorded.path}: {exc}") from None
    DisplayError = _ui().DisplayError
    from dealer_assist.ui.blackjack.app import replay_blackjack

    try:
        return replay_blackjack(recorded, rules=rules, interval=args.interval, screenshot=args.screenshot,
                                quit_after=args.quit_after, size=size, fullscreen=config.fullscreen,
                                start=_start_of_replay(args))
    except DisplayError as exc:
        raise CommandError(str(exc), 3) from None


def _check_screenshot(path: Path, journal: str) -> None:
    """Refuse, before the display opens, a screenshot that could not be saved (QA: one into a folder the
    user cannot write, or as ``shot.jpgx``, was saved nowhere while the end event named it), or that
    would be saved over the table's journal or a part of one."""
    refuse_journal_part(path, "--screenshot", "shot.png", journal=journal)
    if path.suffix.lower() not in SCREENSHOT_TYPES:
        raise CommandError(f"--screenshot {path}: save it as one of {', '.join(SCREENSHOT_TYPES)} (the file's "
                           "extension says which)")
    folder = next((p for p in (path.parent, *path.parent.parents) if p.exists()), Path("."))
    if path.is_dir() or not folder.is_dir() or not os.access(folder, os.W_OK | os.X_OK) or (
            path.exists() and not os.access(path, os.W_OK)):
        raise CommandError(f"--screenshot {path}: cannot be written there ({folder} is not a folder this user may "
                           "write in, or the file is read-only): give another path")
