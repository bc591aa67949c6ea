"""The `muggins` command: validate and inspect rule files, play games from them (bots and
people), replay records, check scenarios, and simulate many games.

Every error a person can cause (a wrong rule file, an unknown name, an illegal move) is one of
our MugginsError family and is printed as located lines with exit code 1; usage errors exit 2.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import random
import re
import sys
from pathlib import Path
from typing import AbstractSet, Any, Callable, Iterator, Sequence

import yaml

from . import __version__
from .bots import check_kinds
from .engine.table import MAX_ROUNDS, SEED_CHARACTERS
from .errors import MugginsError, RecordError, RuleFileError, Terminated
from .loader import builtin_rule_names, load_rules, rules_source
from .schema import rules_schema, scenario_schema
from .narration import count, describe, winners_name, words
from .families import family_of
from .files import check_target, fallback_folders, reason as write_reason, words as file_words, write_atomic, write_first
from .output import fit_output, shows_suits
from .pieces import ascii_cards, shown
from .overrides import UsageError, combinations, load_each, load_settings
from .rules import Rules
from .records import Record, make_record, read_record, record_problem, record_schema, replay, save_schema
from .simulate import simulate, summary, widest
from .terminal import Session, check_delay
from .messages import LANGUAGES, as_typed, lang_from_arguments, lang_from_environment, stopped_line
from .scenarios import cases, load_scenario, run_case, scenario_files

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130

# The command line's own messages (those of the commands' modules live there), in both languages.
WORDS = {
    "en": {
        "svg_only": "-o {path}: the file must end in .svg (render writes SVG)",
        "move_form": "--move takes a number of moves, such as 12, not {text!r}",
        "player_count": "{rules} is played by {counts} players, not {players}",
        "replayed:one": "{record}: {moves} replayed; {termination}, {won}, scores {scores} after {rounds}",
        "replayed:many": "{record}: {moves} replayed; {termination}, {won}, scores {scores} after {rounds}",
        "won:one": "winner {players}", "won:side": "winners {players}", "won:none": "no winner",
        "extends": "(extends {base})", "resolved": "{title}: resolved from {origin} ({chain})", "digest": "digest {digest}",
        "builtin": "{file} (built-in)",
        "bot_count": "--bots names {count} bots for {seats} bot seats",
        "no_common_players": "no number of players is allowed by every file ({counts}): compare files that "
                             "share one",
        "max_rounds": "--max-rounds is from 1 to {most}",
        "chances": "--forget and --attention are chances between 0 and 1",
        "seed_long": "--seed has at most {most} characters (a game's seed is it, a colon and the game's number)",
        "no_tally": "{rules} defines no paper notation; --tally shows nothing",
        "human_form": "--human takes seat numbers like 1 or 1,3, not {spec!r}",
        "human_range": "--human seats must be between 1 and {players}",
        "human_twice": "--human names seat {seat} twice",
        "at_least_one": "--games, --workers and --max-rounds must be at least 1",
        "workers": "--workers is at most {most} (local processes; a Dask cluster takes --scheduler)",
        "precision": "--precision is an interval width between 0 and 1, such as 0.01, not {width}",
        "max_games": "--max-games must be at least --games",
        "empty_value": "{option} is given an empty value: give one, or leave {option} out",
        "same_file": "--csv and --plot name the same file, {path}: give each its own",
        "valid": "{spec}: valid ({name}{bases})", "bases": ", extends {chain}",
        "valid:one": "{n} valid", "valid:many": "{n} valid", "invalid:one": "{n} invalid", "invalid:many": "{n} invalid",
        "passed:one": "{n} passed", "passed:many": "{n} passed", "failed:one": "{n} failed", "failed:many": "{n} failed",
        "ok": "ok", "fail": "FAIL", "games": "games",
        "no_such_path": "no such file or folder: {paths}",
        "no_scenarios": "no scenario files (*.yaml, *.yml) under {paths}",
    },
    "es": {
        "svg_only": "-o {path}: el fichero debe terminar en .svg (render escribe SVG)",
        "move_form": "--move toma un número de jugadas, como 12, no {text!r}",
        "player_count": "{rules} se juega con {counts} jugadores, no con {players}",
        "replayed:one": "{record}: {moves} reproducida; {termination}, {won}, puntuaciones {scores} tras {rounds}",
        "replayed:many": "{record}: {moves} reproducidas; {termination}, {won}, puntuaciones {scores} tras {rounds}",
        "won:one": "gana {players}", "won:side": "ganan {players}", "won:none": "no gana nadie",
        "extends": "(amplía {base})", "resolved": "{title}: resuelto desde {origin} ({chain})",
        "builtin": "{file} (incorporado)",
        "digest": "huella {digest}",
        "bot_count": "--bots nombra {count} bots para {seats} puestos de bot",
        "no_common_players": "ningún número de jugadores vale para todos los ficheros ({counts}): compara "
                             "ficheros que compartan alguno",
        "max_rounds": "--max-rounds es de 1 a {most}",
        "chances": "--forget y --attention son probabilidades entre 0 y 1",
        "seed_long": ("--seed tiene como mucho {most} caracteres (la semilla de una partida es ella, dos puntos y el "
                      "número de la partida)"),
        "no_tally": "{rules} no define notación en papel; --tally no muestra nada",
        "human_form": "--human toma números de puesto como 1 o 1,3, no {spec!r}",
        "human_range": "los puestos de --human deben estar entre 1 y {players}",
        "human_twice": "--human nombra dos veces el puesto {seat}",
        "at_least_one": "--games, --workers y --max-rounds deben ser al menos 1",
        "workers": "--workers es como mucho {most} (procesos locales; un clúster Dask se indica con --scheduler)",
        "precision": "--precision es la anchura de un intervalo entre 0 y 1, como 0,01, no {width}",
        "max_games": "--max-games debe ser al menos --games",
        "empty_value": "{option} recibe un valor vacío: da uno, o quita {option}",
        "same_file": "--csv y --plot nombran el mismo fichero, {path}: da a cada uno el suyo",
        "valid": "{spec}: válido ({name}{bases})", "bases": ", amplía {chain}",
        "valid:one": "{n} válido", "valid:many": "{n} válidos", "invalid:one": "{n} no válido",
        "invalid:many": "{n} no válidos",
        "passed:one": "{n} correcto", "passed:many": "{n} correctos", "failed:one": "{n} fallido",
        "failed:many": "{n} fallidos",
        "ok": "bien", "fail": "FALLO", "games": "partidas",
        "no_such_path": "no existe el fichero o la carpeta: {paths}",
        "no_scenarios": "no hay ficheros de escenarios (*.yaml, *.yml) en {paths}",
    },
}


def _say(lang: str | None, key: str, **values: object) -> str:
    return WORDS.get(lang or "en", WORDS["en"])[key].format(**values)


def _tally(lang: str | None, first: str, m: int, second: str, n: int) -> str:
    """`3 passed, 1 failed`, `1 correcto, 0 fallidos`: two counts, each word agreeing with its number."""
    def one(key: str, count: int) -> str:
        return _say(lang, f"{key}:{'one' if count == 1 else 'many'}", n=count)
    return f"{one(first, m)}, {one(second, n)}"


def _check_players(rules: Rules, players: int, lang: str | None) -> None:
    """Refuse, in the person's language, a number of players the rule file does not allow."""
    if players not in rules.player_counts:
        raise MugginsError(_say(lang, "player_count", rules=rules.name, players=players,
                                counts=", ".join(map(str, rules.player_counts))))


