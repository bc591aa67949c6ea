"""The pile family's words: its log lines, why a card scored, its part of the rules summary and
of the table at the terminal, in English and in the text's Spanish (pila, total acumulado, paso)."""
from __future__ import annotations

from typing import Any

from ...dsl.words import Noun, Series, Term
from ...engine.common import UNEARNED_REASONS, Scored
from ...narration import claim_words, count, describe_common, player_name, reason_name, say, say_points, scores_text
from ...pieces import SUIT_WORDS
from ...rules import Notation, Rules
from . import game as C

WORDS = {
    "en": {
        "dealt": "Round {round}: {dealer} deals{cut}; {leader} leads; {stock} in the stock.",
        "cut": " ({player} cuts at card {at})",
        "played": "{player} plays {card}: total {total}.",
        "go": "{player} says go.", "go_draw": "{player} says go and draws {card}.",
        "refilled": "{player} draws {cards} back to {size}.",
        "closed": "Pile closed at {total}; {last} played last; {starter} starts the next pile.",
        "closed_end": "Pile closed at {total}; {last} played last.",
        "round_end": "End of round {round}: {scores}.",
        "a_card": "a card", "one_card": "1 card", "cards_n": "{n} cards",
        "why_card": "{player} played {card}, bringing the running total to {total}: {reason}{condition} scores {points}.",
        "why_last": "{player} played the last card of a pile closed at {total}: {reason} scores {points}.",
        "deck": "A deck of {count} cards ({ranks}; suits {suits}); what a card adds to the running total: {value}.",
        "pile": "The running total may not pass {limit}; exactly {limit} scores {exact}{claim} {timing}.",
        "timing_immediate": "when it is reached, and the pile closes at once, with no \"last\"",
        "timing_as_last": "as \"last\" when everyone has said go",
        "last": "When everyone has said go the pile closes and its last player scores {points} for \"last\"{claim}.",
        "last_round_end": "The open pile of a finished round closes too, and scores \"last\".",
        "no_last_round_end": "The open pile of a finished round closes without \"last\".",
        "refill": "After a play, draw back up to {n} while the stock lasts.", "no_refill": "No drawing after a play.",
        "go_rule": "A player who cannot play says go{draw}.", "go_draw_rule": " and draws a replacement card while the stock has cards",
        "first:high_draw": "The first dealer is drawn by lot: each player draws a card and the one with the highest "
                           "value of {rank} deals (tied players draw again).",
        "first:random": "The first dealer is picked at random.",
        "next:same": "The same player deals every round.",
        "next:lottery": "Each next round's dealer is drawn by lot again, as the first.",
        "leader:dealer": "The dealer leads each round.",
        "cut:False": "The deck is not cut.",
        "next_starter:last_player": "The player of a pile's last card starts the next pile.",
        "active:all": "A player with no cards left still takes their turn and says go: a pile closes only when every "
                      "player has said go.",
        "stock_name": "stock", "table_pile": "Pile: {cards} — total {total} of {limit}",
        "empty_pile": "Pile: empty — total 0 of {limit}",
    },
    "es": {
        "dealt": "Ronda {round}: reparte {dealer}{cut}; sale {leader}; {left} {stock} en el mazo de reserva.",
        "cut": " ({player} corta por la carta {at})",
        "played": "{player} juega {card}: total acumulado {total}.",
        "go": "{player} dice «paso».", "go_draw": "{player} dice «paso» y roba {card}.",
        "refilled": "{player} roba {cards} y vuelve a tener {size}.",
        "closed": "La pila se cierra en {total}; {last} jugó la última carta; {starter} empieza la nueva pila.",
        "closed_end": "La pila se cierra en {total}; {last} jugó la última carta.",
        "round_end": "Fin de la ronda {round}: {scores}.",
        "a_card": "una carta", "one_card": "1 carta", "cards_n": "{n} cartas",
        "why_card": "{player} jugó {card} y el total acumulado llegó a {total}: {reason}{condition} anota {points}.",
        "why_last": "{player} jugó la última carta de una pila cerrada en {total}: {reason} anota {points}.",
        "deck": "Una baraja de {count} cartas ({ranks}; palos {suits}); lo que cada carta suma al total acumulado: {value}.",
        "pile": "El total acumulado no puede superar {limit}; exactamente {limit} anota {exact}{claim} {timing}.",
        "timing_immediate": "al alcanzarse, y la pila se cierra en el acto, sin «último»",
        "timing_as_last": "como «último» cuando todos han pasado",
        "last": "Cuando todos han pasado la pila se cierra y quien jugó la última carta anota {points} por «último»{claim}.",
        "last_round_end": "La pila abierta al acabar la ronda también se cierra y anota «último».",
        "no_last_round_end": "La pila abierta al acabar la ronda se cierra sin «último».",
        "refill": "Después de jugar, se roba hasta tener {n} mientras quede mazo.", "no_refill": "No se roba después de jugar.",
        "go_rule": "Quien no puede jugar dice «paso»{draw}.", "go_draw_rule": " y roba una carta de reemplazo mientras quede mazo",
        "first:high_draw": "El primer repartidor se sortea: cada jugador roba una carta y reparte quien saca el valor "
                           "más alto de {rank} (los empatados vuelven a robar).",
        "first:random": "El primer repartidor se elige al azar.",
        "next:same": "El mismo jugador reparte todas las rondas.",
        "next:lottery": "El repartidor de cada ronda siguiente se sortea otra vez, como el primero.",
        "leader:dealer": "El repartidor sale en cada ronda.",
        "cut:False": "La baraja no se corta.",
        "next_starter:last_player": "Quien jugó la última carta de una pila empieza la siguiente.",
        "active:all": "Un jugador sin cartas sigue teniendo turno y dice «paso»: una pila se cierra solo cuando todos "
                      "los jugadores han dicho «paso».",
        "stock_name": "mazo de reserva", "table_pile": "Pila: {cards} — total acumulado {total} de {limit}",
        "empty_pile": "Pila: vacía — total acumulado 0 de {limit}",
    },
}

