"""Words for the event stream: the game log and the explanations, in English and Spanish.

What every family says alike lives here (players, lots, scores, claims and "Muggins!", the end
of the game, the parts of the rules summary that the table owns); each family's own words live
in its folder (`families/*/words.py`) and are reached through the family. The Spanish follows the
rule texts' own terms (ficha, extremo abierto, montón, paso, pila, total acumulado, ¡Muggins!).
"""
from __future__ import annotations

import re
from typing import Any, Iterable, Iterator, Mapping, Sequence

from .dsl import Expression
from .dsl.bounds import bounds, either
from .dsl.compiler import Table
from .dsl.words import Noun, Term, always, join, verbalize, verbalize_points
from .engine import table as T
from .engine.common import GameEnded, LotteryDrawn, Scored
from .errors import RuleError
from .families import family_of
from .messages import count
from .rules import Notation


_WORDS = {
    "en": {
        "player": "P{n}",
        "lottery": "Lots for the {purpose}: {draws}; {player} wins.",
        "purpose:first opener": "first opener", "purpose:next opener": "next opener",
        "purpose:first dealer": "first dealer", "purpose:next dealer": "next dealer",
        "scored": "{player} scores {points} ({reason}): {score}.",
        "scored_side": "{player} scores {points} ({reason}) for the side of {side}: {score}.",
        "penalty": "{player} loses {points} ({reason}): {score}.",
        "penalty_side": "{player} loses {points} ({reason}) for the side of {side}: {score}.",
        "winner": "{player} wins with {score} (target {target}) in round {rounds}.",
        "winners": "{players} win with {score} (target {target}) in round {rounds}.", "and": "and",
        "unfinished": "Unfinished: nobody reached {target} in {rounds} ({scores}).",
        "unfinished_tied": "Unfinished: still tied at {target} or more after {rounds} ({scores}).",
        "reason:leftover pips": "leftover pips", "reason:opponents' pips": "opponents' pips",
        "reason:last": "last", "reason:exact limit": "exactly the limit", "reason:muggins": "Muggins!",
        "reason:false muggins": "a false Muggins call",
        "not_claimed": "{player} does not claim {points} ({reason}).",
        "stolen": "{by}: Muggins! {by} takes {player}'s {points} ({reason}).",
        "forfeited:one": "{player}'s {points} ({reason}) is lost.",
        "forfeited:many": "{player}'s {points} ({reason}) are lost.",
        "false_call": "{player} calls Muggins, but nothing is unclaimed.",
        "overshot": "{player}'s {points} ({reason}) would pass the target: they do not count.",
        "record": "Record written to {path}.",
        # the summary
        "players": "{players} players: {deal} each, target {target}.",
        "score": "\"{name}\": when {when}, scores {points}{claim}.",
        "score_always": "\"{name}\": scores {points} every time{claim}.",
        "must_claim": " (to be claimed)", "at_once": " (added at once)",
        "claim_or_loss": " (to be claimed; a loss is added at once)",
        "claim_unless_loss": " (to be claimed; should it be a loss, it is added at once)",
        "loss_at_once": " (a loss: added at once, never claimed)",
        "muggins": "A score must be claimed before {window}; unclaimed points can be taken by calling Muggins{last}.",
        "window:next_action": "the next player acts", "window:immediate": "anything else happens",
        "muggins_last": " (\"last\" points too)", "muggins_not_last": " (not \"last\" points: those are lost)",
        "no_muggins": "Points not claimed in time are lost.",
        "false_call_cost": " A false Muggins call costs {points}.",
        "order:seat": " Opponents are asked from seat 1 up; the first who calls takes the points.",
        "simultaneous:earlier_score": " When one play both scores and opens an earlier score to Muggins calls, the "
                                      "calls on the earlier score come first.",
        "sides": "{sides} sides: partners sit {apart} seats apart and share one score.",
        "sides_with": "With {players} players, {sides} sides: partners sit {apart} seats apart and share one score.",
        "or": "or",
        "direction": "Play goes counterclockwise.",
        "win": "The first to reach the target wins{at_once}.", "win_at_once": " at once, even mid-round",
        "win_round_end": "The game is decided when a round ends: the highest score at or over the target wins{tie}.",
        "tie:opener_order": "; a tie goes to the first of the tied players in the order of play from the round's opener",
        "tie:seat_order": "; a tie goes to the one in the lowest seat",
        "tie:play_on": "; on a tie, nobody wins yet and another round is played",
        "overshoot:void": " A score that would pass the target does not count.",
        "overshoot:capped": " A score that would pass the target stops at it.",
    },
    "es": {
        "player": "J{n}",
        "lottery": "Sorteo del {purpose}: {draws}; gana {player}.",
        "purpose:first opener": "primer jugador que abre", "purpose:next opener": "jugador que abre",
        "purpose:first dealer": "primer repartidor", "purpose:next dealer": "siguiente repartidor",
        "scored": "{player} anota {points} ({reason}): {score}.",
        "scored_side": "{player} anota {points} ({reason}) para el bando de {side}: {score}.",
        "penalty": "{player} descuenta {points} ({reason}): {score}.",
        "penalty_side": "{player} descuenta {points} ({reason}) al bando de {side}: {score}.",
        "winner": "Gana {player} con {score} (objetivo {target}) en la ronda {rounds}.",
        "winners": "Ganan {players} con {score} (objetivo {target}) en la ronda {rounds}.", "and": "y",
        "unfinished": "Partida sin terminar: nadie alcanzó {target} en {rounds} ({scores}).",
        "unfinished_tied": "Partida sin terminar: siguen empatados en {target} o más tras {rounds} ({scores}).",
        "reason:leftover pips": "fichas restantes", "reason:opponents' pips": "fichas de los oponentes",
        "reason:last": "último", "reason:exact limit": "exactamente el límite", "reason:muggins": "¡Muggins!",
        "reason:false muggins": "un «¡Muggins!» en falso",
        "reason:multiple of five": "múltiplo de cinco",
        "not_claimed": "{player} no reclama {points} ({reason}).",
        "stolen": "{by}: ¡Muggins! {by} se lleva {points} de {player} ({reason}).",
        "forfeited:one": "Se pierde {points} de {player} ({reason}).",
        "forfeited:many": "Se pierden {points} de {player} ({reason}).",
        "false_call": "{player} grita «¡Muggins!», pero no hay nada sin reclamar.",
        "overshot": "Los {points} de {player} ({reason}) pasarían del objetivo: no cuentan.",
        "record": "Acta de la partida escrita en {path}.",
        "players": "{players} jugadores: {deal} cada uno, objetivo {target}.",
        "score": "«{name}»: cuando {when}, anota {points}{claim}.",
        "score_always": "«{name}»: anota {points} cada vez{claim}.",
        "must_claim": " (hay que reclamar)", "at_once": " (se suman solos)",
        "claim_or_loss": " (hay que reclamar; una pérdida se descuenta al momento)",
        "claim_unless_loss": " (hay que reclamar; si fuera una pérdida, se descuenta al momento)",
        "loss_at_once": " (una pérdida: se descuenta al momento, sin reclamarla)",
        "muggins": "Cada puntuación se reclama antes de que {window}; si no, un oponente puede llevársela gritando «¡Muggins!»{last}.",
        "window:next_action": "actúe el siguiente jugador", "window:immediate": "ocurra cualquier otra cosa",
        "muggins_last": " (también los puntos de «último»)",
        "muggins_not_last": " (salvo los puntos de «último»: esos se pierden)", "no_muggins": "Los puntos no reclamados a tiempo se pierden.",
        "false_call_cost": " Un «¡Muggins!» en falso cuesta {points}.",
        "order:seat": " Se pregunta a los oponentes desde el puesto 1 en adelante; se lleva los puntos el primero que grita.",
        "simultaneous:earlier_score": " Cuando una misma jugada anota y deja una puntuación anterior expuesta a "
                                      "«¡Muggins!», van primero los gritos sobre la anterior.",
        "sides": "{sides} bandos: los compañeros se sientan a {apart} puestos de distancia y comparten una puntuación.",
        "sides_with": ("Con {players} jugadores, {sides} bandos: los compañeros se sientan a {apart} puestos de "
                       "distancia y comparten una puntuación."),
        "or": "o",
        "direction": "Se juega en sentido antihorario.",
        "win": "Gana el primero en alcanzar el objetivo{at_once}.", "win_at_once": ", de inmediato, incluso a mitad de ronda",
        "win_round_end": "La partida se decide al terminar una ronda: gana la puntuación más alta entre las que "
                         "alcanzan o pasan el objetivo{tie}.",
        "tie:opener_order": "; un empate lo gana, de los empatados, el primero en el orden de juego desde quien abre la ronda",
        "tie:seat_order": "; un empate lo gana el del puesto más bajo",
        "tie:play_on": "; si hay empate, nadie gana aún y se juega otra ronda",
        "overshoot:void": " Una puntuación que pasaría del objetivo no cuenta.",
        "overshoot:capped": " Una puntuación que pasaría del objetivo se queda en él.",
    },
}


