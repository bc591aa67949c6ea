"""What happens in a card game, as events: logs, records, explanations and statistics are built
from them (the table's own events, claims and "Muggins!", are in `engine/table.py`)."""
from __future__ import annotations

from dataclasses import dataclass

from ...pieces import Card


@dataclass(frozen=True, slots=True)
class Dealt:
    round: int
    dealer: int
    cut_by: int | None
    cut_at: int | None
    hands: tuple[tuple[Card, ...], ...]
    stock: int
    leader: int


@dataclass(frozen=True, slots=True)
class Played:
    player: int
    card: Card
    total: int


@dataclass(frozen=True, slots=True)
class SaidGo:
    player: int
    drew: Card | None


@dataclass(frozen=True, slots=True)
class Refilled:
    player: int
    cards: tuple[Card, ...]
    hand_size: int


@dataclass(frozen=True, slots=True)
class PileClosed:
    total: int
    last_player: int | None
    starter: int | None


@dataclass(frozen=True, slots=True)
class RoundEnded:
    round: int
    scores: tuple[int, ...]
