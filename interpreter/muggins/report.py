"""What `simulate`, `compare` and `sweep` show a person: tables, Holm-corrected comparisons with
effect sizes, a plain-words summary, and CSV rows, in English and Spanish.

Everything is read from the summaries `simulate.summary` makes (the `--json` data), so the
printed numbers, the CSV and the plots say the same.
"""
from __future__ import annotations

import csv
import io
from typing import Any, Callable, Sequence

from rich.cells import cell_len

from .output import console as stdout_console
from .stats import holm, mean_difference, mean_ratio, proportion_difference, two_means, two_proportions

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "title": "{games} games, {players} players, bots {bots}, seed {seed}",
        "marks": " (* p < 0.05, ** p < 0.01 against the first, Holm-corrected over {tests} tests)",
        "seat_wins": "P{seat} ({bot}) wins",
        "bot_wins": "{bot} wins",
        "side_wins": "side {side} ({seats}) wins",
        "position_wins": "{ordinal} to play wins",
        "side_position_wins": "{ordinal} to play's side wins",
        "advantage": "first to play's advantage",
        "round_position": "{ordinal} to play in a round scores most in it",
        "round_side_position": "{ordinal} to play's side in a round scores most in it",
        "round_shared": "rounds whose top score is shared",
        "round_advantage": "a round's first to play's advantage",
        "round_fairness": "Round by round, the round's first to play scores the most in {rate} [{low}, {high}] of {rounds} rounds ({shared} shared), where a fair share is {fair}.",
        "round_fair_side": "Round by round, the side of the round's first to play scores the most in {rate} [{low}, {high}] of {rounds} rounds ({shared} shared), where a fair share is {fair}.",
        "advantage_cell": "{sign}{points} pp over a fair {fair}",
        "advantage_side_cell": "{sign}{points} pp for the side over a fair {fair}",
        "unfinished": "unfinished games",
        "rounds": "rounds per game",
        "turns": "turns per game",
        "actions": "actions per game",
        "final_score": "final score",
        "score_range": "score range",
        "winning_score": "winning score",
        "margin": "margin of victory (points)",
        "points_per_event": "points per scoring event",
        "events_per_game": "scoring events per game",
        "entry": "'{name}': points per game",
        "blocked": "blocked rounds",
        "steals": "Muggins steals per game",
        "lost": "points lost unclaimed per game",
        "settled": "points for leftover tiles at rounds' ends per game",
        "false_calls": "false Muggins calls per game",
        "false_call_points": "points lost to false calls per game",
        "range_cell": "{low} to {high}",
        "dist_cell": "{mean} ± {sd} (5%: {p5}, median {p50}, 95%: {p95})",
        "effects_title": "Differences from {first}: effect with its 95% interval, Holm-adjusted p",
        "effect": "statistic",
        "diff_points": "{sign}{value} pts [{low}, {high}]",
        "diff_pp": "{sign}{value} pp [{low}, {high}]",
        "ratio": "×{value} [{low}, {high}]",
        "summary_title": "In plain words",
        "against": "{other} against {first}: ",
        "longer": "games take {ratio}x as many turns ({a} against {b})",
        "rounds_ratio": "{ratio}x as many rounds",
        "first_change": "the first to play wins {a} instead of {b}",
        "first_side_change": "the first to play's side wins {a} instead of {b}",
        "round_first_change": "a round's first to play scores the most in {a} of the rounds instead of {b}",
        "seat_change": "P{seat} wins {a} instead of {b}",
        "margin_change": "the winner leads by {a} points on average instead of {b}",
        "nothing": "no difference is significant after Holm's correction",
        "fairness": "{label}: the first to play wins {rate} [{low}, {high}] of the games, where a fair share is {fair}.",
        "fair_side": "{label}: the first to play's side wins {rate} [{low}, {high}] of the games, where a fair share is {fair}.",
        "none_ended": "{label}: none of the {games} games ended: each stopped at the round cap (--max-rounds), so nobody's win rate can be read; the target may be out of reach.",
        "sweep_title": "{rules}: how the statistics move ({games} games each, seed {seed})",
        "settings": "settings",
        "first_rate": "first to play wins",
        "precision": "{games} games: every win-rate interval is at most {width} wide (widest {widest})",
        "precision_capped": "stopped at {games} games (--max-games): the widest win-rate interval is {widest}",
        "plot": "plot written to {path}",
        "csv": "table written to {path}",
        "ordinal1": "first", "ordinal2": "2nd", "ordinal3": "3rd", "ordinalN": "{n}th",
    },
    "es": {
        "title": "{games} partidas, {players} jugadores, bots {bots}, semilla {seed}",
        "marks": " (* p < 0,05, ** p < 0,01 frente al primero, corregido por Holm sobre {tests} pruebas)",
        "seat_wins": "gana J{seat} ({bot})",
        "bot_wins": "gana {bot}",
        "side_wins": "gana el bando {side} ({seats})",
        "position_wins": "gana quien juega {ordinal}",
        "side_position_wins": "gana el bando de quien juega {ordinal}",
        "advantage": "ventaja de quien juega primero",
        "round_position": "quien juega {ordinal} en una ronda es quien más anota en ella",
        "round_side_position": "el bando de quien juega {ordinal} en una ronda es el que más anota en ella",
        "round_shared": "rondas con la mayor anotación compartida",
        "round_advantage": "ventaja de quien juega primero en una ronda",
        "round_fairness": "Ronda a ronda, quien juega primero en la ronda es quien más anota en el {rate} [{low}, {high}] de {rounds} rondas ({shared} compartidas), cuando lo justo es {fair}.",
        "round_fair_side": "Ronda a ronda, el bando de quien juega primero en la ronda es el que más anota en el {rate} [{low}, {high}] de {rounds} rondas ({shared} compartidas), cuando lo justo es {fair}.",
        "advantage_cell": "{sign}{points}\u00a0p.\u00a0p. sobre un {fair} justo",
        "advantage_side_cell": "{sign}{points}\u00a0p.\u00a0p. para el bando sobre un {fair} justo",
        "unfinished": "partidas sin terminar",
        "rounds": "rondas por partida",
        "turns": "turnos por partida",
        "actions": "acciones por partida",
        "final_score": "puntuación final",
        "score_range": "rango de puntuaciones",
        "winning_score": "puntos del ganador",
        "margin": "margen de victoria (puntos)",
        "points_per_event": "puntos por anotación",
        "events_per_game": "anotaciones por partida",
        "entry": "«{name}»: puntos por partida",
        "blocked": "rondas bloqueadas",
        "steals": "robos de Muggins por partida",
        "lost": "puntos perdidos sin reclamar por partida",
        "settled": "puntos por fichas restantes al fin de ronda por partida",
        "false_calls": "gritos falsos de Muggins por partida",
        "false_call_points": "puntos perdidos por gritos falsos por partida",
        "range_cell": "de {low} a {high}",
        "dist_cell": "{mean} ± {sd} (5\u00a0%: {p5}, mediana {p50}, 95\u00a0%: {p95})",
        "effects_title": "Diferencias frente a {first}: efecto con su intervalo del 95\u00a0%, p ajustado por Holm",
        "effect": "estadística",
        "diff_points": "{sign}{value} puntos [{low}, {high}]",
        "diff_pp": "{sign}{value}\u00a0p.\u00a0p. [{low}, {high}]",
        "ratio": "×{value} [{low}, {high}]",
        "summary_title": "En pocas palabras",
        "against": "{other} frente a {first}: ",
        "longer": "las partidas duran {ratio} veces los turnos ({a} frente a {b})",
        "rounds_ratio": "{ratio} veces las rondas",
        "first_change": "quien juega primero gana el {a} en vez del {b}",
        "first_side_change": "el bando de quien juega primero gana el {a} en vez del {b}",
        "round_first_change": "quien juega primero en una ronda es quien más anota en el {a} de las rondas en vez del {b}",
        "seat_change": "J{seat} gana el {a} en vez del {b}",
        "margin_change": "el ganador saca {a} puntos de media en vez de {b}",
        "nothing": "ninguna diferencia es significativa tras la corrección de Holm",
        "fairness": "{label}: quien juega primero gana el {rate} [{low}, {high}] de las partidas, cuando lo justo es {fair}.",
        "fair_side": "{label}: el bando de quien juega primero gana el {rate} [{low}, {high}] de las partidas, cuando lo justo es {fair}.",
        "none_ended": "{label}: ninguna de las {games} partidas terminó: todas se detuvieron en el tope de rondas (--max-rounds), así que no se puede leer quién gana; puede que el objetivo sea inalcanzable.",
        "sweep_title": "{rules}: cómo se mueven las estadísticas ({games} partidas cada una, semilla {seed})",
        "settings": "ajustes",
        "first_rate": "gana quien juega primero",
        "precision": "{games} partidas: todo intervalo de tasa de victoria mide como mucho {width} (el más ancho {widest})",
        "precision_capped": "parado en {games} partidas (--max-games): el intervalo de tasa de victoria más ancho mide {widest}",
        "plot": "gráfico escrito en {path}",
        "csv": "tabla escrita en {path}",
        "ordinal1": "primero", "ordinal2": "2.º", "ordinal3": "3.º", "ordinalN": "{n}.º",
    },
}


