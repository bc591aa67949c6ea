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

from ...dsl import fails_somewhere
from ...bots import bot_generator
from ...engine.common import lottery_winner, shuffled
from .game import DominoGame
from ...engine.table import round_end_winner


# a bot's choice other than a placement at an end (0, 1; -1 opens the line)
DRAW, PASS = -2, -3


def supports(game: Any, bots: list[str]) -> bool:
    """Whether this kernel can play `game` with these bots exactly as the event engine would."""
    return refusal(game, bots) is None


def refusal(game: Any, bots: list[str]) -> str | None:
    """The first rule this kernel does not implement, written as in a rule file (so it reads the
    same in every language), or None when it plays the game: an allow-list of what it implements,
    so a new option is never played wrongly here."""
    if not isinstance(game, DominoGame):
        return "`pieces: cards`"
    rules, o = game.rules, game.rules.options
    read = sorted({name for score in rules.scoring for e in (score.when, score.points) for name in e.names} - {"ends_sum"})
    holder = next((f"`{key}: holder`" for key, value in (("opener.first.method", o.first_opener.method),
                                                         ("opener.next", o.next_opener),
                                                         ("opener.after_blocked", o.opener_after_blocked))
                   if value == "holder"), "")
    checks = [
        (not read, f"`scoring`: {', '.join(read)}"),
        (game.awards_by_sum is None or not fails_somewhere(game.awards_by_sum),
         "`scoring`: " + "; ".join(e.source for s in rules.scoring for e in (s.when, s.points))),
        (not o.spinner, "`line.spinner: true`"),
        (not rules.has_claims, "`claims.required: true`" if rules.claims_required else "`scoring[].claim: true`"),
        (rules.muggins.false_call is None, f"`muggins.false_call: {rules.muggins.false_call}`"),
        (rules.overshoot == "counts", f"`win.overshoot: {rules.overshoot}`"),
        (rules.seating.direction == 1, "`seating.direction: counterclockwise`"),
        (not game.seats.partnered, f"`seating.sides: {rules.seating.sides.source}`"),
        (o.paid_to == "dominoer", f"`settlement.paid_to: {o.paid_to}`"),
        (not holder, holder),
        (all(kind in ("random", "greedy") for kind in bots), f"`--bots {','.join(bots)}`"),
    ]
    return next((reason for ok, reason in checks if not ok), None)


class _Tables:
    """Everything the kernel reads, computed once per game object."""

    def __init__(self, game: DominoGame):
        rules, o = game.rules, game.rules.options
        # Tiles are numbered by their order (as hands are kept sorted): bit r of a hand's mask is
        # the r-th tile, so walking the bits upwards walks the hand in order. The deck lists
        # those numbers in the engine's tile order: shuffling it draws the engine's permutation.
        tiles = sorted(game.tiles)
        self.deck = [tiles.index(tile) for tile in game.tiles]
        self.low = [t.low for t in tiles]
        self.high = [t.high for t in tiles]
        self.pips = [t.pips for t in tiles]
        self.double = [t.is_double for t in tiles]
        self.dv = 2 if o.double_at_end == "both_halves" else 1
        values = range(rules.pieces.highest_pip + 1)
        self.mask = [sum(1 << i for i, t in enumerate(tiles) if v in (t.low, t.high)) for v in values]
        # placed on an end showing v, tile r leaves new_end[v][r] open, which adds count[v][r] to the
        # sum of the ends (a double at an end counts as dv of its halves)
        self.new_end = [[t.high if t.low == v else t.low for t in tiles] for v in values]
        self.count = [[(t.high if t.low == v else t.low) * (self.dv if t.is_double else 1) for t in tiles]
                      for v in values]
        self.shared_once = o.opening_double == "once"
        assert game.awards_by_sum is not None  # supports() admits only games with tabulated scores
        self.awards = [tuple(a[:2] for a in entry if a[1]) for entry in game.awards_by_sum]
        # the greedy key (points, pips) as one integer, pips staying below 128: the points part by
        # sum, and a key below every placement's
        points = [sum(a[1] for a in entry) for entry in game.awards_by_sum]
        self.keyed = [p * 128 for p in points]
        self.below_all = min(0, *points) * 128 - 1


