"""The line family's words: its log lines, the text's diagram explanations, its part of the
rules summary and of the table at the terminal, in English and in the texts' Spanish (ficha,
extremo abierto, montón, paso)."""
from __future__ import annotations

from typing import Any

from ...dsl import Expression
from ...dsl.words import Condition, Noun, Series, Term
from ...engine.common import Scored
from ...engine.table import Overshot, ScoreEarned
from ...narration import (count, describe_common, explain_score, player_name, point_signs, say, say_points,
                          scores_text)
from ...rules import Notation, Rules
from ...pieces import Tile
from . import game as D

END_NAMES = D.END_NAMES
SETTLEMENT_REASONS = (D.PENALTY_REASON, D.AWARD_REASON)  # the reasons a round's settlement scores for

WORDS = {
    "en": {
        "low": "low end", "high": "high end", "line": "line {side}",
        "placed": "Placed {tile}", "none": "none",
        "sum": "Contributions included in the sum: {terms} = {total}.",
        "points": "Points for the placement: {points}.",
        "tiles": "Tiles: {tiles}.", "branching": "Branching doubles: {doubles}.",
        "connections": "Connections: {items}.", "continuation": "Legal continuation points: {items}.",
        "contributions": "Contributions included in the sum: {items}.",
        "round": "Round {round}: {player} opens; {boneyard} in the boneyard.",
        "place": "{player} places {tile}{where}: ends {ends} = {total}.",
        "on_end": " on the {end} end", "opens": " to open",
        "draw": "{player} draws {tile} from the boneyard.",
        "draw_hidden": "{player} draws a tile from the boneyard.",
        "pass": "{player} passes.", "blocked": "Round {round} is blocked: nobody can place and nothing is left to draw.",
        "round_reserve": "Round {round}: {player} opens; {boneyard} to draw in the boneyard and {kept} set aside, never drawn.",
        "dominoed": "{player} has placed their last tile.",
        "revealed": "{player} holds {tiles} ({pips}).", "revealed_empty": "{player} holds nothing.",
        "round_end": "End of round {round}: {scores}.",
        "left": "left", "right": "right", "up": "up", "down": "down",
        # the summary
        "tiles_set": "A double-{n} set of {count} tiles.",
        "after_placement": "After every placement the open ends are summed ({spinner}; a double at an end counts {double}; an opening double counts {opening}).",
        "spinner_yes": "the first double is a spinner with four arms", "spinner_no": "no spinner",
        "both_halves": "both halves", "one_half": "one half", "once": "once", "per_end": "at each end",
        "draw_rule": "Drawing: {when}; {at_once}. Passing: {passing}.",
        "draw_stuck": "only with no tile to place", "draw_any": "at any time while tiles remain",
        "draw_never": "Drawing: never, every tile not dealt is set aside. Passing: {passing}.",
        "kept_count": "{tiles} with {players} players",
        "set_aside": " Set aside and never drawn: {counts}.",
        "at_once": "a playable drawn tile is placed at once", "not_at_once": "a drawn tile may be kept",
        "pass_empty": "only when nothing is left to draw", "pass_any": "whenever no tile can be placed",
        "settle": "End of round: {penalty}; {award}{floor}.{below_zero}",
        "penalty": "each player loses {points}{blocked}", "no_penalty": "nobody loses points for leftover tiles",
        "award": "{payee} gains {points}", "no_award": "nobody gains points for them",
        "why_rule": "Scoring entry {rule}",
        "settled": "Leftover tiles as the round ended: {held}. {rule} So {changes}.",
        "settled_loses": "{player} loses {points}", "settled_gains": "{player} gains {points}",
        "payee:dominoer": "the player who dominoed",
        "payee:lightest": "the player who dominoed (in a blocked round, the player holding strictly the fewest pips; "
                          "nobody on a tie)",
        "payee:lightest:sides": "the player who dominoed (in a blocked round, the side whose hands together hold strictly "
                                "the fewest pips; nobody on a tie)",
        "payee:nobody": "nobody",
        "settle_blocked": ", blocked rounds included", "settle_not_blocked": " (not in a blocked round)",
        "floor": "; the penalty takes no score below {floor}",
        "below_zero:penalty:both": " Where the penalty is below zero, the player gains instead of losing.",
        "below_zero:penalty:unknown": " Should the penalty be below zero, the player gains instead of losing.",
        "below_zero:penalty:opposite": " The penalty is never above zero: each player gains instead of losing.",
        "below_zero:award:both": " Where the award is below zero, the player loses instead of gaining.",
        "below_zero:award:unknown": " Should the award be below zero, the player loses instead of gaining.",
        "below_zero:award:opposite": " The award is never above zero: the player loses instead of gaining.",
        "first:high_draw": "The first round's opener is drawn by lot: each player draws a tile and the one with the "
                           "highest value of {rank} opens (tied players draw again).",
        "first:random": "The first round's opener is picked at random.",
        "first:holder": "The first round is opened by {holder}.",
        "next:lottery": "The next round's opener is drawn by lot again, as the first.",
        "next:clockwise": "The next round is opened by the player after its last opener.",
        "next:holder": "The next round is opened by {holder}.",
        "after_blocked:lottery": "After a blocked round the opener is drawn by lot again, as the first.",
        "after_blocked:clockwise": "After a blocked round the player after its opener opens.",
        "after_blocked:holder": "After a blocked round the opener is {holder}.",
        "every:holder": "Every round is opened by {holder}.",
        "holder:highest_double": "the holder of the highest double dealt (with no double dealt, of the heaviest tile)",
        "holder:heaviest": "the holder of the heaviest tile dealt (the higher half breaking ties)",
        "holder:tile": "the holder of {tile} (if it was not dealt, of the highest double, then of the heaviest tile)",
        "must_play": ", who must open with it",
        "drawn_first": " A drawn tile that fits both ends goes on the first end that fits.",
        # the terminal
        "stock_name": "boneyard", "table_line": "Line: {tiles}", "table_ends": "Open ends: {ends}; sum {sum}",
        "counts": "counts", "empty_line": "Line: empty (open it with any tile)",
    },
    "es": {
        "low": "extremo de valor bajo", "high": "extremo de valor alto", "line": "línea {side}",
        "placed": "Colocada {tile}", "none": "ninguno",
        "sum": "Aportaciones incluidas en la suma: {terms} = {total}.",
        "points": "Puntos por la colocación: {points}.",
        "tiles": "Fichas: {tiles}.", "branching": "Dobles de ramificación: {doubles}.",
        "connections": "Conexiones: {items}.", "continuation": "Puntos de continuación legal: {items}.",
        "contributions": "Aportaciones incluidas en la suma: {items}.",
        "round": "Ronda {round}: abre {player}; {left} {boneyard} en el montón.",
        "place": "{player} coloca {tile}{where}: extremos {ends} = {total}.",
        "on_end": " en el extremo {end}", "opens": " y abre",
        "draw": "{player} roba {tile} del montón.",
        "draw_hidden": "{player} roba una ficha del montón.",
        "pass": "{player} pasa.", "blocked": "La ronda {round} está bloqueada: nadie puede colocar y no queda nada que robar.",
        "round_reserve": "Ronda {round}: abre {player}; {boneyard} para robar en el montón y {kept} apartadas, que no se roban.",
        "dominoed": "{player} ha colocado su última ficha.",
        "revealed": "{player} tiene {tiles} ({pips}).", "revealed_empty": "{player} no tiene nada.",
        "round_end": "Fin de la ronda {round}: {scores}.",
        "left": "izquierdo", "right": "derecho", "up": "superior", "down": "inferior",
        "tiles_set": "Un juego de doble {n} de {count} fichas.",
        "after_placement": "Después de cada colocación se suman los extremos abiertos ({spinner}; un doble en un extremo cuenta {double}; un doble de apertura cuenta {opening}).",
        "spinner_yes": "el primer doble abre cuatro ramas", "spinner_no": "sin dobles de ramificación",
        "both_halves": "sus dos mitades", "one_half": "una mitad", "once": "una vez", "per_end": "en cada extremo",
        "draw_rule": "Robo: {when}; {at_once}. Paso: {passing}.",
        "draw_stuck": "solo sin colocación legal", "draw_any": "en cualquier momento mientras queden fichas",
        "draw_never": "Robo: nunca, toda ficha no repartida queda apartada. Paso: {passing}.",
        "kept_count": "{tiles} con {players} jugadores",
        "set_aside": " Apartadas, que nunca se roban: {counts}.",
        "at_once": "una ficha robada jugable se coloca de inmediato", "not_at_once": "una ficha robada puede guardarse",
        "pass_empty": "solo cuando no queda nada que robar", "pass_any": "siempre que no se pueda colocar",
        "settle": "Fin de la ronda: {penalty}; {award}{floor}.{below_zero}",
        "penalty": "cada jugador descuenta {points}{blocked}", "no_penalty": "nadie descuenta puntos por sus fichas restantes",
        "award": "{payee} se anota {points}", "no_award": "nadie se anota puntos por ellas",
        "why_rule": "Regla {rule}",
        "settled": "Fichas restantes al acabar la ronda: {held}. {rule} Así, {changes}.",
        "settled_loses": "{player} descuenta {points}", "settled_gains": "{player} se anota {points}",
        "payee:dominoer": "quien coloca su última ficha",
        "payee:lightest": "quien coloca su última ficha (en una ronda bloqueada, el jugador con estrictamente menos "
                          "puntos en la mano; nadie si hay empate)",
        "payee:lightest:sides": "quien coloca su última ficha (en una ronda bloqueada, el bando cuyas manos suman "
                                "estrictamente menos puntos; nadie si hay empate)",
        "payee:nobody": "nadie",
        "settle_blocked": ", también en una ronda bloqueada", "settle_not_blocked": " (no en una ronda bloqueada)",
        "floor": "; la penalización no deja ninguna puntuación por debajo de {floor}",
        "below_zero:penalty:both": " Si la penalización es negativa, el jugador gana esos puntos en vez de perderlos.",
        "below_zero:penalty:unknown": " Si la penalización fuera negativa, el jugador ganaría esos puntos en vez de "
                                      "perderlos.",
        "below_zero:penalty:opposite": " La penalización nunca es positiva: cada jugador gana esos puntos en vez de "
                                       "perderlos.",
        "below_zero:award:both": " Si el premio es negativo, quien lo recibe pierde esos puntos en vez de ganarlos.",
        "below_zero:award:unknown": " Si el premio fuera negativo, quien lo recibe perdería esos puntos en vez de "
                                    "ganarlos.",
        "below_zero:award:opposite": " El premio nunca es positivo: quien lo recibe pierde esos puntos en vez de "
                                     "ganarlos.",
        "first:high_draw": "Quien abre la primera ronda se sortea: cada jugador roba una ficha y abre quien saca el "
                           "valor más alto de {rank} (los empatados vuelven a robar).",
        "first:random": "Quien abre la primera ronda se elige al azar.",
        "first:holder": "Abre la primera ronda {holder}.",
        "next:lottery": "Quien abre la ronda siguiente se sortea otra vez, como el primero.",
        "next:clockwise": "Abre la ronda siguiente el jugador que sigue a quien la abrió la última vez.",
        "next:holder": "Abre la ronda siguiente {holder}.",
        "after_blocked:lottery": "Tras una ronda bloqueada, quien abre se sortea otra vez, como el primero.",
        "after_blocked:clockwise": "Tras una ronda bloqueada abre el jugador que sigue a quien la abrió.",
        "after_blocked:holder": "Tras una ronda bloqueada abre {holder}.",
        "every:holder": "Abre cada ronda {holder}.",
        "holder:highest_double": "quien tenga el doble más alto repartido (si no se repartió ningún doble, la ficha "
                                 "de más puntos)",
        "holder:heaviest": "quien tenga la ficha de más puntos repartida (a igualdad, la de mitad más alta)",
        "holder:tile": "quien tenga la ficha {tile} (si no se repartió, el doble más alto, y si no, la ficha de más puntos)",
        "must_play": ", que debe abrir con esa ficha",
        "drawn_first": " Una ficha robada que encaja en los dos extremos va al primero en que encaja.",
        "stock_name": "montón", "table_line": "Línea: {tiles}", "table_ends": "Extremos abiertos: {ends}; suma {sum}",
        "counts": "aporta", "empty_line": "Línea: vacía (ábrela con cualquier ficha)",
    },
}


