"""The reasons an action is refused, in English and Spanish, by key; and `Said`, a text that
has its words in each language, with `say`, which makes one from a table of templates.

Engines raise IllegalMoveError through `illegal`, which keeps the key and the values, so the
terminal can show the reason in the player's language and tests can match the English text.
The problems found in rule and scenario files are Said (see `errors.Problem`): English where a
plain text is wanted, and in the reader's language where the command line reports them.
"""
from __future__ import annotations

import os
import signal
from typing import Any, Callable, Mapping, Sequence

from .errors import IllegalMoveError

LANGUAGES = ("en", "es")

REASONS = {
    "en": {
        "game_over": "the game is over",
        "api_list": "`{name}` must be a list, not {value}",
        "api_hands": "`hands` must be a list of {players} lists of pieces, not {value}",
        "api_position": "a position for {players} players needs {players} hands and {players} scores",
        "api_seat": "`{name}` is {value}, not a seat: seats are numbered 0 to {last}",
        "api_twice": "{piece} appears twice in what is assigned",
        "api_position_twice": "{piece} appears twice in the position",
        "api_policies": ("`policies` must be bots.Policies with a kind of bot for each of the {players} players, "
                         "not {value}"),
        "api_scores": "scores must be whole numbers, not {value}",
        "api_round": "the round must be a whole number from 1, not {value}",
        "api_text_move": ("play() takes a move object, not the text {text}: read a typed move with "
                          "game.parse_move(text) first"),
        "api_seats": ("`seats` must hold a player with `choose(view, moves)` for each of the {players} seats "
                      "(bots.make_bots gives them), not {value}"),
        "api_line_pairs": ("`line` holds (tile, end) pairs, the end None or an end's number from 0 to {last}, not "
                           "{value}"),
        "api_not_cards": "{rules} is not a card game",
        "api_not_dominoes": "{rules} is not a domino game",
        "player_count": "{rules} is played by {counts} players, not {players}",
        "players_whole": "the number of players must be a whole number, not {value}, of type {kind}",
        "max_rounds_whole": "max_rounds must be a whole number from 1 to {most}, not {value}",
        "seed_type": "a seed is an integer or a text, not {value}, of type {kind}",
        "seed_digits": "a seed has at most {most} digits, as a record keeps it, not {value}",
        "place_tile": ("a placement's tile is {value}, not a Tile: make it with rules.pieces.parse, or read a typed "
                       "move with game.parse_move(text)"),
        "place_end": "a placement's end is {value}: an end is None (opening the line) or one of 0 to 3 ({ends})",
        "seed_characters": "a seed's text has at most {most} characters, as a record keeps it, not {length}",
        "pile_over_limit": "the pile totals {total}, over the limit {limit}",
        "not_on_line": "{place} does not fit the line {line}",
        "no_dominoer": "a card round has no player who dominoed: `dominoed_by` is for domino games",
        "not_in_hand": "{piece} is not in player {player}'s hand",
        "must_place_drawn": "must place the drawn tile {tile} at once",
        "must_open_with": "the round opens with {tile}, the piece its holder must lead",
        "opening_no_end": "the first tile opens the line: give no end",
        "record_unfinished": "a record is of a finished game: play it to its end first (its outcome is None)",
        "opener_empty_hand": "the line is empty, so P{player}, who plays next, opens it: their hand needs a tile",
        "which_end": "say which end: {ends}",
        "no_such_end": "the line has no {end} end now: say {ends}",
        "no_match": "{tile} does not match the {end} end ({value})",
        "first_end": "{tile} must go on the first end it fits",
        "draw_must_place": "cannot draw: the drawn tile {tile} must be placed at once",
        "draw_empty": "cannot draw: nothing is left to draw",
        "draw_playable": "cannot draw: {tile} plays on {value}",
        "draw_opening": "cannot draw: {tile} can open the line",
        "pass_playable": "cannot pass: {tile} can be placed",
        "must_draw": "must draw: no tile matches {values}, and the boneyard has tiles",
        "claim_others": "nothing to claim: the points are another player's; call muggins to take them",
        "nothing_to_claim": "nothing to claim",
        "nothing_to_claim_now": "nothing to claim: you have no points waiting to be claimed",
        "own_points": "these are your own points: claim them",
        "nothing_to_take": "nothing to take: no unclaimed points",
        "nothing_to_decline": "nothing to decline",
        "first_claim": "first player {player} must claim or decline",
        "first_call": "first player {player} must call muggins or decline",
        "go_playable": "cannot say go: {card_words} is playable",
        "exceeded": "{limit} would be exceeded: total {total} + {value}",
        "not_a_tile": "not a tile: {text!r} (write it like 3-4 or [3|4])",
        "not_in_set": "{tile} is not in a double-{highest} set",
        "not_a_card": "not a card: {text!r} (write the rank then the suit, like {card}, {example} or {words}; ranks {ranks}; suits {suits} or {letters})",
        "not_a_deck_card": "not a card: {text!r} (write the rank then the suit, like {example}; ranks {ranks}; suits {suits})",
        "not_a_move": "not a move: {text!r} (write a tile and an end like 3-4 left, or draw, or pass)",
        "not_a_card_move": "not a move: {text!r} (write a card like 5H or 10♥, or go)",
        "not_an_end": "not an end: {text!r} (ends: {ends})",
    },
    "es": {
        "api_list": "`{name}` debe ser una lista, no {value}",
        "api_hands": "`hands` debe ser una lista de {players} listas de piezas, no {value}",
        "api_position": "una posición para {players} jugadores necesita {players} manos y {players} puntuaciones",
        "api_seat": "`{name}` es {value}, no un puesto: los puestos van de 0 a {last}",
        "api_twice": "{piece} aparece dos veces en lo asignado",
        "api_position_twice": "{piece} aparece dos veces en la posición",
        "api_policies": ("`policies` debe ser bots.Policies con una clase de bot para cada uno de los {players} "
                         "jugadores, no {value}"),
        "api_scores": "las puntuaciones deben ser números enteros, no {value}",
        "api_round": "la ronda debe ser un número entero desde 1, no {value}",
        "api_text_move": ("play() toma un objeto de jugada, no el texto {text}: lee antes una jugada escrita con "
                          "game.parse_move(text)"),
        "api_seats": ("`seats` debe contener un jugador con `choose(view, moves)` para cada uno de los {players} "
                      "puestos (bots.make_bots los da), no {value}"),
        "api_line_pairs": ("`line` contiene pares (ficha, extremo), el extremo None o el número de un extremo de 0 "
                           "a {last}, no {value}"),
        "api_not_cards": "{rules} no es un juego de cartas",
        "api_not_dominoes": "{rules} no es un juego de dominó",
        "game_over": "la partida ha terminado",
        "player_count": "{rules} se juega con {counts} jugadores, no con {players}",
        "players_whole": "el número de jugadores debe ser un número entero, no {value}, de tipo {kind}",
        "max_rounds_whole": "max_rounds debe ser un número entero de 1 a {most}, no {value}",
        "seed_type": "una semilla es un número entero o un texto, no {value}, de tipo {kind}",
        "seed_digits": "una semilla tiene como mucho {most} cifras, como la guarda un registro, no {value}",
        "place_tile": ("la ficha de una colocación es {value}, no una Tile: créala con rules.pieces.parse, o lee una "
                       "jugada escrita con game.parse_move(text)"),
        "place_end": ("el extremo de una colocación es {value}: un extremo es None (abre la línea) o uno de 0 a 3 "
                      "({ends})"),
        "seed_characters": ("el texto de una semilla tiene como mucho {most} caracteres, como lo guarda un registro, "
                            "no {length}"),
        "pile_over_limit": "la pila suma {total}, más que el límite {limit}",
        "not_on_line": "{place} no encaja en la línea {line}",
        "no_dominoer": "una ronda de cartas no tiene quien haga dominó: `dominoed_by` es para el dominó",
        "not_in_hand": "{piece} no está en la mano de J{player}",
        "must_place_drawn": "hay que colocar de inmediato la ficha robada {tile}",
        "must_open_with": "la ronda se abre con {tile}, la ficha con la que debe salir quien la tiene",
        "opening_no_end": "la primera ficha abre la línea: no indiques extremo",
        "record_unfinished": ("un registro es de una partida terminada: juégala hasta el final primero (su resultado "
                              "es None)"),
        "opener_empty_hand": ("la línea está vacía, así que J{player}, que juega ahora, la abre: su mano necesita una "
                              "ficha"),
        "which_end": "indica el extremo: {ends}",
        "no_such_end": "la línea no tiene ahora extremo {end}: indica {ends}",
        "no_match": "{tile} no coincide con el extremo {end} ({value})",
        "first_end": "{tile} va en el primer extremo donde encaja",
        "draw_must_place": "no puedes robar: hay que colocar de inmediato la ficha robada {tile}",
        "draw_empty": "no puedes robar: no queda nada que robar",
        "draw_playable": "no puedes robar si tienes una colocación legal: {tile} encaja en {value}",
        "draw_opening": "no puedes robar: {tile} puede abrir la línea",
        "pass_playable": "no puedes pasar: {tile} se puede colocar",
        "must_draw": "debes robar: ninguna ficha coincide con {values} y quedan fichas en el montón",
        "claim_others": "nada que reclamar: los puntos son de otro jugador; di muggins para llevártelos",
        "nothing_to_claim": "nada que reclamar",
        "nothing_to_claim_now": "nada que reclamar: no tienes puntos pendientes de reclamar",
        "own_points": "son tus propios puntos: reclámalos (reclamar)",
        "nothing_to_take": "nada que llevarse: no hay puntos sin reclamar",
        "nothing_to_decline": "no hay nada que dejar pasar",
        "first_claim": "antes, J{player} debe reclamar sus puntos o dejarlos pasar",
        "first_call": "antes, J{player} debe decir muggins o dejarlo pasar",
        "go_playable": "no puedes decir paso: {card} se puede jugar",
        "exceeded": "se superaría {limit}: total acumulado {total} + {value}",
        "not_a_tile": "no es una ficha: {text!r} (escríbela como 3-4 o [3|4])",
        "not_in_set": "{tile} no está en un juego de doble {highest}",
        "not_a_card": "no es una carta: {text!r} (escribe el valor y el palo, como {card}, {example} o {words}; valores {ranks}; palos {suits} o {letters})",
        "not_a_deck_card": "no es una carta: {text!r} (escribe el valor y el palo, como {example}; valores {ranks}; palos {suits})",
        "not_a_move": "no es una jugada: {text!r} (escribe una ficha y un extremo, como 3-4 izquierda, o robar, o paso)",
        "not_a_card_move": "no es una jugada: {text!r} (escribe una carta, como 5C o 10♥, o paso)",
        "not_an_end": "no es un extremo: {text!r} (extremos: {ends})",
    },
}


