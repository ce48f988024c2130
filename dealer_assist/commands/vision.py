"""``calibrate``, ``recognize`` and ``watch``: the camera path from the command line."""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import signal
import sys
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Optional

from dealer_assist.commands.out_file import refuse_journal_part
from dealer_assist.commands.output import CommandError, emit_json
from dealer_assist.commands.screen import has_screen
from dealer_assist.vision.profile_fit import ProfileFit, fresh_reader

if TYPE_CHECKING:
    from dealer_assist.vision.guided import GuidedSetUp


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "calibrate", help="build a deck profile from one set-up shot per card",
        description="Build a deck profile (templates + profile.json) from one image per card, named by its code "
                    "(AS.png, 10H.png ...), each card face up and upright as the camera sees it. "
                    "With --camera N, a guided live mode asks for each card in turn and saves the shots into --images.")
    p.add_argument("--images", required=True, metavar="DIR", help="folder of set-up shots (with --camera: where to save them)")
    p.add_argument("--out", required=True, metavar="PROFILE", help="profile folder to write, e.g. calibration/mydeck")
    p.add_argument("--name", help="deck name stored in the profile (default: the images folder's name)")
    p.add_argument("--camera", metavar="N", help="guided live mode from camera N (or any video source): a window "
                   "shows what the camera sees, outlines the card it would take and asks for each card in turn "
                   "(shots already named by card, AS.png ...: give their folder as --images, without --camera)")
    p.add_argument("--no-preview", dest="preview", action="store_false",
                   help="with --camera: ask on the terminal instead of in a window (Enter takes, s skips, q stops); "
                        "the default where there is no screen")
    p.add_argument("--allow-missing", action="store_true",
                   help="build the profile even if some rank or suit has no usable shot: for a deck without them "
                        "(a 32-card skat deck). A card of a rank or suit the profile has never seen is read as "
                        "another, so never use it for a full deck whose shots are missing")
    p.add_argument("--json", action="store_true", help="print JSON only")
    p.set_defaults(func=cmd_calibrate)

    p = subparsers.add_parser(
        "recognize", help="read the cards in images",
        description="Find and read every card in each image; unsure reads go to 'uncertain', never to 'cards'.")
    p.add_argument("images", nargs="+", metavar="IMAGE", help="image files (PNG, JPEG, BMP, TIFF, WebP)")
    p.add_argument("--profile", required=True, metavar="PROFILE",
                   help="the deck's profile folder (made by calibrate), or a shipped profile's name: anglo (the "
                        "demo deck) or plastic. Required: another deck's profile reads wrong cards")
    p.add_argument("--json", action="store_true", help="one JSON line per image given (an image that cannot be read: {\"image\", \"error\"})")
    p.set_defaults(func=cmd_recognize)

    p = subparsers.add_parser(
        "watch", help="report each card that comes into view, once",
        description="Read a camera, video file, image sequence (pattern with %d or *, or a folder of images) or "
                    "stream URL and print each physical card once, when it is first read for sure.")
    p.add_argument("--video", required=True, metavar="SRC",
                   help="camera index, video file, image pattern, folder of images or stream URL")
    p.add_argument("--profile", required=True, metavar="PROFILE",
                   help="the deck's profile folder (made by calibrate), or a shipped profile's name: anglo (the "
                        "demo deck) or plastic. Required: another deck's profile reads wrong cards")
    p.add_argument("--confirm", type=_at_least_one, default=2, metavar="N", help="frames read in a row that must agree (default 2; a live camera's frames dropped while one is read are not counted)")
    p.add_argument("--fps", type=_frame_rate, metavar="F", help="frame rate for the times printed: an image sequence's (default 30), or one to use "
                        "instead of a video file's own")
    p.add_argument("--unreadable", action="store_true",
                   help='also print a line {"card": null, "unreadable": true, "candidates": [...]} for a card that '
                        "stays in view without ever being read for sure (lying still 8 frames, seen unsure or seen whole "
                        "with no index in 3 of them, or unsure in 20 frames; a card read for sure while one lies "
                        "unsure has it named first), once it is gone or the source ends (a "
                        "card read for sure meanwhile gets its card line only: one line per card)")
    p.add_argument("--every-frame", action="store_true",
                   help="read every frame, even one showing what the last frame read did (by default such a frame "
                        "is passed over once every card in view is reported, saving the recognizer's time)")
    p.add_argument("--zones", metavar="FILE",
                   help="the layout's zones file (the hands' boxes in the camera's picture, see calibration/README.md): "
                        "each card's line gives the box it comes to rest in (\"zone\"), printed once it rests")
    p.add_argument("--json", action="store_true", help="one JSON line per new card")
    p.set_defaults(func=cmd_watch)


