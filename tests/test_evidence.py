"""Evidence for rule designers: the statistics are checked against values computed independently
(published examples, hand computations, NumPy), and the commands against bad input."""
from __future__ import annotations

import json
import re
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Sequence

import jsonschema
import numpy
import pytest

from muggins.cli import main
from muggins.loader import load_rules
from muggins.overrides import combinations, load_settings
from muggins.report import comparisons, csv_text, fairness_line, plain_summary, rows
from muggins.simulate import Tally, simulate, summary
from muggins.stats import distribution, hist_moments, holm, mean_ratio, percentile, proportion_difference, wilson

SCHEMA = json.loads((Path(__file__).parent.parent / "interpreter/muggins/schema/stats.schema.json").read_text())


# -- intervals, tests and corrections on published inputs -------------------------------------------

@pytest.mark.parametrize("k, n, low, high", [
    # Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I, method 3
    (81, 263, 0.2553, 0.3662), (15, 148, 0.0624, 0.1605), (0, 20, 0.0, 0.1611), (1, 29, 0.0061, 0.1718),
    (29, 29, 0.8830, 1.0)])
def test_wilson_interval_matches_newcombe_1998(k, n, low, high):
    assert wilson(k, n) == pytest.approx((low, high), abs=5e-5)


@pytest.mark.parametrize("a, n, b, m, low, high", [
    # Newcombe (1998), "Interval estimation for the difference between independent proportions",
    # Table II, method 10 (hybrid score)
    (56, 70, 48, 80, 0.0524, 0.3339), (9, 10, 3, 10, 0.1705, 0.8090), (6, 7, 2, 7, 0.0582, 0.8062)])
def test_difference_interval_matches_newcombe_method_10(a, n, b, m, low, high):
    d, lo, hi = proportion_difference(a, n, b, m)
    assert d == pytest.approx(a / n - b / m)
    assert (lo, hi) == pytest.approx((low, high), abs=5e-5)


def test_holm_adjusts_by_hand():
    # sorted: 0.005 x 4 = 0.02, 0.01 x 3 = 0.03, 0.03 x 2 = 0.06, 0.04 x 1 = 0.04 -> kept at 0.06 (monotone)
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    # capped at 1, and a single test is left alone
    assert holm([0.5, 0.6]) == pytest.approx([1.0, 1.0])
    assert holm([0.04]) == pytest.approx([0.04])


def test_ratio_of_means_interval_by_the_delta_method():
    ratio, low, high = mean_ratio(15.0, 3.0, 100, 10.0, 2.0, 100)
    se = (9 / (100 * 225) + 4 / (100 * 100)) ** 0.5  # by hand
    assert ratio == 1.5
    assert (low, high) == pytest.approx((1.5 * numpy.exp(-1.959964 * se), 1.5 * numpy.exp(1.959964 * se)), rel=1e-6)


# -- distributions from histograms ----------------------------------------------------------------

HAND_MADE = [3, 7, 7, 8, 10, 12, 12, 12, 15, 21, 40]


def test_percentiles_of_a_hand_made_set_match_numpy_and_hand_values():
    histogram: dict[int, int] = {}
    for value in HAND_MADE:
        histogram[value] = histogram.get(value, 0) + 1
    for q in (5, 25, 50, 75, 95):
        assert percentile(histogram, q) == pytest.approx(float(numpy.percentile(HAND_MADE, q)))
    # by hand (type 7): position (11 - 1) x 0.05 = 0.5, between 3 and 7; 10 x 0.95 = 9.5, between 21 and 40
    assert percentile(histogram, 5) == 5.0
    assert percentile(histogram, 50) == 12.0
    assert percentile(histogram, 95) == 30.5
    count, mean, sd = hist_moments(histogram)
    assert (count, mean, sd) == (11, pytest.approx(statistics.mean(HAND_MADE)), pytest.approx(statistics.stdev(HAND_MADE)))
    d = distribution(histogram)
    assert d["min"] == 3 and d["max"] == 40 and sum(d["histogram"]["counts"].values()) == 11


def test_a_hand_made_set_of_games_through_the_summary():
    """Five three-player games with known winners, first players, scores and lengths."""
    tally = Tally(3, ["greedy"] * 3)
    games = [  # winner, scores, rounds, actions, turns, first to play
        (0, [121, 80, 95], 5, 60, 40, 0),   # the first to play wins, by 26
        (2, [50, 100, 130], 6, 70, 45, 1),  # the second to play (seat 2 after seat 1) wins, by 30
        (1, [90, 125, 125], 4, 50, 30, 1),  # the first to play wins, by 0 (tied score, won by order)
        (None, [10, 20, 30], 9, 99, 80, 2),  # unfinished
        (0, [125, 0, 5], 3, 40, 20, 2),     # the second to play (seat 0 after seat 2) wins, by 120
    ]
    for winner, scores, rounds, actions, turns, first in games:
        tally.record(winner, scores, rounds, actions, turns, first)
    data = summary(tally, load_rules("domino-muggins"), "hand")
    ftp = data["first_to_play"]["by_position"]
    assert [row["wins"] for row in ftp] == [2, 2, 0]
    assert ftp[0]["win_rate"] == 0.4 and ftp[0]["ci95"] == pytest.approx(wilson(2, 5), abs=1e-6)
    assert [row["wins"] for row in data["seats"]] == [2, 1, 1]
    assert data["unfinished"] == 1
    assert data["margin"]["mean"] == pytest.approx(statistics.mean([26, 30, 0, 120]), abs=1e-6)
    assert data["margin"]["p50"] == pytest.approx(statistics.median([26, 30, 0, 120]))
    assert data["winning_score"]["mean"] == pytest.approx(statistics.mean([121, 130, 125, 125]))
    turns = data["length"]["turns"]
    assert turns["mean"] == pytest.approx(statistics.mean([40, 45, 30, 80, 20]))
    assert turns["sd"] == pytest.approx(statistics.stdev([40, 45, 30, 80, 20]), abs=1e-6)
    assert turns["p50"] == 40
    assert data["length"]["actions"]["max"] == 99 and data["length"]["rounds"]["min"] == 3
    # nobody won the unfinished game: the 4 finished games shared out among 3 places
    assert data["first_to_play"]["fair_share"] == pytest.approx(4 / 5 / 3, abs=1e-6)
    assert data["first_to_play"]["advantage"] == pytest.approx(0.4 - 4 / 5 / 3, abs=1e-6)


def test_partnerships_count_sides_and_the_first_to_play_side():
    tally = Tally(4, ["greedy"] * 4, sides=2)
    tally.record(0, [100, 60, 100, 60], 3, 30, 20, 2)  # seat 0 wins: position 2 from seat 2, the first's side
    tally.record(3, [40, 110, 40, 110], 3, 30, 20, 2)  # seat 3 wins: position 1 from seat 2, the other side
    tally.record(1, [40, 105, 40, 105], 3, 30, 20, 1)  # seat 1 is the first to play and wins
    data = summary(tally, load_rules("domino-partnership-all-fives"), "hand")
    assert [side["wins"] for side in data["sides"]] == [1, 2]
    assert [row["wins"] for row in data["first_to_play"]["by_side"]] == [2, 1]
    assert data["margin"]["mean"] == pytest.approx(statistics.mean([40, 70, 65]))


def test_a_comparison_shows_a_partnership_files_sides_whichever_file_comes_first():
    """The rows are those any file has: a file in partnerships beside one without shows its sides,
    its first to play's side and its rounds by side in either order, the other file a dash."""
    sides = Tally(4, ["greedy"] * 4, sides=2)
    sides.record(0, [100, 60, 100, 60], 3, 30, 20, 2)  # seat 0's side (P1, P3) wins once in three games
    sides.record(3, [40, 110, 40, 110], 3, 30, 20, 2)
    sides.record(1, [40, 105, 40, 105], 3, 30, 20, 1)
    solo = Tally(4, ["greedy"] * 4)
    solo.record(0, [100, 60, 50, 40], 3, 30, 20, 2)
    pair = summary(sides, load_rules("domino-partnership-all-fives"), "hand")
    alone = summary(solo, load_rules("domino-muggins"), "hand")
    for results in ([alone, pair], [pair, alone]):
        table = {row.label: [row.cell_of(data) for data in results] for row in rows(results, "en")}
        mine, other = results.index(pair), results.index(alone)
        assert table["side 1 (P1, P3) wins"][mine].startswith("33.3% [")  # 1 of 3
        assert table["side 2 (P2, P4) wins"][mine].startswith("66.7% [")
        assert table["first to play's side wins"][mine].startswith("66.7% [")  # 2 of 3
        assert table["side 1 (P1, P3) wins"][other] == table["first to play's side wins"][other] == "—"
        assert table["P1 (greedy) wins"][other].startswith("100.0% [")
    assert [row.label for row in rows([alone, pair], "en")] == [row.label for row in rows([pair, alone], "en")]


