"""Rules: the shipped rule files validate, say what the texts say, and variants change only what they name."""
from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest
import yaml

from muggins.cli import main
from muggins.errors import RuleFileError
from muggins.bots import Policies
from muggins.engine import make_game
from muggins.loader import builtin_rule_names, load_rules, reserved_reasons
from muggins.schema import rules_schema
from muggins.pieces import Deck, TileSet

RULES = Path(__file__).parent.parent / "rules"


def rule_files() -> list[Path]:
    return sorted(RULES.glob("*.yaml"))


@pytest.mark.parametrize("path", rule_files(), ids=lambda p: p.stem)
def test_every_rule_file_validates(path: Path):
    rules = load_rules(path)
    assert rules.name == path.stem


@pytest.mark.parametrize("path", rule_files(), ids=lambda p: p.stem)
def test_every_rule_file_names_the_schema_for_editors(path: Path):
    first = path.read_text().splitlines()[0]
    assert first == "# yaml-language-server: $schema=../interpreter/muggins/schema/rules.schema.json"
    assert (path.parent / first.split("=", 1)[1]).is_file()


def test_built_in_names_are_the_files_in_rules():
    assert builtin_rule_names() == sorted(p.stem for p in rule_files())


def test_domino_deal_and_target_by_player_count():
    rules = load_rules("domino-muggins")
    assert isinstance(rules.pieces, TileSet) and len(rules.pieces.tiles) == 28
    assert rules.player_counts == (2, 3, 4)
    assert [(rules.hand_size(n), rules.target_for(n)) for n in (2, 3, 4)] == [(7, 250), (5, 200), (5, 200)]
    assert rules.immediate_win


def test_domino_scoring_is_a_positive_multiple_of_five_of_the_ends():
    (score,) = load_rules("domino-muggins").scoring
    for ends_sum, points in [(5, 5), (10, 10), (15, 15), (20, 20), (0, 0), (4, 0), (6, 0), (13, 0)]:
        env = {"ends_sum": ends_sum}
        assert (score.points(env) if score.when(env) else 0) == points


def test_domino_settlement_rounds_own_pips_to_nearest_five():
    line = load_rules("domino-muggins").options
    assert [line.penalty({"hand_pips": p}) for p in (2, 3, 7, 8, 10, 0)] == [0, 5, 5, 10, 10, 0]
    assert line.award({"opponents_pips": 23}) == 0
    assert line.penalty_on_blocked and line.floor is None and not line.spinner


def test_card_deck_values_and_options():
    rules = load_rules("card-muggins")
    deck = rules.pieces
    assert isinstance(deck, Deck) and len(deck.cards) == 52
    assert [deck.value(deck.parse(name)) for name in ("AS", "2h", "9C", "10D", "JS", "QH", "KC")] == [1, 2, 9, 10, 10, 10, 10]
    pile = rules.options
    assert (pile.limit({"players": 2}), pile.exact_limit_timing, pile.refill_to({"players": 2})) == (31, "immediate", 5)
    assert pile.exact_limit_points({}) == 2 and pile.last_points({}) == 1
    assert rules.muggins.enabled and rules.claims_required and not pile.last_muggins and pile.go_draw and pile.refill
    assert [rules.target_for(n) for n in rules.player_counts] == [61, 61, 61]


@pytest.mark.parametrize("name, check", [
    ("card-muggins-strict-21", lambda r: r.options.limit({"players": 3}) == 21),
    ("card-muggins-100", lambda r: r.target_for(2) == 100),
    ("card-muggins-no-muggins", lambda r: not r.muggins.enabled),
    ("card-muggins-deal-of-seven", lambda r: r.hand_size(4) == 7 and not r.options.refill and not r.options.go_draw),
    ("domino-muggins-spinner", lambda r: r.options.spinner),
    ("domino-all-fives-settlement", lambda r: r.options.penalty({"hand_pips": 9}) == 0 and r.options.award({"opponents_pips": 23}) == 25),
    ("domino-muggins-double-nine", lambda r: len(r.pieces.tiles) == 55 and r.player_counts[-1] == 6),
    ("domino-muggins-short", lambda r: r.hand_size(3) == 6 and r.target_for(3) == 100),
])
def test_variant_changes_what_it_names(name, check):
    assert check(load_rules(name))


