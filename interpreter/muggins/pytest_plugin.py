"""The pytest plugin: scenario files and rule files become tests, with no Python to write.

Files under the folders named by the ini options `muggins_scenarios` become one test per scenario
or table row; files under `muggins_rules` get a battery: the file validates, and seeded games with
each bot and every allowed player count finish with every invariant kept. Nothing is collected
unless a project names its folders (it is installed with muggins into every environment, where an
unrelated project's `rules/` folder is none of its business). Registered through the `pytest11`
entry point.
"""
from __future__ import annotations

import fnmatch
import json
import os
from pathlib import Path
from typing import Any, Iterator

import pytest

from .bots import BOTS
from .errors import MugginsError, RuleFileError
from .invariants import play_checked_game
from .loader import load_rules
from .messages import lang_from_environment, say
from .families import families
from .scenarios import Case, cases, load_scenario, run_case

families()  # every family imported now, with the plugin: never first inside a test run that unloads modules

# What is wrong with the ini options, in both languages.
WORDS = {
    "en": {"no_folder": "{option} names {folder!r}, but there is no such folder under the rootdir ({root})",
           "skipped": ("{option} names {folder!r}, but pytest never looks into a folder named {part!r} "
                       "(norecursedirs: {pattern!r}): rename it, or set norecursedirs"),
           "outside": ("{option} names {folder!r}, outside the rootdir ({root}), where pytest does not look: "
                       "name a folder under the rootdir"),
           "games": "muggins_games is {value!r}: it must be a whole number of games from 1"},
    "es": {"no_folder": "{option} nombra {folder!r}, pero no existe esa carpeta en el directorio raíz ({root})",
           "skipped": ("{option} nombra {folder!r}, pero pytest nunca mira en una carpeta llamada {part!r} "
                       "(norecursedirs: {pattern!r}): cámbiale el nombre, o ajusta norecursedirs"),
           "outside": ("{option} nombra {folder!r}, fuera del directorio raíz ({root}), donde pytest no mira: "
                       "nombra una carpeta dentro del directorio raíz"),
           "games": "muggins_games es {value!r}: debe ser un número entero de partidas desde 1"},
}


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addini("muggins_scenarios", "folders of muggins scenario files (relative to the rootdir); none by default",
                  type="linelist", default=[])
    parser.addini("muggins_rules", "folders of muggins rule files to test (relative to the rootdir); none by default",
                  type="linelist", default=[])
    parser.addini("muggins_games", "seeded games per bot and player count in a rule file's battery", default="2")


def pytest_configure(config: pytest.Config) -> None:
    """A folder the ini names that is not there collects nothing, and the run passes without it:
    a misspelt `muggins_scenarios = scenario` would leave every scenario unchecked; so would a
    battery of no games (`muggins_games = 0`) pass every rule file unplayed."""
    for option in ("muggins_scenarios", "muggins_rules"):
        for folder in config.getini(option):
            if folder and not (config.rootpath / folder).is_dir():
                said = say(WORDS, "no_folder", option=option, folder=folder, root=config.rootpath)
                raise pytest.UsageError(said.said(lang_from_environment()))
            if folder:
                _check_looked_into(config, option, folder)
    value = config.getini("muggins_games")
    if games_in(value) is None:
        shown = value if isinstance(value, str) else json.dumps(value)  # pyproject's TOML: `true`, `[1]`
        raise pytest.UsageError(say(WORDS, "games", value=shown).said(lang_from_environment()))


def _check_looked_into(config: pytest.Config, option: str, folder: str) -> None:
    """A folder pytest would pass by collects nothing, and the run passes without it: one outside
    the rootdir that pytest is not given, or one pytest reaches only through a folder named as it
    never enters (`build`, `.wip`: norecursedirs, which pytest applies below the paths it is given,
    never to them). Paths are compared as written, so a link inside the rootdir is inside it."""
    root = Path(os.path.normpath(config.rootpath))
    path = Path(os.path.normpath(root / folder))
    start = config.invocation_params.dir
    given = [Path(os.path.normpath(start / str(arg).split("::")[0])) for arg in config.args]
    if any(arg.is_relative_to(path) for arg in given):
        return  # pytest is given the folder, or a folder in it
    holders = [arg for arg in given if path.is_relative_to(arg)]
    if not holders and not path.is_relative_to(root):
        raise pytest.UsageError(say(WORDS, "outside", option=option, folder=folder, root=root)
                                .said(lang_from_environment()))
    skipped = [_skipped(config, path.relative_to(arg).parts) for arg in holders]
    if skipped and all(skipped) and skipped[0] is not None:  # every way pytest would reach it passes it by
        part, pattern = skipped[0]
        raise pytest.UsageError(say(WORDS, "skipped", option=option, folder=folder, part=part, pattern=pattern)
                                .said(lang_from_environment()))


