"""``train``: croupier drills with scores, in the trainer window or on the terminal (``--text``)."""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
import unicodedata
from pathlib import Path
from typing import Optional

from dealer_assist.commands.display import add_look_options, set_look
from dealer_assist.commands.out_file import refuse_journal_part
from dealer_assist.commands.output import CommandError, emit_json
from dealer_assist.commands.terminal_text import write_csv

#: A median answer faster than this (s) is no person's reading of a case: ``--progress`` flags such an exam.
HUMAN_SECONDS = 0.3
DRILL_HELP = "third-card | payouts | blackjack-dealer | calling | mixed, or several joined by commas"


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "train", help="croupier training drills with scores and progress",
        description="Drills with one right answer each (third card, payouts, blackjack dealer, calling the "
                    "hand), scored for accuracy and speed, progress stored per trainee. Opens the trainer "
                    "window; --text asks on the terminal instead.")
    p.add_argument("--drill", default="third-card", help=DRILL_HELP)
    p.add_argument("--trainee", default=None, help="whose progress to read and store (default: trainee, said "
                                                   "before the first case; an exam that is stored needs one; "
                                                   "with --progress: everyone)")
    p.add_argument("--minutes", type=float, default=None,
                   help="session length (default 10; an exam: none, it ends after its cases, each decision "
                        "limited by --limit)")
    p.add_argument("--cases", type=int, default=None,
                   help="stop after this many cases (exam default: the standard's, 40; fewer: below the standard)")
    p.add_argument("--exam", action="store_true", help="timed exam: no feedback until the end, time limit per decision")
    p.add_argument("--level", type=int, default=1, help="1 as dealt, 2 the rows most missed, 3 your weak spots")
    p.add_argument("--source", default="sim", help="sim | sim:SEED | serial:URL | camera:SRC?profile=PATH (default sim)")
    p.add_argument("--seed", type=int, default=None, help="seed of the simulated shoe and of the stakes (an exam "
                                                          "with a seed can be rehearsed: below the standard)")
    p.add_argument("--store", type=Path, default=None, help="progress file (default: training.json in the "
                                                            "user's data folder)")
    p.add_argument("--config", metavar="FILE", help="the table's or school's configuration (TOML): the cases "
                                                    "follow its house rules ([paytable], [shoe] decks, "
                                                    "[blackjack]); its [training] section sets the exam standard, "
                                                    "the defaults of --cases, --pass-accuracy and --pass-seconds "
                                                    "for an exam, the exams a trainee may begin in 24 hours, and "
                                                    "what --progress counts as a pass")
    # The defaults are the standard's (dealer_assist.training.standard), filled in by _settings: importing
    # the training package here would slow every command's start.
    p.add_argument("--pass-accuracy", type=float, default=None, metavar="PCT",
                   help="pass mark, percent (exam default: the standard's, 98; lower: below the standard)")
    p.add_argument("--pass-seconds", type=float, default=None, metavar="S",
                   help="pass mark, seconds per decision (exam default: the standard's, 3; more: below the "
                        "standard)")
    p.add_argument("--limit", type=float, default=None, metavar="S",
                   help="seconds per decision before a case times out (exam default: twice the pass-mark time)")
    p.add_argument("--no-save", action="store_true", help="do not store this session's results")
    p.add_argument("--text", action="store_true", help="terminal mode: answers typed on stdin, no display")
    add_look_options(p, "the trainer window")
    p.add_argument("--progress", action="store_true",
                   help="print the stored progress (each trainee's sessions, exam attempts and weak spots) and exit")
    p.add_argument("--csv", choices=("sessions", "rules", "mistakes"), default=None,
                   help="with --progress: print CSV instead, one row per session (with its figures per drill "
                        "and an exam's attempt number), per trainee and rule (seen, wrong, rate), or per stored "
                        "mistake (the case, the answer given, the right one and why), for a spreadsheet")
    p.add_argument("--rename", nargs=2, metavar=("OLD", "NEW"), default=None,
                   help="give the stored trainee OLD the name NEW (a typo fixed) in the progress file and exit: "
                        "the sessions are sealed again under NEW (an edited record stays edited) and the change "
                        "is logged in the file; NEW must not be a stored trainee (see --merge) and, with "
                        "--config's [training] trainees, must be on that roster")
    p.add_argument("--merge", nargs=2, metavar=("OLD", "INTO"), default=None,
                   help="move every session of the stored trainee OLD (a second record of one person: Anna as "
                        "Ana, a look-alike letter) into the stored trainee INTO, in the order they were stored, "
                        "and exit: sealed again, logged, and the day's exam limit counts them together; it "
                        "cannot be undone (copy the file first)")
    p.add_argument("--reason", metavar="TEXT", default=None,
                   help="with --rename or --merge: why (logged in the file and listed by --progress); needed when "
                        "a trainee concerned has begun an exam in the last 24 hours, whose attempts the change moves")
    p.add_argument("--json", action="store_true",
                   help="print JSON only: with --text (its events), --progress, --rename or --merge; the window "
                        "prints none, so --json alone is refused")
    p.set_defaults(func=run_train)


def _store(args):
    from dealer_assist.training.progress import ProgressError, ProgressStore

    if args.store is not None:  # its save replaces the file, which reading it first refuses only when it exists
        refuse_journal_part(args.store, "--store", "training.json")
    try:
        return ProgressStore(args.store, waiting=lambda text: sys.stderr.write(f"dealer-assist: note: {text}\n"))
    except ProgressError as exc:
        raise CommandError(str(exc)) from None


