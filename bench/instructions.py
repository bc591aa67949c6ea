"""Count the machine instructions a simulation spends per move, under valgrind: the same count on
every run, where timings on a shared machine swing by a quarter.

    python bench/instructions.py                                   # the built-ins, 2 greedy players
    python bench/instructions.py --baseline                        # and the baseline's games
    python bench/instructions.py --rules bench/rules/house-long-line.yaml domino-muggins --games 100

Each count runs the games in a child process under `valgrind --tool=cachegrind --cache-sim=no`
twice, as the timing bench plays them: once to warm what a simulation keeps, then once more in
one run and twice more in the other; the difference is what the games themselves cost (starting
Python, loading the rules and warming cancel out), divided by their moves. Python's hash seed is
fixed, so both runs do the same work. An instruction is not a nanosecond (a cache miss costs
more than an addition), but a change that saves instructions saves time, and one run tells.
With `--caches`, cachegrind also simulates the first-level caches and a branch predictor: the
misses and mispredicted branches a move costs, which tell where time per move and instructions
per move diverge (a model of the machine, slower to run, not the machine's own counters).
Needs valgrind (Debian: `apt install valgrind`).
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
BASELINE = HERE.parent.parent / "shared" / "bench"  # the hand-written baseline, as bench.py's default
GAMES = {"line": 100, "pile": 1000}  # per family: enough for a count of a few seconds' work
BASELINE_GAMES = {"line": "domino", "pile": "cards"}


def child(kind: str, name: str, players: int, bots: str, games: int, repeat: int) -> None:
    """Play the games: once to warm, then `repeat` times; print the moves of the repeats."""
    sys.path.insert(0, str(HERE))
    import bench  # noqa: E402  # the timing bench's own way of playing them
    if kind == "ours":
        from muggins.loader import load_rules
        rules = load_rules(name)
        play = lambda: bench.ours(rules, players, bots, games, 1000)  # noqa: E731
    else:
        module = bench.load_baseline(BASELINE, name)
        play = lambda: bench.baseline(module, name, players, bots, games, 1000)  # noqa: E731
    play()
    print("moves", sum(play()[1] for _ in range(repeat)))


# what cachegrind's summary says, by the column each fills: instructions alone, or with `--caches`
COUNTS = {"instructions": r"I\s+refs:\s+([\d,]+)"}
CACHE_COUNTS = {**COUNTS, "L1 instruction misses": r"I1\s+misses:\s+([\d,]+)",
                "L1 data misses": r"D1\s+misses:\s+([\d,]+)", "mispredicted branches": r"Mispredicts:\s+([\d,]+)"}


def counted(kind: str, name: str, players: int, bots: str, games: int, repeat: int,
            caches: bool) -> tuple[list[int], int]:
    """The counts and moves of one child run under valgrind."""
    simulate = "yes" if caches else "no"
    command = ["valgrind", "--tool=cachegrind", f"--cache-sim={simulate}", f"--branch-sim={simulate}",
               "--cachegrind-out-file=/dev/null",
               sys.executable, __file__, "--child", kind, name, str(players), bots, str(games), str(repeat)]
    done = subprocess.run(command, capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    found = [re.search(pattern, done.stderr) for pattern in (CACHE_COUNTS if caches else COUNTS).values()]
    moves = re.search(r"^moves (\d+)$", done.stdout, re.M)
    if done.returncode or moves is None or None in found:
        sys.exit(f"{' '.join(command)} failed:\n{done.stderr[-2000:]}")
    return [int(match.group(1).replace(",", "")) for match in found if match], int(moves.group(1))


def per_move(kind: str, name: str, players: int, bots: str, games: int, caches: bool) -> list[int]:
    """Each count a move of the games costs: the games played twice, less once."""
    once, twice = (counted(kind, name, players, bots, games, repeat, caches) for repeat in (1, 2))
    moves = twice[1] - once[1]
    return [round((b - a) / moves) for a, b in zip(once[0], twice[0])]


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        kind, name, players, bots, games, repeat = sys.argv[2:8]
        child(kind, name, int(players), bots, int(games), int(repeat))
        return
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rules", nargs="+", default=["domino-muggins", "card-muggins"])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bots", choices=["greedy", "random"], default="greedy")
    parser.add_argument("--games", type=int, help="games per count (default: 100 domino, 1000 card games)")
    parser.add_argument("--baseline", action="store_true", help="count the baseline's games of each family too")
    parser.add_argument("--caches", action="store_true",
                        help="simulate the L1 caches and a branch predictor too: misses and mispredictions a move")
    args = parser.parse_args()
    from muggins.loader import load_rules
    columns = list(CACHE_COUNTS if args.caches else COUNTS)
    print("| rules | players | bots | games | " + " | ".join(f"{column} per move" for column in columns) + " |")
    print("|---|---|---|---|" + "---|" * len(columns))
    families = []
    for name in args.rules:
        family = load_rules(name).family
        families += [family] if family not in families else []
        games = args.games or GAMES[family]
        counts = per_move("ours", name, args.players, args.bots, games, args.caches)
        print(f"| {Path(name).stem} | {args.players} | {args.bots} | {games} | {cells(counts)} |", flush=True)
    for family in families if args.baseline else []:
        games = args.games or GAMES[family]
        counts = per_move("baseline", BASELINE_GAMES[family], args.players, args.bots, games, args.caches)
        print(f"| baseline {BASELINE_GAMES[family]} | {args.players} | {args.bots} | {games} | {cells(counts)} |",
              flush=True)


def cells(counts: list[int]) -> str:
    return " | ".join(f"{count:,}" for count in counts)


if __name__ == "__main__":
    main()
