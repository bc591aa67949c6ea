"""Card games on a pile with a running total, driven by compiled rules.

Every score is a claim: after a scoring card its player decides to claim or not; an unclaimed
score's window closes when the next player plays or says go (or the round ends), and then each
opponent in turn order from the scorer may call "Muggins!" and take it. The engine therefore
asks one player at a time (`actor`): the player whose turn it is, or the one whose claim or
Muggins call is due. Automatic steps (refills, closing a pile, the next deal) run between
decisions from a queue, so the order of events always follows the rules' order.
"""
from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass
from typing import Any, Callable, Union

from ..errors import IllegalMoveError
from ..messages import illegal
from ..pieces import Card, Deck
from ..dsl import lookup, tabulate
from ..rules import Rules
from .common import GameEnded, Outcome, Scored, draw_lots, shuffled
from .pile import Pile


@dataclass(frozen=True, slots=True)
class Play:
    card: Card
    kind = "play"


@dataclass(frozen=True, slots=True)
class Go:
    kind = "go"

    def __str__(self) -> str:
        return "go"


@dataclass(frozen=True, slots=True)
class Claim:
    kind = "claim"

    def __str__(self) -> str:
        return "claim"


@dataclass(frozen=True, slots=True)
class Muggins:
    kind = "muggins"

    def __str__(self) -> str:
        return "muggins"


@dataclass(frozen=True, slots=True)
class Decline:
    kind = "decline"

    def __str__(self) -> str:
        return "decline"


CardMove = Union[Play, Go, Claim, Muggins, Decline]
GO, CLAIM, MUGGINS, DECLINE = Go(), Claim(), Muggins(), Decline()
_WORDS = {"go": GO, "paso": GO, "pass": GO, "claim": CLAIM, "reclamo": CLAIM, "reclamar": CLAIM,
          "muggins": MUGGINS, "muggins!": MUGGINS, "¡muggins!": MUGGINS, "decline": DECLINE, "no": DECLINE}


@dataclass(frozen=True, slots=True)
class PendingScore:
    """Points a player has earned but not yet claimed."""

    player: int
    points: int
    reason: str
    last: bool


@dataclass(frozen=True, slots=True)
class Decision:
    """A claim (by the scorer) or a Muggins call (by an opponent) that is due now."""

    actor: int
    kind: str
    score: PendingScore


# -- events -------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Dealt:
    round: int
    dealer: int
    cut_by: int | None
    cut_at: int | None
    hands: tuple[tuple[Card, ...], ...]
    stock: int
    leader: int


@dataclass(frozen=True, slots=True)
class Played:
    player: int
    card: Card
    total: int


@dataclass(frozen=True, slots=True)
class SaidGo:
    player: int
    drew: Card | None


@dataclass(frozen=True, slots=True)
class Refilled:
    player: int
    cards: tuple[Card, ...]
    hand_size: int


@dataclass(frozen=True, slots=True)
class ScoreEarned:
    """A score arose and waits for its player's claim."""

    score: PendingScore


@dataclass(frozen=True, slots=True)
class Claimed:
    score: PendingScore


@dataclass(frozen=True, slots=True)
class NotClaimed:
    """The scorer let the moment pass (forgot)."""

    score: PendingScore


@dataclass(frozen=True, slots=True)
class Stolen:
    """An opponent called "Muggins!" and took an unclaimed score."""

    by: int
    score: PendingScore


@dataclass(frozen=True, slots=True)
class Forfeited:
    """An unclaimed score nobody took: it is lost."""

    score: PendingScore


@dataclass(frozen=True, slots=True)
class PileClosed:
    total: int
    last_player: int | None
    starter: int | None


@dataclass(frozen=True, slots=True)
class RoundEnded:
    round: int
    scores: tuple[int, ...]


@dataclass(frozen=True)
class CardView:
    """What one player at the table sees: own hand, the pile, scores, counts; no hidden card."""

    player: int
    hand: tuple[Card, ...]
    pile: tuple[Card, ...]
    total: int
    limit: int
    scores: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    stock: int
    dealer: int
    decision: str | None
    pending: PendingScore | None
    target: int
    game: CardGame

    def points_if(self, move: CardMove) -> int:
        """What playing a card would score now (claims and calls carry their pending points)."""
        if isinstance(move, Play):
            return self.game.play_points(move.card, self.total, len(self.pile) + 1, len(self.hand) - 1, self.stock,
                                         self.scores[self.player], len(self.scores))
        if isinstance(move, (Claim, Muggins)) and self.pending is not None:
            return self.pending.points
        return 0

    def tiebreak(self, move: CardMove) -> int:
        return self.game.values[move.card.rank - 1] if isinstance(move, Play) else -1