def words(lang: str) -> dict[str, str]:
    return WORDS.get(lang, WORDS["en"])


def bot_name(kind: str, lang: str) -> str:
    """A bot's kind as the terminal names it in `lang` ("greedy" is "codicioso" in Spanish)."""
    if lang == "en":
        return kind
    from .terminal import _UI  # the terminal's words: one name for each bot in each language
    named = _UI.get(lang, {}).get(f"kind:{kind}")
    return named.removeprefix("bot ") if named else kind


def bot_names(kinds: Sequence[str], lang: str) -> str:
    return ", ".join(bot_name(kind, lang) for kind in kinds)


def entry_name(entry: dict, lang: str) -> str:
    """A scoring entry's name in `lang`, from the rule file's translations when it has one."""
    return entry.get("names", {}).get(lang, entry["name"])


def ordinal(k: int, lang: str) -> str:
    w = words(lang)
    return w.get(f"ordinal{k}", w["ordinalN"]).format(n=k)


def num(value: float, lang: str, digits: int = 1) -> str:
    text = f"{value:,.{digits}f}"
    if lang == "es":  # 1.234,5
        text = text.replace(",", "\0").replace(".", ",").replace("\0", ".")
    return text


def games_played(results: Sequence[dict], lang: str) -> str:
    """The games behind the columns: one number, or the fewest and the most where `--precision`
    played each file or setting until its own intervals were narrow enough."""
    counts = sorted({data["games"] for data in results})
    shown = [num(count, lang, 0) for count in counts]
    return shown[0] if len(shown) == 1 else f"{shown[0]}-{shown[-1]}"


