"""Many games, fast: seeded shards of bot games, merged into statistics.

Game `i` of a simulation with seed `S` is always played from the seed `"S:i"`, so the numbers
depend only on the rules, the bots, the seed and the game count: shards of seed ranges may run
in this process, on a local process pool or on a Dask cluster, and merge to identical results
(every accumulator is an integer sum or a count, so the order shards finish in does not matter).
Each shard is merged as it finishes and only a few are in flight at a time; the games are never
kept, so memory stays flat however many games are played.
"""
from __future__ import annotations

import math
import multiprocessing
import multiprocessing.connection
import os
import random
import signal
import threading
from collections import Counter
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Sequence

from .bots import Policies, make_bots
from .engine import make_game
from .engine.common import FALSE_CALL_REASON, UNEARNED_REASONS  # UNEARNED: not a score earned in play
from .engine.table import Forfeited, Stolen
from .families import Family, family_of
from .errors import MugginsError
from .loader import resolve_rule_path, rules_source
from .messages import say
from .overrides import label, load_settings
from .rules import Rules
from .stats import distribution, fair_share, percentile, wilson

HISTOGRAM_BIN = 10
# How many finished games that differ a shard keeps, each with the number of games alike, before
# it counts them (`Tally.add_game`): memory stays flat however many games a shard plays.
PLAYED_KEPT = 2000