# What each name of the card game's formulas means (the shared `players`, `score`, `target` are narration's).
GLOSSARY: dict[str, dict[str, Term]] = {
    "en": {
        "total": Noun("the running total"), "limit": Noun("the limit"),
        "card.rank": Noun("the card's rank"), "card.value": Noun("the card's value"),
        "card.suit": Noun("the card's suit number"),
        "pile_size": Noun("the number of cards in the pile",
                          counted=("there is {n} card in the pile", "there are {n} cards in the pile")),
        "hand_size": Noun("the number of cards in the player's hand",
                          counted=("the player holds {n} card", "the player holds {n} cards")),
        "stock": Noun("the number of cards in the stock",
                      counted=("there is {n} card in the stock", "there are {n} cards in the stock")),
        "earned": Noun("the points the entries above gave for this card", plural=True),
        "pile.ranks": Series(("rank", "ranks"), ("card", "cards"), "the pile", " in the pile"),
        "pile.values": Series(("value", "values"), ("card", "cards"), "the pile", " in the pile"),
        "pile.suits": Series(("suit number", "suit numbers"), ("card", "cards"), "the pile", " in the pile"),
    },
    "es": {
        "total": Noun("el total acumulado"), "limit": Noun("el límite"),
        "card.rank": Noun("el rango de la carta"), "card.value": Noun("el valor de la carta"),
        "card.suit": Noun("el número de palo de la carta"),
        "pile_size": Noun("el número de cartas de la pila",
                          counted=("hay {n} carta en la pila", "hay {n} cartas en la pila")),
        "hand_size": Noun("el número de cartas en la mano del jugador",
                          counted=("al jugador le queda {n} carta", "al jugador le quedan {n} cartas")),
        "stock": Noun("el número de cartas del mazo de reserva",
                      counted=("queda {n} carta en el mazo de reserva", "quedan {n} cartas en el mazo de reserva")),
        "earned": Noun("lo que las entradas anteriores han dado por esta carta"),
        "pile.ranks": Series(("rango", "rangos"), ("carta", "cartas"), "la pila", " de la pila", item_fem=True),
        "pile.values": Series(("valor", "valores"), ("carta", "cartas"), "la pila", " de la pila", item_fem=True),
        "pile.suits": Series(("número de palo", "números de palo"), ("carta", "cartas"), "la pila", " de la pila",
                             item_fem=True),
    },
}