def test_the_fair_share_is_the_finished_games_shared_out_since_nobody_wins_an_unfinished_one():
    """Four partnership games, one stopped by the round cap: the first to play's side won 2 of 4,
    and a fair share of the 3 games won is 3 / 4 / 2 sides (not a half)."""
    tally = Tally(4, ["greedy"] * 4, sides=2)
    tally.record(0, [100, 60, 100, 60], 3, 30, 20, 2)  # seat 0 wins, two places after seat 2: the first's side
    tally.record(3, [40, 110, 40, 110], 3, 30, 20, 2)  # seat 3 wins, the place after seat 2: the other side
    tally.record(1, [40, 105, 40, 105], 3, 30, 20, 1)  # seat 1 is the first to play and wins
    tally.record(None, [10, 20, 10, 20], 9, 90, 60, 0)  # unfinished
    data = summary(tally, load_rules("domino-partnership-all-fives"), "hand")
    ftp = data["first_to_play"]
    assert ftp["fair_share"] == 0.375 and ftp["advantage"] == pytest.approx(2 / 4 - 0.375, abs=1e-6)
    by_label = {row.label: row for row in rows([data], "en")}
    assert by_label["first to play's advantage"].cell(data) == "+12.5 pp for the side over a fair 37.5%"
    low, high = wilson(2, 4)
    assert fairness_line(data, "en") == (f"domino-partnership-all-fives: the first to play's side wins 50.0% "
                                         f"[{100 * low:.1f}%, {100 * high:.1f}%] of the games, where a fair share "
                                         f"is 37.5%.")
    assert "cuando lo justo es 37,5\u00a0%" in fairness_line(data, "es")
    table = csv_text([data])
    assert "domino-partnership-all-fives,,first_to_play_fair_share,,0.375,,,," in table
    assert "domino-partnership-all-fives,,first_to_play_advantage,,0.125,,,," in table
    # nobody finished: nothing to share out, and no advantage either way
    none = Tally(2, ["greedy"] * 2)
    none.record(None, [5, 0], 2, 10, 8, 0)
    data = summary(none, load_rules("domino-muggins"), "hand")
    assert (data["first_to_play"]["fair_share"], data["first_to_play"]["advantage"]) == (0, 0)
    assert {row.label: row for row in rows([data], "en")}["first to play's advantage"].cell(data) == (
        "+0.0 pp over a fair 0.0%")


def test_a_round_cap_leaves_the_first_to_play_his_advantage_among_the_finished_games(capsys):
    """The fuzz report's case: with many games stopped by the round cap, the first opener's rate is
    set against the finished games shared out, not against a half of every game."""
    code, out, _ = run(capsys, "simulate", "domino-muggins", "--max-rounds", "14", "--games", "60", "--workers", "1",
                       "--json")
    assert code == 0
    data = json.loads(out)
    wins = [row["wins"] for row in data["first_to_play"]["by_position"]]
    assert 10 < sum(wins) < 50  # some games were not won: the cap stopped them
    fair = sum(wins) / 60 / 2
    assert data["first_to_play"]["fair_share"] == pytest.approx(fair, abs=1e-6)
    assert data["first_to_play"]["advantage"] == pytest.approx(wins[0] / 60 - fair, abs=1e-6)


def test_each_round_is_counted_from_its_own_first_to_play():
    """A hand-made set of rounds: who began each round, the scores as it began, the game's end."""
    tally = Tally(3, ["greedy"] * 3)
    # game 1: round 1 begun by seat 0, who rises most (10 against 5 and 0): position 1;
    # round 2 begun by seat 1, seat 2 rises most (20): position 2;
    # round 3 begun by seat 2, seat 1 rises most (25 against 2 and 0): position 3
    tally.count_rounds([(0, (0, 0, 0)), (1, (10, 5, 0)), (2, (10, 5, 20))], (12, 30, 20))
    # game 2: one round begun by seat 1, seats 0 and 1 share the top rise (5): no best scorer
    tally.count_rounds([(1, (0, 0, 0))], (5, 5, 0))
    # game 3: begun by seat 2, who rises most, then by seat 0 with nobody scoring (shared)
    tally.count_rounds([(2, (0, 0, 0)), (0, (0, 0, 7))], (0, 0, 7))
    assert (tally.round_wins, tally.round_count, tally.round_shared) == ([2, 1, 1], 6, 2)
    tally.record(0, [12, 30, 20], 3, 10, 10, 0)
    data = summary(tally, load_rules("domino-muggins"), "hand")["first_to_play"]["by_round"]
    assert (data["by"], data["rounds"], data["shared"]) == ("player", 6, 2)
    assert [row["wins"] for row in data["by_position"]] == [2, 1, 1]
    assert data["by_position"][0]["win_rate"] == pytest.approx(2 / 6, abs=1e-6)
    assert data["by_position"][0]["ci95"] == pytest.approx(wilson(2, 6), abs=1e-6)
    assert data["fair_share"] == pytest.approx(4 / 6 / 3, abs=1e-6)
    assert data["advantage"] == pytest.approx(2 / 6 - 4 / 18, abs=1e-6)
    # counter-clockwise play: the seat after seat 1 is seat 0
    backwards = Tally(3, ["greedy"] * 3, step=-1)
    backwards.count_rounds([(1, (0, 0, 0))], (4, 0, 1))
    assert backwards.round_wins == [0, 1, 0]
    # three games alike as game 3, counted at once (as a simulation counts games that end alike)
    alike = Tally(3, ["greedy"] * 3)
    alike.count_rounds([(2, (0, 0, 0)), (0, (0, 0, 7))], (0, 0, 7), times=3)
    assert (alike.round_wins, alike.round_count, alike.round_shared) == ([3, 0, 0], 6, 3)


def test_rounds_with_partnerships_are_counted_by_side():
    tally = Tally(4, ["greedy"] * 4, sides=2)
    # begun by seat 1, whose side (seats 1, 3) rises most: position 1; then by seat 0, the other side
    # (seats 1, 3) rises most: position 2; then by seat 2, the side of seats 0 and 2: position 1
    tally.count_rounds([(1, (0, 0, 0, 0)), (0, (0, 10, 0, 10)), (2, (0, 25, 0, 25))], (30, 25, 30, 25))
    assert (tally.round_wins, tally.round_count, tally.round_shared) == ([2, 1], 3, 0)
    tally.record(0, [30, 25, 30, 25], 3, 30, 20, 1)
    data = summary(tally, load_rules("domino-partnership-all-fives"), "hand")["first_to_play"]["by_round"]
    assert data["by"] == "side" and [row["wins"] for row in data["by_position"]] == [2, 1]
    # two games alike counted at once: begun by seat 1, whose side rises most, then nobody scores
    alike = Tally(4, ["greedy"] * 4, sides=2)
    alike.count_rounds([(1, (0, 0, 0, 0)), (0, (0, 10, 0, 10))], (0, 10, 0, 10), times=2)
    assert (alike.round_wins, alike.round_count, alike.round_shared) == ([2, 0], 4, 2)


def test_the_rounds_tally_is_the_same_simulated_at_a_table_and_on_any_number_of_workers():
    from muggins.simulate import play_games
    rules = load_rules("domino-muggins")
    simulated = simulate("domino-muggins", 2, ["greedy"] * 2, 40, "r", workers=1)
    sharded = simulate("domino-muggins", 2, ["greedy"] * 2, 40, "r", workers=2, shard_size=7)
    at_table = play_games(rules, 2, ["greedy"] * 2, "r", range(40), 1000, 0.0, 1.0, at_table=True)
    for tally in (sharded, at_table):
        assert (tally.round_wins, tally.round_count, tally.round_shared) == (
            simulated.round_wins, simulated.round_count, simulated.round_shared)
    assert simulated.round_count == simulated.rounds and simulated.round_count > 40


