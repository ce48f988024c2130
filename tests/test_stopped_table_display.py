"""A table stopped by its journal shows no payment it did not write and no button that would act (qaAK F3).

The journal's disk filled just before the dealer's last card: TABLE STOPPED, the pay list said "NOT RECORDED: DO
NOT PAY ... pay nothing from this screen", and the seat badges under it still read WIN +10.00 and WIN +45.00, the
NEXT and VOID buttons lit as if they would act (the stopped table refuses every key).  The fault here is a real
full disk: a small tmpfs (root only: the tests skip elsewhere) filled to a few pages; where no root is at hand
the same write fails by the seam tests/test_payments_unrecorded.py uses, the journal's append raising ENOSPC."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from dealer_assist.baccarat.paytable import Bet
from dealer_assist.shoe import ShoeRules
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.journal import Journal
from dealer_assist.table.session import TableSession
from dealer_assist.table.state import TableRules
from dealer_assist.ui.blackjack.window import BlackjackWindow
from dealer_assist.ui.main_window import MainWindow, Options
from tmpfs_disks import fill, mounted

MARKS = {"✓", "✗", "="}


@pytest.fixture
def small_disk(tmp_path):
    """A 2 MB tmpfs of the test's own, and ``fill(leave)``: the disk filled to ``leave`` bytes free."""
    for mnt in mounted(tmp_path, "size=2m"):
        def fill_to(leave: int) -> None:
            fill(mnt, leave)

        fill_to.free = lambda: (mnt / "filler").unlink(missing_ok=True)
        yield mnt, fill_to


def _badges(window) -> list[str]:
    """Each settled hand's badge as drawn (the fitted text, "" where none)."""
    view = window.table
    return [hand.badge.text.replace("\n", " ") for placed in view.placed.values() for hand in placed
            if hand.badge is not None]


def _round_to_last_card(session) -> None:
    """Seat 1 stands on 19 against the dealer's 7; seat 2's blackjack; the dealer's last card is due."""
    assert session.place(1, Decimal("10")) is None and session.place(2, Decimal("10")) is None
    assert session.deal() is None
    for code in ("TH", "AS", "7C", "9S", "KD"):
        assert session.enter_card(code) is None
    assert session.stand() is None


def _check_stopped_bj(qtbot, window, session) -> None:
    qtbot.waitUntil(lambda: session.snapshot.payments_unrecorded and window.table.painted_version
                    == session.snapshot.version)
    window.table.repaint()
    badges = _badges(window)
    assert badges and set(badges) <= MARKS, badges  # no WIN +10.00 / WIN +15.00 to pay from
    assert not any(re.search(r"\d", b) for b in badges)
    bar = window.actions
    lit = [name for name, b in bar.buttons.items() if b.isEnabled()]
    assert lit == [], f"buttons the stopped table refuses look active: {lit}"
    assert not any(b.isEnabled() for b in window.chips.buttons)


def test_blackjack_full_disk_badges_and_buttons(qtbot, show_window, small_disk):
    mnt, fill = small_disk
    path = None
    for leave in (8192, 12288, 4096, 16384, 20480):  # where the card fits and its round's outcome does not
        path = mnt / f"bj{leave}.sqlite"
        session = BlackjackSession(journal=Journal.open(path))
        window = show_window(BlackjackWindow(session, None))
        _round_to_last_card(session)
        fill(leave)
        session.enter_card("KS")  # the dealer's 17 stands: seat 1 wins 10, seat 2 is paid 15
        if session.snapshot.payments_unrecorded:
            break
        window.close()
        session.close()
        fill.free()
    else:
        pytest.fail("no free space left the card written and its payments not")
    _check_stopped_bj(qtbot, window, session)
    window.close()
    session.close()
    fill.free()

    again = BlackjackSession(journal=Journal.open(path))  # the restart writes them: now they are paid from
    window = show_window(BlackjackWindow(again, None))
    qtbot.waitUntil(lambda: window.table.painted_version == again.snapshot.version)
    window.table.repaint()
    assert sorted(_badges(window)) == ["WIN +10.00", "WIN +15.00"]
    assert window.actions.buttons["next_round"].isEnabled() and window.actions.buttons["void"].isEnabled()
    assert all(b.isEnabled() for b in window.chips.buttons)
    again.close()


def test_baccarat_full_disk_buttons_and_chips(qtbot, show_window, small_disk):
    mnt, fill = small_disk
    session = TableSession(TableRules(shoe=ShoeRules(burn=False)), Journal.open(mnt / "bac.sqlite"), odds=False)
    window = show_window(MainWindow(session, None, Options(sound=False)))
    assert session.place(1, Bet.BANKER, Decimal("100")) is None
    panel = window.betting
    assert panel.buttons["deal"].isEnabled() and all(b.isEnabled() for b in panel.chip_buttons.values())
    fill(0)
    assert session.place(2, Bet.PLAYER, Decimal("50")) is not None  # its bet_placed not written: the table stops
    qtbot.waitUntil(lambda: bool(session.snapshot.stopped))
    qtbot.waitUntil(lambda: not panel.buttons["deal"].isEnabled())
    assert not any(b.isEnabled() for b in panel.buttons.values())
    assert not any(b.isEnabled() for b in panel.chip_buttons.values())
    session.close()


def full_from(journal: Journal, kind: str) -> Journal:
    """``journal``, whose writes fail with ENOSPC from the first ``kind`` entry on (no root: no tmpfs)."""
    append, full = journal.append, []

    def append_or_fail(k, payload=None):
        if k == kind or full:
            full.append(k)
            raise OSError(28, "No space left on device")
        return append(k, payload)

    journal.append = append_or_fail
    return journal


@pytest.mark.parametrize("fails_at", ["outcome", "settlement"])
def test_blackjack_unwritten_payments_badges(qtbot, show_window, tmp_path, fails_at):
    session = BlackjackSession(journal=full_from(Journal.open(tmp_path / "bj.sqlite"), fails_at))
    window = show_window(BlackjackWindow(session, None))
    _round_to_last_card(session)
    session.enter_card("KS")
    _check_stopped_bj(qtbot, window, session)
    session.close()
