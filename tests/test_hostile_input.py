"""Rule: hostile and careless input gets the project's own error, located where it can be, never a
traceback; a rule file that validates runs.

Readers (YAML with control characters, pieces with thousands of digits, deeply nested JSON), the
validator's promise (expressions that fail on every game are refused at load), the Python API
(impossible pieces, text given to `play`, positions with pieces or seats that do not exist), and a
bounded fuzz over the built-in rule files and typed moves.
"""
from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from muggins.cli import main
from muggins.engine import make_game
from muggins.errors import IllegalMoveError, MugginsError, RecordError, RuleError, RuleFileError
from muggins.families.line.game import Place
from muggins.families.pile.game import Play
from muggins.invariants import play_checked_game
from muggins.match import run_game
from muggins.loader import load_rules
from muggins.messages import reason
from muggins.pieces import MAX_PIECE_DIGITS, Card, Deck, Tile, TileSet
from muggins.records import MAX_JSON_DEPTH, Record, Save, make_record, read_record, read_save, replay
from muggins.yamlfile import read_yaml_text

RULES = Path(__file__).parent.parent / "rules"
SCENARIO = Path(__file__).parent.parent / "scenarios" / "domino" / "blocked-round.yaml"
HUGE = "9" * 5000
CONTROLS = {"NUL": "\x00", "BEL": "\x07", "ESC": "\x1b", "U+FFFE": "\ufffe"}


def one_line(error: MugginsError) -> str:
    return str(error).splitlines()[0]


# -- Readers: control characters in YAML ------------------------------------------------------------

@pytest.mark.parametrize("name", list(CONTROLS))
def test_control_character_in_a_rule_file_is_a_located_error(tmp_path: Path, name: str):
    path = tmp_path / "house.yaml"
    path.write_text("extends: domino-muggins\nname: house\ntitle: a" + CONTROLS[name] + "b\n", encoding="utf-8")
    with pytest.raises(RuleFileError) as caught:
        load_rules(path)
    problem = caught.value.problems[0]
    assert (problem.location.line, problem.location.column) == (3, 9)
    assert f"character U+{ord(CONTROLS[name]):04X} is not allowed" in problem.message
    assert CONTROLS[name] not in caught.value.report(), "the quoted line must not carry the character to a terminal"


def test_lone_surrogate_in_text_is_a_located_error():
    with pytest.raises(RuleFileError, match=r"<text>:2:9: character U\+D800 is not allowed"):
        read_yaml_text("name: x\ntitle: a\ud800b\n", "<text>")


@pytest.mark.parametrize("text, value", [("null", None), ("~", None), ("", None), ("Null", "Null"), ("NULL", "NULL"),
                                         ("true", True), ("True", "True"), ("no", "no"), ("010", "010"), ("10", 10)])
def test_only_the_readme_spellings_are_anything_but_text(text: str, value: object):
    # README "YAML, safely": only true/false, null (or ~, or nothing) and plain decimal integers
    assert read_yaml_text(f"name: x\nfloor: {text}\n", "<text>").data["floor"] == value


@pytest.mark.parametrize("escape, code", [("\\0", "0000"), ("\\a", "0007"), ("\\e", "001B"), ("\\ud800", "D800"),
                                          ("\\uFFFE", "FFFE")])
def test_control_character_written_as_an_escape_is_refused(escape: str, code: str):
    with pytest.raises(RuleFileError, match=rf"<text>:2:8: character U\+{code} is not allowed in a value"):
        read_yaml_text(f'name: x\ntitle: "a{escape}b"\n', "<text>")