def _config(args):
    """``--config`` read once (None without one); a bad file is refused before anything is asked."""
    from dealer_assist.table.config import ConfigError, load_config

    if args.config is None:
        return None
    if getattr(args, "loaded_config", None) is None:
        try:
            args.loaded_config = load_config(args.config)
        except ConfigError as exc:
            raise CommandError(f"{exc}; nothing was asked or listed", 2) from None
    return args.loaded_config


def _exams_a_day(args) -> Optional[int]:
    """The school's limit of a trainee's exams of one drill a day (``[training] exam_attempts_per_day``)."""
    config = _config(args)
    return (config.training or {}).get("exam_attempts_per_day") if config is not None else None


def _look_given(args) -> tuple[tuple[str, bool], ...]:
    """The window's own options, as given or not: refused where no window opens."""
    return ("--text-scale", args.text_scale is not None), ("--dim", bool(args.dim))


def _how(args) -> str:
    """Where this session is answered, as stored in its ``how``: ``window``, ``text`` or ``text-json``."""
    return "window" if not args.text else "text-json" if args.json else "text"


def _roster(args) -> Optional[tuple[str, ...]]:
    """The school's trainees (``[training] trainees``); None: no roster, any name."""
    config = _config(args)
    return (config.training or {}).get("trainees") if config is not None else None


def _check_trainee(args, store, trainee: str) -> str:
    """The name a session is stored under: refused when the school's roster does not hold it, and a new
    name that looks like a stored trainee's (``Dеv`` with a Cyrillic е, ``Chloe`` for ``Chloé``) is named
    on stderr: such a name started a fresh record with no attempts (qaAD F4)."""
    from dealer_assist.training.names import differences, look_alikes, on_roster

    roster = _roster(args)
    listed = on_roster(trainee, roster)
    if listed is None:
        raise CommandError(f"{trainee!r} is not on the school's roster ([training] trainees of {args.config}: "
                           f"{', '.join(roster or ())}); give --trainee as listed there (or --no-save for a "
                           "session stored nowhere); nothing was asked yet")
    if trainee not in store.trainees:
        from dealer_assist.training.names import fold
        from dealer_assist.training.renames import followed, went

        from dealer_assist.training.progress import TraineeNameError

        for index, change in enumerate(store.renames()):
            if fold(change["from"]) == fold(trainee):
                target = followed(trainee, store.data, index)   # through later changes (rev26 F7)
                try:
                    now = store.stored_name(target)
                except TraineeNameError:   # the log is not sealed: a `to` edited by hand (rev28 R2)
                    sys.stderr.write(f"dealer-assist: note: {trainee!r} is a new trainee in {store.path}: the record "
                                     f"stored under that name was {went(change)}, but the file's log takes it on to "
                                     f"{_cut(target)}, which is no trainee's name (the log was edited by hand): "
                                     "train --progress lists the stored trainees\n")
                    continue
                sys.stderr.write(f"dealer-assist: note: {trainee!r} is a new trainee in {store.path}: the record "
                                 f"stored under that name was {went(change)}"
                                 + (f" (and from there to {now!r})" if fold(now) != fold(change["to"]) else "")
                                 + f"; if this is them, give --trainee {now!r}\n")
        for other in look_alikes(trainee, store.trainees):
            sys.stderr.write(f"dealer-assist: note: {trainee!r} is a new trainee in {store.path}, but looks like "
                             f"the stored {other!r} ({differences(trainee, other)}): if they are one person, give "
                             f"--trainee {other!r}\n")
    return trainee


def _house(args):
    """The drills that depend on house rules, built with ``--config``'s, and the decks of the simulated
    shoes (baccarat's, blackjack's): a trainee is drilled on the table's own rules (the defaults without one)."""
    from dealer_assist.table.blackjack_state import BlackjackTableError, rules_from_config
    from dealer_assist.training.blackjack_dealer import BlackjackDealerDrill
    from dealer_assist.training.payouts import PayoutDrill

    config = _config(args)
    if config is None:
        return {}, (8, 1)
    try:
        house = rules_from_config(config.blackjack).house if config.blackjack else None
    except BlackjackTableError as exc:
        raise CommandError(f"{args.config}: {exc}; nothing was asked", 2) from None
    drills = {"payouts": PayoutDrill(config.rules.paytable, house), "blackjack-dealer": BlackjackDealerDrill(house)}
    return drills, (config.rules.shoe.decks, house.decks if house is not None else 1)


def _house_rules(args) -> tuple[str, ...]:
    """``--config``'s house rules as the "House rule:" lines stored with a session (() the defaults)."""
    from dealer_assist.training.house import house_rules

    config = _config(args)
    if config is None:
        return ()
    drills, decks = _house(args)
    payouts = drills["payouts"]
    return house_rules(payouts.paytable, payouts.blackjack_rules if config.blackjack else None, decks[0])


def _standard(args):
    """The exam standard: the ``[training]`` section of ``--config``, else the trainer's own; an exam's
    pass counts only under the house rules of ``--config`` (the defaults without one)."""
    from dealer_assist.training.standard import DEFAULT, Standard

    config = _config(args)
    if config is None:
        return DEFAULT
    school = config.training or {}
    return Standard(cases=school.get("exam_cases", DEFAULT.cases),
                    accuracy=school.get("pass_accuracy", DEFAULT.accuracy * 100) / 100,
                    seconds=school.get("pass_seconds", DEFAULT.seconds), house=_house_rules(args),
                    window_only=school.get("exam_in_window", False))


