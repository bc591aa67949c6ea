"""Race the muggins interpreter against the hand-written baseline in ../shared/bench.

    python bench/bench.py                    # 300 domino and 3000 card games per configuration
    python bench/bench.py --games 200 --only cards
    python bench/bench.py --baseline PATH    # where the baseline's domino.py and cards.py are

For each game x {2,3,4} players x {random, greedy} both engines play the same number of games,
in one run, alternating, `--repeat` times (in turn first); the best time of each is kept for the
rates (the machines are noisy: compare the ratio, not the absolute figures). A "move" is a
turn as the baseline counts it: a placement (with any forced draws before it) or a pass, a card
played or a go. The ratio is our time per move over the baseline's: 1.0 is as fast, 1.5 is 50%
slower; it is the median of the ratios of the repeats, each of two runs side by side (this
shared machine's speed drifts by a quarter within minutes: two runs next to each other see the
same machine, the best of each may not). It also times loading and validating each built-in
rule file, and deriving its simulation (the course specialised for it, once in a process).
"""
from __future__ import annotations

import argparse
import importlib.util
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

from muggins.bots import Policies
from muggins.engine import make_game
from muggins.engine.table import SIMULATIONS
from muggins.loader import builtin_rule_names, load_rules
from muggins.simulate import play_games

HERE = Path(__file__).resolve().parent
# games per configuration by default: enough for each engine to run a good part of a second
DEFAULT_GAMES = {"domino": 300, "cards": 3000}


