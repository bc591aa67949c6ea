"""Invariants every game must keep, checked after every move of seeded bot games.

Used by the test suite and by the pytest plugin's battery for each rule file, so a new variant
file is checked without anyone writing a test: pieces are conserved, scores change only through
Scored events, turns go round in order, hands stay within the rules, a winner really reached the
target, and every game ends.
"""
from __future__ import annotations

from typing import Any

from .bots import make_bots
from .engine import make_game
from .engine.common import Outcome, Scored
from .errors import MugginsError
from .families import family_of
from .rules import Rules


class InvariantError(MugginsError):
    """A game broke a rule every game must keep; the message says which, at which move."""


def play_checked_game(rules: Rules, players: int, bot: str, seed: int, max_rounds: int = 30,
                      forget: float = 0.0, attention: float = 1.0, max_moves: int = 200_000) -> Outcome:
    """Play one seeded bot game, checking every invariant after every move."""
    game = make_game(rules, players, max_rounds)
    state = game.new_state(seed)
    seats = make_bots([bot] * players, seed, forget, attention)
    family = family_of(rules)
    size = len(rules.pieces)
    for number in range(1, max_moves + 1):
        if state.is_terminal():
            break
        _check_pieces(family.pieces_in_play(state), size, number)
        actor = state.actor
        legal = state.legal_moves()
        move = seats[actor].choose(state.view(actor), legal)
        before = _snapshot(state)
        events = state.play(move)
        deltas = [0] * players
        for event in events:
            if isinstance(event, Scored):
                for seat in (event.player, *event.partners):
                    deltas[seat] += event.points
        if [b + d for b, d in zip(before["scores"], deltas)] != state.scores:
            raise InvariantError(f"move {number}: scores changed without a Scored event")
        broken = family.check_move(state, move, before, events, number)
        if broken:
            raise InvariantError(f"move {number}: {broken}")
    else:
        raise InvariantError(f"the game did not end within {max_moves} moves")
    outcome = state.outcome
    if outcome is None:
        raise InvariantError("the game ended with no outcome")
    if outcome.winner is not None:
        if outcome.scores[outcome.winner] < game.target:
            raise InvariantError(f"player {outcome.winner + 1} won with {outcome.scores[outcome.winner]}, below the target")
    elif outcome.termination != "unfinished" or outcome.rounds < max_rounds:
        raise InvariantError(f"the game ended without a winner ({outcome.termination}) before the round cap")
    return outcome


def _snapshot(state: Any) -> dict[str, Any]:
    return {"scores": list(state.scores), "turn": state.turn, "round": state.round,
            "hands": [len(h) for h in state.hands], "actor": state.actor,
            "stock": family_of(state.rules).stock_size(state)}


def _check_pieces(where: list[Any], size: int, number: int) -> None:
    if len(where) != size or len(set(where)) != size:
        raise InvariantError(f"move {number}: {len(set(where))} distinct pieces of {size} accounted for")
