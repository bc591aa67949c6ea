"""muggins: a rules engine for the Muggins family of games, with the games written as YAML.

The error classes are offered here for convenience but imported only when first asked for, so
that starting the command line imports nothing before it can handle Ctrl-C (see `launch`)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the classes as they are, for type checkers; imported when first asked for otherwise
    from .errors import ExpressionError, IllegalMoveError, MugginsError, RecordError, RuleError, RuleFileError

__version__ = "0.1.0"

__all__ = ["ExpressionError", "IllegalMoveError", "MugginsError", "RecordError", "RuleError", "RuleFileError"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import errors
        return getattr(errors, name)
    raise AttributeError(f"module 'muggins' has no attribute {name!r}")
