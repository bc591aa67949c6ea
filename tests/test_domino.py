"""Domino Muggins rules, each checked on the engine driven by the rule file."""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from muggins.bots import make_bots
from muggins.cli import main
from muggins.engine.common import GameEnded, Scored
from muggins.families.line.game import (DRAW, PASS, DominoGame, Drew, Passed, Place, Placed, RoundBlocked,
                                   RoundEnded, RoundStarted)
from muggins.errors import IllegalMoveError, RecordError
from muggins.loader import load_rules
from muggins.invariants import play_checked_game
from muggins.match import run_game
from muggins.families.line.physics import Line, LineTables
from muggins.families.line.words import explain_placement
from muggins.pieces import Tile
from muggins.records import make_record, read_record, replay

T = Tile.parse
LEFT, RIGHT, UP, DOWN = 0, 1, 2, 3


@pytest.fixture(scope="module")
def rules():
    return load_rules("domino-muggins")


def game(rules, players=2, **kwargs):
    return DominoGame(rules, players, **kwargs)


def tiles(*names):
    return [T(n) for n in names]


def placed(events):
    return [e for e in events if isinstance(e, Placed)][-1]


def points(events):
    return sum(e.points for e in events if isinstance(e, Scored))


# -- the text's worked numbers ---------------------------------------------------------------

def test_terminal_double_counts_both_halves_three_plus_six_plus_six_is_fifteen(rules):
    state = game(rules).setup([tiles("6-6", "0-1"), tiles("2-2")], boneyard=tiles("0-0"), line=[(T("3-6"), None)])
    events = state.play(Place(T("6-6"), RIGHT))
    assert [a for _, a in placed(events).contributions] == [3, 12]
    assert placed(events).ends_sum == 15 and points(events) == 15


@pytest.mark.parametrize("line, move, contributions, score", [
    ([("1-4", None)], ("1-1", LEFT), [2, 4], 0),
    ([("1-4", None), ("1-1", LEFT)], ("4-4", RIGHT), [2, 8], 10),
    ([("1-4", None), ("1-1", LEFT), ("4-4", RIGHT)], ("3-4", RIGHT), [2, 3], 5),
    ([], ("1-4", None), [1, 4], 5),
    ([], ("2-2", None), [4], 0),
    ([], ("0-0", None), [0], 0),
    ([("3-6", None)], ("6-6", RIGHT), [3, 12], 15),
])
def test_diagram_contributions_sum_and_points(rules, line, move, contributions, score):
    tile, end = move
    state = game(rules).setup([[T(tile), T("5-6")], tiles("0-2")], boneyard=tiles("0-3"),
                              line=[(T(t), e) for t, e in line])
    events = state.play(Place(T(tile), end))
    assert [a for _, a in placed(events).contributions] == contributions
    assert points(events) == score


def test_internal_double_counts_nothing(rules):
    state = game(rules).setup([tiles("4-5", "6-6"), tiles("0-2")], boneyard=tiles("0-3"),
                              line=[(T("1-4"), None), (T("4-4"), RIGHT)])
    events = state.play(Place(T("4-5"), RIGHT))
    assert [a for _, a in placed(events).contributions] == [1, 5]


def test_spanish_explanation_uses_the_texts_words(rules):
    state = game(rules).setup([tiles("4-4", "6-6"), tiles("0-2")], boneyard=tiles("0-3"),
                              line=[(T("1-4"), None), (T("1-1"), LEFT)])
    text = explain_placement(placed(state.play(Place(T("4-4"), RIGHT))), None, "es")
    assert "Aportaciones incluidas en la suma: 2 + 8 = 10. Puntos por la colocación: 10 puntos brutos." in text
    assert "Fichas: [1|4], [1|1], [4|4]." in text
    assert "Dobles de ramificación: ninguno." in text
    assert ("Conexiones: [1|4] (extremo de valor bajo) – [1|1] (línea A); "
            "[1|4] (extremo de valor alto) – [4|4] (línea A).") in text
    assert "Puntos de continuación legal: [1|1] (línea B, 1); [4|4] (línea B, 4)." in text
    assert "Aportaciones incluidas en la suma: [1|1]: 2; [4|4]: 8." in text


@pytest.mark.parametrize("ends_sum, score", [(5, 5), (10, 10), (15, 15), (20, 20), (0, 0), (3, 0), (12, 0)])
def test_scoring_table(rules, ends_sum, score):
    (trigger,) = rules.scoring
    env = {"ends_sum": ends_sum}
    assert (trigger.points(env) if trigger.when(env) else 0) == score


