"""A fast path for simulating domino games: the same rules as `domino.py`, without events.

`muggins simulate` plays thousands of games and needs only their statistics. This kernel plays a
whole game with integers and tables derived from the compiled rules (tile halves and pips, the
scores of every sum of the ends, the line options), asks the same seeded bots the same questions
in the same order, and so plays exactly the game the event engine plays from the same seed: the
test suite checks that game by game. Rules it does not cover (a spinner, scoring that reads more
than the sum of the ends) are simulated by the event engine instead (`supports`).
"""
from __future__ import annotations

import random
from typing import Any

from ..dsl.compiler import _Deferred
from ..bots import bot_generator
from .common import lottery_winner
from .domino import DominoGame, round_end_winner, settle


def supports(game: Any, bots: list[str]) -> bool:
    """Whether this kernel can play `game` with these bots exactly as the event engine would."""
    return (isinstance(game, DominoGame) and not game.rules.line.spinner and game.awards_by_sum is not None
            and not any(type(entry) is _Deferred for entry in game.awards_by_sum)
            and all(kind in ("random", "greedy") for kind in bots))


class _Tables:
    """Everything the kernel reads, computed once per game object."""

    def __init__(self, game: DominoGame):
        rules, o = game.rules, game.rules.line
        # Tiles are numbered by their order (as hands are kept sorted): bit r of a hand's mask is
        # the r-th tile, so walking the bits upwards walks the hand in order.
        self.tiles = sorted(game.tiles)
        self.rank_of = [self.tiles.index(tile) for tile in game.tiles]
        self.low = [t.low for t in self.tiles]
        self.high = [t.high for t in self.tiles]
        self.pips = [t.pips for t in self.tiles]
        self.double = [t.is_double for t in self.tiles]
        self.dv = 2 if o.double_at_end == "both_halves" else 1
        highest = rules.pieces.highest_pip
        self.mask = [sum(1 << i for i, t in enumerate(self.tiles) if v in (t.low, t.high)) for v in range(highest + 1)]
        self.shared_once = o.opening_double == "once"
        self.awards = [tuple(a for a in entry if a[1]) for entry in game.awards_by_sum]
        self.points = [sum(p for _, p in entry) for entry in game.awards_by_sum]


