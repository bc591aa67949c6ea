"""Run a game with its players: ask whoever decides next, apply, report the new events."""
from __future__ import annotations

from typing import Any, Callable, Sequence

from .bots import Player
from .messages import illegal
from .pieces import safe_repr


def run_game(state: Any, seats: Sequence[Player], on_events: Callable[[list[Any]], None] | None = None,
             checked: bool = True) -> list[Any]:
    """Play `state` to its end; returns the moves made, in order, for a record. `seats` holds a
    player for each seat (a bot of `make_bots`, or anything with `choose(view, moves)`)."""
    players = state.game.players
    if isinstance(seats, (str, bytes)) or not isinstance(seats, Sequence) or len(seats) != players or not all(
            callable(getattr(seat, "choose", None)) for seat in seats):
        raise illegal("api_seats", players=players, value=safe_repr(seats))
    moves = []
    while not state.is_terminal():
        actor = state.actor
        move = seats[actor].choose(state.view(actor), state.legal_moves())
        events = state.play(move) if checked else state.apply(move)
        moves.append(move)
        if on_events is not None:
            on_events(events)
    return moves
