"""Rule: a scenario that asks for something the game cannot show fails, located at what is wrong.

A rule writer reads `muggins check`'s one line `FILE:LINE:COL: message` (in the command's
language) and fixes the key or value it points at; no traceback, no Python words. A scenario
that expects something the rules do not give never passes.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from muggins.cli import main

DOMINO = """\
title: "t"
source: "s"
rules: domino-muggins
position:
  line: ["1-2"]
  hands: [["2-4", "3-3"], ["6-6", "0-0"]]
"""

CARDS = """\
title: "t"
source: "s"
rules: card-muggins
position:
  pile: ["10H"]
  hands: [["5S", "2C"], ["3C", "4C"]]
"""


@pytest.fixture(autouse=True)
def no_locale(monkeypatch):
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(variable, raising=False)


def check(tmp_path: Path, capsys, text: str, *options: str) -> str:
    """`muggins check` of one scenario that must fail: its report."""
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["check", "-q", str(path), *options]) == 1
    out = capsys.readouterr().out
    assert "Traceback" not in out
    return out


def at(line: int, column: int) -> str:
    """Where `check` says a problem is: `line`, `column` of the scenario it wrote."""
    return f"s.yaml:{line}:{column}: "


def test_a_round_dominoed_by_a_player_the_game_has_not_is_located(tmp_path: Path, capsys):
    text = DOMINO + "steps:\n  - end_round: {dominoed_by: 3}\n"
    assert at(8, 30) + "there are only 2 players" in check(tmp_path, capsys, text)
    assert at(8, 30) + "solo hay 2 jugadores" in check(tmp_path, capsys, text, "--lang", "es")


def passes(tmp_path: Path, capsys, text: str) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["check", "-q", str(path)]) == 0, capsys.readouterr().out
    capsys.readouterr()


def test_a_refused_move_is_checked_against_the_position_it_leaves_as_it_was(tmp_path: Path, capsys):
    """[6|6] is player 2's: refused, it scores nothing and it is still player 1's decision."""
    step = "steps:\n  - play: 6-6 left\n    expect: {error: \"not in\", %s}\n"
    passes(tmp_path, capsys, DOMINO + step % "scores: [0, 0], points: 0, actor: 1")
    out = check(tmp_path, capsys, DOMINO + step % "scores: [5, 0]")
    assert "expected scores [5, 0], the rules give [0, 0]" in out
    out = check(tmp_path, capsys, DOMINO + step % "actor: 2")
    assert "expected next to decide 2, the rules give 1" in out


@pytest.mark.parametrize("step, line, column", [
    ("  - by: 2\n    expect: {actor: 1}\n", 8, 5),
    ("  - end_round: true\n    by: 2\n", 9, 5)], ids=["no action", "end of round"])
def test_by_on_a_step_where_no_one_acts_is_located_at_it(step, line, column, tmp_path: Path, capsys):
    text = DOMINO + "steps:\n" + step
    out = check(tmp_path, capsys, text)
    assert at(line, column) + "`by` says who makes the step's `play`; this step has no `play`" in out
    out = check(tmp_path, capsys, text, "--lang", "es")
    assert at(line, column) + "`by` dice quién hace la jugada `play` del momento; este momento no tiene `play`" in out


@pytest.mark.parametrize("game, key, value, said, dicho", [
    (DOMINO, "stock", "[]", "`stock` is for card games", "`stock` es de los juegos de naipes"),
    (DOMINO, "last_player", "2", "`last_player` is for card games", "`last_player` es de los juegos de naipes"),
    (CARDS, "boneyard", "[]", "`boneyard` is for domino games", "`boneyard` es de los juegos de dominó"),
    (CARDS, "line", '["1-2"]', "`line` is for domino games", "`line` es de los juegos de dominó")])
def test_a_position_key_of_the_other_family_is_refused_at_it(game, key, value, said, dicho, tmp_path: Path, capsys):
    """Ignored, the key would leave the position the writer did not mean (`stock` for `boneyard`)."""
    text = game + f"  {key}: {value}\nsteps:\n  - expect: {{actor: 1}}\n"
    out = check(tmp_path, capsys, text)
    assert at(7, 3) + said in out
    assert ("boneyard" if game is DOMINO else "stock") in out.split(said)[1].splitlines()[0]
    assert at(7, 3) + dicho in check(tmp_path, capsys, text, "--lang", "es")


def test_penalties_on_a_step_that_settles_no_round_fail_as_the_next_opener_does(tmp_path: Path, capsys):
    """Leftover pips are settled only when a round ends: a placement has no penalties, not [0, 0]."""
    text = DOMINO + "steps:\n  - play: 2-4 right\n    expect: {penalties: [0, 0]}\n"
    out = check(tmp_path, capsys, text)
    assert "expected leftover-pip penalties [0, 0], but no round is settled in this step" in out
    out = check(tmp_path, capsys, text, "--lang", "es")
    assert "lo esperado es [0, 0], pero en este momento no se liquida ninguna ronda" in out
    out = check(tmp_path, capsys, text.replace("penalties: [0, 0]", "next_opener: 2"))
    assert "expected next opener 2, but no round starts in this step" in out
    # 12 pips each, to the nearest five: 10 lost by each at the blocked round's settlement
    passes(tmp_path, capsys, DOMINO + "steps:\n  - end_round: true\n    expect: {penalties: [10, 10]}\n")


def test_an_expectation_the_game_does_not_have_is_located_at_its_key(tmp_path: Path, capsys):
    """`sum` (of a line's open ends) is a domino expectation; a card game has a `total`."""
    text = CARDS + "steps:\n  - play: 5S\n  - play: claim\n    expect:\n      scores: [15, 0]\n      sum: 15\n"
    assert at(12, 7) + "sum cannot be checked in card games" in check(tmp_path, capsys, text)
    assert at(12, 7) + "sum: no se puede comprobar en los juegos de naipes" in check(tmp_path, capsys, text, "--lang", "es")


def test_rules_that_are_not_there_are_located_at_the_name(tmp_path: Path, capsys):
    text = DOMINO.replace("rules: domino-muggins", "rules: domino-mugins") + "steps:\n  - expect: {actor: 1}\n"
    out = check(tmp_path, capsys, text)
    assert at(3, 8) + "no rule file or built-in rules named 'domino-mugins'; did you mean 'domino-muggins'?" in out
    out = check(tmp_path, capsys, text, "--lang", "es")
    assert at(3, 8) + "no hay ningún fichero de reglas ni reglas incorporadas con el nombre 'domino-mugins'" in out


def test_rules_with_more_problems_than_the_one_shown_say_how_many_more(tmp_path: Path, capsys):
    """Its rules are said in one line, at `rules`: the writer who fixes that one problem learns
    there are others before running the check again."""
    (tmp_path / "house.yaml").write_text("extends: domino-muggins\nname: house\nline:\n  spinnner: true\n"
                                         "win:\n  targett: 3\n")
    text = DOMINO.replace("rules: domino-muggins", "rules: house.yaml") + "steps:\n  - expect: {actor: 1}\n"
    out = check(tmp_path, capsys, text)
    assert at(3, 8) + "its rules do not load: " in out and "unknown key 'spinnner' in `line`" in out
    assert "(and 1 more: `muggins validate` on the rule file lists them all)" in out
    out = check(tmp_path, capsys, text, "--lang", "es")
    assert "(y 1 más: `muggins validate` con el fichero de reglas los enumera todos)" in out


END_ROUND = ("`end_round` is `true` (the round ends as blocked, or with every hand empty) or `{dominoed_by: N}` "
             "(player N placed their last tile)")


@pytest.mark.parametrize("step, line, column, said, dicho", [
    ("  - end_round: false\n", 8, 16, END_ROUND, "`end_round` es `true` (la ronda termina cerrada"),
    ("  - end_round: {by: 2}\n", 8, 16, END_ROUND, "`end_round` es `true` (la ronda termina cerrada"),
    ("  - play: 2-4 right\n    end_round: true\n", 9, 5, "a step has `play` or `end_round`, not both",
     "un momento tiene `play` o `end_round`, no ambas cosas")], ids=["false", "by", "with play"])
def test_a_step_that_ends_the_round_wrongly_says_what_end_round_takes(step, line, column, said, dicho,
                                                                      tmp_path: Path, capsys):
    text = DOMINO + "steps:\n" + step
    out = check(tmp_path, capsys, text)
    assert at(line, column) + said in out and "schema" not in out and "needs `steps`" not in out
    assert at(line, column) + dicho in check(tmp_path, capsys, text, "--lang", "es")


def test_a_table_with_a_position_says_a_table_starts_from_none(tmp_path: Path, capsys):
    text = DOMINO + "formula: scoring\nrows:\n  - {given: {ends_sum: 5}, expect: 5}\n"
    out = check(tmp_path, capsys, text)
    assert at(4, 1) + "a table of `rows` starts from no position: `position` is for `steps`" in out
    out = check(tmp_path, capsys, text, "--lang", "es")
    assert at(4, 1) + "una tabla de `rows` no parte de ninguna posición: `position` es para `steps`" in out


@pytest.mark.parametrize("key, line", [("players: 4", 4), ("seed: 3", 4)])
def test_a_table_with_players_or_a_seed_says_a_row_gives_its_names(key, line, tmp_path: Path, capsys):
    """A row reads `players` from its own `given` (0 when left out): a top-level `players` was
    silently ignored, so `players: 4` with a row expecting the deal of 4 passed whatever it said."""
    text = f'title: "t"\nsource: "s"\nrules: domino-muggins\n{key}\nformula: deal.hand\nrows:\n' \
           "  - {given: {}, expect: 5}\n"
    name = key.split(":")[0]
    out = check(tmp_path, capsys, text)
    assert at(line, 1) + f"a table of `rows` plays no game: `{name}` is for `steps` (a row gives the names " \
                         "its formula reads, `players` too, in `given`)" in out
    out = check(tmp_path, capsys, text, "--lang", "es")
    assert at(line, 1) + f"una tabla de `rows` no juega ninguna partida: `{name}` es para `steps` (una fila da " \
                         "en `given` los nombres que lee su fórmula, también `players`)" in out


@pytest.mark.parametrize("key", ["explanation", "explanation_es"])
def test_an_empty_explanation_is_refused_as_an_empty_error_is(key, tmp_path: Path, capsys):
    """Every explanation contains the empty text: the step would check nothing of it."""
    out = check(tmp_path, capsys, DOMINO + f'steps:\n  - play: 2-4 right\n    expect: {{{key}: ""}}\n')
    assert at(9, 16 + len(key)) + f"`steps.0.expect.{key}` must have at least 1 character" in out


def test_a_formula_the_rules_have_not_is_said_once_for_the_table_not_once_per_row(tmp_path: Path, capsys):
    """A domino game has no card values: the table is wrong, not each of its three rows."""
    text = 'title: "t"\nsource: "s"\nrules: domino-muggins\nformula: pieces.cards.value\nrows:\n' + \
        "".join(f"  - {{given: {{card.rank: {rank}}}, expect: {rank}}}\n" for rank in (1, 2, 3))
    out = check(tmp_path, capsys, text)
    assert out.count("domino-muggins has no pieces.cards.value") == 1, out
    assert at(4, 10) + "domino-muggins has no pieces.cards.value" in out
    assert out.splitlines()[-1] == "0 passed, 1 failed"
    out = check(tmp_path, capsys, text, "--lang", "es")
    assert out.count(at(4, 10) + "domino-muggins no tiene pieces.cards.value") == 1, out


def test_no_one_is_next_to_decide_once_the_game_is_over(tmp_path: Path, capsys):
    """P1 at 245 makes 0 + 5 = 5 and reaches 250 (the two-player target): the game ends at once,
    and an `actor` expected after it is no one's decision, whoever it names."""
    text = 'title: "t"\nsource: "s"\nrules: domino-muggins\nposition:\n  line: ["0-3"]\n' \
           '  hands: [["6-6", "1-1", "3-5"], ["2-2", "1-4"]]\n  scores: [245, 0]\nsteps:\n' \
           '  - play: 3-5 right\n    expect: {game_over: true, winner: 1, actor: %d}\n'
    for actor in (1, 2):
        out = check(tmp_path, capsys, text % actor)
        assert at(9, 5) + f"step 1 (P1: 3-5 right): expected next to decide {actor}, but the game is over: " \
                          "no one decides" in out
    out = check(tmp_path, capsys, text % 1, "--lang", "es")
    assert "quien decide a continuación: lo esperado es 1, pero la partida ha terminado: nadie decide" in out


def test_a_row_that_gives_nothing_says_every_name_is_at_its_default(tmp_path: Path, capsys):
    """deal.hand reads `players` as 0 when a row gives nothing: 7 if 0 == 2 else 5 is 5."""
    text = 'title: "t"\nsource: "s"\nrules: domino-muggins\nformula: deal.hand\nrows:\n  - {given: {}, expect: 7}\n'
    out = check(tmp_path, capsys, text)
    assert "s.yaml:6: t [#1]" in out
    assert at(6, 5) + "deal.hand with every name at its default (0, false or empty): expected 7, the rules give 5" in out
    out = check(tmp_path, capsys, text, "--lang", "es")
    assert at(6, 5) + "deal.hand con cada nombre en su valor por omisión (0, false o vacío): se esperaba 7, las " \
                      "reglas dan 5" in out


@pytest.mark.parametrize("step", ["  - {}\n", "  - note: the total is now 15\n", "  - expect: {}\n"],
                         ids=["empty", "a note alone", "nothing expected"])
def test_a_step_that_does_nothing_and_checks_nothing_is_refused_at_it(step, tmp_path: Path, capsys):
    """Such a step passes whatever the rules do: a scenario of them all passed, checking nothing."""
    text = DOMINO + "steps:\n  - play: 2-4 right\n" + step
    assert at(9, 5) + "this step does nothing and checks nothing: give it a `play`, an `end_round` or an " \
                      "`expect`" in check(tmp_path, capsys, text)
    assert at(9, 5) + "este momento no hace nada ni comprueba nada: dale un `play`, un `end_round` o un " \
                      "`expect`" in check(tmp_path, capsys, text, "--lang", "es")


def test_a_step_that_is_not_a_mapping_is_said_once(tmp_path: Path, capsys):
    out = check(tmp_path, capsys, DOMINO + "steps:\n  - 2-4 right\n")
    assert at(8, 5) + "`steps.0` must be a mapping, not '2-4 right'" in out
    assert out.count(at(8, 5)) == 1, out


def test_values_are_shown_as_the_scenario_writes_them(tmp_path: Path, capsys):
    """YAML's true and {player: 1, points: 15}, not Python's True and {'player': 1, ...}."""
    text = DOMINO.split("position:")[0] + "formula: scoring\nrows:\n  - {given: {ends_sum: 5}, expect: true}\n"
    assert "scoring with ends_sum = 5: expected true, the rules give 5" in check(tmp_path, capsys, text)
    assert "scoring con ends_sum = 5: se esperaba true, las reglas dan 5" in check(tmp_path, capsys, text, "--lang", "es")
    text = CARDS + "steps:\n  - play: 5S\n  - play: claim\n    expect: {scored: [{player: 2, points: 15}], game_over: true}\n"
    for out in (check(tmp_path, capsys, text), check(tmp_path, capsys, text, "--lang", "es")):
        assert "[{player: 2, points: 15}]" in out and "[{player: 1, points: 15}]" in out
        assert "game_over" in out and "true" in out and "false" in out
        assert not any(python in out for python in ("True", "False", "None", "'player'"))


@pytest.mark.parametrize("key", ["last_player", "dealer"])
def test_a_seat_the_game_has_not_is_said_as_the_players_are_numbered(key, tmp_path: Path, capsys):
    text = CARDS + f"  {key}: 3\nsteps:\n  - expect: {{actor: 1}}\n"
    out = check(tmp_path, capsys, text)
    assert at(7, len(key) + 5) + "there are only 2 players" in out and "seats are numbered" not in out
    assert at(7, len(key) + 5) + "solo hay 2 jugadores" in check(tmp_path, capsys, text, "--lang", "es")


@pytest.mark.parametrize("game, old, new, line, column, text, first", [
    (DOMINO, '["6-6", "0-0"]', '["6-6", "4-2"]', 6, 35, "4-2", 6),
    (DOMINO, '  hands:', '  boneyard: ["5-5", "2-1"]\n  hands:', 6, 21, "2-1", 5),
    (CARDS, '["3C", "4C"]]', '["3C", "4C"]]\n  stock: ["AH", "4c"]', 7, 17, "4c", 6)],
    ids=["two hands", "line and boneyard", "hand and stock"])
def test_a_piece_written_twice_is_named_at_its_second_place(game, old, new, line, column, text, first,
                                                             tmp_path: Path, capsys):
    scenario = game.replace(old, new) + "steps:\n  - expect: {actor: 1}\n"
    out = check(tmp_path, capsys, scenario)
    assert at(line, column) + f"`{text}` appears twice in the position (also at line {first})" in out
    out = check(tmp_path, capsys, scenario, "--lang", "es")
    assert at(line, column) + f"`{text}` aparece dos veces en la posición (también en la línea {first})" in out


@pytest.mark.parametrize("step, failure", [
    ("play: 6-6 left", "step 1 (P1: 6-6 left) (my note): the rules refuse it: [6|6] is not in player 1's hand"),
    ("play: 2-4 right\n    by: 2", "step 1 (P1: 2-4 right) (my note): expected P2 to act, but it is P1's decision"),
    ("play: 2-4 right\n    expect: {error: cannot}",
     "step 1 (P1: 2-4 right) (my note): the rules allow it, but it should be refused ('cannot')"),
    ("play: 2-4 right\n    expect: {points: 7}", "step 1 (P1: 2-4 right) (my note): expected points 7"),
], ids=["refused", "by", "allowed", "differs"])
def test_a_steps_note_is_shown_whatever_makes_it_fail(step, failure, tmp_path: Path, capsys):
    """The schema: `note` is "a comment shown when the step fails", by any failure."""
    assert failure in check(tmp_path, capsys, DOMINO + f"steps:\n  - {step}\n    note: my note\n")


def test_an_opening_tile_connects_to_none_as_the_texts_diagrams_say(tmp_path: Path, capsys):
    """"Conexiones: ninguno": a tile opening the line touches no other; it is placed all the same."""
    opening = DOMINO.replace('line: ["1-2"]\n  ', '')
    path = tmp_path / "open.yaml"
    path.write_text(opening + "steps:\n  - play: 2-4\n    expect: {connections: none}\n", encoding="utf-8")
    assert main(["check", "-q", str(path)]) == 0
    out = check(tmp_path, capsys, opening + "steps:\n  - play: 2-4\n    expect: {connections: \"[2|4] (low end)\"}\n")
    assert "expected connections [2|4] (low end), the rules give none" in out and "nothing is placed" not in out


def test_a_refusal_other_than_expected_is_shown_in_the_commands_language(tmp_path: Path, capsys):
    """The terminal refuses [6|6] in Spanish as «[6|6] no está en la mano de J1»; so does check."""
    text = DOMINO + "steps:\n  - play: 6-6 left\n    expect: {error: \"does not match\"}\n"
    out = check(tmp_path, capsys, text, "--lang", "es")
    assert "rechazada con '[6|6] no está en la mano de J1'" in out and "player 1" not in out
    assert "refused with \"[6|6] is not in player 1's hand\"" in check(tmp_path, capsys, text)


@pytest.mark.parametrize("expected", ["is not in player 1's hand", "no está en la mano de J1", "NO ESTÁ EN LA MANO"])
def test_an_expected_refusal_may_be_written_in_any_language_muggins_speaks(expected, tmp_path: Path, capsys):
    """A failure in Spanish quotes the refusal in Spanish: copied into `error`, the step passes, as
    the English does (and any case, as before); a text of neither still fails."""
    path = tmp_path / "s.yaml"
    path.write_text(DOMINO + f"steps:\n  - play: 6-6 left\n    expect: {{error: \"{expected}\"}}\n", encoding="utf-8")
    assert main(["check", "-q", str(path), "--lang", "es"]) == main(["check", "-q", str(path)]) == 0
    wrong = DOMINO + "steps:\n  - play: 6-6 left\n    expect: {error: \"no está en la mesa\"}\n"
    assert "rechazada con '[6|6] no está en la mano de J1'" in check(tmp_path, capsys, wrong, "--lang", "es")


@pytest.mark.parametrize("scenario, english, spanish", [
    (DOMINO.replace('["1-2"]', '["1-2", "5-6 right"]'), "impossible position: 5-6 right does not fit the line [1|2]",
     "posición imposible: 5-6 right no encaja en la línea [1|2]"),
    (DOMINO.replace('["1-2"]', '["1-2", "2-3"]'), "impossible position: say which end: left, right",
     "posición imposible: indica el extremo: izquierdo, derecho"),
    (CARDS.replace('["10H"]', '["10H", "10S", "10D", "10C"]'), "impossible position: the pile totals 40, over the "
     "limit 31", "posición imposible: la pila suma 40, más que el límite 31"),
    (DOMINO.replace("rules: domino-muggins\n", "rules: domino-muggins\nplayers: 5\n").replace(
        '["6-6", "0-0"]]', '["6-6", "0-0"], [], [], []]'), "domino-muggins is played by 2, 3, 4 players, not 5",
     "domino-muggins se juega con 2, 3, 4 jugadores, no con 5"),
    (CARDS, "a card round has no player who dominoed", "una ronda de cartas no tiene quien haga dominó")],
    ids=["tile off the line", "no end", "pile over the limit", "players", "dominoed in cards"])
def test_an_impossible_position_is_said_in_the_commands_language(scenario, english, spanish, tmp_path: Path,
                                                                 capsys):
    """The pile of 4 tens totals 40, over card-muggins's 31; [5|6] has no 1 nor 2 to join [1|2]."""
    if "dominoed" in english:
        scenario += "steps:\n  - end_round: {dominoed_by: 1}\n"
    else:
        scenario += "steps:\n  - expect: {actor: 1}\n"
    assert english in check(tmp_path, capsys, scenario)
    out = check(tmp_path, capsys, scenario, "--lang", "es")
    assert spanish in out and english not in out


def check_all(tmp_path: Path, capsys, texts: dict[str, str], *options: str) -> str:
    """`muggins check` of several scenario files, some of which fail: its report."""
    for name, text in texts.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    assert main(["check", "-q", str(tmp_path), *options]) == 1
    out = capsys.readouterr().out
    assert "Traceback" not in out
    return out


def test_a_legal_move_that_is_no_move_fails_its_scenario_at_it_and_the_others_still_run(tmp_path: Path, capsys):
    """`banana` is no tile; [9|9] is not in domino-muggins's double-6 set."""
    good = DOMINO + "steps:\n  - expect: {actor: 1}\n"
    for bad, said, dicho in [('"banana"', "not a tile: 'banana'", "no es una ficha: 'banana'"),
                             ('"9-9 left"', "[9|9] is not in a double-6 set", "[9|9] no está en un juego de doble 6")]:
        text = DOMINO + f'steps:\n  - expect: {{legal: ["2-4 right", {bad}]}}\n'
        column = text.splitlines()[7].index(bad) + 1
        out = check_all(tmp_path, capsys, {"a.yaml": text, "b.yaml": good})
        assert f"a.yaml:8:{column}: {said}" in out
        assert out.splitlines()[-1] == "1 passed, 1 failed"
        out = check_all(tmp_path, capsys, {"a.yaml": text, "b.yaml": good}, "--lang", "es")
        assert f"a.yaml:8:{column}: {dicho}" in out


HOUSE_PENALTY = """\
title: "t"
source: "s"
rules: domino-muggins
options:
  settlement: {penalty: "100 // (hand_pips - 5)"}
"""


def test_a_house_formula_failing_at_a_rows_values_fails_that_row_alone_located(tmp_path: Path, capsys):
    """100 // (5 - 5) divides by zero; 100 // (7 - 5) is 50."""
    text = HOUSE_PENALTY + "formula: settlement.penalty\nrows:\n  - {given: {hand_pips: 5}, expect: 0}\n" \
                           "  - {given: {hand_pips: 7}, expect: 50}\n"
    out = check_all(tmp_path, capsys, {"s.yaml": text})
    assert at(8, 5) + "settlement.penalty with hand_pips = 5: the rules stop on an error: " in out
    assert "s.yaml:5: division or modulo by zero in '100 // (hand_pips - 5)'" in out
    assert out.splitlines()[-1] == "1 passed, 1 failed"
    out = check_all(tmp_path, capsys, {"s.yaml": text}, "--lang", "es")
    assert at(8, 5) + "settlement.penalty con hand_pips = 5: las reglas se detienen por un error: " in out


def test_a_house_formula_failing_in_a_step_fails_that_scenario_at_the_step_and_the_others_still_run(
        tmp_path: Path, capsys):
    """P1 places its last tile [6|6] on [3|6]: the round ends, and P2's [0|5] holds 5 pips, where
    the house penalty divides by zero."""
    text = HOUSE_PENALTY + 'position:\n  line: ["3-6"]\n  hands: [["6-6"], ["0-5"]]\nsteps:\n' \
                           "  - expect: {actor: 1}\n  - play: 6-6 right\n"
    out = check_all(tmp_path, capsys, {"a.yaml": text, "b.yaml": DOMINO + "steps:\n  - expect: {actor: 1}\n"})
    assert "a.yaml:11:5: step 2 (P1: 6-6 right): the rules stop on an error: " in out
    assert "a.yaml:5: division or modulo by zero" in out
    assert out.splitlines()[-1] == "1 passed, 1 failed"


def test_a_failing_step_is_located_at_the_step(tmp_path: Path, capsys):
    """[2|4] on the 2 of [1|2]: the open ends are 1 and 4, 5 in all (not 10)."""
    text = DOMINO + "steps:\n  - expect: {actor: 1}\n  - play: 2-4 right\n    expect: {sum: 10}\n"
    out = check(tmp_path, capsys, text)
    assert at(9, 5) + "step 2 (P1: 2-4 right): expected the sum of the ends 10, the rules give 5" in out
    out = check(tmp_path, capsys, text, "--lang", "es")
    assert at(9, 5) + "momento 2 (J1: 2-4 right): la suma de los extremos: lo esperado es 10, las reglas dan 5" in out


def test_by_beyond_the_table_is_located_as_a_turn_beyond_it_is(tmp_path: Path, capsys):
    text = DOMINO + "steps:\n  - play: 2-4 left\n    by: 5\n"
    assert at(9, 9) + "there are only 2 players" in check(tmp_path, capsys, text)
    assert at(9, 9) + "solo hay 2 jugadores" in check(tmp_path, capsys, text, "--lang", "es")


def test_an_opening_written_with_an_end_says_the_opening_takes_none(tmp_path: Path, capsys):
    text = DOMINO.replace('["1-2"]', '["1-2 left"]') + "steps:\n  - expect: {actor: 1}\n"
    out = check(tmp_path, capsys, text)
    assert "impossible position: the first tile opens the line: give no end" in out and "does not fit" not in out
    out = check(tmp_path, capsys, text, "--lang", "es")
    assert "posición imposible: la primera ficha abre la línea: no indiques extremo" in out


TABLE = """\
title: "t"
source: "s"
rules: {rules}
formula: {formula}
rows:
  - {{given: {{{name}: {value}}}, expect: {expect}}}
"""


@pytest.mark.parametrize("rules, formula, name, value, said, dicho", [
    ("domino-muggins", "settlement.penalty", "hand_pips", "[1, 2]", "of type integer, not [1, 2]",
     "de tipo entero, no [1, 2]"),
    ("domino-muggins", "settlement.penalty", "hand_pips", "true", "of type integer, not true", "de tipo entero, no true"),
    ("domino-muggins", "scoring", "ends", "5", "of type list of integers, not 5", "de tipo lista de enteros, no 5"),
    ("domino-muggins", "scoring", "opening", "7", "of type condition, not 7", "de tipo condición, no 7"),
    ("fives-and-threes", "scoring", "ends_sum", "[15]", "of type integer, not [15]", "de tipo entero, no [15]")],
    ids=["list for a number", "bool for a number", "number for a list", "number for a condition", "fives and threes"])
def test_a_given_value_of_the_wrong_type_is_refused_at_it(rules, formula, name, value, said, dicho,
                                                          tmp_path: Path, capsys):
    text = TABLE.format(rules=rules, formula=formula, name=name, value=value, expect=0)
    column = text.splitlines()[5].index(value) + 1
    assert at(6, column) + f"{name} is read as a value {said}" in check(tmp_path, capsys, text)
    assert at(6, column) + f"{name} se lee como un valor {dicho}" in check(tmp_path, capsys, text, "--lang", "es")


@pytest.mark.parametrize("rules, formula, name, value, expect, gives", [
    ("domino-muggins", "settlement.penalty", "hand_pips", 2, "false", 0),   # 2 pips round down to 0 (D7)
    ("card-muggins", "pieces.cards.value", "card.rank", 1, "true", 1)],     # As = 1
    ids=["false for 0", "true for 1"])
def test_a_row_expecting_true_or_false_of_a_number_fails(rules, formula, name, value, expect, gives,
                                                         tmp_path: Path, capsys):
    text = TABLE.format(rules=rules, formula=formula, name=name, value=value, expect=expect)
    out = check(tmp_path, capsys, text)
    assert at(6, 5) + f"{formula} with {name} = {value}: expected {expect}, the rules give {gives}" in out
    passes(tmp_path, capsys, TABLE.format(rules=rules, formula=formula, name=name, value=value, expect=gives))


DRAWS = {
    # P1 dominoes nothing: [6|6] on the 6 of [3|6]; P2's [0|1] and [1|1] match neither 3 nor 6, so P2
    # draws from the boneyard's last tile, [0|3], which matches the 3 and stops the drawing
    "domino": DOMINO.split("position:")[0] + 'position:\n  line: ["3-6"]\n  hands: [["6-6", "1-2"], ["0-1", "1-1"]]\n'
              '  boneyard: ["0-4", "2-4", "0-3"]\nsteps:\n  - play: 6-6 right\n  - play: draw\n    expect: {drew: %s}\n',
    # 10 + 10 + 7 = 27: P2's 6 and 8 would pass 31, so P2 says go and draws the stock's last card, 3♥
    "cards": CARDS.split("position:")[0] + 'position:\n  pile: ["KH", "KS", "7D"]\n  hands: [["5D", "9C"], '
             '["6C", "8C"]]\n  last_player: 1\n  turn: 2\n  stock: ["2H", "3H"]\nsteps:\n  - play: go\n'
             '    expect: {drew: %s}\n',
}


@pytest.mark.parametrize("game, spelling", [("domino", '"0-3"'), ("domino", '"[0|3]"'), ("domino", '"3-0"'),
                                            ("cards", '"3♥"'), ("cards", '"3h"'), ("cards", '"3 of hearts"')])
def test_the_piece_drawn_is_compared_as_a_piece_in_any_spelling_of_a_position(game, spelling, tmp_path: Path, capsys):
    passes(tmp_path, capsys, DRAWS[game] % spelling)


@pytest.mark.parametrize("game, spelling, said", [
    ("domino", '"2-4"', "expected drew [2|4], the rules give [0|3]"),
    ("domino", '"banana"', "not a tile: 'banana'"),
    ("cards", '"2H"', "expected drew 2H, the rules give 3H"),
    ("cards", '"1Z"', "not a card: '1Z'")])
def test_a_drawn_piece_that_differs_or_is_none_is_said(game, spelling, said, tmp_path: Path, capsys):
    text = DRAWS[game] % spelling
    out = check(tmp_path, capsys, text)
    line = len(text.splitlines())
    column = text.splitlines()[-1].index(spelling) + 1
    assert (at(line, column) if said.startswith("not a") else "") + said in out


@pytest.mark.parametrize("key, value", [("extends", "card-muggins"), ("name", "renamed")])
def test_options_that_would_change_which_rules_are_refused_at_the_key(key, value, tmp_path: Path, capsys):
    """Merged after `rules` is read, `extends` under `options` would play domino-muggins all the same."""
    text = DOMINO.replace("position:", f"options:\n  {key}: {value}\nposition:") + "steps:\n  - play: 2-4 right\n"
    out = check(tmp_path, capsys, text)
    assert at(5, 3) + f"`{key}` is no option: `options` lays values over the scenario's `rules`" in out
    assert at(5, 3) + f"`{key}` no es una opción" in check(tmp_path, capsys, text, "--lang", "es")


HOUSE_RULES = """\
extends: domino-muggins
name: house
title: House dominoes
description: Ours.
settlement:
  penalty: "round_down(hand_pips, 5)"
"""


def test_a_rule_file_given_to_check_is_told_in_one_line_which_commands_read_it(tmp_path: Path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("house.yaml").write_text(HOUSE_RULES, encoding="utf-8")
    assert main(["check", "house.yaml"]) == 1
    out = capsys.readouterr().out
    assert "    house.yaml:1:1: a rule file, not a scenario: check it with muggins validate house.yaml, play it with " \
           "muggins play house.yaml\n" in out
    assert "missing key" not in out and "unknown key" not in out
    assert main(["check", "--lang", "es", "house.yaml"]) == 1
    assert "house.yaml:1:1: es un fichero de reglas, no un escenario: compruébalo con muggins validate house.yaml" \
        in capsys.readouterr().out
    assert main(["validate", "house.yaml"]) == 0  # and it is a valid rule file


@pytest.mark.parametrize("command", [["validate"], ["play", "--bots", "greedy,greedy"], ["simulate", "--games", "1"]])
def test_a_scenario_given_where_rules_are_read_is_told_in_one_line_to_check_it(command, tmp_path: Path, capsys,
                                                                               monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("s.yaml").write_text(DOMINO + "steps:\n  - expect: {actor: 1}\n", encoding="utf-8")
    assert main([*command, "s.yaml"]) == 1
    err = capsys.readouterr().err
    assert err.splitlines()[0] == "s.yaml:7:1: a scenario, not a rule file: run it with muggins check s.yaml", err
    assert "missing key" not in err
    assert main(["check", "s.yaml"]) == 0  # and it is a scenario that passes


def test_a_table_given_to_validate_is_told_too_and_in_spanish(tmp_path: Path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("t.yaml").write_text(TABLE.format(rules="domino-muggins", formula="settlement.penalty", name="hand_pips",
                                           value=2, expect=0), encoding="utf-8")
    assert main(["validate", "--lang", "es", "t.yaml"]) == 1
    assert "t.yaml:4:1: es un escenario, no un fichero de reglas: ejecútalo con muggins check t.yaml" \
        in capsys.readouterr().err


TILES = ["0-0", "0-1", "0-2", "0-3", "0-4", "0-5", "0-6", "1-1"]
CARDS_HELD = ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H"]


def holding(rules: str, hand: list[str]) -> str:
    return f'title: "t"\nsource: "s"\nrules: {rules}\nposition:\n  hands: [{hand!r}]\nsteps:\n  - expect: {{actor: 1}}\n' \
        .replace("'", '"')


@pytest.mark.parametrize("rules, hand, deal", [
    ("fives-and-threes", TILES, 7),                       # 7 each for two, every undealt tile kept out of play
    ("card-muggins-deal-of-seven", CARDS_HELD, 7),        # C14: seven each, no refill, no draw on go
    ("card-cribbage-pegging", CARDS_HELD[:5], 4)])        # four kept for the play, never refilled
def test_a_hand_larger_than_rules_that_never_add_to_one_can_give_is_impossible(rules, hand, deal,
                                                                                tmp_path: Path, capsys):
    out = check(tmp_path, capsys, holding(rules, hand))
    assert at(5, 11) + f"impossible position: P1 holds {len(hand)} pieces, but these rules deal {deal} pieces " \
                       "and never add to a hand" in out
    out = check(tmp_path, capsys, holding(rules, hand), "--lang", "es")
    assert at(5, 11) + f"posición imposible: J1 tiene {len(hand)} piezas, pero estas reglas reparten {deal}" in out
    passes(tmp_path, capsys, holding(rules, hand[:deal]))


@pytest.mark.parametrize("rules, hand", [("domino-muggins", TILES), ("card-muggins", CARDS_HELD)])
def test_a_large_hand_is_a_position_of_rules_that_draw(rules, hand, tmp_path: Path, capsys):
    """Drawing from the boneyard (D) or on go (C2) can give a player 8 pieces."""
    passes(tmp_path, capsys, holding(rules, hand))


def test_the_ends_the_rules_give_are_named_in_the_commands_language(tmp_path: Path, capsys):
    """[2|4] on the 2 of [1|2]: play continues on [1|2]'s low end (1) and [2|4]'s high end (4)."""
    text = DOMINO + "steps:\n  - play: 2-4 right\n    expect: {continuation: []}\n"
    out = check(tmp_path, capsys, text, "--lang", "es")
    assert "las reglas dan [[1|2] (extremo de valor bajo, 1), [2|4] (extremo de valor alto, 4)]" in out
    assert "low end" not in out and "high end" not in out
    assert "the rules give [[1|2] (low end, 1), [2|4] (high end, 4)]" in check(tmp_path, capsys, text)
    passes(tmp_path, capsys, text.replace("[]", '["[1|2] (low end, 1)", "[2|4] (high end, 4)"]'))


HOUSE_WITH_A_LOSS = """\
extends: domino-muggins
name: house-odd-costs-one
scoring:
  - {name: multiple of five, when: "ends_sum > 0 and ends_sum % 5 == 0", points: ends_sum}
  - {name: odd sum costs one, when: "ends_sum % 2 == 1", points: "0 - 1"}
"""
# 6-6 on the 6 of [3|6]: the ends show 3 and the double's 12, 15 in all: 15 for the multiple of
# five and 1 taken for the odd sum, so the player's score changes by 14
LOSS_STEP = """\
title: "t"
source: "s"
rules: house.yaml
position:
  line: ["3-6"]
  hands: [["6-6", "0-0"], ["1-1", "2-2"]]
  scores: [10, 0]
steps:
  - play: 6-6 right
    expect: {{sum: 15, points: {points}, scores: [{score}, 0]}}
"""


def test_points_is_the_players_net_change_so_a_loss_in_the_same_step_is_not_left_out(tmp_path: Path, capsys):
    (tmp_path / "house.yaml").write_text(HOUSE_WITH_A_LOSS)
    out = check(tmp_path, capsys, LOSS_STEP.format(points=15, score=24))  # the gain alone: refused
    assert at(9, 5) + "step 1 (P1: 6-6 right): expected points 15, the rules give 14" in out, out
    path = tmp_path / "s.yaml"
    path.write_text(LOSS_STEP.format(points=14, score=24), encoding="utf-8")
    assert main(["check", "-q", str(path)]) == 0, capsys.readouterr().out


def test_a_placement_the_line_refuses_is_located_at_that_placement(tmp_path: Path, capsys):
    """The position's line is laid placement by placement: the one that does not fit is the
    mistake, not the position as a whole."""
    text = ('title: "t"\nsource: "s"\nrules: domino-muggins\nposition:\n'
            '  line: ["6-6", "6-4 right", "5-5 left"]\n  hands: [["2-4"], ["3-3"]]\nsteps:\n  - expect: {actor: 1}\n')
    out = check(tmp_path, capsys, text)
    assert at(5, 30) + "impossible position: 5-5 left does not fit the line" in out, out