@pytest.mark.parametrize("command", ["validate", "play"])
def test_control_character_in_validate_and_play_gives_one_located_line(tmp_path: Path, capsys, command: str):
    path = tmp_path / "house.yaml"
    path.write_bytes(b"extends: domino-muggins\nname: house\ntitle: a\x07b\n")
    assert main([command, str(path)]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert err.splitlines()[0].endswith("house.yaml:3:9: character U+0007 is not allowed in YAML "
                                        "(a control character or a non-character)")


def test_control_character_in_a_scenario_fails_that_scenario_in_check(tmp_path: Path, capsys):
    path = tmp_path / "ctl.yaml"
    path.write_text(SCENARIO.read_text(encoding="utf-8").replace("title: \"A ", "title: \"A \x1b"), encoding="utf-8")
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "character U+001B is not allowed in YAML" in out and "\x1b" not in out


# -- Readers: pieces with thousands of digits ------------------------------------------------------------

def test_tile_with_thousands_of_digits_is_an_illegal_move():
    with pytest.raises(IllegalMoveError, match=r"not a tile: '9{37}\.\.\.'"):
        Tile.parse(HUGE + "-1")
    with pytest.raises(IllegalMoveError, match="not a tile"):
        TileSet(6).parse("1-" + HUGE)
    with pytest.raises(IllegalMoveError, match="not a tile"):
        Tile.parse("1" * (MAX_PIECE_DIGITS + 1) + "-1")


def test_card_with_thousands_of_digits_is_an_illegal_move():
    deck = load_rules("card-muggins").pieces
    assert isinstance(deck, Deck)
    with pytest.raises(IllegalMoveError, match=r"not a card: '9{37}\.\.\.'"):
        deck.parse(HUGE + "H")


@pytest.mark.parametrize("rules, text", [("domino-muggins", HUGE + "-1"), ("domino-muggins", HUGE + "-1 left"),
                                         ("card-muggins", HUGE + "H")])
def test_typed_move_with_thousands_of_digits_is_an_illegal_move(rules: str, text: str):
    with pytest.raises(IllegalMoveError):
        make_game(load_rules(rules), 2).parse_move(text)


def test_replay_and_resume_of_a_move_with_thousands_of_digits(tmp_path: Path, capsys):
    rules = load_rules("domino-muggins")
    record = Record(rules="domino-muggins", digest=rules.digest, players=2, seed=1, max_rounds=3,
                    seats=["greedy", "greedy"], moves=[HUGE + "-1"])
    with pytest.raises(RecordError, match="move 1"):
        replay(record)
    save = Save(rules="domino-muggins", name=rules.name, digest=rules.digest, players=2, seed=1, max_rounds=3,
                seats=["human", "greedy"], forget=0.0, attention=1.0, lang="en", moves=[HUGE + "-1"])
    path = tmp_path / "game.json"
    path.write_text(save.to_json(), encoding="utf-8")
    assert main(["resume", str(path)]) == 1
    assert "Traceback" not in capsys.readouterr().err


def test_scenario_with_a_piece_of_thousands_of_digits_is_located(tmp_path: Path, capsys):
    path = tmp_path / "huge.yaml"
    path.write_text(SCENARIO.read_text(encoding="utf-8").replace('"6-6", "1-1"', f'"{HUGE}-6", "1-1"'),
                    encoding="utf-8")
    assert main(["check", str(path)]) == 1
    assert "huge.yaml:8:12: not a tile" in capsys.readouterr().out


# -- Readers: JSON records and saves ------------------------------------------------------------------

@pytest.mark.parametrize("depth", [MAX_JSON_DEPTH + 1, 5000, 1_000_000])
@pytest.mark.parametrize("reader", [read_record, read_save])
def test_deeply_nested_json_is_a_record_error(tmp_path: Path, reader, depth: int):
    path = tmp_path / "deep.json"
    path.write_text('{"a": ' * depth + "1" + "}" * depth)
    with pytest.raises(RecordError, match=f"nested deeper than {MAX_JSON_DEPTH} levels"):
        reader(path)


@pytest.mark.parametrize("reader", [read_record, read_save])
def test_json_number_of_thousands_of_digits_is_a_record_error(tmp_path: Path, reader):
    path = tmp_path / "record.json"
    path.write_text(f'{{"seed": {HUGE}}}')
    with pytest.raises(RecordError, match="a number with 5000 digits"):
        reader(path)


# -- Readers: each distinct problem once ------------------------------------------------------------

def test_validate_prints_each_distinct_problem_once(tmp_path: Path, capsys):
    path = tmp_path / "bare.yaml"
    path.write_text("name: x\npieces: {tiles: {highest_pip: 6}}\n")
    assert main(["validate", str(path)]) == 1
    lines = [line for line in capsys.readouterr().err.splitlines() if "bare.yaml:" in line]
    assert len(lines) == len(set(lines))
    assert sum("missing key 'title'" in line for line in lines) == 1
    assert any("missing key 'description'" in line for line in lines)


# -- Validate's promise: what fails on every game is refused at load ----------------------------------

def _house(tmp_path: Path, body: str, base: str = "domino-muggins") -> Path:
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: {base}\nname: house\n{body}", encoding="utf-8")
    return path


def _refused(path: Path) -> tuple[int, int, str]:
    with pytest.raises(RuleFileError) as caught:
        load_rules(path)
    problem = caught.value.problems[0]
    assert len(caught.value.problems) == 1, caught.value.report()
    return problem.location.line, problem.location.column, problem.message


def test_round_with_a_negative_literal_step_is_refused_at_load(tmp_path: Path):
    path = _house(tmp_path, 'settlement:\n  penalty: "round_nearest(hand_pips, -1)"\n')
    assert _refused(path) == (4, 38, "round_nearest() needs a positive step, got -1")


@pytest.mark.parametrize("points, column", [("ends_sum // 0", 26), ("ends_sum % 0", 25), ("ends_sum % (3 - 3)", 26)])
def test_division_by_a_constant_zero_is_refused_at_load(tmp_path: Path, points: str, column: int):
    path = _house(tmp_path, f'scoring:\n  - name: any\n    when: "ends_sum > 0"\n    points: "{points}"\n')
    line, col, message = _refused(path)
    assert (line, col) == (6, column) and message.startswith("division or modulo by zero")


@pytest.mark.parametrize("points, column, message", [
    ("count(last(pile.ranks, -2))", 37, "last() needs a count of 0 or more, got -2"),
    ("total + min([])", 26, "min() of an empty list"),
])
def test_a_call_failing_on_its_constant_arguments_is_refused(tmp_path: Path, points: str, column: int, message: str):
    path = _house(tmp_path, f'scoring:\n  - name: any\n    when: "total > 0"\n    points: "{points}"\n', "card-muggins")
    assert _refused(path) == (6, column, message)


def test_a_table_that_fails_for_every_value_is_refused_at_load(tmp_path: Path):
    path = _house(tmp_path, 'settlement:\n  penalty: "round_nearest(hand_pips, hand_pips - 1000)"\n')
    line, column, message = _refused(path)
    assert (line, column) == (4, 12)
    assert message.startswith("fails for every value of hand_pips (0 to 168) with 2, 3 or 4 players, so in every game")
    assert message.endswith("round_nearest() needs a positive step, got -1000")


def test_a_lottery_that_fails_at_every_game_start_is_refused_at_load(tmp_path: Path):
    path = _house(tmp_path, 'opener:\n  first:\n    method: high_draw\n    rank: "tile.pips // (tile.high - tile.high)"\n')
    assert _refused(path) == (6, 11, "fails when a game for 2, 3 or 4 players starts: division or modulo by zero")


@pytest.mark.parametrize("body", [
    'scoring:\n  - name: any\n    when: "ends_sum > 0"\n    points: "100 // (ends_sum - 5)"\n',
    'settlement:\n  penalty: "round_nearest(hand_pips, 20 - hand_pips)"\n',
    'scoring:\n  - name: any\n    when: "ends_sum % 5 == 0"\n    points: "100 // (ends_sum - 10)"\n',
])
def test_a_rule_that_fails_on_some_values_only_stays_valid(tmp_path: Path, body: str):
    load_rules(_house(tmp_path, body))  # deferred: the error is raised if a game ever reaches such a value


# What a game fixes when it starts (its number of players, its target, a card game's limit) is a
# constant of that game: an expression that must fail with it is refused, saying with how many players.
@pytest.mark.parametrize("base, body, where, english, spanish", [
    ("domino-muggins", 'settlement:\n  penalty: "round_nearest(hand_pips, players - 2)"\n', (4, 38),
     "fails whenever it is read with 2 players: round_nearest() needs a positive step, got 0",
     "falla siempre que se lee con 2 jugadores: round_nearest() necesita un paso positivo, no 0"),
    ("card-muggins", 'scoring:\n  - name: x\n    when: "sum(last(pile.values, players - 3)) == 15"\n    points: 2\n',
     (5, 34), "fails whenever it is read with 2 players: last() needs a count of 0 or more, got -1",
     "falla siempre que se lee con 2 jugadores: last() necesita una cantidad de 0 o más, no -1"),
    # an exact limit's points are read only when the total is the limit
    ("card-muggins", 'pile:\n  exact_limit:\n    points: "100 // (total - 31)"\n', (5, 22),
     "fails whenever it is read with 2, 3 or 4 players: division or modulo by zero: 'total - 31' is always 0",
     "falla siempre que se lee con 2, 3 o 4 jugadores: división o módulo entre cero: 'total - 31' siempre vale 0"),
    ("card-muggins", 'pile:\n  exact_limit:\n    points: "100 // (total - 31)"\n    timing: as_last\n', (5, 22),
     "fails whenever it is read with 2, 3 or 4 players: division or modulo by zero: 'total - 31' is always 0",
     "falla siempre que se lee con 2, 3 o 4 jugadores: división o módulo entre cero: 'total - 31' siempre vale 0"),
    ("card-muggins", 'scoring:\n  - name: x\n    when: "players < 5"\n    points: "total // (target - 61)"\n', (6, 24),
     "fails whenever it is read with 2, 3 or 4 players: division or modulo by zero: 'target - 61' is always 0",
     "falla siempre que se lee con 2, 3 o 4 jugadores: división o módulo entre cero: 'target - 61' siempre vale 0"),
    ("card-muggins", 'pile:\n  limit: "31 if players == 2 else 40"\n  exact_limit:\n    points: "100 // (total - 31)"\n',
     (6, 22), "fails whenever it is read with 2 players: division or modulo by zero: 'total - 31' is always 0",
     "falla siempre que se lee con 2 jugadores: división o módulo entre cero: 'total - 31' siempre vale 0"),
    # points read only when `when` holds, at every value of the total where it holds (the total
    # and what the game fixes are all they read): they fail whenever the entry scores
    ("card-muggins", 'scoring:\n  - name: x\n    when: "total == 15"\n    points: "total // (target - 61)"\n', (6, 13),
     "fails for every value of total at which `when` holds with 2, 3 or 4 players, so whenever it scores; for "
     "total = 15: division or modulo by zero",
     "falla con cualquier valor de total con el que se cumple `when` con 2, 3 o 4 jugadores, así que siempre que "
     "puntúa; con total = 15: división o módulo entre cero"),
])
def test_what_fails_with_the_constants_of_a_game_is_refused_with_its_player_count(
        tmp_path: Path, base: str, body: str, where: tuple[int, int], english: str, spanish: str):
    with pytest.raises(RuleFileError) as caught:
        load_rules(_house(tmp_path, body, base))
    [problem] = caught.value.problems
    assert (problem.location.line, problem.location.column) == where
    assert (problem.message, problem.message.said("es")) == (english, spanish)


@pytest.mark.parametrize("base, body", [
    ("domino-muggins", 'settlement:\n  penalty: "hand_pips if players == 2 else round_nearest(hand_pips, players - 2)"\n'),
    ("domino-muggins", 'settlement:\n  penalty: "hand_pips + (100 // (players - 2) if players > 2 else 0)"\n'),
    ("domino-muggins", 'settlement:\n  penalty: "round_nearest(hand_pips, players - 1)"\n'),
    ("card-muggins", 'scoring:\n  - name: x\n    when: "total == 15 and players > 2"\n    points: "total // (players - 2)"\n'),
    ("card-muggins", 'scoring:\n  - name: x\n    when: "players == 2 or total // (players - 2) > 3"\n    points: 2\n'),
    ("card-muggins", 'scoring:\n  - name: x\n    when: "sum(last(pile.values, players - 2)) == 15"\n    points: 2\n'),
    ("card-muggins", 'pile:\n  exact_limit:\n    points: "100 // (total - 30)"\n'),
    ("card-muggins", 'last:\n  points: "100 // (total - 31)"\n'),
    # points are read only when `when` holds: one the fixed values do not make always true may
    # never hold in a game (here never with 2 players, or only on a total a game may not reach)
    ("domino-muggins", 'scoring:\n  - name: x\n    when: "ends_sum * (players - 2) > 10"\n    points: "ends_sum // (players - 2)"\n'),
    ("card-muggins", 'scoring:\n  - name: x\n    when: "0 < players - 2 < total"\n    points: "total // (players - 2)"\n'),
    # the award is never read when nobody is paid
    ("domino-muggins", 'settlement:\n  award: "opponents_pips // (players - 2)"\n  paid_to: nobody\n'),
])
def test_what_fails_only_at_some_values_with_the_constants_of_a_game_stays_valid(tmp_path: Path, base: str, body: str):
    load_rules(_house(tmp_path, body, base))  # a branch or a value no game with that count reaches


def test_scoring_entries_are_bounded(tmp_path: Path):
    entries = "".join(f'  - name: s{i}\n    when: "ends_sum == {i}"\n    points: 5\n' for i in range(65))
    line, column, message = _refused(_house(tmp_path, "scoring:\n" + entries))
    assert (line, column) == (3, 1) and message.startswith("`scoring` has 65 entries; at most 64")


def test_values_in_one_file_are_bounded(tmp_path: Path):
    started = time.perf_counter()
    with pytest.raises(RuleFileError, match="more than 10000 values in one file"):
        load_rules(_house(tmp_path, "x: [" + "1, " * 20_000 + "1]\n"))
    assert time.perf_counter() - started < 5


# -- API ------------------------------------------------------------------------------------------

def test_card_not_in_the_deck_is_refused_when_played():
    state = make_game(load_rules("card-muggins"), 2).new_state(1)
    with pytest.raises(IllegalMoveError, match=r"Card\(rank=14, suit='Z'\) is not a card of this deck \(ranks 1 to 13"):
        state.play(Play(Card(14, "Z")))


@pytest.mark.parametrize("make", [lambda: Tile(-1, 99), lambda: Tile(1, 10**5000), lambda: Tile(True, 2),
                                  lambda: Card(0, "H"), lambda: Card(1, "h"), lambda: Card(1, "HH")])
def test_impossible_pieces_are_refused_at_construction(make):
    with pytest.raises(IllegalMoveError, match="not a (tile|card)"):
        make()


def test_tile_not_in_the_set_is_refused_when_played():
    state = make_game(load_rules("domino-muggins"), 2).new_state(1)
    with pytest.raises(IllegalMoveError):
        state.play(Place(Tile(0, 99)))


@pytest.mark.parametrize("rules, text", [("card-muggins", "5H"), ("domino-muggins", "5-5")])
def test_play_with_text_says_to_parse_it(rules: str, text: str):
    state = make_game(load_rules(rules), 2).new_state(1)
    with pytest.raises(IllegalMoveError, match=r"game\.parse_move\(text\)"):
        state.play(text)


def test_domino_setup_refuses_tiles_not_in_the_set_and_turns_past_the_seats():
    game = make_game(load_rules("domino-muggins"), 2)
    with pytest.raises(IllegalMoveError, match=r"\[0\|9\] is not in a double-6 set"):
        game.setup([[Tile(0, 9)], [Tile(1, 1)]])
    with pytest.raises(IllegalMoveError, match="`turn` is 2, not a seat: seats are numbered 0 to 1"):
        game.setup([[Tile(0, 1)], [Tile(1, 1)]], turn=2)
    with pytest.raises(IllegalMoveError, match="needs 2 hands"):
        game.setup([[Tile(0, 1)]])
    game.setup([[Tile(0, 1)], [Tile(1, 1)]], turn=1)


def test_card_setup_refuses_cards_not_in_the_deck_and_seats_out_of_range():
    game = make_game(load_rules("card-muggins"), 2)
    hands = [[Card(1, "H")], [Card(2, "H")]]
    with pytest.raises(IllegalMoveError, match="is not a card of this deck"):
        game.setup([[Card(14, "Z")], [Card(2, "H")]])
    for seat in ("turn", "dealer", "last_player"):
        with pytest.raises(IllegalMoveError, match=f"`{seat}` is -1, not a seat"):
            game.setup(hands, **{seat: -1})
    game.setup(hands, dealer=1, turn=0)


# -- Fuzz ------------------------------------------------------------------------------------------

BUILTIN = sorted(RULES.glob("*.yaml"))
PIECES = ["\x00", "\x07", "\x1b", "\ufffe", "\t", "\n", ":", "-", "[", "{", "'", '"', "&a", "*a", "!!", "#", "0",
          "-1", HUGE, "9" * 19, "//", "% 0", "true", "no", "~", " "]


@st.composite
def mutated_rule_file(draw) -> tuple[str, str]:
    path = draw(st.sampled_from(BUILTIN))
    lines = path.read_text(encoding="utf-8").split("\n")
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["delete", "duplicate", "swap", "flip", "insert", "number"]))
        i = draw(st.integers(0, len(lines) - 1))
        j = draw(st.integers(0, len(lines) - 1))
        if kind == "delete" and len(lines) > 1:
            del lines[i]
        elif kind == "duplicate":
            lines.insert(i, lines[i])
        elif kind == "swap":
            lines[i], lines[j] = lines[j], lines[i]
        elif lines[i]:
            at = draw(st.integers(0, len(lines[i]) - 1))
            if kind == "flip":
                lines[i] = lines[i][:at] + draw(st.characters(codec="utf-8")) + lines[i][at + 1:]
            elif kind == "insert":
                lines[i] = lines[i][:at] + draw(st.sampled_from(PIECES)) + lines[i][at:]
            else:
                lines[i] = lines[i][:at] + draw(st.sampled_from(["0", "-1", HUGE, "99", "1000", "10**9"])) + lines[i][at:]
    return path.name, "\n".join(lines)


