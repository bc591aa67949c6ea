"""What every family's game shares at the table: seats and sides, scores, claims and "Muggins!".

A family's state (a line of tiles, a pile of cards) subclasses `TableState` and supplies only its
physics and its course (`COURSE`, a generator that plays from the position on the state,
yielding whenever someone at the table must decide, or asking the bots' policies in a
simulation, where it runs specialised for the rule file: `TableGame.simulation`). Everything a house may change about scoring once it has arisen lives here, once for
every family: who must claim a score and until when, who may call "Muggins!" on it and in which
order, false calls, sides sharing one score, a score that would pass the target, and who wins
when the round ends.

The engine asks one player at a time (`actor`): the player whose turn it is, or the one whose
claim or Muggins call heads the queue of decisions; a course runs its automatic steps only once
the decisions due are made (`decisions`), so events always follow the rules' order.
"""
from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass
from typing import Any, Callable, Generator, Sequence

from ..bots import Policies
from ..dsl import compile_scoring
from ..errors import RuleError
from ..messages import Said, illegal
from ..pieces import safe_repr, shown
from ..rules import Rules, Score
from .common import FALSE_CALL_REASON, MUGGINS_REASON, GameEnded, Outcome, Scored, draw_lots, lottery_winner
from .specialise import Receiver, is_literal, specialise


# -- decisions ----------------------------------------------------------------------------------

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


CLAIM, MUGGINS, DECLINE = Claim(), Muggins(), Decline()
DECISION_WORDS: dict[str, Any] = {
    "claim": CLAIM, "reclamo": CLAIM, "reclamar": CLAIM, "muggins": MUGGINS, "muggins!": MUGGINS,
    "¡muggins!": MUGGINS, "¡muggins": MUGGINS, "decline": DECLINE, "declinar": DECLINE, "declino": DECLINE,
    "no": DECLINE}


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
class FalseCall:
    """A player called "Muggins!" with nothing unclaimed (the penalty follows as a Scored event)."""

    player: int


@dataclass(frozen=True, slots=True)
class Overshot:
    """A score that would have passed the target was void (`win.overshoot: void`)."""

    player: int
    points: int
    reason: str


# -- seats --------------------------------------------------------------------------------------

class Seats:
    """The seats of one game: the direction of play and the sides, as small tables (read on
    every turn: made once)."""

    __slots__ = ("count", "step", "sides", "side", "partners", "opponents", "orders", "after")

    def __init__(self, rules: Rules, players: int):
        self.count = players
        self.step = rules.seating.direction
        self.sides = rules.seating.side_count(players)
        self.side = tuple(p % self.sides for p in range(players))
        self.partners = tuple(tuple(q for q in range(players) if q != p and self.side[q] == self.side[p])
                              for p in range(players))
        self.opponents = tuple(tuple(q for q in range(players) if self.side[q] != self.side[p]) for p in range(players))
        self.orders = tuple(tuple((p + i * self.step) % players for i in range(players)) for p in range(players))
        self.after = tuple((p + self.step) % players for p in range(players))

    def next(self, player: int) -> int:
        return self.after[player]

    def previous(self, player: int) -> int:
        return (player - self.step) % self.count

    def order_from(self, player: int) -> tuple[int, ...]:
        """Every seat in the order of play, starting with `player`."""
        return self.orders[player]


def checked_text(text: Any, refusal: str = "not_a_move") -> str:
    """A typed move as text: anything else (None, a number, a piece) is refused, not a traceback,
    with the family's own hint (`refusal`, a key of messages.REASONS)."""
    if not isinstance(text, str):
        raise illegal(refusal, text=repr(text)[:40])
    return text


def check_table(rules: Rules, players: Any, max_rounds: Any) -> None:
    """What a game is made with: a whole number of players the rules allow and a whole number of
    rounds from 1 (a float, a text or a boolean is refused, and named as what it is)."""
    if type(players) is not int:
        raise illegal("players_whole", value=safe_repr(players), kind=type(players).__name__)
    if players not in rules.player_counts:
        allowed = ", ".join(map(str, rules.player_counts))
        raise illegal("player_count", rules=rules.name, counts=allowed, players=players)
    if type(max_rounds) is not int or not 1 <= max_rounds <= MAX_ROUNDS:
        raise illegal("max_rounds_whole", value=safe_repr(max_rounds), most=MAX_ROUNDS)


