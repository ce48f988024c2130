"""Another deck's profile is named: too many of the corners it reads are unsure.

The profile defaulted to the demo deck's and nothing checked that it fitted the deck on the table:
with plastic's profile the anglo blackjack video gave 2S and TS twice, with anglo's the plastic video
read nothing at all, and neither `watch` nor the display said a word."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dealer_assist.events import ProfileDoubt
from dealer_assist.table.session import TableSession
from dealer_assist.vision.profile_fit import UNSURE_COUNT, ProfileFit
from dealer_assist.vision.recognize import FrameResult

CARDS = Path(__file__).resolve().parents[2] / "shared" / "cards"
needs_cards = pytest.mark.skipif(not (CARDS / "test").is_dir(), reason="needs ../shared/cards")


def test_the_share_of_unsure_reads_decides_and_is_said_once():
    said: list[str] = []
    fit = ProfileFit("anglo", said.append)
    for _ in range(UNSURE_COUNT - 1):
        fit.add(FrameResult([], [object()], 1.0))
    assert not fit.doubted() and said == []  # too few to judge
    fit.add(FrameResult([], [object()], 1.0))
    assert fit.doubted() and len(said) == 1 and "'anglo'" in said[0] and "100%" in said[0]
    fit.add(FrameResult([], [object()], 1.0))
    assert len(said) == 1
    fitting = ProfileFit("plastic")
    fitting.add(FrameResult([object()] * 970, [object()] * 30, 1.0))  # 3%: the worst a deck's own profile left
    assert not fitting.doubted() and fitting.warning() is None


def _cli(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "dealer_assist.cli", *args], capture_output=True, text=True,
                          timeout=300)


@needs_cards
def test_recognize_and_watch_name_a_profile_that_is_another_decks():
    frames = sorted(str(p) for p in (CARDS / "test" / "plastic").glob("*.jpg"))[:40]
    assert "is 'anglo' this deck's profile?" in _cli("recognize", "--profile", "anglo", *frames).stderr
    assert "profile?" not in _cli("recognize", "--profile", "plastic", *frames).stderr
    video = str(CARDS / "test_shoe" / "plastic" / "baccarat.mp4")
    assert "is 'anglo' this deck's profile?" in _cli("watch", "--profile", "anglo", "--video", video).stderr


def test_the_display_raises_a_warning_the_croupier_sees():
    session = TableSession(odds=False)
    session.handle(ProfileDoubt("camera:0", time.time(), "10 of the 12 card corners read were not sure"))
    (alert,) = session.snapshot.alerts
    assert (alert.level, alert.title) == ("warning", "CAMERA PROFILE?") and "10 of the 12" in alert.text
    assert "profile=" in alert.action
    session.handle(ProfileDoubt("camera:1", time.time(), "the frames have no colour", grey=True))
    grey = next(a for a in session.snapshot.alerts if a.code == "profile:camera:1")
    assert grey.title == "CAMERA IN GREYSCALE?" and "set the camera to colour" in grey.action
    session.close()


@needs_cards
def test_grey_frames_are_named_as_the_likelier_fault(tmp_path):
    """A camera set to greyscale, with the deck's own profile: the warning had asked whether the profile
    was another deck's; it names the frames' missing colour."""
    import cv2

    grey = []
    for path in sorted((CARDS / "test" / "anglo").glob("*.jpg"))[:40]:
        img = cv2.cvtColor(cv2.cvtColor(cv2.imread(str(path)), cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR)
        cv2.imwrite(str(tmp_path / path.name), img)
        grey.append(str(tmp_path / path.name))
    err = _cli("recognize", "--profile", "anglo", *grey).stderr
    assert "the frames have no colour: is the camera set to greyscale?" in err and "this deck's profile" not in err
    plastic = sorted(str(p) for p in (CARDS / "test" / "plastic").glob("*.jpg"))[:40]
    assert "no colour" not in _cli("recognize", "--profile", "anglo", *plastic).stderr


def test_cards_of_another_shape_doubt_the_profile_from_five_cards_seen_whole():
    """plastic's profile on one anglo frame read a 6H as 5H with no warning: too few unsure corners to judge.
    Cards seen whole show the deck's shape at once (anglo's are 9% narrower for their height)."""
    said: list[str] = []
    fit = ProfileFit("plastic", said.append)
    fit.add(FrameResult([object()] * 4, [], 1.0, shapes=[0.91, 0.90, 0.92, 0.91]))
    assert not fit.doubted()  # four cards: too few
    fit.add(FrameResult([object()], [], 1.0, shapes=[0.93]))
    assert fit.doubted() and len(said) == 1
    assert "cards seen whole are 9% narrower" in said[0] and "is 'plastic' this deck's profile?" in said[0]
    own = ProfileFit("anglo")
    for _ in range(100):  # a camera tilted after the set-up: the farthest a deck's own profile was seen
        own.add(FrameResult([object()] * 3, [], 1.0, shapes=[0.977, 0.96, 1.0]))
    assert not own.doubted() and len(own.shapes) == 200  # the latest only are kept


@needs_cards
def test_anglos_profile_on_plastics_frames_is_doubted_by_their_shape_ten_times_sooner():
    """anglo's profile on plastic's frames left few corners unsure: doubted only at the 39th frame."""
    import cv2

    from dealer_assist.vision.profile import Profile
    from dealer_assist.vision.recognize import Recognizer

    frames = sorted((CARDS / "test" / "plastic").glob("*.jpg"))[:5]
    wrong, own = ProfileFit("anglo"), ProfileFit("plastic")
    for path in frames:
        frame = cv2.imread(str(path))
        wrong.add(Recognizer(Profile.load("anglo")).recognize(frame))
        own.add(Recognizer(Profile.load("plastic")).recognize(frame))
    assert wrong.shape_off() is not None and wrong.shape_off() > 1.05 and not wrong._unsure_doubted()
    assert len(own.shapes) >= 5 and own.shape_off() is None and not own.doubted()


@needs_cards
def test_once_the_profile_is_doubted_every_card_the_camera_reads_waits_for_the_croupier():
    """plastic's profile on anglo's blackjack video: the doubt came before the first card, and the cards
    were still played unseen (2S and TS among them, read twice before this check).  Each now waits for
    Enter, saying why; the table plays none of them by itself."""
    from dealer_assist.events import CardRead, LinkState
    from dealer_assist.sources.camera import CameraSource
    from dealer_assist.table.state import TablePhase

    events: list = []
    source = CameraSource(str(CARDS / "test_shoe" / "anglo" / "blackjack.mp4"), profile="plastic")
    source.start(events.append)
    deadline = time.time() + 120
    while time.time() < deadline and not any(isinstance(e, LinkState) and e.state == "ended" for e in events):
        time.sleep(0.2)
    source.stop()
    kinds = [type(e).__name__ for e in events]
    assert "ProfileDoubt" in kinds and "CardRead" in kinds[kinds.index("ProfileDoubt"):]
    reads = [e for e in events[kinds.index("ProfileDoubt"):] if isinstance(e, CardRead)]
    assert all("CAMERA PROFILE?" in e.doubt for e in reads)
    session = TableSession(odds=False)
    for event in events:
        session.handle(event)
    assert session.snapshot.pending is not None and "CAMERA PROFILE?" in session.snapshot.reason
    assert session.state.phase == TablePhase.BURN and not session.state.shoe.burned  # nothing played unseen
    session.close()


def test_which_doubt_a_camera_read_carries():
    """QA: with the profile doubted, a card read where the camera had asked for an unreadable one carried the
    profile's doubt ("Enter plays it"), and the croupier who had typed it dealt it twice; and one smudged card
    lingering unsure in view doubted the deck's own profile, so that every later read waited for Enter."""
    from dealer_assist.events import FRAMES_MIRRORED, PROFILE_SHAPE_OFF, READ_TWICE_AT_ONCE, READ_WHERE_UNREAD
    from dealer_assist.sources.camera import _doubt_of

    smudged = ProfileFit("anglo")
    for _ in range(UNSURE_COUNT):
        smudged.add(FrameResult([], [object()], 1.0))
    assert smudged.doubted() and _doubt_of(smudged, False) == ""  # the alert only
    narrower = ProfileFit("plastic")
    narrower.add(FrameResult([object()] * 5, [], 1.0, shapes=[0.91] * 5))
    assert _doubt_of(narrower, False) == PROFILE_SHAPE_OFF and _doubt_of(narrower, True) == READ_WHERE_UNREAD
    narrower.mirrored = True
    assert _doubt_of(narrower, False) == FRAMES_MIRRORED
    assert _doubt_of(ProfileFit("anglo"), False, twin=True) == READ_TWICE_AT_ONCE


