"""What the output can show: text fitted to a terminal whose encoding lacks muggins's symbols.

A terminal set to ASCII or Latin-1 (`PYTHONIOENCODING=ascii`, an old locale) cannot show the
suits (`♥`), the tally's `⊠`, the table's `·` or, in ASCII, Spanish accents. Cards are then
written with their suit letters, as `--ascii` does (the commands ask `shows_suits`), and every
other character the encoding lacks is written in its nearest plain form (`á` as `a`, `·` as
`-`, `«` as `"`), never as an error that stops a game.
"""
from __future__ import annotations

import codecs
import functools
import os
import sys
import unicodedata
from typing import Any, TextIO

SUIT_SYMBOLS = "♠♥♦♣♤♡♢♧"
PLAIN_ERRORS = "muggins-plain"  # the name of the error handler below, for TextIOWrapper.reconfigure

# Plain forms of the symbols muggins prints that have no decomposition to ASCII.
_PLAIN = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C", "·": "-", "—": "-",
          "–": "-", "…": "...", "«": '"', "»": '"', "¡": "!", "¿": "?", "±": "+/-", "×": "x", "⊠": "#", "º": "o",
          "→": "->", "←": "<-"}


def shows(stream: TextIO, text: str) -> bool:
    """Whether `stream` can write `text` as it is (a stream without an encoding is taken to)."""
    encoding = getattr(stream, "encoding", None)
    if not encoding:
        return True
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def shows_suits(stream: TextIO | None = None) -> bool:
    """Whether the output (standard output by default) can show the suit symbols."""
    return shows(sys.stdout if stream is None else stream, SUIT_SYMBOLS)


def plain(error: UnicodeError) -> tuple[str, int]:
    """The codec error handler: each character the encoding lacks, in its plain ASCII form."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    written = []
    for char in error.object[error.start:error.end]:
        form = _PLAIN.get(char)
        if form is None:
            parts = unicodedata.normalize("NFKD", char)
            form = "".join(part for part in parts if part.isascii() and not unicodedata.combining(part)) or "?"
        written.append(form)
    return "".join(written), error.end


codecs.register_error(PLAIN_ERRORS, plain)


def fit_output() -> None:
    """Make standard output and error write what their encoding lacks in plain form instead of
    failing: done once when the command line starts."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is None or shows(stream, SUIT_SYMBOLS + "".join(_PLAIN) + "áéíóúñÓ"):
            continue
        try:
            reconfigure(errors=PLAIN_ERRORS)
        except (ValueError, OSError):
            pass


def mute(stream: TextIO) -> None:
    """After a write failed because the terminal or the reader is gone: whatever is still buffered
    for it goes nowhere, so that leaving Python does not fail again flushing it (and exit with 120)."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        return
    try:
        os.dup2(null, stream.fileno())
    except (OSError, ValueError, AttributeError):
        pass
    finally:
        os.close(null)


def console() -> Any:
    """rich's console on the standard output. A reader that goes away (`| head`) ends the command
    as it ends every other, with status 141 (`cli.main` answers the BrokenPipeError): rich's own
    answer is to exit with status 1, the status of a failure."""
    return _piped_console()()


@functools.cache
def _piped_console() -> Any:
    from rich.console import Console

    class PipedConsole(Console):
        def on_broken_pipe(self) -> None:
            self.quiet = True
            mute(sys.stdout)
            raise BrokenPipeError

    return PipedConsole