SIMULATION_SEED = SEED_CHARACTERS - 20  # `SEED:N`: room for the colon and any game's number
MAX_WORKERS = 256  # local worker processes: more only fills the machine with idle forks


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the exit code."""
    lang = _help_language(sys.argv[1:] if argv is None else argv)
    fit_output()  # a terminal that cannot show a symbol gets its plain form, never an error
    with _argparse_words(lang):
        return _main(argv, lang)


def _help_language(argv: Sequence[str]) -> str:
    """The language of the help and of usage errors, chosen before parsing."""
    return lang_from_arguments(argv)


@contextlib.contextmanager
def _argparse_words(lang: str) -> Iterator[None]:
    """argparse's own words (usage:, options, its error messages) in `lang`, while inside: argparse
    asks gettext for them through its module's `_` and `ngettext`."""
    if lang != "es":
        yield
        return
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]

    def spanish(text: str) -> str:
        return _Template(_ARGPARSE_ES.get(text, text))

    def gettext(text: str | None) -> str | None:
        # argparse also asks for a missing description (`_(None)`), which must stay None, not "None"
        return None if text is None else spanish(text)

    def ngettext(singular: str, plural: str, n: int) -> str:
        return spanish(singular if n == 1 else plural)

    def argument_error(error: argparse.ArgumentError) -> str:
        # as Python 3.11 and later say it; 3.10 never asks gettext for "argument %s: %s"
        if error.argument_name is None:
            return error.message
        return spanish("argument %(argument_name)s: %(message)s") % {"argument_name": error.argument_name,
                                                                      "message": error.message}

    said_error = argparse.ArgumentError.__str__
    argparse._, argparse.ngettext = gettext, ngettext  # type: ignore[attr-defined]
    argparse.ArgumentError.__str__ = argument_error  # type: ignore[method-assign, assignment]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]
        argparse.ArgumentError.__str__ = said_error  # type: ignore[method-assign]