def pct(value: float, lang: str, digits: int = 1) -> str:
    # Spanish writes 95 % with a space: a no-break one, so a table never wraps the sign away
    return num(100 * value, lang, digits) + ("\u00a0%" if lang == "es" else "%")


def signed(value: float, lang: str, digits: int = 1) -> tuple[str, str]:
    return ("+" if value >= 0 else "-"), num(abs(value), lang, digits)


# -- the rows of a table ----------------------------------------------------------------------------

# A test of a statistic of one summary against the first: p, kind of effect, effect, its interval;
# None where there is nothing to compare (no game won, so no winning score)
Tested = tuple[float, str, float, float, float]
Test = Callable[[dict, dict], Tested | None]


class Row:
    """One statistic of a table: its label, how to show it for a summary, and how to test and
    measure its difference from the first summary (None: not tested)."""

    def __init__(self, label: str, cell: Callable[[dict], str], test: Test | None = None):
        self.label, self.cell, self.test = label, cell, test

    def cell_of(self, data: dict) -> str:
        """The row's cell for a summary, or a dash where that summary has no such statistic (the
        rows follow the first file: a file played in partnerships has rows by side, another not)."""
        try:
            return self.cell(data)
        except (KeyError, IndexError):
            return NOT_MEASURED

    def tested(self, data: dict, first: dict) -> Tested | None:
        """The row's test of a summary against the first, or None: untested, or not in both."""
        if self.test is None:
            return None
        try:
            return self.test(data, first)
        except (KeyError, IndexError):
            return None


NOT_MEASURED = "—"  # a row's cell for a summary without that statistic


def _at(*path: Any) -> Callable[[dict], Any]:
    """A getter of the value at `path` in a summary."""
    def get(data: dict) -> Any:
        value: Any = data
        for step in path:
            value = value[step]
        return value
    return get


def _then(get: Callable[[dict], Any], show: Callable[[Any], str]) -> Callable[[dict], str]:
    return lambda data: show(get(data))


def _rate_at(get: Callable[[dict], Any], lang: str) -> Callable[[dict], str]:
    return lambda data: _rate_cell(get(data), lang)


def _rate_cell(row: dict, lang: str) -> str:
    return f"{pct(row['win_rate'], lang)} [{pct(row['ci95'][0], lang)}, {pct(row['ci95'][1], lang)}]"


def _rate_test(get: Callable[[dict], dict]) -> Test:
    def test(data: dict, first: dict) -> Tested:
        a, b = get(data), get(first)
        p = two_proportions(a["wins"], data["games"], b["wins"], first["games"])
        d, low, high = proportion_difference(a["wins"], data["games"], b["wins"], first["games"])
        return p, "diff", d, low, high
    return test


def several_rounds(data: dict) -> bool:
    """Whether some game of a summary had more than one round (else a round is its game)."""
    return bool(data["length"]["rounds"]["max"] and data["length"]["rounds"]["max"] > 1)


def round_rows(results: Sequence[dict], lang: str) -> list[Row]:
    """The fairness of each round: the rate at which each position from a round's first to play
    is that round's best scorer (by side and by player, where the files count rounds both ways),
    the advantage of its first, and how often the top score is shared."""
    w, out = words(lang), []
    positions: dict[str, int] = {}
    for data in results:
        by_round = data["first_to_play"]["by_round"]
        positions[by_round["by"]] = max(positions.get(by_round["by"], 0), len(by_round["by_position"]))
    for by, count in sorted(positions.items(), key=lambda item: item[0] != "side"):  # sides first, as above
        key = "round_side_position" if by == "side" else "round_position"
        for k in range(count):
            get = _round_position(by, k)
            out.append(Row(w[key].format(ordinal=ordinal(k + 1, lang)), _rate_at(get, lang),
                           _round_rate_test(get) if k == 0 or by == "player" else None))

    def round_advantage(d: dict) -> str:
        f = d["first_to_play"]["by_round"]
        sign, points = signed(100 * f["advantage"], lang)
        cell = w["advantage_side_cell" if f["by"] == "side" else "advantage_cell"]
        return cell.format(sign=sign, points=points, fair=pct(f["fair_share"], lang))
    out.append(Row(w["round_advantage"], round_advantage))

    def shared(d: dict) -> str:
        f = d["first_to_play"]["by_round"]
        return f"{f['shared']} / {f['rounds']} ({pct(f['shared'] / f['rounds'] if f['rounds'] else 0, lang)})"
    out.append(Row(w["round_shared"], shared))
    return out


def _round_position(by: str, k: int) -> Callable[[dict], dict]:
    """A getter of a round's k-th position, in a summary that counts rounds `by` side or player as
    the first does (positions of sides and of players are not the same statistic)."""
    def get(data: dict) -> dict:
        by_round = data["first_to_play"]["by_round"]
        if by_round["by"] != by:
            raise KeyError(by)
        return by_round["by_position"][k]
    return get


