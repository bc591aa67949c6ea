"""Rule: a file that validates must run, for every allowed value of the rules core v2 keys.

Every built-in rule file is extended (through a temporary file, as a player would write it)
with each new key set to each value it allows, and the result must both validate and play a
seeded bot game that keeps every invariant (muggins.invariants.play_checked_game). The keys:
seating.direction/sides, claims.required, scoring[i].claim, muggins.*, win.simultaneous/
overshoot/tie, opener.holder and the `holder` methods, settlement.paid_to, draw.reserve,
dealer.next/leader, pile.active/limit and refill.to.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

from muggins.dsl import Type, compile_expression
from muggins.errors import RuleFileError
from muggins.invariants import play_checked_game
from muggins.loader import builtin_rule_names, load_rules
from muggins.families.pile.options import CARD_VALUE_CONTEXT, MAX_LIMIT
from muggins.rules import PLAYERS_CONTEXT

MAX_ROUNDS = 2
SEED = 7
BOTS_IN_TURN = ("greedy", "random")  # one game a case; neighbouring cases get the other bot


@lru_cache(maxsize=None)
def base_data(name: str) -> dict[str, Any]:
    return load_rules(name).data


def per_count(counts: list[int], value) -> str:
    """An expression of `players` giving value(n) for every allowed count n."""
    text = str(value(counts[-1]))
    for n in reversed(counts[:-1]):
        text = f"{value(n)} if players == {n} else ({text})"
    return text


def _hand(data: dict[str, Any], players: int) -> int:
    return compile_expression(data["deal"]["hand"], PLAYERS_CONTEXT, Type.INT)({"players": players})


def _both(data: dict[str, Any]) -> list[tuple[str, dict[str, Any], int | None]]:
    """(label, overrides, players or None for every allowed count) for keys of both families."""
    cases: list[tuple[str, dict[str, Any], int | None]] = []
    for direction in ("clockwise", "counterclockwise"):
        cases.append((f"direction={direction}", {"seating": {"direction": direction}}, None))
    cases.append(("sides=players", {"seating": {"sides": "players"}}, None))
    if 4 in data["players"]:
        cases.append(("sides=2,players=4", {"players": [4], "seating": {"sides": 2}}, 4))
        cases.append(("sides=2,players=4,ccw,claims",
                      {"players": [4], "seating": {"sides": 2, "direction": "counterclockwise"},
                       "claims": {"required": True}}, 4))
    for required in (True, False):
        cases.append((f"claims.required={required}", {"claims": {"required": required}}, None))
    for claim in (True, False):
        scoring = [dict(entry, claim=claim) for entry in data["scoring"]]
        cases.append((f"scoring.claim={claim}", {"scoring": scoring}, None))
        mixed = [dict(entry, claim=claim if i == 0 else not claim) for i, entry in enumerate(data["scoring"])]
        mixed.append({"name": "any play", "when": True, "points": 1, "claim": not claim})
        cases.append((f"scoring.claim mixed first={claim}", {"scoring": mixed}, None))
    muggins_values = {"enabled": (True, False), "window": ("next_action", "immediate"),
                      "order": ("turn", "seat"), "false_call": (None, 1, 5)}
    for key, values in muggins_values.items():
        for value in values:
            cases.append((f"muggins.{key}={value}", {"claims": {"required": True}, "muggins": {key: value}}, None))
    cases.append(("muggins.false_call=3,claims.required=False",
                  {"claims": {"required": False}, "muggins": {"false_call": 3}}, None))
    cases.append(("muggins.enabled=False,false_call=3",
                  {"claims": {"required": True}, "muggins": {"enabled": False, "false_call": 3}}, None))
    cases.append(("muggins immediate+seat+false_call",
                  {"claims": {"required": True}, "muggins": {"window": "immediate", "order": "seat", "false_call": 2}}, None))
    for simultaneous in ("scorer", "earlier_score"):
        cases.append((f"win.simultaneous={simultaneous}",
                      {"claims": {"required": True}, "win": {"simultaneous": simultaneous}}, None))
    for overshoot in ("counts", "void", "capped"):
        for immediate in (True, False):
            cases.append((f"win.overshoot={overshoot},immediate={immediate}",
                          {"win": {"overshoot": overshoot, "immediate": immediate}}, None))
    for tie in ("opener_order", "seat_order", "play_on"):
        cases.append((f"win.tie={tie}", {"win": {"immediate": False, "tie": tie}}, None))
        # A low target makes ties at a round's end likely.
        cases.append((f"win.tie={tie},target=1", {"win": {"immediate": False, "tie": tie, "target": 1}}, None))
    return cases


def _line(data: dict[str, Any]) -> list[tuple[str, dict[str, Any], int | None]]:
    high = data["pieces"]["tiles"]["highest_pip"]
    size = (high + 1) * (high + 2) // 2
    counts = sorted(data["players"])
    cases: list[tuple[str, dict[str, Any], int | None]] = []
    for piece in ("highest_double", "heaviest", f"{high}-{high}", "0-1"):
        for must_play in (False, True):
            holder = {"piece": piece, "must_play": must_play}
            cases.append((f"holder all piece={piece},must_play={must_play}",
                          {"opener": {"first": {"method": "holder"}, "next": "holder", "after_blocked": "holder",
                                      "holder": holder}}, None))
    for where, opener in (("first", {"first": {"method": "holder"}}), ("next", {"next": "holder"}),
                          ("after_blocked", {"after_blocked": "holder"})):
        cases.append((f"holder {where}", {"opener": {**opener, "holder": {"piece": "highest_double"}}}, None))
    for paid_to in ("dominoer", "lightest", "nobody"):
        cases.append((f"paid_to={paid_to}", {"settlement": {"paid_to": paid_to}}, None))
        cases.append((f"paid_to={paid_to},award", {"settlement": {"paid_to": paid_to,
                                                                   "award": "round_nearest(opponents_pips, 5)"}}, None))
    cases.append(("reserve=0", {"draw": {"reserve": 0}}, None))
    most = per_count(counts, lambda n: size - _hand(data, n) * n)
    cases.append(("reserve=most", {"draw": {"reserve": most}}, None))
    cases.append(("reserve=most-1", {"draw": {"reserve": f"({most}) - 1"}}, None))
    return cases


def _pile(data: dict[str, Any]) -> list[tuple[str, dict[str, Any], int | None]]:
    cards = data["pieces"]["cards"]
    deck = len(cards["suits"]) * len(cards["ranks"])
    highest = max(compile_expression(cards["value"], CARD_VALUE_CONTEXT, Type.INT)({"card.rank": r})
                  for r in range(1, len(cards["ranks"]) + 1))
    counts = sorted(data["players"])
    cases: list[tuple[str, dict[str, Any], int | None]] = []
    for nxt in ("next_seat", "same", "lottery"):
        cases.append((f"dealer.next={nxt}", {"dealer": {"next": nxt}}, None))
    for leader in ("next_seat", "dealer"):
        cases.append((f"dealer.leader={leader}", {"dealer": {"leader": leader}}, None))
    for active in ("holding_cards", "all"):
        cases.append((f"pile.active={active}", {"pile": {"active": active}}, None))
    for limit in (highest, MAX_LIMIT, per_count(counts, lambda n: 21 + n)):
        cases.append((f"pile.limit={limit}", {"pile": {"limit": limit}}, None))
    for to in (1, deck, "players + 1"):
        cases.append((f"refill.to={to}", {"refill": {"enabled": True, "to": to}}, None))
    return cases


def cases() -> list[Any]:
    params = []
    for name in builtin_rule_names():
        data = base_data(name)
        family = _line if "tiles" in data["pieces"] else _pile
        for label, overrides, players in _both(data) + family(data):
            for count in ([players] if players else sorted(data["players"])):
                marks = KNOWN_CRASHES.get((name, label, count), ())
                bot = BOTS_IN_TURN[len(params) % len(BOTS_IN_TURN)]
                params.append(pytest.param(name, overrides, count, bot, id=f"{name}-{label}-p{count}-{bot}", marks=marks))
    return params


# (rule file, case label, players) -> pytest marks, for valid combinations the engine does not run.
KNOWN_CRASHES: dict[tuple[str, str, int], Any] = {}


@pytest.mark.parametrize(("name", "overrides", "players", "bot"), cases())
def test_validating_variant_runs(tmp_path: Path, name: str, overrides: dict[str, Any], players: int, bot: str):
    path = tmp_path / "variant.yaml"
    # JSON is YAML: no word of it is read differently by any YAML version.
    path.write_text(json.dumps({"extends": name, "name": "variant", **overrides}, indent=1))
    if false_call_is_a_trap(path, overrides):
        with pytest.raises(RuleFileError, match=r"`muggins\.false_call` is what a call of \"Muggins!\" costs"):
            load_rules(path)
        return
    rules = load_rules(path)
    # A forgetful, inattentive greedy bot leaves scores unclaimed, so Muggins calls happen.
    forget, attention = (0.3, 0.7) if bot == "greedy" else (0.0, 1.0)
    play_checked_game(rules, players, bot, SEED, max_rounds=MAX_ROUNDS, forget=forget, attention=attention)


def false_call_is_a_trap(path: Path, overrides: dict[str, Any]) -> bool:
    """Whether the variant sets what a false call costs where every call would be false: Muggins
    off, or no score waiting for a claim (judged on the same file without the cost). Such a file is
    refused, naming `muggins.false_call`: the call would be a move that only costs."""
    muggins = overrides.get("muggins", {})
    if muggins.get("false_call") is None:
        return False
    written = path.read_text()
    without = {**overrides, "muggins": {key: value for key, value in muggins.items() if key != "false_call"}}
    path.write_text(json.dumps({"extends": json.loads(written)["extends"], "name": "variant", **without}))
    plain = load_rules(path)
    path.write_text(written)
    return not plain.muggins.enabled or not (plain.claims_required or any(score.claim for score in plain.scoring))