SEED_TYPES = (int, str)  # what a record can keep and replay
# what a record keeps (record.schema.json, and the numbers records.read_json reads): a game made with
# more could never be read back
MAX_ROUNDS = 1_000_000_000
SEED_DIGITS = 100
SEED_BOUND = 10 ** SEED_DIGITS  # computed once: a seed is checked for every game a simulation plays
SEED_CHARACTERS = 256


def check_seed(seed: Any) -> None:
    """A seed a game's chance can come from: an integer or a text, as records keep it."""
    if isinstance(seed, bool) or not isinstance(seed, SEED_TYPES):
        raise illegal("seed_type", value=safe_repr(seed), kind=type(seed).__name__)
    if isinstance(seed, int) and abs(seed) >= SEED_BOUND:
        raise illegal("seed_digits", most=SEED_DIGITS, value=safe_repr(seed))
    if isinstance(seed, str) and len(seed) > SEED_CHARACTERS:
        raise illegal("seed_characters", most=SEED_CHARACTERS, length=len(seed))


def check_pieces(name: str, value: Any) -> list[Any]:
    """A list of pieces given to `setup` (the stock, the pile, the line): a list or a tuple, or None
    for none; anything else is refused."""
    if value is None:
        return []
    if not isinstance(value, (list, tuple)):
        raise illegal("api_list", name=name, value=safe_repr(value))
    return list(value)


def check_hands(hands: Any, players: int) -> list[list[Any]]:
    """The hands given to `setup`: one list (or tuple) of pieces per player."""
    if not isinstance(hands, (list, tuple)) or not all(isinstance(hand, (list, tuple)) for hand in hands):
        raise illegal("api_hands", players=players, value=safe_repr(hands))
    if len(hands) != players:
        raise illegal("api_position", players=players)
    return [list(hand) for hand in hands]


def check_seat(name: str, seat: Any, players: int) -> None:
    """A seat given to the API (`view(player)`, `setup(turn=...)`): a whole number from 0."""
    if type(seat) is not int or not 0 <= seat < players:
        raise illegal("api_seat", name=name, value=safe_repr(seat), last=players - 1)


def check_assigned(pieces: list[Any], check: Callable[[Any], None], noun: str) -> None:
    """Pieces assigned to a state's hands, boneyard or stock: each of the set (`check`), none twice
    among them. Not against the rest of the position: pieces exchanged between the hands and the
    boneyard are assigned one part after the other."""
    for piece in pieces:
        check(piece)
    if len(set(pieces)) != len(pieces):
        raise illegal("api_twice", piece=a_piece(noun))


def check_policies(policies: Any, players: int) -> None:
    """The simulated bots `new_state` is given: None, or `bots.Policies` with a kind for each seat."""
    if policies is not None and not (isinstance(policies, Policies) and len(policies.greedy) == players):
        raise illegal("api_policies", players=players, value=safe_repr(policies))


def a_piece(noun: str) -> Said:
    """"a tile" or "a card", as each language says it: the piece a message names."""
    return Said(f"a {noun}", es={"tile": "una ficha", "card": "una carta"}[noun])


def check_position(scores: Sequence[Any] | None, round_number: Any) -> None:
    """What a position set up by hand must hold that a game always does: whole-number scores and
    a round from 1 (the families check their own pieces and seats)."""
    if scores is not None and not all(type(score) is int for score in scores):
        raise illegal("api_scores", value=safe_repr(list(scores)))
    if type(round_number) is not int or round_number < 1:
        raise illegal("api_round", value=safe_repr(round_number))