def test_variant_changes_only_what_it_names():
    base, variant = load_rules("card-muggins"), load_rules("card-muggins-strict-21")
    changed = {key for key in base.data if base.data[key] != variant.data[key]}
    assert changed == {"name", "title", "description", "translations", "pile"}  # translations: its own title
    assert {k for k in base.data["pile"] if base.data["pile"][k] != variant.data["pile"][k]} == {"limit"}
    assert variant.bases == ("card-muggins",)


def test_extends_merges_mappings_deeply_and_replaces_lists(tmp_path: Path):
    (tmp_path / "house.yaml").write_text(
        "extends: domino-muggins\nname: house\nplayers: [2]\ndraw:\n  reserve: 2\n")
    (tmp_path / "house2.yaml").write_text("extends: ./house.yaml\nname: house2\nline:\n  spinner: true\n")
    rules = load_rules(tmp_path / "house2.yaml")
    assert rules.player_counts == (2,)                     # list replaced
    assert rules.options.reserve({"players": 2}) == 2 and rules.options.draw_only_when_stuck  # mapping merged
    assert rules.options.spinner
    assert rules.bases == ("house", "domino-muggins")


def test_a_variant_replacing_scoring_may_reuse_the_names_of_its_base(tmp_path: Path):
    # `scoring` is a list, so a variant's entries replace the base's: a name of the base is free again
    (tmp_path / "house.yaml").write_text(
        "extends: domino-muggins\nname: house\nscoring:\n  - name: multiple of five\n    when: ends_sum == 10\n"
        "    points: 1\n  - name: five\n    when: ends_sum == 5\n    points: 5\n")
    assert [entry.name for entry in load_rules(tmp_path / "house.yaml").scoring] == ["multiple of five", "five"]


def test_the_names_a_scoring_entry_cannot_take_are_every_reason_the_engine_scores_for(tmp_path: Path):
    """The engine's own scores, as the texts name them: the settlement's leftover pips and the
    dominoer's award (D7), "last" and exactly the limit (C1), a Muggins steal and a false call.
    Games with claims, forgetful bots and false calls give every one that is not an entry's name."""
    assert set(reserved_reasons()) == {"leftover pips", "opponents' pips", "last", "exact limit", "muggins",
                                       "false muggins"}
    (tmp_path / "cards.yaml").write_text("extends: card-muggins\nname: cards\nmuggins: {false_call: 1}\n"
                                         "pile: {exact_limit: {points: 2, timing: as_last}}\n")
    (tmp_path / "dominoes.yaml").write_text("extends: domino-all-fives-settlement\nname: dominoes\n"
                                            "claims: {required: true}\nmuggins: {false_call: 1}\n"
                                            "settlement: {penalty: \"round_nearest(hand_pips, 5)\"}\n")
    given = set()
    for name in ("cards", "dominoes"):
        rules = load_rules(tmp_path / f"{name}.yaml")
        game = make_game(rules, 2)
        entries = {entry.name for entry in rules.scoring}
        for seed in range(8):
            state = game.new_state(seed, Policies(["random", "greedy"], seed, forget=0.5, attention=0.5))
            given |= {reason for _, _, reason in state.scored if reason not in entries}
    assert given == set(reserved_reasons())


def test_errors_in_a_variant_point_at_the_variant_file(tmp_path: Path):
    (tmp_path / "house.yaml").write_text("extends: domino-muggins\nname: house\nwin:\n  target: targte\n")
    with pytest.raises(RuleFileError) as caught:
        load_rules(tmp_path / "house.yaml")
    location = caught.value.problems[0].location
    assert location.file.endswith("house.yaml") and (location.line, location.column) == (4, 11)


