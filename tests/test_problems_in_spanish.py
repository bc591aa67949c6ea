"""Rule: a rule or scenario file that is refused is refused in the reader's language.

`validate`, `check` and every command that loads rules say each located problem in Spanish with
`--lang es` (or a Spanish locale), the file's own keys, names and values as written, and in
English otherwise; the summaries agree with their numbers, and a program stopped from outside
says so in the same language.
"""
from __future__ import annotations

import io
import pickle
import re
import string
import sys
import types
from pathlib import Path

import pytest

from muggins import cli, launch, loader, messages, overrides, pytest_plugin, scenarios, simulate, yamlfile
from muggins.dsl import compiler
from muggins.errors import RuleFileError
from muggins.families.line import options as line_options, scenarios as line_scenarios
from muggins.families.pile import options as pile_options, scenarios as pile_scenarios
from muggins.messages import stopped_line

BROKEN = Path(__file__).parent / "broken"
SCENARIOS = Path(__file__).parent.parent / "scenarios"

# English words that no Spanish message may hold once the file's own names and values (quoted,
# in backticks, or listed as the names a place allows) are taken out.
ENGLISH = ["missing", "expected", "must", "unknown", "valid", "invalid", "allowed", "cannot", "did you mean",
           "syntax", "while", "found", "the", "of", "and", "with", "is", "are", "not", "file", "key", "value",
           "players", "tiles", "cards", "set", "deck", "number", "integer", "condition", "needs", "only", "write",
           "or", "nor", "least", "most", "fails", "every", "deals", "keeps", "refills", "belongs", "this", "game",
           "empty", "character", "characters", "duplicate", "nesting", "levels", "scenario", "step", "passed",
           "failed", "rules", "load", "there", "but", "than", "text", "list", "mapping", "whole", "no such"]
# Spanish words that no English message may hold.
SPANISH = ["debe", "clave", "fichero", "desconocido", "desconocida", "querías", "jugadores", "entero", "válido",
           "falta", "expresión", "sintaxis", "carácter", "reglas", "paso", "correcto", "fallido", "ninguno", "¿"]
# Where a message lists names of the file or the language, up to the end of the list.
_LISTS = re.compile(r"(disponibles aquí|disponibles|permitidas|ninguno de|entradas|incorporadas|nombres|"
                    r"available here|available|allowed|not one of|entries|built-in|names):[^);]*")


@pytest.fixture(autouse=True)
def no_locale(monkeypatch):
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(variable, raising=False)


def messages_of(report: str) -> list[str]:
    """The messages of a report, each without its location, caret and source line."""
    return [line.split(": ", 1)[1] for line in report.splitlines() if re.match(r"\S+:\d+:\d+: ", line)]


def words_in(text: str, words: list[str]) -> list[str]:
    """The words of `words` in `text` once the file's own names and values are taken out."""
    text = _LISTS.sub(" ", text)
    text = re.sub(r"'[^']*'|`[^`]*`|\"[^\"]*\"|'\S*\.\.\.|\b\w+[._]\w[\w.]*", " ", text)
    return [word for word in words if re.search(rf"(?<![\w¿]){re.escape(word)}(?!\w)", text, re.IGNORECASE)]


