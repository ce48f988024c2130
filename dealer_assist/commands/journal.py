"""``journal verify``, ``journal export`` and ``journal show``: the table journal from the command line.

``verify`` exits 0 only if the hash chain holds (1 if it does not, 2 if the
file cannot be read as a journal).  ``export`` groups the entries into rounds
by the ``"round"`` field of their payloads (:mod:`dealer_assist.table.export`)
and prints one JSON object per round (and one per blackjack deck check), or CSV
with one row per bet.  It refuses a journal whose chain is broken unless
``--allow-broken`` is given, and then exports only the verified entries.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import stat
import sys
import tempfile
from pathlib import Path

from dealer_assist.commands.out_file import refuse_journal_part
from dealer_assist.commands.output import CommandError, emit_json
from dealer_assist.commands.terminal_text import plain_terminal, utf8_stdout

JOURNAL = "the journal file (the table's SQLite journal, e.g. as run --journal names it)"


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("journal", help="check, show, copy, export, sum up, list the rounds of, or recover a "
                                              "table journal",
                              description="A table journal's records: verify its hash chain, copy it while the table "
                                          "runs, export its rounds, sum up a shift's money, list its rounds by time, "
                                          "show its entries, or recover what a damaged one still holds.")
    sub = p.add_subparsers(dest="journal_command", metavar="ACTION")
    p.set_defaults(func=lambda args: _missing_action(p))

    v = sub.add_parser("verify", help="check the hash chain; exit 0 only if it holds",
                       description="Check every entry of the journal against the hash chain and report the "
                                   "first bad entry (edited, deleted, reordered or inserted; damaged when it holds "
                                   "zero bytes a cut-short file or a disk fault left, as by a power cut, or bytes "
                                   "that are no text, as a bit flipped on disk leaves).")
    v.add_argument("path", metavar="PATH", help=JOURNAL)
    v.add_argument("--expect-head", metavar="HASH",
                   help="a head hash noted earlier (printed by verify): fail unless the journal still contains "
                        "it, which catches a rewrite of the whole file")
    v.add_argument("--json", action="store_true", help="print JSON only")
    v.set_defaults(func=run_verify)

    c = sub.add_parser("copy", help="copy a journal, whole, into a new file (while the table runs too)",
                       description="Copy the journal at PATH into the new file DEST with SQLite's online backup: "
                                   "whole up to that moment, the entries still in PATH-wal too, while a table "
                                   "goes on writing PATH. The copy is marked closed, so 'journal verify' and a "
                                   "table started on it take it as whole (a copy made with sqlite3's '.backup' "
                                   "carries the running table's mark and is told as possibly lacking its last "
                                   "entries). DEST must not exist yet: nothing is written over. The copy is "
                                   "written first as the hidden file .DEST.part-TAG-PID beside DEST (TAG: this "
                                   "computer's host name, PID: the copying process), renamed to DEST once whole; "
                                   "one that a copy on this computer stopped half-way (killed, its disk pulled) "
                                   "left, its process gone, is removed by the next copy of any journal into that "
                                   "folder, which names it; another computer's part (a shared folder, unless the "
                                   "computers have the same host name) and a file that holds no journal's start "
                                   "are never removed. Exit 0 when the "
                                   "copy's chain holds, 1 when it does not (the journal's own does not), 2 when "
                                   "nothing was copied.")
    c.add_argument("path", metavar="PATH", help=JOURNAL)
    c.add_argument("dest", metavar="DEST", help="the new file to write the copy into (e.g. on a USB stick)")
    c.add_argument("--json", action="store_true", help="print one JSON object (for a backup script), not text")
    c.set_defaults(func=run_copy)

    e = sub.add_parser("export", help="rounds, bets and payouts as JSON lines or CSV",
                       description="Export the journal's rounds: JSON prints one object per round as it "
                                   "finally stood (cards with their source, outcome, bets, settlement), with its "
                                   "corrections and what they voided, one per blackjack deck check (the cards "
                                   "counted back), and last {\"table\": [...]}, the entries of no round (shoe "
                                   "starts, links, refused PINs, a shoe's HELLO). CSV one row per bet, with the round's "
                                   "status, typed cards, number of corrections and, for a voided round, where its "
                                   "bets went (carried_to): only the rows whose status is complete or settled are "
                                   "money settled, summing to 'journal summary''s stakes.")
    e.add_argument("path", metavar="PATH", help=JOURNAL)
    e.add_argument("--format", choices=("json", "csv"), default="json",
                   help="json: one object per round (default); csv: one row per bet")
    e.add_argument("--out", metavar="FILE", help="write to FILE instead of standard output")
    e.add_argument("--allow-broken", action="store_true",
                   help="export the verified part of a journal whose chain does not hold")
    e.add_argument("--json", action="store_true", help="print JSON only (with --format csv: needs --out)")
    e.set_defaults(func=run_export)

    t = sub.add_parser("summary", help="a shift's totals: rounds, stakes, paid, house result, by game and bet",
                       description="Sum the journal's settled rounds, as the export gives them (a settlement "
                                   "taken back by a correction counts as settled again), between two times: "
                                   "rounds, stakes, paid to the players, returned (stake and winnings), "
                                   "commission and the house's result, per game and per bet type, with the rounds "
                                   "still open, the rounds voided and the corrections made. What the pit boss checks "
                                   "and signs at a shift's end. A round counts where it finally ended: one corrected "
                                   "in a later shift (settled again, or its bets carried by a misdeal to a new "
                                   "shoe's round) moves to that shift, and each summary names such rounds (settled "
                                   "in it and corrected after it; settled before it and settled again, or carried, "
                                   "in it), so a signed figure can be reconciled.")
    t.add_argument("path", metavar="PATH", help=JOURNAL)
    t.add_argument("--from", dest="since", metavar="TIME",
                   help="count the rounds that ended at or after TIME (ISO 8601, UTC unless an offset is given, "
                        "e.g. 2026-12-06T14:00)")
    t.add_argument("--to", dest="until", metavar="TIME", help="count the rounds that ended before TIME")
    t.add_argument("--allow-broken", action="store_true",
                   help="sum the verified part of a journal whose chain does not hold (what its file holds "
                        "after the break is named, unverified, not counted)")
    t.add_argument("--json", action="store_true", help="print one JSON object")
    t.set_defaults(func=run_summary)

    w = sub.add_parser("rounds", help="each round with when it began and ended: find a round by a wall-clock time",
                       description="List the journal's rounds, as the export gives them, with the time each began "
                                   "and ended in this computer's local time (its UTC offset written with it; the "
                                   "journal keeps UTC), its shoe and round number as the display's status line "
                                   "numbers them (what 'replay --shoe N --round M' takes) and its status. --at TIME "
                                   "names the round being played at TIME (a moment on the surveillance footage): "
                                   "the last one begun at or before it (a time to the second, as listed, means that "
                                   "whole second); exit 1 when none was being played then "
                                   "(between two rounds, before the first, after the journal's last entry), the "
                                   "rounds either side named. A round's time is its play, to its first end: a "
                                   "correction made later (its bets reopened, a misread last card voided and dealt "
                                   "again) is named as such, and from it to the round's next end the round was "
                                   "being played again; the time between its end and the correction, not. Each "
                                   "misdeal is named after the status, in order, with the deal after it, those of "
                                   "its play too.")
    w.add_argument("path", metavar="PATH", help=JOURNAL)
    w.add_argument("--at", metavar="TIME",
                   help="the round being played at TIME (ISO 8601, UTC unless an offset is given, e.g. "
                        "2026-12-06T21:14+01:00 for 21:14 in the pit at UTC+1)")
    w.add_argument("--from", dest="since", metavar="TIME", help="list the rounds begun at or after TIME")
    w.add_argument("--to", dest="until", metavar="TIME", help="list the rounds begun before TIME")
    w.add_argument("--allow-broken", action="store_true",
                   help="list the verified part of a journal whose chain does not hold")
    w.add_argument("--json", action="store_true", help="print one JSON object")
    w.set_defaults(func=run_rounds)

    s = sub.add_parser("show", help="print the entries as JSON lines",
                       description="Print the journal's entries, one JSON object per line.")
    s.add_argument("path", metavar="PATH", help=JOURNAL)
    s.add_argument("--from", dest="from_seq", type=int, default=0, metavar="SEQ", help="start at entry SEQ")
    s.add_argument("--json", action="store_true", help="print JSON only (the output is JSON anyway)")
    s.set_defaults(func=run_show)

    r = sub.add_parser("recover", help="a supervisor's way on from a journal that fails its check",
                       description="Set a broken journal aside (never deleted) and go on: --continue rebuilds it "
                                   "from its verified entries, --new starts a fresh journal whose first entry "
                                   "names the kept file. A supervisor of the journal's recorded supervisors "
                                   "(else of the config's roster) gives name, PIN (asked, or one line on stdin) "
                                   "and reason; both are journaled, and a new journal keeps those supervisors. "
                                   "Without a roster (none recorded, no --config or none in it) no PIN is checked and the name is "
                                   "recorded as given. Each run checks one PIN; a refused one cannot be "
                                   "journaled into the broken file, so it is kept beside it (PATH.pin-tries) "
                                   "and counts across runs: after 3 wrong PINs that supervisor is locked out "
                                   "for 30 s, then longer, as at the table. A file "
                                   "nothing can be read from (emptied, not SQLite, damaged) can only be started "
                                   "anew (--new); a file whose first bytes say it is something else (text, an image, a "
                                   "video, an archive) is refused as a wrong path, and left as it is. The new journal, the decision in it, is written whole beside "
                                   "the old one before it takes PATH: a recover killed half-way leaves one or "
                                   "the other at PATH, and the same recover run again finishes it.")
    how = r.add_mutually_exclusive_group(required=True)
    how.add_argument("--continue", dest="how", action="store_const", const="continue",
                     help="go on from the last verified entry (the chain and the journal id continue)")
    how.add_argument("--new", dest="how", action="store_const", const="new",
                     help="start a new journal at PATH (its first entry links the kept file)")
    r.add_argument("path", metavar="PATH", help=JOURNAL)
    r.add_argument("--supervisor", required=True, metavar="NAME", help="the supervisor who decides")
    r.add_argument("--reason", required=True, metavar="TEXT", help="why (it goes into the journal)")
    r.add_argument("--config", metavar="FILE", help="the table's configuration (TOML), for its [[supervisors]]")
    r.add_argument("--json", action="store_true", help="print JSON only")
    r.set_defaults(func=run_recover)


def _missing_action(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return 2


def _open(path: str):
    from dealer_assist.table.journal import Journal, JournalError

    try:
        return Journal.open(path, readonly=True)
    except JournalError as exc:
        raise CommandError(str(exc), 2) from None


# --------------------------------------------------------------------------- verify

def run_verify(args: argparse.Namespace) -> int:
    from dealer_assist.table.journal import UNGUARDED, JournalError

    if args.expect_head is not None:
        # A shortened or mistyped hash can never be found: it was reported as a rewritten file.
        args.expect_head = args.expect_head.strip().lower()
        if not re.fullmatch(r"[0-9a-f]{64}", args.expect_head):
            raise CommandError(f"--expect-head {args.expect_head!r} is not a head hash: one is 64 hexadecimal "
                               "characters, as 'journal verify' prints it after 'head: seq N'; copy it whole "
                               "(the journal was not checked)", 2)
    with _open(args.path) as journal:
        try:
            report = journal.verify()
            guards = journal.guards_intact()
            log_missing = journal.without_its_log()
            first_bad = None if report.first_bad_seq is None else journal.stored(report.first_bad_seq)
            # Only a journal that holds can be "rewritten"; a broken one is told as broken either way.
            known = (args.expect_head is None or not report.ok or args.expect_head == report.head_hash
                     or any(e.hash == args.expect_head for e in journal.entries()))
        except JournalError as exc:
            raise CommandError(str(exc), 2) from None
    result: dict = {"path": args.path, **report.to_dict(), "first_bad": first_bad, "guards": guards,
                    "log_missing": log_missing}
    ok = report.ok and known and guards
    if report.ok and not known:
        result.update(ok=False, problem="rewritten",
                      detail=f"the head hash {args.expect_head} noted earlier is not in this journal: "
                             f"the file was rewritten or it is another journal")
    elif report.ok and not guards:
        result.update(ok=False, problem="unguarded", detail=UNGUARDED)
    if args.json:
        emit_json(result)
        return 0 if ok else 1
    if log_missing:
        print(f"NOTE: a table had {args.path} open when this file was last written or copied (it was running, or "
              f"stopped by a crash), and no {Path(args.path).name}-wal lies beside it. If the file was copied alone "
              "(cp) or its -wal removed, the entries of the round then being played may be missing from it; a copy "
              "made with sqlite3's '.backup' (SQLite's backup API) also says the table had it open, yet is whole up "
              "to the moment it was made. Copy a journal with 'dealer-assist journal copy FILE COPY' (whole, even "
              "while the table runs, and marked closed), or with its -wal")
    if ok:
        print(f"journal {args.path}: OK, {report.count} entries, the chain holds")
        print(f"head: seq {report.head_seq} {report.head_hash or '(empty journal)'}")
        print("keep the head hash somewhere else: 'journal verify --expect-head HASH' then also catches "
              "a rewrite of the whole file")
        return 0
    if report.ok:
        print(f"journal {args.path}: {result['problem'].upper()}: {result['detail']}")
        return 1
    print(f"journal {args.path}: BROKEN at entry {report.first_bad_seq} ({report.problem}): {report.detail}")
    if first_bad is not None:
        print(f"first bad entry: {json.dumps(first_bad, ensure_ascii=False)}")
    print(f"entries 1..{report.head_seq} verify (last good hash {report.head_hash or '-'}); "
          f"{report.count} entries in the file")
    after = report.count - report.first_bad_seq  # the rows the file holds past the damaged one
    if report.problem == "damaged" and after > 0:
        print(f"entry {report.first_bad_seq} was lost, not changed; the {after} entries the file holds after it "
              f"cannot be verified, as the chain runs through it: 'journal summary' and 'journal export' with "
              f"--allow-broken give entries 1..{report.head_seq} and say what those after the break record. To go "
              f"on from entry {report.head_seq}, a supervisor runs 'dealer-assist journal recover {args.path} "
              f"--continue --supervisor NAME --reason TEXT [--config FILE]' (the file as it is now, all of it, is "
              f"kept beside it)")
    elif report.problem == "damaged":
        print(f"this is what an interrupted write leaves (a power cut while the journal was being written): the "
              f"entries after {report.head_seq} were lost, not changed. To go on from entry {report.head_seq}, a "
              f"supervisor runs 'dealer-assist journal recover {args.path} --continue --supervisor NAME --reason "
              f"TEXT [--config FILE]' (the file as it is now is kept beside it)")
    return 1


# --------------------------------------------------------------------------- copy

def run_copy(args: argparse.Namespace) -> int:
    """A journal copied whole into a new file: the way README and verify's NOTE give to copy one (rev13 F2)."""
    import sqlite3

    from dealer_assist.table.journal import Journal, JournalError
    from dealer_assist.table.journal_salvage import SIDECARS

    dest = Path(args.dest)
    refuse_journal_part(dest, "DEST", "journal-copy.sqlite", journal=args.path)
    taken = [f for f in (str(dest), *(f"{dest}{end}" for end in SIDECARS)) if os.path.lexists(f)]
    if taken:
        raise CommandError(f"DEST {taken[0]} already exists: 'journal copy' writes only a new file, so nothing was "
                           f"written and it is unchanged; give a name that does not exist yet, or move it away", 2)
    if not dest.parent.is_dir():
        raise CommandError(f"DEST {dest}: the folder {dest.parent} does not exist; make it or give another "
                           "(nothing was written)", 2)
    tag = _copy_tag()
    part = dest.with_name(f".{dest.name}.part-{tag}-{os.getpid()}")
    cleared = _clear_stopped_copies(dest.parent, {tag, _older_copy_tag(args.path)})
    for name in cleared:
        sys.stderr.write(f"dealer-assist: removed {dest.parent / name}: the unfinished copy of a 'journal copy' that "
                         "was stopped (killed, its disk pulled) before it ended\n")
    with _open(args.path) as journal:
        try:
            journal.copy_to(part)
            with open(part, "rb") as written:
                os.fsync(written.fileno())
            try:
                os.link(part, dest)  # never over a file made meanwhile
            except FileExistsError:
                raise
            except OSError:  # a file system without hard links (a FAT USB stick)
                if os.path.lexists(dest):
                    raise FileExistsError(str(dest)) from None
                os.replace(part, dest)
        except FileExistsError:
            raise CommandError(f"DEST {dest} was made while the journal was copied: nothing was written over it; "
                               "give another name", 2) from None
        except (OSError, sqlite3.Error, JournalError) as exc:
            raise CommandError(f"cannot write the copy {dest} ({getattr(exc, 'strerror', None) or exc}): nothing was "
                               f"left there; free some room or give DEST in a folder you can write", 2) from None
        finally:
            for leftover in (part, *(Path(f"{part}{end}") for end in SIDECARS)):
                leftover.unlink(missing_ok=True)
    try:
        with Journal.open(dest, readonly=True) as copy:
            report = copy.verify()
            lacking = copy.without_its_log()
    except JournalError as exc:
        raise CommandError(f"the copy {dest} was written but cannot be read back: {exc}", 2) from None
    if args.json:
        emit_json({"path": args.path, "copy": str(dest), **report.to_dict(), "log_missing": lacking,
                   "removed_parts": cleared})
        return 0 if report.ok else 1
    print(f"journal {args.path} copied to {dest}: {report.count} entries, head seq {report.head_seq} "
          f"{report.head_hash or '(empty journal)'}")
    if lacking:
        print(f"NOTE: {args.path} itself was left open by a table with no {Path(args.path).name}-wal beside it "
              "(see 'journal verify'): the copy lacks what it lacks, and says so as it does")
    if not report.ok:
        print(f"the copy is BROKEN at entry {report.first_bad_seq} ({report.problem}), as the journal is: "
              f"'dealer-assist journal verify {dest}' says more")
        return 1
    return 0