@settings(max_examples=150, deadline=1000, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(mutated_rule_file())
def test_fuzz_mutated_rule_files_give_project_errors_or_play(tmp_path: Path, case: tuple[str, str]):
    name, text = case
    path = tmp_path / name
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    started = time.perf_counter()
    try:
        rules = load_rules(path)
    except MugginsError:
        assert time.perf_counter() - started < 1
        return
    assert time.perf_counter() - started < 1
    # a file that validates runs: one seeded bot game to the end, every invariant checked
    play_checked_game(rules, min(rules.player_counts), "greedy", seed=1, max_rounds=3)


MOVE_TEXT = st.one_of(
    st.text(max_size=30),
    st.builds(lambda a, b, end: f"{a}-{b}{end}", st.integers(-5, 10**30), st.integers(-5, 10**30),
              st.sampled_from(["", " left", " right", " up", " sideways"])),
    st.builds(lambda rank, suit: f"{rank}{suit}", st.sampled_from(["A", "10", "0", "14", HUGE, "²", "①"]),
              st.sampled_from(["H", "s", "Z", "", "\x00"])),
    st.sampled_from([HUGE + "-1", "1-" + HUGE, HUGE + "H", "\x1b[2J", "\ud800", "draw", "pass", "go", "claim",
                     "muggins", "decline"]),
)


@settings(max_examples=150, deadline=1000)
@given(st.sampled_from(["domino-muggins", "card-muggins", "domino-muggins-claims", "card-cribbage-pegging"]),
       MOVE_TEXT, st.integers(0, 3))
def test_fuzz_typed_moves_give_illegal_move_errors_or_play(rules: str, text: str, seed: int):
    state = make_game(load_rules(rules), 2).new_state(seed)
    started = time.perf_counter()
    try:
        state.play(state.game.parse_move(text))
    except IllegalMoveError:
        pass
    assert time.perf_counter() - started < 1


@settings(max_examples=60, deadline=1000, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.recursive(st.one_of(st.integers(-10**30, 10**30), st.text(max_size=5), st.none(), st.booleans()),
                    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=3), inner,
                                                                                         max_size=3)),
                    max_leaves=20),
       st.integers(0, 60), st.sampled_from([read_record, read_save]))
