"""The files muggins writes, known by their "format": a game record, a saved game, the save of
`muggins keep` (its entries; not the printed score sheet).

Why: each is read by one command, and given to another (a record to `resume`, a save to `replay`,
either to `validate` or `keep`, a keeper's save to `check`) it must be told in one line what it is and
which command goes on with it, never judged as the kind the command expected. Every reader asks
here, whatever it imports otherwise (the loader cannot import the records, which load rules).
"""
from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any

RECORD = "muggins-record"
SAVE = "muggins-save"
SHEET = "muggins-keep"

WORDS = {
    "en": {
        "what:record": "record", "what:save file": "save file", "what:scenario": "scenario",
        "what:sheet": "muggins keep save", "what:rule file": "rule file",
        RECORD: "a game record, not a {what}: replay it with muggins replay {path}",
        SAVE: "a saved game, not a {what}: continue it with muggins resume {path}",
        SHEET: "a muggins keep save, not a {what}: go on with it with muggins keep {rules} "
               "--resume {path}",
    },
    "es": {
        "what:record": "acta de partida", "what:save file": "fichero de partida guardada",
        "what:scenario": "escenario", "what:sheet": "fichero guardado por muggins keep",
        "what:rule file": "fichero de reglas",
        RECORD: "es un acta de partida, no un {what}: reprodúcela con muggins replay {path}",
        SAVE: "es una partida guardada, no un {what}: continúala con muggins resume {path}",
        SHEET: "es una partida guardada por muggins keep, no un {what}: síguela con muggins keep "
               "{rules} --resume {path}",
    },
}


def written_by_muggins(data: Any) -> str | None:
    """The format of a file muggins wrote (`RECORD`, `SAVE`, `SHEET`), from its data; else None."""
    form = data.get("format") if isinstance(data, dict) else None
    return form if form in (RECORD, SAVE, SHEET) else None


def kind_name(lang: str, what: str) -> str:
    """How a kind of file (`record`, `save file`, `scenario`, `sheet`, `rule file`) is named in `lang`."""
    return WORDS.get(lang, WORDS["en"])[f"what:{what}"]


def other_file(lang: str, form: str, what: str, path: str | Path, rules: Any = None) -> str:
    """A file of format `form` given where a `what` is read: what it is, and the command that reads
    it, its path (and a sheet's `rules`, as its file says them) quoted to be pasted."""
    return WORDS.get(lang, WORDS["en"])[form].format(
        what=kind_name(lang, what), path=shlex.quote(str(path)),
        rules=shlex.quote(rules) if isinstance(rules, str) else "RULES")
