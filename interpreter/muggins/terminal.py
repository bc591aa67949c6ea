"""Play at the terminal: people and bots at one table, with save and resume.

A session asks whoever decides next: a bot chooses from its view, a person types a move (by
number or as written: `6-6 right`, `5h`, `draw`, `go`, `claim`, `muggins`) or a command
(`help`, `why`, `rules`, `save FILE`, `quit`). Any answer that is not a move or a command (odd
characters, huge numbers, endless lines) is answered with the reason and asked again; end of
input, Ctrl-C or a failure inside the game saves it first, to the first place that can be
written (files.write_first), and says where. A save holds the seed and the moves, so resuming
replays them (the bots choosing again, which restores their random state exactly).
"""
from __future__ import annotations

import math
import shlex
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Callable, TextIO

from .bots import make_bots
from .engine import make_game
from .engine import table as T
from .engine.common import FALSE_CALL_REASON, MUGGINS_REASON, GameEnded, Scored
from .engine.table import CLAIM, DECLINE, MUGGINS
from .errors import IllegalMoveError, MugginsError, RecordError, RuleError, Terminated, one_line, visible
from .launch import HeldSignals
from .loader import rules_source
from .files import (FORCE_WORDS, NotPlainFile, fallback_folders, fresh_name, read_limited, reason as write_reason,
                    typed_path, words as file_words, write_atomic, write_first)
from .messages import as_typed, illegal, reason, stopped_line
from .output import mute, shows_suits
from .pieces import ascii_cards
from .families import family_of
from .narration import count, describe, explain_last_score, player_name, reason_name, summarize_rules
from .records import Save, check_players, read_save, record_problem, save_rules
from .rules import Rules

HUMAN = "human"
MAX_LINE = 5000        # characters of one answer; a longer line is read to its end and refused
MAX_NUMBER = 6         # digits of a move number: more cannot name a move
MAX_DELAY = 60.0       # seconds of --delay

