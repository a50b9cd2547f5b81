"""Gan Deng Yan plays: cards with the combination they read as.

A :class:`Play` is a single, pair, run, pair run, bomb or the joker bomb
(docs/gdy_rules.md §2-4); the pass is ``Play.PASS``. The same cards can make
two plays (``5 6 JK JK``: the run 5-8 or the pairs 5-6), so a play is its
cards and its reading together. :func:`legal_plays` lists a hand's plays,
computed by the core.

    >>> from guandan.gdy import legal_plays, Cards
    >>> [p.describe() for p in legal_plays("5 6 JK JK") if len(p) == 4]
    ['run 5-8', 'pairs 5-6']
    >>> table = legal_plays("4 5 6")[-1]
    >>> table.describe(), [str(p) for p in legal_plays("5 6 7 2", table)]
    ('run 4-6', ['pass', '5 6 7'])
"""

from __future__ import annotations

from typing import List, Optional, Union

from .._core import gdy as core_gdy  # the core's Gan Deng Yan
from .cards import JOKER, RANK_NAMES, Cards, CardsLike

KIND_NAMES = ("pass", "single", "pair", "run", "pair_run", "bomb", "joker_bomb")
_KIND_SHIFT, _RANK_SHIFT = 56, 60
_NUMBERS = {3: "three", 4: "four", 5: "five", 6: "six"}


class Play:
    """A play (or the pass): compare with ==, show with str() or describe()."""

    __slots__ = ("_word",)
    _word: int
    PASS: "Play"

    def __init__(self, word: int) -> None:
        if not isinstance(word, int) or isinstance(word, bool):
            raise TypeError(f"a play word is an int, got {word!r}")
        if word < 0 or word >= 1 << 64 or (word and not core_gdy.is_reading(word)):
            raise ValueError(f"{word:#x} is not a Gan Deng Yan play")
        self._word = word

    @property
    def word(self) -> int:
        return self._word

    @property
    def kind(self) -> str:
        """'pass', 'single', 'pair', 'run', 'pair_run', 'bomb' or 'joker_bomb'."""
        return KIND_NAMES[(self._word >> _KIND_SHIFT) & 0xF]

    @property
    def rank(self) -> Optional[str]:
        """The rank the cards read as (a run's top rank); 'JK' for the joker bomb; None for the pass."""
        if self.is_pass:
            return None
        r = self._word >> _RANK_SHIFT
        return JOKER if r == 13 else RANK_NAMES[r]

    @property
    def cards(self) -> Cards:
        return Cards.from_word(self._word & ((1 << 54) - 1))

    @property
    def is_pass(self) -> bool:
        return self._word == 0

    @property
    def is_bomb(self) -> bool:
        return self.kind in ("bomb", "joker_bomb")

    def __len__(self) -> int:
        return len(self.cards)

    def describe(self) -> str:
        """In words: 'single 7', 'pair of Ks', 'run 5-8', 'pairs 5-6', 'bomb of four 9s', 'joker bomb'."""
        kind, rank = self.kind, self.rank
        if kind == "pass":
            return "pass"
        if kind == "joker_bomb":
            return "joker bomb"
        top = RANK_NAMES.index(rank)  # type: ignore[arg-type]
        if kind == "single":
            return f"single {rank}" + (" (joker)" if self.cards.jokers else "")
        if kind == "pair":
            return f"pair of {rank}s"
        if kind == "run":
            return f"run {RANK_NAMES[top - len(self) + 1]}-{rank}"
        if kind == "pair_run":
            return f"pairs {RANK_NAMES[top - len(self) // 2 + 1]}-{rank}"
        return f"bomb of {_NUMBERS[len(self)]} {rank}s"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Play) and other._word == self._word

    def __hash__(self) -> int:
        return hash(("gdy.Play", self._word))

    def __str__(self) -> str:
        return "pass" if self.is_pass else str(self.cards)

    def __repr__(self) -> str:
        return "Play.PASS" if self.is_pass else f"<Play {self.describe()}: {self}>"


Play.PASS = Play(0)


def play_from_core(word: int) -> Play:
    """A play word the core listed: already a legal reading, so not checked again."""
    play = Play.__new__(Play)
    play._word = word
    return play


def _hand_word(hand: CardsLike) -> int:
    return Cards(hand).word


def legal_plays(hand: CardsLike, table: Optional[Play] = None) -> List[Play]:
    """Every play of ``hand``: leading (``table`` None) or following ``table``
    (then the pass comes first). A lone joker is a play only as the whole
    hand (a single 2)."""
    if table is not None and not isinstance(table, Play):
        raise TypeError(f"table must be a Play or None, got {table!r}")
    if table is not None and table.is_pass:
        table = None
    return [play_from_core(w) for w in core_gdy.legal_plays(_hand_word(hand), 0 if table is None else table.word)]


def beats(play: Play, table: Play) -> bool:
    """Whether ``play`` beats ``table`` (docs/gdy_rules.md §4)."""
    for name, value in (("play", play), ("table", table)):
        if not isinstance(value, Play):
            raise TypeError(f"{name} must be a Play, got {value!r}")
    return bool(core_gdy.beats(play.word, table.word))


PlayLike = Union[Play, str]

_KIND_WORDS = {"run": "run", "runs": "run", "pairs": "pair_run", "pair_run": "pair_run", "pair-run": "pair_run"}


def choose_play(text: PlayLike, options: List[Play]) -> Play:
    """The play among ``options`` that ``text`` names: 'pass' (or 'p'), the
    cards ('5 6 JK'), or, for cards with two readings, the kind first
    ('run 5 6 JK JK', 'pairs 5 6 JK JK'). ValueError says why none fits."""
    if isinstance(text, Play):
        if text in options:
            return text
        raise ValueError(f"{text.describe()} is not a legal play here")
    if not isinstance(text, str):
        raise TypeError(f"a play is a Play or text such as '5 6 7' or 'pass', got {text!r}")
    words = text.strip().lower().split()
    if words in (["pass"], ["p"]):
        if Play.PASS in options:
            return Play.PASS
        raise ValueError("you lead, so you cannot pass")
    kind = None
    if words and words[0] in _KIND_WORDS:
        kind = _KIND_WORDS[words.pop(0)]
    if not words:
        raise ValueError("name the cards to play, or 'pass'")
    cards = Cards(" ".join(words))
    matches = [p for p in options if p.cards == cards and (kind is None or p.kind == kind)]
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1:
        readings = " or ".join(f"'{'run' if p.kind == 'run' else 'pairs'} {cards}'" for p in matches)
        raise ValueError(f"{cards} can be played two ways: type {readings}")
    if any(p.cards == cards for p in options):
        raise ValueError(f"{cards} cannot be played as a {kind}")
    raise ValueError(f"{cards} is not a legal play here")


__all__ = ["KIND_NAMES", "Play", "legal_plays", "beats", "choose_play"]
