"""Rules of simulation: results depend only on rules, bots, seed and game count."""
from __future__ import annotations

import json
from concurrent.futures import Future

import pytest

from muggins.cli import main
from muggins.loader import load_rules
from muggins.overrides import load_settings
from muggins import simulate as simulate_module
from muggins.simulate import Tally, in_flight, play_games, simulate, summary
from muggins.stats import two_proportions, wilson


def run(workers=1, scheduler=None, spec="domino-muggins", games=24, players=3, bots=("greedy", "random", "greedy")):
    tally = simulate(spec, players, list(bots), games, "7", max_rounds=30, workers=workers, scheduler=scheduler,
                     shard_size=5)
    return summary(tally, load_rules(spec), "7")


def test_the_same_seed_gives_the_same_numbers_with_one_or_two_workers():
    assert run(workers=1) == run(workers=2)


def test_memory_stays_flat_shards_are_merged_as_they_finish_with_few_in_flight():
    submitted = merged = most = 0

    def submit(play, games):  # a shard that finished at once
        nonlocal submitted, most
        submitted += 1
        most = max(most, submitted - merged)
        future: Future = Future()
        future.set_result(Tally(2, ["greedy", "greedy"], games=games))
        return future

    def done(tally: Tally) -> None:
        nonlocal merged
        merged += 1

    in_flight(submit, ((5,) for _ in range(1000)), 8, done)
    assert merged == 1000 and most <= 8


def test_the_same_seed_gives_the_same_numbers_on_a_local_dask_cluster():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        # 12 shards, 8 in flight at most: the last ones are submitted as the first finish
        assert run(scheduler=cluster.scheduler_address, games=60) == run(workers=1, games=60)


def test_a_house_file_named_by_a_relative_path_is_the_one_the_cluster_plays(capsys, monkeypatch, tmp_path):
    """A Dask worker's working folder is not the command's (here: the one the cluster started
    in): the workers get the file the person named, whatever folder they run in."""
    distributed = pytest.importorskip("distributed")
    (tmp_path / "house.yaml").write_text("extends: card-muggins\nname: house\nwin:\n  target: 41\n")
    argv = ["simulate", "house.yaml", "--games", "20", "--json", "--workers", "1"]
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        monkeypatch.chdir(tmp_path)  # after the worker started elsewhere
        assert main([*argv, "--scheduler", cluster.scheduler_address]) == 0, capsys.readouterr().err
        on_cluster = json.loads(capsys.readouterr().out)
    assert main(argv) == 0
    assert on_cluster == json.loads(capsys.readouterr().out) and on_cluster["rules"] == "house"


def test_card_statistics_count_steals_and_lost_points():
    tally = simulate("card-muggins", 2, ["greedy", "random"], 30, "s", forget=0.5, attention=0.5, shard_size=7)
    data = summary(tally, load_rules("card-muggins"), "s")
    assert data["games"] == 30 and data["finished"] == 30
    assert data["muggins_steals_per_game"] > 0 and data["lost_points_per_game"] > 0
    assert sum(seat["wins"] for seat in data["seats"]) == 30


def test_false_calls_and_their_cost_are_counted_so_the_scores_add_up():
    """Under `muggins.false_call: 5` random bots call Muggins with nothing to take; each call costs
    5 (the rule file's number), so the points lost to false calls are 5 per call, and every point
    on the final scores is accounted for: the scoring entries, plus the steals, minus the false calls."""
    settings = ("muggins.false_call=5",)
    tally = simulate("card-muggins", 2, ["random", "random"], 40, "f", settings=settings, shard_size=9)
    assert tally.false_calls > 0 and tally.false_call_points == 5 * tally.false_calls
    finals = sum(score * times for score, times in tally.final_scores.items())
    earned = sum(points for _, points in tally.entries.values())
    assert finals == earned + tally.steal_points - tally.false_call_points
    data = summary(tally, load_settings("card-muggins", settings), "f")
    assert data["false_calls_per_game"] == round(tally.false_calls / 40, 6)
    assert data["false_call_points_per_game"] == round(tally.false_call_points / 40, 6)
    assert "false_calls_per_game" not in summary(simulate("card-muggins", 2, ["random", "random"], 3, "f"),
                                                 load_rules("card-muggins"), "f")


