"""Training at a real table: a simulated shoe on a real pseudo-terminal, its cards set card by card.

Each case must come when the croupier must decide (before the card it asks
about is dealt); after a lost frame or a double feed no card is used until the
trainee has cleared the table; an unplugged reader is told at once, and ``q``
is read while the trainer waits for cards.
"""

from __future__ import annotations

import io
import os
import queue
import shutil
import tempfile
import threading
import time

import pytest

from dealer_assist.cards import parse_card
from dealer_assist.shoesim import PtyEndpoint, ShoeSimulator, VirtualShoe
from dealer_assist.sources.factory import open_source
from dealer_assist.training import FeedError, Settings, SourceFeed, TrainingSession
from dealer_assist.training.terminal import TextTrainer


class Table:
    """A shoe whose next cards the test chooses, on a pty the trainer's serial source reads."""

    def __init__(self, drill: str, wait: float = 30) -> None:
        # Read under a link, as udev names a real shoe: a replugged pty is another /dev/pts/N, and the old
        # number may be another test's pty by then (CI: the reader came back on it, or never).
        self._dir = tempfile.mkdtemp(prefix="shoe-")
        self.endpoint = PtyEndpoint(os.path.join(self._dir, "shoe"))
        self.sim = ShoeSimulator(self.endpoint, VirtualShoe(seed=5))
        self.feed = SourceFeed(open_source(f"serial:{self.endpoint.url}", demand=lambda: True), wait=wait)
        self.session = TrainingSession(Settings(drills=(drill,), minutes=None), {"baccarat": self.feed,
                                                                                  "blackjack": self.feed}, seed=1)
        self.news: "queue.Queue[str]" = queue.Queue()
        self.feed.on_status = self.news.put
        (getattr(self.feed, "start", None) or self.feed._start)()  # opened now: the link is up before a card
        end = time.monotonic() + 5
        while not (self.endpoint.host_connected() and self.feed.source.link == "up") and time.monotonic() < end:
            time.sleep(0.01)
        self.sim.power_on()
        time.sleep(0.2)
        while not self.news.empty():  # "" for the link coming up
            self.news.get()

    def load(self, text: str) -> None:
        """The next cards out of the shoe."""
        shoe = self.sim.shoe
        shoe.cards[shoe.position:shoe.position] = [parse_card(c) for c in text.split()]

    def deal(self, n: int = 1) -> None:
        for _ in range(n):
            self.sim.deal_card()
            time.sleep(0.02)

    def ask(self) -> "queue.Queue[object]":
        """``session.next_case()`` in a thread: its case (or FeedError) arrives in the queue."""
        out: "queue.Queue[object]" = queue.Queue()

        def run() -> None:
            try:
                out.put(self.session.next_case())
            except Exception as exc:  # noqa: BLE001 (handed to the test)
                out.put(exc)

        threading.Thread(target=run, daemon=True).start()
        return out

    def close(self) -> None:
        self.session.close()
        self.sim.close()
        shutil.rmtree(self._dir, ignore_errors=True)


@pytest.fixture
def table(request):
    made = []

    def make(drill: str, wait: float = 30) -> Table:
        made.append(Table(drill, wait))
        return made[-1]

    yield make
    for t in made:
        t.close()


def _labels(case) -> list[str]:
    return [" ".join(c.code for c in h.cards) for h in case.hands]


def _nothing_yet(answer: "queue.Queue[object]", seconds: float = 0.6) -> bool:
    try:
        answer.get(timeout=seconds)
    except queue.Empty:
        return True
    return False


def test_third_card_questions_come_before_the_card_they_ask_about(table):
    t = table("third-card")
    t.load("2S AC AD 5S 7S 4H  9C 8D KH QC")
    answer = t.ask()
    t.deal(4)  # Player 2S AD = 3 must draw: the question comes now, the 7S still in the shoe
    case = answer.get(timeout=10)
    assert _labels(case) == ["2S AD", "AC 5S"] and case.answers == ("P",)
    assert t.sim.cards_dealt == 4
    answer = t.ask()
    assert _nothing_yet(answer)  # it waits for the Player's third card, dealt once the trainee has called it
    t.deal()
    case = answer.get(timeout=10)
    assert _labels(case) == ["2S AD 7S", "AC 5S"] and case.answers == ("B",)  # Banker 6 draws on a 7
    assert t.sim.cards_dealt == 5
    answer = t.ask()
    t.deal()  # the Banker's third card, then the next hand: in step with the table
    t.deal(4)
    case = answer.get(timeout=10)
    assert _labels(case) == ["9C KH", "8D QC"] and case.answers == ("N",)


def test_blackjack_action_is_asked_before_the_next_card_and_the_seats_play_is_told(table):
    t = table("blackjack-dealer")
    t.load("TS 9H 8C 5D 4C 3S 2H 6D 7C")
    answer = t.ask()
    t.deal(3)  # seat TS, dealer 9H, seat 8C: the seat must decide now
    case = answer.get(timeout=10)
    assert case.title == "Which actions may the player take?"
    assert _labels(case)[:2] == ["9H", "TS 8C"] and t.sim.cards_dealt == 3
    assert case.then.startswith("The player ")
    assert case.then.lower().split()[2] in ("hits", "stands", "doubles")
    assert t.session.dealing == f"{case.then}: deal on ..."  # what the trainee is told to deal while it waits