def validate(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(["validate", *argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("path", sorted(BROKEN.glob("*.yaml")), ids=lambda p: p.stem)
def test_every_broken_file_is_refused_in_spanish_and_in_english(path: Path, capsys):
    code, _, spanish = validate(capsys, str(path), "--lang", "es")
    assert code == 1 and messages_of(spanish), spanish
    for message in messages_of(spanish):
        assert words_in(message, ENGLISH) == [], message
    code, _, english = validate(capsys, str(path))
    assert code == 1
    for message in messages_of(english):
        assert words_in(message, SPANISH) == [], message
    # the same places, in the same order: only the words differ
    assert [line for line in spanish.splitlines() if not re.match(r"\S+:\d+:\d+: ", line)] == \
           [line for line in english.splitlines() if not re.match(r"\S+:\d+:\d+: ", line)]


@pytest.mark.parametrize("name, spanish", [
    ("typo-key", "5:3: clave desconocida 'spinnner' en `line`; ¿querías decir 'spinner'? "
                 "(permitidas: spinner, double_at_end, opening_double)"),
    ("typo-top-level", "4:1: clave desconocida 'scorign' en el nivel superior; ¿querías decir 'scoring'?"),
    ("pieces-both", "5:3: `pieces` contiene `tiles` y `cards`, uno de ellos de domino-muggins, que este fichero extiende"),
    ("wrong-type", "5:12: `line.spinner` debe ser true o false, no 1"),
    ("yes-means-text", "5:12: `line.spinner` debe ser true o false, no 'no' (aquí una palabra de sí/no es texto; "
                       "escribe true o false)"),
    ("leading-zero", "5:10: `settlement.floor` debe ser un número entero o null, no '010'"),
    ("tie-typo", "5:8: `win.tie` es 'seat', que no es ninguno de: opener_order, seat_order, play_on; "
                 "¿querías decir 'seat_order'?"),
    ("false-call-zero", "5:15: `muggins.false_call` es 0; debe ser al menos 1 (los puntos que cuesta un grito de "
                        "«¡Muggins!» en falso; null si no hay gritos en falso)"),
    ("wrong-family", "4:1: 'pile' pertenece a los juegos de naipes (`pieces: cards`), no a este juego"),
    ("unknown-name", "7:13: nombre desconocido 'end_sum'; ¿querías decir 'ends_sum'? (disponibles aquí: boneyard,"),
    ("condition-for-number", "7:14: la expresión de `scoring.0.points` debe ser un entero, pero es una condición"),
    ("and-of-numbers", "6:11: cada lado de 'and' debe ser una condición, pero '1' es un entero"),
    ("wrong-arity", "5:13: round_nearest() espera (entero, entero); recibe entero"),
    ("expression-syntax", "6:25: error de sintaxis: carácter inesperado '=' (usa == para comparar)"),
    ("division-by-zero", "5:11: falla siempre que se lee con 2, 3 o 4 jugadores: división o módulo entre cero en "
                         "'250 // (players - players)'"),
    ("notation-cross-below-a-stroke", "7:10: `notation.cross` es 5, que no es un número entero de trazos de 10: la "
                                      "X con una x en cada espacio agrupa trazos"),
    ("target-fails-with-two-players", "6:11: falla siempre que se lee con 2 jugadores: división o módulo entre "
                                      "cero en '1000 // (players - 2)'"),
    ("guarded-division-by-zero", "7:13: falla con cualquier valor de ends_sum con el que se cumple `when` con 2, 3 "
                                 "o 4 jugadores, así que siempre que puntúa; con ends_sum = 1: división o módulo "
                                 "entre cero"),
    ("sides-one", "5:10: `seating.sides` es 1 con 2, 3 o 4 jugadores: debe haber al menos 2 bandos"),
    ("negative-deal", "5:9: reparte -1 piezas a cada uno de los 2, 3 o 4 jugadores; una mano necesita al menos 1"),
    ("reserve-larger-than-set", "5:12: deja 29 fichas fuera de juego con 3 jugadores; debe ser de 0 a las 28 fichas"),
    ("refill-larger-than-deck", "5:7: repone hasta 53 cartas con 2 jugadores; debe ser de 1 a las 52 cartas de la "
                                "baraja"),
    ("holder-piece-joker", "7:12: 'joker' no es highest_double ni heaviest ni una ficha del juego de doble 6"),
    ("duplicate-key", "6:1: clave repetida 'line' (definida antes en la línea 4)"),
    ("tab-indentation", "5:1: sintaxis YAML: al buscar el siguiente elemento se encontró el carácter '\\t', que no "
                        "puede empezar ningún elemento (sangra con espacios, no con tabuladores)"),
    ("two-documents", "4:1: sintaxis YAML: se esperaba un solo documento en el fichero, pero se encontró otro"),
    ("empty", "1:1: el fichero está vacío: se esperaba un diccionario de reglas"),
    ("top-level-list", "2:1: el nivel superior debe ser un diccionario de claves, no una lista"),
    ("non-utf8", "2:11: el fichero no es texto UTF-8: el byte 0xe9 no se puede descodificar"),
    ("extends-without-name", "2:1: un fichero que amplía otro debe dar su propio `name`"),
    ("extends-builtin-typo", "2:10: `extends` nombra 'domino-mugins', pero ninguna regla incorporada se llama así; "
                             "¿querías decir 'domino-muggins'?"),
    ("name-with-spaces", "3:7: `name` es 'My House Rules': un nombre se escribe con letras minúsculas de la a a la z "
                         "(sin tildes ni eñes), cifras y guiones, y empieza por una letra o una cifra, como mis-reglas; "
                         "¿querías decir 'my-house-rules'?"),
    ("spanish-deck-words", "6:13: `pieces.cards.suits.0` es 'o': un palo es una sola letra mayúscula de la A a la Z, "
                           "como O, C, E o B; ¿querías decir 'O'?"),
    ("no-break-space-indent", "5:1: clave desconocida en el nivel superior: un espacio de no separación antes de "
                              "'target'; escribe en su lugar un espacio normal (permitidas:"),
    ("zero-width-space-in-key", "5:3: clave desconocida en `win`: un espacio de anchura cero dentro de 'target'; "
                                "quita ese carácter (permitidas: target,"),
    ("brace-open-over-lines", "4:6: sintaxis YAML: la `{` que se abre aquí sigue abierta en la línea 5: termina lo "
                              "que contiene con `}` y separa sus entradas con comas"),
    ("capital-null", "5:10: `settlement.floor` debe ser un número entero o null, no 'Null' (solo null en "
                     "minúsculas es nulo; escribe null)"),
    ("capital-true", "5:12: `line.spinner` debe ser true o false, no 'True' (solo true y false en minúsculas son "
                     "booleanos; escribe true)"),
    ("duplicate-scoring-name", "8:11: otra entrada de `scoring` ya se llama 'five' (línea 5); da a cada entrada su "
                               "propio nombre"),
    ("scoring-named-like-last", "9:11: 'last' es el nombre de una puntuación que da el propio juego ('exact limit', "
                                "'false muggins', 'last', 'leftover pips', 'muggins', \"opponents' pips\"); da a la "
                                "entrada un nombre propio"),
])
def test_what_the_spanish_says(name: str, spanish: str, capsys):
    _, _, err = validate(capsys, str(BROKEN / f"{name}.yaml"), "--lang", "es")
    assert f"{name}.yaml:{spanish}" in err, err


def test_a_spanish_locale_chooses_spanish_and_lang_en_wins_over_it(capsys, monkeypatch):
    path = str(BROKEN / "typo-key.yaml")
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert "clave desconocida 'spinnner'" in validate(capsys, path)[2]
    assert "unknown key 'spinnner'" in validate(capsys, path, "--lang", "en")[2]
    assert "unknown key 'spinnner'" in validate(capsys, "--lang", "en", path)[2]


@pytest.mark.parametrize("text, spanish", [
    ("name: x\nplayers: [2, 3\n", "2:10: sintaxis YAML: la `[` que se abre aquí nunca se cierra: termina lo que "
                                  "contiene con `]`"),
    ("name: x\nwin: {target: 100\n", "2:6: sintaxis YAML: la `{` que se abre aquí nunca se cierra: termina lo que "
                                     "contiene con `}`"),
    ("name: 'x\n", "1:7: sintaxis YAML: la comilla ' que se abre aquí nunca se cierra: termina el texto con otra '"),
    ("name: x: y\n", "1:8: sintaxis YAML: unos dos puntos seguidos de un espacio no pueden ir dentro de un valor: pon "
                     "el valor entre comillas si los dos puntos son parte de él"),
    ("name: x\nwin\n  target: 100\n", "2:1: sintaxis YAML: a `win` le faltan los dos puntos detrás (`win:`)"),
    ("name: x\nwin：\n  target: 100\n", "2:4: sintaxis YAML: '：' son dos puntos de ancho completo, no dos puntos: "
                                       "escribe `win:` con los dos puntos normales"),
    ("name: \"\\q\"\n", "sintaxis YAML: al leer un valor entre comillas dobles se encontró un carácter de escape "
                        "desconocido 'q'"),
    ("a: &x 1\nb: *x\n", "aquí no se admiten anclas ni alias"),
    ("<<: {a: 1}\n", "no se admiten claves de fusión (<<); usa `extends` para compartir reglas"),
])
def test_yaml_mistakes_in_spanish(text: str, spanish: str, tmp_path: Path, capsys):
    path = tmp_path / "house.yaml"
    path.write_text(text)
    _, _, err = validate(capsys, str(path), "--lang", "es")
    assert spanish in err, err
    assert words_in(messages_of(err)[0], ENGLISH) == [], err


def test_a_missing_rule_file_in_spanish(capsys):
    _, _, err = validate(capsys, "card-mugins", "--lang", "es")
    assert err.startswith("card-mugins: no hay ningún fichero de reglas ni reglas incorporadas con el nombre "
                          "'card-mugins'; ¿querías decir 'card-muggins'?"), err


def test_play_and_simulate_refuse_a_broken_file_in_spanish(capsys):
    for command in (["play"], ["simulate", "--games", "1", "--workers", "1"]):
        assert cli.main([*command, str(BROKEN / "typo-key.yaml"), "--lang", "es"]) == 1
        assert "clave desconocida 'spinnner' en `line`" in capsys.readouterr().err


def test_a_located_problem_crosses_processes_in_both_languages():
    with pytest.raises(RuleFileError) as caught:
        loader.load_rules(BROKEN / "unknown-name.yaml")
    copy = pickle.loads(pickle.dumps(caught.value))
    assert copy.report("es") == caught.value.report("es") and "nombre desconocido" in copy.report("es")
    assert copy.report() == caught.value.report() and "unknown name" in copy.report()


# -- validate and check: what they print besides the problems -------------------------------------

def test_validate_summaries_agree_with_their_numbers(capsys):
    code, out, _ = validate(capsys, "card-muggins", str(BROKEN / "typo-key.yaml"), "--lang", "es")
    assert code == 1 and out.splitlines() == ["card-muggins: válido (card-muggins)", "1 válido, 1 no válido"]
    code, out, _ = validate(capsys, "card-muggins", "domino-partnership-all-fives", "--lang", "es")
    assert code == 0 and out.splitlines()[-1] == "2 válidos, 0 no válidos"
    assert out.splitlines()[1] == ("domino-partnership-all-fives: válido (domino-partnership-all-fives, "
                                   "amplía domino-muggins)")
    code, out, _ = validate(capsys, "card-muggins", "domino-partnership-all-fives")
    assert out.splitlines()[-1] == "2 valid, 0 invalid" and "extends domino-muggins" in out


def _scenario(tmp_path: Path, name: str, expect: int) -> Path:
    path = tmp_path / name
    path.write_text('title: "Cards dealt"\nsource: "a test"\nrules: card-muggins\nformula: deal.hand\n'
                    f'rows:\n  - {{given: {{players: 2}}, expect: {expect}}}\n')
    return path


def test_check_in_spanish(tmp_path: Path, capsys):
    _scenario(tmp_path, "right.yaml", 5)
    _scenario(tmp_path, "wrong.yaml", 7)
    (tmp_path / "broken.yaml").write_text("title: x\nrules: card-muggins\nformula: deal.hand\nrows: []\nsteps: []\n")
    assert cli.main(["check", str(tmp_path), "--lang", "es"]) == 1
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith("FALLO ") and lines[0].endswith("broken.yaml")
    assert any(line.startswith("bien  ") and "right.yaml:6: Cards dealt [players=2]" in line for line in lines)
    assert "deal.hand con players = 2: se esperaba 7, las reglas dan 5" in out
    assert "falta la clave 'source' en el nivel superior" in out and "`rows` debe tener al menos 1 elemento" in out
    assert lines[-1] == "1 correcto, 2 fallidos"
    for line in lines:
        assert words_in(re.sub(r"\S+\.yaml\S*|Cards dealt \[.*\]|players = 2", " ", line), ENGLISH) == [], line
    assert cli.main(["check", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert out.splitlines()[-1] == "1 passed, 2 failed" and "expected 7, the rules give 5" in out


def test_check_of_a_scenario_step_that_fails_in_spanish(tmp_path: Path, capsys):
    text = (SCENARIOS / "cards" / "fifteen-scores-fifteen.yaml").read_text()
    (tmp_path / "fifteen.yaml").write_text(text.replace("points: 15", "points: 16"))
    assert cli.main(["check", str(tmp_path), "-q", "--lang", "es"]) == 1
    out = capsys.readouterr().out
    assert "momento 2 (J1: claim): puntos: lo esperado es 16, las reglas dan 15" in out, out
    assert out.splitlines()[-1] == "0 correctos, 1 fallido"


def test_check_help_names_the_summary_as_it_is_printed(capsys):
    with pytest.raises(SystemExit):
        cli.main(["check", "--help", "--lang", "es"])
    out = " ".join(capsys.readouterr().out.split())
    assert "`N correctos, N fallidos`" in out and "passed" not in out


# -- stopped from outside ------------------------------------------------------------------------

def test_the_stopped_lines_in_both_languages():
    assert stopped_line(130, "es") == "muggins: interrumpido" and stopped_line(130, "en") == "muggins: interrupted"
    assert stopped_line(143, "es") == "muggins: detenido (SIGTERM)"
    assert stopped_line(129, "en") == "muggins: stopped (SIGHUP)"


@pytest.mark.parametrize("argv, environment, said", [
    (["muggins", "play", "x", "--lang", "es"], {}, "muggins: interrumpido"),
    (["muggins", "play", "x"], {"LANG": "es_MX.UTF-8"}, "muggins: interrumpido"),
    (["muggins", "play", "x", "--lang=en"], {"LANG": "es_MX.UTF-8"}, "muggins: interrupted"),
])
def test_ctrl_c_before_the_arguments_are_read_is_said_in_their_language(argv, environment, said, monkeypatch, capsys):
    class Interrupting(types.ModuleType):
        def __getattr__(self, name: str):
            raise KeyboardInterrupt

    monkeypatch.setattr(sys, "argv", argv)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setitem(sys.modules, "muggins.cli", Interrupting("muggins.cli"))
    assert launch.main() == 130
    assert capsys.readouterr().err.strip() == said


def test_sigterm_during_a_command_is_said_in_its_language(monkeypatch, capsys):
    from muggins.errors import Terminated

    def stopped(args):
        raise Terminated(143)

    monkeypatch.setattr(cli, "_validate", stopped)
    assert cli.main(["validate", "card-muggins", "--lang", "es"]) == 143
    assert capsys.readouterr().err.strip() == "muggins: detenido (SIGTERM)"


def _spanish_save(tmp_path: Path, monkeypatch) -> Path:
    """A game saved at once (end of input) by a person playing in Spanish."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert cli.main(["play", "card-muggins", "--human", "1", "--seed", "5", "--lang", "es"]) == 130
    return next(tmp_path.glob("*.save.json"))


def test_resume_says_its_refusals_in_the_locales_language_or_the_saves(tmp_path: Path, monkeypatch, capsys):
    """A save that cannot be read has no language: the locale's is used, as by `keep --resume`;
    one that can be read is refused in its own (README: a game goes on in the save's language)."""
    save = _spanish_save(tmp_path, monkeypatch)
    text = save.read_text(encoding="utf-8")
    (tmp_path / "cut.json").write_text(text[:len(text) // 2], encoding="utf-8")
    (tmp_path / "edited.json").write_text(text.replace('"seed": 5', '"seed": 6'), encoding="utf-8")
    capsys.readouterr()
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    said = {}
    for name in ("nosuch.json", "cut.json"):
        assert cli.main(["resume", name]) == 1
        said[name] = capsys.readouterr().err
    assert "no se puede leer" in said["nosuch.json"] and "no es un fichero de partida guardada" in said["cut.json"]
    assert cli.main(["resume", str(save), "--delay", "99"]) == 2
    assert capsys.readouterr().err.strip() == "muggins: --delay son segundos entre 0 y 60, no 99"
    monkeypatch.delenv("LANG")
    assert cli.main(["resume", "edited.json"]) == 1  # a Spanish save, an English locale
    assert "la partida guardada se ha cambiado o está dañada" in capsys.readouterr().err
    assert cli.main(["resume", "nosuch.json"]) == 1
    assert "cannot read" in capsys.readouterr().err


# -- the tables of words -------------------------------------------------------------------------

TABLES = {"yamlfile": yamlfile.WORDS, "loader": loader.WORDS, "compiler": compiler.WORDS,
          "line options": line_options.WORDS, "pile options": pile_options.WORDS, "scenarios": scenarios.WORDS,
          "line scenarios": line_scenarios.WORDS, "pile scenarios": pile_scenarios.WORDS, "cli": cli.WORDS,
          "overrides": overrides.WORDS, "simulate": simulate.WORDS, "pytest plugin": pytest_plugin.WORDS}


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("name", TABLES)
def test_every_text_has_both_languages_with_the_same_blanks(name: str):
    table = TABLES[name]
    assert set(table) == {"en", "es"} and set(table["en"]) == set(table["es"]) and table["en"]
    for key, english in table["en"].items():
        assert _fields(english) == _fields(table["es"][key]), (name, key)
        assert table["es"][key] != english or not re.search(r"[a-z]{4}", re.sub(r"\{[^}]*\}|`[^`]*`|null|true|false", "", english)), \
            (name, key)  # a text whose words are the same in both is only signs and names


def test_every_refusal_has_both_languages():
    # (a refusal can name a card by its words in English and by its symbol in Spanish: no blanks compared)
    assert set(messages.REASONS["en"]) == set(messages.REASONS["es"])


def test_every_pyyaml_phrase_has_its_blanks_in_spanish():
    for english, spanish in yamlfile._PYYAML_ES:
        assert english.count("%r") == spanish.count("%r") and english.count("%s") == spanish.count("%s"), english


@pytest.mark.parametrize("old, new, said, dicho", [
    ("  hands:", "  scores: [0, 0, 0]\n  hands:", "3 scores for 2 players", "3 puntuaciones para 2 jugadores"),
    ('hands: [["5S", "2C"], ["3C", "4C"]]', 'hands: [["5S", "2C"], ["3C", "4C"], ["AH"]]', "3 hands for 2 players",
     "3 manos para 2 jugadores")])
def test_a_position_with_the_wrong_number_of_hands_or_scores(old, new, said, dicho, tmp_path: Path, capsys):
    text = (SCENARIOS / "cards" / "fifteen-scores-fifteen.yaml").read_text()
    assert old in text
    (tmp_path / "position.yaml").write_text(text.replace(old, new, 1))
    assert cli.main(["check", str(tmp_path), "-q"]) == 1
    assert said in capsys.readouterr().out
    assert cli.main(["check", str(tmp_path), "-q", "--lang", "es"]) == 1
    assert dicho in capsys.readouterr().out


@pytest.mark.parametrize("body, said, dicho", [
    ("", "a scenario needs `steps`, or a `formula` with `rows`", "un escenario necesita `steps`, o una `formula` con `rows`"),
    ("steps: [{end_round: {}}]\nformula: deal.hand\nrows: [{given: {players: 2}, expect: 5}]\n",
     "a scenario has `steps`, or a `formula` with `rows` (not both)",
     "un escenario tiene `steps`, o una `formula` con `rows` (no ambas cosas)"),
    ("steps: [{end_round: true}]\nformula: deal.hand\n",  # a formula with steps would be silently ignored
     "a scenario has `steps`, or a `formula` with `rows` (not both)",
     "un escenario tiene `steps`, o una `formula` con `rows` (no ambas cosas)")],
    ids=["neither", "both", "steps and a formula"])
def test_a_scenario_with_neither_or_both_kinds_says_which(body, said, dicho, tmp_path: Path, capsys):
    (tmp_path / "s.yaml").write_text("title: x\nrules: card-muggins\nsource: y\n" + body)
    assert cli.main(["check", str(tmp_path), "-q"]) == 1
    assert said in capsys.readouterr().out
    assert cli.main(["check", str(tmp_path), "-q", "--lang", "es"]) == 1
    assert dicho in capsys.readouterr().out


def test_the_card_pile_is_la_pila_as_the_card_text_calls_it(capsys):
    """The card text calls the cards played «la pila»; «montón» is the domino text's boneyard."""
    assert "montón" not in " ".join(pile_scenarios.WORDS["es"].values())
    assert pile_scenarios.WORDS["es"]["both"] == "da las cartas de la pila o su suma, no ambas cosas"
    with pytest.raises(SystemExit):
        cli.main(["render", "--help", "--lang", "es"])
    out = " ".join(capsys.readouterr().out.split())
    assert "dibuja la línea o la pila como" in out and "montón" not in out


def test_one_word_for_a_step_a_side_and_the_muggins_call():
    """«paso» is the card game's go and the domino pass, so a scenario's step is a «momento»; a
    side is a «bando» in the tables as in the log; the texts «gritan» Muggins (card text:
    gritar), so nothing «canta» it."""
    from muggins import report
    step = scenarios.WORDS["es"]
    assert step["step_play"] == "momento {number} (J{player}: {play})"
    assert not [text for text in step.values() if re.search(r"\bpasos?\b(?!»)", text)]
    assert not [text for text in report.WORDS["es"].values() if "equipo" in text]
    assert "gana el bando {side} ({seats})" == report.WORDS["es"]["side_wins"]
    spoken = " ".join([*cli._HELP.values(), *loader.WORDS["es"].values(), *step.values()])
    assert not re.search(r"\bcant(e|es|a|an)\b", spoken) and "gritan «¡Muggins!»" in spoken
