"""The guided set-up's preview window (``calibrate --camera``), on a real offscreen Qt and a real
frame grabber reading real set-up shots."""

from __future__ import annotations

import shutil
from pathlib import Path

import cv2
import numpy as np
import pytest
from PySide6.QtCore import Qt

from dealer_assist.vision.capture import FrameGrabber
from dealer_assist.vision.guided import SET_UP_ORDER, GuidedSetUp
from frame_truth import anglo_shot, bare_felt

CARDS = Path(__file__).resolve().parents[2] / "shared" / "cards"
pytestmark = pytest.mark.skipif(not (CARDS / "calib").is_dir(), reason="shared card images not found")


def _feed(folder: Path, images: list[np.ndarray]) -> Path:
    folder.mkdir()
    for i, img in enumerate(images):
        cv2.imwrite(str(folder / f"{i:02d}.png"), img)
    return folder


def _window(qtbot, show_window, steps, feed):
    from dealer_assist.ui.guided_setup import GuidedSetUpWindow

    grabber = FrameGrabber(str(feed)).start()
    window = show_window(GuidedSetUpWindow(steps, grabber, "the test feed"), size=(1024, 720))
    return window, grabber


def _green_share(window) -> float:
    """The share of the preview's pixels in the outline's green."""
    img = window.preview.pixmap().toImage().convertToFormat(window.preview.pixmap().toImage().Format.Format_RGB888)
    arr = np.frombuffer(img.constBits(), np.uint8).reshape(img.height(), img.bytesPerLine())[:, :img.width() * 3]
    rgb = arr.reshape(img.height(), img.width(), 3).astype(int)
    green = (rgb[..., 1] > 170) & (rgb[..., 0] < 140) & (rgb[..., 2] < 140)
    return float(green.mean())


def test_the_window_outlines_the_card_and_takes_each_shot_under_the_card_asked_for(qtbot, show_window, tmp_path):
    feed = _feed(tmp_path / "feed", [anglo_shot("AS"), bare_felt(), anglo_shot("2S"), anglo_shot("3S")])
    steps = GuidedSetUp(tmp_path / "shots")
    window, grabber = _window(qtbot, show_window, steps, feed)
    try:
        qtbot.waitUntil(lambda: window.frame is not None, timeout=5000)
        assert "A♠" in window.prompt.text() and "a card in view" in window.seen.text()
        outlined = _green_share(window)
        assert outlined > 0.002  # the card's outline is drawn

        qtbot.keyClick(window, Qt.Key.Key_Space)
        assert (tmp_path / "shots" / "AS.png").is_file() and "A♠ taken" in window.status.text()
        assert "2♠" in window.prompt.text()
        # A file source waits on its frame until it is taken: the next one is the felt, and no card is outlined.
        qtbot.waitUntil(lambda: "no shot possible" in window.seen.text(), timeout=5000)
        assert "card not found" in window.seen.text() and _green_share(window) < outlined / 10
        qtbot.keyClick(window, Qt.Key.Key_Space)
        assert "2♠ not taken: card not found" in window.status.text()
        assert sorted(p.name for p in (tmp_path / "shots").iterdir()) == ["AS.png"]
        assert "2♠" in window.prompt.text()  # asked for again

        qtbot.waitUntil(lambda: "a card in view" in window.seen.text(), timeout=5000)
        qtbot.keyClick(window, Qt.Key.Key_Return)
        assert (tmp_path / "shots" / "2S.png").is_file()
        # The shot saved is the frame shown, as the camera sent it.
        assert np.array_equal(cv2.imread(str(tmp_path / "shots" / "2S.png")), anglo_shot("2S"))
        assert "2 of 52 cards have a shot" in window.progress.text()

        qtbot.keyClick(window, Qt.Key.Key_U)  # the last shot taken again
        assert not (tmp_path / "shots" / "2S.png").exists() and "2♠" in window.prompt.text()
        assert "deleted" in window.status.text()

        qtbot.keyClick(window, Qt.Key.Key_S)
        assert "3♠" in window.prompt.text() and "1 skipped" in window.progress.text()
        assert steps.skipped == ["2S"] and steps.taken == ["AS"]

        qtbot.keyClick(window, Qt.Key.Key_Q)
        assert not window.isVisible()
    finally:
        grabber.stop()