# The names every place of a rule file can read, in words (each family adds its own: `Family.glossary`).
SHARED_GLOSSARY: dict[str, dict[str, Term]] = {
    "en": {"players": Noun("the number of players", counted=("there is {n} player", "there are {n} players")),
           "score": Noun("the player's score"), "target": Noun("the target")},
    "es": {"players": Noun("el número de jugadores", counted=("hay {n} jugador", "hay {n} jugadores")),
           "score": Noun("la puntuación del jugador", fem=True), "target": Noun("el objetivo")},
}


def words(lang: str) -> dict[str, str]:
    return _WORDS[lang]


def player_name(player: int, lang: str) -> str:
    return _WORDS[lang]["player"].format(n=player + 1)


def winners_name(outcome: Any, lang: str) -> str:
    """Who won a game, as its log names them: the winner, `P1`, or with partners the side,
    `P1 and P3` (`J1 y J3`), since partners win together."""
    return side_name((outcome.winner, *outcome.partners), lang)


def side_name(players: Iterable[int], lang: str) -> str:
    """Players named together in seat order, as a sentence lists them: `P1 and P3`, `P1, P3 and P5`."""
    names = [player_name(p, lang) for p in sorted(players)]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" {_WORDS[lang]['and']} {names[-1]}"


def reason_name(reason: str, lang: str, rules: Any = None) -> str:
    """What a score is called in `lang`: the rule file's own translation of a scoring entry's
    name, else the table's word for its own reasons ("last", "Muggins!"), else the name as written."""
    own = rules.score_name(reason, lang) if rules is not None else None
    return own or _WORDS[lang].get(f"reason:{reason}", reason)


