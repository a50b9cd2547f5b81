"""A PettingZoo AEC environment for Guandan.

    >>> from guandan.learning.env import env
    >>> e = env(ruleset="standard", mode="deal")
    >>> e.reset(seed=7)
    >>> obs, reward, terminated, truncated, info = e.last()
    >>> obs["observation"].shape, int(obs["action_mask"].sum()) > 0
    ((502,), True)

Agents are ``"seat_0"`` .. ``"seat_3"`` (teams: seats 0 and 2, seats 1 and
3). The agent to act is always the deal's :attr:`guandan.Deal.turn`: it pays
or returns a tribute card, plays or passes.

Modes
-----

- ``mode="deal"``: one deal, seeded by ``reset(seed=...)``. Every deal starts
  with a tribute step planned from a random previous placing drawn from the
  seed (so the payment and the return are both played through the give
  actions; a tribute the ruleset cancels goes straight to play). The level is
  ``level`` (``"2"`` by default; ``"random"`` draws it from the seed).
  Reward at the end: the winning team's seats get ``+a`` and the others
  ``-a``, where ``a`` is the ruleset's advance for the outcome (standard:
  3 / 2 / 1 for a 1-2 / 1-3 / 1-4).
- ``mode="match"``: a whole :class:`guandan.Match` (seeded the same way),
  deal after deal with the tribute in between. Reward ``+1`` / ``-1`` by team
  when the match is won; if ``max_deals`` deals have been played with no
  winner, every agent is truncated (reward 0).

``infos``: when a game ends, every agent's info holds the last deal's
``finishing_order``, ``placing``, ``outcome`` and ``winning_team`` (deal mode:
``levels_gained``; match mode: ``winner`` and ``deals``); in match mode, after
each other deal, the new match ``levels`` and ``declarers``.

Actions
-------

``Discrete(guandan.learning.actions.NUM_ACTIONS)``, the fixed space of
:mod:`guandan.learning.actions`: ``0`` passes; a move action plays the representative
of its (kind, size, rank) group from :func:`guandan.grouped_moves` for the
hand, level, play to beat and ruleset (among the legal moves of that group,
the one that spends the fewest wild cards); ``GIVE_BASE + k`` gives card kind
``k`` in the tribute and return steps. ``observation["action_mask"]`` marks
the legal actions of the agent to act (all zeros for the others).
``env.concrete_moves()`` lists every concrete :class:`guandan.Move` (each
choice of suits and wild readings) for those who want them, and
``env.unwrapped.deal`` is the current :class:`guandan.Deal`.

The observation vector
----------------------

``observation["observation"]`` is the ``int8`` vector of
:mod:`guandan.learning.encoding` (``OBSERVATION_SIZE = 502`` entries, the observer's
own hand and the public record only, seats relative to the observer); its
fields are documented there.

The environment needs PettingZoo and Gymnasium
(``pip install 'guandan-engine[env]'``); the encoding and the action helpers
(:func:`guandan.learning.encoding.encode_observation`,
:func:`guandan.learning.actions.legal_action_table`,
:func:`guandan.learning.actions.apply_action`) need only numpy and are re-exported here.
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Sequence

import numpy as np

from .._core import Move
from .actions import NUM_ACTIONS, ActionTable, apply_action, legal_action_table
from ..gd.cards import RANKS
from ..gd.deal import Deal
from .encoding import FIELDS, OBSERVATION_SIZE, encode_observation, observation_bounds
from ..gd.match import Match
from ..gd.observation import Observation
from ..gd.ruleset import Ruleset, RulesetLike, as_ruleset

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers

    _MISSING: Optional[ImportError] = None
except ImportError as _error:  # the encoding below works without them
    _MISSING = _error
    AECEnv = object  # type: ignore[misc,assignment]

__all__ = [
    "FIELDS",
    "OBSERVATION_SIZE",
    "GuandanEnv",
    "apply_action",
    "encode_observation",
    "env",
    "legal_action_table",
    "observation_bounds",
    "raw_env",
]


def _mask(actions) -> np.ndarray:
    mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
    mask[list(actions)] = 1
    return mask


def _seat_of(agent: str) -> int:
    if not (isinstance(agent, str) and agent.startswith("seat_") and agent[5:] in ("0", "1", "2", "3")):
        raise ValueError(f"unknown agent {agent!r} (expected seat_0 .. seat_3)")
    return int(agent[5:])


def _describe_event(event) -> str:
    if event.kind == "play":
        return f"{event.move.kind} {event.move.rank}: {event.move}"
    if event.kind == "pass":
        return "pass"
    verb = "pays" if event.kind == "tribute" else "returns"
    return f"{verb} {event.card} to seat_{event.to}"


# ---------------------------------------------------------------------------
# The environment
# ---------------------------------------------------------------------------

MODES = ("deal", "match")


class GuandanEnv(AECEnv):
    """Guandan as a PettingZoo AEC environment (see the module docstring)."""

    metadata: Dict[str, Any] = {"render_modes": ["human", "ansi"], "name": "guandan_v0", "is_parallelizable": False}

    def __init__(
        self,
        ruleset: RulesetLike = "standard",
        mode: str = "deal",
        render_mode: Optional[str] = None,
        max_deals: int = 200,
        level: str = "2",
    ) -> None:
        if _MISSING is not None:
            raise ImportError(
                "guandan.learning.env needs PettingZoo and Gymnasium: pip install 'guandan-engine[env]' "
                "(or pip install pettingzoo gymnasium)"
            ) from _MISSING
        super().__init__()
        if mode not in MODES:
            raise ValueError(f"mode must be 'deal' or 'match', got {mode!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', got {render_mode!r}")
        if not isinstance(max_deals, int) or isinstance(max_deals, bool) or max_deals < 1:
            raise ValueError(f"max_deals must be a positive integer, got {max_deals!r}")
        if level != "random" and level not in RANKS and level != "10":
            raise ValueError(f"level must be a rank 2..A or 'random', got {level!r}")
        self.ruleset: Ruleset = as_ruleset(ruleset)
        self.mode = mode
        self.render_mode = render_mode
        self.max_deals = max_deals
        self.level = "T" if level == "10" else level

        self.possible_agents = [f"seat_{i}" for i in range(4)]
        self.agents = list(self.possible_agents)
        low, high = observation_bounds()
        observation_space = spaces.Dict(
            {
                "observation": spaces.Box(low=low, high=high, shape=(OBSERVATION_SIZE,), dtype=np.int8),
                "action_mask": spaces.Box(low=0, high=1, shape=(NUM_ACTIONS,), dtype=np.int8),
            }
        )
        action_space = spaces.Discrete(NUM_ACTIONS)
        self.observation_spaces = {a: observation_space for a in self.possible_agents}
        self.action_spaces = {a: action_space for a in self.possible_agents}

        self.match: Optional[Match] = None
        self._deal: Optional[Deal] = None
        self._rng: Optional[np.random.Generator] = None
        self._table: Optional[ActionTable] = None

    # --- spaces ----------------------------------------------------------------
    def observation_space(self, agent: str):
        return self.observation_spaces[agent]

    def action_space(self, agent: str):
        return self.action_spaces[agent]

    # --- state -----------------------------------------------------------------
    @property
    def deal(self) -> Deal:
        """The current deal (in match mode, the match's current deal)."""
        if self.match is not None:
            return self.match.deal
        if self._deal is None:
            raise RuntimeError("call reset() first")
        return self._deal

    def _observation_of(self, seat: int) -> Observation:
        if self.match is not None:
            return self.match.observation(seat)
        return self.deal.observation(seat)

    def _legal(self) -> ActionTable:
        if self._table is None:
            self._table = legal_action_table(self.deal)
        return self._table

    def _acting(self, agent: str) -> bool:
        """Whether ``agent`` is the one to act now (and not done)."""
        return (
            agent == self.agent_selection
            and agent in self.terminations
            and not self.terminations[agent]
            and not self.truncations[agent]
            and self.deal.turn == _seat_of(agent)
        )

    def concrete_moves(self, agent: Optional[str] = None) -> Sequence[Move]:
        """Every concrete legal Move (each choice of suits and wild readings)
        of ``agent`` (default: the agent to act); [] when it is not that
        agent's turn to play (also in the tribute and return steps)."""
        agent = self.agent_selection if agent is None else agent
        if not self._acting(agent) or self.deal.phase != "play":
            return []
        return self.deal.legal_moves()

    # --- AEC API -------------------------------------------------------------
    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        if seed is not None or self._rng is None:
            self._rng = np.random.default_rng(seed)
        rng = self._rng
        if self.mode == "deal":
            deal_seed = int(rng.integers(0, 2**63))
            previous = [int(s) for s in rng.permutation(4)]
            level = RANKS[int(rng.integers(0, 13))] if self.level == "random" else self.level
            self.match = None
            self._deal = Deal(seed=deal_seed, level=level, ruleset=self.ruleset, previous_order=previous)
        else:
            self.match = Match(self.ruleset, seed=int(rng.integers(0, 2**63)))
            self._deal = None
        self._table = None

        self.agents = list(self.possible_agents)
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: Dict[str, dict] = {a: {} for a in self.agents}
        self.agent_selection = f"seat_{self.deal.turn}"
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        seat = _seat_of(agent)
        observation = encode_observation(self._observation_of(seat))
        if self._acting(agent):
            mask = _mask(self._legal())
        else:
            mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        return {"observation": observation, "action_mask": mask}

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: None is only for agents that are done")
        deal = self.deal
        apply_action(deal, int(action), self._legal())  # raises, changing nothing, if illegal
        self._table = None
        self._cumulative_rewards[agent] = 0
        self._clear_rewards()

        if deal.is_over:
            self._deal_over(deal)
        if all(self.terminations.values()) or all(self.truncations.values()):
            seat = _seat_of(agent)
            self.agent_selection = f"seat_{(seat + 1) % 4}"
        else:
            self.agent_selection = f"seat_{self.deal.turn}"
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _deal_over(self, deal: Deal) -> None:
        result = {
            "finishing_order": list(deal.finishing_order),
            "placing": list(deal.placing),
            "outcome": deal.outcome,
            "winning_team": deal.winning_team,
        }
        if self.match is None:
            gained = self.ruleset.levels_gained(deal.outcome)
            for seat in range(4):
                agent = f"seat_{seat}"
                self.rewards[agent] = gained if seat % 2 == deal.winning_team else -gained
                self.terminations[agent] = True
                self.infos[agent] = dict(result, levels_gained=gained)
            return
        match = self.match
        state = match.finish_deal()
        if match.is_over:
            for seat in range(4):
                agent = f"seat_{seat}"
                self.rewards[agent] = 1 if seat % 2 == match.winner else -1
                self.terminations[agent] = True
                self.infos[agent] = dict(result, winner=match.winner, deals=len(match.deals))
        elif len(match.deals) >= self.max_deals:
            for seat in range(4):
                agent = f"seat_{seat}"
                self.truncations[agent] = True
                self.infos[agent] = dict(result, winner=None, deals=len(match.deals))
        else:
            match.next_deal()
            for seat in range(4):
                self.infos[f"seat_{seat}"] = {"levels": state.levels, "declarers": state.declarers}

    # --- display -------------------------------------------------------------
    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        text = self._table_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _table_text(self) -> str:
        deal = self.deal
        head = f"guandan {self.ruleset.name} {self.mode}: level {deal.level}, phase {deal.phase}"
        if deal.turn is not None:
            head += f", seat_{deal.turn} to act"
        if self.match is not None:
            st = self.match.state
            head += f"; deal {len(self.match.deals)}, team levels {st.levels[0]}/{st.levels[1]}"
            if st.declarers is not None:
                head += f", declarers team {st.declarers}"
        last: Dict[int, str] = {}
        for event in deal.history:
            last[event.seat] = _describe_event(event)
        order = deal.finishing_order
        lines = [head, f"{'seat':<7}{'cards':>5}  {'out':<4}last action"]
        for seat in range(4):
            place = str(order.index(seat) + 1) if seat in order else "-"
            lines.append(f"seat_{seat:<2}{len(deal.hands[seat]):>5}  {place:<4}{last.get(seat, '')}")
        if deal.last_play is not None:
            lines.append(f"to beat: seat_{deal.last_player} {deal.last_play.kind} {deal.last_play.rank}: {deal.last_play}")
        if deal.is_over:
            lines.append(f"over: {deal.outcome}, team {deal.winning_team} wins the deal")
        return "\n".join(lines)

    def close(self) -> None:
        pass


def raw_env(
    ruleset: RulesetLike = "standard",
    mode: str = "deal",
    render_mode: Optional[str] = None,
    max_deals: int = 200,
    level: str = "2",
) -> GuandanEnv:
    """The environment without wrappers."""
    return GuandanEnv(ruleset=ruleset, mode=mode, render_mode=render_mode, max_deals=max_deals, level=level)


def env(
    ruleset: RulesetLike = "standard",
    mode: str = "deal",
    render_mode: Optional[str] = None,
    max_deals: int = 200,
    level: str = "2",
):
    """The environment with PettingZoo's usual wrappers: an illegal action
    ends the game with reward -1 for the agent that took it; actions out of
    the space are refused; the API order is enforced."""
    e = raw_env(ruleset=ruleset, mode=mode, render_mode=render_mode, max_deals=max_deals, level=level)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e