#: A copy being written: ``.DEST.part-TAG-PID`` (and SQLite's files beside it), renamed to DEST once whole.
_PART = re.compile(r"\.(?P<dest>.+)\.part-(?P<tag>[0-9a-f]{12})-(?P<pid>\d+)(?P<side>-wal|-shm|-journal)?")
_SQLITE_HEADER = b"SQLite format 3\0"


def _copy_tag() -> str:
    """What names the copies made on this computer: a process number is this computer's only, so a part
    another computer is writing into a shared folder (NFS, a synced backup folder) is never taken for a
    stopped one of ours (rev24 E9).  Not the journal's path: here a copy under way is told by its running
    process, and a copy of Monday's journal stopped half-way was left for good by every later copy, each of
    another day's journal (rev27 F3).  Two computers of the same name (imaged table PCs, a container with its
    host's name) are not told apart: README says so."""
    import hashlib
    import socket

    return hashlib.sha256(socket.gethostname().encode()).hexdigest()[:12]


def _older_copy_tag(source: str) -> str:
    """The tag the copies of ``source`` made on this computer had before :func:`_copy_tag` named the computer
    alone (the host and the journal's path): a part such a copy left stopped half-way is this computer's too,
    and was kept for good after the upgrade (rev29 R6).  Only ``source``'s: another journal's old tag cannot
    be told from another computer's."""
    import hashlib
    import socket

    return hashlib.sha256(f"{socket.gethostname()}\0{os.path.realpath(source)}".encode()).hexdigest()[:12]


