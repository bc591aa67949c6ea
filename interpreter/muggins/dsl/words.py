"""Expressions in words: any compiled condition or formula as an English or Spanish phrase.

The parse tree of an expression (the grammar of `grammar.lark`, parsed by the compiler's own
parser) is read back into noun phrases (numbers and lists) and clauses (conditions), with the
names of the place where the expression is written taken from a glossary: what each name means,
its gender and number in Spanish, and, for the names that count things, how "there are N of
them" is said. Common shapes get their idioms ("x % 5 == 0" is "x is a multiple of 5",
"x > 0 and x % 5 == 0" "x is a positive multiple of 5", "min(card.rank, 10)" "the card's rank,
at most 10"); everything else is still said in words, never in the language's own tokens.
Negation is pushed down to the comparisons (De Morgan), so "not" never needs a subjunctive.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any, Mapping, Union

from lark import Tree

from .compiler import Expression, parsed


@dataclass(frozen=True)
class Noun:
    """A name that is a number: its phrase with the article, and, in Spanish, its gender.
    `counted` says "there are N of them" (singular, plural; `{n}` is the quantity)."""

    text: str
    fem: bool = False
    plural: bool = False
    counted: tuple[str, str] | None = None


@dataclass(frozen=True)
class Condition:
    """A name that is a condition: the clause saying it holds, and the one saying it does not."""

    yes: str
    no: str


@dataclass(frozen=True)
class Series:
    """A name that is a list: one `attr` (rank, pips) of each `item` (card, tile) of `where`
    (the pile), oldest first; `place` follows the item ("in the pile", "de la pila")."""

    attr: tuple[str, str]
    item: tuple[str, str]
    where: str
    place: str
    attr_fem: bool = False
    item_fem: bool = False


Term = Union[Noun, Condition, Series]
Glossary = Mapping[str, Term]


@dataclass
class _NP:
    """A number or a list as a noun phrase."""

    text: str
    fem: bool = False
    plural: bool = False
    open: bool = False                  # ends in a modifier: a following operator needs a comma
    literal: int | None = None
    counted: tuple[str, str] | None = None
    op: str | None = None               # + - * when it is such an operation (for grouping)
    terms: list["_NP"] = field(default_factory=list)
    mod: tuple["_NP", "_NP"] | None = None      # x % k: (x, k)
    minus: tuple["_NP", "_NP"] | None = None    # a - b: (a, b)
    series: Series | None = None
    last: "_NP | None" = None
    items: list["_NP"] | None = None    # a list literal
    conditional: bool = False
    runs: tuple[str, Series] | None = None   # same_at_end / run_at_end of a glossary list


@dataclass
class _Clause:
    """A condition as a clause; `subject` and `pred` let clauses about one subject share it."""

    text: str
    subject: str | None = None
    pred: str = ""
    tags: tuple = ()
    junction: str | None = None
    parts: list[str] = field(default_factory=list)


_OPPOSITE = {"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">", "in": "not in", "not in": "in"}
_MIRROR = {"<": ">", ">": "<", "<=": ">=", ">=": "<=", "==": "==", "!=": "!="}

_T = {
    "en": {
        "and": "and", "or": "or", "nor": "or", "always": "always", "never": "never",
        "plus": "plus", "minus": "minus", "times": "times", "twice": "twice {x}", "thrice": "three times {x}",
        "k_times": "{k} times {x}", "neg": "minus {x}",
        "than_itself": "{k} {more} than that", "less": "less", "more": "more", "one": "one",
        "sum_of": "the sum of {x}", "product_of": "the product of {x}", "result_of": "the result of {x}",
        "fits": "the number of times {k} fits in {x}", "quotient": "the whole part of {x} divided by {k}",
        "remainder": "the remainder of {x} divided by {k}",
        "if": "{a} if {c}", "otherwise": "otherwise {b}",
        "at_most": "{x}, at most {k}", "at_least": "{x}, at least {k}",
        "smaller": "the smaller of {x}", "smallest": "the smallest of {x}",
        "larger": "the larger of {x}", "largest": "the largest of {x}",
        "difference": "the difference between {a} and {b}", "abs": "the absolute value of {x}",
        "round_nearest": "{x}, rounded to the nearest multiple of {k}",
        "round_down": "{x}, rounded down to a multiple of {k}", "round_up": "{x}, rounded up to a multiple of {k}",
        "iff": "{a} if and only if {b}", "xor": "{a} or {b}, but not both",
        "cond_then": "{c} and {a}, or else {n} and {b}",
        "either": "either {x}", "both": "both {x}", "all": "all of {x}",
        "list_sum": "the total of {x}", "list_count": "the number of values in {x}",
        "list_last": "the last {n} of {x}", "list_last_many": "the last values of {x}, as many as {n}", "list_distinct": "the number of different values in {x}",
        "list_same": "the number of values at the end of {x} equal to the last one",
        "list_run": "the length of the longest run of consecutive values, in any order, at the end of {x} (0 if under 3)",
        "list_min": "the smallest of {x}", "list_max": "the largest of {x}",
        "unknown": "the {x}",
    },
    "es": {
        "and": "y", "or": "o", "nor": "ni", "always": "siempre", "never": "nunca",
        "plus": "más", "minus": "menos", "times": "por", "twice": "el doble de {x}", "thrice": "el triple de {x}",
        "k_times": "{k} veces {x}", "neg": "menos {x}",
        "than_itself": "{k} {more} que ese número", "less": "menos", "more": "más", "one": "uno",
        "sum_of": "la suma de {x}", "product_of": "el producto de {x}", "result_of": "el resultado de {x}",
        "fits": "el número de veces que cabe {k} en {x}", "quotient": "la parte entera de {x} entre {k}",
        "remainder": "el resto de dividir {x} entre {k}",
        "if": "{a} si {c}", "otherwise": "si no, {b}",
        "at_most": "{x}, como máximo {k}", "at_least": "{x}, como mínimo {k}",
        "smaller": "el menor entre {x}", "smallest": "el menor de {x}",
        "larger": "el mayor entre {x}", "largest": "el mayor de {x}",
        "difference": "la diferencia entre {a} y {b}", "abs": "el valor absoluto de {x}",
        "round_nearest": "{x}, redondead{o} al múltiplo de {k} más cercano",
        "round_down": "{x}, redondead{o} hacia abajo a un múltiplo de {k}",
        "round_up": "{x}, redondead{o} hacia arriba a un múltiplo de {k}",
        "iff": "{a} si y solo si {b}", "xor": "{a} o {b}, pero no ambas cosas",
        "cond_then": "{c} y {a}, o bien {n} y {b}",
        "either": "ya sea {x}", "both": "tanto {x}", "all": "a la vez {x}",
        "list_sum": "la suma de {x}", "list_count": "el número de valores de {x}",
        "list_last": "los {n} últimos de {x}", "list_last_many": "los últimos valores de {x}, tantos como {n}", "list_distinct": "el número de valores distintos de {x}",
        "list_same": "el número de valores al final de {x} iguales al último",
        "list_run": "la longitud de la escalera más larga de valores consecutivos, en cualquier orden, "
                    "al final de {x} (0 si es de menos de 3)",
        "list_min": "el menor de {x}", "list_max": "el mayor de {x}",
        "unknown": "el valor «{x}»",
    },
}


def verbalize(expression: Expression | str | int | bool, glossary: Glossary, lang: str) -> str:
    """The expression in words: a noun phrase for a number or a list, a clause for a condition."""
    speaker = _Speaker(glossary, lang)
    node = speaker.node(_tree(expression))
    return speaker.finish(node.text)


def verbalize_points(expression: Expression | str | int | bool, glossary: Glossary, lang: str) -> str:
    """A number of points in words: "2 points", "1 punto", or the formula's phrase."""
    speaker = _Speaker(glossary, lang)
    phrase = speaker.node(_tree(expression))
    if isinstance(phrase, _NP) and phrase.literal is not None and not phrase.text.startswith(("minus", "menos")):
        return f"{phrase.literal} " + _counted_noun(lang, "point", phrase.literal)
    return speaker.finish(phrase.text)