def test_fuzz_json_files_give_record_errors(tmp_path: Path, data, depth: int, reader):
    path = tmp_path / "file.json"
    text = json.dumps(data)
    path.write_text("[" * depth + text + "]" * depth)
    with pytest.raises(RecordError):
        reader(path)


@pytest.mark.parametrize("name", ["domino-muggins", "card-muggins"])
@pytest.mark.parametrize("text", [None, 5, 5.0, b"draw", ["go"]], ids=repr)
def test_a_move_that_is_not_text_is_refused(name, text):
    from muggins.engine import make_game
    game = make_game(load_rules(name), 2)
    with pytest.raises(IllegalMoveError):
        game.parse_move(text)


@pytest.mark.parametrize("name", ["domino-muggins", "card-muggins"])
@pytest.mark.parametrize("scores, round_number", [(["x", 0], 1), ([1.5, 0], 1), ([0, 0], -3), ([0, 0], "2")],
                         ids=["text score", "fraction", "round -3", "round as text"])
def test_a_hand_set_position_with_impossible_scores_or_round_is_refused(name, scores, round_number):
    from muggins.engine import make_game
    game = make_game(load_rules(name), 2)
    hands = [[game.rules.pieces.parse("1-2" if name.startswith("domino") else "5H")], []]
    with pytest.raises(IllegalMoveError):
        game.setup(hands, scores=scores, round=round_number)


