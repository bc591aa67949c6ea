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
        "a_card": "a card", "cards_n": "{n} card(s)",
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
        "record": "Registro de la partida escrito en {path}.",
        "a_card": "una carta", "cards_n": "{n} carta(s)",
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


def describe_domino(event: Any, lang: str, target: int, notation: Notation | None, viewer: int | None = None) -> str | None:
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
        if viewer in (None, event.player) and event.tile is not None:
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


def describe_cards(event: Any, lang: str, target: int, notation: Notation | None, deck: Any = None,
                   viewer: int | None = None) -> str | None:
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
    hidden = viewer is not None and viewer != getattr(event, "player", viewer)
    if isinstance(event, C.SaidGo):
        if event.drew is None:
            return w["go"].format(player=p(event.player))
        return w["go_draw"].format(player=p(event.player), card=w["a_card"] if hidden else name(event.drew))
    if isinstance(event, C.Refilled):
        cards = w["cards_n"].format(n=len(event.cards)) if hidden else " ".join(map(name, event.cards))
        return w["refilled"].format(player=p(event.player), cards=cards, size=event.hand_size)
    if isinstance(event, C.PileClosed):
        if event.last_player is None:
            return None
        if event.starter is None:
            return w["closed_end"].format(total=event.total, last=p(event.last_player))
        return w["closed"].format(total=event.total, last=p(event.last_player), starter=p(event.starter))
    if isinstance(event, C.RoundEnded):
        return w["round_end"].format(round=event.round, scores=scores_text(event.scores, lang, notation))
    return None


def describe(rules: Any, event: Any, lang: str, target: int, notation: Notation | None = None,
             viewer: int | None = None) -> str | None:
    """One log line for any event of a game played under `rules`; with a `viewer`, pieces other
    players draw stay hidden, as at the table."""
    if rules.family == "line":
        return describe_domino(event, lang, target, notation, viewer)
    return describe_cards(event, lang, target, notation, rules.pieces, viewer)


def explain_last_score(rules: Any, events: list[Any], spinner: Tile | None, lang: str) -> str | None:
    """Why the most recent score was earned, in the game's words (None when nothing has scored)."""
    w = _WHY[lang]
    if rules.family == "line":
        placed = next((e for e in reversed(events) if isinstance(e, D.Placed) and e.points), None)
        return explain_placement(placed, spinner, lang) if placed else None
    for i in range(len(events) - 1, -1, -1):
        event = events[i]
        if isinstance(event, C.ScoreEarned):
            score = event.score
            reason = reason_name(score.reason, lang)
            if score.last:
                closed = next(e for e in reversed(events[:i]) if isinstance(e, C.PileClosed))
                return w["last"].format(player=player_name(score.player, lang), total=closed.total,
                                        points=score.points, reason=reason)
            played = next(e for e in reversed(events[:i]) if isinstance(e, C.Played))
            rule = next((s for s in rules.scoring if s.name == score.reason), None)
            condition = f" (`{rule.when.source}`)" if rule else ""
            return w["card"].format(player=player_name(score.player, lang), card=rules.pieces.name(played.card),
                                    total=played.total, points=score.points, reason=reason, condition=condition)
    return None


_WHY = {
    "en": {"card": "{player} played {card}, bringing the running total to {total}: {reason}{condition} scores {points}.",
           "last": "{player} played the last card of a pile closed at {total}: {reason} scores {points}."},
    "es": {"card": "{player} jugó {card} y el total acumulado llegó a {total}: {reason}{condition} anota {points}.",
           "last": "{player} jugó la última carta de una pila cerrada en {total}: {reason} anota {points}."},
}


