"""The blackjack mode of the croupier's display (``dealer-assist run --game blackjack``).

It draws :class:`~dealer_assist.table.blackjack_session.BlackjackSnapshot`
objects and reuses the baccarat display's pieces that are not about the
game: the snapshot bridge, the alert bars, the card painter and the theme.
"""
