"""The command line's own words in both languages: `--help` and argparse's usage errors follow
`--lang` (anywhere on the line) or else the locale, as the rest of the program does."""
from __future__ import annotations

import argparse
import re

import pytest

from muggins.cli import _ARGPARSE_ES, _HELP, _english_parser, main

ENGLISH = ["usage", "positional arguments", "options", "show this help message", "and exit", "commands",
           "default", "players", "language", "the", "of", "and", "with", "for", "or", "game", "games", "print",
           "FILE", "RULES", "COMMAND", "seed", "number", "a built-in name", "rule file"]
SPANISH = ["uso", "argumentos posicionales", "opciones", "muestra", "por omisión", "jugadores", "idioma",
           "partida", "partidas", "órdenes", "REGLAS", "FICHERO", "ORDEN", "semilla", "de", "la", "el", "los",
           "las", "y", "con", "fichero de reglas"]
HELPS = [["--help"], ["simulate", "--help"], ["play", "--help"]]


@pytest.fixture(autouse=True)
def no_locale(monkeypatch):
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(variable, raising=False)


def run(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    out, err = capsys.readouterr()
    return stop.value.code, out, err


def words_in(text: str, words: list[str]) -> list[str]:
    """The words of `words` found in `text`, leaving out option names (--seed), the command names
    after `muggins` and what is quoted in backticks, which are the same in both languages."""
    text = re.sub(r"`[^`]*`|--?[\w-]+|muggins \w+", " ", text)
    return [word for word in words if re.search(rf"(?<![\w.]){re.escape(word)}(?![\w.])", text)]


@pytest.mark.parametrize("argv", HELPS)
@pytest.mark.parametrize("how", ["--lang es", "--lang=es", "LANG"])
def test_spanish_help_has_no_english(argv, how, capsys, monkeypatch):
    if how == "LANG":
        monkeypatch.setenv("LANG", "es_ES.UTF-8")
    else:
        argv = argv + how.split()
    code, out, _ = run(argv, capsys)
    assert code == 0 and out.startswith("uso: ")
    assert words_in(out, ENGLISH) == []
    assert words_in(out, SPANISH)


@pytest.mark.parametrize("argv", [["--help"], ["rules", "--help"]])
def test_a_list_of_commands_in_spanish_shows_no_python_none(argv, capsys):
    """argparse asks gettext for a missing description too (`_(None)`): in Spanish the list of
    commands showed a line `None` under `órdenes:`, which English never shows."""
    code, out, _ = run(argv + ["--lang", "es"], capsys)
    assert code == 0 and "órdenes" in out
    assert not re.search(r"(?<!\w)None(?!\w)", out)



def test_the_keepers_spanish_help_names_the_table_as_the_rule_texts_do(capsys):
    """card-muggins.es.txt: "total acumulado", "cartas"; domino-muggins.es.txt: "fichas restantes",
    "Anotación ... en papel" (a person reads the keeper's help with those words at the table)."""
    code, out, _ = run(["--lang", "es", "--help"], capsys)
    assert "fichas o cartas reales" in " ".join(out.split()) and "naipes" not in out
    code, out, _ = run(["keep", "--help", "--lang", "es"], capsys)
    text = " ".join(out.split())
    assert "el total acumulado" in text and "los puntos de las fichas restantes" in text
    assert "la anotación en papel" in text
    for word in ("suma en curso", "sobrantes", "la cuenta"):
        assert word not in text, word

@pytest.mark.parametrize("argv", HELPS)
def test_english_help_has_no_spanish(argv, capsys, monkeypatch):
    code, out, _ = run(argv, capsys)
    assert code == 0 and out.startswith("usage: ")
    assert words_in(out, SPANISH) == []
    monkeypatch.setenv("LANG", "es_ES.UTF-8")  # --lang wins over the locale
    code, out, _ = run(argv + ["--lang", "en"], capsys)
    assert code == 0 and out.startswith("usage: ") and words_in(out, SPANISH) == []


def test_lang_before_the_command(capsys):
    code, out, _ = run(["--lang", "es", "play", "--help"], capsys)
    assert code == 0 and out.startswith("uso: muggins play")


def usage_error(err: str) -> str:
    """The one line after the usage line(s)."""
    lines = err.splitlines()
    assert len([line for line in lines if ": error: " in line]) == 1 and ": error: " in lines[-1]
    return lines[-1]


@pytest.mark.parametrize("argv, spanish, english", [
    (["simulate"], "muggins simulate: error: faltan los argumentos obligatorios: REGLAS",
     "muggins simulate: error: the following arguments are required: RULES"),
    (["play", "x", "--players", "y"], "muggins play: error: argumento --players: valor no válido: 'y' (se esperaba un número entero)",
     "muggins play: error: argument --players: invalid int value: 'y'"),
    (["play", "x", "--seed"], "muggins play: error: argumento --seed: se esperaba un argumento",
     "muggins play: error: argument --seed: expected one argument"),
    (["play", "x", "--delay", "soon"], "muggins play: error: argumento --delay: valor no válido: 'soon' (se esperaba "
     "un número)", "muggins play: error: argument --delay: invalid float value: 'soon'"),
    (["schema", "nothing"], "muggins schema: error: argumento ESQUEMA: opción no válida: 'nothing' (elige entre "
     "'rules', 'scenario', 'record', 'save', 'stats')",
     "muggins schema: error: argument SCHEMA: invalid choice: 'nothing' (choose from 'rules', 'scenario', "
     "'record', 'save', 'stats')"),
    (["check", "x", "--nothing"], "muggins: error: argumentos no reconocidos: --nothing",
     "muggins: error: unrecognized arguments: --nothing"),
])
def test_usage_errors_in_both_languages(argv, spanish, english, capsys, monkeypatch):
    code, _, err = run(argv, capsys)
    assert code == 2 and err.startswith("usage: ") and usage_error(err) == english
    code, _, err = run(["--lang", "es"] + argv, capsys)
    assert code == 2 and err.startswith("uso: ") and usage_error(err) == spanish
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    code, _, err = run(argv, capsys)
    assert code == 2 and err.startswith("uso: ") and usage_error(err) == spanish
    assert argparse._("usage: ") == "usage: "  # type: ignore[attr-defined]  # argparse is left as it was


def test_every_help_text_has_its_spanish():
    """A help text added to the parser without its Spanish fails here, not in front of a reader."""
    missing = []

    def walk(parser: argparse.ArgumentParser) -> None:
        for text in (parser.description, parser.epilog, *(group.title for group in parser._action_groups),
                     *(action.help for action in parser._actions)):
            if text and text not in _HELP and text not in _ARGPARSE_ES:
                missing.append(text)
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                missing.extend(choice.help for choice in action._choices_actions if choice.help not in _HELP)
                for command in action.choices.values():
                    walk(command)

    walk(_english_parser())
    assert missing == []


def test_the_precision_line_writes_numbers_as_the_tables_do(capsys):
    for lang, games, width in (("en", "games:", "0.2 wide"), ("es", "partidas:", "como mucho 0,2 (el más ancho 0,")):
        code = main(["simulate", "card-muggins", "--games", "100", "--precision", "0.2", "--workers", "1",
                     "--json", "--lang", lang])
        err = capsys.readouterr().err
        assert code == 0 and games in err and width in err, err


@pytest.mark.parametrize("setting, spanish", [
    ("win.targt=100", "clave desconocida 'targt' en `win`; ¿querías decir 'target'? (permitidas: target,"),
    ("wn.target=5", "clave desconocida 'wn' en el nivel superior; ¿querías decir 'win'?"),
    ("win.target=abc", "nombre desconocido 'abc' (disponibles aquí: players)"),
    ("win.target=-5", "el objetivo con 2, 3 o 4 jugadores es -5; debe ser al menos 1"),
    ("win.target=true", "`win.target` debe ser texto o un número entero, no true"),
    ("name=Mi Casa", "`name` nombra un fichero de reglas, no es un ajuste; para nombrar una variante, escribe un "
                     "fichero de reglas que amplíe este"),
    ("title=", "`title` debe ser texto, no null"),
    ("go.draw=False", "`go.draw` debe ser true o false, no 'False' (solo true y false en minúsculas son booleanos; "
                      "escribe false)"),
    ("go.draw=on", "`go.draw` debe ser true o false, no 'on' (aquí una palabra de sí/no es texto; escribe true o "
                   "false)"),
    ("win.overshoot=count", "`win.overshoot` es 'count', que no es ninguno de: counts, void, capped; ¿querías decir 'counts'?"),
])
def test_set_errors_from_validation_in_spanish(setting, spanish, capsys):
    assert main(["play", "card-muggins", "--set", setting, "--lang", "es"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"muggins: --set {setting}: ") and spanish in err and "did you mean" not in err
    assert main(["play", "card-muggins", "--set", setting]) == 1
    assert "¿" not in capsys.readouterr().err


@pytest.mark.parametrize("options, spanish", [
    (["--games", "0"], "--games, --workers y --max-rounds deben ser al menos 1"),
    (["--workers", "1000"], "--workers es como mucho 256"),
    (["--forget", "3"], "--forget y --attention son probabilidades entre 0 y 1"),
    (["--precision", "2"], "--precision es la anchura de un intervalo entre 0 y 1, como 0,01, no 2"),
    (["--precision", "0.1", "--max-games", "1"], "--max-games debe ser al menos --games"),
])
def test_simulation_option_errors_in_spanish(options, spanish, capsys, monkeypatch):
    assert main(["simulate", "card-muggins", *options, "--lang", "es"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"muggins: {spanish}") and len(err.splitlines()) == 1
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert main(["simulate", "card-muggins", *options]) == 2
    assert capsys.readouterr().err == err


@pytest.mark.parametrize("argv", [["play", "x", "--lang", "fr"], ["play", "x", "--lang=ES"], ["--lang", "fr"]])
def test_a_language_we_do_not_have_is_refused_in_the_locales(argv, capsys, monkeypatch):
    """`--lang fr` asks for no English: its refusal is in the locale's language."""
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    code, _, err = run(argv, capsys)
    assert code == 2 and err.startswith("uso: ") and "argumento --lang: opción no válida" in usage_error(err)
    monkeypatch.delenv("LANG")
    code, _, err = run(argv, capsys)
    assert code == 2 and "argument --lang: invalid choice" in usage_error(err)


@pytest.mark.parametrize("first, last, said", [("en", "es", "argumentos no reconocidos: --bogus"),
                                               ("es", "en", "unrecognized arguments: --bogus")])
def test_the_last_lang_wins_for_the_usage_errors_as_for_the_game(first, last, said, capsys):
    code, _, err = run(["--lang", first, "play", "card-muggins", "--lang", last, "--bogus"], capsys)
    assert code == 2 and usage_error(err) == f"muggins: error: {said}"


@pytest.mark.parametrize("argv", [["schema", "rules", "--lang", "es"], ["schema", "--lang", "es", "rules"],
                                  ["rules", "--lang", "es", "list"], ["rules", "list", "--lang", "es"],
                                  ["--lang", "es", "rules", "list"]])
def test_schema_and_rules_take_lang_anywhere_on_the_line(argv, capsys):
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.startswith("{") if argv[0] == "schema" else "Total acumulado hasta 31" in out


def test_rules_lang_before_its_subcommand_gives_spanish_help(capsys):
    code, out, _ = run(["rules", "--lang", "es", "list", "--help"], capsys)
    assert code == 0 and out.startswith("uso: muggins rules list")


@pytest.mark.parametrize("lang, said", [("es", "--delay son segundos entre 0 y 60, no 100,5"),
                                        ("en", "--delay is seconds between 0 and 60, not 100.5")])
def test_delay_echoes_its_number_as_the_language_writes_it(lang, said, capsys):
    assert main(["play", "card-muggins", "--human", "1", "--delay", "100.5", "--lang", lang]) == 2
    assert capsys.readouterr().err.strip() == f"muggins: {said}"
    assert main(["play", "card-muggins", "--human", "1", "--delay", "100", "--lang", lang]) == 2
    assert capsys.readouterr().err.strip().endswith(" 100")  # what was typed, not 100.0


def test_every_option_is_described():
    """An option without help shows bare in `--help` in both languages (as resume's --explain did)."""
    bare = []

    def walk(parser: argparse.ArgumentParser) -> None:
        for action in parser._actions:
            if action.option_strings and not action.help:
                bare.append(f"{parser.prog} {action.option_strings[-1]}")
            if isinstance(action, argparse._SubParsersAction):
                for command in action.choices.values():
                    walk(command)

    walk(_english_parser())
    assert bare == []


def test_resume_help_describes_explain_in_spanish(capsys):
    code, out, _ = run(["resume", "--help", "--lang", "es"], capsys)
    assert code == 0 and "explica cada colocación como lo hacen los diagramas del texto" in " ".join(out.split())


@pytest.mark.parametrize("option", ["--plot", "--csv"])
def test_a_plot_or_table_path_that_is_a_folder_is_refused_in_spanish(option, tmp_path, capsys):
    folder = tmp_path / "x.svg"
    folder.mkdir()
    assert main(["simulate", "card-muggins", "--games", "2", "--workers", "1", option, str(folder),
                 "--lang", "es"]) == 1
    assert capsys.readouterr().err.strip() == f"muggins: {option} {folder}: no se puede escribir ahí (es una carpeta)"


def test_a_missing_matplotlib_is_said_in_spanish_before_any_game(tmp_path, capsys, monkeypatch):
    import sys
    from muggins import cli

    def played(*args, **kwargs):
        raise AssertionError("a game was played")

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib raises ImportError
    monkeypatch.setattr(cli, "simulate", played)
    assert main(["simulate", "card-muggins", "--games", "2", "--workers", "1", "--plot", str(tmp_path / "p.svg"),
                 "--lang", "es"]) == 1
    assert capsys.readouterr().err.strip() == "muggins: --plot necesita matplotlib: pip install 'muggins[plot]'"


@pytest.mark.parametrize("lang, said", [
    ("es", "# Muggins de cartas, estricto 21: resuelto desde card-muggins-strict-21.yaml (incorporado) "),
    ("en", "# Card Muggins, strict 21: resolved from card-muggins-strict-21.yaml (built-in) ")])
def test_rules_show_names_a_built_in_file_in_words(lang, said, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # from inside a checkout the built-in files are named by their path
    assert main(["rules", "show", "card-muggins-strict-21", "--lang", lang]) == 0
    header = capsys.readouterr().out.splitlines()[0]
    assert header.startswith(said) and "<builtin>" not in header


def test_one_point_lost_or_taken_is_said_in_the_singular(tmp_path, capsys):
    """Card Muggins with forgetful bots: "last" is 1 point (C6), lost when not claimed (C8), or
    taken with Muggins where `last.muggins` lets it be; 1 point, never `1 puntos` or `los 1`."""
    record = tmp_path / "forgotten.json"
    assert main(["play", "card-muggins", "--seed", "1", "--forget", "0.9", "--attention", "0", "--record",
                 str(record)]) == 0
    for lang, taken, lost in (("es", r"J\d se lleva 1 punto de J\d \(último\)\.", r"Se pierde 1 punto de J\d \(último\)\."),
                              ("en", r"P\d takes P\d's 1 point \(last\)\.", r"P\d's 1 point \(last\) is lost\.")):
        assert main(["play", "card-muggins", "--seed", "2", "--forget", "0.9", "--attention", "1", "--set",
                     "last.muggins=true", "--lang", lang]) == 0
        assert re.search(taken, capsys.readouterr().out)
        assert main(["replay", str(record), "--log", "--lang", lang]) == 0
        out = capsys.readouterr().out
        assert re.search(lost, out) and not re.search(r" 1 (puntos|points)\b|[Ll]os 1 de", out)


def test_replay_agrees_with_one_move_and_says_when_nobody_won(tmp_path, capsys):
    one, unfinished = tmp_path / "one.json", tmp_path / "unfinished.json"
    assert main(["play", "domino-muggins", "--seed", "1", "--set", "win.target=5", "--record", str(one)]) == 0
    assert main(["play", "domino-muggins", "--seed", "1", "--max-rounds", "1", "--record", str(unfinished)]) == 0
    capsys.readouterr()
    assert main(["replay", str(one), "--lang", "es"]) == 0
    assert f"{one}: 1 jugada reproducida; objetivo alcanzado, gana J" in capsys.readouterr().out
    for lang, said in (("es", "; sin terminar, no gana nadie, puntuaciones ["), ("en", "; unfinished, no winner, scores [")):
        assert main(["replay", str(unfinished), "--lang", lang]) == 0
        assert said in capsys.readouterr().out


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_game_between_bots_logs_forgotten_points_as_its_replay_does(lang, tmp_path, capsys):
    """Nobody at the table to give an omission away to: a game between forgetful bots says who did
    not claim and what was lost, as `replay --log` of its record does, line for line (the header
    and the last line aside), in either language."""
    record = tmp_path / "bots.json"
    assert main(["play", "card-muggins", "--players", "3", "--seed", "5", "--forget", "0.5", "--attention", "0.5",
                 "--record", str(record), "--lang", lang]) == 0
    played = capsys.readouterr().out.splitlines()
    assert main(["replay", str(record), "--log", "--lang", lang]) == 0
    replayed = capsys.readouterr().out.splitlines()
    assert played[1:-1] == replayed[:-1]
    forgot = r"J\d no reclama \d+" if lang == "es" else r"P\d does not claim \d+"
    assert any(re.match(forgot, line) for line in played), played