def _clear_stopped_copies(folder: Path, tags: set[str]) -> list[str]:
    """Remove the unfinished copies a ``journal copy`` of any journal on this computer (``tags``) stopped
    half-way left in ``folder`` (qaAE F3: a backup job's timeout or a pulled stick left a hidden journal-sized
    file for good): those whose process is gone, and one under this process's own name (its number used
    again); the part itself only if it is a journal's start (SQLite's header, or nothing yet).  Another
    tag's part, or a file of that shape that holds something else, is left (rev24 E9).  Returns their names."""
    removed = []
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return removed  # the copy says why it cannot write there
    for name in names:
        match = _PART.fullmatch(name)
        if match is None or match["tag"] not in tags or (
                int(match["pid"]) != os.getpid() and _running(int(match["pid"]))):
            continue
        try:
            if not stat.S_ISREG(os.lstat(folder / name).st_mode):
                continue
            if match["side"] is None:
                with open(folder / name, "rb") as part:
                    head = part.read(len(_SQLITE_HEADER))
                if not _SQLITE_HEADER.startswith(head):
                    continue
            os.unlink(folder / name)
        except OSError:
            continue  # not ours to remove (another user's), or gone meanwhile
        removed.append(name)
    return removed


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True  # another user's process: not ours to judge
    return True


