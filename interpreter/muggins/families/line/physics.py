"""The physics of a domino line: where a tile can go and what the open ends show.

A line knows how tiles connect (a matching half, doubles crosswise, an optional spinner with
four arms) and which ends are open; it knows nothing of scoring formulas, turns or players.
What an end contributes to the sum is decided by two rule options passed in: what a double at
an end counts (`both_halves`/`one_half`) and whether a double holding several open ends at once
(an opening double, an untouched spinner) counts once or once per end.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...pieces import Tile

# Names of the sides of a placed tile: a plain tile has a low and a high end; a double placed
# crosswise has two lines, A and B, and a spinner two more, C and D.
LOW, HIGH = "low", "high"


@dataclass(frozen=True, slots=True)
class End:
    """An open end: the tile that holds it, which side of that tile, the value a match needs."""

    tile: Tile
    side: str
    value: int
    counts: bool = True  # a spinner's side arm counts only once a tile is played on it

    @property
    def crosswise(self) -> bool:
        return self.tile.is_double


@dataclass(frozen=True, slots=True)
class Connection:
    """How a placed tile joined the line: which side of which tile it touched, with which side."""

    to_tile: Tile
    to_side: str
    tile: Tile
    side: str


class Line:
    """A line of placed tiles with its open ends; mutable, copied with `copy()`."""

    __slots__ = ("spinner_allowed", "double_value", "shared_double_once", "ends", "tiles",
                 "connections", "spinner", "_spinner_sides", "arms")

    def __init__(self, spinner: bool = False, double_at_end: str = "both_halves", opening_double: str = "once"):
        self.spinner_allowed = spinner
        self.double_value = 2 if double_at_end == "both_halves" else 1
        self.shared_double_once = opening_double == "once"
        self.ends: list[End] = []
        self.tiles: tuple[Tile, ...] = ()               # in the order placed (shared by events: never mutated)
        self.connections: tuple[Connection, ...] = ()
        self.spinner: Tile | None = None
        self._spinner_sides = 0
        self.arms: tuple[tuple[tuple[int, int], ...], ...] = ((), (), (), ())  # per end: (near, far) halves outwards

    def copy(self) -> Line:
        other = Line.__new__(Line)
        other.spinner_allowed = self.spinner_allowed
        other.double_value = self.double_value
        other.shared_double_once = self.shared_double_once
        other.ends = list(self.ends)
        other.tiles = self.tiles
        other.connections = self.connections
        other.spinner = self.spinner
        other._spinner_sides = self._spinner_sides
        other.arms = self.arms
        return other

    @property
    def empty(self) -> bool:
        return not self.tiles

    def fits(self, tile: Tile) -> list[int]:
        """The indexes of the open ends `tile` can be placed on (all of none on an empty line)."""
        if not self.tiles:
            return []
        return [i for i, end in enumerate(self.ends) if end.value == tile.low or end.value == tile.high]

    def place(self, tile: Tile, end: int | None) -> Connection | None:
        """Put `tile` on open end `end` (None opens the line); the caller has checked it fits."""
        self.tiles += (tile,)
        if end is None:
            self._open(tile)
            return None
        target = self.ends[end]
        if tile.is_double:
            touching, open_side = "A", "B"
        elif tile.low == target.value:
            touching, open_side = LOW, HIGH
        else:
            touching, open_side = HIGH, LOW
        connection = Connection(target.tile, target.side, tile, touching)
        self.connections += (connection,)
        open_value = tile.high if open_side == HIGH else tile.low
        self.ends[end] = End(tile, open_side, open_value)
        arms = list(self.arms)
        arms[end] = arms[end] + ((target.value, open_value),)
        self.arms = tuple(arms)
        if self.spinner is not None and target.tile == self.spinner and end < 2:
            self._spinner_sides += 1
            if self._spinner_sides == 2:
                value = self.spinner.low
                self.ends.extend((End(self.spinner, "C", value, counts=False), End(self.spinner, "D", value, counts=False)))
        elif self.spinner is None and self.spinner_allowed and tile.is_double:
            self.spinner = tile
            self._spinner_sides = 1
        return connection

    def _open(self, tile: Tile) -> None:
        if tile.is_double:
            self.ends = [End(tile, "A", tile.low), End(tile, "B", tile.low)]
            if self.spinner_allowed:
                self.spinner = tile
        else:
            self.ends = [End(tile, LOW, tile.low), End(tile, HIGH, tile.high)]

    def layout(self, up: str = "up", down: str = "down") -> str:
        """The line as it lies on the table, left to right (a spinner's arms after it, named by
        `up` and `down` in the reader's language): `[2|1][1|4][4|4]`, each tile's halves where
        they lie."""
        if not self.tiles:
            return ""
        first = self.tiles[0]  # the opening tile lies low half left (end 0), high half right (end 1)
        text = "".join(f"[{far}|{near}]" for near, far in reversed(self.arms[0]))
        text += f"[{first.low}|{first.high}]"
        text += "".join(f"[{near}|{far}]" for near, far in self.arms[1])
        for index, word in ((2, up), (3, down)):
            if self.arms[index]:
                text += f"  {word}: " + "".join(f"[{near}|{far}]" for near, far in self.arms[index])
        return text

    def contributions(self) -> list[tuple[Tile, int]]:
        """What each open end adds to the sum, as (tile, amount) in end order."""
        return [(self.ends[i].tile, amount) for i, amount in self.contributions_by_end()]

    def contributions_by_end(self) -> list[tuple[int, int]]:
        """(end index, amount) for every end that adds to the sum: a side arm not yet played on
        adds nothing, and with `opening_double: once` a double holding two ends counts once."""
        result: list[tuple[int, int]] = []
        counted: set[Tile] = set()
        for i, end in enumerate(self.ends):
            if not end.counts:
                continue
            if end.crosswise:
                if self.shared_double_once and end.tile in counted:
                    continue
                counted.add(end.tile)
                result.append((i, end.value * self.double_value))
            else:
                result.append((i, end.value))
        return result

    def ends_sum(self) -> int:
        return sum(amount for _, amount in self.contributions_by_end())

    def sum_after(self, tile: Tile, end: int | None) -> int:
        """The sum of the ends if `tile` were placed on `end` (None opens), without placing it:
        what a player weighs when choosing a placement."""
        if not self.tiles:
            if tile.is_double:
                return tile.low * self.double_value * (1 if self.shared_double_once else 2)
            return tile.low + tile.high
        assert end is not None, "a line with tiles is played on an end"
        value = self.ends[end].value
        new_value = tile.high if tile.low == value else tile.low
        total = new_value * self.double_value if tile.is_double else new_value
        counted: set[Tile] = set()
        for i, other in enumerate(self.ends):
            if i == end or not other.counts:
                continue
            if other.crosswise:
                if self.shared_double_once and other.tile in counted:
                    continue
                counted.add(other.tile)
                total += other.value * self.double_value
            else:
                total += other.value
        return total

