"""A fast path for simulating card games: the same rules as `cards.py`, without events.

Like `fastline`, this kernel plays a whole game on integers (cards coded with their values, the
tabulated scores of every running total) and asks the seeded bots the same questions in
the same order as the event engine, including every claim and every Muggins call, so it plays the
very game the engine plays from the same seed (checked game by game by the tests). Scoring rules
that read more than the running total are simulated by the event engine instead.

When no bot ever forgets a claim, every claim is made the moment it is earned and no Muggins call
can arise, so that game is played by a loop with no decision queue at all (`_play_certain`); the
queue that orders claims and calls like the engine's (`_play_with_claims`) is only paid for when
claims can be forgotten.
"""
from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass
from typing import Any

from ...bots import bot_generator
from ...dsl import fails_somewhere
from .game import CardGame
from ...engine.common import lottery_winner, shuffled

# queue items: decisions are lists [kind, actor, score]; steps are these codes
AFTER_PLAY, AFTER_GO, ROUND_OVER, END_ROUND = range(4)
CLAIM, CALL = "claim", "muggins"


def supports(game: Any, bots: list[str]) -> bool:
    """Whether this kernel can play `game` with these bots exactly as the event engine would."""
    return refusal(game, bots) is None


def refusal(game: Any, bots: list[str]) -> str | None:
    """The first rule this kernel does not implement, written as in a rule file (so it reads the
    same in every language), or None when it plays the game: an allow-list of what it implements,
    so a new option is never played wrongly here."""
    if not isinstance(game, CardGame):
        return "`pieces: tiles`"
    rules, o, m = game.rules, game.options, game.rules.muggins
    scored = [e for score in rules.scoring for e in (score.when, score.points)]
    if o.exact_limit_timing == "immediate":
        scored.append(o.exact_limit_points)
    read = sorted({name for e in scored for name in e.names} - {"total"})
    checks = [
        (not read, f"`scoring`: {', '.join(read)}"),
        (game.awards_by_total is None or not fails_somewhere(game.awards_by_total),
         "`scoring`: " + "; ".join(e.source for e in scored)),
        (rules.claims_required and all(score.claim for score in rules.scoring),
         "`claims.required: false`" if not rules.claims_required else "`scoring[].claim: false`"),
        (m.window == "next_action", f"`muggins.window: {m.window}`"),
        (m.order == "turn", f"`muggins.order: {m.order}`"),
        (m.false_call is None, "`muggins.false_call`"),
        (rules.simultaneous == "scorer", f"`win.simultaneous: {rules.simultaneous}`"),
        (rules.overshoot == "counts", f"`win.overshoot: {rules.overshoot}`"),
        (rules.immediate_win or rules.tie == "seat_order", f"`win.tie: {rules.tie}` at a round's end"),
        (rules.seating.direction == 1, "`seating.direction: counterclockwise`"),
        (not game.seats.partnered, f"`seating.sides: {rules.seating.sides.source}`"),
        (o.active == "holding_cards", f"`pile.active: {o.active}`"),
        (o.next_dealer == "next_seat", f"`dealer.next: {o.next_dealer}`"),
        (o.leader == "next_seat", f"`dealer.leader: {o.leader}`"),
        (all(kind in ("random", "greedy") for kind in bots), f"`--bots {','.join(bots)}`"),
    ]
    return next((reason for ok, reason in checks if not ok), None)


def play(game: CardGame, seed: str, bots: list[str], forget: float, attention: float) -> dict[str, Any]:
    """Play one game from `seed`; returns what the statistics need (see simulate.Tally)."""
    tables = _tables(game)
    if forget <= 0:
        return _play_certain(game, tables, seed, bots)
    return _play_with_claims(game, tables, seed, bots, forget, attention)


def entry_table(game: CardGame) -> list[tuple[tuple[str, int], ...]]:
    """What each index the kernel returns in `scored` stands for: the scoring entries reached at
    running total `i`, then, from `limit + 1 + i`, the points for playing last at total `i`."""
    tables = _tables(game)
    last = game.last_by_total
    return list(tables.awards) + [((last[i][1], last[i][0]),) if last is not None and tables.last is not None else ()
                                  for i in range(game.limit + 1)]


