"""The line family: dominoes laid end to end (optionally with a spinner), scored by the open ends."""
from __future__ import annotations

from typing import Any, Mapping

from ...dsl import Type
from ...dsl.bounds import COUNTS
from ...messages import Said
from ...rules import Notation, Rules
from .. import Family
from . import game as D
from . import coach, words
from .physics import LineTables
from .scoring import TILES_OF_LINE, lifted_entries
from .options import PLACEMENT_CONTEXT, SETTLEMENT_CONTEXT, TILE_RANK_CONTEXT, check_line_counts, compile_line
from .render import line_svg
from .scenarios import build_position, observe_step


SLOW = {
    "en": "note: the scoring entry '{entry}' reads the line's tiles ({names}) otherwise than through count, sum, "
          "max or min of them or their last few (last with a number), so every placement a bot weighs is scored on "
          "its own: this simulation runs several "
          "times slower per turn than one whose scoring reads the ends, the placed tile, the turn or a count of "
          "the tiles",
    "es": "nota: la entrada de puntuación «{entry}» lee las fichas de la línea ({names}) de otro modo que con "
          "count, sum, max o min de ellas o con sus últimas (last con un número), así que cada colocación que "
          "sopesa un bot se puntúa por separado: esta "
          "simulación va varias veces más lenta por turno que una cuya puntuación lee los extremos, la ficha "
          "colocada, el turno o una cuenta de las fichas",
}


