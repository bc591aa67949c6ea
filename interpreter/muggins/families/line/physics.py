"""The physics of a domino line: where a tile can go and what the open ends show.

A line knows how tiles connect (a matching half, doubles crosswise, an optional spinner with
four arms) and which ends are open; it knows nothing of scoring formulas, turns or players.
What an end contributes to the sum is decided by two rule options: what a double at an end
counts (`both_halves`/`one_half`) and whether a double holding several open ends at once (an
opening double) counts once or once per end.

The line is kept as small integers, since a simulation places millions of tiles: tiles are
numbered in their sorted order (`LineTables`), each open end is its value and what it adds to
the sum, and the sum itself is kept up to date. What only a reader needs (the placed tiles, the
connections, the arms, the ends as `End` records) is derived from the placements' log when read.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator, Sequence

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


def tile_numbers(hand: int) -> Iterator[int]:
    """The tile numbers in a bitmask of tiles (a hand), upwards: in tile order."""
    while hand:
        bit = hand & -hand
        hand ^= bit
        yield bit.bit_length() - 1


class LineTables:
    """What the line reads about each tile of a set under one game's options, computed once:
    tile `t` is the t-th tile in sorted order (so a hand's bits, walked upwards, are the hand in
    order); placed on an end showing `v`, it leaves `leaves[v][t]` open, which adds
    `adds[v][t]` to the sum; `mask[v]` has the bit of every tile with a half `v`, `bit[t]` tile `t`'s
    own (an item read, where `1 << t` makes a new integer at every placement and draw), and
    `code_by_bit[end]` each tile's move code on `end` by its bit."""

    def __init__(self, tiles: Sequence[Tile], spinner: bool, double_at_end: str, opening_double: str):
        self.tiles = tuple(sorted(tiles))
        self.index = {tile: t for t, tile in enumerate(self.tiles)}
        self.low = [tile.low for tile in self.tiles]
        self.high = [tile.high for tile in self.tiles]
        self.pips = [tile.pips for tile in self.tiles]
        self.double = [tile.is_double for tile in self.tiles]
        self.bit = [1 << t for t in range(len(self.tiles))]
        self.spinner_allowed = spinner
        self.double_value = dv = 2 if double_at_end == "both_halves" else 1
        self.shared_once = opening_double == "once"
        values = range(max(self.high, default=0) + 1)
        self.mask = [sum(1 << t for t, tile in enumerate(self.tiles) if v in (tile.low, tile.high)) for v in values]
        self.leaves = [[tile.high if tile.low == v else tile.low for tile in self.tiles] for v in values]
        self.adds = [[left * (dv if tile.is_double else 1) for left, tile in zip(self.leaves[v], self.tiles)]
                     for v in values]
        self.opening_sum = [tile.low * dv * (1 if self.shared_once else 2) if tile.is_double else tile.pips
                            for tile in self.tiles]
        # the most open ends a line has (four with a spinner, two without), the most one of them adds
        # (a double at an end: what `double_at_end` makes of it) and so the most the sum of the ends is
        self.most_ends = 4 if spinner else 2
        self.most_end = max((max(row, default=0) for row in self.adds), default=0)
        self.most_sum = self.most_ends * self.most_end
        # a move's code (`course.legal_codes`: the tile, then the end, 0 opening the line, from 1 an
        # open end) by the tile's bit, one table for each end: listing a hand's placements reads it
        self.code_by_bit = [{1 << t: t << 3 | end for t in range(len(self.tiles))}
                            for end in range(self.most_ends + 1)]


