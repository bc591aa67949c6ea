"""What a placement scores: one truth for the course (the scores it adds, the greedy bots' keys)
and for a player's view (`points_if`).

The rule file's scoring entries are run on the names they read, and on nothing else: when they
read only the sum of the ends, their result for every sum is a table made when the game is made
(`DominoGame.awards_by_sum`); otherwise each result is kept by the values of exactly the names
read (a memo: a game meets the same few facts again and again), so the entries run once per
new combination, and the facts that cost most (the line after the placement, its tiles) are
only gathered for rule files that read them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ...dsl import fails_somewhere, lookup
from ...engine.table import Award

if TYPE_CHECKING:
    from .game import DominoGame
    from .physics import Line

CONSTANT_NAMES = frozenset({"earned", "players", "target"})  # what the entries read that no placement changes
LINE_NAMES = frozenset({"ends", "open_ends", "line.highs", "line.lows", "line.pips"})  # read from the line after it
MEMO_LIMIT = 100_000  # results kept before the memo starts again (a game reading the line's tiles meets many)


class PlacementScoring:
    """The scores of placements under one game's scoring entries."""

    def __init__(self, game: DominoGame, awards_by_sum: list[Any] | None):
        scoring = [e for score in game.rules.scoring for e in (score.when, score.points)]
        self.game = game
        self.names = tuple(sorted({name for e in scoring for name in e.names} - CONSTANT_NAMES))
        self.reads_line = not LINE_NAMES.isdisjoint(self.names)
        self.awards_by_sum = awards_by_sum
        # the points of every sum, when looking one up can never raise (an entry failing on some
        # sums raises when such a sum is reached, through `lookup`)
        self.points_by_sum = None if awards_by_sum is None or fails_somewhere(awards_by_sum) else [
            sum(award[1] for award in entry) for entry in awards_by_sum]
        self.safe_awards = awards_by_sum if self.points_by_sum is not None else None  # looked up without `lookup`
        self.memo: dict[tuple[Any, ...], tuple[Award, ...]] = {}

    def awards(self, line_after: Callable[[], Line], ends_sum: int, t: int, opening: bool, hand_size: int,
               boneyard: int, score: int, round_number: int) -> tuple[Award, ...]:
        """Every entry that holds for tile `t` placed (leaving `ends_sum`, and the line
        `line_after()` returns, read only when an entry reads it), its player keeping
        `hand_size` tiles, with `boneyard`, `score` and `round_number` as they are then."""
        table = self.awards_by_sum
        if table is not None:
            return lookup(table, ends_sum)
        facts = self.facts(line_after, ends_sum, t, opening, hand_size, boneyard, score, round_number)
        found = self.memo.get(facts)
        if found is None:
            env = dict(zip(self.names, facts))
            env["players"], env["target"] = self.game.players, self.game.target
            found = self.game.awards(env)
            if len(self.memo) >= MEMO_LIMIT:
                self.memo.clear()
            self.memo[facts] = found
        return found

    def points(self, line: Line, t: int, end: int, hand_size: int, boneyard: int, score: int,
               round_number: int) -> int:
        """The points tile `t` would score on `end` of `line` (-1 opens it), without placing it."""
        table = self.points_by_sum
        if table is not None:
            return table[line.sum_index_after(t, end)]
        return sum(award[1] for award in self.awards(
            lambda: _placed(line, t, end), line.sum_index_after(t, end), t, line.empty, hand_size, boneyard, score,
            round_number))

    def facts(self, line_after: Callable[[], Line], ends_sum: int, t: int, opening: bool, hand_size: int,
              boneyard: int, score: int, round_number: int) -> tuple[Any, ...]:
        """The values of the names the entries read, in `names` order."""
        line = line_after() if self.reads_line else None
        tables = self.game.line_tables
        values: list[Any] = []
        for name in self.names:
            if name == "ends_sum":
                values.append(ends_sum)
            elif name == "dominoed":
                values.append(hand_size == 0)
            elif name == "hand_size":
                values.append(hand_size)
            elif name.startswith("tile."):
                values.append(_tile_fact(tables, name, t))
            elif name in LINE_NAMES:
                values.append(_line_fact(line, name))  # type: ignore[arg-type]
            else:
                values.append({"opening": opening, "boneyard": boneyard, "score": score,
                               "round": round_number}[name])
        return tuple(values)


def _placed(line: Line, t: int, end: int) -> Line:
    after = line.copy()
    after.put(t, end)
    return after


def _tile_fact(tables: Any, name: str, t: int) -> Any:
    if name == "tile.is_double":
        return tables.double[t]
    return {"tile.high": tables.high, "tile.low": tables.low, "tile.pips": tables.pips}[name][t]


def _line_fact(line: Line, name: str) -> Any:
    amounts = tuple(amount for _, amount in line.contributions_by_end())
    if name == "ends":
        return amounts
    if name == "open_ends":
        return len(amounts)
    half = {"line.highs": "high", "line.lows": "low", "line.pips": "pips"}[name]
    return tuple(getattr(tile, half) for tile in line.tiles)
