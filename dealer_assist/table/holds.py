"""Why a card read waits for the croupier behind a card missing before it, and how the journal tells it.

A reader's next read takes the next place on the layout.  When a card left
the reader unplayed (refused, unreadable, rejected, lost with its frames, fed
with another), the read after it would take that card's place: it waits
(:meth:`~dealer_assist.table.session_core.SessionCore._hold_next`) with one of
these reasons as its doubt, shown to the croupier word for word.  A restart
reads the same waits back from the journal with the functions here
(:meth:`~dealer_assist.table.session_core.SessionCore._restore_holds`).
"""

from __future__ import annotations

from typing import Any, Optional

from dealer_assist.events import MOVED_UNSEEN, PUT_BACK, READ_TWICE_AT_ONCE

#: A read's doubts that say it is most likely a card already played (put back after a squeeze, or one card read
#: at two places at once): dropped (Del) as they say, it was that card, so no card is missing behind it and the
#: next read of its source is played as it comes (qaU F6).
#: Why a blackjack zoned camera's read waits when it is read in another box just after a card of its code was played
#: early (its box's place not due yet) and nothing was played since: most likely that card, squared from across the
#: line into its own box, which the camera did not see as moved (qaY Y3).  Enter moves it; Del leaves it there.
MOVED_EARLY = ("read in another box just after a card of its code was played early in a box whose place was not "
               "due yet: if that card was moved here, Enter moves it here (it leaves the other box); if another of "
               "its code was dealt here, type it (K) and it is played here too; Del drops this read")
#: Why a camera's read waits when a card of its code was typed (K) with no wait standing since that camera's last report
#: and a moment before: most likely the card the croupier saw land and typed ahead, which the camera read after all
#: (qaAI F8: played twice, Player 7 against Banker 0 on a card dealt once).
TYPED_THEN_READ = ("read just after a card of its code was typed (K) ahead of the camera: if it is that card, Del "
                   "drops this read; if another of its code was dealt, Enter plays it")
#: Why a baccarat zoned camera's read waits when it is read in the other hand's box just after a card of its code was
#: played last in the round: most likely that card pushed across, blurred (the camera did not see it move).  Held as
#: put back, Enter had played it there too, counted in both hands, and Del had left it counted where it was played
#: with no word (fixMR2).  Enter now plays nothing while that card is the last played (TableSession.confirm_pending).
MOVED_LAST = ("read in the other hand's box just after a card of its code was played last, in its own: most likely "
              "that card, pushed across (the camera did not see it move); the table cannot move a card from one hand "
              "to the other. Del if it is that card: this read is dropped and MOVED TO THE BOX says how to move it "
              "(void it, V, and type it, K); if another card of its code was dealt here, type it (K) and it is "
              "played here; Enter plays nothing (it would count one card in both hands)")
#: Why a baccarat zoned camera's sure read waits when it is read in the other hand's box just after the card of its code
#: played earlier in the round (not last: MOVED_LAST) went from its spot there unseen moving
#: (:attr:`~dealer_assist.events.CardRead.left_from`): most likely that card pushed across blurred; played as a new
#: card of its code it had counted in both hands (fixMB).  Enter plays nothing while the other hand counts it.
MOVED_EARLIER = ("read in the other hand's box just after the card of its code played earlier in the round went from "
                 "its spot in its own box (the camera did not see it move): most likely that card, pushed across; "
                 "the table cannot move a card from one hand to the other. Del if it is that card: this read is "
                 "dropped and MOVED TO THE BOX says how to move it (void the round, Shift+V, and type the cards); if "
                 "another card of its code was dealt here, type it (K) and it is played here; Enter plays nothing (it "
                 "would count one card in both hands)")
#: Why a blackjack zoned camera's sure read waits when it is read in one box just after the card of its code the round
#: holds in another box went from its spot there unseen moving (:attr:`~dealer_assist.events.CardRead.left_from`, kept
#: in the read's ``moved_from``): most likely that card pushed across blurred; played as a new card of its code it had
#: counted in both seats (fixBL).  Enter plays nothing while the table counts it in the box it left.
MOVED_PUSHED = ("read in this box just after the card of its code went from its spot in another box (the camera did "
                "not see it move): most likely that card, pushed across; the table cannot move a card from one hand "
                "to another. Enter plays nothing while the table counts it in the box it left; Del drops this read; "
                "if another card of its code was dealt here, type it (K)")
