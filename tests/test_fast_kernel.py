"""Rule: the simulation kernels play exactly the games the event engines play, seed by seed."""
from __future__ import annotations

from dataclasses import asdict
from pathlib import Path

import pytest

from muggins.engine import fastline, make_game
from muggins.loader import load_rules
from muggins.simulate import play_games

DOMINO_OPTIONS = {
    "defaults": "",
    "one half, per end": "line:\n  double_at_end: one_half\n  opening_double: per_end\n",
    "draw freely, keep drawn tiles": "draw:\n  only_when_stuck: false\n  one_at_a_time: false\n",
    "first end, reserve 2": "draw:\n  drawn_tile_end: first\n  reserve: 2\n",
    "pass freely": "pass:\n  only_when_boneyard_empty: false\n",
    "floor, no blocked penalty, clockwise": ("settlement:\n  floor: 0\n  on_blocked: false\n"
                                            "opener:\n  after_blocked: clockwise\n  next: clockwise\n"),
    "random lottery, win at round end": "opener:\n  first: {method: random}\n  next: lottery\nwin:\n  immediate: false\n",
    "all fives settlement": "settlement:\n  penalty: '0'\n  award: round_nearest(opponents_pips, 5)\n",
}


@pytest.mark.parametrize("options", list(DOMINO_OPTIONS), ids=list(DOMINO_OPTIONS))
def test_domino_kernel_plays_the_engines_games(options, tmp_path: Path):
    path = tmp_path / "variant.yaml"
    path.write_text("extends: domino-muggins\nname: variant\n" + DOMINO_OPTIONS[options])
    rules = load_rules(path)
    for players, bots in [(2, ["greedy", "random"]), (3, ["random"] * 3), (4, ["greedy"] * 4)]:
        assert fastline.supports(make_game(rules, players), bots)
        engine = play_games(rules, players, bots, "k", range(12), 15, 0.0, 1.0, fast=False)
        kernel = play_games(rules, players, bots, "k", range(12), 15, 0.0, 1.0, fast=True)
        assert asdict(kernel) == asdict(engine)


def test_rules_the_kernel_does_not_cover_are_simulated_by_the_engine():
    spinner = make_game(load_rules("domino-muggins-spinner"), 2)
    assert not fastline.supports(spinner, ["greedy", "greedy"])
    assert play_games(spinner.rules, 2, ["greedy", "greedy"], "k", range(3), 10, 0.0, 1.0).games == 3