def glossary(rules: Any, place: str, lang: str) -> Mapping[str, Term]:
    """What each name of `place` (`scoring`, a rule-file path, or `players`) means in `lang`."""
    family = family_of(rules)
    own = family.glossary(place, lang) if place in family.contexts() else {}
    return {**SHARED_GLOSSARY[lang], **own}


def say(rules: Any, place: str, expression: Expression | str | int | bool, lang: str) -> str:
    """An expression of the rule file, written at `place`, in words."""
    return verbalize(expression, glossary(rules, place, lang), lang)


def say_points(rules: Any, place: str, expression: Expression | str | int | bool, lang: str) -> str:
    """A number of points of the rule file in words: "2 points", or the formula's phrase."""
    return verbalize_points(expression, glossary(rules, place, lang), lang)


def explain_score(rules: Any, name: str, lang: str) -> str | None:
    """What a scoring entry says, in words: "when the running total is a multiple of 5, scores
    the running total" (None for a reason that is no entry of the file)."""
    entry = next((score for score in rules.scoring if score.name == name), None)
    if entry is None:
        return None
    return _score_line(rules, entry, lang, "")


def _score_line(rules: Any, entry: Any, lang: str, claim: str) -> str:
    t = _WORDS[lang]
    name = reason_name(entry.name, lang, rules)
    points = say_points(rules, "scoring", entry.points, lang)
    if always(entry.when):
        return t["score_always"].format(name=name, points=points, claim=claim)
    return t["score"].format(name=name, when=say(rules, "scoring", entry.when, lang), points=points, claim=claim)


# symbols of one kind a tally writes out; more are written with their count (`⊠×2000`): a score a
# house rule makes huge is still a line, not billions of symbols
LONGEST_RUN = 20