def test_extends_naming_a_folder_is_said_at_extends(tmp_path: Path):
    """The mistake is the `extends` line (a folder where a file was meant), not the folder's 'line 1'."""
    (tmp_path / "other").mkdir()
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "house.yaml").write_text("extends: ../other\nname: house\n")
    with pytest.raises(RuleFileError) as caught:
        load_rules(tmp_path / "rules" / "house.yaml")
    problem = caught.value.problems[0]
    assert problem.location.file.endswith("house.yaml") and (problem.location.line, problem.location.column) == (1, 10)
    assert "a folder: name the rule file in it" in str(problem.message) and "una carpeta" in problem.message.said("es")


def test_a_deal_that_no_longer_fits_is_said_where_the_file_changed_the_set_or_the_players(tmp_path: Path, capsys):
    """domino-muggins deals 7 to each of 2 players: a set of highest pip 1 has (1+1)(1+2)/2 = 3 tiles.
    The mistake is the house file's `highest_pip`, not the built-in's `deal.hand`; likewise 8
    players of a double-nine set (55 tiles)."""
    (tmp_path / "tiny.yaml").write_text("extends: domino-muggins\nname: tiny\npieces: {tiles: {highest_pip: 1}}\n")
    with pytest.raises(RuleFileError) as caught:
        load_rules(tmp_path / "tiny.yaml")
    first = caught.value.problems[0]
    assert first.location.file.endswith("tiny.yaml") and (first.location.line, first.location.column) == (3, 31)
    assert str(first.message) == "deals 7 pieces to each of 2 players (14), but the set has 3"
    (tmp_path / "eight.yaml").write_text("extends: domino-muggins-double-nine\nname: eight\nplayers: [8]\n")
    with pytest.raises(RuleFileError) as caught:
        load_rules(tmp_path / "eight.yaml")
    first = caught.value.problems[0]
    assert first.location.file.endswith("eight.yaml") and first.location.line == 3
    assert str(first.message).endswith("but the set has 55")
    # a file between it and the built-in that changed the players: said there, at the list
    (tmp_path / "six.yaml").write_text("extends: domino-muggins\nname: six\nplayers: [2, 3, 4, 5, 6]\n")
    (tmp_path / "retitled.yaml").write_text("extends: ./six.yaml\nname: retitled\ntitle: Six\n")
    with pytest.raises(RuleFileError) as caught:
        load_rules(tmp_path / "retitled.yaml")
    first = caught.value.problems[0]  # 5 tiles to each of 6 players: 30 of 28
    assert first.location.file.endswith("six.yaml") and (first.location.line, first.location.column) == (3, 10)
    assert str(first.message) == "deals 5 pieces to each of 6 players (30), but the set has 28"
    assert main(["simulate", "domino-muggins", "--set", "pieces.tiles.highest_pip=1", "--games", "1"]) == 1
    assert capsys.readouterr().err.startswith("muggins: --set pieces.tiles.highest_pip=1: deals 7 pieces")


def test_every_interpretation_is_a_named_option_in_a_rule_file():
    text = (RULES / "domino-muggins.yaml").read_text() + (RULES / "card-muggins.yaml").read_text()
    for ruling in [f"D{i}" for i in range(1, 9)] + [f"C{i}" for i in range(1, 16)]:
        assert re.search(rf"\b{ruling}\b", text) or ruling == "C14" and (RULES / "card-muggins-deal-of-seven.yaml").exists(), ruling


def test_schema_is_strict_and_describes_every_property():
    def walk(node, path):
        if isinstance(node, dict):
            if node.get("type") == "object":
                assert node.get("additionalProperties") is False, path
            for name, prop in node.get("properties", {}).items():
                if isinstance(prop, dict) and path[-1:] != ["if"]:  # a condition's keys say nothing
                    assert prop.get("description"), f"{'.'.join(path + [name])} has no description"
            for key, value in node.items():
                walk(value, path + [key])
        elif isinstance(node, list):
            for item in node:
                walk(item, path)
    schema = rules_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    walk(schema, [])