def _tables(game: CardGame) -> _Tables:
    tables = getattr(game, "_fast_tables", None)
    if tables is None:
        tables = _Tables.of(game)
        setattr(game, "_fast_tables", tables)  # the kernel's cache, read back above; not part of CardGame
    return tables


@dataclass(frozen=True)
class _Tables:
    """What the kernel reads instead of the rules, made once per game object.

    A card is coded as its value shifted above its index, `value << shift | index`: codes are
    distinct, so removing a code from a hand removes that very card, and codes order like values,
    so the cards that fit below the limit are the codes below one bound."""

    deck: list[int]                       # the codes, in the engine's card order
    shift: int
    awards: list[tuple[tuple[str, int], ...]]  # the scores earned by reaching each running total
    points: list[int]                     # their sum, by total: what a greedy bot maximises
    span: int                             # above every value: greedy keys are points * span + value
    last: list[int] | None                # the points for playing last, by closing total, when tabulated

    @classmethod
    def of(cls, game: CardGame) -> _Tables:
        assert game.awards_by_total is not None  # supports() admits only games with tabulated scores
        values = [game.value(card) for card in game.cards]
        shift = max(1, (len(values) - 1).bit_length())
        awards = [tuple(award[:2] for award in entry) for entry in game.awards_by_total]
        last = game.last_by_total
        if last is not None and fails_somewhere(last):
            last = None  # the game's own lookup raises the formula's error if a game reaches it
        return cls([value << shift | index for index, value in enumerate(values)], shift, awards,
                   [sum(p for _, p in entry) for entry in awards], max(values) + 1,
                   None if last is None else [points for points, _ in last])


def _deal(game: CardGame, tables: _Tables, rng: random.Random, dealer: int) -> tuple[list[list[int]], list[int]]:
    """The hands (card codes, in the engine's order) and the stock, drawn from its end."""
    n, deck = game.players, shuffled(tables.deck, rng)
    if game.options.cut and len(deck) > 1:
        cut_at = rng.randrange(1, len(deck))
        deck = deck[cut_at:] + deck[:cut_at]
    dealt = game.hand_size * n
    hands: list[list[int]] = [[] for _ in range(n)]
    for k in range(n):  # one card at a time from the dealer's left: seat k gets every n-th card
        hands[(dealer + 1 + k) % n] = deck[k:dealt:n]
    stock = deck[dealt:]
    stock.reverse()
    return hands, stock


def _counts(termination: str, winner: int | None, scores: list[int], rounds: int, turns: int, scoring_events: int,
            scoring_points: int, first: int, round_starts: list, scored: list[int], named: Any = (),
            moves: int | None = None, steals: int = 0, steal_points: int = 0, lost_points: int = 0) -> dict[str, Any]:
    """What a game counted; its moves are by default its turns and one claim per scoring event
    (when every claim is made). `first` is the first leader; `round_starts` each round's leader
    with the scores as it began; `scored` the indexes of `entry_table` scored, `named` the other
    scores as (name, points)."""
    return {"termination": termination, "winner": winner, "scores": scores, "rounds": rounds,
            "moves": turns + scoring_events if moves is None else moves, "turns": turns,
            "scoring_events": scoring_events, "scoring_points": scoring_points, "steals": steals,
            "steal_points": steal_points, "lost_points": lost_points, "first": first, "round_starts": round_starts,
            "scored": scored, "named": named}


