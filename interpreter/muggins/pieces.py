"""Frozen value objects for the pieces: domino tiles and playing cards, and the sets they form.

A piece never knows game rules; a set is derived entirely from the rule file's `pieces` section.

Construction refuses what can never be a piece in any game (a negative or non-integer half, a
rank below 1, a suit that is not one capital letter, a number of more than MAX_PIECE_DIGITS
digits); whether a piece belongs to a game's set is checked where the game uses it (a move, a
set's `parse`, a deck's `name`), always with IllegalMoveError. Text is read with the number of
digits bounded before any conversion, so no input reaches Python's integer-string limit.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import IllegalMoveError
from .messages import Said, illegal

MAX_PIECE_DIGITS = 4  # digits of a pip count or rank number: far above any set (highest_pip <= 18)
_MAX_NUMBER = 10 ** MAX_PIECE_DIGITS - 1
MAX_SHOWN = 40        # characters of a refused text quoted back in a message

_TILE = re.compile(r"\s*\[?\s*([0-9]+)\s*[-|:/ ]\s*([0-9]+)\s*\]?\s*\Z")


def shown(text: str) -> str:
    """`text` as a message quotes it: at most MAX_SHOWN characters."""
    return text if len(text) <= MAX_SHOWN else text[:MAX_SHOWN - 3] + "..."


def safe_repr(value: object) -> str:
    """repr(value) shortened, even for an integer too long for Python to print."""
    try:
        return shown(repr(value))
    except ValueError:
        return "a number too long to print"


def _whole(value: object, least: int) -> bool:
    return type(value) is int and least <= value <= _MAX_NUMBER


@dataclass(frozen=True, slots=True, order=True)
class Tile:
    """A domino tile, stored low half first so [4|1] and [1|4] are the same tile."""

    low: int
    high: int

    def __post_init__(self) -> None:
        if not (_whole(self.low, 0) and _whole(self.high, 0)):
            raise IllegalMoveError(f"not a tile: Tile({safe_repr(self.low)}, {safe_repr(self.high)}) "
                                   f"(each half is a whole number of pips from 0 to {_MAX_NUMBER})")
        if self.low > self.high:
            low, high = self.high, self.low
            object.__setattr__(self, "low", low)
            object.__setattr__(self, "high", high)

    @property
    def pips(self) -> int:
        return self.low + self.high

    @property
    def is_double(self) -> bool:
        return self.low == self.high

    def __str__(self) -> str:
        return f"[{self.low}|{self.high}]"

    @staticmethod
    def shaped(text: str) -> bool:
        """Whether `text` is written like a tile, whatever the size of its numbers."""
        return isinstance(text, str) and _TILE.match(text) is not None

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read `6-6`, `[3|4]`, `3|4` or `3:4`; raises IllegalMoveError on anything else."""
        match = _TILE.match(text) if isinstance(text, str) else None
        if not match or max(len(match.group(1)), len(match.group(2))) > MAX_PIECE_DIGITS:
            raise illegal("not_a_tile", text=shown(str(text)))
        return cls(int(match.group(1)), int(match.group(2)))


@dataclass(frozen=True)
class TileSet:
    """Every pair of pip counts from 0 to `highest_pip`, once: double-six has 28 tiles."""

    highest_pip: int

    @property
    def tiles(self) -> tuple[Tile, ...]:
        n = self.highest_pip
        return tuple(Tile(low, high) for high in range(n + 1) for low in range(high + 1))

    def __len__(self) -> int:
        n = self.highest_pip + 1
        return n * (n + 1) // 2

    def check(self, tile: Tile) -> None:
        """Raise IllegalMoveError unless `tile` is a tile of this set."""
        if not isinstance(tile, Tile):
            hint = " (a text: make its Tile with rules.pieces.parse)" if isinstance(tile, str) else ""
            raise IllegalMoveError(f"not a tile: {safe_repr(tile)}{hint}")
        if tile.high > self.highest_pip:
            raise illegal("not_in_set", tile=tile, highest=self.highest_pip)

    def code(self, tile: Tile) -> str:
        """`[3|4]`: a tile as records and scenarios' results write it, as a deck's `code` writes a card."""
        self.check(tile)
        return str(tile)

    def parse(self, text: str) -> Tile:
        tile = Tile.parse(text)
        if tile.high > self.highest_pip:
            raise illegal("not_in_set", tile=tile, highest=self.highest_pip)
        return tile


