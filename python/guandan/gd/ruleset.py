"""Rulesets: the rules that differ between variants (docs/rules.md §9.1), as data.

A :class:`Ruleset` is an immutable value with one field per rule that differs
between the published variants. The three presets are ``"pagat"``,
``"standard"`` and ``"app"``; custom rulesets replace fields of a preset::

    >>> from guandan import Ruleset
    >>> Ruleset.preset("standard").advance
    (3, 2, 1)
    >>> house = Ruleset.preset("standard").replace(name="house", failed_attempts_limit=3)
    >>> house.failed_attempts_limit
    3

Anywhere a ruleset is taken, its preset name is accepted too.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal, Optional, Tuple, Union

from .. import _core
from ..common.checks import checked_text
from .names import OUTCOME_NAMES

DealEnd = Literal["team_out", "three_out"]
TributePayers = Literal["last_or_both_losers", "last_only"]
TributeCancel = Literal["both_big_jokers", "all_four_jokers"]
ReturnRule = Literal["any_but_received", "at_most_ten"]
LeaderAfterTribute = Literal["higher_payer", "first_place"]
MatchWin = Literal["declarers_at_ace_1_2_or_1_3", "first_out_at_ace"]

#: The largest number of levels a finish may gain (13 levels: 2..A).
MAX_ADVANCE: int = _core.Rules.MAX_ADVANCE
#: The largest failed_attempts_limit accepted.
MAX_FAILED_ATTEMPTS_LIMIT: int = _core.Rules.MAX_FAILED_ATTEMPTS_LIMIT

#: The fields the C++ core carries, by the same names (all but ``name``), in
#: the order of the core's table of fields (ruleset.h).
CORE_FIELDS: Tuple[str, ...] = tuple(field["name"] for field in _core.Rules.FIELDS)

_OUTCOME_PLACE = {name: index for index, name in enumerate(OUTCOME_NAMES)}


@dataclass(frozen=True)
class Ruleset:
    """One value per row of the ruleset table in docs/rules.md §9.1.

    The C++ ``Ruleset`` (``cpp/include/guandan/ruleset.h``) carries the same
    fields by the same names, all but ``name``. Ranges: ``name`` a non-empty
    str, and a preset's name only with that preset's fields; each
    ``advance`` entry 0..12 (``MAX_ADVANCE``), non-increasing;
    ``failed_attempts_limit`` None (no limit) or 1..100
    (``MAX_FAILED_ATTEMPTS_LIMIT``); the flags are bools; every other field
    one of its strings. Anything else raises TypeError (a wrong type) or
    ValueError (a value out of range), naming the field.
    """

    name: str
    #: Levels gained for a 1-2, 1-3 and 1-4 finish.
    advance: Tuple[int, int, int]
    #: ``team_out``: the deal ends when one team has both players out;
    #: ``three_out``: when three players are out.
    deal_end: DealEnd
    #: ``last_or_both_losers``: after a 1-2 both losers pay, otherwise the
    #: last-place player pays first place; ``last_only``: only last pays first.
    tribute_payers: TributePayers
    #: Whether a wild card can be paid as tribute (it counts as the level rank).
    tribute_wild_allowed: bool
    #: ``both_big_jokers``: the payer(s) holding both big jokers cancel the
    #: tribute; ``all_four_jokers``: the payer holding all four jokers.
    tribute_cancel: TributeCancel
    #: ``any_but_received``: any card but one of the kind just received;
    #: ``at_most_ten``: a card of level order at most 10, else the lowest card.
    return_rule: ReturnRule
    #: Who leads after tribute: the payer of the higher tribute card, or first place.
    leader_after_tribute: LeaderAfterTribute
    #: ``declarers_at_ace_1_2_or_1_3`` or ``first_out_at_ace``.
    match_win: MatchWin
    #: Failed deals as declarers at A that send the team back to 2 (None: no limit).
    failed_attempts_limit: Optional[int]
    #: Declarers at A beaten by a last play of natural Aces only go back to 2.
    all_aces_defeat: bool
    #: Whether one combination may hold both a wild card and a joker.
    wild_with_joker: bool

    def __post_init__(self) -> None:
        checked_text("name", self.name)
        if not self.name.strip():
            raise ValueError("name must be a non-empty str")
        if isinstance(self.advance, list):
            object.__setattr__(self, "advance", tuple(self.advance))
        # Every other field is checked once, by the core's table of fields
        # (ruleset.h): a wrong type raises TypeError, a value out of range
        # ValueError, each naming the field. Text the binding cannot encode
        # is refused here first, where the field can still be named.
        for field in CORE_FIELDS:
            value = getattr(self, field)
            if isinstance(value, str):
                checked_text(field, value)
        rules = _core.Rules(**{field: getattr(self, field) for field in CORE_FIELDS})
        _CORE_RULES[self] = rules
        # A preset's name means that preset (in logs, results and on the
        # command line), so a changed preset needs a name of its own.
        preset = globals().get("_PRESETS", {}).get(self.name.lower())
        if preset is not None and preset.to_dict() != {**self.to_dict(), "name": preset.name}:
            changed = [f for f, v in preset.to_dict().items() if f != "name" and self.to_dict()[f] != v]
            raise ValueError(
                f"name {self.name!r} is the {preset.name} preset's, but these fields differ from it: "
                f"{', '.join(changed)}; give the ruleset its own name"
            )

    def __reduce__(self):
        # Rebuilt through the constructor, which makes the core's copy of the
        # rules (``core``): a process that unpickles a custom ruleset has
        # never built it.
        return (Ruleset.from_dict, (self.to_dict(),))

    def levels_gained(self, outcome: Optional[str]) -> int:
        """Levels the winners gain for a deal's outcome ``"1-2"``, ``"1-3"`` or ``"1-4"``.

        >>> Ruleset.preset("pagat").levels_gained("1-2")
        4
        """
        if outcome not in _OUTCOME_PLACE:
            raise ValueError(f"outcome must be one of {', '.join(OUTCOME_NAMES)}; got {outcome!r}")
        return self.advance[_OUTCOME_PLACE[outcome]]

    @staticmethod
    def preset(name: str) -> "Ruleset":
        """The ruleset called ``name``: ``"pagat"``, ``"standard"``, ``"app"`` or ``"botzone"``."""
        if not isinstance(name, str):
            raise TypeError(f"ruleset name must be a str, got {type(name).__name__}")
        try:
            return _PRESETS[name.lower()]
        except KeyError:
            raise ValueError(f"unknown ruleset {name!r} (expected one of {', '.join(_PRESETS)})") from None

    def replace(self, **changes: object) -> "Ruleset":
        """A copy with some fields replaced (validated like any ruleset)."""
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]

    def to_dict(self) -> dict:
        """The fields as plain JSON-friendly values."""
        data = dataclasses.asdict(self)
        data["advance"] = list(self.advance)
        return data

    @staticmethod
    def from_dict(data: dict) -> "Ruleset":
        """The inverse of to_dict (unknown or missing fields raise ValueError)."""
        if not isinstance(data, dict):
            raise TypeError(f"a ruleset is read from a dict, got {type(data).__name__}")
        names = {f.name for f in dataclasses.fields(Ruleset)}
        if set(data) != names:
            raise ValueError(f"ruleset fields differ: missing {sorted(names - set(data))}, unknown {sorted(set(data) - names)}")
        return Ruleset(**data)

    @property
    def core(self) -> "_core.Rules":
        """The same ruleset as the C++ core takes it."""
        return _CORE_RULES[self]


_CORE_RULES: dict = {}


_PRESETS = {
    "pagat": Ruleset(
        name="pagat",
        advance=(4, 2, 1),
        deal_end="team_out",
        tribute_payers="last_or_both_losers",
        tribute_wild_allowed=False,
        tribute_cancel="both_big_jokers",
        return_rule="any_but_received",
        leader_after_tribute="higher_payer",
        match_win="declarers_at_ace_1_2_or_1_3",
        failed_attempts_limit=3,
        all_aces_defeat=True,
        wild_with_joker=True,
    ),
    "standard": Ruleset(
        name="standard",
        advance=(3, 2, 1),
        deal_end="team_out",
        tribute_payers="last_or_both_losers",
        tribute_wild_allowed=False,
        tribute_cancel="both_big_jokers",
        return_rule="at_most_ten",
        leader_after_tribute="higher_payer",
        match_win="declarers_at_ace_1_2_or_1_3",
        failed_attempts_limit=None,
        all_aces_defeat=False,
        wild_with_joker=True,
    ),
    "app": Ruleset(
        name="app",
        advance=(3, 2, 1),
        deal_end="three_out",
        tribute_payers="last_only",
        tribute_wild_allowed=True,
        tribute_cancel="all_four_jokers",
        return_rule="at_most_ten",
        leader_after_tribute="first_place",
        match_win="first_out_at_ace",
        failed_attempts_limit=None,
        all_aces_defeat=False,
        wild_with_joker=False,
    ),
}

# The ruleset of Botzone's GuanDan ladder (docs/guides/botzone.md, "The
# botzone ruleset"): one deal scored 3/2/1 like standard's advance, and
# standard's value in every field. What its judge does differently lies in
# the tribute steps the fields do not hold (returns of 2 to 9, the leader
# after a single tribute); guandan.botzone.rules plays those.
_PRESETS["botzone"] = _PRESETS["standard"].replace(name="botzone")

#: The presets of the rules reference (docs/rules.md §9.1). ``"botzone"`` is
#: a preset too (``Ruleset.preset("botzone")``) but not a variant of its own.
PRESET_NAMES = ("pagat", "standard", "app")

RulesetLike = Union[Ruleset, str]


def as_ruleset(ruleset: RulesetLike) -> Ruleset:
    """A Ruleset from a Ruleset or a preset name."""
    if isinstance(ruleset, Ruleset):
        return ruleset
    return Ruleset.preset(ruleset)