#: Why a shoe's read waits when it comes after its reader was silent or lost (CARD READER SILENT, CARD READER LOST)
#: and a card of its code was typed (K) for that reader meanwhile, as those alerts ask: most likely that card, its
#: frame held back and sent late (qaAY F2: played again, in the next place, every card after it one place off).
TYPED_WHILE_UNHEARD = ("read after its reader was silent or lost (CARD READER SILENT or LOST), while a card of its "
                       "code was typed (K) for it: most likely that card, its frame sent late. If it is, Del drops "
                       "this read; if another card of its code was dealt, Enter plays it")
SAME_CARD_DOUBTS = (PUT_BACK, READ_TWICE_AT_ONCE, MOVED_EARLY, TYPED_THEN_READ, MOVED_LAST, MOVED_EARLIER,
                    MOVED_UNSEEN, MOVED_PUSHED, TYPED_WHILE_UNHEARD)

#: Why the first card read after lost frames waits for the croupier (CardRead.doubt).
AFTER_A_GAP = ("frames were lost before it (FRAMES LOST): type any missing card first (K), then Enter plays "
               "this one after it")
#: Why a card read after one that left the source unplayed waits (see SessionCore._hold_next): it
#: would take that card's place.  Typing the missing card (K) plays it first, in its place.
AFTER_AN_UNREADABLE = ("a card before it could not be read (UNREADABLE CARD): type that card first (K), then Enter "
                       "plays this one after it")
#: What a camera's read held under :data:`AFTER_AN_UNREADABLE` adds: a camera may read the card it could not read
#: once it lies better, and one Enter plays it in its place.  A shoe reads each card once, as it leaves: the read
#: after an unread card is never that card (qaAP F1: the banner offered it, and Enter played 4♥ in its place).
READ_AGAIN = "; if this is that card read again, Enter plays it in its place"
AFTER_UNPLACED = ("the camera saw cards it cannot place, lying there as it started or uncovered since (CARD TO TYPE "
                  "IN ITS PLACE): type each one dealt in its place first (K), then Enter plays this one after them")
AFTER_A_REFUSAL = ("a card before it was refused (CARD REFUSED): type the card really dealt in its place first (K), "
                   "then Enter plays this one after it")
#: Why a card read after one refused because no round was open for it (blackjack: no bet on the layout,
#: or the round over) waits: that card was most likely a misdraw set aside, then Enter plays this one as it
#: comes; if it was dealt to a hand, it is typed first (qaR F2: the hold had said "type the card really dealt
#: in its place", and the card typed was dealt into seat 1 though no one had it).
AFTER_A_MISDRAW = ("a card before it was refused, no round being open for it (CARD REFUSED): if that card was set "
                   "aside, Enter plays this one; if it was dealt to a hand, type it first (K), then Enter plays "
                   "this one after it")
#: Why a card read after a camera's unreadable card waits when a card typed just before the ask (since that card
#: came to rest, its code among the ask's candidates) was taken as the card typed for it (qaU F5: asked again, the
#: croupier typed it twice and it played twice).  Enter, on the ask or on this read, says the card typed was it.
AFTER_TYPED_UNREAD = ("a card before it the camera could not read was typed just before it asked (UNREADABLE CARD "
                      "TYPED?): Enter plays this one after it if that card typed was the one; if not, type the "
                      "unread card first (K), then Enter plays this one after it")
#: The alert of such an ask (see :data:`AFTER_TYPED_UNREAD`).
TYPED_UNREAD = "unreadable:typed"
#: Why a baccarat camera's card read face up while the burn's face-down cards are due waits (not a hold: a doubt of
#: its own, see TableSession._out_of_place): a camera never sees a face-down burn (qaU F4).
BURN_DUE_FACE_DOWN = ("read face up while the burn's face-down cards are due, which a camera never sees: most likely "
                      "the round's first card. B first if the burn is done, then Enter plays it in the round; Enter "
                      "alone burns it (a card burned face up); Del drops it")
AFTER_A_REJECTION = ("a read before it was rejected (Del): if that was a card, type it in its place first (K); "
                     "then Enter plays this one after it")
AFTER_DROPPED = ("a card before it is missing and a read was dropped too (Del): type each card dealt in its place "
                 "first (K), then Enter plays this one after them")
AFTER_A_RESTART = ("cards read before the restart were never placed (CARD READ BEFORE THE RESTART): type each one "
                   "on the table in its place first (K), then Enter plays this one after them")
AFTER_A_DOUBLE_FEED = ("two cards left the shoe together before it (DOUBLE_FEED): type any card not read first (K), "
                       "then Enter plays this one after it")
