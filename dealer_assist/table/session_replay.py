"""A replay's table: it follows the journal's operations and notes, showing what the live table showed.

The operations are applied as journaled; the notes between them (alerts,
cards unread, reads held, a restart) rebuild the alerts and waits the live
table showed, so the replay shows each as it stood live.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Optional

from dealer_assist.cards import InvalidCardError, parse_card
from dealer_assist.events import RecordedNote, RecordedEnd, RecordedOp, RecordedStart
from dealer_assist.table.alert import Alert
from dealer_assist.table.holds import (AFTER_A_DOUBLE_FEED, AFTER_A_GAP, AFTER_DROPPED, AFTER_TYPED_UNREAD,
                                       SAME_CARD_DOUBTS, TYPED_UNREAD, AFTER_A_REFUSAL, HOLDS, ONE_CARD_HOLDS,
                                       READ_BEFORE_A_STOP, held_by_alert, hold_of_alert, left_unplayed, DRAWN_ONCE,
                                       reads_again)
from dealer_assist.table.replay_reads import HELD_AS, QueuedRead, Unread
from dealer_assist.table.session_typed import UNSURE_READ
from dealer_assist.table.standing_alerts import FOUND_AGAIN


class _JournalUpTo:
    """A journal as it stood at entry ``last``: what a restart then would have read (a replay shows held reads so)."""

    def __init__(self, journal: Any, last: int) -> None:
        self._journal, self._last = journal, last

    def entries_where(self, condition: str, params: tuple = (), *, newest_first: bool = False) -> Any:
        return self._journal.entries_where(f"({condition}) AND seq <= ?", (*params, self._last),
                                           newest_first=newest_first)


def _card_label(payload: dict) -> str:
    """The card a journal payload names, as the table shows it (its code when it is no card)."""
    try:
        return parse_card(payload.get("card")).label
    except InvalidCardError:
        return str(payload.get("card"))


def restarted_text(payload: dict) -> str:
    """What a ``table_started`` entry says (qaR F7): how many operations the restart found, the round it
    resumed in."""
    where = (f"deck {payload.get('shoe')}" if payload.get("game") == "blackjack" else f"shoe {payload.get('shoe')}")
    return (f"the table was started again on its journal here, in round {payload.get('round')} of {where}: "
            f"{payload.get('recovered')} operations recovered; what the table showed is rebuilt from the journal")


class ReplayFollowing:
    """How :class:`~dealer_assist.table.session_core.SessionCore` follows a journal in a replay: a mixin of its own,
    as a live table never runs it."""

    def _replay_start(self, event: RecordedStart) -> None:
        """A replay begun at a later shoe: the table as the recorded new shoe (or deck) left it."""
        if not self._snap.replay:
            return  # only a replay's table follows a record
        try:
            state = self._started_at(event.op)
        except self.REFUSALS as exc:
            self.alert("replay", "error", "REPLAY STOPPED MATCHING", f"{event.source}: the shoe it starts at cannot "
                       f"be read: {exc}", "replay it from its first shoe, without --shoe")
            return
        self._publish(replace(self._snap, state=state))

    def _correction_said(self, state: Any, op: dict) -> Optional[str]:
        """What live's message line said of the journaled correction ``op`` made on ``state``; ``None`` when it is
        none (each game's table says its own)."""
        return None

    def _replay_op(self, event: RecordedOp) -> None:
        """A journaled operation played again (no PIN: it was authorised when it was recorded)."""
        said = self._correction_said(self._snap.state, event.op)  # as live said it (qaAX H2)
        self._from_record = True  # the lock is held: no command of another thread runs meanwhile
        try:
            error = self._do({k: v for k, v in event.op.items() if k not in ("shoe", "round", "game")},
                             message=said or "")
        finally:
            self._from_record = False
        if error is not None and not self._snap.stopped:
            self.alert("replay", "error", "REPLAY STOPPED MATCHING", f"{event.source}: {error}",
                       "the record and these table rules differ: replay with the --config the table used")
            return
        op = event.op
        if self.VOIDS_A_CARD(op):  # as live (_card_voided)
            typed, shown = self._replay_typed.pop(self._placed_count, (-1, ()))
            frame = self._replay_typed_frames.pop(self._placed_count, None)
            dropped = self._replay_typed_dropped.pop(self._placed_count, None)
            if dropped is not None:
                self._replay_dropped_due[dropped] = self._replay_dropped_due.get(dropped, 0) + 1
            self._placed_count -= 1
            if frame is not None and (typed > 0 or typed == 0 and self._replay_typed_open):
                self._replay_due_again(*frame)
                held = self._replay_reads.first()
                if held is not None and held.behind == () and held.source == frame[0] and not reads_again(frame[0]):
                    # As live (_due_again, _placed_doubt): the shoe's read held by itself waits under the wait back, and
                    # a card typed next is that card (fixR41: the replay counted it for none, UNREADABLE CARD stayed).
                    held.behind = ((frame[0], frame[1]),)
            if typed == 0 and self._replay_typed_open:  # typed for a wait still open: due again (rev21 R3)
                self._replay_typed_open -= 1
                self._replay_unread += 1
            elif typed > 0:  # the card that ended the wait (R2)
                self._replay_unread, self._replay_typed_open = self._replay_unread + 1, typed - 1
                for alert in shown:
                    self._publish(replace(self._snap, alerts=self._with_alert(alert)))
        elif op.get("op") in self.WAITS_END_OPS:
            self._replay_typed, self._replay_typed_frames = {}, {}  # as live (_end_round_holds, _end_holds)
            self._replay_dropped, self._replay_dropped_due, self._replay_typed_dropped = set(), {}, {}
        if op.get("op") in ("new_shoe", "new_deck") and error is None:
            self._replay_reads.clear()  # as live (_end_holds): dropped, or journaled again as the new shoe's
        if op.get("op") == "void_round":  # as live: the cards not read went aside with the round
            self._replay_many = {}
            self._replay_unread = self._replay_typed_open = 0
            self._replay_unread_frames, self._replay_asks = [], set()
            keep = tuple(a for a in self._snap.alerts if hold_of_alert(a.code) is None)
            if keep != self._snap.alerts:
                self._publish(replace(self._snap, alerts=keep))
        elif op.get("op") in ("new_shoe", "new_deck") and error is None:  # as live (_end_holds): the old shoe's
            self._replay_many = {}
            self._replay_unread = self._replay_typed_open = 0           # alerts go (rev22: CUT CARD OUT stayed)
            self._replay_unread_frames, self._replay_asks = [], set()
            keep = tuple(a for a in self._snap.alerts if a.code.split(":")[0] in FOUND_AGAIN)
            if keep != self._snap.alerts:
                self._publish(replace(self._snap, alerts=keep))
        elif op.get("op") in self.WAITS_END_OPS and error is None:
            self._replay_round_end()
        if op.get("op") in ("burn_unseen", "skip_burn") and isinstance(op.get("burned_unread"), int) and error is None:
            self._replay_burned_unread(op["burned_unread"])
        if op.get("op") == "hold" and error is None:
            # A card after the round, held as such (typed: the correction of the read of that frame): its read is
            # placed, as live (qaAV F4: it stayed queued, and was shown held for good).
            typed = op.get("source") == "keyboard"
            if not typed or op.get("seq") is not None:
                self._replay_reads.settled(None if typed else op.get("source"), op.get("seq"))
        if op.get("op") != "card" or error is not None:
            return
        corrected = None
        if op.get("source") == "keyboard" and op.get("held_for"):  # typed in a held read's place (its correction)
            corrected = self._replay_reads.settled(None, op.get("seq"))
        if op.get("source") == "keyboard":  # qaR F6: a typed card looked like one the shoe read
            # A card typed while a wait's alert stood and no read was held yet answers no read, but it is the card
            # that alert asked for, not one typed at the table for no reason (it had said "typed at the table").
            asked = [a.title for a in self._snap.alerts if hold_of_alert(a.code) is not None]
            self._publish(replace(self._snap, message=f"{_card_label(op)} TYPED by the croupier (K), not read: "
                                  + ("the card missing before a held read, or a correction of one"
                                     if op.get("answers") else f"the card {' / '.join(asked)} asked for"
                                     if asked else "typed at the table")))
            # As live (_typed_in_place): the card a one-card wait asked for is in place, so its alerts go, unless
            # a wait for several cards stands too (verS N2: UNREADABLE CARD stayed up after the card was typed).
            waits = {hold_of_alert(a.code) for a in self._snap.alerts} - {None}
            if op.get("seq") is not None or op.get("held_for"):
                # Typed for a read waiting by itself (unsure, doubted), in its place: it ends no wait (the read's
                # frame number says so, or with a reader that numbers none, its held_for: noseq-262).  Answered as
                # Enter answers it (_answered), with no wait standing the waits' alerts settle: a typed card's CARD
                # REFUSED, the one such alert that stands with none (bj-80: it stayed up; bj-643: a wait stood).
                if corrected is not None and self._replay_typed_refused and waits == {AFTER_A_REFUSAL} \
                        and not (self._replay_unread or self._replay_unread_frames or self._replay_dropped
                                 or self._replay_asks):
                    self._publish(replace(self._snap, alerts=tuple(
                        a for a in self._snap.alerts if hold_of_alert(a.code) is None)))
                return
            # Typed while a read is held, it is the card that read waits for, of its reader (enter_card), not the first
            # card any reader missed; with none of its reader's standing, the card its reader asked about (two-16).
            held = self._replay_reads.first() if op.get("answers") else None
            behind = [f for f in self._replay_unread_frames if held is not None and (f[0], f[1]) in held.behind]
            newer = [f for f in self._replay_unread_frames  # a shoe's (a camera's newer wait replaces the older)
                     if held is not None and not reads_again(held.source) and f[0] == held.source
                     and (f[0], f[1]) not in held.behind]
            if held is not None and not newer and any(
                    f[0] == held.source and (f[0], f[1]) not in held.behind for f in self._replay_unread_frames):
                return  # its camera missed a card since the read was held: as live, the card counts for neither wait
            if held is not None and not behind and self._replay_dropped_due.get(held.source):
                # The card of a read dropped before it (Del), untyped: as live (_typed_while_held, _own_due), the card
                # counts for it, not for one its shoe left unplayed after the read (fixR41: Enter on the read then
                # took UNREADABLE CARD down, the newer card still untyped).
                self._replay_dropped_due[held.source] -= 1
                self._replay_typed_dropped[self._placed_count] = held.source
                if newer:
                    return
            if newer and behind:
                # Its reader missed a card since the read was held: as live (_typed_while_held, _own_due), the card
                # counts first for those missing before the read, and ends no wait (fuzz_shoe 15: 9S, ??, 2C held,
                # ??, then 5C and 3D typed; the replay counted them for neither wait and kept UNREADABLE CARD up).
                first = behind[0]
                self._replay_unread_frames = [f for f in self._replay_unread_frames if f is not first]
                self._replay_unread = max(0, self._replay_unread - 1)
                self._replay_typed_frames[self._placed_count] = self._replay_typed_late[self._placed_count] = first
                self._replay_typed_open += 1
                self._replay_typed[self._placed_count] = (0, ())
                return
            if newer:
                if held.many is not None or not any(
                        (f[0], f[1]) in held.behind and self._replay_typed_late.get(n) == f
                        for n, f in self._replay_typed_frames.items()):
                    # Held behind lost frames or a double feed, a card typed may be one more of theirs: as live
                    # (_typed_while_held), never the newer wait's (fixR42).
                    # No card was typed for the read's own since the newer card was missed (rev39 R2: also those typed
                    # before it counted here): as live (_typed_while_held), it counts for neither wait.
                    return
                behind = newer[:1]  # those typed, it is the newer wait's card (_typed_while_held)
            for_ask = held is not None and not behind and held.source in self._replay_asks
            if held is not None and not behind and not for_ask and self._replay_unread_frames:
                # Its reader's cards are all typed: as live (enter_card), it counts for no other reader's card, and
                # their waits stand (two-1289, two-1661: the replay took another camera's card as typed).
                return
            if for_ask:
                self._replay_asks.discard(held.source)
            else:
                self._replay_unread = max(0, self._replay_unread - 1)
                first = behind[0] if behind else self._replay_unread_frames[0] if self._replay_unread_frames else None
                self._replay_unread_frames = [f for f in self._replay_unread_frames if f is not first]
                if first is not None:
                    self._replay_typed_frames[self._placed_count] = first
                    self._replay_typed_late.pop(self._placed_count, None)
            # Another reader's ask still standing keeps them all up, as live (_settle_hold_alerts: two-279).
            if (waits and waits - {AFTER_A_GAP, AFTER_A_DOUBLE_FEED} <= set(ONE_CARD_HOLDS) and not self._replay_many
                    and not self._replay_unread and not self._replay_dropped and not self._replay_asks):
                if waits == {AFTER_A_REFUSAL} and self._replay_typed_refused:
                    # The alert of a typed card refused, no wait's: live took it down (_settle_hold_alerts) and the
                    # card ended no wait, so a void of it brings none back (bj-439, bj-461).
                    self._publish(replace(self._snap, alerts=tuple(
                        a for a in self._snap.alerts if hold_of_alert(a.code) is None)))
                    return
                self._replay_typed[self._placed_count] = (
                    self._replay_typed_open + 1, tuple(a for a in self._snap.alerts if hold_of_alert(a.code) is not None))
                self._replay_typed_open = 0
                self._publish(replace(self._snap, alerts=tuple(
                    a for a in self._snap.alerts if hold_of_alert(a.code) is None)))
            elif self._replay_unread and not for_ask:
                self._replay_typed_open += 1
                self._replay_typed[self._placed_count] = (0, ())
        else:  # a reader's card played: the waits the table had settle as live (their alerts go unjournaled)
            source = op.get("source")
            taken = self._replay_reads.settled(source, op.get("seq"))
            after = self._unread_after(op if taken is None or taken.frame is None else {**op, "seq": taken.frame})
            self._replay_read_answered(source, taken, after, op.get("held_for") in HOLDS and op.get("confirmed"),
                                       answered=bool(op.get("held_for")))

    def _replay_many_alert(self, note: dict) -> None:
        """In a replay, an alert that opened a wait for cards that may be several (FRAMES LOST, a double feed): as live,
        lost frames open a wait of their own; a double feed too, but right behind such a wait with no read taken under
        it, it is one more of its cards (_hold_next)."""
        left = held_by_alert(note)
        if left is None or left[1] not in (AFTER_A_GAP, AFTER_A_DOUBLE_FEED):
            return
        source, why = left
        held = self._replay_reads.first()
        standing = self._replay_many.get(source)
        if (why == AFTER_A_DOUBLE_FEED and standing is not None
                and not (held is not None and held.source == source and held.many == standing[0])):
            return
        before = standing is None or held is not None and held.source == source and held.many == standing[0] or (
            standing[0] in self._replay_many_before)
        self._replay_many_opened += 1
        self._replay_many[source] = (self._replay_many_opened, why)
        waiting = frozenset(read.seq for read in self._replay_reads.queued() if read.behind is None
                            and read.source == source and isinstance(read.seq, int))
        if before and waiting and not reads_again(source):
            self._replay_many_before[self._replay_many_opened] = (
                self._replay_many_before.get(standing[0], waiting) if standing is not None else waiting)

    def _replay_behind(self, read: QueuedRead) -> tuple[Unread, ...]:
        """In a replay, the cards its reader could not read that the read ``read``, taken now, waits for: those standing,
        but a shoe's reported after it, which came while it waited its turn and are due after it, as live
        (_split_wait), under a wait for lost frames or a double feed before it too (fixR48: live split it since),
        unless it was taken as the read before it was refused (live: it waits for them all; rev41 F3)."""
        frames = tuple((f[0], f[1]) for f in self._replay_unread_frames if f[0] == read.source)
        if reads_again(read.source) or read.seq is None or read.frame is None or read.after_refusal:
            return frames
        return tuple(f for f in frames if not 0 < (f[1] - read.frame) % 65536 < 32768)

    def _unread_after_read(self, read: Optional[QueuedRead]) -> bool:
        """Whether its shoe could not read a card after the read ``read``, still due, that ``read`` does not wait for
        (a newer wait, of its own: not one of lost frames' or a refusal's wait it was taken under whole)."""
        return read is not None and read.frame is not None and any(
            f[0] == read.source and 0 < (f[1] - read.frame) % 65536 < 32768 and (f[0], f[1]) not in (read.behind or ())
            for f in self._replay_unread_frames)

    def _replay_burned_unread(self, count: int) -> None:
        """In a replay, B or Shift+B settled ``count`` cards left unplayed as burn cards: as live (_burn_done), those
        before the read held come first, then the oldest; with none left due, the waits' alerts go (rev38 R5: the
        replay kept UNREADABLE CARD up after B, where the live table and a restart took it down)."""
        held = self._replay_reads.first()
        frames = self._replay_unread_frames
        ordered = [f for f in frames if held is not None and (f[0], f[1]) in held.behind]
        ordered += [f for f in frames if f not in ordered]
        burned = ordered[:count]
        self._replay_unread_frames = [f for f in frames if f not in burned]
        if count > len(burned):  # as live (_unplayed_waits): a shoe's read dropped among them went with the burn
            self._replay_dropped = {source for source in self._replay_dropped if reads_again(source)}
            self._replay_dropped_due = {}
        # As live (_burn_done): a shoe's wait left by Del ends once the cards it counted were all burned (fuzz: FRAMES
        # LOST, Del, ??, Shift+B; the replay kept FRAMES LOST and UNREADABLE CARD up).
        self._replay_dropped = {source for source in self._replay_dropped if reads_again(source) or not any(
            f[0] == source for f in burned) or any(f[0] == source for f in self._replay_unread_frames)
            or self._replay_dropped_due.get(source)}
        # A card to type in place is no UNREADABLE CARD's (see _replay_read_answered); one refused has no frame.
        self._replay_unread = max(0, self._replay_unread - sum(1 for f in burned if not f[2])
                                  - (count - len(burned)))
        self._replay_typed_open = 0
        if (self._replay_unread_frames or self._replay_unread or self._replay_dropped or self._replay_asks
                or self._replay_many):  # lost frames' wait stands too (fuzz: ??, FRAMES LOST, more lost, Shift+B)
            return
        keep = tuple(a for a in self._snap.alerts if hold_of_alert(a.code) is None)
        if keep != self._snap.alerts:
            self._publish(replace(self._snap, alerts=keep))

    def _replay_read_answered(self, source: Any, taken: Any, after: list[tuple[str, int, bool]],
                              entered: bool, answered: bool = True) -> None:
        """In a replay, the read ``taken`` of ``source`` was played, or answered by Enter (``entered``): the cards its
        reader could not read before it are no longer due, nor those ``after`` it that it was held behind when Enter
        answered it, and the waits' alerts settle as live, once the read waited for the croupier (``answered``): a
        read played as it came settles none (bj-167: a typed card's CARD REFUSED went at the next card read)."""
        if taken is not None and taken.behind and entered:
            # Held under its reader's wait when taken, Enter ended it, for the cards unread after it too (one-78).
            after = [f for f in after if (f[0], f[1]) not in taken.behind]
        left = [f for f in self._replay_unread_frames if f[0] != source] + after
        self._replay_unread_frames, self._replay_typed_open = left, 0
        self._replay_unread = sum(1 for f in left if not f[2])
        self._replay_asks.discard(source)  # a read held under its ask, played: the ask is answered
        self._replay_dropped.discard(source)
        self._replay_dropped_due.pop(source, None)
        if taken is not None and taken.many is not None and self._replay_many.get(source, (None,))[0] == taken.many:
            del self._replay_many[source]  # as live (_end_hold_of): the wait it was held under, not a newer one
        # A read held behind an unread card and played in its place (Enter) leaves the wait of a card its reader
        # could not read after it (or another reader's) standing, and with it, as live, every wait's alert
        # (_settle_hold_alerts); an ask only while one stands (_drop_answered_ask).  They had all gone.
        keep = tuple(a for a in self._snap.alerts if hold_of_alert(a.code) is None or not answered
                     or (a.code == TYPED_UNREAD and self._replay_asks)
                     or (a.code != TYPED_UNREAD and (left or self._replay_dropped or self._replay_many)))
        if keep != self._snap.alerts:
            self._publish(replace(self._snap, alerts=keep))

    def _replay_show_held(self, entry: Optional[tuple[str, int]] = None) -> None:
        """In a replay, the read the table held for the croupier at this point of the record, and those waiting
        behind it, shown as the table showed them (CONFIRM CARD, its strip): as a restart on the journal up to the
        ``entry`` just replayed (path, seq) shows them (:meth:`_restore_holds`, on a blank table of this one's
        state).  Where that restart says only that the table stopped before the read was placed (no stop here), or
        without the journal, built as a restart builds them (:meth:`_wait_again`) from their ``card_read`` entries,
        why the first waited as the journal said when it was answered (replay._HeldReads).  qaAV F4: a replay showed
        no held read until it was played, and one held at the journal's end not at all."""
        reads = [r for r in self._replay_reads.queued() if r.entry]
        first = reads[0] if reads and reads[0].behind is not None else None
        if first is None or first.entry.get("played_as_read"):
            self._replay_holds_none()
            return
        restarted = self._restarted_at(entry) if entry is not None else None
        if restarted is not None and restarted.pending is not None and restarted.pending.doubt != READ_BEFORE_A_STOP:
            self._replay_held_as(restarted)  # as a restart there ("read just before the table stopped": live, none)
            return
        if entry is not None and not isinstance(first.entry.get(HELD_AS), str):
            # Answered by no entry and held by no restart there: shown as the restart shows it, not waiting.
            self._replay_holds_none()
            return
        why = first.entry.get(HELD_AS)
        why = str(first.entry.get("doubt") or "") if not isinstance(why, str) else "" if why.startswith(
            UNSURE_READ) else why  # an unsure read: the banner asks "is it ...?"
        self._wait_again([({**first.entry, "doubt": why}, None), *((r.entry, None) for r in reads[1:])], {})
        self._pending_hold = None  # the replay keeps no live waits

    def _replay_holds_none(self) -> None:
        if self._snap.pending is not None or self._snap.waiting:
            self._publish(replace(self._snap, pending=None, waiting=(), typed_before=(), typed_for=None, cards_due=0))

    def _replay_held_as(self, restarted: Any) -> None:
        """The reads held as the snapshot ``restarted`` of a restart shows them."""
        self._publish(replace(self._snap, pending=restarted.pending, waiting=restarted.waiting,
                              typed_before=restarted.typed_before, typed_for=restarted.typed_for,
                              cards_due=restarted.cards_due))

    def _restarted_at(self, entry: tuple[str, int]) -> Any:
        """The snapshot a restart on journal ``entry[0]`` up to its entry ``entry[1]`` shows (of a blank table given
        this one's state: the reads held, rebuilt by :meth:`_restore_holds`), or None if the journal is gone."""
        from dealer_assist.table.journal import Journal, JournalError

        blank = self._blank()
        try:
            blank._publish(replace(blank._snap, state=self._snap.state))
            with Journal.open(entry[0], readonly=True) as journal:
                blank._restore_holds(_JournalUpTo(journal, entry[1]))
            return blank.snapshot
        except (JournalError, OSError):
            return None
        finally:
            blank.close()

    def _replay_end(self, event: RecordedEnd) -> None:
        """The record played to its end: the reads held then are shown as a restart on that journal shows them, the
        journal read up to the last entry replayed: a read still held when the journal ends was answered by no
        entry that says why it waited (qaAV F4)."""
        if not self._snap.replay:
            return
        restarted = self._restarted_at((event.path, event.last_seq))
        if restarted is None:  # gone since the replay read it: as the record's entries say
            self._replay_show_held()
        else:
            self._replay_held_as(restarted)

    def _replay_many_of(self, read: Any) -> bool:
        """Whether the replay's read ``read`` was taken under its reader's wait for cards that may be several (lost
        frames, a double feed), and that wait still stands (:attr:`_replay_many`)."""
        return read.many is not None and self._replay_many.get(read.source, (None,))[0] == read.many

    def _replay_round_end(self) -> None:
        """As live (_end_round_holds) at the game's round end: no read waits any more for a card missing before it but
        the read held for the croupier, whose wait stays; with none, the waits' alerts go (rev33 R4: baccarat's
        UNREADABLE CARD of a read dropped stayed up in the replay, as blackjack's at its deck check)."""
        held = self._replay_reads.first()
        if held is not None and held.source in self._replay_many and not self._replay_many_of(held):
            held = None  # as live: a newer wait of its reader (frames lost after it) replaced its own, and ends too
        elif held is not None and not reads_again(held.source) and self._unread_after_read(held):
            held = None  # so does one for a card its shoe could not read after it (rev41: UNREADABLE CARD stayed up)
        kept = held.source if held is not None else None
        # Its own: a card its reader missed after it opened a newer wait, which ends (fuzz: ??, TC held, its card typed,
        # ??, N; live took UNREADABLE CARD down at N, the replay kept it up).
        self._replay_unread_frames = [f for f in self._replay_unread_frames
                                      if held is not None and f[0] == kept and (f[0], f[1]) in held.behind]
        self._replay_asks = {source for source in self._replay_asks if source == kept}
        self._replay_many = {source: many for source, many in self._replay_many.items()
                             if held is not None and source == kept and many[0] == held.many}
        if held is not None and (self._replay_unread_frames or self._replay_asks or self._replay_many):
            return
        self._replay_unread = self._replay_typed_open = 0
        keep = tuple(a for a in self._snap.alerts if hold_of_alert(a.code) is None)
        if keep != self._snap.alerts:
            self._publish(replace(self._snap, alerts=keep))

    def _replay_due_again(self, source: str, seq: int, why: bool = False) -> None:
        """The card ``source`` could not read at frame ``seq`` is due again (its ask answered No, or the card typed for
        it voided): noted unread, before the cards that source could not read after it."""
        frames = self._replay_unread_frames
        at = next((n for n, f in enumerate(frames) if f[0] == source and 0 < (f[1] - seq) % 65536 < 32768),
                  len(frames))
        self._replay_unread_frames = [*frames[:at], (source, seq, why), *frames[at:]]

    def _unread_after(self, op: dict) -> list[tuple[str, int, bool]]:
        """Of the cards noted unread in a replay, those its reader reported after the card ``op`` played (by frame
        number, which a shoe's count wraps at 65536; a restart of the table, whose camera counts from 1 again, ends
        the list: see _replay_note)."""
        source, seq = op.get("source"), op.get("seq")
        if not isinstance(source, str) or not isinstance(seq, int):
            return []
        return [f for f in self._replay_unread_frames if f[0] == source and 0 < (f[1] - seq) % 65536 < 32768]

    def _replay_renumber(self) -> None:
        """A restart of the table: its cameras count frames from 1 again.  The cards unread and reads before it keep
        their order, numbered just before the new count (each reader's last as 0), so that a read or card unread
        after it comes after them all (fuzz_rs 303: the replay forgot the cards unread before a restart, and took
        UNREADABLE CARD down where the live table kept the wait of a card unread after the read held)."""
        for source, last in self._replay_last_frame.items():
            def moved(seq: int, source: str = source, last: int = last) -> int:
                return (seq - last) % 65536
            self._replay_unread_frames = [(f[0], moved(f[1]), f[2]) if f[0] == source else f
                                          for f in self._replay_unread_frames]
            self._replay_typed_frames = {n: (f[0], moved(f[1]), f[2]) if f[0] == source else f
                                         for n, f in self._replay_typed_frames.items()}
            if source in self._replay_ask_seq:
                self._replay_ask_seq[source] = moved(self._replay_ask_seq[source])
            self._replay_reads.renumber(source, moved)
        self._replay_last_frame = {source: 0 for source in self._replay_last_frame}

    def _replay_frame(self, source: str, seq: Optional[int]) -> int:
        """The number that orders a read or card unread of ``source`` among its others in a replay: its frame number,
        or for a reader that numbers none (a ``plain`` shoe's lines), its count in the journal (fuzz noseq-15: with no
        frame numbers the replay kept no card unread, and took UNREADABLE CARD down where the live table kept it)."""
        if seq is not None:
            self._replay_last_frame[source] = seq
            return seq
        self._replay_unnumbered[source] = self._replay_unnumbered.get(source, 0) + 1
        return self._replay_unnumbered[source]

    def _replay_note(self, event: RecordedNote) -> None:
        """A journaled entry that is no operation, shown in a replay as the table showed it (qaR F6)."""
        if not self._snap.replay:
            return
        note, snap = event.note, self._snap
        kind = note.get("kind")
        if kind == "alert" and isinstance(note.get("code"), str):
            # What the table was told to do, said as such: a replay takes no key of the table's (qaAI F6: its bars
            # read "Enter if right, Del if not" and "type any further cards (K)" as if asking now).
            action = str(note.get("action") or "")
            alert = Alert(note["code"], str(note.get("level") or "error"), str(note.get("title") or ""),
                          str(note.get("text") or ""), f"at the table: {action}" if action else "", self._clock())
            self._replay_many_alert(note)
            if alert.code == "unplaced":  # a restart named the reads left and waits for none of them (_restore_holds)
                self._replay_reads.clear()
            elif alert.code == "unreadable":
                # As many as it says are due ("2 cards could not be read or were refused": a refused read's
                # card with it, rev20 F5), else one more.
                said = re.search(r"(\d+) cards could not be read", alert.action)
                self._replay_unread = max(self._replay_unread + 1, int(said.group(1)) if said else 0)
            self._publish(replace(snap, alerts=self._with_alert(alert)))
        elif kind == "card_read" and isinstance(note.get("source"), str):
            seq = note.get("source_seq")
            seq = seq if isinstance(seq, int) else None
            self._replay_reads.read(note["source"], seq, self._replay_frame(note["source"], seq), note)
        elif kind == "card_refused" and isinstance(note.get("source"), str):
            self._replay_typed_refused = note["source"] == "keyboard"
            if left_unplayed(kind, note) is not None:  # as live (_hold_next): its wait replaces the ask's (bj-156)
                self._replay_asks.discard(note["source"])
            # As live (_hold_next at the refusal): the read taken next waits under the refusal's wait, not split.
            refused = self._replay_reads.refused(note["source"], left_unplayed(kind, note) is not None
                                                 and not note.get("held"))
            if refused is not None and (refused.behind or refused.source in self._replay_dropped
                                        or self._replay_many_of(refused)):
                # Held under its reader's wait (a card unread, a read dropped, frames lost), then Enter, and the rules
                # refused the card (held, a no-bet hand's): as live (_answered), Enter ended the wait all the same
                # (two-618: UNREADABLE CARD stayed up; rev40 F4: FRAMES LOST did).
                self._replay_read_answered(refused.source, refused, self._unread_after(
                    {"source": refused.source, "seq": refused.frame}), True)
            if left_unplayed(kind, note) == (note["source"], AFTER_A_REFUSAL) and not note.get("held"):
                # As live (_hold_next): the card refused is a card due, the one its reader's wait asks to type, or
                # one more than those due (another reader's, or a shoe's card unread before it, which it never
                # reads again); a camera's own card unread before it it may read again, so its wait replaces that
                # one's (bj-957: a void brought back the wait the card typed had ended, and the replay counted one
                # card due where live counted two, so the next card typed took both alerts down).
                source = note["source"]
                again = reads_again(source) and any(f[0] == source for f in self._replay_unread_frames)
                self._replay_unread = max(self._replay_unread, 1) if again else self._replay_unread + 1
        elif kind == "card_unreadable" and isinstance(note.get("source"), str):
            seq = note.get("source_seq")
            frame = self._replay_frame(note["source"], seq if isinstance(seq, int) else None)
            if note.get("typed_for_it"):
                self._replay_asks.add(note["source"])
                self._replay_ask_seq[note["source"]] = frame
            else:
                self._replay_unread_frames.append((note["source"], frame, bool(note.get("why"))))
                held = self._replay_reads.first()
                if (not note.get("why") and held is not None and held.source == note["source"]
                        and held.many is not None and self._replay_many.get(held.source, (None,))[0] == held.many
                        and not reads_again(held.source)):
                    del self._replay_many[held.source]  # as live (_hold_next): a wait of its own replaces it
        elif kind == "alert_dismissed":
            codes = {c for c in note.get("codes") or () if isinstance(c, str)}
            if "unreadable" in codes:
                self._replay_unread = 0
                self._replay_unread_frames = []
            if TYPED_UNREAD in codes and note.get("typed_right") is False:
                # Del on the ask, or the card typed for it voided: as live (_open_hold), the card it asked about is
                # due, its camera's next read waits for it (two-780: another camera's read took the wait down).
                held = self._replay_reads.first()
                for source in self._replay_asks:
                    if source in self._replay_ask_seq:
                        self._replay_due_again(source, self._replay_ask_seq[source])
                        if held is not None and held.behind is not None and held.source == source:
                            # As live (_ask_again): its read held under the ask waits for that card now, and a card
                            # typed is that card (rs-333: the replay counted it for none, UNREADABLE CARD stayed).
                            held.behind = (*held.behind, (source, self._replay_ask_seq[source]))
            if TYPED_UNREAD in codes:
                self._replay_asks = set()
            if "gap" in codes:  # as live (dismiss): the gaps' waits end
                self._replay_many = {s: m for s, m in self._replay_many.items() if m[1] != AFTER_A_GAP}
            self._publish(replace(snap, alerts=tuple(a for a in snap.alerts if a.code not in codes)))
        elif kind == "read_dropped":
            seq = note.get("source_seq")
            doubt = note.get("doubt")
            if note.get("source") in self._replay_many and not (doubt and (
                    doubt in (self.NEW_SHOE_FIRST_WAITS, self.BURNED_BEHIND_DOUBT) or doubt in SAME_CARD_DOUBTS)):
                # As live (_hold_for_dropped): the card dropped came before the reads waiting, which wait for it too.
                self._replay_many_before.pop(self._replay_many[note["source"]][0], None)
            dropped = self._replay_reads.settled(note.get("source"), seq if isinstance(seq, int) else None)
            if note.get("waits_for_cards") is True and isinstance(note.get("source"), str):
                self._replay_dropped.add(note["source"])  # as live (_hold_for_dropped): the wait is for cards now
                if self._replay_many.get(note["source"], (None, ""))[1] == AFTER_A_GAP:
                    del self._replay_many[note["source"]]  # lost frames' wait too: the Del wait replaces it
                # Its card one more due, as live (_hold_for_dropped), behind lost frames too once their wait counted
                # cards left unplayed before them (fuzz: ??, FRAMES LOST, Del, 9C held, ??: the replay counted the
                # second card typed for the newer ??, and took its UNREADABLE CARD down at Enter on 9C).
                counted = note.get("doubt") == AFTER_A_GAP and dropped is not None and bool(dropped.behind) and any(
                    (f[0], f[1]) in dropped.behind for f in self._replay_unread_frames)
                if not reads_again(note["source"]) and (note.get("doubt") in DRAWN_ONCE or counted or (
                        note.get("doubt") == AFTER_DROPPED and self._unread_after_read(dropped))):
                    # under a Del wait too once its shoe missed a card after it, whose wait the live table's Del
                    # replaces (rev41 F2: a card typed then went for that later card)
                    self._replay_dropped_due[note["source"]] = self._replay_dropped_due.get(note["source"], 0) + 1
                taken = self._replay_reads.first()
                if taken is not None and taken.source == note["source"]:
                    # As live (_hold_for_dropped): taken under the Del wait, which, replacing a refusal's wait, is for
                    # all the cards its shoe could not read, those after it too (rev41 F3, bj seed 7004).
                    taken.after_refusal = taken.after_refusal or dropped is not None and dropped.after_refusal
                    taken.behind = self._replay_behind(taken)
            if note.get("doubt") == AFTER_TYPED_UNREAD:  # as live (_drop_answered_ask): no Enter or Del on it now
                self._replay_asks.discard(note.get("source"))
                if not self._replay_asks:  # another reader's ask stands under the same alert
                    snap = replace(snap, alerts=tuple(a for a in snap.alerts if a.code != TYPED_UNREAD))
            self._publish(replace(snap, message=f"{_card_label(note)} read by {note.get('source')} and DROPPED at "
                                  + ("the table as the same card moved (or put back): not dealt again"
                                     if note.get("moved_from") or note.get("after_round")
                                     else "the table (Del): not dealt")))
        elif kind == "table_started":
            self._replay_renumber()
            self._publish(replace(snap, alerts=self._with_alert(Alert(
                "table_started", "info", "TABLE STARTED AGAIN", restarted_text(note), "none", self._clock()))))