def _play_certain(game: CardGame, tables: _Tables, seed: str, bots: list[str]) -> dict[str, Any]:
    """The game when every claim is made at once: one loop over turns, on local variables only."""
    o = game.options
    n, target, limit, max_rounds = game.players, game.target, game.limit, game.max_rounds
    shift, awards, points_by_total, span = tables.shift, tables.awards, tables.points, tables.span
    last_by_total = tables.last
    immediate = game.rules.immediate_win
    refill, refill_to, go_draw = o.refill, game.refill_to, o.go_draw
    close_at_limit = o.exact_limit_timing == "immediate"
    starter_offset = 1 if o.next_starter == "after_last_player" else 0
    last_on_round_end = o.last_on_round_end
    greedy = [kind == "greedy" for kind in bots]
    rng = random.Random(seed)
    draw = bot_generator(seed).random if not all(greedy) else None  # greedy bots never draw: no seeding
    scores = [0] * n
    turns = scoring_events = scoring_points = rounds = 0
    dealer = lottery_winner(range(n), game.lottery_ranks, rng)
    first = (dealer + 1) % n  # supports() admits only the leader on the dealer's left
    round_starts: list[tuple[int, tuple[int, ...]]] = []
    scored: list[int] = []
    named: list[tuple[str, int]] = []
    last_index = game.limit + 1
    while True:
        rounds += 1
        round_starts.append(((dealer + 1) % n, tuple(scores)))
        hands, stock = _deal(game, tables, rng, dealer)
        active = n - hands.count([])  # the players holding cards
        total = pile_size = goes = 0
        last = -1
        turn = (dealer + 1) % n
        while True:
            # -- the player to move: the playable cards in hand order, or go
            hand = hands[turn]
            bound = (limit - total + 1) << shift  # the cards that fit: the codes below it
            if greedy[turn]:
                best = choice = -1
                for card in hand:
                    if card < bound:
                        v = card >> shift
                        key = points_by_total[total + v] * span + v
                        if key > best:
                            best, choice = key, card
            else:
                playable = [card for card in hand if card < bound]
                if len(playable) > 1:
                    assert draw is not None  # a bot that is not greedy is why there is one
                    choice = playable[int(draw() * len(playable))]
                else:
                    choice = playable[0] if playable else -1
            turns += 1
            if choice >= 0:
                hand.remove(choice)
                total += choice >> shift
                pile_size += 1
                last = turn
                goes = 0
                if refill and stock:  # drawing back up to at least one card
                    while stock and len(hand) < refill_to:
                        hand.append(stock.pop())
                elif not hand:
                    active -= 1
                earned = awards[total]
                if earned:
                    score = scores[turn]
                    for k, (_, points) in enumerate(earned):  # each a claim, made at once (the tabulated scores are positive)
                        score += points
                        scoring_events += 1
                        scoring_points += points
                        if immediate and score >= target:
                            scores[turn] = score
                            return _counts("target", turn, scores, rounds, turns, scoring_events, scoring_points,
                                           first, round_starts, scored, named + list(earned[:k + 1]))
                    scores[turn] = score
                    scored.append(total)
                if total == limit and close_at_limit:
                    award_last = False
                elif active:
                    turn = turn + 1 if turn + 1 < n else 0
                    while not hands[turn]:  # the next player clockwise holding cards
                        turn = turn + 1 if turn + 1 < n else 0
                    continue
                else:
                    award_last = last_on_round_end
            else:
                if go_draw and stock:
                    hand.append(stock.pop())
                goes += 1
                if goes < active:
                    turn = turn + 1 if turn + 1 < n else 0
                    while not hands[turn]:
                        turn = turn + 1 if turn + 1 < n else 0
                    continue
                award_last = True
            # -- the pile closes: who starts the next one, and any points for playing last
            starter = (last if last >= 0 else turn) + starter_offset
            for i in range(n):
                if hands[(starter + i) % n]:
                    starter = (starter + i) % n
                    break
            else:
                starter = -1
            if award_last and last >= 0:
                if last_by_total is not None:
                    points = last_by_total[total]
                    name = None
                else:
                    points, name = game.last_points(total, pile_size, scores[last], len(stock))
                if points > 0:
                    scores[last] += points
                    scoring_events += 1
                    scoring_points += points
                    if name is None:
                        scored.append(last_index + total)
                    else:
                        named.append((name, points))
                    if immediate and scores[last] >= target:
                        return _counts("target", last, scores, rounds, turns, scoring_events, scoring_points,
                                       first, round_starts, scored, named)
            total = pile_size = goes = 0
            last = -1
            if starter < 0:
                break
            turn = starter
        # -- the round is over
        if not immediate:
            reached = [p for p in range(n) if scores[p] >= target]
            if reached:
                return _counts("target", max(reached, key=lambda p: scores[p]), scores, rounds, turns,
                               scoring_events, scoring_points, first, round_starts, scored, named)
        if rounds >= max_rounds:
            return _counts("unfinished", None, scores, rounds, turns, scoring_events, scoring_points, first,
                           round_starts, scored, named)
        dealer = (dealer + 1) % n