def test_shots_from_before_are_kept_and_their_cards_not_asked_for(qtbot, show_window, tmp_path):
    shots = tmp_path / "shots"
    shots.mkdir()
    for code in ("AS", "2S"):
        shutil.copy(CARDS / "calib" / "anglo" / f"{code}.png", shots)
    feed = _feed(tmp_path / "feed", [anglo_shot("3S")])
    steps = GuidedSetUp(shots)
    window, grabber = _window(qtbot, show_window, steps, feed)
    try:
        assert "3♠" in window.prompt.text()
        assert "2 shot(s) from before kept" in window.status.text()
        qtbot.waitUntil(lambda: window.frame is not None, timeout=5000)
        qtbot.keyClick(window, Qt.Key.Key_Space)
        assert steps.taken == ["3S"] and "3 of 52" in window.progress.text()
        # The source has no more frames: said, and the last frame stays on screen.
        qtbot.waitUntil(lambda: "no more frames" in window.seen.text(), timeout=5000)
        assert window.frame is not None
        # ... but it is 3S's: no shot of the next card.
        qtbot.keyClick(window, Qt.Key.Key_Space)
        assert steps.taken == ["3S"] and not (shots / "4S.png").exists()
        assert "4♠ not taken: the test feed has no more frames" in window.status.text()
    finally:
        grabber.stop()


def _all_but_the_last_card(tmp_path) -> GuidedSetUp:
    """A set-up whose folder holds a shot of every card but K♣ (only their names count for what is asked)."""
    shots = tmp_path / "shots"
    shots.mkdir()
    for code in SET_UP_ORDER[:-1]:
        (shots / f"{code}.png").write_bytes(b"")
    return GuidedSetUp(shots)


def test_the_last_card_ends_the_set_up(qtbot, show_window, tmp_path):
    steps = _all_but_the_last_card(tmp_path)
    feed = _feed(tmp_path / "feed", [anglo_shot("KC")])
    window, grabber = _window(qtbot, show_window, steps, feed)
    try:
        assert "K♣" in window.prompt.text()
        qtbot.waitUntil(lambda: window.frame is not None, timeout=5000)
        qtbot.keyClick(window, Qt.Key.Key_Space)
        assert steps.done and "Every card has a shot" in window.prompt.text()
        qtbot.waitUntil(lambda: not window.isVisible(), timeout=3000)
    finally:
        grabber.stop()


def test_a_shot_that_cannot_be_written_is_refused_by_name_and_asked_for_again(tmp_path, monkeypatch):
    steps = GuidedSetUp(tmp_path / "shots")
    monkeypatch.setattr(cv2, "imwrite", lambda *a, **k: False)
    why = steps.take(anglo_shot("AS"))
    assert why is not None and "AS.png" in why and "could not be written" in why
    assert steps.current == "AS" and steps.taken == []


def test_two_cards_in_view_are_no_shot(tmp_path):
    two = anglo_shot("AS")
    right = anglo_shot("2S")
    two[:, 640:] = right[:, 400:1040]
    two[:, :640] = anglo_shot("AS")[:, 340:980]
    steps = GuidedSetUp(tmp_path / "shots")
    quad, why = steps.look(two)
    assert quad is None and why
    assert steps.take(two) == why and steps.current == "AS"


