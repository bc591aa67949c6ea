"""The course of a card game, written once: deals, turns, piles and rounds.

Every card game runs it, whoever plays: a person at the terminal, a replayed record, a scenario,
and every simulation. It plays on card codes (`CardGame.codes`: a card's value shifted above its
index in the deck), so that the cards that fit on the pile are the codes below one bound and a
hand is a short list of integers; the state turns codes back into cards for whoever reads it
(views, events, records). `run` is the course itself, a generator that yields whenever someone
at the table must decide (the player to move, or the player whose claim or "Muggins!" call heads
the table's queue) and is sent the move made; in a simulation (`state.policies`) it asks the
bots' policies instead and never yields, and builds only the events statistics read. Claims,
"Muggins!", sides and the target are the table's (`engine/table.py`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...bots import UNPLAYABLE, Policies, comparable
from ...dsl import lookup
from ...engine.common import between, shuffled
from ...engine.table import MUGGINS, TURN, Course, must_claim
from .events import Dealt, PileClosed, Played, Refilled, RoundEnded, SaidGo

if TYPE_CHECKING:
    from .game import CardState

AFTER_PLAY, AFTER_GO, ROUND_OVER, END_ROUND, FIRST_DEAL = range(1, 6)  # after TURN, the table's step 0
GO, CALL = -1, -2  # the turn's moves other than a card's code: go, and a Muggins call on one's turn


def run(state: CardState) -> Course:
    """The game from the position on `state`: the decisions due, then the step it is at."""
    policies = state.policies
    while True:
        if state.rules.has_claims and state.queue:  # the fact first: without claims nothing waits, and it folds
            yield from state.decisions()
        if state.outcome is not None:
            return
        step = state.step
        if step == TURN:
            if policies is None:
                move = yield
                code = CALL if move is MUGGINS else state.game.code_of[move.card] if move.kind == "play" else GO
            else:
                code = choose(state, policies)
            state.moves += 1
            if code == CALL:
                state.call_on_turn()
                continue
            state.turns += 1
            if code < 0:
                go(state)
            elif play(state, code):
                if not (state.rules.has_claims and state.queue):  # nothing to decide first: the next step at once
                    after_play(state)
        elif step == AFTER_PLAY:
            after_play(state)
        elif step == AFTER_GO:
            after_go(state)
        elif step == ROUND_OVER:
            round_over(state)
        elif step == END_ROUND:
            end_round(state)
        else:
            first_deal(state)


def choose(state: CardState, policies: Policies) -> int:
    """The simulated bot's move, picked as `Bot.choose` picks among the legal moves: the playable
    cards in hand order (else go), then a Muggins call where one may be made on any turn. A
    greedy bot keys every card in hand, a card that does not fit as no move: the best is the first
    of the highest, as among the legal moves (go is legal only when no card fits, a call on its
    own turn is never a greedy bot's choice); none fits: go."""
    game, turn = state.game, state.turn
    hand = state.hand_codes[turn]
    if policies.greedy[turn]:
        keys = game.keys_at(state.total) if game.points_by_total is not None else hand_keys(state, hand)
        code = policies.best(hand, keys)
        return GO if code is None else code
    bound = (game.limit - state.total + 1) << game.shift
    options = []
    for code in hand:  # a loop, not a list comprehension: cheaper for a hand of a few cards
        if code < bound:
            options.append(code)
    if not options:
        options.append(GO)
    if game.calls_on_turn:
        options.append(CALL)
    chosen = policies.pick(turn, options)  # a statement of its own: inlined in a simulation
    return options[chosen]


def hand_keys(state: CardState, hand: list[int]) -> dict[int, float]:
    """A greedy bot's key of each card in hand when the scores are not tabulated by the total,
    as `CardGame.keys_at` keys them: from the keys of the cards met on this pile at this total
    this turn (`CardGame.turn_keys`), each card's computed once (`points_on`)."""
    game, total, pile = state.game, state.total, state.pile_read
    shift, span, size = game.shift, game.span, len(state.pile_codes)
    hand_size, stock, score = len(hand) - 1, len(state.stock_codes), state.scores[state.turn]
    keys = game.turn_keys(total, size, pile, hand_size, stock, score)
    bound = (game.limit - total + 1) << shift
    for code in hand:  # a loop, not a comprehension: the call below is inlined in a simulation
        if code not in keys:
            if code < bound:
                points = game.points_on(code, total, size, pile, hand_size, stock, score)
                keys[code] = comparable(points * span + (code >> shift))
            else:
                keys[code] = UNPLAYABLE
    return keys


def first_deal(state: CardState) -> None:
    dealer = state.lottery("first dealer", state.game.cards)  # a statement of its own: inlined in a simulation
    deal(state, dealer)


def play(state: CardState, code: int) -> bool:
    """A card laid on the pile: its scores (computed on the pile as it was), the previous
    scorer's window closed, the hand refilled, then the claims (C10: the player of the scoring card
    first) and the Muggins calls the play opened. False when a score ended the game."""
    game = state.game
    player = state.turn
    hand = state.hand_codes[player]
    hand.remove(code)
    before = state.total
    total = before + (code >> game.shift)
    table = game.awards_by_total
    if table is not None:
        awards = lookup(table, total)
    else:
        pile = state.pile_read
        scored = game.scored_on(code, before, len(state.pile_codes), pile, len(hand), len(state.stock_codes),
                                state.scores[player])
        awards = scored[0]
        state.pile_read = game.laid(pile, code)
    state.pile_codes.append(code)
    state.total = total
    state.last = player
    state.goes = 0
    if state.listening:
        state.events.append(Played(player, game.card_of[code], total))
    calls = state.close_window() if state.rules.has_claims and state.unclaimed else ()
    if game.refill and len(hand) < game.refill_to and state.stock_codes:
        refill(state, hand)
    state.step = AFTER_PLAY
    if awards or calls:
        if state.earn(awards, player, calls):
            return False
    return True


def refill(state: CardState, hand: list[int]) -> None:
    """C3: the player who played draws back up to the refill size while the stock lasts."""
    stock, size = state.stock_codes, state.game.refill_to
    held = len(hand)
    while len(hand) < size and stock:  # one at a time from the stock's end (at least one: the course checked)
        hand.append(stock.pop())
    if state.listening:
        card_of = state.game.card_of
        state.events.append(Refilled(state.turn, tuple(card_of[code] for code in hand[held:]), len(hand)))


def go(state: CardState) -> None:
    player = state.turn
    calls = state.close_window() if state.rules.has_claims and state.unclaimed else ()
    drew = None
    if state.game.options.go_draw and state.stock_codes:
        drew = state.stock_codes.pop()
        state.hand_codes[player].append(drew)
    if state.listening:
        state.events.append(SaidGo(player, None if drew is None else state.game.card_of[drew]))
    state.goes += 1
    state.queue.extend(calls)
    state.step = AFTER_GO


def after_play(state: CardState) -> None:
    if state.total == state.game.limit and state.game.closes_at_limit:
        close_pile(state, award_last=False)
    else:
        advance(state)


def after_go(state: CardState) -> None:
    hands = state.hand_codes
    if state.game.all_active and any(hands):
        active = state.game.players
    else:
        active = len(hands) - hands.count([])
    if state.goes >= active:
        close_pile(state, award_last=True)
    else:
        advance(state)


def advance(state: CardState) -> None:
    """The turn passes to the next active player; when no one holds a card, the round is over."""
    nxt = next_active(state, state.seats.after[state.turn])
    if nxt is None:
        state.step = ROUND_OVER
    else:
        state.turn = nxt
        state.step = TURN


def next_active(state: CardState, start: int) -> int | None:
    """The first player from `start` on who takes a turn (C4); None when no one holds a card."""
    hands = state.hand_codes
    if state.game.all_active:
        return start if any(hands) else None
    if hands[start]:
        return start  # the common case, kept short: a simulation asks after every card
    for player in state.seats.orders[start]:
        if hands[player]:
            return player
    return None


def close_pile(state: CardState, award_last: bool) -> None:
    """The pile closes: who starts the next one, and the points for playing last (a claim the
    last player makes first, when claims are required)."""
    game = state.game
    last, total = state.last, state.total
    base = last if last is not None else state.turn
    starter = next_active(state, state.seats.next(base) if game.options.next_starter == "after_last_player" else base)
    if state.listening:
        state.events.append(PileClosed(total, last, starter))
    if award_last and last is not None:
        points, reason = game.last_points(total, len(state.pile_codes), state.scores[last], len(state.stock_codes))
        if points:
            if must_claim(state.rules.claims_required, points):
                state.offer(last, points, reason, last=True, first=True)
            elif state.score(last, points, reason):
                return
    state.discard_codes.extend(state.pile_codes)
    state.clear_pile()
    state.goes = 0
    if starter is None:
        state.step = ROUND_OVER
    else:
        state.turn = starter
        state.step = TURN


def round_over(state: CardState) -> None:
    if state.pile_codes:
        close_pile(state, award_last=state.game.options.last_on_round_end)  # then the round is over again
    else:
        state.step = END_ROUND


def end_round(state: CardState) -> None:
    """The round ends once every unclaimed score's window has closed: a winner at the round's end,
    the round cap, or the next deal."""
    if state.rules.has_claims and state.unclaimed:
        calls = state.close_window()
        state.queue.extend(calls)
        return
    game = state.game
    if state.listening:
        state.events.append(RoundEnded(state.round, tuple(state.scores)))
    if state.round_ended():
        return
    rule = game.options.next_dealer
    if rule == "next_seat":
        dealer = state.seats.next(state.dealer)
    elif rule == "same":
        dealer = state.dealer
    else:
        dealer = state.lottery("next dealer", state.game.cards)
    deal(state, dealer)


def deal(state: CardState, dealer: int) -> None:
    """Shuffle, cut (by the dealer's right) and deal one card at a time from the dealer's left."""
    game, seats = state.game, state.seats
    n = game.players
    state.round += 1
    state.dealer = dealer
    deck = shuffled(game.codes, state.rng)
    cut_by = cut_at = None
    if game.options.cut and len(deck) > 1:
        cut_by = seats.previous(dealer)
        cut_at = between(state.rng, 1, len(deck))
        deck = deck[cut_at:] + deck[:cut_at]
    dealt = game.hand_size * n
    order = seats.order_from(seats.next(dealer))
    hands: list[list[int]] = [[]] * n  # each seat's hand is set below
    for k, player in enumerate(order):
        hands[player] = deck[k:dealt:n]  # one card at a time: every n-th card of the deal
    state.hand_codes = hands
    stock = deck[dealt:]
    stock.reverse()  # the stock is drawn from its end: keep the deck's order for the draws
    state.stock_codes = stock
    state.clear_pile()
    state.discard_codes = []
    state.goes = 0
    state.turn = state.opener = dealer if game.options.leader == "dealer" else seats.next(dealer)
    state.step = TURN
    state.begin_round(state.turn)
    if state.listening:
        card_of = game.card_of
        state.events.append(Dealt(state.round, dealer, cut_by, cut_at,
                                  tuple(tuple(card_of[code] for code in hand) for hand in hands), len(stock),
                                  state.turn))