#: Why a card read after the shoe said it holds a new shoe, while a round was dealt, waits: most likely the new
#: shoe's first card (its burn card), which must not complete the old shoe's round (QA: it was B3, settled).
#: At Ctrl+N it is the new shoe's burn card, or, with no burn, a card seen before the bets, held (qaV F6: it
#: had closed the bets as P1, and this text had said it would be dropped).
AFTER_NEW_SHOE = ("the shoe reported a new shoe during this round (NEW SHOE DURING A ROUND): this is most likely the "
                  "new shoe's first card; finish the round by hand (K) or void it, then Ctrl+N: it becomes the new "
                  "shoe's burn card, or with no burn it is held as seen before the bets (a no-bet hand, or set "
                  "aside); Enter plays it into this round only if the round is finished from the new shoe")
#: The same at blackjack, whose deck cannot change in a round: the old deck's round is finished by hand or
#: from the old deck put back (QA: the card read after NEW was played into the round unchecked).
#: Between rounds too, the new deck refused because the old one is not checked (qaAQ F4: the read after it was dealt
#: into the old deck unasked).
AFTER_NEW_DECK = ("the shoe reported a new deck the table has not put in (NEW DECK DURING A ROUND, or NOT ACCEPTED): "
                  "this is most likely the new deck's card, not the old deck's; Enter plays it only if it is the old "
                  "deck's (put back in the shoe), else Del sets it aside and a round is finished by hand (K), or it "
                  "waits: Ctrl+N then makes it the new deck's first card")
#: Why a card read after NEW DECK DURING A ROUND, still waiting at Ctrl+N, waits once the new deck is in: it was
#: drawn from the new deck, so it is that deck's first card (QA: it was dropped as the old deck's), but a card read
#: between rounds would close the bets at once, before they are placed.
NEW_DECKS_FIRST = ("drawn from the new deck before Ctrl+N put it in: it is the new deck's first card; place the bets, "
                   "then Enter deals it as the round's first card, or Del sets it aside (it is counted back at "
                   "the new deck's check)")
#: Why a sure read waits after a restart (its own doubt, not a hold): the table stopped between its read and its place.
READ_BEFORE_A_STOP = ("read just before the table stopped, and never placed: Enter plays it if it is the card on "
                      "the table, Del drops it")

#: A blackjack ``card_refused``'s ``no_round``: why no round was open for the card.  Once the cut card is out
#: no round is dealt from the deck, so the card holds no read (each next one is refused the same way); with
#: no bet on the layout, or after the round, the next read waits as :data:`AFTER_A_MISDRAW` says.
NO_ROUND_CUT = "cut_out"
NO_ROUND_NO_DEAL = "no_deal"
NO_ROUND_AFTER = "after_round"

#: A blackjack ``card_refused``'s flag: a zoned camera's card refused for the box it lies in (no bet there, no place
#: open in it now).  The camera places each card by its box, so no read after it takes its place: it holds none.
NO_PLACE_IN_BOX = "no_place_in_box"

#: A blackjack ``read_dropped``'s flag: a zoned camera's card lying in the box of a later place, set aside off the
#: strip while cards for another box were due, and read again (a new ``card_read``) once its place was: it holds
#: no read.
PARKED = "parked"

#: Journal kinds that place a card read: played, refused or held (see SessionCore._restore_holds).
PLACED_KINDS = ("card_assigned", "card_refused", "card_held", "shoe_burn")


def places_a_card(kind: str, payload: dict) -> bool:
    """Whether a journal entry puts a card in play (a round's card, a held one dealt, a burn card named): the last
    card V may take back, by whatever hand it came."""
    return kind == "card_assigned" or kind == "shoe_burn" and bool(payload.get("cards"))


def places_a_read(payload: dict, kind: str) -> bool:
    """Whether a journal entry of :data:`PLACED_KINDS` places a card a source read: not a burn done face
    down (B) or skipped, nor held cards dealt, nor a card typed that answers no read."""
    if kind == "shoe_burn" and not payload.get("cards"):
        return False
    if payload.get("op") == "play_held":
        return False
    return payload.get("source") != "keyboard" or payload.get("seq") is not None  # typed for a read: its seq


