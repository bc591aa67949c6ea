"""Words for the event stream: the game log and the explanations, in English and Spanish.

Everything a person reads about a game is built here from events; the Spanish follows the rule
texts' own terms (ficha, extremo abierto, montón, paso, pila, total acumulado, ¡Muggins!).
"""
from __future__ import annotations

from typing import Any, Iterable

from .engine import cards as C
from .engine import domino as D
from .engine.common import GameEnded, LotteryDrawn, Scored
from .pieces import Tile
from .rules import Notation

LANGUAGES = ("en", "es")

END_NAMES = D.END_NAMES

_WORDS = {
    "en": {
        "player": "P{n}", "low": "low end", "high": "high end", "line": "line {side}",
        "placed": "Placed {tile}", "none": "none",
        "sum": "Contributions included in the sum: {terms} = {total}.",
        "points": "Points for the placement: {points} raw points.",
        "tiles": "Tiles: {tiles}.", "branching": "Branching doubles: {doubles}.",
        "connections": "Connections: {items}.", "continuation": "Legal continuation points: {items}.",
        "contributions": "Contributions included in the sum: {items}.",
        "round": "Round {round}: {player} opens; {boneyard} tiles in the boneyard.",
        "lottery": "Lots for the {purpose}: {draws}; {player} wins.",
        "purpose:first opener": "first opener", "purpose:next opener": "next opener",
        "purpose:first dealer": "first dealer",
        "place": "{player} places {tile}{where}: ends {ends} = {total}.",
        "on_end": " on the {end} end", "opens": " to open",
        "draw": "{player} draws {tile} from the boneyard.",
        "draw_hidden": "{player} draws a tile from the boneyard.",
        "pass": "{player} passes.", "blocked": "Round {round} is blocked: nobody can place and the boneyard is empty.",
        "dominoed": "{player} has placed their last tile.",
        "revealed": "{player} holds {tiles} ({pips} pips).", "empty_hand": "nothing",
        "scored": "{player} scores {points} ({reason}): {score}.",
        "penalty": "{player} loses {points} ({reason}): {score}.",
        "round_end": "End of round {round}: {scores}.",
        "winner": "{player} wins with {score} (target {target}) in round {rounds}.",
        "unfinished": "Unfinished: nobody reached {target} in {rounds} rounds ({scores}).",
        "reason:leftover pips": "leftover pips", "reason:opponents' pips": "opponents' pips",
        "left": "left", "right": "right", "up": "up", "down": "down",
        "reason:last": "last", "reason:exact limit": "exactly the limit", "reason:muggins": "Muggins!",
        "dealt": "Round {round}: {dealer} deals{cut}; {leader} leads; {stock} cards in the stock.",
        "cut": " ({player} cuts at card {at})",
        "played": "{player} plays {card}: total {total}.",
        "not_claimed": "{player} does not claim {points} ({reason}).",
        "stolen": "{by}: Muggins! {by} takes {player}'s {points} ({reason}).",
        "forfeited": "{player}'s {points} ({reason}) is lost.",
        "go": "{player} says go.", "go_draw": "{player} says go and draws {card}.",
        "refilled": "{player} draws {cards} back to {size} cards.",
        "closed": "Pile closed at {total}; {last} played last; {starter} starts the next pile.",
        "closed_end": "Pile closed at {total}; {last} played last.",
        "record": "Record written to {path}.",
    },
    "es": {
        "player": "J{n}", "low": "extremo de valor bajo", "high": "extremo de valor alto", "line": "línea {side}",
        "placed": "Colocada {tile}", "none": "ninguno",
        "sum": "Aportaciones incluidas en la suma: {terms} = {total}.",
        "points": "Puntos por la colocación: {points} puntos brutos.",
        "tiles": "Fichas: {tiles}.", "branching": "Dobles de ramificación: {doubles}.",
        "connections": "Conexiones: {items}.", "continuation": "Puntos de continuación legal: {items}.",
        "contributions": "Aportaciones incluidas en la suma: {items}.",
        "round": "Ronda {round}: abre {player}; quedan {boneyard} fichas en el montón.",
        "lottery": "Sorteo del {purpose}: {draws}; gana {player}.",
        "purpose:first opener": "primer jugador que abre", "purpose:next opener": "jugador que abre",
        "purpose:first dealer": "primer repartidor",
        "place": "{player} coloca {tile}{where}: extremos {ends} = {total}.",
        "on_end": " en el extremo {end}", "opens": " y abre",
        "draw": "{player} roba {tile} del montón.",
        "draw_hidden": "{player} roba una ficha del montón.",
        "pass": "{player} pasa.", "blocked": "La ronda {round} está bloqueada: nadie puede colocar y el montón está vacío.",
        "dominoed": "{player} ha colocado su última ficha.",
        "revealed": "{player} tiene {tiles} ({pips} puntos).", "empty_hand": "nada",
        "scored": "{player} anota {points} ({reason}): {score}.",
        "penalty": "{player} descuenta {points} ({reason}): {score}.",
        "round_end": "Fin de la ronda {round}: {scores}.",
        "winner": "Gana {player} con {score} (objetivo {target}) en la ronda {rounds}.",
        "unfinished": "Partida sin terminar: nadie alcanzó {target} en {rounds} rondas ({scores}).",
        "reason:leftover pips": "fichas restantes", "reason:opponents' pips": "fichas de los oponentes",
        "left": "izquierdo", "right": "derecho", "up": "superior", "down": "inferior",
        "reason:last": "último", "reason:exact limit": "exactamente el límite", "reason:muggins": "¡Muggins!",
        "reason:multiple of five": "múltiplo de cinco",
        "dealt": "Ronda {round}: reparte {dealer}{cut}; sale {leader}; quedan {stock} cartas en el mazo de reserva.",
        "cut": " ({player} corta por la carta {at})",
        "played": "{player} juega {card}: total acumulado {total}.",
        "not_claimed": "{player} no reclama {points} ({reason}).",
        "stolen": "{by}: ¡Muggins! {by} se lleva los {points} de {player} ({reason}).",
        "forfeited": "Los {points} de {player} ({reason}) se pierden.",
        "go": "{player} dice «paso».", "go_draw": "{player} dice «paso» y roba {card}.",
        "refilled": "{player} roba {cards} y vuelve a tener {size}.",
        "closed": "La pila se cierra en {total}; {last} jugó la última carta; {starter} empieza la nueva pila.",
        "closed_end": "La pila se cierra en {total}; {last} jugó la última carta.",
        "record": "Partida guardada en {path}.",
    },
}