# -- the API's other inputs: the project's own error, saying what was given ----------------------

@pytest.mark.parametrize("name", ["domino-muggins", "card-muggins"])
@pytest.mark.parametrize("players, shown", [(2.0, "not 2.0, of type float"), ("2", "not '2', of type str"),
                                            (True, "not True, of type bool"), (None, "not None, of type NoneType")],
                         ids=repr)
def test_a_player_count_that_is_no_whole_number_is_refused_as_what_it_is(name, players, shown):
    with pytest.raises(IllegalMoveError) as caught:
        make_game(load_rules(name), players)
    assert str(caught.value) == f"the number of players must be a whole number, {shown}"


@pytest.mark.parametrize("max_rounds", [0, 2.5, "10", None], ids=repr)
def test_a_round_cap_that_is_no_whole_number_from_1_is_refused(max_rounds):
    with pytest.raises(IllegalMoveError, match="max_rounds must be a whole number from 1"):
        make_game(load_rules("domino-muggins"), 2, max_rounds)


@pytest.mark.parametrize("name", ["domino-muggins", "card-muggins"])
@pytest.mark.parametrize("seed", [[1, 2], object(), None, {"a": 1}, 1.5, b"x", True],
                         ids=lambda seed: type(seed).__name__)
def test_a_seed_that_is_no_number_or_text_is_refused(name, seed):
    game = make_game(load_rules(name), 2)
    with pytest.raises(IllegalMoveError, match=f"a seed is an integer or a text, not .*, of type {type(seed).__name__}"):
        game.new_state(seed)
    with pytest.raises(IllegalMoveError, match="a seed is an integer or a text"):
        game.setup([[], []], seed=seed)
    for kept in (7, "7", "bench:12"):                                     # what records keep: a number or a text
        assert game.new_state(kept).events