class CardGame:
    """A card game's fixed facts: compiled rules, player count, card values."""

    def __init__(self, rules: Rules, players: int, max_rounds: int = 1000):
        if rules.pile is None or not isinstance(rules.pieces, Deck):
            raise IllegalMoveError(f"{rules.name} is not a card game")
        if players not in rules.player_counts:
            allowed = ", ".join(map(str, rules.player_counts))
            raise IllegalMoveError(f"{rules.name} is played by {allowed} players, not {players}")
        self.rules = rules
        self.options = rules.pile
        self.deck: Deck = rules.pieces
        self.players = players
        self.max_rounds = max_rounds
        self.cards = self.deck.cards
        self.values = self.deck.values
        self.hand_size = rules.hand_size(players)
        self.target = rules.target_for(players)
        # Precomputed for the hot path: the scores of every running total, when the scoring
        # rules read nothing but the total.
        o = self.options
        expressions = [e for score in rules.scoring for e in (score.when, score.points)]
        if o.exact_limit_timing == "immediate":
            expressions.append(o.exact_limit_points)
        self.awards_by_total = tabulate(expressions, "total", range(o.limit + 1), self._awards)
        # and the points for playing last, by the total the pile closes at
        expressions = [o.last_points] + ([o.exact_limit_points] if o.exact_limit_timing != "immediate" else [])
        self.last_by_total = tabulate(expressions, "total", range(o.limit + 1), self._last)
        first = o.first_dealer
        self.lottery_ranks = None if first.method != "high_draw" else tuple(
            first.rank({"card.rank": c.rank, "card.value": self.value(c)}) for c in self.cards)

    def value(self, card: Card) -> int:
        return self.values[card.rank - 1]

    def play_points(self, card: Card, before: int, pile_size: int, hand_size: int, stock: int,
                    score: int, players: int) -> int:
        return sum(points for _, points in self.scores_for(card, before, pile_size, hand_size, stock, score, players))

    def scores_for(self, card: Card, before: int, pile_size: int, hand_size: int, stock: int,
                   score: int, players: int) -> list[tuple[str, int]]:
        """The scores a card earns when laid on a pile totalling `before`."""
        total = before + self.values[card.rank - 1]
        if self.awards_by_total is not None:
            return lookup(self.awards_by_total, total)
        return self._awards({"total": total, "limit": self.options.limit, "card.rank": card.rank,
                             "card.value": self.value(card), "pile_size": pile_size, "hand_size": hand_size,
                             "stock": stock, "players": players, "score": score, "target": self.target})

    def _awards(self, env: dict[str, Any]) -> list[tuple[str, int]]:
        found = [(s.name, s.points(env)) for s in self.rules.scoring if s.when(env)]
        if env["total"] == self.options.limit and self.options.exact_limit_timing == "immediate":
            found.append(("exact limit", self.options.exact_limit_points(env)))
        return [(name, points) for name, points in found if points > 0]

    def last_points(self, total: int, pile_size: int, score: int, stock: int) -> tuple[int, str]:
        """The points and reason for playing last on a pile that closes at `total` (an exact limit
        not scored at once is scored as last)."""
        if self.last_by_total is not None:
            return lookup(self.last_by_total, total)
        return self._last({"total": total, "limit": self.options.limit, "pile_size": pile_size,
                           "players": self.players, "score": score, "target": self.target, "stock": stock})

    def _last(self, env: dict[str, Any]) -> tuple[int, str]:
        o = self.options
        if env["total"] == o.limit and o.exact_limit_timing != "immediate":
            return o.exact_limit_points({**env, "card.rank": 0, "card.value": 0, "hand_size": 0}), "exact limit"
        return o.last_points(env), "last"

    def new_state(self, seed: int | str) -> CardState:
        """A game at its first decision: the first dealer drawn by high card, the first deal made."""
        return CardState(self, random.Random(seed))

    def notation(self, move: CardMove) -> str:
        """How a move is written in records and at the prompt: `10H`, `go`, `claim`..."""
        return self.deck.name(move.card) if isinstance(move, Play) else str(move)

    def parse_move(self, text: str) -> CardMove:
        """Read a move: a card (`10H`, `5h`), `go`, `claim`, `muggins` or `decline`."""
        word = text.strip().lower()
        if word in _WORDS:
            return _WORDS[word]
        return Play(self.deck.parse(text))

    def setup(self, hands: list[list[Card]], stock: list[Card] | None = None, pile: list[Card] | None = None,
              scores: list[int] | None = None, dealer: int = 0, turn: int | None = None, round: int = 1,
              last_player: int | None = None, seed: int | str = 0) -> CardState:
        """A state at a given position (for tests and scenarios); later chance comes from `seed`."""
        state = CardState.__new__(CardState)
        state._init_fields(self, random.Random(seed))
        state.hands = [list(h) for h in hands]
        state.stock = list(stock or [])
        for card in pile or []:
            state.pile.add(card, self.value(card), last_player if last_player is not None else dealer)
        state.pile.last_player = last_player if pile else None
        state.scores = list(scores) if scores is not None else [0] * self.players
        state.dealer = dealer
        state.round = round
        state.turn = (dealer + 1) % self.players if turn is None else turn
        seen = [c for h in state.hands for c in h] + state.stock + state.pile.cards
        if len(seen) != len(set(seen)):
            raise IllegalMoveError("a card appears twice in the position")
        if state.pile.total > self.options.limit:
            raise IllegalMoveError(f"the pile totals {state.pile.total}, over the limit {self.options.limit}")
        return state