def words(lang: str) -> dict[str, str]:
    return _WORDS[lang]


def player_name(player: int, lang: str) -> str:
    return _WORDS[lang]["player"].format(n=player + 1)


def side_name(side: str, lang: str) -> str:
    w = _WORDS[lang]
    return w[side] if side in ("low", "high") else w["line"].format(side=side)


def reason_name(reason: str, lang: str) -> str:
    return _WORDS[lang].get(f"reason:{reason}", reason)


def explain_placement(placed: Any, spinner: Tile | None, lang: str = "en") -> str:
    """The content of the text's diagram for one placement: tiles, connections, continuation
    points, the contributions included in the sum, the sum and the points."""
    w = _WORDS[lang]
    terms = " + ".join(str(amount) for _, amount in placed.contributions) or "0"
    tiles = ", ".join(map(str, placed.tiles))
    connections = "; ".join(connection_text(c, lang) for c in placed.connections) or w["none"]
    continuation = "; ".join(continuation_text(end, lang) for end in placed.ends)
    contributions = "; ".join(f"{tile}: {amount}" for tile, amount in placed.contributions) or w["none"]
    return " ".join([
        w["placed"].format(tile=placed.tile) + ".",
        w["sum"].format(terms=terms, total=placed.ends_sum),
        w["points"].format(points=placed.points),
        w["tiles"].format(tiles=tiles),
        w["branching"].format(doubles=str(spinner) if spinner else w["none"]),
        w["connections"].format(items=connections),
        w["continuation"].format(items=continuation),
        w["contributions"].format(items=contributions),
    ])


def connection_text(connection: Any, lang: str) -> str:
    """`[1|4] (low end) – [1|1] (line A)`: which side of which tile a placed tile touched."""
    return (f"{connection.to_tile} ({side_name(connection.to_side, lang)}) – "
            f"{connection.tile} ({side_name(connection.side, lang)})")


def continuation_text(end: Any, lang: str) -> str:
    """`[1|1] (line B, 1)`: an open end, where play can continue."""
    return f"{end.tile} ({side_name(end.side, lang)}, {end.value})"


def tally(score: int, notation: Notation) -> str:
    """A score in the paper notation: a crossed symbol (X with an x in each space) per `cross`
    points, a stroke per `stroke` points, and any remainder as a number."""
    sign = "-" if score < 0 else ""
    rest = abs(score)
    crosses, rest = divmod(rest, notation.cross)
    strokes, rest = divmod(rest, notation.stroke)
    parts = ["⊠" * crosses, "|" * strokes, f"+{rest}" if rest else ""]
    text = " ".join(part for part in parts if part)
    return sign + (text or "0")


def scores_text(scores: Iterable[int], lang: str, notation: Notation | None = None) -> str:
    return ", ".join(f"{player_name(i, lang)} {s}" + (f" [{tally(s, notation)}]" if notation else "")
                     for i, s in enumerate(scores))