# --------------------------------------------------------------------------- export

def _write_whole(path: str, write):
    """``write(file)`` into a file beside ``path``, renamed over it only once whole: the streamed export
    reads the journal a second time while it writes, and a read failing there had left a cut file in
    place of a good earlier export (review)."""
    target = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            result = write(fh)
        umask = os.umask(0)
        os.umask(umask)
        mode = stat.S_IMODE(target.stat().st_mode) if target.exists() else 0o666 & ~umask
        os.chmod(tmp, mode)  # mkstemp makes 0600: an export is an ordinary file, or keeps the one it replaces
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return result


def run_export(args: argparse.Namespace) -> int:
    """Written as the journal is read: a month's journal is exported in the memory of a round or two
    (:mod:`dealer_assist.table.export_plan`), not of its every entry."""
    from dealer_assist.table.export import JournalChangedError, write_export
    from dealer_assist.table.export_plan import plan_records
    from dealer_assist.table.journal import JournalError
    from dealer_assist.table.past_break import past_break

    if args.json and args.format == "csv" and not args.out:
        raise CommandError("--json with --format csv needs --out FILE (standard output carries the JSON summary)")
    if args.out:
        refuse_journal_part(args.out, "--out", f"rounds.{args.format}", journal=args.path)
    with _open(args.path) as journal:
        try:
            report, guarded = _checked(journal, args, "exported", "export")

            def entries():  # up to the verified head: each reading meets the same entries, however long the table
                return journal.entries_where("seq <= ?", (report.head_seq,))  # goes on writing

            # Every entry read before a byte is written: one that cannot be read (not a JSON object) stops the
            # export here, with its number; those past a break are left out (qaAX H1: one byte there stopped it).
            plan = plan_records(journal.entries_where("seq <= ?", (report.head_seq,)))
            left_out = past_break(journal, report)
        except JournalError as exc:
            raise CommandError(str(exc), 2) from None
        _warn_unverified(args.path, report, guarded, "exporting", left_out)
        try:
            if not args.out:
                try:
                    if args.format == "csv":
                        with utf8_stdout() as out:
                            write_export(entries, plan, args.format, out)
                    else:
                        plain_terminal(json_mode=True)   # JSON lines, escaped where stdout cannot write them
                        write_export(entries, plan, args.format, sys.stdout)
                    sys.stdout.flush()
                except BrokenPipeError:
                    _quiet_stdout()
                return 0
            try:
                written = _write_whole(args.out, lambda fh: write_export(entries, plan, args.format, fh))
            except OSError as exc:
                raise CommandError(f"cannot write {args.out}: {exc.strerror}") from None
        except (JournalError, JournalChangedError) as exc:
            where = (f"nothing was written to {args.out} (a file already there is unchanged)" if args.out
                     else "the export is incomplete")
            raise CommandError(f"journal {args.path} could not be read to the end ({exc}); {where}: run the export "
                               "again", 2) from None
    played, checks = written["rounds"], written["deck_checks"]
    if args.json:
        emit_json({"path": args.path, "out": args.out, "format": args.format, "rounds": played,
                   "deck_checks": checks, "entries": plan.entries, "verified": report.ok,
                   "left_out": left_out and left_out.to_json()})
    else:
        print(f"{played} rounds" + (f" and {checks} deck check{'s' * (checks > 1)}" if checks else "")
              + f" from {plan.entries} entries written to {args.out}")
    return 0


def _checked(journal, args: argparse.Namespace, done: str, doing: str):
    """The journal's check and whether its guards hold; refused (exit 1) unless both do or ``--allow-broken``."""
    from dealer_assist.table.journal import UNGUARDED

    report = journal.verify()
    if not report.ok and not args.allow_broken:
        raise CommandError(f"journal {args.path} fails its check at entry {report.first_bad_seq} "
                           f"({report.problem}: {report.detail}); nothing {done}. Use --allow-broken "
                           f"to {doing} the verified entries 1..{report.head_seq}", 1)
    guarded = journal.guards_intact()
    if not guarded and not args.allow_broken:
        raise CommandError(f"journal {args.path}: {UNGUARDED}; nothing {done}. Check it with "
                           f"'dealer-assist journal verify {args.path} --expect-head HASH' (the head noted at "
                           f"the table), or use --allow-broken to {doing} it as unverified", 1)
    return report, guarded