def test_an_editor_checks_a_variant_file_for_what_it_changes_and_a_whole_file_for_all():
    """README, Variants: a file that extends another gives only what it changes, and the schema an
    editor reads (`# yaml-language-server: $schema=...`) takes it; a key misspelt in it is still
    refused, and a file that extends none still needs every section."""
    schema = json.loads((Path(__file__).parent.parent / "interpreter" / "muggins" / "schema" /
                         "rules.schema.json").read_text("utf-8"))
    validator = jsonschema.validators.validator_for(schema)(schema)
    readme = (Path(__file__).parent.parent / "README.md").read_text("utf-8")
    example = yaml.safe_load(readme[readme.index("### Variants: `extends`"):].split("```yaml\n", 1)[1].split("```")[0])
    for data in [example, *(yaml.safe_load(path.read_text("utf-8")) for path in rule_files())]:
        assert [error.message for error in validator.iter_errors(data)] == [], data.get("name")
    assert any("'limti' was unexpected" in error.message for error in validator.iter_errors(
        {**example, "pile": {"limti": 21}}))
    assert any("'name' is a required property" == error.message for error in validator.iter_errors(
        {"extends": "card-muggins", "pile": {"limit": 21}}))
    whole = {key: value for key, value in example.items() if key != "extends"}
    assert "'players' is a required property" in [error.message for error in validator.iter_errors(whole)]


def test_cli_validate_all_rule_files(capsys):
    assert main(["validate", *map(str, rule_files())]) == 0
    assert f"{len(rule_files())} valid, 0 invalid" in capsys.readouterr().out