def test_compare_tests_and_sums_up_the_fairness_of_each_round():
    results = [summary(simulate(spec, 2, ["greedy"] * 2, 60, "h", workers=1), load_rules(spec), "h")
               for spec in ("domino-muggins", "card-cribbage-pegging")]
    tests = comparisons(results)
    first_round = [t for t in tests if t["statistic"] == "first to play in a round scores most in it"]
    assert len(first_round) == 1 and first_round[0]["p_holm"] < 0.01  # about 55% against 25% of the rounds
    a = results[1]["first_to_play"]["by_round"]
    b = results[0]["first_to_play"]["by_round"]
    d, low, high = proportion_difference(a["by_position"][0]["wins"], a["rounds"], b["by_position"][0]["wins"],
                                         b["rounds"])
    assert first_round[0]["effect"] == pytest.approx(d, abs=1e-6)
    assert first_round[0]["ci95"] == pytest.approx([low, high], abs=1e-6)
    assert "a round's first to play scores the most in" in plain_summary(results, tests, "en")[0]
    assert "quien juega primero en una ronda es quien más anota" in plain_summary(results, tests, "es")[0]


def test_compare_corrects_for_every_test_of_its_table_and_sums_up_in_plain_words():
    results = [summary(simulate(spec, 2, ["greedy"] * 2, 400, "h", workers=1), load_rules(spec), "h")
               for spec in ("card-muggins", "card-muggins-strict-21", "card-muggins-deal-of-seven")]
    tests = comparisons(results)
    assert [t["p_holm"] for t in tests] == pytest.approx(holm([t["p"] for t in tests]), abs=1e-7)
    assert {t["column"] for t in tests} == {1, 2}
    en, es = plain_summary(results, tests, "en"), plain_summary(results, tests, "es")
    assert len(en) == len(es) == 2
    assert "card-muggins-strict-21 against card-muggins" in en[0] and "as many turns" in en[0]
    assert "card-muggins-strict-21 frente a card-muggins" in es[0] and "quien juega primero" in es[0]


def test_compare_puts_a_file_in_partnerships_beside_one_without_testing_only_what_both_measure(capsys):
    """Rows follow the first file: win rates by side exist only for a file played in
    partnerships, and a round's positions count sides there, players elsewhere: not the same
    statistic, so neither is tested (a dash in the table); seats and lengths are."""
    specs = ("domino-partnership-all-fives", "domino-muggins")
    results = [summary(simulate(spec, 4, ["greedy"] * 4, 12, "p", workers=1), load_rules(spec), "p") for spec in specs]
    for ordered in (results, results[::-1]):
        tested = {t["statistic"] for t in comparisons(ordered)}
        assert {"P1 (greedy) wins", "first to play wins", "turns per game"} <= tested
        assert not any("side" in name or "in a round" in name for name in tested)
    code, out, err = run(capsys, "compare", *specs, "--players", "4", "--games", "6", "--workers", "1",
                         "--lang", "es")
    assert code == 0 and not err.strip()
    side_rows = [line for line in out.splitlines()  # by side, of a side (the label names a side)
                 if line.count("│") > 2 and "bando" in line.split("│")[1] and "%" in line]
    assert len(side_rows) >= 4 and all(line.rstrip(" │").endswith("—") for line in side_rows)
    # the first to play's advantage: its side's over a half in partnerships, its own over a quarter
    # without; each cell says which
    side, alone = results
    by_label = {row.label: row for row in rows(results, "en")}
    cells = [by_label["first to play's advantage"].cell(d) for d in results]
    side_points = 100 * (side["first_to_play"]["by_side"][0]["wins"] / 12 - 1 / 2)
    alone_points = 100 * (alone["first_to_play"]["by_position"][0]["wins"] / 12 - 1 / 4)
    assert cells[0] == f"{'+' if side_points >= 0 else '-'}{abs(side_points):.1f} pp for the side over a fair 50.0%"
    assert cells[1] == f"{'+' if alone_points >= 0 else '-'}{abs(alone_points):.1f} pp over a fair 25.0%"
    rounds = [by_label["a round's first to play's advantage"].cell(d) for d in results]
    assert "for the side" in rounds[0] and "side" not in rounds[1]


# -- the commands ------------------------------------------------------------------------------------

def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_games_nobody_wins_show_no_winning_score_nor_margin(capsys):
    """Without scoring and with nothing settled nobody ever scores: every game stops at the round
    cap, unfinished, and a winning score of 0 would describe games that were never won."""
    code, out, _ = run(capsys, "simulate", "domino-muggins", "--set", "scoring=[]", "--set", "settlement.penalty=0",
                       "--set", "settlement.award=0", "--games", "2", "--workers", "1")
    assert code == 0
    rows = {line.split("│")[1].strip(): line.split("│")[2].strip() for line in out.splitlines() if line.count("│") == 3}
    assert rows["unfinished games"] == "2 (100.0%)"
    assert rows["winning score"] == rows["margin of victory (points)"] == "—"


def test_a_sweep_where_nobody_wins_shows_no_winning_score_nor_margin(capsys, monkeypatch):
    """Three rounds of domino Muggins never reach 250 points: every game is unfinished."""
    monkeypatch.setenv("COLUMNS", "200")
    code, out, _ = run(capsys, "sweep", "domino-muggins", "--set", "win.target=250,300", "--max-rounds", "3",
                       "--games", "4", "--workers", "1")
    assert code == 0
    table = [[cell.strip() for cell in line.split("│")[1:-1]] for line in out.splitlines() if "win.target=" in line]
    assert len(table) == 2
    for cells in table:  # settings, first to play, turns, rounds, winning score, margin, unfinished
        assert cells[4] == cells[5] == "—" and cells[6] == "4"


SWEEP = ["sweep", "card-muggins", "--set", "win.target=41..81:20", "--set", "pile.limit=21,31", "--games", "20",
         "--workers", "1"]


@pytest.mark.parametrize("lang, percent", [("en", "{:.1f}%"), ("es", "{:.1f}\u00a0%")])
def test_a_sweep_at_80_columns_shows_every_number_whole(capsys, monkeypatch, lang, percent):
    """The fuzz report's sweep: at 80 columns its settings take too much room, so the rows are
    numbered and the settings listed under the table; no number is cut."""
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _ = run(capsys, *SWEEP, "--json")
    results = json.loads(out)["results"]
    code, out, _ = run(capsys, *SWEEP, "--lang", lang)
    assert code == 0 and "…" not in out and max(len(line) for line in out.splitlines()) <= 80
    lines = out.splitlines()
    cells = [[cell.strip() for cell in line.split("│")[1:-1]] for line in lines if line.startswith("│")]
    local = (lambda text: text.replace(".", ",")) if lang == "es" else (lambda text: text)
    for k, data in enumerate(results):
        top, below = cells[2 * k], cells[2 * k + 1]  # the value, and under it its interval and spread
        rate = data["first_to_play"]["by_position"][0]
        turns = data["length"]["turns"]
        assert top[:3] == [str(k + 1), local(percent.format(100 * rate["win_rate"])), local(f"{turns['mean']:.1f}")]
        low, high = (local(percent.format(100 * bound)) for bound in rate["ci95"])
        assert below[1:3] == [f"[{low}, {high}]", local(f"± {turns['sd']:.1f}")]
        assert top[4:] == [local(f"{data['winning_score']['mean']:.1f}"), local(f"{data['margin']['mean']:.1f}"), "0"]
        assert f"{k + 1}: {', '.join(data['settings'])}" in lines


def test_a_wide_sweep_table_names_the_settings_on_each_row(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "160")
    code, out, _ = run(capsys, *SWEEP)
    assert code == 0 and "…" not in out
    rows = [line for line in out.splitlines() if line.startswith("│")]
    assert [row.split("│")[1].strip() for row in rows] == [f"win.target={t}, pile.limit={p}" for t in (41, 61, 81)
                                                            for p in (21, 31)]


def test_the_csv_has_no_mean_of_nothing_and_compare_tests_no_winning_score_of_nothing():
    unwon, won = Tally(2, ["greedy"] * 2), Tally(2, ["greedy"] * 2)
    for tally in (unwon, won):
        tally.record(None, [30, 20], 3, 40, 30, 0)
        tally.record(None, [10, 40], 3, 40, 30, 1)
    won.record(0, [61, 40], 4, 50, 36, 1)
    won.record(1, [20, 62], 4, 50, 36, 0)
    rules = load_rules("domino-muggins")
    results = [summary(won, rules, "hand"), summary(unwon, rules, "hand")]
    lines = csv_text(results).splitlines()
    unwon_rows = [line for line in lines if ",winning_score," in line or ",margin_of_victory," in line]
    assert [line for line in unwon_rows if line.startswith("domino-muggins,,winning_score,")] == [
        "domino-muggins,,winning_score,count,2,,,,", "domino-muggins,,winning_score,mean,61.5,,,,",
        "domino-muggins,,winning_score,sd,0.707107,,,,", "domino-muggins,,winning_score,p5,61.05,,,,",
        "domino-muggins,,winning_score,p50,61.5,,,,", "domino-muggins,,winning_score,p95,61.95,,,,",
        "domino-muggins,,winning_score,count,0,,,,"]
    assert "domino-muggins,,margin_of_victory,count,0,,,," in unwon_rows[-2:]
    # every distribution has its count: the final scores are one for each seat of each game
    assert "domino-muggins,,final_score,count,8,,,," in lines  # 4 games, 2 seats
    assert results[0]["final_score"]["count"] == 8 and results[1]["final_score"]["count"] == 4
    tested = {t["statistic"] for t in comparisons(results)}
    assert "turns per game" in tested
    assert not {"winning score", "margin of victory (points)"} & tested


