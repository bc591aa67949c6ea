"""Domino games on a line, driven by compiled rules: state -> legal moves -> apply -> events.

The engine knows turns, hands, the boneyard and the line; every number and every choice a
house could change (deal, draw and pass policy, scoring, settlement, openers, target) comes
from `Rules`. `apply` is the unchecked path for moves already known legal (bots, replays); `play`
checks the move first and raises IllegalMoveError naming the broken rule, leaving the state
unchanged. A simulation runs the same course, asking the bots' policies (see `course.py`).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Sequence, Union

from ...messages import Said, illegal, said_list
from ...pieces import Tile, TileSet, safe_repr, shown
from ...dsl import lookup, tabulate
from ...rules import Rules, Score
from . import course
from .course import FIRST_ROUND, end_round
from .events import Dominoed, Drew, Passed, Placed, Revealed, RoundBlocked, RoundEnded, RoundStarted
from .options import LineRules
from .physics import Line, LineTables, tile_numbers
from .scoring import PlacementScoring
from ...bots import Policies
from ...engine.common import seeded
from ...engine.table import (DECISION_WORDS, MUGGINS, TURN, Award, Claim, Muggins, PendingScore, TableGame, TableState,
                             a_piece,
                             check_assigned, check_hands, check_pieces, check_policies, check_position, check_seat,
                             check_seed, checked_text)

__all__ = ["DominoGame", "DominoState", "DominoView", "Place", "Draw", "Pass", "DRAW", "PASS", "Dominoed", "Drew",
           "Passed", "Placed", "Revealed", "RoundBlocked", "RoundEnded", "RoundStarted"]

# the reasons the settlement scores for (the payee's award, each player's leftover pips)
AWARD_REASON = "opponents' pips"
PENALTY_REASON = "leftover pips"
END_NAMES = ("left", "right", "up", "down")
# how a move names an end, by language (`3-4 left`, `3-4 izquierda`), and how a refusal names it
MOVE_ENDS = {"en": END_NAMES, "es": ("izquierda", "derecha", "arriba", "abajo")}
_END_SAID = tuple(Said(en, es=es) for en, es in zip(END_NAMES, ("izquierdo", "derecho", "de arriba", "de abajo")))
_END_WORDS = {name: i for i, name in enumerate(END_NAMES)} | {
    "l": 0, "r": 1, "u": 2, "d": 3, "izquierda": 0, "izquierdo": 0, "izq": 0, "i": 0, "derecha": 1, "derecho": 1,
    "der": 1, "arriba": 2, "abajo": 3, "top": 2, "bottom": 3}
# an initial read in the person's language where the two differ: `d` is derecha in Spanish, down in English
_END_INITIALS = {"es": {"d": 1}}
# the turn's and the table's words in each language; every spelling is read in every language
MOVE_WORDS = {"en": {"draw": "draw", "pass": "pass", "claim": "claim", "muggins": "muggins", "decline": "decline"},
              "es": {"draw": "robar", "pass": "paso", "claim": "reclamar", "muggins": "muggins", "decline": "declinar"}}
_DRAW_WORDS = ("draw", "robo", "robar", "roba")
_PASS_WORDS = ("pass", "paso", "pasar", "paso.")


@dataclass(frozen=True, slots=True)
class Place:
    """Place `tile` on open end `end` (an index into the line's ends), or open the line (None)."""

    tile: Tile
    end: int | None = None
    kind = "place"

    def __post_init__(self) -> None:
        if not isinstance(self.tile, Tile):
            raise illegal("place_tile", value=safe_repr(self.tile))
        if self.end is not None and (type(self.end) is not int or not 0 <= self.end < len(END_NAMES)):
            raise illegal("place_end", value=safe_repr(self.end), ends=Said(", ".join(END_NAMES),
                                                                           es=", ".join(MOVE_ENDS["es"])))

    def __str__(self) -> str:
        return f"{self.tile.low}-{self.tile.high}" + ("" if self.end is None else f" {END_NAMES[self.end]}")


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw one tile from the boneyard."""

    kind = "draw"

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass the turn."""

    kind = "pass"

    def __str__(self) -> str:
        return "pass"


DominoMove = Union[Place, Draw, Pass, Any]
DRAW, PASS = Draw(), Pass()
_OTHER_MOVES = {course.DRAW: DRAW, course.PASS: PASS, course.CALL: MUGGINS}  # by the course's codes


@dataclass(frozen=True)
class DominoView:
    """What one player at the table can see: never another player's tiles or the boneyard's. The
    line is a copy, which a bot may change without changing play; the rules and the game (the
    compiled rules) are shared, and hold nothing of the game in play."""

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
    decision: str | None = None
    pending: PendingScore | None = None

    def tiebreak(self, move: DominoMove) -> int:
        """Greedy play's tie-break: the heavier tile first (shed pips), drawing or passing last."""
        return move.tile.pips if isinstance(move, Place) else -1

    def points_if(self, move: DominoMove) -> int:
        """The points a placement would score now, computed only from what the player sees."""
        if isinstance(move, (Claim, Muggins)):
            return self.pending.points if self.pending is not None else 0
        if not isinstance(move, Place):
            return 0
        game = self.game
        return game.scoring.points(self.line, game.line_tables.index[move.tile], -1 if move.end is None else move.end,
                                   len(self.hand) - 1, self.boneyard, self.scores[self.player], self.round)


def lightest_of(side_pips: list[int]) -> int | None:
    """The side with the fewest pips left (`DominoGame.side_pips`), None when two or more tie for fewest."""
    lightest = min(side_pips)
    return side_pips.index(lightest) if side_pips.count(lightest) == 1 else None


class DominoGame(TableGame):
    """A domino game's fixed facts: the compiled rules and the number of players."""

    def __init__(self, rules: Rules, players: int, max_rounds: int = 1000):
        if not isinstance(rules.options, LineRules) or not isinstance(rules.pieces, TileSet):
            raise illegal("api_not_dominoes", rules=rules.name)
        super().__init__(rules, players, max_rounds)
        self.tiles = rules.pieces.tiles
        self.reserve = rules.options.reserve({"players": players})
        o = rules.options
        self.line_tables = LineTables(self.tiles, o.spinner, o.double_at_end, o.opening_double)
        self.deck = [self.line_tables.index[tile] for tile in self.tiles]  # the set's order, as numbers
        # Precomputed for the hot path: one Place per tile number and end code (as the course
        # codes moves), and the scores of every possible sum of the ends when the scoring rules
        # read nothing but that sum.
        self.places = {t << 3 | code: Place(tile, None if code == 0 else code - 1)
                       for t, tile in enumerate(self.line_tables.tiles) for code in range(5)}
        first = rules.options.first_opener
        self.lottery_ranks = None if first.method != "high_draw" or first.rank is None else tuple(
            first.rank({"tile.pips": t.pips, "tile.high": t.high, "tile.low": t.low}) for t in self.tiles)
        scoring = [e for score in rules.scoring for e in (score.when, score.points)]
        self.awards_by_sum = tabulate(scoring, "ends_sum", range(self.line_tables.most_sum + 1), self.awards,
                                      self.constants)
        self.scoring = PlacementScoring(self, self.awards_by_sum)
        # the seats and options the course reads at every turn
        self.next_seat = [self.seats.next(player) for player in range(players)]
        self.first_end_only = o.drawn_tile_end == "first"
        self.draw_only_when_stuck = o.draw_only_when_stuck
        self.pass_only_when_empty = o.pass_only_when_boneyard_empty
        self.false_call = rules.muggins.false_call is not None
        # and the settlement's formulas by the one count each reads, when it reads only that one
        most = range(sum(tile.pips for tile in self.tiles) + 1)
        self.penalty_by_pips = tabulate([o.penalty], "hand_pips", most, o.penalty, self.constants)
        self.award_by_pips = None if not o.pays_award else tabulate(
            [o.award], "opponents_pips", most, o.award, self.constants)

    def awards(self, env: dict[str, Any], entries: Sequence[Score] | None = None) -> tuple[Award, ...]:
        """Every scoring entry (of `entries`, by default the rules') that holds, in order; each reads
        what the earlier ones gave (`earned`)."""
        return tuple(self.scoring_awards(env, entries)[0])

    def settle(self, table: TableState, pips: list[int], sizes: list[int], dominoer: int | None, blocked: bool,
               order: Sequence[int]) -> bool:
        """The score changes of a round's end, each scored on `table` in turn (a formula reads the
        scores the changes before it left): the award to the player `paid_to` names, then each
        player's penalty (down to the floor). True when one of them ended the game. One settlement
        for the course and the score keeper; not a generator, so a simulation inlines it. `order`
        is the order of play from the round's opener (it breaks ties among the lightest)."""
        o = self.rules.options
        scores = table.scores
        payee = dominoer if o.pays_award else None
        if blocked and o.paid_to == "lightest":
            lightest = lightest_of(self.side_pips(pips))
            if lightest is not None:
                side = self.seats.side
                payee = next(p for p in order if side[p] == lightest)
        for player in range(len(pips)):
            if player == payee:
                if self.award_by_pips is not None:
                    totals = self.side_pips(pips)
                    award = lookup(self.award_by_pips, sum(pips) - totals[self.seats.side[player]])
                else:
                    award = o.award(self._settlement_env(player, pips, sizes, scores, dominoer, blocked))
                if award:
                    ended = table.score(player, award, AWARD_REASON)
                    if ended:
                        return True
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
                    ended = table.score(player, new - current, PENALTY_REASON)
                    if ended:
                        return True
        return False

    def side_pips(self, pips: list[int]) -> list[int]:
        """The pips left in each side's hands (a side: a player, or a partnership)."""
        side = self.seats.side
        totals = [0] * self.seats.sides
        for player, held in enumerate(pips):
            totals[side[player]] += held
        return totals

    def _settlement_env(self, player: int, pips: list[int], sizes: list[int], scores: list[int], dominoer: int | None,
                        blocked: bool) -> dict[str, Any]:
        totals = self.side_pips(pips)
        own = totals[self.seats.side[player]]
        return {"hand_pips": pips[player], "hand_size": sizes[player], "side_pips": own,
                "opponents_pips": sum(pips) - own, "lightest": self.seats.side[player] == lightest_of(totals),
                "dominoed": player == dominoer, "blocked": blocked, "players": len(pips), "score": scores[player],
                "target": self.target}

    def holder(self, hands: list[list[Tile]]) -> tuple[int, Tile]:
        """Who opens a round by holding `opener.holder.piece`, and that piece: a named tile if it
        was dealt, else the highest double dealt, else the heaviest tile (higher half breaking ties)."""
        piece = self.rules.options.holder.piece
        dealt = {tile: player for player, hand in enumerate(hands) for tile in hand}
        if piece not in ("highest_double", "heaviest"):
            named = self.rules.pieces.parse(piece)
            if named in dealt:
                return dealt[named], named
        doubles = [tile for tile in dealt if tile.is_double] if piece != "heaviest" else []
        best = max(doubles) if doubles else max(dealt, key=lambda tile: (tile.pips, tile.high))
        return dealt[best], best

    def new_state(self, seed: int | str, policies: Policies | None = None,
                  generator: random.Random | None = None) -> DominoState:
        """A game at its first decision: the first opener drawn by lot and the first round dealt;
        with `policies`, the whole game those simulated bots play, building only the events that
        statistics read; on `generator`, seeded for this game, if given (see `seeded`)."""
        check_seed(seed)
        check_policies(policies, self.players)
        return DominoState(self, seeded(seed, generator), policies)

    def setup(self, hands: list[list[Tile]], boneyard: list[Tile] | None = None,
              line: list[tuple[Tile, int | None]] | None = None, scores: list[int] | None = None,
              turn: int = 0, round: int = 1, seed: int | str = 0) -> DominoState:
        """A state at a given position (for tests and scenarios): the line is built by placing
        `line`'s (tile, end) pairs in order; later chance (next rounds) comes from `seed`. Refuses
        (IllegalMoveError) a tile not in the set, a hand or score per player missing or extra, and a
        `turn` that is not a seat."""
        n = self.players
        check_position(scores, round)
        check_seed(seed)
        hands, boneyard, line = check_hands(hands, n), check_pieces("boneyard", boneyard), check_pieces("line", line)
        if scores is not None and len(scores) != n:
            raise illegal("api_position", players=n)
        for placed in line:
            if not isinstance(placed, (list, tuple)) or len(placed) != 2 or not (
                    placed[1] is None or (type(placed[1]) is int and 0 <= placed[1] < len(END_NAMES))):
                raise illegal("api_line_pairs", last=len(END_NAMES) - 1, value=safe_repr(placed))
        check_seat("turn", turn, n)
        if not line and not hands[turn]:  # nobody else may open: no move would ever end the round
            raise illegal("opener_empty_hand", player=turn + 1)
        pieces = self.rules.pieces
        assert isinstance(pieces, TileSet)  # checked when the game was made
        for tile in [t for h in hands for t in h] + boneyard + [t for t, _ in line]:
            pieces.check(tile)
        state = DominoState.__new__(DominoState)
        state._init_fields(self, random.Random(seed))
        state.hands = [sorted(h) for h in hands]
        state.boneyard = boneyard
        for tile, end in line:
            if state.line.empty and end is not None:  # not "does not fit the line" of a line not there yet
                raise illegal("opening_no_end")
            if not state.line.empty and end is None and state.line.fits(tile):  # it fits: only its end is missing
                raise illegal("which_end", ends=said_list(list(_END_SAID[: len(state.line.ends)])))
            if not state.line.empty and end not in state.line.fits(tile):
                raise illegal("not_on_line", place=Place(tile, end), line=" ".join(map(str, state.line.tiles)))
            state.line.place(tile, end)
        state.scores = list(scores) if scores is not None else [0] * self.players
        state.round = round
        state.opener = state.turn = turn
        seen = [t for h in hands for t in h] + boneyard + [t for t, _ in line]
        if len(seen) != len(set(seen)):
            raise illegal("api_position_twice", piece=a_piece("tile"))
        state._resume()
        return state

    def notation(self, move: DominoMove, lang: str | None = None) -> str:
        """How a move is written: in records (no `lang`) always in English, `3-4 left`, `draw`,
        `pass`, `claim`; at the prompt in `lang`: `3-4 izquierda`, `robar`, `paso`, `reclamar`."""
        if lang is None:
            return str(move)
        words = MOVE_WORDS.get(lang, MOVE_WORDS["en"])
        if isinstance(move, Place):
            tile = f"{move.tile.low}-{move.tile.high}"
            return tile if move.end is None else f"{tile} {MOVE_ENDS.get(lang, END_NAMES)[move.end]}"
        kind = "draw" if isinstance(move, Draw) else "pass" if isinstance(move, Pass) else getattr(move, "kind", "")
        return words.get(kind, str(move))

    def parse_move(self, text: str, lang: str | None = None) -> DominoMove:
        """Read a move as a person or a record writes it: `3-4 left`, `6-6` (opening), `draw`, `pass`
        (in either language, whatever `lang`: a tile is written alike in both; only an end's initial
        that the languages share, `d`, is read in `lang`)."""
        written = checked_text(text, self.NOT_A_MOVE).split()
        words = [word.lower() for word in written]
        if len(words) == 1 and words[0] in DECISION_WORDS:
            return DECISION_WORDS[words[0]]
        if len(words) == 1 and words[0] in _DRAW_WORDS:
            return DRAW
        if len(words) == 1 and words[0] in _PASS_WORDS:
            return PASS
        if not words or len(words) > 2:
            raise illegal(self.NOT_A_MOVE, text=shown(text.strip()))
        tile = self.rules.pieces.parse(written[0])
        if len(words) == 1:
            return Place(tile)
        end = _END_INITIALS.get(lang or "en", {}).get(words[1], _END_WORDS.get(words[1]))
        if end is None:
            raise illegal("not_an_end", text=shown(written[1]),
                          ends=Said(", ".join(END_NAMES), es=", ".join(MOVE_ENDS["es"])))
        return Place(tile, end)


class DominoState(TableState):
    """A game in progress. Mutable: `apply` changes it; `copy` gives an independent one.

    The position is kept as the course plays it (see `course`): each hand a bitmask of tile
    numbers (`masks`), the boneyard a list of them drawn from its end (`bones`), the tile a drawn
    tile must be placed as (`must`, -1 for none). `hands`, `boneyard` and `must_play` give (and
    take) them as tiles, for the table, the views and scenarios."""

    def __init__(self, game: DominoGame, rng: random.Random, policies: Policies | None = None):
        self._init_fields(game, rng, policies)
        self.step = FIRST_ROUND
        self._resume()

    def _init_fields(self, game: DominoGame, rng: random.Random, policies: Policies | None = None) -> None:
        self._init_table(game, rng, policies)
        self.game: DominoGame = game
        self.options = game.rules.options
        self.masks: list[int] = [0] * game.players
        self.bones: list[int] = []
        self.line = self.new_line()
        self.dominoer: int | None = None
        self.must = -1
        self.blocked = False  # whether the round that waits for claims to end (`step` END_ROUND) was blocked
        self.step = TURN

    COURSE = staticmethod(course.run)
    PARTS = ("policies", "line")

    def new_line(self) -> Line:
        return Line(self.game.line_tables)

    # -- the position as tiles ---------------------------------------------------------------

    @property
    def hands(self) -> list[list[Tile]]:
        """Each player's tiles, in order (a new list: change a hand by assigning `hands`)."""
        tiles = self.game.line_tables.tiles
        return [[tiles[t] for t in tile_numbers(hand)] for hand in self.masks]

    @hands.setter
    def hands(self, hands: list[list[Tile]]) -> None:
        hands = check_hands(hands, self.game.players)
        check_assigned([tile for hand in hands for tile in hand], self.rules.pieces.check, "tile")
        index = self.game.line_tables.index
        self.masks = [sum(1 << index[tile] for tile in hand) for hand in hands]

    @property
    def boneyard(self) -> list[Tile]:
        """The boneyard's tiles, the next to be drawn last (a new list: assign it to change it)."""
        tiles = self.game.line_tables.tiles
        return [tiles[t] for t in self.bones]

    @boneyard.setter
    def boneyard(self, tiles: list[Tile]) -> None:
        tiles = check_pieces("boneyard", tiles)
        check_assigned(tiles, self.rules.pieces.check, "tile")
        index = self.game.line_tables.index
        self.bones = [index[tile] for tile in tiles]

    @property
    def must_play(self) -> Tile | None:
        return self.game.line_tables.tiles[self.must] if self.must >= 0 else None

    @must_play.setter
    def must_play(self, tile: Tile | None) -> None:
        self.must = -1 if tile is None else self.game.line_tables.index[tile]

    # -- queries -----------------------------------------------------------------------------

    def drawable(self) -> int:
        return max(0, len(self.bones) - self.game.reserve)

    def placements(self, player: int) -> list[Place]:
        places = self.game.places
        return [places[code] for code in course.placement_codes(self.line, self.masks[player])]

    def legal_moves(self) -> list[Any]:
        if self.outcome is not None:
            return []
        decision = self.decision
        if decision is not None:
            return self._decision_moves(decision)
        places = self.game.places
        return [places[code] if code >= 0 else _OTHER_MOVES[code] for code in course.legal_codes(self)]

    def view(self, player: int) -> DominoView:
        check_seat("player", player, self.game.players)
        decision = self.decision
        mine = decision if decision is not None and decision.actor == player else None
        return DominoView(
            player=player, hand=tuple(self.hands[player]), line=self.line.copy(), scores=tuple(self.scores),
            hand_sizes=tuple(hand.bit_count() for hand in self.masks), boneyard=len(self.bones),
            must_play=self.must_play if player == self.turn else None, round=self.round,
            target=self.game.target, rules=self.rules, game=self.game,
            decision=mine.kind if mine else None, pending=mine.score if mine else None,
        )

    def copy(self) -> DominoState:
        other = DominoState.__new__(DominoState)
        other.__dict__.update(self.__dict__)
        self._copy_table(other)
        other.masks = list(self.masks)
        other.bones = list(self.bones)
        other.line = self.line.copy()
        other._resume()
        return other

    # -- moves -------------------------------------------------------------------------------

    def end_round(self, dominoer: int | None = None) -> list[Any]:
        """End the round here, as if `dominoer` had just placed their last tile (None: as if it
        were blocked), and settle it as the rules say: for scenarios that state a round's end."""
        if self.outcome is not None:
            raise illegal("game_over")
        if self.decision is not None:  # the round ends once what is due is answered, as in play
            raise illegal("first_claim" if self.decision.kind == "claim" else "first_call", player=self.decision.actor + 1)
        if dominoer is not None:
            check_seat("dominoer", dominoer, self.game.players)
        start = len(self.events)
        self.must = -1
        self.dominoer = dominoer
        end_round(self, blocked=dominoer is None)
        self._resume()
        return self.events[start:]

    # -- errors ------------------------------------------------------------------------------

    def _why_illegal(self, move: Any) -> Exception:
        refusal = self._why_decision_illegal(move)
        if refusal is not None:
            return refusal
        player = self.turn
        placements = self.placements(player)
        if isinstance(move, Place):
            if move.tile not in self.hands[player]:
                return illegal("not_in_hand", piece=move.tile, player=player + 1)
            if self.must_play is not None and move.tile != self.must_play:
                return illegal("must_open_with" if self.line.empty else "must_place_drawn", tile=self.must_play)
            if self.line.empty:
                return illegal("opening_no_end")
            ends = said_list(list(_END_SAID[: len(self.line.ends)]))
            if move.end is None:
                return illegal("which_end", ends=ends)
            if not 0 <= move.end < len(self.line.ends):  # `up` on a line without a spinner, or before it
                return illegal("no_such_end", end=_END_SAID[move.end], ends=ends)
            if move.end not in self.line.fits(move.tile):
                return illegal("no_match", tile=move.tile, end=_END_SAID[move.end], value=self.line.ends[move.end].value)
            return illegal("first_end", tile=move.tile)
        if isinstance(move, Draw):
            if self.must_play is not None:
                return illegal("draw_must_place", tile=self.must_play)
            if self.drawable() == 0:
                return illegal("draw_empty")
            play = placements[0]
            if play.end is None:  # the line is empty: any tile opens it
                return illegal("draw_opening", tile=play.tile)
            return illegal("draw_playable", tile=play.tile, value=self.line.ends[play.end].value)
        if not isinstance(move, Pass):
            return illegal(self.game.NOT_A_MOVE, text=str(move))
        if placements or self.must_play is not None:
            return illegal("pass_playable", tile=self.must_play or placements[0].tile)
        shown_values = [str(v) for v in sorted({e.value for e in self.line.ends})]
        values = Said(" or ".join(shown_values), es=" ni ".join(shown_values))
        return illegal("must_draw", values=values)