def test_a_doubted_cameras_read_still_waits_behind_the_card_it_could_not_read():
    """QA: with the profile doubted, a read after an unreadable card no longer waited under that wait: Enter
    put 9H in the missing card's place (B1), and the card typed next went to P2."""
    from dealer_assist.cards import parse_card
    from dealer_assist.events import PROFILE_SHAPE_OFF, CardRead, Unreadable
    from dealer_assist.shoe import ShoeRules
    from dealer_assist.table.holds import AFTER_TYPED_UNREAD
    from dealer_assist.table.state import TableRules

    session = TableSession(TableRules(shoe=ShoeRules(burn=False)), odds=False)
    session.deal()
    assert session.enter_card("2D") is None
    session.handle(Unreadable("camera:0", time.time()))
    session.handle(CardRead(parse_card("9H"), "camera:0", time.time(), 0.95, doubt=PROFILE_SHAPE_OFF))
    # The 2D typed a moment before the ask may have been the card asked for: asked, as a wait all the same
    # (UNREADABLE CARD TYPED?, qaU F5); the unread card typed now comes before the 9H.
    assert session.snapshot.pending.doubt == AFTER_TYPED_UNREAD
    assert session.enter_card("TD") is None and session.confirm_pending() is None
    assert [c.code for c in session.state.round.cards] == ["2D", "TD", "9H"]
    session.close()