def corrects_a_read(kind: str, payload: dict) -> bool:
    """Whether a journal entry may be a card typed for the read waiting first, when its source gave the
    read no frame number (a camera): a typed card then names none either.  It is that read's correction
    unless the read waited behind a missing card (a doubt of :data:`HOLDS`): then the card typed is the
    missing one, placed before it, and the read still waits (``SessionCore.enter_card``).  A refused
    card a supervisor let in (blackjack's ``override``) answers no read either.  A card typed in the burn
    corrects a read as one typed in the round does (a burn done face down or skipped names no card)."""
    if kind == "shoe_burn" and not payload.get("cards"):
        return False
    return (kind in ("card_assigned", "card_refused", "card_held", "shoe_burn") and payload.get("source") == "keyboard"
            and payload.get("seq") is None and payload.get("op") != "play_held" and not payload.get("override"))


def left_unplayed(kind: str, payload: dict) -> Optional[tuple[str, str]]:
    """The source and the hold of a journal entry recording a card that left a reader unplayed (the
    next read of that source waits for it), else None."""
    source = payload.get("source")
    if not isinstance(source, str) or source == "keyboard":
        return None
    if kind == "read_dropped":
        return None if payload.get("doubt") in SAME_CARD_DOUBTS or payload.get(PARKED) else (source, AFTER_A_REJECTION)
    if kind == "card_refused":  # baccarat's finished shoe: no round follows, so nothing is typed in its place
        if payload.get("shoe_finished") or payload.get("no_round") == NO_ROUND_CUT or payload.get(NO_PLACE_IN_BOX):
            return None
        return source, AFTER_A_MISDRAW if payload.get("no_round") else AFTER_A_REFUSAL
    if kind == "card_unreadable":
        return source, (AFTER_UNPLACED if payload.get("why") else
                        AFTER_TYPED_UNREAD if payload.get("typed_for_it") else AFTER_AN_UNREADABLE)
    return None


#: Holds that one typed card ends (the gap's holds stay: how many cards its frames held is not known).
ONE_CARD_HOLDS = (AFTER_AN_UNREADABLE, AFTER_A_REFUSAL, AFTER_A_MISDRAW, AFTER_A_REJECTION, AFTER_TYPED_UNREAD)
#: Holds for cards that may be several: only Enter on the read held ends them (a gap's, Esc on its alert too).
MANY_CARD_HOLDS = (AFTER_A_GAP, AFTER_A_DOUBLE_FEED, AFTER_UNPLACED, AFTER_DROPPED, AFTER_A_RESTART, AFTER_NEW_SHOE,
                   AFTER_NEW_DECK)
#: Many-card holds for cards missing from a reader's run (lost frames, a double feed, a read dropped among them): a
#: card a shoe leaves unplayed after them with no read between is one more to type before the next read (fixR42: at
#: a gap Enter, Enter played the read in its place; a double feed counted one card of two), and one left unplayed
#: after the read held under such a hold waits for it as after a one-card hold (fixR41 for Del, fixR42).  Not a new
#: shoe's or deck's: the card after it is most likely the new one's.
RUN_HOLDS = (AFTER_A_GAP, AFTER_A_DOUBLE_FEED, AFTER_DROPPED)
#: Holds for one card left unplayed by its reader that the croupier must type: another such card right after
#: it (no read between) is a second card to type, not a new wait that replaces the first.
ONE_MISSING_CARD = (AFTER_AN_UNREADABLE, AFTER_A_REFUSAL)
#: Holds for a card that left a reader unplayed: a reader that reads each card once, as it leaves (a shoe), never
#: reads it again, so Enter on the read held is refused until a card is typed in its place (qaAP F1: one Enter
#: played the next read in the missing card's place, though the banner and PROTOCOL.md section 6 said it waits).
DRAWN_ONCE = (AFTER_AN_UNREADABLE, AFTER_A_REFUSAL, AFTER_A_DOUBLE_FEED)

#: Holds for a card a shoe could not read (or fed with another) that Del sets aside as a misdraw when no round is
#: open for it (blackjack, rev36 R3): a refused card's is :data:`AFTER_A_MISDRAW`.
SET_ASIDE_UNREAD = (AFTER_AN_UNREADABLE, AFTER_A_DOUBLE_FEED)
#: Why a read still waits once B burned the unread card(s) it waited behind and no burn card is left for it
#: (blackjack: rev36 R2, the banner had gone on asking for the card burned).
AFTER_BURNED_UNREAD = ("the card before it could not be read and went with the burn (B): Enter deals this one as "
                       "the round's first card (with no bet placed it is refused as a misdraw, to set aside)")
#: Baccarat's (rev38 R2: the banner had gone on asking for the card B or Shift+B counted burned).
AFTER_BURNED_UNREAD_P1 = ("the card before it could not be read (or was refused) and went with the burn (B or "
                          "Shift+B): Enter deals this one as P1 (the bets close)")