def _play_with_claims(game: CardGame, tables: _Tables, seed: str, bots: list[str], forget: float,
                      attention: float) -> dict[str, Any]:
    """The game when claims can be forgotten: decisions are queued and asked in the engine's order."""
    o = game.options
    n, target, limit = game.players, game.target, game.limit
    shift, awards, points_by_total, span = tables.shift, tables.awards, tables.points, tables.span
    immediate = game.rules.immediate_win
    muggins_on, last_muggins = game.rules.muggins.enabled, o.last_muggins
    refill, refill_to, go_draw = o.refill, game.refill_to, o.go_draw
    at_limit_now = o.exact_limit_timing == "immediate"
    after_last = o.next_starter == "after_last_player"
    rng = random.Random(seed)
    greedy = [kind == "greedy" for kind in bots]
    bot_random = bot_generator(seed).random

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

    named: list[tuple[str, int]] = []
    round_starts: list[tuple[int, tuple[int, ...]]] = []

    def score(player: int, points: int, reason: str) -> None:
        nonlocal winner, termination, finished, scoring_events, scoring_points
        scores[player] += points
        if points > 0 and reason != "muggins":
            scoring_events += 1
            scoring_points += points
            named.append((reason, points))
        if immediate and scores[player] >= target:
            winner, termination, finished = player, "target", True

    def close_window() -> list:
        nonlocal lost_points
        calls: list[list] = []
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
        nonlocal dealer, round_number, hands, stock, pile_total, pile_size, last_player, goes, turn
        round_number += 1
        dealer = new_dealer
        hands, stock = _deal(game, tables, rng, dealer)
        pile_total = pile_size = goes = 0
        last_player = -1
        turn = (dealer + 1) % n
        round_starts.append((turn, tuple(scores)))

    def close_pile(award_last: bool) -> None:
        nonlocal pile_total, pile_size, last_player, goes, turn
        last = last_player if last_player >= 0 else None
        origin = last if last is not None else turn
        starter = next_active(origin + 1) if after_last else next_active(origin)
        if award_last and last is not None:
            points, reason = game.last_points(pile_total, pile_size, scores[last], len(stock))
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

    deal(lottery_winner(range(n), game.lottery_ranks, rng))
    first = turn
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
                if bot_random() >= forget:
                    score(actor, pending[1], pending[2])
                else:
                    unclaimed.append(pending)
            elif attention >= 1 or bot_random() < attention:
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
        bound = (limit - pile_total + 1) << shift
        playable = [card for card in hand if card < bound]
        if len(playable) > 1:
            if greedy[turn]:
                best = -1
                for card in playable:
                    v = card >> shift
                    key = points_by_total[pile_total + v] * span + v
                    if key > best:
                        best, choice = key, card
            else:
                choice = playable[int(bot_random() * len(playable))]
        elif playable:
            choice = playable[0]
        else:
            choice = -1
        turns += 1
        calls = close_window() if unclaimed else ()
        if choice >= 0:
            player = turn
            hand.remove(choice)
            pile_total += choice >> shift
            pile_size += 1
            last_player = player
            goes = 0
            if refill:
                while stock and len(hand) < refill_to:
                    hand.append(stock.pop())
            for name, points in awards[pile_total]:  # the new scorer claims first, then the calls (C10)
                queue.append([CLAIM, player, [player, points, name, False]])
            queue.extend(calls)
            queue.append(AFTER_PLAY)
        else:
            if go_draw and stock:
                hand.append(stock.pop())
            goes += 1
            queue.extend(calls)
            queue.append(AFTER_GO)
    return _counts(termination, winner, scores, round_number, turns, scoring_events, scoring_points, first,
                   round_starts, [], named, moves, steals, steal_points, lost_points)