def _skipped(config: pytest.Config, parts: tuple[str, ...]) -> tuple[str, str] | None:
    """The first folder of `parts` that pytest's norecursedirs keeps it out of, with the pattern."""
    for part in parts:
        pattern = next((p for p in config.getini("norecursedirs") if fnmatch.fnmatch(part, p)), None)
        if pattern is not None:
            return part, pattern
    return None


def games_in(value: object) -> int | None:
    """The games the ini's `muggins_games` asks for; None unless a whole number from 1 (written as
    text in an ini file, as text or a number in pyproject.toml)."""
    text = str(value).strip() if isinstance(value, (str, int)) and not isinstance(value, bool) else ""
    return int(text) if text.isascii() and text.isdigit() and int(text) >= 1 else None


def _depth(path: Path, config: pytest.Config, option: str) -> int:
    """How deep the deepest folder of `option` that holds `path` is (-1: none holds it): a rules
    folder inside the scenarios folder is the nearer name for the files in it."""
    root = config.rootpath
    folders = [(root / folder).resolve() for folder in config.getini(option) if folder]
    return max((len(folder.parts) for folder in folders if path.is_relative_to(folder)), default=-1)


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if file_path.suffix not in (".yaml", ".yml"):
        return None
    path = file_path.resolve()
    scenarios = _depth(path, parent.config, "muggins_scenarios")
    rules = _depth(path, parent.config, "muggins_rules")
    if scenarios < 0 and rules < 0:
        return None
    if scenarios >= rules:
        return ScenarioFile.from_parent(parent, path=file_path)
    return RuleFile.from_parent(parent, path=file_path)


class ScenarioFile(pytest.File):
    def collect(self) -> Iterator[pytest.Item]:
        try:
            scenario = load_scenario(self.path, self._display())
        except MugginsError as exc:
            yield BrokenFileItem.from_parent(self, name=self.path.stem, error=exc)
            return
        for case in cases(scenario):
            yield ScenarioItem.from_parent(self, name=case.name, case=case)

    def _display(self) -> str:
        try:
            return str(self.path.relative_to(self.config.rootpath))
        except ValueError:
            return str(self.path)


class _MugginsItem(pytest.Item):
    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> Any:
        # pytest has no --lang: the locale chooses, as it does for `muggins check` without one
        lang = lang_from_environment()
        if isinstance(excinfo.value, RuleFileError):
            return excinfo.value.report(lang)
        if isinstance(excinfo.value, MugginsError):
            return excinfo.value.said(lang)
        return super().repr_failure(excinfo)


class ScenarioItem(_MugginsItem):
    def __init__(self, *, case: Case, **kwargs: Any):
        super().__init__(**kwargs)
        self.case = case

    def runtest(self) -> None:
        run_case(self.case)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, self.case.line - 1, f"scenario: {self.name}"


class BrokenFileItem(_MugginsItem):
    def __init__(self, *, error: MugginsError, **kwargs: Any):
        super().__init__(**kwargs)
        self.error = error

    def runtest(self) -> None:
        raise self.error

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, f"file: {self.name}"


class RuleFile(pytest.File):
    def collect(self) -> Iterator[pytest.Item]:
        yield RuleItem.from_parent(self, name="validates", players=None, bot=None)
        try:
            rules = load_rules(self.path)
        except MugginsError:
            return  # the `validates` item reports it
        for bot in BOTS:
            for players in rules.player_counts:
                yield RuleItem.from_parent(self, name=f"games: {bot}, {players} players", players=players, bot=bot)


class RuleItem(_MugginsItem):
    def __init__(self, *, players: int | None, bot: str | None, **kwargs: Any):
        super().__init__(**kwargs)
        self.players = players
        self.bot = bot

    def runtest(self) -> None:
        rules = load_rules(self.path)
        if self.bot is None:
            return
        assert self.players is not None  # a game item is made with both its bot and its players
        for seed in range(games_in(self.config.getini("muggins_games")) or 0):  # checked at configure
            play_checked_game(rules, self.players, self.bot, seed, max_rounds=20, forget=0.2, attention=0.7)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, f"rule file {self.path.name}: {self.name}"