def entry_table(game: DominoGame) -> list[tuple[tuple[str, int], ...]]:
    """What each index the kernel returns in `scored` stands for: the scoring entries of a sum of
    the ends, as (name, points) pairs."""
    return list(_tables(game).awards)


def _tables(game: DominoGame) -> _Tables:
    t = getattr(game, "_fast_tables", None)
    if t is None:
        t = _Tables(game)
        setattr(game, "_fast_tables", t)  # the kernel's cache, read back above; not part of DominoGame
    return t


def play(game: DominoGame, seed: str, bots: list[str], forget: float = 0.0, attention: float = 1.0) -> dict[str, Any]:
    """Play one game from `seed`; returns what the statistics need (see simulate.Tally). The
    games it plays have no claims, so `forget` and `attention` change nothing."""
    t = _tables(game)
    rules, o = game.rules, game.rules.options
    n, size, target, reserve = game.players, game.hand_size, game.target, game.reserve
    low, high, pips, double, dv, mask = t.low, t.high, t.pips, t.double, t.dv, t.mask
    new_end, count_at = t.new_end, t.count
    awards_by_sum, keyed, below_all, shared_once = t.awards, t.keyed, t.below_all, t.shared_once
    only_when_stuck, one_at_a_time = o.draw_only_when_stuck, o.draw_one_at_a_time
    first_end_only = o.drawn_tile_end == "first"
    pass_only_when_empty = o.pass_only_when_boneyard_empty
    immediate = rules.immediate_win
    rng = random.Random(seed)
    greedy = [kind == "greedy" for kind in bots]
    bot_draw = None  # the bots' generator, made when a bot first draws (seeding costs)
    scores = [0] * n
    turns = draws = scoring_events = scoring_points = blocked_rounds = 0
    round_number = 0
    winner = None
    termination = "unfinished"

    opener = first = lottery_winner(range(n), game.lottery_ranks, rng)
    scored: list[int] = []
    named: tuple[tuple[str, int], ...] = ()
    round_starts: list[tuple[int, tuple[int, ...]]] = []  # each round's opener, with the scores as it began
    dealt = size * n
    while True:
        # -- deal, as DominoState._start_round does: one at a time from the opener, so player
        #    opener + i gets every n-th tile; the boneyard is drawn from its end
        round_number += 1
        round_starts.append((opener, tuple(scores)))
        deck = shuffled(t.deck, rng)
        masks = [0] * n
        for i in range(n):
            hand = 0
            for tile in deck[i:dealt:n]:
                hand |= 1 << tile
            masks[(opener + i) % n] = hand
        boneyard = deck[dealt:]
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
                can_draw = can_pass = False
            else:
                if empty:
                    fits_left, fits_right = m, 0
                else:
                    fits_left, fits_right = m & mask[left], m & mask[right]
                if only_when_stuck and (fits_left or fits_right):
                    can_draw = can_pass = False
                else:
                    can_draw = len(boneyard) > reserve
                    can_pass = not (fits_left or fits_right) and (not can_draw or not pass_only_when_empty)
            # -- the bot's choice, as bots.py makes it: a placement (pick_tile at pick_end), DRAW or PASS
            if greedy[turn]:
                # a draw or a pass scores nothing and ranks below every placement of as many points;
                # the first of them is kept when no placement beats it
                pick_end = DRAW if can_draw else PASS
                best = -1 if can_draw or can_pass else below_all
                bits = fits_left | fits_right
                if empty:
                    while bits:
                        bit = bits & -bits
                        bits ^= bit
                        tile = bit.bit_length() - 1
                        s = low[tile] * dv * (1 if shared_once else 2) if double[tile] else pips[tile]
                        key = keyed[s] + pips[tile]
                        if key > best:
                            best, pick_tile, pick_end = key, tile, -1
                else:
                    on_left, on_right = count_at[left], count_at[right]
                    while bits:
                        bit = bits & -bits
                        bits ^= bit
                        tile = bit.bit_length() - 1
                        if fits_left & bit:
                            key = keyed[on_left[tile] + c_right] + pips[tile]
                            if key > best:
                                best, pick_tile, pick_end = key, tile, 0
                        if fits_right & bit:
                            key = keyed[c_left + on_right[tile]] + pips[tile]
                            if key > best:
                                best, pick_tile, pick_end = key, tile, 1
            else:
                fitting = fits_left.bit_count() + fits_right.bit_count()
                count = fitting + can_draw + can_pass
                if count == 1:
                    choice = 0
                else:
                    if bot_draw is None:
                        bot_draw = bot_generator(seed).random
                    choice = int(bot_draw() * count)
                if choice < fitting:
                    bits = fits_left | fits_right
                    while bits:
                        bit = bits & -bits
                        bits ^= bit
                        if fits_left & bit:
                            if choice == 0:
                                pick_tile, pick_end = bit.bit_length() - 1, -1 if empty else 0
                                break
                            choice -= 1
                        if fits_right & bit:
                            if choice == 0:
                                pick_tile, pick_end = bit.bit_length() - 1, 1
                                break
                            choice -= 1
                else:
                    pick_end = DRAW if can_draw and choice == fitting else PASS
            if pick_end == DRAW:
                # -- draw one tile; a playable one must be placed at once. While drawing is the only
                #    legal move, each further draw is a move the bot cannot choose: draw on.
                forced = not can_pass and not (fits_left or fits_right) and pass_only_when_empty and not empty
                while True:
                    draws += 1
                    tile = boneyard.pop()
                    masks[turn] |= 1 << tile
                    if not empty and (left == low[tile] or left == high[tile]
                                      or right == low[tile] or right == high[tile]):
                        if one_at_a_time:
                            must = tile
                        break
                    if not forced or len(boneyard) <= reserve:
                        break
                continue
            turns += 1
            if pick_end == PASS:
                turn = (turn + 1) % n
            else:
                tile = pick_tile
                masks[turn] ^= 1 << tile
                must = -1
                if pick_end < 0:
                    empty = False
                    left, right = low[tile], high[tile]
                    if double[tile]:
                        c_left = c_right = left * dv
                        shared = True
                    else:
                        c_left, c_right = left, right
                elif pick_end == 0:
                    left, c_left = new_end[left][tile], count_at[left][tile]
                    shared = False
                else:
                    right, c_right = new_end[right][tile], count_at[right][tile]
                    shared = False
                s = c_left if shared and shared_once else c_left + c_right
                earned = awards_by_sum[s]
                if earned:
                    for k, (_, points) in enumerate(earned):
                        scores[turn] += points
                        if points > 0:
                            scoring_events += 1
                            scoring_points += points
                            if immediate and scores[turn] >= target:
                                winner, termination = turn, "target"
                                named = earned[:k + 1]
                                break
                    else:
                        scored.append(s)
                if winner is not None:
                    break
                if not masks[turn]:
                    dominoer = turn
                    over = True
                    continue
                turn = (turn + 1) % n
            # -- blocked: nothing to draw and nobody can place
            if len(boneyard) <= reserve:
                open_mask = mask[left] | mask[right]
                for hand in masks:
                    if hand & open_mask:
                        break
                else:
                    blocked = over = True
        if winner is not None:
            break
        # -- settlement, as DominoState._end_round does (with the rule file's own formulas)
        if blocked:
            blocked_rounds += 1
        held = []
        for hand in masks:
            pips_held = 0
            while hand:
                bit = hand & -hand
                hand ^= bit
                pips_held += pips[bit.bit_length() - 1]
            held.append(pips_held)
        sizes = [hand.bit_count() for hand in masks]
        for player, points, _ in game.settle(held, sizes, scores, dominoer if dominoer >= 0 else None, blocked,
                                             [(opener + i) % n for i in range(n)]):
            scores[player] += points
            if points > 0 and immediate and scores[player] >= target:
                winner, termination = player, "target"
                break
        if winner is not None:
            break
        if not immediate:
            winner = round_end_winner(scores, target, [(opener + i) % n for i in range(n)], rules.tie)
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
            "moves": turns + draws, "turns": turns, "scoring_events": scoring_events, "scoring_points": scoring_points,
            "extra": {"blocked_rounds": blocked_rounds}, "first": first, "round_starts": round_starts, "scored": scored, "named": named}