def tally(score: int, notation: Notation) -> str:
    """A score in the paper notation: a crossed symbol (X with an x in each space) per `cross`
    points, a stroke per `stroke` points, and any remainder as a number."""
    sign = "-" if score < 0 else ""
    rest = abs(score)
    crosses, rest = divmod(rest, notation.cross)
    strokes, rest = divmod(rest, notation.stroke)
    symbols = [part for part in (_run("⊠", crosses), _run("|", strokes)) if part]
    parts = [*symbols, (f"+{rest}" if symbols else str(rest)) if rest else ""]  # 3 is "3", 53 "⊠ +3"
    text = " ".join(part for part in parts if part)
    return sign + (text or "0")


def _run(symbol: str, times: int) -> str:
    return symbol * times if times <= LONGEST_RUN else f"{symbol}×{times}"


def scores_text(scores: Iterable[int], lang: str, notation: Notation | None = None) -> str:
    return ", ".join(f"{player_name(i, lang)} {s}" + (f" [{tally(s, notation)}]" if notation else "")
                     for i, s in enumerate(scores))


def describe_common(event: Any, lang: str, target: int, notation: Notation | None, name: Any = str,
                    rules: Any = None) -> str | None:
    """Log lines shared by both game families (lots, scores, the end of the game); score names
    come from `rules` when given (its translations)."""
    w = _WORDS[lang]
    if isinstance(event, LotteryDrawn):
        draws = "; ".join(", ".join(f"{player_name(p, lang)} {name(piece)}" for p, piece in rnd) for rnd in event.rounds)
        return w["lottery"].format(purpose=w.get(f"purpose:{event.purpose}", event.purpose),
                                   draws=draws or "—", player=player_name(event.winner, lang))
    if isinstance(event, Scored):
        key = ("penalty" if event.points < 0 else "scored") + ("_side" if event.partners else "")
        shown = f"{event.score}" + (f" [{tally(event.score, notation)}]" if notation else "")
        side = side_name((event.player, *event.partners), lang)
        return w[key].format(player=player_name(event.player, lang), points=abs(event.points),
                             reason=reason_name(event.reason, lang, rules), score=shown, side=side)
    if isinstance(event, (T.NotClaimed, T.Forfeited, T.Stolen)):
        score = event.score
        key = {T.NotClaimed: "not_claimed", T.Forfeited: "forfeited:" + ("one" if abs(score.points) == 1 else "many"),
               T.Stolen: "stolen"}[type(event)]
        # what is lost or taken is a number of points, agreeing with it (`1 point`), as a claim is
        points = score.points if key == "not_claimed" else count(score.points, "point", lang)
        return w[key].format(player=player_name(score.player, lang), points=points,
                             reason=reason_name(score.reason, lang, rules), by=player_name(getattr(event, "by", 0), lang))
    if isinstance(event, T.FalseCall):
        return w["false_call"].format(player=player_name(event.player, lang))
    if isinstance(event, T.Overshot):
        return w["overshot"].format(player=player_name(event.player, lang), points=event.points,
                                    reason=reason_name(event.reason, lang, rules))
    if isinstance(event, GameEnded):
        outcome = event.outcome
        if outcome.winner is None:  # the round cap: nobody at the target, or a tie there never broken (`play_on`)
            key = "unfinished_tied" if max(outcome.scores) >= target else "unfinished"
            return w[key].format(target=target, rounds=count(outcome.rounds, "round", lang),
                                          scores=scores_text(outcome.scores, lang, notation))
        if outcome.partners:
            return w["winners"].format(players=winners_name(outcome, lang), score=outcome.scores[outcome.winner],
                                       target=target, rounds=outcome.rounds)
        return w["winner"].format(player=player_name(outcome.winner, lang), score=outcome.scores[outcome.winner],
                                  target=target, rounds=outcome.rounds)
    return None


def describe(rules: Any, event: Any, lang: str, target: int, notation: Notation | None = None,
             viewer: int | None = None) -> str | None:
    """One log line for any event of a game played under `rules`; with a `viewer`, pieces other
    players draw stay hidden, as at the table (a viewer that is no seat, -1, sees nobody's)."""
    return family_of(rules).describe(rules, event, lang, target, notation, viewer)