def test_the_games_inputs_are_refused_in_spanish_too():
    """Every word shown to a person is in English and Spanish: make_game's and new_state's refusals too."""
    rules = load_rules("domino-muggins")
    cases = [(lambda: make_game(rules, 2.0), "el número de jugadores debe ser un número entero, no 2.0, de tipo float"),
             (lambda: make_game(rules, 2, 0), "max_rounds debe ser un número entero de 1 a 1000000000, no 0"),
             (lambda: make_game(rules, 2).new_state(5.0),
              "una semilla es un número entero o un texto, no 5.0, de tipo float"),
             (lambda: make_game(rules, 2).new_state(1).view(5), "`player` es 5, no un puesto: los puestos van de 0 a 1"),
             (lambda: make_game(rules, 2).new_state(1).play("5H"),
              "play() toma un objeto de jugada, no el texto '5H': lee antes una jugada escrita con game.parse_move(text)"),
             (lambda: make_game(rules, 2).setup([[Tile(0, 0)], [Tile(0, 0)]]), "una ficha aparece dos veces en lo asignado"),
             (lambda: make_game(rules, 2).setup([[Tile(0, 0)], [Tile(1, 1)]], scores=[1]),
              "una posición para 2 jugadores necesita 2 manos y 2 puntuaciones"),
             (lambda: make_game(rules, 2).setup([[Tile(0, 0)], [Tile(1, 1)]], round=0),
              "la ronda debe ser un número entero desde 1, no 0"),
             (lambda: run_game(make_game(rules, 2).new_state(1), ["greedy"]),
              "`seats` debe contener un jugador con `choose(view, moves)` para cada uno de los 2 puestos"),
             (lambda: Place(Tile(1, 4), "left"), "el extremo de una colocación es 'left'")]
    for make, spanish in cases:
        with pytest.raises(IllegalMoveError) as caught:
            make()
        assert caught.value.said("es").startswith(spanish)


def test_a_record_whose_seed_no_game_takes_is_refused_as_a_record_in_the_language():
    """A Record built in Python (past the file's schema) with a float seed: a RecordError that
    says the record cannot be set up, in the language asked, never the engine's own error."""
    rules = load_rules("domino-muggins")
    record = Record(rules="domino-muggins", digest=rules.digest, players=2, seed=5.0, max_rounds=3,  # type: ignore[arg-type]
                    seats=["greedy", "greedy"])
    with pytest.raises(RecordError) as caught:
        replay(record, lang="es")
    assert str(caught.value) == ("no se puede preparar la partida del acta: una semilla es un número entero o un "
                                 "texto, no 5.0, de tipo float")


@pytest.mark.parametrize("name", ["domino-muggins", "card-muggins"])
@pytest.mark.parametrize("hands", [None, [None, None], "ab", [[], "x"]], ids=repr)
def test_hands_that_are_not_lists_of_pieces_are_refused(name, hands):
    game = make_game(load_rules(name), 2)
    with pytest.raises(IllegalMoveError, match="`hands` must be a list of 2 lists of pieces"):
        game.setup(hands)


@pytest.mark.parametrize("where, value, message", [
    ("line", "xx", "`line` must be a list, not 'xx'"),
    ("line", ["xx"], "`line` holds (tile, end) pairs, the end None or an end's number from 0 to 3, not 'xx'"),
    ("boneyard", 5, "`boneyard` must be a list, not 5"),
])
def test_a_domino_position_with_a_line_or_boneyard_that_is_no_list_is_refused(where, value, message):
    game = make_game(load_rules("domino-muggins"), 2)
    with pytest.raises(IllegalMoveError) as caught:
        game.setup([[Tile(1, 2)], [Tile(3, 4)]], **{where: value})
    assert str(caught.value) == message


@pytest.mark.parametrize("where, value", [("stock", 5), ("pile", "5H")])
def test_a_card_position_with_a_stock_or_pile_that_is_no_list_is_refused(where, value):
    game = make_game(load_rules("card-muggins"), 2)
    with pytest.raises(IllegalMoveError) as caught:
        game.setup([[], []], **{where: value})
    assert str(caught.value) == f"`{where}` must be a list, not {value!r}"


@pytest.mark.parametrize("refused", [lambda g: g.parse_move(None), lambda g: g.new_state(1).play(Card(14, "Z")),
                                     lambda g: g.new_state(1).play(Tile(1, 2))],
                         ids=["parse_move(None)", "play(Card(14, 'Z'))", "play(a tile)"])
def test_a_card_games_refusal_hints_at_cards_not_tiles(refused):
    from muggins.messages import reason
    game = make_game(load_rules("card-muggins"), 2)
    with pytest.raises(IllegalMoveError) as caught:
        refused(game)
    assert "(write a card like 5H or 10♥, or go)" in str(caught.value) and "tile" not in str(caught.value)
    assert "(escribe una carta, como 5C o 10♥, o paso)" in reason(caught.value, "es")