def always(expression: Expression | str | int | bool) -> bool:
    """Whether a condition is the literal `true`."""
    tree = _tree(expression)
    return isinstance(tree, Tree) and tree.data == "true"


def _tree(expression: Expression | str | int | bool) -> Any:
    source = expression.source if isinstance(expression, Expression) else expression
    if isinstance(source, bool):
        source = "true" if source else "false"
    return parsed(str(source))


_NOUNS = {"en": {"point": ("point", "points")}, "es": {"point": ("punto", "puntos")}}


def _counted_noun(lang: str, noun: str, n: int) -> str:
    one, many = _NOUNS[lang][noun]
    return one if abs(n) == 1 else many


def join(items: list[str], conjunction: str, lang: str) -> str:
    """`a, b and c`; in Spanish `y` becomes `e` before an i sound, `o` `u` before an o sound."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + f" {conjunction_before(conjunction, items[-1], lang)} {items[-1]}"


def conjunction_before(conjunction: str, word: str, lang: str) -> str:
    """The conjunction as said before `word` (Spanish: "e" for "y" before "i", "u" for "o" before "o")."""
    if lang != "es":
        return conjunction
    low = word.lower()
    if conjunction == "y" and (low.startswith("i") or (low.startswith("hi") and not low.startswith("hie"))):
        return "e"
    if conjunction == "o" and (low.startswith(("o", "ho", "8")) or re.match(r"11(\D|$)", low)):
        return "u"
    return conjunction


class _Speaker:
    """Reads one parse tree back in one language."""

    def __init__(self, glossary: Glossary, lang: str):
        self.glossary = glossary
        self.lang = lang
        self.es = lang == "es"
        self.t = _T[lang]

    def finish(self, text: str) -> str:
        if self.es:
            text = re.sub(r"\bde el\b", "del", text)
            text = re.sub(r"\ba el\b", "al", text)
        return text

    # -- agreement ---------------------------------------------------------------------------

    def be(self, subject: _NP) -> str:
        if self.es:
            return "son" if subject.plural else "es"
        return "are" if subject.plural else "is"

    def agree(self, stem: str, fem: bool, plural: bool) -> str:
        """A Spanish adjective agreeing: `positivo` -> positiva, positivos; `par` -> pares."""
        if stem.endswith("o"):
            return stem[:-1] + ("a" if fem else "o") + ("s" if plural else "")
        return stem + ("es" if plural else "")

    def article(self, fem: bool, plural: bool) -> str:
        return ("las" if plural else "la") if fem else ("los" if plural else "el")

    # -- dispatch ----------------------------------------------------------------------------

    def is_condition(self, node: Any) -> bool:
        if not isinstance(node, Tree):
            return False
        if node.data in ("compare", "and_", "or_", "not_", "true", "false"):
            return True
        if node.data == "name":
            return isinstance(self.glossary.get(self.name_of(node)), Condition)
        if node.data == "ternary":
            return self.is_condition(node.children[0])
        return False

    def node(self, node: Any) -> _NP | _Clause:
        return self.clause(node) if self.is_condition(node) else self.np(node)

    @staticmethod
    def name_of(node: Tree) -> str:
        return ".".join(str(token) for token in node.children)

    # -- noun phrases ------------------------------------------------------------------------

    def np(self, node: Any) -> _NP:
        kind = node.data
        t = self.t
        if kind == "int":
            value = int(node.children[0])
            return _NP(str(value), literal=value)
        if kind == "name":
            return self.name(self.name_of(node))
        if kind == "pos":
            return self.np(node.children[0])
        if kind == "neg":
            inner = self.np(node.children[0])
            if inner.literal is not None:
                return _NP(t["neg"].format(x=inner.text), literal=-inner.literal)
            grouped = self.grouped(inner, ("+", "-", "*"))
            return _NP(t["neg"].format(x=grouped.text), open=grouped.open)
        if kind == "arith":
            children = node.children
            result = self.np(children[0])
            for op, operand in zip(children[1::2], children[2::2]):
                result = self.binary(str(op), result, self.np(operand))
            return result
        if kind == "list":
            items = [self.np(child) for child in node.children if child is not None]
            return _NP(join([i.text for i in items], t["and"], self.lang), plural=True, items=items)
        if kind == "call":
            return self.call(node)
        if kind == "ternary":
            return self.conditional(node)
        if kind in ("true", "false", "compare", "and_", "or_", "not_"):  # a condition where a number is wanted
            return _NP(self.clause(node).text)
        return _NP(t["unknown"].format(x=kind))  # pragma: no cover - the grammar has no other node

    def name(self, name: str) -> _NP:
        term = self.glossary.get(name)
        if isinstance(term, Noun):
            return _NP(term.text, fem=term.fem, plural=term.plural, counted=term.counted)
        if isinstance(term, Series):
            return _NP(self.series_text(term, None), plural=True, series=term, fem=term.attr_fem)
        if isinstance(term, Condition):
            return _NP(term.yes)
        spoken = re.sub(r"[._]+", " ", name).strip()
        return _NP(self.t["unknown"].format(x=spoken))

    def grouped(self, phrase: _NP, ops: tuple[str, ...]) -> _NP:
        """An operation used as an operand, said as one noun ("the sum of a and b")."""
        if phrase.conditional:
            return replace(phrase, text=f"({phrase.text})", open=False, conditional=False)
        if phrase.op not in ops:
            return phrase
        t = self.t
        if phrase.op == "+":
            text = t["sum_of"].format(x=join([p.text for p in phrase.terms], t["and"], self.lang))
            return _NP(text, fem=self.es, open=True)
        if phrase.op == "*" and phrase.terms:
            text = t["product_of"].format(x=join([p.text for p in phrase.terms], t["and"], self.lang))
            return _NP(text, open=True)
        return _NP(t["result_of"].format(x=phrase.text), open=True)

    def binary(self, op: str, left: _NP, right: _NP) -> _NP:
        t = self.t
        if op in ("+", "-"):
            right = self.grouped(right, ("+", "-", "*"))
            left = self.grouped(left, ()) if left.conditional else left
            word = t["plus"] if op == "+" else t["minus"]
            comma = "," if left.open else ""
            terms = (left.terms if left.op == "+" and left.terms else [left]) + [right] if op == "+" else []
            return _NP(f"{left.text}{comma} {word} {right.text}", open=right.open, op=op, terms=terms,
                       minus=(left, right) if op == "-" else None)
        if op == "*":
            than = self.than_itself(left, right)
            if than is not None:
                return than
            for k, x in ((left, right), (right, left)):
                if k.literal is not None and x.literal is None:
                    x = self.grouped(x, ("+", "-", "*"))
                    key = {2: "twice", 3: "thrice"}.get(k.literal, "k_times")
                    return _NP(t[key].format(x=x.text, k=k.text), open=x.open, fem=False)
            left = self.grouped(left, ("+", "-"))
            right = self.grouped(right, ("+", "-", "*"))
            comma = "," if left.open else ""
            terms = (left.terms if left.op == "*" and left.terms else [left]) + [right]
            return _NP(f"{left.text}{comma} {t['times']} {right.text}", open=right.open, op="*", terms=terms)
        left = self.grouped(left, ("+", "-", "*"))
        right = self.grouped(right, ("+", "-", "*"))
        if op == "%":
            return _NP(t["remainder"].format(x=left.text, k=right.text), open=True, mod=(left, right))
        if right.literal is not None and right.literal > 0:
            return _NP(t["fits"].format(x=left.text, k=right.text), open=True)
        return _NP(t["quotient"].format(x=left.text, k=right.text), fem=self.es, open=True)

    def than_itself(self, left: _NP, right: _NP) -> _NP | None:
        """`n * (n - 1)`: "n, times one less than that" (Cribbage's pairs)."""
        if right.minus is not None and right.minus[0].text == left.text and right.minus[1].literal is not None:
            k, key = right.minus[1].literal, "less"
        elif right.op == "+" and len(right.terms) == 2 and right.terms[0].text == left.text \
                and right.terms[1].literal is not None:
            k, key = right.terms[1].literal, "more"
        else:
            return None
        than = self.t["than_itself"].format(k=self.t["one"] if k == 1 else k, more=self.t[key])
        return _NP(f"{left.text}, {self.t['times']} {than}", open=True)

    def conditional(self, node: Tree) -> _NP:
        """`a if c else b if d else e`: "a if c, b if d, otherwise e"."""
        t = self.t
        parts = []
        while isinstance(node, Tree) and node.data == "ternary" and not self.is_condition(node):
            then, condition, node = node.children
            value = self.grouped(self.np(then), ())
            parts.append(t["if"].format(a=value.text, c=self.clause(condition).text))
        last = self.grouped(self.np(node), ())
        parts.append(t["otherwise"].format(b=last.text))
        return _NP((", " if not self.es else "; ").join(parts), open=True, conditional=True)

    # -- functions ---------------------------------------------------------------------------

    def call(self, node: Tree) -> _NP:
        name_token, *rest = node.children
        name = str(name_token)
        args = [child for child in rest if child is not None]
        phrases = [self.np(arg) for arg in args]
        t = self.t
        if name in ("min", "max") and len(phrases) == 1:
            return self.list_extreme(name, phrases[0])
        if name in ("min", "max"):
            if len(phrases) == 2:
                for k, x in ((phrases[1], phrases[0]), (phrases[0], phrases[1])):
                    if k.literal is not None and x.literal is None:
                        key = "at_most" if name == "min" else "at_least"
                        return _NP(t[key].format(x=self.grouped(x, ()).text, k=k.text), fem=x.fem,
                                   plural=x.plural, open=True)
            key = ("smaller" if len(phrases) == 2 else "smallest") if name == "min" else \
                  ("larger" if len(phrases) == 2 else "largest")
            items = [self.grouped(p, ()).text for p in phrases]
            return _NP(t[key].format(x=join(items, t["and"], self.lang)), open=True)
        if name == "abs":
            x = phrases[0]
            if x.minus is not None:
                a, b = x.minus
                return _NP(t["difference"].format(a=a.text, b=b.text), fem=self.es, open=True)
            return _NP(t["abs"].format(x=self.grouped(x, ()).text), open=True)
        if name in ("round_nearest", "round_down", "round_up"):
            x, k = self.grouped(phrases[0], ()), self.grouped(phrases[1], ())
            agreement = self.agree("o", x.fem, x.plural) if self.es else ""
            return _NP(t[name].format(x=x.text, k=k.text, o=agreement), fem=x.fem, plural=x.plural, open=True)
        if name == "last":
            return self.last(phrases[0], phrases[1])
        return self.list_function(name, phrases[0])

    def last(self, values: _NP, n: _NP) -> _NP:
        if values.series is not None and values.last is None:
            one = n.literal == 1
            return _NP(self.series_text(values.series, n), plural=not one, series=values.series, last=n,
                       fem=values.series.attr_fem)
        key = "list_last" if n.literal is not None else "list_last_many"
        return _NP(self.t[key].format(n=self.grouped(n, ()).text, x=values.text), plural=True, open=True)

    def list_extreme(self, name: str, values: _NP) -> _NP:
        t = self.t
        if values.series is not None:
            s = values.series
            if self.es:
                word = self.agree("bajo" if name == "min" else "alto", s.attr_fem, False)
                text = f"{self.article(s.attr_fem, False)} {s.attr[0]} más {word} entre {self.items_text(s, values.last)}"
            else:
                word = "lowest" if name == "min" else "highest"
                text = f"the {word} {s.attr[0]} among {self.items_text(s, values.last)}"
            return _NP(text, fem=self.es and s.attr_fem, open=True)
        return _NP(t["list_min" if name == "min" else "list_max"].format(x=values.text), open=True)

    def list_function(self, name: str, values: _NP) -> _NP:
        t = self.t
        s = values.series
        if name == "sum":
            return _NP(t["list_sum"].format(x=values.text), fem=self.es, open=True)
        if s is None:
            key = {"count": "list_count", "distinct": "list_distinct", "same_at_end": "list_same",
                   "run_at_end": "list_run"}[name]
            return _NP(t[key].format(x=values.text), fem=self.es and name == "run_at_end", open=True)
        attr_sg, attr_pl = s.attr
        item_sg, item_pl = s.item
        if name == "count":
            if values.last is None:
                text = f"el número de {item_pl}{s.place}" if self.es else f"the number of {item_pl}{s.place}"
            else:
                text = (f"el número de {self.items_text(s, values.last)}" if self.es
                        else f"the number of {self.items_text(s, values.last)}")
            return _NP(text, open=True)
        if name == "distinct":
            if self.es:
                text = (f"el número de {attr_pl} {self.agree('distinto', s.attr_fem, True)} entre "
                        f"{self.items_text(s, values.last)}")
            else:
                text = f"the number of different {attr_pl} among {self.items_text(s, values.last)}"
            return _NP(text, open=True)
        where = s.where if values.last is None else self.items_text(s, values.last)
        if name == "same_at_end":
            if self.es:
                text = (f"el número de {item_pl} {self.agree('seguido', s.item_fem, True)} al final de {where} con "
                        f"{self.article(s.attr_fem, False)} {self.agree('mismo', s.attr_fem, False)} {attr_sg} que "
                        f"{self.article(s.item_fem, False)} {self.agree('último', s.item_fem, False)}")
            else:
                text = f"the number of {item_pl} in a row at the end of {where} with the same {attr_sg} as the last one"
            return _NP(text, open=True, runs=("same", s) if values.last is None else None)
        if self.es:
            text = (f"la longitud de la escalera más larga de {attr_pl} {self.agree('consecutivo', s.attr_fem, True)}, "
                    f"en cualquier orden, al final de {where} (0 si es de menos de 3)")
        else:
            text = (f"the length of the longest run of consecutive {attr_pl}, in any order, at the end of {where} "
                    f"(0 if under 3)")
        return _NP(text, fem=self.es, open=True, runs=("run", s) if values.last is None else None)

    def series_text(self, s: Series, last: _NP | None) -> str:
        """"the ranks of the cards in the pile", "the rank of the last card in the pile", ..."""
        attr_sg, attr_pl = s.attr
        if last is not None and last.literal == 1:
            if self.es:
                return f"{self.article(s.attr_fem, False)} {attr_sg} de {self.items_text(s, last)}"
            return f"the {attr_sg} of {self.items_text(s, last)}"
        if self.es:
            return f"{self.article(s.attr_fem, True)} {attr_pl} de {self.items_text(s, last)}"
        return f"the {attr_pl} of {self.items_text(s, last)}"

    def items_text(self, s: Series, last: _NP | None) -> str:
        """"the cards in the pile", "the last 3 cards in the pile", "the last card in the pile"."""
        item_sg, item_pl = s.item
        if self.es:
            if last is None:
                return f"{self.article(s.item_fem, True)} {item_pl}{s.place}"
            if last.literal == 1:
                return f"{self.article(s.item_fem, False)} {self.agree('último', s.item_fem, False)} {item_sg}{s.place}"
            latest = self.agree("último", s.item_fem, True)
            if last.literal is not None:
                return f"{self.article(s.item_fem, True)} {last.text} {latest} {item_pl}{s.place}"
            many = self.agree("tanto", s.item_fem, True)
            return f"{self.article(s.item_fem, True)} {latest} {item_pl}{s.place}, {many} como {last.text}"
        if last is None:
            return f"the {item_pl}{s.place}"
        if last.literal == 1:
            return f"the last {item_sg}{s.place}"
        if last.literal is not None:
            return f"the last {last.text} {item_pl}{s.place}"
        return f"the last {item_pl}{s.place}, as many as {last.text}"

    # -- clauses -----------------------------------------------------------------------------

    def clause(self, node: Any, negated: bool = False) -> _Clause:
        kind = node.data
        t = self.t
        if kind in ("true", "false"):
            return _Clause(t["always"] if (kind == "true") != negated else t["never"])
        if kind == "name":
            term = self.glossary.get(self.name_of(node))
            if isinstance(term, Condition):
                return _Clause(term.no if negated else term.yes)
            return _Clause(self.name(self.name_of(node)).text)
        if kind == "not_":
            return self.clause(node.children[0], not negated)
        if kind in ("and_", "or_"):
            conjunction = "and" if (kind == "and_") != negated else "or"
            return self.junction([self.clause(child, negated) for child in node.children], conjunction)
        if kind == "ternary":
            then, condition, otherwise = node.children
            text = t["cond_then"].format(c=self.clause(condition).text, a=self.clause(then, negated).text,
                                         n=self.clause(condition, True).text, b=self.clause(otherwise, negated).text)
            return _Clause(text)
        if kind == "compare":
            return self.compare(node, negated)
        return _Clause(self.np(node).text)  # pragma: no cover - a number is never a condition once checked

    def junction(self, clauses: list[_Clause], conjunction: str) -> _Clause:
        t = self.t
        merged: list[_Clause] = []
        for clause in clauses:
            if merged and clause.subject is not None and merged[-1].subject == clause.subject and not clause.junction:
                merged[-1] = self.merge(merged[-1], clause, conjunction)
            else:
                merged.append(clause)
        if len(merged) == 1:
            return merged[0]
        nested = False
        texts = []
        for clause in merged:
            if clause.junction and clause.junction != conjunction and clause.parts:
                nested = True
                inner = t[clause.junction]
                if clause.junction == "or":
                    texts.append(t["either"].format(x=join(clause.parts, inner, self.lang)))
                elif len(clause.parts) == 2:
                    second = "como" if self.es else "and"
                    texts.append(t["both"].format(x=f"{clause.parts[0]} {second} {clause.parts[1]}"))
                else:
                    texts.append(t["all"].format(x=join(clause.parts, inner, self.lang)))
            else:
                texts.append(clause.text)
        word = t[conjunction]
        if nested:
            text = ", ".join(texts[:-1]) + f", {conjunction_before(word, texts[-1], self.lang)} {texts[-1]}"
        else:
            text = join(texts, word, self.lang)
        return _Clause(text, junction=conjunction, parts=texts)

    def merge(self, first: _Clause, second: _Clause, conjunction: str) -> _Clause:
        """Two clauses about one subject as one: "x is positive and a multiple of 5"."""
        tags = first.tags + second.tags
        signs = [tag for tag in tags if tag[0] == "sign"]
        multiples = [tag for tag in tags if tag[0] == "multiple"]
        if conjunction == "and" and len(tags) == 2 and len(signs) == 1 and len(multiples) == 1:
            plural, k = multiples[0][2], multiples[0][1]
            if self.es:
                head = "múltiplos" if plural else "un múltiplo"
                text = (f"{head} {self.agree('positivo', False, plural)} de {k}" if signs[0][1] == "positive"
                        else f"{head} de {k} distint{'os' if plural else 'o'} de cero")
                pred = f"{'son' if plural else 'es'} {text}"
            else:
                sign = "positive" if signs[0][1] == "positive" else "nonzero"
                pred = f"are {sign} multiples of {k}" if plural else f"is a {sign} multiple of {k}"
            return _Clause(f"{first.subject} {pred}", first.subject, pred)
        copula = ("es ", "son ") if self.es else ("is ", "are ")
        rest = second.pred
        if first.pred.startswith(copula) and rest.startswith(copula):
            rest = rest.split(" ", 1)[1]
        conj = conjunction_before(self.t[conjunction], rest, self.lang)
        pred = f"{first.pred} {conj} {rest}"
        return _Clause(f"{first.subject} {pred}", first.subject, pred)

    def compare(self, node: Tree, negated: bool) -> _Clause:
        children = node.children
        operands = children[0::2]
        ops = [str(op) for op in children[1::2]]
        clauses = [self.pair(operands[i], ops[i], operands[i + 1], negated) for i in range(len(ops))]
        if len(clauses) == 1:
            return clauses[0]
        return self.junction(clauses, "or" if negated else "and")

    def pair(self, left_node: Any, op: str, right_node: Any, negated: bool) -> _Clause:
        t = self.t
        if negated:
            op = _OPPOSITE[op]
        if op in ("==", "!=") and self.is_condition(left_node):
            a, b = self.clause(left_node).text, self.clause(right_node).text
            return _Clause(t["iff" if op == "==" else "xor"].format(a=a, b=b))
        left, right = self.np(left_node), self.np(right_node)
        if op not in ("in", "not in") and left.literal is not None and right.literal is None:
            left, right, op = right, left, _MIRROR[op]
        left = self.grouped(left, ())
        right = self.grouped(right, ())
        idiom = self.idiom(left, op, right)
        if idiom is not None:
            return idiom
        pred = self.predicate(left, op, right)
        return _Clause(f"{left.text} {pred}", left.text, pred, self.tags(left, op, right))

    def tags(self, left: _NP, op: str, right: _NP) -> tuple:
        if right.literal == 0 and op in (">", "!="):
            return (("sign", "positive" if op == ">" else "nonzero"),)
        return ()

    def idiom(self, left: _NP, op: str, right: _NP) -> _Clause | None:
        """The clauses said differently from a plain comparison: counts, multiples, runs."""
        es = self.es
        if left.counted is not None and op in ("==", "<", "<=", ">", ">=", "in"):
            if right.literal is not None:
                quantity = {"==": "{n}", "<": "fewer than {n}", "<=": "at most {n}", ">": "more than {n}",
                            ">=": "at least {n}"} if not es else \
                           {"==": "{n}", "<": "menos de {n}", "<=": "como máximo {n}", ">": "más de {n}",
                            ">=": "al menos {n}"}
                one, many = left.counted
                template = one if right.literal == 1 else many
                return _Clause(template.format(n=quantity[op].format(n=right.text)))
            if op == "in" and right.items is not None and right.items and all(i.literal is not None for i in right.items):
                one, many = left.counted
                template = one if [i.literal for i in right.items] == [1] else many
                return _Clause(template.format(n=join([i.text for i in right.items], self.t["or"], self.lang)))
        if left.mod is not None and op in ("==", "!=") and right.literal is not None:
            x, k = left.mod
            plural, be = x.plural, self.be(x)
            r = right.literal
            if k.literal == 2 and r in (0, 1):
                even = (r == 0) == (op == "==")
                word = (self.agree("par" if even else "impar", x.fem, plural) if es else ("even" if even else "odd"))
                pred = f"{be} {word}"
                return _Clause(f"{x.text} {pred}", x.text, pred)
            if r == 0:
                if es:
                    pred = f"{be} {'múltiplos' if plural else 'múltiplo'} de {k.text}"
                else:
                    pred = f"{be} {'multiples' if plural else 'a multiple'} of {k.text}"
                if op == "!=":
                    pred = f"no {pred}" if es else pred.replace(f"{be} ", f"{be} not ", 1)
                tags = (("multiple", k.text, plural),) if op == "==" else ()
                return _Clause(f"{x.text} {pred}", x.text, pred, tags)
            if es:
                pronoun = ("las" if x.fem else "los") if plural else ("la" if x.fem else "lo")
                pred = f"{'dan' if plural else 'da'} resto {r} al dividir{pronoun} entre {k.text}"
                if op == "!=":
                    pred = "no " + pred
            else:
                verb = "leave" if plural else "leaves"
                if op == "!=":
                    verb = "do not leave" if plural else "does not leave"
                pred = f"{verb} a remainder of {r} when divided by {k.text}"
            return _Clause(f"{x.text} {pred}", x.text, pred)
        if left.runs is not None and right.literal is not None and op in (">=", ">", "<", "<="):
            kind, s = left.runs
            size = right.literal + (1 if op in (">", "<=") else 0)
            holds = op in (">=", ">")
            if kind == "same" and size >= 2:
                if es:
                    items = f"{self.article(s.item_fem, True)} {size} {self.agree('último', s.item_fem, True)} {s.item[1]}{s.place}"
                    verb = "tienen" if holds else "no tienen"
                    same = f"{self.article(s.attr_fem, False)} {self.agree('mismo', s.attr_fem, False)} {s.attr[0]}"
                    return _Clause(f"{items} {verb} {same}")
                verb = "have" if holds else "do not have"
                return _Clause(f"the last {size} {s.item[1]}{s.place} {verb} the same {s.attr[0]}")
            if kind == "run" and size >= 3 and holds:
                if es:
                    items = (f"{self.article(s.item_fem, True)} {self.agree('último', s.item_fem, True)} {size} "
                             f"{s.item[1]} o más{s.place}")
                    return _Clause(f"{items} forman una escalera de {s.attr[1]} "
                                   f"{self.agree('consecutivo', s.attr_fem, True)}, en cualquier orden")
                return _Clause(f"the last {size} or more {s.item[1]}{s.place} make a run of consecutive {s.attr[1]}, "
                               f"in any order")
        return None

    def predicate(self, left: _NP, op: str, right: _NP) -> str:
        """What a comparison says of its left side, agreeing with it."""
        es = self.es
        be = self.be(left)
        fem, plural = left.fem, left.plural
        if op in ("in", "not in"):
            yes = op == "in"
            if right.items is not None:
                if es:
                    options = join([i.text for i in right.items], "o" if yes else "ni", self.lang)
                    return f"{be} {options}" if yes else f"no {be} {options}"
                options = join([i.text for i in right.items], "or", self.lang)
                return f"{be} {options}" if yes else f"{be} not {options}"
            if es:
                estar = "están" if plural else "está"
                return f"{estar} entre {right.text}" if yes else f"no {estar} entre {right.text}"
            return f"{be} among {right.text}" if yes else f"{be} not among {right.text}"
        if right.literal == 0:
            if es:
                no, stem = {">": ("", "positivo"), "<": ("", "negativo"), ">=": ("no ", "negativo"),
                            "<=": ("no ", "positivo"), "==": ("", "cero"), "!=": ("no ", "cero")}[op]
                adjective = stem if stem == "cero" else self.agree(stem, fem, plural)
                return f"{no}{be} {adjective}"
            word = {">": "positive", "<": "negative", ">=": "not negative", "<=": "not positive", "==": "zero",
                    "!=": "not zero"}[op]
            return f"{be} {word}"
        simple = right.literal is not None or right.items is not None
        if es:
            equal = "" if simple else ("iguales a " if plural else "igual a ")
            return {"==": f"{be} {equal}{right.text}", "!=": f"no {be} {equal}{right.text}",
                    "<": f"{be} {'menores' if plural else 'menor'} que {right.text}",
                    ">": f"{be} {'mayores' if plural else 'mayor'} que {right.text}",
                    "<=": f"{be} como máximo {right.text}", ">=": f"{be} como mínimo {right.text}"}[op]
        return {"==": f"{be} {right.text}", "!=": f"{be} not {right.text}", "<": f"{be} less than {right.text}",
                ">": f"{be} more than {right.text}", "<=": f"{be} at most {right.text}",
                ">=": f"{be} at least {right.text}"}[op]