def _warn_unverified(path: str, report, guarded: bool, doing: str, left_out=None) -> None:
    from dealer_assist.table.journal import UNGUARDED

    if not report.ok:
        sys.stderr.write(f"dealer-assist: warning: journal {path} is broken at entry {report.first_bad_seq} "
                         f"({report.problem}); {doing} entries 1..{report.head_seq} only"
                         + (f"; {left_out.words()}" if left_out is not None else "") + "\n")
    elif not guarded:
        sys.stderr.write(f"dealer-assist: warning: journal {path}: {UNGUARDED}\n")


# --------------------------------------------------------------------------- summary

def _window(args: argparse.Namespace, what: str) -> tuple:
    """``--from`` and ``--to`` as moments (None where not given); refused when --to is not after --from (no round
    can ``what`` between them)."""
    from dealer_assist.table.shift_totals import ShiftTimeError, parse_time

    try:
        since = parse_time(args.since) if args.since else None
        until = parse_time(args.until) if args.until else None
    except ShiftTimeError as exc:
        raise CommandError(f"--from/--to: {exc}") from None
    if since is not None and until is not None and until <= since:
        raise CommandError(f"--to {args.until} is not after --from {args.since}: no round can {what} between them")
    return since, until


def run_summary(args: argparse.Namespace) -> int:
    from dealer_assist.table.export import JournalChangedError, iter_rounds
    from dealer_assist.table.export_plan import plan_records
    from dealer_assist.table.journal import JournalError
    from dealer_assist.table.past_break import past_break
    from dealer_assist.table.shift_totals import shift_totals

    since, until = _window(args, "end")
    with _open(args.path) as journal:
        try:
            report, guarded = _checked(journal, args, "summed", "sum")
            # Read twice, as the export reads it, so a month's journal is summed in the memory of a round or two.
            plan = plan_records(journal.entries_where("seq <= ?", (report.head_seq,)))
            totals = shift_totals(iter_rounds(journal.entries_where("seq <= ?", (report.head_seq,)), plan),
                                  since, until)
            left_out = past_break(journal, report)
        except (JournalError, JournalChangedError) as exc:
            raise CommandError(str(exc), 2) from None
    _warn_unverified(args.path, report, guarded, "summing", left_out)
    if args.json:
        emit_json({"path": args.path, "verified": report.ok and guarded, "entries": report.head_seq,
                   **totals.to_json(), "left_out": left_out and left_out.to_json()})
        return 0
    print(_summary_text(args.path, totals))
    if left_out is not None:  # in the text signed, not only in a warning (qaAX M2)
        print(f"\nWARNING: journal {args.path} is BROKEN at entry {report.first_bad_seq} ({report.problem}): the "
              f"figures above are entries 1..{report.head_seq} only; {left_out.words()}")
    return 0


def _taken_back_text(totals) -> str:
    """The settlements corrections took back: settled again, or with a misdeal left voided (qaZ F7: "2 taken back
    and settled again" counted a misdeal's, whose bets were settled as a new shoe's round)."""
    again = totals.settlements_taken_back - totals.settlements_voided - totals.settlements_reopened
    said = ([f"{again} settlement(s) taken back and settled again"] if again else []) + (
        [f"{totals.settlements_voided} taken back by a misdeal (its round left voided)"] if totals.settlements_voided
        else []) + ([f"{totals.settlements_reopened} taken back and not settled again (its round open: no money "
                     "counted)"] if totals.settlements_reopened else [])
    return "".join(", " + text for text in said)


def _voided_text(totals) -> str:
    """The voided rounds named: where a new shoe dealt their bets, or left voided (qaAM F5: one left voided was
    a count alone, "1 voided")."""
    left = [n for n in totals.voided_names if not any(c.startswith(f"{n} to ") for c in totals.carried)]
    said = ([f"{', '.join(totals.carried)}: its bets dealt there"] if totals.carried else []) + (
        [f"{', '.join(left)}: left voided"] if left else [])
    return f" ({'; '.join(said)})" if said else ""


def _misdeals_text(totals) -> str:
    """The misdeals among the corrections, by round: a blackjack deal voided is one misdeal of many corrections, a
    step each (qaAM F1: it read as 23 corrections)."""
    if not totals.misdeals:
        return ""
    rounds = [name for name, _, _ in totals.misdeals]
    named = {name: rounds.count(name) for name in rounds}  # in order, each round once
    said = [name + (f" ({count})" if count > 1 else "") for name, count in named.items()]
    return f" ({len(totals.misdeals)} misdeal(s) among them: {', '.join(said)})"


def _earlier_text(totals, names: list) -> str:
    """When each of ``names``' earlier settlements ended and was taken back: a summary signed between the two
    counted it, whichever window the correction fell in (rev27 F1)."""
    said = [f"{one['round']} settled at {one['settled']}, taken back at {one['taken_back']}"
            for one in totals.earlier_settlements if one["round"] in names]
    return f" ({'; '.join(said)})" if said else ""