_TILE = {
    "en": {
        "tile.high": Noun("the tile's high half"), "tile.low": Noun("the tile's low half"),
        "tile.pips": Noun("the tile's pip total"),
    },
    "es": {
        "tile.high": Noun("la mitad alta de la ficha", fem=True), "tile.low": Noun("la mitad baja de la ficha", fem=True),
        "tile.pips": Noun("el total de puntos de la ficha"),
    },
}

# What each name of a placement's scoring means (the shared `players`, `score`, `target` are narration's).
PLACEMENT_WORDS: dict[str, dict[str, Term]] = {
    "en": {
        **_TILE["en"],
        "ends_sum": Noun("the sum of the open ends"),
        "ends": Series(("contribution", "contributions"), ("open end", "open ends"), "the line", ""),
        "open_ends": Noun("the number of open ends", counted=("there is {n} open end", "there are {n} open ends")),
        "tile.is_double": Condition("the tile is a double", "the tile is not a double"),
        "opening": Condition("the tile opens the line", "the tile does not open the line"),
        "dominoed": Condition("the player has placed their last tile", "the player has not placed their last tile"),
        "hand_size": Noun("the number of tiles in the player's hand",
                          counted=("the player holds {n} tile", "the player holds {n} tiles")),
        "boneyard": Noun("the number of tiles in the boneyard",
                         counted=("there is {n} tile in the boneyard", "there are {n} tiles in the boneyard")),
        "round": Noun("the round's number"),
        "earned": Noun("the points the entries above gave for this placement", plural=True),
        "line.highs": Series(("high half", "high halves"), ("tile", "tiles"), "the line", " in the line"),
        "line.lows": Series(("low half", "low halves"), ("tile", "tiles"), "the line", " in the line"),
        "line.pips": Series(("pip total", "pip totals"), ("tile", "tiles"), "the line", " in the line"),
    },
    "es": {
        **_TILE["es"],
        "ends_sum": Noun("la suma de los extremos abiertos", fem=True),
        "ends": Series(("aportación", "aportaciones"), ("extremo abierto", "extremos abiertos"), "la línea", "",
                       attr_fem=True),
        "open_ends": Noun("el número de extremos abiertos", counted=("hay {n} extremo abierto", "hay {n} extremos abiertos")),
        "tile.is_double": Condition("la ficha es un doble", "la ficha no es un doble"),
        "opening": Condition("la ficha abre la línea", "la ficha no abre la línea"),
        "dominoed": Condition("el jugador ha colocado su última ficha", "el jugador no ha colocado su última ficha"),
        "hand_size": Noun("el número de fichas en la mano del jugador",
                          counted=("al jugador le queda {n} ficha", "al jugador le quedan {n} fichas")),
        "boneyard": Noun("el número de fichas del montón",
                         counted=("queda {n} ficha en el montón", "quedan {n} fichas en el montón")),
        "round": Noun("el número de la ronda"),
        "earned": Noun("lo que las entradas anteriores han dado por esta colocación"),
        "line.highs": Series(("mitad alta", "mitades altas"), ("ficha", "fichas"), "la línea", " de la línea",
                             attr_fem=True, item_fem=True),
        "line.lows": Series(("mitad baja", "mitades bajas"), ("ficha", "fichas"), "la línea", " de la línea",
                            attr_fem=True, item_fem=True),
        "line.pips": Series(("valor", "valores"), ("ficha", "fichas"), "la línea", " de la línea", item_fem=True),
    },
}

