"""Test setup shared by the whole suite.

Qt must know its platform before it is first imported: the display tests
run on the ``offscreen`` platform (real widgets, real painting, no screen).
The fixtures below import Qt lazily, so the rules tests never load it.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

#: The camera tests' shared card images (../shared/cards): where they are missing those tests skip.
SHARED_CARDS = Path(__file__).resolve().parents[2] / "shared" / "cards"


def pytest_sessionstart(session):
    """On CI (``CI`` set) the shared card images must be there: their tests would all skip, and CI pass."""
    if os.environ.get("CI") and not (SHARED_CARDS / "test").is_dir():
        pytest.exit(f"CI is set but the shared card images are not at {SHARED_CARDS}: the camera tests "
                    "would only skip. Put the shared folder beside the repository, or unset CI", returncode=1)


def pytest_terminal_summary(terminalreporter):
    """Say plainly when the camera tests skipped for want of the shared card images."""
    skipped = [r for r in terminalreporter.stats.get("skipped", [])
               if "shared" in str(getattr(r, "longrepr", "")) and "not found" in str(getattr(r, "longrepr", ""))]
    if skipped:
        terminalreporter.write_line(f"{len(skipped)} camera tests skipped: the shared card images are not at "
                                    f"{SHARED_CARDS}", yellow=True, bold=True)


@pytest.fixture
def text_scale(request):
    """The display's text scale set to the test's parameter (``indirect=True``), put back to 1 afterwards."""
    from dealer_assist.ui import theme

    theme.set_text_scale(request.param)
    yield request.param
    theme.set_text_scale(1.0)


@pytest.fixture
def show_window(qtbot):
    """``show(window, size=(1280, 720))``: a real window shown, active and owned by the test."""
    def show(window, size=(1280, 720)):
        qtbot.addWidget(window)
        window.resize(*size)
        window.show()
        with qtbot.waitActive(window):
            window.activateWindow()
        return window

    return show


@pytest.fixture
def table_factory(qtbot):
    """Build a display on a real session: ``make(source="sim"|"manual"|CardSource, rules=..., odds=False)``.

    The simulated shoe is created with a very long interval so that a test
    deals each card with ``deal_next`` (``poke``) and nothing runs ahead.
    """
    from dealer_assist.sources.virtual import VirtualShoe
    from dealer_assist.table.session import TableSession
    from dealer_assist.table.state import TableRules
    from dealer_assist.ui.main_window import MainWindow, Options

    made = []

    def make(source="manual", rules=None, odds=False, seed=11, size=(1280, 720)):
        session = TableSession(rules or TableRules(), None, odds=odds)
        if source == "sim":
            source = VirtualShoe(decks=session.state.rules.shoe.decks, seed=seed, interval=3600,
                                 demand=session.card_due)
        elif source == "manual":
            source = None
        window = MainWindow(session, source, Options(sound=False, sim_interval=3600))
        qtbot.addWidget(window)
        window.resize(*size)
        window.show()
        qtbot.waitExposed(window)
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow, timeout=2000)
        if source is not None:
            source.start(session.handle)
        made.append((session, source))
        return window

    yield make
    for session, source in made:
        if source is not None:
            source.stop()
        session.close()


def ctrl_c_as_a_terminal() -> None:
    """A child's ``preexec_fn``: SIGINT acts as a terminal's Ctrl+C.  A test run started as a background job (``&``
    in a shell without job control, as a CI script may be) ignores SIGINT, its children inherit that, and Python then
    leaves it ignored: a test sending SIGINT waited forever for a child that never saw it."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)