def test_the_settlements_points_are_counted_so_domino_scores_add_up():
    """Dominoes settle each round's leftover tiles (the text: each player loses their pips,
    rounded to 5): those points are reported per game, below zero, and with the entries and the
    steals they account for every point of the final scores."""
    tally = simulate("domino-muggins-claims", 3, ["greedy", "random", "greedy"], 12, "s", max_rounds=30,
                     forget=0.3, attention=0.5, shard_size=5)
    assert tally.settled_points < 0
    finals = sum(score * times for score, times in tally.final_scores.items())
    earned = sum(points for _, points in tally.entries.values())
    assert finals == earned + tally.steal_points + tally.settled_points
    data = summary(tally, load_rules("domino-muggins-claims"), "s")
    assert data["settled_points_per_game"] == round(tally.settled_points / 12, 6)
    assert "settled_points_per_game" not in summary(simulate("card-muggins", 2, ["random", "random"], 3, "f"),
                                                    load_rules("card-muggins"), "f")


def test_game_counts_and_wins_add_up():
    data = run(games=17)
    assert data["games"] == 17 and data["finished"] + data["unfinished"] == 17
    assert sum(s["wins"] for s in data["seats"]) == data["finished"]
    assert sum(data["final_score"]["histogram"].values()) == 17 * 3
    assert 0 <= data["blocked_round_rate"] <= 1


@pytest.mark.parametrize("spec, players", [("card-muggins", 2), ("card-muggins", 3), ("domino-partnership-all-fives", 4)])
def test_games_alike_are_counted_once_by_their_number_as_if_one_by_one(monkeypatch, spec, players):
    """A shard counts the games that end alike once, times their number (`Tally.add_played`):
    every statistic is what counting each game on its own gives (`PLAYED_KEPT` 1)."""
    times_seen = []
    record = Tally.record

    def spied(self, *args, **kwargs):
        times_seen.append(args[-1])
        record(self, *args, **kwargs)

    def played():
        return play_games(load_rules(spec), players, ["greedy"] * players, "alike", range(150), 20, 0.0, 1.0)

    monkeypatch.setattr(Tally, "record", spied)
    together = played()
    assert together.games == 150 and sum(times_seen) == 150
    if spec.startswith("card"):  # short games: some end alike, or this test tries nothing
        assert max(times_seen) > 1
    monkeypatch.setattr(simulate_module, "PLAYED_KEPT", 1)
    times_seen.clear()
    assert played() == together and set(times_seen) == {1}


def test_wilson_interval_contains_the_rate():
    low, high = wilson(30, 100)
    assert low < 0.3 < high and round(low, 3) == 0.219 and round(high, 3) == 0.396


def test_two_proportion_test_marks_real_differences_only():
    assert two_proportions(600, 1000, 400, 1000) < 0.01
    assert two_proportions(500, 1000, 510, 1000) > 0.05


def test_cli_simulate_json_is_the_same_with_one_and_two_workers(capsys):
    outputs = []
    for workers in ("1", "2"):
        assert main(["simulate", "card-muggins", "--players", "3", "--games", "20", "--workers", workers,
                     "--bots", "greedy,random", "--seed", "5", "--json"]) == 0
        outputs.append(json.loads(capsys.readouterr().out))
    assert outputs[0] == outputs[1]
    assert [s["bot"] for s in outputs[0]["seats"]] == ["greedy", "random", "greedy"]