def test_calibrate_camera_opens_the_window_where_there_is_a_screen(qtbot, tmp_path, monkeypatch):
    """``calibrate --camera`` with a screen: the window, not the terminal, takes the shots, and the
    profile is built from them; with --no-preview (or no screen) the terminal asks."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from dealer_assist.cli import main
    from dealer_assist.ui.guided_setup import GuidedSetUpWindow

    feed = _feed(tmp_path / "feed", [anglo_shot("AS"), anglo_shot("2S")])
    (tmp_path / "shots").mkdir()
    shutil.copy(CARDS / "calib" / "anglo" / "AH.png", tmp_path / "shots")  # a shot from before
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")  # has_screen() reads it; Qt already runs offscreen
    monkeypatch.setenv("DISPLAY", ":99")
    monkeypatch.setattr("dealer_assist.commands.screen._qt_opens", lambda: True)  # this Qt runs offscreen
    monkeypatch.setattr("dealer_assist.commands.screen._server_there", lambda wayland=True: True)  # an X server at :99
    monkeypatch.setattr("dealer_assist.commands.screen._x_refuses", lambda display: False)  # ... that takes us
    monkeypatch.setattr("sys.stdin.readline", lambda: pytest.fail("the terminal was asked"))

    def press(keys):
        windows = [w for w in QApplication.topLevelWidgets() if isinstance(w, GuidedSetUpWindow) and w.isVisible()]
        if not windows or windows[0].frame is None:
            QTimer.singleShot(50, lambda: press(keys))
            return
        window = windows[0]
        qtbot.keyClick(window, keys[0])
        if keys[1:]:
            QTimer.singleShot(300, lambda: press(keys[1:]))

    QTimer.singleShot(100, lambda: press([Qt.Key.Key_Space] * 2 + [Qt.Key.Key_Q]))
    code = main(["calibrate", "--camera", str(feed), "--images", str(tmp_path / "shots"),
                 "--out", str(tmp_path / "profile"), "--allow-missing", "--json"])
    assert code == 0
    assert sorted(p.name for p in (tmp_path / "shots").iterdir()) == ["2S.png", "AH.png", "AS.png"]
    assert (tmp_path / "profile" / "profile.json").is_file()


def test_no_preview_asks_on_the_terminal_even_with_a_screen(tmp_path, monkeypatch, capsys):
    import io

    from dealer_assist.cli import main

    feed = _feed(tmp_path / "feed", [anglo_shot("AS")])
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    monkeypatch.setenv("DISPLAY", ":99")
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    code = main(["calibrate", "--camera", str(feed), "--images", str(tmp_path / "shots"),
                 "--out", str(tmp_path / "profile"), "--no-preview"])
    err = capsys.readouterr().err
    assert code != 0 and "show AS face up" in err and "took no shot" in err


def test_a_live_view_still_showing_the_last_card_taken_is_no_shot_of_the_next(qtbot, show_window, tmp_path):
    """Space pressed again before the card was changed would keep the last card's view under the
    next card's name (its templates then read every 3 as a 2): refused until the view changes."""
    from dealer_assist.ui.guided_setup import GONE_FOR, GuidedSetUpWindow

    feed = _feed(tmp_path / "feed", [anglo_shot("AS")])
    grabber = FrameGrabber(str(feed), drop=True).start()  # a live source: the latest frame, none held
    steps = GuidedSetUp(tmp_path / "shots")
    window = show_window(GuidedSetUpWindow(steps, grabber, "camera 0"), size=(1024, 720))
    try:
        qtbot.waitUntil(lambda: window.frame is not None, timeout=5000)
        qtbot.keyClick(window, Qt.Key.Key_Space)
        assert steps.taken == ["AS"]
        noisy = np.clip(window.frame.astype(int) + np.random.default_rng(1).integers(-3, 4, window.frame.shape),
                        0, 255).astype(np.uint8)
        window.show_frame(noisy)  # the same card, through a camera's noise
        qtbot.keyClick(window, Qt.Key.Key_Space)
        assert steps.taken == ["AS"] and not (tmp_path / "shots" / "2S.png").exists()
        assert "still shows the card taken last" in window.status.text()
        shifted = cv2.warpAffine(window.frame, np.float32([[1, 0, 2], [0, 1, -2]]), window.frame.shape[1::-1])
        window.show_frame(shifted)  # the camera shook: the same card two pixels off, still no shot
        qtbot.keyClick(window, Qt.Key.Key_Space)
        assert steps.taken == ["AS"] and "still shows the card taken last" in window.status.text()
        window.show_frame(anglo_shot("2S"))  # the next card slid into its place: no frame showed the felt
        qtbot.keyClick(window, Qt.Key.Key_Space)
        assert steps.taken == ["AS"]
        window.show_frame(bare_felt())  # a hand over the card for a moment: no card taken away
        window.show_frame(shifted)
        qtbot.keyClick(window, Qt.Key.Key_Space)
        assert steps.taken == ["AS"]
        window.show_frame(bare_felt())  # the card taken away ...
        qtbot.wait(int(GONE_FOR * 1000) + 100)
        window.show_frame(bare_felt())
        window.show_frame(anglo_shot("2S"))  # ... and the next one put in its place
        qtbot.keyClick(window, Qt.Key.Key_Space)
        assert steps.taken == ["AS", "2S"]
        window.show_frame(bare_felt())  # lifted away and back: the same card may be taken again after U
        qtbot.keyClick(window, Qt.Key.Key_U)
        window.show_frame(anglo_shot("2S"))
        qtbot.keyClick(window, Qt.Key.Key_Space)
        assert steps.taken == ["AS", "2S"]
    finally:
        grabber.stop()