# -- legal moves -----------------------------------------------------------------------------

def test_opener_may_play_any_tile(rules):
    state = game(rules).setup([tiles("0-1", "5-6", "3-3"), tiles("0-2")], boneyard=tiles("0-3"))
    assert set(state.legal_moves()) == {Place(T("0-1")), Place(T("5-6")), Place(T("3-3"))}


def test_each_tile_and_end_is_a_distinct_move(rules):
    state = game(rules).setup([tiles("3-5", "1-2"), tiles("0-2")], boneyard=tiles("0-0"), line=[(T("3-3"), None)])
    assert set(state.legal_moves()) == {Place(T("3-5"), LEFT), Place(T("3-5"), RIGHT)}


def test_no_drawing_while_holding_a_legal_play(rules):
    state = game(rules).setup([tiles("2-3", "6-6"), tiles("0-2")], boneyard=tiles("0-0"), line=[(T("3-5"), None)])
    assert DRAW not in state.legal_moves()
    before = (list(state.hands[0]), list(state.boneyard), list(state.events))
    with pytest.raises(IllegalMoveError, match=r"cannot draw: \[2\|3\] plays on 3"):
        state.play(DRAW)
    assert (state.hands[0], state.boneyard, state.events) == before


def test_must_draw_when_stuck_and_cannot_pass_while_tiles_remain(rules):
    state = game(rules).setup([tiles("6-6"), tiles("0-2")], boneyard=tiles("0-0", "1-1"), line=[(T("3-5"), None)])
    assert state.legal_moves() == [DRAW]
    with pytest.raises(IllegalMoveError, match="must draw: no tile matches 3 or 5"):
        state.play(PASS)


def test_draws_one_at_a_time_until_playable_then_must_place_it_at_once(rules):
    # the boneyard is drawn from its end: [0|0] first, then [3|4]
    state = game(rules).setup([tiles("6-6", "1-2"), tiles("0-2")], boneyard=tiles("2-5", "3-4", "0-0"),
                              line=[(T("3-5"), None)])
    events = state.play(DRAW)
    assert events == [Drew(0, T("0-0"), False)] and state.turn == 0
    events = state.play(DRAW)
    assert events == [Drew(0, T("3-4"), True)]
    assert state.legal_moves() == [Place(T("3-4"), LEFT)]
    with pytest.raises(IllegalMoveError, match=r"must place the drawn tile \[3\|4\] at once"):
        state.play(Place(T("1-2"), LEFT))
    with pytest.raises(IllegalMoveError, match="cannot draw"):
        state.play(DRAW)


def test_drawn_tile_that_fits_both_ends_lets_the_player_choose(rules):
    state = game(rules).setup([tiles("6-6"), tiles("0-2")], boneyard=tiles("3-6"), line=[(T("3-3"), None)])
    state.play(DRAW)
    assert set(state.legal_moves()) == {Place(T("3-6"), LEFT), Place(T("3-6"), RIGHT)}


