"""Keeping score at a real table: `muggins keep RULES --players N`.

People play with real tiles or cards; after each turn someone types what the table shows (the
open ends after a placement, the running total after a card, a pass, the end of a round, the
leftover pips) and the keeper gives the points and the scores. It scores with the same compiled
rules as every other command: the family's game computes the points of a play (`awards`), the
settlement of a round (`settle`) and "last" (`last_points`), and the shared table
(`engine/table.py`, through `KeepTable`) applies sides, overshoot, the immediate win and the
round-end winner. Nothing here knows a family: each family's tracker (`family.keeper`) reads its
own entries and asks its own questions.

Every entry is kept in a list, and the scores are always recomputed from the list: `undo` (any
number of steps, across the end of a round) drops entries, and a save is the list with the
rules' digest.

Claims are made aloud, so a play's points are entered as claimed, unless the entry after it says
they were not: `muggins P` (player P called "Muggins!" and took them) or `unclaimed` (nobody did).
The play is then read with its claimable points waiting, and the call lets them pass and is
decided by the shared table's own claims and calls (`offer`, `decide`, `close_window`,
`call_on_turn`), as in play. A call on a play that scores only if its player went out with it
waits for the entry after it, which says whether they did. A Muggins call on points that were
claimed is `false muggins P`: the shared table's false call.
"""
from __future__ import annotations

import html
import json
import random
import re
import shlex
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Sequence, TextIO

from . import pieces
from .dsl import Expression
from .engine.table import DECISION_WORDS, MUGGINS, TableState, must_claim
from .errors import MugginsError, Terminated, one_line, visible
from .families import family_of
from .files import (FORCE_WORDS, NotRegularFile, check_target, fallback_folders, read_limited,
                    reason as file_reason, typed_path, words as file_words, write_atomic, write_first)
from .formats import SHEET, other_file, written_by_muggins
from .launch import EXIT_INTERRUPTED, HeldSignals
from .messages import count, in_language, stopped_line
from .narration import describe_common, player_name, summarize_rules, tally, winners_name
from .records import decode_json
from .rules import Rules

FORMAT = SHEET
# Version 2: a card game's go by the player of the pile's last card closes it with "last". A save of
# version 1 (go never closed a pile: `last` did) is read, and goes on being kept, as it was written.
# Version 3: the entries are checked against what a table can do (a domino keeper's counts no tile can
# leave, the opener's pass, a going out before a full hand or after a pass or a turn, more tiles than
# the hands hold; a call typed after `turn P` or a going out, a call by the play's own player or their
# partner, a call before the round's first play). A save of version 2 is read, and goes on being kept
# to the end of its game, as it was written, without these checks: a game in progress is never lost.
# The calls on a play's unclaimed points (`muggins P`, `unclaimed`) need no new version: no entry of
# an older save reads otherwise with them, and a reader older than them refuses a save holding one,
# naming that entry (it is not a turn there). Nor do the false call on claimed points (`false
# muggins P`: an older reader refuses it, naming it, as it is not a turn there) and the call held for
# the going out typed after it: followed by that `domino`, every reader reads it alike; a save ending
# with it is read by an older reader as that reader decided such a call when typed (refused, naming
# it, or a false call, which the `domino` typed next turns into the steal).
# Version 4: a card round's end waits for its cards (the deal, or the whole deck where a play refills
# the hand), and the leftover pips entered add up to no more than the tiles off the line hold. A save
# of version 3 or older is read, and goes on being kept, without these two checks.
# Version 5: a domino round's passes and its block are checked against the tiles off the line (a
# block needs every tile that fits an open end out of play; a player passes holding only tiles that
# fit none), and a blocked round's leftovers add up to the tiles in the hands. A save of version 4 or
# older is read, and goes on being kept, without these checks.
VERSION = 5
READ_VERSIONS = (1, 2, 3, 4, 5)
CHECKED_FROM = 3        # the first version whose entries are checked against what a table can do
COUNTED_FROM = 4        # the first whose round ends and leftovers are checked against the cards and tiles
HELD_FROM = 5           # the first whose passes and blocks are checked against what the hands can hold
MAX_LINE = 200          # longer input is refused, not read
MAX_DIGITS = 9          # a number with more digits is refused before it is converted
MAX_SAVE_BYTES = 8 << 20

_DIGITS = re.compile(r"[0-9]+", re.ASCII)
_PLAYER = re.compile(r"(?:[pj])?([0-9]+)", re.ASCII | re.IGNORECASE)
_UNCLAIMED = {"unclaimed", "sin reclamar"}
_FALSE = {"false", "falso", "falsa"}
# the calls as saved (in English), as the person types them in Spanish
CALL_WORDS = {"es": {"unclaimed": "sin reclamar", "false": "falso"}}
TURN = "turn"   # the first word of the saved entry that says who plays next, in every family