# What each name of the settlement means: said of each player in turn.
SETTLEMENT_WORDS: dict[str, dict[str, Term]] = {
    "en": {
        "hand_pips": Noun("the pips of their leftover tiles", plural=True),
        "hand_size": Noun("the number of their leftover tiles",
                          counted=("they hold {n} tile", "they hold {n} tiles")),
        "side_pips": Noun("the pips of their side's leftover tiles", plural=True),
        "opponents_pips": Noun("the pips of the opponents' leftover tiles", plural=True),
        "lightest": Condition("their side holds the fewest pips", "their side does not hold the fewest pips"),
        "dominoed": Condition("they placed their last tile", "they did not place their last tile"),
        "blocked": Condition("the round is blocked", "the round is not blocked"),
    },
    "es": {
        "hand_pips": Noun("la suma de sus fichas restantes", fem=True),
        "hand_size": Noun("el número de sus fichas restantes",
                          counted=("le queda {n} ficha", "le quedan {n} fichas")),
        "side_pips": Noun("la suma de las fichas restantes de su bando", fem=True),
        "opponents_pips": Noun("la suma de las fichas restantes de los oponentes", fem=True),
        "lightest": Condition("su bando es el que menos puntos tiene en la mano",
                              "su bando no es el que menos puntos tiene en la mano"),
        "dominoed": Condition("colocó su última ficha", "no colocó su última ficha"),
        "blocked": Condition("la ronda está bloqueada", "la ronda no está bloqueada"),
    },
}


