"""Domino games on a line, driven by compiled rules: state -> legal moves -> apply -> events.

The engine knows turns, hands, the boneyard and the line; every number and every choice a
house could change (deal, draw and pass policy, scoring, settlement, openers, target) comes
from `Rules`. `apply` is the fast, unchecked path for bots and simulation; `play` checks the
move first and raises IllegalMoveError naming the broken rule, leaving the state unchanged.
"""
from __future__ import annotations

import random
from bisect import insort
from dataclasses import dataclass
from typing import Any, Iterator, Union

from ..errors import IllegalMoveError
from ..messages import illegal
from ..pieces import Tile, TileSet
from ..dsl import lookup, tabulate
from ..rules import Rules
from .common import GameEnded, LotteryDrawn, Outcome, Scored, draw_lots, shuffled
from .line import Connection, End, Line

END_NAMES = ("left", "right", "up", "down")
_END_WORDS = {name: i for i, name in enumerate(END_NAMES)} | {
    "l": 0, "r": 1, "u": 2, "d": 3, "izquierdo": 0, "derecho": 1, "arriba": 2, "abajo": 3}


@dataclass(frozen=True, slots=True)
class Place:
    """Place `tile` on open end `end` (an index into the line's ends), or open the line (None)."""

    tile: Tile
    end: int | None = None

    def __str__(self) -> str:
        return f"{self.tile.low}-{self.tile.high}" + ("" if self.end is None else f" {END_NAMES[self.end]}")


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw one tile from the boneyard."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass the turn."""

    def __str__(self) -> str:
        return "pass"


DominoMove = Union[Place, Draw, Pass]
DRAW, PASS = Draw(), Pass()


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


@dataclass(frozen=True)
class DominoView:
    """What one player at the table can see: never another player's tiles or the boneyard's.

    The line is shared with the game for speed: a player reads it and never changes it."""

    player: int
    hand: tuple[Tile, ...]
    line: Line
    scores: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    boneyard: int
    must_play: Tile | None
    round: int
    target: int
    rules: Rules
    game: DominoGame
    _events: list[Any]

    @property
    def history(self) -> tuple[Any, ...]:
        """The game so far as this player saw it."""
        return tuple(_public(event, self.player) for event in self._events)

    def tiebreak(self, move: DominoMove) -> int:
        """Greedy play's tie-break: the heavier tile first (shed pips), drawing or passing last."""
        return move.tile.pips if isinstance(move, Place) else -1

    def points_if(self, move: DominoMove) -> int:
        """The points a placement would score now, computed only from what the player sees."""
        if not isinstance(move, Place):
            return 0
        table = self.game.awards_by_sum
        if table is not None:
            return sum(points for _, points in lookup(table, self.line.sum_after(move.tile, move.end)))
        line = self.line.copy()
        line.place(move.tile, move.end)
        env = _placement_env(self.rules, line, move.tile, len(self.hand) - 1, self.boneyard,
                             self.scores[self.player], self.target, self.round, len(self.scores), move.end is None)
        return sum(score.points(env) for score in self.rules.scoring if score.when(env))


def _placement_env(rules: Rules, line: Line, tile: Tile, hand_size: int, boneyard: int, score: int,
                   target: int, round_number: int, players: int, opening: bool) -> dict[str, Any]:
    contributions = line.contributions()
    amounts = tuple(amount for _, amount in contributions)
    return {
        "ends_sum": sum(amounts), "ends": amounts, "open_ends": len(contributions),
        "tile.high": tile.high, "tile.low": tile.low, "tile.pips": tile.pips, "tile.is_double": tile.is_double,
        "opening": opening, "dominoed": hand_size == 0, "hand_size": hand_size, "boneyard": boneyard,
        "players": players, "score": score, "target": target, "round": round_number,
    }


