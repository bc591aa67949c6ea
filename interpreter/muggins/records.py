"""Game records: the rules' identity, the seed, the seats and every move, as JSON.

Chance comes only from the seeded RNG, so a record needs no hidden information: replaying the
moves from the seed on the same rules reproduces every event. A record whose rules differ (by
content hash) or whose moves are not legal is refused with the move number and the reason.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from .engine import make_game
from .errors import IllegalMoveError, MugginsError, RecordError
from .loader import load_rules
from .rules import Rules

FORMAT = "muggins-record"
SAVE_FORMAT = "muggins-save"
# 2: deals are shuffled by sorting on random keys, lotteries draw by rejection and the bots of a
# game share one generator, so a version 1 file's seed deals other hands (and its bots choose otherwise)
VERSION = 2
MAX_RECORD_BYTES = 64 << 20
MAX_JSON_DEPTH = 32     # nesting of lists and objects in a record or save (they use 3)
MAX_JSON_DIGITS = 100   # digits of a number in a record or save (a seed may be long; none reaches this)


@dataclass
class Record:
    rules: str
    digest: str
    players: int
    seed: int | str
    max_rounds: int
    seats: list[str]
    moves: list[str] = field(default_factory=list)
    outcome: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> str:
        return json.dumps({"format": FORMAT, "version": VERSION, **asdict(self)}, indent=1, ensure_ascii=False)


def make_record(rules: Rules, players: int, seed: int | str, max_rounds: int, seats: list[str],
                moves: list[Any], state: Any) -> Record:
    outcome = state.outcome
    notation = state.game.notation
    return Record(
        rules=rules.name, digest=rules.digest, players=players, seed=seed, max_rounds=max_rounds, seats=seats,
        moves=[move if isinstance(move, str) else notation(move) for move in moves],
        outcome={"termination": outcome.termination, "winner": outcome.winner, "scores": list(outcome.scores),
                 "rounds": outcome.rounds},
    )


def _read_json(path: str | Path, what: str) -> Any:
    """The JSON in a file of at most MAX_RECORD_BYTES, or a RecordError saying what is wrong."""
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_RECORD_BYTES + 1)
    except OSError as exc:
        raise RecordError(f"{path}: cannot read: {exc.strerror or exc}") from None
    if len(raw) > MAX_RECORD_BYTES:
        raise RecordError(f"{path}: too large for a {what}")
    try:
        data = json.loads(raw.decode("utf-8"), parse_int=_json_int, parse_constant=_json_constant)
    except _JSONRefused as exc:
        raise RecordError(f"{path}: not a {what}: {exc}") from None
    except RecursionError:  # the decoder's own bound, far below what the file could hold
        raise RecordError(f"{path}: not a {what}: nested deeper than {MAX_JSON_DEPTH} levels") from None
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise RecordError(f"{path}: not a complete {what} (corrupt or truncated)") from None
    if _json_depth(data) > MAX_JSON_DEPTH:
        raise RecordError(f"{path}: not a {what}: nested deeper than {MAX_JSON_DEPTH} levels")
    return data


class _JSONRefused(Exception):
    """A JSON value no record or save holds, refused while the file is parsed."""


def _json_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_JSON_DIGITS:
        raise _JSONRefused(f"a number with {len(text.lstrip('-'))} digits (at most {MAX_JSON_DIGITS})")
    return int(text)


def _json_constant(name: str) -> Any:
    raise _JSONRefused(f"{name} is not a JSON number")


def _json_depth(data: Any) -> int:
    """How deeply lists and objects nest in `data`, counted without recursion."""
    deepest = 0
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, (list, dict)):
            deepest = max(deepest, depth)
            if depth <= MAX_JSON_DEPTH:
                stack.extend((item, depth + 1) for item in (value.values() if isinstance(value, dict) else value))
    return deepest


def _read_document(path: str | Path, form: str, what: str) -> dict[str, Any]:
    """The JSON object of a record or save file, checked for its format and version."""
    data = _read_json(path, what)
    if not isinstance(data, dict) or data.get("format") != form:
        raise RecordError(f"{path}: not a muggins {what} (no \"format\": \"{form}\")")
    if data.get("version") != VERSION:
        raise RecordError(f"{path}: {what} version {data.get('version')!r} is not supported (this muggins reads {VERSION})")
    return data


def read_record(path: str | Path) -> Record:
    """Read a record file, refusing anything that is not a complete muggins record."""
    data = _read_document(path, FORMAT, "record")
    fields: dict[str, type | tuple[type, ...]] = {
        "rules": str, "digest": str, "players": int, "seed": (int, str), "max_rounds": int,
        "seats": list, "moves": list, "outcome": dict}
    for name, kind in fields.items():
        if not isinstance(data.get(name), kind) or isinstance(data.get(name), bool):
            raise RecordError(f"{path}: field {name!r} is missing or has the wrong type")
    if not all(isinstance(m, str) for m in data["moves"]):
        raise RecordError(f"{path}: every move must be a string")
    return Record(**{name: data[name] for name in fields})


def replay(record: Record, rules_spec: str | None = None) -> Any:
    """Re-run a record from its seed; returns the final state. Raises RecordError on mismatch."""
    try:
        rules = load_rules(rules_spec or record.rules)
    except MugginsError as exc:
        raise RecordError(f"the record's rules {record.rules!r} cannot be loaded: {exc}") from None
    if rules.digest != record.digest:
        raise RecordError(f"the record was made with different rules for {record.rules!r} "
                          f"(digest {record.digest[:12]}, these rules {rules.digest[:12]})")
    try:
        game = make_game(rules, record.players, record.max_rounds)
    except IllegalMoveError as exc:
        raise RecordError(f"the record cannot be set up: {exc}") from None
    state = game.new_state(record.seed)
    for number, text in enumerate(record.moves, 1):
        try:
            state.play(game.parse_move(text))
        except IllegalMoveError as exc:
            raise RecordError(f"move {number} ({text!r}) is illegal: {exc}") from None
    if not state.is_terminal():
        raise RecordError(f"the record ends after {len(record.moves)} moves, before the game is over")
    outcome = state.outcome
    if record.outcome and (list(outcome.scores) != record.outcome.get("scores") or outcome.winner != record.outcome.get("winner")):
        raise RecordError(f"replaying gives scores {list(outcome.scores)}, winner {outcome.winner}; "
                          f"the record says {record.outcome.get('scores')}, winner {record.outcome.get('winner')}")
    return state


@dataclass
class Save:
    """A game in progress: everything needed to continue it exactly where it stopped."""

    rules: str                 # how to load the rules again: a built-in name or an absolute path
    name: str
    digest: str
    players: int
    seed: int | str
    max_rounds: int
    seats: list[str]           # "human" or a bot kind, per seat
    forget: float
    attention: float
    lang: str
    moves: list[str] = field(default_factory=list)

    def to_json(self) -> str:
        body = asdict(self)
        return json.dumps({"format": SAVE_FORMAT, "version": VERSION, **body, "checksum": _checksum(body)},
                          indent=1, ensure_ascii=False)


def _checksum(body: dict[str, Any]) -> str:
    canonical = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def read_save(path: str | Path) -> Save:
    """Read a save file; a corrupt, truncated or edited one is refused, naming the problem."""
    data = _read_document(path, SAVE_FORMAT, "save file")
    checksum = data.pop("checksum", None)
    data.pop("format"), data.pop("version")
    try:
        save = Save(**data)
    except TypeError:
        raise RecordError(f"{path}: the save file's fields are not those of a muggins save") from None
    if checksum != _checksum(asdict(save)):
        raise RecordError(f"{path}: the save file has been changed or damaged (checksum mismatch)")
    return save
