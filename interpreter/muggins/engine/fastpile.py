"""A fast path for simulating card games: the same rules as `cards.py`, without events.

Like `fastline`, this kernel plays a whole game on integers (card indexes, values from the rule
file, the tabulated scores of every running total) and asks the seeded bots the same questions in
the same order as the event engine, including every claim and every Muggins call, so it plays the
very game the engine plays from the same seed (checked game by game by the tests). Scoring rules
that read more than the running total are simulated by the event engine instead.
"""
from __future__ import annotations

import random
from collections import deque
from typing import Any

from ..dsl.compiler import _Deferred
from .cards import CardGame
from ..bots import bot_randoms
from .common import draw_lots

# queue items: decisions are lists [kind, actor, score]; steps are these codes
AFTER_PLAY, AFTER_GO, ROUND_OVER, END_ROUND = range(4)
CLAIM, CALL = "claim", "muggins"


def supports(game: Any, bots: list[str]) -> bool:
    """Whether this kernel can play `game` with these bots exactly as the event engine would."""
    return (isinstance(game, CardGame) and game.awards_by_total is not None
            and not any(type(entry) is _Deferred for entry in game.awards_by_total)
            and all(kind in ("random", "greedy") for kind in bots))


def play(game: CardGame, seed: str, bots: list[str], forget: float, attention: float) -> dict[str, Any]:
    """Play one game from `seed`; returns what the statistics need (see simulate.Tally)."""
    rules, o = game.rules, game.options
    n, size, target, limit = game.players, game.hand_size, game.target, o.limit
    cards = game.cards
    tables = getattr(game, "_fast_tables", None)
    if tables is None:
        tables = game._fast_tables = ([game.value(card) for card in cards], [tuple(e) for e in game.awards_by_total],
                                      [sum(p for _, p in e) for e in game.awards_by_total])
    value, awards, points_by_total = tables
    immediate = rules.immediate_win
    muggins_on, last_muggins = o.muggins, o.last_muggins
    refill, refill_to, go_draw = o.refill, o.refill_to, o.go_draw
    at_limit_now = o.exact_limit_timing == "immediate"
    after_last = o.next_starter == "after_last_player"
    rng = random.Random(seed)
    greedy = [kind == "greedy" for kind in bots]
    bot_random = bot_randoms(seed, n)

    moves = turns = scoring_events = scoring_points = steals = steal_points = lost_points = 0
    scores = [0] * n
    hands: list[list[int]] = [[] for _ in range(n)]
    stock: list[int] = []
    pile_total = 0
    pile_size = 0
    last_player = -1
    dealer = turn = goes = round_number = 0
    queue: deque = deque()
    unclaimed: list[list] = []
    winner = None
    termination = "unfinished"
    finished = False

    def score(player: int, points: int, reason: str) -> None:
        nonlocal winner, termination, finished, scoring_events, scoring_points
        scores[player] += points
        if points > 0 and reason != "muggins":
            scoring_events += 1
            scoring_points += points
        if immediate and scores[player] >= target:
            winner, termination, finished = player, "target", True

    def close_window() -> list:
        nonlocal lost_points
        calls = []
        for pending in unclaimed:
            if muggins_on and (not pending[3] or last_muggins):
                calls.extend([CALL, (pending[0] + i) % n, pending] for i in range(1, n))
            else:
                lost_points += pending[1]
        unclaimed.clear()
        return calls

    def next_active(start: int) -> int | None:
        for i in range(n):
            player = (start + i) % n
            if hands[player]:
                return player
        return None

    def deal(new_dealer: int) -> None:
        nonlocal dealer, round_number, stock, pile_total, pile_size, last_player, goes, turn
        round_number += 1
        dealer = new_dealer
        deck = list(range(len(cards)))
        rng.shuffle(deck)
        if o.cut and len(deck) > 1:
            cut_at = rng.randrange(1, len(deck))
            deck = deck[cut_at:] + deck[:cut_at]
        for hand in hands:
            hand.clear()
        for i in range(size * n):
            hands[(dealer + 1 + i) % n].append(deck[i])
        stock = deck[size * n:]
        stock.reverse()
        pile_total = pile_size = goes = 0
        last_player = -1
        turn = (dealer + 1) % n

    def close_pile(award_last: bool) -> None:
        nonlocal pile_total, pile_size, last_player, goes, turn
        last = last_player if last_player >= 0 else None
        origin = last if last is not None else turn
        starter = next_active(origin + 1) if after_last else next_active(origin)
        if award_last and last is not None:
            env = {"total": pile_total, "limit": limit, "pile_size": pile_size, "players": n,
                   "score": scores[last], "target": target}
            if pile_total == limit and not at_limit_now:
                env.update({"card.rank": 0, "card.value": 0, "hand_size": 0, "stock": len(stock)})
                points, reason = o.exact_limit_points(env), "exact limit"
            else:
                points, reason = o.last_points(env), "last"
            if points > 0:
                queue.appendleft([CLAIM, last, [last, points, reason, True]])
        pile_total = pile_size = goes = 0
        last_player = -1
        if starter is None:
            queue.append(ROUND_OVER)
        else:
            turn = starter

    def advance() -> None:
        nonlocal turn
        nxt = next_active(turn + 1)
        if nxt is None:
            round_over()
        else:
            turn = nxt

    def round_over() -> None:
        if pile_size:
            close_pile(o.last_on_round_end)
            return
        queue.append(END_ROUND)

    def end_round() -> None:
        nonlocal winner, termination, finished
        if unclaimed:
            queue.extend(close_window())
            queue.append(END_ROUND)
            return
        if not immediate:
            reached = [p for p in range(n) if scores[p] >= target]
            if reached:
                winner, termination, finished = max(reached, key=lambda p: scores[p]), "target", True
                return
        if round_number >= game.max_rounds:
            finished = True
            return
        deal((dealer + 1) % n)

    dealer = draw_lots("first dealer", range(n), cards, game.lottery_rank, rng).winner
    deal(dealer)
    while not finished:
        # -- automatic steps, until a decision is due (CardState._run)
        while queue and not finished and type(queue[0]) is int:
            step = queue.popleft()
            if step == AFTER_PLAY:
                if pile_total == limit and at_limit_now:
                    close_pile(False)
                else:
                    advance()
            elif step == AFTER_GO:
                if goes >= sum(1 for hand in hands if hand):
                    close_pile(True)
                else:
                    advance()
            elif step == ROUND_OVER:
                round_over()
            else:
                end_round()
        if finished:
            break
        moves += 1
        if queue:
            # -- a claim or a Muggins call (Bot.choose: forget and attention)
            kind, actor, pending = queue.popleft()
            if kind == CLAIM:
                if forget <= 0 or bot_random(actor) >= forget:
                    score(actor, pending[1], pending[2])
                else:
                    unclaimed.append(pending)
            elif attention >= 1 or bot_random(actor) < attention:
                for item in [item for item in queue if type(item) is list and item[2] is pending]:
                    queue.remove(item)
                steals += 1
                steal_points += pending[1]
                score(actor, pending[1], "muggins")
            elif not any(type(item) is list and item[2] is pending for item in queue):
                lost_points += pending[1]
            continue
        # -- the player to move: the playable cards in hand order, or go
        hand = hands[turn]
        room = limit - pile_total
        playable = [card for card in hand if value[card] <= room]
        if len(playable) > 1:
            if greedy[turn]:
                best = None
                for card in playable:
                    key = points_by_total[pile_total + value[card]] * 128 + value[card]
                    if best is None or key > best:
                        best, choice = key, card
            else:
                choice = playable[int(bot_random(turn) * len(playable))]
        elif playable:
            choice = playable[0]
        else:
            choice = -1
        turns += 1
        if choice >= 0:
            player = turn
            hand.remove(choice)
            pile_total += value[choice]
            pile_size += 1
            last_player = player
            goes = 0
            calls = close_window() if unclaimed else ()
            if refill and len(hand) < refill_to and stock:
                for _ in range(min(refill_to - len(hand), len(stock))):
                    hand.append(stock.pop())
            earned = awards[pile_total]  # the tabulated scores are all positive
            if earned and not calls and forget <= 0:
                # the claims are certain and nothing else is due: make them at once, in order
                for name, points in earned:
                    moves += 1
                    score(player, points, name)
                    if finished:
                        break
                if finished:
                    break
            else:
                for name, points in earned:
                    queue.append([CLAIM, player, [player, points, name, False]])
                if calls:
                    queue.extend(calls)
            if queue:
                queue.append(AFTER_PLAY)
            elif pile_total == limit and at_limit_now:  # AFTER_PLAY at once: nothing is due before it
                close_pile(False)
            else:
                nxt = player  # advance: the next player clockwise holding cards
                for _ in range(n):
                    nxt = nxt + 1 if nxt + 1 < n else 0
                    if hands[nxt]:
                        turn = nxt
                        break
                else:
                    round_over()
        else:
            calls = close_window() if unclaimed else ()
            if go_draw and stock:
                hand.append(stock.pop())
            goes += 1
            if calls:
                queue.extend(calls)
            if queue:
                queue.append(AFTER_GO)
            elif goes >= sum(1 for h in hands if h):
                close_pile(True)
            else:
                advance()
    return {"termination": termination, "winner": winner, "scores": scores, "rounds": round_number,
            "moves": moves, "turns": turns, "scoring_events": scoring_events, "scoring_points": scoring_points,
            "steals": steals, "steal_points": steal_points, "lost_points": lost_points}
