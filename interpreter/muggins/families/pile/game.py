"""Card games on a pile with a running total, driven by compiled rules: state -> legal moves ->
apply -> events.

The game's course (deals, turns, piles, rounds) is `course.py`, run by every game whoever plays
it; claims, "Muggins!", sides and the target are the table's (`table.py`), shared with every
family. A score that must be claimed waits for its player's decision; its window closes when
the next player plays or says go (or the round ends), and then opponents may call "Muggins!".
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from operator import itemgetter
from typing import Any, Callable, Union

from ...bots import UNPLAYABLE, Policies, comparable
from ...messages import Said, illegal
from ...pieces import Card, Deck
from ...dsl import fails_somewhere, lookup, tabulate
from ...rules import Rules
from . import course
from .course import FIRST_DEAL, ROUND_OVER
from .events import Dealt, PileClosed, Played, Refilled, RoundEnded, SaidGo
from .options import PileRules
from .physics import Pile
from ...engine.common import seeded
from ...engine.table import (CLAIM, DECISION_WORDS, DECLINE, MUGGINS, TURN, Award, Claim, Claimed, Decline, FalseCall,
                             Forfeited, Muggins, NotClaimed, Overshot, PendingScore, ScoreEarned, Stolen, TableGame,
                             TableState, check_assigned, check_hands, check_pieces, check_policies, check_position,
                             check_seat, check_seed, checked_text, must_claim, a_piece)

__all__ = ["Claim", "Claimed", "Decline", "FalseCall", "Forfeited", "Muggins", "NotClaimed", "Overshot",
           "PendingScore", "ScoreEarned", "Stolen", "CLAIM", "DECLINE", "MUGGINS", "Dealt", "PileClosed", "Played",
           "Refilled", "RoundEnded", "SaidGo"]


def _nothing_read(inputs: tuple[int, ...]) -> tuple[()]:
    return ()


@dataclass(frozen=True, slots=True)
class Play:
    card: Card
    kind = "play"


@dataclass(frozen=True, slots=True)
class Go:
    kind = "go"

    def __str__(self) -> str:
        return "go"


class PileRead:
    """An open pile as the scoring reads it (`CardGame.read_lists`: its ranks, values or suits, in
    the order laid), interned: laying a card moves a state to this pile's child for what the
    scoring reads of that card (`CardGame.laid`), and each pile keeps what was computed on it (a
    greedy bot's keys, the scores of a card laid on it) under small keys. A simulation meets the
    same few piles again and again; hashing their lists at every turn cost more than scoring."""

    __slots__ = ("reads", "children", "keys", "known")

    def __init__(self, reads: tuple[tuple[Any, ...], ...]):
        self.reads = reads  # each list the scoring reads, as the pile shows it
        self.children: dict[tuple[Any, ...], PileRead] = {}  # by what the scoring reads of the card laid
        self.keys: dict[Any, dict[int, float]] = {}  # a greedy bot's, by the total (and the turn, if read)
        self.known: dict[tuple[Any, ...], tuple[list[Award], int]] = {}  # a card's scores, by its inputs


CardMove = Union[Play, Go, Claim, Muggins, Decline]
GO = Go()
# the reasons the pile scores for besides the scoring entries: the last card of a pile, an exact limit
LAST_REASON = "last"
EXACT_LIMIT_REASON = "exact limit"
KNOWN_SCORES = 1 << 16  # the piles and scores remembered for formulas that read more than the total
INPUTS = ("total", "card.rank", "card.value", "card.suit", "pile_size", "hand_size", "stock", "score")  # of a play
TURN_INPUTS = ("pile_size", "hand_size", "stock", "score")  # what a turn fixes besides the total and the pile
_WORDS = {"go": GO, "paso": GO, "pass": GO, "pasar": GO, **DECISION_WORDS}
# the moves' words as shown in each language (records always write the English ones)
MOVE_WORDS = {"en": {"go": "go", "claim": "claim", "muggins": "muggins", "decline": "decline"},
              "es": {"go": "paso", "claim": "reclamar", "muggins": "muggins", "decline": "declinar"}}


@dataclass(frozen=True)
class CardView:
    """What one player at the table sees: own hand, the pile, scores, counts; no hidden card."""

    player: int
    hand: tuple[Card, ...]
    pile: tuple[Card, ...]
    played: tuple[Card, ...]  # the cards of this round's closed piles: laid face up, seen by all
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
            return self.game.play_points(move.card, self.total, self.pile, len(self.hand) - 1, self.stock,
                                         self.scores[self.player])
        if isinstance(move, (Claim, Muggins)) and self.pending is not None:
            return self.pending.points
        return 0

    def tiebreak(self, move: CardMove) -> int:
        return self.game.values[move.card.rank - 1] if isinstance(move, Play) else -1


class CardGame(TableGame):
    """A card game's fixed facts: compiled rules, player count, card values."""

    NOT_A_MOVE = "not_a_card_move"  # the refusal of what is no move, with this family's hint

    def __init__(self, rules: Rules, players: int, max_rounds: int = 1000):
        if not isinstance(rules.options, PileRules) or not isinstance(rules.pieces, Deck):
            raise illegal("api_not_cards", rules=rules.name)
        super().__init__(rules, players, max_rounds)
        self.options: PileRules = rules.options
        o = self.options
        self.deck: Deck = rules.pieces
        self.cards = self.deck.cards
        self.values = self.deck.values
        self.limit = o.limit({"players": players})
        self.refill_to = o.refill_to({"players": players})
        self.constants["limit"] = self.limit
        self.suits = {suit: i + 1 for i, suit in enumerate(self.deck.suits)}
        # a card this deck writes as a word a move is read by (`GO`, `NO`): records, saves and
        # scenarios write the card so and the move in lower case, so as written it is the card
        self.cards_spelt_as_words = {self.deck.code(card): card for card in self.cards
                                     if self.deck.code(card).lower() in _WORDS}
        # Precomputed for the hot path: the scores of every running total, when the scoring
        # rules read nothing but the total.
        expressions = [e for score in rules.scoring for e in (score.when, score.points)]
        if o.exact_limit_timing == "immediate":
            expressions.append(o.exact_limit_points)
        self.awards_by_total = tabulate(expressions, "total", range(self.limit + 1), self.awards, self.constants)
        self.points_by_total = None if self.awards_by_total is None or fails_somewhere(self.awards_by_total) else [
            sum(award[1] for award in entry) for entry in self.awards_by_total]  # a greedy bot's points, by total
        # otherwise each card's scores are computed from the names they read, once for each value
        # of those names (`scores_of`); the pile's lists (the longest to build) only when read
        reads = {name for e in expressions for name in e.names}
        if o.exact_limit_timing == "immediate":
            reads.add("total")  # `awards` compares it with the limit: a card's scores depend on it
        read = [i for i, name in enumerate(INPUTS) if name in reads]
        self.read_inputs: Callable[[tuple[int, ...]], Any] = itemgetter(*read) if read else _nothing_read
        # a greedy bot's keys by the total, what the scoring reads of the turn and of the pile
        turn_read = [i for i, name in enumerate(TURN_INPUTS) if name in reads]
        self.read_turn: Callable[[tuple[int, ...]], Any] = itemgetter(*turn_read) if turn_read else _nothing_read
        self.reads_turn = bool(turn_read)
        self._code_cards(reads)
        # the empty pile as read, and how many piles and scores are kept from it (`laid`, `scored_on`)
        self.pile_root = PileRead(tuple(() for _ in self.read_lists))
        self.kept = 0
        # the options the course reads on every turn, resolved once
        self.refill = o.refill
        self.closes_at_limit = o.exact_limit_timing == "immediate"
        self.all_active = o.active == "all"
        self.calls_on_turn = rules.muggins.false_call is not None
        # and the points for playing last, by the total the pile closes at
        expressions = [o.last_points] + ([o.exact_limit_points] if o.exact_limit_timing != "immediate" else [])
        self.last_by_total = tabulate(expressions, "total", range(self.limit + 1), self._last, self.constants)
        self.plays = {card: Play(card) for card in self.cards}  # one move object per card, made once
        first = o.first_dealer
        self.lottery_ranks = None if first.method != "high_draw" or first.rank is None else tuple(
            first.rank({"card.rank": c.rank, "card.value": self.value(c)}) for c in self.cards)

    def _code_cards(self, reads: set[str]) -> None:
        """The course's cards: a code is the card's value shifted above its index in the deck, so
        codes are distinct and order like values (the cards that fit are the codes below a bound);
        and, by code, what the scoring's names read of a card (`reads`: the names read)."""
        values = [self.value(card) for card in self.cards]
        self.shift = max(1, (len(values) - 1).bit_length())
        self.span = max(values) + 1  # above every value: a greedy key is points * span + value
        self.codes = tuple(value << self.shift | index for index, value in enumerate(values))
        self.code_of = dict(zip(self.cards, self.codes))
        self.keys_by_total: list[dict[int, float] | None] = [None] * (self.limit + 1)
        self.card_of = dict(zip(self.codes, self.cards))
        self.rank_of = {code: card.rank for code, card in self.card_of.items()}
        self.suit_of = {code: self.suits[card.suit] for code, card in self.card_of.items()}
        self.value_of = {code: code >> self.shift for code in self.codes}
        # the lists of the pile's cards the scoring reads: each name, with the card's attribute by code
        self.read_lists = tuple((name, of) for name, of in (("pile.ranks", self.rank_of),
                                                            ("pile.values", self.value_of),
                                                            ("pile.suits", self.suit_of)) if name in reads)
        # and what it reads of each card itself, by code
        self.card_reads = {code: tuple(of[code] for _, of in self.read_lists) for code in self.codes}

    def value(self, card: Card) -> int:
        return self.values[card.rank - 1]

    def keys_at(self, total: int) -> dict[int, float]:
        """A greedy bot's key for each card at running total `total`, when the scores are
        tabulated: a card that fits, by its code (points * span + value, as in `course.hand_keys`,
        made `bots.comparable`), and a card that does not fit as `bots.UNPLAYABLE` (never chosen);
        made when a game first reaches that total."""
        keys = self.keys_by_total[total]
        if keys is None:
            assert self.points_by_total is not None
            points, shift, span = self.points_by_total, self.shift, self.span
            keys = {code: comparable(points[total + (code >> shift)] * span + (code >> shift))
                    if total + (code >> shift) <= self.limit else UNPLAYABLE for code in self.codes}
            self.keys_by_total[total] = keys
        return keys

    def turn_keys(self, total: int, size: int, pile: PileRead, hand_size: int, stock: int,
                  score: int) -> dict[int, float]:
        """A greedy bot's keys of the cards met at running total `total` on a pile of `size` cards
        read as `pile`, the turn alike in what the scoring reads of it (see `keys_at`), filled as
        cards are met (`course.hand_keys`)."""
        if self.reads_turn:
            key: Any = (total, self.read_turn((size, hand_size, stock, score)))
        else:
            key = total  # most scoring reads nothing of the turn: keys by the total alone
        keys = pile.keys.get(key)
        if keys is None:
            keys = pile.keys[key] = {}
            self.keep()
        return keys

    def laid(self, pile: PileRead, code: int) -> PileRead:
        """The pile `pile` with the card coded `code` laid on it, as the scoring reads it."""
        own = self.card_reads[code]
        child = pile.children.get(own)
        if child is None:
            child = pile.children[own] = PileRead(tuple((*read, mine) for read, mine in zip(pile.reads, own)))
            self.keep()
        return child

    def keep(self) -> None:
        """Count one more pile or score kept; past `KNOWN_SCORES`, forget all of them but the
        piles in play (whose states still hold them), so that memory stays flat however long
        a simulation runs."""
        self.kept += 1
        if self.kept > KNOWN_SCORES:
            root = self.pile_root
            root.children.clear()
            root.keys.clear()
            root.known.clear()
            self.kept = 0

    def as_read(self, pile: list[int]) -> PileRead:
        """The pile of codes `pile` as the scoring reads it."""
        read = self.pile_root
        for code in pile:
            read = self.laid(read, code)
        return read

    def play_points(self, card: Card, before: int, pile: tuple[Card, ...] | list[Card], hand_size: int, stock: int,
                    score: int) -> int:
        """What laying `card` on `pile` (the cards since it opened, totalling `before`) scores, as
        the course scores it."""
        code_of = self.code_of
        return self.points_of(code_of[card], before, [code_of[c] for c in pile], hand_size, stock, score)

    def points_of(self, code: int, before: int, pile: list[int], hand_size: int, stock: int, score: int) -> int:
        """What laying the card coded `code` on `pile` (codes) scores: the greedy bot's points, the
        same in the course and in the view."""
        return self.points_on(code, before, len(pile), self.as_read(pile), hand_size, stock, score)

    def points_on(self, code: int, before: int, size: int, pile: PileRead, hand_size: int, stock: int,
                  score: int) -> int:
        """`points_of` on a pile of `size` cards read as `pile`, as a greedy bot weighs each card of
        its hand on it: from the table of every total when there is one (a total whose formula
        fails raises that error), else as `scored_on` scores it."""
        if self.awards_by_total is not None:
            return sum(award[1] for award in lookup(self.awards_by_total, before + (code >> self.shift)))
        scored = self.scored_on(code, before, size, pile, hand_size, stock, score)  # a statement: inlined
        return scored[1]

    def scores_of(self, code: int, before: int, pile: list[int], hand_size: int, stock: int,
                  score: int) -> list[Award]:
        """The scores the card coded `code` earns when laid on `pile` (codes), totalling `before`."""
        return self.scored_on(code, before, len(pile), self.as_read(pile), hand_size, stock, score)[0]

    def scored_on(self, code: int, before: int, size: int, pile: PileRead, hand_size: int, stock: int,
                  score: int) -> tuple[list[Award], int]:
        """The scores, and their points in all, of the card coded `code` laid on a pile of `size`
        cards totalling `before`, read as `pile`: evaluated once for each value of the names the
        scoring reads, then remembered on the pile."""
        value = code >> self.shift
        inputs = (before + value, self.rank_of[code], value, self.suit_of[code], size + 1, hand_size, stock, score)
        own = self.card_reads[code]
        key = (self.read_inputs(inputs), own)
        known = pile.known.get(key)
        if known is None:
            env = dict(self.constants)
            env.update(zip(INPUTS, inputs))
            for (name, _), read, mine in zip(self.read_lists, pile.reads, own):  # a loop: cheaper than a generator
                env[name] = (*read, mine)  # each list the pile as read, then the card laid
            awards = self.awards(env)
            known = pile.known[key] = (awards, sum(award[1] for award in awards))
            self.keep()
        return known

    def awards(self, env: dict[str, Any]) -> list[Award]:
        """Every scoring entry that holds, in order, then an immediate exact limit; each reads what
        the earlier ones gave (`earned`). `env` holds the names of `scoring` (the score keeper
        supplies those a real table knows)."""
        found, earned = self.scoring_awards(env)
        if env["total"] == self.limit and self.options.exact_limit_timing == "immediate":
            env["earned"] = earned
            points = self.options.exact_limit_points(env)
            found.append((EXACT_LIMIT_REASON, points, must_claim(self.rules.claims_required, points)))
        return [award for award in found if award[1]]  # a score of nothing is no score; below zero, a loss

    def last_points(self, total: int, pile_size: int, score: int, stock: int) -> tuple[int, str]:
        """The points and reason for playing last on a pile that closes at `total` (an exact limit
        not scored at once is scored as last)."""
        if self.last_by_total is not None:
            return lookup(self.last_by_total, total)
        return self._last({"total": total, "limit": self.limit, "pile_size": pile_size,
                           "players": self.players, "score": score, "target": self.target, "stock": stock})

    def _last(self, env: dict[str, Any]) -> tuple[int, str]:
        o = self.options
        if env["total"] == self.limit and o.exact_limit_timing != "immediate":
            played = {"card.rank": 0, "card.value": 0, "card.suit": 0, "hand_size": 0, "earned": 0,
                      "pile.ranks": (), "pile.values": (), "pile.suits": ()}
            return o.exact_limit_points({**played, **env}), EXACT_LIMIT_REASON
        return o.last_points(env), LAST_REASON

    def new_state(self, seed: int | str, policies: Policies | None = None,
                  generator: random.Random | None = None) -> CardState:
        """A game at its first decision: the first dealer drawn by high card, the first deal made;
        with `policies`, the whole game those simulated bots play, building only the events that
        statistics read; on `generator`, seeded for this game, if given (see `seeded`)."""
        check_seed(seed)
        check_policies(policies, self.players)
        return CardState(self, seeded(seed, generator), policies)

    def notation(self, move: CardMove, lang: str | None = None) -> str:
        """How a move is written: in records (no `lang`) `10H`, `go`, `claim`, the same in every
        language; at the prompt in `lang`, with the suit's symbol: `10♥`, `paso`, `reclamar`."""
        if isinstance(move, Play):
            return self.deck.code(move.card) if lang is None else self.deck.name(move.card)
        if lang is None:
            return str(move)
        return MOVE_WORDS.get(lang, MOVE_WORDS["en"]).get(move.kind, str(move))

    def parse_move(self, text: str, lang: str | None = None) -> CardMove:
        """Read a move in either language: a card (`10H`, `5h`, `10♥`, `10 de corazones`), `go` or
        `paso`, `claim` or `reclamar`, `muggins`, `decline` or `declinar`. A card's suit letter is
        read as a person types it in `lang` (`5c` is 5♥ in Spanish); without `lang`, as records
        write it (`5C` is 5♣). A card this deck writes like a move's word (`GO`) is the card as
        written, the word in lower case the move."""
        written = checked_text(text, self.NOT_A_MOVE).strip()
        if written in self.cards_spelt_as_words:
            return Play(self.cards_spelt_as_words[written])
        word = written.lower()
        if word in _WORDS:
            return _WORDS[word]
        return Play(self.deck.parse(text, lang))

    def setup(self, hands: list[list[Card]], stock: list[Card] | None = None, pile: list[Card] | None = None,
              scores: list[int] | None = None, dealer: int = 0, turn: int | None = None, round: int = 1,
              last_player: int | None = None, seed: int | str = 0) -> CardState:
        """A state at a given position (for tests and scenarios); later chance comes from `seed`. Refuses
        (IllegalMoveError) a card not in the deck, a hand or score per player missing or extra, and a
        `dealer`, `turn` or `last_player` that is not a seat."""
        n = self.players
        check_position(scores, round)
        check_seed(seed)
        hands, stock, pile = check_hands(hands, n), check_pieces("stock", stock), check_pieces("pile", pile)
        if scores is not None and len(scores) != n:
            raise illegal("api_position", players=n)
        for name, seat in (("dealer", dealer), ("turn", turn), ("last_player", last_player),):
            if seat is not None:
                check_seat(name, seat, n)
        for card in [c for h in hands for c in h] + stock + pile:
            self.deck.check(card)
        state = CardState.__new__(CardState)
        state._init_fields(self, random.Random(seed))
        state.hands = hands
        state.stock = stock
        state.pile_codes = [self.code_of[card] for card in pile]
        state.pile_read = self.as_read(state.pile_codes)
        state.total = sum(self.value(card) for card in pile)
        state.last = last_player if pile else None
        state.scores = list(scores) if scores is not None else [0] * self.players
        state.dealer = dealer
        state.round = round
        if turn is None:
            turn = dealer if self.options.leader == "dealer" else self.seats.next(dealer)
        state.turn = turn
        state.opener = state.turn
        seen = [c for h in hands for c in h] + stock + pile
        if len(seen) != len(set(seen)):
            raise illegal("api_position_twice", piece=a_piece("card"))
        if state.total > self.limit:
            raise illegal("pile_over_limit", total=state.total, limit=self.limit)
        state._resume()
        return state


class CardState(TableState):
    """A card game in progress. Mutable: `apply` changes it; `copy` gives an independent one."""

    def __init__(self, game: CardGame, rng: random.Random, policies: Policies | None = None):
        self._init_fields(game, rng, policies)
        self.step = FIRST_DEAL
        self._resume()

    def _init_fields(self, game: CardGame, rng: random.Random, policies: Policies | None = None) -> None:
        self._init_table(game, rng, policies)
        self.game: CardGame = game
        self.options = game.options
        # the position in the course's card codes (see `CardGame.codes`); read as cards below
        self.hand_codes: list[list[int]] = [[] for _ in range(game.players)]
        self.stock_codes: list[int] = []  # drawn from its end
        self.pile_codes: list[int] = []   # the open pile
        self.pile_read = game.pile_root   # and as the scoring reads it, when it reads more than the total
        self.total = 0                    # its running total
        self.last: int | None = None      # who laid its last card
        self.discard_codes: list[int] = []  # the cards of this round's closed piles
        self.dealer = 0
        self.goes = 0
        self.step = TURN

    COURSE = staticmethod(course.run)

    def clear_pile(self) -> None:
        self.pile_codes = []
        self.pile_read = self.game.pile_root
        self.total = 0
        self.last = None

    # -- the position as cards ---------------------------------------------------------------

    @property
    def hands(self) -> list[list[Card]]:
        card_of = self.game.card_of
        return [[card_of[code] for code in hand] for hand in self.hand_codes]

    @hands.setter
    def hands(self, hands: list[list[Card]]) -> None:
        hands = check_hands(hands, self.game.players)
        check_assigned([card for hand in hands for card in hand], self.game.deck.check, "card")
        code_of = self.game.code_of
        self.hand_codes = [[code_of[card] for card in hand] for hand in hands]

    @property
    def stock(self) -> list[Card]:
        card_of = self.game.card_of
        return [card_of[code] for code in self.stock_codes]

    @stock.setter
    def stock(self, stock: list[Card]) -> None:
        stock = check_pieces("stock", stock)
        check_assigned(stock, self.game.deck.check, "card")
        code_of = self.game.code_of
        self.stock_codes = [code_of[card] for card in stock]

    @property
    def discards(self) -> list[Card]:
        card_of = self.game.card_of
        return [card_of[code] for code in self.discard_codes]

    @property
    def pile(self) -> Pile:
        card_of = self.game.card_of
        return Pile(self.game.limit, [card_of[code] for code in self.pile_codes], self.total, self.last)

    # -- queries -----------------------------------------------------------------------------

    def playable(self, player: int) -> list[Card]:
        bound = (self.game.limit - self.total + 1) << self.game.shift
        card_of = self.game.card_of
        return [card_of[code] for code in self.hand_codes[player] if code < bound]

    def legal_moves(self) -> list[Any]:
        if self.outcome is not None:
            return []
        decision = self.decision
        if decision is not None:
            return self._decision_moves(decision)
        plays = self.game.plays
        moves: list[Any] = [plays[card] for card in self.playable(self.turn)]
        return self._with_false_call(moves or [GO])

    def view(self, player: int) -> CardView:
        check_seat("player", player, self.game.players)
        decision = self.decision
        mine = decision if decision is not None and decision.actor == player else None
        card_of = self.game.card_of
        return CardView(
            player=player, hand=tuple(card_of[code] for code in self.hand_codes[player]),
            pile=tuple(card_of[code] for code in self.pile_codes),
            played=tuple(card_of[code] for code in self.discard_codes), total=self.total, limit=self.game.limit,
            scores=tuple(self.scores), hand_sizes=tuple(len(h) for h in self.hand_codes),
            stock=len(self.stock_codes), dealer=self.dealer, decision=mine.kind if mine else None,
            pending=mine.score if mine else None, target=self.game.target, game=self.game,
        )

    def copy(self) -> CardState:
        other = CardState.__new__(CardState)
        other.__dict__.update(self.__dict__)
        self._copy_table(other)
        other.hand_codes = [list(h) for h in self.hand_codes]
        other.stock_codes = list(self.stock_codes)
        other.pile_codes = list(self.pile_codes)
        other.discard_codes = list(self.discard_codes)
        other._resume()
        return other

    # -- moves -------------------------------------------------------------------------------

    def end_round(self, dominoer: int | None = None) -> list[Any]:
        """End the round here: the open pile closes (scoring "last" if the rules say so) and the
        round is over, as when every hand is empty: for scenarios that state a round's end."""
        if self.outcome is not None:
            raise illegal("game_over")
        if self.decision is not None:  # the round ends once what is due is answered, as in play
            raise illegal("first_claim" if self.decision.kind == "claim" else "first_call", player=self.decision.actor + 1)
        if dominoer is not None:
            raise illegal("no_dominoer")
        start = len(self.events)
        for hand in self.hand_codes:
            self.discard_codes.extend(hand)
            hand.clear()
        self.step = ROUND_OVER
        self._resume()
        return self.events[start:]

    def last_can_be_stolen(self) -> bool:
        return self.options.last_muggins

    # -- errors ------------------------------------------------------------------------------

    def _why_illegal(self, move: Any) -> Exception:
        game = self.game
        refusal = self._why_decision_illegal(move)
        if refusal is not None:
            return refusal
        player = self.turn
        if isinstance(move, Go):
            card = self.playable(player)[0]
            return illegal("go_playable", card=game.deck.name(card),
                           card_words=Said(game.deck.long_name(card), es=game.deck.long_name(card, "es")))
        if not isinstance(move, Play):
            return illegal(self.game.NOT_A_MOVE, text=str(move))
        if game.code_of.get(move.card) not in self.hand_codes[player]:
            return illegal("not_in_hand", piece=game.deck.name(move.card), player=player + 1)
        return illegal("exceeded", limit=game.limit, total=self.total, value=game.value(move.card))
