"""What a reader's line tells besides its cards: damaged lines, lost frames, HELLOs, another shoe, a new
count, the shoe's error codes, the link's state."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Optional

from dealer_assist.cards import Card
from dealer_assist.events import PORT_IN_USE, CardRead, DeviceHello, FrameDropped, LinkState, SeqGap
from dealer_assist.table.another_shoe import alert_text, reported
from dealer_assist.table.holds import TYPED_WHILE_DOWN, reads_again, typed_while_down
from dealer_assist.table.missing_alerts import frame_runs, lost_together
from dealer_assist.table.session_waits import _same_read


#: What FRAMES LOST adds when a line dropped before the gap read as the shoe's ``SHOE,…,CUT`` (SeqGap.may_be_cut):
#: no frame after it can tell whether the cut card came out (PROTOCOL.md 7.2), so the croupier looks.
MAY_BE_CUT = "among them, a damaged frame that may have been the CUT CARD (its line read SHOE, a state that may be CUT)"

#: Seconds between two journal entries of a source's damaged lines (see SessionCore._noise).
DROPS_EVERY = 1.0


def _past(t: float, since: float, span: float) -> bool:
    """Whether the event time ``t`` is ``span`` seconds or more after ``since``, or before it: the wall
    clock stepped back (NTP), and waiting for it to catch up would stop the count for that long."""
    return not 0 <= t - since < span


#: The least time between a shoe's heartbeats (1 s, ±10 %: PROTOCOL.md 6), and the frames of other kinds a shoe may
#: send between two of them besides a card (a heartbeat before its HELLO said again, a SHOE or ERR frame): what bounds
#: the SEQ of the frames it can have sent in a while with no card (see ReaderLink._typed_while_down).
BEAT_LEAST = 0.9
OTHER_FRAMES = 3

#: Damaged lines within NOISE_WINDOW seconds that make a warning.
NOISE_LINES = 20
NOISE_WINDOW = 5.0


def _sure_cards(gap: SeqGap) -> Optional[int]:
    """How many cards ``gap``'s frames surely held (its heartbeat named its last frame a card), None if not known."""
    return 1 if gap.card_lost is not None and gap.missing[0] == gap.card_lost else None


def _span(seconds: float) -> str:
    """A short time as a croupier reads it: "under a second" (a burst had read "in 0 s"), else whole seconds."""
    return "under a second" if seconds < 1 else f"{seconds:.0f} s"


#: What the croupier does about each of the protocol's recommended ``ERR`` codes (PROTOCOL.md 3; qaAC F15: every
#: code said "clear the shoe"), and about any other.
ERROR_ACTION = "clear the shoe as its maker says, then check the last card"
ERROR_ACTIONS = {
    "JAM": "clear the card stuck at the shoe's mouth, then check the last card against the display",
    "SENSOR": "clean the shoe's reading window as its maker says; check each card read against the table meanwhile",
    "COVER_OPEN": "close the shoe's cover, then check the last card against the display",
    "POWER": "check the shoe's power supply and cable; check each card read against the table meanwhile",
}


def _silent_action(detail: Optional[str]) -> str:
    """CARD READER SILENT's DO line for the cause its reader names: the step that mends it, as NOISE ON THE SHOE'S
    LINE names ``?baud=N`` (qaAP F6: a wrong baud rate named as the likely cause, and only "check the reader")."""
    detail = detail or ""
    if "dialect=plain" in detail:
        return ("open the reader as the plain dialect: serial:PORT?dialect=plain as the source (dealer-assist run "
                "--source, or source in the config); type the cards (K) meanwhile")
    if "baud rate" in detail:
        return ("set the port's baud rate to the device's: serial:PORT?baud=N as the source (dealer-assist run "
                "--source, or source in the config; the shoe's manual gives its rate: most send 115200, the reader's "
                "default, or 9600), then check the cable; type the cards (K) meanwhile")
    if "no heartbeat heard since the port opened" in detail:
        return ("have the shoe's firmware send a heartbeat every second (hardware/PROTOCOL.md 6); type the cards (K) "
                "meanwhile")
    if "CRC-16/XMODEM" in detail:
        return ("`dealer-assist listen` names the CRC the device sends: have its firmware mended (hardware/PROTOCOL.md "
                "4); type the cards (K) meanwhile")
    return "check the reader; type the cards (K) if needed"