class DominoGame:
    """A domino game's fixed facts: the compiled rules and the number of players."""

    def __init__(self, rules: Rules, players: int, max_rounds: int = 1000):
        if rules.line is None or not isinstance(rules.pieces, TileSet):
            raise IllegalMoveError(f"{rules.name} is not a domino game")
        if players not in rules.player_counts:
            allowed = ", ".join(map(str, rules.player_counts))
            raise IllegalMoveError(f"{rules.name} is played by {allowed} players, not {players}")
        self.rules = rules
        self.players = players
        self.max_rounds = max_rounds
        self.tiles = rules.pieces.tiles
        self.hand_size = rules.hand_size(players)
        self.target = rules.target_for(players)
        # Precomputed for the hot path: one Place per tile and end, and the scores of every
        # possible sum of the ends when the scoring rules read nothing but that sum.
        self.places = {(tile, end): Place(tile, end) for tile in self.tiles for end in (None, 0, 1, 2, 3)}
        first = rules.line.first_opener
        self.lottery_ranks = None if first.method != "high_draw" else tuple(
            first.rank({"tile.pips": t.pips, "tile.high": t.high, "tile.low": t.low}) for t in self.tiles)
        scoring = rules.scoring
        self.awards_by_sum = tabulate(
            [e for score in scoring for e in (score.when, score.points)], "ends_sum",
            range(8 * rules.pieces.highest_pip + 1),
            lambda env: tuple((score.name, score.points(env)) for score in scoring if score.when(env)))
        # and the settlement's formulas by the one count each reads, when it reads only that one
        o, most = rules.line, range(sum(tile.pips for tile in self.tiles) + 1)
        self.penalty_by_pips = tabulate([o.penalty], "hand_pips", most, o.penalty)
        self.award_by_pips = tabulate([o.award], "opponents_pips", most, o.award)

    def settle(self, pips: list[int], sizes: list[int], scores: list[int], dominoer: int | None,
               blocked: bool) -> Iterator[tuple[int, int, str]]:
        """The score changes of a round's end, in order: the dominoer's award, then each player's
        penalty (down to the floor). A generator: the caller applies each change to `scores` (and
        stops when one wins) before the next formula reads them."""
        o = self.rules.line
        total = sum(pips)
        for player in range(len(pips)):
            if player == dominoer:
                if self.award_by_pips is not None:
                    award = lookup(self.award_by_pips, total - pips[player])
                else:
                    award = o.award(self._settlement_env(player, pips, sizes, scores, dominoer, blocked))
                if award:
                    yield player, award, "opponents' pips"
            if not blocked or o.penalty_on_blocked:
                current = scores[player]
                if self.penalty_by_pips is not None:
                    penalty = lookup(self.penalty_by_pips, pips[player])
                else:
                    penalty = o.penalty(self._settlement_env(player, pips, sizes, scores, dominoer, blocked))
                new = current - penalty
                if o.floor is not None:
                    new = max(new, min(o.floor, current))
                if new != current:
                    yield player, new - current, "leftover pips"

    def _settlement_env(self, player: int, pips: list[int], sizes: list[int], scores: list[int],
                        dominoer: int | None, blocked: bool) -> dict[str, Any]:
        return {"hand_pips": pips[player], "hand_size": sizes[player], "opponents_pips": sum(pips) - pips[player],
                "dominoed": player == dominoer, "blocked": blocked, "players": len(pips), "score": scores[player],
                "target": self.target}

    def new_state(self, seed: int | str) -> DominoState:
        """A game at its first decision: the first opener drawn by lot and the first round dealt."""
        return DominoState(self, random.Random(seed))

    def setup(self, hands: list[list[Tile]], boneyard: list[Tile] | None = None,
              line: list[tuple[Tile, int | None]] | None = None, scores: list[int] | None = None,
              turn: int = 0, round: int = 1, seed: int | str = 0) -> DominoState:
        """A state at a given position (for tests and scenarios): the line is built by placing
        `line`'s (tile, end) pairs in order; later chance (next rounds) comes from `seed`."""
        state = DominoState.__new__(DominoState)
        state._init_fields(self, random.Random(seed))
        state.hands = [sorted(h) for h in hands]
        state.boneyard = list(boneyard or [])
        for tile, end in line or []:
            fits = end is None if state.line.empty else end in state.line.fits(tile)
            if not fits:
                raise IllegalMoveError(f"{Place(tile, end)} does not fit the line {' '.join(map(str, state.line.tiles))}")
            state.line.place(tile, end)
        state.scores = list(scores) if scores is not None else [0] * self.players
        state.round = round
        state.opener = state.turn = turn
        seen = [t for h in state.hands for t in h] + state.boneyard + list(state.line.tiles)
        if len(seen) != len(set(seen)):
            raise IllegalMoveError("a tile appears twice in the position")
        return state

    def notation(self, move: DominoMove) -> str:
        """How a move is written in records and at the prompt: `3-4 left`, `draw`, `pass`."""
        return str(move)

    def parse_move(self, text: str) -> DominoMove:
        """Read a move as a person or a record writes it: `3-4 left`, `6-6` (opening), `draw`, `pass`."""
        words = text.strip().lower().split()
        if words in (["draw"], ["robo"], ["robar"]):
            return DRAW
        if words in (["pass"], ["paso"], ["pasar"]):
            return PASS
        if not words or len(words) > 2:
            raise illegal("not_a_move", text=text)
        tile = self.rules.pieces.parse(words[0])
        if len(words) == 1:
            return Place(tile)
        end = _END_WORDS.get(words[1])
        if end is None:
            raise illegal("not_an_end", text=words[1], ends=", ".join(END_NAMES))
        return Place(tile, end)