def _round_rate_test(get: Callable[[dict], dict]) -> Test:
    """As `_rate_test`, for a rate over rounds (each summary counts its own rounds)."""
    def test(data: dict, first: dict) -> Tested:
        a, b = get(data), get(first)
        na, nb = data["first_to_play"]["by_round"]["rounds"], first["first_to_play"]["by_round"]["rounds"]
        p = two_proportions(a["wins"], na, b["wins"], nb)
        d, low, high = proportion_difference(a["wins"], na, b["wins"], nb)
        return p, "diff", d, low, high
    return test


def _mean_test(get: Callable[[dict], dict]) -> Test:
    def test(data: dict, first: dict) -> Tested | None:
        a, b = get(data), get(first)
        if not (a["count"] and b["count"]):  # a distribution of nothing: no mean to compare
            return None
        p = two_means(a["mean"], a["sd"], a["count"], b["mean"], b["sd"], b["count"])
        ratio, low, high = mean_ratio(a["mean"], a["sd"], a["count"], b["mean"], b["sd"], b["count"])
        return p, "ratio", ratio, low, high
    return test


def _diff_test(get: Callable[[dict], dict]) -> Test:
    def test(data: dict, first: dict) -> Tested | None:
        a, b = get(data), get(first)
        if not (a["count"] and b["count"]):  # no game won in one of them: no winning score nor margin
            return None
        p = two_means(a["mean"], a["sd"], a["count"], b["mean"], b["sd"], b["count"])
        d, low, high = mean_difference(a["mean"], a["sd"], a["count"], b["mean"], b["sd"], b["count"])
        return p, "mean", d, low, high
    return test


def rows(results: Sequence[dict], lang: str) -> list[Row]:
    """The statistics shown for these summaries: each that one of them has, in whatever order the
    files are given (a file without it shows a dash)."""
    unfinished = Row(words(lang)["unfinished"],
                     lambda d: f"{d['unfinished']} ({pct(d['unfinished'] / d['games'], lang)})")
    return fairness_rows(results, lang) + [unfinished] + score_rows(results, lang)


def fairness_rows(results: Sequence[dict], lang: str) -> list[Row]:
    """Who wins: by seat, bot and side, by place from the first to play, and round by round."""
    w = words(lang)
    first = results[0]
    out: list[Row] = []
    for seat in range(first["players"]):
        get = _at("seats", seat)
        out.append(Row(w["seat_wins"].format(seat=seat + 1, bot=bot_name(first["seats"][seat]["bot"], lang)),
                       _rate_at(get, lang), _rate_test(get)))
    if len({s["bot"] for s in first["seats"]}) > 1:
        for k, entry in enumerate(first["by_bot"]):
            out.append(Row(w["bot_wins"].format(bot=bot_name(entry["bot"], lang)), _rate_at(_at("by_bot", k), lang)))
    # a file in partnerships among others: its sides' rows, whichever file comes first
    sides = dict.fromkeys((side["side"], tuple(side["seats"])) for data in results for side in data.get("sides", ()))
    for number, seats in sides:
        get = _side(number, seats)
        named = ", ".join(("P" if lang == "en" else "J") + str(s) for s in seats)
        out.append(Row(w["side_wins"].format(side=number, seats=named), _rate_at(get, lang), _rate_test(get)))
    for k in range(max(len(data["first_to_play"].get("by_side", ())) for data in results)):
        get = _at("first_to_play", "by_side", k)
        out.append(Row(w["side_position_wins"].format(ordinal=ordinal(k + 1, lang)), _rate_at(get, lang),
                       _rate_test(get) if k == 0 else None))
    for k in range(first["players"]):
        get = _at("first_to_play", "by_position", k)
        out.append(Row(w["position_wins"].format(ordinal=ordinal(k + 1, lang)), _rate_at(get, lang), _rate_test(get)))

    def advantage(d: dict) -> str:
        """The first to play's advantage, or its side's in partnerships: a cell says which, since a
        comparison may put a file in partnerships beside one without."""
        f = d["first_to_play"]
        sign, points = signed(100 * f["advantage"], lang)
        cell = w["advantage_side_cell" if "by_side" in f else "advantage_cell"]
        return cell.format(sign=sign, points=points, fair=pct(f["fair_share"], lang))
    out.append(Row(w["advantage"], advantage))
    if any(several_rounds(d) for d in results):  # where rounds matter: the fairness of each round
        out.extend(round_rows(results, lang))
    return out


def _side(number: int, seats: tuple[int, ...]) -> Callable[[dict], dict]:
    """A getter of a side's row in a summary whose side `number` is those seats (a file seated
    otherwise has no such side: its cell is a dash)."""
    def get(data: dict) -> dict:
        for side in data.get("sides", ()):
            if side["side"] == number and tuple(side["seats"]) == seats:
                return side
        raise KeyError(number)
    return get


