"""What a restart rebuilds from the journal beyond the table's state: the reads that waited, and why.

Holds are not journaled as such: what opened and ended them since the shoe
began is played again through the live rules, so that the restarted table
waits for exactly what the live one did.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Any, Optional

from dealer_assist.cards import Card, InvalidCardError, parse_card
from dealer_assist.events import YIELDING_DOUBTS, CardRead
from dealer_assist.table.alert import Alert
from dealer_assist.table.another_shoe import reported
from dealer_assist.table.holds import (AFTER_A_GAP, AFTER_A_MISDRAW, AFTER_A_RESTART, AFTER_AN_UNREADABLE,
                                       AFTER_RESTART_ACTION, AFTER_TYPED_UNREAD, PARKED, TYPED_THEN_READ, TYPED_UNREAD,
                                       TYPED_WHILE_DOWN, TYPED_WHILE_UNHEARD,
                                       HOLDS, ONE_MISSING_CARD, PLACED_KINDS, places_a_card, READ_BEFORE_A_STOP,
                                       RUN_HOLDS, LOST_FRAMES_ASKED, corrects_a_read, held_by_alert, hold_of_alert,
                                       left_unplayed, DRAWN_ONCE, SET_ASIDE_UNREAD, reads_again, places_a_read)
from dealer_assist.table.session_unread import TYPED_BEFORE_ASK
from dealer_assist.table.session_waits import CONFIRM_BELOW, EndedWait
from dealer_assist.table.standing_alerts import standing_alerts


def _waits_by_itself(read: dict) -> bool:
    """Whether a journaled read waited for the croupier whatever the table held (unsure, or doubted by its
    source), as :meth:`SessionCore._take` has it: its place answers the croupier, not a read played as it came."""
    confidence = read.get("confidence")
    return bool(read.get("doubt") or read.get("candidates")) or not (
        isinstance(confidence, (int, float)) and confidence >= CONFIRM_BELOW)


def _waited_under(read: dict, hold: Optional[int], whys: dict[int, str]) -> str:
    """Why a journaled read waited: its own doubt, or the hold it was taken under (a camera's doubt of its
    set-up, or of a card read where it asked for one, yields to that hold, see
    :data:`~dealer_assist.events.YIELDING_DOUBTS`)."""
    doubt = read.get("doubt") or ""
    if hold is not None and doubt in YIELDING_DOUBTS:
        return whys.get(hold, "")
    return doubt


def _written_at(entry: Any) -> float:
    """When a journal entry was written (seconds since the epoch; 0.0 if its time is not one this program writes)."""
    try:
        return datetime.fromisoformat(str(entry.time).replace("Z", "+00:00")).timestamp()
    except ValueError:
        return 0.0


def _parsed(code: Any) -> Optional[Card]:
    """The card a journal payload's code names, or None for a code that is no card."""
    try:
        return parse_card(code) if isinstance(code, str) else None
    except InvalidCardError:
        return None