def glossary(place: str, lang: str) -> dict[str, Term]:
    """The names of `place` in `lang`: the settlement's, or a placement's (the opener's lottery
    reads only the tile's)."""
    return SETTLEMENT_WORDS[lang] if place.startswith("settlement") else PLACEMENT_WORDS[lang]


def side_name(side: str, lang: str) -> str:
    w = WORDS[lang]
    return str(w[side]) if side in ("low", "high") else str(w["line"]).format(side=side)


def end_name(end: int, lang: str) -> str:
    """`left`, `right`, `up`, `down` (or their Spanish) for an open end's index."""
    return str(WORDS[lang][END_NAMES[end]])


def diagram_order(placed: Any) -> tuple[list[Any], list[tuple[Tile, int]]]:
    """The open ends and the contributions in the order the text's diagrams read them: along
    the line, except a lone opening tile, read high half first (the opening [1|4] is
    "4 + 1 = 5 ... (extremo de valor alto, 4); (extremo de valor bajo, 1)")."""
    ends, contributions = list(placed.ends), list(placed.contributions)
    if len(placed.tiles) == 1 and not placed.tiles[0].is_double:
        ends.reverse()
        contributions.reverse()
    return ends, contributions


def explain_placement(placed: Any, spinner: Tile | None, lang: str = "en") -> str:
    """The content of the text's diagram for one placement, word for word and in its order:
    the sum and the points, tiles, connections, continuation points, the contributions."""
    w = WORDS[lang]
    ends, included = diagram_order(placed)
    terms = " + ".join(str(amount) for _, amount in included) or "0"
    tiles = ", ".join(map(str, placed.tiles))
    # "Conexiones: ninguno", as the text's diagrams write it
    connections = "; ".join(connection_text(c, lang) for c in placed.connections) or w["none"]
    continuation = "; ".join(continuation_text(end, lang) for end in ends)
    contributions = "; ".join(f"{tile}: {amount}" for tile, amount in included) or w["none"]
    return " ".join([
        w["placed"].format(tile=placed.tile) + ".",
        w["sum"].format(terms=terms, total=placed.ends_sum),
        w["points"].format(points=count(placed.points, "raw point", lang)),
        w["tiles"].format(tiles=tiles),
        w["branching"].format(doubles=str(spinner) if spinner else w["none"]),
        w["connections"].format(items=connections),
        w["continuation"].format(items=continuation),
        w["contributions"].format(items=contributions),
    ])