def round_end_winner(scores: Sequence[int], target: int, order: Sequence[int], tie: str,
                     side: Sequence[int] | None = None) -> int | None:
    """Without an immediate win: the highest score at or over the target at the end of a round;
    `order` is the order of play from the round's opener, `tie` says who wins a tie between
    sides (`side[p]` is seat p's side; partners share their score, so they never tie)."""
    reached = [p for p in range(len(scores)) if scores[p] >= target]
    if not reached:
        return None
    best = max(scores[p] for p in reached)
    tied = [p for p in reached if scores[p] == best]
    if len({side[p] for p in tied} if side is not None else tied) > 1:
        if tie == "play_on":
            return None
        if tie == "opener_order":
            return min(tied, key=order.index)
    return tied[0]


# -- the game ----------------------------------------------------------------------------------

Award = tuple[str, int, bool]  # a score's name, its points, and whether it must be claimed


def must_claim(claim: bool, points: int) -> bool:
    """Whether a score waits for its player's claim: as its rule says, but a loss (points below
    zero) never does, whatever the rule says: its player would let it pass, and nobody takes it
    with "Muggins!"; it is added at once."""
    return claim and points > 0


class TableGame:
    """A game's fixed facts that every family has: the compiled rules, the seats, the deal's size
    and the target for this number of players, the round cap; and the rule file's scoring."""

    def __init__(self, rules: Rules, players: int, max_rounds: int):
        check_table(rules, players, max_rounds)
        self.rules = rules
        self.players = players
        self.max_rounds = max_rounds
        self.seats = Seats(rules, players)
        self.hand_size = rules.hand_size(players)
        self.target = rules.target_for(players)
        # what an expression can read that this game fixes when it starts: a formula reading only
        # these and one value of a finite domain is tabulated by that value (`tabulate`), and the
        # loader checks every expression with these as constants
        self.constants: dict[str, Any] = {"players": players, "target": self.target}
        self.simulations: dict[tuple[Any, ...], Callable[[Any], Any]] = {}  # by the parts' facts (`simulation`)
        self.score_entries = scoring_of(rules.scoring)  # the rules' scoring entries as one function
        self.entry_scorings: dict[tuple[int, ...], tuple[tuple[Score, ...], Callable[..., Any]]] = {}  # other lists

    def new_state(self, seed: int | str, policies: Policies | None = None,
                  generator: random.Random | None = None) -> TableState:
        """A game at its first decision (the family's)."""
        raise NotImplementedError

    NOT_A_MOVE = "not_a_move"  # the refusal of what is no move, with the family's hint (a key of messages.REASONS)

    def parse_move(self, text: str, lang: str | None = None) -> Any:
        """A move as a person or a record writes it (the family's)."""
        raise NotImplementedError

    def notation(self, move: Any, lang: str | None = None) -> str:
        """A move as records write it, or as a person types it in `lang` (the family's)."""
        raise NotImplementedError

    def simulation(self, state: TableState) -> Callable[[Any], Any]:
        """The family's course specialised for this game's rules and these bots' policies (see
        `engine.specialise`): derived once in a process for each kind of simulation (a tenth of
        a second or so), then run for every game. A game's facts follow from its rules (their
        digest), players and round cap, so games alike share one derivation; what is left to
        tell simulations apart is the parts' classes and their facts that are plain values (the
        kinds of bots)."""
        found: list[Any] = []  # each part's class, then its facts: a loop (a game asks once, a card game is short)
        for name in state.PARTS:
            part = getattr(state, name)
            found.append(type(part))
            for attr in part.FIXED:
                found.append(getattr(part, attr))
        facts = tuple(found)
        run = self.simulations.get(facts)
        if run is None:
            key = (self.rules.digest, self.players, self.max_rounds, type(state), state.COURSE,
                   tuple(fact for fact in facts if is_literal(fact) or isinstance(fact, type)))  # the rest: the rules'
            run = SIMULATIONS.get(key)
            if run is None:
                run = specialise(state.COURSE, receiver_of(state)).function()
                if len(SIMULATIONS) >= SIMULATIONS_KEPT:
                    SIMULATIONS.clear()
                SIMULATIONS[key] = run
            self.simulations[facts] = run
        return run

    def scoring_awards(self, env: dict[str, Any], entries: Sequence[Score] | None = None) -> tuple[list[Award], int]:
        """Every scoring entry (of `entries`, by default the rules') that holds, in order, and their
        points in all; each entry reads what the earlier ones gave (`earned`), each claimed or not
        as `must_claim` says. The entries run as one function (`dsl.compile_scoring`), made once
        for each list of them."""
        return (self.score_entries if entries is None else self.scoring_for(entries))(env)

    def scoring_for(self, entries: Sequence[Score]) -> Callable[[dict[str, Any]], tuple[list[Award], int]]:
        """`entries` as one function (see `scoring_awards`), made once for each list of them: a
        caller that scores with the same list at every move keeps the function it is given."""
        key = tuple(map(id, entries))
        found = self.entry_scorings.get(key)
        if found is None:  # the entries are kept with their function: their ids stay theirs
            found = self.entry_scorings[key] = (tuple(entries), scoring_of(entries))
        return found[1]