def _settings(args):
    from dataclasses import replace

    from dealer_assist.training.difficulty import LevelError
    from dealer_assist.training.house import for_drills
    from dealer_assist.training.scoring import PassMark, PassMarkError
    from dealer_assist.training.session import DrillNameError, Settings, parse_drills

    standard = _standard(args)
    if args.pass_accuracy is None:
        args.pass_accuracy = standard.accuracy * 100
    if args.pass_seconds is None:
        args.pass_seconds = standard.seconds
    for option, value, what in (("--minutes", args.minutes, "minutes"), ("--limit", args.limit, "seconds"),
                                ("--pass-accuracy", args.pass_accuracy, "percent"),
                                ("--pass-seconds", args.pass_seconds, "seconds")):
        # float() takes "nan" and "inf": nan compares false with everything and slipped through the checks
        if value is not None and not math.isfinite(value):
            raise CommandError(f"{option} {value}: give a number of {what}, like 10 or 2.5")
    # Named as typed, in percent (qaAG F4: "pass mark accuracy 1.01", the fraction kept inside), as the
    # config's training.pass_accuracy refusal names it.
    if not 0 < args.pass_accuracy <= 100:
        raise CommandError(f"--pass-accuracy {args.pass_accuracy:g} must be above 0 and at most 100 (percent of "
                           "decisions right in time, like 98)")
    if args.pass_seconds <= 0:
        raise CommandError(f"--pass-seconds {args.pass_seconds:g} must be more than 0 (seconds per decision, "
                           "like 3)")
    if args.minutes is not None and args.minutes <= 0:
        raise CommandError(f"--minutes {args.minutes:g}: a session needs more than 0 minutes")
    if args.cases is not None and args.cases < 1:
        raise CommandError(f"--cases {args.cases}: at least 1 case")
    if args.limit is not None and args.limit <= 0:
        raise CommandError(f"--limit {args.limit:g}: the time limit must be more than 0 s")
    try:
        mark = PassMark(args.pass_accuracy / 100, args.pass_seconds)
        limit = args.limit if args.limit is not None else (2 * mark.seconds if args.exam else None)
        cases = args.cases if args.cases is not None else (standard.cases if args.exam else None)
        # An exam is bounded by its cases and the limit per decision: a fixed 10 minutes made 80 payout cases
        # (some 270 decisions) unfinishable at the pass mark's own pace (qaP L12).
        minutes = args.minutes if args.minutes is not None else (None if args.exam else 10.0)
        drills = parse_drills(args.drill)
        # Only the house rules these drills' answers turn on are stored and judged (qaP F12).
        standard = replace(standard, house=for_drills(standard.house, drills))
        return Settings(drills=drills, level=args.level, exam=args.exam, mark=mark,
                        limit=limit, minutes=minutes, cases=cases, standard=standard,
                        house=standard.house, how=_how(args))
    except (DrillNameError, LevelError, PassMarkError) as exc:
        raise CommandError(str(exc)) from None


def _feeds(args, decks: tuple[int, int] = (8, 1)):
    """The card feeds per game: simulated shoes (``decks``: baccarat's, blackjack's) or one real source."""
    from dealer_assist.sources.base import SourceError
    from dealer_assist.sources.factory import SPECS, open_source
    from dealer_assist.training.feed import ShoeFeed, SourceFeed

    kind, _, rest = args.source.partition(":")
    if kind.strip().lower() == "sim":
        seed = args.seed
        if rest:
            try:
                seed = int(rest)
            except ValueError:
                raise CommandError(f"bad simulated shoe seed {rest!r}: use sim or sim:42") from None
        return {"baccarat": ShoeFeed(decks[0], seed), "blackjack": ShoeFeed(decks[1], seed)}, seed
    try:
        source = open_source(args.source, demand=lambda: True)
    except SourceError as exc:
        raise CommandError(str(exc)) from None
    if source is None:
        raise CommandError(f"--source {args.source}: training needs cards from a shoe or camera; use "
                           f"{' | '.join(spec for spec in SPECS.split(' | ') if spec != 'manual')}")
    feed = SourceFeed(source)
    return {"baccarat": feed, "blackjack": feed}, args.seed