@pytest.mark.parametrize("name", ["card-muggins", "domino-muggins"])
def test_a_state_stopped_by_an_error_refuses_to_go_on(name):
    """`apply` is unchecked: a move it cannot make raises, and the state then says it cannot go on
    rather than take (and silently ignore) every later move."""
    game = make_game(load_rules(name), 2)
    state = game.new_state(1)
    move = state.legal_moves()[0]
    pieces = getattr(game, "cards", None) or game.tiles
    stranger = type(move)(next(p for p in pieces if p not in state.hands[state.turn]))
    with pytest.raises(ValueError):
        state.apply(stranger)  # a piece not in the hand: list.remove fails inside the course
    with pytest.raises(RuleError, match="cannot go on"):
        state.apply(state.legal_moves()[0])


@pytest.mark.parametrize("rules", [None, "card-muggins", {"name": "x"}], ids=repr)
def test_make_game_takes_loaded_rules_only(rules):
    with pytest.raises(MugginsError, match="make_game takes the rules that load_rules"):
        make_game(rules, 2)


@pytest.mark.parametrize("placed", [(Tile(1, 3), "left"), (Tile(1, 3), 7), (Tile(1, 3), 1.0)], ids=repr)
def test_a_line_whose_ends_are_not_numbers_is_refused(placed):
    game = make_game(load_rules("domino-muggins"), 2)
    with pytest.raises(IllegalMoveError, match="`line` holds \\(tile, end\\) pairs"):
        game.setup([[], []], line=[(Tile(3, 4), None), placed])


def test_a_round_is_not_ended_while_a_claim_is_due():
    """`end_round` (for scenarios) ends a round as play does: once the claims and calls due are
    answered, the same way in every family (a card claim is not dropped, a domino claim not carried over)."""
    cards = make_game(load_rules("card-muggins"), 2)
    state = cards.setup([[cards.deck.parse("5S"), cards.deck.parse("2C")], [cards.deck.parse("3C")]],
                        pile=[cards.deck.parse("10H")], last_player=1, dealer=1, turn=0)
    state.play(cards.parse_move("5S"))                    # 15: P1's claim is due
    with pytest.raises(IllegalMoveError, match="first player 1 must claim or decline"):
        state.end_round()
    dominoes = make_game(load_rules("domino-muggins-claims"), 2)
    state = dominoes.setup([[Tile(1, 4), Tile(2, 2)], [Tile(6, 6)]], boneyard=[Tile(0, 0)], turn=0)
    state.play(dominoes.parse_move("1-4"))               # 4 + 1 = 5: P1's claim is due
    with pytest.raises(IllegalMoveError, match="first player 1 must claim or decline"):
        state.end_round(0)


def test_drawing_before_the_line_is_opened_is_refused_with_its_reason():
    """With `draw.only_when_stuck`, a player holding tiles cannot draw onto an empty line: any tile opens it."""
    game = make_game(load_rules("domino-muggins"), 2)
    state = game.setup([[Tile(1, 4), Tile(2, 2)], [Tile(6, 6)]], boneyard=[Tile(0, 0), Tile(0, 1), Tile(0, 2)], turn=0)
    with pytest.raises(IllegalMoveError) as caught:
        state.play(game.parse_move("draw"))
    assert str(caught.value) == "cannot draw: [1|4] can open the line"
    assert reason(caught.value, "es") == "no puedes robar: [1|4] puede abrir la línea"