class ReaderLink:
    """How :class:`~dealer_assist.table.session_core.SessionCore` tells the croupier of a reader's line: a mixin of
    its own, as none of it plays a card."""

    def _typed_while_down(self, card: Card, links: Any = None, at: Optional[float] = None) -> None:
        """``card`` was typed with no read waiting (at ``at``, else now): for each shoe whose link is silent or lost
        now (``links``: a restart's, as the journal had them), as CARD READER SILENT and LOST ask.  Its frame may
        still come, held back by the adapter or a bridge (qaAY F2), or be lost with the link (F4).  A frame the shoe
        sent before the typing has at most the SEQ of its last read plus the heartbeats it can have sent since."""
        at = self._clock() if at is None else at
        for source, state in (self._snap.links if links is None else links):
            if state in ("stale", "lost") and not reads_again(source):
                self._typed_unheard[source] = [*self._typed_unheard.get(source, [])[-7:], card]
                seq, then = self._last_read_at.get(source, (None, at))
                if seq is None:  # no read of its count yet: no SEQ tells a late frame from a new one
                    self._typed_by_seq.pop(source, None)
                else:
                    self._typed_by_seq[source] = seq + int(max(at - then, 0.0) / BEAT_LEAST) + 1 + OTHER_FRAMES

    def _read_at(self, source: str, seq: Optional[int], at: float) -> None:
        """``source``'s read of frame ``seq`` was taken at ``at`` (live, or as the journal has it)."""
        if seq is not None:
            self._last_read_at[source] = (seq, at)

    def _heard_typed(self, event: CardRead) -> bool:
        """Whether the shoe's sure read ``event`` is most likely a card typed for it while its link was down (see
        :data:`~dealer_assist.table.holds.TYPED_WHILE_UNHEARD`): a card of its code, typed then and not heard of
        since.  Each read after the link came back stands for one such card: the matching one, else the oldest.
        A read whose SEQ is past any the shoe can have sent by the last typing (heartbeats came meanwhile, R42-7)
        is a card dealt since: the frames of the cards typed, had there been any, came before it."""
        typed = self._typed_unheard.get(event.source)
        if event.doubt or not typed:
            return False
        if event.seq is not None and event.seq > self._typed_by_seq.get(event.source, 65536):
            del typed[:]
            return False
        same = next((n for n, card in enumerate(typed) if card == event.card), None)
        del typed[same if same is not None else 0]
        return same is not None

    def _foreign(self, event: Any) -> None:
        """What another shoe than the source's own sent (see :mod:`dealer_assist.table.another_shoe`): told and
        journaled with its alert, which holds no read; not acted on."""
        first, _ = self._devices.get(event.source, ("", ""))
        title, text, action = alert_text(event, first)
        self.alert(f"foreign:{reported(event)[0]}", "warning", title, text, action)

    def _new_count(self, source: str) -> None:
        """``source``'s shoe began a new count: a SEQ no longer names a card read before it (rev15 F9: a
        DOUBLE_FEED just after a restart named the old count's card of the SEQ before as read just before it,
        and asked to void it)."""
        self._placed.pop(source, None)
        self._last_read_at.pop(source, None)
        self._read_in_old_count[source] = tuple(r for r in (self._snap.pending, *self._snap.waiting)
                                                if r is not None and r.source == source)

    def _noise(self, event: FrameDropped) -> None:
        """A damaged line: counted, and journaled at most once a second per source with the count since
        (a wrong baud rate sends some 90 a second, each its own synced entry: gigabytes a day).  Many
        in a few seconds are a warning that names the likely causes: the link itself is up."""
        count, reasons, written = self._drops.get(event.source, (0, {}, 0.0))
        reasons = {**reasons, event.reason: reasons.get(event.reason, 0) + 1}
        self._drops[event.source] = (count + 1, reasons, written)
        if _past(event.t, written, DROPS_EVERY):
            self._record_drops(event.source, event.t)
        start, seen, crc = self._noise_window.get(event.source, (event.t, 0, 0))
        if _past(event.t, start, NOISE_WINDOW):
            start, seen, crc = event.t, 0, 0
        crc += bool(event.crc_named)
        self._noise_window[event.source] = (start, seen + 1, crc)
        if seen + 1 == NOISE_LINES and crc * 2 > NOISE_LINES:
            # Whole lines carrying a look-alike CRC are no noise: a device computing another CRC (qaAC F2).
            self.alert(f"noise:{event.source}", "warning", "FRAMES FAIL THE CRC",
                       f"{event.source}: {crc} of {NOISE_LINES} lines in {_span(event.t - start)} came whole, each "
                       f"with another CRC than CRC-16/XMODEM (the last: {event.crc_named or 'a look-alike'}); cards "
                       "still read are checked, but a card may be lost",
                       "the device computes another CRC than CRC-16/XMODEM (hardware/PROTOCOL.md 4): `dealer-assist "
                       "listen` names the one it sends; have its firmware mended")
        elif seen + 1 == NOISE_LINES:
            self.alert(f"noise:{event.source}", "warning", "NOISE ON THE SHOE'S LINE",
                       f"{event.source}: {NOISE_LINES} damaged lines in {_span(event.t - start)}; cards still read are "
                       "checked, but a card may be lost in the noise",
                       "check the port's baud rate (?baud=N), the cable, and that no other program opens the port")

    def _record_drops(self, source: str, t: float) -> None:
        count, reasons, _ = self._drops.get(source, (0, {}, 0.0))
        if count:
            self._write("frame_dropped", {"source": source, "count": count, "reasons": reasons})
        self._drops[source] = (0, {}, t)

    def _gap_alert(self, event: SeqGap, again: bool = False) -> None:
        """FRAMES LOST for ``event``; kept, so that a HELLO showing the shoe did not restart while out of reach
        can take back the part that says more cards may have gone (see :meth:`_hello`: ``again``, the same gap told
        anew).  Gaps of one source while its FRAMES LOST stands are told together, which lie before the read held
        and which after it (qaAV F1: the newer replaced the older's words, two cards missed read as one)."""
        self._gaps[event.source] = event
        standing = any(a.code == "gap" for a in self._snap.alerts)
        told = self._gaps_told.get(event.source, []) if standing else []
        pending = self._snap.pending if self._snap.pending is not None and \
            self._snap.pending.source == event.source else None
        told = [*told[:-1], (event, told[-1][1])] if again and told else [*told, (event, pending)]
        self._gaps_told[event.source] = told
        cut = any(g.may_be_cut for g, _ in told) and not self._cut_out_now()
        if len(told) > 1:
            text, action = lost_together(event.source, [(g.missing, _sure_cards(g)) for g, _ in told],
                                         [_same_read(held, pending) for _, held in told],
                                         pending.card.label if pending is not None else None,
                                         any(g.after_link_loss and not g.bounded for g, _ in told))
        else:
            text = (f"the {event.source} lost {frame_runs(event.missing)}"
                    + (" of a new count" if event.count_went_back else "")
                    + (f": frame {event.card_lost} was a card (the shoe's heartbeat names it as its last), so "
                       + ("a card was missed" if event.missing[0] == event.card_lost else  # in count order, wrapped
                          "at least one card was missed; the lost frames before it may have been cards too")
                       if event.card_lost is not None else
                       f": up to {len(event.missing)} cards may have been missed" if event.bounded
                       and len(event.missing) > 1 else ": a card may have been missed")
                    + ("; they went while it was out of reach (its HELLO since shows it did not restart: no other "
                       "frames went)" if event.bounded else
                       "; they went while it was out of reach, and had the shoe restarted meanwhile, more "
                       "cards than these frames may have gone" if event.after_link_loss else ""))
            action = ("compare the cards on the table with the display and type any missing card (K)"
                      + (": count them, the frames may not tell them all" if event.after_link_loss and not event.bounded
                         else ": count them, each lost frame may have been a card" if event.bounded
                         and len(event.missing) > 1 else ""))
        if not again:  # the cards typed for it while its link was down may be the lost frames' (qaAY F4)
            self._gap_typed[event.source] = self._typed_unheard.pop(event.source, [])
        typed = self._gap_typed.get(event.source) if len(told) == 1 else None
        if typed:  # "a card was missed" said the opposite of what the croupier did
            text = text.replace("card was missed", "card went out unread")
            text += (f"; {typed_while_down([c.label for c in typed])}{TYPED_WHILE_DOWN}: the lost frames may "
                     f"be {'that card' if len(typed) == 1 else 'those cards'}")
            action = ("compare the cards on the table with the display: if the cards typed while the link was down "
                      "are all the lost frames held, nothing is missing (Enter twice plays the card read after them); "
                      "else type each other missing card (K)")
        self.alert("gap", "error", "FRAMES LOST", text + (f"; {MAY_BE_CUT}: look at the shoe" if cut else ""),
                   (f"look at the shoe: {self.CUT_BY_HAND}; then " if cut else "") + action,
                   source=event.source, source_seq=event.seq)

    def _hello(self, event: DeviceHello) -> None:
        """A device introduced itself.  After another boot of it, it restarted: the frames it sent before
        cannot be known (PROTOCOL.md 7.4), so the croupier checks the layout; this alert stays."""
        if event.bounds_gap:
            gap = self._gaps.get(event.source)
            self._write("device_hello", {"source": event.source, "device": event.device, "boot": event.boot,
                                         "firmware": event.firmware, "protocol": event.protocol, "continues": True,
                                         "bounds_gap": True})
            if gap is not None and gap.after_link_loss and any(a.code == "gap" for a in self._snap.alerts):
                self._gap_alert(replace(gap, bounded=True), again=True)
            return
        before = self._counts.count(event.source).boot
        if not event.continues:  # a new count: its SEQs are not the old count's (rev15 F9)
            self._new_count(event.source)
        first, last = self._devices.get(event.source, (event.device, event.device))
        self._write("device_hello", {"source": event.source, "device": event.device, "boot": event.boot,
                                     "firmware": event.firmware, "protocol": event.protocol,
                                     **({"restarted": True} if event.restarted else {}),
                                     **({"continues": True} if event.continues else {}),
                                     **({"table_shoe": first} if first != event.device else {})})
        if event.protocol != 1:
            self.alert(f"protocol:{event.source}", "warning", f"SHOE SPEAKS PROTOCOL {event.protocol}",
                       f"{event.device} speaks shoe protocol {event.protocol}; this dealer-assist speaks protocol 1: "
                       "frames as v1 writes them are still read, any others are passed over",
                       f"set the shoe to protocol 1 (its maker's manual), or update dealer-assist to one that speaks "
                       f"protocol {event.protocol}; meanwhile check each card against the table (K corrects one)")
        self._devices[event.source] = (first, event.device)
        if first != event.device:
            # The reader holds this shoe's cards (serial_shoe.another_shoe): a replug that found another
            # table's shoe of the same model, or a shoe put in this one's place (qaN F14).
            self.alert("hello", "error", "ANOTHER SHOE",
                       f"{event.source} now reads shoe {event.device}, not {first} that it read before: another "
                       "table's shoe, or one put in its place; each card it reads waits for you, and what else it reports "
                       "(its cut card, a new shoe, its errors) is told, not acted on",
                       f"plug this table's shoe ({first}) back in where it was (then Ctrl+T if its cards are still held); if {event.device} is this table's "
                       "shoe now, press Ctrl+T to take it (its cards play again)")
        elif last != first:
            self.alert("hello", "warning", "THIS TABLE'S SHOE AGAIN",
                       f"{event.source} reads shoe {first} again, after {last}: what {first} sent meanwhile "
                       "cannot be known", "compare the cards on the table with the display and type any missing card (K)")
        elif (before is not None and before != event.boot) or event.restarted:
            was = f"boot {before}" if before is not None else "its boot before was not heard"
            self.alert("hello", "warning", "SHOE RESTARTED",
                       f"{event.device} restarted ({was}, now {event.boot}): what it sent just before "
                       "cannot be known", "compare the cards on the table with the display and type any missing card (K)")
        else:
            self.alert("hello", "info", "SHOE CONNECTED",
                       f"{event.device} firmware {event.firmware} (boot {event.boot})", "none")

    def _link(self, event: LinkState) -> None:
        links = dict(self._snap.links)
        before = links.get(event.source)
        links[event.source] = event.state
        self._write("link", {"source": event.source, "state": event.state, "detail": event.detail})
        self._publish(replace(self._snap, links=tuple(links.items())))
        if event.state == "lost":
            never_opened = before is None and (event.detail or "").startswith("cannot open")
            self.alert(f"link:{event.source}", "error", "CARD READER LOST",
                       f"{event.source}: {event.detail or 'the connection is gone'}; the table is kept as it is",
                       ("check that the camera is plugged in and its index ('v4l2-ctl --list-devices' lists them), or "
                        "the stream's URL; it keeps trying. Meanwhile type the cards (K)")
                       if never_opened and event.source.startswith("camera:") else
                       ("check that the shoe (or its serial-to-network bridge) is on and reachable at that address; it "
                        "keeps trying. Meanwhile type the cards (K)")
                       if never_opened and event.source.startswith(("serial:socket://", "serial:rfc2217://")) else
                       ("close the other program that holds the port (the text names how to find it); it keeps "
                        "trying. Meanwhile type the cards (K)")
                       if PORT_IN_USE in (event.detail or "") else
                       ("check the port's path (the command 'dealer-assist ports' lists them) and your access to it (the "
                        "dialout group, hardware/README.md); it keeps trying. Meanwhile type the cards (K)")
                       if never_opened else
                       "check the camera; it is opened again by itself, and the cards the table has that lie in view "
                       "are not read again. Meanwhile type the cards (K)"
                       if event.retrying and event.source.startswith("camera:") else
                       "check the cable; it reconnects by itself. Meanwhile type the cards (K)"
                       if event.retrying else "it does not come back by itself: type the cards (K), or check the "
                       "camera and start the display again (Ctrl+Q, dealer-assist run), even mid-round: the cards "
                       "the table has that lie in view are not read again")
        elif event.state == "stale":
            self.alert(f"link:{event.source}", "warning", "CARD READER SILENT",
                       f"{event.source}: {event.detail or 'no message for a while'}", _silent_action(event.detail))
        elif event.state == "ended" and self._snap.replay:
            self.alert(f"link:{event.source}", "info", "REPLAY FINISHED",
                       f"{event.source}: the record has ended: {event.detail or 'nothing more to replay'}",
                       "Esc dismisses this, Ctrl+Q leaves the replay; `dealer-assist run` plays a live table")
        elif event.state == "ended":
            self.alert(f"link:{event.source}", "info", "SOURCE FINISHED",
                       f"{event.source}: {event.detail or 'nothing more to read'}",
                       "type any further cards (K), or start the display with another --source")
        elif event.state == "up" and before in ("lost", "stale"):
            # A note in the lost (or silent) bar's place, journaled as alerts are: the bar just going read as
            # someone pressing Esc, not as the reader plugged back (qaAY F5).
            self.alert(f"link:{event.source}", "info", "CARD READER BACK",
                       f"{event.source}: reading again after it was {'lost' if before == 'lost' else 'silent'}",
                       "nothing to do: the cards are read again as they are dealt")