WORDS = {
    "en": {
        "header": "Keeping score: {title} ({name}), {players} players, target {target}. Type help to see what to enter.",
        "resumed": "Resumed from {path}: {entries}.",
        "scores": "Scores: {scores}.",
        "prompt": "{question}> ",
        "over": "Game over (undo, sheet, save FILE or quit)",
        "unknown_name": ("muggins keep cannot score {rules} at a real table: {where} reads `{name}`, which people "
                         "playing with real pieces do not enter (the keeper knows {known})."),
        "where_scoring": "the scoring entry \"{entry}\"", "where_formula": "`{entry}`",
        "not_a_number": "{text} is not a number: write it with the digits 0-9, like 15",
        "too_large": "{text} is too large: at most {most}",
        "out_of_range": "{n} is not possible here: from {low} to {high}",
        "not_a_player": "{text} is not a player: write a number from 1 to {players} (or P1 to P{players})",
        "game_over": "the game is over (undo first to change it): undo, sheet, save FILE or quit",
        "win_withdrawn": "The win of {player} no longer stands: with this entry the rules score the winning play otherwise.",
        "failed": "Scorekeeping stopped on an error: {error}.",
        "rule_failed": "the rules fail on it: {error}",
        "empty": "nothing entered: {hint}",
        "too_long": "that line is {length} characters long: at most {most}",
        "refused": "Not entered: {reason}.",
        "not_done": "Not done: {reason}.",
        "undo_count": "undo {text}: undo takes back from 1 to {most} entries, as many as have been made",
        "nothing_to_undo": "nothing to undo",
        "undone": "Undone: {entries}.",
        "saved": "Saved to {path}. Continue with: muggins keep {rules} --players {players} --resume {again}",
        "exists": "{path} exists: choose another name (a save never replaces a file)",
        "no_force": "the keeper never replaces a file, not even with {word}: save to a name not yet taken",
        "cannot_write": "cannot write {path}: {reason}",
        "not_saved_at": "Could not save to {path} ({reason}).",
        "sheet_kind": "a score sheet is written as .html or .svg, not {path}",
        "sheet_written": "Score sheet written to {path}.",
        "save_needs_file": "write the file name: save FILE",
        "help_calls": (" After a play whose points its player did not claim before the next player acted: muggins P "
                       "when player P called Muggins and took them, unclaimed when nobody did (they are lost)."),
        "help_calls_lost": " After a play whose points its player did not claim: unclaimed (they are lost).",
        "help_false": (" After a play whose points were claimed, or that scored nothing: false muggins P when player "
                       "P called Muggins all the same (it costs P {points})."),
        "no_false_call": "under {rules} a wrong Muggins call costs nothing: there is no false call to enter",
        "false_call_needs_player": "write who called Muggins: false muggins P",
        "call_after_turn": ("a call is typed right after the play it is on, before {entry}: undo, type the call, "
                            "then {entry} again"),
        "call_after_out": ("a call on the points of the play that ended the round comes before {entry}: undo, type "
                           "the call, then {entry} again"),
        "held_not_out": ("the call before this entry is on P{scorer}'s play, which scores only if P{scorer} went out "
                         "with it: type {entry} if P{scorer} did, else undo the call"),
        "held_muggins": ("{caller} calls Muggins on {scorer}'s play, which scores only if {scorer} went out with it: "
                         "the next entry decides ({entry} if {scorer} did)."),
        "held_unclaimed": ("Unclaimed: {scorer}'s play scores only if {scorer} went out with it: the next entry "
                           "decides ({entry} if {scorer} did)."),
        "plays_next": "{player} plays next.",
        "no_claims": "under {rules} every score is added at once, without a claim: no points go unclaimed",
        "muggins_off": "{rules} has no Muggins: forgotten points are simply lost (type unclaimed)",
        "call_needs_player": "write who called Muggins: muggins P",
        "call_after_play": "muggins and unclaimed are typed right after the play whose points were not claimed",
        "called_already": ("the previous play's unclaimed points are already decided by the entry before: one "
                           "muggins or unclaimed after a play"),
        "not_claimable": "the previous play's points are added at once, not claimed: nobody can take them",
        "nothing_to_take": "the previous play scored nothing: there is nothing to take",
        "nothing_unclaimed": "the previous play scored nothing: no points went unclaimed",
        "not_opponent": ("P{caller} is not an opponent of P{scorer} (partners share one score): only an opponent "
                         "calls Muggins"),
        "own_call": "the play is P{scorer}'s own: only an opponent calls Muggins on it",
        "call_before_play": ("nobody has played yet this round: a call is typed right after the play it is on, "
                             "once there is one"),
        "last_kept": ("under {rules} forgotten \"last\" points cannot be stolen with Muggins: they are lost "
                      "(type unclaimed)"),
        "help": ("Enter each turn as it happens at the table. {family}{calls} Commands: undo [N] (takes back the last N "
                 "entries, 1 by default); sheet (the score sheet; sheet FILE.html or FILE.svg writes it to print); "
                 "scores; rules; save FILE; quit (saves and stops). End of input or Ctrl-C also saves."),
        "sheet_title": "Score sheet: {title} ({name}), {players} players, target {target}",
        "round": "Round", "in_play": "{round} (in play)", "total": "Total",
        "winner": "Winner: {player}", "winners": "Winners: {player}", "no_winner": "No winner yet.",
        "bad_save": "{path}: not a muggins keep save ({reason})",
        "save_rules": "{path}: saved under other rules ({name}, digest {saved}) than {rules} now says (digest {now})",
        "save_players": "{path}: saved with {saved} players, not {players}",
        "save_entry": "{path}: entry {number} ({text}) is refused: {reason}",
    },
    "es": {
        "header": "Anotador: {title} ({name}), {players} jugadores, objetivo {target}. Escribe ayuda para ver qué anotar.",
        "resumed": "Reanudado desde {path}: {entries}.",
        "scores": "Puntuaciones: {scores}.",
        "prompt": "{question}> ",
        "over": "Partida terminada (deshacer, hoja, guardar FICHERO o salir)",
        "unknown_name": ("muggins keep no puede anotar {rules} en una mesa real: {where} lee `{name}`, que quienes "
                         "juegan con piezas reales no anotan (el anotador conoce {known})."),
        "where_scoring": "la puntuación «{entry}»", "where_formula": "`{entry}`",
        "not_a_number": "{text} no es un número: escríbelo con las cifras 0-9, como 15",
        "too_large": "{text} es demasiado grande: como mucho {most}",
        "out_of_range": "{n} no es posible aquí: de {low} a {high}",
        "not_a_player": "{text} no es un jugador: escribe un número de 1 a {players} (o J1 a J{players})",
        "game_over": "la partida ha terminado (deshaz primero para cambiarla): deshacer, hoja, guardar FICHERO o salir",
        "win_withdrawn": ("La victoria de {player} ya no vale: con esta anotación las reglas puntúan de otro modo la "
                          "jugada ganadora."),
        "failed": "El anotador se detuvo por un error: {error}.",
        "rule_failed": "las reglas fallan con ella: {error}",
        "empty": "no has escrito nada: {hint}",
        "too_long": "esa línea tiene {length} caracteres: como mucho {most}",
        "refused": "No se anota: {reason}.",
        "not_done": "No se ha hecho: {reason}.",
        "undo_count": "deshacer {text}: deshacer retira de 1 a {most} anotaciones, tantas como se han hecho",
        "nothing_to_undo": "no hay nada que deshacer",
        "undone": "Deshecho: {entries}.",
        "saved": "Guardado en {path}. Para continuar: muggins keep {rules} --players {players} --resume {again}",
        "exists": "{path} ya existe: elige otro nombre (guardar nunca sustituye un fichero)",
        "no_force": "el anotador nunca sustituye un fichero, ni con {word}: guarda con un nombre que aún no exista",
        "cannot_write": "no se puede escribir {path}: {reason}",
        "not_saved_at": "No se pudo guardar en {path} ({reason}).",
        "sheet_kind": "la hoja de puntuación se escribe como .html o .svg, no {path}",
        "sheet_written": "Hoja de puntuación escrita en {path}.",
        "save_needs_file": "escribe el nombre del fichero: guardar FICHERO",
        "help_calls": (" Tras una jugada cuyos puntos no reclamó su jugador antes de que actuara el siguiente: "
                       "muggins J si el jugador J gritó «¡Muggins!» y se los llevó, sin reclamar si nadie lo hizo "
                       "(se pierden)."),
        "help_calls_lost": " Tras una jugada cuyos puntos no reclamó su jugador: sin reclamar (se pierden).",
        "help_false": (" Tras una jugada cuyos puntos se reclamaron, o que no puntuó: falso muggins J si el jugador J "
                       "gritó «¡Muggins!» de todos modos (le cuesta {points})."),
        "no_false_call": "con {rules} gritar «¡Muggins!» por error no cuesta nada: no hay muggins falso que anotar",
        "false_call_needs_player": "escribe quién gritó «¡Muggins!»: falso muggins J",
        # a "call" is a `muggins J` or `sin reclamar` entry, named so as everywhere in Spanish
        "call_after_turn": ("muggins y sin reclamar se escriben justo después de la jugada a la que se refieren, antes "
                            "de {entry}: deshaz, escríbelo y luego otra vez {entry}"),
        "call_after_out": ("muggins o sin reclamar sobre los puntos de la jugada que cerró la ronda va antes de "
                           "{entry}: deshaz, escríbelo y luego otra vez {entry}"),
        "held_not_out": ("el muggins o sin reclamar anterior es sobre la jugada de J{scorer}, que solo puntúa si "
                         "J{scorer} terminó con ella: escribe {entry} si terminó, o deshazlo"),
        "held_muggins": ("{caller} grita «¡Muggins!» por la jugada de {scorer}, que solo puntúa si {scorer} terminó "
                         "con ella: lo decide la siguiente anotación ({entry} si terminó)."),
        "held_unclaimed": ("Sin reclamar: la jugada de {scorer} solo puntúa si {scorer} terminó con ella: lo decide "
                           "la siguiente anotación ({entry} si terminó)."),
        "plays_next": "A continuación juega {player}.",
        "no_claims": "con {rules} cada puntuación se suma al momento, sin reclamarla: no quedan puntos sin reclamar",
        "muggins_off": "{rules} no tiene Muggins: los puntos olvidados simplemente se pierden (escribe sin reclamar)",
        "call_needs_player": "escribe quién gritó «¡Muggins!»: muggins J",
        "call_after_play": "muggins y sin reclamar se escriben justo después de la jugada cuyos puntos no se reclamaron",
        "called_already": ("los puntos sin reclamar de la jugada anterior ya los decidió la anotación de antes: un "
                           "solo muggins o sin reclamar tras una jugada"),
        "not_claimable": "los puntos de la jugada anterior se suman al momento, sin reclamarlos: nadie puede llevárselos",
        "nothing_to_take": "la jugada anterior no puntuó: no hay nada que llevarse",
        "nothing_unclaimed": "la jugada anterior no puntuó: no quedaron puntos sin reclamar",
        "not_opponent": ("J{caller} no es oponente de J{scorer} (los compañeros comparten puntuación): solo un "
                         "oponente grita «¡Muggins!»"),
        "own_call": "la jugada es de J{scorer}: solo un oponente grita «¡Muggins!» por ella",
        "call_before_play": ("nadie ha jugado todavía en esta ronda: muggins y sin reclamar se escriben justo después "
                             "de la jugada a la que se refieren, cuando la haya"),
        "last_kept": ("con {rules} los puntos de «último» olvidados no se roban con «¡Muggins!»: se pierden "
                      "(escribe sin reclamar)"),
        "help": ("Anota cada turno según ocurre en la mesa. {family}{calls} Órdenes: deshacer [N] (retira las últimas N "
                 "anotaciones, 1 si no se indica); hoja (la hoja de puntuación; hoja FICHERO.html o FICHERO.svg la "
                 "escribe para imprimir); puntos; reglas; guardar FICHERO; salir (guarda y termina). El fin de la "
                 "entrada o Ctrl-C también guardan."),
        "sheet_title": "Hoja de puntuación: {title} ({name}), {players} jugadores, objetivo {target}",
        "round": "Ronda", "in_play": "{round} (en juego)", "total": "Total",
        "winner": "Gana: {player}", "winners": "Ganan: {player}", "no_winner": "Todavía no hay ganador.",
        "bad_save": "{path}: no es una partida guardada de muggins keep ({reason})",
        "save_rules": "{path}: guardada con otras reglas ({name}, huella {saved}) de las que ahora dice {rules} (huella {now})",
        "save_players": "{path}: guardada con {saved} jugadores, no {players}",
        "save_entry": "{path}: la anotación {number} ({text}) no se acepta: {reason}",
    },
}

