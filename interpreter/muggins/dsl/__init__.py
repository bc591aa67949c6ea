"""The expression language of rule files: conditions and formulas over named game values."""
from .compiler import (Context, Expression, LastValues, Type, compile_expression, compile_scoring, decided,
                       fails_somewhere, lift, lifted, lookup, round_down, round_nearest, round_up, tabulate)

__all__ = ["Context", "Expression", "LastValues", "Type", "compile_expression", "compile_scoring", "decided",
           "fails_somewhere", "lift", "lifted", "lookup", "round_down", "round_nearest", "round_up", "tabulate"]