def spinner_then(rules: Rules, placed: Any) -> Tile | None:
    """The branching double on the line as `placed` was made, where the rules have one: the first
    double placed (its tiles, in the order placed), not the line's now (a later round's, or one a
    later placement made)."""
    return next((tile for tile in placed.tiles if tile.is_double), None) if rules.options.spinner else None


def connection_text(connection: Any, lang: str) -> str:
    """`[1|4] (low end) – [1|1] (line A)`: which side of which tile a placed tile touched."""
    return (f"{connection.to_tile} ({side_name(connection.to_side, lang)}) – "
            f"{connection.tile} ({side_name(connection.side, lang)})")


def continuation_text(end: Any, lang: str) -> str:
    """`[1|1] (line B, 1)`: an open end, where play can continue."""
    return f"{end.tile} ({side_name(end.side, lang)}, {end.value})"


def describe(event: Any, lang: str, target: int, notation: Notation | None, viewer: int | None = None,
             rules: Rules | None = None) -> str | None:
    """One log line for a domino event (None for events that need no line)."""
    common = describe_common(event, lang, target, notation, rules=rules)
    if common is not None:
        return common
    w = WORDS[lang]
    if isinstance(event, D.RoundStarted):
        kept = rules.options.reserve({"players": len(event.hands)}) if rules is not None else 0
        if kept:  # tiles out of play (draw.reserve) are no boneyard a player can count on
            return w["round_reserve"].format(round=event.round, player=player_name(event.opener, lang),
                                             boneyard=count(event.boneyard - kept, "tile", lang),
                                             kept=count(kept, "tile", lang))
        return w["round"].format(round=event.round, player=player_name(event.opener, lang),
                                 boneyard=count(event.boneyard, "tile", lang), left="queda" if event.boneyard == 1 else "quedan")
    if isinstance(event, D.Placed):
        where = w["opens"] if event.end is None else w["on_end"].format(end=w[END_NAMES[event.end]])
        terms = " + ".join(str(amount) for _, amount in diagram_order(event)[1]) or "0"
        return w["place"].format(player=player_name(event.player, lang), tile=event.tile, where=where,
                                 ends=terms, total=event.ends_sum)
    if isinstance(event, D.Drew):
        if viewer in (None, event.player) and event.tile is not None:
            return w["draw"].format(player=player_name(event.player, lang), tile=event.tile)
        return w["draw_hidden"].format(player=player_name(event.player, lang))
    if isinstance(event, D.Passed):
        return w["pass"].format(player=player_name(event.player, lang))
    if isinstance(event, D.Revealed):
        if not event.tiles:
            return w["revealed_empty"].format(player=player_name(event.player, lang))
        tiles = " ".join(map(str, event.tiles))
        return w["revealed"].format(player=player_name(event.player, lang), tiles=tiles, pips=count(event.pips, "pip", lang))
    if isinstance(event, D.RoundBlocked):
        return w["blocked"].format(round=event.round)
    if isinstance(event, D.Dominoed):
        return w["dominoed"].format(player=player_name(event.player, lang))
    if isinstance(event, D.RoundEnded):
        return w["round_end"].format(round=event.round, scores=scores_text(event.scores, lang, notation))
    return None


