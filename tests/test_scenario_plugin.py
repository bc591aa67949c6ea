"""Rules of the scenario machinery: scenario and rule files become tests without Python."""
from __future__ import annotations

from pathlib import Path

import pytest

from muggins.cli import main

SCENARIO = """\
title: "House: 15 scores 15"
source: "our house rules, page 1"
rules: card-muggins
position:
  pile: ["10H"]
  hands: [["5S", "2C"], ["3C", "4C"]]
steps:
  - play: 5S
  - play: claim
    expect: {{points: {points}}}
"""

TABLE = """\
title: "House rounding"
source: "our house rules, page 2"
rules: ../rules/house.yaml
formula: settlement.penalty
rows:
  - {name: "two", given: {hand_pips: 2}, expect: 0}
  - {name: "nine", given: {hand_pips: 9}, expect: 10}
"""

HOUSE = """\
extends: domino-muggins
name: house
title: House dominoes
description: Our house variant, rounding down.
settlement:
  penalty: "round_down(hand_pips, 5)"
"""


@pytest.fixture
def project(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makeini("[pytest]\nmuggins_scenarios = house/scenarios\nmuggins_rules = house/rules\n")
    (pytester.path / "house" / "scenarios").mkdir(parents=True)
    (pytester.path / "house" / "rules").mkdir(parents=True)
    (pytester.path / "house" / "rules" / "house.yaml").write_text(HOUSE)
    return pytester


def test_a_users_scenarios_are_collected_one_item_per_scenario_and_row(project: pytest.Pytester):
    (project.path / "house" / "scenarios" / "fifteen.yaml").write_text(SCENARIO.format(points=15))
    (project.path / "house" / "scenarios" / "rounding.yaml").write_text(TABLE)
    result = project.runpytest("-v", "house/scenarios")
    result.stdout.fnmatch_lines(["*fifteen.yaml::House: 15 scores 15 PASSED*",
                                 "*rounding.yaml::House rounding [[]two[]] PASSED*",
                                 "*rounding.yaml::House rounding [[]nine[]] FAILED*"])
    result.stdout.fnmatch_lines(["*settlement.penalty with hand_pips = 9: expected 10, the rules give 5*"])
    result.assert_outcomes(passed=2, failed=1)


def test_rows_named_alike_are_told_apart_by_their_number_so_each_can_be_selected(project: pytest.Pytester):
    """pytest selects a test by its id: two rows named `x`, or given alike, are `[x #1]` and `[x #2]`,
    each selected alone; a row whose name is its own keeps it as it is."""
    (project.path / "house" / "scenarios" / "rounding.yaml").write_text(TABLE.replace('"nine"', '"two"') +
        "  - {given: {hand_pips: 2}, expect: 0}\n  - {given: {hand_pips: 2}, expect: 5}\n"
        "  - {given: {hand_pips: 7}, expect: 5}\n")
    result = project.runpytest("--collect-only", "-q", "house/scenarios")
    result.stdout.fnmatch_lines(["*rounding.yaml::House rounding [[]two #1[]]",
                                 "*rounding.yaml::House rounding [[]two #2[]]",
                                 "*rounding.yaml::House rounding [[]hand_pips=2 #3[]]",
                                 "*rounding.yaml::House rounding [[]hand_pips=2 #4[]]",
                                 "*rounding.yaml::House rounding [[]hand_pips=7[]]"])
    result = project.runpytest("house/scenarios/rounding.yaml::House rounding [two #2]")
    result.assert_outcomes(failed=1)  # round_down of 9 is 5, not the 10 expected
    result = project.runpytest("house/scenarios/rounding.yaml::House rounding [hand_pips=2 #3]")
    result.assert_outcomes(passed=1)


def test_a_changed_expected_number_fails_that_item_alone_with_a_readable_message(project: pytest.Pytester):
    (project.path / "house" / "scenarios" / "fifteen.yaml").write_text(SCENARIO.format(points=16))
    result = project.runpytest("house/scenarios")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*step 2 (P1: claim): expected points 16, the rules give 15*"])
    assert "Traceback" not in result.stdout.str()


def test_a_broken_scenario_file_reports_its_located_error(project: pytest.Pytester):
    text = SCENARIO.format(points=15).replace("rules: card-muggins", "rulez: card-muggins")
    (project.path / "house" / "scenarios" / "typo.yaml").write_text(text)
    result = project.runpytest("house/scenarios")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*typo.yaml:3:1: unknown key 'rulez' in the top level; did you mean 'rules'?*"])


def test_a_rule_file_dropped_into_the_rules_folder_gets_a_battery(project: pytest.Pytester):
    result = project.runpytest("-v", "house/rules")
    result.stdout.fnmatch_lines(["*house.yaml::validates PASSED*", "*house.yaml::games: greedy, 3 players PASSED*"])
    result.assert_outcomes(passed=1 + 2 * 3)


def test_a_broken_rule_file_fails_its_validates_item(project: pytest.Pytester):
    (project.path / "house" / "rules" / "bad.yaml").write_text("extends: domino-muggins\nname: bad\nline:\n  spinnner: true\n")
    result = project.runpytest("house/rules/bad.yaml")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*bad.yaml:4:3: unknown key 'spinnner' in `line`; did you mean 'spinner'?*"])


def test_check_command_summarises_and_exits_1_on_failure(tmp_path: Path, capsys):
    (tmp_path / "ok.yaml").write_text(SCENARIO.format(points=15))
    (tmp_path / "bad.yaml").write_text(SCENARIO.format(points=14))
    assert main(["check", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert out.splitlines()[-1] == "1 passed, 1 failed"
    assert "expected points 14, the rules give 15" in out


def test_a_title_written_over_two_lines_is_one_line_of_the_report(tmp_path: Path, capsys):
    (tmp_path / "ok.yaml").write_text(SCENARIO.format(points=15).replace('"House: 15 scores 15"',
                                                                           '"House:\\n  15 scores 15"'))
    assert main(["check", str(tmp_path)]) == 0
    assert capsys.readouterr().out.splitlines() == [f"ok   {tmp_path / 'ok.yaml'}:1: House: 15 scores 15",
                                                    "1 passed, 0 failed"]


def test_check_command_passes_the_shipped_scenarios(capsys):
    root = Path(__file__).parent.parent / "scenarios"
    assert main(["check", "-q", str(root)]) == 0
    assert capsys.readouterr().out.strip().endswith(", 0 failed")


def test_scenarios_cover_every_worked_example_of_both_texts():
    root = Path(__file__).parent.parent / "scenarios"
    titles = " ".join(p.read_text() for p in root.rglob("*.yaml"))
    for example in ["3 + 6 + 6 = 15", "[4|4] placed, 2 + 8 = 10", "[3|4] placed", "opening [2|2]",
                    "opening [1|4]", "[1|1] on an opening [1|4]", "[6|6] after [3|6]", "opening [0|0]",
                    "Scoring table", "nearest five", "before the settlement", "ends the game at once",
                    "blocked round", "Draw one tile at a time", "no passing while tiles can be drawn",
                    "15 scores 15", "30 scores 30", "Exactly 31 scores 2", "scores 1 for last",
                    "replacement card", "back up to 5", "Muggins! An opponent takes", "Two players crossing",
                    "Deal of seven", "No Muggins", "Strict 21", "plays to 100"]:
        assert example in titles, example


def test_an_unrelated_projects_rules_folder_is_not_collected(pytester: pytest.Pytester):
    """Installed everywhere, the plugin collects only the folders a project names for it."""
    (pytester.path / "rules").mkdir()
    (pytester.path / "rules" / "alerting.yaml").write_text("groups:\n  - name: disk\n    rules: []\n")
    (pytester.path / "scenarios").mkdir()
    (pytester.path / "scenarios" / "load.yaml").write_text("users: 10\nduration: 5m\n")
    result = pytester.runpytest_subprocess()
    assert result.ret == pytest.ExitCode.NO_TESTS_COLLECTED


def test_check_command_with_no_scenario_files_exits_1_and_says_so(tmp_path: Path, capsys):
    assert main(["check", str(tmp_path)]) == 1
    assert "no scenario files" in capsys.readouterr().err


def test_every_package_on_disk_is_listed_for_installation():
    """A package missing from pyproject's list installs nowhere but an editable checkout (read with
    tomllib, from Python 3.11: this checks the checkout, the same on every Python)."""
    tomllib = pytest.importorskip("tomllib")
    root = Path(__file__).parent.parent
    listed = set(tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    source = root / "interpreter"
    on_disk = {".".join(p.parent.relative_to(source).parts) for p in source.rglob("__init__.py")}
    assert on_disk <= listed, f"not listed in pyproject.toml: {sorted(on_disk - listed)}"


def test_a_failing_step_names_its_file_and_line(project: pytest.Pytester, monkeypatch):
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    (project.path / "house" / "scenarios" / "fifteen.yaml").write_text(SCENARIO.format(points=16))
    result = project.runpytest("house/scenarios")
    result.assert_outcomes(failed=1)
    # the claim is the second step, written at line 9
    result.stdout.fnmatch_lines(["house/scenarios/fifteen.yaml:9:5: step 2 (P1: claim): expected points 16, the "
                                 "rules give 15"])


def test_failures_are_said_in_spanish_under_a_spanish_locale(project: pytest.Pytester, monkeypatch):
    """As `muggins check` does without --lang: the locale chooses the language."""
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    (project.path / "house" / "scenarios" / "fifteen.yaml").write_text(SCENARIO.format(points=16))
    (project.path / "house" / "scenarios" / "typo.yaml").write_text(
        SCENARIO.format(points=15).replace("rules: card-muggins", "rulez: card-muggins"))
    result = project.runpytest("house/scenarios")
    result.assert_outcomes(failed=2)
    result.stdout.fnmatch_lines(["*momento 2 (J1: claim): puntos: lo esperado es 16, las reglas dan 15*"])
    result.stdout.fnmatch_lines(["*typo.yaml:3:1: clave desconocida 'rulez'*"])
    assert "the rules give" not in result.stdout.str()


def test_a_house_formula_failing_at_one_row_fails_that_item_alone(project: pytest.Pytester):
    """100 // (5 - 5) divides by zero; 100 // (7 - 5) is 50."""
    (project.path / "house" / "scenarios" / "fragile.yaml").write_text(
        TABLE.replace("rules: ../rules/house.yaml",
                      'rules: domino-muggins\noptions:\n  settlement: {penalty: "100 // (hand_pips - 5)"}')
        .replace("hand_pips: 2}, expect: 0", "hand_pips: 5}, expect: 0")
        .replace("hand_pips: 9}, expect: 10", "hand_pips: 7}, expect: 50"))
    result = project.runpytest("house/scenarios")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["house/scenarios/fragile.yaml:8:5: settlement.penalty with hand_pips = 5: the rules "
                                 "stop on an error: *division or modulo by zero*"])


def test_a_rules_folder_inside_the_scenarios_folder_gets_its_battery(pytester: pytest.Pytester):
    """`muggins_scenarios = house` with `muggins_rules = house/rules`: a rule file is under both
    folders, and the deeper one, named for it, says what it is (it was collected as a scenario,
    failing 'a rule file, not a scenario', and its battery never ran)."""
    pytester.makeini("[pytest]\nmuggins_scenarios = house\nmuggins_rules = house/rules\nmuggins_games = 1\n")
    (pytester.path / "house" / "rules").mkdir(parents=True)
    (pytester.path / "house" / "rules" / "house.yaml").write_text(HOUSE)
    (pytester.path / "house" / "fifteen.yaml").write_text(SCENARIO.format(points=15))
    result = pytester.runpytest("-v", "house")
    result.stdout.fnmatch_lines(["*fifteen.yaml::House: 15 scores 15 PASSED*", "*house.yaml::validates PASSED*"])
    result.assert_outcomes(passed=1 + 2 * 3 + 1)


@pytest.mark.parametrize("lang, said", [
    ("C", "muggins_scenarios names 'house/scenario', but there is no such folder under the rootdir"),
    ("es_ES.UTF-8", "muggins_scenarios nombra 'house/scenario', pero no existe esa carpeta en el directorio raíz")])
def test_a_folder_named_in_the_ini_that_is_not_there_stops_the_run(lang, said, project: pytest.Pytester,
                                                                      monkeypatch):
    """A misspelt folder collects nothing: the rule files' battery passed and the run with it,
    every scenario unchecked (one that expects a wrong number among them)."""
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", lang)
    project.makeini("[pytest]\nmuggins_scenarios = house/scenario\nmuggins_rules = house/rules\nmuggins_games = 1\n")
    (project.path / "house" / "scenarios" / "fifteen.yaml").write_text(SCENARIO.format(points=16))
    result = project.runpytest()
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert said in result.stderr.str()


def test_a_folder_pytest_would_pass_by_stops_the_run_saying_why(pytester: pytest.Pytester, monkeypatch):
    """A folder named as pytest never enters (`build`: norecursedirs), or one outside the rootdir
    that pytest is not given, collected nothing and the run passed: each is a one-line usage
    error, and what pytest does collect is not."""
    monkeypatch.setenv("LC_ALL", "C")
    (pytester.path / "project").mkdir()
    (pytester.path / "project" / "build").mkdir()
    (pytester.path / "project" / "build" / "fifteen.yaml").write_text(SCENARIO.format(points=15))
    (pytester.path / "house").mkdir()
    (pytester.path / "house" / "fifteen.yaml").write_text(SCENARIO.format(points=15))
    (pytester.path / "project" / "pytest.ini").write_text("[pytest]\nmuggins_scenarios = build\n")
    monkeypatch.chdir(pytester.path / "project")
    result = pytester.runpytest()
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert ("muggins_scenarios names 'build', but pytest never looks into a folder named 'build' (norecursedirs: "
            "'build'): rename it, or set norecursedirs") in result.stderr.str()
    (pytester.path / "project" / "pytest.ini").write_text("[pytest]\nmuggins_scenarios = ../house\n")
    result = pytester.runpytest()
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert (f"muggins_scenarios names '../house', outside the rootdir ({pytester.path / 'project'}), where pytest "
            "does not look: name a folder under the rootdir") in result.stderr.str()
    # what pytest does collect is never refused: a folder it is given (norecursedirs applies below
    # the paths given), and a link inside the rootdir to a folder outside it
    (pytester.path / "project" / "pytest.ini").write_text("[pytest]\nmuggins_scenarios = build\ntestpaths = build\n")
    pytester.runpytest().assert_outcomes(passed=1)
    (pytester.path / "project" / "linked").symlink_to(pytester.path / "house")
    (pytester.path / "project" / "pytest.ini").write_text("[pytest]\nmuggins_scenarios = linked\n")
    pytester.runpytest().assert_outcomes(passed=1)


@pytest.mark.parametrize("value, said", [("[1]", "'[1]'"), ("0", "'0'")])
def test_a_battery_that_pyproject_gives_as_no_whole_number_stops_the_run(value, said, project: pytest.Pytester,
                                                                         monkeypatch):
    """In pyproject.toml a value may be a list, not text: one line naming it as written (it gave an
    internal error with a traceback); a number there is read as in an ini file."""
    monkeypatch.setenv("LC_ALL", "C")
    project.makepyprojecttoml(f"[tool.pytest.ini_options]\nmuggins_scenarios = 'house/scenarios'\n"
                              f"muggins_rules = 'house/rules'\nmuggins_games = {value}\n")
    result = project.runpytest_subprocess()  # pytest's own warning on the list stays in that run
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert f"muggins_games is {said}: it must be a whole number of games from 1" in result.stderr.str()
    assert "Traceback" not in result.stdout.str() + result.stderr.str()


@pytest.mark.parametrize("value", ["lots", "0", "-3", "2.5"])
def test_a_battery_of_no_games_or_of_words_stops_the_run(value, project: pytest.Pytester, monkeypatch):
    """`muggins_games = 0` passed every rule file unplayed, `lots` failed every item with a
    traceback: either is the one-line usage error a misspelt folder is."""
    monkeypatch.setenv("LC_ALL", "C")
    project.makeini(f"[pytest]\nmuggins_scenarios = house/scenarios\nmuggins_rules = house/rules\n"
                    f"muggins_games = {value}\n")
    result = project.runpytest()
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert f"muggins_games is {value!r}: it must be a whole number of games from 1" in result.stderr.str()
    assert "Traceback" not in result.stdout.str() + result.stderr.str()