def _summary_text(path: str, totals) -> str:
    bounds = "".join([f" from {totals.since.isoformat()}" if totals.since else "",
                      f" to {totals.until.isoformat()}" if totals.until else ""])
    rounds = sum(g.rounds for g in totals.games.values())
    lines = [f"journal {path}{bounds}: {rounds} round(s) settled"
             + (f", the first ending {totals.first}, the last {totals.last}" if rounds else "")]
    lines.append(f"  {len(totals.open_rounds)} round(s) open (not settled: no money counted)"
                 + (f": {', '.join(totals.open_rounds)}" if totals.open_rounds else "")
                 + f"; {totals.voided} voided" + _voided_text(totals)
                 + f"; {totals.corrections} correction(s)" + _misdeals_text(totals) + _taken_back_text(totals)
                 + (f"; {totals.limit_changes} limit change(s)" if totals.limit_changes else ""))
    if totals.corrected_later:
        lines.append(f"  NOTE: {', '.join(totals.corrected_later)} was settled in this window and its settlement "
                     "taken back by a correction after the window's end: a summary run at this window's end counted "
                     "that settlement, this one does not (the round counts as it finally stands: where it was "
                     "settled again, as the round a misdeal carried its bets to, or, still open, nowhere; 'journal "
                     "export' lists the first settlement under voided_settlements)")
    if totals.corrected_from_earlier:
        lines.append(f"  NOTE: {', '.join(totals.corrected_from_earlier)} was settled before this window and settled "
                     "again here after a correction: counted here as it finally stood; a summary of an earlier "
                     "window signed between its first settlement and the correction counted that settlement"
                     + _earlier_text(totals, totals.corrected_from_earlier))
    if totals.carried_from_earlier:
        lines.append(f"  NOTE: {', '.join(totals.carried_from_earlier)}: settled before this window, then voided as a "
                     "misdeal, its bets carried to the round named and settled here; a summary of an earlier window "
                     "signed between that settlement and the misdeal counted it"
                     + _earlier_text(totals, [n.split(" to ")[0] for n in totals.carried_from_earlier]))
    if totals.unreadable_amounts:
        lines.append(f"  WARNING: {totals.unreadable_amounts} amount(s) in the journal are no number (a damaged entry) "
                     "and are counted as 0.00: check the export's rounds ('journal export') before signing")
    for name, game in sorted(totals.games.items()):
        lines.append("")
        lines.append(f"{name}: {game.rounds} round(s); stakes {game.stakes:,.2f}, returned to the players "
                     f"{game.returned:,.2f} (stakes and winnings; winnings {game.paid:,.2f}), commission "
                     f"{game.commission:,.2f}; the house {'won' if game.house >= 0 else 'lost'} {abs(game.house):,.2f}")
        lines.append(f"  {'bet':<12} {'bets':>6} {'stakes':>12} {'returned':>12} {'house':>12} {'won':>5} "
                     f"{'lost':>5} {'push':>5}")
        for bet, t in sorted(game.by_bet.items()):
            lines.append(f"  {bet:<12} {t.bets:>6} {t.stakes:>12,.2f} {t.returned:>12,.2f} {t.house:>+12,.2f} "
                         f"{t.won:>5} {t.lost:>5} {t.pushed:>5}")
    return "\n".join(lines)


# --------------------------------------------------------------------------- rounds

def run_rounds(args: argparse.Namespace) -> int:
    """Each round with its times, or the round under way at ``--at`` (qaAE F1: surveillance had only the CSV's
    UTC columns to filter by hand to go from the footage's clock to a round)."""
    from dealer_assist.table.export import JournalChangedError
    from dealer_assist.table.journal import JournalError
    from dealer_assist.table.round_times import asked_through, journal_end, journal_round_times, round_at
    from dealer_assist.table.past_break import past_break
    from dealer_assist.table.shift_totals import ShiftTimeError, parse_time

    if args.at is not None and (args.since or args.until):
        raise CommandError("--at names one moment: give it without --from/--to (those list the rounds between two)")
    try:
        at = parse_time(args.at) if args.at else None
    except ShiftTimeError as exc:
        raise CommandError(f"--at: {exc}") from None
    since, until = _window(args, "begin")
    with _open(args.path) as journal:
        try:
            report, guarded = _checked(journal, args, "listed", "list")
            rounds = [one for one in journal_round_times(journal, report.head_seq)
                      if (since is None or (one.start is not None and one.start >= since))
                      and (until is None or (one.start is not None and one.start < until))]
            ends = journal_end(journal, report.head_seq) if at is not None else None
            left_out = past_break(journal, report)
        except (JournalError, JournalChangedError) as exc:
            raise CommandError(str(exc), 2) from None
    _warn_unverified(args.path, report, guarded, "listing", left_out)
    through = None if at is None else asked_through(args.at, at)
    found = None if at is None else round_at(rounds, at, ends, through)
    if args.json:
        result: dict = {"path": args.path, "verified": report.ok and guarded}
        if found is None:
            emit_json({**result, "from": since and since.isoformat(), "to": until and until.isoformat(),
                       "rounds": [one.to_json() for one in rounds]})
            return 0
        emit_json({**result, "at": at.isoformat(), "through": through.isoformat(), "within": found.within,
                   "after_end": found.after_end, "journal_end": found.journal_end, "again": found.again and found.again.to_json(),
                   "round": found.playing and found.playing.to_json(),
                   "ended_within": found.ended_within and found.ended_within.to_json(),
                   "also": found.also and found.also.to_json(),
                   "next": found.next and found.next.to_json()})
        return 0 if found.within else 1
    if found is not None:
        print(_round_at_text(args.path, args.at, at, found))
        return 0 if found.within else 1
    print(f"journal {args.path}: {len(rounds)} round(s); times in this computer's local time, with its UTC offset")
    print(f"{'shoe':>5} {'round':>6}  {'game':<9}  {'started':<25}  {'ended':<25}  status")
    for one in rounds:
        print(_round_row(one))
    return 0


def _round_row(one) -> str:
    """One round's line; a round corrected after its end says so after its status (rev27 F2: the listing showed
    its first end and "complete" with no word of the correction the JSON named)."""
    from dealer_assist.table.round_times import local_text

    return (f"{one.shoe!s:>5} {one.round!s:>6}  {one.game or '-':<9}  {local_text(one.started) or '-':<25}  "
            f"{local_text(one.ended) or '-':<25}  {one.status}" + _later(one))