def score_rows(results: Sequence[dict], lang: str) -> list[Row]:
    """How long games last and how they score: lengths, scores, margins, entries, steals."""
    w = words(lang)
    out: list[Row] = []

    def dist(d: dict) -> str:
        if not d["count"]:  # no game was won: no winning score nor margin to describe
            return NOT_MEASURED
        if len(results) > 1:
            return f"{num(d['mean'], lang)} ± {num(d['sd'], lang)}"
        return w["dist_cell"].format(mean=num(d["mean"], lang), sd=num(d["sd"], lang), p5=num(d["p5"], lang, 0),
                                     p50=num(d["p50"], lang, 0), p95=num(d["p95"], lang, 0))
    for key in ("rounds", "turns", "actions"):
        get = _at("length", key)
        out.append(Row(w[key], _then(get, dist), _mean_test(get)))

    def final(d: dict) -> dict:
        f = d["final_score"]
        return {"mean": f["mean"], "sd": f["sd"], "count": d["games"] * d["players"]}
    out.append(Row(w["final_score"], lambda d: f"{num(d['final_score']['mean'], lang)} ± {num(d['final_score']['sd'], lang)}",
                   _diff_test(final)))
    out.append(Row(w["score_range"], lambda d: w["range_cell"].format(low=d["final_score"]["min"],
                                                                    high=d["final_score"]["max"])))
    out.append(Row(w["winning_score"], lambda d: dist(d["winning_score"]), _diff_test(lambda d: d["winning_score"])))
    out.append(Row(w["margin"], lambda d: dist(d["margin"]), _diff_test(lambda d: d["margin"])))
    out.append(Row(w["points_per_event"], lambda d: num(d["points_per_scoring_event"], lang, 2)
                   if d["scoring_events_per_game"] else NOT_MEASURED))
    out.append(Row(w["events_per_game"], lambda d: num(d["scoring_events_per_game"], lang)))
    # every file's entries and measures, in the order first met, whichever file is given first; a
    # file without one (no such entry, no claims, no blocked rounds in cards) shows a dash (Row.cell_of)
    entries: dict[str, dict] = {}
    for d in results:
        for entry in d["scoring_entries"]:
            entries.setdefault(entry["name"], entry)
    for name, entry in entries.items():

        def per_game(d: dict, name: str = name) -> str:
            found = [e for e in d["scoring_entries"] if e["name"] == name]
            return num(found[0]["points_per_game"], lang, 2) if found else NOT_MEASURED
        out.append(Row(w["entry"].format(name=entry_name(entry, lang)), per_game))
    if any("blocked_round_rate" in d for d in results):
        out.append(Row(w["blocked"], lambda d: pct(d["blocked_round_rate"], lang)))
    if any("muggins_steals_per_game" in d for d in results):
        out.append(Row(w["steals"], lambda d: num(d["muggins_steals_per_game"], lang, 2)))
        out.append(Row(w["lost"], lambda d: num(d["lost_points_per_game"], lang, 2)))
    if any("settled_points_per_game" in d for d in results):
        out.append(Row(w["settled"], lambda d: num(d["settled_points_per_game"], lang, 2)))
    if any("false_calls_per_game" in d for d in results):
        out.append(Row(w["false_calls"], lambda d: num(d["false_calls_per_game"], lang, 2)))
        out.append(Row(w["false_call_points"], lambda d: num(d["false_call_points_per_game"], lang, 2)))
    return out


# -- comparisons ------------------------------------------------------------------------------------

def comparisons(results: Sequence[dict], lang: str = "en") -> list[dict]:
    """Every test of a comparison table (each tested row, each file against the first), with its
    effect, its interval and its p-value adjusted by Holm over all the table's tests."""
    tests: list[dict] = []
    if len(results) < 2:
        return tests
    first = results[0]
    table_rows = rows(results, "en")
    for i, data in enumerate(results[1:], start=1):
        for row in table_rows:
            result = row.tested(data, first)
            if result is None:
                continue
            p, kind, effect, low, high = result
            tests.append({"statistic": row.label, "rules": data["label"], "against": first["label"], "kind": kind,
                          "effect": round(effect, 6), "ci95": [round(low, 6), round(high, 6)], "p": p, "column": i})
    for test, adjusted in zip(tests, holm([t["p"] for t in tests])):
        test["p_holm"] = adjusted
    for test in tests:
        test["p"] = round(test["p"], 8)
        test["p_holm"] = round(test["p_holm"], 8)
    return tests


def mark(p: float) -> str:
    return " **" if p < 0.01 else " *" if p < 0.05 else ""


def effect_text(test: dict, lang: str) -> str:
    w = words(lang)
    low, high = test["ci95"]
    if test["kind"] == "diff":
        sign, value = signed(100 * test["effect"], lang)
        return w["diff_pp"].format(sign=sign, value=value, low=num(100 * low, lang), high=num(100 * high, lang))
    if test["kind"] == "ratio":
        return w["ratio"].format(value=num(test["effect"], lang, 2), low=num(low, lang, 2), high=num(high, lang, 2))
    sign, value = signed(test["effect"], lang)
    return w["diff_points"].format(sign=sign, value=value, low=num(low, lang), high=num(high, lang))