def explain_last_score(rules: Rules, state: Any, lang: str) -> str | None:
    """The diagram of the most recent placement that scored, and the scoring entries it met, in
    words; or, when a round's settlement scored last, that settlement (`explain_settlement`)."""
    events = state.events
    last = next((event for event in reversed(events) if isinstance(event, Scored) and event.points), None)
    if last is not None and last.reason in SETTLEMENT_REASONS:
        return explain_settlement(rules, events, lang)
    at = next((i for i in range(len(events) - 1, -1, -1) if isinstance(events[i], D.Placed) and events[i].points), None)
    if at is None:
        return None
    reasons: list[str] = []
    for event in events[at + 1:]:
        if isinstance(event, (D.Placed, D.Passed, D.Drew, D.RoundEnded)):
            break
        reason = event.score.reason if isinstance(event, ScoreEarned) else event.reason if isinstance(event, Scored) else None
        if reason is not None and reason not in reasons:
            reasons.append(reason)
    rules_text = [explain_score(rules, reason, lang) for reason in reasons]
    return " ".join([explain_placement(events[at], spinner_then(rules, events[at]), lang)]
                    + [WORDS[lang]["why_rule"].format(rule=text) for text in rules_text if text])


def explain_settlement(rules: Rules, events: list[Any], lang: str) -> str:
    """The last round's settlement in `events`: each player's leftover pips, the rule file's
    settlement in words (its rounding, who loses and who gains), and each score it changed."""
    w = WORDS[lang]
    held: list[Any] = []
    changes: list[Any] = []
    for event in reversed(events):
        if isinstance(event, D.Revealed):
            held.insert(0, event)
        elif isinstance(event, Scored) and event.reason in SETTLEMENT_REASONS:
            changes.insert(0, event)
        elif not isinstance(event, Overshot):
            break
    pips = ", ".join(f"{player_name(event.player, lang)} {count(event.pips, 'pip', lang)}" for event in held)
    said = ", ".join(w["settled_loses" if event.points < 0 else "settled_gains"].format(
        player=player_name(event.player, lang), points=abs(event.points)) for event in changes)
    return w["settled"].format(held=pips, rule=settlement_text(rules, lang), changes=said)