def _api_misuses():
    """What a user of the API may get wrong, and what the refusal must say (README, Limits and
    guarantees: every input of the API is checked where it enters)."""
    from muggins.bots import Policies, make_bots
    from muggins.match import run_game
    dominoes = make_game(load_rules("domino-muggins"), 2)
    cards = make_game(load_rules("card-muggins"), 2)
    state, dealt = dominoes.new_state(1), cards.new_state(1)
    return [
        ("view of seat 5", lambda: state.view(5), "`player` is 5, not a seat: seats are numbered 0 to 1"),
        ("view of seat 'a'", lambda: state.view("a"), "`player` is 'a', not a seat"),
        ("view of seat -1", lambda: dealt.view(-1), "`player` is -1, not a seat"),
        ("hands None", lambda: setattr(state, "hands", None), "`hands` must be a list of 2 lists of pieces"),
        ("hands of text", lambda: setattr(state, "hands", [["0-0"], ["1-1"]]),
         "not a tile: '0-0' (a text: make its Tile with rules.pieces.parse)"),
        ("a card's text", lambda: setattr(dealt, "stock", ["5H"]), "'5H' is a text, not a Card"),
        ("a tile of no set", lambda: setattr(state, "boneyard", [Tile(7, 7)]), "[7|7] is not in a double-6 set"),
        ("a tile twice", lambda: setattr(state, "hands", [[Tile(0, 0)], [Tile(0, 0)]]),
         "a tile appears twice in what is assigned"),
        ("one hand for two", lambda: setattr(dealt, "hands", [[]]), "needs 2 hands"),
        ("one bot for two", lambda: run_game(dominoes.new_state(2), make_bots(["greedy"], seed=1)),
         "`seats` must hold a player with `choose(view, moves)` for each of the 2 seats"),
        ("bots as names", lambda: run_game(dominoes.new_state(2), ["greedy", "random"]), "`seats` must hold"),
        ("no bots", lambda: run_game(dominoes.new_state(2), None), "`seats` must hold"),
        ("policies as names", lambda: dominoes.new_state(1, ["greedy", "greedy"]),
         "`policies` must be bots.Policies with a kind of bot for each of the 2 players"),
        ("policies for three", lambda: cards.new_state(1, Policies(["greedy"] * 3, 1)), "`policies` must be"),
        ("a kind as text", lambda: make_bots("greedy", seed=1), "the bots are a list of their kinds"),
        ("policies of a text", lambda: Policies("greedy", 1), "the bots are a list of their kinds"),
        ("a seed past a record's digits", lambda: dominoes.new_state(10**150), "a seed has at most 100 digits"),
        ("a seed past a record's text", lambda: cards.new_state("x" * 300), "at most 256 characters"),
        ("the bots' seed an object", lambda: make_bots(["greedy"], object()), "a seed is an integer or a text"),
        ("forget nan", lambda: make_bots(["greedy"], 1, float("nan")), "`forget` is a chance from 0 to 1, not nan"),
        ("attention as text", lambda: Policies(["greedy"] * 2, 1, attention="x"), "`attention` is a chance"),
        ("a round cap past a record's", lambda: make_game(load_rules("card-muggins"), 2, max_rounds=10**30),
         "max_rounds must be a whole number from 1 to 1000000000"),
        ("a round ended by no seat", lambda: dominoes.new_state(1).end_round(7), "`dominoer` is 7, not a seat"),
        ("an opener with no tile", lambda: dominoes.setup([[], []]), "P1, who plays next, opens it"),
        ("a record of a game not over", lambda: make_record(load_rules("domino-muggins"), 2, 1, 1000,
                                                            ["greedy"] * 2, [], dominoes.new_state(1)),
         "a record is of a finished game"),
        ("a record read from None", lambda: read_record(None), "a file is named by a text or a path, not None"),
        ("a path replayed", lambda: replay("g.json"), "replay takes the Record that read_record returns"),
        ("players as text in a record", lambda: replay(Record(
            rules="card-muggins", digest=load_rules("card-muggins").digest, players="2", seed=1, max_rounds=9,
            seats=["greedy"] * 2, moves=[], outcome={})), "the number of players is a whole number, not '2'"),
        ("an end as text", lambda: Place(Tile(1, 4), "left"), "a placement's end is 'left': an end is None"),
        ("an end as a float", lambda: Place(Tile(1, 4), 1.0), "a placement's end is 1.0"),
        ("an end past the four", lambda: Place(Tile(1, 4), 99), "one of 0 to 3 (left, right, up, down)"),
        ("an end as a boolean", lambda: Place(Tile(1, 4), True), "a placement's end is True"),
        ("a tile as text", lambda: Place("1-4", 0), "a placement's tile is '1-4', not a Tile"),
    ]


@pytest.mark.parametrize("text, quoted", [
    (" " * 10**6, "not a move: ''"),
    ("a " * 100, "not a move: 'a a a a a a a a a a a a a a a a a a a...'"),
    ("0-4 " + "x" * 5000, "not an end: '" + "x" * 37 + "...'"),
    ("5H", "not a tile: '5H'"),
    ("0-4 LEFTX", "not an end: 'LEFTX'"),
])
def test_a_refused_domino_move_is_quoted_short_and_as_typed(text, quoted):
    """README, Limits and guarantees: a refused text is quoted back at most 40 characters long;
    as typed, not lowered."""
    game = make_game(load_rules("domino-muggins"), 2)
    with pytest.raises(IllegalMoveError) as refused:
        game.parse_move(text)
    assert str(refused.value).startswith(quoted) and len(str(refused.value)) < 160


@pytest.mark.parametrize("index", range(len(_api_misuses())), ids=[name for name, _, _ in _api_misuses()])
def test_the_api_refuses_what_it_is_given_wrong_with_its_own_errors(index):
    _, misuse, said = _api_misuses()[index]
    with pytest.raises(MugginsError) as refused:
        misuse()
    assert said in str(refused.value)


def test_the_apis_limits_are_what_a_record_keeps():
    """A game the API starts can be recorded and read back: its seed and round cap are within what
    the record schema and the record reader take."""
    from muggins.engine.table import MAX_ROUNDS, SEED_CHARACTERS, SEED_DIGITS
    from muggins.records import MAX_JSON_DIGITS, record_schema
    schema = record_schema()["properties"]
    assert (MAX_ROUNDS, SEED_CHARACTERS, SEED_DIGITS) == (schema["max_rounds"]["maximum"],
                                                          schema["seed"]["maxLength"], MAX_JSON_DIGITS)


def test_hands_and_boneyard_assigned_one_after_the_other_may_exchange_tiles():
    """README: `hands`, `boneyard` and `stock` can be assigned whole; tiles exchanged between the
    hands and the boneyard pass through a position that holds one twice, and are not refused."""
    state = make_game(load_rules("domino-muggins"), 2).new_state(3)
    hidden = state.hands[1] + state.boneyard
    hands = state.hands
    hands[1], rest = hidden[-len(hands[1]):], hidden[:-len(hands[1])]
    state.hands, state.boneyard = hands, rest
    assert state.hands[1] == sorted(hidden[-len(hands[1]):]) and state.boneyard == rest


def test_the_readmes_python_example_runs_and_shows_what_it_says(capsys):
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    code = readme[readme.index("## Using muggins from Python"):].split("```python\n", 1)[1].split("```")[0]
    shown = next(line.split("# ", 1)[1] for line in code.splitlines() if line.startswith("state.legal_moves()"))
    namespace: dict = {}
    exec(compile(code, "README.md", "exec"), namespace)
    first = make_game(load_rules("domino-muggins"), players=2).new_state(seed=1).legal_moves()[0]
    assert shown.startswith(f"[{first!r}, ")
    assert capsys.readouterr().out.startswith("Outcome(termination='target', winner=")
