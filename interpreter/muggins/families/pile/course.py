"""The course of a card game, written once: deals, turns, piles and rounds.

Every card game the engine plays runs it: a person at the terminal, a replayed record, a
scenario, a simulation of rules the fast kernel (`kernel.py`) does not cover. The table runs the
course (`TableState.run_course`, a generator that yields whenever someone must decide: the player
to move, or the player whose claim or "Muggins!" call heads the queue); this module holds what is
the family's own: the turn (`act`: play a card or say go) and the automatic steps (`STEPS`: after
a play or a go, closing the round, ending it, the first deal), each keeping the position on the
state (`CardState`), so that it can be read, copied and resumed at any decision.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.common import draw_lots, shuffled
from ...engine.table import TURN, PendingScore
from .events import Dealt, PileClosed, Played, Refilled, RoundEnded, SaidGo

if TYPE_CHECKING:
    from .game import CardState

AFTER_PLAY, AFTER_GO, ROUND_OVER, END_ROUND, FIRST_DEAL = range(1, 6)  # after TURN, the table's step 0


def act(state: CardState, move: Any) -> None:
    """The player to move plays a card or says go."""
    state.turns += 1
    if move.kind == "play":
        play(state, move.card)
    else:
        go(state)


def first_deal(state: CardState) -> None:
    game = state.game
    lottery = draw_lots("first dealer", range(game.players), game.cards, game.lottery_ranks, state.rng)
    if state.listening:
        state.events.append(lottery)
    deal(state, lottery.winner)


def play(state: CardState, card: Any) -> None:
    """A card laid on the pile: its scores (computed on the pile as it was), the previous
    scorer's window closed, the hand refilled, then the claims (C10: the player of the scoring card
    first) and the Muggins calls the play opened."""
    game, pile = state.game, state.pile
    player = state.turn
    hand = state.hands[player]
    hand.remove(card)
    awards = game.scores_for(card, pile.total, pile.cards, len(hand), len(state.stock), state.scores[player])
    pile.add(card, game.values[card.rank - 1], player)
    state.goes = 0
    if state.listening:
        state.events.append(Played(player, card, pile.total))
    calls = state.close_window() if state.unclaimed else []
    if game.options.refill:
        stock = state.stock
        need = min(game.refill_to - len(hand), len(stock))
        if need > 0:
            drawn = [stock.pop() for _ in range(need)]
            hand.extend(drawn)
            if state.listening:
                state.events.append(Refilled(player, tuple(drawn), len(hand)))
    state.step = AFTER_PLAY
    if awards or calls:
        state.earn(awards, player, calls)


def go(state: CardState) -> None:
    player = state.turn
    calls = state.close_window() if state.unclaimed else []
    drew = None
    if state.game.options.go_draw and state.stock:
        drew = state.stock.pop()
        state.hands[player].append(drew)
    if state.listening:
        state.events.append(SaidGo(player, drew))
    state.goes += 1
    state.queue.extend(calls)
    state.step = AFTER_GO


def after_play(state: CardState) -> None:
    pile = state.pile
    if pile.at_limit and state.game.options.exact_limit_timing == "immediate":
        close_pile(state, award_last=False)
    else:
        advance(state)


def after_go(state: CardState) -> None:
    hands = state.hands
    if state.game.options.active == "all" and any(hands):
        active = state.game.players
    else:
        active = len(hands) - hands.count([])
    if state.goes >= active:
        close_pile(state, award_last=True)
    else:
        advance(state)


def advance(state: CardState) -> None:
    """The turn passes to the next active player; when no one holds a card, the round is over."""
    nxt = next_active(state, state.seats.next(state.turn))
    if nxt is None:
        state.step = ROUND_OVER
    else:
        state.turn = nxt
        state.step = TURN


def next_active(state: CardState, start: int) -> int | None:
    """The first player from `start` on who takes a turn (C4); None when no one holds a card."""
    hands = state.hands
    if not any(hands):
        return None
    if state.game.options.active == "all":
        return start
    for player in state.seats.order_from(start):
        if hands[player]:
            return player
    return None


def close_pile(state: CardState, award_last: bool) -> None:
    """The pile closes: who starts the next one, and the points for playing last (a claim the
    last player makes first, when claims are required)."""
    game, pile = state.game, state.pile
    last, total = pile.last_player, pile.total
    base = last if last is not None else state.turn
    starter = next_active(state, state.seats.next(base) if game.options.next_starter == "after_last_player" else base)
    if state.listening:
        state.events.append(PileClosed(total, last, starter))
    if award_last and last is not None:
        points, reason = game.last_points(total, len(pile.cards), state.scores[last], len(state.stock))
        if points > 0:
            if state.rules.claims_required:
                state.offer(PendingScore(last, points, reason, last=True), first=True)
            elif state.score(last, points, reason):
                return
    state.discards.extend(pile.cards)
    pile.clear()
    state.goes = 0
    if starter is None:
        state.step = ROUND_OVER
    else:
        state.turn = starter
        state.step = TURN


def round_over(state: CardState) -> None:
    if state.pile.cards:
        close_pile(state, award_last=state.game.options.last_on_round_end)  # then the round is over again
    else:
        state.step = END_ROUND


def end_round(state: CardState) -> None:
    """The round ends once every unclaimed score's window has closed: a winner at the round's end,
    the round cap, or the next deal."""
    if state.unclaimed:
        state.queue.extend(state.close_window())
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
        lottery = draw_lots("next dealer", range(game.players), game.cards, game.lottery_ranks, state.rng)
        if state.listening:
            state.events.append(lottery)
        dealer = lottery.winner
    deal(state, dealer)


def deal(state: CardState, dealer: int) -> None:
    """Shuffle, cut (by the dealer's right) and deal one card at a time from the dealer's left."""
    game, seats = state.game, state.seats
    n = game.players
    state.round += 1
    state.dealer = dealer
    deck = shuffled(game.cards, state.rng)
    cut_by = cut_at = None
    if game.options.cut and len(deck) > 1:
        cut_by = seats.previous(dealer)
        cut_at = state.rng.randrange(1, len(deck))
        deck = deck[cut_at:] + deck[:cut_at]
    size = game.hand_size
    hands: list[list[Any]] = [[] for _ in range(n)]
    order = seats.order_from(seats.next(dealer))
    for i in range(size * n):
        hands[order[i % n]].append(deck[i])
    state.hands = hands
    stock = deck[size * n:]
    stock.reverse()  # the stock is drawn from its end: keep the deck's order for the draws
    state.stock = stock
    state.pile.clear()
    state.discards = []
    state.goes = 0
    state.turn = state.opener = dealer if game.options.leader == "dealer" else seats.next(dealer)
    state.step = TURN
    state.begin_round(state.turn)
    if state.listening:
        state.events.append(Dealt(state.round, dealer, cut_by, cut_at, tuple(tuple(h) for h in hands), len(stock),
                                  state.turn))



STEPS = {AFTER_PLAY: after_play, AFTER_GO: after_go, ROUND_OVER: round_over, END_ROUND: end_round,
         FIRST_DEAL: first_deal}