def plain_summary(results: Sequence[dict], tests: Sequence[dict], lang: str) -> list[str]:
    """A sentence per file after the first: its significant differences, in plain words."""
    w = words(lang)
    first = results[0]
    en = words("en")
    lines = []
    for i, data in enumerate(results[1:], start=1):
        mine = {t["statistic"]: t for t in tests if t["column"] == i and t["p_holm"] < 0.05}
        parts = []
        turns = mine.get(en["turns"])
        if turns:
            parts.append(w["longer"].format(ratio=num(turns["effect"], lang, 2),
                                            a=num(data["length"]["turns"]["mean"], lang),
                                            b=num(first["length"]["turns"]["mean"], lang)))
        rounds = mine.get(en["rounds"])
        if rounds and not turns:
            parts.append(w["rounds_ratio"].format(ratio=num(rounds["effect"], lang, 2)))
        f_new, f_old = data["first_to_play"], first["first_to_play"]
        if "by_side" in f_old:
            key = en["side_position_wins"].format(ordinal=ordinal(1, "en"))
            if key in mine:
                parts.append(w["first_side_change"].format(a=pct(f_new["by_side"][0]["win_rate"], lang, 0),
                                                           b=pct(f_old["by_side"][0]["win_rate"], lang, 0)))
        key = en["position_wins"].format(ordinal=ordinal(1, "en"))
        if key in mine:
            parts.append(w["first_change"].format(a=pct(f_new["by_position"][0]["win_rate"], lang, 0),
                                                  b=pct(f_old["by_position"][0]["win_rate"], lang, 0)))
        r_new, r_old = f_new["by_round"], f_old["by_round"]
        key = en["round_side_position" if r_old["by"] == "side" else "round_position"].format(ordinal=ordinal(1, "en"))
        if key in mine:
            parts.append(w["round_first_change"].format(a=pct(r_new["by_position"][0]["win_rate"], lang, 0),
                                                        b=pct(r_old["by_position"][0]["win_rate"], lang, 0)))
        for seat in range(first["players"]):
            key = en["seat_wins"].format(seat=seat + 1, bot=first["seats"][seat]["bot"])
            if key in mine:
                parts.append(w["seat_change"].format(seat=seat + 1, a=pct(data["seats"][seat]["win_rate"], lang, 0),
                                                     b=pct(first["seats"][seat]["win_rate"], lang, 0)))
        if en["margin"] in mine:
            parts.append(w["margin_change"].format(a=num(data["margin"]["mean"], lang), b=num(first["margin"]["mean"], lang)))
        text = "; ".join(parts) if parts else w["nothing"]
        lines.append(w["against"].format(other=data["label"], first=first["label"]) + text + ".")
    return lines


def fairness_line(data: dict, lang: str) -> str:
    """The first to play's (or its side's) win rate in a sentence, beside the fair share the
    summary gives: the finished games shared out, so unfinished games are nobody's loss. With no
    game finished, every rate is 0 of 0 games: said in words, as a hint that the target is out of
    reach, rather than as "0% where a fair share is 0%"."""
    w = words(lang)
    if not data["finished"]:
        return w["none_ended"].format(label=data["label"], games=data["games"])
    f = data["first_to_play"]
    row, key = (f["by_side"][0], "fair_side") if "by_side" in f else (f["by_position"][0], "fairness")
    return w[key].format(label=data["label"], rate=pct(row["win_rate"], lang), low=pct(row["ci95"][0], lang),
                         high=pct(row["ci95"][1], lang), fair=pct(f["fair_share"], lang))


def round_fairness_line(data: dict, lang: str) -> str:
    """The per-round fairness in a sentence (a round's best scorer, counted from its first to play)."""
    w = words(lang)
    f = data["first_to_play"]["by_round"]
    row = f["by_position"][0]
    return w["round_fair_side" if f["by"] == "side" else "round_fairness"].format(
        rate=pct(row["win_rate"], lang), low=pct(row["ci95"][0], lang), high=pct(row["ci95"][1], lang),
        rounds=f["rounds"], shared=f["shared"], fair=pct(f["fair_share"], lang))


def tell_apart(results: Sequence[dict], files: Sequence[str]) -> None:
    """Give compare's results labels no two share, for its columns, summary, plot and CSV: where
    rule files share their `name` (two house files, or one file given twice), each is named by
    the file as given (`file` in the JSON), and by its place too when the file itself repeats."""
    from .overrides import label
    labels = [data["label"] for data in results]
    shared = [k for k, text in enumerate(labels) if labels.count(text) > 1]
    given = [files[k] for k in shared]
    for k in shared:
        data = results[k]
        data["file"] = files[k] if given.count(files[k]) == 1 else f"{files[k]} #{k + 1}"
        data["label"] = label(data["file"], data["settings"])


# -- printing ---------------------------------------------------------------------------------------