class CardState:
    """A card game in progress. Mutable: `apply` changes it; `copy` gives an independent one."""

    def __init__(self, game: CardGame, rng: random.Random):
        self._init_fields(game, rng)
        lottery = draw_lots("first dealer", range(game.players), game.cards, game.lottery_ranks, rng)
        self.events.append(lottery)
        self._deal(lottery.winner)
        self._run()

    def _init_fields(self, game: CardGame, rng: random.Random) -> None:
        self.game = game
        self.rules = game.rules
        self.options = game.options
        self.rng = rng
        n = game.players
        self.scores = [0] * n
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.stock: list[Card] = []
        self.pile = Pile(game.options.limit)
        self.discards: list[Card] = []  # the cards of this round's closed piles
        self.dealer = 0
        self.turn = 0
        self.round = 0
        self.goes = 0
        self.queue: deque[Decision | Callable[[CardState], None]] = deque()
        self.unclaimed: list[PendingScore] = []
        self.outcome: Outcome | None = None
        self.events: list[Any] = []

    # -- queries -----------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def actor(self) -> int:
        """Who decides next: the one whose claim or call is due, else the player to move."""
        head = self.queue[0] if self.queue else None
        return head.actor if isinstance(head, Decision) else self.turn

    @property
    def decision(self) -> Decision | None:
        head = self.queue[0] if self.queue else None
        return head if isinstance(head, Decision) else None

    def is_terminal(self) -> bool:
        return self.outcome is not None

    def playable(self, player: int) -> list[Card]:
        fits, value = self.pile.fits, self.game.value
        return [card for card in self.hands[player] if fits(value(card))]

    def legal_moves(self) -> list[CardMove]:
        if self.outcome is not None:
            return []
        decision = self.decision
        if decision is not None:
            return [CLAIM if decision.kind == "claim" else MUGGINS, DECLINE]
        plays: list[CardMove] = [Play(card) for card in self.playable(self.turn)]
        return plays or [GO]

    def view(self, player: int) -> CardView:
        decision = self.decision
        mine = decision if decision is not None and decision.actor == player else None
        return CardView(
            player=player, hand=tuple(self.hands[player]), pile=tuple(self.pile.cards), total=self.pile.total,
            limit=self.pile.limit, scores=tuple(self.scores), hand_sizes=tuple(len(h) for h in self.hands),
            stock=len(self.stock), dealer=self.dealer, decision=mine.kind if mine else None,
            pending=mine.score if mine else None, target=self.game.target, game=self.game,
        )

    def copy(self) -> CardState:
        other = CardState.__new__(CardState)
        other.__dict__.update(self.__dict__)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.scores = list(self.scores)
        other.hands = [list(h) for h in self.hands]
        other.stock = list(self.stock)
        other.pile = self.pile.copy()
        other.discards = list(self.discards)
        other.queue = deque(self.queue)
        other.unclaimed = list(self.unclaimed)
        other.events = list(self.events)
        return other

    # -- moves -------------------------------------------------------------------------------

    def play(self, move: CardMove) -> list[Any]:
        """Apply `move` after checking it; an illegal move raises and changes nothing."""
        if self.outcome is not None:
            raise illegal("game_over")
        if move not in self.legal_moves():
            raise self._why_illegal(move)
        return self.apply(move)

    def apply(self, move: CardMove) -> list[Any]:
        """Apply a legal move (unchecked) and every automatic step after it; returns new events."""
        start = len(self.events)
        decision = self.decision
        if decision is not None:
            self.queue.popleft()
            self._decide(decision, move.kind != "decline")
        elif isinstance(move, Play):
            self._play(move.card)
        else:
            self._go()
        self._run()
        return self.events[start:]

    def _run(self) -> None:
        """Run automatic steps until a decision is due or the game is over."""
        while self.queue and self.outcome is None and not isinstance(self.queue[0], Decision):
            self.queue.popleft()(self)
        if self.outcome is not None:
            self.queue.clear()

    def end_round(self) -> list[Any]:
        """End the round here: the open pile closes (scoring "last" if the rules say so) and the
        round is over, as when every hand is empty: for scenarios that state a round's end."""
        if self.outcome is not None:
            raise illegal("game_over")
        start = len(self.events)
        self.queue.clear()
        for hand in self.hands:
            self.discards.extend(hand)
            hand.clear()
        self.queue.append(CardState._round_over)
        self._run()
        return self.events[start:]

    def _play(self, card: Card) -> None:
        player = self.turn
        hand = self.hands[player]
        hand.remove(card)
        before = self.pile.total
        scores = self.game.scores_for(card, before, len(self.pile.cards) + 1, len(hand), len(self.stock),
                                      self.scores[player], self.players)
        self.pile.add(card, self.game.value(card), player)
        self.goes = 0
        self.events.append(Played(player, card, self.pile.total))
        calls = self._close_window()
        if self.options.refill:
            need = min(self.options.refill_to - len(hand), len(self.stock))
            drawn = [self.stock.pop() for _ in range(need)]
            if drawn:
                hand.extend(drawn)
                self.events.append(Refilled(player, tuple(drawn), len(hand)))
        # The player claims at once (C10: the player of the scoring card wins a tie on the target);
        # then the previous scorer's window, closed by this play, opens to Muggins calls (C7).
        for name, points in scores:
            self._offer(PendingScore(player, points, name, last=False))
        self.queue.extend(calls)
        self.queue.append(CardState._after_play)

    def _go(self) -> None:
        player = self.turn
        calls = self._close_window()
        drew = None
        if self.options.go_draw and self.stock:
            drew = self.stock.pop()
            self.hands[player].append(drew)
        self.events.append(SaidGo(player, drew))
        self.goes += 1
        self.queue.extend(calls)
        self.queue.append(CardState._after_go)

    def _decide(self, decision: Decision, yes: bool) -> None:
        score = decision.score
        if decision.kind == "claim":
            if yes:
                self.events.append(Claimed(score))
                self._score(score.player, score.points, score.reason)
            else:
                self.events.append(NotClaimed(score))
                self.unclaimed.append(score)
            return
        if yes:
            # the first caller takes it: nobody else is asked about this score
            self.queue = deque(item for item in self.queue if not (isinstance(item, Decision) and item.score is score))
            self.events.append(Stolen(decision.actor, score))
            self._score(decision.actor, score.points, "muggins")
        elif not any(isinstance(item, Decision) and item.score is score for item in self.queue):
            self.events.append(Forfeited(score))

    def _offer(self, score: PendingScore) -> None:
        self.events.append(ScoreEarned(score))
        self.queue.append(Decision(score.player, "claim", score))

    def _close_window(self) -> list[Decision]:
        """The next action closes the claim window: opponents may now call Muggins, in turn order
        from the scorer, on what was not claimed; without Muggins it is simply lost."""
        calls: list[Decision] = []
        if not self.unclaimed:
            return calls
        n = self.players
        for score in self.unclaimed:
            if self.options.muggins and (not score.last or self.options.last_muggins):
                calls.extend(Decision((score.player + i) % n, "muggins", score) for i in range(1, n))
            else:
                self.events.append(Forfeited(score))
        self.unclaimed = []
        return calls

    def _score(self, player: int, points: int, reason: str) -> None:
        self.scores[player] += points
        self.events.append(Scored(player, points, reason, self.scores[player]))
        if self.rules.immediate_win and self.scores[player] >= self.game.target:
            self._finish("target", player)

    # -- automatic steps ---------------------------------------------------------------------

    def _after_play(self) -> None:
        if self.pile.at_limit and self.options.exact_limit_timing == "immediate":
            self._close_pile(award_last=False)
        else:
            self._advance()

    def _after_go(self) -> None:
        active = sum(1 for hand in self.hands if hand)
        if self.goes >= active:
            self._close_pile(award_last=True)
        else:
            self._advance()

    def _advance(self) -> None:
        """The turn passes clockwise to the next player holding cards; no one holds any: round over."""
        nxt = self._next_active(self.turn + 1)
        if nxt is None:
            self._round_over()
        else:
            self.turn = nxt

    def _next_active(self, start: int) -> int | None:
        n = self.players
        for i in range(n):
            player = (start + i) % n
            if self.hands[player]:
                return player
        return None

    def _close_pile(self, award_last: bool) -> None:
        o = self.options
        last = self.pile.last_player
        total = self.pile.total
        if o.next_starter == "after_last_player":
            starter = self._next_active((last if last is not None else self.turn) + 1)
        else:
            starter = self._next_active(last if last is not None else self.turn)
        self.events.append(PileClosed(total, last, starter))
        if award_last and last is not None:
            points, reason = self.game.last_points(total, len(self.pile.cards), self.scores[last], len(self.stock))
            if points > 0:
                score = PendingScore(last, points, reason, last=True)
                self.events.append(ScoreEarned(score))
                self.queue.appendleft(Decision(last, "claim", score))
        self.discards.extend(self.pile.cards)
        self.pile.clear()
        self.goes = 0
        if starter is None:
            self.queue.append(CardState._round_over)
        else:
            self.turn = starter

    def _round_over(self) -> None:
        if self.pile.cards:
            self._close_pile(award_last=self.options.last_on_round_end)
            return  # _close_pile queued _round_over again, after any claim of "last"
        self.queue.append(CardState._end_round)

    def _end_round(self) -> None:
        if self.unclaimed:
            self.queue.extend(self._close_window())
            self.queue.append(CardState._end_round)
            return
        self.events.append(RoundEnded(self.round, tuple(self.scores)))
        if not self.rules.immediate_win:
            reached = [p for p in range(self.players) if self.scores[p] >= self.game.target]
            if reached:
                self._finish("target", max(reached, key=lambda p: self.scores[p]))
                return
        if self.round >= self.game.max_rounds:
            self._finish("unfinished", None)
            return
        self._deal((self.dealer + 1) % self.players)

    def _deal(self, dealer: int) -> None:
        n = self.players
        self.round += 1
        self.dealer = dealer
        deck = shuffled(self.game.cards, self.rng)
        cut_by = cut_at = None
        if self.options.cut and len(deck) > 1:
            cut_by = (dealer - 1) % n
            cut_at = self.rng.randrange(1, len(deck))
            deck = deck[cut_at:] + deck[:cut_at]
        size = self.game.hand_size
        self.hands = [[] for _ in range(n)]
        for i in range(size * n):
            self.hands[(dealer + 1 + i) % n].append(deck[i])
        self.stock = deck[size * n:]
        self.stock.reverse()  # the stock is drawn from its end: keep the deck's order for the draws
        self.pile.clear()
        self.discards = []
        self.goes = 0
        self.turn = (dealer + 1) % n
        self.events.append(Dealt(self.round, dealer, cut_by, cut_at, tuple(tuple(h) for h in self.hands),
                                 len(self.stock), self.turn))

    def _finish(self, termination: str, winner: int | None) -> None:
        self.outcome = Outcome(termination, winner, tuple(self.scores), self.round)
        self.events.append(GameEnded(self.outcome))

    # -- errors ------------------------------------------------------------------------------

    def _why_illegal(self, move: CardMove) -> IllegalMoveError:
        game = self.game
        decision = self.decision
        if isinstance(move, Claim):
            return illegal("claim_others" if decision is not None and decision.kind == "muggins" else "nothing_to_claim")
        if isinstance(move, Muggins):
            return illegal("own_points" if decision is not None and decision.kind == "claim" else "nothing_to_take")
        if isinstance(move, Decline):
            return illegal("nothing_to_decline")
        if decision is not None:
            return illegal("first_claim" if decision.kind == "claim" else "first_call", player=decision.actor + 1)
        player = self.turn
        if isinstance(move, Go):
            card = self.playable(player)[0]
            return illegal("go_playable", card=game.deck.name(card), card_words=game.deck.long_name(card))
        if move.card not in self.hands[player]:
            return illegal("not_in_hand", piece=game.deck.name(move.card), player=player + 1)
        return illegal("exceeded", limit=self.pile.limit, total=self.pile.total, value=game.value(move.card))