def explain_last_score(rules: Any, state: Any, lang: str) -> str | None:
    """Why the most recent score was earned, in the game's words (None when nothing has scored)."""
    return family_of(rules).explain_last_score(rules, state, lang)


def summarize_rules(rules: Any, lang: str = "en") -> list[str]:
    """A short summary generated from the compiled rules, so a variant's summary is always right."""
    t = _WORDS[lang]
    before, after = family_of(rules).summary(rules, lang)
    lines = [f"{rules.title_in(lang)} ({rules.name}): {rules.description_in(lang)}", *before]
    lines.append(" ".join(t["players"].format(players=n, deal=rules.hand_size(n), target=rules.target_for(n))
                          for n in rules.player_counts))
    if rules.seating.direction < 0:
        lines.append(t["direction"])
    lines.extend(_sides(rules, lang))
    for entry in rules.scoring:
        lines.append(_score_line(rules, entry, lang, claim_words(rules, entry.claim, entry.points, lang, entry.when)))
    lines.extend(after)
    m = rules.muggins
    if rules.has_claims:
        last_muggins = getattr(rules.options, "last_muggins", None)  # a game with "last": whether it is taken
        last_points = getattr(rules.options, "last_points", None)
        # "last" is a claim only in a game of claims, and only when its points can be above zero
        claimed = rules.claims_required and last_points is not None and _can_gain(rules, last_points, "last.points")
        last = t["muggins_last"] if last_muggins and claimed else t["muggins_not_last"] if claimed and \
            last_muggins is False else ""
        text = t["muggins"].format(window=t[f"window:{m.window}"], last=last) if m.enabled else t["no_muggins"]
        if m.false_call is not None:
            text += t["false_call_cost"].format(points=m.false_call)
        if m.enabled:  # what only Muggins calls decide, said where the table's defaults are not taken
            text += "".join(t[key] for key in (f"order:{m.order}", f"simultaneous:{rules.simultaneous}") if key in t)
        lines.append(text)
    if rules.immediate_win:
        win = t["win"].format(at_once=t["win_at_once"])
    else:  # the target is looked at only when a round ends (`win.tie` breaks equal highest scores)
        win = t["win_round_end"].format(tie=t[f"tie:{rules.tie}"])
    lines.append(win + (t[f"overshoot:{rules.overshoot}"] if rules.overshoot != "counts" else ""))
    if lang == "es":  # a phrase put after «de» or «a» that begins with «el»: Spanish contracts them
        lines[1:] = [re.sub(r"\b(de|a) el\b", lambda m: "del" if m.group(1) == "de" else "al", line) for line in lines[1:]]
    return lines


def _sides(rules: Any, lang: str) -> list[str]:
    """The partnerships: with how many players each number of sides is played, unless every
    number of players the rules allow plays with the same sides."""
    t = _WORDS[lang]
    by_sides: dict[int, list[int]] = {}
    for n in rules.player_counts:
        if rules.seating.side_count(n) != n:
            by_sides.setdefault(rules.seating.side_count(n), []).append(n)
    if len(by_sides) == 1 and sum(by_sides.values(), []) == list(rules.player_counts):
        return [t["sides"].format(sides=s, apart=s) for s in by_sides]
    return [t["sides_with"].format(sides=s, apart=s, players=join([str(n) for n in counts], t["or"], lang))
            for s, counts in by_sides.items()]


def claim_words(rules: Any, claim: bool, points: Any, lang: str, when: Any = None, place: str = "scoring") -> str:
    """Whether points (a scoring entry's when `when` holds, "last", an exact limit: written at
    `place`) wait for a claim, as the table decides (`engine.table.must_claim`), said after them:
    a loss is never claimed but added at once, so points of a claim that can only lose are said to
    be added at once, and points that can both gain and lose say both; nothing in a game without claims."""
    t = _WORDS[lang]
    if not claim:
        return t["at_once"] if rules.has_claims else ""
    signs = point_signs(rules, points, place, when)
    if signs is None:  # a loss can be neither ruled out nor shown: said as the table would treat one
        return t["claim_unless_loss"]
    if {-1, 1} <= signs:
        return t["claim_or_loss"]
    return t["loss_at_once"] if -1 in signs else t["must_claim"]  # nothing scored is no loss


