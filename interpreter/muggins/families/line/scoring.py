"""What a placement scores: one truth for the course (the scores it adds, the greedy bots' keys)
and for a player's view (`points_if`).

The rule file's scoring entries are run on the names they read, and on nothing else. When they
read only the sum of the ends, their result for every sum is a table made with the game
(`DominoGame.awards_by_sum`). For each value of the flags a turn knows (`dominoed`, `opening`),
the entries those values make false are left out (`dominoed and ...` at a placement keeping tiles
in hand), and where the others read no more than the flags and the placed tile, their results
are tables too, by the tile and the sum (`by_flags`). Otherwise the results are kept in rows,
one per combination of the values of the other names read (`facts`), indexed by the sum and
filled as sums are met: a game meets the same few combinations again and again. Entries reading
the line's ends are kept by what the line is before the placement (`Line.state`, a `LineNode`:
a placement leads from one to the next), the placement and the turn. Entries reading the line's
tiles only through a count, a sum, a largest or a smallest of them (`count(line.pips) > 6`), or
their last few (`last(line.pips, 2)`), read those numbers instead (`lifted_entries`), kept with
the line's state by their values before the placement (of the last few, all but the first; but a
count read only compared with numbers, read at every turn by the cuts its value after the
placement lies between, like a fact of the turn); entries reading the tiles otherwise are scored
placement by placement (`muggins simulate` says so: `LineFamily.slow_scoring`). The facts no move
of a turn changes (the score, the hand's size after it, ...) are read once per turn.
"""
from __future__ import annotations

from bisect import bisect_right
from dataclasses import replace
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Callable, Optional, Sequence

from ...bots import UNPLAYABLE, ranked
from ...dsl import LastValues, decided, fails_somewhere, lift, lifted, lookup
from ...dsl.bounds import cuts
from ...engine.table import Award
from ...errors import RuleError
from ...rules import Score
from .options import PLACEMENT_CONTEXT
from .physics import Line

if TYPE_CHECKING:
    from .game import DominoGame

CONSTANT_NAMES = frozenset({"earned", "players", "target"})  # what the entries read that no placement changes
TURN_NAMES = ("dominoed", "hand_size", "opening", "boneyard", "score", "round")  # what no move of a turn changes
FLAG_NAMES = ("dominoed", "opening")  # the bits 0 and 1 of `PlacementScoring.flags`
LINE_NAMES = frozenset({"ends", "open_ends", "line.highs", "line.lows", "line.pips"})  # read from the line after it
TILES_OF_LINE = frozenset({"line.highs", "line.lows", "line.pips"})  # read from its tiles, in the order placed
TILE_HALVES = {"line.highs": "high", "line.lows": "low", "line.pips": "pips"}  # each one's table by tile (LineTables)
TILE_NAMES = frozenset({"tile.high", "tile.low", "tile.pips", "tile.is_double"})  # read from the placed tile
TABLE_NAMES = frozenset(FLAG_NAMES) | TILE_NAMES  # what tables by the flags, the tile and the sum can read
ROWS_KEPT = 10_000  # rows, or lines met, kept before starting again (reading the line's tiles meets many)
FITS_KEPT = 100_000  # best fits kept before starting again (a double-six set has at most 44,800)

Row = tuple[list[Optional[tuple[Award, ...]]], list[Optional[int]]]  # by sum: the awards, and their points keyed
# by a placement's code: its key, its awards; the node of the line it is the row of; and by the
# tiles of a hand that fit the line, their first highest placement's code and key (`remembered_placement`)
StateRow = tuple[dict[int, int], dict[int, tuple[Award, ...]], "LineNode", dict[int, tuple[int, int]]]


class LineNode:
    """A line as the entries read it (`PlacementScoring.state_before`), as met: the rows of its
    placements by what the entries read of the turn (`StateRow`; its one row where they read
    nothing of it), and by a placement's code the node of the line after it. A simulation goes
    from node to node without reading the line again."""

    __slots__ = ("rows", "row", "after")

    def __init__(self) -> None:
        self.rows: dict[Any, StateRow] = {}
        self.row: StateRow | None = None
        self.after: dict[int, LineNode] = {}