_COMMANDS = {"help": "help", "ayuda": "help", "?": "help", "undo": "undo", "deshacer": "undo",
             "save": "save", "guardar": "save", "sheet": "sheet", "hoja": "sheet", "scores": "scores",
             "puntos": "scores", "rules": "rules", "reglas": "rules", "quit": "quit", "exit": "quit",
             "salir": "quit"}


class Refused(Exception):
    """An entry the keeper cannot take, with the reason as a words key and its values."""

    def __init__(self, key: str, **params: Any):
        super().__init__(key)
        self.key = key
        self.params = params


@dataclass(frozen=True)
class Question:
    """What the keeper asks now: a words key of the family's, the player it is about, its values."""

    key: str
    player: int | None = None
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class CallHeld:
    """A call typed right after a play that scores only if its player went out with it: the entry
    after the call decides it (`going_out`: the entry that says so, as saved)."""

    caller: int | None
    scorer: int
    going_out: str


@dataclass(frozen=True, slots=True)
class NextTurn:
    """A `turn P` entry: who plays next."""

    player: int


def shown(text: str) -> str:
    """A piece of input as a message quotes it: cut as every message cuts it (`pieces.shown`), in
    quotes, with odd characters visible."""
    return repr(pieces.shown(text))


def parse_number(text: str, low: int, high: int, above: bool = False) -> int:
    """A whole number written with the digits 0-9 (no sign, no `²` or `①`), from `low` to `high`
    (`above`: also higher, of at most MAX_DIGITS digits, for the caller to refuse with its reason)."""
    text = text.strip()
    if not _DIGITS.fullmatch(text):
        raise Refused("not_a_number", text=shown(text))
    if len(text.lstrip("0")) > MAX_DIGITS:
        raise Refused("too_large", text=shown(text), most=high)
    number = int(text)
    if not low <= number <= high and not (above and number > high):
        raise Refused("out_of_range", n=number, low=low, high=high)
    return number


def parse_player(text: str, players: int) -> int:
    """A seat written `2`, `P2` or `J2`, from 1 to `players`; returned from 0."""
    match = _PLAYER.fullmatch(text.strip())
    if match is None or len(match.group(1)) > MAX_DIGITS or not 1 <= int(match.group(1)) <= players:
        raise Refused("not_a_player", text=shown(text.strip()), players=players)
    return int(match.group(1)) - 1


def unknown_names(expressions: Iterable[tuple[str, str, Sequence[Expression]]], known: Iterable[str]
                  ) -> tuple[str, str, str] | None:
    """The first name a formula reads that the keeper cannot know: (kind, entry, name), where kind
    is `scoring` (a scoring entry's name) or `formula` (a rule-file path); None when all are known."""
    allowed = set(known)
    for kind, entry, formulas in expressions:
        for expression in formulas:
            missing = sorted(expression.names - allowed)
            if missing:
                return kind, entry, missing[0]
    return None


