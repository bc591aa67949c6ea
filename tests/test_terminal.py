"""Rules of play at the terminal: a person's moves, claims and calls, help, save and resume."""
from __future__ import annotations

import hashlib
import io
import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from muggins.cli import main
from muggins.errors import RecordError
from muggins.loader import load_rules
from muggins.terminal import Session


class Typist(io.StringIO):
    """An input stream that types, at each prompt, what `answer(state)` says (None: end of input)."""

    def __init__(self, answer):
        super().__init__()
        self.answer = answer
        self.session = None
        self.typed = []

    def readline(self, *args):
        text = self.answer(self.session.state, len(self.typed))
        if text is None:
            return ""
        if isinstance(text, BaseException):
            raise text
        self.typed.append(text)
        return text + "\n"


def session(name, seats, answer, seed=3, **kwargs):
    rules = load_rules(name)
    typist = Typist(answer)
    out = io.StringIO()
    s = Session(rules, name, len(seats), seed, 50, seats, stdin=typist, stdout=out, **kwargs)
    typist.session = s
    return s, out, typist


def fingerprint(state):
    stock = state.boneyard if hasattr(state, "boneyard") else state.stock
    return (tuple(map(tuple, state.hands)), tuple(stock), tuple(state.scores), len(state.events),
            state.rng.getstate(), state.actor)


