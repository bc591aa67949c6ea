"""Nothing lost, no traceback: hostile answers at the terminal, failures during a game, files
written safely (atomic, never over a file unless asked, checked before the game), and saves and
records checked against their schemas before they are used."""
from __future__ import annotations

import errno
import io
import json
import math
import os
import re
import shlex
import sys
from pathlib import Path

import pytest

from muggins import files
from muggins.bots import BOTS
from muggins.cli import main
from muggins.errors import RecordError
from muggins.loader import load_rules
from muggins.records import _checksum, read_save, record_schema, save_schema
from muggins.terminal import MAX_LINE, Session

SCHEMA_DIR = Path(__file__).parent.parent / "interpreter" / "muggins" / "schema"


def table(lines, name="domino-muggins", seats=("human", "greedy"), seed=1, **kwargs):
    """A session whose person types `lines` (a list of answers, or the whole input as a string)."""
    text = lines if isinstance(lines, str) else "".join(line + "\n" for line in lines)
    out = io.StringIO()
    s = Session(load_rules(name), name, len(seats), seed, 50, list(seats), stdin=io.StringIO(text), stdout=out,
                **kwargs)
    return s, out


def prompts(text):
    return text.count("P1> ") + text.count("J1> ")


# -- any answer at any prompt: the reason, and asked again -------------------------------------

HOSTILE = {
    "²": "Not a move or a command: '²'",
    "①": "Not a move or a command: '①'",
    "9" * 5000: "There is no move 999999999...: choose 1 to",
    "9" * 4400 + "-1": "Not a move or a command: '99999999",       # past Python's int-string limit
    "12 right": "Not a move or a command: '12 right'",
    "٣٣٣٣٣٣٣": "There is no move",                                  # decimal digits, not ASCII
    "🂡 🂢 🂣": "Not a move or a command:",
    "\x00\x07\x1b[2J": "Not a move or a command: '\\x00\\x07\\x1b[2J'",
    "\u202e\ufffe\udcff": "Not a move or a command:",
    "save\x00": "Could not save to",
    "": "Type a move (its number or as written) or a command",
    "   \t ": "Type a move (its number or as written) or a command",
    "x" * 100_000: f"That line is too long (more than {MAX_LINE} characters)",
    "1" * (MAX_LINE + 1): "That line is too long",
}


