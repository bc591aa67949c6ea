"""`--plot FILE`: figures of simulation statistics (PNG or SVG), drawn with matplotlib.

matplotlib is an optional extra (`pip install 'muggins[plot]'`), imported only when a plot is
asked for, with the non-interactive Agg backend. A figure is written to a temporary file in the
same folder and moved into place, so a failed plot never leaves half a file.
"""
from __future__ import annotations

import errno
import math
import os
from pathlib import Path
from typing import Any, Sequence

from .errors import MugginsError
from .files import reason as file_reason, write_atomic_with
from .overrides import UsageError
from .report import bot_names, games_played, num, pct
from .stats import Z95, fair_share

FORMATS = ("png", "svg")

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "needs": "--plot needs matplotlib: pip install 'muggins[plot]'",
        "format": "--plot {path}: the file must end in .png or .svg",
        "folder": "--plot {path}: no folder {folder}",
        "unwritable": "--plot {path}: cannot write there ({reason})",
        "title": "{rules}: {games} games, {players} players, bots {bots}",
        "compare_title": "{games} games each, {players} players, bots {bots}",
        "first": "Win rate by place in the order of play\n(counted from the game's first to play)",
        "first_x": "place in the order of play (1 = first to play)",
        "win_rate": "games won (%), with 95% intervals",
        "fair": "fair share",
        "seats": "Win rate by seat",
        "seat_x": "seat",
        "length": "Game length",
        "turns": "turns per game",
        "share": "share of games per turn (%)",
        "fair_of": "fair share, {label} ({share})",
        "and": " and ",
        "sweep_title": "{rules}: how the statistics move ({games} games each, seed {seed})",
        "sweep_first": "First to play's win rate",
        "sweep_length": "Game length (mean, 95% interval)",
        "rounds": "rounds per game",
        "setting": "setting",
        "bins": "{what} (in bins of {bin})",
    },
    "es": {
        "needs": "--plot necesita matplotlib: pip install 'muggins[plot]'",
        "format": "--plot {path}: el fichero debe terminar en .png o .svg",
        "folder": "--plot {path}: no existe la carpeta {folder}",
        "unwritable": "--plot {path}: no se puede escribir ahí ({reason})",
        "title": "{rules}: {games} partidas, {players} jugadores, bots {bots}",
        "compare_title": "{games} partidas cada una, {players} jugadores, bots {bots}",
        "first": "Tasa de victorias por puesto en el orden de juego\n(contado desde quien juega primero)",
        "first_x": "puesto en el orden de juego (1 = quien juega primero)",
        "win_rate": "partidas ganadas (%), con intervalos del 95 %",
        "fair": "parte justa",
        "seats": "Tasa de victorias por puesto",
        "seat_x": "puesto",
        "length": "Duración de la partida",
        "turns": "turnos por partida",
        "share": "proporción de partidas por turno (%)",
        "fair_of": "parte justa, {label} ({share})",
        "and": " y ",
        "sweep_title": "{rules}: cómo se mueven las estadísticas ({games} partidas cada una, semilla {seed})",
        "sweep_first": "Tasa de victorias de quien juega primero",
        "sweep_length": "Duración de la partida (media, intervalo del 95 %)",
        "rounds": "rondas por partida",
        "setting": "ajuste",
        "bins": "{what} (en intervalos de {bin})",
    },
}


def _w(lang: str) -> dict[str, str]:
    return WORDS.get(lang, WORDS["en"])


def check_path(path: str, lang: str = "en", option: str = "--plot", formats: Sequence[str] = FORMATS) -> None:
    """Refuse, before any game is played, a plot path that cannot be written: a usage error for
    the wrong extension, an input error for a missing or unwritable folder."""
    w = _w(lang)
    target = Path(path)
    if formats and target.suffix.lower().lstrip(".") not in formats:
        raise UsageError(w["format"].format(path=path).replace("--plot", option))
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise MugginsError(w["folder"].format(path=path, folder=folder).replace("--plot", option))
    if target.is_dir():
        denied: OSError = IsADirectoryError(errno.EISDIR, path)
    elif not os.access(folder, os.W_OK) or (target.exists() and not os.access(target, os.W_OK)):
        denied = PermissionError(errno.EACCES, path)
    else:
        return
    raise MugginsError(w["unwritable"].format(path=path, reason=file_reason(denied, lang)).replace("--plot", option))


