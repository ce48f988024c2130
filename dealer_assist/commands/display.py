"""``dealer-assist run``: the croupier's display (PySide6, imported only when it runs)."""

from __future__ import annotations

import argparse

from dealer_assist.commands.output import CommandError, emit_json

SOURCES = "sim | sim:SEED | serial:URL[?dialect=plain] | camera:SRC[?profile=PATH] | manual"


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("run", help="open the croupier's display (the default command)",
                              description="The croupier's display: what is due next, the bets, what to pay, the roads.")
    p.add_argument("--game", choices=("baccarat", "blackjack"), default="baccarat")
    p.add_argument("--source", default=None, metavar="SPEC",
                   help=f"where the cards come from: {SOURCES} (default: the config's source, else sim)")
    p.add_argument("--journal", metavar="PATH",
                   help="the table's journal (default: the user's data folder); replayed on start (crash recovery)")
    p.add_argument("--config", metavar="FILE", help="table configuration (TOML)")
    p.add_argument("--seed", type=int, help="shuffle of the simulated shoe (repeatable runs)")
    p.add_argument("--turbo", action="store_true", default=None, help="no animation, fast simulated shoe")
    p.add_argument("--auto", action="store_true", help="auto-play the simulated shoe (bets, deal, next round)")
    p.add_argument("--mute", action="store_true", help="no sound cues")
    p.add_argument("--size", metavar="WxH", help="window size, e.g. 1920x1080")
    p.add_argument("--screenshot", metavar="FILE", help="with --quit-after: save a PNG of the window before quitting")
    p.add_argument("--quit-after", type=float, metavar="S", help="quit after S seconds (scripts)")
    p.add_argument("--json", action="store_true", help="print the start and the end of the run as JSON")
    p.set_defaults(func=run_display)


def _size(text: str | None) -> tuple[int, int] | None:
    if not text:
        return None
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise CommandError(f"bad --size {text!r}: use WIDTHxHEIGHT, e.g. 1920x1080") from None
    if w < 320 or h < 240:
        raise CommandError(f"--size {text} is too small: at least 320x240 (the display is made for 1280x720 and up)")
    return w, h


def run_display(args: argparse.Namespace) -> int:
    if args.game == "blackjack":
        raise CommandError("blackjack is coming in the display but is not wired yet: the rules work from the "
                           "command line (`dealer-assist deal --game blackjack ...`, `settle --game blackjack ...`); "
                           "run the display with --game baccarat")
    if args.screenshot and args.quit_after is None:
        raise CommandError("--screenshot needs --quit-after S (the screenshot is taken just before quitting)")
    size = _size(args.size)
    try:
        from dealer_assist.ui.app import DisplayError, run
    except ImportError as exc:
        raise CommandError(f"the display needs PySide6 ({exc}); install it with `pip install PySide6-Essentials`") from None
    if args.json:
        emit_json({"event": "start", "source": args.source or "config", "journal": args.journal})
    try:
        code = run(config_path=args.config, source_spec=args.source, journal=args.journal, seed=args.seed,
                   screenshot=args.screenshot, quit_after=args.quit_after, turbo=args.turbo, auto=args.auto,
                   mute=args.mute, size=size)
    except DisplayError as exc:
        raise CommandError(str(exc), 3) from None
    if args.json:
        emit_json({"event": "end", "code": code, "screenshot": args.screenshot})
    return code
