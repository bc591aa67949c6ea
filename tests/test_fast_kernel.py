"""Rule: the simulation kernels play exactly the games the event engines play, seed by seed."""
from __future__ import annotations

from dataclasses import asdict
from pathlib import Path

import pytest

from muggins.engine import make_game
from muggins.families.line import kernel as fastline
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
    "settlement reading more than pips": ("settlement:\n  penalty: 'hand_size * 5 if blocked else round_nearest(hand_pips, 5)'\n"
                                          "  award: 'round_nearest(opponents_pips, 5) if score < 100 else 5'\n"),
}


def assert_kernel_plays_the_engines_games(kernel, base: str, options: str, tmp_path: Path, tables, max_rounds):
    """The kernel covers the variant, and its statistics equal the event engine's, game by game."""
    path = tmp_path / "variant.yaml"
    path.write_text(f"extends: {base}\nname: variant\n" + options)
    rules = load_rules(path)
    for players, bots, forget, attention in tables:
        assert kernel.supports(make_game(rules, players), bots)
        engine = play_games(rules, players, bots, "k", range(12), max_rounds, forget, attention, at_table=True)
        fast = play_games(rules, players, bots, "k", range(12), max_rounds, forget, attention)
        assert asdict(fast) == asdict(engine)


@pytest.mark.parametrize("options", list(DOMINO_OPTIONS), ids=list(DOMINO_OPTIONS))
def test_domino_kernel_plays_the_engines_games(options, tmp_path: Path):
    tables = [(2, ["greedy", "random"], 0.0, 1.0), (3, ["random"] * 3, 0.0, 1.0), (4, ["greedy"] * 4, 0.0, 1.0)]
    assert_kernel_plays_the_engines_games(fastline, "domino-muggins", DOMINO_OPTIONS[options], tmp_path, tables, 15)


def test_rules_the_kernel_does_not_cover_are_simulated_by_the_engine():
    spinner = make_game(load_rules("domino-muggins-spinner"), 2)
    assert not fastline.supports(spinner, ["greedy", "greedy"])
    assert play_games(spinner.rules, 2, ["greedy", "greedy"], "k", range(3), 10, 0.0, 1.0).games == 3


CARD_OPTIONS = {
    "defaults": "",
    "limit as last, last player starts": "pile:\n  exact_limit: {timing: as_last}\n  next_starter: last_player\n",
    "muggins on last, no last at round end": "last:\n  muggins: true\n  on_round_end: false\n",
    "no draw on go, no refill": "go:\n  draw: false\nrefill:\n  enabled: false\n",
    "no muggins": "muggins:\n  enabled: false\n",
    "random dealer, no cut, win at round end": "dealer:\n  first: {method: random}\n  cut: false\nwin:\n  immediate: false\n",
    "strict 21 and a last formula": "pile:\n  limit: 21\nlast:\n  points: '2 if total == limit else 1'\n",
    "last reading more than the total": "last:\n  points: '2 if score < 20 and pile_size > 2 else 1'\n",
}


@pytest.mark.parametrize("options", list(CARD_OPTIONS), ids=list(CARD_OPTIONS))
def test_simulated_card_games_are_the_games_played_at_a_table(options, tmp_path: Path):
    """The course run with the bots' policies (no views, only the events statistics read) plays
    the games the same bots play at a table, move by move from their views."""
    path = tmp_path / "variant.yaml"
    path.write_text("extends: card-muggins\nname: variant\n" + CARD_OPTIONS[options])
    rules = load_rules(path)
    for players, bots, forget, attention in [(2, ["greedy", "random"], 0.0, 1.0), (3, ["random"] * 3, 0.3, 0.6),
                                             (4, ["greedy"] * 4, 0.5, 0.2), (2, ["greedy"] * 2, 0.0, 0.5)]:
        at_table = play_games(rules, players, bots, "k", range(12), 8, forget, attention, at_table=True)
        assert asdict(play_games(rules, players, bots, "k", range(12), 8, forget, attention)) == asdict(at_table)