_UI = {
    "en": {
        "you": "you", "table": "--- Round {round} · target {target} · {stock_name} {stock} ---",
        "title": "{title} ({name}), seed {seed}: {seats}",
        "kind:human": "human", "kind:greedy": "greedy bot", "kind:random": "random bot",
        "scores": "Scores: {scores}",
        "hand": "Your hand ({player}): {hand}", "moves": "Moves: {moves}",
        "claim": "You scored {points} ({reason}): type claim, or press Enter to let them go.",
        "muggins": "{scorer} did not claim {points} ({reason}): type muggins to take them, or press Enter.",
        "claim:void": ("Your {points} ({reason}) would pass the target: claimed, they would not count. Type claim, "
                       "or press Enter to let them go."),
        "claim:capped": ("Your {points} ({reason}) would pass the target: claimed, {counted} would count (up to it). "
                         "Type claim, or press Enter to let them go."),
        "muggins:void": ("{scorer} did not claim {points} ({reason}): taken, they would pass your target and not "
                         "count for you. Type muggins to take them all the same, or press Enter."),
        "muggins:capped": ("{scorer} did not claim {points} ({reason}): taken, {counted} would count for you (up to "
                           "the target). Type muggins to take them, or press Enter."),
        # the same for a single point, said of "it"
        "claim:one": "You scored {points} ({reason}): type claim, or press Enter to let it go.",
        "muggins:one": "{scorer} did not claim {points} ({reason}): type muggins to take it, or press Enter.",
        "claim:void:one": ("Your {points} ({reason}) would pass the target: claimed, it would not count. Type claim, "
                           "or press Enter to let it go."),
        "muggins:void:one": ("{scorer} did not claim {points} ({reason}): taken, it would pass your target and not "
                             "count for you. Type muggins to take it all the same, or press Enter."),
        "prompt": "{player}> ", "wait_prompt": "{player} (Enter: go on)> ",
        "not_a_number": "There is no move {n}: choose 1 to {count}.",
        "not_a_number_one": "There is no move {n}: the only one is 1.",
        "unknown": "Not a move or a command: {text!r} ({reason}). Type help for the commands.",
        "refused": "Not allowed: {reason}.", "saved": "Game saved to {path}.",
        "resume_hint": "Continue it with: muggins resume {path}", "nothing_why": "Nothing has scored yet.",
        "why_stolen": "{by} called Muggins and took {player}'s {points} ({reason}), left unclaimed.",
        "why_false_call": "{player} called Muggins with nothing unclaimed: a false call costs {points}.",
        "why_scored": "{player} scored {points} ({reason}).",
        "false_call_move": "{move} (nothing is unclaimed: a false call costs {points})",
        "why_unclaimed": "{player}'s {points} ({reason}) went unclaimed: they were not added.",
        "why_waiting": "{player}'s {points} ({reason}) wait for a claim: they are not added yet.",
        "help": ("Type a move by its number or as written ({examples}). Commands: help; why (explains the last "
                 "score); rules (a summary of these rules); hand (shows the table again); save FILE; quit "
                 "(saves and stops). End of input or Ctrl-C also saves."),
        "help_claims": ("Claims are yours to make: after each of your moves (and at a round's end) the game waits "
                        "for Enter, and until the next player acts you may type claim for the points you scored, "
                        "and muggins when you spot an opponent's points left unclaimed. Both stand until you go "
                        "on, and are made then, your claim first."),
        "help_claims_only": ("Claims are yours to make: after each of your moves (and at a round's end) the game "
                             "waits for Enter, and until the next player acts you may type claim for the points you "
                             "scored. Your claim stands until you go on, and is made then."),
        "word_claim": "claim", "word_muggins": "muggins",
        "help_coach": "The coach (--coach) reminds you of your claims, offers every Muggins call and gives hints.",
        "help_coach_claims": "The coach (--coach) reminds you of your claims and gives hints.",
        "muggins_noted": "Muggins! Your call stands: it is made as soon as {scorer}'s window closes.",
        "call_stands": "Muggins! Your call stands: it is made as soon as you go on.",
        "claim_stands": "Your claim stands: it is made as soon as you go on.",
        "claim_void": "Your claim found nothing to claim: no points of yours were waiting.",
        "call_void": "Your Muggins call found nothing to take.",
        "call_carried": "Your Muggins call found nothing to take yet: it is made on your turn (a false call costs {points}).",
        "call_on_turn": "Muggins! Your call stands: it is made on your turn, after your claims (a false call costs {points}).",
        "call_next_turn": "Muggins! Your call stands: it is made on your next turn (a false call costs {points}).",
        "not_your_turn": "Not your turn: {player} plays next.",
        "hand_over": "Pass the terminal to {player}, then press Enter> ",
        "hand_over_again": "Only Enter goes on: what is {player}'s to see comes once {player} has the terminal.",
        "round_over": "Not now: this round is over; go on (Enter) to see its end.",
        "resumed": "Resumed after {moves}.", "seats": "{player}: {kind}",
        "empty": "Type a move (its number or as written) or a command; help lists them.",
        "too_long": "That line is too long (more than {limit} characters): type a move or a command.",
        "unreadable": "That line is not readable text: type a move or a command.",
        "not_understood": "not a move of this game",
        "failed": "The game stopped on an error: {error}.",
        "failed_rule": "The game stopped: a formula of its rule file failed: {error}.",
        "resume_fixed": "Once the rule file is fixed, continue it with: muggins resume {path} --rules {rules}",
        "unchanged": "Nothing changed since it was resumed: the game is still saved in {path}.",
        "unchanged_rule": ("The game stopped again where it was saved: a formula of its rule file failed: {error}; "
                           "nothing changed, it is still saved in {path}: once the rule file is fixed, continue it "
                           "with: muggins resume {path} --rules {rules}"),
        "not_saved_at": "Could not save to {path} ({reason}).",
        "delay": "--delay is seconds between 0 and {limit}, not {value}",
    },
    "es": {
        "you": "tú", "table": "--- Ronda {round} · objetivo {target} · {stock_name} {stock} ---",
        "title": "{title} ({name}), semilla {seed}: {seats}",
        "kind:human": "humano", "kind:greedy": "bot codicioso", "kind:random": "bot al azar",
        "scores": "Puntuaciones: {scores}",
        "hand": "Tu mano ({player}): {hand}", "moves": "Jugadas: {moves}",
        "claim": "Has anotado {points} ({reason}): escribe reclamar para llevártelos, o pulsa Intro para dejarlos pasar.",
        "muggins": "{scorer} no reclamó {points} ({reason}): escribe muggins para llevártelos (¡Muggins!), o pulsa Intro.",
        "claim:void": ("Tus {points} ({reason}) pasarían del objetivo: aunque los reclames, no contarían. Escribe "
                       "reclamar, o pulsa Intro para dejarlos pasar."),
        "claim:capped": ("Tus {points} ({reason}) pasarían del objetivo: si los reclamas, contarían solo hasta el "
                         "objetivo: {counted}. Escribe reclamar, o pulsa Intro para dejarlos pasar."),
        "muggins:void": ("{scorer} no reclamó {points} ({reason}): si te los llevas, pasarías del objetivo y no te "
                         "contarían. Escribe muggins para llevártelos de todos modos (¡Muggins!), o pulsa Intro."),
        "muggins:capped": ("{scorer} no reclamó {points} ({reason}): si te los llevas, te contarían solo hasta el "
                           "objetivo: {counted}. Escribe muggins para llevártelos (¡Muggins!), o pulsa Intro."),
        "claim:one": "Has anotado {points} ({reason}): escribe reclamar para llevártelo, o pulsa Intro para dejarlo pasar.",
        "muggins:one": "{scorer} no reclamó {points} ({reason}): escribe muggins para llevártelo (¡Muggins!), o pulsa Intro.",
        "claim:void:one": ("Tu {points} ({reason}) pasaría del objetivo: aunque lo reclames, no contaría. Escribe "
                           "reclamar, o pulsa Intro para dejarlo pasar."),
        "muggins:void:one": ("{scorer} no reclamó {points} ({reason}): si te lo llevas, pasarías del objetivo y no te "
                             "contaría. Escribe muggins para llevártelo de todos modos (¡Muggins!), o pulsa Intro."),
        "prompt": "{player}> ", "wait_prompt": "{player} (Intro: seguir)> ",
        "not_a_number": "No hay jugada {n}: elige de 1 a {count}.",
        "not_a_number_one": "No hay jugada {n}: la única es la 1.",
        "unknown": "No es una jugada ni una orden: {text!r} ({reason}). Escribe ayuda para ver las órdenes.",
        "refused": "No se permite: {reason}.", "saved": "Partida guardada en {path}.",
        "resume_hint": "Para continuarla: muggins resume {path}", "nothing_why": "Todavía no ha puntuado nadie.",
        "why_stolen": "{by} gritó «¡Muggins!» y se llevó los {points} de {player} ({reason}), que quedaron sin reclamar.",
        "why_false_call": "{player} gritó «¡Muggins!» cuando no había nada sin reclamar: un grito falso cuesta {points}.",
        "why_scored": "{player} anotó {points} ({reason}).",
        "false_call_move": "{move} (no hay nada sin reclamar: un grito falso cuesta {points})",
        "why_unclaimed": "Los {points} de {player} ({reason}) quedaron sin reclamar: no se sumaron.",
        "why_waiting": "Los {points} de {player} ({reason}) esperan a que se reclamen: todavía no se han sumado.",
        "help": ("Escribe una jugada por su número o tal cual ({examples}). Órdenes: ayuda; porqué (explica la "
                 "última puntuación); reglas (resumen de estas reglas); mano (muestra la mesa otra vez); guardar "
                 "FICHERO; salir (guarda y termina). El fin de la entrada o Ctrl-C también guardan."),
        "help_claims": ("Reclamar es cosa tuya: después de cada jugada tuya (y al final de una ronda) la partida "
                        "espera a que pulses Intro, y hasta que actúe el siguiente jugador puedes escribir reclamar "
                        "para llevarte los puntos que hayas hecho, y muggins cuando veas puntos de un oponente sin "
                        "reclamar. Las dos quedan hechas hasta que sigas, y valen entonces, primero tu reclamación."),
        "help_claims_only": ("Reclamar es cosa tuya: después de cada jugada tuya (y al final de una ronda) la "
                             "partida espera a que pulses Intro, y hasta que actúe el siguiente jugador puedes "
                             "escribir reclamar para llevarte los puntos que hayas hecho. Tu reclamación queda hecha "
                             "hasta que sigas, y vale entonces."),
        "word_claim": "reclamar", "word_muggins": "muggins",
        "help_coach": "El entrenador (--coach) te recuerda tus reclamaciones, te ofrece cada «¡Muggins!» y te da pistas.",
        "help_coach_claims": "El entrenador (--coach) te recuerda tus reclamaciones y te da pistas.",
        "muggins_noted": "¡Muggins! Tu grito queda hecho: vale en cuanto se cierre el plazo de {scorer}.",
        "call_stands": "¡Muggins! Tu grito queda hecho: vale en cuanto sigas.",
        "claim_stands": "Tu reclamación queda hecha: vale en cuanto sigas.",
        "claim_void": "Tu reclamación no encontró nada: no tenías puntos pendientes de reclamar.",
        "call_void": "Tu «¡Muggins!» no encontró nada que llevarse.",
        "call_carried": "Tu «¡Muggins!» no encontró nada que llevarse todavía: se dice en tu turno (un grito falso cuesta {points}).",
        "call_on_turn": "¡Muggins! Tu grito queda hecho: se dice en tu turno, después de tus reclamaciones (un grito falso cuesta {points}).",
        "call_next_turn": "¡Muggins! Tu grito queda hecho: se dice en tu próximo turno (un grito falso cuesta {points}).",
        "not_your_turn": "No es tu turno: juega {player}.",
        "hand_over": "Pasa el terminal a {player} y pulsa Intro> ",
        "hand_over_again": "Solo Intro sigue: lo que toca ver a {player} llega cuando {player} tenga el terminal.",
        "round_over": "Ahora no: esta ronda ha terminado; sigue (Intro) para ver cómo acaba.",
        "resumed": "Partida reanudada tras {moves}.", "seats": "{player}: {kind}",
        "empty": "Escribe una jugada (su número o tal cual) o una orden; ayuda las muestra.",
        "too_long": "Esa línea es demasiado larga (más de {limit} caracteres): escribe una jugada o una orden.",
        "unreadable": "Esa línea no es texto legible: escribe una jugada o una orden.",
        "not_understood": "no es una jugada de este juego",
        "failed": "La partida se detuvo por un error: {error}.",
        "failed_rule": "La partida se detuvo: falló una fórmula de su fichero de reglas: {error}.",
        "resume_fixed": "Cuando el fichero de reglas esté corregido, continúala con: muggins resume {path} --rules {rules}",
        "unchanged": "Nada ha cambiado desde que se reanudó: la partida sigue guardada en {path}.",
        "unchanged_rule": ("La partida se detuvo otra vez donde se guardó: falló una fórmula de su fichero de reglas: "
                           "{error}; nada ha cambiado, sigue guardada en {path}: cuando el fichero de reglas esté "
                           "corregido, continúala con: muggins resume {path} --rules {rules}"),
        "not_saved_at": "No se pudo guardar en {path} ({reason}).",
        "delay": "--delay son segundos entre 0 y {limit}, no {value}",
    },
}
_CLEAR = "\x1b[H\x1b[2J\x1b[3J"  # the screen and its scrollback: the previous person's hand is not left above
_NOBODY = -1  # a viewer that is no seat: every player's drawn pieces stay hidden from it
_SAVE_WORDS = ("save", "guardar")


def ui_words(lang: str) -> dict[str, str]:
    """The terminal's words in `lang` (English for a language it does not know)."""
    return _UI.get(lang, _UI["en"])


def check_delay(delay: float, lang: str = "en") -> str | None:
    """Why `delay` is not a usable --delay (a one-line reason), or None when it is."""
    if not math.isfinite(delay) or not 0 <= delay <= MAX_DELAY:
        return ui_words(lang)["delay"].format(limit=int(MAX_DELAY), value=as_typed(delay, lang))
    return None


def _shown(text: str, limit: int = 40) -> str:
    """A person's answer as quoted back to them: at most `limit` characters."""
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _save_target(argument: str) -> tuple[str, bool]:
    """The file `save` names and whether to replace it: a name may be quoted as in a shell
    (`save "my game.json"`), and `force` (`forzar`) at the end replaces."""
    parts = argument.rsplit(maxsplit=1)
    force = len(parts) == 2 and parts[1].lower() in FORCE_WORDS
    return typed_path(parts[0] if force else argument), force


def _near(path: Path) -> Path:
    """A path as shown to the person: relative when it is in the current folder."""
    try:
        return path.relative_to(Path.cwd()) if path.is_absolute() else path
    except (ValueError, OSError):
        return path