def _main(argv: Sequence[str] | None, lang: str) -> int:
    parser = _parser(lang)
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help()
        return EXIT_USAGE
    if getattr(args, "lang", "") is None and args.main_lang:  # `muggins --lang es COMMAND`
        args.lang = args.main_lang
    if getattr(args, "lang", "") is None:  # a save goes on in its own language (README: resume, keep)
        args.lang = _saved_language(args) or lang_from_environment()
    said = getattr(args, "lang", None) or lang  # the language errors are said in
    try:
        return args.run(args)
    except Terminated as stop:
        print(stopped_line(stop.status, said), file=sys.stderr)
        return stop.status
    except UsageError as exc:
        print(f"muggins: {exc.said(said)}", file=sys.stderr)
        return EXIT_USAGE
    except RuleFileError as exc:
        print(exc.report(said), file=sys.stderr)
        return EXIT_FAILED
    except MugginsError as exc:
        print(f"muggins: {exc.said(said)}", file=sys.stderr)
        return EXIT_FAILED
    except KeyboardInterrupt:
        print(stopped_line(EXIT_INTERRUPTED, said), file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # the reader went away (`| head`): end as a pipe writer does, never "all passed"
        return 141


def _saved_language(args: argparse.Namespace) -> str | None:
    """The language of the save `resume` or `keep --resume` continues, when it can be read; else
    None, and its refusal is said in the locale's language, as every other command's is."""
    from .keep import saved_lang
    path = args.save if args.run is _resume else getattr(args, "resume", None) if args.run is _keep else None
    return saved_lang(path) if path else None


# The command line's help, in both languages: each English text of `_parser` and its Spanish
# (the parser is built once, in English, and `_in_language` puts these in for Spanish).
_HELP = {
    "A rules engine for the Muggins family of games, with the games written as YAML.":
        "Un motor de reglas para la familia de juegos Muggins, con los juegos escritos en YAML.",
    "Rules are named by a built-in name (see `muggins rules list`) or a path to a YAML file.":
        "Las reglas se nombran con un nombre incorporado (véase `muggins rules list`) o la ruta de un fichero YAML.",
    "commands": "órdenes",
    "language of the help and of every command (en, es; default: from LC_ALL, LC_MESSAGES, LANG)":
        "idioma de la ayuda y de cada orden (en, es; por omisión: según LC_ALL, LC_MESSAGES, LANG)",
    "rules commands": "órdenes de rules",
    "show program's version number and exit": "muestra el número de versión del programa y termina",
    "check rule files; print located errors": "comprueba ficheros de reglas; muestra los fallos con su lugar",
    "list or show rule files": "lista o muestra ficheros de reglas",
    "play a game (bots, or people with --human) and print its log":
        "juega una partida (bots, o personas con --human) y muestra su registro",
    "continue a saved game exactly where it stopped": "continúa una partida guardada justo donde se detuvo",
    "re-run a game record and report its final state": "reproduce el acta de una partida e informa de su estado final",
    "draw the table of a recorded game as SVG": "dibuja la mesa de una partida registrada en SVG",
    "run scenario files and report what holds": "ejecuta ficheros de escenarios e informa de lo que se cumple",
    "play many bot games and report statistics": "juega muchas partidas de bots e informa de estadísticas",
    "the same statistics side by side for several rule files":
        "las mismas estadísticas lado a lado para varios ficheros de reglas",
    "keep the score of a game played with real tiles or cards":
        "lleva la puntuación de una partida jugada con fichas o cartas reales",
    "simulate every combination of rule values and show how statistics move":
        "simula cada combinación de valores de reglas y muestra cómo se mueven las estadísticas",
    "print a JSON Schema (for editors and tools)": "imprime un JSON Schema (para editores y herramientas)",
    "Load each rule file (resolving `extends`), check it against the schema and compile its expressions. "
    "Exit 0 when all are valid.":
        "Carga cada fichero de reglas (resolviendo `extends`), lo contrasta con el esquema y compila sus "
        "expresiones. Sale con 0 cuando todos son válidos.",
    "the built-in rule files and variants": "los ficheros de reglas incorporados y sus variantes",
    "print rules resolved through `extends`": "imprime las reglas resueltas a través de `extends`",
    "language (default: from LC_ALL, LC_MESSAGES, LANG)": "idioma (por omisión: según LC_ALL, LC_MESSAGES, LANG)",
    "Print the rules as the engine sees them, after `extends` is resolved, so a variant's changes can be checked.":
        "Imprime las reglas tal como las ve el motor, tras resolver `extends`, para poder revisar los cambios de "
        "una variante.",
    "print JSON instead of YAML": "imprime JSON en lugar de YAML",
    "Play one game from a rule file and print a readable log. The same rules, seed and bots always give the same "
    "game.":
        "Juega una partida a partir de un fichero de reglas e imprime un registro legible. Las mismas reglas, "
        "semilla y bots dan siempre la misma partida.",
    "a built-in name or a rule file": "un nombre incorporado o un fichero de reglas",
    "number of players (default: the fewest the rules allow)":
        "número de jugadores (por omisión: el menor que permiten las reglas)",
    "number of players (default: the resumed sheet's, else the fewest the rules allow)":
        "número de jugadores (por omisión: los de la hoja reanudada, si no el menor que permiten las reglas)",
    "seed for shuffles, lotteries and bots (default: random, printed)":
        "semilla de barajados, sorteos y bots (por omisión: al azar, se imprime)",
    "one bot for every seat, or one per seat, comma-separated (random, greedy); default greedy":
        "un bot para todos los puestos, o uno por puesto, separados por comas (random, greedy); por omisión greedy",
    "seats played by people at this terminal, e.g. 1 or 1,3":
        "puestos que juegan personas en este terminal, p. ej. 1 o 1,3",
    "seconds to pause before each bot move (with people)":
        "segundos de pausa antes de cada jugada de un bot (con personas)",
    "write the game record (JSON) to FILE (checked before the game)":
        "escribe el acta de la partida (JSON) en FICHERO (comprobado antes de la partida)",
    "replace the --record FILE if it exists": "sustituye el FICHERO de --record si ya existe",
    "with --record: replace FILE if it exists": "con --record: sustituye FICHERO si ya existe",
    "write the game record (JSON) to FILE when the game ends (default: play's --record)":
        "escribe el acta de la partida (JSON) en FICHERO cuando acabe (por omisión: el --record de play)",
    "language of the log and the terminal (en, es; default: Spanish when LC_ALL, LC_MESSAGES or LANG is es_*)":
        "idioma del registro y del terminal (en, es; por omisión: español cuando LC_ALL, LC_MESSAGES o LANG es es_*)",
    "at the terminal: remind you to claim, offer every Muggins call, give hints":
        "en el terminal: recordarte que reclames, ofrecer cada grito de «¡Muggins!», dar pistas",
    "suit letters instead of symbols (5H for 5♥)": "letras de palo en lugar de símbolos (5C por 5♥)",
    "also show scores in the paper tally notation": "muestra también las puntuaciones en la notación de papel",
    "explain every placement as the text's diagrams do": "explica cada colocación como lo hacen los diagramas del texto",
    "games with claims: how often (0-1) bots forget to claim their points (default 0)":
        "juegos con reclamación: con qué frecuencia (0-1) los bots olvidan reclamar sus puntos (por omisión 0)",
    "games with claims: how often (0-1) bots call Muggins on unclaimed points (default 1)":
        "juegos con reclamación: con qué frecuencia (0-1) los bots gritan «¡Muggins!» sobre puntos no reclamados "
        "(por omisión 1)",
    "stop a game that has not ended after this many rounds, as unfinished (default 1000)":
        "detiene, como sin terminar, una partida que no ha acabado tras tantas rondas (por omisión 1000)",
    "override a rule option, e.g. --set win.target=100 (repeatable; validated like a rule file)":
        "cambia una opción de las reglas, p. ej. --set win.target=100 (repetible; se valida como un fichero de "
        "reglas)",
    "Continue a game saved with `save FILE`, Ctrl-C or end of input: same hands, same random state, same bots.":
        "Continúa una partida guardada con `guardar FICHERO`, Ctrl-C o fin de la entrada: las mismas manos, el mismo "
        "estado del azar, los mismos bots.",
    "language (en, es; default: the saved game's, else from LC_ALL, LC_MESSAGES, LANG)":
        "idioma (en, es; por omisión: el de la partida guardada, si no según LC_ALL, LC_MESSAGES, LANG)",
    "continue under this rule file (e.g. once a formula that stopped the game is fixed): the saved moves are "
    "replayed under it":
        "continúa con este fichero de reglas (p. ej. cuando esté corregida una fórmula que detuvo la partida): las "
        "jugadas guardadas se reproducen con él",
    "seconds to pause before each bot move": "segundos de pausa antes de cada jugada de un bot",
    "remind you to claim, offer every Muggins call, give hints":
        "recordarte que reclames, ofrecer cada grito de «¡Muggins!», dar pistas",
    "Replay a record from its seed and moves, checking every move and that the rules are the ones it was made "
    "with.":
        "Reproduce un acta a partir de su semilla y sus jugadas, comprobando cada jugada y que las reglas son "
        "aquellas con las que se hizo.",
    "rule file to use instead of the built-in the record names":
        "fichero de reglas que usar en lugar del incorporado que nombra el acta",
    "print the whole game log": "imprime el registro completo de la partida",
    "Replay a record to a move and draw the line or the pile as the texts' diagrams do (SVG).":
        "Reproduce un acta hasta una jugada y dibuja la línea o la pila como los diagramas de los textos (SVG).",
    "draw the table after this many moves (default: the last)":
        "dibuja la mesa tras este número de jugadas (por omisión: la última)",
    "the SVG file to write": "el fichero SVG que escribir",
    "replace the output file if it exists": "sustituye el fichero de salida si ya existe",
    "Run scenarios (files, or folders searched for *.yaml) against their rules and print one line per scenario "
    "or table row, then `N passed, N failed`. Exit 1 if any fails.":
        "Ejecuta escenarios (ficheros, o carpetas en las que se buscan *.yaml) con sus reglas e imprime una línea "
        "por escenario o fila de tabla, y luego `N correctos, N fallidos`. Sale con 1 si alguno falla.",
    "print only failures and the summary": "imprime solo los fallos y el resumen",
    "Play seeded bot games and report win rates (95% confidence intervals) by seat, by side and by place from the "
    "game's first to play, the margin of victory, game length in rounds, turns and actions (mean, spread, 5/50/95 "
    "percentiles), scores, points by scoring entry and Muggins steals. The numbers depend only on the rules, bots, "
    "seed and game count, not on the workers.":
        "Juega partidas de bots con semilla e informa de las tasas de victoria (intervalos de confianza del 95 %) "
        "por puesto, por bando y por lugar desde quien sale primero, el margen de victoria, la duración en rondas, "
        "turnos y acciones (media, dispersión, percentiles 5/50/95), las puntuaciones, los puntos por entrada de "
        "puntuación y los robos de Muggins. Las cifras dependen solo de las reglas, los bots, la semilla y el "
        "número de partidas, no de los procesos.",
    "games to play (default 1000)": "partidas que jugar (por omisión 1000)",
    "bots by seat, comma-separated, repeated to fill the table":
        "bots por puesto, separados por comas, repetidos hasta llenar la mesa",
    "number of players (default: the fewest the rules allow; with compare, every file)":
        "número de jugadores (por omisión: el menor que permiten las reglas; con compare, todos los ficheros)",
    "seed of the simulation (default 0)": "semilla de la simulación (por omisión 0)",
    "local processes (default: all cores)": "procesos locales (por omisión: todos los núcleos)",
    "run on a Dask cluster (needs muggins[cluster])": "ejecuta en un clúster Dask (requiere muggins[cluster])",
    "round cap per game (default 1000)": "tope de rondas por partida (por omisión 1000)",
    "games with claims: how often bots forget to claim":
        "juegos con reclamación: con qué frecuencia los bots olvidan reclamar",
    "games with claims: how often bots call Muggins":
        "juegos con reclamación: con qué frecuencia los bots gritan «¡Muggins!»",
    "print the statistics as JSON (see `muggins schema stats`)":
        "imprime las estadísticas en JSON (véase `muggins schema stats`)",
    "override a rule option, e.g. --set win.target=100 (repeatable; validated like a rule file; with compare, "
    "for every file)":
        "cambia una opción de las reglas, p. ej. --set win.target=100 (repetible; se valida como un fichero de "
        "reglas; con compare, para cada fichero)",
    "add seeded games until every win-rate interval is at most WIDTH wide (e.g. 0.01)":
        "añade partidas con semilla hasta que cada intervalo de tasa de victoria mida como mucho ANCHO (p. ej. 0,01)",
    "with --precision: never play more games than this (default 1,000,000)":
        "con --precision: nunca jugar más partidas que estas (por omisión 1.000.000)",
    "draw the statistics to FILE (.png or .svg; needs muggins[plot])":
        "dibuja las estadísticas en FICHERO (.png o .svg; requiere muggins[plot])",
    "write the statistics to FILE as CSV (one row per number)":
        "escribe las estadísticas en FICHERO como CSV (una fila por cifra)",
    "replace the --plot and --csv files if they exist": "sustituye los ficheros de --plot y --csv si ya existen",
    "language of the tables and plots (en, es; default: from LC_ALL, LC_MESSAGES, LANG)":
        "idioma de las tablas y gráficos (en, es; por omisión: según LC_ALL, LC_MESSAGES, LANG)",
    "Simulate each rule file with the same players, bots, seed and games; print the statistics side by side, "
    "marking differences from the first file that are significant after Holm's correction over the table's tests "
    "(* p < 0.05, ** p < 0.01), with effect sizes and their 95% intervals and a summary in plain words.":
        "Simula cada fichero de reglas con los mismos jugadores, bots, semilla y partidas; imprime las "
        "estadísticas lado a lado, marcando las diferencias con el primer fichero que son significativas tras la "
        "corrección de Holm sobre las pruebas de la tabla (* p < 0,05, ** p < 0,01), con tamaños del efecto y sus "
        "intervalos del 95 % y un resumen en palabras llanas.",
    "Keep score at a real table: after each turn enter what the table shows (the open ends, the running total, "
    "pass or go, the end of a round and the leftover pips); the points, the settlement, the tally and the winner "
    "come from the rule file. undo, save, sheet, help.":
        "Lleva la puntuación en una mesa real: tras cada turno escribe lo que muestra la mesa (los extremos "
        "abiertos, el total acumulado, paso, el final de una ronda y los puntos de las fichas restantes); los "
        "puntos, la liquidación, la anotación en papel y el ganador salen del fichero de reglas. deshacer, "
        "guardar, hoja, ayuda.",
    "language (en, es; default: a resumed save's, else from LC_ALL, LC_MESSAGES, LANG)":
        "idioma (en, es; por omisión: el de la partida reanudada, si no según LC_ALL, LC_MESSAGES, LANG)",
    "continue a game saved by `save FILE`, Ctrl-C or end of input":
        "continúa una partida guardada con `guardar FICHERO`, Ctrl-C o fin de la entrada",
    "when leaving, write the score sheet to FILE (.html or .svg)":
        "al salir, escribe la hoja de puntuación en FICHERO (.html o .svg)",
    "Simulate RULES with every combination of the --set values (ranges FROM..TO:STEP with both ends included, "
    "lists A,B,C, or one value) and print and plot how the first to play's win rate, the game length and the "
    "scores move.":
        "Simula REGLAS con cada combinación de los valores de --set (rangos DESDE..HASTA:PASO con ambos extremos "
        "incluidos, listas A,B,C, o un valor) e imprime y dibuja cómo se mueven la tasa de victoria de quien sale "
        "primero, la duración de la partida y las puntuaciones.",
    "a rule option and its values: win.target=40..120:20, pile.limit=21,31 or one value (repeatable: every "
    "combination is simulated)":
        "una opción de las reglas y sus valores: win.target=40..120:20, pile.limit=21,31 o un valor (repetible: se "
        "simula cada combinación)",
    "which schema: rules, scenario, record (game records), save (saved games) or stats (the --json output of "
    "simulate, compare, sweep)":
        "qué esquema: rules, scenario, record (actas de partidas), save (partidas guardadas) o stats (la salida "
        "--json de simulate, compare, sweep)",
}

# The names of the values options take, as the help and usage errors show them.
_METAVARS = {
    "COMMAND": "ORDEN", "RULES": "REGLAS", "FILE": "FICHERO", "FILE_OR_NAME": "FICHERO_O_NOMBRE", "PATH": "RUTA",
    "RECORD": "ACTA", "SEATS": "PUESTOS", "KEY=VALUE": "CLAVE=VALOR", "KEY=VALUES": "CLAVE=VALORES",
    "WIDTH": "ANCHO", "ADDRESS": "DIRECCIÓN", "FILE.svg": "FICHERO.svg", "PLAYERS": "JUGADORES",
    "SEED": "SEMILLA", "BOTS": "BOTS", "DELAY": "PAUSA", "FORGET": "OLVIDO", "ATTENTION": "ATENCIÓN",
    "MAX_ROUNDS": "MAX_RONDAS", "GAMES": "PARTIDAS", "WORKERS": "PROCESOS", "MAX_GAMES": "MAX_PARTIDAS",
    "MOVE": "JUGADA", "SCHEMA": "ESQUEMA",
}

# argparse's own words (it asks gettext for them), in Spanish.
_ARGPARSE_ES = {
    "usage: ": "uso: ",
    "positional arguments": "argumentos posicionales",
    "options": "opciones",
    "show this help message and exit": "muestra este mensaje de ayuda y termina",
    "%(prog)s: error: %(message)s\n": "%(prog)s: error: %(message)s\n",
    "the following arguments are required: %s": "faltan los argumentos obligatorios: %s",
    "invalid choice: %(value)r (choose from %(choices)s)": "opción no válida: %(value)r (elige entre %(choices)s)",
    "expected one argument": "se esperaba un argumento",
    "expected at most one argument": "se esperaba como mucho un argumento",
    "expected at least one argument": "se esperaba al menos un argumento",
    "expected %s argument": "se esperaba %s argumento",
    "expected %s arguments": "se esperaban %s argumentos",
    "unrecognized arguments: %s": "argumentos no reconocidos: %s",
    "argument %(argument_name)s: %(message)s": "argumento %(argument_name)s: %(message)s",
    "invalid %(type)s value: %(value)r": "valor no válido: %(value)r (se esperaba %(type)s)",
    "ambiguous option: %(option)s could match %(matches)s": "opción ambigua: %(option)s puede ser %(matches)s",
    "not allowed with argument %s": "no se permite con el argumento %s",
    "ignored explicit argument %r": "se ignora el argumento explícito %r",
    "one of the arguments %s is required": "se necesita uno de los argumentos %s",
    "unexpected option string: %s": "opción inesperada: %s",
    "unknown parser %(parser_name)r (choices: %(choices)s)": "orden desconocida %(parser_name)r (opciones: %(choices)s)",
}


# The Python types argparse names in "invalid %(type)s value", in Spanish words.
_TYPES_ES = {"int": "un número entero", "float": "un número"}


class _Template(str):
    """A Spanish template of argparse's: filled with `%` as argparse fills it, but with a value's
    Python type (`int`, `float`) said in words, which a reader of Spanish need not know."""

    def __mod__(self, values: Any) -> str:
        if isinstance(values, dict) and "type" in values:
            values = {**values, "type": _TYPES_ES.get(values["type"], values["type"])}
        return str.__mod__(self, values)


def _in_language(parser: argparse.ArgumentParser, lang: str) -> argparse.ArgumentParser:
    """Put the help of `parser` and of all its commands in `lang` (English as written)."""
    if lang != "es":
        return parser

    def say(text: str | None) -> str | None:
        return _HELP.get(text, text) if text else text

    parser.description, parser.epilog = say(parser.description), say(parser.epilog)
    for group in parser._action_groups:
        group.title = say(group.title)
    for action in parser._actions:
        action.help = say(action.help)
        shown = action.metavar or (action.dest.upper() if action.option_strings else action.dest)
        if action.choices is None or action.metavar is not None:  # else argparse shows the choices
            if isinstance(shown, str) and shown in _METAVARS and action.nargs != 0:
                action.metavar = _METAVARS[shown]
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                choice.help = say(choice.help)
            for command in set(action.choices.values()):
                _in_language(command, lang)
    return parser


def _parser(lang: str = "en") -> argparse.ArgumentParser:
    return _in_language(_english_parser(), lang)


def _english_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="muggins",
        description="A rules engine for the Muggins family of games, with the games written as YAML.",
        epilog="Rules are named by a built-in name (see `muggins rules list`) or a path to a YAML file.",
    )
    parser.add_argument("--version", action="version", version=f"muggins {__version__}")
    parser.add_argument("--lang", dest="main_lang", choices=LANGUAGES,
                        help="language of the help and of every command (en, es; default: from LC_ALL, "
                             "LC_MESSAGES, LANG)")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")

    _add_rule_file_commands(commands)
    _add_game_commands(commands)
    _add_evidence_commands(commands)
    keep = commands.add_parser("keep", help="keep the score of a game played with real tiles or cards",
                               description="Keep score at a real table: after each turn enter what the table "
                                           "shows (the open ends, the running total, pass or go, the end of a "
                                           "round and the leftover pips); the points, the settlement, the tally "
                                           "and the winner come from the rule file. undo, save, sheet, help.")
    keep.add_argument("rules", metavar="RULES", help="a built-in name or a rule file")
    keep.add_argument("--players", type=int,
                      help="number of players (default: the resumed sheet's, else the fewest the rules allow)")
    keep.add_argument("--lang", choices=LANGUAGES,
                      help="language (en, es; default: a resumed save's, else from LC_ALL, LC_MESSAGES, LANG)")
    keep.add_argument("--resume", metavar="FILE", help="continue a game saved by `save FILE`, Ctrl-C or end of input")
    keep.add_argument("--sheet", metavar="FILE", help="when leaving, write the score sheet to FILE (.html or .svg)")
    keep.set_defaults(run=_keep)

    sweep = commands.add_parser("sweep", help="simulate every combination of rule values and show how statistics move",
                                description="Simulate RULES with every combination of the --set values (ranges "
                                            "FROM..TO:STEP with both ends included, lists A,B,C, or one value) and "
                                            "print and plot how the first to play's win rate, the game length and "
                                            "the scores move.")
    _simulation_arguments(sweep, sweeping=True)
    sweep.add_argument("rules", metavar="RULES")
    sweep.set_defaults(run=_sweep)

    schema = commands.add_parser("schema", help="print a JSON Schema (for editors and tools)")
    schema.add_argument("which", metavar="SCHEMA", choices=["rules", "scenario", "record", "save", "stats"],
                        help="which schema: rules, scenario, record (game records), save (saved games) or stats "
                             "(the --json output of simulate, compare, sweep)")
    schema.add_argument("--lang", choices=LANGUAGES, help="language (default: from LC_ALL, LC_MESSAGES, LANG)")
    schema.set_defaults(run=_schema)
    return parser


