"""Room for every row of a table's display when the alerts and the croupier's message grow.

The status message wraps to as many lines as it needs, but Qt does not carry a wrapped label's
height through the side-by-side layout it sits in: with three alert bars and a three-line message
at 1280x720 the baccarat panel got less than it needs and the chip row was drawn over the bet
grid's Limits row and seat 7 (QA); at 960x540 the blackjack table was drawn under its action
buttons the same way.  The message's lines are made its least height, and the room they need is
taken from one row that can spare some (the baccarat roads, the blackjack table), then from the
message's font; the message itself is never cut, its action being at its end.

The row that gives room has ``most_room()`` (the pixels it can spare) and ``set_room_given(px)``, and may
have ``set_dropped(bool)`` (out of sight when nothing else can give room); the panel of the message has
``set_message_scale(scale)`` and ``hold_message_lines()``; an alerts panel may have ``fold(n)``,
``can_fold()`` and ``folded``, and a row the alerts fold for ``room_lacking()`` (see :func:`make_room`).

The alert bars' wrapped lines are held the same way: uncounted, a long alert over a second one at
1280x720 had the chip bar drawn over seats 6-7 and the Limits line, the roads giving nothing (qaO F3).
So are the banner's: its reason on two lines under CONFIRM CARD over three alerts at 1280x720 was counted
as one, and the chip bar was drawn over the Limits row again (verC).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject

#: The message's font steps down to this share of its size, a tenth at a time, while room is short.
MESSAGE_LEAST_SCALE = 0.7


def make_room(central, giver, message, *panels, fold: bool = True, wanting=(), giving_for=(), keeping=()) -> int:
    """Fit the rows of ``central`` (the window's central widget) in its height, ``giver`` giving room
    first, then ``message``'s font, then (with ``fold``) the alert bars under the top one, folded into
    the alerts panel's count one at a time; the pixels still short (0 when every row has its room).  The
    wrapped lines of ``panels`` (the alerts panel, the banner) are counted as the message's are.

    The rows of ``wanting`` (``want_room(bool)``: a long pay list asking for some whole payments, qaAH F3) are
    weighed at the height they ask for while the giver gives: that room is taken from the giver only, never
    from the message's font nor the alerts.

    The rows of ``giving_for`` (the baccarat alert bars) are given their height by ``giver`` whether or not
    the rows fit: they fitted, but only as the rows they pushed down shrank, and the baccarat cards, the row
    that stretches, went from 62 to 34 px under one alert at 960x540 while the roads kept their height (qaAV
    F9).  A giver with ``whole_room(px)`` gives for them only what keeps it whole (every road drawn).

    While the rows fit once the giver has given but a row of ``keeping`` (``room_lacking()``: the baccarat cards
    under 50 px) lacks room, the alert bars under the top one are folded (with ``fold``), the giver then giving for
    the bars as they are: three alerts at 960x540 left the cards 39 px high though every row fitted (fixAV3).
    Rows that do not fit go the way above, the roads out of sight before a bar folds."""
    message.set_message_scale(1.0)
    if hasattr(giver, "set_dropped"):
        giver.set_dropped(False)
    folding = [panel for panel in panels if hasattr(panel, "fold")]
    for panel in folding:
        panel.fold(0)
    short = _give(central, giver, message, panels, wanting, giving_for)
    for panel in folding if fold and short <= 0 else ():
        while panel.can_fold() and any(row.room_lacking() > 0 for row in keeping):
            panel.fold(panel.folded + 1)
            short = _give(central, giver, message, panels, wanting, giving_for)
    scale = 1.0
    while short > 0 and scale - 0.1 >= MESSAGE_LEAST_SCALE - 1e-9:
        scale -= 0.1
        message.set_message_scale(scale)
        short = _short(central, message, panels)
    # Nothing else can shrink (d3: the rows were then drawn over one another, the chips over the bet grid, the
    # blackjack action buttons over the seats and a read's question under its alert).  Dropped first is what
    # the croupier needs least: the roads, whole (at their least share their cells are a few pixels, and a
    # road cut misleads the players who follow it); then the alert bars under the top one, still counted on
    # the alerts' "more" line, each coming up as Esc dismisses the one above.
    if fold and short > 0 and hasattr(giver, "set_dropped"):
        giver.set_dropped(True)
        short = _short(central, message, panels)
    for panel in folding if fold else ():
        while short > 0 and panel.can_fold():
            panel.fold(panel.folded + 1)
            short = _short(central, message, panels)
    return max(0, short)


def _give(central, giver, message, panels, wanting, giving_for) -> int:
    """The giver's room given for the rows short of it and for ``giving_for`` (see :func:`make_room`); the pixels
    still short, the rows placed as they are now."""
    giver.set_room_given(0)
    for row in wanting:
        row.want_room(True)
    short = _short(central, message, panels)
    taken = _heights(central, giving_for)
    wanted = max(short, giver.whole_room(taken) if hasattr(giver, "whole_room") else taken)
    if wanted > 0:
        giver.set_room_given(min(wanted, giver.most_room()))
    for row in wanting:
        row.want_room(False)
    return _short(central, message, panels)


def _heights(central, rows) -> int:
    """The height ``rows`` of ``central`` take from the rows under them, with the layout's spacing above each
    (none for a row out of sight)."""
    shown = [row for row in rows if row.isVisible()]
    if not shown:
        return 0
    layout = central.layout()
    layout.activate()
    height = sum(row.height() + layout.spacing() for row in shown)
    _forget(layout)
    return height


def hold_lines(label) -> None:
    """Make a wrapped ``label``'s lines its least height: a layout beside another does not ask a
    wrapped label for them, and gave it one line's room, the row under it then drawn over it.

    Its lines are counted at the width its row gives it now: Qt places a row whose widgets came or
    went (the confirm buttons beside blackjack's message) on its next pass only, and lines counted at
    the width before held the message many lines tall, the pay list then short of room (seen in tests).
    Counted at a smaller font, or wider, it is fewer lines: the least height held before is let go first,
    Qt's height for a width being never less than it (a blackjack message held at a text scale's larger
    font kept its height once the text stepped down, and the seats were drawn under the buttons)."""
    parent = label.parentWidget()
    if parent is not None and parent.layout() is not None:
        parent.layout().activate()
    width = label.width()
    label.setMinimumHeight(0)  # a label's height for a width is at least its least height: held, it never shrank
    label.setMinimumHeight(label.heightForWidth(width) if label.text() and width > 0 else 0)


def _short(central, message, panels=()) -> int:
    central.layout().activate()  # the rows at the window's width as it is now (see hold_lines)
    message.hold_message_lines()
    for label in (label for panel in panels for label in _wrapped(panel)):
        hold_lines(label)
    _forget(central.layout())  # Qt weighs a changed height only on its next pass through the event loop
    return central.layout().minimumSize().height() - central.height()


def _forget(layout) -> None:
    """Drop the sizes ``layout`` and the layouts and widgets in it have kept from before."""
    for i in range(layout.count()):
        item = layout.itemAt(i)
        if item.layout() is not None:
            _forget(item.layout())
        elif item.widget() is not None and item.widget().layout() is not None:
            _forget(item.widget().layout())
            item.widget().updateGeometry()
    layout.invalidate()


def _wrapped(panel) -> list:
    """The word-wrapped labels shown in ``panel`` (none for ``None``)."""
    if panel is None or not panel.isVisible():
        return []
    from PySide6.QtWidgets import QLabel

    return [label for label in panel.findChildren(QLabel) if label.wordWrap() and label.isVisible()]


class StepsDown:
    """A table window's text scale given back while its rows do not fit: a pixel of the unit at a time, down
    to the window's own size (rev16 F8: at 1.25 and 1280x720 two alerts had the chip bar drawn over seats
    1-5's bet rows), the same in the baccarat and blackjack windows.

    Every unit is weighed in the one call, from the full one down, before Qt paints again: weighed a unit a
    pass of the event loop, four alerts at 1920x1080 and 1.25 had the rows drawn over one another for six
    passes (the chips on the bet grid, the totals over the pay list, the alert bars over each other), some
    half a second on a loaded machine, and again each time an alert came or went.  The alert bars built anew
    at each unit are shown at once (:meth:`~dealer_assist.ui.alerts.AlertsPanel.fold`), the ones they replace
    hidden (their lines would be counted), so each unit is weighed as it will be drawn.  The window keeps
    ``unit``, ``_window_unit``, ``_least_unit`` and ``_room_timer`` (a single-shot timer calling
    :meth:`_make_room` once the layout has placed the rows, started by :meth:`_weigh_soon`), and names the
    rows that give and take room in its ``_room_rows()`` (``giver, message, *panels``, see :func:`make_room`).
    """

    def _weigh_soon(self) -> None:
        """The rows weighed once Qt has placed what changed, and before it paints the window again: a new alert
        bar or a longer message is first drawn at the unit it is weighed at, never over the rows under it at
        the unit before (the bet grid under the chips at 1.25 for a pass, as above).  Qt paints a window on a
        posted event that comes before a timer's: the weighing is then run first (:class:`WeighBeforePaint`)."""
        if getattr(self, "_before_paint", None) is None:
            self._before_paint = WeighBeforePaint(self)
        self._room_timer.start()

    def _make_room(self) -> None:
        self._set_unit_placed(self._window_unit)  # the message or alerts changed: weighed afresh from the full size
        while True:
            # An alert bar is folded only once the text is at the window's own size: larger text gives way first.
            short = make_room(self.centralWidget(), *self._room_rows(), fold=self.unit <= self._least_unit,
                              wanting=self._room_wants() if hasattr(self, "_room_wants") else (),
                              giving_for=self._room_given_for() if hasattr(self, "_room_given_for") else (),
                              keeping=self._room_kept_for() if hasattr(self, "_room_kept_for") else ())
            if short <= 0 or self.unit <= self._least_unit:
                break
            self._set_unit_placed(self.unit - 1)
        self._room_timer.stop()  # what the units weighed here asked again for (a row moved, a font set) is weighed

    def _set_unit_placed(self, unit: int) -> None:
        """The window's :meth:`_set_unit`, and the rows a unit places on the layout's next pass placed now
        (``_place_rows()``, where the window has one): they are weighed at once."""
        self._set_unit(unit)
        if hasattr(self, "_place_rows"):
            self.centralWidget().layout().activate()
            self._place_rows()


class WeighBeforePaint(QObject):
    """A :class:`StepsDown` window's rows weighed, when their weighing is due, as Qt is about to paint it: its
    ``UpdateRequest`` is a posted event, handled before the zero timer that would weigh them."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        window.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 (Qt's name)
        if obj is self.window and event.type() == QEvent.Type.UpdateRequest and self.window._room_timer.isActive():
            self.window._make_room()
        return False