class Said(str):
    """A value of a refusal that has words of its own in each language (an end's name, a card's
    long name): it reads as the English text, and `reason` says it in the chosen language."""

    by_lang: dict[str, str]

    def __new__(cls, en: str, **others: str) -> Said:
        said = super().__new__(cls, en)
        said.by_lang = {"en": en, **others}
        return said

    def said(self, lang: str) -> str:
        return self.by_lang.get(lang, str(self))


# Templates by language, then by key: {"en": {key: template}, "es": {key: template}}.
Texts = Mapping[str, Mapping[str, str]]


def say(texts: Texts, key: str, /, **params: Any) -> Said:
    """Template `key` of `texts` filled with `params`, in every language `texts` has; a value that
    is itself Said is said in each language, any other as it is."""
    return Said(texts["en"][key].format(**in_language(params, "en")),
                **{lang: table[key].format(**in_language(params, lang)) for lang, table in texts.items() if lang != "en"})


def said_each(make: Callable[[str], str]) -> Said:
    """What `make(lang)` says, in every language."""
    return Said(make("en"), **{lang: make(lang) for lang in LANGUAGES if lang != "en"})


def said_reason(error: IllegalMoveError) -> Said:
    """The reason for a refused action, in every language."""
    return said_each(lambda lang: reason(error, lang))