def _add_rule_file_commands(commands: Any) -> None:
    """`validate` and `rules list|show`: reading rule files."""
    validate = commands.add_parser("validate", help="check rule files; print located errors",
                                   description="Load each rule file (resolving `extends`), check it against the "
                                               "schema and compile its expressions. Exit 0 when all are valid.")
    validate.add_argument("files", nargs="+", metavar="FILE_OR_NAME")
    validate.add_argument("--lang", choices=LANGUAGES, help="language (default: from LC_ALL, LC_MESSAGES, LANG)")
    validate.set_defaults(run=_validate)

    rules = commands.add_parser("rules", help="list or show rule files")
    # `rules --lang es list`: kept apart from the subcommand's own --lang, whose default would
    # replace it (as `muggins --lang es` is: see _main)
    rules.add_argument("--lang", dest="main_lang", choices=LANGUAGES, default=argparse.SUPPRESS,
                       help="language (default: from LC_ALL, LC_MESSAGES, LANG)")
    rules_commands = rules.add_subparsers(title="rules commands", metavar="COMMAND")
    listing = rules_commands.add_parser("list", help="the built-in rule files and variants")
    listing.add_argument("--lang", choices=LANGUAGES, help="language (default: from LC_ALL, LC_MESSAGES, LANG)")
    listing.set_defaults(run=_rules_list)
    show = rules_commands.add_parser("show", help="print rules resolved through `extends`",
                                     description="Print the rules as the engine sees them, after `extends` is "
                                                 "resolved, so a variant's changes can be checked.")
    show.add_argument("rules", metavar="FILE_OR_NAME")
    show.add_argument("--json", action="store_true", help="print JSON instead of YAML")
    show.add_argument("--lang", choices=LANGUAGES, help="language (default: from LC_ALL, LC_MESSAGES, LANG)")
    show.set_defaults(run=_rules_show)

    def rules_help(args: argparse.Namespace) -> int:
        rules.print_help()
        return EXIT_USAGE

    rules.set_defaults(run=rules_help)