def summary(rules: Rules, lang: str) -> tuple[list[str], list[str]]:
    """The line family's summary lines: before the scoring entries (the set, the line) and after
    them (drawing, passing, the settlement)."""
    w = WORDS[lang]
    o = rules.options
    before = [w["tiles_set"].format(n=rules.pieces.highest_pip, count=len(rules.pieces)),
              w["after_placement"].format(spinner=w["spinner_yes" if o.spinner else "spinner_no"],
                                          double=w[o.double_at_end], opening=w[o.opening_double]),
              *_openers(rules, lang)]
    return before, [_draw_rule(rules, lang), settlement_text(rules, lang)]


def settlement_text(rules: Rules, lang: str) -> str:
    """The settlement of a round's end in words: who loses and who gains what, from the rule file."""
    w, o = WORDS[lang], rules.options
    return w["settle"].format(penalty=_settlement_part(rules, "penalty", lang),
                              award=_settlement_part(rules, "award", lang),
                              floor=w["floor"].format(floor=o.floor) if o.floor is not None else "",
                              below_zero=_below_zero(rules, "penalty", lang) + _below_zero(rules, "award", lang))


USUAL_OPENERS = {"first": "high_draw", "rank": "tile.pips", "next": "dominoer", "after_blocked": "lottery"}


def _openers(rules: Rules, lang: str) -> list[str]:
    """Who opens the first round, the next, and the one after a blocked round, where the rule file
    differs from the domino text's game (`USUAL_OPENERS`: the lot by pips, then the dominoer, a new
    lot after a blocked round), which the summary leaves unsaid; the blocked round's too when the
    next round's is said otherwise than it (the dominoer's rule never reads as covering it)."""
    w, o = WORDS[lang], rules.options
    holder = ""
    if o.holder is not None:
        piece = o.holder.piece
        holder = w[f"holder:{piece}"] if f"holder:{piece}" in w else w["holder:tile"].format(tile=piece)
        holder += w["must_play"] if o.holder.must_play else ""
    first, lines = o.first_opener, []
    if first.method == o.next_opener == o.opener_after_blocked == "holder":
        return [w["every:holder"].format(holder=holder)]
    rank = first.rank.source.strip() if first.rank is not None else USUAL_OPENERS["rank"]
    if first.method != USUAL_OPENERS["first"] or rank != USUAL_OPENERS["rank"]:
        rank = say(rules, "opener.first.rank", first.rank, lang) if first.rank is not None else ""
        lines.append(w[f"first:{first.method}"].format(rank=rank, holder=holder))
    for key, chosen in (("next", o.next_opener), ("after_blocked", o.opener_after_blocked)):
        differs = o.next_opener != USUAL_OPENERS["next"] and chosen != o.next_opener  # blocked: said apart
        if chosen != USUAL_OPENERS[key] or (key == "after_blocked" and differs):
            lines.append(w[f"{key}:{chosen}"].format(holder=holder))
    return lines