def print_tables(results: Sequence[dict], lang: str = "en", console: Any = None) -> list[dict]:
    """The statistics side by side (one column per summary); with several, the Holm-marked
    differences, their effects and the plain-words summary. Returns the comparisons."""
    from rich.table import Table
    from rich.text import Text
    console = console or stdout_console()
    w = words(lang)
    first = results[0]
    tests = comparisons(results, lang)
    title = w["title"].format(games=games_played(results, lang), players=first["players"],
                              bots=bot_names(first["bots"], lang), seed=first["seed"])
    if len(results) > 1:
        title += w["marks"].format(tests=len(tests))
    # the names of rules, settings and scoring entries are the user's text: shown as Text, never
    # read as markup ([house rule], [/]) nor as emoji codes
    table = Table(title=Text(title, style="table.title"))
    table.add_column("")
    for data in results:  # a long label (a file's path) folds over lines: cut, two paths could look alike
        table.add_column(Text(data["label"], overflow="fold"), justify="right")
    en_rows = rows(results, "en")
    adjusted = {(t["statistic"], t["column"]): t["p_holm"] for t in tests}
    for row, en_row in zip(rows(results, lang), en_rows):
        cells = []
        for i, data in enumerate(results):
            p = adjusted.get((en_row.label, i), 1.0)
            cells.append(Text(row.cell_of(data) + mark(p)))
        table.add_row(Text(row.label), *cells)
    console.print(table)
    if tests:
        effects = Table(title=Text(w["effects_title"].format(first=first["label"]), style="table.title"))
        effects.add_column(w["effect"])
        for data in results[1:]:
            effects.add_column(Text(data["label"], overflow="fold"), justify="right")
        by_key = {(t["statistic"], t["column"]): t for t in tests}
        for row, en_row in zip(rows(results, lang), en_rows):
            if not any((en_row.label, i) in by_key for i in range(1, len(results))):
                continue  # untested, or in no file but the first
            cells = []
            for i in range(1, len(results)):
                t = by_key.get((en_row.label, i))
                if t is None:
                    cells.append(Text(NOT_MEASURED))
                    continue
                p = "p<0.001" if t["p_holm"] < 0.001 else f"p={num(t['p_holm'], lang, 3)}"
                cells.append(Text(f"{effect_text(t, lang)} {p.replace('.', ',') if lang == 'es' else p}{mark(t['p_holm'])}"))
            effects.add_row(Text(row.label), *cells)
        console.print(effects)
        console.print(f"[bold]{w['summary_title']}[/bold]")
        for line in plain_summary(results, tests, lang):
            console.print(Text(line))
    else:
        console.print(Text(fairness_line(first, lang)))
        if several_rounds(first):  # where rounds matter: games of more than one round
            console.print(Text(round_fairness_line(first, lang)))
    return tests


def print_sweep(rules: str, results: Sequence[dict], lang: str = "en", console: Any = None) -> None:
    """How the statistics move, a row per combination of settings. Every number stays whole at
    any width down to 80 columns: a cell breaks only between a value and its spread or interval,
    and when the settings would leave the numbers too little room, the rows are numbered and each
    number's settings listed under the table."""
    from rich.table import Table
    from rich.text import Text
    console = console or stdout_console()
    w = words(lang)
    first = results[0]
    headers = [w[key] for key in ("first_rate", "turns", "rounds", "winning_score", "margin", "unfinished")]
    cells = [sweep_cells(data, lang) for data in results]
    least = [max([_longest_word(header)] + [cell_len(part) for row in cells for part in row[k]])
             for k, header in enumerate(headers)]
    most = [max([cell_len(header)] + [cell_len(" ".join(row[k])) for row in cells]) for k, header in enumerate(headers)]
    room = console.width - 3 * (len(headers) + 1) - 1  # what the borders and padding leave
    side, joiner = _settings_width([d["settings"] for d in results], w["settings"], least, most, room)
    title = w["sweep_title"].format(rules=rules, games=games_played(results, lang), seed=first["seed"])
    table = Table(title=Text(title, style="table.title"))
    table.add_column(w["settings"] if joiner else "#", width=side or len(str(len(results))))
    widths = _share(least, most, room - (side or len(str(len(results)))))
    for header, width in zip(headers, widths):
        table.add_column(header, width=width, justify="right")
    for number, (data, row) in enumerate(zip(results, cells), start=1):
        shown = [" ".join(parts) if cell_len(" ".join(parts)) <= width else "\n".join(parts)
                 for parts, width in zip(row, widths)]
        table.add_row(Text(joiner.join(data["settings"]) if joiner else str(number), overflow="fold"), *shown)
    console.print(table)
    if not joiner:
        for number, data in enumerate(results, start=1):
            console.print(Text(f"{number}: {', '.join(data['settings'])}"))


def sweep_cells(data: dict, lang: str) -> list[list[str]]:
    """A sweep row's numbers, each cell as the parts it may break between (never inside one)."""
    rate = data["first_to_play"]["by_position"][0]
    turns = data["length"]["turns"]
    return [[pct(rate["win_rate"], lang), f"[{pct(rate['ci95'][0], lang)}, {pct(rate['ci95'][1], lang)}]"],
            [num(turns["mean"], lang), f"± {num(turns['sd'], lang)}"], [num(data["length"]["rounds"]["mean"], lang)],
            [mean_of(data["winning_score"], lang)], [mean_of(data["margin"], lang)], [str(data["unfinished"])]]


def _longest_word(text: str) -> int:
    return max(cell_len(word) for word in text.split())


def _settings_width(settings: Sequence[Sequence[str]], header: str, least: Sequence[int], most: Sequence[int],
                    room: int) -> tuple[int, str]:
    """The settings column's width and how a row's settings are joined: on one line when every
    number fits whole on one line too, else one setting a line; (0, "") when even then the numbers
    would not fit at their narrowest (the settings go under the table)."""
    joined = max([_longest_word(header)] + [cell_len(", ".join(row)) for row in settings])
    stacked = max([_longest_word(header)] + [cell_len(one) for row in settings for one in row])
    if joined + sum(most) <= room:
        return joined, ", "
    if stacked + sum(least) <= room:
        return stacked, "\n"
    return 0, ""


