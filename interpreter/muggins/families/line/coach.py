"""The coach's hint for a domino turn: how far the sum of the open ends is from the next sum that
scores, found with the game's own scoring (its awards by the sum of the ends), so a house rule's
scoring is what the hint follows; the points are those the table would add to the player's score
(past the target, `win.overshoot` voids or caps them), asked of the shared table itself."""
from __future__ import annotations

from typing import Any

from ...narration import coach_hint, points_counted

from ...dsl import lookup

HINT = {
    "en": "Hint: the open ends sum to {total}; {need} more makes {next}, which scores {points}.",
    "es": "Pista: los extremos abiertos suman {total}; {faltan} {need} para {next}, que anota {points}.",
}


def next_score(view: Any) -> tuple[int, int, int] | None:
    """(the sum of the open ends, the next sum above it whose points count for the player, those
    points), or None when the line is empty, no sum above counts, or the scoring reads more than
    the sum and the flags of a placement (a placement that keeps tiles in hand and does not open:
    going out is no sum to aim at)."""
    game, line = view.game, view.line
    scoring = game.scoring
    table, flagged = game.awards_by_sum, None if scoring.by_tile else scoring.by_flags[scoring.flags(1, False)]
    if line.empty:
        return None
    if table is not None:
        awards_at = lambda at: lookup(table, at)  # noqa: E731
    elif flagged is not None:
        awards_at = flagged.__getitem__
    else:
        return None
    total = line.ends_sum()
    trial = None
    for target in range(total + 1, game.line_tables.most_sum + 1):
        awards = awards_at(target)
        if sum(award[1] for award in awards) <= 0:
            continue
        trial = trial or game.new_state(0)
        points = points_counted(trial, view, awards)
        if points > 0:
            return total, target, points
    return None


def hint(view: Any, lang: str) -> str | None:
    return coach_hint(next_score(view), HINT, lang)