def test_after_a_lost_frame_no_card_is_used_until_the_table_is_cleared(table):
    t = table("calling")
    t.load("3C 3H TS 2S 9D 8C KD QS  9C 8D KH QC")
    answer = t.ask()
    t.deal(2)
    t.sim.faults.force("drop")  # the TS's frame never arrives; the 2S's reveals the gap
    t.deal(2)
    void = answer.get(timeout=10)
    assert isinstance(void, FeedError) and void.resync
    assert "message from the shoe was lost" in str(void) and "clear the table" in str(void)
    assert t.session.needs_ready
    t.deal(4)  # the trainee finishes the void hand at the table: none of these may become a case
    time.sleep(0.3)
    again = t.ask()
    refused = again.get(timeout=10)
    assert isinstance(refused, FeedError) and "clear the table" in str(refused)
    t.session.ready()  # Enter: the table is clear
    answer = t.ask()
    t.deal(4)
    case = answer.get(timeout=10)
    assert _labels(case)[:2] == ["9C KH", "8D QC"]


def test_a_double_feed_voids_the_hand_like_a_lost_frame(table):
    t = table("calling")
    t.load("9C 8D KH QC 2C  3D 4H 5S 6D")
    answer = t.ask()
    t.deal(2)
    t.sim.error("DOUBLE_FEED")  # the KH goes out with it, unread (qaV F2: a double feed is a card gone)
    t.deal(2)
    void = answer.get(timeout=10)
    assert isinstance(void, FeedError) and void.resync and "DOUBLE_FEED" in str(void)
    t.session.ready()
    answer = t.ask()
    t.deal(4)
    assert _labels(answer.get(timeout=10))[:2] == ["3D 5S", "4H 6D"]


def test_a_misread_voids_the_hand_like_an_unreadable_card(table):
    t = table("calling")
    t.load("9C 8D KH QC  2C 3D 4H 5S")
    answer = t.ask()
    t.deal(2)
    t.sim.error("MISREAD", "card seen, code not read")  # a card came out unread: the hand cannot be told
    t.deal(2)
    void = answer.get(timeout=10)
    assert isinstance(void, FeedError) and void.resync and "could not be read" in str(void)


def test_an_unplugged_reader_is_told_at_once_and_the_training_goes_on_after_the_replug(table):
    t = table("calling")
    t.load("9C 8D KH QC")
    answer = t.ask()
    t.sim.unplug()
    news = t.news.get(timeout=5)
    assert news.startswith("card reader lost:") and "reconnects by itself" in news
    t.sim.replug()
    assert t.news.get(timeout=15) == ""  # back
    time.sleep(0.3)
    t.deal(4)
    assert _labels(answer.get(timeout=10))[:2] == ["9C KH", "8D QC"]


def test_text_mode_reads_q_and_tells_a_lost_reader_while_it_waits_for_cards(table):
    t = table("calling", wait=60)
    read, write = os.pipe()
    inp = os.fdopen(read, "r")
    out, err = io.StringIO(), io.StringIO()
    trainer = TextTrainer(t.session, inp=inp, out=out, err=err)
    done = threading.Event()
    threading.Thread(target=lambda: (trainer.run(), done.set()), daemon=True).start()
    time.sleep(0.5)
    t.sim.unplug()
    end = time.monotonic() + 5
    while "card reader lost" not in err.getvalue() and time.monotonic() < end:
        time.sleep(0.05)
    assert "card reader lost" in err.getvalue()
    assert "Deal the next hand" in out.getvalue()
    os.write(write, b"q\n")
    assert done.wait(5), "q was not read while the trainer waited for cards"
    os.close(write)
    inp.close()


def test_the_card_that_revealed_a_lost_frame_never_starts_the_next_hand(table):
    """The QA's hand: 3C 3H TS 2S with the TS's frame lost; the table's next hand is 9D 8C KD QS."""
    t = table("calling")
    t.load("3C 3H TS 2S  9D 8C KD QS")
    answer = t.ask()
    t.deal(2)
    t.sim.faults.force("drop")
    t.deal(2)
    assert isinstance(answer.get(timeout=10), FeedError)
    t.session.ready() if hasattr(t.session, "ready") else None  # the trainee has cleared the table
    answer = t.ask()
    t.deal(4)
    assert _labels(answer.get(timeout=10))[:2] == ["9D KD", "8C QS"]


def test_a_fault_while_dealing_at_a_real_table_ends_the_text_trainer_rather_than_leaving_it_waiting(table, monkeypatch):
    """Review: the text trainer's deal thread passed on only a FeedError; any other fault killed the thread
    and left the trainee waiting for a case that would never come."""
    t = table("calling")

    def broken():
        raise RuntimeError("broken drill")

    monkeypatch.setattr(t.session, "next_case", broken)
    read, write = os.pipe()
    inp = os.fdopen(read, "r")
    trainer = TextTrainer(t.session, inp=inp, out=io.StringIO(), err=io.StringIO())
    caught: list = []
    done = threading.Event()

    def run() -> None:
        try:
            trainer.run()
        except RuntimeError as exc:
            caught.append(exc)
        done.set()

    threading.Thread(target=run, daemon=True).start()
    assert done.wait(5), "the trainer kept waiting after its deal thread failed"
    assert caught and "broken drill" in str(caught[0])
    os.close(write)
    inp.close()
