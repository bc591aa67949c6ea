"""The coach's hint for a card turn: how far the running total is from the next total that
scores, found by asking the game's own scoring (`CardGame.play_points`) about every card that
could be played now (the player's own, or one they have not seen: not on the pile nor on this
round's closed piles), so a house rule's scoring is what the hint follows. Where the cards making that total score
differently (a pair, a suit), no total alone scores: the hint says so and names the player's own
cards that score, and what."""
from __future__ import annotations

from typing import Any, Iterable

from ...narration import coach_hint, points_counted
from ...rules import Rules

HINT = {
    "en": "Hint: the running total is {total}; {need} more makes {next}, which scores {points}.",
    "es": "Pista: el total acumulado es {total}; {faltan} {need} para {next}, que anota {points}.",
}
BY_CARD = {
    "en": "Hint: the running total is {total}; {need} more makes {next}, but what it scores depends on the card:",
    "es": "Pista: el total acumulado es {total}; {faltan} {need} para {next}, pero lo que anota depende de la carta:",
}
YOUR_CARD = {"en": "your {card} makes {next}, which scores {points}",
             "es": "tu {card} lo lleva a {next}, que anota {points}"}
NONE_OF_YOURS = {"en": "none of your cards scores now", "es": "ninguna de tus cartas anota ahora"}


def outcomes(view: Any, cards: Iterable[Any]) -> list[tuple[int, int, Any]]:
    """(the total it makes, what it adds to the viewer's score, the card) for each of `cards`
    that fits under the limit, laid now by the viewer, as the game scores it (past the target,
    as `win.overshoot` counts it: the shared table decides, `points_counted`)."""
    game, total = view.game, view.total
    hand_size, score = max(len(view.hand) - 1, 0), view.scores[view.player]
    pile = [game.code_of[card] for card in view.pile]
    trial = game.new_state(0)
    found = []
    for card in cards:
        if total + game.value(card) <= view.limit:  # each entry it earns, claimed as the table claims it
            awards = game.scores_of(game.code_of[card], total, pile, hand_size, view.stock, score)
            points = sum(award[1] for award in awards)
            counted = points_counted(trial, view, awards) if points > 0 else points
            found.append((total + game.value(card), counted, card))
    return found


def next_score(view: Any) -> tuple[int, int, set[int]] | None:
    """(the running total, the next total a card that could be played makes score, what each card
    making it scores), or None."""
    seen = {*view.pile, *view.played}
    played = outcomes(view, (card for card in view.game.cards if card not in seen))
    target = min((made for made, points, _ in played if points > 0), default=None)
    if target is None:
        return None
    return view.total, target, {points for made, points, _ in played if made == target}


def hint(rules: Rules, view: Any, lang: str) -> str | None:
    found = next_score(view)
    if found is None:
        return None
    total, target, points = found
    if len(points) == 1:
        (alike,) = points  # every card making the total scores this
        return coach_hint((total, target, alike), HINT, lang)
    opening = coach_hint((total, target, 0), BY_CARD, lang)  # no one number of points: said card by card
    return f"{opening} {your_cards(rules, view, lang)}."


def your_cards(rules: Rules, view: Any, lang: str) -> str:
    """The viewer's cards that score if laid now, each with the total it makes and its points."""
    scoring = sorted((made, points, rules.pieces.name(card)) for made, points, card in outcomes(view, view.hand)
                     if points > 0)
    template = YOUR_CARD.get(lang, YOUR_CARD["en"])
    said = [template.format(card=card, next=made, points=points) for made, points, card in scoring]
    return "; ".join(said) or NONE_OF_YOURS.get(lang, NONE_OF_YOURS["en"])