def test_u_with_a_file_source_shows_the_frame_taken_again_and_the_next_card_gets_its_own(qtbot, show_window, tmp_path):
    """U then Space had saved the 3S frame as 2S.png: a file's frames cannot be asked for twice."""
    feed = _feed(tmp_path / "feed", [anglo_shot("AS"), anglo_shot("2S"), anglo_shot("3S")])
    steps = GuidedSetUp(tmp_path / "shots")
    window, grabber = _window(qtbot, show_window, steps, feed)
    try:
        for _ in range(2):
            qtbot.waitUntil(lambda: not window._want_next and window.frame is not None, timeout=5000)
            qtbot.keyClick(window, Qt.Key.Key_Space)
        assert steps.taken == ["AS", "2S"]
        qtbot.waitUntil(lambda: not window._want_next, timeout=5000)  # the 3S frame is showing
        qtbot.keyClick(window, Qt.Key.Key_U)
        assert "2♠" in window.prompt.text() and "its frame is shown again" in window.status.text()
        assert np.array_equal(window.frame, anglo_shot("2S"))
        qtbot.keyClick(window, Qt.Key.Key_Space)
        assert np.array_equal(cv2.imread(str(tmp_path / "shots" / "2S.png")), anglo_shot("2S"))
        qtbot.waitUntil(lambda: not window._want_next, timeout=5000)
        assert np.array_equal(window.frame, anglo_shot("3S"))
        qtbot.keyClick(window, Qt.Key.Key_Space)
        assert np.array_equal(cv2.imread(str(tmp_path / "shots" / "3S.png")), anglo_shot("3S"))
    finally:
        grabber.stop()


def test_u_right_after_the_last_card_keeps_the_window_open(qtbot, show_window, tmp_path):
    steps = _all_but_the_last_card(tmp_path)
    feed = _feed(tmp_path / "feed", [anglo_shot("KC")])
    window, grabber = _window(qtbot, show_window, steps, feed)
    try:
        assert "starts again at its first frame: its frames kept as shots before are passed over" \
            in window.progress.text()  # shots from before, a file source
        qtbot.waitUntil(lambda: window.frame is not None, timeout=5000)
        qtbot.keyClick(window, Qt.Key.Key_Space)
        assert steps.done and window.seen.text() == "every card has a shot or was skipped"
        qtbot.keyClick(window, Qt.Key.Key_U)
        qtbot.wait(3000)
        assert window.isVisible() and "K♣" in window.prompt.text()
    finally:
        grabber.stop()


