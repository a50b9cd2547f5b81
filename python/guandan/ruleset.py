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

from . import _core

DealEnd = Literal["team_out", "three_out"]
TributePayers = Literal["last_or_both_losers", "last_only"]
TributeCancel = Literal["both_big_jokers", "all_four_jokers"]
ReturnRule = Literal["any_but_received", "at_most_ten"]
Leader = Literal["higher_payer", "first_place"]
MatchWin = Literal["declarers_at_ace_1_2_or_1_3", "first_out_at_ace"]

_CHOICES = {
    "deal_end": ("team_out", "three_out"),
    "tribute_payers": ("last_or_both_losers", "last_only"),
    "tribute_cancel": ("both_big_jokers", "all_four_jokers"),
    "return_rule": ("any_but_received", "at_most_ten"),
    "leader_after_tribute": ("higher_payer", "first_place"),
    "match_win": ("declarers_at_ace_1_2_or_1_3", "first_out_at_ace"),
}


@dataclass(frozen=True)
class Ruleset:
    """One value per row of the ruleset table in docs/rules.md §9.1."""

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
    leader_after_tribute: Leader
    #: ``declarers_at_ace_1_2_or_1_3`` or ``first_out_at_ace``.
    match_win: MatchWin
    #: Failed deals as declarers at A that send the team back to 2 (None: no limit).
    failed_attempts_limit: Optional[int]
    #: Declarers at A beaten by a last play of natural Aces only go back to 2.
    all_aces_defeat: bool
    #: Whether one combination may hold both a wild card and a joker.
    wild_with_joker: bool

    def __post_init__(self) -> None:
        for field, allowed in _CHOICES.items():
            value = getattr(self, field)
            if value not in allowed:
                raise ValueError(f"{field} must be one of {', '.join(allowed)}; got {value!r}")
        advance = tuple(self.advance)
        if len(advance) != 3 or not all(isinstance(a, int) and a >= 0 for a in advance):
            raise ValueError(f"advance must be three non-negative integers (1-2, 1-3, 1-4); got {self.advance!r}")
        if not advance[0] >= advance[1] >= advance[2]:
            raise ValueError(f"advance must not reward a worse finish more: {self.advance!r}")
        object.__setattr__(self, "advance", advance)
        limit = self.failed_attempts_limit
        if limit is not None and (not isinstance(limit, int) or limit < 1):
            raise ValueError(f"failed_attempts_limit must be None or a positive integer; got {limit!r}")
        for flag in ("tribute_wild_allowed", "all_aces_defeat", "wild_with_joker"):
            if not isinstance(getattr(self, flag), bool):
                raise ValueError(f"{flag} must be a bool; got {getattr(self, flag)!r}")

    @staticmethod
    def preset(name: str) -> "Ruleset":
        """The ruleset called ``name``: ``"pagat"``, ``"standard"`` or ``"app"``."""
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
        names = {f.name for f in dataclasses.fields(Ruleset)}
        if set(data) != names:
            raise ValueError(f"ruleset fields differ: missing {sorted(names - set(data))}, unknown {sorted(set(data) - names)}")
        return Ruleset(**{**data, "advance": tuple(data["advance"])})

    @property
    def core(self) -> "_core.Rules":
        """The same ruleset as the C++ core takes it."""
        rules = _CORE_RULES.get(self)
        if rules is None:
            rules = _CORE_RULES[self] = _core.Rules(
                advance=list(self.advance),
                deal_ends_three_out=self.deal_end == "three_out",
                tribute_last_only=self.tribute_payers == "last_only",
                tribute_wild_allowed=self.tribute_wild_allowed,
                cancel_needs_all_jokers=self.tribute_cancel == "all_four_jokers",
                return_at_most_ten=self.return_rule == "at_most_ten",
                first_place_leads=self.leader_after_tribute == "first_place",
                win_on_first_out_at_ace=self.match_win == "first_out_at_ace",
                failed_attempts_limit=self.failed_attempts_limit or 0,
                all_aces_defeat=self.all_aces_defeat,
                wild_with_joker=self.wild_with_joker,
            )
        return rules


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

PRESET_NAMES = tuple(_PRESETS)

RulesetLike = Union[Ruleset, str]


def as_ruleset(ruleset: RulesetLike) -> Ruleset:
    """A Ruleset from a Ruleset or a preset name."""
    if isinstance(ruleset, Ruleset):
        return ruleset
    return Ruleset.preset(ruleset)
