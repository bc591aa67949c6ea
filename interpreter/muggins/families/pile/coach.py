"""The coach's hint for a card turn: how far the running total is from the next total that
scores, found by asking the game's own scoring (`CardGame.play_points`) about every total up
to the limit, so a house rule's scoring is what the hint follows."""
from __future__ import annotations

from typing import Any

from ...narration import coach_hint

HINT = {
    "en": "Hint: the running total is {total}; {need} more makes {next}, which scores {points}.",
    "es": "Pista: el total acumulado es {total}; {faltan} {need} para {next}, que anota {points}.",
}


def next_score(view: Any) -> tuple[int, int, int] | None:
    """(the running total, the next total a card could make that scores, its points), or None."""
    game = view.game
    by_value: dict[int, Any] = {}
    for card in game.cards:
        by_value.setdefault(game.value(card), card)
    for total in range(view.total + 1, view.limit + 1):
        card = by_value.get(total - view.total)
        if card is None:
            continue
        points = game.play_points(card, view.total, view.pile, max(len(view.hand) - 1, 0), view.stock,
                                  view.scores[view.player])
        if points > 0:
            return view.total, total, points
    return None


def hint(view: Any, lang: str) -> str | None:
    return coach_hint(next_score(view), HINT, lang)