class KeepTable(TableState):
    """The engine's shared table, fed by what people enter instead of by moves: one truth for
    sides, overshoot, the immediate win, the round-end winner, claims and "Muggins!"."""

    def __init__(self, game: Any):
        self._init_table(game, random.Random(0))
        self.round = 1
        self.closed: list[tuple[int, tuple[int, ...]]] = []   # each finished round and the scores after it
        # the entry being read is followed by a call on its points (`muggins P`, `unclaimed`): its
        # claimable points wait for it, as the engine's claims wait for their player
        self.forgetting = False
        self.last_stolen = False   # a family that scores "last" says whether Muggins may take it

    def legal_moves(self) -> list[Any]:
        return []

    def last_can_be_stolen(self) -> bool:
        return self.last_stolen

    def score_play(self, player: int, awards: Sequence[tuple[str, int, bool]]) -> bool:
        """The points of one play, claimed aloud at the table so added at once, unless the next
        entry says they were not claimed: then the claimable ones wait for it; True when they won."""
        if self.forgetting:
            return self.earn(awards, player, [])
        return self.earn([(name, points, False) for name, points, _ in awards], player, [])

    def score_last(self, player: int, points: int, reason: str) -> bool:
        """"last" (or what the rules score as last): claimed as a play's points are (`score_play`);
        True when it won."""
        if self.forgetting and must_claim(self.rules.claims_required, points):
            return self.offer(player, points, reason, last=True)
        return self.score(player, points, reason)

    def let_pass(self, caller: int | None) -> None:
        """The claims waiting were not made: each is let pass and its window closes; the opponents
        are asked in the rules' order, and `caller` (None: nobody) calls on every score they may
        take, the earlier ones letting it go, as the table asks them in play (`decisions`)."""
        queue = self.queue
        while queue and self.outcome is None:
            decision = queue.popleft()
            self.decide(decision, decision.kind == "muggins" and decision.actor == caller)
            if not queue:
                queue.extend(self.close_window())
        queue.clear()

    def false_call(self, caller: int) -> None:
        """A call with nothing unclaimed, made by `caller` as if on their turn: the engine's own
        call, which costs the rules' false-call penalty."""
        self.turn = caller
        self.call_on_turn()

    def end_round(self) -> bool:
        """A round is over: the round-end winner when the win is not immediate (or the round cap); True when the game ended."""
        self.closed.append((self.round, tuple(self.scores)))
        if self.round_ended():
            return True
        self.round += 1
        return False


class Tracker:
    """A family's reader of table entries (subclassed in each family's `keep.py`).

    `enter(text, upcoming, beyond)` takes one entry (`upcoming` is the entry after it, `beyond`
    the one after that, when the list holds them) and returns it as it is saved; a bad entry
    raises `Refused` (the keeper then drops that tracker: every change is a fresh replay of the
    entries). A call on a play's unclaimed points (`muggins P`, `unclaimed`) is read here, for
    every family; the family reads the rest (`read`), with the next entry that is not such a
    call in view: it may change how this one scores, as a domino going out does."""

    words: dict[str, dict[str, str]] = {}
    version = VERSION  # of the save whose entries are read: a family reads an entry as that version did

    def __init__(self, rules: Rules, players: int, game: Any):
        self.rules = rules
        self.players = players
        self.game = game
        self.table = KeepTable(game)
        self.scored_before = 0   # the table's score changes before the entry last read
        self.called = False      # the entry last read was a call on the play before it
        self.previous = ""       # the last entry read that is not a call, as saved
        self.played_by: int | None = None  # whose turn that entry was (None: it was no turn, as who opens)
        # the play just read as its player's going out would score it, when the entry saying so is not
        # known yet (set by a family whose plays may score so): its player and awards
        self.if_out: tuple[int, Sequence[tuple[str, int, bool]]] | None = None

    going_out: str | None = None  # the first word of a family's saved entry that says a player went out

    @property
    def checks(self) -> bool:
        """Whether the entries are checked against what a table can do: not in a save older than
        those checks, read as it was written (see VERSION)."""
        return self.version >= CHECKED_FROM

    @property
    def counts(self) -> bool:
        """Whether a round's end and its leftovers are checked against the cards and tiles there are:
        not in a save older than those checks (see VERSION)."""
        return self.version >= COUNTED_FROM

    @property
    def holds(self) -> bool:
        """Whether passes and blocks are checked against what the hands can hold: not in a save older
        than those checks (see VERSION)."""
        return self.version >= HELD_FROM

    def problem(self) -> tuple[str, str, str] | None:
        """A name the rule file's formulas read that the table cannot supply (see unknown_names)."""
        raise NotImplementedError

    def known(self) -> tuple[str, ...]:
        """The names the keeper can supply to this family's formulas."""
        raise NotImplementedError

    def question(self) -> Question:
        raise NotImplementedError

    def enter(self, text: str, upcoming: str | None, beyond: str | None = None) -> str:
        """One entry; a play followed by a call on its points is read with them waiting, and with
        the entry after the call in view, as a domino going out is typed after the call (a call
        typed last is held when only that entry can say whether the play scored)."""
        table = self.table
        if is_false_call(text):
            return self.false_call(parse_false_call(text, self.players))
        if is_call(text):
            return self.call(parse_call(text, self.players), held=upcoming is None)
        table.forgetting = is_call(upcoming)
        self.scored_before = len(table.scored)
        self.called = False
        self.if_out = None
        asked = self.question()
        saved = self.read(text, beyond if table.forgetting or is_false_call(upcoming) else upcoming)
        self.previous = saved
        self.played_by = asked.player if asked.key == "q_play" else None
        if saved.split()[:1] == [TURN]:
            table.events.append(NextTurn(self.turn_of()))
        return saved

    def turn_of(self) -> int:
        """Who plays next, as the question asks them."""
        player = self.question().player
        assert player is not None, "a turn entry leaves a player to play"
        return player

    def read(self, text: str, upcoming: str | None) -> str:
        """A turn of the family's game (the family's own entries)."""
        raise NotImplementedError

    def call(self, caller: int | None, held: bool) -> str:
        """The previous play's claimable points were not claimed: `caller` called "Muggins!" and
        took them, or nobody did (None) and they are lost. Refused when the rules do not allow it;
        a call on a play that scored nothing is a false call when the rules punish one. On a play
        that scores only if its player went out with it, the entry after the call says whether they
        did: typed last (`held`), the call waits for it."""
        table = self.table
        self.check_call(muggins=caller is not None)
        waiting = [decision.score for decision in table.queue]
        self.check_caller(caller, waiting[0].player if waiting else self.play_scorer())
        scorer = waiting[0].player if waiting else self.out_scorer()
        if waiting:
            if caller is not None and not any(table.stealable(score) for score in waiting):
                raise Refused("last_kept", rules=self.rules.name)
            table.let_pass(caller)
            self.window_closed()
        elif scorer is not None:
            self.hold(caller, scorer, held)
        else:
            self.call_on_nothing(caller)
        self.scored_before = len(table.scored)
        self.called = True
        return "unclaimed" if caller is None else f"muggins {caller + 1}"

    def check_call(self, muggins: bool) -> None:
        """Refuse a call (a Muggins call: `muggins`) the rules do not have, or typed elsewhere than
        right after a play, or a second one on a play."""
        rules = self.rules
        if not rules.has_claims:
            raise Refused("no_claims", rules=rules.name)
        if muggins and not rules.muggins.enabled:
            raise Refused("muggins_off", rules=rules.name)
        first = self.previous.split()[:1]
        if self.checks and (first == [TURN] or (first and first[0] == self.going_out)):
            raise Refused("call_after_turn" if first == [TURN] else "call_after_out", entry=self.previous)
        if self.question().key != "q_play":
            raise Refused("call_after_play")
        if self.called:
            raise Refused("called_already")

    def play_scorer(self) -> int | None:
        """Whose play a call with no points waiting is on: the player the entry before it scored for,
        else the player whose turn it was; refused before the round's first play. None in a save read
        without the checks (see VERSION), where only a call on points waiting has its caller checked."""
        if not self.checks:
            return None
        if self.played_by is None:
            raise Refused("call_before_play")
        scorers = [player for player, points, _ in self.table.scored[self.scored_before:] if points > 0]
        return scorers[0] if scorers else self.played_by

    def check_caller(self, caller: int | None, scorer: int | None) -> None:
        """Refuse a Muggins call by `scorer` or their partner: only an opponent calls (the shared table's
        `callers`); None calls nobody (`unclaimed`), and a None `scorer` is not checked."""
        if caller is not None and scorer is not None and caller not in self.table.callers(scorer):
            raise Refused("own_call" if caller == scorer else "not_opponent", caller=caller + 1, scorer=scorer + 1)

    def out_scorer(self) -> int | None:
        """The player whose play, just read, would leave points to claim had they gone out with it
        (`if_out`); None when it would not."""
        if self.if_out is None:
            return None
        player, awards = self.if_out
        return player if any(claim for _, _, claim in awards) else None

    def hold(self, caller: int | None, scorer: int, held: bool) -> None:
        """A call on a play that scored nothing unless `scorer` went out with it, and the entry after
        the call says they did not: a false call where the rules have one, else refused (typed last:
        the call waits for that entry)."""
        going_out = f"{self.going_out} {scorer + 1}"
        if held:
            self.table.events.append(CallHeld(caller, scorer, going_out))
        elif caller is None or self.rules.muggins.false_call is None:
            raise Refused("held_not_out", scorer=scorer + 1, entry=going_out)
        else:
            self.table.false_call(caller)

    def call_on_nothing(self, caller: int | None) -> None:
        """A call on a play with no points waiting: a false call where the rules punish one, else refused."""
        if any(points > 0 for _, points, _ in self.table.scored[self.scored_before:]):
            raise Refused("not_claimable")
        if caller is None or self.rules.muggins.false_call is None:
            raise Refused("nothing_unclaimed" if caller is None else "nothing_to_take")
        self.table.false_call(caller)

    def false_call(self, caller: int) -> str:
        """`caller` called "Muggins!" on the previous play though nothing was left unclaimed (its
        points were claimed, or it scored none): the shared table's false call, where the rules
        have one."""
        self.check_call(muggins=True)
        if self.rules.muggins.false_call is None:
            raise Refused("no_false_call", rules=self.rules.name)
        self.check_caller(caller, self.play_scorer())
        self.table.false_call(caller)
        self.scored_before = len(self.table.scored)
        self.called = True
        return f"false muggins {caller + 1}"

    def window_closed(self) -> None:
        """The calls on a play's points are decided: a family goes on with what waited for them."""

    def follows_end(self, text: str) -> bool:
        """Whether `text` still belongs to the play that ended the game (a domino going out with
        the winning tile is entered after it); every other entry after the end is refused."""
        return False

    def describe(self, event: Any, lang: str) -> str | None:
        """The family's own events in words (the shared ones are described by narration)."""
        return None

    def hint(self, question: Question, lang: str) -> str:
        """What to enter for `question`, in a few words."""
        raise NotImplementedError

    def help(self, lang: str) -> str:
        raise NotImplementedError

    entry_words: dict[str, dict[str, str]] = {}  # lang -> the saved entry's first word -> its word in lang

    def entry_in(self, entry: str, lang: str) -> str:
        """A saved entry (`domino 1`, `go`: saves keep them in English) as the person would type it in `lang`."""
        first, _, rest = entry.partition(" ")
        word = self.entry_words.get(lang, {}).get(first) or CALL_WORDS.get(lang, {}).get(first, first)
        return f"{word} {rest}" if rest else word