def _share(least: Sequence[int], most: Sequence[int], room: int) -> list[int]:
    """Column widths from their narrowest, the room left given a column at a time to the one that
    lacks the most for its widest cell."""
    widths = list(least)
    for _ in range(max(0, room - sum(widths))):
        lack = [m - k for m, k in zip(most, widths)]
        if max(lack) <= 0:
            break
        widths[lack.index(max(lack))] += 1
    return widths


def mean_of(dist: dict, lang: str) -> str:
    """A distribution's mean, or a dash for a distribution of nothing (no game won: no winning
    score nor margin, rather than a mean of 0.0)."""
    return num(dist["mean"], lang) if dist["count"] else NOT_MEASURED


# -- CSV ----------------------------------------------------------------------------------------------

# The summary's scoring statistics of one number each, by their JSON names: a file has those its
# family and rules measure (blocked rounds at dominoes, steals with claims); points per scoring
# event is a mean of nothing when nothing was scored
SCORING_STATISTICS = ("points_per_scoring_event", "scoring_events_per_game", "blocked_round_rate",
                      "muggins_steals_per_game", "stolen_points_per_game", "lost_points_per_game",
                      "settled_points_per_game", "false_calls_per_game", "false_call_points_per_game")
CSV_FIELDS = ["rules", "settings", "statistic", "group", "value", "ci_low", "ci_high", "p", "p_holm"]


def csv_rows(results: Sequence[dict], tests: Sequence[dict] = ()) -> list[dict]:
    """The statistics in long form: one row per number, with its interval where it has one; a
    statistic of nothing (the winning score when no game was won) has no row, and its count says so."""
    out: list[dict] = []

    def named(data: dict) -> dict:  # the file and settings a row is about, alike in every row of it
        return {"rules": data.get("file", data["rules"]), "settings": " ".join(data["settings"])}
    for data in results:
        def add(statistic: str, group: Any, value: Any, ci: Sequence[float] | None = None, data: dict = data) -> None:
            out.append({**named(data), "statistic": statistic, "group": group, "value": value,
                        "ci_low": ci[0] if ci else "", "ci_high": ci[1] if ci else "", "p": "", "p_holm": ""})
        _fairness_csv(data, add)
        _scores_csv(data, add)
    for test in tests:
        out.append({**named(results[test["column"]]), "statistic": f"{test['kind']} against {test['against']}",
                    "group": test["statistic"], "value": test["effect"], "ci_low": test["ci95"][0],
                    "ci_high": test["ci95"][1], "p": test["p"], "p_holm": test["p_holm"]})
    return out


def _fairness_csv(data: dict, add: Callable[..., None]) -> None:
    """Who wins, as CSV rows: by seat, bot and side, from the first to play, round by round."""
    add("games", "", data["games"])
    add("unfinished", "", data["unfinished"])
    for row in data["seats"]:
        add("win_rate_by_seat", row["seat"], row["win_rate"], row["ci95"])
    for row in data["by_bot"]:
        add("win_rate_by_bot", row["bot"], row["win_rate"], row["ci95"])
    for row in data.get("sides", ()):
        add("win_rate_by_side", row["side"], row["win_rate"], row["ci95"])
    for row in data["first_to_play"]["by_position"]:
        add("win_rate_by_position_from_first_to_play", row["position"], row["win_rate"], row["ci95"])
    for row in data["first_to_play"].get("by_side", ()):
        add("win_rate_by_side_from_first_to_play", row["side_position"], row["win_rate"], row["ci95"])
    add("first_to_play_fair_share", "", data["first_to_play"]["fair_share"])
    add("first_to_play_advantage", "", data["first_to_play"]["advantage"])
    by_round = data["first_to_play"]["by_round"]
    for row in by_round["by_position"]:
        add(f"round_best_scorer_rate_by_{by_round['by']}_position_from_round_first_to_play", row["position"],
            row["win_rate"], row["ci95"])
    add("rounds_counted", "", by_round["rounds"])
    add("rounds_with_shared_best", "", by_round["shared"])
    add("round_first_to_play_fair_share", "", by_round["fair_share"])
    add("round_first_to_play_advantage", "", by_round["advantage"])


def _scores_csv(data: dict, add: Callable[..., None]) -> None:
    """How long games last and how they score, as CSV rows: every number the table and JSON show."""
    for name, dist in [(f"{k}_per_game", data["length"][k]) for k in ("rounds", "turns", "actions")] + [
            ("winning_score", data["winning_score"]), ("margin_of_victory", data["margin"])]:
        add(name, "count", dist["count"])
        for key in ("mean", "sd", "p5", "p50", "p95") if dist["count"] else ():
            add(name, key, dist[key])
    for key in ("count", "mean", "sd", "min", "max", "p5", "p50", "p95"):
        add("final_score", key, data["final_score"][key])
    for entry in data["scoring_entries"]:
        add("points_per_game_by_entry", entry["name"], entry["points_per_game"])
    for name in SCORING_STATISTICS:
        if data.get(name) is not None and (name != "points_per_scoring_event" or data["scoring_events_per_game"]):
            add(name, "", data[name])


def csv_text(results: Sequence[dict], tests: Sequence[dict] = ()) -> str:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, CSV_FIELDS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(csv_rows(results, tests))
    return buffer.getvalue()