def _add_game_commands(commands: Any) -> None:
    """`play`, `resume`, `replay` and `render`: one game, played or read back."""
    _add_play(commands)
    _add_resume(commands)
    _add_record_commands(commands)


def _add_play(commands: Any) -> None:
    play = commands.add_parser("play", help="play a game (bots, or people with --human) and print its log",
                               description="Play one game from a rule file and print a readable log. "
                                           "The same rules, seed and bots always give the same game.")
    play.add_argument("rules", metavar="RULES", help="a built-in name or a rule file")
    play.add_argument("--players", type=int, help="number of players (default: the fewest the rules allow)")
    play.add_argument("--seed", type=int, help="seed for shuffles, lotteries and bots (default: random, printed)")
    play.add_argument("--bots", default="greedy",
                      help="one bot for every seat, or one per seat, comma-separated (random, greedy); default greedy")
    play.add_argument("--human", metavar="SEATS", help="seats played by people at this terminal, e.g. 1 or 1,3")
    play.add_argument("--delay", type=float, default=0.0, help="seconds to pause before each bot move (with people)")
    play.add_argument("--record", metavar="FILE", help="write the game record (JSON) to FILE (checked before the game)")
    play.add_argument("--force", action="store_true", help="replace the --record FILE if it exists")
    play.add_argument("--lang", choices=LANGUAGES, help="language of the log and the terminal (en, es; default: "
                                                          "Spanish when LC_ALL, LC_MESSAGES or LANG is es_*)")
    play.add_argument("--coach", action="store_true",
                      help="at the terminal: remind you to claim, offer every Muggins call, give hints")
    play.add_argument("--ascii", action="store_true", help="suit letters instead of symbols (5H for 5♥)")
    play.add_argument("--tally", action="store_true", help="also show scores in the paper tally notation")
    play.add_argument("--explain", action="store_true", help="explain every placement as the text's diagrams do")
    play.add_argument("--forget", type=float, default=0.0,
                      help="games with claims: how often (0-1) bots forget to claim their points (default 0)")
    play.add_argument("--attention", type=float, default=1.0,
                      help="games with claims: how often (0-1) bots call Muggins on unclaimed points (default 1)")
    play.add_argument("--max-rounds", type=int, default=1000,
                      help="stop a game that has not ended after this many rounds, as unfinished (default 1000)")
    play.add_argument("--set", dest="settings", action="append", default=[], metavar="KEY=VALUE",
                      help="override a rule option, e.g. --set win.target=100 (repeatable; validated like a rule file)")
    play.set_defaults(run=_play)


def _add_resume(commands: Any) -> None:
    resume = commands.add_parser("resume", help="continue a saved game exactly where it stopped",
                                 description="Continue a game saved with `save FILE`, Ctrl-C or end of input: same "
                                             "hands, same random state, same bots.")
    resume.add_argument("save", metavar="FILE")
    resume.add_argument("--lang", choices=LANGUAGES,
                        help="language (en, es; default: the saved game's, else from LC_ALL, LC_MESSAGES, LANG)")
    resume.add_argument("--delay", type=float, default=0.0, help="seconds to pause before each bot move")
    resume.add_argument("--explain", action="store_true", help="explain every placement as the text's diagrams do")
    resume.add_argument("--coach", action="store_true", help="remind you to claim, offer every Muggins call, give hints")
    resume.add_argument("--ascii", action="store_true", help="suit letters instead of symbols (5H for 5♥)")
    resume.add_argument("--tally", action="store_true", help="also show scores in the paper tally notation")
    resume.add_argument("--record", metavar="FILE",
                        help="write the game record (JSON) to FILE when the game ends (default: play's --record)")
    resume.add_argument("--force", action="store_true", help="with --record: replace FILE if it exists")
    resume.add_argument("--rules", metavar="FILE",
                        help="continue under this rule file (e.g. once a formula that stopped the game is fixed): "
                             "the saved moves are replayed under it")
    resume.set_defaults(run=_resume)


def _add_record_commands(commands: Any) -> None:
    """`replay` and `render`: a recorded game read back."""
    replay = commands.add_parser("replay", help="re-run a game record and report its final state",
                                 description="Replay a record from its seed and moves, checking every move and "
                                             "that the rules are the ones it was made with.")
    replay.add_argument("record", metavar="RECORD")
    replay.add_argument("--rules", help="rule file to use instead of the built-in the record names")
    replay.add_argument("--log", action="store_true", help="print the whole game log")
    replay.add_argument("--lang", choices=LANGUAGES, help="language (default: from LC_ALL, LC_MESSAGES, LANG)")
    replay.set_defaults(run=_replay)

    render = commands.add_parser("render", help="draw the table of a recorded game as SVG",
                                 description="Replay a record to a move and draw the line or the pile as the "
                                             "texts' diagrams do (SVG).")
    render.add_argument("record", metavar="RECORD")
    render.add_argument("--move", help="draw the table after this many moves (default: the last)")  # see _move_number
    render.add_argument("-o", "--output", required=True, metavar="FILE.svg", help="the SVG file to write")
    render.add_argument("--force", action="store_true", help="replace the output file if it exists")
    render.add_argument("--rules", help="rule file to use instead of the built-in the record names")
    render.add_argument("--lang", choices=LANGUAGES, help="language (default: from LC_ALL, LC_MESSAGES, LANG)")
    render.set_defaults(run=_render)


def _add_evidence_commands(commands: Any) -> None:
    """`check`, `simulate` and `compare`: what the rules' examples and many games show."""
    check = commands.add_parser("check", help="run scenario files and report what holds",
                                description="Run scenarios (files, or folders searched for *.yaml) against their "
                                            "rules and print one line per scenario or table row, then "
                                            "`N passed, N failed`. Exit 1 if any fails.")
    check.add_argument("paths", nargs="+", metavar="PATH")
    check.add_argument("-q", "--quiet", action="store_true", help="print only failures and the summary")
    check.add_argument("--lang", choices=LANGUAGES, help="language (default: from LC_ALL, LC_MESSAGES, LANG)")
    check.set_defaults(run=_check)

    simulate_cmd = commands.add_parser("simulate", help="play many bot games and report statistics",
                                       description="Play seeded bot games and report win rates (95% confidence "
                                                   "intervals) by seat, by side and by place from the game's first "
                                                   "to play, the margin of victory, game length in rounds, turns and "
                                                   "actions (mean, spread, 5/50/95 percentiles), scores, points by "
                                                   "scoring entry and Muggins steals. The numbers depend only on the "
                                                   "rules, bots, seed and game count, not on the workers.")
    _simulation_arguments(simulate_cmd)
    simulate_cmd.add_argument("rules", metavar="RULES")
    simulate_cmd.set_defaults(run=_simulate)

    compare = commands.add_parser("compare", help="the same statistics side by side for several rule files",
                                  description="Simulate each rule file with the same players, bots, seed and games; "
                                              "print the statistics side by side, marking differences from the first "
                                              "file that are significant after Holm's correction over the table's "
                                              "tests (* p < 0.05, ** p < 0.01), with effect sizes and their 95% "
                                              "intervals and a summary in plain words.")
    _simulation_arguments(compare)
    compare.add_argument("rules", metavar="RULES", nargs="+")
    compare.set_defaults(run=_compare)