def in_language(params: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """`params` with every Said value said in `lang`."""
    return {name: said_in(value, lang) for name, value in params.items()}


def said_in(text: Any, lang: str) -> Any:
    """`text` in `lang` when it is Said (English when it has no such language), else as it is."""
    return text.said(lang) if isinstance(text, Said) else text


# Counted nouns: what `count` says for one and for many.
_NOUNS = {
    "en": {"round": ("round", "rounds"), "tile": ("tile", "tiles"), "card": ("card", "cards"), "pip": ("pip", "pips"),
           "point": ("point", "points"), "raw point": ("raw point", "raw points"), "player": ("player", "players"),
           "move": ("move", "moves"), "piece": ("piece", "pieces"), "side": ("side", "sides"),
           "character": ("character", "characters"), "item": ("item", "items"), "key": ("key", "keys"),
           "entry": ("entry", "entries"), "hand": ("hand", "hands"), "score": ("score", "scores"),
           "seat": ("seat", "seats"), "sheet entry": ("entry", "entries")},
    "es": {"round": ("ronda", "rondas"), "tile": ("ficha", "fichas"), "card": ("carta", "cartas"),
           "pip": ("punto", "puntos"), "point": ("punto", "puntos"), "raw point": ("punto bruto", "puntos brutos"),
           "player": ("jugador", "jugadores"), "move": ("jugada", "jugadas"), "piece": ("pieza", "piezas"),
           "side": ("bando", "bandos"), "character": ("carácter", "caracteres"), "item": ("elemento", "elementos"),
           "key": ("clave", "claves"), "entry": ("entrada", "entradas"), "hand": ("mano", "manos"),
           "score": ("puntuación", "puntuaciones"), "seat": ("puesto", "puestos"),
           "sheet entry": ("anotación", "anotaciones")},
}


def count(n: int, noun: str, lang: str) -> str:
    """`1 card`, `2 cards`, `1 carta`, `0 fichas`: a number with its noun agreeing."""
    one, many = _NOUNS[lang][noun]
    return f"{n} {one if abs(n) == 1 else many}"


def counted(n: int, noun: str) -> Said:
    """`count` in every language."""
    return Said(count(n, noun, "en"), **{lang: count(n, noun, lang) for lang in _NOUNS if lang != "en"})


def as_typed(value: float, lang: str) -> str:
    """A number a person gave, echoed back as `lang` writes numbers (0.01, 0,01), with no `.0`
    Python adds to a whole float: a message that quotes a value says what was typed."""
    text = f"{value:.15g}"
    return text.replace(".", ",") if lang == "es" else text


def lang_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the locale asks for: the first of LC_ALL, LC_MESSAGES and LANG that is set
    (as POSIX reads them); Spanish for `es` or `es_*`, English otherwise."""
    environ = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            return "es" if value.split(".")[0].split("_")[0].lower() == "es" else "en"
    return "en"


def lang_from_arguments(argv: Sequence[str], environ: Mapping[str, str] | None = None) -> str:
    """The language a command line asks for before it is parsed (`--lang` is itself an option):
    the last `--lang es` or `--lang=es` before `--`, as argparse lets the last one win for the
    command; else, and when that value is no language of ours (`--lang fr`, which is no request
    for English), the locale."""
    asked = ""
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg.startswith("--lang="):
            asked = arg.partition("=")[2]
        elif arg == "--lang" and i + 1 < len(argv):
            asked = argv[i + 1]
    return asked if asked in LANGUAGES else lang_from_environment(environ)


# The last line of a program stopped from outside, by its exit status.
_STOPPED = {
    "en": {"interrupted": "muggins: interrupted", "stopped": "muggins: stopped ({signal})"},
    "es": {"interrupted": "muggins: interrumpido", "stopped": "muggins: detenido ({signal})"},
}


def stopped_line(status: int, lang: str) -> str:
    """What the program says as it ends on Ctrl-C (status 130) or a signal (128 + its number)."""
    words = _STOPPED.get(lang, _STOPPED["en"])
    if status == 128 + signal.SIGINT:
        return words["interrupted"]
    return words["stopped"].format(signal=signal.Signals(status - 128).name)


def said_list(items: Sequence[str], joiner: str = ", ") -> Said:
    """Several words joined with commas (or `joiner`), in every language they or the joiner have."""
    langs = {lang for item in [*items, joiner] if isinstance(item, Said) for lang in item.by_lang}
    return Said(joiner.join(map(str, items)), **{lang: said_in(joiner, lang).join(said_in(item, lang) for item in items)
                                                      for lang in langs if lang != "en"})


def illegal(key: str, **params: Any) -> IllegalMoveError:
    """The error for a refused action, its English text formatted from `key` and `params`."""
    error = IllegalMoveError(REASONS["en"][key].format(**params))
    error.key = key
    error.params = params
    return error


def reason(error: IllegalMoveError, lang: str) -> str:
    """The reason for a refused action in `lang` (English when no translation is known)."""
    key = getattr(error, "key", None)
    if key is None or key not in REASONS.get(lang, {}):
        return str(error)
    return REASONS[lang][key].format(**in_language(error.params, lang))
