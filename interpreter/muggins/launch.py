"""The console script's entry: the command line is imported inside the handling of Ctrl-C and
SIGTERM, so that stopping the program at any moment, during start-up too, ends with one line and
exit status 130 (Ctrl-C) or 143 (SIGTERM), never a traceback."""
from __future__ import annotations

import signal
import sys
from types import FrameType

from .errors import Terminated

EXIT_INTERRUPTED, EXIT_TERMINATED = 130, 143


def _terminated(signum: int, frame: FrameType | None) -> None:
    raise Terminated()


def main() -> int:
    signal.signal(signal.SIGTERM, _terminated)
    try:
        from .cli import main as run
        return run()
    except Terminated:
        print("muggins: stopped (SIGTERM)", file=sys.stderr)
        return EXIT_TERMINATED
    except KeyboardInterrupt:
        print("muggins: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
