"""The immutable events that card sources hand to the table.

Sources run in their own threads; these frozen values are all that crosses
to the session, so nothing is shared and nothing needs a lock.  ``t`` is
``time.time()`` when the source saw the event (seconds since the epoch).
A serial reader marks an event ``foreign`` (the device id) when it comes from
another shoe than the one it had (a HELLO named another device: another
table's shoe, or one put in this one's place; qaN F14): the table tells it
and acts on none of it, since another shoe's cut card would end this table's
shoe, its SHOE NEW start a new one, its errors and lost frames hold this
table's next read (rev14 F2).  Its cards come as a :class:`CardRead` with a
``doubt`` instead: they wait for the croupier.
They are the vocabulary the sources and the table share, so they sit beside
the rules core (importing only cards): both layers import down to them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Union

from dealer_assist.cards import Card

#: A :attr:`CardRead.doubt` a camera gives a card read for sure where a card it could not read lay (it
#: asked the croupier to type that one): most likely the same card, now read.  While the table still
#: waits for the card missing, the read waits under that wait as any read would ("if this is that card
#: read again, Enter plays it in its place"); once the croupier has typed it, the read waits under this
#: doubt instead of being played: it would be dealt twice.
READ_WHERE_UNREAD = ("read where the card the camera could not read lay (UNREADABLE CARD): if you typed that card "
                     "already, Del drops this read; if not, Enter plays it in its place")
#: A camera's doubts of every card it reads while its set-up seems wrong (its frames another deck's
#: shape, with no colour, or mirrored; see :mod:`dealer_assist.vision.profile_fit`): a sure read may be
#: misread, so none is played unseen.
PROFILE_SHAPE_OFF = "the camera's profile seems another deck's (CAMERA PROFILE?): check the card, Enter plays it"
FRAMES_GREY = "the camera's frames have no colour (CAMERA IN GREYSCALE?): check the card, Enter plays it"
FRAMES_MIRRORED = "the camera image looks mirrored (CAMERA MIRRORED?): check the card, Enter plays it"
#: A camera's doubt of a card of a code it read at another place, within a card, in the same frames.
READ_TWICE_AT_ONCE = ("read at two places a card apart at once, as a mirrored camera or another deck's profile "
                      "reads one card: if only one such card lies there, Del drops this read; if two do, Enter "
                      "plays it")
#: A camera's doubt of a card read where a card of its code was taken away a moment ago (its spot seen bare),
#: or just after one of its code vanished under a hand: most likely that card lifted and put back, or moved
#: (a split, gathered at a round's end), already played (verC NEW-2, rev17 F10).
PUT_BACK = ("read where a card of its code was taken away, or just after one of its code vanished under a hand: "
            "if that card was put back or moved, Del drops this read; if another of its code was dealt, Enter "
            "plays it")
#: A zoned camera's doubt of a card it followed, sharp, out of the box it lay in (see CardRead.moved_from), that a hand
#: then covered longer than the camera waits (or took away) before it was seen lying still: the same card, moved, never
#: a new one, and where it lies is not known.  Held as put back, its words had pointed the wrong way ("if that card was
#: moved, Del drops this read"), and Enter had counted it a second time (rev34 R2).  The table names the box it left,
#: and each game's keys: shared, the words had named baccarat's at a blackjack table, and V or Shift+V then Enter where
#: neither works so (rev35 R3).
MOVED_UNSEEN = ("followed out of its box by the camera, then covered by a hand and not seen lying still since: the same "
                "card, moved, not a new one, and where it lies now is not known. While the table counts it, Enter "
                "plays nothing; the table's note names the box it left and the keys that put it right; if it still "
                "lies where it was played, Del drops this read")
#: A zoned camera's doubt of a card that came to rest in no box of the layout (nor within half a card of one), or
#: was still moving 2 s after it was read (rev19 R8): played in the place due, it may be the other hand's (qaX F9).
OUTSIDE_BOXES = ("came to rest outside every box of the layout's zones (or never came to rest): Enter plays it in the "
                 "place due; if it is the other hand's card, Del drops this read, then type it (K) once its hand's place "
                 "is due")
#: The doubts a read gives way to a wait for a card missing before it: it then waits under that wait (type
#: the card missing first; Enter plays this one after it, or, read where the unread card lay, in its place).
YIELDING_DOUBTS = frozenset({"", READ_WHERE_UNREAD, PROFILE_SHAPE_OFF, FRAMES_GREY, FRAMES_MIRRORED})
#: What a source's ``lost`` link detail says of a port another program holds open exclusively (the table's
#: alert then asks to close that program, not to check the path and the dialout group).
PORT_IN_USE = "is in use by another program"


@dataclass(frozen=True)
class CardRead:
    """A card came out of the shoe (or was shown to the camera, or typed in).

    ``confidence`` below 1 with ``candidates`` means the source was unsure:
    the session asks the croupier to confirm instead of playing the card.
    ``zone`` is where a layout camera saw the card (``player``, ``banker``,
    ``seat 2``, ``dealer``); draw-order sources leave it ``None``.
    ``doubt`` says why a source that reads surely doubts this card (a serial
    frame whose number went back without a HELLO); it waits for the croupier too.
    """

    card: Card
    source: str
    t: float
    confidence: float = 1.0
    seq: Optional[int] = None
    zone: Optional[str] = None
    candidates: tuple[Card, ...] = ()
    doubt: str = ""
    #: A camera's frame number where it reported the card (a video file's own frame), so that a pit boss
    #: finds the card in the recording: its ``seq`` counts the camera's reports, no frame of the picture.
    frame: Optional[int] = None
    #: The layout's box a zoned camera followed the card out of, sharp, into ``zone``: the card it reported
    #: before, moved, not a new one (read with the :data:`PUT_BACK` doubt too).  The table moves it where a move
    #: means something (a card played early in the wrong box, or refused there) and drops it otherwise (cards
    #: gathered after the round, a card left where the table holds it: rev33 R2).  None: no move was seen.
    moved_from: Optional[str] = None
    #: The layout's box a zoned camera saw a card of this one's code, come to rest there, go from its spot (unseen
    #: there a few frames, not seen moving) before this one came to rest in ``zone``: most likely that card, pushed
    #: across blurred, not a new one (a card of its code still seen where it lies leaves this one a new copy).  The
    #: table doubts the read where its round holds that card in that box's hand (fixMB); None: none left.
    left_from: Optional[str] = None


@dataclass(frozen=True)
class Unreadable:
    """A card left the shoe but the source could not read it: it must be keyed in."""

    source: str
    t: float
    seq: Optional[int] = None
    candidates: tuple[Card, ...] = ()
    #: Why it must be keyed in when the card was read but its place in the deal is not known (a card
    #: a camera found lying there when it came back mid-round); empty for a card not read.
    why: str = ""
    #: The device id of another shoe than the one the reader had, or "" (see the module docstring).
    foreign: str = ""
    #: A camera's frame number where it asked for the card (a video file's own frame): its ``seq`` counts
    #: the camera's reports, no frame of the picture (QA F4: the alert said "frame 6" of a card seen at
    #: frames 102-269).
    frame: Optional[int] = None
    #: The layout's box a camera given zones saw the card in (see :attr:`CardRead.zone`): the card typed
    #: for it goes to that hand.
    zone: Optional[str] = None


@dataclass(frozen=True)
class SeqGap:
    """Frames were lost; any of them may have been a card.  Never guessed.

    ``count_went_back``: the frame that revealed the gap had a number behind the
    count with no HELLO before it (PROTOCOL.md 7.4): the device most likely
    restarted and its HELLO was lost, so ``missing`` are the new count's frames.
    ``after_link_loss``: the frame that revealed it was the first after the link came
    back: had the device restarted meanwhile and its count passed the old one, more
    cards than ``missing`` may have gone (PROTOCOL.md 7.4).
    ``card_lost``: the lost frame the device's heartbeat names as its last card: that one was a card.
    """

    source: str
    t: float
    missing: tuple[int, ...]
    count_went_back: bool = False
    after_link_loss: bool = False
    card_lost: Optional[int] = None
    #: The device id of another shoe than the one the reader had, or "" (see the module docstring).
    foreign: str = ""
    #: The frame that revealed the gap (None: a HELLO's, or not known): the count went on past it, and a restart
    #: goes on after it too (verS N5: it was named lost again).
    seq: Optional[int] = None
    #: A line dropped before it read as a ``SHOE`` frame whose state may have been ``CUT``: the cut card may have
    #: come out, and no later frame can tell (a heartbeat names cards only, PROTOCOL.md 7.2).
    may_be_cut: bool = False
    #: After a link loss, the shoe said its HELLO again with the boot id from before (``DeviceHello.bounds_gap``):
    #: it did not restart, so ``missing`` are all the frames that went, each of which may have been a card.
    bounded: bool = False


@dataclass(frozen=True)
class CountRestarted:
    """The device's frame count started again with no HELLO heard: frame ``seq`` is of a new count (PROTOCOL.md
    7.4).  The device most likely restarted and its HELLO was lost (or this is a stray old frame), so what the
    old count sent last cannot be known, as after a HELLO with a new boot id.  A restart, not a loss: frame 0
    of a count is its HELLO, never a card; the new count's frames that may have been cards, lost before
    ``seq``, come as a :class:`SeqGap` (``count_went_back``) beside it."""

    source: str
    t: float
    seq: int
    #: Which frame showed it, by which rule (a SEQ behind the count, one seen with other content, a heartbeat
    #: naming a last card its count cannot have): a firmware's counting mistake is told from a reboot.
    why: str = ""
    #: The device id of another shoe than the one the reader had, or "" (see the module docstring).
    foreign: str = ""


@dataclass(frozen=True)
class TakenShoe:
    """The shoe a reader took as its table's when the croupier pressed Ctrl+T (after ANOTHER SHOE): ``device``.
    With no HELLO heard since the reader opened its port, it cannot tell which shoe is in the socket (this
    table's plugged back, or the other one still there after a cable wiggle or a restart: their frames fit
    either count), so it takes the last shoe heard and says so: ``unheard`` is why ("" when a HELLO named
    it), ``other`` the shoe it may be instead (verS N3: the choice was silent, and wrong half the time)."""

    device: str
    unheard: str = ""
    other: str = ""


@dataclass(frozen=True)
class DeviceHello:
    """The device (re)booted and introduced itself.  ``restarted``: it did so in the middle of a count (one the
    host heard begin, or joined without hearing its boot id), so the frames the old boot sent last cannot be
    known."""

    source: str
    t: float
    device: str
    boot: str
    firmware: str = ""
    protocol: int = 1
    restarted: bool = False
    #: It started no count: the count the reader had goes on (a HELLO said again in a count the reader had
    #: joined, or this table's shoe back after another with the boot id it had), so where that count got to
    #: still holds (rev15 F11: a restart then resumed with no last card, and the cards dealt while the
    #: display was down went unnamed).
    continues: bool = False
    #: Said again after frames were named lost with a link loss (``SeqGap.after_link_loss``), with the boot id
    #: of the count before: the shoe did not restart while out of reach, so the frames named lost are all
    #: that went (PROTOCOL.md 7.4: a HELLO after every replug closes that gap; qaV F5).
    bounds_gap: bool = False


@dataclass(frozen=True)
class DeviceError:
    """The device reported a fault (jam, double feed, misread ...)."""

    source: str
    t: float
    code: str
    text: str
    seq: Optional[int] = None
    #: The device id of another shoe than the one the reader had, or "" (see the module docstring).
    foreign: str = ""


@dataclass(frozen=True)
class ShoeSignal:
    """The shoe reports its own state: ``new`` (loaded), ``cut`` (cut card out), ``empty``."""

    source: str
    t: float
    state: str
    seq: Optional[int] = None
    #: The device id of another shoe than the one the reader had, or "" (see the module docstring).
    foreign: str = ""


@dataclass(frozen=True)
class FrameDropped:
    """A line was dropped: ``crc``, ``too_long`` or ``malformed``; ``why`` says exactly what was wrong."""

    source: str
    t: float
    reason: str
    raw: bytes = field(default=b"", repr=False)
    why: str = ""
    #: A ``crc`` line whole but for its CRC, which is this look-alike CRC: the device's CRC, not line noise.
    crc_named: str = ""


@dataclass(frozen=True)
class ProfileDoubt:
    """A camera's profile seems another deck's: too many of the corners it reads are unsure
    (see :mod:`dealer_assist.vision.profile_fit`); ``text`` says how many and what to do.
    ``grey``: the frames have no colour (a camera set to greyscale), the likelier fault;
    ``mirrored``: the camera mirrors its image (read turned back, a frame reads far more);
    ``dark``: the picture is too dark to show a card (see :mod:`dealer_assist.vision.dark_frames`);
    with ``lit`` too, it is lit again after that, so the sign is no longer true;
    ``cast``: the cards' white paper shows a colour no lamp gives, the camera's white balance gone
    off (see :func:`dealer_assist.vision.light.colour_cast`): read all the same, red ink may be missed;
    with ``balanced`` too, its colour has been right again for a while (see
    :mod:`dealer_assist.vision.cast_frames`), so the sign is no longer true."""

    source: str
    t: float
    text: str
    grey: bool = False
    mirrored: bool = False
    dark: bool = False
    lit: bool = False
    cast: bool = False
    balanced: bool = False


@dataclass(frozen=True)
class LinkState:
    """The link to the source: ``up``, ``stale`` (no frame for a while), ``lost``, ``ended``
    (a video file or a record played to its end: nothing is wrong, nothing more will come), or
    ``paused`` (a replay stopped by the trainer: nothing comes until it is resumed or stepped)."""

    source: str
    t: float
    state: str
    detail: str = ""
    #: Whether the source tries to come back by itself after ``lost`` (a serial reader does; a camera
    #: whose stream dropped does not: the display must be started again).
    retrying: bool = True


@dataclass(frozen=True)
class RecordedOp:
    """A table operation from a journal, played again (a replay); ``op`` is the journaled dict."""

    source: str
    t: float
    op: dict = field(hash=False, compare=False)
    #: The journal it was read from and its entry's seq (None: not known): what the table showed just after it is
    #: what a restart on that journal, up to that entry, shows (the reads held: qaAV F4).
    entry: Optional[tuple[str, int]] = field(default=None, hash=False, compare=False)


@dataclass(frozen=True)
class RecordedNote:
    """An entry of a journal that is no table operation but was shown at the table (an alert, one taken down,
    a read dropped, the table started again), played again in its place by a replay: a card unreadable,
    refused or typed is most often the disputed one (qaR F6).  ``note`` is the entry's payload with its
    ``kind``."""

    source: str
    t: float
    note: dict = field(hash=False, compare=False)


@dataclass(frozen=True)
class RecordedStart:
    """A replay begun at a later shoe (``replay --shoe N``): the table as it stood just after ``op``, the
    recorded ``new_shoe`` (baccarat) or ``new_deck`` (blackjack), whose entry keeps all a new shoe takes
    from the one before (limits, bets), so the shoes before it need not be played again."""

    source: str
    t: float
    op: dict = field(hash=False, compare=False)


@dataclass(frozen=True)
class RecordedEnd:
    """A replay has played its whole record: the journal at ``path``, up to its entry ``last_seq``.  The table then
    shows what a restart on that journal shows of the reads held (a read still held when it ends: qaAV F4)."""

    source: str
    t: float
    path: str
    last_seq: int


SourceEvent = Union[RecordedOp, RecordedNote, RecordedStart, RecordedEnd, CardRead, Unreadable, SeqGap, CountRestarted, DeviceHello, DeviceError, ShoeSignal, FrameDropped, LinkState,
                    ProfileDoubt]


@dataclass(frozen=True)
class CountPosition:
    """How far a table's journal took one shoe's frame count, for its reader to go on from after a restart
    (``SerialShoe.resume_from``): the count's boot id, the SEQ of its last frame journaled that stood for a
    card (one read, or one it could not read: ``CARD ??``, ``ERR MISREAD``), and of its last card read
    (None: none).  The two differ after an unread card: a heartbeat names a ``CARD ??`` as its last card,
    but not every firmware an ``ERR MISREAD``, so only the card read bounds what a heartbeat may name."""

    boot: Optional[str] = None
    last_seq: Optional[int] = None
    last_read: Optional[int] = None
    #: The last cards read in this count, (SEQ, code), oldest first: a frame the shoe sends again after the
    #: restart, byte for byte, is known as a repeat (qaAC F16: it was taken for a restart, the card asked again).
    recent: tuple[tuple[int, str], ...] = field(default=(), compare=False)
    #: The journal heard the HELLO that began this count (no HELLO said again in a count joined mid-stream):
    #: with no card of it journaled, the count stands at that HELLO, so a heartbeat naming a card names one
    #: dealt while the table was down (qaAU F1).
    began: bool = field(default=False, compare=False)