def test_cli_compare_prints_both_rule_files_side_by_side(capsys):
    assert main(["compare", "card-muggins", "card-muggins-strict-21", "--games", "30", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "card-muggins" in out and "card-muggins-strict-21" in out and "P1 (greedy) wins" in out


def test_cli_simulate_refuses_bad_options(capsys):
    assert main(["simulate", "domino-muggins", "--bots", "clever"]) == 1
    assert "unknown bot 'clever'" in capsys.readouterr().err
    assert main(["simulate", "domino-muggins", "--players", "9"]) == 1
    assert "not 9" in capsys.readouterr().err


def test_points_by_scoring_entry_count_an_entrys_losses_below_zero(tmp_path):
    """An entry that takes points is played (added at once): its points per game are the sum of
    its score changes in the games, counted here from the same games played at a table."""
    from muggins.engine import make_game
    from muggins.engine.common import Scored
    from muggins.simulate import play_at_table
    house = tmp_path / "house.yaml"
    house.write_text("extends: domino-muggins\nname: house\nscoring:\n"
                     "  - {name: fives, when: 'ends_sum > 0 and ends_sum % 5 == 0', points: ends_sum}\n"
                     "  - {name: odd, when: 'ends_sum % 2 == 1', points: '0 - 1'}\n")
    rules = load_rules(str(house))
    data = summary(simulate(str(house), 2, ["greedy", "random"], 20, "n", workers=1), rules, "n")
    game = make_game(rules, 2)
    totals = {"fives": 0, "odd": 0}
    for number in range(20):
        state = play_at_table(game, ["greedy", "random"], f"n:{number}", 0.0, 1.0)
        for event in state.events:
            if isinstance(event, Scored) and event.reason in totals:
                totals[event.reason] += event.points
    entries = {entry["name"]: entry["points"] for entry in data["scoring_entries"]}
    assert entries == totals and totals["odd"] < 0 < totals["fives"]


@pytest.mark.parametrize("lang, said", [("en", "none of the 6 games ended"), ("es", "ninguna de las 6 partidas terminó")])
def test_a_simulation_where_no_game_ends_says_so_instead_of_a_win_rate(capsys, lang, said):
    # a target of 10000 cannot be reached in one round of card Muggins: its 52 cards are at most
    # 52 plays, each scoring at most the total (at most the limit, 31), the limit's 2 and a "last" 1
    status = main(["simulate", "card-muggins", "--games", "6", "--max-rounds", "1", "--set", "win.target=10000",
                   "--lang", lang])
    out = " ".join(capsys.readouterr().out.split())
    assert status == 0
    assert said in out
    assert "fair share is 0" not in out and "lo justo es 0" not in out


@pytest.mark.parametrize("lang, said", [
    ("en", "house: note: the scoring entry 'a twelve laid' reads the line's tiles (line.pips) otherwise than "
           "through count, sum, max or min of them or their last few (last with a number), so every placement"),
    ("es", "house: nota: la entrada de puntuación «un doce en la línea» lee las fichas de la línea (line.pips) de "
           "otro modo que con count, sum, max o min de ellas o con sus últimas (last con un número), así que")])
def test_simulate_says_which_scoring_entry_sends_it_to_scoring_each_move_on_its_own(tmp_path, capsys, lang, said):
    house = tmp_path / "house.yaml"
    house.write_text('extends: domino-muggins\nname: house\nscoring:\n'
                     '  - {name: long line, when: "count(line.pips) > 6", points: 1}\n'
                     '  - {name: double six last, when: "sum(last(line.pips, 2)) == 12", points: 2}\n'
                     '  - {name: a twelve laid, when: "12 in line.pips", points: 2}\n'
                     'translations:\n  es:\n    scoring:\n      a twelve laid: un doce en la línea\n')
    assert main(["simulate", str(house), "--games", "3", "--lang", lang]) == 0
    err = " ".join(capsys.readouterr().err.split())
    assert said in err and "long line" not in err and "double six last" not in err
    # the line's ends are kept by the line's state as met, and a count, sum, largest, smallest or
    # the last few of its tiles by its value before: no slower path to speak of
    house.write_text('extends: domino-muggins\nname: house\nscoring:\n'
                     '  - {name: matching ends, when: "distinct(ends) == 1", points: 1}\n'
                     '  - {name: long line, when: "count(line.pips) > 6 and max(line.highs) == 6", '
                     'points: "sum(line.lows) // 10"}\n')
    assert main(["simulate", str(house), "--games", "3", "--lang", lang]) == 0
    assert "line." not in capsys.readouterr().err