def is_call(text: str | None) -> bool:
    """Whether an entry is a call on the previous play's unclaimed points: `muggins P` (any
    spelling the terminal takes for the call, `¡muggins!`) or `unclaimed`/`sin reclamar`."""
    words = (text or "").lower().split()
    return bool(words) and (DECISION_WORDS.get(words[0]) is MUGGINS or " ".join(words) in _UNCLAIMED) \
        and not is_false_call(text)


def is_false_call(text: str | None) -> bool:
    """Whether an entry is a false call: `false muggins P`, `falso muggins J`, `muggins falso J`."""
    words = (text or "").lower().split()[:2]
    return len(words) == 2 and bool(_FALSE & set(words)) and any(DECISION_WORDS.get(w) is MUGGINS for w in words)


def parse_call(text: str, players: int) -> int | None:
    """The player who called "Muggins!" (from 0), or None for `unclaimed`."""
    words = text.split()
    if " ".join(words).lower() in _UNCLAIMED:
        return None
    if len(words) != 2:
        raise Refused("call_needs_player")
    return parse_player(words[1], players)


def parse_false_call(text: str, players: int) -> int:
    """The player who called "Muggins!" with nothing unclaimed (from 0)."""
    words = text.split()
    if len(words) != 3:
        raise Refused("false_call_needs_player")
    return parse_player(words[2], players)


def _absolute(folder: Path) -> Path:
    """`folder` from the root, as it is now; as given where the current folder is already gone."""
    try:
        return folder.absolute()
    except OSError:
        return folder


def replay(rules: Rules, players: int, entries: Sequence[str], version: int = VERSION) -> tuple[Tracker, list[str]]:
    """A fresh tracker with every entry applied in order, read as entries of a save of `version`,
    and the entries as saved; raises `Refused` with `number` (from 1) and `text` in its params for
    the first entry refused."""
    tracker = family_of(rules).keeper(rules, players)
    tracker.version = version
    saved: list[str] = []
    for index, text in enumerate(entries):
        upcoming = entries[index + 1] if index + 1 < len(entries) else None
        beyond = entries[index + 2] if index + 2 < len(entries) else None
        try:
            if tracker.table.outcome is not None and not tracker.follows_end(text):
                raise Refused("game_over")
            saved.append(tracker.enter(text, upcoming, beyond))
        except Refused as exc:
            exc.params.setdefault("number", index + 1)
            exc.params.setdefault("text", shown(text))
            raise
    return tracker, saved


def check_rules(rules: Rules, players: int, lang: str) -> None:
    """Refuse, naming the name, a rule file whose formulas read what nobody enters at a table."""
    tracker = family_of(rules).keeper(rules, players)
    problem = tracker.problem()
    if problem is not None:
        kind, entry, name = problem
        w = WORDS[lang]
        if kind == "scoring":  # the entry as the person knows it: its name in their language, where the file has one
            where = w["where_scoring"].format(entry=rules.score_name(entry, lang) or entry)
        else:
            where = w["where_formula"].format(entry=entry)
        known = ", ".join(f"`{n}`" for n in tracker.known())
        raise MugginsError(w["unknown_name"].format(rules=rules.name, where=where, name=name, known=known))


def saved_lang(path: str | Path) -> str | None:
    """The language a save was made in (a keeper's or a game's), so that `keep --resume FILE` and
    `resume FILE` without `--lang` go on in it; None when the file does not say one of ours
    (resuming it then says what is wrong with it, in the locale's language)."""
    lang = _saved(path).get("lang")
    return lang if isinstance(lang, str) and lang in WORDS else None


def saved_players(path: str | Path) -> int | None:
    """The number of players a keeper's save was made for, so that `keep --resume FILE` without
    `--players` goes on with them; None when the file does not say (resuming it says why)."""
    players = _saved(path).get("players")
    return players if type(players) is int else None


