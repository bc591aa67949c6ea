"""The physics of a pile: cards laid on a running total that may never pass a limit.

The pile as the table shows it: its cards, running total, limit and who laid the last card.
The course keeps it as card codes, so that the cards that still fit are the codes below one
bound; what a total scores, when the pile closes and who starts the next one are rules.
"""
from __future__ import annotations

from ...pieces import Card


class Pile:
    """The cards of the current pile and their running total, as the table shows them."""

    __slots__ = ("limit", "cards", "total", "last_player")

    def __init__(self, limit: int, cards: list[Card] | None = None, total: int = 0, last_player: int | None = None):
        self.limit = limit
        self.cards: list[Card] = cards if cards is not None else []
        self.total = total
        self.last_player = last_player