_COMMANDS = {"help": "help", "?": "help", "ayuda": "help", "why": "why", "porque": "why", "porqué": "why",
             "por que": "why", "por qué": "why", "rules": "rules", "reglas": "rules", "hand": "hand", "mano": "hand",
             "mesa": "hand", "table": "hand", "quit": "quit", "exit": "quit", "salir": "quit"}
_CLAIM_WORDS = ("claim", "reclamar", "reclamo", "reclamo mis puntos")
_MUGGINS_WORDS = ("muggins", "muggins!", "¡muggins!", "¡muggins")
# at a table with people and without the coach, nobody announces forgotten points (a game between
# bots shows them: nobody is there to be told, and its log reads as `replay --log` does)
_QUIET_EVENTS = (T.NotClaimed, T.Forfeited)


def _command(text: str) -> str | None:
    """The command a person typed, in either language (`Ayuda`, `¿por qué?`, `help`), or None."""
    return _COMMANDS.get(" ".join(text.lower().strip("¿?¡!. ").split()) or text.lower())


class _Events:
    """A state as `why` sees it: its events only up to a point (the scores already added)."""

    def __init__(self, state: Any, events: list[Any]):
        self._state = state
        self.events = events

    def __getattr__(self, name: str) -> Any:
        return getattr(self._state, name)


@dataclass
class _Note:
    """What a person asked in their window (`claim`, `muggins`), applied as the engine asks for it
    once the window closes, and whether each found something to apply to."""

    claim: bool = False
    call: bool = False
    claimed: bool = False
    called: bool = False


class _Stop(Exception):
    """The person asked to stop (quit, end of input, Ctrl-C): save and leave."""


def _nothing() -> None:
    """Nothing to say."""


def _status(stop: BaseException) -> int:
    """The exit status of a game at the terminal that stopped on `stop`."""
    if isinstance(stop, Terminated):
        return stop.status
    if isinstance(stop, BrokenPipeError):
        return 141
    if isinstance(stop, (_Stop, EOFError, KeyboardInterrupt)):
        return 130
    return 1


def forgiving_stdin() -> TextIO:
    """The keyboard, with bytes that are not UTF-8 read as U+FFFD: answered as any odd text is,
    where a UnicodeDecodeError would end the game."""
    reconfigure = getattr(sys.stdin, "reconfigure", None)
    try:
        if reconfigure is not None:
            reconfigure(errors="replace")
    except (ValueError, OSError):
        pass
    return sys.stdin