def play(game: DominoGame, seed: str, bots: list[str]) -> dict[str, Any]:
    """Play one game from `seed`; returns what the statistics need (see simulate.Tally)."""
    t = getattr(game, "_fast_tables", None)
    if t is None:
        t = game._fast_tables = _Tables(game)
    rules, o = game.rules, game.rules.line
    n, size, target, reserve = game.players, game.hand_size, game.target, o.reserve
    low, high, pips, double, dv, mask = t.low, t.high, t.pips, t.double, t.dv, t.mask
    awards_by_sum, points_by_sum, shared_once = t.awards, t.points, t.shared_once
    only_when_stuck, one_at_a_time = o.draw_only_when_stuck, o.draw_one_at_a_time
    first_end_only = o.drawn_tile_end == "first"
    pass_only_when_empty = o.pass_only_when_boneyard_empty
    immediate = rules.immediate_win
    rng = random.Random(seed)
    greedy = [kind == "greedy" for kind in bots]
    bot_draw = None  # the bots' generator, made when a bot first draws (seeding costs)
    scores = [0] * n
    moves = turns = scoring_events = scoring_points = blocked_rounds = 0
    round_number = 0
    winner = None
    termination = "unfinished"

    opener = lottery_winner(range(n), game.lottery_ranks, rng)
    tile_count = len(low)
    rank_of = t.rank_of
    while True:
        # -- deal, as DominoState._start_round does: shuffling indexes draws the same permutation
        round_number += 1
        deck = list(range(tile_count))
        rng.shuffle(deck)
        masks = [0] * n
        held = [0] * n  # the pips in each hand, kept as tiles come and go
        dealt = size * n
        for i in range(n):  # one at a time from the opener: player opener + i gets every n-th tile
            player = (opener + i) % n
            for index in deck[i:dealt:n]:
                tile = rank_of[index]
                masks[player] |= 1 << tile
                held[player] += pips[tile]
        boneyard = [rank_of[i] for i in deck[size * n:]]
        turn = opener
        empty = True
        left = right = c_left = c_right = 0
        shared = False
        must = -1
        dominoer = -1
        blocked = False
        over = False
        while not over:
            m = masks[turn]
            # -- the legal moves, in the event engine's order: tiles in hand order, left end first,
            #    then draw, then pass
            if must >= 0:
                fits_left = (left == low[must] or left == high[must]) << must
                fits_right = (right == low[must] or right == high[must]) << must
                if first_end_only and fits_left:
                    fits_right = 0
                fitting = bool(fits_left) + bool(fits_right)
                candidates = 1 << must
                can_draw = can_pass = False
            else:
                if empty:
                    fits_left, fits_right = m, 0
                    fitting = m.bit_count()
                else:
                    fits_left, fits_right = m & mask[left], m & mask[right]
                    fitting = fits_left.bit_count() + fits_right.bit_count()
                candidates = fits_left | fits_right
                if fitting and only_when_stuck:
                    can_draw = can_pass = False
                else:
                    drawable = len(boneyard) - reserve > 0
                    can_draw = drawable and (not fitting or not only_when_stuck)
                    can_pass = not fitting and (not drawable or not pass_only_when_empty)
            count = fitting + can_draw + can_pass
            # -- the bot's choice, as bots.py makes it
            if count > 1 and greedy[turn]:
                # the greedy key (points, pips) as one integer: pips stay below 128
                choice, best = fitting, -1 if fitting < count else None
                bits = candidates
                while bits:
                    bit = bits & -bits
                    bits ^= bit
                    tile = bit.bit_length() - 1
                    if empty:
                        s = low[tile] * dv * (1 if shared_once else 2) if double[tile] else pips[tile]
                        key = points_by_sum[s] * 128 + pips[tile]
                        if best is None or key > best:
                            choice, best, pick_tile, pick_end = 0, key, tile, -1
                        continue
                    a, b = low[tile], high[tile]
                    if fits_left & bit:
                        new = b if a == left else a
                        key = points_by_sum[(new * dv if double[tile] else new) + c_right] * 128 + pips[tile]
                        if best is None or key > best:
                            choice, best, pick_tile, pick_end = 0, key, tile, 0
                    if fits_right & bit:
                        new = b if a == right else a
                        key = points_by_sum[(new * dv if double[tile] else new) + c_left] * 128 + pips[tile]
                        if best is None or key > best:
                            choice, best, pick_tile, pick_end = 0, key, tile, 1
            else:
                if count == 1:
                    choice = 0
                else:
                    if bot_draw is None:
                        bot_draw = bot_generator(seed).random
                    choice = int(bot_draw() * count)
                if choice < fitting:
                    k = choice
                    bits = candidates
                    while bits:
                        bit = bits & -bits
                        bits ^= bit
                        if fits_left & bit:
                            if k == 0:
                                pick_tile, pick_end = bit.bit_length() - 1, -1 if empty else 0
                                break
                            k -= 1
                        if fits_right & bit:
                            if k == 0:
                                pick_tile, pick_end = bit.bit_length() - 1, 1
                                break
                            k -= 1
            moves += 1
            if choice >= fitting:
                if can_draw and choice == fitting:
                    # -- draw one tile; a playable one must be placed at once. While drawing is the
                    #    only legal move, each further draw is a move the bot cannot choose: draw on.
                    forced = count == 1 and pass_only_when_empty and not empty
                    while True:
                        tile = boneyard.pop()
                        masks[turn] |= 1 << tile
                        held[turn] += pips[tile]
                        if not empty and (left == low[tile] or left == high[tile]
                                          or right == low[tile] or right == high[tile]):
                            if one_at_a_time:
                                must = tile
                            break
                        if not forced or len(boneyard) - reserve <= 0:
                            break
                        moves += 1
                    continue
                # -- pass
                turns += 1
                turn = (turn + 1) % n
            else:
                tile, end = pick_tile, pick_end
                masks[turn] ^= 1 << tile
                held[turn] -= pips[tile]
                must = -1
                turns += 1
                if end < 0:
                    empty = False
                    left, right = low[tile], high[tile]
                    if double[tile]:
                        c_left = c_right = left * dv
                        shared = True
                    else:
                        c_left, c_right = left, right
                else:
                    value = left if end == 0 else right
                    new = high[tile] if low[tile] == value else low[tile]
                    c_new = new * dv if double[tile] else new
                    if end == 0:
                        left, c_left = new, c_new
                    else:
                        right, c_right = new, c_new
                    shared = False
                ends_sum = c_left if shared and shared_once else c_left + c_right
                for _, points in awards_by_sum[ends_sum]:
                    scores[turn] += points
                    if points > 0:
                        scoring_events += 1
                        scoring_points += points
                        if immediate and scores[turn] >= target:
                            winner, termination = turn, "target"
                            break
                if winner is not None:
                    break
                if not masks[turn]:
                    dominoer = turn
                    over = True
                    continue
                turn = (turn + 1) % n
            # -- blocked: nothing to draw and nobody can place
            if len(boneyard) - reserve <= 0:
                open_mask = mask[left] | mask[right]
                if not any(m & open_mask for m in masks):
                    blocked = over = True
        if winner is not None:
            break
        # -- settlement, as DominoState._end_round does (with the rule file's own formulas)
        if blocked:
            blocked_rounds += 1
        sizes = [h.bit_count() for h in masks]
        for player, points, _ in settle(o, held, sizes, scores, dominoer if dominoer >= 0 else None,
                                        blocked, target):
            scores[player] += points
            if points > 0 and immediate and scores[player] >= target:
                winner, termination = player, "target"
                break
        if winner is not None:
            break
        if not immediate:
            winner = round_end_winner(scores, target, opener)
            if winner is not None:
                termination = "target"
                break
        if round_number >= game.max_rounds:
            break
        rule = o.opener_after_blocked if blocked else o.next_opener
        if rule == "dominoer":
            opener = dominoer
        elif rule == "clockwise":
            opener = (opener + 1) % n
        else:
            opener = lottery_winner(range(n), game.lottery_ranks, rng)
    return {"termination": termination, "winner": winner, "scores": scores, "rounds": round_number,
            "moves": moves, "turns": turns, "scoring_events": scoring_events, "scoring_points": scoring_points,
            "blocked_rounds": blocked_rounds}
