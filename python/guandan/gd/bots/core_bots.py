"""The core's policies as bots (one class per registry policy that has
options of its own), and every bot by name (:data:`BOTS`, :func:`make_bot`)."""

from __future__ import annotations

import random
from typing import Any, Callable, Dict, List, Optional, Sequence, Type

from ... import _core
from ..._core import Card, Move
from ..observation import Observation
from .protocol import Bot
from .simple import RandomBot, SimpleBot


def _bounded_int(name: str, value: int, lowest: int, highest: int, allowed: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} must be an integer, got {value!r}")
    if not lowest <= value <= highest:
        raise ValueError(f"{name} must be {allowed}, got {value}")
    return value


class CoreBot:
    """A bot played by one of the core's policies (``cpp/src/bots/``, one file
    per bot), from the observation alone."""

    def __init__(self, policy: str, seed: Optional[int] = None, rollouts: int = 4000, think_ms: int = 0,
                 threads: int = 1, max_candidates: Optional[int] = None,
                 keep_margin: float = _core.DEFAULT_KEEP_MARGIN) -> None:
        # A policy name, or a spec with the options the core declares for it
        # ("search:keep_worlds=200"): the spec's values win over the
        # arguments below.
        if not isinstance(policy, str) or policy.partition(":")[0] not in _core.policy_names():
            raise ValueError(f"unknown core policy {policy!r} (expected one of {', '.join(_core.policy_names())})")
        self.policy = policy
        # The budget is fixed when the bot is made (the core player holds
        # it), so it is read-only: see the properties below.
        self._rollouts = _bounded_int("rollouts", rollouts, 1, _core.MAX_ROLLOUTS, f"1..{_core.MAX_ROLLOUTS:,}")
        # 0 is no time budget (the playout budget alone).
        self._think_ms = _bounded_int("think_ms", think_ms, 0, _core.MAX_THINK_MS,
                                      f"1..{_core.MAX_THINK_MS:,} (or 0 for none)")
        self._threads = _bounded_int("threads", threads, 1, 64, "1..64")
        # None: the policy's own cut (search: SEARCH_MAX_CANDIDATES, search_v2: DEFAULT_MAX_CANDIDATES).
        self._max_candidates = (None if max_candidates is None else
                                _bounded_int("max_candidates", max_candidates, 0, 1_000, "0 (all)..1,000 or None"))
        if isinstance(keep_margin, bool) or not isinstance(keep_margin, (int, float)):
            raise TypeError(f"keep_margin must be a number of levels, got {type(keep_margin).__name__}")
        if not 0.0 <= keep_margin <= 6.0:
            raise ValueError(f"keep_margin must be 0..6 (levels), got {keep_margin}")
        self._keep_margin = float(keep_margin)
        # One core player for all of this bot's decisions: the planning
        # policy's plans carry over exactly as in the core's playouts.
        self._player = _core.CorePlayer(policy, self._rollouts, self._think_ms, self._threads, self._max_candidates,
                                        self._keep_margin)
        self._seed = seed
        self._rng = random.Random(seed)

    def __reduce__(self):
        # The core player is rebuilt from the options (a pickle or a worker
        # process gets the bot as made, its random stream from the seed).
        return (_rebuilt_core_bot, (type(self), self.policy, self._seed, self._rollouts, self._think_ms,
                                    self._threads, self._max_candidates, self._keep_margin))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.policy!r})"

    @property
    def rollouts(self) -> int:
        """Playouts per decision, at most (search policies)."""
        return self._rollouts

    @property
    def think_ms(self) -> int:
        """Wall-clock budget per decision in milliseconds; 0 for none."""
        return self._think_ms

    @property
    def threads(self) -> int:
        """Threads for one decision."""
        return self._threads

    @property
    def max_candidates(self) -> Optional[int]:
        """Moves the search plays out, at most (0: all; None: the policy's own cut)."""
        return self._max_candidates

    @property
    def keep_margin(self) -> float:
        """Levels another move must score above the planning choice to replace it."""
        return self._keep_margin

    def _view(self, observation: Observation):
        if observation.view is None:
            raise ValueError("a core bot needs an observation from a deal (Deal.observation), which carries the core's view")
        return observation.view

    def choose_move(self, observation: Observation, moves: Sequence[Move], can_pass: bool) -> Optional[Move]:
        choice = self._player.play(self._view(observation), moves, can_pass, self._rng.getrandbits(64))
        return None if choice < 0 else moves[choice]

    def choose_card(self, observation: Observation, options: List[Card]) -> Card:
        return self._player.card(self._view(observation), options, self._rng.getrandbits(64))


def _rebuilt_core_bot(cls: Type["CoreBot"], *arguments: Any) -> "CoreBot":
    bot = cls.__new__(cls)
    CoreBot.__init__(bot, *arguments)
    return bot