def write_atomically(path: str, write: Any, option: str = "--plot", lang: str = "en") -> None:
    """Call `write(temporary_path)` and move the file into place (files.write_atomic_with); the
    file was checked before the games were played, so it may be replaced here."""
    try:
        write_atomic_with(path, write, force=True)
    except OSError as exc:
        raise MugginsError(_w(lang)["unwritable"].format(path=path, reason=file_reason(exc, lang))
                           .replace("--plot", option)) from None


def pyplot(lang: str = "en") -> Any:
    """matplotlib's pyplot, drawing to files; asked for before a simulation too, so that a missing
    matplotlib is said (in `lang`) before the games are played, not after."""
    try:
        import matplotlib
    except ImportError:
        raise MugginsError(_w(lang)["needs"]) from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def _save(fig: Any, path: str, lang: str) -> None:
    fmt = Path(path).suffix.lower().lstrip(".")
    metadata = {"Date": None} if fmt == "svg" else {"Software": None}  # the same games, the same file

    def write(temporary: str) -> None:
        fig.savefig(temporary, format=fmt, dpi=110, bbox_inches="tight", metadata=metadata)
    try:
        write_atomically(path, write, lang=lang)
    finally:
        fig.clf()
        pyplot(lang).close(fig)


def _tick_numbers(fig: Any, lang: str) -> None:
    """The axes' numbers written as the titles and labels of the same figure are: 2,5 in Spanish
    (matplotlib writes 2.5 whatever the language); tick labels given as text are left as they are."""
    if lang != "es":
        return
    from matplotlib.ticker import ScalarFormatter

    class DecimalComma(ScalarFormatter):
        def __call__(self, x: float, pos: int | None = None) -> str:
            return super().__call__(x, pos).replace(".", ",")

    for ax in fig.axes:
        for axis in (ax.xaxis, ax.yaxis):
            if type(axis.get_major_formatter()) is ScalarFormatter:
                axis.set_major_formatter(DecimalComma())


def _plain(text: str) -> str:
    """The user's text (a label, a setting) as matplotlib shows it as written: a `$` is a dollar
    sign, never the start of mathtext."""
    return text.replace("$", r"\$")


def _errors(rows: Sequence[dict]) -> tuple[list[float], list[list[float]]]:
    rates = [100 * r["win_rate"] for r in rows]
    low = [100 * (r["win_rate"] - r["ci95"][0]) for r in rows]
    high = [100 * (r["ci95"][1] - r["win_rate"]) for r in rows]
    return rates, [low, high]


def plot_results(results: Sequence[dict], path: str, lang: str = "en") -> None:
    """Win rates by place from the first to play and by seat, with 95% intervals, and the
    distribution of the game length in turns; one colour per rule file."""
    _save(results_figure(results, lang), path, lang)


def results_figure(results: Sequence[dict], lang: str = "en") -> Any:
    """The figure `plot_results` writes (apart, so the drawn data can be checked): three panels,
    one legend below them, never over a bar or its error bar."""
    plt = pyplot(lang)
    w = _w(lang)
    first = results[0]
    n = first["players"]
    fig, axes = plt.subplots(1, 3, figsize=(15, 4.8))
    bots = bot_names(list(dict.fromkeys(first["bots"])), lang)
    if len(results) == 1:
        title = w["title"].format(rules=_plain(first["label"]), games=num(first["games"], lang, 0), players=n,
                                  bots=bots)
    else:
        title = w["compare_title"].format(games=games_played(results, lang), players=n, bots=bots)
    fig.suptitle(title, fontsize=13)
    _win_rate_panels(axes[0], axes[1], results, w, lang)
    _length_panel(axes[2], results, w, lang)
    _tick_numbers(fig, lang)
    fig.tight_layout()
    handles, labels = axes[0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="upper center", bbox_to_anchor=(0.5, 0.0), fontsize=9,
               ncol=min(4, len(handles)), frameon=False)
    return fig


def place_share(data: dict) -> float:
    """Each place's (and seat's) fair share of a summary's games (`stats.fair_share`)."""
    return fair_share(data["finished"], data["games"], data["players"])