# The standard deck's suit letters (as rule files and records write them), their symbols and their
# words. Rank letters are the same in both languages: French-suited cards sold in Spain print A, J,
# Q, K (As, Jota, Reina, Rey), so `J♠` reads alike in English and Spanish. Suit letters are not:
# a Spanish reader takes C for corazones, so a person writing or reading letters (`--ascii`, a typed
# card) uses their language's initials: 5H in English is 5C in Spanish (T tréboles, D diamantes,
# C corazones, P picas). Records keep the English letters in every language. All this holds for a
# deck whose suits are all French letters; another deck's letters are the rule file's own (a Spanish
# deck's O, C, E, B: its C is copas), shown and read as written in every language.
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_LETTERS = {"en": {"C": "C", "D": "D", "H": "H", "S": "S"},
                "es": {"C": "T", "D": "D", "H": "C", "S": "P"}}
_SYMBOL_SUITS = {"♣": "C", "♧": "C", "♦": "D", "♢": "D", "♥": "H", "♡": "H", "♠": "S", "♤": "S"}
SUIT_WORDS = {"en": {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"},
              "es": {"C": "tréboles", "D": "diamantes", "H": "corazones", "S": "picas"}}
RANK_WORDS = {"en": {"A": "ace", "J": "jack", "Q": "queen", "K": "king"},
              "es": {"A": "as", "J": "jota", "Q": "reina", "K": "rey"}}
_READ_SUITS = {"club": "C", "clubs": "C", "diamond": "D", "diamonds": "D", "heart": "H", "hearts": "H",
               "spade": "S", "spades": "S", "trébol": "C", "tréboles": "C", "trebol": "C", "treboles": "C",
               "diamante": "D", "diamantes": "D", "rombo": "D", "rombos": "D", "corazón": "H", "corazones": "H",
               "corazon": "H", "pica": "S", "picas": "S"}
_READ_RANKS = {"ace": "A", "jack": "J", "queen": "Q", "king": "K", "as": "A", "jota": "J", "reina": "Q", "rey": "K"}
_OF = re.compile(r"(.+?)\s+(?:of|de)\s+(?:the\s+)?(.+)")


def suit_letter(suit: str, lang: str | None = None) -> str:
    """The letter a person writes for a deck's suit in `lang` (`H` -> `C` in Spanish); records
    (no `lang`) and suits other than the standard four keep the rule file's letter."""
    return SUIT_LETTERS.get(lang or "en", SUIT_LETTERS["en"]).get(suit, suit)


def ascii_cards(text: str, lang: str = "en") -> str:
    """`text` with every suit symbol written as its letter in `lang` (`5♥` -> `5H`, in Spanish
    `5C`), for `--ascii`; a list of suits offered as symbols or letters (`♣ ♦ ♥ ♠ or C D H S`)
    is then one list said twice, so it is said once."""
    return _SAME_LIST.sub(r"\1", text.translate(_ASCII.get(lang, _ASCII["en"])))


_SAME_LIST = re.compile(r"\b([A-Z](?: [A-Z])+) (?:or|o) \1\b")


_ASCII = {lang: str.maketrans({symbol: suit_letter(suit, lang) for symbol, suit in _SYMBOL_SUITS.items()})
          for lang in SUIT_LETTERS}


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A playing card: `rank` is the position in the deck's rank list (1 = lowest), `suit` a letter."""

    rank: int
    suit: str

    def __post_init__(self) -> None:
        suit = self.suit
        if not _whole(self.rank, 1) or not (isinstance(suit, str) and len(suit) == 1 and "A" <= suit <= "Z"):
            raise IllegalMoveError(f"not a card: Card({safe_repr(self.rank)}, {safe_repr(self.suit)}) (the rank is "
                                   f"its position in the deck's ranks, from 1; the suit one capital letter)")


@dataclass(frozen=True)
class Deck:
    """One card of every rank in every suit, with each rank's value from the rule file."""

    suits: tuple[str, ...]
    ranks: tuple[str, ...]
    values: tuple[int, ...]  # values[rank - 1]

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(Card(rank, suit) for suit in self.suits for rank in range(1, len(self.ranks) + 1))

    def __len__(self) -> int:
        return len(self.suits) * len(self.ranks)

    @property
    def french(self) -> bool:
        """Whether every suit is a French suit's letter: only then are they shown with symbols and
        read in the standard suits' words and in each language's initials."""
        return all(suit in SUIT_SYMBOLS for suit in self.suits)

    def letter(self, suit: str, lang: str | None = None) -> str:
        """The letter a person writes for `suit` in `lang` (`suit_letter` for a French deck)."""
        return suit_letter(suit, lang) if self.french else suit

    def symbol(self, suit: str) -> str:
        """How a card shows `suit`: the French symbol, or the rule file's letter."""
        return SUIT_SYMBOLS[suit] if self.french else suit

    def check(self, card: Card) -> None:
        """Raise IllegalMoveError unless `card` is a card of this deck."""
        if isinstance(card, str):
            raise IllegalMoveError(f"{safe_repr(card)} is a text, not a Card: make its Card with rules.pieces.parse")
        if not (isinstance(card, Card) and card.rank <= len(self.ranks) and card.suit in self.suits):
            raise IllegalMoveError(f"{safe_repr(card)} is not a card of this deck (ranks 1 to {len(self.ranks)}: "
                                   f"{' '.join(self.ranks)}; suits {' '.join(self.suits)})")

    def value(self, card: Card) -> int:
        self.check(card)
        return self.values[card.rank - 1]

    def code(self, card: Card) -> str:
        """`10H`: the rank and the suit letter, as records and scenarios write a card in every language."""
        self.check(card)
        return f"{self.ranks[card.rank - 1]}{card.suit}"

    def name(self, card: Card) -> str:
        """`10♥`, `J♠`: a card as shown to people (the suit letter in a deck that is not French)."""
        self.check(card)
        return f"{self.ranks[card.rank - 1]}{self.symbol(card.suit)}"

    def long_name(self, card: Card, lang: str = "en") -> str:
        """`4 of clubs`, `ace of spades`, `as de picas`: the standard deck's words, else the short name."""
        self.check(card)
        if not self.french:
            return self.name(card)
        rank = self.ranks[card.rank - 1]
        suit = SUIT_WORDS.get(lang, SUIT_WORDS["en"])[card.suit]
        rank_word = RANK_WORDS.get(lang, RANK_WORDS["en"]).get(rank, rank)
        return f"{rank_word} de {suit}" if lang == "es" else f"{rank_word} of {suit}"

    def examples(self) -> tuple[Card, Card]:
        """Two cards a hint names: 5♥ and 10♠ where the deck has them, else its own nearest (the
        first rank or suit for the 5 and the hearts, the last for the 10 and the spades)."""
        def card(rank: str, suit: str, last: bool) -> Card:
            ranks, suits = self.ranks, self.suits
            return Card(ranks.index(rank) + 1 if rank in ranks else len(ranks) if last else 1,
                        suit if suit in suits else suits[-1] if last else suits[0])
        return card("5", "H", False), card("10", "S", True)

    def typed(self, card: Card, lang: str | None = None) -> str:
        """`5h` (`5c` in Spanish): a card as a person types it in `lang`, the suit's letter in lower case."""
        return self.ranks[card.rank - 1] + self.letter(card.suit, lang).lower()

    def parse(self, text: str, lang: str | None = None) -> Card:
        """Read a card in any spelling shown: `10H`, `5h`, `5♥`, `5 ♥`, `as` (ace of spades),
        `5 of hearts`, `5 de corazones`, `jota de picas`; raises IllegalMoveError. Symbols and words
        read alike in every language; a suit letter is read in `lang`, as a person types it
        (`9c` is 9♥ in Spanish), and without `lang` as records write it (`9C` is 9♣)."""
        card = self._read(text, lang) if isinstance(text, str) and len(text) <= MAX_SHOWN else None
        if card is not None:
            return card
        if not self.french:  # the hint names a card of this deck, and its suits once, as written
            raise illegal("not_a_deck_card", text=shown(str(text)), ranks=" ".join(self.ranks),
                          suits=" ".join(self.suits), example=self.ranks[0] + self.suits[0])
        example = self.examples()[0]
        raise illegal("not_a_card", text=shown(str(text)), ranks=" ".join(self.ranks),
                      suits=" ".join(SUIT_SYMBOLS[s] for s in self.suits),
                      letters=" ".join(suit_letter(s, lang) for s in self.suits), card=self.name(example),
                      example=self.typed(example, lang),
                      words=Said(self.long_name(example), es=self.long_name(example, "es")) if lang is None
                      else self.long_name(example, lang))

    def _read(self, text: str, lang: str | None = None) -> Card | None:
        cleaned = " ".join(text.replace("\ufe0f", "").split()).lower()
        letters = {self.letter(s, lang): s for s in self.suits}
        french = self.french
        words = _OF.fullmatch(cleaned)
        if words:
            named = words.group(2)
            standard = (_READ_SUITS.get(named) or _SYMBOL_SUITS.get(named)) if french else None
            suit = standard or letters.get(named.upper(), "")
            rank_text = words.group(1)
        elif french and cleaned[-1:] in _SYMBOL_SUITS:
            rank_text, suit = cleaned[:-1].strip(), _SYMBOL_SUITS[cleaned[-1]]
        elif len(cleaned) >= 2:
            rank_text, suit = cleaned[:-1], letters.get(cleaned[-1].upper(), "")
        else:
            return None
        rank_text = _READ_RANKS.get(rank_text, rank_text).upper()
        if suit not in self.suits or rank_text not in self.ranks:
            return None
        return Card(self.ranks.index(rank_text) + 1, suit)