class RuleBot(CoreBot):
    """The core's planning player (``cpp/include/guandan/bots/rule.h``):
    splits its hand into the fewest combinations (``planner.h``), leads the
    weakest of them first and keeps control cards for the end, follows with
    what the plan can spare, bombs by tempo, never beats its partner, counts
    the jokers, level cards and bombs still out."""

    POLICY = "rule"

    def __init__(self, seed: Optional[int] = None) -> None:
        super().__init__(self.POLICY, seed)


class RuleV1Bot(CoreBot):
    """The first rule-based player (``cpp/include/guandan/bots/rule_v1.h``), kept
    for comparison: sheds its weakest rank without breaking up pairs,
    triples or bombs, follows with the weakest move that beats, keeps bombs
    for an opponent close to going out."""

    POLICY = "rule_v1"

    def __init__(self, seed: Optional[int] = None) -> None:
        super().__init__(self.POLICY, seed)


class SearchV1Bot(CoreBot):
    """The first determinized Monte Carlo search (``bots/search_v1.h``), kept for
    comparison: scores each distinct move by ``rollouts`` (1..1,000,000)
    ``rule_v1`` playouts in all. Ctrl-C stops a decision within a second."""

    POLICY = "search_v1"

    def __init__(self, seed: Optional[int] = None, rollouts: int = 4000) -> None:
        super().__init__(self.POLICY, seed, rollouts)


class SearchBot(CoreBot):
    """Information-set search v4 (``cpp/include/guandan/bots/search.h``): samples
    the unseen cards consistently with everything public, weighting the
    worlds by how likely the other seats' passes and plays are in them
    (``inference.h``), plays each of at most
    ``max_candidates`` moves (the learned bot's and the planning policy's
    choices first, then the moves that break the fewest combinations; None:
    ``SEARCH_MAX_CANDIDATES``, 12) out with the planning policy for its team
    and planning players of styles drawn per playout for the opponents
    (``plan_style.h``), spending its playouts by sequential halving, and
    plays the learned bot ``net``'s choice unless another move scores more
    than ``keep_margin`` levels better by two standard errors of their
    difference over the same worlds; each kind, size and rank of move is
    read as the cards that keep the rest of the hand in the fewest turns
    (``bots/action_cards.h``); it solves endgames exactly. It stops
    at whichever comes first of ``think_ms`` milliseconds of wall clock per
    decision (1..60,000; 0 for none) and ``rollouts`` playouts
    (1..1,000,000), over ``threads`` threads for one decision (1..64). Without a time budget the choice depends only
    on the seed and the thread count. Ctrl-C stops a decision within a
    second."""

    POLICY = "search"

    def __init__(self, seed: Optional[int] = None, think_ms: int = 100, rollouts: int = _core.MAX_ROLLOUTS,
                 threads: int = 1, max_candidates: Optional[int] = None,
                 keep_margin: float = _core.DEFAULT_KEEP_MARGIN) -> None:
        super().__init__(self.POLICY, seed, rollouts, think_ms, threads, max_candidates, keep_margin)


class SearchV3Bot(SearchBot):
    """Search v3, kept for comparison: :class:`SearchBot` with the planning
    policy's choice as the one to beat and each kind, size and rank of move
    read as its first move (the one spending the fewest wilds); the same
    options."""

    POLICY = "search_v3"


class SearchV2Bot(SearchBot):
    """Search v2, kept for comparison: :class:`SearchBot` with uniform
    worlds, the planning player as it was (``rule_v2``) in every seat of the
    playouts, no exact endgames, any gain over the planning choice enough to
    overrule it, and 24 candidates by default (``DEFAULT_MAX_CANDIDATES``);
    the same options."""

    POLICY = "search_v2"


def _core_bot(policy: str) -> Callable[..., Bot]:
    """The bot class of a core policy: its named subclass if there is one."""
    classes = list(CoreBot.__subclasses__())
    for cls in classes:
        classes.extend(cls.__subclasses__())
        if getattr(cls, "POLICY", None) == policy:
            return cls
    return lambda seed=None: CoreBot(policy, seed)


# The Python bots, then every policy of the core's registry (bots/registry.cpp) not
# already here: a new core policy is a bot without any change in Python.
_PYTHON_BOTS: Dict[str, Callable[..., Bot]] = {"random": RandomBot, "simple": SimpleBot}
BOTS: Dict[str, Callable[..., Bot]] = {
    **_PYTHON_BOTS,
    **{name: _core_bot(name) for name in _core.policy_names() if name not in _PYTHON_BOTS},
}


def make_bot(name: str, seed: Optional[int] = None, **options: Any) -> Bot:
    """A bot by name, with its options (the keyword arguments of its class,
    which checks their ranges); the random, rule and search bots take ``seed``."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (expected one of {', '.join(BOTS)})") from None
    return factory(**options) if factory is SimpleBot else factory(seed, **options)
