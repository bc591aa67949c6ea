"""How scenarios set a line position and what they can check after a step, for domino games."""
from __future__ import annotations

from functools import partial
from typing import Any

from ...engine.common import Scored
from ...errors import IllegalMoveError
from ...messages import said_each, said_reason, say
from ...scenarios import distinct_pieces, fill_hands, impossible, located, parse_pieces
from . import game as D
from .words import WORDS as LINE_WORDS, connection_text, continuation_text, diagram_order, explain_placement


# What is wrong with a domino scenario's position, in both languages.
WORDS = {"en": {"not_placement": "{text!r} is not a placement"},
         "es": {"not_placement": "{text!r} no es una colocación"}}


def build_position(scenario: Any, position: dict[str, Any], hands: list[list[Any]], scores: list[int], turn: int,
             seed: Any) -> Any:
    """`line` (placements as typed: the first opens), `boneyard` (drawn from its last tile)."""
    game = scenario.game
    line = []
    for i, text in enumerate(position.get("line", [])):
        try:
            move = game.parse_move(text)
        except IllegalMoveError as exc:
            raise located(scenario, ("position", "line", i), said_reason(exc)) from None
        if not isinstance(move, D.Place):
            raise located(scenario, ("position", "line", i), say(WORDS, "not_placement", text=text))
        line.append((move.tile, move.end))
    boneyard = parse_pieces(scenario, ("position", "boneyard"), position["boneyard"]) if "boneyard" in position else None
    distinct_pieces(scenario, [(("position", "hands", i, j), t) for i, hand in enumerate(hands) for j, t in enumerate(hand)]
                    + [(("position", "line", i), t) for i, (t, _) in enumerate(line)]
                    + [(("position", "boneyard", i), t) for i, t in enumerate(boneyard or [])])
    hands, boneyard = fill_hands(game, hands, [t for t, _ in line], game.tiles, boneyard)
    try:
        return game.setup(hands, boneyard, line, scores, turn, position.get("round", 1), seed)
    except IllegalMoveError:
        for i in range(len(line)):  # a placement the line refuses is the writer's mistake there
            try:
                game.setup(hands, boneyard, line[:i + 1], scores, turn, position.get("round", 1), seed)
            except IllegalMoveError as exc:
                raise impossible(scenario, ("position", "line", i), exc) from None
        raise


def observe_step(scenario: Any, state: Any, events: list[Any]) -> dict[str, Any]:
    """The domino expectation keys: the placement's sum and diagram, draws, blocks, penalties."""
    placed = next((e for e in reversed(events) if isinstance(e, D.Placed)), None)
    drew = [e.tile for e in events if isinstance(e, D.Drew)]
    started = next((e for e in events if isinstance(e, D.RoundStarted)), None)
    penalties = [0] * scenario.players
    for e in events:
        if isinstance(e, Scored) and e.reason == D.PENALTY_REASON:
            penalties[e.player] -= e.points
    line = state.line
    ends, included = diagram_order(placed) if placed else (list(line.ends), line.contributions())
    return {
        "sum": placed.ends_sum if placed else line.ends_sum(),
        "contributions": [a for _, a in included],
        "ends": [end.value for end in ends],
        # written in English in a scenario, shown in the command's language when they differ
        "continuation": [said_each(partial(continuation_text, end)) for end in ends],
        # an opening tile touches none: "Conexiones: ninguno", as the text's diagrams say it
        "connections": (said_each(partial(connection_text, placed.connection)) if placed.connection
                        else said_each(lambda lang: LINE_WORDS[lang]["none"])) if placed else None,
        "explanation": explain_placement(placed, line.spinner, "en") if placed else None,
        "explanation_es": explain_placement(placed, line.spinner, "es") if placed else None,
        "drew": scenario.rules.pieces.code(drew[-1]) if drew else None,
        "blocked": any(isinstance(e, D.RoundBlocked) for e in events),
        "penalties": penalties if any(isinstance(e, D.Revealed) for e in events) else None,  # only a settlement has them
        "next_opener": started.opener + 1 if started else None,
        "stock": len(state.boneyard),
        "round_over": any(isinstance(e, D.RoundEnded) for e in events),
    }