def _round_at_text(path: str, text: str, at, found) -> str:
    from dealer_assist.table.round_times import asked_text, local_text

    asked = asked_text(text, at)

    def when(time):  # to the fraction of a second when the moment asked has one (qaAM F3)
        return local_text(time, fraction=bool(at.microsecond))

    def name(one) -> str:
        return f"shoe {one.shoe} round {one.round}" + (f" ({one.game})" if one.game else "")
    playing, following = found.playing, found.next
    if playing is None:
        lines = [f"at {asked} no round of {path} had begun"
                 + (f": the first, {name(following)}, began at {when(following.started)}" if following else
                    ": it records no round")]
    elif found.again is not None:
        lines = [f"at {asked} {name(playing)} was being played again after a correction ({playing.status}): "
                 f"began at {when(playing.started)}, first ended at {when(playing.ended)}"
                 + _later(playing)]
    elif found.within:
        lines = [f"at {asked} {name(playing)} was being played ({playing.status}): began at "
                 f"{when(playing.started)}, " + (f"ended at {when(playing.ended)}" if playing.ended
                                                       else f"never settled: {_voided(playing)}" if playing.voided_at
                                                       else "never settled") + ("" if playing.voided_at
                                                                                else _later(playing))]
    elif playing.voided_at is not None:  # voided as a misdeal before it ended: its play ended there (qaAM F2)
        lines = [f"at {asked} no round was being played: {name(playing)} was {_voided(playing)}"
                 + (f"; {name(following)} began at {when(following.started)}" if following
                    else ", the last round the journal records")
                 + (f"; the journal ends at {when(found.journal_end)}" if found.after_end else "")]
    elif playing.ended is None:  # never ended, and the moment is after the journal's last entry
        lines = [f"at {asked} no round was being played that {path} records: the journal ends at "
                 f"{when(found.journal_end)}; its last round, {name(playing)}, began at "
                 f"{when(playing.started)} and was never settled"]
    else:
        lines = [f"at {asked} no round was being played: {name(playing)} had ended at {when(playing.ended)}"
                 + _later(playing)
                 + (f"; {name(following)} began at {when(following.started)}" if following
                    else ", the last round the journal records")
                 + (f"; the journal ends at {when(found.journal_end)}" if found.after_end else "")]
    if found.ended_within is not None:  # the second asked saw one round end and the next begin (qaAK F5)
        lines[0] += (f"; {name(found.ended_within)} ended within that second, at "
                     f"{when(found.ended_within.ended)}")
    if found.also is not None:  # the round begun last, and an earlier one dealt again after it began (rev31 R7)
        lines[0] += (f"; {name(found.also)}, begun at {when(found.also.started)}, was being played too"
                     f" ({found.also.status})")
    shown = [one for one in ((found.ended_within, playing, found.also) if found.within else (playing, following))
             if one is not None]
    if shown:
        lines += ["", f"{'shoe':>5} {'round':>6}  {'game':<9}  {'started':<25}  {'ended':<25}  status",
                  *map(_round_row, shown), ""]
        lines += [f"replay it: dealer-assist replay {path} --shoe {one.shoe} --round {one.round}" for one in shown
                  if isinstance(one.shoe, int) and isinstance(one.round, int)]
    return "\n".join(lines)


def _voided(one) -> str:
    """A round voided as a misdeal before it ended: when, and where its bets went (qaAM F2: the listing said
    "voided" alone, and --at had it "being played" after the void), after each misdeal before it in its play
    dealt again."""
    from dealer_assist.table.round_times import local_text

    return ((_in_play(one) or f"voided as a misdeal at {local_text(one.voided_at)}")
            + (f", its bets carried to {one.carried_to}" if one.carried_to else ""))


def _in_play(one) -> str:
    """The misdeals of a round's first play, each in order with the deal after it: "voided as a misdeal at ...,
    dealt again at ..." ("": none; fixM2: one dealt again was named nowhere in the listing)."""
    from dealer_assist.table.round_times import local_text

    return ", ".join(f"voided as a misdeal at {local_text(at)}" + (f", dealt again at {local_text(again)}"
                                                                    if again is not None else "")
                     for at, again in one.in_play_misdeals)


def _later(one) -> str:
    """The misdeals of the round's play dealt again, and the corrections made after its play ended, each named
    as such (rev24 E2), or ""; a round voided as a misdeal before it ended, when and where its bets went."""
    from dealer_assist.table.round_times import local_text

    if one.voided_at is not None:  # "voided (as a misdeal at ...)"; blackjack's deal voided: "open (voided as ...)"
        return f" ({_voided(one).replace('voided ', '', 1) if one.status == 'voided' else _voided(one)})"
    said = []
    for c in one.corrections:
        if c.misdeal:
            first = ("" if c.misdeals[0][0] == c.taken_back  # the misdeal took the settlement back itself
                     else f"its settlement taken back at {local_text(c.taken_back)}, then ")
            # each misdeal in order, a re-deal voided again too (only the last was named)
            steps = [f"voided as a misdeal at {local_text(at)}"
                     + (f", dealt again at {local_text(again)}" if again is not None else "") for at, again in c.misdeals]
            if c.dealt_again is None:
                said.append(f"{first}{', '.join(steps)}"
                            + (f", its bets carried to {one.carried_to}" if one.carried_to else ""))
            else:  # dealt again under its number, no new shoe (rev31 R9: the misdeal was named nowhere)
                said.append(f"{first}{', '.join(steps)}, " + (f"settled again at {local_text(c.settled_again)}"
                                                               if c.settled_again else "not settled again"))
        else:
            said.append(f"its settlement taken back at {local_text(c.taken_back)}, "
                        + (f"settled again at {local_text(c.settled_again)}" if c.settled_again
                           else "not settled again"))
    parts = ([_in_play(one)] if one.in_play_misdeals else []) + (
        ["corrected later: " + "; then ".join(said)] if said else [])
    return f" ({'; '.join(parts)})" if parts else ""


# --------------------------------------------------------------------------- show

def run_show(args: argparse.Namespace) -> int:
    from dealer_assist.table.journal import JournalError, UnreadableEntryError

    with _open(args.path) as journal:
        try:
            report = journal.verify()  # first: of a file a power cut left ending in zero pages, it finds the
            seq = args.from_seq        # entries before them, which are then read
            while seq is not None:
                try:
                    for entry in journal.entries(seq):
                        emit_json(entry.to_dict())
                    seq = None
                except UnreadableEntryError as exc:  # shown as stored, and on to the next (qaAX H1)
                    emit_json(journal.stored(exc.seq))
                    seq = exc.seq + 1
        except JournalError as exc:
            raise CommandError(str(exc), 2) from None
        except BrokenPipeError:
            _quiet_stdout()
            return 0
    if not report.ok:  # shown as stored, but a reader must not take it for the record
        sys.stderr.write(f"dealer-assist: warning: journal {args.path} is BROKEN at entry {report.first_bad_seq} "
                         f"({report.problem}): the entries from there on are not the record; "
                         f"'dealer-assist journal verify {args.path}' says more\n")
        return 1
    return 0