class PlacementScoring:
    """The scores of placements under one game's scoring entries. A move's points are ranked
    with its tiebreak as one number, `points * key_base + tiebreak` (see `DominoView`)."""

    def __init__(self, game: DominoGame, awards_by_sum: list[Any] | None):
        # the entries as evaluated here: their aggregates of the line's tiles read as names, if any
        self.entries = lifted_entries(game.rules.scoring) or game.rules.scoring
        self.score_entries = game.scoring_for(self.entries)  # run at every placement scored move by move
        scoring = [e for score in self.entries for e in (score.when, score.points)]
        self.game = game
        self.sums = game.line_tables.most_sum + 1
        # a tiebreak (a tile's pips, or -1) plus 1 stays below key_base: keys order as (points, tiebreak)
        self.key_base = 2 * game.rules.pieces.highest_pip + 2
        self.names = tuple(sorted({name for e in scoring for name in e.names} - CONSTANT_NAMES - {"ends_sum"}))
        # each aggregate of the line's tiles read (see `lifted_entries`) by name: the aggregate and the list
        self.aggregates = {name: found for name in self.names for found in [lifted(name)] if found}
        # a count read only compared with numbers is read from the line's length at every turn, by the
        # cuts between its values that score alike (`dsl.bounds.cuts`: those of every such count, one
        # tuple; None when there is none); each other aggregate is kept with the line, with its list
        # (see `aggregated_state`)
        cut = {name: cuts(scoring, name) if of is len else None for name, (of, _) in self.aggregates.items()}
        counted = [found for found in cut.values() if found is not None]
        self.count_cuts = tuple(sorted(set().union(*counted))) if counted else None
        self.one_cut = self.count_cuts[0] if self.count_cuts is not None and len(self.count_cuts) == 1 else None
        self.kept_aggregates = tuple((_kept_before(of), listed) for name, (of, listed) in self.aggregates.items()
                                     if cut[name] is None)  # a tuple: its truth is a fact a simulation folds
        self.reads_line = not LINE_NAMES.isdisjoint(self.names) or bool(self.aggregates)
        self.per_move = not TILE_NAMES.isdisjoint(self.names) or self.reads_line
        self.awards_by_sum = awards_by_sum
        # by the flags index (`flags`), the awards of every sum (by the placed tile first, when
        # `by_tile`) where the entries that may hold there read nothing else and never raise;
        # None where they do: those placements are scored move by move (`row`, `fill`)
        self.by_tile, self.by_flags = self.flag_tables(awards_by_sum)
        # tuples by the flags, here and below: a simulation that knows the flags reads the item it needs once
        self.keyed_by_flags = tuple(None if table is None else self.keyed(table) for table in self.by_flags)
        self.flagged = any(table is not None for table in self.by_flags)  # some placements read from a table
        whole = None not in self.by_flags
        self.keyed_whole = whole  # a greedy bot reads its keys from the rows below at every turn
        self.tables = tuple(self.by_flags) if whole and not self.by_tile else None  # read as they are by the course
        # whether an entry reads a flag: if none does, every flag's table and row is the same, and
        # the course reads the first (a simulation then never counts the hand to find its flags)
        self.reads_flags = not set(FLAG_NAMES).isdisjoint(self.names)
        # with those tables, a greedy bot's keys of every tile: for a placement by whether it
        # dominoes, the sum it keeps and the value of its end (`key_row`, made when first met),
        # and for an opening by whether it dominoes
        lines = game.line_tables
        self.key_rows: tuple[list[list[list[int | None] | None]], ...] = tuple(
            [[None] * len(lines.mask) for _ in range(self.sums)] for _ in range(2))
        self.opening_keys: tuple[list[int | None] | None, ...] = tuple(
            None if keyed is None else [self.keyed_at(keyed, t, total) + pips
                                        for t, (total, pips) in enumerate(zip(lines.opening_sum, lines.pips))]
            for keyed in self.keyed_by_flags[2:])
        # the same keys as a greedy bot ranks the moves of a turn, the first listed of equal keys
        # first (`bots.ranked`): a placement's rank is its row's at the tile less its end (`rank_row`)
        self.code_span = (len(lines.pips) << 3) + 1  # above every placement's code (`tile << 3 | end + 1`)
        self.rank_rows: tuple[list[list[list[int | None] | None]], ...] = tuple(
            [[None] * len(lines.mask) for _ in range(self.sums)] for _ in range(2))
        self.opening_ranks = tuple(None if keys is None else self.ranks(keys) for keys in self.opening_keys)
        # and a hand's best tile on an end (`best_fit`): by whether it dominoes, the sum the end keeps
        # and its value, by the tiles of the hand that fit it, as met (a simulation meets a few)
        self.best_fits: tuple[list[list[dict[int, Any]]], ...] = tuple(
            [[{} for _ in lines.mask] for _ in range(self.sums)] for _ in range(2))
        self.fits_made = 0  # best fits kept since they started again
        self.rows: dict[tuple[Any, ...], Row] = {}
        self.last: tuple[tuple[Any, ...] | None, Row] = (None, ([], []))
        # whether the entries read the line after a placement but not its tiles: then a placement's
        # keyed points and awards are kept by what the line is before it (`state_before`), the
        # placement, and what the entries read of the turn, as met (a simulation meets the same few
        # lines again and again), in the rows of the lines' nodes below
        self.by_line_state = self.reads_line and set(self.names).isdisjoint(TILES_OF_LINE)
        self.rows_made = 0  # rows of the nodes below, made since they started again (`forget`)
        # the lines met (`LineNode`) by what they are (`state_before`). A line keeps its node until a
        # tile is placed on it (`Line.node`): a turn asks twice (a greedy bot's keys, then the
        # placement made), and the placement leads to the next node (`moved`).
        self.nodes: dict[tuple[Any, ...], LineNode] = {}
        read = [TURN_NAMES.index(name) for name in self.names if name in TURN_NAMES]
        self.turn_read: Callable[[tuple[Any, ...]], Any] | None = itemgetter(*read) if read else None
        # entries reading only what a turn knows (the common case): their facts picked at once
        self.turn_facts = itemgetter(*[TURN_NAMES.index(name) for name in self.names]) if self.names and set(
            self.names) <= set(TURN_NAMES) else None

    def flag_tables(self, awards_by_sum: list[Any] | None) -> tuple[bool, list[Any]]:
        """Whether the tables are by tile, and for each value of the flags (`FLAG_NAMES`, as the
        bits of an index: see `flags`) the table of the entries that may hold with those values
        (`dominoed and ...` never holds at a placement that keeps tiles in hand), or None where
        those entries read more than the flags and the placed tile, or raise."""
        if not self.names:
            whole = awards_by_sum is not None and not fails_somewhere(awards_by_sum)
            return False, [awards_by_sum if whole else None] * 4
        live = [self.may_hold(index) for index in range(4)]
        reads = [{name for e in entries for part in (e.when, e.points) for name in part.names}
                 - CONSTANT_NAMES - {"ends_sum"} for entries in live]
        readable = [names <= TABLE_NAMES for names in reads]
        by_tile = any(ok and not names.isdisjoint(TILE_NAMES) for ok, names in zip(readable, reads))
        tables: list[Any] = []
        for index, entries in enumerate(live):
            try:
                tables.append(self.flag_table(index, entries, by_tile) if readable[index] else None)
            except RuleError:
                tables.append(None)  # left to the rows, which raise it when such a placement is made
        return by_tile, tables

    def may_hold(self, index: int) -> list[Any]:
        """The scoring entries whose `when` the flags of `index` leave undecided or make true: the
        others add nothing there (and leave `earned` as it was), so the table leaves them out."""
        constants = self.flag_values(index)
        return [entry for entry in self.game.rules.scoring
                if decided(entry.when, PLACEMENT_CONTEXT, constants) is not False]

    def flag_values(self, index: int) -> dict[str, Any]:
        """The flags of `index` by name (see `flags`), with what the game fixes."""
        return {"dominoed": bool(index & 1), "opening": bool(index & 2), **self.game.constants}

    def flag_table(self, index: int, entries: list[Any], by_tile: bool) -> list[Any]:
        game = self.game
        env = self.flag_values(index)
        if not by_tile:
            return [game.awards(dict(env, ends_sum=total), entries) for total in range(self.sums)]
        lines = game.line_tables
        return [[game.awards({**env, **tile_facts(lines, t), "ends_sum": total}, entries) for total in range(self.sums)]
                for t in range(len(lines.pips))]

    def keyed(self, table: list[Any]) -> list[Any]:
        """A table's awards as a greedy bot weighs them: their points times `key_base`."""
        if self.by_tile:
            return [self.keyed_sums(row) for row in table]
        return self.keyed_sums(table)

    def keyed_sums(self, awards: list[Any]) -> list[int]:
        return [sum(award[1] for award in entry) * self.key_base for entry in awards]

    def keyed_at(self, keyed: list[Any], t: int, total: int) -> int:
        return keyed[t][total] if self.by_tile else keyed[total]

    @staticmethod
    def flags(hand_size: int, opening: bool) -> int:
        """The index of `by_flags` for a placement leaving `hand_size` tiles, opening the line or not."""
        return (hand_size == 0) | opening << 1

    @staticmethod
    def kept_awards(row: StateRow | None, code: int) -> tuple[Award, ...] | None:
        """The awards of the placement `code` kept in the `row` of the line before it, if met
        before; else None (`placed_awards` finds them)."""
        return None if row is None else row[1].get(code)

    def placed_awards(self, line: Line, t: int, opening: bool, hand_size: int, boneyard: int, score: int,
                      round_number: int, row: StateRow | None, code: int) -> tuple[Award, ...]:
        """Every entry that holds for tile `t`, just placed on `line` (its `code` as the course codes
        it), its player keeping `hand_size` tiles, with `boneyard`, `score` and `round_number` as they
        are then, where no table by its flags scores it (`placement_table`); `row`: the line's `state_row`
        before the placement."""
        if row is not None:
            found = row[1].get(code)
            if found is None:
                found = row[1][code] = self.placed_row(line, t, opening, hand_size, boneyard, score, round_number)
            return found
        if self.awards_by_sum is not None:
            return lookup(self.awards_by_sum, line.total)
        return self.placed_row(line, t, opening, hand_size, boneyard, score, round_number)

    def placed_row(self, line: Line, t: int, opening: bool, hand_size: int, boneyard: int, score: int,
                   round_number: int) -> tuple[Award, ...]:
        """What `placed_awards` reads from the entries evaluated on the facts of the placement."""
        facts = self.facts(lambda: line, t, opening, hand_size, boneyard, score, round_number)
        awards = self.row(facts)[0][line.total]
        return awards if awards is not None else self.fill(facts, line.total)[0]

    def points(self, line: Line, t: int, end: int, hand_size: int, boneyard: int, score: int,
               round_number: int) -> int:
        """The points tile `t` would score on `end` of `line` (-1 opens it), without placing it."""
        keyed = self.keyed_by_flags[self.flags(hand_size, line.empty)]
        if keyed is not None:
            return self.keyed_at(keyed, t, line.sum_index_after(t, end)) // self.key_base
        if self.awards_by_sum is not None:
            return sum(award[1] for award in lookup(self.awards_by_sum, line.sum_index_after(t, end)))
        row = self.state_row(line, hand_size, boneyard, score, round_number)
        code = t << 3 | end + 1  # as the course codes a placement
        found = None if row is None else row[0].get(code)
        if found is None:  # a greedy bot's key: the points keyed plus the tile's pips, below key_base
            found = self.keyed_points(line, t, end, hand_size, boneyard, score, round_number)
            found += self.game.line_tables.pips[t]
            if row is not None:
                row[0][code] = found
        return found // self.key_base

    def keyed_points(self, line: Line, t: int, end: int, hand_size: int, boneyard: int, score: int,
                     round_number: int) -> int:
        """A placement's points, keyed, from the entries evaluated on its facts."""
        total = line.sum_index_after(t, end)
        facts = self.facts(lambda: _placed(line, t, end), t, line.empty, hand_size, boneyard, score, round_number)
        keyed = self.row(facts)[1][total]
        return keyed if keyed is not None else self.fill(facts, total)[1]

    def placement_table(self, hand_size: int, opening: bool) -> list[Any] | None:
        """The table a placement leaving `hand_size` tiles, opening the line or not, is scored from
        by its flags (`by_flags`: by sum, by tile first where `by_tile`); None where there is none."""
        if not self.flagged:
            return None
        index = self.flags(hand_size, opening)  # a statement of its own: inlined in a simulation
        return self.by_flags[index]

    def state_row(self, line: Line, hand_size: int, boneyard: int, score: int,
                  round_number: int) -> StateRow | None:
        """For entries reading the line's ends or counts but not its tiles: the placements on `line`
        this turn by their code (`tile << 3 | end + 1`), a greedy bot's key and their awards, as met,
        kept by what the line is (`state_before`, its node) and what the entries read of the turn
        (with the cuts a count read only compared with numbers lies between, `count_cuts`). None
        for other entries."""
        if not self.by_line_state:
            return None
        if self.turn_read is None:  # the entries read nothing of the turn
            turn: Any = ()
        else:
            turn = self.turn_read((hand_size == 0, hand_size, not line.log, boneyard, score, round_number))
        if self.count_cuts is not None:  # and the cuts the count of tiles lies between after the placement
            count = len(line.log) + 1
            if self.one_cut is not None:  # which side of it: a truth, which keys as 0 or 1 would
                cut: Any = count >= self.one_cut
            else:
                cut = bisect_right(self.count_cuts, count)
            turn = cut if self.turn_read is None else (turn, cut)  # alone, a key cheaper to hash
        node = self.node_of(line)
        if self.turn_read is None and self.count_cuts is None:  # one row a node, no lookup
            row = node.row
            if row is None:
                row = node.row = self.new_row(node)
            return row
        row = node.rows.get(turn)
        if row is None:
            row = node.rows[turn] = self.new_row(node)
        return row

    def new_row(self, node: LineNode) -> StateRow:
        """An empty row of `node`, counted: past `ROWS_KEPT` the nodes and their rows start again."""
        if self.rows_made >= ROWS_KEPT:
            self.forget()
        self.rows_made += 1
        return {}, {}, node, {}

    def node_of(self, line: Line) -> LineNode:
        """The node of `line` as it is now: the one it keeps (asked before, or reached by the
        placement last made on it, `moved`), else the one of what it is (`node_at`)."""
        node = line.node
        if node is None:
            node = line.node = self.node_at(line)
        return node

    def node_at(self, line: Line) -> LineNode:
        """The node of what `line` is (`state_before`), made when first met."""
        kept = self.state_before(line)
        node = self.nodes.get(kept)
        if node is None:
            if len(self.nodes) >= ROWS_KEPT:
                self.forget()
            node = self.nodes[kept] = LineNode()
        return node

    def moved(self, line: Line, code: int, row: StateRow) -> None:
        """After a placement (its `code`) on `line` scored from `row`, a row of the line's node
        before it (`state_row`): the line's node is the one that placement leads to, found without
        reading the line again."""
        after = row[2].after
        node = after.get(code)
        if node is None:
            node = after[code] = self.node_at(line)
        line.node = node

    def forget(self) -> None:
        """Start the rows and the nodes again (a rule file reading the line's tiles meets many). The
        nodes lead to each other in cycles: emptied, the old ones are freed at once (a line still
        keeping one leaves it at its next placement)."""
        for node in self.nodes.values():
            node.rows.clear()
            node.row = None
            node.after.clear()
        self.nodes.clear()
        self.rows_made = 0

    def state_before(self, line: Line) -> tuple[Any, ...]:
        """What the entries read of a line before a placement, with the placement, to know what they
        read after it: what the line is (`Line.state`), and the aggregates of its tiles they read
        (but a count read only compared with numbers: see `count_cuts`). Lines alike in it are
        alike after alike placements: a node leads to one node by a placement (`moved`)."""
        if self.kept_aggregates:
            return self.aggregated_state(line)
        return line.state()

    def aggregated_state(self, line: Line) -> tuple[Any, ...]:
        """`state_before` where the entries read aggregates of the line's tiles: what the line is
        (`Line.state`) and each aggregate they read (a count, a sum, a largest, a smallest, all but
        the first of the last few: a placement's value of it follows from its value before and the
        tile placed; none for the empty line)."""
        state = line.state()
        if not line.log:
            return state, None
        values = []
        for of, listed in self.kept_aggregates:  # a loop: a generator costs more for one or two
            values.append(_aggregate(line, of, listed))
        return state, tuple(values)

    def key_row(self, dominoed: int, kept: int, value: int) -> list[int | None]:
        """A greedy bot's key of each tile placed on an open end showing `value`, the sum keeping
        `kept` (see `Line.kept`): the keyed points of the sum after it plus the tile's pips (None
        for a tile that does not fit there). Only where `keyed_by_flags[dominoed]` is a table."""
        rows = self.key_rows[dominoed][kept]
        row = rows[value]
        if row is None:
            row = self.keys_on(dominoed, kept, value)
            rows[value] = row
        return row

    def rank_row(self, dominoed: int, kept: int, value: int) -> list[int | None]:
        """`key_row` as ranks by tile (`bots.ranked`), placed as on end 0 (position `t << 3`): a
        placement on end `end` ranks `end` less, its code being `t << 3 | end`."""
        rows = self.rank_rows[dominoed][kept]
        row = rows[value]
        if row is None:
            row = self.ranks(self.key_row(dominoed, kept, value))
            rows[value] = row
        return row

    def best_fit(self, dominoed: int, kept: int, value: int, tiles: int) -> Any:
        """The highest rank of `rank_row` at the tiles of a bitmask (each fits an end showing
        `value`; a rank tells its tile, see `best_placement`): kept by the bitmask, as a greedy bot
        meets the few tiles of its hand that fit an end at every turn."""
        bests = self.best_fits[dominoed][kept][value]
        best = bests.get(tiles)
        if best is None:
            if self.fits_made >= FITS_KEPT:
                self.forget_fits()
            self.fits_made += 1
            best = bests[tiles] = _first_highest(self.rank_row(dominoed, kept, value), tiles)
        return best

    def forget_fits(self) -> None:
        """Start the best fits again, each dictionary emptied in place (`FITS_KEPT`: memory stays
        bounded however many games a simulation plays)."""
        for by_kept in self.best_fits:
            for by_value in by_kept:
                for bests in by_value:
                    bests.clear()
        self.fits_made = 0

    def ranks(self, keys: list[int | None]) -> list[int | None]:
        """A row of keys by tile as ranks, each tile positioned by its code on end 0."""
        span = self.code_span
        return [None if key is None else ranked(key, t << 3, span) for t, key in enumerate(keys)]

    def keys_on(self, dominoed: int, kept: int, value: int) -> list[int | None]:
        keyed = self.keyed_by_flags[dominoed]
        assert keyed is not None  # asked only where the placements are tabulated (see `key_row`)
        lines = self.game.line_tables
        fits = lines.mask[value]
        by_sum = keyed if self.by_tile else [keyed] * len(lines.pips)  # each tile's keyed points by sum
        return [row[kept + add] + pips if fits >> t & 1 else None
                for t, (row, add, pips) in enumerate(zip(by_sum, lines.adds[value], lines.pips))]

    def turn_row(self, hand_size: int, boneyard: int, score: int, round_number: int,
                 opening: bool) -> tuple[tuple[Any, ...], list[Optional[int]]]:
        """For entries that read nothing of the move itself (`per_move` false): the facts of
        every placement of a turn, and the row of their keyed points by sum (None: not yet met,
        see `fill`)."""
        facts = self.facts(_no_line, -1, opening, hand_size, boneyard, score, round_number)
        return facts, self.row(facts)[1]

    def row(self, facts: tuple[Any, ...]) -> Row:
        last = self.last
        if last[0] == facts:  # a turn asks for its row twice: its keys, then the placement made
            return last[1]
        row = self.rows.get(facts)
        if row is None:
            if len(self.rows) >= ROWS_KEPT:
                self.rows.clear()
            row = self.rows[facts] = ([None] * self.sums, [None] * self.sums)
        self.last = (facts, row)
        return row

    def fill(self, facts: tuple[Any, ...], total: int) -> tuple[tuple[Award, ...], int]:
        """Run the entries for a sum first met with these facts; keep and return the awards and
        their points keyed."""
        env = dict(zip(self.names, facts))
        env["ends_sum"], env["players"], env["target"] = total, self.game.players, self.game.target
        awards = tuple(self.score_entries(env)[0])
        keyed = sum(award[1] for award in awards) * self.key_base
        row = self.row(facts)
        row[0][total], row[1][total] = awards, keyed
        return awards, keyed

    def facts(self, line_after: Callable[[], Line], t: int, opening: bool, hand_size: int, boneyard: int, score: int,
              round_number: int) -> tuple[Any, ...]:
        """The values of the names the entries read besides the sum, in `names` order (the line
        after the placement, `line_after()`, only read when an entry reads it)."""
        pick = self.turn_facts
        if pick is not None:
            picked = pick((hand_size == 0, hand_size, opening, boneyard, score, round_number))  # in TURN_NAMES order
            return picked if len(self.names) > 1 else (picked,)
        line = line_after() if self.reads_line else None
        tables = self.game.line_tables
        values: list[Any] = []
        for name in self.names:
            if name == "dominoed":
                values.append(hand_size == 0)
            elif name == "hand_size":
                values.append(hand_size)
            elif name.startswith("tile."):
                values.append(_tile_fact(tables, name, t))
            elif name in self.aggregates:
                values.append(_aggregate(line, *self.aggregates[name]))  # type: ignore[arg-type]
            elif name in LINE_NAMES:
                values.append(_line_fact(line, name))  # type: ignore[arg-type]
            else:
                values.append({"opening": opening, "boneyard": boneyard, "score": score,
                               "round": round_number}[name])
        return tuple(values)


