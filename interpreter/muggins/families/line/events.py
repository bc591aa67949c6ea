"""What happens in a domino game, as events: logs, records, explanations and statistics are built
from them (the table's own events, claims and "Muggins!", are in `engine/table.py`)."""
from __future__ import annotations

from dataclasses import dataclass

from ...pieces import Tile
from .physics import Connection, End


@dataclass(frozen=True, slots=True)
class RoundStarted:
    round: int
    opener: int
    hands: tuple[tuple[Tile, ...], ...]
    boneyard: int


@dataclass(frozen=True, slots=True)
class Placed:
    """A tile went on the line; carries what the text's diagrams show about the placement."""

    player: int
    tile: Tile
    end: int | None
    connection: Connection | None
    tiles: tuple[Tile, ...]                 # the whole line, in the order placed
    connections: tuple[Connection, ...]
    ends: tuple[End, ...]
    contributions: tuple[tuple[Tile, int], ...]
    ends_sum: int
    points: int


@dataclass(frozen=True, slots=True)
class Drew:
    player: int
    tile: Tile
    playable: bool


@dataclass(frozen=True, slots=True)
class Passed:
    player: int


@dataclass(frozen=True, slots=True)
class Revealed:
    """At settlement, a player's leftover tiles and their pip total."""

    player: int
    tiles: tuple[Tile, ...]
    pips: int


@dataclass(frozen=True, slots=True)
class RoundBlocked:
    """Nobody can place and nothing can be drawn: the round ends with no winner."""

    round: int


@dataclass(frozen=True, slots=True)
class Dominoed:
    """A player placed their last tile."""

    player: int


@dataclass(frozen=True, slots=True)
class RoundEnded:
    round: int
    blocked: bool
    dominoer: int | None
    scores: tuple[int, ...]