def point_signs(rules: Any, points: Any, place: str = "scoring", when: Any = None) -> set[int] | None:
    """The signs (-1, 0, 1) that `points`, written at `place` (a rule-file path, or `scoring`),
    take where a game reads them (when `when` holds; always, without one), in every game the rules
    allow: from each value of the name they read, else from the least and the most they can be;
    None when neither rules out a gain or a loss."""
    signs = _point_signs(rules, points, when, place)
    return signs if signs is not None else _signs_within_bounds(rules, points, when, place)


def _can_gain(rules: Any, points: Any, place: str) -> bool:
    """Whether `points` can be above zero (so wait for a claim): unless their signs show they cannot."""
    signs = point_signs(rules, points, place)
    return signs is None or 1 in signs


def _games(rules: Any) -> Iterator[Any]:
    """A game of `rules` for each number of players they allow (none where its counts fail)."""
    for players in rules.player_counts:
        try:
            yield family_of(rules).make_game(rules, players, 1)
        except RuleError:
            continue


def _signs_within_bounds(rules: Any, points: Any, when: Any, place: str) -> set[int] | None:
    """The signs `points` can take, from the least and the most they can be (`dsl.bounds`), in
    every game the rules allow, where those rule out a gain or a loss; None where they do not."""
    family, found = family_of(rules), []
    for game in _games(rules):
        fixed = {name: (value, value) for name, value in game.constants.items() if isinstance(value, int)}
        found.append(bounds(points, {**family.value_bounds(rules, game.constants, place), **fixed}, when))
    low, high = either(found) if found else (None, None)
    if low is not None and low >= 0:
        return {0, 1}
    if high is not None and high <= 0:
        return {-1, 0}
    return None


def _point_signs(rules: Any, points: Any, when: Any, place: str) -> set[int] | None:
    """The signs (-1, 0, 1) `points` take when they score (`when` holds; always, without one): a
    constant's own; a formula's at every value of the one name it reads, when a game tabulates
    that name (the sum of the ends, the running total) and so knows every value it can take,
    within the values the family says it is read at (`value_bounds`); None when that is not known."""
    names = points.names | (when.names if when is not None else set())
    if not points.names:
        return {_sign(points({}))}
    if len(names) != 1:
        return None
    (name,) = names
    values = {value for game in _games(rules) for value in _tabulated(rules, game, name, place)}
    if not values:
        return None
    signs = set()
    for value in values:
        try:
            if when is None or when({name: value}):
                signs.add(_sign(points({name: value})))
        except RuleError:
            continue  # a value where the rule fails scores nothing (the game stops with its error)
    return signs


def _tabulated(rules: Any, game: Any, name: str, place: str) -> set[int]:
    """Every value of `name` a table of `game` holds, within the least and the most the formulas
    of `place` read it at."""
    low, high = family_of(rules).value_bounds(rules, game.constants, place).get(name, (None, None))
    return {value for table in vars(game).values() if isinstance(table, Table) and table.name == name
            for value in range(len(table)) if (low is None or value >= low) and (high is None or value <= high)}


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)


def coach_hint(found: tuple[int, int, int] | None, templates: dict[str, str], lang: str) -> str | None:
    """A coach's hint from (what the table shows now, the next value that scores, its points),
    in the family's words: "3 more makes 15, which scores 15" / "faltan 3 para 15"."""
    if found is None:
        return None
    total, target, points = found
    need = target - total
    return templates.get(lang, templates["en"]).format(total=total, need=need, next=target, points=points,
                                                       faltan="falta" if need == 1 else "faltan")


def points_counted(trial: Any, view: Any, awards: Sequence[tuple[str, int, bool]]) -> int:
    """The points `awards` would add to the viewer's score, every claim made, as the shared table
    adds them (`earn`, then each claim decided): tried on a copy of `trial`, a table of the same
    game given the viewer's scores, so what a hint promises follows the target's overshoot rule
    as the engine applies it."""
    table = trial.copy()
    table.scores = list(view.scores)
    table.earn(awards, view.player, [])
    while table.queue and not table.is_terminal():
        table.decide(table.queue.popleft(), True)
    return int(table.scores[view.player] - view.scores[view.player])