def _at_least_one(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of frames, 1 or more")
    return value


def _frame_rate(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value <= 1000:  # also refuses nan and inf
        raise argparse.ArgumentTypeError(f"{text!r} is not a frame rate: frames per second above 0, e.g. 30")
    return value


def _load_profile(path):
    from dealer_assist.vision.profile import Profile, ProfileError

    try:
        return Profile.load(path)
    except ProfileError as exc:
        raise CommandError(str(exc)) from exc


def cmd_calibrate(args: argparse.Namespace) -> int:
    import cv2

    from dealer_assist.vision.calibrate import (CalibrationError, calibrate, missing_cards, read_anyway, read_back,
                                                shots_in)
    from dealer_assist.vision.shot_slant import shots_slant_warning

    cv2.setNumThreads(max(1, cv2.getNumberOfCPUs() // 2))
    _check_out(Path(args.out), Path(args.images))
    if args.camera is not None:
        refuse_journal_part(args.images, "--images", "shots/mydeck")  # the guided shots are saved there
        _refuse_named_shots(args)
        try:
            window = args.preview and has_screen(try_qt=True)
            if (args.preview and not window and not os.environ.get("QT_QPA_PLATFORM")
                    and (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))):
                sys.stderr.write("dealer-assist: note: the display at DISPLAY/WAYLAND_DISPLAY does not answer or "
                                 "refuses this user: asking on the terminal instead of in a window\n")
            steps = (_guided_window if window else _guided_shots)(args.camera, Path(args.images))
        except CommandError as exc:
            if args.json:
                emit_json({"profile": None, "refused": "camera", "error": str(exc)})
            raise
        if not steps.taken and not (Path(args.images).is_dir() and shots_in(args.images)[0]):
            raise CommandError(f"the guided set-up took no shot, and {args.images!r} holds none from before: "
                               "run it again and take a shot of each card face up in view (Enter or Space; s skips "
                               "a card, q stops), or give --images a folder of shots without --camera")
        if not steps.done and not args.allow_missing:
            from dealer_assist.vision.guided import SET_UP_ORDER

            # Stopped part-way: a profile of the shots so far would be refused for the cards not yet shown.
            raise CommandError(f"the set-up stopped at {steps.current} with {steps.shots()} of {len(SET_UP_ORDER)} cards "
                               f"shot, kept in {args.images!r}: the same command goes on from {steps.resumes_at}. No "
                               "profile was written (--allow-missing builds one from the shots there are, for a deck "
                               "without some cards)", 1)
    try:
        profile = calibrate(args.images, args.name, allow_missing=args.allow_missing)
    except KeyboardInterrupt:
        before = _profile_there(Path(args.out))
        sys.stderr.write("dealer-assist: interrupted (Ctrl+C): no profile written"
                         + (f"; the old profile {args.out!r} (deck {before!r}) is unchanged" if before is not None else "")
                         + "\n")
        return 130
    except CalibrationError as exc:
        guided = args.camera is not None
        message = _guided_refusal(exc, args.images) if guided else str(exc)
        if args.json:
            # No profile: what was refused and why, for a program driving the set-up.  A guided set-up's
            # shots are named by the cards asked for: "if the names are right" does not apply.
            details = {k: v for k, v in exc.details.items() if not (guided and k == "if_names_right")}
            emit_json({"profile": None, "refused": exc.reason, "error": message.split(":\n")[0], **details})
        raise CommandError(message) from exc
    replaced = _profile_there(Path(args.out))
    try:
        out = profile.save(args.out)
    except OSError as exc:
        raise CommandError(f"cannot write the profile to {args.out!r} ({exc.strerror or exc}): "
                           "give --out a folder you can write, e.g. calibration/mydeck") from exc
    if replaced is not None:
        sys.stderr.write(f"dealer-assist: note: {args.out!r} held the profile of deck {replaced!r}: replaced\n")
    failed = {name: why for name, why in profile.shots.items() if why != "ok"}
    summary = {
        "profile": str(out), "deck": profile.name, "shots": len(profile.shots), "failed": failed,
        "missing": missing_cards(profile), "aspect": round(profile.aspect, 4), "card_h_px": round(profile.card_h_px, 1),
        "thresholds": {"min_score": profile.thresholds.min_score, "min_margin": profile.thresholds.min_margin},
        "index_corners": profile.index_corners, "glyphs_on_pips": profile.glyphs_on_pips,
        "self_test": profile.self_test,
        # A shot under another card's name, or cards too small to read well (see calibrate.read_back).
        "warnings": _set_up_warnings(profile) + shots_slant_warning(profile, args.images) + read_back(profile, args.images),
        # Shots not used that the profile reads as their card all the same: nothing to retake.
        "read_anyway": read_anyway(profile, args.images),
    }
    if args.json:
        emit_json(summary)
    else:
        print(f"profile written to {out}: deck {profile.name!r}, {len(profile.shots) - len(failed)} of {len(profile.shots)} shots used, "
              f"self-test read {profile.self_test.get('read', 0):.0%} of {profile.self_test.get('trials', 0)} degraded copies")
        if profile.glyphs_on_pips:
            print("  index glyphs touch the pips in some shots: fanned cards' indexes are also looked for "
                  "with glyphs taken off the pips")
        anyway = set(summary["read_anyway"])
        for name, why in failed.items():
            print(f"  {name}: {why}" + ("; the profile reads it all the same: nothing to retake" if name in anyway else ""))
        if summary["missing"]:
            read = {Path(name).stem.upper().replace("10", "T") for name in anyway}
            retake = [code for code in summary["missing"] if code not in read]
            print(f"  no usable shot for: {' '.join(summary['missing'])}"
                  + (f"; retake {' '.join(retake)} (one card, upright, index top-left, in focus)" if retake else
                     "; the profile reads each all the same"))
        for warning in summary["warnings"]:
            print(f"  warning: {warning}")
    return 0


def _refuse_named_shots(args: argparse.Namespace) -> None:
    """Refuse a guided set-up from a folder (or pattern) of shots already named by card: they are set-up
    shots, read as they are by ``calibrate --images``; guided, each would be taken as the card asked for."""
    from dealer_assist.vision.guided import named_shots

    named = named_shots(str(args.camera))
    if not named:
        return
    folder = str(Path(named[0]).parent)
    message = (f"--camera {str(args.camera)!r}: its images are named by card ({len(named)}: "
               f"{', '.join(Path(p).name for p in named[:3])} ...), so they are set-up shots already; the guided "
               "set-up would take them in the order of their names as the cards it asks for (A to K of spades, then "
               "hearts, diamonds, clubs), each under another card's name. Calibrate them as they are: "
               f"dealer-assist calibrate --images {shlex.quote(folder)} --out {shlex.quote(str(args.out))}")
    if args.json:
        emit_json({"profile": None, "refused": "named_shots", "error": message, "shots": len(named)})
    raise CommandError(message)


def _guided_refusal(exc, images: str) -> str:
    """A refused calibration's message after a guided set-up.  Its shots were named by the cards asked for,
    so a shot that reads as another card was shown out of turn: its name is right for the card asked and
    the fault is the order, not the deck (QA: "this deck cannot be read ... use another deck")."""
    if exc.reason != "misnamed_shots":
        return (f"{exc}\nThe shots taken are kept in {images!r}: delete the ones to take again and run the same "
                "command; it asks for the cards with no shot in the folder")
    message = str(exc)
    otherwise = exc.details.get("if_names_right")
    if otherwise:
        message = message.replace("\n" + otherwise, "")
    message = message.replace("set-up shots read back as other cards, so their names look wrong",
                              "set-up shots read back as other cards than the one asked for when each was taken")
    # Each shot is named by the card asked for: renaming it is no remedy.
    message = re.sub(r": is it named by the wrong card\? name it by the card it shows \(AS\.png, 10H\.png \.\.\.\) "
                     r"and calibrate again", "", message)
    message = re.sub(r": are the names of (\S+) and (\S+) swapped\? rename them and calibrate again",
                     r": the two cards were shown each in the other's turn", message)
    return (f"{message}\nThe guided set-up names each shot by the card it asks for: those cards were shown out of "
            f"turn. Delete those shots from {images!r} and run the same command: it asks for those cards again; "
            "show each card as it is asked for")


def _profile_there(folder: Path) -> Optional[str]:
    """The deck name of the profile in ``folder`` (a calibration about to replace it says so), or None."""
    try:
        data = json.loads((folder / "profile.json").read_text())
    except (OSError, ValueError):
        return None
    return str(data.get("name", "?")) if isinstance(data, dict) else None


def _check_out(out: Path, images: Path) -> None:
    """Refuse a profile folder that cannot be written, or is the shots' own folder, before the shots are
    read (about 10 s of work, or a whole guided session, was lost first), or one named as a journal's."""
    refuse_journal_part(out, "--out", "calibration/mydeck")
    if out.resolve() == images.resolve():
        raise CommandError(f"--out {str(out)!r} is the shots' folder: the profile's template images would mix "
                           "with the shots; give another folder, e.g. calibration/mydeck")
    if out.exists() and not out.is_dir():
        raise CommandError(f"cannot write the profile to {str(out)!r}: it is a file; give --out a folder, "
                           "e.g. calibration/mydeck")
    existing = next(p for p in (out, *out.absolute().parents) if p.exists())
    if not existing.is_dir() or not _writable(existing):
        why = "is a file" if not existing.is_dir() else "cannot be written"
        raise CommandError(f"cannot write the profile to {str(out)!r}: {str(existing)!r} {why}; "
                           "give --out a folder you can write, e.g. calibration/mydeck")


def _writable(folder: Path) -> bool:
    """Whether a file can be made in ``folder``, by making one: permission bits say yes to root on a
    read-only file system or /sys, and the refusal then came after the whole calibration."""
    import tempfile

    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".dealer-assist-check-"):
            return True
    except OSError:
        return False


def _set_up_warnings(profile) -> list[str]:
    """What in the set-up shots will cost reads later, with what to do about it."""
    from dealer_assist.cards import RANKS, SUITS, printed_rank
    from dealer_assist.vision.light import NO_HEADROOM, leaves_no_headroom

    warnings = []
    unseen = [printed_rank(r) for r in RANKS if r not in profile.rank_templates] \
        + [su for su in SUITS if su not in profile.suit_templates]
    if unseen:
        warnings.append(
            f"the profile has never seen {' '.join(unseen)}: a card of those would be read as another rank or "
            f"suit. Use it only for a deck without them; for a full deck, take those shots and calibrate again")
    if not profile.shot_size and len(profile.shots) > 1:
        warnings.append(
            "the set-up shots are not all of one size: a profile keeps its shots' size to read a camera set to "
            "another resolution, and this one cannot. Take every shot at the camera's resolution, then calibrate again")
    if leaves_no_headroom(profile.paper_colour):
        level = round(max(profile.paper_colour))
        warnings.append(
            f"the card stock shows at {level} of 255 in the set-up shots: a brighter light or a camera's "
            f"automatic exposure will clip it to white, and thin strokes of the print then fade unseen. "
            f"Set the camera's exposure by hand so that white stock shows below {NO_HEADROOM} "
            f"(about 230), then take the set-up shots again")
    return warnings


def _guided_window(camera, folder: Path) -> GuidedSetUp:
    """:func:`_guided_shots` in the preview window (see :mod:`dealer_assist.ui.guided_setup`); on the
    terminal, with a note, where the window cannot open."""
    from dealer_assist.vision.capture import CaptureError

    try:
        from dealer_assist.ui.guided_setup import run_guided_setup
    except (ImportError, RuntimeError) as exc:  # no PySide6, or a build known to crash (qt_compat)
        sys.stderr.write(f"dealer-assist: note: no preview window ({exc}); asking on the terminal instead\n")
        return _guided_shots(camera, folder)
    try:
        return run_guided_setup(camera, folder)
    except CaptureError as exc:
        raise CommandError(str(exc)) from exc


def _guided_shots(camera, folder: Path) -> GuidedSetUp:
    """Ask for each card in turn on the terminal and save the camera's view of it into ``folder``; where
    the steps stood when they ended (a stop with q, or at the end of input, may come before any shot)."""
    from dealer_assist.vision.capture import CaptureError, FrameGrabber
    from dealer_assist.vision.guided import GuidedSetUp

    steps = GuidedSetUp(folder)
    try:
        grabber = FrameGrabber(camera).start()
    except CaptureError as exc:
        raise CommandError(str(exc)) from exc

    live = grabber.drop  # a camera or stream; a video or images give each frame once, in order

    def say_kept() -> None:
        kept = steps.passed_over()
        if kept:
            sys.stderr.write(f"{len(kept)} shot(s) already in {str(folder)!r} kept (delete one to take it again)\n")

    def next_frame():
        """The source's next frame; a file's frames that are shots kept from before are passed over."""
        while True:
            frame = grabber.read(timeout=3.0)
            kept = None if live or frame is None else steps.kept_as(frame.image)
            if kept is None:
                return frame
            name = Path(grabber.target[frame.number]).name if grabber.kind == "files" else f"frame {frame.number}"
            sys.stderr.write(f"  {name}: the shot kept as {steps.shot_path(kept).name}, passed over\n")

    if grabber.kind == "video":
        try:
            return _guided_video(steps, grabber, camera, say_kept)
        finally:
            grabber.stop()
    try:
        while not steps.done:
            say_kept()
            sys.stderr.write(f"show {steps.current} face up, upright, alone; Enter to take it, s to skip, q to stop: ")
            sys.stderr.flush()
            answer = sys.stdin.readline()
            if not answer or answer.strip().lower() == "q":
                if not answer:
                    sys.stderr.write("\n")  # the input ended: the prompt's line is left open
                return steps
            if answer.strip().lower() == "s":
                steps.skip()
                if not live:
                    next_frame()  # the skipped card's frame: the next one is the next card's
                continue
            frame = next_frame()
            if frame is None and not live and grabber.finished:
                # qaAZ F4: a bare "stopped delivering frames" (exit 2) said neither that the folder had ended,
                # nor at which card to go on, nor that the shots were kept: the caller says both, as after q.
                sys.stderr.write(f"  {camera!r} has no further image: {steps.current} and the cards after it have no "
                                 "shot\n")
                return steps
            if frame is None:
                raise CommandError(f"camera {camera} stopped delivering frames: the {steps.shots()} shot(s) taken "
                                   f"are kept in {str(folder)!r}; check the camera, then the same command goes on "
                                   f"from {steps.resumes_at}")
            why = steps.take(frame.image)
            if why is not None:
                sys.stderr.write(f"  not taken: {why}; try again\n")
        say_kept()
    finally:
        grabber.stop()
    return steps


def _guided_video(steps, grabber, camera, say_kept):
    """:func:`_guided_shots` on a recorded video: Enter takes the next card at rest in it (see
    :class:`.guided.RecordingSeek`), the frames before it passed over by themselves."""
    from dealer_assist.vision.guided import RecordingSeek

    seek = RecordingSeek(steps)
    stopped_at = None  # the frame number of a view at rest that could not be taken, for the card asked now

    def next_stop():
        while True:
            frame = grabber.read(timeout=3.0)
            if frame is None and grabber.finished:
                return None
            if frame is None:  # a slow decode (a busy machine, a network share), not the end: as the window's
                continue
            verdict = seek.offer(frame.image)
            if verdict is not None:
                return frame.image, verdict

    def say_end() -> None:
        cut = f" ({grabber.cut_short})" if grabber.cut_short else ""
        sys.stderr.write(f"  the video {camera!r} has ended after {seek.frames} frame(s), with no further card at rest "
                         f"in it{cut}: {steps.current} and the cards after it have no shot\n")

    while not steps.done:
        say_kept()
        sys.stderr.write(f"next: {steps.current}; Enter takes the next card at rest in the video, s skips "
                         f"{steps.current}, q stops: ")
        sys.stderr.flush()
        answer = sys.stdin.readline()
        if not answer or answer.strip().lower() == "q":
            if not answer:
                sys.stderr.write("\n")
            return steps
        skip = answer.strip().lower() == "s"
        if skip and stopped_at is not None:
            steps.skip()  # its view was shown: the frames still showing it are passed over
            stopped_at = None
            continue
        found = next_stop()
        if found is None:
            say_end()
            return steps
        image, why = found
        code = steps.current
        if skip:
            steps.skip()  # the card at rest found is the skipped card's
            sys.stderr.write(f"  {code} skipped: frame {seek.frames - 1} passed over\n")
            continue
        why = why or steps.take(image)
        if why:
            stopped_at = seek.frames - 1
            sys.stderr.write(f"  frame {stopped_at}: not taken as {code}: {why}. s skips {code} (the next run asks "
                             f"for it again); Enter looks further on in the video for it\n")
        else:
            stopped_at = None
            sys.stderr.write(f"  {code} taken from frame {seek.frames - 1}\n")
    say_kept()
    return steps


def cmd_recognize(args: argparse.Namespace) -> int:
    from dealer_assist.vision.dark_frames import least_paper, light_share, too_dark_text
    from dealer_assist.vision.image_file import read_checked
    from dealer_assist.vision.light import colour_cast, colour_cast_text
    from dealer_assist.vision.recognize import FrameError, Recognizer, UncertainHit

    profile = _load_profile(args.profile)
    recognizer = Recognizer(profile)
    fit = ProfileFit(args.profile, _say_doubt, reread=fresh_reader(profile))
    status = 0
    for path in args.images:
        image, damage = read_checked(path) if Path(path).is_file() else (None, "")
        if image is None:
            why = ("no such file" if not Path(path).exists() else
                   "a folder: give its images, e.g. DIR/*.jpg" if Path(path).is_dir() else
                   "empty file (0 bytes): copy the image again from the camera" if _empty(path) else
                   "not an image OpenCV can read (PNG, JPEG, BMP, TIFF, WebP), or cut short")
            sys.stderr.write(f"dealer-assist: error: cannot read image {path!r}: {why}\n")
            if args.json:
                emit_json({"image": path, "error": f"cannot read image: {why}"})  # one line per image given
            status = 1
            continue
        if min(image.shape[:2]) < SMALLEST_CARD_IMAGE:
            sys.stderr.write(f"dealer-assist: warning: {path!r} is {image.shape[1]} x {image.shape[0]} pixels, too small "
                             "to show a card: nothing in it can be read\n")
        share = light_share(image, least_paper(profile))
        if share < 1.0:
            sys.stderr.write(f"dealer-assist: warning: {path!r}: {too_dark_text(share)}\n")
        cast = colour_cast(image, profile.paper_colour or ())
        if cast is not None:
            sys.stderr.write(f"dealer-assist: warning: {path!r}: {colour_cast_text(cast)}\n")
        if damage:
            # Read all the same: the cards above the damage are real, and the status says the image was not whole.
            sys.stderr.write(f"dealer-assist: warning: {path!r} is {damage}: it was read only as far as it decodes, "
                             "past that its picture is blank or garbled and no card there can be read (the cards "
                             "reported are from the part before); copy the image again from the camera\n")
            status = 1
        try:
            result = recognizer.recognize(image)
        except FrameError as exc:
            sys.stderr.write(f"dealer-assist: error: {path!r}: {exc}\n")
            if args.json:
                emit_json({"image": path, "error": str(exc)})
            status = 1
            continue
        fit.add(result, image)
        doubtful = [] if not fit.mirrored else [UncertainHit((c.card,), c.corners, c.confidence) for c in result.cards]
        if doubtful:
            status = 1
            result.cards, result.uncertain = [], doubtful + list(result.uncertain)
        line = {"image": path, "cards": [c.to_json() for c in result.cards],
                "uncertain": [dict(u.to_json(), mirrored=True) if u in doubtful else u.to_json()
                              for u in result.uncertain], "ms": round(result.ms, 2)}
        if args.json:
            emit_json(line)
        else:
            cards = " ".join(c.card.code for c in result.cards) or "-"
            unsure = " ".join("/".join(c.code for c in u.candidates) or "?" for u in result.uncertain)
            print(f"{path}: {cards}" + (f"  uncertain: {unsure}" if unsure else "") + f"  ({result.ms:.1f} ms)")
    return status


def _empty(path: str) -> bool:
    try:
        return Path(path).stat().st_size == 0
    except OSError:
        return False


#: An image less than this many pixels high or wide cannot show a card big enough to read (cards are
#: read from about 120 px tall): ``recognize`` says so rather than report an empty frame without a word.
SMALLEST_CARD_IMAGE = 100


def _say_doubt(warning: str) -> None:
    sys.stderr.write(f"dealer-assist: warning: {warning}\n")


def _say_stalls(grabber, src: str, done: threading.Event, after: float = 3.0) -> None:
    """A live camera or stream that stops sending frames without closing is named on stderr after
    ``after`` seconds, as the display's CARD READER SILENT: OpenCV may wait half a minute in silence."""
    frames, since, silent = grabber.frames, time.monotonic(), False
    while not done.wait(min(1.0, after / 3)) and not grabber.finished:
        if grabber.frames != frames:
            if silent:
                sys.stderr.write(f"dealer-assist: note: {src!r} sends frames again\n")
            frames, since, silent = grabber.frames, time.monotonic(), False
        elif not silent and time.monotonic() - since >= after:
            silent = True
            sys.stderr.write(f"dealer-assist: warning: no frame from {src!r} for {after:.0f} s: the camera or stream "
                             "stalled (cable, network, driver); still waiting (Ctrl+C stops)\n")


def _resting_zones(path: Optional[str]):
    """What holds each card's line until it rests in a box of the zones file ``path`` (None: no zones)."""
    from dealer_assist.sources.resting_zone import RestingZones
    from dealer_assist.vision.layout_zones import LayoutZones, ZonesError

    if path is None:
        return None
    try:
        return RestingZones(LayoutZones.load(path))
    except ZonesError as exc:
        raise CommandError(str(exc)) from None


def cmd_watch(args: argparse.Namespace) -> int:
    from dealer_assist.vision.capture import CaptureError
    from dealer_assist.vision.dark_frames import DarkWatch, least_paper
    from dealer_assist.vision.light import colour_cast, colour_cast_text
    from dealer_assist.vision.track import MovedCard, NewCard, SourceEnded
    from dealer_assist.sources.resting_zone import CARD_DIAGONAL, diagonal_near, outline_diagonal
    from dealer_assist.vision.watch import open_source, watch

    profile = _load_profile(args.profile)
    resting = _resting_zones(args.zones)
    try:
        grabber = open_source(args.video, fps=args.fps)
    except CaptureError as exc:
        raise CommandError(str(exc)) from exc
    if grabber.after_gap:
        sys.stderr.write(f"dealer-assist: warning: the numbered images of {args.video!r} stop at a missing number "
                         f"before {grabber.after_gap!r}: it and the images after it are not read; number them without "
                         "a gap, or "
                         "give a glob ('frames/*.jpg') or the folder\n")
    fit = ProfileFit(args.profile, _say_doubt)
    dark = DarkWatch(least_paper(profile))
    dark_said: list[str] = []
    cast_said: list[str] = []

    last_read: list = []  # the last frame's FrameResult: what lay in view when Ctrl+C stopped the watch

    reported = 0
    ctrl_c = _CtrlCBetweenLines()

    def show(line: dict) -> None:
        nonlocal reported
        ctrl_c.printing = True
        try:
            if args.json:
                emit_json(line)
            else:
                what = line["card"] or (f"doubtful {line['candidates'][0]} ({line['why']})" if line.get("doubtful")
                                        else "unreadable " + "/".join(line["candidates"]))
                zone = f"  [{line['zone'] or 'no zone'}]" if "zone" in line else ""
                moved = f"  moved from {line['moved_from']}" if "moved_from" in line else ""
                print(f"frame {line['frame']:>6}  t={line['t']:8.3f}  {what}{zone}{moved}", flush=True)
            reported += line["card"] is not None and "moved_from" not in line  # a card moved is one reported before
        finally:
            ctrl_c.printing = False
        if ctrl_c.pressed:
            ctrl_c.pressed = False
            raise KeyboardInterrupt

    def look(image, result, t: float) -> None:
        last_read[:] = [result]
        if resting is not None:
            for line in resting.frame((image.shape[1], image.shape[0]), [(c.card.code, c.center) for c in result.cards], t):
                show(line)
        text = dark.add(image, t)
        if text:
            dark_said.append(text)
            sys.stderr.write(f"dealer-assist: warning: {args.video!r}: {text}\n")
        if not cast_said and (result.cards or result.shapes):  # paper in view: its colour is the camera's (said once)
            cast = colour_cast(image, profile.paper_colour or ())
            if cast is not None:
                cast_said.append(cast)
                sys.stderr.write(f"dealer-assist: warning: {args.video!r}: {colour_cast_text(cast)}\n")

    done = threading.Event()
    if grabber.kind in ("camera", "stream"):
        threading.Thread(target=_say_stalls, args=(grabber, args.video, done), name="watch stalls", daemon=True).start()
    unread: list = []  # UnreadCards: each a card never read for sure, reported once it is gone or at the end
    doubtful: list = []  # NewCards not taken as sure (see _doubt)
    ended: Optional[SourceEnded] = None
    codes: set[str] = set()  # the codes reported
    interrupted = False
    previous = ctrl_c.install()
    try:
        # Unread cards are held till gone with or without --unreadable: one asked for at once and read for
        # sure later had been counted never read, and the two runs' counts differed (QA).
        for event, t in watch(profile, grabber, confirm=args.confirm, every_frame=args.every_frame, fit=fit,
                              unread_when_gone=True, seen=look, moves=resting is not None):
            if isinstance(event, SourceEnded):
                ended = event
                continue
            if isinstance(event, MovedCard):  # its line, once it rests in another box than the one it left
                line = {"card": event.card.code, "frame": event.frame, "t": round(t, 3),
                        "confidence": round(event.confidence, 3)}
                cards = [(c.card.code, c.corners) for c in last_read[0].cards] if last_read else []
                for ready in resting.moved(event.card.code, event.center, event.origin,
                                           diagonal_near(cards, event.card.code, event.center),
                                           lambda zone, was, line=line: {**line, "zone": zone, "moved_from": was}):
                    show(ready)
                continue
            why = _doubt(event, fit) if isinstance(event, NewCard) else ""
            if why:
                doubtful.append(event)
                line = {"card": None, "doubtful": True, "candidates": [event.card.code], "why": why,
                        "frame": event.frame, "t": round(t, 3), "confidence": round(event.confidence, 3)}
            elif isinstance(event, NewCard):
                codes.add(event.card.code)
                line = {"card": event.card.code, "frame": event.frame, "t": round(t, 3), "confidence": round(event.confidence, 3)}
            elif not args.unreadable:
                unread.append(event)
                continue
            else:
                unread.append(event)
                # Its box as a read card's: just outside it counts (rev19 R4).
                reach = (outline_diagonal(event.corners) or profile.card_h_px * CARD_DIAGONAL) / 2
                line = {"card": None, "unreadable": True, "candidates": [c.code for c in event.candidates],
                        "frame": event.frame, "t": round(t, 3),
                        **({"zone": resting.zones.at(event.center, resting.size, reach=reach)} if resting is not None else {})}
            if resting is None:
                show(line)
            elif line["card"] is not None:
                cards = [(c.card.code, c.corners) for c in last_read[0].cards] if last_read else []
                for ready in resting.card(line["card"], event.center, diagonal_near(cards, line["card"], event.center),
                                          lambda zone, line=line: {**line, "zone": zone}):
                    show(ready)
            else:
                for ready in resting.other(line):
                    show(ready)
    except KeyboardInterrupt:
        # Ctrl+C: the card lines printed are whole (each flushed); the closing count is said as at an end (QA: none).
        interrupted = True
    finally:
        ctrl_c.uninstall(previous)
        done.set()
        grabber.stop()
    for ready in resting.flush() if resting is not None else ():  # the cards read last, in the boxes last seen
        show(ready)
    sys.stderr.write(("dealer-assist: interrupted (Ctrl+C) after " if interrupted else "dealer-assist: ")
                     + f"{grabber.frames} frame(s) watched, {reported} card(s) reported"
                     + (f", {len(doubtful)} doubtful" if doubtful else "")
                     + (f", {len(unread)} never read" if unread else "") + "\n")
    if doubtful:
        sys.stderr.write(f"dealer-assist: warning: {len(doubtful)} read(s) were printed as doubtful, not as cards ("
                         + "; ".join(f"{e.card.code} at frame {e.frame}"
                                     + (" (put back or moved?)" if e.put_back else "")
                                     for e in doubtful)
                         + ("): the camera image looked mirrored, and a mirrored picture reads one card at two "
                            "places or as another card. Turn the camera's mirroring (flip) off and watch again"
                            if fit.mirrored else "): each was read at two places a card apart at once, as one card "
                            "is by a mirrored camera or another deck's profile. Check them by eye"
                            if not any(e.put_back for e in doubtful) else "). Check them by eye") + "\n")
    if interrupted:
        _say_in_view(last_read[0] if last_read else None, codes)
        return 130
    if grabber.skipped:
        sys.stderr.write(f"dealer-assist: warning: {len(grabber.skipped)} image(s) could not be read and were passed over "
                         f"(not an image, or cut short): {', '.join(grabber.skipped)}\n")
    if grabber.damaged:
        sys.stderr.write(f"dealer-assist: warning: {len(grabber.damaged)} image(s) are damaged, read only as far as "
                         "they decode (no card past the damage was read; the cards reported are from the part "
                         "before): " + "; ".join(f"{path} is {why}" for path, why in grabber.damaged.items())
                         + "; copy them again from the camera\n")
    if ended is not None:
        _say_ended(args.video, ended, args.confirm)
    if unread:
        sys.stderr.write(f"dealer-assist: warning: {len(unread)} card(s) stayed in view and were never read for sure, "
                         "so not every card was read: " + "; ".join(_unread_card(card) for card in unread)
                         + ". Check those cards by eye; if most cards go unread, give this deck's own profile "
                         "('dealer-assist calibrate')\n")
    if grabber.error:
        raise CommandError(grabber.error, 1)
    if grabber.cut_short:
        sys.stderr.write(f"dealer-assist: warning: {grabber.cut_short}\n")
    confirm = args.confirm
    if 0 < grabber.frames < confirm:
        sys.stderr.write(f"dealer-assist: warning: {args.video!r} gave {grabber.frames} frame(s), and a card is "
                         f"reported once {confirm} frames agree: read single images with 'dealer-assist recognize', "
                         "or pass --confirm 1\n")
        return 1
    return 1 if (grabber.skipped or grabber.damaged or grabber.after_gap or grabber.cut_short or dark_said or ended is not None
                 or unread or doubtful or fit.mirrored) else 0


def _say_ended(video: str, ended, confirm: int) -> None:
    """The cards in view when ``video`` ended that were never reported (a :class:`.track.SourceEnded`): those
    read for sure in too few frames, which a longer recording would have reported, apart from those never
    read for sure at all, for which the frames were not too few (QA: the confirm rule was given for both)."""
    read = [card for card in ended.cards if card.card is not None]
    never = [card for card in ended.cards if card.card is None]
    said = f"dealer-assist: warning: {video!r} ended (frame {ended.frame}) with {len(ended.cards)} card(s) in view not reported, so not every card was read: "
    parts = []
    if read:
        parts.append("; ".join(str(card) for card in read)
                     + f" (a card is reported once {confirm} frames in a row read it). Record until every card lies "
                     "still and is read, or check those cards by eye")
    if never:
        one = len(never) == 1
        parts.append("; ".join(_never_sure(card) for card in never)
                     + ": " + ("its index was" if one else "their indexes were") + " not read for sure in any frame "
                     "(blurred, glared or covered at both corners, or another deck's card?), not too few frames: "
                     "check " + ("it" if one else "them") + " by eye")
    sys.stderr.write(said + ". ".join(parts) + "\n")


def _never_sure(card) -> str:
    """An :class:`.track.Unsettled` card never read for sure: what it may be and where it lay."""
    maybe = " or ".join(c.code for c in card.candidates)
    return f"a card{f' (maybe {maybe})' if maybe else ''} at ({card.center[0]:.0f}, {card.center[1]:.0f})"


def _doubt(event, fit: ProfileFit) -> str:
    """Why a card ``watch`` read is printed as doubtful rather than as a card: the camera looks mirrored (no
    read of it is sure: one A♠ was printed at frames 229 and 231, QA), or the card was read at two places a
    card apart at once (one card at two outlines; the display holds such reads too), or where a card of its
    code was taken away a moment ago (most likely that card put back, verC NEW-2).  Empty when sure."""
    if fit.mirrored:
        return "camera mirrored"
    if event.put_back:
        return "put back"
    return "read twice at once" if event.twin else ""


class _CtrlCBetweenLines:
    """``watch``'s Ctrl+C, taken between the lines it prints, never between a card line and its count: the closing
    "N card(s) reported" then says as many as were printed (rev25 F4: blocking SIGINT in the main thread alone did
    not do it, another thread took the signal and Python interrupted the main thread inside the line all the same)."""

    def __init__(self) -> None:
        self.printing = False
        self.pressed = False

    def __call__(self, signum: int, frame: object) -> None:
        if self.printing:
            self.pressed = True
        else:
            raise KeyboardInterrupt

    def install(self) -> object:
        if threading.current_thread() is not threading.main_thread():
            return None  # only the main thread may set a handler (a test calling the command from a thread)
        return signal.signal(signal.SIGINT, self)

    def uninstall(self, previous: object) -> None:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)


def _say_in_view(result, reported: set[str]) -> None:
    """After Ctrl+C, the cards the last frame showed that were not reported (read in too few frames yet, or
    not for sure), for the user to check by eye: a normal end names them too."""
    if result is None:
        return
    left = [f"{hit.card.code} (read, not yet in enough frames)" for hit in result.cards if hit.card.code not in reported]
    left += ["a card (maybe " + " or ".join(c.code for c in u.candidates) + ")" if u.candidates else "a card not read"
             for u in result.uncertain]
    if left:
        sys.stderr.write(f"dealer-assist: warning: {len(left)} card(s) in view when stopped were not reported: "
                         + "; ".join(left) + ". Check them by eye\n")


def _unread_card(card) -> str:
    """An UnreadCard for ``watch``'s stderr: what it may be and where it lay."""
    maybe = " or ".join(c.code for c in card.candidates)
    return (f"a card{f' (maybe {maybe})' if maybe else ''} at ({card.center[0]:.0f}, {card.center[1]:.0f}), "
            f"reported at frame {card.frame}")