def claims_and_no_claims() -> list[dict]:
    """Two hand-made summaries: two games of a domino file with claims (8 rounds, 2 of them
    blocked, 12 scoring events of 90 points, 3 Muggins steals of 25 points, 10 points let go),
    and one game of a file without claims where nobody scored."""
    claims = Tally(2, ["greedy"] * 2)
    claims.record(0, [100, 40], 3, 60, 40, 0)
    claims.record(1, [70, 105], 5, 90, 70, 1)
    claims.scoring_events, claims.scoring_points = 12, 90
    claims.steals, claims.steal_points, claims.lost_points = 3, 25, 10
    claims.extra["blocked_rounds"] = 2
    silent = Tally(2, ["greedy"] * 2)
    silent.record(None, [0, 0], 3, 20, 20, 0)
    return [summary(claims, load_rules("domino-muggins-claims"), "hand"),
            summary(silent, load_rules("fives-and-threes"), "hand")]


def test_the_csv_has_every_number_the_table_shows():
    lines = csv_text(claims_and_no_claims()).splitlines()
    for row in ["points_per_scoring_event,,7.5", "scoring_events_per_game,,6.0", "blocked_round_rate,,0.25",
                "muggins_steals_per_game,,1.5", "stolen_points_per_game,,12.5", "lost_points_per_game,,5.0"]:
        assert f"domino-muggins-claims,,{row},,,," in lines
    # the file where nothing was scored: no points per scoring event (a mean of nothing), no claims
    silent = [line.split(",")[2] for line in lines if line.startswith("fives-and-threes,")]
    assert "scoring_events_per_game" in silent and "blocked_round_rate" in silent
    assert not {"points_per_scoring_event", "muggins_steals_per_game", "lost_points_per_game"} & set(silent)


@pytest.mark.parametrize("lang, steals, lost, per_event", [
    ("en", "Muggins steals per game", "points lost unclaimed per game", "points per scoring event"),
    ("es", "robos de Muggins por partida", "puntos perdidos sin reclamar por partida", "puntos por anotación")])
def test_compare_shows_a_dash_for_claims_in_a_file_without_them(lang, steals, lost, per_event):
    results = claims_and_no_claims()
    by_label = {row.label: row for row in rows(results, lang)}
    steal_cells, lost_cells = ([by_label[name].cell_of(d) for d in results] for name in (steals, lost))
    assert steal_cells == ["1,50" if lang == "es" else "1.50", "—"]
    assert lost_cells == ["5,00" if lang == "es" else "5.00", "—"]
    assert [by_label[per_event].cell_of(d) for d in results] == ["7,50" if lang == "es" else "7.50", "—"]


def test_compare_shows_every_files_rows_whichever_file_comes_first():
    """The file without claims given first: the other's steals, lost points, blocked rounds and
    scoring entries are rows still (they followed the first file only), a dash where not measured."""
    results = claims_and_no_claims()[::-1]
    cards = Tally(2, ["greedy"] * 2)
    cards.record(0, [61, 20], 1, 9, 9, 0)
    cards.entries.update({"fifteen": [4, 8], "pair": [2, 4]})
    results.append(summary(cards, load_rules("card-cribbage-pegging"), "hand"))
    cells = {row.label: [row.cell_of(d) for d in results] for row in rows(results, "en")}
    assert cells["Muggins steals per game"] == ["—", "1.50", "—"]
    assert cells["points lost unclaimed per game"] == ["—", "5.00", "—"]
    assert cells["blocked rounds"] == ["0.0%", "25.0%", "—"]  # fives-and-threes' one round was not blocked
    assert cells["'fifteen': points per game"] == ["—", "—", "8.00"]
    assert cells["'pair': points per game"] == ["—", "—", "4.00"]


def test_simulate_json_follows_the_schema_and_is_the_same_with_one_or_two_workers(capsys):
    outputs = []
    for workers in ("1", "2"):
        code, out, _ = run(capsys, "simulate", "card-muggins", "--games", "60", "--workers", workers, "--json",
                           "--set", "win.target=81")
        assert code == 0
        outputs.append(json.loads(out))
    assert outputs[0] == outputs[1]
    jsonschema.validate(outputs[0], SCHEMA)
    assert outputs[0]["settings"] == ["win.target=81"] and outputs[0]["label"] == "card-muggins (win.target=81)"
    code, out, _ = run(capsys, "schema", "stats")
    assert code == 0 and json.loads(out) == SCHEMA


def test_compare_and_sweep_json_follow_the_schema(capsys):
    code, out, _ = run(capsys, "compare", "card-muggins", "card-muggins-strict-21", "--games", "40", "--workers", "1",
                       "--json")
    assert code == 0
    data = json.loads(out)
    jsonschema.validate(data, SCHEMA)
    assert data["summary"]["es"] and data["summary"]["en"]
    code, out, _ = run(capsys, "sweep", "card-muggins", "--set", "win.target=41..81:20", "--set", "pile.limit=31,21",
                       "--games", "20", "--workers", "1", "--json")
    assert code == 0
    data = json.loads(out)
    jsonschema.validate(data, SCHEMA)
    assert [r["settings"] for r in data["results"]] == [
        ["win.target=41", "pile.limit=31"], ["win.target=41", "pile.limit=21"], ["win.target=61", "pile.limit=31"],
        ["win.target=61", "pile.limit=21"], ["win.target=81", "pile.limit=31"], ["win.target=81", "pile.limit=21"]]