class RestartRestoring:
    """The holds a restart of :class:`~dealer_assist.table.session_core.SessionCore` restores: a mixin of its own,
    as it reads the journal where the rest of the session writes it."""

    def _restore_holds(self, journal: Any) -> None:
        """Restore what made reads wait when the table stopped (holds are not journaled as such).

        What opened and ended holds since the shoe began is played again through the live rules:
        a card that left a source unplayed (refused, unreadable, a read dropped with Del, lost frames,
        a double feed), a card typed, a read answered, Esc on FRAMES LOST, a round's end
        (:attr:`HOLDS_END_AT`).  So each source's next read waits as it would have (QA: after a
        restart the next read took a missing card's place), and the alerts that explain the waits are
        shown again.  Cards a source read that were never placed (an unsure read, or one held for the
        croupier, is placed only when answered) wait for the croupier again (:meth:`_wait_again`).  The cards
        typed ahead of a camera (with when, from the journal's times) answer its next read or ask as live
        (rev31 R6: restarted a moment after a card was typed, the camera's ask for it asked for it again)."""
        kinds = (*PLACED_KINDS, "read_dropped", "card_unreadable", "shoe_start", "alert", "alert_dismissed",
                 "correction", LOST_FRAMES_ASKED, "link", *(k for k, _ in self.HOLDS_END_AT))
        entries: list[tuple[str, dict]] = []
        written: dict[int, float] = {}  # when each entry was written, by id of its payload
        for entry in journal.entries_where("kind = 'card_read' OR kind IN (%s)" % ", ".join("?" * len(kinds)),
                                           kinds, newest_first=True):
            entries.append((entry.kind, entry.payload))
            written[id(entry.payload)] = _written_at(entry)
            if entry.kind == "shoe_start":  # reads before it were dropped by name at it
                break
        queue: list[tuple[dict, Optional[int]]] = []  # reads not placed yet, each with the hold it waits under
        whys: dict[int, str] = {}  # why each of those holds waits (the first read's doubt, see _wait_again)

        def taken(read: dict, refused: bool = False) -> Optional[int]:
            # Its hold's why as it was: taking the read may split that wait, the cards after it a newer one (as live:
            # _take words the read before _split_wait; a restart gave it the newer wait's UNREADABLE CARD words).
            why = self._hold_of.get(read.get("source"), ("", 0))[0]
            hold = self._hold_taken(read, refused)
            if hold is not None:
                whys[hold] = self._held_why.get(hold, why)
            return hold

        def hold_next(source: str, why: str, seq: Any = None) -> None:  # as live: the read first waits under its hold
            self._pending_hold = queue[0][1] if queue else None
            self._hold_next(source, why, seq if isinstance(seq, int) else None)

        def refused_next(source: str, why: str, retake: bool) -> None:
            """As live: a read refused at Enter opens its wait before the read waiting next is taken, and counts the
            card of the wait that read was taken under here (a one-card wait's, or one more due to lost frames, a
            double feed or a read dropped: fixR46, a restart opened a CARD REFUSED wait of its own after them); unless
            that read came before a card its shoe could not read (or refused) since: it waits for the card refused
            alone, and that card's wait stays for the reads after it (rev40 F1, fixR52: :attr:`_refusal_first`; not a read
            that came after that card, rev42 R42-9)."""
            hold = self._hold_of.get(source)
            before = hold is not None and bool(queue) and self._read_came_before(queue[0][0].get("source_seq"), hold[1])
            if (queue and hold is not None and hold[0] in ONE_MISSING_CARD and why in (*DRAWN_ONCE, AFTER_A_MISDRAW)
                    and not reads_again(source) and hold[1] in self._read_between and queue[0][1] == hold[1]
                    and queue[0][0].get("source") == source and before):
                self._holds_opened += 1
                if why in DRAWN_ONCE:
                    self._cards_due[self._holds_opened] = 1
                queue[0] = (queue[0][0], self._holds_opened)
                whys[self._holds_opened] = why
                return
            under = (bool(queue) and hold is not None and hold[0] in (*ONE_MISSING_CARD, *RUN_HOLDS)
                     and why in DRAWN_ONCE
                     and not reads_again(source) and queue[0][1] == hold[1] and queue[0][0].get("source") == source)
            if under and hold[1] in self._read_between and before:
                hold_next(source, why)
                return
            if under:
                self._pending_hold = None
                # As live, where the read refused was the one held: every read queued after it waits behind it (fuzz bac
                # --heartbeats 579: the second of two refusals counted as a card after the read it came before).
                self._restore_queue = [({}, None), *queue]
                try:
                    self._hold_next(source, why)
                finally:
                    self._restore_queue = queue
            else:
                hold_next(source, why)
            if queue and (under or retake):
                queue[0] = (queue[0][0], taken(queue[0][0]))

        alerts: dict[str, dict] = {}  # the alerts that explain a hold, by code
        typed_at: dict[str, list[int]] = {}  # where the cards typed of each code were placed (_placed_count)
        asked_again: Optional[EndedWait] = None  # a card typed for a camera's ask, voided: asked for at the next entry
        typed: list[Card] = []  # the cards typed for the missing ones the first read waiting is held behind
        self._hold_of, self._cards_due, self._typed_for_open, self._ended, self._placements = {}, {}, {}, {}, []
        self._placed_count = 0
        self._due_for_held = self._held_due_typed = None
        self._typed_loose, reported = [], {}
        self._read_between, self._refusal_first, self._restore_queue = set(), {}, queue
        self._reads_before, self._counted, self._run_after, self._held_why = {}, {}, {}, {}
        self._frames_lost_before, self._refused_next = set(), set()
        refused = False
        refusal: Optional[tuple[str, str]] = None  # a read refused: it holds the next unless it was held after
        asked: Optional[dict] = None  # FRAMES LOST's first Enter on the read waiting first (confirm_pending)
        links: dict[str, str] = {}  # each reader's link as journaled, for the cards typed while it was down
        self._typed_unheard, self._gap_typed, self._last_read_at, self._typed_by_seq = {}, {}, {}, {}
        for kind, payload in reversed(entries):
            if kind == LOST_FRAMES_ASKED:
                asked = payload
                continue
            if kind == "link":
                if isinstance(payload.get("source"), str) and isinstance(payload.get("state"), str):
                    links[payload["source"]] = payload["state"]
                continue
            if kind == "alert" and payload.get("code") == "gap" and isinstance(payload.get("source"), str):
                typed = self._typed_unheard.pop(payload["source"], [])  # as live (_gap_alert)
                if typed or not payload.get("text", "").count(TYPED_WHILE_DOWN):
                    self._gap_typed[payload["source"]] = typed
            settles = False  # whether the live table settled the waits' alerts here (_settle_hold_alerts)
            if places_a_card(kind, payload):  # as live (_write)
                asked_again = None  # its entry comes right after the void, before any card
                self._last_ended = None
                self._placements = [*self._placements[-15:], None]
                self._placed_count += 1
                if payload.get("source") == "keyboard" and isinstance(payload.get("card"), str):
                    typed_at.setdefault(payload["card"], []).append(self._placed_count)
            if kind == "card_unreadable" and isinstance(payload.get("source"), str):
                zone, codes = payload.get("zone"), payload.get("candidates")
                self._note_zone(payload["source"], payload.get("why"),
                                [c for c in codes if isinstance(c, str)] if isinstance(codes, list) else [],
                                zone if isinstance(zone, str) else None)
            elif kind == "card_assigned" and isinstance(payload.get("card"), str):
                self._forget_found(payload["card"])
            elif kind == "correction":
                if self.VOIDS_A_CARD(payload):
                    for places in typed_at.values():  # a card voided is typed for no ask (as live, _typed_loose)
                        if self._placed_count in places:
                            places.remove(self._placed_count)
                    self._pending_hold = queue[0][1] if queue else None  # the read held then (_due_for_held)
                    if typed and self._placements and queue and self._placements[-1] == queue[0][1]:
                        typed.pop()  # as live: the card typed for the read waiting, voided, is no longer named
                    ended = self._card_voided(defer_asks=True)  # as live: a card typed for a wait is due again
                    if ended is not None and ended.asked:
                        asked_again = ended  # done at the entry after it that says so (voided: true)
                        continue
                    for shown in ended.alerts if ended is not None else ():
                        if isinstance(shown, dict):
                            alerts[shown["code"]] = shown
                    # As live (_due_again): only a read taken while no wait stood moves under it; one taken
                    # under a wait, ended since, shows that wait's doubt, not its own (rev31 R6: it moved
                    # under a wait for a card unread after it, and Enter was refused where live played it).
                    if (ended is not None and queue and queue[0][1] is None
                            and queue[0][0].get("source") == ended.source
                            and queue[0][0].get("doubt", "") in YIELDING_DOUBTS):
                        queue[0] = (queue[0][0], ended.number)
                        whys[ended.number] = ended.why
                elif payload.get("op") == "void_round":  # as live (_misdealt): the cards missing went aside
                    waiting_hold = queue[0][1] if queue else None
                    self._hold_of = {s: h for s, h in self._hold_of.items() if h[1] == waiting_hold}
                    self._ended, self._placements = {}, []
                    self._due_for_held = None
                    if not self._hold_of:
                        alerts.clear()
                continue
            if refused and kind == "card_held":  # a card after the round is refused, then held: it holds nothing
                refused, refusal = False, None
                continue
            if refusal is not None:
                refused_next(*refusal, retake=True)
            refused, refusal = kind == "card_refused", None
            if kind == "card_read":
                self._refused_next.discard(payload.get("source"))  # as live (_card_read)
                self._restore_reported(payload, written[id(payload)], reported)
                self._restore_heard(payload)
                if isinstance(payload.get("source"), str) and isinstance(payload.get("source_seq"), int):
                    self._read_at(payload["source"], payload["source_seq"], written[id(payload)])  # as live
                queue.append((payload, taken(payload) if not queue else None))
            elif (kind, payload.get("op")) in self.HOLDS_END_AT or (kind, None) in self.HOLDS_END_AT:
                waiting_hold = queue[0][1] if queue else None
                self._hold_of = {s: h for s, h in self._hold_of.items() if h[1] == waiting_hold}
                self._ended, self._placements = {}, []
                self._due_for_held = None
                settles = True
            elif kind == "alert_dismissed":
                codes = [c for c in payload.get("codes") or () if isinstance(c, str)]
                for code in codes:
                    alerts.pop(code, None)
                if "gap" in codes:
                    self._gaps_looked_at()
                    settles = True
                if "refused" in codes and payload.get("set_aside") is True:  # Del on a misdraw (as live: blackjack)
                    self._hold_of = {s: h for s, h in self._hold_of.items() if h[0] != AFTER_A_MISDRAW}
                    settles = True
                if payload.get("unread") is True and payload.get("set_aside") is True:  # as live (_set_aside_unread)
                    for source in [s for s, h in self._hold_of.items() if h[0] in SET_ASIDE_UNREAD
                                   and not reads_again(s)]:
                        self._hold_ended(source)
                    settles = True
                if TYPED_UNREAD in codes and payload.get("voided") is True and asked_again is not None:
                    ask, asked_again = self._ask_again(asked_again), None  # as live (_voided_asks)
                    if queue and queue[0][0].get("source") == ask.source and queue[0][1] != ask.number \
                            and whys.get(queue[0][1]) == AFTER_TYPED_UNREAD:
                        queue[0] = (queue[0][0], ask.number)
                        whys[ask.number] = ask.why
                elif TYPED_UNREAD in codes and "typed_right" in payload:  # Enter or Del on it (answer_typed_unread)
                    for source in [s for s, h in self._hold_of.items() if h[0] == AFTER_TYPED_UNREAD]:
                        if payload["typed_right"]:
                            self._hold_ended(source)
                        else:
                            self._open_hold(source, AFTER_AN_UNREADABLE)
                    settles = bool(payload["typed_right"])
            elif kind == "alert" and payload.get("code") == "unplaced":  # a restart named the reads left
                for source in {read.get("source") for read, _ in queue if isinstance(read.get("source"), str)}:
                    self._open_hold(source, AFTER_A_RESTART)
                queue.clear()
                asked = None
                alerts["unplaced"] = payload
            elif kind == "alert":
                if hold_of_alert(payload.get("code")) is not None:
                    alerts[payload["code"]] = payload
                left = held_by_alert(payload)
                if left is not None and left[1] == AFTER_A_GAP:
                    self._pending_hold = queue[0][1] if queue else None  # as live: the read held then keeps its own
                    self._open_gap_hold(left[0])
                elif left is not None:
                    hold_next(*left)
            elif kind == "read_dropped" or kind in PLACED_KINDS and (places_a_read(payload, kind) or (
                    queue and corrects_a_read(kind, payload)
                    and _waited_under(queue[0][0], queue[0][1], whys) not in HOLDS)):
                dropped_under = None  # the hold the read dropped waited under (as live: reject_pending)
                if queue:  # the read waiting first was answered, in order (or played as it came)
                    read, hold = queue.pop(0)
                    asked = None
                    dropped_under = hold
                    typed.clear()
                    # Enter's answer (held_for) settles them as live (_answered), the read held by the table itself
                    # too (blackjack's read before a decision: a typed card's CARD REFUSED came back at a restart).
                    settles = kind != "read_dropped" and (hold is not None or _waits_by_itself(read)
                                                          or bool(payload.get("held_for")))
                    if kind == "read_dropped":
                        self._due_for_held = None  # as live (reject_pending)
                    else:
                        self._held_due_settled(read.get("source"), hold)  # as live (_answered)
                        self._due_for_held = None
                    if kind != "read_dropped" and read.get("source") in self._hold_of \
                            and self._hold_of[read["source"]][1] == hold:
                        self._hold_ended(read["source"])
                if kind == "read_dropped" and isinstance(payload.get("source"), str) and not payload.get(PARKED):
                    self._hold_for_dropped(payload["source"], payload.get("doubt"), dropped_under)
                    if (queue and payload.get("doubt") and payload.get("doubt") == self.NEW_SHOE_FIRST_WAITS
                            and queue[0][0].get("source") == payload["source"]):  # as live: _pass_first_wait
                        queue[0] = ({**queue[0][0], "doubt": self.NEW_SHOE_FIRST_WAITS}, queue[0][1])
                elif kind == "card_refused":
                    refusal = left_unplayed(kind, payload)
                if queue:  # the next read waiting is taken now (_take_waiting)
                    # A card after the round, refused and held (``held``), opens no wait: as live, the read next is
                    # taken as it came, not under a wait its shoe opened after it (the lost frames' wait ended with it).
                    queue[0] = (queue[0][0], taken(queue[0][0], refusal is not None and not payload.get("held")))
            elif kind in ("card_assigned", "shoe_burn") and payload.get("op") != "play_held" \
                    and (kind == "card_assigned" or payload.get("cards")):  # a card typed in a place one left
                if not queue or payload.get("override"):  # blackjack: a refused card a supervisor let in
                    if not queue:
                        self._typed_for_gaps(payload.get("card"))
                    card = _parsed(payload.get("card"))
                    if (card is not None and payload.get("source") == "keyboard" and not payload.get("override")
                            and not any(self._counts_typed(source) for source in self._hold_of)):  # as enter_card
                        self._typed_loose = [*self._typed_loose[-7:], (card, written[id(payload)], self._placed_count)]
                        self._typed_while_down(card, links.items(), written[id(payload)])  # as enter_card
                    self._typed_in_place()
                    settles = True
                else:  # typed before the read waiting: it ends that read's one-card hold (enter_card)
                    card = _parsed(payload.get("card"))
                    if card is not None:
                        typed.append(card)
                    self._typed_while_held(queue[0][0].get("source"), queue[0][1],  # as live (enter_card)
                                           _waited_under(queue[0][0], queue[0][1], whys))
                    # As live (enter_card), the waits' alerts settle whether it ended a wait or not: with none left, a
                    # typed card's CARD REFUSED goes too (fuzz bac 667: a restart showed it again).
                    settles = True
            elif kind == "shoe_burn" and isinstance(payload.get("burned_unread"), int):  # B (as live: _burn_done)
                self._pending_hold = queue[0][1] if queue else None  # the read held then (its own cards come first)
                settles = self._burn_done(payload["burned_unread"], settle=False) > 0
                if (settles and queue and self.BURNED_BEHIND_DOUBT and self._burned_behind_why(whys.get(queue[0][1]),
                                                                                  queue[0][0].get("source"))
                        and queue[0][1] not in self._cards_due
                        and all(number != queue[0][1] for _, number in self._hold_of.values())):
                    whys[queue[0][1]] = self.BURNED_BEHIND_DOUBT  # as live (skip_burn)
                    if self._burned_behind_why(queue[0][0].get("doubt"), queue[0][0].get("source")):
                        queue[0] = ({**queue[0][0], "doubt": self.BURNED_BEHIND_DOUBT}, queue[0][1])
            else:
                left = left_unplayed(kind, payload)
                if left is not None:
                    hold_next(*left, payload.get("source_seq") if kind == "card_unreadable" else None)
                if kind == "card_unreadable" and isinstance(payload.get("typed_for_it"), str):  # as _typed_for_unread
                    self._take_loose(payload["typed_for_it"], payload.get("source"), written[id(payload)], reported)
                if kind == "card_unreadable" and payload.get("typed_for_it") in typed_at:  # as live (_unreadable)
                    self._claim_first(str(payload.get("source")), typed_at[payload["typed_for_it"]])
            if settles and not self._hold_of:
                self._stash_alerts(tuple(alerts.values()))  # as live (_settle_hold_alerts)
                alerts.clear()  # what they told of is settled: a later restart must not show them again
        if refusal is not None:
            refused_next(*refusal, retake=False)
        self._restore_queue = None
        self._reported = reported
        for number, ended in self._ended.items():  # a V after the restart shows them as live (rev22 R22-8)
            self._ended[number] = replace(ended, alerts=tuple(
                self._alert_of(a) if isinstance(a, dict) else a for a in ended.alerts))
        self._pending_hold = None  # the read waiting first waits under its hold again (_wait_again)
        # Standing as live (a typed card's refusal with no wait behind it too), in the order they were raised:
        # the top alert is the one the croupier saw on top.
        raised = {id(payload): i for i, (_, payload) in enumerate(reversed(entries))}
        for a in sorted([*standing_alerts(reversed(entries)), *alerts.values()], key=lambda p: raised.get(id(p), -1)):
            self._show_again(a)
        if queue:
            self._wait_again(queue, whys, tuple(typed))
            self._asked_again(asked)
        self._drop_answered_ask()
        self._unreadable_follows_count()

    def _asked_again(self, asked: Optional[dict]) -> None:
        """The read waiting again was asked FRAMES LOST's question ("no card was missed? press Enter again") before the
        table stopped: the next Enter plays it, as live (fixR46: a restart asked again, the first answer lost)."""
        pending = self._snap.pending
        if asked is not None and pending is not None and (
                pending.source, pending.seq, pending.card.code, pending.doubt) == (
                asked.get("source"), asked.get("source_seq"), asked.get("card"), asked.get("doubt")):
            self._asked_none_missed = pending

    def _restore_reported(self, read: dict, at: float, reported: dict[str, float]) -> None:
        """A restart's :meth:`_card_read` of a journaled read written ``at``: a read doubted as a card typed ahead of
        it took that card (:meth:`_typed_then_read`), and its source last reported a card then."""
        source = read.get("source")
        if not isinstance(source, str):
            return
        if read.get("doubt") == TYPED_THEN_READ and isinstance(read.get("card"), str):
            self._take_loose(read["card"], source, at, reported)
        reported[source] = max(reported.get(source, 0.0), at)

    def _restore_heard(self, read: dict) -> None:
        """A restart's :meth:`_heard_typed` of a journaled read: it stood for a card typed while its link was down,
        the one of its code if it was doubted so, else the oldest; one that came with a doubt of its own, for none."""
        typed = self._typed_unheard.get(read.get("source"))  # type: ignore[arg-type]
        doubt = read.get("doubt")
        if not typed or doubt and doubt != TYPED_WHILE_UNHEARD:
            return
        seq = read.get("source_seq")
        if not doubt and isinstance(seq, int) and seq > self._typed_by_seq.get(read["source"], 65536):
            del typed[:]  # as live: a card dealt since the typing
            return
        same = next((n for n, card in enumerate(typed) if card.code == read.get("card")), None) if doubt else None
        del typed[same if same is not None else 0]

    def _take_loose(self, code: str, source: Any, at: float, reported: dict[str, float]) -> None:
        """A restart's taking of the card of ``code`` typed ahead of ``source``, as live took it at ``at``."""
        since = max(reported.get(source, 0.0), at - TYPED_BEFORE_ASK) if isinstance(source, str) else 0.0
        for n, (card, t, _) in enumerate(self._typed_loose):
            if t >= since and card.code == code:
                del self._typed_loose[n]
                return

    def _wait_again(self, queue: list[tuple[dict, Optional[int]]], whys: dict[int, str],
                    typed: tuple[Card, ...] = ()) -> None:
        """The reads never placed wait for the croupier again, as they did when the table stopped: the
        first for Enter or Del, the others behind it (QA: the croupier had to type a card the reader had
        sent).  The first waits even if it was sure: the table stopped before it was played.  The cards
        ``typed`` for the missing ones it is held behind are named as live ("8♣ typed: Enter plays 7♣"):
        restarted, the banner had asked for them again, "type that card first (K)", a card twice if obeyed."""
        reads = []
        for payload, _ in queue:
            try:
                card = parse_card(payload.get("card"))
                candidates = tuple(parse_card(c) for c in payload.get("candidates") or ())
            except InvalidCardError:
                continue  # not a card this program wrote: the chain holds, the read is no card to offer
            confidence = payload.get("confidence")
            seq = payload.get("source_seq")
            zone = payload.get("zone")
            frame = payload.get("frame")
            reads.append(CardRead(card, str(payload.get("source")), self._clock(),
                                  float(confidence) if isinstance(confidence, (int, float)) else 0.0,
                                  seq if isinstance(seq, int) else None, zone if isinstance(zone, str) else None,
                                  candidates, str(payload.get("doubt") or ""),
                                  frame if isinstance(frame, int) else None,
                                  payload["moved_from"] if isinstance(payload.get("moved_from"), str) else None))
        if not reads:
            return
        first, hold = reads[0], queue[0][1]
        if not first.doubt or (first.doubt in YIELDING_DOUBTS and hold is not None):  # taken under its hold
            doubt = whys.get(hold, "") if hold is not None else self._out_of_place(first)
            if not doubt and first.confidence >= CONFIRM_BELOW and not first.candidates:
                doubt = READ_BEFORE_A_STOP
            first = replace(first, doubt=doubt)
        self._pending_hold = hold
        typed = typed if first.doubt in HOLDS else ()
        if typed:
            self._typed_before = first  # as enter_card: Enter then asks no "no card missed?"
        self._publish(replace(self._snap, pending=first, waiting=tuple(reads[1:]), typed_before=typed,
                              typed_for=first if typed else None, cards_due=self._cards_due.get(hold, 0)))

    def _show_again(self, alert: dict) -> None:
        """A journaled alert shown again at a restart (not journaled again: the journal has it)."""
        self._publish(replace(self._snap, alerts=self._with_alert(self._alert_of(alert))))

    def _alert_of(self, alert: dict) -> Alert:
        """The alert a journal entry records, as the display shows it."""
        return Alert(str(alert["code"]), str(alert.get("level", "error")), str(alert.get("title", "")),
                     str(alert.get("text", "")), str(alert.get("action") or AFTER_RESTART_ACTION), self._clock())

    def _hold_taken(self, read: dict, refused: bool = False) -> Optional[int]:
        """The hold a journaled read waited under when it was taken, as _take had it (none for a read its
        source doubted itself: it waits under that doubt, nor for one the hold's card came after).  ``refused``: the
        read held before it was refused at Enter (as live, the refusal's wait comes first: :attr:`_refusal_first`)."""
        hold = self._hold_of.get(read.get("source"))
        if hold is None or read.get("doubt", "") not in YIELDING_DOUBTS:
            return None
        if refused:
            return hold[1]
        if self._came_before(read.get("source_seq"), hold[1]):
            return None
        self._split_wait(read["source"], read.get("source_seq"))
        return hold[1]

    def _came_before(self, seq: Any, number: int) -> bool:
        """Whether the read of frame ``seq`` waited behind the read held when the card its shoe could not read, that
        opened the wait ``number``, came, or when each card of that wait still due came (:meth:`_due_after_read`): it
        came before them, and is not held under their wait."""
        if not isinstance(seq, int):
            return False
        if seq in self._reads_before.get(number, ()):
            return True
        source = next((s for s, hold in self._hold_of.items() if hold == (AFTER_AN_UNREADABLE, number)), None)
        if source is not None:
            return self._due_after_read(source, seq) >= max(self._cards_due.get(number, 1), 1)
        # Lost frames or a double feed that came after the read, and no card counted before it still due: as it came.
        source = next((s for s, hold in self._hold_of.items() if hold[1] == number and hold[0] in RUN_HOLDS), None)
        return (source is not None and seq in self._run_after.get(number, ())
                and self._due_after_read(source, seq) >= self._cards_due.get(number, 0))