class Session:
    """One game at the terminal: its rules, seats, state and the moves so far."""

    def __init__(self, rules: Rules, rules_source: str, players: int, seed: int | str, max_rounds: int,
                 seats: list[str], forget: float = 0.0, attention: float = 1.0, lang: str = "en",
                 delay: float = 0.0, explain: bool = False, tally: bool = False,
                 stdin: TextIO | None = None, stdout: TextIO | None = None, coach: bool = False,
                 ascii: bool = False, record: str | None = None, force: bool = False):
        self.rules = rules
        self.family = family_of(rules)
        self.rules_source = rules_source
        self.players = players
        self.seed = seed
        self.max_rounds = max_rounds
        self.seats = seats
        self.forget = forget
        self.attention = attention
        self.lang = lang
        self.delay = delay
        self.explain = explain
        self.coach = coach        # reminders of claims, every Muggins call offered, hints
        self.stdout = stdout or sys.stdout
        self.ascii = ascii or not shows_suits(self.stdout)  # suit letters instead of symbols: 5H for 5♥
        self.display = [name for name, on in (("tally", tally), ("explain", explain), ("coach", coach),
                                              ("ascii", ascii)) if on]  # as asked: kept by a save
        self.record, self.force = record, force  # the record to write when the game ends
        self.notation = rules.notation if tally else None
        self.stdin = stdin or forgiving_stdin()
        self.ui = ui_words(lang)
        self.game = make_game(rules, players, max_rounds)
        self.state = self.game.new_state(seed)
        bot_seats = [seat for seat, kind in enumerate(seats) if kind != HUMAN]
        self.bots = dict(zip(bot_seats, make_bots([seats[seat] for seat in bot_seats], seed, forget, attention)))
        self.humans = [seat for seat, kind in enumerate(seats) if kind == HUMAN]
        self.moves: list[str] = []
        self.shown = 0
        self._init_turns()
        self.asked: Path | None = None     # the file this game was last saved to (`save`, the autosave)
        self._asked_text: str | None = None  # and what was written there
        self.kept = False                   # the game stopped and was kept (or had nobody to keep it for)
        self.resumed_from: tuple[Path, Save] | None = None  # the save this session was resumed from, as read
        self.checked_bots = True            # a resume checks that the saved bots' moves are the bots' choices

    def _init_turns(self) -> None:
        """Who is at the keyboard and what each person's turn and claim window hold: what a save
        keeps of the turn in progress besides the moves."""
        # drawn pieces in the log: one person's own; several sharing the screen, nobody's; no person, all
        self.viewer = self.humans[0] if len(self.humans) == 1 else _NOBODY if self.humans else None
        self.at_keyboard: int | None = None  # the person last handed the terminal (several people)
        self.waiting: int | None = None     # the person whose claim window is open after their own move
        self.answering: int | None = None   # and the one answering in it now (a save keeps either)
        self.typed: Any = None              # a move typed while a claim or call of theirs was due
        self.calls: list[Any] = []          # unclaimed scores a person has called Muggins on ahead
        self.since = (0, 0)                 # the event the last turn's move began at, and its round: scores
        #                                     earned from it on, in that round, are those the next turn's move
        #                                     closes the window of (a round's end closes every window)
        self.left: Any = None               # with the coach, the table as the last turn's move left it (a pile it
        #                                     closed still on it): shown while the claims and calls on it are asked
        self.held: Any = None               # the table as a move that ended a round left it (its end is shown
        #                                     once the windows on it close: see `_hold_round_end`)
        self.windows: list[int] = []        # the people whose window is still to open: on `held`, or on a score
        #                                     whose window just closed (`_open_windows`), not the mover's own
        self.notes: dict[int, _Note] = {}   # what each person asked in their window, until the next turn
        self.carried: list[int] = []        # people whose call in a window took nothing (false_call): on their turn
        self.last_turn: tuple[int, Any, Any, list[int]] | None = None  # a resume's last turn: the mover, the
        #                                     game, the move and the scorers whose window it closed

    # -- save and resume -----------------------------------------------------------------------

    def to_save(self) -> Save:
        in_play = self._scores_in_play()
        calls = [k for k, score in enumerate(in_play) if self._called(score)]
        return Save(rules=self.rules_source, name=self.rules.name, digest=self.rules.digest, players=self.players,
                    seed=self.seed, max_rounds=self.max_rounds, seats=list(self.seats), forget=self.forget,
                    attention=self.attention, lang=self.lang, moves=list(self.moves), calls=calls,
                    shown=list(self.display), force=self.force,
                    window=self._open_window(), windows=list(self.windows), carried=list(self.carried),
                    notes=[{"seat": seat, **asdict(note)} for seat, note in sorted(self.notes.items())],
                    settings=list(self.rules.settings),
                    record=None if self.record is None else str(Path(self.record).resolve()))  # resumed anywhere

    def _open_window(self) -> int | None:
        """The person whose window is open (or is the next to open) as the game stops."""
        for seat in (self.answering, self.waiting, *self.windows[:1]):
            if seat is not None:
                return seat
        return None

    def _scores_in_play(self) -> list[T.PendingScore]:
        """The scores a call typed ahead can be on, in an order a replay of the moves rebuilds: the
        unclaimed ones, then those of the claims and calls due."""
        found: list[T.PendingScore] = []
        for score in [*self.state.unclaimed, *(item.score for item in self.state.queue)]:
            if not any(score is seen for seen in found):
                found.append(score)
        return found

    def save(self, path: str | Path, force: bool = False) -> Path:
        """Write the save to `path` atomically; never over an existing file unless `force`."""
        text = self.to_save().to_json() + "\n"
        written = write_atomic(path, text, force)
        self.asked, self._asked_text = written, text
        return written

    def autosave(self) -> tuple[Path | None, str, list[tuple[Path, BaseException]]]:
        """Keep the game in the first place that takes it: the file this game was last saved to
        (`save FILE`, `save` alone or an autosave, while it still holds what we wrote) or, before
        any, the save it was resumed from (while it still holds the game as it was read), else a
        fresh name in the current folder, the home folder, the temporary folder, which becomes the
        file the next save brings up to date (one game, one file). Returns the path (None if
        nowhere), the text and the failures."""
        text = self.to_save().to_json() + "\n"
        asked: list[tuple[Path, bool]] = []
        if self.asked is not None and self._asked_text is not None:
            try:
                ours = self._asked_text.encode("utf-8")
                if read_limited(self.asked, len(ours)) == ours:  # never waits on a pipe put there
                    asked.append((self.asked, True))  # our own save of this game: brought up to date
            except (OSError, ValueError):
                asked.append((self.asked, False))  # gone or unreadable: tried, never replaced
        elif (resumed := self._resumed_file()) is not None:
            asked.append((resumed, True))  # the save it was resumed from: brought up to date
        try:
            path, failures = write_first(asked, fallback_folders(), text, self._autosave_base(), ".save.json")
        except (OSError, ValueError) as exc:
            return None, text, [(Path(), exc)]
        self.asked, self._asked_text = path, text  # this game's own save now: the next brings it up to date
        return path, text, failures

    def _autosave_base(self) -> str:
        name = "".join(c if c.isalnum() or c in "-_." else "_" for c in f"{self.rules.name}-{self.seed}")[:100]
        return f"muggins-{name}"

    def _report_save(self, path: Path | None, text: str, failures: list[tuple[Path, BaseException]],
                     fixed: bool = False) -> None:
        """Say where the game went (and where it could not go), in the person's language, and how to
        continue it: once `fixed`, under the rule file a formula of which stopped it."""
        for place, exc in failures if path is not None else []:
            self.print(self.ui["not_saved_at"].format(path=visible(place), reason=write_reason(exc, self.lang)))
        if path is None:
            self.print(file_words(self.lang)["nowhere"].format(reason=write_reason(failures[-1][1], self.lang)))
            self.print(text.rstrip("\n"))
            return
        self.print(self.ui["saved"].format(path=visible(_near(path))))
        quoted = visible(shlex.quote(str(_near(path))))  # to paste
        if fixed:
            self.print(self.ui["resume_fixed"].format(path=quoted, rules=visible(shlex.quote(self.rules_source))))
        else:
            self.print(self.ui["resume_hint"].format(path=quoted))

    @classmethod
    def resume(cls, path: str | Path, **options: Any) -> Session:
        """The session a save file describes, replayed to where it stopped."""
        save = read_save(path, options.get("lang") or "en")
        lang = options["lang"] = options.get("lang") or save.lang  # once read, the game's own language
        for name in save.shown:  # shown as when it was saved, and whatever resume adds
            options[name] = True
        if options.get("record") is None:
            options["record"], options["force"] = save.record, save.force
        given = options.pop("rules", None)  # `resume --rules FILE`: the rules to continue under
        rules = save_rules(path, save, lang, given)
        check_players(path, save.players, rules, lang)
        try:
            session = cls(rules, rules_source(given) if given else save.rules, save.players, save.seed,
                          save.max_rounds, save.seats, save.forget, save.attention, **options)
        except MugginsError as exc:
            raise RecordError(f"{path}: " + record_problem(lang, "save_not_set_up", problem=one_line(exc, lang))) from None
        session.checked_bots = rules.digest == save.digest  # other rules: the bots might have chosen otherwise
        session._replay(save.moves, path)
        in_play = session._scores_in_play()
        session.calls = [in_play[k] for k in save.calls if k < len(in_play)]
        if session._windows():
            humans = session.humans
            session.notes = {note["seat"]: _Note(**{k: bool(note.get(k)) for k in ("claim", "call", "claimed", "called")})
                             for note in save.notes if note.get("seat") in humans}
            session.carried = [seat for seat in save.carried if seat in humans]
            if save.window in humans:  # their window opens again, as it would have gone on
                session._open_again(save.window, [seat for seat in save.windows if seat in humans])
        session.last_turn = None
        session.resumed_from = (Path(path), save)
        return session

    def _replay(self, moves: list[str], path: str | Path) -> None:
        state, game, lang = self.state, self.game, self.lang
        for number, text in enumerate(moves, 1):
            if state.is_terminal():
                raise RecordError(f"{path}: " + record_problem(lang, "after_end", number=number))
            actor = state.actor
            try:
                move = game.parse_move(text)
                if actor in self.bots:  # asked even when not checked: the bots' random state goes on in step
                    chosen = self.bots[actor].choose(state.view(actor), state.legal_moves())
                    if self.checked_bots and game.notation(chosen) != game.notation(move):
                        raise RecordError(f"{path}: " + record_problem(lang, "not_the_bots", number=number, text=text))
                turn = state.decision is None and self.rules.has_claims  # a window, or the coach's table
                before, start = (state.copy(), len(state.events)) if turn else (None, 0)
                state.play(move)
                if before is not None and self.coach:
                    self.left = self._as_played(before, move)
                elif before is not None:  # a turn: kept, should a window be open on it at the end
                    self.last_turn = (actor, before, move, self._closed(move, start, before.round))
            except RecordError:
                raise
            except Exception as exc:  # an illegal move, or a hostile save: never a traceback
                key = "illegal_move" if isinstance(exc, IllegalMoveError) else "unplayable"
                raise RecordError(f"{path}: " + record_problem(lang, key, number=number, text=text,
                                                               problem=one_line(exc, lang))) from None
            self.moves.append(text)
        self.shown = len(state.events)
        if state.is_terminal():  # a save of a game already over: how it ended is said again
            self.shown = max(k for k, event in enumerate(state.events) if isinstance(event, GameEnded))

    def _open_again(self, window: int, windows: list[int]) -> None:
        """On resume in a window: it opens again, and after a move that ended a round, with the
        round's end held back as it was when the game was saved (`_hold_round_end`), and the
        windows still to open on it after this one."""
        mover = None
        if self.last_turn is not None:
            mover, before, move, closed = self.last_turn
            self._hold_round_end(mover, self._as_played(before, move), closed)
        if self.held is not None:
            self.shown = len(self.held.events)
        self.waiting = window if window == mover else None
        self.windows = ([] if self.waiting is not None else [window]) + windows

    def autosave_path(self) -> Path:
        """The first free `muggins-RULES-SEED[-N].save.json` in the current folder."""
        return fresh_name(Path(), self._autosave_base(), ".save.json")

    # -- running ---------------------------------------------------------------------------------

    def print(self, text: str = "") -> None:
        self.stdout.write((ascii_cards(text, self.lang) if self.ascii else text) + "\n")
        self.stdout.flush()

    def run(self, resumed: bool = False) -> int:
        """Play to the end; returns the exit code: 0, or after saving the game, 130 on a stop
        (quit, end of input, Ctrl-C), 143 or 129 on SIGTERM or a closed terminal (SIGHUP), and 1
        on a failure inside the game (a terminal that fails to read or write included)."""
        try:
            self._play(resumed)
        except (Exception, KeyboardInterrupt) as exc:
            stop: BaseException = exc
        else:
            return 0
        status: int | None = None
        while status is None:
            try:
                status = self._stopped(stop)
            except KeyboardInterrupt as late:  # a signal that came before the others were held
                stop = late
        return status

    def _play(self, resumed: bool) -> None:
        ui, lang = self.ui, self.lang
        if resumed:
            self.print(ui["resumed"].format(moves=count(len(self.moves), "move", lang)))
        else:
            seats = ", ".join(ui["seats"].format(player=player_name(i, lang), kind=ui.get(f"kind:{kind}", kind))
                              for i, kind in enumerate(self.seats))
            title_in = getattr(self.rules, "title_in", None)  # a rule file's own words, where it has them
            title = title_in(lang) if callable(title_in) else self.rules.title
            self.print(ui["title"].format(title=title, name=self.rules.name, seed=self.seed, seats=seats))
        self._show_events()
        while not self.state.is_terminal() or self.held is not None:
            window = self._window_due()
            if window is not None:
                self._wait(window)
                continue
            if self.held is not None:  # nobody's window on it (left open): the round's end is shown
                self.held = None
                self._show_events()
                continue
            state = self.state
            if state.decision is None and self.notes:  # a turn comes: what the windows asked is settled
                self._settle_notes()
            actor = state.actor
            if actor in self.bots:
                if self.humans and self.delay > 0:
                    time.sleep(self.delay)
                move = self.bots[actor].choose(state.view(actor), state.legal_moves())
                if state.decision is None:
                    self._play_move(actor, move)
                else:
                    self._apply(move)
            else:
                self._person(actor)
        if self.notes:
            self._settle_notes()

    def _window_due(self) -> int | None:
        """The person whose window opens now: the mover's, as the next player is about to act (or at
        once, before the others' windows), then each other person's (`_hold_round_end`, `_open_windows`)."""
        waiting, state = self.waiting, self.state
        if waiting is not None and (self.held is not None or self.windows
                                    or (state.decision is None and state.actor != waiting)):
            return waiting
        return self.windows[0] if self.windows else None

    def _stopped(self, stop: BaseException) -> int:
        """Keep the game after `stop`, with Ctrl-C, SIGTERM and SIGHUP held until it is kept: a
        closing terminal fails its reads and then sends SIGHUP, which must not cut the save
        short (nor start a second one: a game is kept once). What is said about it comes after,
        with the signals let go: a terminal whose output is stopped can still be stopped itself."""
        with HeldSignals() as held:
            status, report = self._end(stop)
        report()
        if held.statuses or isinstance(stop, KeyboardInterrupt):  # Ctrl-C or a signal: said as any command says it
            status = held.statuses[-1] if held.statuses else status
            self._tell(sys.stderr, stopped_line(status, self.lang))
        return status

    def _end(self, stop: BaseException) -> tuple[int, Callable[[], None]]:
        """The exit status, and what to say, once the game is kept (saved, unless nobody could resume it)."""
        status = _status(stop)
        if self.kept:
            return status, _nothing
        self.kept = True
        if not self.humans and status in (1, 141):
            # a bots' game: nobody to resume it (its reader went away, or resuming fails alike)
            if status == 1:
                message = f"muggins: {self.ui['failed'].format(error=one_line(stop, self.lang))}"
                return status, lambda: self._tell(sys.stderr, message)
            return status, _nothing
        failure = stop if status == 1 else None
        resumed = self._unchanged()
        if resumed is not None:  # no second copy of it
            return status, lambda: self._report_unchanged(failure, resumed)
        saved = self.autosave()
        return status, lambda: self._report_kept(failure, *saved)

    def _unchanged(self) -> Path | None:
        """The save it was resumed from, when the game would be saved as it says and its file still
        says so (a game that stops again where it was saved, on a rule that still fails, or at once)."""
        if self.resumed_from is None or self.to_save() != self.resumed_from[1]:
            return None
        return self._resumed_file()

    def _resumed_file(self) -> Path | None:
        """The save this session was resumed from, while it still holds the game as it was read
        then; None when there is none (gone, or changed since by another session or by hand: the
        game is saved afresh)."""
        if self.resumed_from is None:
            return None
        path, save = self.resumed_from
        try:
            return path if read_save(path, self.lang) == save else None
        except (MugginsError, OSError):
            return None

    def _report_unchanged(self, failure: BaseException | None, resumed: Path) -> None:
        """Say that the save it was resumed from still holds the game (after a rule that failed, in
        one line, with how to go on once it is fixed)."""
        path = visible(shlex.quote(str(_near(resumed))))
        try:
            if isinstance(failure, RuleError):
                self.print(self.ui["unchanged_rule"].format(error=one_line(failure, self.lang), path=path,
                                                            rules=visible(shlex.quote(self.rules_source))))
                return
            if failure is not None:
                self.print(self.ui["failed"].format(error=one_line(failure, self.lang)))
            self.print(self.ui["unchanged"].format(path=path))
            self.print(self.ui["resume_hint"].format(path=path))
        except (OSError, ValueError):  # the terminal itself is gone: the game is saved all the same
            mute(self.stdout)

    def _tell(self, stream: TextIO, text: str) -> None:
        """Print, unless the terminal is gone: then say nothing, and let nothing wait to be written."""
        try:
            stream.write(text + "\n")
            stream.flush()
        except (OSError, ValueError):
            mute(stream)

    def _apply(self, move: Any) -> None:
        """Play a move (checked), record it in the game's notation and show what followed. Where
        the calls come at once (`muggins.window: immediate`), a claim's answer closes the scorer's
        window: the windows on it open (`_open_windows`), unless a round's end holds them."""
        decision = self.state.decision
        self.state.play(move)
        self.moves.append(self.game.notation(move))
        if (decision is not None and decision.kind == "claim" and self.rules.muggins.window == "immediate"
                and self._windows() and self.held is None and self.state.stealable(decision.score)):
            self._open_windows([decision.score.player], None)
        self._show_events()

    def _report_kept(self, failure: BaseException | None, path: Path | None, text: str,
                     failures: list[tuple[Path, BaseException]]) -> None:
        """Say why the game stopped and where it was saved; nothing when the terminal is gone."""
        try:
            self.print()
            fixed = isinstance(failure, RuleError)  # the rule file must change before the game can go on
            if failure is not None:
                self.print(self.ui["failed_rule" if fixed else "failed"].format(error=one_line(failure, self.lang)))
            self._report_save(path, text, failures, fixed)
        except (OSError, ValueError):  # the terminal itself is gone: the game is saved all the same
            mute(self.stdout)

    def _show_events(self) -> None:
        """Say what happened since the last time, up to a round's end held back (`_hold_round_end`)."""
        events = self.state.events
        target = self.game.target
        end = len(events) if self.held is None else min(len(events), len(self.held.events))
        for event in events[self.shown:end]:
            if isinstance(event, _QUIET_EVENTS) and self.humans and not self.coach:
                continue
            line = describe(self.rules, event, self.lang, target, self.notation, self.viewer)
            if line:
                self.print(line)
            explanation = self.family.explain_event(self.state, event, self.lang) if self.explain else None
            if explanation:
                self.print("    " + explanation)
        self.shown = max(self.shown, end)

    # -- a person's turn, claims and calls -------------------------------------------------------

    def _person(self, player: int) -> None:
        """The person at `player` decides next: a turn, or a claim or call of theirs that is due.
        With the coach, every claim and call is asked as such; without it, nothing says that one
        is due: a claim waits for the person's next answer (the window after their move, or their
        turn), a call is made only if they typed muggins, and anything else lets it pass."""
        state = self.state
        decision = state.decision
        if decision is None:
            self.waiting = None
            if player in self.carried and MUGGINS in self.state.legal_moves():  # a call in their window that
                self._hand_over(player)  # took nothing: made on the first turn of theirs that allows one,
                self.carried.remove(player)  # once they have the terminal (a stop there keeps it carried)
                self._apply(MUGGINS)
                return
            if self.typed is not None:  # the move typed while a claim or call of theirs was due
                move, self.typed = self.typed, None
                try:
                    self._play_turn(player, move)
                    return
                except IllegalMoveError as exc:
                    self.print(self.ui["refused"].format(reason=reason(exc, self.lang)))
            self._ask(player)
            return
        if self.typed is not None or (player in self.notes and self.waiting != player):
            self._answer_due(player)  # as they asked: in their window, or with the move typed ahead
        elif decision.kind == "muggins" and self._called(decision.score):
            self._apply(MUGGINS)  # typed ahead: made as the window closes; a claim of theirs still waits
        elif self.coach:
            self._ask(player)
        elif self._turn_is_next(player):
            self.waiting = None
            self._ask(player)
        else:  # a claim, or a call in the window after their own move (any other call's window came first)
            self._wait(player)

    def _after_turn(self, player: int) -> None:
        """After a person's own move in a game with claims, their window stays open until the
        next player acts (without the coach: with the coach, claims are asked)."""
        if self._windows() and not self.state.is_terminal():
            self.waiting = player

    def _windows(self) -> bool:
        """Whether a person gets a window after their own move: claims are theirs to make."""
        return self.rules.has_claims and not self.coach

    def _play_turn(self, player: int, move: Any) -> None:
        """The person's own move, and the window after it (`_play_move`)."""
        self._play_move(player, move)
        self._after_turn(player)

    def _play_move(self, mover: int, move: Any) -> None:
        """A turn's move (checked), recorded and shown; at a round's end, up to the move only, the
        round's end held back for the windows on it (`_hold_round_end`); otherwise the windows on
        the scores whose window it closed open (`_open_windows`)."""
        before = self.state.copy() if self.rules.has_claims else None  # a window, or the coach's table
        start = len(self.state.events)
        self.state.play(move)
        self.moves.append(self.game.notation(move))
        if before is not None and self.coach:
            self.left = self._as_played(before, move)
        elif before is not None:
            closed = self._closed(move, start, before.round)
            if not self._hold_round_end(mover, self._as_played(before, move), closed):
                self._open_windows(closed, mover)
        self._show_events()

    def _closed(self, move: Any, start: int, round_number: int) -> list[int]:
        """The scorers whose window the turn's move whose events begin at `start`, in round
        `round_number`, closed (C7: the scorer may claim until the next player acts): those of the
        scores earned to be claimed since the previous turn's move in the same round, claimed or
        not, that Muggins could take (a round's end closed the windows before it). A call on one's
        own turn closes none: the turn goes on."""
        if move == MUGGINS:
            return []
        (since, since_round), self.since = self.since, (start, round_number)
        if self.rules.muggins.window != "next_action" or since_round != round_number:
            return []
        state = self.state
        return [event.score.player for event in state.events[since:start]
                if isinstance(event, T.ScoreEarned) and state.stealable(event.score)]

    def _callers(self, table: Any, scorers: list[int], mover: int | None) -> list[int]:
        """The people but `mover` who could call Muggins on the points of `scorers`, in the order the
        calls go (the table's `callers`), each once."""
        found: list[int] = []
        for scorer in scorers:
            found += [seat for seat in table.callers(scorer) if seat in self.humans and seat != mover
                      and seat not in found]
        return found

    def _open_windows(self, scorers: list[int], mover: int | None) -> None:
        """A scorer's window closed: each person who could call on their points gets a window, after
        the mover's own and before the next player acts, but the one whose turn is next (its prompt
        is their window). It opens on what the table showed (a score to be claimed), claimed or not,
        so it tells nothing; a call there is made as the calls come due (`_answer_due`)."""
        self.windows += [seat for seat in self._callers(self.state, scorers, mover)
                         if seat not in self.windows and not self._turn_is_next(seat)]

    @staticmethod
    def _as_played(before: Any, move: Any) -> Any:
        """`before` (a copy of the game as the person was to move) with `move` played and nothing
        after it: the table as the move left it. A course runs its automatic steps (a pile's or a
        round's end, the next deal) only once no decision is due (engine/table.py), so a decision
        held open on the copy stops it right after the move: in a game with claims, the only games
        whose course reads its queue (a game without them never has anything waiting)."""
        player = before.actor
        before.queue.append(T.Decision(player, "claim", T.PendingScore(player, 0, "held", False)))
        before.apply(move)
        return before

    def _hold_round_end(self, mover: int, table: Any, closed: list[int]) -> bool:
        """When the round `table` was played in ends before anyone's next turn, its end, settlement
        and next deal are held back: the windows open first, on `table`, and they are shown once
        they close: the mover's, if a person, then that of each other person who could call
        Muggins on the points of the scorers whose window the move `closed`, or on the mover's
        (C7: the round's end closes the mover's window), in the call order. They open at every
        round's end, whether or not anything is due, so they tell nothing. False when the round
        goes on."""
        if table.is_terminal():
            return True
        if not self._round_over(table.round):
            return False
        windows = self._callers(table, [*closed, mover], mover) if self.rules.muggins.enabled else []
        if mover in self.humans or windows:
            self.held, self.windows = table, windows
            self.waiting = mover if mover in self.humans else None
        return True

    def _round_over(self, round_number: int) -> bool:
        """Whether round `round_number` is over for the people at the table: its end is held back,
        or comes before anyone's next turn once what is due now lets its score pass."""
        if self.held is not None:
            return True
        ahead = self._ahead()
        return ahead.is_terminal() or ahead.round != round_number

    def _ahead(self) -> Any:
        """The state as it will be once every claim and call due now lets its score pass: whose
        turn comes next, and its moves (a copy: the game itself is not touched)."""
        if self.state.decision is None:
            return self.state
        ahead = self.state.copy()
        while ahead.decision is not None and not ahead.is_terminal():
            ahead.apply(DECLINE)
        return ahead

    def _turn_is_next(self, player: int) -> bool:
        """Whether `player`'s own turn, in this round, comes before anyone else acts (everyone else
        said go): their turn's prompt is then their window. Never when the round ends first."""
        return not self._round_over(self.state.round) and self._ahead().actor == player

    def _turn_moves(self) -> list[Any]:
        """The moves of the turn, as if every claim and call due before it let its score pass."""
        ahead = self._ahead()
        return [] if ahead.is_terminal() else list(ahead.legal_moves())

    def _mine(self, player: int, kind: str) -> bool:
        decision = self.state.decision
        return decision is not None and decision.actor == player and decision.kind == kind

    def _claim(self, player: int) -> bool:
        """`claim` typed: claim every score of theirs that is due now (a call of theirs due before it,
        as `win.simultaneous: earlier_score` orders them, is answered first: made if they called);
        False (and the reason) if none is due."""
        if not self._claim_due(player):
            key = "nothing_to_claim" if self.coach else "nothing_to_claim_now"
            self.print(self.ui["refused"].format(reason=reason(illegal(key), self.lang)))
            return False
        while self._claim_due(player):
            decision = self.state.decision
            self._apply(CLAIM if decision is not None and decision.kind == "claim" else self._asked(player))
        return True

    def _claim_due(self, player: int) -> bool:
        """Whether a claim of `player`'s is among the decisions of theirs that head the queue."""
        for item in self.state.queue:
            if item.actor != player:
                return False
            if item.kind == "claim":
                return True
        return False

    def _asked(self, player: int) -> Any:
        """The answer to `player`'s decision due now, from what they asked: a claim if they typed
        claim in their window, a call if they typed muggins there (or ahead, on that score),
        anything else passes."""
        decision, note = self.state.decision, self.notes.get(player)
        if decision is None:
            return DECLINE
        if decision.kind == "claim":
            if note is not None and note.claim:
                note.claimed = True
                return CLAIM
            return DECLINE
        if (note is not None and note.call) or self._called(decision.score):
            if note is not None:
                note.called = True
            return MUGGINS
        return DECLINE

    def _answer_due(self, player: int) -> None:
        """Answer every decision of `player`'s at the head of the queue from what they asked
        (`_asked`), those that come due as they are answered included (the "last" claim that
        follows a call at a round's end, C6)."""
        state = self.state
        while state.decision is not None and state.decision.actor == player and not state.is_terminal():
            self._apply(self._asked(player))

    def _settle_notes(self) -> None:
        """As the next turn comes: what a person asked in a window and found nothing to apply to
        is said, once (a call, with `muggins.false_call`, is made on their turn, at its cost)."""
        ui = self.ui
        for seat, note in sorted(self.notes.items()):
            said = []
            if note.claim and not note.claimed:
                said.append(ui["claim_void"])
            if note.call and not note.called:
                false_call = self.rules.muggins.false_call
                if false_call is not None:
                    if seat not in self.carried:  # one call stands, made once on their turn (as `_call` keeps it)
                        self.carried.append(seat)
                    said.append(ui["call_carried"].format(points=false_call))
                else:
                    said.append(ui["call_void"])
            for text in said:
                self.print(f"{player_name(seat, self.lang)}: {text}" if len(self.humans) > 1 else text)
        self.notes.clear()

    def _called(self, score: Any) -> bool:
        return any(called is score for called in self.calls)

    def _call(self, player: int) -> bool:
        """`muggins` typed at the person's prompt (not in a window): a call of theirs that is due
        (its window has closed) is made now, whether the coach asked it or it waited behind their
        turn's prompt, so that a game resumed there makes it as the uninterrupted game did; on
        their turn, a call the rules let them make there (a false call costs points).
        Otherwise the call stands on the score it can be on, made as its window closes, never
        before their own claims, which it does not waive (C7); with `muggins.false_call` one with
        nothing to take stands too and is made on their turn, at its cost (no free probe). False
        (and the reason) when nothing is called now."""
        state, ui = self.state, self.ui
        if self._mine(player, "muggins"):
            self._apply(MUGGINS)
            return True
        if state.decision is None and MUGGINS in state.legal_moves():
            self._apply(MUGGINS)
            self._after_turn(player)
            return True
        # each call stands on the next score it can be on: one already due to them, then one whose
        # window is still open (two unclaimed scores in a row take two calls)
        callable_scores = [item.score for item in state.queue if item.actor == player and item.kind == "muggins"]
        callable_scores += state.open_to(player)
        score = next((score for score in callable_scores if not self._called(score)),
                     callable_scores[-1] if callable_scores else None)
        false_call = self.rules.muggins.false_call
        if score is None and false_call is not None:  # no free probe: made on their turn, at its cost
            if player not in self.carried:
                self.carried.append(player)
            key = "call_on_turn" if state.decision is not None else "call_next_turn"  # now: a drawn tile to place
            self.print(ui[key].format(points=false_call))
            return False
        if score is None:
            self.print(ui["refused"].format(reason=reason(illegal("nothing_to_take"), self.lang)))
            return False
        if not self._called(score):
            self.calls.append(score)
        self.print(ui["muggins_noted"].format(scorer=player_name(score.player, self.lang)))
        return False

    def _wait(self, player: int) -> None:
        """A person's window: after their own move (or a claim of theirs that came due on another
        player's move), on a round's end after another player's move (`_hold_round_end`), or as
        an opponent's window closes on a score to be claimed (`_open_windows`). A
        neutral prompt, and answers that never depend on what is due: `claim` and `muggins` are
        noted ("stands") and the window stays open until Enter; as it closes, the decisions of
        theirs due are answered from what they asked, in the engine's order (`_answer_due`); what
        found nothing is said as the next turn comes (`_settle_notes`). Anything else is answered
        and the window stays open."""
        if self.waiting == player:
            self.waiting = None
        elif self.windows[:1] == [player]:
            self.windows.pop(0)
        self.answering = player  # stays set if the game stops here: a save opens the window again
        note = self.notes.setdefault(player, _Note())
        self._answer_window(player, note)
        self.answering = None
        self._answer_due(player)
        if self.held is not None and self.waiting is None and not self.windows:  # the round's end: shown now
            self.held = None
            self._show_events()

    def _answer_window(self, player: int, note: _Note) -> None:
        self._hand_over(player)  # another person's window: the screen still shows the last hand
        ui = self.ui
        while self.held is not None or not self.state.is_terminal():
            self.stdout.write(ui["wait_prompt"].format(player=player_name(player, self.lang)))
            self.stdout.flush()
            text = self._read_answer()
            if text is None or self._command(text, player):
                continue
            word = " ".join(text.lower().split())
            if word in _CLAIM_WORDS:
                note.claim = True
                self.print(ui["claim_stands"])
            elif word in _MUGGINS_WORDS:
                note.call = True
                self.print(ui["call_stands"])
            elif text:
                # a typo or a move ahead of the turn: said as such, and the window stays open
                self._not_now(text)
            else:
                break

    def _not_now(self, text: str) -> None:
        """Why `text`, typed in the window after the person's own move, is not taken: a move waits
        for its turn, anything else is not understood."""
        ui, lang = self.ui, self.lang
        try:
            self.game.parse_move(text, lang)
        except Exception as exc:  # whatever the text, the answer is that it is not a move
            why = reason(exc, lang) if isinstance(exc, IllegalMoveError) else ui["not_understood"]
            self.print(ui["unknown"].format(text=_shown(text), reason=why))
            return
        if self._round_over(self.state.round):
            self.print(ui["round_over"])
        else:
            self.print(ui["not_your_turn"].format(player=player_name(int(self._ahead().actor), lang)))

    def _command(self, text: str, player: int) -> bool:
        """Answer a command (help, why, rules, hand, save, quit) in either language; False if `text` is none."""
        lang = self.lang
        command = _command(text) if text else None
        words = text.split(maxsplit=1)
        if command == "help":
            self._help()
        elif command == "why":
            self.print(self._why())
        elif command == "rules":
            for line_text in summarize_rules(self.rules, lang):
                self.print(line_text)
        elif command == "hand":
            self._show_table(player)
        elif command == "quit":
            raise _Stop
        elif words and words[0].lower() in _SAVE_WORDS:
            self._save_command(words[1].strip() if len(words) > 1 else "")
        else:
            return False
        return True

    def _help(self) -> None:
        """The moves and commands of this game only: `claim` where a score can wait for a claim,
        `muggins` where a call can be made (an unclaimed score to take, or a false call to pay),
        read from the rules, so a variant's help is right as its summary is."""
        ui, rules = self.ui, self.rules
        calls = (rules.has_claims and rules.muggins.enabled) or rules.muggins.false_call is not None
        words = [word for word, offered in (("word_claim", rules.has_claims), ("word_muggins", calls)) if offered]
        self.print(ui["help"].format(examples=", ".join([self.family.move_examples(rules, self.lang)]
                                                        + [ui[word] for word in words])))
        if rules.has_claims:
            self.print(ui["help_claims" if rules.muggins.enabled else "help_claims_only"])
            if not self.coach:
                self.print(ui["help_coach" if rules.muggins.enabled else "help_coach_claims"])

    def _why(self) -> str:
        """The last score added explained, whatever its reason: a play's (from the family's
        diagram or card), a Muggins call's (what it took, and why that scored) or a false call's
        cost, a settlement's; never a play whose points were not added. With the coach, the
        points earned since that were not added are said too: left unclaimed, or waiting for a
        claim (without it, `why` never tells of points still waiting for a claim)."""
        state = self.held if self.held is not None else self.state  # what has been shown
        events = state.events
        at = next((i for i in range(len(events) - 1, -1, -1)
                   if isinstance(events[i], Scored) and events[i].points), None)
        said = [self.ui["nothing_why"] if at is None else self._why_scored(state, events[:at + 1])]
        if self.coach:
            said += self._not_added(state, events[0 if at is None else at + 1:])
        return " ".join(said)

    def _why_scored(self, state: Any, events: list[Any]) -> str:
        """The score that ends `events` (the last one added) explained."""
        event, ui, lang = events[-1], self.ui, self.lang
        if event.reason == MUGGINS_REASON:
            return self._why_stolen(state, events[:-1])
        if event.reason == FALSE_CALL_REASON:
            return ui["why_false_call"].format(player=player_name(event.player, lang), points=-event.points)
        explained = explain_last_score(self.rules, _Events(state, events), lang)
        return explained or ui["why_scored"].format(player=player_name(event.player, lang), points=event.points,
                                                    reason=reason_name(event.reason, lang, self.rules))

    def _not_added(self, state: Any, events: list[Any]) -> list[str]:
        """The coach's word on points earned after the last score added that were not added: those
        `events` say went unclaimed, and those still waiting for a claim."""
        unclaimed = [("why_unclaimed", event.score) for event in events if isinstance(event, T.NotClaimed)]
        waiting = [("why_waiting", item.score) for item in state.queue if item.kind == "claim"]
        lang = self.lang
        return [self.ui[key].format(player=player_name(score.player, lang), points=score.points,
                                    reason=reason_name(score.reason, lang, self.rules))
                for key, score in unclaimed + waiting]

    def _why_stolen(self, state: Any, events: list[Any]) -> str:
        """A Muggins call's score: who took whose points, and why those points had scored."""
        stolen = next(event for event in reversed(events) if isinstance(event, T.Stolen))
        score, lang = stolen.score, self.lang
        text = self.ui["why_stolen"].format(by=player_name(stolen.by, lang), player=player_name(score.player, lang),
                                            points=score.points, reason=reason_name(score.reason, lang, self.rules))
        earned = next((i for i in range(len(events) - 1, -1, -1)
                       if isinstance(events[i], T.ScoreEarned) and events[i].score is score), None)
        scored = None if earned is None else explain_last_score(self.rules, _Events(state, events[:earned + 1]), lang)
        return f"{text} {scored}" if scored else text

    def _ask(self, player: int) -> None:
        """Ask the person for their move (or, with the coach, their claim or call) until one is made."""
        self._show_table(player)
        state, ui, lang = self.state, self.ui, self.lang
        while True:
            self.stdout.write(ui["prompt"].format(player=player_name(player, lang)))
            self.stdout.flush()
            text = self._read_answer()
            if text is None:
                continue
            decision = state.decision
            asked = decision is not None and (self.coach or not self._turn_is_next(player))  # the claim or call itself
            legal = list(state.legal_moves()) if asked else self._turn_moves()
            word = " ".join(text.lower().split())
            if not text:
                if asked:
                    self._apply(DECLINE)
                    return
                self.print(ui["empty"])
                continue
            if self._command(text, player):
                continue
            if word in _CLAIM_WORDS:
                if self._claim(player):
                    return
                continue
            if word in _MUGGINS_WORDS:
                if self._call(player):
                    return
                continue
            move = self._typed_move(text, legal)
            if move is None:
                continue
            if decision is not None and not asked:
                # their turn comes once the claims and calls due before it are answered: this move
                # lets theirs pass, and is played when the turn is theirs
                if move not in legal:
                    self.print(ui["refused"].format(reason=reason(self._why_refused(move), lang)))
                    continue
                self.typed = move
                self._answer_due(player)
                return
            try:
                if decision is None:
                    self._play_turn(player, move)
                else:
                    self._apply(move)
            except IllegalMoveError as exc:
                self.print(ui["refused"].format(reason=reason(exc, lang)))
                continue
            return

    def _asking(self, decision: T.Decision) -> str:
        """The coach's question for a claim or call: the points and their entry (in the rule file's
        words), and, when the target would void or cap them (`win.overshoot`), what would count."""
        score, lang = decision.score, self.lang
        counted = self._would_add(decision)
        key = decision.kind if counted == score.points else f"{decision.kind}:{'void' if counted <= 0 else 'capped'}"
        if score.points == 1 and f"{key}:one" in self.ui:  # one point is "it" (capped, one would count: never asked)
            key += ":one"
        return self.ui[key].format(points=score.points, reason=reason_name(score.reason, lang, self.rules),
                                   scorer=player_name(score.player, lang), counted=counted)

    def _would_add(self, decision: T.Decision) -> int:
        """The points answering `decision` with a claim or call would add to its actor's score, as
        the table adds them: made on a copy of the game, the engine's scoring decides."""
        table = self.state.copy()
        start = len(table.events)
        table.apply(CLAIM if decision.kind == "claim" else MUGGINS)
        reason = decision.score.reason if decision.kind == "claim" else MUGGINS_REASON  # its own score, not
        for event in table.events[start:]:  # one the automatic steps after it add (a round's settlement)
            if isinstance(event, (Scored, T.Overshot)) and event.player == decision.actor and event.reason == reason:
                return event.points if isinstance(event, Scored) else 0
        return 0  # capped at a target already reached: nothing added

    def _typed_move(self, text: str, legal: list[Any]) -> Any | None:
        """The move a number or a text names, or None once the person is told why it names none
        (a move is never None)."""
        ui, lang = self.ui, self.lang
        if text.isdecimal():  # only decimal digits: `²` and `①` are digits but no number
            if len(text) > MAX_NUMBER or not 1 <= int(text) <= len(legal):
                key = "not_a_number" if len(legal) > 1 else "not_a_number_one"
                self.print(ui[key].format(n=_shown(text, 12), count=len(legal)))
                return None
            return legal[int(text) - 1]
        try:
            return self.game.parse_move(text, lang)  # a typed card's suit letter in the person's language
        except IllegalMoveError as exc:
            self.print(ui["unknown"].format(text=_shown(text), reason=reason(exc, lang)))
        except Exception:  # whatever the text, the answer is that it is not a move
            self.print(ui["unknown"].format(text=_shown(text), reason=ui["not_understood"]))
        return None

    def _why_refused(self, move: Any) -> IllegalMoveError:
        """Why a move typed ahead of the turn is refused, as the turn itself would say it."""
        ahead = self._ahead()
        if ahead is self.state:
            ahead = self.state.copy()
        try:
            ahead.play(move)
        except IllegalMoveError as exc:
            return exc
        return illegal(self.game.NOT_A_MOVE, text=str(move))

    def _read_answer(self) -> str | None:
        """One answer, stripped; None when it was refused (and the reason given). Raises
        EOFError at the end of input. A line longer than MAX_LINE is read to its end, not kept."""
        try:
            line = self.stdin.readline(MAX_LINE + 1)
        except UnicodeDecodeError:
            self.print(self.ui["unreadable"])
            return None
        if not line:
            raise EOFError
        if len(line) > MAX_LINE and not line.endswith("\n"):
            while True:  # the rest of the line, in pieces, so memory stays bounded
                try:
                    rest = self.stdin.readline(1 << 16)
                except UnicodeDecodeError:
                    continue
                if not rest or rest.endswith("\n"):
                    break
            self.print(self.ui["too_long"].format(limit=MAX_LINE))
            return None
        if len(line.rstrip("\n")) > MAX_LINE:
            self.print(self.ui["too_long"].format(limit=MAX_LINE))
            return None
        return line.strip()

    def _save_command(self, argument: str) -> None:
        """`save`, `save FILE` or `save FILE force`: where the game went, or why it did not."""
        ui = self.ui
        if not argument:
            path, text, failures = self.autosave()
            self._report_save(path, text, failures)
            return
        argument, force = _save_target(argument)
        try:
            target = Path(argument).expanduser()
        except RuntimeError:  # no home folder to expand ~ to
            target = Path(argument)
        try:
            self.print(ui["saved"].format(path=visible(self.save(target, force))))
        except NotPlainFile:
            self.print(ui["refused"].format(reason=file_words(self.lang)["not_regular"].format(path=visible(target))))
        except FileExistsError:
            self.print(ui["refused"].format(reason=file_words(self.lang)["exists_save"].format(path=visible(target))))
        except (OSError, ValueError) as exc:
            self.print(ui["not_saved_at"].format(path=visible(target), reason=write_reason(exc, self.lang)))

    def _hand_over(self, player: int) -> None:
        """Before `player`'s hand or window is shown with several people at the terminal, and
        someone else may be at it: the terminal is passed to them, and on a real terminal the
        screen and its scrollback are cleared, so no hand is left for the next person to read
        (domino text: each hand private until the round is settled), and nobody answers another's
        window. End of input, Ctrl-C, `save`, `quit`,
        `help` work here as at any prompt; nothing else goes on but Enter."""
        if len(self.humans) < 2 or self.at_keyboard == player:
            return
        ui, name = self.ui, player_name(player, self.lang)
        while True:
            self.stdout.write(ui["hand_over"].format(player=name))
            self.stdout.flush()
            text = self._read_answer()
            if text == "":
                break
            if text is not None and _command(text) != "hand" and self._command(text, player):
                continue
            if text is not None:
                self.print(ui["hand_over_again"].format(player=name))
        if self.stdout.isatty():
            self.stdout.write(_CLEAR)
            self.stdout.flush()
        self.at_keyboard = player

    def _show_table(self, player: int) -> None:
        """The table as `player` sees it, and their moves when the turn is theirs; with a round's
        end held back (`_hold_round_end`), the finished round's table, with no moves. With several
        people, only once `player` has the terminal (`_hand_over`)."""
        self._hand_over(player)
        ui, lang, family = self.ui, self.lang, self.family
        table = self.held if self.held is not None else self.state
        view = table.view(player)
        self.print(ui["table"].format(round=table.round, target=self.game.target,
                                      stock_name=family.stock_name(lang), stock=family.stock_size(table)))
        names = [player_name(i, lang) + (f" ({ui['you']})" if i == player else "") for i in range(self.players)]
        self.print(ui["scores"].format(scores=", ".join(f"{n} {s}" for n, s in zip(names, view.scores))))
        decision = self.state.decision
        asked = self.coach and decision is not None and decision.actor == player
        left = self.left.view(player) if asked and self.left is not None else view  # the pile a move closed
        for text in family.show_table(self.rules, left, lang):
            self.print(text)
        hand = family.hand_text(self.rules, view)
        self.print(ui["hand"].format(player=player_name(player, lang), hand=hand))
        if asked and decision is not None:
            self.print(self._asking(decision))
        if self.coach and not asked:
            hint = family.coach_hint(self.rules, view, lang)
            if hint:
                self.print(hint)
        # the moves are shown only when they are this person's: their turn, or (with the coach) the
        # claim or call asked; never another player's (their hand's cards), never a claim's reminder
        if asked:
            legal = list(self.state.legal_moves())
        elif self._turn_is_next(player):
            legal = self._turn_moves()
        else:
            return
        self.print(ui["moves"].format(moves="  ".join(f"{i}) {self._move_text(m, player, asked)}"
                                                      for i, m in enumerate(legal, 1))))

    def _move_text(self, move: Any, player: int, asked: bool) -> str:
        """A move as listed; with the coach, a call on one's turn with nothing unclaimed says its cost
        (a false call, `muggins.false_call`): without it, nothing tells whether anything is."""
        text = self.game.notation(move, self.lang)
        if not self.coach or asked or move != MUGGINS or self._ahead().open_to(player):
            return text
        return self.ui["false_call_move"].format(move=text, points=self.rules.muggins.false_call)