@pytest.mark.parametrize("name", ["domino-muggins", "domino-muggins-spinner"])
def test_placements_are_listed_by_tile_then_by_end_as_a_player_reads_them(name):
    """The order of the legal placements is what a random bot draws from and a greedy bot breaks
    ties by: the hand's tiles in order, each on the open ends it fits in end order, on the two
    ends of a line and the four of a spinner, at every turn of a few games."""
    ends_met = set()
    for seed in range(6):
        state = DominoGame(load_rules(name), 2).new_state(seed)
        while state.outcome is None and state.round < 3:
            legal = state.legal_moves()
            hand, line = state.hands[state.turn], state.line
            if state.decision is None and line.tiles and isinstance(legal[0], Place) and not state.must >= 0:
                expected = [Place(tile, end) for tile in sorted(hand) for end in range(len(line.ends))
                            if line.ends[end].value in (tile.low, tile.high)]
                assert legal == expected
                ends_met.add(len(line.ends))
            state.apply(legal[(len(legal) - 1) * 7 // 10])
    assert ends_met == ({2, 4} if name.endswith("spinner") else {2})


def test_pass_only_when_the_boneyard_is_empty(rules):
    state = game(rules, 3).setup([tiles("6-6"), tiles("0-3"), tiles("1-1")], boneyard=[], line=[(T("3-5"), None)])
    assert state.legal_moves() == [PASS]
    assert state.play(PASS) == [Passed(0)] and state.turn == 1


def test_illegal_placements_name_the_rule(rules):
    state = game(rules).setup([tiles("6-6", "2-3"), tiles("0-2")], boneyard=tiles("0-0"), line=[(T("3-5"), None)])
    with pytest.raises(IllegalMoveError, match=r"\[6\|6\] does not match the left end \(3\)"):
        state.play(Place(T("6-6"), LEFT))
    with pytest.raises(IllegalMoveError, match=r"\[4\|4\] is not in player 1's hand"):
        state.play(Place(T("4-4"), LEFT))


# -- round end, settlement, game end ---------------------------------------------------------

def test_blocked_round_penalises_everyone_and_draws_a_new_opener(rules):
    state = game(rules, 3).setup([tiles("6-6", "1-1"), tiles("4-4"), tiles("2-2", "0-1")], boneyard=[],
                                 line=[(T("3-5"), None)], scores=[20, 20, 20], turn=0)
    events = state.play(PASS)  # nobody can place and nothing can be drawn: blocked at once
    assert any(isinstance(e, RoundBlocked) for e in events)
    penalties = {e.player: e.points for e in events if isinstance(e, Scored)}
    assert penalties == {0: -15, 1: -10, 2: -5}  # 14 -> 15, 8 -> 10, 5 -> 5
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert ended.blocked and ended.dominoer is None
    assert any(getattr(e, "purpose", "") == "next opener" for e in events)


def test_last_tile_scores_before_settlement_and_dominoer_opens_next(rules):
    state = game(rules).setup([tiles("0-2"), tiles("4-4", "1-2")], boneyard=tiles("6-6"), line=[(T("0-3"), None)], scores=[0, 0])
    events = state.play(Place(T("0-2"), LEFT))
    kinds = [type(e).__name__ for e in events]
    assert kinds.index("Scored") < kinds.index("Dominoed")
    assert [e.points for e in events if isinstance(e, Scored)] == [5, -10]  # 2 + 3 = 5; [4|4] [1|2] = 11 -> 10
    started = next(e for e in events if isinstance(e, RoundStarted))
    assert started.opener == 0 and state.round == 2


@pytest.mark.parametrize("award", ["10", "10 if opponents_pips > 0 and hand_size == 0 else 0"],
                         ids=["tabulated award", "award reading more than pips"])
def test_each_settlement_formula_reads_the_scores_as_changed_before_it(tmp_path: Path, award):
    """The dominoer's award comes first; their penalty then reads the score with the award in it."""
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: domino-muggins\nname: house\nsettlement:\n  award: '{award}'\n"
                    "  penalty: '5 if score >= 10 else 0'\n")
    state = game(load_rules(path)).setup([tiles("0-2"), tiles("4-4", "1-2")], boneyard=tiles("6-6"),
                                         line=[(T("0-3"), None)], scores=[0, 0])
    events = state.play(Place(T("0-2"), LEFT))
    scored = [(e.player, e.points, e.reason) for e in events if isinstance(e, Scored)]
    assert scored[:3] == [(0, 5, "multiple of five"), (0, 10, "opponents' pips"), (0, -5, "leftover pips")]


def test_reaching_the_target_ends_the_game_at_once_without_settlement(rules):
    state = game(rules).setup([tiles("0-2", "6-6"), tiles("4-4")], boneyard=tiles("1-1"),
                              line=[(T("0-3"), None)], scores=[245, 0])
    events = state.play(Place(T("0-2"), LEFT))
    assert state.is_terminal() and state.outcome.winner == 0 and state.outcome.scores == (250, 0)
    assert isinstance(events[-1], GameEnded)
    assert not any(isinstance(e, RoundEnded) for e in events)


def test_target_depends_on_the_number_of_players(rules):
    assert [DominoGame(rules, n).target for n in (2, 3, 4)] == [250, 200, 200]
    assert [DominoGame(rules, n).hand_size for n in (2, 3, 4)] == [7, 5, 5]


def test_player_count_outside_the_rules_is_refused(rules):
    with pytest.raises(IllegalMoveError, match="played by 2, 3, 4 players, not 5"):
        DominoGame(rules, 5)


def test_round_cap_ends_the_game_as_unfinished_never_a_win(rules):
    state = DominoGame(rules, 4, max_rounds=3).new_state(1)
    run_game(state, make_bots(["random"] * 4, 1))
    assert state.outcome.rounds <= 3
    if state.outcome.termination == "unfinished":
        assert state.outcome.winner is None
    assert all(not (e.outcome.winner is not None and e.outcome.termination == "unfinished")
               for e in state.events if isinstance(e, GameEnded))


# -- variants ----------------------------------------------------------------------------------

def test_spinner_opens_four_arms_and_every_arm_end_counts():
    rules = load_rules("domino-muggins-spinner")
    state = DominoGame(rules, 2).setup([tiles("5-6", "0-5", "1-5", "2-5"), tiles("0-0")],
                                       boneyard=tiles("3-3"), line=[(T("5-5"), None)])
    assert [a for _, a in state.line.contributions()] == [10]
    state.apply(Place(T("5-6"), RIGHT)); state.turn = 0
    assert [a for _, a in state.line.contributions()] == [10, 6]      # the untouched side still counts the spinner
    assert len(state.line.ends) == 2
    state.apply(Place(T("0-5"), LEFT)); state.turn = 0
    assert len(state.line.ends) == 4                                  # both sides played: the side arms open
    assert [a for _, a in state.line.contributions()] == [0, 6]       # empty side arms count nothing
    events = state.play(Place(T("1-5"), UP))
    assert placed(events).ends_sum == 7
    assert rules.options.spinner and state.line.spinner == T("5-5")


def test_a_spinner_played_after_the_opening_is_read_as_a_player_sees_the_line():
    """The line is kept as numbers; what a reader sees is derived from its placements: a spinner
    that is not the opening tile (the first double, on the right end), its side arms opening once
    both its sides are played, the one played on counting, the other not yet."""
    rules = load_rules("domino-muggins-spinner")
    state = DominoGame(rules, 2).setup([tiles("0-1"), tiles("0-2")], boneyard=tiles("3-3"),
                                       line=[(T("3-5"), None), (T("5-5"), RIGHT), (T("5-6"), RIGHT), (T("2-5"), UP)])
    line = state.line
    assert line.layout() == "[3|5][5|5][5|6]  up: [5|2]"
    assert [(end.tile, end.side, end.value, end.counts) for end in line.ends] == [
        (T("3-5"), "low", 3, True), (T("5-6"), "high", 6, True), (T("2-5"), "low", 2, True), (T("5-5"), "D", 5, False)]
    assert [(c.to_tile, c.to_side, c.tile, c.side) for c in line.connections] == [
        (T("3-5"), "high", T("5-5"), "A"), (T("5-5"), "B", T("5-6"), "low"), (T("5-5"), "C", T("2-5"), "high")]
    assert line.contributions() == [(T("3-5"), 3), (T("5-6"), 6), (T("2-5"), 2)] and line.ends_sum() == 11
    assert line.sum_index_after(line.tables.index[T("0-5")], 3) == 11 + 0 and line.fits(T("0-2")) == [2]  # [0|5] down adds its blank


def test_all_fives_settlement_awards_opponents_pips_to_the_dominoer():
    rules = load_rules("domino-all-fives-settlement")
    state = DominoGame(rules, 2).setup([tiles("0-2"), tiles("4-4", "1-3", "6-6")], boneyard=tiles("5-5"),
                                       line=[(T("0-3"), None)])
    events = state.play(Place(T("0-2"), LEFT))
    assert [(e.player, e.points, e.reason) for e in events if isinstance(e, Scored)] == [
        (0, 5, "multiple of five"), (0, 25, "opponents' pips")]  # 8 + 4 + 12 = 24 -> 25


def test_floor_option_stops_scores_at_zero(tmp_path: Path):
    (tmp_path / "floor.yaml").write_text("extends: domino-muggins\nname: floor\nsettlement:\n  floor: 0\n")
    rules = load_rules(tmp_path / "floor.yaml")
    state = DominoGame(rules, 2).setup([tiles("0-2"), tiles("6-6", "5-5")], boneyard=tiles("1-1"),
                                       line=[(T("0-4"), None)], scores=[0, 10])
    state.play(Place(T("0-2"), LEFT))
    assert state.scores[1] == 0


def test_double_nine_variant_runs_a_whole_game_with_six_players():
    rules = load_rules("domino-muggins-double-nine")
    state = DominoGame(rules, 6, max_rounds=50).new_state(3)
    run_game(state, make_bots(["greedy"] * 6, 3))
    assert state.is_terminal() and len(rules.pieces.tiles) == 55


# -- whole games: invariants -----------------------------------------------------------------

@pytest.mark.parametrize("name", ["domino-muggins", "domino-muggins-spinner", "domino-all-fives-settlement"])
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("kind", ["random", "greedy"])
def test_seeded_games_keep_the_invariants(name, players, kind):
    rules = load_rules(name)
    for seed in range(3):
        outcome = play_checked_game(rules, players, kind, seed, max_rounds=30)
        assert outcome.finished or outcome.rounds == 30


def test_bot_choices_never_depend_on_hidden_tiles(rules):
    state = DominoGame(rules, 2).new_state(11)
    for kind in ("random", "greedy"):
        choices = set()
        for _ in range(5):
            other = state.copy()
            hidden = other.hands[1] + other.boneyard
            other.rng.shuffle(hidden)  # a different opponent hand and boneyard, same sizes
            n = len(other.hands[1])
            hands = other.hands
            hands[1] = hidden[:n]
            other.hands, other.boneyard = hands, hidden[n:]
            assert other.hands[1] == sorted(hidden[:n])  # the state holds the new position
            bot = make_bots([kind], 5)[0]
            choices.add(bot.choose(other.view(other.turn), other.legal_moves()))
        assert len(choices) == 1


def test_a_view_holds_no_hidden_tile_and_nothing_of_the_games_own(rules):
    """A bot receives only its player's view: walking every value the view holds (but the rules, the
    compiled game and the line's tables of the whole set, which hold no game in play) meets none of
    the other hand's tiles nor the boneyard's, after the deal and after play; and changing the view's
    line changes no legal move."""
    state = DominoGame(rules, 2).new_state(11)
    bots = make_bots(["greedy", "greedy"], 11)
    for _ in range(6):
        view = state.view(state.turn)
        hidden = set(state.hands[1 - view.player]) | set(state.boneyard)
        met: set[Any] = set()
        seen: set[int] = set()
        todo = [getattr(view, field.name) for field in dataclasses.fields(view) if field.name not in ("rules", "game")]
        while todo:
            value = todo.pop()
            if id(value) in seen or isinstance(value, LineTables):
                continue
            seen.add(id(value))
            if isinstance(value, Tile):
                met.add(value)
            elif isinstance(value, (list, tuple, set, frozenset)):
                todo.extend(value)
            elif isinstance(value, dict):
                todo.extend((*value, *value.values()))
            else:
                names = (*getattr(value, "__dict__", ()), *getattr(value, "__slots__", ()))
                todo.extend(getattr(value, name, None) for name in names)
        assert not met & hidden
        legal = state.legal_moves()
        view.line.values[:] = [5, 5]
        view.line.adds[:] = [5, 5]
        assert state.legal_moves() == legal
        state.apply(bots[state.turn].choose(state.view(state.turn), legal))


# -- records and the command line ------------------------------------------------------------

def test_record_from_an_older_muggins_is_refused_by_version(rules, tmp_path: Path):
    state = DominoGame(rules, 2, max_rounds=2).new_state(3)
    moves = run_game(state, make_bots(["greedy", "greedy"], 3))
    data = json.loads(make_record(rules, 2, 3, 2, ["greedy", "greedy"], moves, state).to_json())
    data["version"] = 1  # its seed dealt other hands: its moves would be refused one by one
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError, match="record version 1 is not supported"):
        read_record(path)