def test_the_next_card_laid_exactly_where_the_last_lay_is_a_new_shot(tmp_path):
    """6H then 7H pasted into its place at 640x360, slightly blurred, had been refused as the same view."""
    from dealer_assist.vision.calibrate import find_card
    from dealer_assist.vision.guided import same_view

    def small(code):
        return cv2.GaussianBlur(cv2.resize(anglo_shot(code), (640, 360), interpolation=cv2.INTER_AREA), (0, 0), 1.0)

    six, seven = small("6H"), small("7H")
    q6, q7 = find_card(six)[0], find_card(seven)[0]
    warp = cv2.getPerspectiveTransform(q7.astype(np.float32), q6.astype(np.float32))
    laid = cv2.warpPerspective(seven, warp, (640, 360))
    inside = cv2.warpPerspective(np.full((360, 640), 255, np.uint8), warp, (640, 360)) > 0
    next_card = six.copy()
    next_card[inside] = laid[inside]
    assert not same_view(next_card, six, q6)
    noisy = np.clip(six.astype(int) + np.random.default_rng(2).normal(0, 5, six.shape), 0, 255).astype(np.uint8)
    assert same_view(noisy, six, q6)


def test_a_display_no_x_server_answers_is_no_screen(monkeypatch, tmp_path):
    """DISPLAY=:77 or localhost:10 left by an SSH session: Qt had aborted the process (exit 134) instead
    of the terminal prompts being asked."""
    import socket

    from dealer_assist.commands.screen import X_TCP_PORT, has_screen

    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setenv("DISPLAY", ":7731")
    assert not has_screen()
    stale = Path("/tmp/.X11-unix/X7731")  # a socket file left behind by a server that is gone
    stale.parent.mkdir(exist_ok=True)
    stale.touch()
    try:
        assert not has_screen()
    finally:
        stale.unlink()
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as server:
        server.bind("\0/tmp/.X11-unix/X7731")  # an X server on its abstract socket
        server.listen()
        assert has_screen()
        monkeypatch.setenv("DISPLAY", ":7731.0")
        assert has_screen()
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        display = server.getsockname()[1] - X_TCP_PORT
        monkeypatch.setenv("DISPLAY", f"127.0.0.1:{display}.0")  # forwarded over SSH
        assert has_screen()
    monkeypatch.setenv("DISPLAY", f"127.0.0.1:{display}.0")
    assert not has_screen()  # the SSH session is gone
    wayland = tmp_path / "wayland-0"
    wayland.touch()
    monkeypatch.delenv("DISPLAY")
    monkeypatch.setenv("WAYLAND_DISPLAY", str(wayland))
    assert not has_screen()  # a stale file, no compositor
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    assert not has_screen()


def _file_window(qtbot, show_window, tmp_path, codes):
    feed = _feed(tmp_path / "feed", [anglo_shot(c) for c in codes])
    steps = GuidedSetUp(tmp_path / "shots")
    window, grabber = _window(qtbot, show_window, steps, feed)
    return steps, window, grabber


def _press(qtbot, window, key):
    """A key once the window shows the frame it acts on (a file source's next frame comes on a tick)."""
    if key in (Qt.Key.Key_Space, Qt.Key.Key_S):
        qtbot.waitUntil(lambda: not window._want_next and window.frame is not None, timeout=5000)
    qtbot.keyClick(window, key)


def _saved(tmp_path) -> dict:
    """Each shot saved, by the code of the set-up shot whose picture it is."""
    return {p.stem: next(c for c in SET_UP_ORDER if np.array_equal(cv2.imread(str(p)), anglo_shot(c)))
            for p in (tmp_path / "shots").glob("*.png")}