def _win_rate_panels(by_place: Any, by_seat: Any, results: Sequence[dict], w: dict[str, str], lang: str) -> None:
    """Bars with 95% intervals, a group per place (or seat) and a colour per rule file, and the
    fair share: one grey line, or one line per file in its colour where their shares differ."""
    n = results[0]["players"]
    width = 0.8 / len(results)
    for i, data in enumerate(results):
        offset = (i - (len(results) - 1) / 2) * width
        rates, err = _errors(data["first_to_play"]["by_position"])
        bars = by_place.bar([k + 1 + offset for k in range(n)], rates, width, yerr=err, capsize=4, color=f"C{i}",
                            label=_plain(data["label"]))
        if len(results) == 1:
            for k, rect in enumerate(bars):
                row = data["first_to_play"]["by_position"][k]
                by_place.annotate(f"{pct(row['win_rate'], lang)}\n[{pct(row['ci95'][0], lang)}, {pct(row['ci95'][1], lang)}]",
                                  (rect.get_x() + rect.get_width() / 2, 100 * row["ci95"][1]),
                                  ha="center", va="bottom", fontsize=8)
        rates, err = _errors(data["seats"])
        by_seat.bar([k + 1 + offset for k in range(n)], rates, width, yerr=err, capsize=4, color=f"C{i}",
                    label=_plain(data["label"]))
    shares = [place_share(data) for data in results]
    for ax in (by_place, by_seat):
        if len(set(shares)) == 1:
            ax.axhline(100 * shares[0], color="grey", linestyle="--", linewidth=1,
                       label=f"{w['fair']} ({pct(shares[0], lang)})")
        else:
            for i, (data, share) in enumerate(zip(results, shares)):
                ax.axhline(100 * share, color=f"C{i}", linestyle="--", linewidth=1,
                           label=w["fair_of"].format(label=_plain(data["label"]), share=pct(share, lang)))
        ax.set_ylabel(w["win_rate"])
        ax.set_xticks(range(1, n + 1))
        top = max(r["ci95"][1] for d in results for r in d["first_to_play"]["by_position"] + d["seats"])
        # a fair share of 0 (no game finished) would lie on the frame's edge: the frame starts below it
        ax.set_ylim(-2 if min(shares) < 0.02 else 0, max(125 * top, 150 * max(shares), 1))
    by_place.set_title(w["first"], fontsize=11)
    by_place.set_xlabel(w["first_x"])
    by_seat.set_title(w["seats"], fontsize=11)
    by_seat.set_xlabel(w["seat_x"])


def _length_panel(ax: Any, results: Sequence[dict], w: dict[str, str], lang: str) -> None:
    """The distribution of the game length in turns, a step line per rule file: each bin's share
    of the games over its width (a share per turn, so files binned differently compare on one
    axis), every bin drawn with its width, an empty one at zero."""
    widths = []
    for i, data in enumerate(results):
        histogram = data["length"]["turns"]["histogram"]
        width, counts = histogram["bin"], {int(low): count for low, count in histogram["counts"].items()}
        total = sum(counts.values()) or 1
        lows = list(range(min(counts, default=0), max(counts, default=0) + width, width))
        ax.stairs([100 * counts.get(low, 0) / total / width for low in lows], lows + [lows[-1] + width],
                  color=f"C{i}", label=_plain(data["label"]))
        widths.append(width)
    shown = sorted(set(widths))
    bins = str(shown[-1]) if len(shown) == 1 else f"{', '.join(map(str, shown[:-1]))}{w['and']}{shown[-1]}"
    ax.set_title(w["length"], fontsize=11)
    ax.set_xlabel(w["bins"].format(what=w["turns"], bin=bins))
    ax.set_ylabel(w["share"])


def plot_sweep(rules: str, results: Sequence[dict], path: str, lang: str = "en") -> None:
    """How the first to play's win rate and the game length move across a sweep's settings."""
    _save(sweep_figure(rules, results, lang), path, lang)


def sweep_figure(rules: str, results: Sequence[dict], lang: str = "en") -> Any:
    """The figure `plot_sweep` writes (apart, so what is drawn can be checked): two panels, their
    legends in one below them (inside, a legend covered error bars), axis labels on two lines so
    they stay beside their axes, clear of the slanted setting names under them."""
    plt = pyplot(lang)
    w = _w(lang)
    first = results[0]
    xs, xlabel, ticks, groups = _sweep_axis(results, w)
    fig, axes = plt.subplots(1, 2, figsize=(13, 4.8))
    fig.suptitle(w["sweep_title"].format(rules=_plain(rules), games=games_played(results, lang), seed=first["seed"]),
                 fontsize=13)
    joined = ticks is None  # points along a number are joined; settings named under the axis are not
    _sweep_rates(axes[0], results, xs, groups, w, lang, joined)
    _sweep_lengths(axes[1], results, xs, groups, w, joined)
    for ax in axes:
        ax.set_xlabel(xlabel)
        if ticks is not None:
            ax.set_xticks(xs)
            ax.set_xticklabels(ticks, rotation=30, ha="right", fontsize=8)
    _tick_numbers(fig, lang)
    fig.tight_layout()
    handles, labels = [], []
    for ax in axes:
        more = ax.get_legend_handles_labels()
        handles += more[0]
        labels += more[1]
    fig.legend(handles, labels, loc="upper center", bbox_to_anchor=(0.5, 0.0), fontsize=9,
               ncol=min(3, len(handles)), frameon=False)
    return fig