def test_compare_tells_apart_files_that_share_a_name(capsys, monkeypatch, tmp_path: Path):
    """Two house files both named `house` (targets 41 and 121), and card-muggins given twice: each
    column, sentence, CSV row and JSON result names its file, the repeated one by its place too."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "200")
    for name, target in (("h1.yaml", 41), ("h2.yaml", 121)):
        (tmp_path / name).write_text(f"extends: card-muggins\nname: house\nwin:\n  target: {target}\n")
    files = ["h1.yaml", "h2.yaml", "card-muggins", "card-muggins"]
    code, out, _ = run(capsys, "compare", *files, "--games", "4", "--workers", "1", "--csv", "t.csv")
    assert code == 0
    header = next(line for line in out.splitlines() if "h1.yaml" in line)
    assert [cell.strip() for cell in header.split("┃")[2:-1]] == ["h1.yaml", "h2.yaml", "card-muggins #3",
                                                                  "card-muggins #4"]
    assert "h2.yaml against h1.yaml: " in out and "card-muggins #4 against h1.yaml: " in out
    rules_column = [line.split(",")[0] for line in (tmp_path / "t.csv").read_text().splitlines()[1:]]
    assert {"h1.yaml", "h2.yaml", "card-muggins #3", "card-muggins #4"} == set(rules_column)
    code, out, _ = run(capsys, "compare", *files[:2], "card-muggins", "--games", "4", "--workers", "1", "--json",
                       "--set", "pile.limit=21")
    data = json.loads(out)
    jsonschema.validate(data, SCHEMA)
    assert [r["label"] for r in data["results"]] == ["h1.yaml (pile.limit=21)", "h2.yaml (pile.limit=21)",
                                                     "card-muggins (pile.limit=21)"]
    assert [r.get("file") for r in data["results"]] == ["h1.yaml", "h2.yaml", None]
    assert {t["rules"] for t in data["comparisons"]} == {"h2.yaml (pile.limit=21)", "card-muggins (pile.limit=21)"}
    # in the CSV a comparison's row names its file and settings as the file's own rows do
    code, _, _ = run(capsys, "compare", *files[:2], "card-muggins", "--games", "4", "--workers", "1", "--csv",
                     "s.csv", "--set", "pile.limit=21")
    named = [tuple(line.split(",")[:3]) for line in (tmp_path / "s.csv").read_text().splitlines()[1:]]
    assert {(rules, settings) for rules, settings, _ in named} == {
        ("h1.yaml", "pile.limit=21"), ("h2.yaml", "pile.limit=21"), ("card-muggins", "pile.limit=21")}
    assert any(statistic.endswith("against h1.yaml (pile.limit=21)") for _, _, statistic in named)


def test_compare_folds_a_long_label_rather_than_cut_it(capsys, monkeypatch, tmp_path: Path):
    monkeypatch.setenv("COLUMNS", "80")
    folder = tmp_path / "a-rather-long-folder-name-for-house-rules"
    folder.mkdir()
    for name in ("first.yaml", "second.yaml"):
        (folder / name).write_text("extends: card-muggins\nname: house\n")
    code, out, _ = run(capsys, "compare", str(folder / "first.yaml"), str(folder / "second.yaml"), "--games", "4",
                       "--workers", "1")
    assert code == 0
    lines = out.splitlines()
    header = [line.split("┃")[2:4] for line in lines[:lines.index(next(x for x in lines if x.startswith("┡")))]
              if line.startswith("┃")]  # the first table's
    assert ["".join(cells[k].strip() for cells in header) for k in (0, 1)] == [
        str(folder / "first.yaml"), str(folder / "second.yaml")]  # whole, over several lines


def test_compare_prints_holm_marks_effects_and_the_summary_in_both_languages(capsys):
    code, out, _ = run(capsys, "compare", "card-muggins", "card-muggins-strict-21", "card-muggins-deal-of-seven",
                       "--games", "300", "--workers", "1")
    assert code == 0
    assert "Holm-corrected" in out and "In plain words" in out and "**" in out and "first to play wins" in out
    code, out, _ = run(capsys, "compare", "card-muggins", "card-muggins-strict-21", "--games", "300", "--workers", "1",
                       "--lang", "es")
    assert code == 0
    assert "corregido por Holm" in out and "En pocas palabras" in out and "frente a" in out


def test_compare_plays_every_file_with_the_fewest_players_all_of_them_allow(capsys, monkeypatch, tmp_path: Path):
    """README: compare runs "the same simulation (same players, bots, seed and games)" for each
    file. card-muggins is played by 2 to 4 and the partnership file by 4 only (their `players`),
    so both are played by 4: the title says so, every column has four seats, and the plot of
    four seats each is drawn."""
    specs = ("card-muggins", "domino-partnership-all-fives")
    assert [load_rules(spec).player_counts for spec in specs] == [(2, 3, 4), (4,)]
    code, out, err = run(capsys, "compare", *specs, "--games", "4", "--workers", "1", "--json")
    assert code == 0 and [data["players"] for data in json.loads(out)["results"]] == [4, 4]
    assert [len(data["seats"]) for data in json.loads(out)["results"]] == [4, 4]
    plot = tmp_path / "mixed.svg"
    monkeypatch.setenv("COLUMNS", "200")  # wide tables: a row a line
    code, out, err = run(capsys, "compare", *specs, "--games", "4", "--workers", "1", "--plot", str(plot))
    assert code == 0 and "Traceback" not in err and plot.exists()
    assert "4 players, bots greedy, greedy, greedy, greedy" in out
    statistics_table = out.split("┏")[1]  # the first table (the second gives the effects)
    seat_rows = [line for line in statistics_table.splitlines() if "(greedy) wins" in line]
    assert [line.split("│")[1].split()[0] for line in seat_rows] == ["P1", "P2", "P3", "P4"]
    assert all(line.count("%") >= 2 for line in seat_rows)  # a rate in both columns, none left empty


@pytest.mark.parametrize("lang, said", [
    ("en", "no number of players is allowed by every file (card-cribbage-pegging: 2, 3; "
           "domino-partnership-all-fives: 4)"),
    ("es", "ningún número de jugadores vale para todos los ficheros (card-cribbage-pegging: 2, 3; "
           "domino-partnership-all-fives: 4)")])
def test_compare_refuses_files_that_share_no_number_of_players_before_any_game(capsys, monkeypatch, lang, said):
    import muggins.cli

    def no_game(*args, **kwargs):
        raise AssertionError("a game was played")
    monkeypatch.setattr(muggins.cli, "simulate", no_game)
    code, out, err = run(capsys, "compare", "card-cribbage-pegging", "domino-partnership-all-fives", "--games", "4",
                         "--workers", "1", "--lang", lang)
    assert code == 1 and not out
    assert err.startswith(f"muggins: {said}") and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("command", [["simulate", "card-muggins"], ["compare", "card-muggins", "domino-muggins"],
                                     ["sweep", "card-muggins", "--set", "win.target=50,60"]])
@pytest.mark.parametrize("bots, count", [("", 0), (",", 0), ("greedy,random,greedy", 3)])
def test_bots_for_no_seat_or_more_bots_than_seats_are_refused_as_play_refuses_them(capsys, monkeypatch, command,
                                                                                     bots, count):
    """Two seats (the fewest players these files allow): no bot named, or a third bot that would
    be dropped, gets play's one line, before any game."""
    import muggins.cli

    def no_game(*args, **kwargs):
        raise AssertionError("a game was played")
    assert run(capsys, "play", "card-muggins", "--seed", "1", "--bots", bots) == (
        1, "", f"muggins: --bots names {count} bots for 2 bot seats\n")
    monkeypatch.setattr(muggins.cli, "simulate", no_game)
    for lang, said in (("en", f"--bots names {count} bots for 2 bot seats"),
                       ("es", f"--bots nombra {count} bots para 2 puestos de bot")):
        code, out, err = run(capsys, *command, "--games", "4", "--workers", "1", "--bots", bots, "--lang", lang)
        assert (code, out, err) == (1, "", f"muggins: {said}\n")


def test_precision_adds_seeded_games_until_every_interval_is_narrow_enough(capsys):
    code, out, err = run(capsys, "simulate", "card-muggins", "--games", "100", "--precision", "0.1", "--workers", "1",
                         "--json")
    assert code == 0
    data = json.loads(out)
    widths = [high - low for row in data["seats"] + data["first_to_play"]["by_position"] for low, high in [row["ci95"]]]
    assert max(widths) <= 0.1 and data["games"] > 100 and data["games"] % 100 == 0
    # the same games as asking for that many at once, with any number of workers
    code, again, _ = run(capsys, "simulate", "card-muggins", "--games", str(data["games"]), "--workers", "2", "--json")
    assert json.loads(again) == data


def test_plots_and_csv_are_written_whole(capsys, tmp_path: Path):
    png, svg, table = tmp_path / "fair.png", tmp_path / "cmp.svg", tmp_path / "t.csv"
    assert run(capsys, "simulate", "card-muggins", "--games", "50", "--workers", "1", "--plot", str(png),
               "--csv", str(table))[0] == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    rows = table.read_text().splitlines()
    assert rows[0] == "rules,settings,statistic,group,value,ci_low,ci_high,p,p_holm"
    assert any(row.startswith("card-muggins,,win_rate_by_position_from_first_to_play,1,") for row in rows)
    assert run(capsys, "compare", "card-muggins", "card-muggins-100", "--games", "30", "--workers", "1",
               "--plot", str(svg), "--lang", "es")[0] == 0
    assert b"<svg" in svg.read_bytes()[:500]
    sweep = tmp_path / "sweep.png"
    assert run(capsys, "sweep", "card-muggins", "--set", "win.target=41..121:40", "--games", "20", "--workers", "1",
               "--plot", str(sweep))[0] == 0
    assert sweep.read_bytes()[:4] == b"\x89PNG"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cmp.svg", "fair.png", "sweep.png", "t.csv"]  # no temporaries


def hand_summary(turns: list[int], winners: list[int | None], name: str = "card-muggins",
                 settings: Sequence[str] = ()) -> dict:
    """A summary of two-player games of the given lengths in turns and winners (the first to play
    is seat 0)."""
    tally = Tally(2, ["greedy"] * 2)
    for length, winner in zip(turns, winners):
        tally.record(winner, [61, 30] if winner == 0 else [30, 61], 1, length, length, 0)
    return summary(tally, load_rules(name), "hand", settings)