def _first_highest(row: list[int | None], tiles: int) -> Any:
    """The highest item of a row at the tiles of a bitmask (the first of equals)."""
    top: Any = UNPLAYABLE
    while tiles:
        bit = tiles & -tiles
        tiles ^= bit
        t = bit.bit_length() - 1
        if row[t] > top:  # a tile of the bitmask fits: it has a rank
            top = row[t]
    return top


def _placed(line: Line, t: int, end: int) -> Line:
    after = line.copy()
    after.put(t, end)
    return after


def _no_line() -> Line:
    raise AssertionError("a turn's row is asked only by entries that read nothing of the line")


def _tile_fact(tables: Any, name: str, t: int) -> Any:
    if name == "tile.is_double":
        return tables.double[t]
    return {"tile.high": tables.high, "tile.low": tables.low, "tile.pips": tables.pips}[name][t]


def tile_facts(tables: Any, t: int) -> dict[str, Any]:
    """What the entries read of tile number `t`, by name."""
    return {name: _tile_fact(tables, name, t) for name in TILE_NAMES}


def lifted_entries(entries: Sequence[Score]) -> list[Score] | None:
    """`entries` with each aggregate they take of the line's tiles (`count(line.pips)`) read as a
    name of its own (`dsl.lift`); None when one reads the tiles otherwise (`3 in line.pips`): then
    a placement's points depend on every tile before it, and nothing is kept from one to the next."""
    found = []
    for entry in entries:
        when, points = (lift(e, TILES_OF_LINE, PLACEMENT_CONTEXT) for e in (entry.when, entry.points))
        if when is None or points is None:
            return None
        same = when is entry.when and points is entry.points
        found.append(entry if same else replace(entry, when=when, points=points))
    return found