def _unsure_fit(shapes) -> ProfileFit:
    from types import SimpleNamespace

    fit = ProfileFit("anglo")
    fit.add(SimpleNamespace(cards=[object()] * 2, uncertain=[object()] * 12, shapes=shapes))
    return fit


def test_unsure_reads_of_cards_of_the_decks_shape_name_the_camera_first():
    """Motion blur, overexposure and a colour swap leave cards of the deck's own shape unsure: the warning
    had sent the user to recalibrate a right profile (QA).  Camera causes come first; the profile after."""
    said = _unsure_fit([1.0] * 8).warning()
    assert "the camera's picture (light, focus, colour) has most likely changed" in said
    assert said.index("focus") < said.index("is 'anglo' this deck's profile?") < said.index("calibrate this deck")
    plain = _unsure_fit([]).warning()  # no card seen whole: either may be the cause
    assert "is 'anglo' this deck's profile, or has the camera's picture (light, focus, colour) changed?" in plain
    assert plain.index("motion blur") < plain.index("calibrate this deck")
    other = _unsure_fit([1.1] * 8).warning()  # another shape: the profile
    assert "of another shape: is 'anglo' this deck's profile?" in other and "focus" not in other


@needs_cards
def test_motion_blurred_frames_with_the_decks_own_profile_name_the_camera(tmp_path):
    import cv2
    import numpy as np

    kernel = np.zeros((15, 15), np.float32)
    kernel[7, :] = 1 / 15  # 15 px of sideways motion blur
    for path in sorted((CARDS / "test" / "anglo").glob("*.jpg"))[:40]:
        cv2.imwrite(str(tmp_path / path.name), cv2.filter2D(cv2.imread(str(path)), -1, kernel))
    err = _cli("recognize", "--profile", "anglo", *sorted(str(p) for p in tmp_path.glob("*.jpg"))).stderr
    assert "the camera's picture (light, focus, colour)" in err and "motion blur" in err