def scoring_of(entries: Sequence[Score]) -> Callable[[dict[str, Any]], tuple[list[Award], int]]:
    """`entries` as one function of the names (`dsl.compile_scoring`): compiling takes far longer
    than a call, so a game makes it once for each list of entries it scores."""
    return compile_scoring([(entry.when, entry.points, entry) for entry in entries], award_of)


def award_of(entry: Score, points: int) -> Award:
    """A scoring entry's award of `points`: its name, the points, whether its player must claim them."""
    return entry.name, points, must_claim(entry.claim, points)


# The simulations each process has derived (`TableGame.simulation`), by rules, table and bots.
SIMULATIONS: dict[tuple[Any, ...], Callable[[Any], Any]] = {}
SIMULATIONS_KEPT = 32


def receiver_of(state: TableState) -> Receiver:
    """What a simulation of `state`'s game fixes, for the specialiser: the state's facts (`FIXED`)
    and its parts' (`PARTS`: the bots' policies, a line), each part known by its class."""
    parts = {name: getattr(state, name) for name in state.PARTS}
    return Receiver(type(state), {name: getattr(state, name) for name in state.FIXED},
                    {name: Receiver(type(part), {attr: getattr(part, attr) for attr in part.FIXED})
                     for name, part in parts.items()})


# -- the state ----------------------------------------------------------------------------------

Course = Generator[None, Any, None]  # a game's course: yields for each decision, is sent the move made
TURN = 0  # the step of a course at which the player to move decides; a family numbers its other steps from 1