def reads_again(source: str) -> bool:
    """Whether ``source`` may read a card again once it lies better (a camera looks at the cards on the layout):
    the read after one it could not read may be that card.  A shoe reads a card once, as it leaves the shoe."""
    return str(source).startswith("camera:")


#: Every reason a read waits behind a card missing before it: a card typed then is that card.
HOLDS = (*MANY_CARD_HOLDS, *ONE_CARD_HOLDS)
#: Holds behind lost frames: while FRAMES LOST stands and no card was typed for them, a first Enter on the
#: read held asks the croupier to say that no card was missed (see SessionCore.confirm_pending).
AFTER_LOST_FRAMES = (AFTER_A_GAP, AFTER_DROPPED)
#: The journal entry of that first Enter (the read it asked of), so a restart between the two Enters does not ask again.
LOST_FRAMES_ASKED = "lost_frames_asked"


def none_missed_asked(card: str, unheard: str = "") -> str:
    """What a first Enter with nothing typed answers on ``card``, held behind lost frames: an Enter by
    habit had played it and taken FRAMES LOST down, a card the frames held still missing (QA).  ``unheard``: the
    cards typed for the reader while its link was down (see :func:`typed_while_down`), which the frames may hold."""
    if unheard:  # qaAY F4: it said "no card was typed" of the card typed while the reader was lost
        return (f"FRAMES LOST: {unheard} typed while the reader's link was down, none since. Look at the table: if "
                f"the lost frames held only {'that card' if unheard.startswith('1 card ') else 'those cards'}, press "
                f"Enter again and {card} is played; else type each other missed card first (K), in order")
    return (f"FRAMES LOST: no card was typed for the lost frames. Look at the table: if no card was missed, "
            f"press Enter again and {card} is played; else type each missed card first (K), in order")


#: How FRAMES LOST names the cards typed for its reader while its link was down (read back by Enter's answer).
TYPED_WHILE_DOWN = " typed for it while its link was down (as CARD READER LOST or SILENT asked)"


def typed_while_down(labels: list[str]) -> str:
    """The cards of ``labels`` typed for a reader while its link was down, as FRAMES LOST names them: "4♦ was", "4♦
    and 3♣ were"."""
    names = labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1]
    return f"{len(labels)} card{'s' if len(labels) > 1 else ''} ({names}) {'was' if len(labels) == 1 else 'were'}"


def several_unread_asked(card: str, due: int, again: bool = True) -> str:
    """What Enter answers on ``card``, held behind cards its reader could not read (or read and had refused) in
    a row while ``due`` of them are still to be typed: played, it would take the place of one of them (it had
    taken the second's).  ``again``: its reader may read one of them again (a camera, :func:`reads_again`)."""
    return (f"cards before {card} could not be read (or were refused) in a row, {due} of them still untyped: type "
            f"{'it' if due == 1 else 'them'} in {'its place' if due == 1 else 'their places'} (K), then Enter plays "
            f"{card}" + (f"; if {card} is one of them read again, Del drops it, then type it in its place (K)"
                         if again else ""))


def missing_card_asked(card: str, why: str) -> str:
    """What Enter answers on ``card``, read by a shoe (which reads each card once) and held behind the one card
    that left before it unplayed (:data:`DRAWN_ONCE`), while no card is typed in that card's place: played, it
    would take that place (qaAP F1)."""
    what = (f"the card before {card} was refused (CARD REFUSED) and the card really dealt is not typed yet"
            if why == AFTER_A_REFUSAL else
            f"two cards left the shoe together before {card} (DOUBLE_FEED), at least one unread, and none is typed yet"
            if why == AFTER_A_DOUBLE_FEED else
            f"the card before {card} could not be read (UNREADABLE CARD) and is not typed yet")
    return (f"{card} not played: {what}; the shoe reads each card once, so {card} is not that card. Type the card "
            f"dealt in its place (K), then Enter plays {card}")


