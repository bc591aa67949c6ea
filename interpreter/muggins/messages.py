"""The reasons an action is refused, in English and Spanish, by key.

Engines raise IllegalMoveError through `illegal`, which keeps the key and the values, so the
terminal can show the reason in the player's language and tests can match the English text.
"""
from __future__ import annotations

from typing import Any

from .errors import IllegalMoveError

REASONS = {
    "en": {
        "game_over": "the game is over",
        "not_in_hand": "{piece} is not in player {player}'s hand",
        "must_place_drawn": "must place the drawn tile {tile} at once",
        "must_open_with": "the round opens with {tile}, the piece its holder must lead",
        "opening_no_end": "the first tile opens the line: give no end",
        "which_end": "say which end: {ends}",
        "no_match": "{tile} does not match the {end} end ({value})",
        "first_end": "{tile} must go on the first end it fits",
        "draw_must_place": "cannot draw: the drawn tile {tile} must be placed at once",
        "draw_empty": "cannot draw: the boneyard is empty",
        "draw_playable": "cannot draw: {tile} plays on {value}",
        "pass_playable": "cannot pass: {tile} can be placed",
        "must_draw": "must draw: no tile matches {values}, and the boneyard has tiles",
        "claim_others": "nothing to claim: the points are another player's; call muggins to take them",
        "nothing_to_claim": "nothing to claim",
        "own_points": "these are your own points: claim them",
        "nothing_to_take": "nothing to take: no unclaimed points",
        "nothing_to_decline": "nothing to decline",
        "first_claim": "first player {player} must claim or decline",
        "first_call": "first player {player} must call muggins or decline",
        "go_playable": "cannot say go: {card_words} is playable",
        "exceeded": "{limit} would be exceeded: total {total} + {value}",
        "not_a_tile": "not a tile: {text!r} (write it like 3-4 or [3|4])",
        "not_in_set": "{tile} is not in a double-{highest} set",
        "not_a_card": "not a card: {text!r} (write rank then suit, ranks {ranks}, suits {suits})",
        "not_a_move": "not a move: {text!r} (write a tile and an end like `3-4 left`, or draw, or pass)",
        "not_an_end": "not an end: {text!r} (ends: {ends})",
    },
    "es": {
        "game_over": "la partida ha terminado",
        "not_in_hand": "{piece} no está en la mano del jugador {player}",
        "must_place_drawn": "hay que colocar de inmediato la ficha robada {tile}",
        "must_open_with": "la ronda se abre con {tile}, la ficha con la que debe salir quien la tiene",
        "opening_no_end": "la primera ficha abre la línea: no indiques extremo",
        "which_end": "indica el extremo: {ends}",
        "no_match": "{tile} no coincide con el extremo {end} ({value})",
        "first_end": "{tile} va en el primer extremo donde encaja",
        "draw_must_place": "no puedes robar: hay que colocar de inmediato la ficha robada {tile}",
        "draw_empty": "no puedes robar: el montón está vacío",
        "draw_playable": "no puedes robar si tienes una colocación legal: {tile} encaja en {value}",
        "pass_playable": "no puedes pasar: {tile} se puede colocar",
        "must_draw": "debes robar: ninguna ficha coincide con {values} y quedan fichas en el montón",
        "claim_others": "nada que reclamar: los puntos son de otro jugador; grita muggins para llevártelos",
        "nothing_to_claim": "nada que reclamar",
        "own_points": "son tus propios puntos: reclámalos con claim",
        "nothing_to_take": "nada que llevarse: no hay puntos sin reclamar",
        "nothing_to_decline": "no hay nada que dejar pasar",
        "first_claim": "antes, el jugador {player} debe reclamar o dejar sus puntos",
        "first_call": "antes, el jugador {player} debe gritar muggins o dejarlo",
        "go_playable": "no puedes decir paso: {card} se puede jugar",
        "exceeded": "se superaría {limit}: total acumulado {total} + {value}",
        "not_a_tile": "no es una ficha: {text!r} (escríbela como 3-4 o [3|4])",
        "not_in_set": "{tile} no está en un juego de doble {highest}",
        "not_a_card": "no es una carta: {text!r} (escribe valor y palo; valores {ranks}, palos {suits})",
        "not_a_move": "no es una jugada: {text!r} (escribe una ficha y un extremo, como `3-4 left`, o draw, o pass)",
        "not_an_end": "no es un extremo: {text!r} (extremos: {ends})",
    },
}


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
    return REASONS[lang][key].format(**error.params)
