"""Rule: a placement (a card laid) scores what the rule file's entries give when evaluated on it,
whatever the entries read, however the engine gets there.

The engine reads a placement's points from tables made when the game starts wherever it can:
by the sum alone, by the flags a turn knows (`dominoed`, `opening`), by the placed tile, with an
entry left out where those flags make its `when` false (`dominoed and ...` at a placement that
keeps tiles in hand), and otherwise evaluates the entries move by move. Here every entry is
evaluated directly on each placement, as the README defines scoring (in order, each reading what
the earlier ones `earned`), with every name computed from the position, and compared with what a
player is told a placement would score (`points_if`, which a greedy bot ranks by) and with what the
placement made did score. A card's scores are read from a table of the running total when the
entries read nothing else, and otherwise kept on the pile as the scoring reads it (its ranks,
values or suits), so the same is checked for cards laid on piles met again and again.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from muggins.bots import make_bots
from muggins.engine import make_game
from muggins.engine.common import Scored
from muggins.errors import RuleError
from muggins.families.line.game import Place
from muggins.families.pile import game as pile_game
from muggins.families.pile.game import Play
from muggins.loader import load_rules

FIVES = '{name: multiple of five, when: "ends_sum > 0 and ends_sum % 5 == 0", points: ends_sum}'
HOUSES = {
    # read only when a placement goes out: the line's ends and the tile behind `dominoed and`
    "going out": ['{name: going out, when: "dominoed and open_ends == 2 and max(ends) >= 3", points: 25}'],
    # the placed tile, at every placement
    "double bonus": ['{name: double bonus, when: "tile.is_double and ends_sum % 5 == 0", points: "tile.pips"}'],
    # the tile, only at the opening; what the earlier entries earned, only going out
    "opening and earned": ['{name: big opening, when: "opening and tile.high >= 5", points: "tile.low + 1"}',
                           '{name: echo, when: "not opening and dominoed and earned > 0", points: "earned // 5 + 1"}'],
    # the score behind a flag that does not decide it: move by move at every placement
    "late threes": ['{name: late threes, when: "not opening and score > 60 and ends_sum % 3 == 0", points: 3}'],
    # the line's ends at every placement: kept by the line's state (and the score read) as met
    "matching ends": ['{name: matching ends, when: "open_ends >= 2 and distinct(ends) == 1", points: 5}',
                      '{name: six late, when: "score > 50 and max(ends) == 6", points: "open_ends"}'],
    # the line's tiles and ends at every placement: a count of the tiles, kept with the line's state
    "line": ['{name: long line, when: "count(line.pips) > 6 and max(ends) == 6", points: 2}'],
    # sums, largest and smallest of the line's tiles, read as numbers kept by their values before
    "line sums": ['{name: heavy line, when: "sum(line.pips) % 7 == 0 and max(line.highs) >= 5", '
                  'points: "min(line.lows) + 1"}',
                  '{name: light line, when: "count(line.lows) >= 3 and max(line.lows) <= 2", points: "sum(line.highs) // 4"}'],
    # the line's last tiles: scored placement by placement, the aggregates beside them too
    "line last": ['{name: double six last, when: "sum(last(line.pips, 1)) == 12 or count(line.pips) == 9", points: 3}'],
}


def house(tmp_path: Path, name: str, spinner: bool) -> Any:
    return house_of(tmp_path, HOUSES[name], spinner)


def house_of(tmp_path: Path, added: list[str], spinner: bool) -> Any:
    entries = "\n".join(f"  - {entry}" for entry in [FIVES, *added])
    text = f"extends: domino-muggins\nname: house\nscoring:\n{entries}\n"
    if spinner:
        text += "line:\n  spinner: true\n"
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    return load_rules(str(path))


def direct_awards(rules: Any, game: Any, state: Any, move: Place) -> list[tuple[str, int]]:
    """Each entry evaluated on the line as `move` would leave it, every name from the position."""
    line = state.line.copy()
    line.place(move.tile, move.end)
    ends = tuple(amount for _, amount in line.contributions_by_end())
    hand_size = len(state.hands[state.turn]) - 1
    env: dict[str, Any] = {
        "players": game.players, "target": game.target, "ends_sum": sum(ends),
        "ends": ends, "open_ends": len(ends), "tile.high": move.tile.high, "tile.low": move.tile.low,
        "tile.pips": move.tile.pips, "tile.is_double": move.tile.is_double, "opening": state.line.empty,
        "dominoed": hand_size == 0, "hand_size": hand_size, "boneyard": len(state.boneyard),
        "score": state.scores[state.turn], "round": state.round,
        "line.highs": tuple(tile.high for tile in line.tiles), "line.lows": tuple(tile.low for tile in line.tiles),
        "line.pips": tuple(tile.pips for tile in line.tiles)}
    return entries_on(rules, env)[0]


def entries_on(rules: Any, env: dict[str, Any]) -> tuple[list[tuple[str, int]], int]:
    """Each entry that holds on `env`, in order, each reading what the earlier ones `earned`; and
    their points in all."""
    awards, earned = [], 0
    for entry in rules.scoring:
        env["earned"] = earned
        if entry.when(env):
            points = entry.points(env)
            earned += points
            awards.append((entry.name, points))
    return awards, earned


@pytest.mark.parametrize("spinner", [False, True])
@pytest.mark.parametrize("name", list(HOUSES))
def test_every_placement_scores_what_its_entries_give_on_it(tmp_path: Path, name: str, spinner: bool):
    rules = house(tmp_path, name, spinner)
    entry_names = {entry.name for entry in rules.scoring}
    checked = set()
    for players, seed in ((2, 1), (3, 2), (2, 3)):
        game = make_game(rules, players, max_rounds=4)
        state = game.new_state(seed)
        bots = make_bots(["greedy"] * players, seed)
        while not state.is_terminal():
            actor, legal = state.actor, state.legal_moves()
            view = state.view(actor)
            expected = {}
            for move in legal:
                if isinstance(move, Place):
                    expected[move] = direct_awards(rules, game, state, move)
                    assert view.points_if(move) == sum(points for _, points in expected[move]), (name, move)
            move = bots[actor].choose(view, legal)
            events = state.play(move)
            if isinstance(move, Place):
                scored = [(e.reason, e.points) for e in events if isinstance(e, Scored) and e.reason in entry_names]
                due = [award for award in expected[move] if award[1]]  # 0 is no score
                if state.is_terminal():  # the target reached: the awards after it are not scored
                    due = due[:len(scored)]
                assert scored == due, (name, move)
                checked.update(reason for reason, _ in scored)
    # the games reached what the house adds, so the comparisons above weighed it
    assert checked - {"multiple of five"}, f"no game of {name} scored its house entries"


# an entry whose `when` fails on some sums (a division by zero at 7) on a side evaluated before
# the flag that would make it false: written as an `and`, and as a `not` of an `or`
FAILING_FIRST = {
    "and": '{name: sevens, when: "100 // (ends_sum - 7) > 0 and dominoed", points: 5}',
    "not or": '{name: sevens, when: "not (100 // (ends_sum - 7) > 0 or not dominoed)", points: 5}',
}


def outcome(score: Any) -> Any:
    """What a placement scores, or that it fails (a rule file's formula failing is a RuleError)."""
    try:
        return score()
    except RuleError:
        return "fails"


@pytest.mark.parametrize("when", list(FAILING_FIRST))
def test_an_entry_whose_when_fails_before_its_flag_fails_the_placement(tmp_path: Path, when: str):
    """The sides of an `and` (an `or`) are evaluated in order: one that fails fails the placement
    whatever the flag after it, so the entry cannot be left out where the flag is false (a
    placement keeping tiles in hand at a sum of 7 fails, as the entries evaluated directly do)."""
    rules = house_of(tmp_path, [FAILING_FIRST[when]], False)
    game = make_game(rules, 2, max_rounds=4)
    failing = 0
    for seed in range(4):
        state = game.new_state(seed)
        for number in range(60):
            if state.is_terminal():
                break
            legal, view = state.legal_moves(), state.view(state.actor)
            playable = []
            for move in legal:
                if isinstance(move, Place):
                    expected = outcome(lambda: sum(points for _, points in direct_awards(rules, game, state, move)))
                    assert outcome(lambda: view.points_if(move)) == expected, (when, move)
                    failing += expected == "fails"
                    if expected != "fails":
                        playable.append(move)
                else:
                    playable.append(move)
            if not playable:
                break
            state.play(playable[number % len(playable)])
    assert failing > 5  # placements at a sum of 7 were weighed


CARD_HOUSES = {
    # Cribbage's pairs and runs, read from the pile's ranks, besides the multiples of five
    "pairs and runs": ['{name: pair, when: "same_at_end(pile.ranks) >= 2", points: "same_at_end(pile.ranks) * 2"}',
                       '{name: run, when: "run_at_end(pile.ranks) >= 3", points: "run_at_end(pile.ranks)"}'],
    # the pile's suits and values, the pile's size, the player's score and what was earned before
    "flush and tens": ['{name: flush, when: "pile_size >= 3 and distinct(last(pile.suits, 3)) == 1", points: 3}',
                       '{name: tens, when: "count(pile.values) >= 2 and sum(last(pile.values, 2)) == 20", points: 1}',
                       '{name: behind, when: "score < 20 and earned > 0", points: "earned // 5 + 1"}'],
}


def card_house(tmp_path: Path, name: str) -> Any:
    entries = "\n".join(f"  - {entry}" for entry in ['{name: multiple of five, when: "total % 5 == 0", points: total}',
                                                     *CARD_HOUSES[name]])
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: card-muggins\nname: house\nclaims:\n  required: false\nscoring:\n{entries}\n",
                    encoding="utf-8")
    return load_rules(str(path))