def _validate(args: argparse.Namespace) -> int:
    failed = 0
    for spec in args.files:
        try:
            rules = load_rules(spec)
        except RuleFileError as exc:
            failed += 1
            print(exc.report(args.lang), file=sys.stderr)
        else:
            bases = _say(args.lang, "bases", chain=" <- ".join(rules.bases)) if rules.bases else ""
            print(_say(args.lang, "valid", spec=spec, name=rules.name, bases=bases))
    if len(args.files) > 1:
        print(_tally(args.lang, "valid", len(args.files) - failed, "invalid", failed))
    return EXIT_FAILED if failed else EXIT_OK


def _rules_list(args: argparse.Namespace) -> int:
    rows = []
    for name in builtin_rule_names():
        rules = load_rules(name)
        base = " " + _say(args.lang, "extends", base=rules.bases[0]) if rules.bases else ""
        rows.append((name, f"{rules.description_in(args.lang)}{base}"))
    width = max(len(name) for name, _ in rows)
    for name, text in rows:
        print(f"{name.ljust(width)}  {text}")
    return EXIT_OK


def _rules_show(args: argparse.Namespace) -> int:
    rules = load_rules(args.rules)
    data = _as_the_engine_sees(rules)
    if args.json:
        print(json.dumps(data, indent=2, ensure_ascii=False))
        return EXIT_OK
    chain = " <- ".join((rules.name,) + rules.bases)
    origin = rules.origin  # a built-in file is named `<builtin>/NAME.yaml` where a path is expected
    if origin.startswith("<builtin>/"):
        origin = _say(args.lang, "builtin", file=origin.removeprefix("<builtin>/"))
    print("# " + _say(args.lang, "resolved", title=rules.title_in(args.lang), origin=origin, chain=chain))
    print("# " + _say(args.lang, "digest", digest=rules.digest[:16]))
    print(yaml.dump(data, Dumper=_RulesDumper, sort_keys=False, allow_unicode=True, width=100), end="")
    return EXIT_OK


def _as_the_engine_sees(rules: Rules) -> dict[str, Any]:
    """The merged rule file with the translations the engine keeps: a base's words for a title,
    a description or scoring entries a variant replaced are not the variant's, so they are not
    shown (and the output validates as a rule file of its own)."""
    data = dict(rules.data)
    kept: dict[str, dict[str, Any]] = {}
    for lang, spoken in rules.translations.items():
        own = {key: value for key, value in (("title", spoken.title), ("description", spoken.description),
                                             ("scoring", dict(spoken.scoring))) if value}
        if own:
            kept[lang] = own
    if kept:
        data["translations"] = kept
    else:
        data.pop("translations", None)
    return data


class _RulesDumper(yaml.SafeDumper):
    """Writes lists of plain values on one line, as rule files are written by hand."""

    def represent_list(self, data):  # noqa: D102 - PyYAML hook
        flow = all(not isinstance(item, (dict, list)) for item in data)
        return self.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


_RulesDumper.add_representer(list, _RulesDumper.represent_list)


def _seats(spec: str, players: int, humans: AbstractSet[int] = frozenset(), lang: str | None = None,
           repeat: bool = False) -> list[str]:
    """One kind per seat: "human" for people, and the bots for the other seats, in order. One bot
    fills every seat; with `repeat` (the simulations' --bots), fewer bots than seats are repeated
    in order to fill the table. No bot, or more bots than seats, is refused: a name would be lost."""
    kinds = [kind.strip() for kind in spec.split(",") if kind.strip()]
    bots = players - len(humans)
    if len(kinds) == 1 or (repeat and 0 < len(kinds) < bots):
        kinds = [kinds[seat % len(kinds)] for seat in range(bots)]
    if len(kinds) == players and humans and all(kinds[h] for h in humans):
        kinds = [kind for i, kind in enumerate(kinds) if i not in humans]
    if len(kinds) != bots:
        raise MugginsError(_say(lang, "bot_count", count=len(kinds), seats=bots))
    check_kinds(kinds)
    chosen = iter(kinds)
    return ["human" if seat in humans else next(chosen) for seat in range(players)]


def _usage(message: str) -> int:
    """A usage error found after parsing: one line, exit 2."""
    print(f"muggins: {message}", file=sys.stderr)
    return EXIT_USAGE


def _play(args: argparse.Namespace) -> int:
    if args.lang is None:
        args.lang = lang_from_environment()
    problem = check_delay(args.delay, args.lang)
    if problem:
        return _usage(problem)
    _refuse_empty(args, ("--human", args.human), ("--record", args.record))
    if not 1 <= args.max_rounds <= MAX_ROUNDS:  # a number out of range is a usage error, as in simulate
        raise UsageError(_say(args.lang, "max_rounds", most=MAX_ROUNDS))
    if not (0 <= args.forget <= 1 and 0 <= args.attention <= 1):
        raise UsageError(_say(args.lang, "chances"))
    if args.record is not None:  # before the game is played, never after
        problem = check_target(args.record, args.force, args.lang)
        if problem:
            raise MugginsError(f"--record: {problem}")
    rules = load_settings(args.rules, args.settings, args.lang)
    players = args.players if args.players is not None else rules.player_counts[0]
    _check_players(rules, players, args.lang)
    if args.tally and rules.notation is None:
        print("muggins: " + _say(args.lang, "no_tally", rules=rules.name), file=sys.stderr)
    kinds = _seats(args.bots, players, _humans(args.human, players, args.lang), args.lang)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    session = Session(rules, rules_source(args.rules), players, seed, args.max_rounds, kinds, args.forget,
                      args.attention, args.lang, args.delay, args.explain, args.tally, coach=args.coach,
                      ascii=args.ascii, record=args.record, force=args.force)
    return max(session.run(), _write_record(session))


def _write_record(session: Session) -> int:
    """Write the record of a game that ended where asked (`--record`, kept by its saves); if that
    fails after all (the folder went away, the disk filled), keep it in the current folder, home
    or temp and say where: exit 1 then."""
    lang = session.lang
    if session.record is None or not session.state.is_terminal():
        return EXIT_OK
    record = make_record(session.rules, session.players, session.seed, session.max_rounds, session.seats,
                         session.moves, session.state)
    text, base = record.to_json() + "\n", f"muggins-{session.rules.name}-{session.seed}"
    try:
        path = write_atomic(session.record, text, session.force)
    except (OSError, ValueError) as exc:
        print("muggins: " + file_words(lang)["record_failed"].format(path=session.record,
                                                                      reason=write_reason(exc, lang)),
              file=sys.stderr)
        try:
            path, _ = write_first([], fallback_folders(), text, base, ".record.json")
        except (OSError, ValueError):
            return EXIT_FAILED
        print(words(lang)["record"].format(path=path))
        return EXIT_FAILED
    print(words(lang)["record"].format(path=path))
    return EXIT_OK


