"""Frozen value objects for the pieces: domino tiles and playing cards, and the sets they form.

A piece never knows game rules; a set is derived entirely from the rule file's `pieces` section.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .messages import illegal

_TILE = re.compile(r"\s*\[?\s*(\d+)\s*[-|:/ ]\s*(\d+)\s*\]?\s*\Z")


@dataclass(frozen=True, slots=True, order=True)
class Tile:
    """A domino tile, stored low half first so [4|1] and [1|4] are the same tile."""

    low: int
    high: int

    def __post_init__(self) -> None:
        if self.low > self.high:
            low, high = self.high, self.low
            object.__setattr__(self, "low", low)
            object.__setattr__(self, "high", high)

    @property
    def pips(self) -> int:
        return self.low + self.high

    @property
    def is_double(self) -> bool:
        return self.low == self.high

    def __str__(self) -> str:
        return f"[{self.low}|{self.high}]"

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read `6-6`, `[3|4]`, `3|4` or `3:4`; raises IllegalMoveError on anything else."""
        match = _TILE.match(text)
        if not match:
            raise illegal("not_a_tile", text=text)
        return cls(int(match.group(1)), int(match.group(2)))


@dataclass(frozen=True)
class TileSet:
    """Every pair of pip counts from 0 to `highest_pip`, once: double-six has 28 tiles."""

    highest_pip: int

    @property
    def tiles(self) -> tuple[Tile, ...]:
        n = self.highest_pip
        return tuple(Tile(low, high) for high in range(n + 1) for low in range(high + 1))

    def __len__(self) -> int:
        n = self.highest_pip + 1
        return n * (n + 1) // 2

    def parse(self, text: str) -> Tile:
        tile = Tile.parse(text)
        if tile.high > self.highest_pip:
            raise illegal("not_in_set", tile=tile, highest=self.highest_pip)
        return tile


_SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
_RANK_WORDS = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A playing card: `rank` is the position in the deck's rank list (1 = lowest), `suit` a letter."""

    rank: int
    suit: str


@dataclass(frozen=True)
class Deck:
    """One card of every rank in every suit, with each rank's value from the rule file."""

    suits: tuple[str, ...]
    ranks: tuple[str, ...]
    values: tuple[int, ...]  # values[rank - 1]

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(Card(rank, suit) for suit in self.suits for rank in range(1, len(self.ranks) + 1))

    def __len__(self) -> int:
        return len(self.suits) * len(self.ranks)

    def value(self, card: Card) -> int:
        return self.values[card.rank - 1]

    def name(self, card: Card) -> str:
        return f"{self.ranks[card.rank - 1]}{card.suit}"

    def long_name(self, card: Card) -> str:
        """`4 of clubs`, `ace of spades`: the standard deck's words, else the short name."""
        rank = self.ranks[card.rank - 1]
        suit = _SUIT_WORDS.get(card.suit)
        if suit is None:
            return self.name(card)
        return f"{_RANK_WORDS.get(rank, rank)} of {suit}"

    def parse(self, text: str) -> Card:
        """Read a card as rank then suit letter (`10H`, `5h`, `as`); raises IllegalMoveError."""
        cleaned = text.strip().upper()
        if len(cleaned) >= 2 and cleaned[-1] in self.suits and cleaned[:-1] in self.ranks:
            return Card(self.ranks.index(cleaned[:-1]) + 1, cleaned[-1])
        raise illegal("not_a_card", text=text, ranks=" ".join(self.ranks), suits=" ".join(self.suits))