class Line:
    """A line of placed tiles with its open ends; mutable, copied with `copy()`.

    `values[i]` is what open end i shows (what a match needs), `adds[i]` what it adds to the sum
    (0 for a spinner's side arm not yet played on), `total` the sum of the ends; `shared` says
    both first ends lie on an opening double that counts once; `log` holds each placement as
    (tile, end, value the end showed), the opening as (tile, -1, -1). `node` is what a scoring
    keeps of the line as it is now (`scoring.LineNode`), forgotten at every placement."""

    __slots__ = ("tables", "values", "adds", "total", "shared", "log", "spinner_index", "spinner_sides", "on_spinner",
                 "node", "_read")
    FIXED = ("tables",)  # the same for every line of a game

    def __init__(self, tables: LineTables):
        self.tables = tables
        self.values: list[int] = []
        self.adds: list[int] = []
        self.total = 0
        self.shared = False
        self.log: list[tuple[int, int, int]] = []
        self.spinner_index = -1   # the spinner's tile, -1 before there is one
        self.spinner_sides = 0    # how many of its first two sides are played on
        self.on_spinner = 0       # the bits of the open ends that lie on the spinner
        self.node: Any = None
        self._read: _Reading | None = None

    def copy(self) -> Line:
        other = Line(self.tables)
        other.values = list(self.values)
        other.adds = list(self.adds)
        other.total = self.total
        other.shared = self.shared
        other.log = list(self.log)
        other.spinner_index = self.spinner_index
        other.spinner_sides = self.spinner_sides
        other.on_spinner = self.on_spinner
        return other

    def state(self) -> tuple[Any, ...]:
        """Everything a placement reads and changes but the log: lines alike in it take the same
        tiles on the same ends, and a placement leaves their ends alike (what they show and add)."""
        return (tuple(self.values), tuple(self.adds), self.total, self.shared, self.spinner_index, self.spinner_sides,
                self.on_spinner)

    # -- the physics -------------------------------------------------------------------------

    @property
    def empty(self) -> bool:
        return not self.log

    def fits_index(self, t: int) -> list[int]:
        """The open ends tile number `t` can be placed on, in order (none on an empty line)."""
        mask, bit = self.tables.mask, self.tables.bit[t]
        ends = []
        for i, value in enumerate(self.values):  # a loop, not a comprehension: cheaper for a few ends
            if mask[value] & bit:
                ends.append(i)
        return ends

    def sum_index_after(self, t: int, end: int) -> int:
        """The sum of the ends if tile number `t` were placed on `end` (-1 opens), without
        placing it: what a player weighs when choosing a placement."""
        if end < 0:
            return self.tables.opening_sum[t]
        return self.kept_at(end) + self.tables.adds[self.values[end]][t]

    def kept(self) -> list[int]:
        """Per open end, what the sum keeps when a tile is placed there (`kept_at`)."""
        kept = []
        for end in range(len(self.values)):  # a loop, not a comprehension: cheaper for a few ends
            kept.append(self.kept_at(end))
        return kept

    def kept_at(self, end: int) -> int:
        """What the sum keeps when a tile is placed on open end `end`: all but what that end adds,
        or all of it while both ends lie on an opening double counted once; on a line of two ends
        (no spinner), in both cases what the other end adds. The tile then adds
        `LineTables.adds[value of the end][tile]`."""
        if not self.tables.spinner_allowed:
            return self.adds[1 - end]
        return self.total if self.shared else self.total - self.adds[end]

    def open_mask(self) -> int:
        """The bits of every tile that fits some open end (none on an empty line)."""
        mask, fits = self.tables.mask, 0
        for value in self.values:
            fits |= mask[value]
        return fits

    def put(self, t: int, end: int) -> None:
        """Place tile number `t` on open end `end` (-1 opens the line); the caller has checked it fits."""
        self.node = None
        tables = self.tables
        if end < 0:
            self._open(t)
            return
        value = self.values[end]
        self.log.append((t, end, value))
        add = tables.adds[value][t]
        kept = self.kept_at(end)  # a statement of its own: inlined in a simulation
        self.total = kept + add
        self.shared = False
        self.values[end] = tables.leaves[value][t]
        self.adds[end] = add
        if tables.spinner_allowed:
            self._spin(t, end)

    def _spin(self, t: int, end: int) -> None:
        """After tile number `t` went on open end `end` of a line that may hold a spinner: the
        first double placed becomes it, and once both its sides are played on, its side arms open."""
        bit = 1 << end
        if self.on_spinner & bit:
            self.on_spinner ^= bit
            if end < 2:
                self.spinner_sides += 1
                if self.spinner_sides == 2:  # both sides played on: the side arms open, counting nothing yet
                    low = self.tables.low[self.spinner_index]
                    self.values += (low, low)
                    self.adds += (0, 0)
                    self.on_spinner |= 12
        elif self.spinner_index < 0 and self.tables.double[t]:
            self.spinner_index = t
            self.spinner_sides = 1
            self.on_spinner = bit

    def _open(self, t: int) -> None:
        tables = self.tables
        self.log.append((t, -1, -1))
        low, high = tables.low[t], tables.high[t]
        self.values = [low, high]
        self.total = tables.opening_sum[t]
        if tables.double[t]:
            self.adds = [low * tables.double_value] * 2
            self.shared = tables.shared_once
            if tables.spinner_allowed:
                self.spinner_index = t
                self.on_spinner = 3
        else:
            self.adds = [low, high]

    # -- the same, with tiles ----------------------------------------------------------------

    def fits(self, tile: Tile) -> list[int]:
        """The indexes of the open ends `tile` can be placed on (none on an empty line)."""
        return self.fits_index(self.tables.index[tile])

    def place(self, tile: Tile, end: int | None) -> Connection | None:
        """Put `tile` on open end `end` (None opens the line); the caller has checked it fits."""
        self.put(self.tables.index[tile], -1 if end is None else end)
        return None if end is None else self.connections[-1]

    def ends_sum(self) -> int:
        return self.total

    def contributions_by_end(self) -> list[tuple[int, int]]:
        """(end index, amount) for every end that adds to the sum: a side arm not yet played on
        adds nothing, and with `opening_double: once` a double holding two ends counts once."""
        skip = self.skipped()
        return [(i, amount) for i, amount in enumerate(self.adds) if not skip >> i & 1]

    def amounts(self) -> tuple[int, ...]:
        """What each end that adds to the sum adds, in end order (`contributions_by_end`'s amounts):
        what scoring reads as `ends` at every placement a bot weighs, kept short for the common line."""
        skip = self.skipped()
        if not skip:
            return tuple(self.adds)
        return tuple(amount for i, amount in enumerate(self.adds) if not skip >> i & 1)

    def skipped(self) -> int:
        """The bits of the open ends that add nothing to the sum: a side arm not yet played on, and
        the second end of an opening double counted once."""
        return self.on_spinner & 12 | (2 if self.shared else 0)

    def contributions(self) -> list[tuple[Tile, int]]:
        """What each open end adds to the sum, as (tile, amount) in end order."""
        ends = self.ends
        return [(ends[i].tile, amount) for i, amount in self.contributions_by_end()]

    # -- what a reader sees, derived from the log --------------------------------------------

    def _reading(self) -> _Reading:
        read = self._read
        if read is None:
            read = self._read = _Reading(self.tables)
        if read.count < len(self.log):
            read.follow(self.log, self.spinner)
        return read

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The tiles in the order placed."""
        return self._reading().tiles

    @property
    def connections(self) -> tuple[Connection, ...]:
        return self._reading().connections

    @property
    def arms(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """Per end: the (near, far) halves of the tiles placed on it, outwards."""
        return tuple(self._reading().arms)

    @property
    def spinner(self) -> Tile | None:
        return self.tables.tiles[self.spinner_index] if self.spinner_index >= 0 else None

    @property
    def ends(self) -> list[End]:
        read, spinner = self._reading(), self.spinner
        return [End(*read.holder(i, spinner), value, counts=not (i >= 2 and self.on_spinner >> i & 1))
                for i, value in enumerate(self.values)]

    def layout(self, up: str = "up", down: str = "down") -> str:
        """The line as it lies on the table, left to right (a spinner's arms after it, named by
        `up` and `down` in the reader's language): `[2|1][1|4][4|4]`, each tile's halves where
        they lie."""
        if not self.log:
            return ""
        arms = self.arms
        first = self.tiles[0]  # the opening tile lies low half left (end 0), high half right (end 1)
        text = "".join(f"[{far}|{near}]" for near, far in reversed(arms[0]))
        text += f"[{first.low}|{first.high}]"
        text += "".join(f"[{near}|{far}]" for near, far in arms[1])
        for index, word in ((2, up), (3, down)):
            if arms[index]:
                text += f"  {word}: " + "".join(f"[{near}|{far}]" for near, far in arms[index])
        return text


class _Reading:
    """The placed tiles, connections and arms of a line, followed along its log as it is read
    (a simulation never reads them, so it never builds them)."""

    __slots__ = ("tables", "count", "tiles", "connections", "arms", "last")

    def __init__(self, tables: LineTables):
        self.tables = tables
        self.count = 0
        self.tiles: tuple[Tile, ...] = ()
        self.connections: tuple[Connection, ...] = ()
        self.arms: list[tuple[tuple[int, int], ...]] = [(), (), (), ()]
        self.last: list[tuple[int, int] | None] = [None] * 4  # per end: the last (tile, value it met) placed on it

    def follow(self, log: list[tuple[int, int, int]], spinner: Tile | None) -> None:
        tables = self.tables
        for t, end, value in log[self.count:]:
            tile = tables.tiles[t]
            self.tiles += (tile,)
            if end >= 0:
                to_tile, to_side = self.holder(end, spinner)
                touching = "A" if tile.is_double else LOW if tile.low == value else HIGH
                self.connections += (Connection(to_tile, to_side, tile, touching),)
                self.arms[end] += ((value, tables.leaves[value][t]),)
                self.last[end] = (t, value)
        self.count = len(log)

    def holder(self, end: int, spinner: Tile | None) -> tuple[Tile, str]:
        """The tile holding open end `end` and its side there."""
        last = self.last[end]
        if last is None:  # the opening tile's own end, or an untouched side arm of the spinner
            if end >= 2 and spinner is not None:
                return spinner, "CD"[end - 2]
            first = self.tiles[0]
            return first, ("A", "B")[end] if first.is_double else (LOW, HIGH)[end]
        t, value = last
        tile = self.tables.tiles[t]
        return tile, "B" if tile.is_double else HIGH if tile.low == value else LOW
