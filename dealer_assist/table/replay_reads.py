"""The reads a replay's table had not placed yet, followed from the journal's ``card_read`` entries.

The live table takes reads one at a time: a read that comes while another waits for the croupier waits behind it,
and is taken (played, or held under its reader's wait) only once that one is answered.  A read held then waits
for every card its reader could not read until that moment: Enter on it ends them all, as Enter on a read taken
before them ends none of them (rev33's replay class: the replay ordered the cards by frame number alone, and kept
UNREADABLE CARD up where the live table had taken it down).  But a shoe's read that came before the card its shoe
could not read, the frames it lost or a double feed, while it waited its turn, is not held under that wait: the live
table plays it as it came, in the shoe's order, and the many-card wait (``many``) still stands after it (fixR42 L1:
it was held under the wait, and the later card typed was played before it).  Nor does a shoe's read taken under its
shoe's wait for cards it could not read wait for those that came after it, while it waited its turn: ``behind`` is the
ones before it, and Enter on it leaves the later ones due (fixR45's High: ??, 4C held, ??, QH waiting, ??; QH waited for
both later cards, and the last one, typed, was played before it).  A card typed
while a read is held is the card that read waits for, of its reader, not the first card any reader missed (and
none, once its reader missed another card since the read was held: the live table counts it for neither wait).

Journals of older code have the same entries: a replay of one reads them the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Optional

#: The key of a replay's ``card_read`` note that says why the table held that read for the croupier, as the journal
#: said when it was answered (see dealer_assist.sources.replay's ``_HeldReads``).
HELD_AS = "held_as"

#: A card a reader could not read: its source and frame number.
Unread = tuple[str, int]


@dataclass
class QueuedRead:
    """A read journaled and not yet placed or dropped."""

    source: str
    seq: Optional[int]
    #: The number that orders it among its reader's cards unread: its frame number, or with none, its count.
    frame: Optional[int] = None
    #: The cards its reader could not read that stood when the table took it (None: it still waits behind another
    #: read, not taken yet).
    behind: Optional[tuple[Unread, ...]] = None
    #: The wait for cards that may be several (lost frames, a double feed) its reader had when the table took it, by
    #: its number (SessionCore._replay_many): Enter on the read ends that one, not one opened since.
    many: Optional[int] = None
    #: Its ``card_read`` entry, as the replay read it (what the table showed of it while it waited).
    entry: dict = field(default_factory=dict)
    #: Taken as the read before it, of its reader, was refused and the refusal left a card to type: the live table
    #: takes it under that wait whole, the cards its shoe could not read after it too (rev41 F3).
    after_refusal: bool = False


class ReplayReads:
    """The replay's queue of reads, in the order the live table took them."""

    def __init__(self, standing: Callable[["QueuedRead"], tuple[Unread, ...]],
                 many: Callable[[str, Optional[int]], Optional[int]] = lambda source, seq: None) -> None:
        #: The cards the reader of a read taken now could not read that it waits for (the replay's own list), and the
        #: many-card wait of ``source`` a read of that frame number is taken under (none if the wait's lost frames came
        #: after the read).
        self._standing = standing
        self._many = many
        self._reads: list[QueuedRead] = []

    def read(self, source: str, seq: Optional[int], frame: Optional[int] = None, entry: Optional[dict] = None) -> None:
        """A ``card_read`` entry: taken at once when no read waits, else behind the ones that do."""
        self._reads.append(QueuedRead(source, seq, seq if frame is None else frame, entry=entry or {}))
        self._take_first()

    def settled(self, source: Optional[str], seq: Optional[int]) -> Optional[QueuedRead]:
        """The read of ``source`` (None: any reader, a card typed in its place names none) with frame ``seq`` was
        placed or dropped: it, and any before it (the live table answers them in order), leave the queue.  The
        read, or None if the journal had no entry for it."""
        for n, read in enumerate(self._reads):
            if read.seq == seq and (source is None or read.source == source):
                del self._reads[:n + 1]
                self._take_first()
                return read
        return None

    def refused(self, source: str, waits: bool = False) -> Optional[QueuedRead]:
        """A read of ``source`` refused by the rules (``card_refused``, whose entry keeps no frame number): the read
        the table took, if it is that reader's, is settled, and the next is taken, under the refusal's wait if it
        ``waits`` and the read is of that reader too.  The read refused, if any."""
        read = self.first()
        if read is None or read.source != source:
            return None
        del self._reads[0]
        if waits and self._reads and self._reads[0].source == source:
            self._reads[0].after_refusal = True
        self._take_first()
        return read

    def renumber(self, source: str, moved: Callable[[int], int]) -> None:
        """``source``'s frames numbered anew (a restart of the table: see SessionCore._replay_renumber)."""
        for read in self._reads:
            if read.source == source and read.frame is not None:
                read.frame = moved(read.frame)
            if read.behind is not None:
                read.behind = tuple((s, moved(n)) if s == source else (s, n) for s, n in read.behind)

    def first(self) -> Optional[QueuedRead]:
        """The read the table took and holds for the croupier, if any."""
        return self._reads[0] if self._reads and self._reads[0].behind is not None else None

    def queued(self) -> tuple[QueuedRead, ...]:
        """The reads not placed yet, the one the table took first."""
        return tuple(self._reads)

    def clear(self) -> None:
        """A new shoe or deck: the reads still waiting were dropped, or are journaled again after it."""
        self._reads = []

    def _take_first(self) -> None:
        if self._reads and self._reads[0].behind is None:
            self._reads[0].many = self._many(self._reads[0].source, self._reads[0].seq)
            self._reads[0].behind = self._standing(self._reads[0])