@pytest.mark.parametrize("answer", list(HOSTILE), ids=lambda a: repr(a[:12]) + f"({len(a)})")
def test_a_hostile_answer_is_answered_with_the_reason_and_asked_again(answer, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    answer = answer.replace("save\x00", "save a\x00b")
    s, out = table([answer, "1"])
    assert s.run() == 130                                      # end of input after the move: saved
    text = out.getvalue()
    assert HOSTILE[answer.replace("save a\x00b", "save\x00")] in text
    assert prompts(text) >= 3                                  # asked again, and again after the move
    assert len(s.moves) >= 1 and "Game saved to" in text


def test_every_hostile_answer_in_one_game_then_quit(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    s, out = table(list(HOSTILE) + ["quit"])
    assert s.run() == 130
    assert prompts(out.getvalue()) == len(HOSTILE) + 1
    assert len(list(tmp_path.glob("*.save.json"))) == 1


def test_a_very_long_line_is_read_to_its_end_and_the_next_line_is_an_answer(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    s, out = table("y" * 300_000 + "\n1\nquit\n")
    assert s.run() == 130
    assert out.getvalue().count("too long") == 1 and len(s.moves) >= 1


def test_bytes_that_are_not_utf8_are_answered_not_raised(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    raw = io.TextIOWrapper(io.BytesIO(b"\xff\xfe\xc3\n1\n"), encoding="utf-8", errors="strict")
    out = io.StringIO()
    s = Session(load_rules("domino-muggins"), "domino-muggins", 2, 1, 50, ["human", "greedy"], stdin=raw, stdout=out)
    assert s.run() == 130
    text = out.getvalue()
    assert "not readable text" in text or "Not a move or a command" in text
    assert len(s.moves) >= 1


def test_hostile_answers_are_answered_in_spanish(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    s, out = table(["", "z" * (MAX_LINE + 10), "²", "save a\x00b"], lang="es")
    assert s.run() == 130
    text = out.getvalue()
    assert "Escribe una jugada (su número o tal cual) o una orden" in text
    assert "Esa línea es demasiado larga" in text
    assert "No es una jugada ni una orden: '²'" in text
    assert "No se pudo guardar en" in text and "Partida guardada en" in text


@pytest.mark.parametrize("delay", ["-1", "nan", "inf", "-inf", "1e300", "61"])
@pytest.mark.parametrize("command", ["play", "resume"])
def test_a_bad_delay_is_a_usage_error_in_one_line(delay, command, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    argv = (["play", "card-muggins", "--human", "1"] if command == "play" else ["resume", "some.save.json"])
    assert main(argv + [f"--delay={delay}"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("muggins: --delay is seconds between 0 and 60")
    assert not list(tmp_path.iterdir())


def test_a_bad_delay_is_refused_in_spanish(capsys):
    assert main(["play", "card-muggins", "--human", "1", "--delay", "-1", "--lang", "es"]) == 2
    assert capsys.readouterr().err.strip() == "muggins: --delay son segundos entre 0 y 60, no -1"


# -- a failure during a game keeps it ---------------------------------------------------------

def test_an_exception_inside_the_game_saves_it_and_says_where(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    s, out = table(["1"] * 200, seats=("human", "greedy"))
    bot = s.bots[1]
    calls = {"n": 0}
    choose = bot.choose

    def failing(view, legal):
        calls["n"] += 1
        if calls["n"] == 3:
            raise RuntimeError("boom")
        return choose(view, legal)

    monkeypatch.setattr(bot, "choose", failing)
    assert s.run() == 1
    text = out.getvalue()
    assert "The game stopped on an error: RuntimeError: boom." in text
    saved = list(tmp_path.glob("*.save.json"))
    assert len(saved) == 1 and f"Game saved to {saved[0].name}." in text
    again = Session.resume(saved[0], stdout=io.StringIO(), stdin=io.StringIO())
    assert again.moves == s.moves                              # continued exactly where it stopped


def test_a_failure_in_spanish_says_so_in_spanish(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    s, out = table(["1"] * 200, lang="es")
    monkeypatch.setattr(s.state, "legal_moves", lambda: (_ for _ in ()).throw(KeyError("x")))
    assert s.run() == 1
    text = out.getvalue()
    assert "La partida se detuvo por un error: KeyError: 'x'." in text and "Partida guardada en" in text


class _GoneTerminal(io.StringIO):
    """A terminal that fails with EIO from its `fail_at`-th write on, as a closed one does."""

    def __init__(self, fail_at: int):
        super().__init__()
        self.left = fail_at

    def write(self, text):
        self.left -= 1
        if self.left < 0:
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        return super().write(text)


def test_a_terminal_that_fails_to_write_during_play_keeps_the_game(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    s = Session(load_rules("domino-muggins"), "domino-muggins", 2, 1, 50, ["human", "greedy"],
                stdin=io.StringIO("1\n" * 200), stdout=_GoneTerminal(12))
    assert s.run() == 1                               # a failure inside the game, said nowhere
    saved = list(tmp_path.glob("*.save.json"))
    assert len(saved) == 1
    assert Session.resume(saved[0], stdout=io.StringIO(), stdin=io.StringIO()).moves == s.moves


def test_a_sighup_while_the_game_is_kept_waits_for_the_save(tmp_path, monkeypatch):
    import signal
    from muggins.errors import Terminated

    def closed(signum, frame):                        # as the console script handles SIGHUP
        raise Terminated(128 + signum)

    monkeypatch.chdir(tmp_path)
    previous = signal.signal(signal.SIGHUP, closed)
    s, out = table(["quit"])
    save = s.autosave

    def hung_up_while_saving():
        os.kill(os.getpid(), signal.SIGHUP)           # the terminal closes in the middle of the save
        return save()

    monkeypatch.setattr(s, "autosave", hung_up_while_saving)
    try:
        assert s.run() == 129
    finally:
        signal.signal(signal.SIGHUP, previous)
    assert len(list(tmp_path.glob("*.save.json"))) == 1 and "Game saved to" in out.getvalue()


def test_the_autosave_goes_to_the_first_place_that_can_be_written(tmp_path, monkeypatch):
    afile = tmp_path / "afile"
    afile.write_text("a regular file: nothing can be written under it, not even by root")
    home = tmp_path / "home"
    home.mkdir()
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")  # paths outside the current folder are shown whole
    monkeypatch.setattr("muggins.terminal.fallback_folders", lambda: [afile / "cwd", home])
    s, out = table(["1", "quit"])
    assert s.run() == 130
    text = out.getvalue()
    assert f"Could not save to {afile / 'cwd'} (a part of the path is not a folder)." in text
    saved = list(home.glob("*.save.json"))
    assert len(saved) == 1 and f"Game saved to {saved[0]}." in text
    assert f"Continue it with: muggins resume {saved[0]}" in text


def test_the_asked_path_comes_first_then_the_current_folder(tmp_path, monkeypatch):
    folder = tmp_path / "mine"
    folder.mkdir()
    asked = folder / "game.json"
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    state = {"n": 0}
    s, out = table([f"save {asked}", "1", "quit"])
    # the person's file, and later its folder, are taken away before the game stops
    real_read = s.stdin.readline

    def readline(*args):
        state["n"] += 1
        if state["n"] == 3:  # before "quit"
            asked.unlink()
            folder.rmdir()
            folder.write_text("now a file")
        return real_read(*args)

    s.stdin.readline = readline  # type: ignore[method-assign]
    assert s.run() == 130
    text = out.getvalue()
    assert f"Game saved to {asked}." in text                   # the explicit save
    assert f"Could not save to {asked}" in text                # the asked place fails at the end...
    saved = list(here.glob("*.save.json"))
    assert len(saved) == 1 and f"Game saved to {saved[0].name}." in text  # ...the current folder takes it


def test_the_autosave_brings_the_persons_own_save_up_to_date(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    asked = tmp_path / "game.json"
    s, out = table([f"save {asked}", "1", "1", "quit"])
    assert s.run() == 130
    assert json.loads(asked.read_text())["moves"] == s.moves
    assert not list(tmp_path.glob("*.save.json"))


def test_a_resumed_game_is_saved_back_to_the_file_it_was_resumed_from(tmp_path, monkeypatch):
    """README, Nothing lost at the table: one game, one file, however often it is saved and
    resumed; a save changed since it was resumed (another session went on with it) is never
    replaced: the game goes to a fresh name."""
    monkeypatch.chdir(tmp_path)
    first, _ = table(["1", "quit"])
    assert first.run() == 130
    [saved] = tmp_path.glob("*.save.json")
    again = Session.resume(saved, stdin=io.StringIO("1\n1\nsave\nquit\n"), stdout=io.StringIO())
    assert again.run() == 130
    assert list(tmp_path.glob("*.save.json")) == [saved]
    assert json.loads(saved.read_text())["moves"] == again.moves and len(again.moves) > len(first.moves)
    mine = Session.resume(saved, stdin=io.StringIO("1\nquit\n"), stdout=io.StringIO())
    other = Session.resume(saved, stdin=io.StringIO("1\n1\nquit\n"), stdout=io.StringIO())
    assert other.run() == 130 and mine.run() == 130
    assert json.loads(saved.read_text())["moves"] == other.moves
    [fresh] = set(tmp_path.glob("*.save.json")) - {saved}
    assert json.loads(fresh.read_text())["moves"] == mine.moves


def test_when_no_place_can_be_written_the_save_is_printed(tmp_path, monkeypatch):
    afile = tmp_path / "afile"
    afile.write_text("x")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("muggins.terminal.fallback_folders", lambda: [afile / "a", afile / "b"])
    s, out = table(["1", "quit"])
    assert s.run() == 130
    text = out.getvalue()
    assert "The game could not be saved anywhere" in text
    printed = text[text.index('{\n "format": "muggins-save"'):]
    assert json.loads(printed)["moves"] == s.moves


def test_the_fallback_folders_are_the_current_folder_home_and_temp(tmp_path, monkeypatch):
    import tempfile
    (tmp_path / "cwd").mkdir()
    (tmp_path / "home").mkdir()
    monkeypatch.chdir(tmp_path / "cwd")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert files.fallback_folders() == [tmp_path / "cwd", tmp_path / "home", Path(tempfile.gettempdir())]


# -- the save command: never over a file without `force` ---------------------------------------

def test_save_never_replaces_a_file_without_force(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    existing = tmp_path / "precious.json"
    existing.write_text("precious")
    s, out = table([f"save {existing}", "1", f"save {existing} force", "quit"])
    s.run()
    text = out.getvalue()
    assert f"Not allowed: {existing} already exists: type `save {existing} force` to replace it." in text
    assert json.loads(existing.read_text())["format"] == "muggins-save"   # replaced only when forced


@pytest.mark.parametrize("lang, typed, said", [
    ("en", "save {path} force", "Not allowed: {path} is not a plain file (a device, a pipe or a link): it is never "
                                "replaced."),
    ("es", "guardar {path} forzar", "No se permite: {path} no es un fichero normal (un dispositivo, una tubería o un "
                                    "enlace): nunca se sustituye.")])
def test_save_forced_onto_a_pipe_or_a_link_says_it_is_never_replaced(lang, typed, said, tmp_path, monkeypatch):
    """`save FILE force` never replaces a pipe or a link, and says so, never to force it again."""
    monkeypatch.chdir(tmp_path)
    os.mkfifo(tmp_path / "pipe.json")
    (tmp_path / "link.json").symlink_to(tmp_path / "elsewhere.json")
    s, out = table([typed.format(path=name) for name in ("pipe.json", "link.json")] + ["quit"], lang=lang)
    s.run()
    for name in ("pipe.json", "link.json"):
        assert said.format(path=name) in out.getvalue()
    assert (tmp_path / "link.json").is_symlink() and not (tmp_path / "elsewhere.json").exists()


def test_save_force_in_spanish(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "p.json").write_text("precious")
    s, out = table(["guardar p.json", "guardar p.json forzar", "quit"], lang="es")
    s.run()
    text = out.getvalue()
    assert "p.json ya existe: escribe `guardar p.json forzar` para reemplazarlo" in text
    assert "Partida guardada en p.json." in text


def test_a_refused_save_leaves_nothing_behind(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "dir.json").mkdir()
    s, out = table(["save dir.json", "save dir.json force", f"save {tmp_path / 'nofolder' / 'x.json'}", "quit"])
    s.run()
    text = out.getvalue()
    assert text.count("Could not save to") == 3 and "Not allowed:" not in text
    assert not [p for p in tmp_path.rglob("*") if p.name.endswith(".part")]


# -- atomic writes ------------------------------------------------------------------------------

def test_write_atomic_writes_the_whole_file_and_never_replaces_without_force(tmp_path):
    target = tmp_path / "x.json"
    assert files.write_atomic(target, "one") == target and target.read_text() == "one"
    with pytest.raises(FileExistsError):
        files.write_atomic(target, "two")
    assert target.read_text() == "one"
    files.write_atomic(target, "two", force=True)
    assert target.read_text() == "two"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.json"]


def test_a_failed_write_leaves_no_temporary_file_and_the_old_file_intact(tmp_path, monkeypatch):
    target = tmp_path / "x.json"
    target.write_text("old")

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files.os, "fsync", full)
    with pytest.raises(OSError):
        files.write_atomic(target, "new", force=True)
    with pytest.raises(OSError):
        files.write_atomic(tmp_path / "y.json", "new")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.json"] and target.read_text() == "old"


def test_a_folder_where_the_temporary_name_would_be_does_not_matter(tmp_path):
    (tmp_path / "x.json.part").mkdir()
    files.write_atomic(tmp_path / "x.json", "data")
    assert (tmp_path / "x.json").read_text() == "data"


def test_a_write_to_a_folder_or_under_a_file_is_refused(tmp_path):
    (tmp_path / "afile").write_text("x")
    with pytest.raises(IsADirectoryError):
        files.write_atomic(tmp_path, "data", force=True)
    with pytest.raises(NotADirectoryError):
        files.write_atomic(tmp_path / "afile" / "x.json", "data")


def test_write_reasons_exist_in_both_languages():
    for lang in ("en", "es"):
        assert files.words(lang).keys() == files.words("en").keys()
        assert files.reason(PermissionError(errno.EACCES, "Permission denied"), lang) in (
            "permission denied", "permiso denegado")


# -- --record: checked before the game, atomic, --force ---------------------------------------

@pytest.mark.parametrize("where, message", [
    (".", ". is a folder, not a file"),
    ("nofolder/x.json", "the folder nofolder does not exist"),
    ("afile/x.json", "afile is not a folder"),
    ("afile/deeper/x.json", "afile is not a folder"),
    ("existing.json", "existing.json already exists (add --force to replace it)"),
])
def test_a_record_that_cannot_be_written_is_refused_before_the_game(where, message, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "afile").write_text("x")
    (tmp_path / "existing.json").write_text("precious")
    assert main(["play", "domino-muggins", "--seed", "1", "--record", where]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""                                   # no game was played
    assert captured.err.splitlines() == [f"muggins: --record: {message}"]
    assert (tmp_path / "existing.json").read_text() == "precious"


def test_a_record_refusal_in_spanish(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["play", "domino-muggins", "--record", "nofolder/x.json", "--lang", "es"]) == 1
    assert capsys.readouterr().err.strip() == "muggins: --record: la carpeta nofolder no existe"


def test_a_read_only_folder_is_refused_before_the_game(tmp_path, monkeypatch, capsys):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        if os.access(folder, os.W_OK):
            pytest.skip("running as root: a read-only folder can still be written")
        monkeypatch.chdir(tmp_path)
        assert main(["play", "domino-muggins", "--record", "ro/x.json"]) == 1
        captured = capsys.readouterr()
        assert captured.out == "" and captured.err.startswith("muggins: --record: cannot write in ro (")
    finally:
        folder.chmod(0o755)


def test_force_replaces_a_record_atomically(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "game.json").write_text("old")
    assert main(["play", "domino-muggins", "--seed", "1", "--record", "game.json", "--force"]) == 0
    assert "Record written to game.json." in capsys.readouterr().out
    assert json.loads((tmp_path / "game.json").read_text())["format"] == "muggins-record"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]
    assert main(["replay", "game.json"]) == 0


def test_a_record_that_fails_at_the_end_is_kept_elsewhere(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    real = files.write_atomic

    def once(path, text, force=False):
        if Path(path).name == "game.json":
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(path, text, force)

    monkeypatch.setattr("muggins.cli.write_atomic", once)
    assert main(["play", "domino-muggins", "--seed", "1", "--record", "game.json"]) == 1
    captured = capsys.readouterr()
    assert "muggins: The record could not be written to game.json (no space left on the device)." in captured.err
    kept = tmp_path / "muggins-domino-muggins-1.record.json"
    assert f"Record written to {kept}." in captured.out and kept.is_file()


# -- saves and records: validated against their schemas, not trusted --------------------------

def test_schema_command_prints_the_record_and_save_schemas(capsys):
    from jsonschema import Draft202012Validator
    for which, schema in (("record", record_schema()), ("save", save_schema())):
        assert main(["schema", which]) == 0
        printed = json.loads(capsys.readouterr().out)
        assert printed == schema == json.loads((SCHEMA_DIR / f"{which}.schema.json").read_text())
        Draft202012Validator.check_schema(printed)
        assert set(printed["properties"]["seats"]["items"]["enum"]) == {"human", *BOTS}


def _saved(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    s, _ = table(["1", "1", "quit"], seed=5)
    s.run()
    return next(tmp_path.glob("*.save.json"))


def _resign(path, change):
    data = json.loads(path.read_text())
    data.pop("checksum")
    change(data)
    body = {k: v for k, v in data.items() if k not in ("format", "version")}
    data["checksum"] = _checksum(body)
    path.write_text(json.dumps(data))


HOSTILE_SAVES = {
    "a language that does not exist": (lambda d: d.update(lang="xx"), "lang: must be one of \"en\", \"es\", not \"xx\""),
    "moves that are not strings": (lambda d: d.update(moves=[1, 2]), "moves[0]: must be a string, not an integer"),
    "a seed that is a list": (lambda d: d.update(seed=[1]), "seed: must be an integer or a string, not a list"),
    "forget that is text": (lambda d: d.update(forget="x"), "forget: must be a number, not a string"),
    "forget that is NaN": (lambda d: d.update(forget=math.nan), "forget: must be a finite number"),
    "attention past 1": (lambda d: d.update(attention=2), "attention: must be at most 1"),
    "too many players": (lambda d: d.update(players=9, seats=["greedy"] * 9),
                         "players: 9 players is not a count these rules allow"),
    "no players": (lambda d: d.update(players=0), "players: must be at least 1"),
    "seats that do not match": (lambda d: d.update(seats=["human"]), "seats: 1 seat for 2 players"),
    "an unknown bot": (lambda d: d.update(seats=["human", "genius"]), "seats[1]: must be one of"),
    "a move too long": (lambda d: d.update(moves=["9" * 5000 + "-1"]), "moves[0]: is longer than 100 characters"),
    "a move that is no move": (lambda d: d.update(moves=["9" * 99]), "move 1 ('999"),
    "a missing field": (lambda d: d.pop("digest"), "the file: missing field 'digest'"),
    "an unknown field": (lambda d: d.update(extra=1), "the file: unknown field 'extra'"),
    "a boolean for a number": (lambda d: d.update(max_rounds=True), "max_rounds: must be an integer, not true or false"),
    "rules that are not text": (lambda d: d.update(rules={"a": 1}), "rules: must be a string, not an object"),
    "rules under another name": (lambda d: d.update(name="house"),
                                 "saved under the rules named 'house', but 'domino-muggins' now names 'domino-muggins'"),
    "rules with another digest": (lambda d: d.update(digest="0" * 64),
                                  "saved under other rules than 'domino-muggins' now says (digest 000000000000, now "),
    "rules that cannot be loaded": (lambda d: d.update(rules="no-such-rules"),
                                    "its rules 'no-such-rules' cannot be loaded: "),
}


def test_a_save_under_other_rules_is_refused_in_spanish(tmp_path, monkeypatch, capsys):
    path = _saved(tmp_path, monkeypatch)
    _resign(path, lambda d: d.update(name="house"))
    assert main(["resume", str(path), "--lang", "es"]) == 1
    assert capsys.readouterr().err.strip() == (f"muggins: {path}: se guardó con las reglas llamadas 'house', pero "
                                               f"'domino-muggins' se llama ahora 'domino-muggins'")


def test_a_save_whose_moves_cannot_be_replayed_is_refused_in_spanish(tmp_path, monkeypatch, capsys):
    """A move changed to a tile nobody holds: the person's is illegal, a bot's is not what it chooses."""
    path = _saved(tmp_path, monkeypatch)
    moves = json.loads(path.read_text())["moves"]
    said = set()
    for number in range(1, len(moves) + 1):
        _resign(path, lambda d: d.update(moves=[*moves[:number - 1], "6-6 left", *moves[number:]]))
        assert main(["resume", str(path), "--lang", "es"]) == 1
        err = capsys.readouterr().err.strip()
        assert err.startswith(f"muggins: {path}: la jugada {number} ('6-6 left') "), err
        said.add("illegal" if "no está permitida: " in err else "not the bot's" if err.endswith("no es la que elige el bot")
                 else err)
    assert said == {"illegal", "not the bot's"}


@pytest.mark.parametrize("case", list(HOSTILE_SAVES))
def test_a_resigned_save_with_wrong_types_is_refused_in_one_located_line(case, tmp_path, monkeypatch, capsys):
    path = _saved(tmp_path, monkeypatch)
    change, message = HOSTILE_SAVES[case]
    _resign(path, change)
    with pytest.raises(RecordError) as caught:
        Session.resume(path, stdout=io.StringIO(), stdin=io.StringIO())
    assert str(caught.value).startswith(f"{path}: ") and message in str(caught.value)
    assert main(["resume", str(path)]) == 1
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and message in err and "Traceback" not in err


def test_a_schema_complaint_in_spanish(tmp_path, monkeypatch, capsys):
    path = _saved(tmp_path, monkeypatch)
    _resign(path, lambda d: d.update(forget="x"))
    assert main(["resume", str(path), "--lang", "es"]) == 1
    assert capsys.readouterr().err.strip() == f"muggins: {path}: forget: debe ser un número, no un texto"


def test_a_record_of_a_house_file_is_replayed_with_the_file_and_says_so_without_it(tmp_path, monkeypatch, capsys):
    """A record names its rules (the file's `name`), not the file: without --rules the name is
    no built-in, and the refusal says how to give the file, in the asked language."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "house.yaml").write_text("extends: domino-muggins\nname: house-fives\nwin: {target: 60}\n")
    assert main(["play", "house.yaml", "--seed", "1", "--record", "game.json"]) == 0
    capsys.readouterr()
    assert main(["replay", "game.json", "--lang", "es"]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("muggins: game.json: no se pueden cargar las reglas del acta, 'house-fives': ")
    assert err.endswith("(un acta nombra sus reglas, no su fichero: indica el fichero de reglas con --rules FICHERO)")
    assert main(["replay", "game.json"]) == 1
    assert capsys.readouterr().err.strip().endswith("give the rule file with --rules FILE)")
    assert main(["replay", "game.json", "--rules", "house.yaml"]) == 0


def _recorded(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["play", "domino-muggins", "--seed", "1", "--record", "game.json"]) == 0
    return tmp_path / "game.json"


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(moves=[3]), "moves[0]: must be a string, not an integer"),
    (lambda d: d.update(seed=[1]), "seed: must be an integer or a string, not a list"),
    (lambda d: d.update(players=9, seats=["greedy"] * 9), "players: 9 players is not a count these rules allow"),
    (lambda d: d["outcome"].update(scores="many"), "outcome.scores: must be a list, not a string"),
    (lambda d: d.update(digest="not hex"), "digest: is not in the expected form"),
    (lambda d: d.update(moves=["9" * 99] + d["moves"]), "move 1 ('" + "9" * 37 + "...')"),
    (lambda d: d.update(rules="domino-muggins\x1b[2J"), "domino-muggins\\x1b[2J"),
])
def test_a_hostile_record_is_refused_in_one_line(change, message, tmp_path, monkeypatch, capsys):
    """One line, no traceback; what the record holds is quoted at most 40 characters long (README:
    "Pieces and typed moves") and with its control characters escaped, so a record cannot act on
    the terminal of whoever replays it (an escape sequence that clears the screen)."""
    path = _recorded(tmp_path, monkeypatch)
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and message in err and "Traceback" not in err
    assert "\x1b" not in err and "9" * 41 not in err


def test_a_record_and_a_save_that_cannot_be_used_are_refused_in_spanish(tmp_path, monkeypatch, capsys):
    path = _recorded(tmp_path, monkeypatch)
    data = json.loads(path.read_text())
    data.update(players=5, seats=["greedy"] * 5)
    path.write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["replay", str(path), "--lang", "es"]) == 1
    assert capsys.readouterr().err.strip() == (f"muggins: {path}: no se puede preparar la partida del acta: "
                                               "players: 5 jugadores no es un número que permitan estas reglas (2, 3, 4)")
    save = _saved(tmp_path, monkeypatch)
    data = json.loads(save.read_text())
    data["moves"] = data["moves"][:-1]                      # edited by hand: the checksum no longer matches
    save.write_text(json.dumps(data))
    assert main(["resume", str(save), "--lang", "es"]) == 1
    assert capsys.readouterr().err.strip() == (f"muggins: {save}: la partida guardada se ha cambiado o está dañada "
                                               "(su suma de comprobación no coincide)")


def test_a_spanish_save_is_refused_in_spanish_without_lang(tmp_path, monkeypatch, capsys):
    """Once read, a save speaks the language its game was played in."""
    monkeypatch.chdir(tmp_path)
    s, _ = table(["1", "1", "quit"], seed=5, lang="es")
    s.run()
    save = next(tmp_path.glob("*.save.json"))
    _resign(save, lambda d: d.update(players=9, seats=["greedy"] * 9))
    assert main(["resume", str(save)]) == 1
    assert capsys.readouterr().err.strip() == (f"muggins: {save}: players: 9 jugadores no es un número que permitan "
                                               "estas reglas (2, 3, 4)")


def test_simulate_never_writes_over_a_csv_or_plot_without_force(tmp_path, capsys):
    from muggins.cli import main
    target = tmp_path / "table.csv"
    target.write_text("kept\n")
    assert main(["simulate", "card-muggins", "--games", "5", "--workers", "1", "--csv", str(target)]) == 1
    assert "already exists" in capsys.readouterr().err and target.read_text() == "kept\n"
    assert main(["simulate", "card-muggins", "--games", "5", "--workers", "1", "--csv", str(target), "--force"]) == 0
    assert target.read_text().startswith("rules,")


def test_force_never_replaces_a_link_or_a_pipe(tmp_path, capsys):
    """--force replaces a plain file only: a device, a FIFO or a link is refused before the game."""
    import os
    from muggins.cli import main
    target = tmp_path / "elsewhere.json"
    target.write_text("kept\n")
    link, pipe = tmp_path / "link.json", tmp_path / "pipe.json"
    link.symlink_to(target)
    os.mkfifo(pipe)
    for path in (link, pipe):
        assert main(["play", "card-muggins", "--seed", "1", "--record", str(path), "--force"]) == 1
        assert "not a plain file" in capsys.readouterr().err
    assert link.is_symlink() and target.read_text() == "kept\n" and pipe.is_fifo()


def test_a_bots_game_stopped_by_a_failing_rule_leaves_no_save(tmp_path, monkeypatch, capsys):
    """Nobody can resume a game between bots whose rules fail: say so on stderr, write nothing."""
    from muggins.cli import main
    rules = tmp_path / "fail.yaml"
    rules.write_text('extends: domino-muggins\nname: fail\nscoring:\n  - name: some\n    when: "ends_sum > 0"\n'
                     '    points: "100 // (ends_sum - 5)"\n')
    monkeypatch.chdir(tmp_path)
    codes = [main(["play", str(rules), "--seed", str(seed)]) for seed in range(1, 6)]
    assert 1 in codes                                    # 5 is a common sum: some game reaches it
    assert "division or modulo by zero" in capsys.readouterr().err
    assert [p.name for p in tmp_path.iterdir()] == ["fail.yaml"]
    failed = codes.index(1) + 1
    assert main(["play", str(rules), "--seed", str(failed), "--lang", "es"]) == 1
    err = capsys.readouterr().err
    assert "La partida se detuvo por un error: " in err and "división o módulo entre cero en '100 // (ends_sum - 5)'" in err


def test_a_game_at_the_terminal_stopped_by_a_failing_rule_is_saved_and_said_in_its_language(tmp_path, monkeypatch,
                                                                                             capsys):
    """A person's game is saved when a rule fails; resuming it fails again the same way, said in
    the game's language each time (the save keeps it)."""
    rules = tmp_path / "fail.yaml"
    rules.write_text('extends: domino-muggins\nname: fail\nscoring:\n  - name: some\n    when: "ends_sum > 0"\n'
                     '    points: "100 // (ends_sum - 5)"\n')
    monkeypatch.chdir(tmp_path)
    for seed in range(1, 12):
        monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 200))
        if main(["play", str(rules), "--human", "1", "--seed", str(seed), "--lang", "es"]) == 1:
            break
    out = capsys.readouterr().out
    assert "La partida se detuvo: falló una fórmula de su fichero de reglas: " in out
    assert "división o módulo entre cero" in out
    assert "Cuando el fichero de reglas esté corregido, continúala con: muggins resume " in out
    save = next(tmp_path.glob("*.save.json"))
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["resume", str(save)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[-1].startswith("La partida se detuvo otra vez donde se guardó: falló una fórmula de su fichero de "
                              "reglas: ") and "división o módulo entre cero" in out[-1]
    assert f"nada ha cambiado, sigue guardada en {save.name}" in out[-1] and f"--rules {rules}" in out[-1]
    assert len(list(tmp_path.glob("*.save.json"))) == 1                 # no second copy of the same game


# A card game whose house formula fails when a pile's first card makes a multiple of 5: the last
# pile_size - 1 values are then none, and min() of nothing fails (README, "What validate promises").
FAILS = ('extends: card-muggins\nname: b31\nscoring:\n  - name: x\n    when: "total % 5 == 0"\n'
         '    points: "min(last(pile.values, pile_size - 1))"\n')
FIXED = FAILS.replace("pile_size - 1", "pile_size")


def _stopped_by_its_rules(tmp_path, monkeypatch, capsys):
    """A game at the terminal that a formula of its rule file stopped: (rules, save, what was said)."""
    rules = tmp_path / "b31.yaml"
    rules.write_text(FAILS)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n\n" * 4))
    assert main(["play", str(rules), "--human", "1", "--seed", "2"]) == 1
    out = capsys.readouterr().out.splitlines()
    return rules, next(tmp_path.glob("*.save.json")), out


def test_a_game_stopped_by_its_rule_file_says_how_to_go_on_once_the_file_is_fixed(tmp_path, monkeypatch, capsys):
    """Nothing lost at the table (README): the message names the formula that failed and promises
    only what works, a resume under the fixed file; resuming before that says so in one line and
    writes no other save; the fixed file is refused without --rules, saying what to do, and with
    it the game goes on from its saved moves, under the fixed rules from then on."""
    rules, save, out = _stopped_by_its_rules(tmp_path, monkeypatch, capsys)
    assert out[-3] == (f"The game stopped: a formula of its rule file failed: {rules.name}:6: min() of an empty list "
                       "in 'min(last(pile.values, pile_size - 1))', with pile_size = 1.")
    assert out[-2] == f"Game saved to {save.name}."
    assert out[-1].startswith("Once the rule file is fixed, continue it with: ")
    assert shlex.split(out[-1].split(": ", 1)[1]) == ["muggins", "resume", save.name, "--rules", str(rules)]
    kept = save.read_bytes()
    for _ in range(2):                                      # as often as it is tried: one line, no new file
        monkeypatch.setattr(sys, "stdin", io.StringIO("\n" * 3))
        assert main(["resume", save.name]) == 1
        said = capsys.readouterr().out.splitlines()
        assert said[0].startswith("Resumed after ") and len(said) == 2
        assert said[1].startswith("The game stopped again where it was saved: a formula of its rule file failed: ")
        assert said[1].endswith(f"nothing changed, it is still saved in {save.name}: once the rule file is fixed, "
                                f"continue it with: muggins resume {save.name} --rules {rules}")
        assert sorted(p.name for p in tmp_path.glob("*.save.json")) == [save.name] and save.read_bytes() == kept
    rules.write_text(FIXED)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["resume", save.name]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"muggins: {save.name}: saved under other rules than '{rules}' now says")
    assert err.endswith(f": if you fixed the rule file, continue under it with muggins resume {save.name} "
                        f"--rules {rules}; or restore the file as it was")
    assert main(["resume", save.name, "--rules", str(rules)]) == 130   # it goes on, to the end of the input
    out = capsys.readouterr().out
    assert "min() of an empty list" not in out and "a formula of its rule file failed" not in out
    moves = json.loads(kept)["moves"]
    assert list(tmp_path.glob("*.save.json")) == [save]  # one game, one file: brought up to date
    again = read_save(save)
    assert again.digest == load_rules(str(rules)).digest and again.moves[:len(moves)] == moves
    assert len(again.moves) > len(moves) and again.rules == str(rules.resolve())
    assert Session.resume(save, stdout=io.StringIO(), stdin=io.StringIO()).moves == again.moves  # no --rules now


@pytest.mark.parametrize("lang, hint", [
    ("en", " (to go on under the rule file as it is now, wherever it is: muggins resume {save} --rules FILE)"),
    ("es", " (para seguir con el fichero de reglas tal como está ahora, esté donde esté: muggins resume {save} "
           "--rules FICHERO)")])
def test_a_save_whose_rule_file_is_gone_says_how_to_go_on(lang, hint, tmp_path, monkeypatch, capsys):
    """A house file moved or deleted after its game was saved: resume says, in one line, that its
    rules cannot be loaded and how to go on (`--rules` the file where it is now), and the game goes
    on with it."""
    rules, save, _ = _stopped_by_its_rules(tmp_path, monkeypatch, capsys)
    moved = tmp_path / "moved.yaml"
    rules.rename(moved)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["resume", save.name, "--lang", lang]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and err.endswith(hint.format(save=save.name)), err
    moved.write_text(FIXED)
    assert main(["resume", save.name, "--rules", str(moved), "--lang", lang]) == 130   # to the end of the input


def test_resume_under_a_rule_file_of_another_name_goes_on_under_it(tmp_path, monkeypatch, capsys):
    """README: with `--rules` a save made under other rules is accepted, a house file renamed
    (`name:`) included; without it, a save whose file now names other rules is refused."""
    rules, save, _ = _stopped_by_its_rules(tmp_path, monkeypatch, capsys)
    rules.write_text(FIXED.replace("name: b31", "name: the-crown"))
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n\n"))
    assert main(["resume", save.name, "--lang", "en"]) == 1
    assert f"saved under the rules named 'b31', but '{rules}' now names 'the-crown'" in capsys.readouterr().err
    assert main(["resume", save.name, "--rules", str(rules)]) == 130
    assert read_save(save).name == "the-crown" and read_save(save).rules == str(rules.resolve())


@pytest.mark.parametrize("lang, said", [("en", "is illegal: "), ("es", "no está permitida: ")])
def test_resume_under_other_rules_refuses_a_saved_move_they_do_not_allow_in_one_line(lang, said, tmp_path,
                                                                                    monkeypatch, capsys):
    """`resume --rules` replays the saved moves under the rules given: a limit of 10 refuses the
    first saved card that takes the running total past 10, by its number, in one line."""
    rules, save, _ = _stopped_by_its_rules(tmp_path, monkeypatch, capsys)
    low = tmp_path / "low.yaml"
    low.write_text(FIXED + "pile:\n  limit: 10\n")
    moves, total = json.loads(save.read_text())["moves"], 0
    for number, move in enumerate(moves, 1):              # the cards of the saved moves, by the text's values
        rank = re.fullmatch(r"(A|[2-9]|10|J|Q|K)[CDHS]", move)
        total += 0 if rank is None else {"A": 1, "J": 10, "Q": 10, "K": 10}.get(rank[1]) or int(rank[1])
        if total > 10:
            break
    assert main(["resume", save.name, "--rules", str(low), "--lang", lang]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"muggins: {save.name}: ") and len(err.splitlines()) == 1
    assert f"{number} ({moves[number - 1]!r}) {said}" in err
    assert sorted(p.name for p in tmp_path.glob("*.save.json")) == [save.name]


# -- what is read must be a regular file: a pipe or a device is refused, never waited on -----------

NOT_REGULAR = "{path} is not a regular file (a device, a pipe or a socket)"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
@pytest.mark.parametrize("command, shown", [
    (["validate", "pipe.yaml"], "pipe.yaml: " + NOT_REGULAR.format(path="pipe.yaml")),
    (["validate", "pipe"], "pipe: " + NOT_REGULAR.format(path="pipe")),      # a bare name that is there is read
    (["check", "pipe.yaml"], "pipe.yaml: " + NOT_REGULAR.format(path="pipe.yaml")),
    (["check", "."], "pipe.yaml: " + NOT_REGULAR.format(path="pipe.yaml")),   # found walking a folder
    (["replay", "pipe.json"], "muggins: " + NOT_REGULAR.format(path="pipe.json")),
    (["render", "pipe.json", "-o", "t.svg"], "muggins: " + NOT_REGULAR.format(path="pipe.json")),
    (["resume", "pipe.json"], "muggins: " + NOT_REGULAR.format(path="pipe.json")),
    (["keep", "domino-muggins", "--resume", "pipe.json"], "muggins: " + NOT_REGULAR.format(path="pipe.json")),
    (["replay", "--lang", "es", "pipe.json"],
     "muggins: pipe.json no es un fichero normal (un dispositivo, una tubería o un socket)"),
], ids=lambda value: " ".join(value) if isinstance(value, list) else None)
def test_a_pipe_given_to_read_is_refused_at_once(command, shown, tmp_path):
    import subprocess
    import sys
    os.mkfifo(tmp_path / "pipe.yaml")
    os.mkfifo(tmp_path / "pipe.json")
    os.mkfifo(tmp_path / "pipe")
    result = subprocess.run([sys.executable, "-m", "muggins.cli", *command], cwd=tmp_path, capture_output=True,
                            text=True, timeout=60, stdin=subprocess.DEVNULL)   # it used to wait for a writer forever
    assert result.returncode == 1
    assert shown in result.stdout + result.stderr and "Traceback" not in result.stderr


def test_a_broken_link_found_walking_a_folder_fails_alone_and_the_others_still_run(tmp_path, monkeypatch, capsys):
    """Only the paths given must exist: a dangling link that the walk of a folder finds is one
    scenario that fails, as a pipe there is, not the end of the whole check."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "ok.yaml").write_text('title: t\nsource: s\nrules: domino-muggins\nsteps:\n  - play: 0-0\n')
    (tmp_path / "gone.yaml").symlink_to(tmp_path / "nothere.yaml")
    assert main(["check", "."]) == 1
    out = capsys.readouterr().out
    assert "gone.yaml: " in out and "ok.yaml:1: t" in out
    assert out.splitlines()[-1] == "1 passed, 1 failed"


def test_a_folder_named_like_a_scenario_is_walked_not_read(tmp_path, monkeypatch, capsys):
    """`old.yaml/` is a folder like any other: its scenarios run, and it is no failing file (the
    pytest plugin collects no folder either)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "old.yaml").mkdir()
    (tmp_path / "old.yaml" / "ok.yaml").write_text('title: t\nsource: s\nrules: domino-muggins\nsteps:\n  - play: 0-0\n')
    assert main(["check", "."]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "1 passed, 0 failed"


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_a_device_given_as_rules_or_extended_is_refused_for_what_it_is(tmp_path, capsys):
    house = tmp_path / "house.yaml"
    house.write_text("extends: /dev/zero\nname: house\n")
    assert main(["validate", "/dev/zero", str(house)]) == 1
    err = capsys.readouterr().err
    assert "/dev/zero: " + NOT_REGULAR.format(path="/dev/zero") in err
    assert "no rule file or built-in rules named" not in err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_save_whose_rules_are_a_pipe_says_so(tmp_path, monkeypatch, capsys):
    saved = _saved(tmp_path, monkeypatch)
    os.mkfifo(tmp_path / "fifo.yaml")
    _resign(saved, lambda d: d.update(rules=str(tmp_path / "fifo.yaml")))
    assert main(["resume", str(saved)]) == 1
    err = capsys.readouterr().err
    assert NOT_REGULAR.format(path="fifo.yaml") in err and "no rule file" not in err


# -- what is shown back is what was meant: escaped, named, precise ---------------------------------

def test_a_save_name_with_control_characters_is_shown_escaped(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    s, out = table(["save \x00bad", "save a\x1b[2Jb", "quit"])
    assert s.run() == 130
    text = out.getvalue()
    assert "Could not save to \\x00bad (invalid name)." in text
    assert "Game saved to a\\x1b[2Jb." in text
    assert "\x00" not in text and "\x1b" not in text                # nothing typed acts on the terminal


def test_check_of_an_empty_file_says_it_holds_no_scenario(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "empty.yaml").write_text("")
    assert main(["check", "empty.yaml"]) == 1
    out = capsys.readouterr().out
    assert "empty.yaml:1:1: file is empty: it holds no scenario" in out and "rules" not in out


@pytest.mark.parametrize("command", [["replay"], ["render", "-o", "t.svg"]], ids=["replay", "render"])
def test_an_illegal_move_in_a_record_names_the_file(command, tmp_path, monkeypatch, capsys):
    path = _recorded(tmp_path, monkeypatch)
    data = json.loads(path.read_text())
    data["moves"][3] = "6-6 left"                                     # a tile nobody holds then
    path.write_text(json.dumps(data))
    assert main([command[0], "game.json", *command[1:]]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("muggins: game.json: move 4 ('6-6 left') is illegal: ") and len(err.splitlines()) == 1


@pytest.mark.parametrize("lang, said", [("en", "not a record: the key 'seed' is given twice"),
                                        ("es", "no es un acta de partida: la clave 'seed' aparece dos veces")])
def test_a_key_given_twice_in_a_record_is_refused_by_name(lang, said, tmp_path, monkeypatch, capsys):
    path = _recorded(tmp_path, monkeypatch)
    text = path.read_text()
    path.write_text(text.replace('{', '{"seed": 999, ', 1))           # then the real seed: the last would win
    assert main(["replay", "game.json", "--lang", lang]) == 1
    assert capsys.readouterr().err.strip() == f"muggins: game.json: {said}"


@pytest.mark.parametrize("lang, record, save", [
    ("en", "not a record: a number with 150 digits (at most 100)",
     "not a save file: a number with 150 digits (at most 100)"),
    ("es", "no es un acta de partida: un número de 150 cifras (como mucho 100)",
     "no es un fichero de partida guardada: un número de 150 cifras (como mucho 100)"),
])
def test_a_number_too_long_in_a_record_or_a_save_is_refused_in_the_language_chosen(lang, record, save, tmp_path,
                                                                                  monkeypatch, capsys):
    """Records and saves hold numbers of at most 100 digits (README, "Records and saves, as read");
    the reason is said in the command's language, as every other problem of the file is."""
    path = _recorded(tmp_path, monkeypatch)
    data = json.loads(path.read_text())
    path.write_text(json.dumps(data).replace(f'"max_rounds": {data["max_rounds"]}', '"max_rounds": ' + "7" * 150))
    capsys.readouterr()
    assert main(["replay", "game.json", "--lang", lang]) == 1
    assert capsys.readouterr().err.strip() == f"muggins: game.json: {record}"
    saved = _saved(tmp_path, monkeypatch)
    data = json.loads(saved.read_text())
    saved.write_text(json.dumps(data).replace(f'"max_rounds": {data["max_rounds"]}', '"max_rounds": ' + "7" * 150))
    assert main(["resume", str(saved), "--lang", lang]) == 1
    assert capsys.readouterr().err.strip() == f"muggins: {saved}: {save}"


def test_a_key_given_twice_in_a_save_is_refused_by_name(tmp_path, monkeypatch, capsys):
    path = _saved(tmp_path, monkeypatch)
    path.write_text(path.read_text().replace('{', '{"lang": "es", ', 1))
    assert main(["resume", str(path)]) == 1
    assert "not a save file: the key 'lang' is given twice" in capsys.readouterr().err


def test_a_record_and_a_save_with_a_byte_order_mark_are_read(tmp_path, monkeypatch, capsys):
    path = _recorded(tmp_path, monkeypatch)
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    capsys.readouterr()
    assert main(["replay", "game.json"]) == 0
    assert capsys.readouterr().out.startswith("game.json: ")
    saved = _saved(tmp_path, monkeypatch)
    saved.write_bytes(b"\xef\xbb\xbf" + saved.read_bytes())
    assert Session.resume(saved, stdout=io.StringIO(), stdin=io.StringIO()).moves


def test_a_record_to_a_dangling_link_is_refused_as_a_link_not_a_folder(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "dangling.json").symlink_to(tmp_path / "nowhere" / "x.json")
    assert main(["play", "domino-muggins", "--seed", "1", "--record", "dangling.json", "--force"]) == 1
    err = capsys.readouterr().err
    assert "dangling.json is not a plain file (a device, a pipe or a link)" in err and "folder" not in err


# -- records of games played with --set ---------------------------------------------------------

def test_a_record_of_a_game_played_with_settings_keeps_them_and_replays(tmp_path, monkeypatch, capsys):
    """README, Simulation: a record of a game played with --set keeps the settings, as typed and
    in order, and replay and render lay them over the rules again."""
    monkeypatch.chdir(tmp_path)
    assert main(["play", "domino-muggins", "--seed", "9", "--set", "win.target=100", "--set", "deal.hand=6",
                 "--record", "game.json"]) == 0
    data = json.loads((tmp_path / "game.json").read_text())
    assert data["settings"] == ["win.target=100", "deal.hand=6"]
    # the same rules written as a file: the record's digest is theirs
    (tmp_path / "same.yaml").write_text("extends: domino-muggins\nname: domino-muggins\nwin: {target: 100}\n"
                                        "deal: {hand: 6}\n")
    assert data["digest"] == load_rules("same.yaml").digest
    capsys.readouterr()
    assert main(["replay", "game.json"]) == 0
    assert "target reached" in capsys.readouterr().out
    assert main(["render", "game.json", "--move", "5", "-o", "line.svg"]) == 0
    assert main(["replay", "game.json", "--rules", "domino-muggins"]) == 0   # --rules names what they go over


@pytest.mark.parametrize("lang, hint", [("en", ": give the rule file the game was played with, --rules FILE"),
                                        ("es", ": indica el fichero de reglas con el que se jugó, --rules FICHERO")])
def test_a_record_whose_rules_differ_says_to_give_its_rule_file(lang, hint, tmp_path, monkeypatch, capsys):
    """A record of a game played with --set made before records kept the settings: the refusal
    says what to do, in the person's language."""
    monkeypatch.chdir(tmp_path)
    assert main(["play", "card-muggins", "--seed", "2", "--set", "win.target=100", "--record", "game.json"]) == 0
    data = json.loads((tmp_path / "game.json").read_text())
    del data["settings"]
    (tmp_path / "game.json").write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["replay", "game.json", "--lang", lang]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.rstrip("\n").endswith(hint), err


@pytest.mark.parametrize("settings, message", [
    (["win.target=-5"], "--set win.target=-5: target for 2, 3 or 4 players is -5; it must be at least 1"),
    (["nonsense"], "--set takes KEY=VALUE, such as win.target=100, not 'nonsense'"),
    ([3], "settings[0]: must be a string, not an integer"),
    ("win.target=100", "settings: must be a list, not a string"),
])
def test_settings_a_record_cannot_be_played_with_are_refused_in_one_line(settings, message, tmp_path, monkeypatch,
                                                                        capsys):
    path = _recorded(tmp_path, monkeypatch)
    data = json.loads(path.read_text())
    path.write_text(json.dumps({**data, "settings": settings}))
    capsys.readouterr()
    assert main(["replay", "game.json"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and "Traceback" not in err, err


@pytest.mark.parametrize("given, said", [
    ("domino-muggins", "the rules 'domino-muggins' given to replay it cannot be loaded: --set pile.limit=21: "),
    ("nosuch.yaml", "the rules 'nosuch.yaml' given to replay it cannot be loaded: nosuch.yaml: no rule file"),
])
def test_rules_given_to_replay_that_cannot_be_loaded_are_named_as_given(given, said, tmp_path, monkeypatch, capsys):
    """The rules that failed are those given with --rules, not the record's: named so, and a rule
    file that is not there is not blamed on the record's settings."""
    monkeypatch.chdir(tmp_path)
    assert main(["play", "card-muggins", "--seed", "3", "--set", "pile.limit=21", "--record", "game.json"]) == 0
    capsys.readouterr()
    assert main(["replay", "game.json", "--rules", given]) == 1
    err = capsys.readouterr().err
    assert err.startswith("muggins: game.json: " + said) and err.count("\n") == 1, err


def test_a_game_at_the_terminal_played_with_settings_resumes_with_them(tmp_path, monkeypatch):
    """A save keeps the --set settings as a record does: resume lays them over the rules again
    (it was refused as saved under other rules), and the record written at the end keeps them."""
    from muggins.overrides import load_settings
    monkeypatch.chdir(tmp_path)
    rules = load_settings("domino-muggins", ["win.target=100"])
    s = Session(rules, "domino-muggins", 2, 3, 50, ["human", "greedy"], stdin=io.StringIO("1\nquit\n"),
                stdout=io.StringIO())
    s.run()
    saved = next(tmp_path.glob("*.save.json"))
    assert json.loads(saved.read_text())["settings"] == ["win.target=100"]
    (tmp_path / "same.yaml").write_text("extends: domino-muggins\nname: domino-muggins\nwin: {target: 100}\n")
    resumed = Session.resume(saved, stdout=io.StringIO(), stdin=io.StringIO())
    assert resumed.rules.digest == load_rules("same.yaml").digest and resumed.moves == s.moves
    assert resumed.rules.settings == ("win.target=100",)


@pytest.mark.parametrize("field, written, shown", [("seed", "5.0", "5.0"), ("seed", "5e0", "5.0"),
                                                   ("players", "2.0", "2.0"), ("max_rounds", "1e3", "1000.0")])
@pytest.mark.parametrize("lang, said", [("en", "{field}: must be an integer{or_text}, not {shown}, a number written "
                                               "with a point or an exponent"),
                                        ("es", "{field}: debe ser un número entero{or_text}, no {shown}, un número "
                                               "escrito con punto o exponente")])
def test_a_count_or_seed_written_as_a_float_is_refused_naming_the_file_and_field(field, written, shown, lang, said,
                                                                                  tmp_path, monkeypatch, capsys):
    """The record schema says seed, players and max_rounds are integers: 5.0 and 1e3 are refused
    by the schema check in one line naming the file and the field, in the person's language."""
    path = _recorded(tmp_path, monkeypatch)
    data = json.loads(path.read_text())
    text = json.dumps(data).replace(f'"{field}": {json.dumps(data[field])}', f'"{field}": {written}')
    assert written in text
    path.write_text(text)
    capsys.readouterr()
    assert main(["replay", "game.json", "--lang", lang]) == 1
    or_text = {"en": " or a string", "es": " o un texto"}[lang] if field == "seed" else ""
    assert capsys.readouterr().err == f"muggins: game.json: {said.format(field=field, or_text=or_text, shown=shown)}\n"


@pytest.mark.parametrize("lang, missing, odd", [
    ("en", "the file: missing field 'version'", "record version {shown} is not supported (this muggins reads 2)"),
    ("es", "el fichero: falta el campo 'version'",
     "acta de partida en la versión {shown}, que no se admite (este muggins lee la 2)")])
def test_a_missing_odd_or_long_version_is_said_as_other_fields_are(lang, missing, odd, tmp_path, monkeypatch, capsys):
    """A missing version is a missing field (never Python's None); a refused one is quoted as JSON,
    at most 40 characters (README: a refused text is quoted back at most 40 characters long)."""
    path = _recorded(tmp_path, monkeypatch)
    data = json.loads(path.read_text())
    capsys.readouterr()
    for version, shown in [(None, None), ([2], "[2]"), (2.0, "2.0"), (True, "true"), ("x" * 100_000, '"' + "x" * 36 + "...")]:
        changed = {k: v for k, v in data.items() if k != "version"}
        if version is not None:
            changed["version"] = version
        path.write_text(json.dumps(changed))
        assert main(["replay", "game.json", "--lang", lang]) == 1
        said = missing if version is None else odd.format(shown=shown)
        assert capsys.readouterr().err == f"muggins: game.json: {said}\n"


@pytest.mark.parametrize("change, en, es", [
    (lambda o: o.update(termination="unfinished"), "outcome.termination: replaying gives target reached; the record "
     "says unfinished", "outcome.termination: al reproducirla sale objetivo alcanzado; el acta dice sin terminar"),
    (lambda o: o.update(rounds=o["rounds"] + 98), "outcome.rounds: replaying gives {rounds} round{s}; the record says "
     "{more} rounds", "outcome.rounds: al reproducirla sale {rounds} ronda{s}; el acta dice {more} rondas"),
    (lambda o: o.update(winner=None), "outcome.winner: replaying gives P{winner}; the record says nobody",
     "outcome.winner: al reproducirla sale J{winner}; el acta dice nadie"),
    (lambda o: o.update(winner=1 - o["winner"]), "outcome.winner: replaying gives P{winner}; the record says P{other}",
     "outcome.winner: al reproducirla sale J{winner}; el acta dice J{other}"),
    (lambda o: o.update(scores=o["scores"][::-1]), "outcome.scores: replaying gives {scores}; the record says {reversed}",
     "outcome.scores: al reproducirla sale {scores}; el acta dice {reversed}"),
    (lambda o: o.clear(), "outcome: missing field 'termination'", "outcome: falta el campo 'termination'"),
    (lambda o: o.pop("rounds"), "outcome: missing field 'rounds'", "outcome: falta el campo 'rounds'"),
    (lambda o: o.update(termination="aliens"), 'outcome.termination: must be one of "target", "unfinished", not "aliens"',
     'outcome.termination: debe ser uno de "target", "unfinished", no "aliens"'),
], ids=["termination", "rounds", "no winner", "other winner", "scores", "empty", "no rounds", "unknown termination"])
def test_replay_checks_the_whole_outcome_a_record_states(change, en, es, tmp_path, monkeypatch, capsys):
    """The record schema: the outcome is how the game ended, checked on replay; every field of it,
    named as the replay's summary names it (P1, nobody, 7 rounds), never skipped when absent."""
    path = _recorded(tmp_path, monkeypatch)
    data = json.loads(path.read_text())
    outcome = dict(data["outcome"])
    assert outcome["termination"] == "target" and outcome["scores"][0] != outcome["scores"][1]
    values = {"rounds": outcome["rounds"], "s": "" if outcome["rounds"] == 1 else "s", "more": outcome["rounds"] + 98,
              "winner": outcome["winner"] + 1, "other": 2 - outcome["winner"], "scores": outcome["scores"],
              "reversed": outcome["scores"][::-1]}
    change(data["outcome"])
    path.write_text(json.dumps(data))
    capsys.readouterr()
    for lang, said in (("en", en), ("es", es)):
        assert main(["replay", "game.json", "--lang", lang]) == 1
        assert capsys.readouterr().err == f"muggins: game.json: {said.format(**values)}\n"


@pytest.mark.parametrize("damage, place, en, es", [
    (lambda t: t.replace('"greedy"\n ]', '"greedy",\n ]', 1), "{seats_end}:2", "a comma before the closing ']'",
     "una coma antes del ']' de cierre"),
    (lambda t: "// a comment\n" + t, "1:1", "a value is expected here", "aquí se espera un valor"),
    (lambda t: t.replace('"seed": ', '"seed" ', 1), "{seed_line}:9", "a ':' is expected after the key",
     "tras la clave se espera ':'"),
    (lambda t: t[:t.index('"moves"') + 15], "{moves_line}:3", "a string starts here and the file ends inside it "
     "(cut short?)", "aquí empieza un texto y el fichero termina dentro de él (¿cortado?)"),
    (lambda t: t + "{}", "{end_line}:1", "more after the end of the JSON", "hay más tras el final del JSON"),
    (lambda t: "", "1:1", "the file is empty", "el fichero está vacío"),
], ids=["trailing comma", "comment", "no colon", "cut in a string", "two documents", "empty"])
def test_a_json_syntax_error_in_a_record_is_located(damage, place, en, es, tmp_path, monkeypatch, capsys):
    """README: errors in input, a record too, are printed as FILE:LINE:COL: message; the place is
    counted here from the record's own lines (play writes one value per line), in both languages."""
    path = _recorded(tmp_path, monkeypatch)
    text = path.read_text()
    lines = text.splitlines()
    where = {"seats_end": next(i for i, line in enumerate(lines, 1) if line.startswith(' "moves"')) - 1,
             "seed_line": next(i for i, line in enumerate(lines, 1) if line.startswith(' "seed"')),
             "moves_line": next(i for i, line in enumerate(lines, 1) if line.startswith(' "moves"')) + 1,
             "end_line": len(lines) + 1}                   # the record ends with a line break
    path.write_text(damage(text))
    capsys.readouterr()
    for lang, what, said in (("en", "not a record", en), ("es", "no es un acta de partida", es)):
        assert main(["replay", "game.json", "--lang", lang]) == 1
        assert capsys.readouterr().err == f"muggins: game.json:{place.format(**where)}: {what}: {said}\n"


def test_a_trailing_comma_is_located_at_its_bracket_as_python_313_reports_it(tmp_path, monkeypatch, capsys):
    """Python 3.13's decoder points at a trailing comma itself ('Illegal trailing comma before end
    of array'), older ones at the bracket after it: the record's problem is said and placed alike on
    every Python (the 3.13 error is raised here on any version, as its decoder raises it)."""
    import muggins.records as records
    path = _recorded(tmp_path, monkeypatch)
    text = path.read_text()
    seats_end = next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith(' "moves"')) - 1
    damaged = text.replace('"greedy"\n ]', '"greedy",\n ]', 1)
    path.write_text(damaged)
    comma = damaged.index('"greedy",\n ]') + len('"greedy"')

    def as_python_313(doc, **options):
        raise json.JSONDecodeError("Illegal trailing comma before end of array", doc, comma)
    monkeypatch.setattr(records.json, "loads", as_python_313)
    capsys.readouterr()
    assert main(["replay", "game.json"]) == 1
    assert capsys.readouterr().err == f"muggins: game.json:{seats_end}:2: not a record: a comma before the closing ']'\n"


def test_a_byte_that_is_not_utf8_is_located_by_line_and_column(tmp_path, monkeypatch, capsys):
    path = _recorded(tmp_path, monkeypatch)
    lines = path.read_bytes().split(b"\n")
    number = next(i for i, line in enumerate(lines) if line.startswith(b' "moves"')) + 1
    lines[number] = lines[number].replace(b'"', b'"\xc3\xa9\xff', 1)    # after a two-byte letter: column in letters
    path.write_bytes(b"\n".join(lines))
    assert main(["replay", "game.json", "--lang", "es"]) == 1
    assert capsys.readouterr().err == (f"muggins: game.json:{number + 1}:5: no es un acta de partida: un byte que no "
                                       "es UTF-8 (0xff); las actas y las partidas guardadas son UTF-8\n")


def test_a_save_given_to_replay_and_a_record_given_to_resume_or_check_say_which_command_reads_them(
        tmp_path, monkeypatch, capsys):
    """Records and saves are known by their "format": each given to the other's command is told
    the command that reads it, in one line, in the person's language."""
    record = _recorded(tmp_path, monkeypatch)
    save = _saved(tmp_path, monkeypatch)
    capsys.readouterr()
    for command in (["replay", str(save)], ["render", str(save), "-o", "x.svg"]):
        assert main([*command, "--lang", "es"]) == 1
        assert capsys.readouterr().err == (f"muggins: {save}: es una partida guardada, no un acta de partida: "
                                           f"continúala con muggins resume {save}\n")
    assert main(["replay", str(save)]) == 1
    assert capsys.readouterr().err == f"muggins: {save}: a saved game, not a record: continue it with muggins resume {save}\n"
    assert main(["resume", str(record)]) == 1
    assert capsys.readouterr().err == (f"muggins: {record}: a game record, not a save file: replay it with muggins "
                                       f"replay {record}\n")
    assert main(["check", str(record)]) == 1
    out = capsys.readouterr().out
    assert f"{record}:2:12: a game record, not a scenario: replay it with muggins replay {record}\n" in out
    assert "missing key" not in out and "unknown key" not in out
    assert main(["check", str(save), "--lang", "es"]) == 1
    assert "es una partida guardada, no un escenario: continúala con muggins resume" in capsys.readouterr().out


def test_a_file_muggins_wrote_given_as_rules_says_what_it_is_and_who_reads_it(tmp_path, monkeypatch, capsys):
    """A record, a save or a keeper's sheet given to validate or play: one located line naming the
    command that goes on with it, never the schema's complaints about a rule file it is not."""
    monkeypatch.chdir(tmp_path)
    record, save = _recorded(tmp_path, monkeypatch), _saved(tmp_path, monkeypatch)
    capsys.readouterr()
    record, save = record.relative_to(tmp_path), save.relative_to(tmp_path)  # as a person types them here
    for command, path, said in (("validate", record, f"a game record, not a rule file: replay it with muggins replay "
                                                      f"{record}"),
                                ("play", save, f"a saved game, not a rule file: continue it with muggins resume {save}")):
        assert main([command, str(path), "--lang", "en"]) == 1
        err = capsys.readouterr().err
        assert err.startswith(f"{path}:2:12: {said}\n") and "missing key" not in err, err
    assert main(["validate", str(record), "--lang", "es"]) == 1
    assert "es un acta de partida, no un fichero de reglas: reprodúcela con muggins replay" in capsys.readouterr().err


def test_a_keepers_save_and_a_games_files_given_to_each_others_commands_say_which_reads_them(
        tmp_path, monkeypatch, capsys):
    """A save of `muggins keep` given to replay, resume or check, and a game's record
    or save given to `keep --resume`: told what it is and the command that goes on with it."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n"))
    assert main(["keep", "domino-muggins", "--players", "2", "--lang", "en"]) == 130
    sheet = tmp_path / "muggins-keep-domino-muggins.json"
    record, save = _recorded(tmp_path, monkeypatch), _saved(tmp_path, monkeypatch)
    capsys.readouterr()
    told = f"a muggins keep save, not a record: go on with it with muggins keep domino-muggins " \
           f"--resume {sheet}\n"
    assert main(["replay", str(sheet)]) == 1 and capsys.readouterr().err == f"muggins: {sheet}: {told}"
    assert main(["resume", str(sheet), "--lang", "es"]) == 1
    assert capsys.readouterr().err == (f"muggins: {sheet}: es una partida guardada por muggins keep, no un "
                                       f"fichero de partida guardada: síguela con muggins keep domino-muggins "
                                       f"--resume {sheet}\n")
    assert main(["check", str(sheet)]) == 1
    assert "a muggins keep save, not a scenario" in capsys.readouterr().out
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    for path, said in ((save, f"a saved game, not a muggins keep save: continue it with muggins "
                              f"resume {save}"),
                       (record, f"a game record, not a muggins keep save: replay it with muggins "
                                f"replay {record}")):
        assert main(["keep", "domino-muggins", "--resume", str(path), "--lang", "en"]) == 1
        assert capsys.readouterr().err == f"muggins: {path}: {said}\n"


def test_a_link_in_a_loop_given_or_extended_is_refused_in_one_line(tmp_path, monkeypatch, capsys):
    """Two links naming each other: given, or named by `extends`, the file cannot be read, and is
    said so in one line in the language (it used to be a traceback from resolving the path)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.yaml").symlink_to(tmp_path / "b.yaml")
    (tmp_path / "b.yaml").symlink_to(tmp_path / "a.yaml")
    (tmp_path / "house.yaml").write_text("extends: ./a.yaml\nname: house\n", encoding="utf-8")
    for given in ("a.yaml", "house.yaml"):
        assert main(["validate", given]) == 1
        captured = capsys.readouterr()
        assert "a.yaml: cannot read file: a link that leads back to itself" in captured.out + captured.err
    assert main(["--lang", "es", "validate", "house.yaml"]) == 1
    captured = capsys.readouterr()
    assert "no se puede leer el fichero: un enlace que lleva de vuelta a sí mismo" in captured.out + captured.err