def cards_due_asked(card: str, source: str, why: str, due: int) -> str:
    """What Enter answers on ``card``, read by ``source`` and held under ``why`` while ``due`` cards missing before
    it are untyped.  Behind a read dropped (Del) the cards due are not all unread in a row: the dropped read's words,
    with the count (rev36 R5)."""
    if due == 1 and why in DRAWN_ONCE and not reads_again(source):
        return missing_card_asked(card, why)
    if why == AFTER_A_GAP:  # cards its reader left unplayed by the lost frames (fixR42): the frames' may be more
        return (f"{'a card' if due == 1 else f'{due} cards'} the {source} could not read before {card} still "
                f"untyped, and frames were lost (FRAMES LOST): type each card dealt in its place first (K), any the "
                f"lost frames held too, then Enter plays {card}")
    if why == AFTER_DROPPED and not reads_again(source):  # the dropped read's card is one of them (a shoe's)
        return (f"{'a card' if due == 1 else f'{due} cards'} before {card} still untyped: a card could not be read (or "
                f"was refused), and a read was dropped too (Del), its card dealt all the same: type each card dealt "
                f"in its place first (K), then Enter plays {card}")
    if why == AFTER_DROPPED:
        return (f"{'a card' if due == 1 else f'{due} cards'} before {card} could not be read (or "
                f"{'was' if due == 1 else 'were'} refused), still untyped, and a read was dropped too (Del): type "
                f"each card dealt in its place first (K), then Enter plays {card}")
    return several_unread_asked(card, due, reads_again(source))


def several_unread(count: int, refused: bool = False, dropped: bool = False) -> str:
    """The action of UNREADABLE CARD when its reader could not read ``count`` cards in a row (more than one),
    or, ``refused``, read one before them that was refused; ``dropped``: a shoe's read dropped (Del) among them."""
    if dropped:
        return (f"{count} cards could not be read or were dropped (Del), a dropped read's card dealt all the same: "
                f"type them in their places (K), in the order they came out, then the next card read is played after "
                f"them; it waits until all {count} are typed")
    return (f"{count} cards could not be {'read or were refused' if refused else 'read'}: type them in their places "
            f"(K), in the order they came out, then "
            f"the next card read is played after them; it waits until all {count} are typed")


#: UNREADABLE CARD's DO line once the cards a many-card wait counted are typed: the wait stands until Enter on the read
#: held (fixR42: it still said "type it (K)" with none due).
TYPED_ALL = ("look at the cards typed: each card missing is typed (K); Enter plays the card read after them (type any "
             "other card missed before it first, K)")
#: The code of the alert of a new shoe reported while a round is dealt (its source's next read waits).
NEW_SHOE_IN_ROUND = "newshoe:round"
#: The same at blackjack: a new deck reported while a round is played.
NEW_DECK_IN_ROUND = "newdeck:round"
#: The same at blackjack between rounds, the new deck refused (the old one not checked) while bets are taken: the
#: next read would be dealt into the old deck's round (qaAQ F4).
NEW_DECK_REFUSED = "newdeck:held"

#: What a restored alert journaled before its action was asks (see SessionCore._restore_holds).
AFTER_RESTART_ACTION = "compare the cards on the table with the display and type any missing card (K)"


def hold_of_alert(code: Any) -> Optional[str]:
    """The wait an alert of ``code`` explains (it is shown while a read waits for that reason), or None for
    an alert of no wait.  A restart's own CARD READ BEFORE THE RESTART (older journals) explains its own."""
    if not isinstance(code, str):
        return None
    if code.startswith("unplaced:"):
        return AFTER_UNPLACED
    if code.upper() == "DEVICE:DOUBLE_FEED":
        return AFTER_A_DOUBLE_FEED
    if code == NEW_SHOE_IN_ROUND:
        return AFTER_NEW_SHOE
    if code in (NEW_DECK_IN_ROUND, NEW_DECK_REFUSED):
        return AFTER_NEW_DECK
    if code == TYPED_UNREAD:
        return AFTER_TYPED_UNREAD
    return {"gap": AFTER_A_GAP, "unreadable": AFTER_AN_UNREADABLE, "refused": AFTER_A_REFUSAL,
            "unplaced": AFTER_A_RESTART}.get(code)


def held_by_alert(payload: dict) -> Optional[tuple[str, str]]:
    """The source and hold of a journaled alert that opened one (lost frames, a double feed), else None.
    Journals before alerts named their source hold none."""
    source = payload.get("source")
    if not isinstance(source, str) or source == "keyboard":
        return None
    code = payload.get("code")
    if code == "gap":
        return source, AFTER_A_GAP
    if isinstance(code, str) and code.upper() == "DEVICE:DOUBLE_FEED":
        return source, AFTER_A_DOUBLE_FEED
    if code == NEW_SHOE_IN_ROUND:
        return source, AFTER_NEW_SHOE
    if code in (NEW_DECK_IN_ROUND, NEW_DECK_REFUSED):
        return source, AFTER_NEW_DECK
    return None