def _progress(args) -> int:
    from dealer_assist.training.progress import TraineeNameError

    standard = _standard(args)
    store = _store(args)
    try:
        names = [store.stored_name(args.trainee)] if args.trainee is not None else store.trainees
    except TraineeNameError as exc:
        raise CommandError(str(exc)) from None
    people = {n: store.trainee(n) for n in names}
    sealed = {n: store.seal_states(n) for n in names}   # before --json adds its fields to the entries
    from dealer_assist.training import day_limit, report

    # The school's day limit judged here too: the exam's own command line may have left out --config (qaAD F2).
    limit = _exams_a_day(args)
    over = {n: day_limit.over_limit(people[n]["sessions"], sealed[n], limit, store.moved_away(n)) if limit else {}
            for n in names}
    # Each trainee's exams per drill and the attempt that first passed at the standard (qaS F4); an edited
    # record is an attempt whatever its exam flag reads (qaAD F3).
    exams = {n: report.exam_records(people[n]["sessions"], [
        s.get("exam") is True and standard.verdict(s)[0] == "PASSED" and state != "edited" and i not in over[n]
        for i, (s, state) in enumerate(zip(people[n]["sessions"], sealed[n]))], sealed[n]) for n in names}
    if args.csv is not None:
        if args.csv == "rules":
            write_csv(report.rules_csv(people))
        elif args.csv == "mistakes":
            write_csv(report.mistakes_csv(people, sealed))
        else:
            write_csv(report.sessions_csv(
                report.csv_cells(name, s, _verdict(s, standard, state, over[name].get(i)), state, attempt)
                for name, person in people.items()
                for i, (s, state, attempt) in enumerate(zip(person["sessions"], sealed[name],
                                                            report.attempt_numbers(person["sessions"],
                                                                                   sealed[name])))))
        return 0
    if args.json:
        for name, person in people.items():
            for i, (s, state) in enumerate(zip(person["sessions"], sealed[name])):
                if s["exam"]:
                    _, short = standard.verdict(s)
                    short = short + ([over[name][i]] if i in over[name] else [])
                    s["standard"] = {"met": not short and state != "edited", "short": short}
                s["record"] = state
            person["exams"] = [r.to_json() for r in exams[name]]
            from dealer_assist.training.names import look_alikes, on_roster

            person["look_alikes"] = look_alikes(name, store.trainees)
            person["on_roster"] = None if _roster(args) is None else on_roster(name, _roster(args)) is not None
        emit_json({"store": str(store.path), "trainees": people, "renames": store.renames()})
        return 0
    print(f"Training progress in {store.path}")
    if not people:
        print("  no sessions stored yet")
    from dealer_assist.training.report import drill_words, weak_lines

    now = time.time()
    roster = _roster(args)
    for name, person in people.items():
        print(f"{name}:")
        for line in _name_notes(name, store.trainees, roster):
            print("  " + line)
        from dealer_assist.training.renames import history, words as change_words

        for change, away in history(name, store.data):   # by whom, when, seals before/after; or taken away
            print("  " + change_words(change, away))
        if not person["sessions"]:
            print("  no sessions stored yet")
        later = day_limit.later_dates(person["sessions"])
        for i, (s, state) in enumerate(zip(person["sessions"], sealed[name])):
            print("  " + _listed(s, standard, state, over[name].get(i), now, later[i]))
            per_drill = drill_words(s)   # a mixed session's tableau apart from its payouts (qaP F2)
            if per_drill:
                print("      by drill: " + per_drill)
        for record in exams[name]:
            print("  " + record.words)
        for line in weak_lines(person["categories"]):
            print("  " + line)
        last = next((s.get("seal") for s in reversed(person["sessions"]) if isinstance(s.get("seal"), str)), None)
        if last:
            print(f"  seal of the last sealed session: {last[:16]} (a school that notes it can tell a later "
                  "rewrite of the sessions before it)")
    return 0


def _rekey(args) -> int:
    """``--rename OLD NEW`` or ``--merge OLD INTO``: one trainee's record given another name, or two made
    one (see :mod:`dealer_assist.training.renames`), under the file's lock; said on stdout, refused with why."""
    from dealer_assist.training.progress import ProgressError, TraineeNameError
    from dealer_assist.training.renames import RenameError

    action, (old, new) = ("rename", args.rename) if args.rename is not None else ("merge", args.merge)
    # a session's options are refused, not ignored without a word (rev26 F16)
    others = [option for option, given in (("--merge", args.rename is not None and args.merge is not None),
                                           ("--progress", args.progress), ("--exam", args.exam),
                                           ("--trainee", args.trainee is not None), ("--text", args.text),
                                           ("--no-save", args.no_save), ("--drill", args.drill != "third-card"),
                                           ("--level", args.level != 1), ("--source", args.source != "sim"),
                                           ("--seed", args.seed is not None), ("--minutes", args.minutes is not None),
                                           ("--cases", args.cases is not None),
                                           ("--pass-accuracy", args.pass_accuracy is not None),
                                           ("--pass-seconds", args.pass_seconds is not None),
                                           ("--limit", args.limit is not None), ("--csv", args.csv is not None),
                                           *_look_given(args))
              if given]
    if others:
        raise CommandError(f"--{action} changes the progress file and exits: give it without {', '.join(others)} "
                           "(--store, --config and --json go with it); nothing was changed")
    store = _store(args)
    reason = _reason(args, store, action, old, new)
    try:
        entry = (store.rename if action == "rename" else store.merge)(old, new, _roster(args), reason)
    except (RenameError, TraineeNameError, ProgressError) as exc:
        said = str(exc) if isinstance(exc, ProgressError) else f"--{action}: {exc}"
        raise CommandError(said if "nothing was changed" in said else f"{said}; nothing was changed") from None
    if args.json:
        emit_json({"store": str(store.path), **entry})
        return 0
    seals = entry["seals"]
    kept = (f"; {entry['edited']} edited record{'s' if entry['edited'] != 1 else ''} kept as they were (still "
            "listed as edited)" if entry["edited"] else "")
    from dealer_assist.training.renames import alike_shown

    shown = alike_shown(entry)   # NFC and NFD spellings by code point
    done = (f"Renamed {shown['from']!r} to {shown['to']!r}" if action == "rename"
            else f"Merged {shown['from']!r} into {shown['to']!r}")
    print(f"{done} in {store.path}: {entry['sessions']} session{'' if entry['sessions'] == 1 else 's'} sealed "
          f"again under {entry['to']!r}{kept}; logged in the file (by {entry['by']} on {entry['host']}, "
          f"{entry['utc']}).")
    held = len(entry.get("counted") or ())
    if held:
        print(f"{held} exam{'s' if held != 1 else ''} (or edited record{'s' if held != 1 else ''}) of the last 24 "
              f"hours moved with the record still count{'s' if held == 1 else ''} against the day limit of "
              f"{shown['from']!r}, for 24 hours after each.")
    if seals.get("after"):
        was = ", ".join(f"{who}'s {seals[key][:16]}" for key, who in (("from", entry["from"]), ("into", entry["to"]))
                        if seals.get(key))
        print(f"Seal of the last sealed session now {seals['after'][:16]}" + (f" (was {was})" if was else "") + ".")
    from dealer_assist.training.names import differences, look_alikes

    for other in look_alikes(entry["to"], store.trainees):
        sys.stderr.write(f"dealer-assist: note: {entry['to']!r} looks like the stored {other!r} "
                         f"({differences(entry['to'], other)}): if they are one person, "
                         f"{_merge_words(entry['to'], other, _roster(args))}\n")
    return 0