def run_recover(args: argparse.Namespace) -> int:
    """A broken journal, set aside and gone on from, on a supervisor's PIN: the way on the refusal to
    start names.  Without a roster in the config the decision is recorded as the croupier's, with the reason."""
    import getpass

    from dealer_assist.table.config import ConfigError, load_config
    from dealer_assist.table.file_kinds import holds_text, known_format
    from dealer_assist.table.journal import Journal, JournalCorruptError, JournalError, UnreadableFileError
    from dealer_assist.table.journal_files import recover_stopped, starting
    from dealer_assist.table.roster_record import KIND as ROSTER_KIND
    from dealer_assist.table.roster_record import (forget_tries, record_try, recorded_roster, restore_lockouts,
                                                   restore_tries, tries_file)
    from dealer_assist.table.supervisor import SupervisorError, SupervisorRoster, WrongPinError

    action = "journal_continue" if args.how == "continue" else "journal_new"
    if os.path.lexists(starting(Path(args.path))):
        # A recover stopped before it ended: its new journal, written whole, holds the decision taken.
        stopped = Journal.stopped_recover(args.path)
        if stopped is not None and stopped[1] not in (None, action):
            how = "new" if stopped[1] == "journal_new" else "continue"
            raise CommandError(f"journal {args.path}: {recover_stopped(Path(args.path), how)}; or, to decide "
                               f"anew, remove {starting(Path(args.path))} first; nothing was changed", 2)
        try:
            kept = Journal.finish_recover(args.path)
        except JournalError as exc:
            raise CommandError(str(exc), 2) from None
        if kept is not None:
            with Journal.open(args.path, readonly=True) as journal:
                head = journal.verify()
            if args.json:
                emit_json({"path": args.path, "how": args.how, "kept": str(kept), "finished": True,
                           "head_seq": head.head_seq, "head_hash": head.head_hash})
            else:
                print(f"journal {args.path}: the 'journal recover --{args.how}' stopped before it ended is finished: "
                      + ("continued" if args.how == "continue" else "started anew")
                      + f", as it recorded; the broken file is kept as {kept}")
            return 0
    try:
        with Journal.open(args.path, readonly=True) as journal:
            report = journal.verify()
            guards = journal.guards_intact()
            # The verified part's supervisors; with none there (its first entries broken), any the file
            # records: breaking the head must not drop them (QA).
            journal.skip_unreadable = True  # an entry damaged past its head stops no supervisor (qaAX H1)
            recorded = recorded_roster(journal, through=report.head_seq) or recorded_roster(journal)
        target = {"journal": args.path, "first_bad_seq": report.first_bad_seq, "problem": report.problem,
                  "verified_seq": report.head_seq}
    except (UnreadableFileError, JournalCorruptError) as exc:
        # A destroyed header or an emptied file: nothing verifies, so nothing can be continued from.
        if args.how == "continue":
            raise CommandError(f"journal {args.path} cannot be read at all ('dealer-assist journal verify "
                               f"{args.path}' says why), so no verified entry can be continued from: a supervisor "
                               f"can only start anew, with --new instead of --continue (the file is kept); it was "
                               f"not changed", 2) from None
        kind = known_format(args.path)
        if kind is not None:
            # Its signature says what it is: a wrong path (a screenshot beside the journal), not a journal damaged.
            raise CommandError(f"{args.path} is {kind} by its first bytes, not a damaged journal: check the path "
                               "(the table's journal is the file given to 'run --journal', by default in the user's "
                               "data folder); it was not changed", 2) from None
        if holds_text(args.path):
            # A journal's pages hold binary data however damaged its header: a text file is a wrong path
            # (a config, a log), and setting it aside would put a journal in its place.
            raise CommandError(f"{args.path} holds text, not a damaged journal: check the path (the table's journal "
                               "is the file given to 'run --journal', by default in the user's data folder); "
                               "it was not changed", 2) from None
        report, guards, recorded = None, False, None
        target = {"journal": args.path, "first_bad_seq": None, "problem": "unreadable", "detail": str(exc),
                  "verified_seq": 0}
    except JournalError as exc:
        raise CommandError(str(exc), 2) from None
    if report is not None and report.ok and guards:
        raise CommandError(f"journal {args.path} holds its check: there is nothing to recover; run the table on it", 1)
    try:
        # The supervisors the journal's verified part records decide, whatever the configuration names: a
        # croupier's own config (or none) must not be a way round the PIN (see roster_record).
        roster = (SupervisorRoster.from_config({"supervisors": recorded}) if recorded is not None
                  else load_config(args.config).roster())
    except (ConfigError, SupervisorError) as exc:
        raise CommandError(str(exc), 2) from None
    if roster is None:
        correction = {"supervisor": None, "named": args.supervisor, "action": action, "target": target,
                      "reason": args.reason, "note": "no supervisor roster configured: no PIN checked"}
    else:
        # The lockouts the journal records, and the wrong PINs earlier runs kept beside it (the broken
        # file cannot record them).
        tries = tries_file(args.path)
        if report is not None:
            with Journal.open(args.path, readonly=True) as journal:
                journal.verify()  # which entries can be read: of a file ending in zero pages, those before them
                journal.skip_unreadable = True
                restore_lockouts(journal, roster)
        restore_tries(tries, roster)
        pin = getpass.getpass("PIN: ") if sys.stdin.isatty() else sys.stdin.readline().strip()
        if not pin:
            raise CommandError(f"no PIN was given for supervisor {args.supervisor!r} (no try was counted); the "
                               "journal was not changed", 1)
        try:
            correction = roster.authorize(args.supervisor, pin, action, target, args.reason).to_payload()
        except WrongPinError as exc:
            if exc.name in roster.names:  # the roster's spelling, whatever case was typed (qaAG F20)
                record_try(tries, exc.name, exc)
            raise CommandError(f"{exc}; the journal was not changed", 1) from None
        except SupervisorError as exc:
            raise CommandError(f"{exc}; the journal was not changed", 1) from None
        forget_tries(tries, correction["supervisor"])
    def decided(kept: Path) -> list:
        # Named "recovered", not "op": the table replays every entry with an op as one of its own.
        entries = [("correction", {"recovered": action, "kept": str(kept), "correction": correction})]
        if recorded is not None and args.how == "new":
            entries.append((ROSTER_KIND, {"supervisors": recorded, "from": str(kept)}))
        return entries

    try:
        # The decision is written into the new journal before it takes the path: a kill leaves the old, or
        # all of it (rev13 F4: a continuation killed after its rename had no word of who decided it).
        recover = Journal.continue_from_verified if args.how == "continue" else Journal.start_new
        opened, kept = recover(args.path, then=decided)
        with opened:
            head = opened.verify()
    except JournalError as exc:
        raise CommandError(str(exc), 2) from None
    if args.json:
        emit_json({"path": args.path, "how": args.how, "kept": str(kept), "verified_seq": target["verified_seq"],
                   "head_seq": head.head_seq, "head_hash": head.head_hash})
    else:
        print(f"journal {args.path}: " + (f"continued from entry {target['verified_seq']}" if args.how == "continue"
                                         else "started anew") + f"; the broken file is kept as {kept}")
    return 0


def _quiet_stdout() -> None:
    """The reader (``| head``) went away: stop writing without a traceback at exit."""
    import os

    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