def test_the_sweep_plot_keeps_its_legend_and_labels_clear_of_the_data_and_each_other():
    """The fuzz report's sweep of six long settings, in Spanish: one legend below the panels (none
    inside, over the error bars), and neither it nor an axis label over a slanted setting name."""
    pytest.importorskip("matplotlib")
    from muggins.plots import sweep_figure
    results = [hand_summary([150 + 10 * k, 160], [k % 2, 0], "domino-muggins-short",
                            [f"win.overshoot={over}", f"win.immediate={now}"])
               for k, (over, now) in enumerate((o, n) for o in ("counts", "void", "capped") for n in ("true", "false"))]
    fig = sweep_figure("domino-muggins-short", results, "es")
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    assert len(fig.legends) == 1 and all(ax.get_legend() is None for ax in fig.axes)
    legend = fig.legends[0].get_window_extent(renderer)
    for ax in fig.axes:
        assert not legend.overlaps(ax.get_window_extent(renderer))
        names = [tick.get_window_extent(renderer) for tick in ax.get_xticklabels()]
        assert len(names) == 6 and not any(legend.overlaps(name) for name in names)
        for other in fig.axes:
            assert not any(other.yaxis.label.get_window_extent(renderer).overlaps(name) for name in names)
    fair = [line for line in fig.axes[0].lines if line.get_linestyle() == "--"]
    assert [(line.get_label(), list(line.get_ydata())) for line in fair] == [("parte justa (50,0\u00a0%)", [50, 50])]
    import matplotlib.pyplot as plt
    plt.close(fig)


def test_the_sweep_plot_takes_the_setting_swept_over_numbers_for_its_axis_whichever_comes_first():
    """README: "one labelled line per value of the other settings": with `win.overshoot` given before
    `pile.limit`, the limit is still the axis and each overshoot a line; settings that are no numbers
    at all are points named under the axis, never joined into a trend."""
    pytest.importorskip("matplotlib")
    import matplotlib.pyplot as plt
    from muggins.plots import sweep_figure
    results = [hand_summary([9, 9], [0, 1], "card-muggins", [f"win.overshoot={over}", f"pile.limit={limit}"])
               for over in ("counts", "void") for limit in (21, 31)]
    fig = sweep_figure("card-muggins", results)
    lines = {bars.get_label(): list(bars.lines[0].get_xdata()) for bars in fig.axes[0].containers}
    assert lines == {"win.overshoot=counts": [21, 31], "win.overshoot=void": [21, 31]}
    assert fig.axes[0].get_xlabel() == "pile.limit"
    plt.close(fig)
    results = [hand_summary([9, 9], [0, 1], "card-muggins", [f"win.overshoot={over}", f"win.immediate={now}"])
               for over in ("counts", "void") for now in ("true", "false")]
    fig = sweep_figure("card-muggins", results)
    drawn = [bars.lines[0] for ax in fig.axes for bars in ax.containers]
    assert len(drawn) == 3 and all(line.get_linestyle() == "None" for line in drawn)  # a win rate, turns, rounds
    assert len(fig.axes[0].get_xticklabels()) == 4
    plt.close(fig)


def test_the_sweep_plot_draws_the_fair_share_of_each_line_inside_the_frame():
    pytest.importorskip("matplotlib")
    from muggins.plots import sweep_figure
    results = [hand_summary([9, 9, 9, 9], [0, 1, 0, None if limit == 21 and target == 61 else 1], "card-muggins",
                            [f"win.target={target}", f"pile.limit={limit}"])
               for target in (41, 61) for limit in (21, 31)]
    fig = sweep_figure("card-muggins", results)
    fair = {line.get_label(): list(line.get_ydata()) for line in fig.axes[0].lines if line.get_linestyle() == "--"}
    # at target 61 with the limit 21 one game in four is unfinished: 3 / 4 / 2 players
    assert fair == {"fair share (pile.limit=21)": [50, 37.5], "fair share (pile.limit=31)": [50, 50]}
    import matplotlib.pyplot as plt
    plt.close(fig)
    # the README's sweep: every interval above a half, the lowest [51.1%, 53.8%]; the fair half is
    # drawn inside the frame, not on its edge
    results = [hand_summary([9] * 5000, [0] * wins + [1] * (5000 - wins), "card-muggins", [f"win.target={target}"])
               for target, wins in ((41, 3584), (61, 3214), (81, 2753), (101, 2726), (121, 2623))]
    fig = sweep_figure("card-muggins", results)
    assert fig.axes[0].get_ylim()[0] <= 49
    plt.close(fig)


def test_the_fair_share_of_games_nobody_finished_is_drawn_inside_the_frame():
    pytest.importorskip("matplotlib")
    import matplotlib.pyplot as plt
    from muggins.plots import results_figure
    fig = results_figure([hand_summary([40, 40], [None, None])])  # two games, both stopped by the round cap
    for ax in fig.axes[:2]:
        [fair] = [line for line in ax.lines if line.get_linestyle() == "--"]
        assert list(fair.get_ydata()) == [0, 0] and ax.get_ylim()[0] < 0
    plt.close(fig)


def test_the_length_plot_draws_every_bin_as_a_share_per_turn():
    """Games of 5, 7, 7 and 9 turns (bins of 1) beside games of 300, 302, 310 and 420 turns
    (bins of 5): each bin's share of the games over its width, empty bins at zero, the last bin
    with its width; and a fair share for each file where they differ (a quarter of the second
    file's games is unfinished)."""
    pytest.importorskip("matplotlib")
    from muggins.plots import results_figure
    short = hand_summary([5, 7, 7, 9], [0, 1, 0, 1])
    long = hand_summary([300, 302, 310, 420], [0, 0, 1, None])
    assert (short["length"]["turns"]["histogram"]["bin"], long["length"]["turns"]["histogram"]["bin"]) == (1, 5)
    fig = results_figure([short, long])
    steps = [patch.get_data() for patch in fig.axes[2].patches]
    assert list(steps[0].values) == [25, 0, 50, 0, 25] and list(steps[0].edges) == [5, 6, 7, 8, 9, 10]
    # 2 of 4 games in 300-304, 1 in 310-314, 1 in 420-424: 50%, 25%, 25% over 5 turns each
    values = [0.0] * 25
    values[0], values[2], values[24] = 10.0, 5.0, 5.0
    assert list(steps[1].values) == pytest.approx(values) and list(steps[1].edges) == list(range(300, 430, 5))
    assert fig.axes[2].get_xlabel() == "turns per game (in bins of 1 and 5)"
    fair = [(line.get_label(), line.get_ydata()[0]) for line in fig.axes[0].lines if line.get_linestyle() == "--"]
    assert fair == [("fair share, card-muggins (50.0%)", 50.0), ("fair share, card-muggins (37.5%)", 37.5)]
    one = results_figure([long], "es")
    assert [(line.get_label(), line.get_ydata()[0]) for line in one.axes[1].lines if line.get_linestyle() == "--"] == [
        ("parte justa (37,5\u00a0%)", 37.5)]
    assert one.axes[2].get_xlabel() == "turnos por partida (en intervalos de 5)"
    import matplotlib.pyplot as plt
    plt.close(fig)
    plt.close(one)


@pytest.mark.parametrize("lang, ticks", [("en", ["0.000", "0.025", "0.050"]), ("es", ["0,000", "0,025", "0,050"])])
def test_the_plots_numbers_are_written_as_the_language_writes_them(lang, ticks):
    """100 games of 100 to 595 turns, bins of 5: each bin holds 1 % of the games over 5 turns, a
    share axis in hundredths, whose numbers Spanish writes with a comma, as the titles have it."""
    pytest.importorskip("matplotlib")
    import matplotlib.pyplot as plt
    from muggins.plots import results_figure
    fig = results_figure([hand_summary(list(range(100, 600, 5)), [0, 1] * 50)], lang)
    fig.canvas.draw()
    assert [tick.get_text() for tick in fig.axes[2].get_yticklabels()][:3] == ticks
    plt.close(fig)


def test_plot_and_csv_files_get_the_usual_mode(capsys, tmp_path: Path):
    import os
    old = os.umask(0o022)
    os.umask(old)
    png, table = tmp_path / "fair.png", tmp_path / "t.csv"
    assert run(capsys, "simulate", "card-muggins", "--games", "20", "--workers", "1", "--plot", str(png),
               "--csv", str(table))[0] == 0
    for path in (png, table):
        assert path.stat().st_mode & 0o777 == 0o666 & ~old  # as open() would create it, not 0600