def test_a_person_plays_a_whole_domino_game_by_number(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    s, out, typist = session("domino-muggins", ["human", "greedy"], lambda state, n: "1")
    assert s.run() == 0
    assert s.state.is_terminal()
    text = out.getvalue()
    assert "Your hand (P1):" in text and "Moves: 1)" in text and "Open ends:" in text
    assert "Traceback" not in text


def test_bad_input_is_answered_with_the_reason_and_asked_again(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    script = ["nonsense", "99", "6-6 up", "help", "why", "rules", "hand"]

    def answer(state, n):
        return script[n] if n < len(script) else None

    s, out, _ = session("domino-muggins", ["human", "greedy"], answer, seed=4)
    assert s.run() == 130                        # end of input: saved and stopped
    text = out.getvalue()
    assert "Not a move or a command: 'nonsense'" in text
    assert "There is no move 99" in text
    assert "Not allowed:" in text
    assert "Commands: help; why" in text
    # rules: generated from the file, in words, never its code
    assert "\"multiple of five\": when the sum of the open ends is a positive multiple of 5, scores the sum of the open ends." in text
    assert "ends_sum" not in text and "%" not in text
    assert "Game saved to muggins-domino-muggins-4.save.json" in text
    assert Path("muggins-domino-muggins-4.save.json").is_file()


def test_typed_moves_are_accepted_as_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)

    def answer(state, n):
        if n == 0:
            return str(state.legal_moves()[0])    # e.g. "1-6 right"
        return None

    s, out, typist = session("domino-muggins", ["human", "greedy"], answer, seed=4)
    s.run()
    assert typist.typed[0] in s.moves  # the written move was applied and recorded


def test_claims_forgetting_and_muggins_calls_with_the_coach(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    seen = {"claim": 0, "forgot": 0, "muggins": 0}

    def answer(state, n):
        decision = state.decision
        if decision is not None and decision.kind == "claim":
            seen["claim"] += 1
            if seen["claim"] % 2:
                return "claim"
            seen["forgot"] += 1
            return ""                               # Enter: let the points go
        if decision is not None and decision.kind == "muggins":
            seen["muggins"] += 1
            return "muggins"
        if n % 5 == 0:
            return "claim"                          # nothing to claim: refused, asked again
        return "1"

    # with the coach every claim and call is asked as such (without it, see test_at_the_table.py)
    s, out, _ = session("card-muggins", ["greedy", "human"], answer, forget=1.0, attention=0.0, coach=True)
    assert s.run() == 0
    text = out.getvalue()
    assert "Not allowed: nothing to claim" in text
    assert seen["muggins"] > 0 and "P2: Muggins! P2 takes P1's" in text
    assert seen["claim"] > 0 and "P2 scores" in text
    assert seen["forgot"] == 0 or "P2 does not claim" in text


def test_save_mid_round_and_resume_to_the_same_state(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "mid.json"

    def answer(state, n):
        return {0: "1", 1: "1", 2: f"save {path}", 3: None}.get(n)

    s, out, _ = session("card-muggins", ["human", "random", "greedy"], answer, forget=0.3, attention=0.5)
    s.run()
    assert path.is_file()
    saved = json.loads(path.read_text())
    assert saved["seats"] == ["human", "random", "greedy"] and len(saved["moves"]) == len(s.moves)
    again = Session.resume(path, stdout=io.StringIO(), stdin=io.StringIO())
    assert fingerprint(again.state) == fingerprint(s.state)
    for seat in (1, 2):  # the bots continue with the same random state
        assert again.bots[seat].rng.getstate() == s.bots[seat].rng.getstate()


def test_ctrl_c_saves_before_leaving(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)

    def answer(state, n):
        return "1" if n < 3 else KeyboardInterrupt()

    s, out, _ = session("domino-muggins", ["human", "random"], answer, seed=9)
    assert s.run() == 130
    saved = list(tmp_path.glob("*.save.json"))
    assert len(saved) == 1
    resumed = Session.resume(saved[0], stdout=io.StringIO(), stdin=io.StringIO())
    assert fingerprint(resumed.state) == fingerprint(s.state)


def test_an_existing_save_is_never_overwritten_by_the_automatic_save(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    existing = tmp_path / "muggins-domino-muggins-9.save.json"
    existing.write_text("precious")
    s, out, _ = session("domino-muggins", ["human", "random"], lambda state, n: None, seed=9)
    s.run()
    assert existing.read_text() == "precious"
    assert (tmp_path / "muggins-domino-muggins-9-2.save.json").is_file()


def _a_save(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    s, out, _ = session("domino-muggins", ["human", "greedy"], lambda state, n: "1" if n < 2 else None, seed=5)
    s.run()
    return next(tmp_path.glob("*.save.json"))


def test_truncated_save_is_refused(tmp_path, monkeypatch):
    path = _a_save(tmp_path, monkeypatch)
    path.write_text(path.read_text()[:40])
    with pytest.raises(RecordError, match=r"not a save file: the file ends before the save file does \(cut short\?\)"):
        Session.resume(path)


def test_edited_save_is_refused(tmp_path, monkeypatch):
    path = _a_save(tmp_path, monkeypatch)
    data = json.loads(path.read_text())
    data["seed"] = 6
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError, match="changed or damaged"):
        Session.resume(path)


def test_save_from_an_older_muggins_is_refused_by_version(tmp_path, monkeypatch):
    path = _a_save(tmp_path, monkeypatch)
    data = json.loads(path.read_text())
    data["version"] = 1  # its seed dealt other hands: replaying it would go astray
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError, match="save file version 1 is not supported"):
        Session.resume(path)


def test_save_from_other_rules_is_refused(tmp_path, monkeypatch):
    path = _a_save(tmp_path, monkeypatch)
    house = tmp_path / "house.yaml"
    house.write_text("extends: domino-muggins\nname: domino-muggins\ndeal:\n  hand: 6\n")
    from muggins.records import read_save
    save = read_save(path)
    save.rules = str(house)
    path.write_text(save.to_json())
    before = path.read_text()
    with pytest.raises(RecordError, match="other rules"):
        Session.resume(path)
    assert path.read_text() == before  # nothing overwritten


def test_resume_and_play_commands_through_the_cli(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["resume", str(tmp_path / "missing.json")]) == 1
    assert "cannot read" in capsys.readouterr().err
    (tmp_path / "bad.json").write_text("{")
    assert main(["resume", str(tmp_path / "bad.json")]) == 1
    assert "bad.json:1:2: not a save file: the file ends before the save file does (cut short?)" in capsys.readouterr().err
    assert main(["play", "domino-muggins", "--human", "3"]) == 1
    assert "--human seats must be between 1 and 2" in capsys.readouterr().err


def test_end_of_input_in_a_real_process_saves_and_exits_cleanly(tmp_path):
    result = subprocess.run([sys.executable, "-m", "muggins.cli", "play", "card-muggins", "--human", "1",
                             "--seed", "2", "--lang", "es"], input="1\nfoo\n", capture_output=True, text=True,
                            cwd=tmp_path, timeout=60)
    assert result.returncode == 130
    assert "Traceback" not in result.stderr + result.stdout
    assert "Partida guardada en" in result.stdout and "Tu mano (J1)" in result.stdout
    assert list(tmp_path.glob("*.save.json"))


def test_reasons_are_given_in_the_players_language(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    script = ["claim", "xyz"]
    s, out, _ = session("card-muggins", ["human", "greedy"], lambda state, n: script[n] if n < 2 else None,
                        seed=2, lang="es")
    s.run()
    text = out.getvalue()
    assert "No se permite: nada que reclamar" in text
    assert "no es una carta: 'xyz'" in text


# -- a terminal whose encoding cannot show the suits: the --ascii spelling, never an error ---------

def _muggins(arguments, encoding, cwd, stdin=""):
    """Run the command with its output in `encoding`; its output as bytes, and its status."""
    environment = dict(os.environ, PYTHONIOENCODING=encoding)
    result = subprocess.run([sys.executable, "-m", "muggins.cli", *arguments], input=stdin.encode(),
                            capture_output=True, cwd=cwd, timeout=120, env=environment)
    return result.stdout, result.stderr, result.returncode


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
@pytest.mark.parametrize("arguments, stdin, status", [
    (["play", "card-muggins", "--human", "1", "--seed", "3"], "quit\n", 130),
    (["play", "card-muggins", "--seed", "3"], "", 0),
], ids=["at the terminal", "bots only"])
def test_a_terminal_that_cannot_show_suits_gets_the_ascii_spelling(arguments, stdin, status, encoding, tmp_path):
    for folder in ("utf8", encoding):  # each run saves its game in its own folder
        (tmp_path / folder).mkdir()
    wanted, _, _ = _muggins(arguments + ["--ascii"], "utf-8", tmp_path / "utf8", stdin)
    out, err, code = _muggins(arguments, encoding, tmp_path / encoding, stdin)
    assert code == status and b"Traceback" not in err and b"Error" not in out + err
    expected = wanted.decode("utf-8").replace("—", "-")   # a dash neither encoding has, as a hyphen
    if encoding == "ascii":                                 # and the middle dot Latin-1 has
        expected = expected.replace("·", "-")
    assert out.decode(encoding) == expected


def test_replay_log_in_ascii_names_cards_by_letter(tmp_path):
    out, err, code = _muggins(["play", "card-muggins", "--seed", "3", "--record", "r.json"], "utf-8", tmp_path)
    assert code == 0
    wanted, _, _ = _muggins(["replay", "r.json", "--log"], "utf-8", tmp_path)
    out, err, code = _muggins(["replay", "r.json", "--log", "--lang", "es"], "ascii", tmp_path)
    assert code == 0 and b"Traceback" not in err
    spanish, _, _ = _muggins(["replay", "r.json", "--log", "--lang", "es"], "utf-8", tmp_path)
    # Spanish suit letters (H is C, corazones; C is T, tréboles), accents written plain
    letters = str.maketrans({"♠": "P", "♥": "C", "♦": "D", "♣": "T", "á": "a", "é": "e", "í": "i", "ó": "o",
                             "ú": "u", "ñ": "n", "·": "-", "—": "-"})
    assert out.decode("ascii") == spanish.decode("utf-8").translate(letters)
    assert "♥" in wanted.decode("utf-8")


def test_what_the_person_asked_for_outlives_a_save(tmp_path, monkeypatch):
    """A Muggins call typed ahead (on a bot's score whose window is still open), the display
    options and the record asked for are in the save: the resumed game takes the same score as
    the game that was never stopped, shows the same tally, and writes the record when it ends."""
    monkeypatch.chdir(tmp_path)
    at_call, later = tmp_path / "at-call.json", tmp_path / "later.json"
    answers = ["muggins", f"save {at_call}", f"save {later}", "1"]  # later.json: the autosave updates it, not at-call
    s, out, _ = session("domino-muggins-claims", ["human", "greedy"], lambda state, n: answers[n] if n < 4 else None,
                        forget=1.0, tally=True, record=str(tmp_path / "game.record.json"))
    s.run()
    assert "Your call stands" in out.getvalue()
    steals = [e for e in s.state.events if type(e).__name__ == "Stolen"]
    assert len(steals) == 1 and steals[0].by == 0  # the forgetful bot's score, taken by the call
    saved = json.loads(at_call.read_text())
    assert saved["calls"] == [0] and saved["shown"] == ["tally"]  # the one score unclaimed then and saved["record"].endswith("game.record.json")
    resumed_out = io.StringIO()
    typist = Typist(lambda state, n: "1" if n == 0 else None)
    again = Session.resume(at_call, stdout=resumed_out, stdin=typist)
    typist.session = again
    again.run(resumed=True)
    assert [e for e in again.state.events if type(e).__name__ == "Stolen"] == steals
    assert again.state.scores == s.state.scores and again.notation is not None
    assert again.record == s.record and again.force is False


def _rewritten(path, data):
    """Write a save's fields to `path` with their checksum, as a save of them would be."""
    body = {k: v for k, v in data.items() if k not in ("format", "version", "checksum")}
    canonical = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    path.write_text(json.dumps({**data, "checksum": hashlib.sha256(canonical.encode("utf-8")).hexdigest()}))
    return path


def test_a_save_without_the_newer_fields_still_resumes(tmp_path, monkeypatch):
    """Saves written before calls, display and record were kept have none of them: they read as none."""
    path = _a_save(tmp_path, monkeypatch)
    data = json.loads(path.read_text())
    for name in ("calls", "shown", "record", "force"):
        data.pop(name)
    again = Session.resume(_rewritten(path, data), stdout=io.StringIO(), stdin=io.StringIO())
    assert again.calls == [] and again.display == [] and again.record is None
    assert len(again.moves) == len(data["moves"])


def test_resume_writes_the_record_play_asked_for_and_says_how_a_finished_game_ended(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    record = tmp_path / "r.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n"))
    assert main(["play", "domino-muggins", "--human", "1", "--seed", "4", "--record", str(record)]) == 130
    save = next(tmp_path.glob("*.save.json"))
    assert not record.exists()  # the game did not end: no record yet
    capsys.readouterr()
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 2000))
    assert main(["resume", str(save)]) == 0
    out = capsys.readouterr().out
    assert f"Record written to {record}." in out
    assert main(["replay", str(record)]) == 0
    winner = capsys.readouterr().out.split("winner ")[1].split(",")[0]
    # a save of the finished game (the record's moves) resumes to say how it ended, as the game did
    data = json.loads(save.read_text())
    data.update(moves=json.loads(record.read_text())["moves"], record=None)
    assert main(["resume", str(_rewritten(tmp_path / "over.json", data))]) == 0
    ended = capsys.readouterr().out.splitlines()
    assert ended[-1].startswith(f"{winner} wins with") and ended[-1] in out.splitlines()


def test_two_people_at_one_terminal_each_get_the_window_after_every_move(tmp_path, monkeypatch):
    """The window after a person's own move is the same whether or not they scored, whoever
    plays next: a prompt only after scoring moves would tell the table that a claim is due."""
    monkeypatch.chdir(tmp_path)
    prompt = "(Enter: go on)>"

    def answer(state, n):
        if n >= 40:
            return None
        shown = out.getvalue().rstrip()
        return "" if shown.endswith(prompt) or shown.endswith("then press Enter>") else "1"  # or taking the terminal

    s, out, _ = session("domino-muggins-claims", ["human", "human"], answer, seed=4)
    s.run()
    placed = [e for e in s.state.events if type(e).__name__ == "Placed"]
    scoring = sum(1 for e in s.state.events if type(e).__name__ == "Scored")
    windows = out.getvalue().count(prompt)
    assert len(placed) > scoring + 2  # moves that score nothing were played
    assert windows in (len(placed), len(placed) - 1)  # one after each (the last may end with the input)


def test_a_saved_name_may_be_quoted_and_the_hint_to_resume_can_be_pasted(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    answers = ['save "my game.json"', "save odd name.json force force"]
    s, out, _ = session("domino-muggins", ["human", "greedy"], lambda state, n: answers[n] if n < 2 else None)
    s.run()
    assert (tmp_path / "my game.json").is_file()  # the quotes are not part of the name
    hint = out.getvalue().splitlines()[-1]
    assert hint.startswith("Continue it with: muggins resume ")
    argv = shlex.split(hint.split(": ", 1)[1])  # as a shell reads the line pasted
    assert argv[:2] == ["muggins", "resume"] and len(argv) == 3 and (tmp_path / argv[2]).is_file()
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["resume", argv[2]]) == 130  # and it resumes (end of input saves again)


def test_tiles_set_aside_are_not_counted_as_a_boneyard_to_draw_from(tmp_path, monkeypatch):
    """fives-and-threes keeps every undealt tile out of play (draw.reserve: 28 - 7 * 2 = 14 for
    two): the table shows nothing to draw, the round says how many are set aside, and `draw` is
    refused as nothing is left to draw; domino-muggins (no reserve) counts its 28 - 2 * 7 tiles."""
    monkeypatch.chdir(tmp_path)
    answers = ["draw", "1"]
    s, out, _ = session("fives-and-threes", ["human", "greedy"], lambda state, n: answers[n] if n < 2 else None)
    s.run()
    text = out.getvalue()
    assert "0 tiles to draw in the boneyard and 14 tiles set aside, never drawn." in text
    assert "boneyard 0 ---" in text and "boneyard 14" not in text
    assert "cannot draw: nothing is left to draw" in text
    s, out, _ = session("domino-muggins", ["human", "greedy"], lambda state, n: None)
    s.run()
    assert "opens; 14 tiles in the boneyard." in out.getvalue() and "boneyard 14 ---" in out.getvalue()


@pytest.mark.parametrize("card", ["QH", "9H"], ids=["scored", "did not score"])
def test_a_save_made_in_the_window_after_a_move_opens_it_again_scored_or_not(tmp_path, monkeypatch, card):
    """Resuming must not tell whether a claim is due: the window the person was in when the game
    was saved opens again whether or not they scored (with seed 5, QH makes 10 and 9H makes 9)."""
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "window.json"
    answers = [card, f"save {path}", "quit"]
    s, out, _ = session("card-muggins", ["human", "greedy"], lambda state, n: answers[n] if n < 3 else None, seed=5)
    s.run()
    assert json.loads(path.read_text())["window"] == 0
    resumed_out = io.StringIO()
    again = Session.resume(path, stdout=resumed_out, stdin=Typist(lambda state, n: None))
    due = again.state.decision is not None and again.state.decision.kind == "claim"
    assert due == (card == "QH")  # the two games differ in exactly what must not show
    again.stdin.session = again
    again.run(resumed=True)
    assert resumed_out.getvalue().splitlines()[1].startswith("P1 (Enter: go on)>")


def test_resume_refuses_a_record_file_in_the_saved_games_language(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", "domino-muggins", "--human", "1", "--seed", "9", "--lang", "es"]) == 130
    save = next(tmp_path.glob("*.save.json"))
    (tmp_path / "exists.json").write_text("kept")
    capsys.readouterr()
    assert main(["resume", str(save), "--record", "exists.json"]) == 1
    assert "exists.json ya existe" in capsys.readouterr().err
    assert (tmp_path / "exists.json").read_text() == "kept"


def test_the_readmes_record_is_the_record_its_command_writes(tmp_path, monkeypatch):
    """README, Game records: the example is the record its command line writes, field for field
    (the digest and the moves after the first four aside)."""
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Game records"):]
    command = re.search(r"`(muggins play [^`]*--record game\.json)`", section)[1].replace("\n", " ").split()
    shown = json.loads(re.sub(r'"<[^"]*>"', '""', re.search(r"```json\n(.*?)```", section, re.DOTALL)[1])
                       .replace(', "..."', ""))
    monkeypatch.chdir(tmp_path)
    assert main(command[1:]) == 0
    written = json.loads((tmp_path / "game.json").read_text())
    assert written["moves"][:len(shown["moves"])] == shown["moves"]
    assert {**written, "digest": "", "moves": shown["moves"]} == shown
