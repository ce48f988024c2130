"""dealer-assist: a live-table dealer assistant for baccarat and blackjack."""

__version__ = "0.1.0"