def test_record_replays_to_the_same_final_state(rules, tmp_path: Path):
    g = DominoGame(rules, 3, max_rounds=40)
    state = g.new_state(7)
    kinds = ["greedy", "random", "greedy"]
    moves = run_game(state, make_bots(kinds, 7))
    record = make_record(rules, 3, 7, 40, kinds, moves, state)
    path = tmp_path / "game.json"
    path.write_text(record.to_json())
    again = replay(read_record(path))
    assert again.scores == state.scores and again.outcome == state.outcome


def test_record_with_an_illegal_move_is_rejected_with_its_number(rules, tmp_path: Path):
    state = DominoGame(rules, 2, max_rounds=5).new_state(2)
    moves = run_game(state, make_bots(["greedy"] * 2, 2))
    record = make_record(rules, 2, 2, 5, ["greedy"] * 2, moves, state)
    record.moves[3] = "pass"
    with pytest.raises(RecordError, match=r"move 4 \('pass'\) is illegal"):
        replay(record)


def test_record_made_with_other_rules_is_rejected(rules):
    state = DominoGame(rules, 2, max_rounds=2).new_state(1)
    moves = run_game(state, make_bots(["greedy"] * 2, 1))
    record = make_record(rules, 2, 1, 2, ["greedy"] * 2, moves, state)
    record.digest = "0" * 64
    with pytest.raises(RecordError, match="different rules"):
        replay(record)