def _cut(text: str, most: int = 40) -> str:
    """``text`` escaped, its first ``most`` characters only when longer: a refusal named a 100 000-character
    ``--reason`` whole, a 100 KB error line (rev28 R3)."""
    return repr(text) if len(text) <= most else f"{text[:most]!r}... ({len(text)} characters)"


def _reason(args, store, action: str, old: str, new: str) -> Optional[str]:
    """``--reason`` checked, and asked for when a trainee concerned has begun an exam in the last 24 hours:
    anyone who can write the file can run a rename or merge, and ``--merge Ana Bob`` hands Ana's failed exams
    to a classmate (rev26 F3); the reason is logged with the account and computer, and listed."""
    from dealer_assist.training.progress import TraineeNameError

    reason = args.reason
    if reason is not None:
        # NFC: "é" typed decomposed (as a macOS terminal sends it) is one character, not two
        reason = unicodedata.normalize("NFC", reason).strip()
        bad = next((ch for ch in reason if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Zl", "Zp")), None)
        if not reason or len(reason) > 200 or bad is not None:
            raise CommandError(f"--reason {_cut(args.reason)}: give 1 to 200 characters on one line, no control "
                               "characters; nothing was changed")
        return reason
    try:
        concerned = [old] + ([new] if action == "merge" else [])
        recent = [(store.stored_name(n), store.recent_exams(n)) for n in concerned]
    except TraineeNameError:
        return None   # the change itself refuses the name, with why
    busy = [(n, r) for n, r in recent if r]
    if busy:
        said = "; ".join(f"{n!r} has {len(r)} exam{'s' if len(r) != 1 else ''} (or edited record"
                         f"{'s' if len(r) != 1 else ''}) of the last 24 hours" for n, r in busy)
        raise CommandError(f"--{action}: {said}: the change moves them (they still count against the old name's "
                           f"day limit{', and against the record merged into' if action == 'merge' else ''}); if "
                           "it is meant, give --reason TEXT, which is logged in the file and listed by --progress; "
                           "nothing was changed")
    return None


def _name_notes(name: str, everyone: list[str], roster: Optional[tuple[str, ...]]) -> list[str]:
    """What ``--progress`` says under a trainee's heading about the name itself: another trainee's that looks
    the same (two "Dev:" headings, one with a Cyrillic е), and a name the school's roster does not hold."""
    from dealer_assist.training.names import differences, fold, look_alikes, on_roster

    notes = [f"NAME LOOKS LIKE another trainee's, {other!r} ({differences(name, other)}): two records; if one "
             f"person, their sessions are split between them: join them with {_merge_words(name, other, roster)}"
             for other in look_alikes(name, everyone)]
    notes += [f"NAME STORED TWICE, as {_typed(name)} and {_typed(other)} (one name in two Unicode forms or cases, "
              f"by an older dealer-assist): two records; join them with {_form_merge(name, other)}"
              for other in everyone if other != name and fold(other) == fold(name)]
    if roster is not None and on_roster(name, roster) is None:
        notes.append("NOT ON THE SCHOOL'S ROSTER ([training] trainees): these sessions are no trainee's record")
    return notes


def _typed(name: str) -> str:
    """``$'Chloe\\u0301'``: a name as a shell types it, each character not ASCII by its code point (two records
    whose names differ only in Unicode form print alike, rev28 R6)."""
    return "$'" + "".join(ch if ch.isascii() and ch.isprintable() and ch not in "'\\" else f"\\u{ord(ch):04x}"
                          if ord(ch) < 0x10000 else f"\\U{ord(ch):08x}" for ch in name) + "'"


def _form_merge(name: str, other: str) -> str:
    """The ``train --merge`` that joins two records of one name in two Unicode forms: into the NFC one, as
    this version stores a name; the pair in one order under both headings when neither is (rev29 R7)."""
    kept = [n for n in (name, other) if unicodedata.normalize("NFC", n) == n]
    into = kept[0] if len(kept) == 1 else None
    if into is None:
        first, second = sorted((name, other))
        return f"train --merge {_typed(first)} {_typed(second)} (or the other way)"
    return f"train --merge {_typed(other if into == name else name)} {_typed(into)}"


def _merge_words(name: str, other: str, roster: Optional[tuple[str, ...]]) -> str:
    """The ``train --merge`` that joins two look-alike records, into the genuine spelling (the roster's, else
    the one in one script when the other mixes two), the same under both headings (rev26 F6)."""
    from dealer_assist.training.names import genuine

    kept = genuine(name, other, roster)
    if kept is None:
        return (f"train --merge {name!r} {other!r} or train --merge {other!r} {name!r} (the record merged into "
                "keeps its name)")
    into, why = kept
    return f"train --merge {(other if into == name else name)!r} {into!r} (into {into!r}: {why})"


def _listed(s: dict, standard, state: str = "sealed", over: Optional[str] = None,
            now: Optional[float] = None, later: Optional[str] = None) -> str:
    """One stored session as a line of ``--progress``, with its pass mark: a practice pass and a pass below
    the standard are named as such, with what falls short (see :mod:`dealer_assist.training.standard`); its
    date is flagged when the trainee's clock read another zone's time or one not come yet (qaAD F1)."""
    from dealer_assist.training.day_limit import date_flag
    from dealer_assist.training.scoring import answered_any

    o = s["overall"]
    pm = s.get("pass_mark") or {}
    judged = (f"  pass mark {pm['accuracy'] * 100:g}% within {pm['seconds']:g} s" if
              isinstance(pm.get("accuracy"), (int, float)) and isinstance(pm.get("seconds"), (int, float)) else "")
    flag = date_flag(s, time.time() if now is None else now, later)
    speed = f"{o['mean_seconds']:.1f} s/decision" if answered_any(o) else "no decision answered"
    return (f"{s['date']}{flag}  {s['drill']:<18} level {s['level']} {'exam ' if s['exam'] else ''}"
            f"{o['cases']:>4} case{'' if o['cases'] == 1 else 's'}  {o['accuracy']:.1%} of cases right  "
            f"{speed}{judged}  {_verdict(s, standard, state, over)}")


def _verdict(s: dict, standard, state: str = "sealed", over: Optional[str] = None) -> str:
    """A stored session's verdict in words, with what falls short, how it ended, its cards and house rules.

    ``state``: its seal (:mod:`dealer_assist.training.seal`): an edited record's verdict does not count,
    and an exam stored before records were sealed says so.  ``over``: why the exam was begun over the
    school's day limit (:func:`dealer_assist.training.day_limit.over_limit`): its pass does not count."""
    from dealer_assist.training.scoring import answered_any

    o = s["overall"]
    mark, short = standard.verdict(s)
    if over is not None:
        mark = f"OVER THE DAY'S LIMIT: not counted ({over}; it reads: {mark})" if s.get("passed") else \
            f"{mark} ({over})"
    if state == "edited":
        why = ("it does not match its seal" if isinstance(s.get("seal"), str) else
               "its seal is missing")
        mark = f"EDITED RECORD: not counted ({why}: changed after it was stored; it reads: {mark})"

    if not s.get("complete", True):
        missed = o.get("unanswered", 0)
        mark += f" (not finished: {missed} not answered)" if missed else " (not finished)"
    if short:
        mark += f" ({'; '.join(short)})"
    if s.get("stored_at_start"):
        mark += " (no result stored: the trainer was killed, crashed or lost power during the exam)"
    where = s.get("source") if isinstance(s.get("source"), dict) else {}
    if where.get("spec") and (where["spec"] != "sim" or where.get("hello")):
        devices = ", ".join(f"device {h['device']} firmware {h['firmware']}" for h in where.get("hello", []))
        if not devices and s.get("exam") and where["spec"].startswith("serial:"):
            # The standard knows the shoe simulator only by its HELLO: a plain-dialect line has none, so the
            # school is told the shoe was not identified rather than the pass taken for a real shoe's (rev12).
            devices = ("shoe not identified (no HELLO heard: a plain-dialect shoe, or shoe-sim --dialect plain, "
                       "never says one)")
        mark += f" [cards from {where['spec']}{f': {devices}' if devices else ''}]"
    from dealer_assist.training.house import drill_names, for_drills, short as said

    used = for_drills(s.get("house") or (), drill_names(s["drill"]))   # an older entry kept every rule
    if used:
        mark += f" [house rules: {said(used)}]"
    if s.get("exam") and s.get("how") == "text-json":
        mark += " [answered through --text --json: the mode for a program driving the trainer]"
    median = o.get("median_seconds")
    if (s.get("exam") and isinstance(median, (int, float)) and median < HUMAN_SECONDS and o.get("decisions")
            and answered_any(o)):
        mark += f" [a median {median:.2f} s a decision: faster than a person reads a case]"
    if state == "not sealed":   # a practice session too: a failed exam made "practice" read as one (rev26 F4)
        mark += " [record not sealed: stored by an older dealer-assist, or its seal was removed]"
    return mark


def run_train(args: argparse.Namespace) -> int:
    if args.csv is not None and (not args.progress or args.json):
        raise CommandError(f"--csv {args.csv} prints stored progress: use it with --progress and without --json")
    if args.rename is not None or args.merge is not None:
        return _rekey(args)
    if args.reason is not None:
        raise CommandError("--reason says why a --rename or --merge is made: give it with one of them; nothing "
                           "was asked")
    if args.json and not (args.text or args.progress):
        # The window prints nothing on stdout: a program given --json alone had got an empty stdout, exit 0 (qaAN F8).
        raise CommandError("--json prints the --text mode's events (or --progress's, --rename's, --merge's record), "
                           "and the trainer window prints none: give --text --json to drive the trainer from a "
                           "program, or leave --json out for the window; nothing was asked")
    if args.progress or args.text:
        look = [option for option, given in _look_given(args) if given]
        if look:
            mode = "--progress" if args.progress else "--text"
            raise CommandError(f"{' and '.join(look)}: the trainer window's look, and {mode} opens no window; give "
                               f"{'them' if len(look) > 1 else 'it'} without {mode}; nothing was asked")
    if args.progress:
        return _progress(args)
    from dealer_assist.training.ending import Ended, ending_signals
    from dealer_assist.training.progress import ProgressError, TraineeNameError, check_name
    from dealer_assist.training.session import TrainingSession

    try:
        trainee = check_name(args.trainee if args.trainee is not None else "trainee")
    except TraineeNameError as exc:
        raise CommandError(str(exc)) from None
    settings = _settings(args)
    if args.trainee is None and args.exam and not args.no_save:
        # An exam stored as "trainee" certifies nobody, and mixes every nameless student's (qaP F5).
        raise CommandError("an exam is stored under the trainee's name: give --trainee NAME (or --no-save for a "
                           "rehearsal that stores nothing); nothing was asked yet")
    store = None if args.no_save else _store(args)
    if store is not None:
        store.how = _how(args)
        try:
            store.check_writable()  # before the first case, not after the session
        except ProgressError as exc:
            raise CommandError(str(exc)) from None
        trainee = _check_trainee(args, store, store.stored_name(trainee))  # case-blind: "ANA" is the stored "ana"
        if settings.exam:  # before the source opens; begin_exam checks again under the file's lock
            from dealer_assist.training import seal
            from dealer_assist.training.progress import ExamLimitReached, check_exam_limit

            try:
                check_exam_limit(trainee, store.sessions(trainee), settings.label, _exams_a_day(args),
                                 moved=store.moved_away(trainee), since=seal.since(store.data))
            except ExamLimitReached as exc:
                raise CommandError(str(exc)) from None
        if args.trainee is None:
            sys.stderr.write(f"dealer-assist: note: no --trainee given: this session is stored under {trainee!r} "
                             f"in {store.path}, with every other session run without a name; give --trainee NAME "
                             "to keep a trainee's progress (and level 3's weak spots) apart\n")
    if not args.text:  # every refusal before begin_exam: a refused start left a failed exam nobody saw
        from dealer_assist.commands.screen import require_screen

        set_look(args.text_scale, args.dim, _config(args))   # the table's [display], as `run` takes it (qaAH F19)
        require_screen()  # after: a bad --text-scale refused first, as by run and replay (rev30 R5)
    drills, decks = _house(args)
    feeds, seed = _feeds(args, decks)
    records = _records(args, settings, store, trainee)
    session = TrainingSession(settings, feeds, seed=seed, records=records, drills=drills, source=args.source)
    if store is not None:
        _warn_below_standard(args, settings, seed)
        if settings.exam:  # stored as not finished now: SIGKILL or a crash cannot erase it
            try:
                store.begin_exam(trainee, session.summary(), settings.label, started=session.wall_started,
                                 most_a_day=_exams_a_day(args))
            except ProgressError as exc:
                raise CommandError(str(exc)) from None
    opened = store
    with ending_signals() as ending:  # SIGTERM, SIGHUP (the terminal closed): scored and stored like Ctrl+C
        try:
            summary, store, interrupted = _run(args, session, store, trainee, ending)
        except Ended as exc:  # before the first case was asked: nothing was tried, nothing to store
            _forget_unanswered(opened, trainee)
            sys.stderr.write(f"dealer-assist: ended by {exc.name} before the first case: nothing to store\n")
            return 128 + exc.signum
        except CommandError:  # refused once begun: an exam with no answer leaves no entry
            if not session.attempts:
                _forget_unanswered(opened, trainee)
            raise
        finally:
            session.close()
        if summary is not None and store is not None and summary.attempts:
            try:
                store.record(trainee, summary, settings.label, started=session.wall_started)
            except ProgressError as exc:
                _keep_unsaved(store, args.json)
                raise CommandError(str(exc)) from None
        if args.text and not args.json and summary is not None and ending.exit_code is None:
            _say_stored(store, trainee, summary)   # not after SIGHUP: the terminal is gone
        if summary is None or not summary.attempts:
            _forget_unanswered(opened, trainee)
    if ending.exit_code is not None:
        return ending.exit_code  # stored, but whoever sent the signal sees that it ended the session
    return 130 if interrupted else 0  # Ctrl+C: stored, but a script still sees the interruption


def _say_stored(store, trainee: str, summary) -> None:
    """Under a ``--text`` summary, whose it is and where it went, then the trainee's weak spots over every
    stored session, as the window's summary says them: a trainer at a terminal could not see that an exam was
    filed under the right name and file (qaAD F6)."""
    from dealer_assist.training.report import weak_lines

    if store is None:
        lines = [f"Not stored (--no-save): {trainee}'s session."]
    elif not summary.attempts:
        lines = [f"Nothing to store for {trainee}: no case was answered."]
    else:
        under = store.stored_as or trainee   # a rename or merge while it ran took the record (rev26 F8)
        weak = weak_lines(store.trainee(under).get("categories"))
        moved = f" (the record was renamed or merged meanwhile: stored under {under})" if under != trainee else ""
        lines = ([f"Stored for {under if moved else trainee} in {store.path}{moved}."]
                 + (["Over all your stored sessions, " + "\n".join(weak)] if weak else []))
    try:
        print("\n".join(lines), flush=True)
    except OSError:   # the terminal failed (closed): the session is stored all the same
        pass


def _keep_unsaved(store, json_mode: bool = False) -> None:
    """The session a failed save did not store, on stderr as the progress file would have held it, under the
    summary already shown: a full disk had lost the trainee's whole session (qaAK F8).  With ``--json`` it
    also comes on stdout as an ``unsaved`` event, where a program driving the trainer reads (it had to pick
    it out of stderr's words)."""
    unsaved = getattr(store, "unsaved", None)
    if not unsaved:
        return
    if json_mode:
        try:
            emit_json({"event": "unsaved", "trainee": unsaved["trainee"], "store": str(store.path),
                       "entry": unsaved["entry"]})
        except OSError:   # stdout failed: stderr still gets it
            pass
    try:
        sys.stderr.write(f"dealer-assist: {unsaved['trainee']}'s session, as {store.path} would have held it "
                         "(it is stored nowhere else: keep this line, e.g. in a file on another disk): "
                         f"{json.dumps(unsaved['entry'], ensure_ascii=False)}\n")
    except OSError:   # the terminal failed too: the summary was all that could be given
        pass


def _records(args, settings, store, trainee: str) -> dict:
    """The trainee's stored per-rule counts of each drill, which level 3 picks its cases by.

    ``--no-save`` stops the session being written, not the record being read: it had also
    stopped the read, so ``--level 3 --no-save`` silently drilled the priors (level 2's mix)
    instead of the trainee's weak spots (qaJ).  Only level 3 reads the file with ``--no-save``
    (a practice at level 1 or 2 needs nothing from it), and a file it cannot read is refused
    with why, before the first case: level 3 cannot keep its promise without it.
    """
    if settings.level != 3:
        return {}
    reader = store
    if reader is None:
        from dealer_assist.training.progress import ProgressError, ProgressStore

        if args.store is not None:
            refuse_journal_part(args.store, "--store", "training.json")
        try:
            reader = ProgressStore(args.store)  # reads only: nothing is written without a record() call
        except ProgressError as exc:
            raise CommandError(f"level 3 needs the trainee's stored record: {exc}; or train at --level 2 "
                               "(the rows most often missed)") from None
        trainee = reader.stored_name(trainee)
    records = {d: reader.record_for(trainee, d) for d in settings.drills}
    if not any(records.values()):
        sys.stderr.write(f"dealer-assist: note: level 3: no stored record of {trainee!r} for "
                         f"{settings.label} in {reader.path} yet: the cases favour the rows most often missed "
                         "until results are stored\n")
    return records


def _forget_unanswered(store, trainee: str) -> None:
    """An exam ended before any answer leaves no entry, as a practice session does (nothing was tried)."""
    from dealer_assist.training.progress import ProgressError

    if store is not None:
        try:
            store.forget_exam(trainee)
        except ProgressError as exc:
            sys.stderr.write(f"dealer-assist: warning: {exc}\n")


def _warn_below_standard(args, settings, seed) -> None:
    """Say before the first case that this stored exam's pass will not count, and how to take one that does.

    The advice names the option that was given: ``--source sim:77`` was told to "leave out --seed"
    though no --seed was given (qaJ).  A shoe simulator on a serial port is known only from its
    HELLO, after the first cards: the summary and ``--progress`` say it.
    """
    from dealer_assist.training.standard import SIMULATOR_COMMAND

    if not settings.exam:
        return
    standard = settings.standard
    short = standard.shortfalls(settings.cases or 0, settings.mark.accuracy, settings.mark.seconds, seed,
                                settings.house, how=_how(args))
    if short:
        kind, _, rest = args.source.partition(":")
        if seed is None:
            unseeded = ""
        elif kind.strip().lower() == "sim" and rest:
            unseeded = f"use --source sim, not --source {args.source}, "
        else:
            unseeded = f"leave out --seed {args.seed}, "
        sys.stderr.write(f"dealer-assist: this exam is below the standard ({standard.words}): {'; '.join(short)}. "
                         f"A pass will be listed as \"passed below the standard\"; for an exam that counts, {unseeded}"
                         "keep the default --cases, --pass-accuracy and --pass-seconds and deal from the simulated "
                         f"shoe (--source sim) or a real shoe, not from {SIMULATOR_COMMAND}"
                         f"{', in the window (without --text)' if standard.window_only else ''}\n")


def _run(args, session, store, trainee, ending):
    """Run the session in the terminal or the window: its summary, the store left to the command, interrupted."""
    if args.text:
        from dealer_assist.training.terminal import TextTrainer

        trainer = TextTrainer(session, json_mode=args.json)
        ending.action = trainer.end_by_signal
        summary = trainer.run()
        return summary, store, trainer.interrupted
    from dealer_assist.ui.training.app import run_trainer

    # Its [display] fullscreen, as `run` takes it (qaAN F9: a classroom PC had no way to it).
    config = _config(args) if getattr(args, "config", None) is not None else None
    summary, store_error = run_trainer(session, store=store, trainee=trainee, ending=ending,
                                       fullscreen=bool(config is not None and config.fullscreen))
    if store_error is not None:
        if summary is not None and summary.attempts:
            _keep_unsaved(store, getattr(args, "json", False))
            raise CommandError(store_error)   # as --text: the result is lost, and a script must see it
        sys.stderr.write(f"dealer-assist: warning: {store_error}\n")
    return summary, None, False  # the window stores the session itself (and shows the chart with it)