class TableState:
    """A game in progress, as far as every family plays it alike. Mutable: `apply` changes it."""

    game: Any
    rules: Rules
    seats: Seats
    rng: random.Random
    scores: list[int]
    turn: int
    round: int
    opener: int
    queue: deque[Decision]
    unclaimed: list[PendingScore]
    outcome: Outcome | None
    events: list[Any]
    hands: list[list[Any]]  # each player's pieces, in order (the family's; a new list each time it is read)
    step: int  # where the course stands once the decisions due are made: TURN or a family's step
    policies: Policies | None  # the bots a simulated game asks instead of yielding; None at a table
    listening: bool  # whether every event is built (else only those statistics read: scores, steals, losses)
    moves: int  # the decisions made so far: turns, claims, calls
    turns: int  # the turns played so far, as players count them (the family's course counts)
    round_starts: list[tuple[int, tuple[int, ...]]]  # each round's first to play, with the scores it began with
    scored: list[tuple[int, int, str]]  # every score change as (player, points, reason): kept even unheard
    _course: Course  # the course, suspended at the next decision
    # the family's course (`run_course` runs it), and what a game fixes for the whole of it: a
    # simulation runs the course specialised on those (`TableGame.simulation`)
    COURSE: Callable[[Any], Course]
    FIXED = ("game", "rules", "seats", "options", "listening")
    PARTS: tuple[str, ...] = ("policies",)  # attributes holding an object of one class, with facts of its own (FIXED)

    def _init_table(self, game: Any, rng: random.Random, policies: Policies | None = None) -> None:
        self.game = game
        self.policies = policies
        self.listening = policies is None
        self.moves = self.turns = 0
        self.round_starts = []
        self.scored = []
        self.rules = game.rules
        self.seats = game.seats
        self.rng = rng
        self.scores = [0] * game.players
        self.turn = 0
        self.round = 0
        self.opener = 0
        self.queue = deque()
        self.unclaimed = []
        self.outcome = None
        self.events = []

    def _copy_table(self, other: TableState) -> None:
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.scores = list(self.scores)
        other.queue = deque(self.queue)
        other.unclaimed = list(self.unclaimed)
        other.events = list(self.events)
        other.round_starts = list(self.round_starts)
        other.scored = list(self.scored)

    # -- queries -----------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return int(self.game.players)

    @property
    def actor(self) -> int:
        """Who decides next: the one whose claim or call is due, else the player to move."""
        return self.queue[0].actor if self.queue else self.turn

    @property
    def decision(self) -> Decision | None:
        return self.queue[0] if self.queue else None

    def is_terminal(self) -> bool:
        return self.outcome is not None

    def _decision_moves(self, decision: Decision) -> list[Any]:
        return [CLAIM if decision.kind == "claim" else MUGGINS, DECLINE]

    def _with_false_call(self, moves: list[Any]) -> list[Any]:
        """A turn's moves, and a Muggins call when the rules let one be made (and punished) at any turn."""
        if self.rules.muggins.false_call is not None:
            moves.append(MUGGINS)
        return moves

    # -- moves -------------------------------------------------------------------------------

    def play(self, move: Any) -> list[Any]:
        """Apply `move` after checking it; an illegal move raises and changes nothing."""
        if isinstance(move, str):
            raise illegal("api_text_move", text=repr(shown(move)))
        if self.outcome is not None:
            raise illegal("game_over")
        if move not in self.legal_moves():
            raise self._why_illegal(move)
        return self.apply(move)

    def apply(self, move: Any) -> list[Any]:
        """Apply a legal move (unchecked) and every automatic step after it; returns new events."""
        start = len(self.events)
        try:
            self._course.send(move)
        except StopIteration:
            if self.outcome is None:  # the course ended on an error an earlier move raised
                raise RuleError(Said("this game cannot go on: an earlier move stopped it on an error",
                                     es="esta partida no puede seguir: una jugada anterior la detuvo con un error"))
        return self.events[start:]

    def legal_moves(self) -> list[Any]:
        raise NotImplementedError

    def copy(self) -> TableState:
        """An independent state at the same position (the family's)."""
        raise NotImplementedError

    def view(self, player: int) -> Any:
        """What `player` sees at the table (the family's view)."""
        raise NotImplementedError

    def run_course(self) -> Course:
        """The family's course from the position on this state: the decisions due (`decisions`),
        then the step it is at, the turn or one of the family's automatic steps. At a table it
        yields whenever someone must decide and is sent the move made; in a simulation
        (`policies`) it asks the bots' policies instead and runs to the game's end."""
        return type(self).COURSE(self)

    def lottery(self, purpose: str, pieces: Sequence[Any]) -> int:
        """Who wins a draw of lots of `pieces` (ranked by `game.lottery_ranks`), named in an event
        when someone listens: a simulation draws the same lots and builds no event."""
        game = self.game
        if not self.listening:
            return lottery_winner(range(game.players), game.lottery_ranks, self.rng)
        drawn = draw_lots(purpose, range(game.players), pieces, game.lottery_ranks, self.rng)
        self.events.append(drawn)
        return drawn.winner

    def begin_round(self, first: int) -> None:
        """A round begins with `first` to play: kept for the statistics of who wins rounds."""
        self.round_starts.append((first, tuple(self.scores)))

    def _resume(self) -> None:
        """Run the game's course from the position on the state to its next decision; a
        simulation runs it to the game's end, specialised."""
        if self.policies is not None:
            self.game.simulation(self)(self)
            return
        self._course = self.run_course()
        next(self._course, None)

    def decisions(self) -> Course:
        """Ask each decision due, in the queue's order, until none is left or the game is over."""
        queue, policies = self.queue, self.policies
        while queue and self.outcome is None:
            if policies is None:
                move = yield
                yes = move.kind != "decline"
            else:
                yes = policies.claims() if queue[0].kind == "claim" else policies.calls()
            self.moves += 1
            self.decide(queue.popleft(), yes)
        if self.outcome is not None:
            queue.clear()

    def _why_illegal(self, move: Any) -> Exception:
        raise NotImplementedError

    def _why_decision_illegal(self, move: Any) -> Exception | None:
        """Why a claim, call or decline is refused now; None for other moves."""
        decision = self.decision
        if isinstance(move, Claim):
            return illegal("claim_others" if decision is not None and decision.kind == "muggins" else "nothing_to_claim")
        if isinstance(move, Muggins):
            return illegal("own_points" if decision is not None and decision.kind == "claim" else "nothing_to_take")
        if isinstance(move, Decline):
            return illegal("nothing_to_decline")
        if decision is not None:
            return illegal("first_claim" if decision.kind == "claim" else "first_call", player=decision.actor + 1)
        return None

    # -- scores and claims -------------------------------------------------------------------

    def earn(self, awards: Sequence[tuple[str, int, bool]], player: int, calls: Sequence[Decision]) -> bool:
        """The scores one action earned, each claimable or added at once, with the Muggins calls
        the same action opened (C10: by `win.simultaneous`, the new scorer first or the calls);
        True when a score ended the game."""
        rules = self.rules
        first_calls = rules.simultaneous == "earlier_score"
        if first_calls and calls:
            self.queue.extend(calls)
        if rules.overshoot == "void":
            void = self._passes_target(player, awards)
            if void:  # the play's points added at once count as one score: past the target, all are void
                awards = [award for award in awards if award[2]]
        at_once = self.claims_at_once()
        for name, points, claim in awards:
            if not points:
                continue
            if claim:
                if not at_once:
                    self.offer(player, points, name)
            elif self.score(player, points, name):
                return True
        if at_once and rules.has_claims:  # claims made at once: after the points added at once, as a table decides them
            for name, points, claim in awards:
                if claim and points:
                    self.moves += 1
                    if self.score(player, points, name):
                        return True
        if calls and not first_calls:
            self.queue.extend(calls)
        return False

    def _passes_target(self, player: int, awards: Sequence[tuple[str, int, bool]]) -> bool:
        """Whether the points an action adds at once take its player past the target (each is
        then void: an event says so). Loops, not comprehensions: a simulation asks at every score."""
        gained = 0
        for _, points, claim in awards:
            if not claim:
                gained += points
        if self.scores[player] + gained <= self.game.target:
            return False
        for name, points, claim in awards:
            if not claim and points:
                self.events.append(Overshot(player, points, name))
        return True

    def claims_at_once(self, first: bool = False) -> bool:
        """Whether a claim earned now would be made at once: simulated bots that never forget,
        with nothing asked before it (or the claim asked first). The same game, without queueing
        the decision (a simulation builds no events of claims)."""
        policies = self.policies
        return policies is not None and policies.forget <= 0 and (first or not self.queue)

    def offer(self, player: int, points: int, reason: str, last: bool = False, first: bool = False) -> bool:
        """A score waits for its player's claim, asked after the decisions already due (`first`:
        before them), or is claimed at once (`claims_at_once`); True when that ended the game."""
        if self.claims_at_once(first):
            self.moves += 1
            return self.score(player, points, reason)
        score = PendingScore(player, points, reason, last)
        if self.listening:
            self.events.append(ScoreEarned(score))
        decision = Decision(player, "claim", score)
        if first:
            self.queue.appendleft(decision)
        else:
            self.queue.append(decision)
        return False

    def decide(self, decision: Decision, yes: bool) -> None:
        score = decision.score
        if decision.kind == "claim":
            if yes:
                if self.listening:
                    self.events.append(Claimed(score))
                self.score(score.player, score.points, score.reason)
                return
            if self.listening:
                self.events.append(NotClaimed(score))
            self.unclaimed.append(score)
            if self.rules.muggins.window == "immediate":
                calls = self.close_window()
                self.queue.extendleft(reversed(calls))
            return
        if yes:
            # the first caller takes it: nobody else is asked about this score
            kept = [item for item in self.queue if item.score is not score]
            self.queue.clear()
            self.queue.extend(kept)
            self.events.append(Stolen(decision.actor, score))
            self.score(decision.actor, score.points, MUGGINS_REASON)
        elif not any(item.score is score for item in self.queue):
            self.events.append(Forfeited(score))

    def close_window(self) -> list[Decision]:
        """The window of every unclaimed score closes: its opponents may now call Muggins, in the
        rules' order; a score Muggins cannot take is simply lost."""
        calls: list[Decision] = []
        if not self.unclaimed:
            return calls
        for score in self.unclaimed:
            if self.stealable(score):
                calls.extend(Decision(p, "muggins", score) for p in self.callers(score.player))
            else:
                self.events.append(Forfeited(score))
        self.unclaimed = []
        return calls

    def stealable(self, score: PendingScore) -> bool:
        """Whether a Muggins call can take `score` (points for playing last only where the rules say so)."""
        return self.rules.muggins.enabled and (not score.last or self.last_can_be_stolen())

    def open_to(self, player: int) -> list[PendingScore]:
        """The opponents' scores still waiting in their window that `player` could call Muggins on."""
        opponents = self.seats.opponents[player]
        return [score for score in self.unclaimed if score.player in opponents and self.stealable(score)]

    def callers(self, scorer: int) -> list[int]:
        """Who may call Muggins on `scorer`'s points, in the order the calls go (C7, `muggins.order`):
        their opponents, from the scorer in turn order, or from the first seat."""
        opponents = self.seats.opponents[scorer]
        order = self.seats.order_from(scorer) if self.rules.muggins.order == "turn" else range(self.players)
        return [p for p in order if p in opponents]

    def last_can_be_stolen(self) -> bool:
        return False

    def call_on_turn(self) -> None:
        """A Muggins call made on one's own turn: it takes an opponent's score still waiting to be
        claimed (and so closes its window), or, with nothing unclaimed, costs the false-call penalty."""
        player = self.turn
        score = next(iter(self.open_to(player)), None)
        if score is not None:
            self.unclaimed.remove(score)
            self.events.append(Stolen(player, score))
            self.score(player, score.points, MUGGINS_REASON)
            return
        self.events.append(FalseCall(player))
        self.score(player, -(self.rules.muggins.false_call or 0), FALSE_CALL_REASON)

    def score(self, player: int, points: int, reason: str) -> bool:
        """Add points to the player's side; True when that ended the game (an immediate win)."""
        scores = self.scores
        target = self.game.target
        if self.rules.overshoot != "counts" and points > 0 and scores[player] + points > target:
            if self.rules.overshoot == "void":
                self.events.append(Overshot(player, points, reason))
                return False
            points = target - scores[player]
            if points <= 0:
                return False
        partners = self.seats.partners[player]
        scores[player] += points
        for partner in partners:
            scores[partner] += points
        self.scored.append((player, points, reason))
        if self.listening:
            self.events.append(Scored(player, points, reason, scores[player], partners))
        if self.rules.immediate_win and points > 0 and scores[player] >= target:
            self.finish("target", player)
            return True
        return False

    def winner_at_round_end(self) -> int | None:
        return round_end_winner(self.scores, self.game.target, self.seats.order_from(self.opener), self.rules.tie,
                                self.seats.side)

    def round_ended(self) -> bool:
        """A round is settled: the game ends with the highest score at or over the target (when
        the win is not immediate), or at the round cap; True when it ended."""
        if not self.rules.immediate_win:
            winner = self.winner_at_round_end()
            if winner is not None:
                self.finish("target", winner)
                return True
        if self.round >= self.game.max_rounds:
            self.finish("unfinished", None)
            return True
        return False

    def finish(self, termination: str, winner: int | None) -> None:
        partners = self.seats.partners[winner] if winner is not None else ()
        self.outcome = Outcome(termination, winner, tuple(self.scores), self.round, partners)
        if self.listening:  # a simulation's statistics read the outcome itself
            self.events.append(GameEnded(self.outcome))