def _fan(codes: list[str], x0: float, y0: float):
    """A near-upright fan of three plastic cards with their dark printed edge cut off (a cream deck has
    none): the three overlapped cards' outline is one four-sided blob, 1.38 times a card's height."""
    import json
    import math

    import cv2
    import numpy as np

    shots = CARDS / "calib" / "plastic"
    corners = json.loads((shots / "calib.json").read_text())["cards"]
    canvas = np.zeros((720, 1280, 3), np.uint8)
    canvas[:] = (45, 95, 30)
    for k, code in enumerate(codes):
        shot = cv2.imread(str(shots / f"{code}.png"))
        src = np.float32(corners[code]["corners"])
        src = src.mean(0) + (src - src.mean(0)) * 0.97
        a = math.radians(6 * k)
        w, h = 260 * 0.717, 260
        dst = np.array([[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]]) @ np.array(
            [[math.cos(a), math.sin(a)], [-math.sin(a), math.cos(a)]]) + [x0 + 70 * k, y0 + 8 * k]
        card = np.zeros(shot.shape[:2], np.uint8)
        cv2.fillConvexPoly(card, np.int32(src), 255)
        card = cv2.morphologyEx(cv2.erode(cv2.dilate(card, None), None), cv2.MORPH_OPEN,
                                cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (25, 25)))
        m = cv2.getPerspectiveTransform(src, np.float32(dst))
        on = cv2.warpPerspective(card, m, (1280, 720)) > 0
        canvas[on] = cv2.warpPerspective(shot, m, (1280, 720))[on]
    return canvas


@needs_cards
def test_a_fans_outline_seen_as_one_card_does_not_doubt_the_decks_own_profile():
    """QA: photos of near-upright 3-card fans with the deck's own profile warned that the cards were 10% wider
    than the profile's: the fan's outline, 345 px against a 256 px card, voted on the deck's shape."""
    from dealer_assist.vision.profile import Profile
    from dealer_assist.vision.recognize import WHOLE_SIZES, Recognizer

    profile = Profile.load("plastic")
    reader, fit = Recognizer(profile), ProfileFit("plastic")
    fans = [(["9H", "JS", "2D"], 300, 250), (["6C", "4S", "5S"], 340, 275), (["2H", "3S", "6S"], 460, 350),
            (["8S", "3H", "5C"], 300, 275), (["KD", "9S", "7H"], 460, 375), (["7D", "5H", "KD"], 380, 300)]
    for hand, x0, y0 in fans:
        frame = _fan(hand, x0, y0)
        # The frame is what QA's were: the fan's outline taken as one card far bigger than a card.
        seen = reader._cards_seen_whole(reader.masks(reader._lit(frame)[0]).split)
        assert [q for q in seen if q.long > WHOLE_SIZES[1] * profile.card_h_px], hand
        result = reader.recognize(frame)
        assert sorted(h.card.code for h in result.cards) == sorted(hand) and not result.uncertain
        fit.add(result, frame)
    assert fit.shape_off() is None and not fit.doubted() and fit.warning() is None


@needs_cards
def test_cards_still_sliding_in_are_not_weighed_and_a_blurred_picture_still_is(tmp_path):
    """QA: a normal deal, each card unsure for frames while it slid in smeared by its motion, warned that
    "the camera's picture has most likely changed".  Only the reads of cards at rest are weighed: the same
    cards lying still in a picture gone soft (the camera's focus) still raise it."""
    import cv2

    from sliding_deal import sliding_deal

    deal = sliding_deal(tmp_path / "deal", ("KD", "10H", "KH", "10D"))
    out = _cli("watch", "--profile", "anglo", "--video", str(deal), "--json")
    assert [json.loads(line)["card"] for line in out.stdout.splitlines()] == ["KD", "TH", "KH", "TD"]
    assert "not sure" not in out.stderr and "profile?" not in out.stderr, out.stderr
    last = cv2.imread(str(sorted(deal.iterdir())[-1]))
    for i in range(20):  # the camera's picture gone soft over the cards at rest (out of focus)
        cv2.imwrite(str(deal / f"{9000 + i}.png"), cv2.GaussianBlur(last, (0, 0), 3.0))
    soft = _cli("watch", "--profile", "anglo", "--video", str(deal), "--json").stderr
    assert "the camera's picture (light, focus, colour) has most likely changed" in soft, soft