def _kept_before(of: Callable[[tuple[int, ...]], Any]) -> Callable[[tuple[int, ...]], Any]:
    """What a line keeps of an aggregate before a placement to know its value after: the value
    itself, but of the last few only all but the first, the placed tile being the last after it
    (fewer lines kept apart: `last(line.pips, 2)` keeps one tile's pips, not two)."""
    return LastValues(max(of.count - 1, 0)) if type(of) is LastValues else of


def _aggregate(line: Line, of: Callable[[tuple[int, ...]], Any], listed: str) -> Any:
    """An aggregate of a list of the line's tiles: the count of any is the number of tiles placed,
    the last few read from the last tiles placed only (a simulation asks at every turn)."""
    if of is len:
        return len(line.log)
    if type(of) is LastValues:
        return _last_tiles(line, getattr(line.tables, TILE_HALVES[listed]), of.count)
    return of(_line_fact(line, listed))


def _last_tiles(line: Line, half: list[int], count: int) -> tuple[int, ...]:
    """`last(line.pips, count)` (or of the highs, the lows: `half`), from the log's last entries."""
    log = line.log
    start = len(log) - count
    found = []
    for t, _, _ in log[start if start > 0 else 0:]:
        found.append(half[t])
    return tuple(found)


def _line_fact(line: Line, name: str) -> Any:
    if name in ("ends", "open_ends"):
        amounts = line.amounts()
        return amounts if name == "ends" else len(amounts)
    # the tiles in the order placed, read from the log by number: a placement weighed is read on
    # a copy of the line, which would otherwise build every tile and connection of it again
    half = getattr(line.tables, TILE_HALVES[name])
    return tuple(half[t] for t, _, _ in line.log)