@pytest.mark.parametrize("variable", ["LANG", "LC_ALL", "LC_MESSAGES"])
def test_the_statistics_follow_a_spanish_locale(capsys, monkeypatch, variable):
    for name in ("LANG", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv(variable, "es_ES.UTF-8")
    code, out, _ = run(capsys, "simulate", "card-muggins", "--games", "20", "--workers", "1")
    assert code == 0 and "partidas" in out and "codicioso" in out
    code, out, _ = run(capsys, "compare", "card-muggins", "card-muggins-100", "--games", "20", "--workers", "1")
    assert code == 0 and "En pocas palabras" in out
    code, out, _ = run(capsys, "sweep", "card-muggins", "--set", "win.target=41..81:40", "--games", "10",
                       "--workers", "1")
    assert code == 0 and "cómo se mueven" in out
    code, out, _ = run(capsys, "simulate", "card-muggins", "--games", "20", "--workers", "1", "--lang", "en")
    assert code == 0 and "games" in out and "partidas" not in out


def test_spanish_tables_name_entries_and_bots_in_spanish(capsys):
    code, out, _ = run(capsys, "simulate", "card-muggins", "--games", "200", "--workers", "1", "--lang", "es")
    assert code == 0
    assert "«múltiplo de cinco»" in out and "«último»" in out and "«exactamente el límite»" in out
    assert "gana J1 (codicioso)" in out and "greedy" not in out and "multiple of five" not in out
    code, out, _ = run(capsys, "simulate", "card-muggins", "--games", "20", "--workers", "1", "--lang", "es",
                       "--bots", "greedy,random")
    assert code == 0 and "gana J2 (al azar)" in out
    code, out, _ = run(capsys, "simulate", "card-muggins", "--games", "200", "--workers", "1", "--lang", "en")
    assert "'multiple of five'" in out and "P1 (greedy) wins" in out


def test_max_games_is_read_only_with_precision(capsys):
    code, _, err = run(capsys, "simulate", "card-muggins", "--games", "30", "--max-games", "10", "--workers", "1")
    assert code == 0 and "--max-games" not in err
    code, _, err = run(capsys, "simulate", "card-muggins", "--games", "30", "--max-games", "10", "--precision", "0.1")
    assert code == 2 and "--max-games must be at least --games" in err


def test_a_sweep_over_two_settings_draws_a_labelled_line_per_value_of_the_second(capsys, tmp_path: Path):
    pytest.importorskip("matplotlib")
    svg = tmp_path / "sweep.svg"
    assert run(capsys, "sweep", "card-muggins", "--set", "win.target=41..81:40", "--set", "pile.limit=21,31",
               "--games", "10", "--workers", "1", "--plot", str(svg))[0] == 0
    text = svg.read_text()
    for value in ("pile.limit=21", "pile.limit=31"):
        assert text.count(value) >= 2  # a legend entry in each panel
    assert "win.target" in text  # the first setting is the x axis


def test_play_takes_settings(capsys):
    code, out, _ = run(capsys, "play", "card-muggins", "--seed", "3", "--set", "win.target=31", "--set", "pile.limit=21")
    assert code == 0 and out


@pytest.mark.parametrize("setting, said", [
    # YAML would read the second line as more of the value, and drop it without a word
    ("win.target=50\nx: 1", "--set win.target=50\\nx: 1: a setting is one line of visible characters"),
    ("win.target=\x01", "--set win.target=\\x01: a setting is one line of visible characters"),
    # a record names its rules by name: a variant named otherwise is a file that extends this one
    ("name=foo", "--set name=foo: `name` names a rule file, not a setting; to name a variant, write a rule file "
                 "that extends this one"),
])
def test_a_setting_that_cannot_be_one_is_refused_in_one_line(capsys, setting: str, said: str):
    code, out, err = run(capsys, "play", "domino-muggins", "--seed", "1", "--set", setting)
    assert code != 0 and not out and err == f"muggins: {said}\n"


@pytest.mark.parametrize("command", [["simulate", "card-muggins"], ["compare", "card-muggins", "card-muggins-100"],
                                     ["sweep", "card-muggins"]])
@pytest.mark.parametrize("json_output", [False, True])
def test_settings_with_braces_label_the_progress_bar_and_the_tables_as_written(capsys, command, json_output):
    # the README: tables and plots name the rules with their settings, `card-muggins (win.target=100)`
    scoring = 'scoring=[{name: x, when: "total % 5 == 0", points: total}]'
    code, out, err = run(capsys, *command, "--set", "win={target: 100}", "--set", scoring, "--games", "3",
                         "--workers", "1", *(["--json"] if json_output else []))
    assert code == 0 and "Traceback" not in err and "Error" not in err
    label = 'card-muggins (win={target:100}, scoring=[{name:x,when:"total%5==0",points:total}])'
    if json_output:
        data = json.loads(out)
        results = data["results"] if "results" in data else [data]
        assert results[0]["label"] == label
    elif command[0] != "sweep":
        assert "win={target:100}" in out


HOUSE_SCORING = """extends: card-muggins
name: house
translations:
  es:
    scoring:
      "fifteen [house rule]": "quince [regla de la casa]"
      "odd [/] one": "raro [/] uno"
scoring:
  - name: "fifteen [house rule]"
    when: "total == 15"
    points: 2
  - name: "odd [/] one"
    when: "total == 7"
    points: 1
"""


@pytest.mark.parametrize("lang, names", [("en", ["'fifteen [house rule]'", "'odd [/] one'"]),
                                         ("es", ["«quince [regla de la casa]»", "«raro [/] uno»"])])
def test_square_brackets_in_scoring_names_and_settings_are_shown_as_written(capsys, monkeypatch, tmp_path, lang,
                                                                           names):
    monkeypatch.setenv("COLUMNS", "200")  # wide tables: no name wrapped over two lines
    house = tmp_path / "house.yaml"
    house.write_text(HOUSE_SCORING, encoding="utf-8")
    code, out, err = run(capsys, "simulate", str(house), "--games", "3", "--workers", "1", "--lang", lang,
                         "--set", 'title="[bold]loud[/] :100:"')
    assert code == 0 and "Traceback" not in err
    for name in names:  # the row of each entry, named as the file names it in that language
        assert name in out
    assert 'house (title="[bold]loud[/]:100:")' in out  # the column and the fairness line
    code, out, err = run(capsys, "compare", str(house), "card-muggins", "--games", "3", "--workers", "1",
                         "--lang", lang, "--set", 'title="[/]"')
    assert code == 0 and "Traceback" not in err and names[0] in out and '(title="[/]")' in out
    code, out, err = run(capsys, "sweep", str(house), "--games", "3", "--workers", "1", "--lang", lang,
                         "--set", "title=x[/],y[bold]")
    assert code == 0 and "Traceback" not in err and "title=x[/]" in out and "title=y[bold]" in out


@pytest.mark.parametrize("command", [["simulate", "card-muggins"], ["sweep", "card-muggins"]])
def test_a_dollar_sign_in_a_setting_is_drawn_as_written_not_as_mathtext(capsys, tmp_path, command):
    pytest.importorskip("matplotlib")
    svg = tmp_path / "p.svg"
    code, _, err = run(capsys, *command, "--set", r'title="a $5 bonus$, $\nope$"', "--games", "3", "--workers", "1",
                       "--plot", str(svg))
    assert code == 0 and "Traceback" not in err
    assert "Oblique" not in svg.read_text()  # mathtext would set "5 bonus" in italics


@pytest.mark.parametrize("argv, status, message", [
    (["simulate", "card-muggins", "--set", "win.targte=100"], 1, "--set win.targte=100: unknown key 'targte'"),
    (["simulate", "card-muggins", "--set", "win.target=abc"], 1, "--set win.target=abc:"),
    (["simulate", "card-muggins", "--set", "win.target=-5"], 1, "--set win.target=-5: target"),
    (["play", "card-muggins", "--set", "players=7"], 1, "--set players=7: `players` must be a list"),
    (["compare", "card-muggins", "card-muggins-100", "--set", "nonsense=1"], 1, "--set nonsense=1: unknown key"),
    # `pile` is a card game's (README, Rule files): the message names the file it does not fit
    (["compare", "card-muggins", "domino-muggins", "--set", "pile.limit=21"], 1,
     "--set pile.limit=21 does not fit domino-muggins: 'pile' belongs to card games"),
    (["compare", "domino-muggins", "card-muggins", "--set", "line.spinner=true", "--lang", "es"], 1,
     "--set line.spinner=true no encaja en card-muggins: 'line' pertenece a los juegos de dominó"),
    (["simulate", "card-muggins", "--set", "win.target"], 2, "--set takes KEY=VALUE"),
    (["simulate", "card-muggins", "--set", "win..target=3"], 2, "is not a rule option path"),
    (["simulate", "card-muggins", "--set", "win.target=1", "--set", "win.target=2"], 2, "given twice"),
    (["sweep", "card-muggins", "--set", "win.target=120..40:20"], 2, "the range is reversed"),
    (["sweep", "card-muggins", "--set", "win.target=40..120:0"], 2, "the step of a range must be at least 1"),
    (["sweep", "card-muggins", "--set", "win.target=40..x"], 2, "a range is FROM..TO"),
    (["sweep", "card-muggins", "--set", "win.target=,"], 2, "the list of values is empty"),
    (["sweep", "card-muggins", "--set", "win.target=41,,61"], 2, "a value between its commas is empty"),
    (["sweep", "card-muggins", "--set", "win.target=41,61,", "--lang", "es"], 2, "un valor entre sus comas está vacío"),
    (["sweep", "card-muggins", "--set", "win.target=40..60:20,abc"], 2, "a range is FROM..TO"),
    (["sweep", "card-muggins", "--set", "win.target=1.." + "9" * 5000], 2, "a range is FROM..TO"),
    (["sweep", "card-muggins", "--set", "win.target=40,zero"], 1, "--set win.target=zero:"),
    (["simulate", "card-muggins", "--plot", "/no/such/folder/fair.png"], 1, "--plot /no/such/folder/fair.png: no folder"),
    (["simulate", "card-muggins", "--plot", "fair.gif"], 2, "must end in .png or .svg"),
    (["simulate", "card-muggins", "--precision", "2"], 2, "--precision"),
    (["simulate", "card-muggins", "--games", "0"], 2, "--games"),
    (["simulate", "card-muggins", "--set", "win.targte=100", "--lang", "es"], 1, "--set win.targte=100"),
    (["sweep", "card-muggins", "--set", "win.target=120..40", "--lang", "es"], 2, "el rango está al revés"),
    # the plot would replace the table just reported written; an empty value would be taken for none
    (["simulate", "card-muggins", "--csv", "z.svg", "--plot", "z.svg"], 2, "--csv and --plot name the same file, z.svg"),
    (["compare", "card-muggins", "card-muggins-100", "--csv", "z.svg", "--plot", "./z.svg", "--lang", "es"], 2,
     "--csv y --plot nombran el mismo fichero, z.svg"),
    (["simulate", "card-muggins", "--csv", ""], 2, "--csv is given an empty value"),
    (["sweep", "card-muggins", "--set", "win.target=50,60", "--plot", ""], 2, "--plot is given an empty value"),
    (["simulate", "card-muggins", "--scheduler", "", "--lang", "es"], 2, "--scheduler recibe un valor vacío"),
    (["compare", "card-muggins", "card-muggins-100", "--seed", ""], 2, "--seed is given an empty value"),
])
def test_bad_input_is_one_line_naming_the_option(capsys, tmp_path, monkeypatch, argv, status, message):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, *argv, "--games", "5", "--workers", "1") if argv[0] != "play" else run(capsys, *argv)
    if "--games" in argv and argv[argv.index("--games") + 1] == "0":
        code, out, err = run(capsys, *argv)
    assert code == status
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_an_unwritable_plot_folder_is_refused_before_playing(capsys, tmp_path: Path):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        if (locked / "probe").parent.stat().st_mode & 0o200 or __import__("os").geteuid() == 0:
            pytest.skip("running as root: every folder is writable")
        code, _, err = run(capsys, "simulate", "card-muggins", "--games", "5", "--plot", str(locked / "f.png"))
        assert code == 1 and "cannot write there" in err
    finally:
        locked.chmod(0o700)


