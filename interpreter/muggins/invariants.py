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
from .rules import Rules


class InvariantError(MugginsError):
    """A game broke a rule every game must keep; the message says which, at which move."""


def play_checked_game(rules: Rules, players: int, bot: str, seed: int, max_rounds: int = 30,
                      forget: float = 0.0, attention: float = 1.0, max_moves: int = 200_000) -> Outcome:
    """Play one seeded bot game, checking every invariant after every move."""
    game = make_game(rules, players, max_rounds)
    state = game.new_state(seed)
    seats = make_bots([bot] * players, seed, forget, attention)
    check = _check_line_move if rules.family == "line" else _check_pile_move
    size = len(rules.pieces.tiles if rules.family == "line" else rules.pieces.cards)
    for number in range(1, max_moves + 1):
        if state.is_terminal():
            break
        _check_pieces(state, size, number)
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
        check(state, move, before, events, number)
    else:
        raise InvariantError(f"the game did not end within {max_moves} moves")
    outcome = state.outcome
    if outcome.winner is not None:
        if outcome.scores[outcome.winner] < game.target:
            raise InvariantError(f"player {outcome.winner + 1} won with {outcome.scores[outcome.winner]}, below the target")
    elif outcome.termination != "unfinished" or outcome.rounds < max_rounds:
        raise InvariantError(f"the game ended without a winner ({outcome.termination}) before the round cap")
    return outcome


def _snapshot(state: Any) -> dict[str, Any]:
    return {"scores": list(state.scores), "turn": state.turn, "round": state.round,
            "hands": [len(h) for h in state.hands], "actor": state.actor,
            "stock": len(state.stock) if hasattr(state, "stock") else len(state.boneyard)}


def _check_pieces(state: Any, size: int, number: int) -> None:
    if hasattr(state, "line"):
        where = [t for h in state.hands for t in h] + state.boneyard + list(state.line.tiles)
    else:
        where = [c for h in state.hands for c in h] + state.stock + state.pile.cards + state.discards
    if len(where) != size or len(set(where)) != size:
        raise InvariantError(f"move {number}: {len(set(where))} distinct pieces of {size} accounted for")


def _check_line_move(state: Any, move: Any, before: dict[str, Any], events: list[Any], number: int) -> None:
    if state.is_terminal() or state.round != before["round"]:
        return
    from .engine.domino import Draw, Pass, Place
    if not isinstance(move, (Place, Draw, Pass)) or state.decision is not None:
        return  # a claim or a call, or one is still due: the turn moves on after it
    mover = before["turn"]
    expected = mover if isinstance(move, Draw) else state.seats.next(mover)
    if state.turn != expected:
        raise InvariantError(f"move {number}: turn went from player {mover + 1} to {state.turn + 1}")


def _check_pile_move(state: Any, move: Any, before: dict[str, Any], events: list[Any], number: int) -> None:
    o = state.options
    if state.pile.total > state.game.limit:
        raise InvariantError(f"move {number}: the total {state.pile.total} exceeds the limit {state.game.limit}")
    if state.round != before["round"] or move.kind not in ("play", "go"):
        return
    mover = before["turn"]
    have, had, stock = len(state.hands[mover]), before["hands"][mover], before["stock"]
    if move.kind == "play":
        expected = had - 1 + (min(max(0, state.game.refill_to - (had - 1)), stock) if o.refill else 0)
    else:
        expected = had + (1 if o.go_draw and stock else 0)
    if have != expected:
        raise InvariantError(f"move {number}: player {mover + 1} holds {have} cards, the rules give {expected}")
    from .engine.cards import PileClosed
    if any(isinstance(event, PileClosed) for event in events):
        return  # the next pile's starter follows the pile's last player, not the mover
    if state.decision is not None:
        return  # a claim or a call is due: the turn moves on after it
    order = state.seats.order_from(mover)
    skipped = order[1:order.index(state.turn)] if state.turn != mover else []
    if any(state.hands[p] for p in skipped):
        raise InvariantError(f"move {number}: the turn skipped a player holding cards")