def _draw_rule(rules: Rules, lang: str) -> str:
    """When a player draws and passes, and the tiles `draw.reserve` sets aside (by the number of
    players): a game that sets aside every tile not dealt has no drawing at all."""
    w = WORDS[lang]
    o = rules.options
    kept = {n: o.reserve({"players": n}) for n in rules.player_counts}
    left = {n: len(rules.pieces) - rules.hand_size(n) * n - kept[n] for n in rules.player_counts}
    passing = w["pass_empty" if o.pass_only_when_boneyard_empty else "pass_any"]
    if not any(left.values()):
        text = w["draw_never"].format(passing=passing)
    else:
        text = w["draw_rule"].format(when=w["draw_stuck" if o.draw_only_when_stuck else "draw_any"],
                                     at_once=w["at_once" if o.draw_one_at_a_time else "not_at_once"], passing=passing)
    if o.drawn_tile_end == "first":
        text += w["drawn_first"]
    if any(kept.values()):
        counts = ", ".join(w["kept_count"].format(tiles=count(kept[n], "tile", lang), players=n) for n in kept)
        text += w["set_aside"].format(counts=counts)
    return text


def _settled(rules: Rules, part: str) -> Expression | None:
    """The formula of a part of the settlement (`penalty`, `award`); None when it settles nothing."""
    o = rules.options
    expression = o.penalty if part == "penalty" else o.award
    if expression.source.strip() == "0" or (part == "award" and o.paid_to == "nobody"):
        return None
    return expression


def _settlement_part(rules: Rules, part: str, lang: str) -> str:
    """"each player loses the pips of their leftover tiles, ...", or that nobody loses (or gains) anything."""
    w = WORDS[lang]
    o = rules.options
    expression = _settled(rules, part)
    if expression is None:
        return w[f"no_{part}"]
    points = say_points(rules, f"settlement.{part}", expression, lang)
    return w[part].format(points=points, payee=w[_payee(rules)],
                          blocked=w["settle_blocked" if o.penalty_on_blocked else "settle_not_blocked"])


def _payee(rules: Rules) -> str:
    """The words naming who gains the award: the lightest on a blocked round is a side, its hands'
    pips together, wherever partners play (for some allowed number of players), else one player."""
    paid_to = rules.options.paid_to
    partners = any(rules.seating.side_count(n) != n for n in rules.player_counts)
    return f"payee:{paid_to}:sides" if paid_to == "lightest" and partners else f"payee:{paid_to}"


def _below_zero(rules: Rules, part: str, lang: str) -> str:
    """What a part of the settlement does where it can be below zero, as the game plays it (`point_signs`):
    a penalty below zero is a gain, an award below zero a loss; nothing where it never is."""
    expression = _settled(rules, part)
    signs = None if expression is None else point_signs(rules, expression, f"settlement.{part}")
    if expression is None or (signs is not None and -1 not in signs):
        return ""
    kind = "unknown" if signs is None else "both" if 1 in signs else "opposite"
    return WORDS[lang][f"below_zero:{part}:{kind}"]


def show_table(view: Any, lang: str) -> list[str]:
    """The line as laid out, its open ends and what they count."""
    w = WORDS[lang]
    line = view.line
    if line.empty:
        lines = [w["empty_line"]]
    else:
        counted = dict(line.contributions_by_end())
        ends = ", ".join(f"{end_name(i, lang)} {end.value}"
                         + (f" ({w['counts']} {counted.get(i, 0)})" if counted.get(i, 0) != end.value else "")
                         for i, end in enumerate(line.ends))
        lines = [w["table_line"].format(tiles=line.layout(w["up"], w["down"])), w["table_ends"].format(ends=ends, sum=line.ends_sum())]
    return lines


def hand_text(view: Any) -> str:
    return " ".join(map(str, sorted(view.hand)))