@dataclass
class Tally:
    """Integer accumulators for a set of games; `merge` adds another set's.

    A *turn* is what players count as one: a placement with the draws it forced, a pass, a card
    played or a go. An *action* is every decision a player makes: turns, each draw chosen or
    forced, claims and Muggins calls (what `moves` counts). Positions are counted in the order of
    play from the game's first to play (its first leader or opener): position 0 is that player.

    Each round is also counted from its own first to play (that round's leader or opener): a
    round's *best scorer* is the player (with partnerships, the side) whose score rose the most
    over the round, every change counted (claims, Muggins steals, penalties, the settlement); when
    two or more share the highest rise (a round where nobody scored included) the round has no
    best scorer and is counted as shared. `round_wins[k]` counts the rounds whose best scorer sat
    `k` places after the round's first to play (with partnerships: the side `k` places after its
    side); a game's last round counts too, up to the game's end."""

    players: int
    bots: list[str]
    games: int = 0
    finished: int = 0
    wins: list[int] = field(default_factory=list)
    rounds: int = 0
    rounds_sq: int = 0
    moves: int = 0
    moves_sq: int = 0
    turns: int = 0
    final_scores: dict[int, int] = field(default_factory=dict)  # how many times each final score came up
    scoring_events: int = 0
    scoring_points: int = 0
    steals: int = 0
    steal_points: int = 0
    lost_points: int = 0
    false_calls: int = 0              # Muggins calls with nothing to take (`muggins.false_call`)
    false_call_points: int = 0        # ... and the points they cost
    settled_points: int = 0           # points a round's end settled (penalties and awards: Family.settlement_reasons)
    extra: dict[str, int] = field(default_factory=dict)  # the family's own counters (see Family.counters)
    step: int = 1                     # the direction of play (1 clockwise, -1 counter-clockwise)
    sides: int = 0                    # the number of sides (0: as many as players, no partnerships)
    first_wins: list[int] = field(default_factory=list)  # wins by position from the game's first to play
    rounds_hist: dict[int, int] = field(default_factory=dict)   # games by their length in rounds
    turns_hist: dict[int, int] = field(default_factory=dict)    # ... in turns
    actions_hist: dict[int, int] = field(default_factory=dict)  # ... in actions
    winning_scores: dict[int, int] = field(default_factory=dict)
    margins: dict[int, int] = field(default_factory=dict)  # the winner's lead over the best other side
    entries: dict[str, list[int]] = field(default_factory=dict)  # scoring entry name: [times, points]
    round_count: int = 0              # rounds counted for the per-round fairness
    round_shared: int = 0             # ... of which the highest rise was shared (no best scorer)
    round_wins: list[int] = field(default_factory=list)  # best scorers by position from the round's first to play

    def __post_init__(self) -> None:
        if not self.wins:
            self.wins = [0] * self.players
        if not self.first_wins:
            self.first_wins = [0] * self.players
        if not self.sides:
            self.sides = self.players
        if not self.round_wins:
            self.round_wins = [0] * self.sides

    def merge(self, other: Tally) -> None:
        for name in ("games", "finished", "rounds", "rounds_sq", "moves", "moves_sq", "turns",
                     "scoring_events", "scoring_points", "steals", "steal_points", "lost_points",
                     "false_calls", "false_call_points", "settled_points", "round_count", "round_shared"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for name, count in other.extra.items():
            self.extra[name] = self.extra.get(name, 0) + count
        self.wins = [a + b for a, b in zip(self.wins, other.wins)]
        self.first_wins = [a + b for a, b in zip(self.first_wins, other.first_wins)]
        self.round_wins = [a + b for a, b in zip(self.round_wins, other.round_wins)]
        for mine, theirs in ((self.final_scores, other.final_scores), (self.rounds_hist, other.rounds_hist),
                             (self.turns_hist, other.turns_hist), (self.actions_hist, other.actions_hist),
                             (self.winning_scores, other.winning_scores), (self.margins, other.margins)):
            for value, count in theirs.items():
                mine[value] = mine.get(value, 0) + count
        for name, (times, points) in other.entries.items():
            entry = self.entries.setdefault(name, [0, 0])
            entry[0] += times
            entry[1] += points

    def add_game(self, state: Any, family: Family, played: dict[tuple[Any, ...], int],
                 scored: Counter[tuple[Any, int, str]]) -> None:
        """Count a finished game of `family` from what its state kept: counts, round starts, and
        the events statistics read (steals, losses, the family's counters). Games alike are
        counted in `played` by what the rest of its statistics read, and its score changes in
        `scored`, by player, points and reason, for `add_played` to count each once (every
        `PLAYED_KEPT` games that differ, and once the games are played): short games are much
        alike (of 3,000 games of card-muggins between greedy bots, 1,238 differ)."""
        counters, extra = family.counters, self.extra
        for event in state.events:
            kind = type(event)
            if kind is Stolen:
                self.steals += 1
                self.steal_points += event.score.points
            elif kind is Forfeited:
                self.lost_points += event.score.points
            elif kind in counters:
                extra[counters[kind]] = extra.get(counters[kind], 0) + 1
        scored.update(state.scored)
        outcome = state.outcome
        game = (outcome.winner, outcome.scores, outcome.rounds, state.moves, state.turns, tuple(state.round_starts))
        played[game] = played.get(game, 0) + 1
        if len(played) >= PLAYED_KEPT:
            self.add_played(played, scored, family)

    def add_played(self, played: dict[tuple[Any, ...], int], scored: Counter[tuple[Any, int, str]],
                   family: Family) -> None:
        """Count the games `add_game` counted in `played` and their score changes, each alike
        once, and empty both."""
        for (winner, scores, rounds, moves, turns, starts), times in played.items():
            self.record(winner, scores, rounds, moves, turns, starts[0][0], times)
            self.count_rounds(starts, scores, times)
        self.add_scored(scored, family)
        played.clear()
        scored.clear()

    def add_scored(self, scored: Counter[tuple[Any, int, str]], family: Family) -> None:
        """Count score changes by how many times each came up: earned in play (the scoring events,
        by entry; losses in play too), false calls, settlements."""
        unearned, entries = family.settlement_reasons, self.entries
        for (_, points, reason), times in scored.items():
            if points and reason not in unearned and reason not in UNEARNED_REASONS:
                self.scoring_events += times
                self.scoring_points += points * times
                entry = entries.setdefault(reason, [0, 0])
                entry[0] += times
                entry[1] += points * times
            elif reason == FALSE_CALL_REASON:
                self.false_calls += times
                self.false_call_points -= points * times
            elif reason in unearned:
                self.settled_points += points * times

    def count_rounds(self, starts: Sequence[tuple[int, Sequence[int]]], final: Sequence[int], times: int = 1) -> None:
        """Count each round from its first to play, of `times` games alike: `starts` holds, per
        round, that player and every seat's score when the round began; `final`, the scores at
        the game's end."""
        n, sides, step, wins = self.players, self.sides, self.step, self.round_wins
        count = len(starts)
        self.round_count += count * times
        shared = 0
        for i in range(count):
            opener, before = starts[i]
            after = starts[i + 1][1] if i + 1 < count else final
            # seat s stands for side s: partners share a score and sit `sides` apart
            if sides == 2:  # the common case, kept short: simulations count every round
                rise = (after[0] - before[0]) - (after[1] - before[1])
                if rise == 0:
                    shared += times
                else:
                    wins[((rise < 0) - opener) * step % n % 2] += times
                continue
            rises = [after[s] - before[s] for s in range(sides)]
            best = max(rises)
            if rises.count(best) > 1:
                shared += times
            else:
                wins[(rises.index(best) - opener) * step % n % sides] += times
        self.round_shared += shared

    def record(self, winner: int | None, scores: Any, rounds: int, moves: int, turns: int = 0,
               first: int = 0, times: int = 1) -> None:
        """Count `times` games alike: who won, the scores, the game's length, its first to play."""
        self.games += times
        self.rounds += rounds * times
        self.rounds_sq += rounds * rounds * times
        self.moves += moves * times
        self.moves_sq += moves * moves * times
        self.turns += turns * times
        hist = self.rounds_hist
        hist[rounds] = hist.get(rounds, 0) + times
        hist = self.turns_hist
        hist[turns] = hist.get(turns, 0) + times
        hist = self.actions_hist
        hist[moves] = hist.get(moves, 0) + times
        if winner is not None:
            self.finished += times
            self.wins[winner] += times
            n = self.players
            self.first_wins[(winner - first) * self.step % n] += times
            best = scores[winner]
            hist = self.winning_scores
            hist[best] = hist.get(best, 0) + times
            sides = self.sides
            if sides == n:  # no partnerships: every other seat is another side
                others = list(scores)
                del others[winner]
            else:
                side = winner % sides
                others = [score for p, score in enumerate(scores) if p % sides != side]
            if others:
                margin = best - max(others)
                hist = self.margins
                hist[margin] = hist.get(margin, 0) + times
        final_scores = self.final_scores
        for score in scores:
            final_scores[score] = final_scores.get(score, 0) + times


def play_shard(rules_spec: str, digest: str, players: int, bots: list[str], seed: int | str, start: int, stop: int,
               max_rounds: int, forget: float, attention: float, settings: tuple[str, ...] = ()) -> Tally:
    """Play games `start`..`stop - 1` of a simulation (run in any process, or on a cluster);
    `settings` are the `--set KEY=VALUE` overrides of the rules."""
    return play_games(_shard_rules(rules_spec, settings, digest), players, bots, seed, range(start, stop), max_rounds,
                      forget, attention)


# The rules each process has loaded for its shards, by (spec, settings, digest): loading a rule
# file costs about as much as playing 100 card games, and every shard of a simulation plays the
# same rules. A worker forked from the simulation's process starts with its rules.
_SHARD_RULES: dict[tuple[str, tuple[str, ...], str], Rules] = {}
SHARD_RULES_KEPT = 8


def _shard_rules(rules_spec: str, settings: tuple[str, ...], digest: str) -> Rules:
    """The rules a shard plays: those with `digest` the simulation started with, whatever the file
    says now (so every shard plays the same game); loaded where they were never loaded (a Dask
    worker, from the absolute path `simulate` sends), and refused, in words saying so, if the file
    is not there or differs."""
    key = (rules_spec, tuple(settings), digest)
    rules = _SHARD_RULES.get(key)
    if rules is None:
        if not resolve_rule_path(rules_spec).is_file():  # not "no rules named ...": the person's file exists
            raise MugginsError(say(WORDS, "missing", spec=rules_spec))
        rules = load_settings(rules_spec, settings)
        if rules.digest != digest:
            raise MugginsError(say(WORDS, "differ", spec=rules_spec))
        _keep_shard_rules(key, rules)
    return rules


def _keep_shard_rules(key: tuple[str, tuple[str, ...], str], rules: Rules) -> None:
    if len(_SHARD_RULES) >= SHARD_RULES_KEPT:
        _SHARD_RULES.clear()
    _SHARD_RULES[key] = rules


def play_games(rules: Rules, players: int, bots: list[str], seed: int | str, numbers: range, max_rounds: int,
               forget: float, attention: float, at_table: bool = False) -> Tally:
    """Play the numbered games of a simulation: the family's course, asking the bots' policies and
    building only the events statistics read; `at_table`, as at a table instead (bots choosing
    from their views, one move at a time, every event built): the same games, the tests check it."""
    game = make_game(rules, players, max_rounds)
    tally = Tally(players, bots, step=game.seats.step, sides=game.seats.sides)
    family = family_of(rules)
    played: dict[tuple[Any, ...], int] = {}
    scored: Counter[tuple[Any, int, str]] = Counter()
    if at_table:
        for number in numbers:
            tally.add_game(play_at_table(game, bots, f"{seed}:{number}", forget, attention), family, played, scored)
    else:
        policies = Policies(bots, seed, forget, attention)
        chance = random.Random()  # every game's, seeded anew for it (`engine.common.seeded`)
        for number in numbers:
            game_seed = f"{seed}:{number}"
            tally.add_game(game.new_state(game_seed, policies.for_game(game_seed), chance), family, played, scored)
    tally.add_played(played, scored, family)
    return tally


def play_at_table(game: Any, bots: list[str], seed: str, forget: float, attention: float) -> Any:
    """One game as bots play it at a table: each asked in turn from its view; the finished state."""
    state = game.new_state(seed)
    seats = make_bots(bots, seed, forget, attention)
    while state.outcome is None:
        actor = state.actor
        state.apply(seats[actor].choose(state.view(actor), state.legal_moves()))
    return state


def shards(games: int, size: int, first: int = 0) -> Iterator[tuple[int, int]]:
    for start in range(first, games, size):
        yield start, min(games, start + size)


def simulate(rules_spec: str, players: int, bots: list[str], games: int, seed: int | str, max_rounds: int = 1000,
             forget: float = 0.0, attention: float = 1.0, workers: int = 1, scheduler: str | None = None,
             shard_size: int | None = None, progress: Callable[[int], None] | None = None,
             settings: tuple[str, ...] = (), start: int = 0, lang: str = "en") -> Tally:
    """Play the seeded games `start`..`games - 1` and merge their statistics; the result does
    not depend on how the shards are spread over workers."""
    rules = load_settings(rules_spec, settings, lang)
    game = make_game(rules, players, max_rounds)  # refuse a bad player count before starting workers
    source = rules_source(rules_spec)  # the file read here, wherever a worker's working folder is
    _keep_shard_rules((source, tuple(settings), rules.digest), rules)
    size = shard_size or max(1, min(500, (games - start) // max(1, workers * 8) or 1))
    arguments = ((source, rules.digest, players, bots, seed, a, b, max_rounds, forget, attention, tuple(settings))
                 for a, b in shards(games, size, start))
    total = Tally(players, bots, step=game.seats.step, sides=game.seats.sides)

    def done(tally: Tally) -> None:
        total.merge(tally)
        if progress is not None:
            progress(tally.games)

    if scheduler:
        _on_dask(scheduler, arguments, done, lang)
    elif workers <= 1:
        for args in arguments:
            done(play_shard(*args))
    else:
        # Ctrl-C and SIGTERM wait while the workers are forked: a new worker must not run the
        # parent's handlers before `worker_started` sets its own (the parent then gets the
        # signal as soon as the workers are up, and stops them)
        stopping = {signal.SIGINT, signal.SIGTERM}
        signal.pthread_sigmask(signal.SIG_BLOCK, stopping)
        try:
            # forked, not spawned (Python 3.14's default): a worker starts with the rules this
            # process loaded (`_shard_rules`), and with the signals blocked above
            pool = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork"),
                                       initializer=worker_started)
            pool.submit(os.getpid).result()  # every worker is forked with the first task
        finally:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, stopping)
        try:
            in_flight(pool.submit, arguments, IN_FLIGHT_PER_WORKER * workers, done)
        except BaseException:
            stop_workers(pool)  # an error, Ctrl-C or SIGTERM: no shard is left running anywhere
            raise
        pool.shutdown()
    return total


def worker_started() -> None:
    """In each worker process: Ctrl-C belongs to the parent (which stops the workers itself),
    and a worker whose parent is gone, however it went, exits at once rather than run on."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the parent's handler: a worker just ends
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})  # forked while blocked
    parent = multiprocessing.parent_process()
    if parent is not None:
        sentinel = parent.sentinel
        threading.Thread(target=_exit_with_parent, args=(sentinel,), daemon=True).start()


def _exit_with_parent(sentinel: int) -> None:
    multiprocessing.connection.wait([sentinel])
    os._exit(1)


def stop_workers(pool: ProcessPoolExecutor) -> None:
    """End the worker processes now, not when their shards finish, and wait for the pool's own
    thread to see them gone: left running, it can close its wake-up pipe while Python's exit
    writes to it (Python 3.11), which prints a traceback after "interrupted"."""
    for child in multiprocessing.active_children():
        child.terminate()
    pool.shutdown(wait=True, cancel_futures=True)


# Shards submitted ahead of the results, per worker: enough to keep every worker busy.
IN_FLIGHT_PER_WORKER = 4


def in_flight(submit: Callable[..., Future], arguments: Iterable[tuple], limit: int,
              done: Callable[[Tally], None]) -> None:
    """Run `play_shard` on each argument tuple through `submit`, with at most `limit` shards
    submitted and not yet merged, whatever the number of shards."""
    pending: set[Future] = set()
    for args in arguments:
        if len(pending) >= limit:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                done(future.result())
        pending.add(submit(play_shard, *args))
    for future in wait(pending).done:
        done(future.result())


# Seconds to connect to a Dask scheduler and hear its handshake: a server that is not one (or
# says nothing) is refused within this time.
SCHEDULER_TIMEOUT = 10.0

WORDS = {
    "en": {
        "needs_dask": "--scheduler needs Dask: pip install 'muggins[cluster]'",
        "unreachable": "cannot reach the Dask scheduler at {address!r}: {reason} (an address looks like "
                       "tcp://HOST:8786)",
        "silent": "no answer within {seconds:g} seconds",
        "no_connection": "no connection could be made",
        "bad_address": "not an address Dask can use",
        "not_dask": "it does not answer as a Dask scheduler does",
        "missing": "the rule file {spec!r} is missing where this shard runs (every Dask worker reads it at that "
                   "path)",
        "differ": "the rules {spec!r} differ where this shard runs",
    },
    "es": {
        "needs_dask": "--scheduler requiere Dask: pip install 'muggins[cluster]'",
        "unreachable": "no se puede conectar con el planificador de Dask en {address!r}: {reason} (una dirección "
                       "es como tcp://HOST:8786)",
        "silent": "sin respuesta en {seconds:g} segundos",
        "no_connection": "no se pudo establecer la conexión",
        "bad_address": "no es una dirección que Dask pueda usar",
        "not_dask": "no responde como lo hace un planificador de Dask",
        "missing": "falta el fichero de reglas {spec!r} donde se juega este lote de partidas (cada trabajador de "
                   "Dask lo lee en esa ruta)",
        "differ": "las reglas {spec!r} son otras donde se juega este lote de partidas",
    },
}


def _unreachable(address: str, reason: str, lang: str, error: BaseException | None = None) -> MugginsError:
    """The scheduler cannot be reached, for `reason` (a key of WORDS) said in `lang`; Dask's own
    account of the `error` is English, so only an English run adds it, shortened, in brackets."""
    words = WORDS.get(lang, WORDS["en"])
    said = words[reason].format(seconds=SCHEDULER_TIMEOUT + 1)
    if error is not None and lang == "en":
        detail = " ".join(str(error).split()) or type(error).__name__
        if reason == "not_dask":  # not a connection's failure: what it answered is the clue
            detail = " ".join(f"{type(error).__name__}: {error}".split())
        said += f" ({detail if len(detail) <= 80 else detail[:77] + '...'})"
    return MugginsError(words["unreachable"].format(address=address, reason=said))


def check_scheduler(address: str, lang: str = "en") -> None:
    """Connect to `address` and hear its handshake as a Dask client does, within
    SCHEDULER_TIMEOUT seconds (Dask bounds the connection, not what follows it); whatever goes
    wrong is one MugginsError naming the address, in the person's language."""
    import asyncio
    try:
        from distributed.comm import connect
    except ImportError:
        raise MugginsError(WORDS.get(lang, WORDS["en"])["needs_dask"]) from None

    async def handshake() -> None:
        comm = await connect(address, timeout=SCHEDULER_TIMEOUT)
        await comm.close()

    bound = SCHEDULER_TIMEOUT + 1  # Dask's connect gives up by itself first, with its own reason
    try:
        asyncio.run(asyncio.wait_for(handshake(), bound))
    except asyncio.TimeoutError:  # connected, and then nothing (before OSError: in 3.11 it is one)
        raise _unreachable(address, "silent", lang) from None
    except OSError as exc:  # refused, no route, an unknown host: Dask retries them all until it times out
        raise _unreachable(address, "no_connection", lang, exc) from None
    except (ValueError, TypeError) as exc:  # an address Dask cannot parse (no port, an unknown scheme)
        raise _unreachable(address, "bad_address", lang, exc) from None
    except Exception as exc:  # it answered, but not Dask's protocol (an HTTP server, a proxy)
        raise _unreachable(address, "not_dask", lang, exc) from None


def _on_dask(address: str, arguments: Iterator[tuple], done: Callable[[Tally], None], lang: str = "en") -> None:
    check_scheduler(address, lang)  # first: it also says when Dask is not installed
    from distributed import Client, as_completed as dask_completed
    try:
        client = Client(address, timeout=SCHEDULER_TIMEOUT)
    except Exception as exc:  # the scheduler went away (or changed) since it answered the probe
        raise _unreachable(address, "no_connection", lang, exc) from None
    with client:
        limit = IN_FLIGHT_PER_WORKER * max(1, sum(client.nthreads().values()))
        first = [client.submit(play_shard, *args, pure=False) for _, args in zip(range(limit), arguments)]
        running = dask_completed(first)
        for future in running:  # as each shard finishes, merge it and submit the next
            done(future.result())
            future.release()
            following = next(arguments, None)
            if following is not None:
                running.add(client.submit(play_shard, *following, pure=False))


# -- statistics ------------------------------------------------------------------------------------

def mean_sd(total: int, squares: int, count: int) -> tuple[float, float]:
    if count == 0:
        return 0.0, 0.0
    mean = total / count
    variance = max(0.0, (squares - total * total / count) / (count - 1)) if count > 1 else 0.0
    return mean, math.sqrt(variance)


def _rate(wins: int, trials: int) -> dict[str, Any]:
    low, high = wilson(wins, trials)
    return {"wins": wins, "win_rate": round(wins / trials if trials else 0, 6), "ci95": [round(low, 6), round(high, 6)]}


def _translated(rules: Rules, name: str) -> dict[str, Any]:
    """An entry's names in the other languages (`{"names": {"es": ...}}`), where they differ."""
    from .narration import reason_name  # the rule file's translation, else the table's word ("last")
    names = {}
    for lang in ("es",):
        named = reason_name(name, lang, rules)
        if named != name:
            names[lang] = named
    return {"names": names} if names else {}


def summary(tally: Tally, rules: Rules, seed: int | str, settings: Sequence[str] = ()) -> dict[str, Any]:
    """The statistics as plain data (what `--json` prints, described by `muggins schema stats`),
    rounded so they print stably."""
    r = lambda x: round(x, 6)  # noqa: E731
    n, games = tally.players, tally.games
    per_seat = [{"seat": seat + 1, "bot": tally.bots[seat], **_rate(tally.wins[seat], games)} for seat in range(n)]
    per_bot = []
    for kind in dict.fromkeys(tally.bots):
        seats = [s for s in range(n) if tally.bots[s] == kind]
        per_bot.append({"bot": kind, "seats": len(seats), **_rate(sum(tally.wins[s] for s in seats), games * len(seats))})
    rounds = mean_sd(tally.rounds, tally.rounds_sq, games)
    moves = mean_sd(tally.moves, tally.moves_sq, games)
    finals = tally.final_scores
    scores = mean_sd(sum(s * c for s, c in finals.items()), sum(s * s * c for s, c in finals.items()), games * n)
    histogram: dict[int, int] = {}
    for score, count in finals.items():
        low = score // HISTOGRAM_BIN * HISTOGRAM_BIN  # a bin is named by its lowest score
        histogram[low] = histogram.get(low, 0) + count
    result: dict[str, Any] = {
        "rules": rules.name, "label": label(rules.name, settings), "settings": list(settings),
        "digest": rules.digest, "players": n, "bots": tally.bots, "games": games,
        "seed": seed, "finished": tally.finished, "unfinished": games - tally.finished,
        "seats": per_seat, "by_bot": per_bot, "first_to_play": first_to_play(tally),
    }
    if tally.sides != n:
        side_rows = []
        for side in range(tally.sides):
            seats = [p for p in range(n) if p % tally.sides == side]
            side_rows.append({"side": side + 1, "seats": [p + 1 for p in seats],
                              **_rate(sum(tally.wins[p] for p in seats), games)})
        result["sides"] = side_rows
    result.update({
        "length": {"rounds": distribution(tally.rounds_hist), "turns": distribution(tally.turns_hist),
                   "actions": distribution(tally.actions_hist)},
        "rounds": {"mean": r(rounds[0]), "sd": r(rounds[1])},
        "moves": {"mean": r(moves[0]), "sd": r(moves[1])},
        "final_score": {"count": sum(finals.values()), "mean": r(scores[0]), "sd": r(scores[1]),
                        "min": min(finals, default=None),
                        "max": max(finals, default=None),
                        "p5": r(percentile(finals, 5)), "p50": r(percentile(finals, 50)),
                        "p95": r(percentile(finals, 95)),
                        "histogram": {str(k): histogram[k] for k in sorted(histogram)}},
        "winning_score": distribution(tally.winning_scores),
        "margin": distribution(tally.margins),
        "points_per_scoring_event": r(tally.scoring_points / tally.scoring_events if tally.scoring_events else 0),
        "scoring_events_per_game": r(tally.scoring_events / games if games else 0),
        "scoring_entries": [{"name": name, "times": times, "points": points,
                             "points_per_time": r(points / times if times else 0),
                             "points_per_game": r(points / games if games else 0),
                             **_translated(rules, name)}
                            for name, (times, points) in sorted(tally.entries.items())],
    })
    result.update({name: r(value) for name, value in family_of(rules).statistics(tally).items()})
    result.update(per_game_counts(tally, rules))
    return result


def per_game_counts(tally: Tally, rules: Rules) -> dict[str, float]:
    """The points that move other than by a scoring entry, per game, where the rules move any:
    Muggins steals and points lost unclaimed (claims), settlements (a family's round end), false
    calls and their cost (`muggins.false_call`)."""
    counts: dict[str, int] = {}
    if rules.has_claims:
        counts.update(muggins_steals=tally.steals, stolen_points=tally.steal_points, lost_points=tally.lost_points)
    if family_of(rules).settlement_reasons:
        counts["settled_points"] = tally.settled_points
    if rules.muggins.false_call is not None:
        counts.update(false_calls=tally.false_calls, false_call_points=tally.false_call_points)
    games = tally.games
    return {f"{name}_per_game": round(count / games if games else 0, 6) for name, count in counts.items()}


def first_to_play(tally: Tally) -> dict[str, Any]:
    """The win rate by place from the game's first to play (and by its side's, in partnerships)
    and, round by round, from each round's first: what the lot that picks the first hides.

    A fair share is what each place (or side) would win if the order of play did not matter:
    the finished games shared out, finished / games / sides, since an unfinished game is won by
    nobody (as the shared rounds are left out of the rounds' fair share)."""
    r = lambda x: round(x, 6)  # noqa: E731
    n, games, sides = tally.players, tally.games, tally.sides
    first: dict[str, Any] = {"fair_share": r(fair_share(tally.finished, games, sides)),
             "by_position": [{"position": k + 1, **_rate(tally.first_wins[k], games)} for k in range(n)]}
    first["advantage"] = r(first["by_position"][0]["win_rate"] - fair_share(tally.finished, games, n))
    if sides != n:
        # the first to play's side: the positions k with k % sides == 0 (partners sit `sides` apart)
        first["by_side"] = [{"side_position": j + 1,
                             **_rate(sum(tally.first_wins[k] for k in range(n) if k % sides == j), games)}
                            for j in range(sides)]
        first["advantage"] = r(first["by_side"][0]["win_rate"] - fair_share(tally.finished, games, sides))
    counted, shared = tally.round_count, tally.round_shared
    decided_share = fair_share(counted - shared, counted, sides)  # a shared round is won by no one side
    by_round_rows = [{"position": k + 1, **_rate(tally.round_wins[k], counted)} for k in range(sides)]
    first["by_round"] = {"by": "side" if sides != n else "player", "rounds": counted, "shared": shared,
                         "fair_share": r(decided_share), "by_position": by_round_rows,
                         "advantage": r(by_round_rows[0]["win_rate"] - decided_share)}
    return first


def intervals(data: dict[str, Any]) -> list[tuple[str, list[float]]]:
    """Every win-rate interval of a summary, named: what `--precision` narrows."""
    found = [(f"seat {row['seat']}", row["ci95"]) for row in data["seats"]]
    found += [(f"bot {row['bot']}", row["ci95"]) for row in data["by_bot"]]
    found += [(f"position {row['position']}", row["ci95"]) for row in data["first_to_play"]["by_position"]]
    found += [(f"side {row['side']}", row["ci95"]) for row in data.get("sides", ())]
    return found


def widest(data: dict[str, Any]) -> float:
    return max(high - low for _, (low, high) in intervals(data))