def test_cli_rules_show_resolves_the_strict_21_limit(capsys):
    assert main(["rules", "show", "card-muggins-strict-21"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^pile:\n  limit: 21\n", out, re.M)
    assert "card-muggins-strict-21 <- card-muggins" in out


def test_cli_rules_show_json(capsys):
    assert main(["rules", "show", "--json", "domino-muggins-spinner"]) == 0
    assert json.loads(capsys.readouterr().out)["line"]["spinner"] is True


def test_rules_show_keeps_only_the_translations_the_engine_uses_and_its_output_validates(tmp_path, capsys):
    """A variant that replaces the scoring and retitles drops its base's Spanish scoring names and
    title (README: dropped entries' translations are dropped); what `rules show` prints is a rule
    file of its own."""
    house = tmp_path / "house.yaml"
    house.write_text("extends: domino-muggins\nname: house\ntitle: House fives\nscoring:\n"
                     "  - {name: tens, when: ends_sum % 10 == 0 and ends_sum > 0, points: ends_sum}\n")
    assert main(["rules", "show", "--json", str(house)]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert "translations" not in shown or not any(
        "scoring" in words or "title" in words for words in shown["translations"].values())
    assert main(["rules", "show", str(house)]) == 0
    resolved = tmp_path / "resolved.yaml"
    resolved.write_text(capsys.readouterr().out)
    assert main(["validate", str(resolved)]) == 0, capsys.readouterr().out
    capsys.readouterr()
    assert main(["rules", "show", "--json", "domino-muggins"]) == 0  # a file's own words stay
    assert json.loads(capsys.readouterr().out)["translations"]["es"]["title"] == "Muggins de dominó"


def test_a_variant_may_translate_the_title_and_description_it_inherits(tmp_path):
    """A translation counts where it is as new as the English: in a file extending the one that wrote
    the title, it is shown; in the base, under a title a later file rewrote, it is not (that title
    is shown in English, as the README says)."""
    from muggins.loader import load_rules
    (tmp_path / "f.yaml").write_text("extends: domino-muggins\nname: f\ntitle: House game\n"
                                     "description: Our own.\n")
    (tmp_path / "g.yaml").write_text("extends: ./f.yaml\nname: g\ntranslations:\n"
                                     "  es: {title: Juego de la casa, description: El nuestro.}\n")
    (tmp_path / "h.yaml").write_text("extends: ./g.yaml\nname: h\ntitle: Another\n")
    g, h = load_rules(tmp_path / "g.yaml"), load_rules(tmp_path / "h.yaml")
    assert (g.translations["es"].title, g.translations["es"].description) == ("Juego de la casa", "El nuestro.")
    assert (h.translations["es"].title, h.translations["es"].description) == (None, "El nuestro.")
    assert load_rules(tmp_path / "f.yaml").translations["es"].title is None  # domino-muggins's, of another title


def test_cli_rules_list_names_every_built_in_with_its_description(capsys):
    assert main(["rules", "list"]) == 0
    out = capsys.readouterr().out
    for name in builtin_rule_names():
        assert re.search(rf"^{name} ", out, re.M)
    assert "(extends card-muggins)" in out


def test_cli_schema_rules_prints_the_shipped_schema(capsys):
    assert main(["schema", "rules"]) == 0
    assert json.loads(capsys.readouterr().out) == rules_schema()


def test_cli_unknown_rules_name_suggests_the_nearest(capsys):
    """A name that names no file has no line to point at: the message names it, with no `:1:1`."""
    assert main(["validate", "domino-mugins"]) == 1
    assert capsys.readouterr().err == ("domino-mugins: no rule file or built-in rules named 'domino-mugins'; "
                                       "did you mean 'domino-muggins'?\n")


def test_cli_without_a_command_prints_help_and_exits_2(capsys):
    assert main([]) == 2
    assert "validate" in capsys.readouterr().out


def test_shipped_schemas_are_valid_draft_2020_12():
    from jsonschema import Draft202012Validator
    from muggins.scenarios import scenario_schema
    for schema in (rules_schema(), scenario_schema()):
        Draft202012Validator.check_schema(schema)


def test_every_pattern_is_said_in_words_in_both_languages():
    """A person writing house rules does not read regular expressions: whatever a pattern allows
    is said beside it, in English and in Spanish, for the message that refuses a value."""
    from muggins.schema import scenario_schema

    def patterns(node):
        if isinstance(node, dict):
            if "pattern" in node:
                yield node
            for value in node.values():
                yield from patterns(value)
        elif isinstance(node, list):
            for item in node:
                yield from patterns(item)
    found = list(patterns(rules_schema())) + list(patterns(scenario_schema()))
    assert len(found) >= 3  # a name, a suit, a rank
    for node in found:
        words = node.get("x-pattern-words", {})
        assert set(words) == {"en", "es"} and all(words.values()), node


def test_shipped_schemas_are_the_assembled_ones():
    """The schema files editors read are what the shared part and the families' parts assemble to."""
    from muggins.schema import scenario_schema
    folder = Path(__file__).parent.parent / "interpreter" / "muggins" / "schema"
    assert json.loads((folder / "rules.schema.json").read_text("utf-8")) == rules_schema()
    assert json.loads((folder / "scenario.schema.json").read_text("utf-8")) == scenario_schema()


@pytest.mark.parametrize("section, said", [
    ("win:\n  target: 0\n", "target for 2, 3 or 4 players is 0; it must be at least 1"),
    ("deal:\n  hand: 0\n", "deals 0 pieces to each of 2, 3 or 4 players; a hand needs at least 1"),
])
def test_a_count_that_fails_alike_for_every_number_of_players_is_one_problem(section, said, tmp_path):
    """README, Limits and guarantees: `validate` prints each distinct problem once (a target or a
    hand of 0 fails alike with 2, 3 and 4 players: said once, naming them all)."""
    (tmp_path / "house.yaml").write_text(f"extends: domino-muggins\nname: house\n{section}")
    with pytest.raises(RuleFileError) as caught:
        load_rules(tmp_path / "house.yaml")
    assert [(p.location.line, str(p.message)) for p in caught.value.problems] == [(4, said)]