def describe(event: Any, lang: str, target: int, notation: Notation | None, deck: Any = None,
             viewer: int | None = None, rules: Rules | None = None) -> str | None:
    """One log line for a card event (None for events that need no line)."""
    name = deck.name if deck is not None else str
    common = describe_common(event, lang, target, notation, name, rules)
    if common is not None:
        return common
    w = WORDS[lang]
    p = lambda player: player_name(player, lang)  # noqa: E731
    if isinstance(event, C.Dealt):
        cut = w["cut"].format(player=p(event.cut_by), at=event.cut_at) if event.cut_by is not None else ""
        return w["dealt"].format(round=event.round, dealer=p(event.dealer), cut=cut, leader=p(event.leader),
                                 stock=count(event.stock, "card", lang), left="queda" if event.stock == 1 else "quedan")
    if isinstance(event, C.Played):
        return w["played"].format(player=p(event.player), card=name(event.card), total=event.total)
    hidden = viewer is not None and viewer != getattr(event, "player", viewer)
    if isinstance(event, C.SaidGo):
        if event.drew is None:
            return w["go"].format(player=p(event.player))
        return w["go_draw"].format(player=p(event.player), card=w["a_card"] if hidden else name(event.drew))
    if isinstance(event, C.Refilled):
        drawn = len(event.cards)
        cards = (w["one_card"] if drawn == 1 else w["cards_n"].format(n=drawn)) if hidden else " ".join(map(name, event.cards))
        return w["refilled"].format(player=p(event.player), cards=cards, size=count(event.hand_size, "card", lang))
    if isinstance(event, C.PileClosed):
        if event.last_player is None:
            return None
        if event.starter is None:
            return w["closed_end"].format(total=event.total, last=p(event.last_player))
        return w["closed"].format(total=event.total, last=p(event.last_player), starter=p(event.starter))
    if isinstance(event, C.RoundEnded):
        return w["round_end"].format(round=event.round, scores=scores_text(event.scores, lang, notation))
    return None


def explain_last_score(rules: Rules, state: Any, lang: str) -> str | None:
    """Why the most recent score arose: the card and the total it made, or the pile it closed."""
    events = state.events
    found = _last_score(events)
    if found is None:
        return None
    at, (player, points, reason) = found
    closed = next((e for e in reversed(events[:at]) if isinstance(e, (C.PileClosed, C.Played))), None)
    w = WORDS[lang]
    if isinstance(closed, C.PileClosed):
        return w["why_last"].format(player=player_name(player, lang), total=closed.total, points=points,
                                    reason=reason_name(reason, lang, rules))
    if closed is None:
        return None
    rule = next((s for s in rules.scoring if s.name == reason), None)
    condition = f" ({say(rules, 'scoring', rule.when, lang)})" if rule else ""
    return w["why_card"].format(player=player_name(player, lang), card=rules.pieces.name(closed.card),
                                total=closed.total, points=points, reason=reason_name(reason, lang, rules),
                                condition=condition)


def _last_score(events: list[Any]) -> tuple[int, tuple[int, int, str]] | None:
    """Where the most recent score arose, and its (player, points, reason): a score earned and
    waiting for its claim, or one added; a claimed score arose where it was earned (a card's
    entries are all earned before the first is claimed: each is matched by its own score)."""
    for i in range(len(events) - 1, -1, -1):
        event = events[i]
        if isinstance(event, C.ScoreEarned):
            return i, (event.score.player, event.score.points, event.score.reason)
        if isinstance(event, Scored) and event.points and event.reason not in UNEARNED_REASONS:
            claimed = events[i - 1] if i else None
            if isinstance(claimed, C.Claimed):
                score = claimed.score
                at = next((j for j in range(i - 1, -1, -1)
                           if isinstance(events[j], C.ScoreEarned) and events[j].score is score), i)
                return at, (score.player, score.points, score.reason)
            return i, (event.player, event.points, event.reason)
    return None


