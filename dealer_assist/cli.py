"""The ``dealer-assist`` program: the display by default, and the tools beside it."""

from __future__ import annotations

import argparse
import errno
import importlib
import os
import sys
from typing import Optional, Sequence

# One BLAS thread, set before numpy loads: the odds need no more, and Qt forking its accessibility helper
# at start while OpenBLAS threads held a lock hung the display about one start in twenty.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
# OpenCV's own warnings ("[ WARN:0@0.07] global cap_v4l.cpp ...") and FFmpeg's ("[tcp @ 0x...] Connection
# refused") say in their words what our messages already say in the user's; OpenCV's errors still show.
os.environ.setdefault("OPENCV_LOG_LEVEL", "ERROR")
os.environ.setdefault("OPENCV_FFMPEG_LOGLEVEL", "-8")  # AV_LOG_QUIET

from dealer_assist import __version__  # noqa: E402
from dealer_assist.commands import MODULES  # noqa: E402
from dealer_assist.commands.output import CommandError, fail  # noqa: E402
from dealer_assist.commands.terminal_text import plain_terminal  # noqa: E402


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="dealer-assist",
        description="Live-table dealer assistant: baccarat and blackjack, from a card-reading shoe, a camera or the keyboard.",
    )
    parser.add_argument("--version", action="version", version=f"dealer-assist {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            continue
        module.register(subparsers)
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    plain_terminal()   # before --help or a usage error writes a word
    parser = build_parser()
    commands = set(parser._subparsers._group_actions[0].choices) if parser._subparsers else set()
    if (not args_list or args_list[0].startswith("--") and args_list[0] not in ("--help", "--version")) and "run" in commands:
        args_list.insert(0, "run")
    args, unknown = parser.parse_known_args(args_list)
    if unknown:  # said by the command's own parser, with its usage line, not the program's
        choices = parser._subparsers._group_actions[0].choices if parser._subparsers else {}
        choices.get(args.command, parser).error(f"unrecognized arguments: {' '.join(unknown)}")
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    if getattr(args, "json", False):
        plain_terminal(json_mode=True)
    try:
        code = int(args.func(args) or 0)
        sys.stdout.flush()  # what is still buffered fails here, where it can be said, not at exit
        return code
    except CommandError as exc:
        return fail(str(exc), exc.code)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `dealer-assist listen --json | head`: the reader left, not an error
        _drop_stdout()
        return 0
    except OSError as exc:
        # `journal export J > shift.csv` on a full disk (qaI: a traceback): no file is named, unlike every
        # other write's error, which its command reports itself.
        if exc.filename is not None or exc.errno not in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
            raise
        if exc.errno != errno.EFBIG and not _stdout_failed():
            # Another write that named no file (qaAK F4: a recover's lock file on a full disk was told as
            # the output's): the output is not at fault.
            return fail(f"a disk is full ({exc.strerror}), for a write other than the output's; nothing more was "
                        "done: free disk space, then run it again", 2)
        _drop_stdout()
        if exc.errno == errno.EFBIG:  # `ulimit -f`: no disk space freed lifts it
            from dealer_assist.table.journal import RAISE_THE_LIMIT, size_limit_words

            return fail(f"cannot write the output ({exc.strerror}): it reached {size_limit_words()}; what was "
                        f"written is incomplete: {RAISE_THE_LIMIT} and run it again (the disk is not at fault)", 2)
        return fail(f"cannot write the output ({exc.strerror}): what was written is incomplete; free disk space, "
                    "or send it to a file on another disk, and run it again", 2)


def _stdout_failed() -> bool:
    """Whether standard output is what a full disk refused: writing what it holds fails again, or it is a
    file on a disk with next to no room left (a large write goes past the buffer, which is then empty)."""
    import stat

    from dealer_assist.table.disk_room import NEARLY_FULL

    try:
        sys.stdout.flush()
    except OSError:
        return True
    try:
        fd = sys.stdout.fileno()
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):  # a terminal or a pipe never runs out of room; a device may (/dev/full)
            return (stat.S_ISCHR(mode) or stat.S_ISBLK(mode)) and not os.isatty(fd)
        room = os.fstatvfs(fd)
    except (OSError, ValueError, AttributeError):
        return False
    return room.f_bavail * room.f_frsize < NEARLY_FULL


def _drop_stdout() -> None:
    """Nothing more can reach standard output: at exit, Python's own flush must not fail again."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


if __name__ == "__main__":
    sys.exit(main())
