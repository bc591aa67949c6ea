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
    "boneyard": INT, "round": INT, "earned": INT, "line.highs": LIST, "line.lows": LIST, "line.pips": LIST,
}
SETTLEMENT_CONTEXT = {
    **_TABLE, "hand_pips": INT, "hand_size": INT, "side_pips": INT, "opponents_pips": INT, "lightest": BOOL,
    "dominoed": BOOL, "blocked": BOOL,
}
CARD_PLAY_CONTEXT = {
    **_TABLE, "total": INT, "limit": INT, "card.rank": INT, "card.value": INT, "card.suit": INT, "pile_size": INT,
    "hand_size": INT, "stock": INT, "earned": INT, "pile.ranks": LIST, "pile.values": LIST, "pile.suits": LIST,
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
    claim: bool                     # must its player claim it (else it is added at once)


@dataclass(frozen=True)
class Seating:
    """The order of play and the partnerships, shared by every family."""

    direction: int                  # +1 clockwise, -1 counterclockwise
    sides: Expression               # how many sides, from `players`

    def side_count(self, players: int) -> int:
        return self.sides({"players": players})


@dataclass(frozen=True)
class MugginsRules:
    """What happens to a score its player did not claim."""

    enabled: bool
    window: str                     # next_action | immediate
    order: str                      # turn | seat
    false_call: int | None          # points lost for calling with nothing unclaimed; None: no such call


@dataclass(frozen=True)
class Holder:
    """The piece whose holder opens a round, and whether it must be the opening tile."""

    piece: str                      # highest_double | heaviest | a tile such as "6-6"
    must_play: bool


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
    reserve: Expression
    pass_only_when_boneyard_empty: bool
    penalty: Expression
    award: Expression
    paid_to: str
    penalty_on_blocked: bool
    floor: int | None
    holder: Holder | None


@dataclass(frozen=True)
class PileRules:
    """The options of a game played on a pile of cards with a running total."""

    first_dealer: Lottery
    next_dealer: str
    leader: str
    cut: bool
    limit: Expression
    exact_limit_points: Expression
    exact_limit_timing: str
    next_starter: str
    active: str
    go_draw: bool
    refill: bool
    refill_to: Expression
    last_points: Expression
    last_on_round_end: bool
    last_muggins: bool


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
    simultaneous: str               # scorer | earlier_score
    overshoot: str                  # counts | void | capped
    tie: str                        # opener_order | seat_order | play_on
    seating: Seating
    claims_required: bool           # the default of every score's `claim`
    muggins: MugginsRules
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

    @property
    def has_claims(self) -> bool:
        """Whether any score of this game can wait for a claim."""
        return self.claims_required or any(score.claim for score in self.scoring)