class LineFamily(Family):
    name = "line"
    pieces_key = "tiles"
    sections = ("opener", "line", "draw", "pass", "settlement")
    description = Said("domino games", es="juegos de dominó")
    scoring_context = PLACEMENT_CONTEXT
    settlement_reasons = words.SETTLEMENT_REASONS
    own_reasons = settlement_reasons
    counters = {D.RoundBlocked: "blocked_rounds"}

    def compile(self, compiler: Any) -> tuple[Any, Any]:
        return compile_line(compiler)

    def check_counts(self, compiler: Any, rules_options: Any, pieces: Any, env: dict[str, int],
                     dealt: int | None) -> None:
        check_line_counts(compiler, rules_options, pieces, env, dealt)

    def contexts(self) -> dict[str, Mapping[str, Type]]:
        return {"scoring": PLACEMENT_CONTEXT, "settlement.penalty": SETTLEMENT_CONTEXT,
                "settlement.award": SETTLEMENT_CONTEXT, "opener.first.rank": TILE_RANK_CONTEXT}

    def value_bounds(self, rules: Rules, constants: Mapping[str, Any],
                     place: str = "scoring") -> Mapping[str, tuple[int | None, int | None]]:
        """Counts are never negative; the sum of the ends is at most what the line's physics allows."""
        counts = ("ends", "open_ends", "tile.high", "tile.low", "tile.pips", "hand_size", "boneyard",
                  "line.highs", "line.lows", "line.pips", "hand_pips", "side_pips", "opponents_pips")
        o = rules.options
        most = LineTables(rules.pieces.tiles, o.spinner, o.double_at_end, o.opening_double).most_sum
        return {**{name: COUNTS for name in counts}, "ends_sum": (0, most), "round": (1, None)}

    def glossary(self, place: str, lang: str) -> Mapping[str, Any]:
        return words.glossary(place, lang)

    def formulas(self, rules: Rules) -> dict[str, tuple[Any, Mapping[str, Type]]]:
        return {"settlement.penalty": (rules.options.penalty, SETTLEMENT_CONTEXT),
                "settlement.award": (rules.options.award, SETTLEMENT_CONTEXT)}

    def fixed_formulas(self, rules: Rules, game: Any) -> list[tuple[Any, Mapping[str, Type], dict[str, Any]]]:
        """The award is never read when nobody is paid (`settlement.paid_to: nobody`)."""
        return [found for found in super().fixed_formulas(rules, game)
                if found[0] is not rules.options.award or rules.options.pays_award]

    def slow_scoring(self, rules: Rules) -> list[Said]:
        """Entries reading the line's tiles (`line.pips`...) otherwise than through a count, a sum, a
        largest or a smallest of them or their last few (`scoring.lifted_entries`): the points of a placement then
        depend on every tile before it, so none are kept from one placement to the next."""
        found = []
        for entry in rules.scoring:
            names = sorted((entry.when.names | entry.points.names) & TILES_OF_LINE)
            if lifted_entries([entry]) is None:
                found.append(Said(SLOW["en"].format(entry=entry.name, names=", ".join(names)),
                                  es=SLOW["es"].format(entry=rules.score_name(entry.name, "es") or entry.name,
                                                     names=", ".join(names))))
        return found

    def make_game(self, rules: Rules, players: int, max_rounds: int) -> D.DominoGame:
        return D.DominoGame(rules, players, max_rounds)

    def pieces_in_play(self, state: Any) -> list[Any]:
        return [t for h in state.hands for t in h] + state.boneyard + list(state.line.tiles)

    def stock_size(self, state: Any) -> int:
        """The tiles a player may still draw: those set aside (draw.reserve) are out of play."""
        return int(state.drawable())

    def check_move(self, state: Any, move: Any, before: dict[str, Any], events: list[Any], number: int) -> str | None:
        if state.is_terminal() or state.round != before["round"]:
            return None
        if not isinstance(move, (D.Place, D.Draw, D.Pass)) or state.decision is not None:
            return None  # a claim or a call, or one is still due: the turn moves on after it
        mover = before["turn"]
        expected = mover if isinstance(move, D.Draw) else state.seats.next(mover)
        if state.turn != expected:
            return f"turn went from player {mover + 1} to {state.turn + 1}"
        return None

    def describe(self, rules: Rules, event: Any, lang: str, target: int, notation: Notation | None,
                 viewer: int | None) -> str | None:
        return words.describe(event, lang, target, notation, viewer, rules)

    def explain_last_score(self, rules: Rules, state: Any, lang: str) -> str | None:
        return words.explain_last_score(rules, state, lang)

    def explain_event(self, state: Any, event: Any, lang: str) -> str | None:
        """A placement's diagram, its branching double the one on the line then, not now."""
        if not isinstance(event, D.Placed):
            return None
        return words.explain_placement(event, words.spinner_then(state.rules, event), lang)

    def render_svg(self, rules: Rules, state: Any, lang: str) -> str:
        return line_svg(line_on_the_table(state), lang)

    def summary(self, rules: Rules, lang: str) -> tuple[list[str], list[str]]:
        return words.summary(rules, lang)

    def show_table(self, rules: Rules, view: Any, lang: str) -> list[str]:
        return words.show_table(view, lang)

    def hand_text(self, rules: Rules, view: Any) -> str:
        return words.hand_text(view)

    def stock_name(self, lang: str) -> str:
        return words.WORDS[lang]["stock_name"]

    def move_examples(self, rules: Rules, lang: str) -> str:
        return _EXAMPLES.get(lang, _EXAMPLES["en"])

    def coach_hint(self, rules: Rules, view: Any, lang: str) -> str | None:
        return coach.hint(view, lang)

    def keeper(self, rules: Rules, players: int) -> Any:
        from .keep import LineTracker
        return LineTracker(rules, players)

    def position(self, scenario: Any, position: dict[str, Any], hands: list[list[Any]], scores: list[int],
                 turn: int, seed: Any) -> Any:
        return build_position(scenario, position, hands, scores, turn, seed)

    def most_in_hand(self, game: Any) -> int | None:
        undealt = len(game.tiles) - game.hand_size * game.players
        return game.hand_size if undealt <= game.reserve else None  # draw.reserve keeps every undealt tile

    def observe(self, scenario: Any, state: Any, events: list[Any]) -> dict[str, Any]:
        return observe_step(scenario, state, events)

    def statistics(self, tally: Any) -> dict[str, float]:
        rounds = tally.rounds
        return {"blocked_round_rate": tally.extra.get("blocked_rounds", 0) / rounds if rounds else 0.0}


def line_on_the_table(state: Any) -> Any:
    """The line as the last move left it on the table. A move that ends a round (the tile that
    went out, the pass that blocked it) also settles it and deals the next, whose line is empty:
    until the next opening the table still shows the line the round ended with, rebuilt here from
    that round's placements, as the texts' diagrams of a round's end draw it."""
    if not state.line.empty:
        return state.line
    placed: list[Any] = []
    for event in reversed(state.events):
        if isinstance(event, D.Placed):
            placed.append(event)
        elif isinstance(event, D.RoundStarted) and placed:
            break
    line = state.new_line()
    index = state.game.line_tables.index
    for event in reversed(placed):
        line.put(index[event.tile], -1 if event.end is None else event.end)
    return line


_EXAMPLES = {"en": "6-6 right, 3-4 left, draw, pass",
             "es": "6-6 derecha, 3-4 izquierda, robar, paso"}  # claim and muggins: the terminal's, where the rules have them


FAMILY = LineFamily()