def direct_card_awards(rules: Any, game: Any, state: Any, card: Any) -> list[tuple[str, int]]:
    """Each entry evaluated on the pile as laying `card` would leave it, every name from the cards,
    then the exact limit reached (scored at once in these houses)."""
    deck = rules.pieces
    pile = [*state.pile.cards, card]
    value = lambda c: deck.values[c.rank - 1]
    total = sum(value(c) for c in pile)
    env: dict[str, Any] = {
        "total": total, "limit": game.limit, "card.rank": card.rank, "card.value": value(card),
        "card.suit": deck.suits.index(card.suit) + 1, "pile_size": len(pile),
        "hand_size": len(state.hands[state.turn]) - 1, "stock": len(state.stock), "players": game.players,
        "score": state.scores[state.turn], "target": game.target,
        "pile.ranks": tuple(c.rank for c in pile), "pile.values": tuple(value(c) for c in pile),
        "pile.suits": tuple(deck.suits.index(c.suit) + 1 for c in pile)}
    awards, earned = entries_on(rules, env)
    if total == game.limit:
        env["earned"] = earned
        awards.append(("exact limit", rules.options.exact_limit_points(env)))
    return awards


def card_games_scored(rules: Any, game: Any, seeds: range) -> tuple[set[str], list[tuple[int, ...]]]:
    """Play greedy games at the table, each legal card's points as a player is told them checked
    against the entries evaluated directly, and each card laid's scores against what it scored:
    the entries that scored, and each game's final scores."""
    entry_names = {entry.name for entry in rules.scoring} | {"exact limit"}
    checked, finals = set(), []
    for seed in seeds:
        state = game.new_state(seed)
        bots = make_bots(["greedy"] * game.players, seed)
        while not state.is_terminal():
            actor, legal = state.actor, state.legal_moves()
            view = state.view(actor)
            expected = {}
            for move in legal:
                if isinstance(move, Play):
                    expected[move] = direct_card_awards(rules, game, state, move.card)
                    assert view.points_if(move) == sum(points for _, points in expected[move]), move
            move = bots[actor].choose(view, legal)
            events = state.play(move)
            if isinstance(move, Play):
                scored = [(e.reason, e.points) for e in events if isinstance(e, Scored) and e.reason in entry_names]
                due = [award for award in expected[move] if award[1]]
                if state.is_terminal():  # the target reached: the awards after it are not scored
                    due = due[:len(scored)]
                assert scored == due, move
                checked.update(reason for reason, _ in scored)
        finals.append(tuple(state.scores))
    return checked, finals