def _sweep_axis(results: Sequence[dict], w: dict[str, str]) -> tuple[list[float], str, list[str] | None,
                                                                       dict[str, list[int]]]:
    """The x of each result, the x label, the tick labels (None for a numeric axis) and the groups
    drawn as lines: the first setting that varies over numbers is the axis, and each value of the
    other settings that vary is a line; with none, each result is a point of its own, named under
    the axis (never joined: the settings between two points are no trend)."""
    first = results[0]
    keys = [s.partition("=")[0] for s in first["settings"]]
    varying = [k for i, k in enumerate(keys) if len({d["settings"][i] for d in results}) > 1]
    numeric = [k for k in varying if all(_number(d["settings"][keys.index(k)].partition("=")[2]) is not None
                                         for d in results)]
    groups: dict[str, list[int]] = {}
    for i, d in enumerate(results):
        name = _plain(", ".join(d["settings"][keys.index(k)] for k in varying if k != numeric[0])) if numeric else ""
        groups.setdefault(name, []).append(i)
    if numeric:
        index = keys.index(numeric[0])
        xs: list[float] = [float(_number(d["settings"][index].partition("=")[2]) or 0) for d in results]
        return xs, _plain(numeric[0]), None, groups
    return list(range(len(results))), w["setting"], [_plain(", ".join(d["settings"])) for d in results], groups


def _sweep_rates(ax: Any, results: Sequence[dict], xs: Sequence[float], groups: dict[str, list[int]],
                 w: dict[str, str], lang: str, joined: bool) -> None:
    """The first to play's win rate with its 95% interval, a line per group, and the fair share:
    one grey line, or a dotted line per group where unfinished games make the shares differ."""
    for k, (name, members) in enumerate(groups.items()):
        rates, err = _errors([results[i]["first_to_play"]["by_position"][0] for i in members])
        ax.errorbar([xs[i] for i in members], rates, yerr=err, marker="o", capsize=4, color=f"C{k}",
                    label=name or w["sweep_first"], linestyle="-" if joined else "none")
    shares = [place_share(d) for d in results]
    if len(set(shares)) == 1:
        ax.axhline(100 * shares[0], color="grey", linestyle="--", linewidth=1,
                   label=f"{w['fair']} ({pct(shares[0], lang)})")
    else:
        for k, (name, members) in enumerate(groups.items()):
            ax.plot([xs[i] for i in members], [100 * shares[i] for i in members], color=f"C{k}" if name else "grey",
                    linestyle="--" if joined else "none", marker=None if joined else "_", markersize=14,
                    linewidth=1, label=f"{w['fair']} ({name})" if name else w["fair"])
    low, high = ax.get_ylim()  # a horizontal line does not widen the axis: the fair share clear of the frame
    ax.set_ylim(min(low, 100 * min(shares) - 2), max(high, 100 * max(shares) + 2))
    ax.set_title(w["sweep_first"], fontsize=11)
    ax.set_ylabel(_two_lines(w["win_rate"]))


def _sweep_lengths(ax: Any, results: Sequence[dict], xs: Sequence[float], groups: dict[str, list[int]],
                   w: dict[str, str], joined: bool) -> None:
    """The mean turns and rounds per game with their 95% intervals, a colour per group."""
    for key, name, style, marker in (("turns", w["turns"], "-", "o"), ("rounds", w["rounds"], "--", "s")):
        for k, (group, members) in enumerate(groups.items()):
            means = [results[i]["length"][key]["mean"] for i in members]
            halves = [Z95 * results[i]["length"][key]["sd"] / math.sqrt(max(1, results[i]["length"][key]["count"]))
                      for i in members]
            ax.errorbar([xs[i] for i in members], means, yerr=halves, marker=marker, capsize=4,
                        linestyle=style if joined else "none",
                        color=f"C{k}", label=f"{name} ({group})" if group else name)
    ax.set_title(w["sweep_length"], fontsize=11)
    ax.set_ylabel(_two_lines(f"{w['turns']} / {w['rounds']}"))


def _two_lines(text: str) -> str:
    """An axis label broken after its first comma or slash: a long label stays beside its axis."""
    for mark in (", ", " / "):
        head, found, tail = text.partition(mark)
        if found:
            return f"{head}{mark.rstrip()}\n{tail}"
    return text


def _number(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None
