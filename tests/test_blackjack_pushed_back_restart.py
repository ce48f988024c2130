"""A blackjack read held as the card pushed blurred into another box (MOVED_PUSHED), dropped with Del, and the table
restarted before the camera reads that card put back in its box (fixQC, fixBL2's leftover).

Live, the camera's read of the card put back where the table counts it is that card: dropped with a note (rev37 R6).
The card Del dropped was kept in memory only: restarted in between, the read back was held again as put back, and
Enter on it raised CARD 5♥ REFUSED.  Del's ``read_dropped`` now names the box (``pushed_from``), and a restart keeps
it as live did.
"""

from __future__ import annotations

from dealer_assist.blackjack.rules import HouseRules
from dealer_assist.events import PUT_BACK
from dealer_assist.table.blackjack_session import BlackjackSession
from dealer_assist.table.blackjack_state import BlackjackTableRules
from dealer_assist.table.holds import MOVED_PUSHED
from dealer_assist.table.journal import Journal
from zoned_blackjack import hands, read, refusals, table

DEALT = (("JC", "seat 1"), ("5H", "seat 2"), ("QS", "seat 3"), ("2C", "dealer"), ("4D", "seat 1"), ("6S", "seat 2"))


def pushed_and_dropped(path) -> BlackjackSession:
    """Seat 2's 5H read in seat 3's box as pushed there, held, and dropped with Del."""
    session = table(path, (1, 2, 3))
    for seq, (code, zone) in enumerate(DEALT, 1):
        read(session, code, seq, zone)
    read(session, "5H", 7, "seat 3", left_from="seat 2")
    assert session.snapshot.pending is not None and session.snapshot.pending.doubt == MOVED_PUSHED
    session.reject_pending()
    assert session.snapshot.pending is None
    return session


def restarted(session: BlackjackSession, path) -> BlackjackSession:
    session.close()
    return BlackjackSession(BlackjackTableRules(house=HouseRules(decks=6)), journal=Journal.open(path))


def test_the_card_put_back_after_del_and_a_restart_is_dropped_as_live(tmp_path):
    path = tmp_path / "j.sqlite"
    session = restarted(pushed_and_dropped(path), path)
    read(session, "5H", 8, "seat 2", doubt=PUT_BACK)  # the camera reads it back where it lay
    assert session.snapshot.pending is None, session.snapshot.pending
    assert session.snapshot.message == "5♥ put back in seat 2's box: the table counts it there (read dropped)"
    read(session, "9C", 9, "seat 3")
    assert session.snapshot.pending is None and not refusals(session)
    assert hands(session) == {1: ["JC", "4D"], 2: ["5H", "6S"], 3: ["QS", "9C"], "dealer": ["2C"]}
    session.close()


def test_del_journals_the_box_the_card_was_pushed_out_of(tmp_path):
    path = tmp_path / "j.sqlite"
    pushed_and_dropped(path).close()
    with Journal.open(path, readonly=True) as journal:
        dropped = [e.payload for e in journal.entries() if e.kind == "read_dropped"]
    assert [(d["card"], d["doubt"], d.get("pushed_from")) for d in dropped] == [("5H", MOVED_PUSHED, "seat 2")]


def test_another_cards_read_since_the_del_leaves_it_after_a_restart_too(tmp_path):
    """Live, another card's read first leaves it (rev39 R3: the zones pass cards on in the order they come to rest):
    the card read back in its box after that is dropped as put back, after a restart in between too."""
    path = tmp_path / "j.sqlite"
    live = pushed_and_dropped(path)
    read(live, "9C", 8, "seat 3")
    session = restarted(live, path)
    read(session, "5H", 9, "seat 2", doubt=PUT_BACK)
    assert session.snapshot.pending is None, session.snapshot.pending
    assert session.snapshot.message == "5♥ put back in seat 2's box: the table counts it there (read dropped)"

    other = tmp_path / "live.sqlite"
    live = pushed_and_dropped(other)
    read(live, "9C", 8, "seat 3")
    read(live, "5H", 9, "seat 2", doubt=PUT_BACK)
    assert live.snapshot.pending is None and live.snapshot.message == session.snapshot.message
    assert hands(live) == hands(session)
    live.close()
    session.close()


def test_the_card_read_put_back_ends_it_after_a_restart_too(tmp_path):
    """Once its read back was dropped, a second read of it put back is a hold again, live and after a restart."""
    path = tmp_path / "j.sqlite"
    live = pushed_and_dropped(path)
    read(live, "5H", 8, "seat 2", doubt=PUT_BACK)
    assert live.snapshot.pending is None
    session = restarted(live, path)
    read(session, "5H", 9, "seat 2", doubt=PUT_BACK)
    other = tmp_path / "live.sqlite"
    live = pushed_and_dropped(other)
    read(live, "5H", 8, "seat 2", doubt=PUT_BACK)
    read(live, "5H", 9, "seat 2", doubt=PUT_BACK)
    assert (session.snapshot.pending is None) == (live.snapshot.pending is None)
    live.close()
    session.close()


def test_an_older_journal_with_no_pushed_from_restarts_as_before(tmp_path, monkeypatch):
    """A ``read_dropped`` written before ``pushed_from`` restores nothing of it: the read back waits, as it did."""
    monkeypatch.setattr(BlackjackSession, "_drop_notes", lambda self, pending: {})
    path = tmp_path / "j.sqlite"
    session = pushed_and_dropped(path)
    monkeypatch.undo()
    session = restarted(session, path)
    read(session, "5H", 8, "seat 2", doubt=PUT_BACK)
    assert session.snapshot.pending is not None and session.snapshot.pending.card.code == "5H"
    session.close()


def test_a_read_that_waited_behind_the_held_one_and_was_played_at_del_does_not_end_it(tmp_path):
    """Seat 3's 9C read while the pushed read waited is played at Del; it came before Del, and the card put back
    is still that card, live and after a restart."""
    path = tmp_path / "j.sqlite"
    session = table(path, (1, 2, 3))
    for seq, (code, zone) in enumerate(DEALT, 1):
        read(session, code, seq, zone)
    read(session, "5H", 7, "seat 3", left_from="seat 2")
    read(session, "9C", 8, "seat 3")  # waits behind the held read
    session.reject_pending()
    assert hands(session)[3] == ["QS", "9C"] and session.snapshot.pending is None
    session = restarted(session, path)
    read(session, "5H", 9, "seat 2", doubt=PUT_BACK)
    assert session.snapshot.pending is None, session.snapshot.pending
    assert session.snapshot.message == "5♥ put back in seat 2's box: the table counts it there (read dropped)"
    session.close()