@pytest.mark.parametrize("name", list(CARD_HOUSES))
def test_every_card_laid_scores_what_its_entries_give_on_the_pile(tmp_path: Path, name: str):
    rules = card_house(tmp_path, name)
    checked: set[str] = set()
    for players in (2, 3):
        checked |= card_games_scored(rules, make_game(rules, players, max_rounds=6), range(4))[0]
    assert checked - {"multiple of five", "exact limit"}, f"no game of {name} scored its house entries"


def test_piles_forgotten_past_the_bound_score_the_same(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """What a game keeps of the piles it met is bounded (`KNOWN_SCORES`): forgetting it, even in
    the middle of a pile a state still stands on, changes no score."""
    rules = card_house(tmp_path, "pairs and runs")
    game = make_game(rules, 2, max_rounds=6)
    _, remembered = card_games_scored(rules, game, range(6))
    assert reachable(game.pile_root) > 20
    monkeypatch.setattr(pile_game, "KNOWN_SCORES", 3)
    game = make_game(rules, 2, max_rounds=6)
    _, forgetful = card_games_scored(rules, game, range(6))
    assert forgetful == remembered
    assert reachable(game.pile_root) <= 4


def reachable(pile: Any) -> int:
    """The piles kept from `pile` on, itself included."""
    return 1 + sum(reachable(child) for child in pile.children.values())