@pytest.mark.parametrize("keys, expected", [
    # U twice in a row: the second took back A♠ too and crashed the window (AttributeError), losing both shots.
    ("SS" "UU" "SSS", {"AS": "AS", "2S": "2S", "3S": "3S"}),
    # U after a skip: 2S.png had held the 3♠ frame and 3S.png the 4♠ one.
    ("S" "k" "U" "SSS", {"AS": "AS", "2S": "2S", "3S": "3S"}),
    # A skip before the skipped card's frame had come, then U.
    ("S" "kk" "U" "SSS", {"AS": "AS", "2S": "2S", "3S": "3S"}),
])
def test_a_file_sources_frames_keep_their_cards_through_skips_and_undos(qtbot, show_window, tmp_path, keys, expected):
    steps, window, grabber = _file_window(qtbot, show_window, tmp_path, ["AS", "2S", "3S", "4S"])
    key = {"S": Qt.Key.Key_Space, "k": Qt.Key.Key_S, "U": Qt.Key.Key_U}
    try:
        for k in keys:
            if k == "k" and window._want_next:
                qtbot.keyClick(window, key[k])  # skipped before its frame is shown
            else:
                _press(qtbot, window, key[k])
        assert _saved(tmp_path) == expected
    finally:
        grabber.stop()


def test_calibrate_camera_with_a_display_that_is_gone_asks_on_the_terminal_and_says_why(tmp_path):
    import subprocess
    import sys

    feed = _feed(tmp_path / "feed", [anglo_shot("AS")])
    env = {k: v for k, v in __import__("os").environ.items() if k not in ("QT_QPA_PLATFORM", "WAYLAND_DISPLAY")}
    env["DISPLAY"] = ":7733"
    out = subprocess.run([sys.executable, "-m", "dealer_assist.cli", "calibrate", "--camera", str(feed),
                          "--images", str(tmp_path / "shots"), "--out", str(tmp_path / "p")],
                         input="q\n", capture_output=True, text=True, timeout=60, env=env)
    assert out.returncode != 0 and "Traceback" not in out.stderr  # 134 had been Qt's abort
    assert "does not answer or refuses this user" in out.stderr and "show AS face up" in out.stderr


def test_the_qt_probe_opens_what_qt_can_open_and_not_a_display_that_refuses(monkeypatch):
    """An X server that refuses this user (no ~/.Xauthority, sudo) answers a connection all the same: only
    Qt opening it in a child process tells, where an abort would have ended calibrate (exit 134)."""
    from dealer_assist.commands.screen import _qt_opens

    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    assert _qt_opens()
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    monkeypatch.setenv("DISPLAY", ":7734")
    assert not _qt_opens()


def test_a_file_source_given_again_passes_over_the_frames_kept_and_files_each_card_under_its_own(qtbot, show_window,
                                                                                               tmp_path):
    """QA: stopped after A♠ 2♠ and run again as told, the folder started at its first photo again and A♠'s
    photo was kept as 3S.png (a wrong template)."""
    feed = _feed(tmp_path / "feed", [anglo_shot(c) for c in ("AS", "2S", "3S", "4S")])
    first = GuidedSetUp(tmp_path / "shots")
    for name in ("00.png", "01.png"):  # the first session, stopped after two cards
        assert first.take(cv2.imread(str(feed / name))) is None
    steps = GuidedSetUp(tmp_path / "shots")
    window, grabber = _window(qtbot, show_window, steps, feed)
    try:
        assert "3♠" in window.prompt.text()
        _press(qtbot, window, Qt.Key.Key_Space)
        _press(qtbot, window, Qt.Key.Key_Space)
        assert steps.taken == ["3S", "4S"]
        assert _saved(tmp_path) == {"AS": "AS", "2S": "2S", "3S": "3S", "4S": "4S"}
        assert "kept as shots before are passed over (2 passed over so far)" in window.progress.text()
    finally:
        grabber.stop()


def test_a_picture_kept_as_one_cards_shot_is_no_shot_of_another(tmp_path):
    first = GuidedSetUp(tmp_path / "shots")
    assert first.take(anglo_shot("AS")) is None
    steps = GuidedSetUp(tmp_path / "shots")
    why = steps.take(anglo_shot("AS"))
    assert why is not None and "A♠ kept from before (AS.png)" in why
    assert steps.current == "2S" and not (tmp_path / "shots" / "2S.png").exists()
    assert steps.take(anglo_shot("2S")) is None