def _simulation_arguments(parser: argparse.ArgumentParser, sweeping: bool = False) -> None:
    parser.add_argument("--players", type=int,
                        help="number of players (default: the fewest the rules allow; with compare, every file)")
    parser.add_argument("--games", type=int, default=1000, help="games to play (default 1000)")
    parser.add_argument("--bots", default="greedy", help="bots by seat, comma-separated, repeated to fill the table")
    parser.add_argument("--seed", default="0", help="seed of the simulation (default 0)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="local processes (default: all cores)")
    parser.add_argument("--scheduler", metavar="ADDRESS", help="run on a Dask cluster (needs muggins[cluster])")
    parser.add_argument("--max-rounds", type=int, default=1000, help="round cap per game (default 1000)")
    parser.add_argument("--forget", type=float, default=0.0, help="games with claims: how often bots forget to claim")
    parser.add_argument("--attention", type=float, default=1.0, help="games with claims: how often bots call Muggins")
    parser.add_argument("--json", action="store_true", help="print the statistics as JSON (see `muggins schema stats`)")
    if sweeping:
        parser.add_argument("--set", dest="settings", action="append", required=True, metavar="KEY=VALUES",
                            help="a rule option and its values: win.target=40..120:20, pile.limit=21,31 or one "
                                 "value (repeatable: every combination is simulated)")
    else:
        parser.add_argument("--set", dest="settings", action="append", default=[], metavar="KEY=VALUE",
                            help="override a rule option, e.g. --set win.target=100 (repeatable; validated like a "
                                 "rule file; with compare, for every file)")
    parser.add_argument("--precision", type=float, metavar="WIDTH",
                        help="add seeded games until every win-rate interval is at most WIDTH wide (e.g. 0.01)")
    parser.add_argument("--max-games", type=int, default=1_000_000,
                        help="with --precision: never play more games than this (default 1,000,000)")
    parser.add_argument("--plot", metavar="FILE", help="draw the statistics to FILE (.png or .svg; needs muggins[plot])")
    parser.add_argument("--csv", metavar="FILE", help="write the statistics to FILE as CSV (one row per number)")
    parser.add_argument("--force", action="store_true", help="replace the --plot and --csv files if they exist")
    parser.add_argument("--lang", choices=LANGUAGES, help="language of the tables and plots (en, es; default: from "
                                                           "LC_ALL, LC_MESSAGES, LANG)")


def _check_simulation_options(args: argparse.Namespace) -> None:
    """Refuse bad options before any game is played, so nothing is written half."""
    if args.games < 1 or args.workers < 1 or args.max_rounds < 1:
        raise UsageError(_say(args.lang, "at_least_one"))
    if args.max_rounds > MAX_ROUNDS:
        raise UsageError(_say(args.lang, "max_rounds", most=MAX_ROUNDS))
    if args.workers > MAX_WORKERS:
        raise UsageError(_say(args.lang, "workers", most=MAX_WORKERS))
    if not (0 <= args.forget <= 1 and 0 <= args.attention <= 1):
        raise UsageError(_say(args.lang, "chances"))
    if args.precision is not None and not 0 < args.precision < 1:
        raise UsageError(_say(args.lang, "precision", width=as_typed(args.precision, args.lang)))
    if args.precision is not None and args.max_games < args.games:  # --max-games is read only with --precision
        raise UsageError(_say(args.lang, "max_games"))
    _refuse_empty(args, ("--plot", args.plot), ("--csv", args.csv), ("--scheduler", args.scheduler),
                  ("--seed", args.seed))
    if len(args.seed) > SIMULATION_SEED:
        raise UsageError(_say(args.lang, "seed_long", most=SIMULATION_SEED))
    if args.plot and args.csv and os.path.realpath(args.plot) == os.path.realpath(args.csv):
        raise UsageError(_say(args.lang, "same_file", path=args.csv))  # the plot would replace the table
    from .plots import check_path, pyplot
    if args.plot:
        check_path(args.plot, args.lang)
        pyplot(args.lang)  # matplotlib missing is said before the games are played, not after them
    if args.csv:
        check_path(args.csv, args.lang, option="--csv", formats=())
    for option, path in (("--plot", args.plot), ("--csv", args.csv)):
        problem = check_target(path, args.force, args.lang) if path else None
        if problem:
            raise MugginsError(f"{option}: {problem}")
    if args.scheduler:  # reached and answering as Dask does, before any progress is shown
        from .simulate import check_scheduler
        check_scheduler(args.scheduler, args.lang or "en")


def _players(args: argparse.Namespace, specs: Sequence[str], chosen: Sequence[Rules]) -> int:
    """The number of players every file is simulated with: --players, else the fewest that every
    file allows, so that compare plays each with the same players (a fair share then means the
    same in every column); files that share no number are refused before any game."""
    players = args.players
    if players is None:
        common = set.intersection(*(set(rules.player_counts) for rules in chosen))
        if not common:
            raise MugginsError(_say(args.lang, "no_common_players", counts="; ".join(
                f"{spec}: {', '.join(map(str, rules.player_counts))}" for spec, rules in zip(specs, chosen))))
        players = min(common)
    for rules in chosen:
        _check_players(rules, players, args.lang)
    return players


def _simulation_bots(args: argparse.Namespace, players: int) -> list[str]:
    """The bot of every seat, checked as `play` checks its --bots, before any game is played."""
    return _seats(args.bots, players, lang=args.lang, repeat=True)


def _run_simulation(args: argparse.Namespace, spec: str, rules: Rules, bots: list[str],
                    settings: Sequence[str] = ()) -> dict:
    """Simulate `rules` (named `spec` to the workers) with one bot per seat, checked beforehand."""
    players = len(bots)
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
    from .overrides import label
    from .report import num, words

    def run(games: int, start: int):
        # the label is the task's description, shown as it is: never a format string nor markup;
        # drawn as shards end, not by a thread of its own: the workers are forked, and a fork while
        # another thread holds a lock (the console's, stderr's) leaves it held in the worker
        console = Console(stderr=True)
        with Progress(TextColumn("{task.description}", markup=False), BarColumn(), MofNCompleteColumn(),
                      TextColumn(_say(args.lang, "games")), TimeRemainingColumn(), console=console,
                      transient=True, auto_refresh=False, disable=not console.is_terminal) as bar:  # no stray line
            task = bar.add_task(label(rules.name, settings), total=games - start)

            def advance(done: int) -> None:
                bar.advance(task, done)
                bar.refresh()
            return simulate(spec, players, bots, games, args.seed, args.max_rounds, args.forget, args.attention,
                            args.workers, args.scheduler, progress=advance, settings=tuple(settings), start=start,
                            lang=args.lang or "en")

    for note in family_of(rules).slow_scoring(rules):  # the slower path said, with the rule that takes it
        print(f"muggins: {label(rules.name, settings)}: {note.said(args.lang or 'en')}", file=sys.stderr)
    games = args.games
    tally = run(games, 0)
    data = summary(tally, rules, args.seed, settings)
    if args.precision is not None:
        # add games in whole thousands, from the estimate that an interval narrows as 1/sqrt(games)
        while widest(data) > args.precision and games < args.max_games:
            needed = math.ceil(games * (widest(data) / args.precision) ** 2 / 1000) * 1000
            more = min(args.max_games, max(games + 1000, needed))
            tally.merge(run(more, games))
            games = more
            data = summary(tally, rules, args.seed, settings)
        key = "precision" if widest(data) <= args.precision else "precision_capped"
        print(words(args.lang)[key].format(games=num(games, args.lang, 0), width=as_typed(args.precision, args.lang),
                                           widest=num(widest(data), args.lang, 4)), file=sys.stderr)
    return data


def _outputs(args: argparse.Namespace, results: list[dict], tests: list[dict], plot: Callable[[str], None]) -> None:
    """The --csv and --plot files, each written whole or not at all."""
    from .report import csv_text, words
    if args.csv:
        from .plots import write_atomically
        text = csv_text(results, tests)
        write_atomically(args.csv, lambda path: Path(path).write_text(text, encoding="utf-8"), "--csv", args.lang)
        print(words(args.lang)["csv"].format(path=args.csv), file=sys.stderr)
    if args.plot:
        plot(args.plot)
        print(words(args.lang)["plot"].format(path=args.plot), file=sys.stderr)


def _simulate(args: argparse.Namespace) -> int:
    _check_simulation_options(args)
    rules = load_settings(args.rules, args.settings, args.lang)
    bots = _simulation_bots(args, _players(args, [args.rules], [rules]))
    data = _run_simulation(args, args.rules, rules, bots, args.settings)
    from .report import print_tables
    if args.json:
        print(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        print_tables([data], args.lang)

    def plot(path: str) -> None:
        from .plots import plot_results
        plot_results([data], path, args.lang)
    _outputs(args, [data], [], plot)
    return EXIT_OK


def _compare(args: argparse.Namespace) -> int:
    _check_simulation_options(args)
    # every file, setting, the players and the bots are checked before any game is played
    chosen = load_each(args.rules, args.settings, args.lang)
    bots = _simulation_bots(args, _players(args, args.rules, chosen))
    results = [_run_simulation(args, spec, rules, bots, args.settings) for spec, rules in zip(args.rules, chosen)]
    from .report import comparisons, plain_summary, print_tables, tell_apart
    tell_apart(results, args.rules)
    if args.json:
        tests = comparisons(results)
        print(json.dumps({"format": "muggins-compare", "results": results, "comparisons": tests,
                          "summary": {lang: plain_summary(results, tests, lang) for lang in LANGUAGES}},
                         indent=2, ensure_ascii=False))
    else:
        tests = print_tables(results, args.lang)

    def plot(path: str) -> None:
        from .plots import plot_results
        plot_results(results, path, args.lang)
    _outputs(args, results, tests, plot)
    return EXIT_OK


def _sweep(args: argparse.Namespace) -> int:
    _check_simulation_options(args)
    chosen = combinations(args.settings, args.lang)
    planned = []
    for settings in chosen:  # every combination, its players and bots are checked before any game is played
        rules = load_settings(args.rules, settings, args.lang)
        planned.append((rules, _simulation_bots(args, _players(args, [args.rules], [rules])), settings))
    results = [_run_simulation(args, args.rules, rules, bots, settings) for rules, bots, settings in planned]
    name = planned[0][0].name
    from .report import print_sweep
    if args.json:
        print(json.dumps({"format": "muggins-sweep", "rules": name, "settings": args.settings, "results": results},
                         indent=2, ensure_ascii=False))
    else:
        print_sweep(name, results, args.lang)

    def plot(path: str) -> None:
        from .plots import plot_sweep
        plot_sweep(name, results, path, args.lang)
    _outputs(args, results, [], plot)
    return EXIT_OK


def _refuse_empty(args: argparse.Namespace, *options: tuple[str, str | None]) -> None:
    """An option given an empty value (`--csv ""`, `--human ""`) is a usage error: never taken for
    an option not given, which would write nothing, run locally or seat nobody, silently."""
    for option, value in options:
        if value == "":
            raise UsageError(_say(args.lang, "empty_value", option=option))


def _humans(spec: str | None, players: int, lang: str | None = None) -> set[int]:
    if not spec:
        return set()
    try:
        given = [int(part) for part in spec.split(",") if part.strip()]
    except ValueError:
        raise MugginsError(_say(lang, "human_form", spec=spec)) from None
    if not given or not all(1 <= seat <= players for seat in given):
        raise MugginsError(_say(lang, "human_range", players=players))
    twice = next((seat for seat in given if given.count(seat) > 1), None)
    if twice is not None:  # `1,1` for `1,2`, most likely: never a game other than the one meant
        raise MugginsError(_say(lang, "human_twice", seat=twice))
    return {seat - 1 for seat in given}


def _resume(args: argparse.Namespace) -> int:
    problem = check_delay(args.delay, args.lang)
    if problem:
        return _usage(problem)
    _refuse_empty(args, ("--record", args.record), ("--rules", args.rules))
    shown = {name: True for name in ("explain", "coach", "ascii", "tally") if getattr(args, name)}
    session = Session.resume(args.save, delay=args.delay, record=args.record, force=args.force, rules=args.rules,
                             lang=args.lang, **shown)
    if args.record is not None:  # before the game goes on, never after; in the game's language
        problem = check_target(args.record, args.force, session.lang)
        if problem:
            raise MugginsError(f"--record: {problem}")
    return max(session.run(resumed=True), _write_record(session))


def _render(args: argparse.Namespace) -> int:
    _refuse_empty(args, ("--output", args.output), ("--rules", args.rules))
    if not str(args.output).lower().endswith(".svg"):
        return _usage(_say(args.lang, "svg_only", path=args.output))
    move = _move_number(args.move)
    if move is None and args.move is not None:
        return _usage(_say(args.lang, "move_form", text=shown(args.move)))
    problem = check_target(args.output, args.force, args.lang)
    if problem:
        raise MugginsError(problem)
    record = read_record(args.record, args.lang)
    state = _replayed(args.record, record, args.rules, len(record.moves) if move is None else move, args.lang)
    svg = family_of(state.rules).render_svg(state.rules, state, args.lang)
    write_atomic(args.output, svg, args.force)
    return EXIT_OK


def _move_number(text: str | None) -> int | None:
    """`render --move` as a number: ASCII digits only (argparse's int() takes `٣` and `０`, and
    fails past 4300 digits), at most 18 of them; None when it is no such number."""
    if text is None or not re.fullmatch(r"-?[0-9]{1,18}", text.strip()):
        return None
    return int(text)


def _replayed(path: str, record: Record, rules: str | None, moves: int | None, lang: str) -> Any:
    """The record replayed (to `moves`); what goes wrong names the file, as its reading does."""
    try:
        return replay(record, rules, moves, lang)
    except RecordError as exc:
        raise RecordError(f"{path}: {exc}") from None


def _replay(args: argparse.Namespace) -> int:
    _refuse_empty(args, ("--rules", args.rules))
    record = read_record(args.record, args.lang)
    state = _replayed(args.record, record, args.rules, None, args.lang)
    rules = state.rules
    if args.log:
        for event in state.events:
            line = describe(rules, event, args.lang, state.game.target, None)
            if line:
                print(line if shows_suits() else ascii_cards(line, args.lang))
    outcome, lang = state.outcome, args.lang or "en"
    if outcome.winner is None:
        won = _say(lang, "won:none")
    else:  # partners win together
        won = _say(lang, "won:side" if outcome.partners else "won:one", players=winners_name(outcome, lang))
    print(_say(lang, "replayed:one" if len(record.moves) == 1 else "replayed:many", record=args.record, moves=count(len(record.moves), "move", lang),
               termination=record_problem(lang, f"ended:{outcome.termination}"), won=won,
               scores=list(outcome.scores), rounds=count(outcome.rounds, "round", lang)))
    return EXIT_OK


def _keep(args: argparse.Namespace) -> int:
    from .keep import Keeper, saved_players
    _refuse_empty(args, ("--sheet", args.sheet), ("--resume", args.resume))
    rules = load_rules(args.rules)
    players = args.players if args.players is not None else (args.resume and saved_players(args.resume)) \
        or rules.player_counts[0]  # a sheet resumed goes on with its own players
    _check_players(rules, players, args.lang)
    keeper = Keeper(rules, rules_source(args.rules), players, args.lang, sheet=args.sheet)
    if args.resume:
        keeper.resume(args.resume)
    return keeper.run(header=not args.resume)


def _schema(args: argparse.Namespace) -> int:
    if args.which == "stats":
        schema = json.loads((Path(__file__).parent / "schema" / "stats.schema.json").read_text(encoding="utf-8"))
    else:
        schema = {"rules": rules_schema, "scenario": scenario_schema, "record": record_schema,
                  "save": save_schema}[args.which]()
    print(json.dumps(schema, indent=2, ensure_ascii=False))
    return EXIT_OK


def _check(args: argparse.Namespace) -> int:
    passed = failed = 0
    files = list(scenario_files(args.paths))
    # only what was given must be there: a broken link a folder's walk finds fails as one scenario
    missing = [str(path) for path in args.paths if not Path(path).exists()]
    if missing:
        raise MugginsError(_say(args.lang, "no_such_path", paths=", ".join(missing)))
    if not files:
        raise MugginsError(_say(args.lang, "no_scenarios", paths=", ".join(map(str, args.paths))))
    ok, fail = _say(args.lang, "ok"), _say(args.lang, "fail")
    width = max(len(ok), len(fail)) + 1
    for path in files:
        try:
            scenario = load_scenario(path)
        except RuleFileError as exc:
            failed += 1
            print(f"{fail.ljust(width)}{path}\n" + _indent(exc.report(args.lang)))
            continue
        for case in cases(scenario):
            try:
                run_case(case)
            except MugginsError as exc:  # this case fails, located; the others still run
                failed += 1
                text = exc.report(args.lang) if isinstance(exc, RuleFileError) else exc.said(args.lang)
                print(f"{fail.ljust(width)}{path}:{case.line}: {case.name}\n" + _indent(text))
            else:
                passed += 1
                if not args.quiet:
                    print(f"{ok.ljust(width)}{path}:{case.line}: {case.name}")
    print(_tally(args.lang, "passed", passed, "failed", failed))
    return EXIT_FAILED if failed else EXIT_OK


def _indent(text: str) -> str:
    return "\n".join("    " + line for line in text.splitlines())


if __name__ == "__main__":
    sys.exit(main())
