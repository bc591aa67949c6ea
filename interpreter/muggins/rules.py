"""Compiled rules: frozen values built once from a rule file, read by the engines.

The contexts below are the vocabulary the engines promise to supply: each expression in a rule
file is checked at load time against the context of the place where it is written, so a rule
file that names something the engine does not provide fails before any game runs.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from .dsl import Expression, Type
from .pieces import Deck, TileSet

INT, BOOL, LIST = Type.INT, Type.BOOL, Type.LIST

PLAYERS_CONTEXT = {"players": INT}
CARD_VALUE_CONTEXT = {"card.rank": INT}
TILE_RANK_CONTEXT = {"tile.pips": INT, "tile.high": INT, "tile.low": INT}
CARD_RANK_CONTEXT = {"card.rank": INT, "card.value": INT}
_TABLE = {"players": INT, "score": INT, "target": INT}
PLACEMENT_CONTEXT = {
    **_TABLE, "ends_sum": INT, "ends": LIST, "open_ends": INT, "tile.high": INT, "tile.low": INT,
    "tile.pips": INT, "tile.is_double": BOOL, "opening": BOOL, "dominoed": BOOL, "hand_size": INT,
    "boneyard": INT, "round": INT,
}
SETTLEMENT_CONTEXT = {
    **_TABLE, "hand_pips": INT, "hand_size": INT, "opponents_pips": INT, "dominoed": BOOL, "blocked": BOOL,
}
CARD_PLAY_CONTEXT = {
    **_TABLE, "total": INT, "limit": INT, "card.rank": INT, "card.value": INT, "pile_size": INT,
    "hand_size": INT, "stock": INT,
}
LAST_CONTEXT = {**_TABLE, "total": INT, "limit": INT, "pile_size": INT}


@dataclass(frozen=True)
class Lottery:
    """How a first opener or dealer is chosen: `high_draw` by `rank` of a drawn piece, or `random`."""

    method: str
    rank: Expression | None


@dataclass(frozen=True)
class Score:
    """A scoring trigger: when `when` holds, its player scores `points`."""

    name: str
    when: Expression
    points: Expression


@dataclass(frozen=True)
class LineRules:
    """The options of a game played on a line of dominoes."""

    first_opener: Lottery
    next_opener: str
    opener_after_blocked: str
    spinner: bool
    double_at_end: str
    opening_double: str
    draw_only_when_stuck: bool
    draw_one_at_a_time: bool
    drawn_tile_end: str
    reserve: int
    pass_only_when_boneyard_empty: bool
    penalty: Expression
    award: Expression
    penalty_on_blocked: bool
    floor: int | None


@dataclass(frozen=True)
class PileRules:
    """The options of a game played on a pile of cards with a running total."""

    first_dealer: Lottery
    cut: bool
    limit: int
    exact_limit_points: Expression
    exact_limit_timing: str
    next_starter: str
    active: str
    go_draw: bool
    refill: bool
    refill_to: int
    last_points: Expression
    last_on_round_end: bool
    last_muggins: bool
    muggins: bool
    muggins_window: str


@dataclass(frozen=True)
class Notation:
    """The paper tally: a stroke for `stroke` points, a crossed symbol for `cross`."""

    stroke: int
    cross: int


@dataclass(frozen=True)
class Rules:
    """Everything a game needs to know, resolved through `extends` and compiled."""

    name: str
    title: str
    description: str
    source: str
    origin: str                     # the file it was read from, or `builtin:NAME`
    bases: tuple[str, ...]          # the chain of files it extends, nearest first
    digest: str                     # content hash of the resolved rules, for records
    data: Mapping[str, Any]         # the resolved rule data, as `rules show` prints it
    pieces: TileSet | Deck
    player_counts: tuple[int, ...]
    hand: Expression
    target: Expression
    immediate_win: bool
    scoring: tuple[Score, ...]
    line: LineRules | None
    pile: PileRules | None
    notation: Notation | None

    @property
    def family(self) -> str:
        return "line" if self.line is not None else "pile"

    def hand_size(self, players: int) -> int:
        return self.hand({"players": players})

    def target_for(self, players: int) -> int:
        return self.target({"players": players})