def load_baseline(folder: Path, name: str):
    spec = importlib.util.spec_from_file_location(f"baseline_{name}", folder / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def ours(rules, players: int, policy: str, games: int, max_rounds: int) -> tuple[float, int]:
    started = time.perf_counter()
    tally = play_games(rules, players, [policy] * players, "bench", range(games), max_rounds, 0.0, 1.0)
    return time.perf_counter() - started, tally.turns


def baseline(module, family: str, players: int, policy: str, games: int, max_rounds: int) -> tuple[float, int]:
    started = time.perf_counter()
    moves = 0
    for seed in range(games):
        if family == "domino":
            _, m, _ = module.play_game(seed, players, policy, max_rounds=max_rounds)
        else:
            _, m, _ = module.play_game(seed, players, policy)
        moves += m
    return time.perf_counter() - started, moves


def warm_up(rules, players: int, policy: str, max_rounds: int) -> None:
    """A few games first, untimed: the first game of a rule file, table and kind of bots in a
    process derives its simulation (a tenth of a second or more), which no run should count."""
    ours(rules, players, policy, 3, max_rounds)


def raced(first: Callable[[], tuple[float, int]], second: Callable[[], tuple[float, int]],
          repeat: int) -> tuple[float, int, float, int, float]:
    """Run both `repeat` times side by side, each first in turn: the best time and the moves of
    each, and the median over the repeats of the first's time per move over the second's."""
    best = [float("inf"), float("inf")]
    moves = [0, 0]
    ratios = []
    for i in range(max(1, repeat)):
        per_move = [0.0, 0.0]
        for k in ((0, 1) if i % 2 == 0 else (1, 0)):
            t, m = (first, second)[k]()
            best[k], moves[k], per_move[k] = min(best[k], t), m, t / m
        ratios.append(per_move[0] / per_move[1])
    return best[0], moves[0], best[1], moves[1], statistics.median(ratios)


def variant_rows(games: dict[str, int], repeat: int, max_rounds: int) -> list[str]:
    """Each built-in variant, and each house rule of bench/rules/house-*.yaml (scoring that reads
    the flags of a turn, the placed tile, the line or the pile), against the built-in rule file of
    its family it extends (or, for a file written whole, the family's first built-in): time per turn."""
    roots = {"line": "domino-muggins", "pile": "card-muggins"}
    rows = []
    for name in [*builtin_rule_names(), *map(str, sorted((HERE / "rules").glob("house-*.yaml")))]:
        rules = load_rules(name)
        base_name = rules.bases[-1] if rules.bases else roots[rules.family]
        if name in roots.values():
            continue
        base = load_rules(base_name)
        players = next(n for n in rules.player_counts if n in base.player_counts or n == rules.player_counts[-1])
        base_players = players if players in base.player_counts else base.player_counts[-1]
        count = games["domino" if rules.family == "line" else "cards"]
        warm_up(rules, players, "greedy", max_rounds)
        warm_up(base, base_players, "greedy", max_rounds)
        t1, m1, t2, m2, ratio = raced(lambda: ours(rules, players, "greedy", count, max_rounds),
                                      lambda: ours(base, base_players, "greedy", count, max_rounds), repeat)
        rows.append(f"| {rules.name} | {base_name} | {players} | {m1 / t1:,.0f} | {m2 / t2:,.0f} | {ratio:.2f} |")
    return rows


def worker_rows(games: int, repeat: int) -> list[str]:
    """`simulate` on card-muggins (2 greedy players) with 1 and 2 workers, in this process: games
    per second of the simulation itself (the interpreter's start-up is not a game)."""
    from muggins.simulate import simulate
    best = {}
    for _ in range(max(1, repeat)):
        for workers in (1, 2):
            started = time.perf_counter()
            simulate("card-muggins", 2, ["greedy", "greedy"], games, "bench", workers=workers)
            best[workers] = min(best.get(workers, float("inf")), time.perf_counter() - started)
    speedup = best[1] / best[2]
    return [f"| {workers} | {games:,} | {best[workers]:.2f} | {games / best[workers]:,.0f} | "
            f"{speedup if workers == 2 else 1:.2f} |" for workers in (1, 2)]


# run in the measured process: the simulation, then its own peak (Linux's VmHWM, of this program
# alone: a child's ru_maxrss keeps the high-water mark of the bench process it was forked from)
PEAK = ("import sys; from muggins.launch import main; status = main(); "
        "sys.stderr.write(''.join(line for line in open('/proc/self/status') if line.startswith('VmHWM:'))); "
        "sys.exit(status)")


def memory_rows(counts: list[int]) -> list[str]:
    """Peak resident memory of `muggins simulate card-muggins --games N` (one worker), each in a
    process of its own: it must not grow with the number of games."""
    rows = []
    for games in counts:
        command = [sys.executable, "-c", PEAK, "simulate", "card-muggins", "--games", str(games), "--seed", "bench"]
        started = time.perf_counter()
        done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if done.returncode:
            raise SystemExit(f"{' '.join(command)} failed ({done.returncode})")
        peak = next(int(line.split()[1]) for line in done.stderr.splitlines() if line.startswith("VmHWM:"))
        rows.append(f"| {games:,} | {time.perf_counter() - started:.1f} | {peak / 1024:.0f} |")
    return rows


def loading_times() -> list[tuple[str, float, float, float, float]]:
    """(name, import ms, first load ms, warm load ms, specialising ms) for every built-in rule
    file: the import of muggins and its libraries, then loading and validating the file in a
    fresh process (the expression parser comes from Lark's cache), then again in this one, and
    deriving its simulation."""
    rows = []
    for name in builtin_rule_names():
        code = ("import time; t = time.perf_counter(); from muggins.loader import load_rules; "
                "u = time.perf_counter(); load_rules(%r); v = time.perf_counter(); "
                "print((u - t) * 1000, (v - u) * 1000)" % name)
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
        imported, first = map(float, out.split())
        started = time.perf_counter()
        for _ in range(10):
            load_rules(name)
        warm = (time.perf_counter() - started) * 100
        rows.append((name, imported, first, warm, specialising_time(name)))
    return rows


def specialising_time(name: str) -> float:
    """Milliseconds to derive the simulation of `name` for two greedy bots (engine/specialise.py),
    once in a process for each rule file, table and kind of bots."""
    rules = load_rules(name)
    players = rules.player_counts[0]
    game = make_game(rules, players, 10)
    SIMULATIONS.clear()
    started = time.perf_counter()
    game.new_state("bench", Policies(["greedy"] * players, "bench"))  # derives it, then plays one game
    derived = time.perf_counter() - started
    started = time.perf_counter()
    game.new_state("bench", Policies(["greedy"] * players, "bench"))
    return (derived - (time.perf_counter() - started)) * 1000


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int,
                        help="games per configuration, for each engine (default: 300 domino, 3000 card games)")
    parser.add_argument("--repeat", type=int, default=5,
                        help="runs of each configuration, the engines side by side, each first in turn: "
                             "the best time of each for the rates, the median of the runs' ratios")
    parser.add_argument("--max-rounds", type=int, default=200, help="domino round cap, for both engines")
    parser.add_argument("--baseline", type=Path, default=HERE.parent.parent / "shared" / "bench")
    parser.add_argument("--only", choices=["domino", "cards"])
    parser.add_argument("--rules", choices=["builtin", "as-baseline"], default="builtin",
                        help="race on the built-in rules, or on bench/rules/*-as-baseline.yaml: the same rules "
                             "with the baseline's own choices (a uniform pick of opener and dealer, no cut)")
    parser.add_argument("--no-loading", action="store_true", help="skip timing the rule files' loading")
    parser.add_argument("--no-variants", action="store_true", help="skip racing each variant against its base")
    parser.add_argument("--worker-games", type=int, default=100_000,
                        help="card games simulated with 1 and 2 workers (0 skips it)")
    parser.add_argument("--memory-games", type=int, nargs="*", default=[10_000, 1_000_000],
                        help="game counts whose peak memory is measured (none skips it)")
    args = parser.parse_args(argv)
    if not (args.baseline / "domino.py").is_file():
        parser.error(f"no baseline in {args.baseline} (give --baseline PATH)")
    families = [args.only] if args.only else ["domino", "cards"]
    games = {family: args.games or DEFAULT_GAMES[family] for family in families}
    print(f"python {sys.version.split()[0]}; games per configuration: "
          f"{', '.join(f'{count} {family}' for family, count in games.items())}; {args.repeat} runs side by side "
          f"(rates: the best; ratios: the median of the runs'); "
          f"domino round cap {args.max_rounds}; rules: {args.rules}")
    print()
    print("| game | players | bots | ours games/s | ours moves/s | baseline games/s | baseline moves/s | time per move, ours / baseline |")
    print("|---|---|---|---|---|---|---|---|")
    for family in families:
        module = load_baseline(args.baseline, "domino" if family == "domino" else "cards")
        if args.rules == "builtin":
            rules = load_rules("domino-muggins" if family == "domino" else "card-muggins")
        else:
            rules = load_rules(HERE / "rules" / f"{family}-as-baseline.yaml")
        for players in (2, 3, 4):
            for policy in ("random", "greedy"):
                warm_up(rules, players, policy, args.max_rounds)
                t1, m1, t2, m2, ratio = raced(
                    lambda: ours(rules, players, policy, games[family], args.max_rounds),
                    lambda: baseline(module, family, players, policy, games[family], args.max_rounds), args.repeat)
                print(f"| {family} | {players} | {policy} | {games[family] / t1:,.0f} | {m1 / t1:,.0f} | "
                      f"{games[family] / t2:,.0f} | {m2 / t2:,.0f} | {ratio:.2f} |", flush=True)
    if not args.no_variants:
        print()
        print("| variant | against | players | variant turns/s | base turns/s | time per turn, variant / base |")
        print("|---|---|---|---|---|---|")
        # as many games as a configuration above: a shorter run swings more with this machine than the files differ
        for row in variant_rows({"domino": games.get("domino", DEFAULT_GAMES["domino"]),
                                 "cards": games.get("cards", DEFAULT_GAMES["cards"])}, args.repeat, args.max_rounds):
            print(row, flush=True)
    if args.worker_games:
        print()
        print("| workers | card games | seconds | games/s | speed-up |")
        print("|---|---|---|---|---|")
        for row in worker_rows(args.worker_games, min(args.repeat, 2)):
            print(row, flush=True)
    if args.memory_games:
        print()
        print("| card games simulated | seconds | peak RSS (MiB) |")
        print("|---|---|---|")
        for row in memory_rows(args.memory_games):
            print(row, flush=True)
    if not args.no_loading:
        print()
        print("| rule file | import muggins (ms) | load and validate in a fresh process (ms) | again (ms) | "
              "specialise its simulation (ms) |")
        print("|---|---|---|---|---|")
        for name, imported, first, warm, derived in loading_times():
            print(f"| {name} | {imported:.0f} | {first:.1f} | {warm:.1f} | {derived:.0f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