_SUMMARY = {
    "en": {
        "players": "{players} players: {deal} each, target {target}.",
        "tiles": "A double-{n} set of {count} tiles.",
        "cards": "A deck of {count} cards ({ranks}; suits {suits}); a card adds `{value}` to the total.",
        "score": "Scores \"{name}\": when `{when}`, `{points}` points.",
        "after_placement": "After every placement the open ends are summed ({spinner}; a double at an end counts {double}; an opening double counts {opening}).",
        "spinner_yes": "the first double is a spinner with four arms", "spinner_no": "no spinner",
        "both_halves": "both halves", "one_half": "one half", "once": "once", "per_end": "at each end",
        "draw": "Drawing: {when}; {at_once}. Passing: {passing}.",
        "draw_stuck": "only with no tile to place", "draw_any": "at any time while tiles remain",
        "at_once": "a playable drawn tile is placed at once", "not_at_once": "a drawn tile may be kept",
        "pass_empty": "only when the boneyard is empty", "pass_any": "whenever no tile can be placed",
        "settle": "End of round: each player loses `{penalty}`{blocked}; the player who dominoed gains `{award}`{floor}.",
        "settle_blocked": ", blocked rounds included", "settle_not_blocked": " (not in a blocked round)",
        "floor": "; no score goes below {floor}",
        "pile": "The running total may not pass {limit}; exactly {limit} scores `{exact}` {timing}.",
        "timing_immediate": "at once and closes the pile", "timing_as_last": "as \"last\" when everyone has said go",
        "last": "When everyone has said go the pile closes and its last player scores `{points}` for \"last\".",
        "refill": "After a play, draw back up to {n} cards while the stock lasts.", "no_refill": "No drawing after a play.",
        "go": "A player who cannot play says go{draw}.", "go_draw": " and draws a replacement card",
        "muggins": "Every score must be claimed before the next play; unclaimed points can be taken by calling Muggins{last}.",
        "muggins_last": " (\"last\" points too)", "no_muggins": "Points not claimed before the next play are lost.",
        "win": "The first to reach the target wins{at_once}.", "win_at_once": " at once, even mid-round",
    },
    "es": {
        "players": "{players} jugadores: {deal} cada uno, objetivo {target}.",
        "tiles": "Un juego de doble {n} de {count} fichas.",
        "cards": "Una baraja de {count} cartas ({ranks}; palos {suits}); cada carta suma `{value}` al total acumulado.",
        "score": "Puntúa «{name}»: cuando `{when}`, `{points}` puntos.",
        "after_placement": "Después de cada colocación se suman los extremos abiertos ({spinner}; un doble en un extremo cuenta {double}; un doble de apertura cuenta {opening}).",
        "spinner_yes": "el primer doble abre cuatro ramas", "spinner_no": "sin dobles de ramificación",
        "both_halves": "sus dos mitades", "one_half": "una mitad", "once": "una vez", "per_end": "en cada extremo",
        "draw": "Robo: {when}; {at_once}. Paso: {passing}.",
        "draw_stuck": "solo sin colocación legal", "draw_any": "en cualquier momento mientras queden fichas",
        "at_once": "una ficha robada jugable se coloca de inmediato", "not_at_once": "una ficha robada puede guardarse",
        "pass_empty": "solo con el montón vacío", "pass_any": "siempre que no se pueda colocar",
        "settle": "Fin de la ronda: cada jugador descuenta `{penalty}`{blocked}; quien coloca su última ficha suma `{award}`{floor}.",
        "settle_blocked": ", también en una ronda bloqueada", "settle_not_blocked": " (no en una ronda bloqueada)",
        "floor": "; ninguna puntuación baja de {floor}",
        "pile": "El total acumulado no puede superar {limit}; exactamente {limit} anota `{exact}` {timing}.",
        "timing_immediate": "de inmediato y cierra la pila", "timing_as_last": "como «último» cuando todos han pasado",
        "last": "Cuando todos han pasado la pila se cierra y quien jugó la última carta anota `{points}` por «último».",
        "refill": "Después de jugar, se roba hasta tener {n} cartas mientras quede mazo.", "no_refill": "No se roba después de jugar.",
        "go": "Quien no puede jugar dice «paso»{draw}.", "go_draw": " y roba una carta de reemplazo",
        "muggins": "Cada puntuación se reclama antes de la siguiente jugada; si no, un oponente puede llevársela gritando «¡Muggins!»{last}.",
        "muggins_last": " (también los puntos de «último»)", "no_muggins": "Los puntos no reclamados antes de la siguiente jugada se pierden.",
        "win": "Gana el primero en alcanzar el objetivo{at_once}.", "win_at_once": ", de inmediato, incluso a mitad de ronda",
    },
}


def summarize_rules(rules: Any, lang: str = "en") -> list[str]:
    """A short summary generated from the compiled rules, so a variant's summary is always right."""
    t = _SUMMARY[lang]
    data = rules.data
    lines = [f"{rules.title} ({rules.name}): {rules.description}"]
    table = " ".join(t["players"].format(players=n, deal=rules.hand_size(n), target=rules.target_for(n))
                      for n in rules.player_counts)
    if rules.family == "line":
        lines.append(t["tiles"].format(n=rules.pieces.highest_pip, count=len(rules.pieces)))
    else:
        cards = data["pieces"]["cards"]
        lines.append(t["cards"].format(count=len(rules.pieces), ranks=" ".join(cards["ranks"]),
                                       suits=" ".join(cards["suits"]), value=cards["value"]))
    lines.append(table)
    if rules.family == "line":
        line = rules.line
        lines.append(t["after_placement"].format(spinner=t["spinner_yes" if line.spinner else "spinner_no"],
                                                 double=t[line.double_at_end], opening=t[line.opening_double]))
    scores = [t["score"].format(name=item["name"], when=item["when"], points=item["points"]) for item in data["scoring"]]
    lines.extend(scores)
    if rules.family == "line":
        line = rules.line
        lines.append(t["draw"].format(when=t["draw_stuck" if line.draw_only_when_stuck else "draw_any"],
                                      at_once=t["at_once" if line.draw_one_at_a_time else "not_at_once"],
                                      passing=t["pass_empty" if line.pass_only_when_boneyard_empty else "pass_any"]))
        settlement = data["settlement"]
        lines.append(t["settle"].format(penalty=settlement["penalty"], award=settlement["award"],
                                        blocked=t["settle_blocked" if line.penalty_on_blocked else "settle_not_blocked"],
                                        floor=t["floor"].format(floor=line.floor) if line.floor is not None else ""))
    else:
        pile = rules.pile
        lines.append(t["pile"].format(limit=data["pile"]["limit"], exact=data["pile"]["exact_limit"]["points"],
                                      timing=t["timing_" + pile.exact_limit_timing]))
        lines.append(t["last"].format(points=data["last"]["points"]))
        lines.append(t["refill"].format(n=data["refill"]["to"]) if pile.refill else t["no_refill"])
        lines.append(t["go"].format(draw=t["go_draw"] if pile.go_draw else ""))
        lines.append(t["muggins"].format(last=t["muggins_last"] if pile.last_muggins else "") if rules.muggins.enabled
                     else t["no_muggins"])
    lines.append(t["win"].format(at_once=t["win_at_once"] if rules.immediate_win else ""))
    return lines


def end_name(end: int, lang: str) -> str:
    """`left`, `right`, `up`, `down` (or their Spanish) for an open end's index."""
    return _WORDS[lang][END_NAMES[end]]