class DominoState:
    """A game in progress. Mutable: `apply` changes it; `copy` gives an independent one."""

    def __init__(self, game: DominoGame, rng: random.Random):
        self._init_fields(game, rng)
        lottery = self._lottery("first opener")
        self._start_round(lottery.winner)

    def _init_fields(self, game: DominoGame, rng: random.Random) -> None:
        self.game = game
        self.rules = game.rules
        self.options = game.rules.line
        self.rng = rng
        n = game.players
        self.scores = [0] * n
        self.hands: list[list[Tile]] = [[] for _ in range(n)]
        self.boneyard: list[Tile] = []
        self.line = self._new_line()
        self.turn = 0
        self.round = 0
        self.opener = 0
        self.dominoer: int | None = None
        self.must_play: Tile | None = None
        self.outcome: Outcome | None = None
        self.events: list[Any] = []

    # -- queries -----------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def actor(self) -> int:
        """Who decides next."""
        return self.turn

    def is_terminal(self) -> bool:
        return self.outcome is not None

    def drawable(self) -> int:
        return max(0, len(self.boneyard) - self.options.reserve)

    def placements(self, player: int) -> list[Place]:
        hand = self.hands[player]
        places = self.game.places
        if self.line.empty:
            return [places[tile, None] for tile in hand]
        fits = self.line.fits
        return [places[tile, end] for tile in hand for end in fits(tile)]

    def legal_moves(self) -> list[DominoMove]:
        if self.outcome is not None:
            return []
        if self.must_play is not None:
            ends = self.line.fits(self.must_play)
            if self.options.drawn_tile_end == "first":
                ends = ends[:1]
            return [Place(self.must_play, end) for end in ends]
        moves: list[DominoMove] = self.placements(self.turn)
        stuck = not moves
        drawable = self.drawable() > 0
        if drawable and (stuck or not self.options.draw_only_when_stuck):
            moves.append(DRAW)
        if stuck and (not drawable or not self.options.pass_only_when_boneyard_empty):
            moves.append(PASS)
        return moves

    def view(self, player: int) -> DominoView:
        return DominoView(
            player=player, hand=tuple(self.hands[player]), line=self.line, scores=tuple(self.scores),
            hand_sizes=tuple(len(h) for h in self.hands), boneyard=len(self.boneyard),
            must_play=self.must_play if player == self.turn else None, round=self.round,
            target=self.game.target, rules=self.rules, game=self.game, _events=self.events,
        )

    def copy(self) -> DominoState:
        other = DominoState.__new__(DominoState)
        other.__dict__.update(self.__dict__)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.scores = list(self.scores)
        other.hands = [list(h) for h in self.hands]
        other.boneyard = list(self.boneyard)
        other.line = self.line.copy()
        other.events = list(self.events)
        return other

    # -- moves -------------------------------------------------------------------------------

    def play(self, move: DominoMove) -> list[Any]:
        """Apply `move` after checking it; an illegal move raises and changes nothing."""
        if self.outcome is not None:
            raise illegal("game_over")
        if move not in self.legal_moves():
            raise self._why_illegal(move)
        return self.apply(move)

    def apply(self, move: DominoMove) -> list[Any]:
        """Apply a legal move (unchecked) and everything it sets off; returns the new events."""
        start = len(self.events)
        if isinstance(move, Place):
            self._place(move)
        elif isinstance(move, Draw):
            self._draw()
        else:
            self.events.append(Passed(self.turn))
            self._next_turn()
            self._check_blocked()
        return self.events[start:]

    def end_round(self, dominoer: int | None = None) -> list[Any]:
        """End the round here, as if `dominoer` had just placed their last tile (None: as if it
        were blocked), and settle it as the rules say: for scenarios that state a round's end."""
        if self.outcome is not None:
            raise illegal("game_over")
        start = len(self.events)
        self.must_play = None
        self.dominoer = dominoer
        self._end_round(blocked=dominoer is None)
        return self.events[start:]

    def _place(self, move: Place) -> None:
        player = self.turn
        hand = self.hands[player]
        hand.remove(move.tile)
        self.must_play = None
        opening = self.line.empty
        line = self.line
        connection = line.place(move.tile, move.end)
        contributions = tuple(line.contributions())
        ends_sum = sum(amount for _, amount in contributions)
        table = self.game.awards_by_sum
        if table is not None:
            awards = lookup(table, ends_sum)
        else:
            env = _placement_env(self.rules, line, move.tile, len(hand), len(self.boneyard), self.scores[player],
                                 self.game.target, self.round, self.players, opening)
            awards = [(score.name, score.points(env)) for score in self.rules.scoring if score.when(env)]
        self.events.append(Placed(player, move.tile, move.end, connection, line.tiles, line.connections,
                                  tuple(line.ends), contributions, ends_sum, sum(p for _, p in awards)))
        for name, points in awards:
            if points and self._score(player, points, name):
                return
        if not hand:
            self.dominoer = player
            self._end_round(blocked=False)
            return
        self._next_turn()
        self._check_blocked()

    def _draw(self) -> None:
        player = self.turn
        tile = self.boneyard.pop()
        insort(self.hands[player], tile)
        playable = bool(self.line.fits(tile))
        self.events.append(Drew(player, tile, playable))
        if playable and self.options.draw_one_at_a_time:
            self.must_play = tile

    def _next_turn(self) -> None:
        self.turn = (self.turn + 1) % self.players

    def _check_blocked(self) -> None:
        if self.outcome is None and self.drawable() == 0 and not any(self.placements(p) for p in range(self.players)):
            self._end_round(blocked=True)

    def _score(self, player: int, points: int, reason: str) -> bool:
        """Add points; True when that ended the game (an immediate win)."""
        self.scores[player] += points
        self.events.append(Scored(player, points, reason, self.scores[player]))
        if points > 0 and self.rules.immediate_win and self.scores[player] >= self.game.target:
            self._finish("target", player)
            return True
        return False

    # -- rounds ------------------------------------------------------------------------------

    def _new_line(self) -> Line:
        o = self.rules.line
        return Line(o.spinner, o.double_at_end, o.opening_double)

    def _lottery(self, purpose: str) -> LotteryDrawn:
        lottery = draw_lots(purpose, range(self.players), self.game.tiles, self.game.lottery_ranks, self.rng)
        self.events.append(lottery)
        return lottery

    def _start_round(self, opener: int) -> None:
        self.round += 1
        self.opener = self.turn = opener
        self.dominoer = None
        self.must_play = None
        self.line = self._new_line()
        tiles = shuffled(self.game.tiles, self.rng)
        size = self.game.hand_size
        n = self.players
        # one at a time, clockwise from the opener
        self.hands = [[] for _ in range(n)]
        for i in range(size * n):
            self.hands[(opener + i) % n].append(tiles[i])
        for hand in self.hands:
            hand.sort()  # a hand is kept in tile order, as a player sorts it: legal moves follow it
        self.boneyard = tiles[size * n:]
        self.events.append(RoundStarted(self.round, opener, tuple(tuple(h) for h in self.hands), len(self.boneyard)))

    def _end_round(self, blocked: bool) -> None:
        o = self.options
        n = self.players
        self.events.append(RoundBlocked(self.round) if blocked else Dominoed(self.dominoer))
        pips = [sum(t.pips for t in hand) for hand in self.hands]
        for player in range(n):
            self.events.append(Revealed(player, tuple(self.hands[player]), pips[player]))
        sizes = [len(hand) for hand in self.hands]
        for player, points, reason in self.game.settle(pips, sizes, self.scores, self.dominoer, blocked):
            if self._score(player, points, reason):
                return
        self.events.append(RoundEnded(self.round, blocked, self.dominoer, tuple(self.scores)))
        if not self.rules.immediate_win:
            winner = round_end_winner(self.scores, self.game.target, self.opener)
            if winner is not None:
                self._finish("target", winner)
                return
        if self.round >= self.game.max_rounds:
            self._finish("unfinished", None)
            return
        rule = o.opener_after_blocked if blocked else o.next_opener
        if rule == "dominoer":
            opener = self.dominoer
        elif rule == "clockwise":
            opener = (self.opener + 1) % n
        else:
            opener = self._lottery("next opener").winner
        self._start_round(opener)

    def _finish(self, termination: str, winner: int | None) -> None:
        self.outcome = Outcome(termination, winner, tuple(self.scores), self.round)
        self.events.append(GameEnded(self.outcome))

    # -- errors ------------------------------------------------------------------------------

    def _why_illegal(self, move: DominoMove) -> IllegalMoveError:
        player = self.turn
        placements = self.placements(player)
        if isinstance(move, Place):
            if move.tile not in self.hands[player]:
                return illegal("not_in_hand", piece=move.tile, player=player + 1)
            if self.must_play is not None and move.tile != self.must_play:
                return illegal("must_place_drawn", tile=self.must_play)
            if self.line.empty:
                return illegal("opening_no_end")
            if move.end is None or not 0 <= move.end < len(self.line.ends):
                return illegal("which_end", ends=", ".join(END_NAMES[: len(self.line.ends)]))
            if move.end not in self.line.fits(move.tile):
                return illegal("no_match", tile=move.tile, end=END_NAMES[move.end], value=self.line.ends[move.end].value)
            return illegal("first_end", tile=move.tile)
        if isinstance(move, Draw):
            if self.must_play is not None:
                return illegal("draw_must_place", tile=self.must_play)
            if self.drawable() == 0:
                return illegal("draw_empty")
            play = placements[0]
            value = self.line.ends[play.end].value if play.end is not None else "—"
            return illegal("draw_playable", tile=play.tile, value=value)
        if placements or self.must_play is not None:
            return illegal("pass_playable", tile=self.must_play or placements[0].tile)
        values = " or ".join(str(v) for v in sorted({e.value for e in self.line.ends}))
        return illegal("must_draw", values=values)


def round_end_winner(scores: list[int], target: int, opener: int) -> int | None:
    """Without an immediate win: the highest score at or over the target at the end of a round
    (a tie goes to the first in turn order from the round's opener)."""
    n = len(scores)
    reached = [p for p in range(n) if scores[p] >= target]
    if not reached:
        return None
    order = [(opener + i) % n for i in range(n)]
    return max(reached, key=lambda p: (scores[p], -order.index(p)))


def _public(event: Any, player: int) -> Any:
    """An event as `player` sees it: another player's drawn tile and dealt hand stay hidden."""
    if isinstance(event, Drew) and event.player != player:
        return Drew(event.player, None, event.playable)  # type: ignore[arg-type]
    if isinstance(event, RoundStarted):
        hands = tuple(h if i == player else () for i, h in enumerate(event.hands))
        return RoundStarted(event.round, event.opener, hands, event.boneyard)
    return event
