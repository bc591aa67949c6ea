"""The physics of a pile: cards laid on a running total that may never pass a limit.

A pile knows which card values still fit and who laid the last card; what a total scores,
when it closes and who starts the next one are rules, read by the card engine.
"""
from __future__ import annotations

from ...pieces import Card


class Pile:
    """The cards of the current pile and their running total; mutable, copied with `copy()`."""

    __slots__ = ("limit", "total", "cards", "last_player")

    def __init__(self, limit: int):
        self.limit = limit
        self.total = 0
        self.cards: list[Card] = []
        self.last_player: int | None = None

    def copy(self) -> Pile:
        other = Pile(self.limit)
        other.total = self.total
        other.cards = list(self.cards)
        other.last_player = self.last_player
        return other

    def fits(self, value: int) -> bool:
        return self.total + value <= self.limit

    def add(self, card: Card, value: int, player: int) -> None:
        self.cards.append(card)
        self.total += value
        self.last_player = player

    @property
    def at_limit(self) -> bool:
        return self.total == self.limit

    def clear(self) -> None:
        self.total = 0
        self.cards = []
        self.last_player = None