@pytest.mark.parametrize("setting, count", [("win.target=41..100000000", "99999960"),
                                            ("win.target=41..99999999999999999999:1", "99999999999999999959"),
                                            ("win.target=1..100000000000000000000:20", "5000000000000000000")])
def test_a_huge_sweep_is_refused_at_once_from_the_size_of_its_ranges(setting, count):
    # counted, not enumerated: the process has no room for the values and is stopped if it tries
    import resource

    def small() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
    result = subprocess.run([sys.executable, "-m", "muggins.cli", "sweep", "card-muggins", "--games", "5", "--set",
                             setting], capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
                            preexec_fn=small)
    assert result.returncode == 2
    assert result.stderr == f"muggins: the sweep has {count} combinations; at most 1000\n"


def test_sweep_combinations_vary_the_first_setting_slowest():
    assert combinations(["a.b=1..3", "c=x,y"]) == [("a.b=1", "c=x"), ("a.b=1", "c=y"), ("a.b=2", "c=x"),
                                                   ("a.b=2", "c=y"), ("a.b=3", "c=x"), ("a.b=3", "c=y")]


def test_a_setting_is_validated_exactly_like_the_same_rule_file(tmp_path: Path):
    path = tmp_path / "house.yaml"
    path.write_text("extends: card-muggins\nname: card-muggins\nwin:\n  target: 100\npile:\n  limit: 21\n")
    assert load_settings("card-muggins", ["win.target=100", "pile.limit=21"]).data == load_rules(path).data


@pytest.mark.parametrize("command", [["simulate", "nosuch"], ["compare", "card-muggins", "nosuch"]])
def test_rules_that_are_not_there_are_said_so_whatever_the_settings(command: list[str]):
    # no setting is to blame for a file that is not there: the same line as without --set
    result = subprocess.run([sys.executable, "-m", "muggins.cli", *command, "--set", "win.target=50"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert result.stderr.startswith("muggins: nosuch: no rule file or built-in rules named 'nosuch'")
    assert "--set" not in result.stderr


def test_csv_and_summary_need_no_plotting_library():
    code = ("import sys, muggins.cli, muggins.report, muggins.simulate; "
            "assert 'matplotlib' not in sys.modules, 'matplotlib imported without --plot'")
    subprocess.run([sys.executable, "-c", code], check=True)
    assert csv_text([]).startswith("rules,")


def test_spanish_tables_keep_a_number_and_its_percent_sign_together():
    """Spanish writes `95 %` with a space; rich breaks a cell at a space, so it is a no-break one
    (U+00A0) wherever a number meets its sign, and between the number and `p. p.`."""
    from muggins.report import WORDS, pct
    assert pct(0.5, "es") == "50,0\u00a0%" and pct(0.5, "en") == "50.0%"
    texts = " ".join(WORDS["es"].values())
    assert not re.search(r"[\d}] (%|p\. p\.)", texts) and "5\u00a0%: {p5}" in texts
    assert "{points}\u00a0p.\u00a0p. sobre un {fair} justo" in texts


def test_the_statistics_call_a_blocked_round_what_the_log_calls_it():
    """The log says a round is «bloqueada» (the domino text's blocked game); «cerrar» is what a
    card pile does, so the statistics row says «rondas bloqueadas» too."""
    from muggins.report import WORDS
    assert WORDS["es"]["blocked"] == "rondas bloqueadas"


def test_the_readmes_compare_summary_is_what_its_command_says(capsys, monkeypatch):
    """README, Comparisons: the plain-words summary shown is the command's own, word for word."""
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("**Comparisons.**"):]
    command = re.search(r"`muggins (compare [^`]*)`", section)[1].split()
    shown = " ".join(section.split("```\n", 1)[1].split("```")[0].split())
    monkeypatch.setenv("COLUMNS", "1000")  # the summary on one line, as it is compared
    code, out, _ = run(capsys, *command, "--lang", "en")
    assert code == 0 and shown in " ".join(out.split())


def test_with_precision_a_title_gives_the_games_of_every_column_not_the_firsts(capsys, tmp_path, monkeypatch):
    """`--precision` plays each setting (or file) until its own intervals are narrow enough, so the
    columns can stand on different numbers of games: the titles give the fewest and the most, as
    the CSV counts them, never the first column's alone."""
    import csv
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, "sweep", "card-muggins", "--players", "3", "--set", "win.target=21,121",
                       "--precision", "0.06", "--games", "100", "--workers", "1", "--csv", "sweep.csv")
    assert code == 0
    with open("sweep.csv", newline="") as table:
        games = sorted(int(row[4]) for row in csv.reader(table) if row[2] == "games")
    assert len(games) == 2 and games[0] < games[1]
    assert f"({games[0]:,}-{games[1]:,} games each, seed 0)" in out
    (tmp_path / "t21.yaml").write_text("extends: card-muggins\nname: t21\nwin: {target: 21}\n")
    code, out, _ = run(capsys, "compare", "t21.yaml", "card-muggins", "--players", "3", "--precision", "0.06",
                       "--games", "100", "--workers", "1", "--lang", "es")
    spanish = f"{games[0]:,}-{games[1]:,}".replace(",", ".")  # 1.100-2.000
    assert code == 0 and out.lstrip().startswith(f"{spanish} partidas, 3 jugadores")


def test_a_simulation_writes_nothing_to_a_stderr_that_is_no_terminal(capsys):
    """The progress bar is for a person watching: into a file or a pipe it wrote a blank line for
    every simulation (nine for a sweep of nine values)."""
    code, out, err = run(capsys, "sweep", "card-muggins", "--set", "win.target=41,61", "--games", "20",
                         "--workers", "1")
    assert code == 0 and err == "" and "41" in out