def test_cli_play_prints_a_log_and_writes_a_record_that_replays(tmp_path: Path, capsys):
    path = tmp_path / "out.json"
    assert main(["play", "domino-muggins", "--players", "3", "--seed", "7", "--bots", "greedy,random,greedy",
                 "--record", str(path), "--tally"]) == 0
    out = capsys.readouterr().out
    assert "wins with" in out or "Unfinished" in out
    assert "loses" in out and "[" in out
    assert json.loads(path.read_text())["seed"] == 7
    assert main(["replay", str(path)]) == 0
    assert "moves replayed" in capsys.readouterr().out


def test_cli_play_in_spanish(capsys):
    assert main(["play", "domino-muggins", "--seed", "2", "--lang", "es", "--max-rounds", "2"]) == 0
    out = capsys.readouterr().out
    assert "coloca" in out and "Ronda 1" in out


def test_cli_play_rejects_a_bad_bot_list(capsys):
    assert main(["play", "domino-muggins", "--players", "3", "--bots", "greedy,random"]) == 1
    assert "--bots names 2 bots for 3 bot seats" in capsys.readouterr().err


def test_invariant_checker_catches_a_broken_engine(rules, monkeypatch):
    """The checker must be able to fail: an engine that loses a tile is caught."""
    from muggins.families.line import course
    from muggins.invariants import InvariantError
    original = course.draw

    def leaky_draw(state):
        original(state)
        hand = state.masks[state.turn]
        state.masks[state.turn] = hand & (hand - 1)  # a tile vanishes from the hand that drew

    monkeypatch.setattr(course, "draw", leaky_draw)
    with pytest.raises(InvariantError, match="pieces"):
        for seed in range(10):
            play_checked_game(rules, 2, "random", seed, max_rounds=3)