def _saved(path: str | Path) -> dict[str, Any]:
    """What a save file holds, before it is checked; empty when it cannot be read as one."""
    try:
        data = json.loads(read_limited(path, MAX_SAVE_BYTES).decode("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def write_new(path: str | Path, text: str, lang: str) -> Path:
    """Write `text` to a new file atomically (files.write_atomic: never over an existing file).
    Raises Refused with the reason, in `lang` (the system's own words are English)."""
    try:
        return write_atomic(path, text)
    except FileExistsError:
        raise Refused("exists", path=Path(path)) from None
    except (OSError, ValueError) as exc:
        raise Refused("cannot_write", path=Path(path), reason=file_reason(exc, lang)) from None


# -- the score sheet ------------------------------------------------------------------------------

@dataclass(frozen=True)
class SheetRow:
    label: str
    points: tuple[int, ...]     # what each player gained or lost in the round
    scores: tuple[int, ...]     # each score after it


def sheet_rows(tracker: Tracker, lang: str) -> list[SheetRow]:
    """One row per finished round, and one for the round in play when it changed a score or ended the game."""
    w = WORDS[lang]
    table = tracker.table
    rows: list[SheetRow] = []
    before = (0,) * tracker.players
    for number, scores in table.closed:
        rows.append(SheetRow(str(number), tuple(a - b for a, b in zip(scores, before)), scores))
        before = scores
    now = tuple(table.scores)
    if now != before or (table.outcome is not None and (not table.closed or table.closed[-1][0] != table.round)):
        label = str(table.round) if table.outcome is not None else w["in_play"].format(round=table.round)
        rows.append(SheetRow(label, tuple(a - b for a, b in zip(now, before)), now))
    return rows


def sheet_text(tracker: Tracker, lang: str) -> list[str]:
    rules, w = tracker.rules, WORDS[lang]
    notation = rules.notation
    names = [player_name(p, lang) for p in range(tracker.players)]

    def cell(points: int, score: int) -> str:
        return f"{points:+d} = {score}" + (f" [{tally(score, notation)}]" if notation else "")

    rows = [[w["round"], *names]]
    rows += [[row.label, *(cell(p, s) for p, s in zip(row.points, row.scores))] for row in sheet_rows(tracker, lang)]
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = [w["sheet_title"].format(title=rules.title_in(lang), name=rules.name, players=tracker.players,
                                     target=tracker.game.target)]
    lines += [" | ".join(text.ljust(width) for text, width in zip(r, widths)).rstrip() for r in rows]
    lines.append(_winner_text(tracker, lang))
    return lines


def _winner_text(tracker: Tracker, lang: str) -> str:
    outcome, w = tracker.table.outcome, WORDS[lang]
    if outcome is None or outcome.winner is None:
        return w["no_winner"]
    return w["winners" if outcome.partners else "winner"].format(player=winners_name(outcome, lang))  # partners win together


def sheet_html(tracker: Tracker, lang: str) -> str:
    rules, w = tracker.rules, WORDS[lang]
    notation = rules.notation
    esc = html.escape
    title = w["sheet_title"].format(title=rules.title_in(lang), name=rules.name, players=tracker.players,
                                    target=tracker.game.target)
    head = "".join(f"<th>{esc(player_name(p, lang))}</th>" for p in range(tracker.players))
    body = []
    for row in sheet_rows(tracker, lang):
        cells = "".join(
            f"<td><span class=points>{p:+d}</span> <b>{s}</b>"
            + (f"<div class=tally>{esc(tally(s, notation))}</div>" if notation else "") + "</td>"
            for p, s in zip(row.points, row.scores))
        body.append(f"<tr><th>{esc(row.label)}</th>{cells}</tr>")
    return (f"<!DOCTYPE html>\n<html lang={lang}><head><meta charset=utf-8><title>{esc(title)}</title><style>"
            "body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}"
            "td,th{border:1px solid #444;padding:.4em .8em;text-align:left;vertical-align:top}"
            ".points{color:#555}.tally{font-size:1.3em;letter-spacing:.1em}"
            "@media print{body{margin:0}}</style></head><body>\n"
            f"<h1>{esc(title)}</h1>\n<table><tr><th>{esc(w['round'])}</th>{head}</tr>\n" + "\n".join(body)
            + f"\n</table>\n<p>{esc(_winner_text(tracker, lang))}</p>\n</body></html>\n")


def sheet_svg(tracker: Tracker, lang: str) -> str:
    rules, w = tracker.rules, WORDS[lang]
    notation = rules.notation
    esc = html.escape
    rows = sheet_rows(tracker, lang)
    first, column, height = 110, 190, 44
    title = w["sheet_title"].format(title=rules.title_in(lang), name=rules.name, players=tracker.players,
                                    target=tracker.game.target)
    # wide enough for the columns and for the title (17 px, bold) and the winner's line (15 px) on
    # one line each, guessing a character generously (0.65 of its size in bold, 0.62 in plain)
    width = round(max(first + column * tracker.players, 11.1 * len(title), 9.3 * len(_winner_text(tracker, lang)))) + 20
    total_height = 90 + height * (len(rows) + 1) + 40
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{total_height}" '
             f'viewBox="0 0 {width} {total_height}" font-family="sans-serif" font-size="15">',
             f'<rect width="{width}" height="{total_height}" fill="white"/>',
             f'<text x="10" y="30" font-size="17" font-weight="bold">{esc(title)}</text>']
    top = 60
    headers = [w["round"]] + [player_name(p, lang) for p in range(tracker.players)]
    for i, text in enumerate(headers):
        x = 10 if i == 0 else first + column * (i - 1)
        parts.append(f'<text x="{x + 6}" y="{top + 27}" font-weight="bold">{esc(text)}</text>')
    for r, row in enumerate(rows, 1):
        y = top + height * r
        parts.append(f'<line x1="10" y1="{y}" x2="{width - 10}" y2="{y}" stroke="#444"/>')
        parts.append(f'<text x="16" y="{y + 27}">{esc(row.label)}</text>')
        for p, (points, score) in enumerate(zip(row.points, row.scores)):
            x = first + column * p + 6
            parts.append(f'<text x="{x}" y="{y + 20}"><tspan fill="#555">{points:+d}</tspan> '
                         f'<tspan font-weight="bold">{score}</tspan></text>')
            if notation:
                parts.append(f'<text x="{x}" y="{y + 38}" font-size="14">{esc(tally(score, notation))}</text>')
    bottom = top + height * (len(rows) + 1)
    parts.append(f'<line x1="10" y1="{bottom}" x2="{width - 10}" y2="{bottom}" stroke="#444"/>')
    parts.append(f'<text x="10" y="{bottom + 28}">{esc(_winner_text(tracker, lang))}</text>')
    parts.append("</svg>\n")
    return "\n".join(parts)


def write_sheet(tracker: Tracker, lang: str, path: str | Path) -> Path:
    """The printable score sheet, as HTML or SVG by the file's extension (a new file, never over one)."""
    suffix = Path(path).suffix.lower()
    if suffix not in (".html", ".htm", ".svg"):
        raise Refused("sheet_kind", path=path)
    text = sheet_svg(tracker, lang) if suffix == ".svg" else sheet_html(tracker, lang)
    return write_new(path, text, lang)


# -- the session ----------------------------------------------------------------------------------

class _Stop(Exception):
    """quit, end of input or Ctrl-C: save and leave."""


class Keeper:
    """One score-keeping session: the rules, the players, the entries so far and their replay."""

    def __init__(self, rules: Rules, rules_source: str, players: int, lang: str = "en",
                 stdin: TextIO | None = None, stdout: TextIO | None = None, sheet: str | None = None,
                 folder: str | Path = "."):
        check_rules(rules, players, lang)
        self.rules = rules
        self.source = rules_source
        self.players = players
        self.lang = lang
        self.w = WORDS[lang]
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        self.sheet = sheet
        self.folder = Path(folder)
        self.whole_folder = _absolute(self.folder)  # how a failure names it, should it go away during the game
        if sheet is not None and Path(sheet).suffix.lower() not in (".html", ".htm", ".svg"):
            raise MugginsError(self.w["sheet_kind"].format(path=sheet))
        problem = check_target(sheet, lang=lang, hint="exists_sheet") if sheet is not None else None  # no --force
        if problem:  # before the game, as --record is: a sheet found unwritable at the end is a sheet lost
            raise MugginsError(f"--sheet: {problem}")
        self.entries: list[str] = []
        self.version = VERSION  # how the entries are read: a resumed save's own version
        self.tracker, _ = replay(rules, players, [])
        self.saved_as: Path | None = None

    # -- save and resume ---------------------------------------------------------------------------

    def to_json(self) -> str:
        return json.dumps({"format": FORMAT, "version": self.version, "rules": self.source, "name": self.rules.name,
                           "digest": self.rules.digest, "players": self.players, "lang": self.lang,
                           "entries": self.entries}, indent=1, ensure_ascii=False) + "\n"

    def save(self, path: str | Path) -> Path:
        return write_new(path, self.to_json(), self.lang)

    def autosave(self) -> tuple[Path | None, list[tuple[Path, BaseException]]]:
        """Keep the entries as a game at the terminal is kept (files.write_first): a fresh name in the
        keeper's folder, else in the current folder, home or the temporary folder, so that a folder
        gone or shut meanwhile loses nothing. Returns the path (None when nowhere) and the failures."""
        whole = self.whole_folder
        folders = [self.folder, *(folder for folder in fallback_folders() if folder != whole)]
        try:
            path, failures = write_first([], folders, self.to_json(), f"muggins-keep-{self.rules.name}", ".json")
        except (OSError, ValueError) as exc:
            return None, [(whole, exc)]
        return path, [(whole if folder == self.folder else folder, exc) for folder, exc in failures]

    def resume(self, path: str | Path) -> None:
        """Take the entries of a save made under these rules (checked by digest) and replay them."""
        w = self.w
        try:
            raw = read_limited(path, MAX_SAVE_BYTES)
        except NotRegularFile:
            raise MugginsError(file_words(self.lang)["not_regular_read"].format(path=path)) from None
        except OSError as exc:
            raise MugginsError(w["bad_save"].format(path=path, reason=file_reason(exc, self.lang))) from None
        data = decode_json(raw, path, "sheet", self.lang) if len(raw) <= MAX_SAVE_BYTES else None  # where it breaks
        found = written_by_muggins(data)
        if found is not None and found != FORMAT:  # a game's record or save: said what it is, and who reads it
            raise MugginsError(f"{path}: " + other_file(self.lang, found, "sheet", path))
        if not isinstance(data, dict) or found != FORMAT:
            raise MugginsError(w["bad_save"].format(path=path, reason=f"\"format\": \"{FORMAT}\""))
        if type(data.get("version")) is not int or data["version"] not in READ_VERSIONS:
            raise MugginsError(w["bad_save"].format(path=path, reason=f"\"version\": {VERSION}"))
        entries = data.get("entries")
        if not isinstance(entries, list) or not all(isinstance(e, str) for e in entries):
            raise MugginsError(w["bad_save"].format(path=path, reason="\"entries\""))
        if type(data.get("players")) is not int:
            raise MugginsError(w["bad_save"].format(path=path, reason="\"players\""))
        if data.get("digest") != self.rules.digest:
            raise MugginsError(w["save_rules"].format(path=path, name=data.get("name"), rules=self.rules.name,
                                                      saved=str(data.get("digest"))[:12], now=self.rules.digest[:12]))
        if data.get("players") != self.players:
            raise MugginsError(w["save_players"].format(path=path, saved=data.get("players"), players=self.players))
        try:
            self.tracker, self.entries = replay(self.rules, self.players, entries, data["version"])
            self.version = data["version"]
        except Refused as exc:
            raise MugginsError(w["save_entry"].format(path=path, number=exc.params["number"],
                                                      text=exc.params["text"], reason=self.reason(exc))) from None
        self.print(w["resumed"].format(path=path, entries=count(len(self.entries), "sheet entry", self.lang)))
        self.print(self.scores_line())

    # -- words -------------------------------------------------------------------------------------

    def print(self, text: str = "") -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def reason(self, exc: Refused) -> str:
        family = self.tracker.words.get(self.lang, {})
        template = family.get(exc.key) or self.w.get(exc.key) or exc.key
        if exc.key == "empty":
            return template.format(hint=self.tracker.hint(self.tracker.question(), self.lang))
        params = in_language(exc.params, self.lang)
        if "entry" in params:  # an entry as saved, named as the person types it
            params["entry"] = self.tracker.entry_in(params["entry"], self.lang)
        return template.format(**params)

    def scores_line(self) -> str:
        notation = self.rules.notation
        scores = self.tracker.table.scores
        return self.w["scores"].format(scores=", ".join(
            f"{player_name(p, self.lang)} {s}" + (f" [{tally(s, notation)}]" if notation else "")
            for p, s in enumerate(scores)))

    def question_text(self) -> str:
        tracker = self.tracker
        if tracker.table.outcome is not None:
            return self.w["over"]
        question = tracker.question()
        player = player_name(question.player, self.lang) if question.player is not None else ""
        return tracker.words[self.lang][question.key].format(player=player, **question.params)

    def show_events(self, old: Sequence[Any], new: Sequence[Any]) -> None:
        """Print the events of `new` from the first one that differs from `old`."""
        same = 0
        for a, b in zip(old, new):
            if a != b:
                break
            same += 1
        target = self.tracker.game.target
        for event in new[same:]:
            text = self.keeper_event(event) or self.tracker.describe(event, self.lang)
            if text is None:
                text = describe_common(event, self.lang, target, self.rules.notation, rules=self.rules)
            if text:
                self.print(text)

    def keeper_event(self, event: Any) -> str | None:
        """The keeper's own events in words (a call held for the entry after it, who plays next)."""
        lang = self.lang
        if isinstance(event, CallHeld):
            key = "held_unclaimed" if event.caller is None else "held_muggins"
            caller = player_name(event.caller, lang) if event.caller is not None else ""
            return self.w[key].format(caller=caller, scorer=player_name(event.scorer, lang),
                                      entry=self.tracker.entry_in(event.going_out, lang))
        if isinstance(event, NextTurn):
            return self.w["plays_next"].format(player=player_name(event.player, lang))
        return None

    # -- running -----------------------------------------------------------------------------------

    def run(self, header: bool = True) -> int:
        """Keep score until the end of input, quit or a signal; the entries are saved whatever stops
        it, and the exit status says what did (see `leave`)."""
        if header:
            self.print(self.w["header"].format(title=self.rules.title_in(self.lang), name=self.rules.name,
                                               players=self.players,
                                               target=self.tracker.game.target))
        try:
            while True:
                self.stdout.write(self.w["prompt"].format(question=self.question_text()))
                self.stdout.flush()
                line = self.stdin.readline()
                if not line:
                    raise EOFError
                self.take(line.rstrip("\r\n"))
        except (_Stop, EOFError, KeyboardInterrupt) as stop:  # SIGTERM and SIGHUP too: errors.Terminated
            return self.leave(stop)
        except Exception as failure:  # a fault (a formula's, or ours) must not lose the game: said in one line, saved
            return self.leave(failure)

    def leave(self, stop: BaseException) -> int:
        """Save, then say why the session stopped and where the entries went; the status, as a game
        at the terminal gives it: 1 on a fault, 143 or 129 on SIGTERM or a closed terminal (SIGHUP),
        with the line any command ends with on them (`muggins: stopped (SIGTERM)`), in the keeper's
        language; else 0 when the game is over and 130 when not (quit, end of input, Ctrl-C).
        Ctrl-C, SIGTERM and SIGHUP wait while the files are written, so that a second one (a
        closing terminal's SIGHUP) cannot cut the save short; the last that came gives the status."""
        with HeldSignals() as held:
            said = self.finish()
        self.print()
        if not isinstance(stop, (_Stop, EOFError, KeyboardInterrupt)):
            self.print(self.w["failed"].format(error=one_line(stop, self.lang)))
        for text in said:
            self.print(text)
        signalled = held.statuses[-1] if held.statuses else stop.status if isinstance(stop, Terminated) else None
        if signalled is None and isinstance(stop, KeyboardInterrupt):
            signalled = EXIT_INTERRUPTED  # Ctrl-C
        if signalled is not None:
            print(stopped_line(signalled, self.lang), file=sys.stderr)
            return signalled
        if not isinstance(stop, (_Stop, EOFError, KeyboardInterrupt)):
            return 1
        return 0 if self.tracker.table.outcome is not None else EXIT_INTERRUPTED

    def finish(self) -> list[str]:
        """Leaving: save the entries (when any were made since the last save) and write the sheet;
        what to say about them, said once both are written."""
        said: list[str] = []
        if self.entries and self.saved_as is None:
            self.saved_as, failures = self.autosave()
            for place, exc in failures if self.saved_as is not None else []:
                said.append(self.w["not_saved_at"].format(path=visible(place), reason=file_reason(exc, self.lang)))
            if self.saved_as is None:  # nowhere: the save itself, to be copied into a file
                said.append(file_words(self.lang)["nowhere"].format(reason=file_reason(failures[-1][1], self.lang)))
                said.append(self.to_json().rstrip("\n"))
        if self.entries and self.saved_as is not None:
            said.append(self.saved_line())
        if self.sheet is not None:
            try:
                said.append(self.w["sheet_written"].format(path=write_sheet(self.tracker, self.lang, self.sheet)))
            except Refused as exc:
                said.append(self.w["not_done"].format(reason=self.reason(exc)))
        return said

    def saved_line(self) -> str:
        """Where the entries went, and the command that continues them, quoted to be pasted."""
        return self.w["saved"].format(path=self.saved_as, rules=shlex.quote(self.source), players=self.players,
                                      again=shlex.quote(str(self.saved_as)))

    def take(self, line: str) -> None:
        """One line of input: a command or an entry; anything else is answered with the reason."""
        command = None
        try:
            if len(line) > MAX_LINE:
                raise Refused("too_long", length=len(line), most=MAX_LINE)
            text = line.strip()
            if not text:  # the reminder is the question asked, and a finished game asks none
                raise Refused("game_over" if self.tracker.table.outcome is not None else "empty")
            word, _, rest = text.partition(" ")
            command = _COMMANDS.get(word.lower())
            if command is not None:
                self.command(command, rest.strip())
            else:
                self.enter(text)
        except Refused as exc:  # a command is not an entry: it is not done
            self.print(self.w["refused" if command is None else "not_done"].format(reason=self.reason(exc)))

    def enter(self, text: str) -> None:
        old = self.tracker.table.events
        try:
            tracker, entries = replay(self.rules, self.players, [*self.entries, text], self.version)
        except MugginsError as exc:  # a formula of the rules fails on this entry: refused, the game goes on
            raise Refused("rule_failed", error=one_line(exc, self.lang)) from None
        won = self.tracker.table.outcome
        self.tracker, self.entries = tracker, entries
        self.saved_as = None
        now = tracker.table.outcome
        if won is not None and won.winner is not None and (now is None or now.winner != won.winner):
            self.print(self.w["win_withdrawn"].format(player=winners_name(won, self.lang)))
        self.show_events(old, tracker.table.events)
        self.print(self.scores_line())

    def command(self, command: str, rest: str) -> None:
        w = self.w
        if command == "help":
            self.print(w["help"].format(family=self.tracker.help(self.lang), calls=self.help_calls()))
        elif command == "undo":
            count = self.undo_count(rest)
            dropped = self.entries[-count:]
            self.tracker, self.entries = replay(self.rules, self.players, self.entries[:-count], self.version)
            self.saved_as = None
            self.print(w["undone"].format(entries=", ".join(self.tracker.entry_in(entry, self.lang)
                                                             for entry in dropped)))
            self.print(self.scores_line())
        elif command == "save":
            if not rest:
                raise Refused("save_needs_file")
            last = rest.split()[-1]
            if len(rest.split()) > 1 and last.lower() in FORCE_WORDS:  # play's habit: no file "k.json force"
                raise Refused("no_force", word=last)
            self.saved_as = self.save(typed_path(rest))
            self.print(self.saved_line())
        elif command == "sheet":
            if rest:
                self.print(w["sheet_written"].format(path=write_sheet(self.tracker, self.lang, rest)))
            else:
                for text in sheet_text(self.tracker, self.lang):
                    self.print(text)
        elif command == "scores":
            self.print(self.scores_line())
        elif command == "rules":
            for text in summarize_rules(self.rules, self.lang):
                self.print(text)
        else:
            raise _Stop

    def help_calls(self) -> str:
        """The calls the rules have, for help: none without claims, the false call where it costs."""
        muggins, w = self.rules.muggins, self.w
        if not self.rules.has_claims:
            return ""
        if not muggins.enabled:
            return w["help_calls_lost"]
        false = w["help_false"].format(points=muggins.false_call) if muggins.false_call is not None else ""
        return w["help_calls"] + false

    def undo_count(self, text: str) -> int:
        """How many entries `undo` takes back: 1, or the number typed, at most the entries made."""
        if not self.entries:
            raise Refused("nothing_to_undo")
        if not text:
            return 1
        try:
            return parse_number(text, 1, len(self.entries))
        except Refused as exc:
            if exc.key == "not_a_number":
                raise
            raise Refused("undo_count", text=shown(text), most=len(self.entries)) from None

