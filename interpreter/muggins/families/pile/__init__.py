"""The pile family: cards played on a running total that may never pass a limit."""
from __future__ import annotations

from typing import Any, Mapping

from ...dsl import Type
from ...dsl.bounds import COUNTS
from ...messages import Said
from ...rules import Notation, Rules
from .. import Family
from . import game as C
from . import coach, words
from ...engine.common import UNEARNED_REASONS, Scored
from .options import (CARD_PLAY_CONTEXT, CARD_RANK_CONTEXT, CARD_VALUE_CONTEXT, LAST_CONTEXT, check_pile_counts,
                      compile_pile)
from .render import pile_svg
from .scenarios import build_position, observe_step


class PileFamily(Family):
    name = "pile"
    pieces_key = "cards"
    sections = ("dealer", "pile", "go", "refill", "last")
    own_reasons = (C.LAST_REASON, C.EXACT_LIMIT_REASON)
    description = Said("card games", es="juegos de naipes")
    scoring_context = CARD_PLAY_CONTEXT

    def compile(self, compiler: Any) -> tuple[Any, Any]:
        return compile_pile(compiler)

    def check_counts(self, compiler: Any, rules_options: Any, pieces: Any, env: dict[str, int],
                     dealt: int | None) -> None:
        check_pile_counts(compiler, rules_options, pieces, env, dealt)

    def contexts(self) -> dict[str, Mapping[str, Type]]:
        return {"scoring": CARD_PLAY_CONTEXT, "pile.exact_limit.points": CARD_PLAY_CONTEXT, "last.points": LAST_CONTEXT,
                "pieces.cards.value": CARD_VALUE_CONTEXT, "dealer.first.rank": CARD_RANK_CONTEXT}

    def value_bounds(self, rules: Rules, constants: Mapping[str, Any],
                     place: str = "scoring") -> Mapping[str, tuple[int | None, int | None]]:
        """The running total never passes the limit; an exact limit's points are read only at the
        limit, and "last" only on a pile closed below it (at the limit, the exact limit scores)."""
        values = rules.pieces.values  # a card's value, whatever the deck's formula: one of these
        cards = (min(values), max(values))
        limit = constants.get("limit")
        total = {"pile.exact_limit.points": (limit, limit),
                 "last.points": (0, None if limit is None else limit - 1)}.get(place, (0, limit))
        return {"total": total, "pile_size": (1, None), "hand_size": COUNTS, "stock": COUNTS,
                "card.rank": (1, len(values)), "pile.ranks": (1, len(values)), "card.value": cards,
                "pile.values": cards}

    def glossary(self, place: str, lang: str) -> Mapping[str, Any]:
        return words.GLOSSARY[lang]

    def formulas(self, rules: Rules) -> dict[str, tuple[Any, Mapping[str, Type]]]:
        values = rules.pieces.values
        return {"last.points": (rules.options.last_points, LAST_CONTEXT),
                "pile.exact_limit.points": (rules.options.exact_limit_points, CARD_PLAY_CONTEXT),
                "pieces.cards.value": (lambda env: values[env["card.rank"] - 1], CARD_VALUE_CONTEXT)}

    def make_game(self, rules: Rules, players: int, max_rounds: int) -> C.CardGame:
        return C.CardGame(rules, players, max_rounds)

    def pieces_in_play(self, state: Any) -> list[Any]:
        return [c for h in state.hands for c in h] + state.stock + state.pile.cards + state.discards

    def stock_size(self, state: Any) -> int:
        return len(state.stock)

    def check_move(self, state: Any, move: Any, before: dict[str, Any], events: list[Any], number: int) -> str | None:
        o, game = state.options, state.game
        if state.pile.total > game.limit:
            return f"the total {state.pile.total} exceeds the limit {game.limit}"
        if state.round != before["round"] or not isinstance(move, (C.Play, C.Go)):
            return None
        mover = before["turn"]
        have, had, stock = len(state.hands[mover]), before["hands"][mover], before["stock"]
        if isinstance(move, C.Play):
            expected = had - 1 + (min(max(0, game.refill_to - (had - 1)), stock) if o.refill else 0)
        else:
            expected = had + (1 if o.go_draw and stock else 0)
        if have != expected:
            return f"player {mover + 1} holds {have} cards, the rules give {expected}"
        if any(isinstance(event, C.PileClosed) for event in events) or state.decision is not None:
            return None  # the next pile's starter follows the pile's last player; or a claim is due
        order = state.seats.order_from(mover)
        skipped = order[1:order.index(state.turn)] if state.turn != mover else []
        if o.active == "holding_cards" and any(state.hands[p] for p in skipped):
            return "the turn skipped a player holding cards"
        return None

    def describe(self, rules: Rules, event: Any, lang: str, target: int, notation: Notation | None,
                 viewer: int | None) -> str | None:
        return words.describe(event, lang, target, notation, rules.pieces, viewer, rules)

    def explain_last_score(self, rules: Rules, state: Any, lang: str) -> str | None:
        return words.explain_last_score(rules, state, lang)

    def explain_event(self, state: Any, event: Any, lang: str) -> str | None:
        """Why a score was added: the card and the total it made, or the pile it closed (the
        explanation of `why`, read from the events up to this one)."""
        if not isinstance(event, Scored) or not event.points or event.reason in UNEARNED_REASONS:
            return None
        events = state.events
        at = next((i for i in range(len(events) - 1, -1, -1) if events[i] is event), None)
        if at is None:
            return None
        return words.explain_last_score(state.rules, _EventsUpTo(state, events[:at + 1]), lang)

    def render_svg(self, rules: Rules, state: Any, lang: str) -> str:
        cards, total = pile_on_the_table(state)
        return pile_svg(cards, rules.pieces, total, state.pile.limit, lang)

    def summary(self, rules: Rules, lang: str) -> tuple[list[str], list[str]]:
        return words.summary(rules, lang)

    def show_table(self, rules: Rules, view: Any, lang: str) -> list[str]:
        return words.show_table(view, lang, rules.pieces)

    def hand_text(self, rules: Rules, view: Any) -> str:
        return words.hand_text(view, rules.pieces)

    def stock_name(self, lang: str) -> str:
        return words.WORDS[lang]["stock_name"]

    def move_examples(self, rules: Rules, lang: str) -> str:
        """Cards of the rule file's deck (5♥ and 10♠ where it has them) in each spelling, and go."""
        deck = rules.pieces
        five, ten = deck.examples()
        spellings = [deck.name(five), deck.name(ten), deck.typed(five, lang), deck.long_name(five, lang),
                     _GO_WORD.get(lang, "go")]
        return ", ".join(dict.fromkeys(spellings))  # a deck that is not French has no words: each spelling once

    def coach_hint(self, rules: Rules, view: Any, lang: str) -> str | None:
        return coach.hint(rules, view, lang)

    def keeper(self, rules: Rules, players: int) -> Any:
        from .keep import PileTracker
        return PileTracker(rules, players)

    def position(self, scenario: Any, position: dict[str, Any], hands: list[list[Any]], scores: list[int],
                 turn: int, seed: Any) -> Any:
        return build_position(scenario, position, hands, scores, turn, seed)

    def most_in_hand(self, game: Any) -> int | None:
        return None if game.options.refill or game.options.go_draw else game.hand_size

    def observe(self, scenario: Any, state: Any, events: list[Any]) -> dict[str, Any]:
        return observe_step(scenario, state, events)


def pile_on_the_table(state: Any) -> tuple[list[Any], int]:
    """The pile's cards and total as the last move left them on the table. A move that closes the
    pile (at the limit, or the last go, at a round's end too) clears it at once for the next: until
    the next card the table still shows the pile that closed, read back from its plays."""
    pile = state.pile
    if pile.cards:
        return pile.cards, pile.total
    cards: list[Any] = []
    closed: int | None = None  # the total the last pile closed at, read back past the next deal
    for event in reversed(state.events):
        if isinstance(event, C.PileClosed):
            if closed is not None:
                break
            closed = event.total
        elif isinstance(event, C.Played):
            if closed is None:
                break
            cards.append(event.card)
        elif isinstance(event, C.Dealt) and closed is not None:
            break
    return cards[::-1], closed or 0


_GO_WORD = {"en": "go", "es": "paso"}  # claim and muggins: the terminal's, where the rules have them


class _EventsUpTo:
    """A state whose events stop at one event: what was known when it happened."""

    def __init__(self, state: Any, events: list[Any]):
        self._state = state
        self.events = events

    def __getattr__(self, name: str) -> Any:
        return getattr(self._state, name)


FAMILY = PileFamily()
