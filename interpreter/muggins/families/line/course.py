"""The course of a domino game, written once: rounds, turns, placements, draws and settlement.

Every domino game the engine plays runs it: a person at the terminal, a replayed record, a
scenario, a simulation of rules the fast kernel (`kernel.py`) does not cover. The table runs the
course (`TableState.run_course`, a generator that yields whenever someone must decide: the player
to move, or the player whose claim or "Muggins!" call heads the queue); this module holds what is
the family's own: the turn (`act`: place, draw or pass) and the automatic steps (`STEPS`: after a
placement, the end of a round, the first round), each keeping the position on the state
(`DominoState`), so that it can be read, copied and resumed at any decision.
"""
from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING, Any

from ...dsl import lookup
from ...engine.common import draw_lots, shuffled
from ...engine.table import TURN
from .events import Dominoed, Drew, Passed, Placed, Revealed, RoundBlocked, RoundEnded, RoundStarted

if TYPE_CHECKING:
    from .game import DominoState

AFTER_PLACE, END_ROUND, FIRST_ROUND = range(1, 4)  # after TURN, the table's step 0


def act(state: DominoState, move: Any) -> None:
    """The player to move places a tile, draws or passes (a draw is part of the turn it ends)."""
    if move.kind != "draw":
        state.turns += 1
    if move.kind == "place":
        place(state, move)
        return
    calls = state.close_window()
    if move.kind == "draw":
        draw(state)
        state.queue.extend(calls)
    else:
        if state.listening:
            state.events.append(Passed(state.turn))
        state.queue.extend(calls)
        next_turn(state)


def first_round(state: DominoState) -> None:
    first = state.options.first_opener
    start_round(state, None if first.method == "holder" else lottery(state, "first opener"))


def resume_end_round(state: DominoState) -> None:
    end_round(state, state.blocked)


def place(state: DominoState, move: Any) -> None:
    """A tile on the line: its scores, the previous scorer's window closed, the claims and calls;
    then (once they are decided) the round's end or the next turn."""
    game, line = state.game, state.line
    player = state.turn
    calls = state.close_window()
    hand = state.hands[player]
    hand.remove(move.tile)
    state.must_play = None
    opening = line.empty
    connection = line.place(move.tile, move.end)
    contributions = tuple(line.contributions())
    ends_sum = sum(amount for _, amount in contributions)
    table = game.awards_by_sum
    if table is not None:
        awards = lookup(table, ends_sum)
    else:
        awards = game.awards(game.placement_env(line, move.tile, len(hand), len(state.boneyard), state.scores[player],
                                                state.round, opening))
    if state.listening:
        state.events.append(Placed(player, move.tile, move.end, connection, line.tiles, line.connections,
                                   tuple(line.ends), contributions, ends_sum, sum(award[1] for award in awards)))
    state.step = AFTER_PLACE
    state.earn(awards, player, calls)


def after_place(state: DominoState) -> None:
    player = state.turn
    state.step = TURN
    if not state.hands[player]:
        state.dominoer = player
        end_round(state, blocked=False)
    else:
        next_turn(state)


def draw(state: DominoState) -> None:
    """One tile from the boneyard; a playable one is placed at once when the rules say so."""
    player = state.turn
    tile = state.boneyard.pop()
    insort(state.hands[player], tile)
    playable = bool(state.line.fits(tile))
    if state.listening:
        state.events.append(Drew(player, tile, playable))
    if playable and state.options.draw_one_at_a_time:
        state.must_play = tile


def next_turn(state: DominoState) -> None:
    """The turn passes on; with nothing to draw and no tile placeable anywhere, the round is blocked."""
    state.turn = state.seats.next(state.turn)
    if state.outcome is None and state.drawable() == 0 and not any(
            state.placements(p) for p in range(state.game.players)):
        end_round(state, blocked=True)


def lottery(state: DominoState, purpose: str) -> int:
    drawn = draw_lots(purpose, range(state.game.players), state.game.tiles, state.game.lottery_ranks, state.rng)
    if state.listening:
        state.events.append(drawn)
    return drawn.winner


def start_round(state: DominoState, opener: int | None) -> None:
    """Deal a round, one tile at a time in the order of play from the opener; with no opener
    yet (the holder of a piece opens), from the seat after the last opener."""
    game, seats = state.game, state.seats
    first = opener if opener is not None else (seats.next(state.opener) if state.round else 0)
    state.round += 1
    state.dominoer = None
    state.must_play = None
    state.line = state.new_line()
    tiles = shuffled(game.tiles, state.rng)
    size, n = game.hand_size, game.players
    hands: list[list[Any]] = [[] for _ in range(n)]
    order = seats.order_from(first)
    for i in range(size * n):
        hands[order[i % n]].append(tiles[i])
    for hand in hands:
        hand.sort()  # a hand is kept in tile order, as a player sorts it: legal moves follow it
    state.hands = hands
    state.boneyard = tiles[size * n:]
    if opener is None:
        opener, piece = game.holder(hands)
        if state.options.holder is not None and state.options.holder.must_play:
            state.must_play = piece
    state.opener = state.turn = opener
    state.step = TURN
    state.begin_round(opener)
    if state.listening:
        state.events.append(RoundStarted(state.round, opener, tuple(tuple(h) for h in hands), len(state.boneyard)))


def end_round(state: DominoState, blocked: bool) -> None:
    """The round ends once every unclaimed score's window has closed: the leftover pips are
    revealed and settled, then the winner, the round cap, or the next round's opener."""
    if state.unclaimed:
        state.queue.extend(state.close_window())
        state.step, state.blocked = END_ROUND, blocked
        return
    game, o = state.game, state.options
    state.step = TURN
    if blocked:
        state.events.append(RoundBlocked(state.round))  # statistics count blocked rounds
    elif state.listening:
        state.events.append(Dominoed(state.dominoer))  # type: ignore[arg-type]
    pips = [sum(t.pips for t in hand) for hand in state.hands]
    if state.listening:
        for player in range(game.players):
            state.events.append(Revealed(player, tuple(state.hands[player]), pips[player]))
    sizes = [len(hand) for hand in state.hands]
    order = state.seats.order_from(state.opener)
    for player, points, reason in game.settle(pips, sizes, state.scores, state.dominoer, blocked, order):
        if state.score(player, points, reason):
            return
    if state.listening:
        state.events.append(RoundEnded(state.round, blocked, state.dominoer, tuple(state.scores)))
    if state.round_ended():
        return
    rule = o.opener_after_blocked if blocked else o.next_opener
    if rule == "dominoer":
        start_round(state, state.dominoer)
    elif rule == "clockwise":
        start_round(state, state.seats.next(state.opener))
    elif rule == "holder":
        start_round(state, None)
    else:
        start_round(state, lottery(state, "next opener"))


STEPS = {AFTER_PLACE: after_place, END_ROUND: resume_end_round, FIRST_ROUND: first_round}