def describe_common(event: Any, lang: str, target: int, notation: Notation | None, name: Any = str) -> str | None:
    """Log lines shared by both game families (lots, scores, the end of the game)."""
    w = _WORDS[lang]
    if isinstance(event, LotteryDrawn):
        draws = "; ".join(", ".join(f"{player_name(p, lang)} {name(piece)}" for p, piece in rnd) for rnd in event.rounds)
        return w["lottery"].format(purpose=w.get(f"purpose:{event.purpose}", event.purpose),
                                   draws=draws or "—", player=player_name(event.winner, lang))
    if isinstance(event, Scored):
        key = "penalty" if event.points < 0 else "scored"
        score = f"{event.score}" + (f" [{tally(event.score, notation)}]" if notation else "")
        return w[key].format(player=player_name(event.player, lang), points=abs(event.points),
                             reason=reason_name(event.reason, lang), score=score)
    if isinstance(event, GameEnded):
        outcome = event.outcome
        if outcome.winner is None:
            return w["unfinished"].format(target=target, rounds=outcome.rounds,
                                          scores=scores_text(outcome.scores, lang, notation))
        return w["winner"].format(player=player_name(outcome.winner, lang), score=outcome.scores[outcome.winner],
                                  target=target, rounds=outcome.rounds)
    return None


def describe_domino(event: Any, lang: str, target: int, notation: Notation | None, reveal: bool = True) -> str | None:
    """One log line for a domino event (None for events that need no line)."""
    common = describe_common(event, lang, target, notation)
    if common is not None:
        return common
    w = _WORDS[lang]
    if isinstance(event, D.RoundStarted):
        return w["round"].format(round=event.round, player=player_name(event.opener, lang), boneyard=event.boneyard)
    if isinstance(event, D.Placed):
        where = w["opens"] if event.end is None else w["on_end"].format(end=w[END_NAMES[event.end]])
        terms = " + ".join(str(amount) for _, amount in event.contributions) or "0"
        return w["place"].format(player=player_name(event.player, lang), tile=event.tile, where=where,
                                 ends=terms, total=event.ends_sum)
    if isinstance(event, D.Drew):
        if reveal and event.tile is not None:
            return w["draw"].format(player=player_name(event.player, lang), tile=event.tile)
        return w["draw_hidden"].format(player=player_name(event.player, lang))
    if isinstance(event, D.Passed):
        return w["pass"].format(player=player_name(event.player, lang))
    if isinstance(event, D.Revealed):
        tiles = " ".join(map(str, event.tiles)) or w["empty_hand"]
        return w["revealed"].format(player=player_name(event.player, lang), tiles=tiles, pips=event.pips)
    if isinstance(event, D.RoundBlocked):
        return w["blocked"].format(round=event.round)
    if isinstance(event, D.Dominoed):
        return w["dominoed"].format(player=player_name(event.player, lang))
    if isinstance(event, D.RoundEnded):
        return w["round_end"].format(round=event.round, scores=scores_text(event.scores, lang, notation))
    return None


def describe_cards(event: Any, lang: str, target: int, notation: Notation | None, deck: Any = None) -> str | None:
    """One log line for a card event (None for events that need no line)."""
    name = deck.name if deck is not None else str
    common = describe_common(event, lang, target, notation, name)
    if common is not None:
        return common
    w = _WORDS[lang]
    p = lambda player: player_name(player, lang)  # noqa: E731
    if isinstance(event, C.Dealt):
        cut = w["cut"].format(player=p(event.cut_by), at=event.cut_at) if event.cut_by is not None else ""
        return w["dealt"].format(round=event.round, dealer=p(event.dealer), cut=cut, leader=p(event.leader),
                                 stock=event.stock)
    if isinstance(event, C.Played):
        return w["played"].format(player=p(event.player), card=name(event.card), total=event.total)
    if isinstance(event, C.NotClaimed):
        score = event.score
        return w["not_claimed"].format(player=p(score.player), points=score.points, reason=reason_name(score.reason, lang))
    if isinstance(event, C.Stolen):
        score = event.score
        return w["stolen"].format(by=p(event.by), player=p(score.player), points=score.points,
                                  reason=reason_name(score.reason, lang))
    if isinstance(event, C.Forfeited):
        score = event.score
        return w["forfeited"].format(player=p(score.player), points=score.points, reason=reason_name(score.reason, lang))
    if isinstance(event, C.SaidGo):
        if event.drew is None:
            return w["go"].format(player=p(event.player))
        return w["go_draw"].format(player=p(event.player), card=name(event.drew))
    if isinstance(event, C.Refilled):
        return w["refilled"].format(player=p(event.player), cards=" ".join(map(name, event.cards)),
                                    size=event.hand_size)
    if isinstance(event, C.PileClosed):
        if event.last_player is None:
            return None
        if event.starter is None:
            return w["closed_end"].format(total=event.total, last=p(event.last_player))
        return w["closed"].format(total=event.total, last=p(event.last_player), starter=p(event.starter))
    if isinstance(event, C.RoundEnded):
        return w["round_end"].format(round=event.round, scores=scores_text(event.scores, lang, notation))
    return None