# -- the sum of the ends, read afresh from the tiles ----------------------------------------------

def ends_sum_read_from_tiles(tables: Any, log: list[tuple[int, int, int]], double_value: int, once: bool) -> int:
    """The sum of a line's two open ends as a player reads it off the table (D2, D3): each end's
    tile adds its open half, a double `double_value` times its half; a lone opening double counts
    its halves once (`once`) or at both ends."""
    opening = log[0][0]
    ends = [(tables.low[opening], opening), (tables.high[opening], opening)]  # (open half, tile) per end
    for t, end, value in log[1:]:
        ends[end] = (tables.high[t] if tables.low[t] == value else tables.low[t], t)
    if len(log) == 1 and tables.double[opening]:
        return tables.low[opening] * double_value * (1 if once else 2)
    return sum(half * double_value if tables.double[t] else half for half, t in ends)


@pytest.mark.parametrize("double_at_end", ["both_halves", "one_half"])
@pytest.mark.parametrize("opening_double", ["once", "per_end"])
@settings(max_examples=40, deadline=None)
@given(picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=12))
def test_the_sum_of_a_line_without_a_spinner_is_what_its_end_tiles_show(double_at_end, opening_double, picks):
    """The line's running sum, and the sum it expects of each placement before it is made (what
    bots and the scoring tables read), equal the ends read afresh from the tiles placed."""
    tables = LineTables([Tile(a, b) for a in range(7) for b in range(a, 7)], False, double_at_end, opening_double)
    line, left = Line(tables), list(range(len(tables.tiles)))
    line.put(left.pop(picks[0] % len(left)), -1)
    once = opening_double == "once"
    assert line.total == ends_sum_read_from_tiles(tables, line.log, tables.double_value, once)
    for pick in picks[1:]:
        fitting = [(t, end) for t in left for end in line.fits_index(t)]
        if not fitting:
            break
        t, end = fitting[pick % len(fitting)]
        expected = line.sum_index_after(t, end)
        line.put(t, end)
        left.remove(t)
        assert line.total == expected == ends_sum_read_from_tiles(tables, line.log, tables.double_value, once)