def summary(rules: Rules, lang: str) -> tuple[list[str], list[str]]:
    """The pile family's summary lines: before the scoring entries (the deck) and after them
    (the limit, "last", refills and going). The exact limit and "last" wait for a claim as the
    table decides, with `claims.required` (C1: the exact limit is a claim like a multiple of 5)."""
    w = WORDS[lang]
    o, data = rules.options, rules.data
    cards = data["pieces"]["cards"]
    deck, names = rules.pieces, SUIT_WORDS.get(lang, SUIT_WORDS["en"])
    suits = ", ".join(f"{deck.symbol(s)} {names[s]}" if deck.french else s for s in deck.suits)
    before = [w["deck"].format(count=len(rules.pieces), ranks=" ".join(cards["ranks"]), suits=suits,
                               value=say(rules, "pieces.cards.value", cards["value"], lang)), *_dealing(rules, lang)]
    limit = say(rules, "players", o.limit, lang)
    refill = o.refill_to.source.strip()
    claims = rules.claims_required
    after = [w["pile"].format(limit=limit, exact=say_points(rules, "pile.exact_limit.points", o.exact_limit_points, lang),
                              claim=claim_words(rules, claims, o.exact_limit_points, lang, place="pile.exact_limit.points"),
                              timing=w["timing_" + o.exact_limit_timing]),
             w["last"].format(points=say_points(rules, "last.points", o.last_points, lang),
                              claim=claim_words(rules, claims, o.last_points, lang, place="last.points")),
             w["last_round_end" if o.last_on_round_end else "no_last_round_end"],
             w["refill"].format(n=count(int(refill), "card", lang) if refill.isdigit()
                                else say(rules, "players", o.refill_to, lang)) if o.refill else w["no_refill"],
             w["go_rule"].format(draw=w["go_draw_rule"] if o.go_draw else "")]
    return before, after


# The card text's game, which the summary leaves unsaid: the first dealer by high card, the deal
# passing to the next seat, the cut, the next seat leading, the player after the pile's last
# starting the next, and only players holding cards taking turns.
USUAL_DEALING = {"first": "high_draw", "rank": "card.rank", "next": "next_seat", "leader": "next_seat", "cut": True,
                 "next_starter": "after_last_player", "active": "holding_cards"}


def _dealing(rules: Rules, lang: str) -> list[str]:
    """Who deals, cuts and leads, and who starts a pile and takes turns, where the rule file
    differs from the card text's game (`USUAL_DEALING`)."""
    w, o = WORDS[lang], rules.options
    first, lines = o.first_dealer, []
    rank = first.rank.source.strip() if first.rank is not None else USUAL_DEALING["rank"]
    if first.method != USUAL_DEALING["first"] or rank != USUAL_DEALING["rank"]:
        rank = say(rules, "dealer.first.rank", first.rank, lang) if first.rank is not None else ""
        lines.append(w[f"first:{first.method}"].format(rank=rank))
    chosen = {"next": o.next_dealer, "leader": o.leader, "cut": o.cut, "next_starter": o.next_starter,
              "active": o.active}
    lines.extend(w[f"{key}:{value}"] for key, value in chosen.items() if value != USUAL_DEALING[key])
    return lines


def show_table(view: Any, lang: str, deck: Any) -> list[str]:
    """The pile: its cards, running total and limit."""
    w = WORDS[lang]
    if view.pile:
        return [w["table_pile"].format(cards=" ".join(map(deck.name, view.pile)), total=view.total, limit=view.limit)]
    return [w["empty_pile"].format(limit=view.limit)]


def hand_text(view: Any, deck: Any) -> str:
    return " ".join(map(deck.name, sorted(view.hand, key=lambda c: (c.rank, c.suit))))
