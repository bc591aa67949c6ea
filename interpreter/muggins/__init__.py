"""muggins: a rules engine for the Muggins family of games, with the games written as YAML."""
from .errors import ExpressionError, IllegalMoveError, MugginsError, RecordError, RuleError, RuleFileError

__version__ = "0.1.0"

__all__ = ["ExpressionError", "IllegalMoveError", "MugginsError", "RecordError", "RuleError", "RuleFileError"]
