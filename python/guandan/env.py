"""A PettingZoo AEC environment for Guandan, and the observation encoding it uses.

    >>> from guandan.env import env
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

``Discrete(guandan.actions.NUM_ACTIONS)``, the fixed space of
:mod:`guandan.actions`: ``0`` passes; a move action plays the representative
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

``observation["observation"]`` is an ``int8`` vector of
``OBSERVATION_SIZE = 502`` entries built only from
:meth:`guandan.Deal.observation` (or :meth:`guandan.Match.observation`), so
it holds the observer's own hand and the public record, nothing of the other
hands. Seats are *relative to the observer*: relative seat ``r`` is absolute
seat ``(observer + r) % 4`` (0 = self, 1 = next to play, 2 = partner, 3 =
previous). Card kind ``k`` is :attr:`guandan.Card.index` (rank * 4 + suit,
suits ``s h c d``, ranks 2..A; ``SJ`` = 52, ``BJ`` = 53). Ranks index
``guandan.actions.RANK_NAMES`` (2..A, SJ, BJ); kinds index
``guandan.KIND_NAMES``.

======================  ===========  =====  ==============================================
field                   entries      range  meaning
======================  ===========  =====  ==============================================
``hand``                0..53        0-2    copies of each card kind in the observer's hand
``played``              54..107      0-2    copies of each card kind played so far (plays only)
``card_counts``         108..111     0-28   cards held, by relative seat
``last_play_cards``     112..165     0-2    the play to beat, per card kind (zeros: leading)
``last_player``         166..169     0-1    one-hot relative seat of its player
``last_play_kind``      170..179     0-1    one-hot kind of the play to beat
``last_play_rank``      180..194     0-1    one-hot rank of the play to beat
``level``               195..207     0-1    one-hot level rank 2..A
``phase``               208..211     0-1    one-hot tribute, return, play, over
``turn``                212..215     0-1    one-hot relative seat to act (zeros: over)
``places``              216..231     0-1    4 x 4: relative seat r went out in place p at 216 + 4r + p
``tribute_given``       232..447     0-1    4 x 54: the card relative seat r gave (tribute or return) at 232 + 54r + k
``tribute_role``        448..455     0-1    4 x 2: relative seat r paid a tribute (448 + 2r), gave a return (449 + 2r)
``tribute_to``          456..471     0-1    4 x 4: relative seat r gave its card to relative seat q at 456 + 4r + q
``team_levels``         472..497     0-1    match mode: one-hot level of the observer's team, then of the opponents
``declarers``           498..499     0-1    match mode: the observer's team declares, the opponents declare
``failed_attempts``     500..501     0-3    match mode: failed attempts at A, observer's team then opponents (capped at 3)
======================  ===========  =====  ==============================================

In deal mode the three match fields are zero. :func:`encode_observation`
turns any :class:`guandan.Observation` into this vector, and
:data:`FIELDS` lists the fields as ``(name, start, size, high)``.

The encoding and the action helpers (:func:`encode_observation`,
:func:`legal_action_table`, :func:`apply_action`) need only numpy; the
environment itself needs PettingZoo and Gymnasium
(``pip install 'guandan-engine[env]'``).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple, Union

import numpy as np

from ._core import Card, Move
from .actions import GIVE_BASE, NUM_ACTIONS, PASS, RANK_NAMES, action_of, describe, give_action
from .names import KIND_NAMES
from .cards import RANKS
from .deal import Deal
from .match import Match
from .moves import grouped_moves
from .names import PHASE_NAMES
from .observation import Observation
from .ruleset import Ruleset, RulesetLike, as_ruleset

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

# ---------------------------------------------------------------------------
# The observation vector
# ---------------------------------------------------------------------------

_PHASES = PHASE_NAMES
_FIELD_SPECS: Tuple[Tuple[str, int, int], ...] = (
    ("hand", 54, 2),
    ("played", 54, 2),
    ("card_counts", 4, 28),
    ("last_play_cards", 54, 2),
    ("last_player", 4, 1),
    ("last_play_kind", len(KIND_NAMES), 1),
    ("last_play_rank", len(RANK_NAMES), 1),
    ("level", 13, 1),
    ("phase", 4, 1),
    ("turn", 4, 1),
    ("places", 16, 1),
    ("tribute_given", 4 * 54, 1),
    ("tribute_role", 8, 1),
    ("tribute_to", 16, 1),
    ("team_levels", 26, 1),
    ("declarers", 2, 1),
    ("failed_attempts", 2, 3),
)


def _layout() -> Tuple[Tuple[str, int, int, int], ...]:
    fields = []
    start = 0
    for name, size, high in _FIELD_SPECS:
        fields.append((name, start, size, high))
        start += size
    return tuple(fields)


#: ``(name, start, size, high)`` of every field of the observation vector, in order.
FIELDS: Tuple[Tuple[str, int, int, int], ...] = _layout()
OBSERVATION_SIZE: int = FIELDS[-1][1] + FIELDS[-1][2]
_START: Dict[str, int] = {name: start for name, start, _, _ in FIELDS}

_KIND_INDEX = {name: i for i, name in enumerate(KIND_NAMES)}
_RANK_INDEX = {name: i for i, name in enumerate(RANK_NAMES)}
_LEVEL_INDEX = {name: i for i, name in enumerate(RANKS)}
_PHASE_INDEX = {name: i for i, name in enumerate(_PHASES)}
_MASK54 = (1 << 54) - 1
_BITS = np.left_shift(np.uint64(1), np.arange(54, dtype=np.uint64))


def observation_bounds() -> Tuple[np.ndarray, np.ndarray]:
    """The lowest and highest value of every entry (int8 arrays)."""
    low = np.zeros(OBSERVATION_SIZE, dtype=np.int8)
    high = np.zeros(OBSERVATION_SIZE, dtype=np.int8)
    for _, start, size, top in FIELDS:
        high[start : start + size] = top
    return low, high


def _unpack(word: int) -> np.ndarray:
    """Bits 0..53 of ``word`` as a 0/1 int8 vector."""
    return ((np.uint64(word & _MASK54) & _BITS) != 0).astype(np.int8)


def _counts(bits: Tuple[int, int]) -> np.ndarray:
    """Copies per card kind of a hand or move given as its (first, second copy) words."""
    lo, hi = bits
    return _unpack(lo) + _unpack(hi)


def encode_observation(obs: Observation) -> np.ndarray:
    """The observation vector of the module docstring, from an Observation alone."""
    out = np.zeros(OBSERVATION_SIZE, dtype=np.int8)
    me = obs.seat

    def rel(seat: int) -> int:
        return (seat - me) % 4

    s = _START
    out[s["hand"] : s["hand"] + 54] = _counts(obs.hand.bits)

    # Cards played so far: two bit planes count 0, 1 or 2 copies per kind.
    ones = twos = 0
    giver_base = s["tribute_given"]
    for event in obs.history:
        if event.kind == "play":
            assert event.move is not None
            lo, hi = event.move.bits
            for word in (lo & _MASK54, hi & _MASK54):
                carry = ones & word
                ones ^= word
                twos |= carry
        elif event.kind in ("tribute", "return"):
            assert event.card is not None and event.to is not None
            r = rel(event.seat)
            out[giver_base + 54 * r + event.card.index] = 1
            out[s["tribute_role"] + 2 * r + (0 if event.kind == "tribute" else 1)] = 1
            out[s["tribute_to"] + 4 * r + rel(event.to)] = 1
    out[s["played"] : s["played"] + 54] = _unpack(ones) + 2 * _unpack(twos)

    for seat, count in enumerate(obs.card_counts):
        out[s["card_counts"] + rel(seat)] = count

    if obs.last_play is not None:
        move = obs.last_play
        out[s["last_play_cards"] : s["last_play_cards"] + 54] = _counts(move.bits)
        out[s["last_play_kind"] + _KIND_INDEX[move.kind]] = 1
        out[s["last_play_rank"] + _RANK_INDEX[move.rank]] = 1
    if obs.last_player is not None:
        out[s["last_player"] + rel(obs.last_player)] = 1

    out[s["level"] + _LEVEL_INDEX[obs.level]] = 1
    out[s["phase"] + _PHASE_INDEX[obs.phase]] = 1
    if obs.turn is not None:
        out[s["turn"] + rel(obs.turn)] = 1
    for place, seat in enumerate(obs.finishing_order):
        out[s["places"] + 4 * rel(seat) + place] = 1

    if obs.levels is not None:
        mine, theirs = me % 2, 1 - me % 2
        out[s["team_levels"] + _LEVEL_INDEX[obs.levels[mine]]] = 1
        out[s["team_levels"] + 13 + _LEVEL_INDEX[obs.levels[theirs]]] = 1
        if obs.declarers is not None:
            out[s["declarers"] + (0 if obs.declarers == mine else 1)] = 1
        if obs.failed_attempts is not None:
            out[s["failed_attempts"]] = min(obs.failed_attempts[mine], 3)
            out[s["failed_attempts"] + 1] = min(obs.failed_attempts[theirs], 3)
    return out


# ---------------------------------------------------------------------------
# Actions on a deal
# ---------------------------------------------------------------------------

ActionTable = Dict[int, Union[None, Move, Card]]


def legal_action_table(deal: Deal) -> ActionTable:
    """Every legal action of the seat to act, mapped to what it does: None
    (pass), the representative Move of a move action, or the Card of a give
    action. Empty once the deal is over."""
    phase = deal.phase
    if phase in ("tribute", "return"):
        return {give_action(card): card for card in deal.tribute_options()}
    if phase != "play":
        return {}
    table: ActionTable = {}
    if deal.can_pass():
        table[PASS] = None
    assert deal.turn is not None, "only a deal in progress has actions"
    hand = deal.hands[deal.turn]
    for move in grouped_moves(hand, deal.level, deal.last_play, deal.ruleset):
        table.setdefault(action_of(move), move)
    return table


def apply_action(deal: Deal, action: int, table: Optional[ActionTable] = None) -> None:
    """Take ``action`` for the seat to act; ValueError (deal unchanged) if it is not legal now."""
    if table is None:
        table = legal_action_table(deal)
    if action not in table:
        name = describe(action) if 0 <= action < NUM_ACTIONS else "out of range"
        raise ValueError(f"action {action} ({name}) is not legal for seat {deal.turn} in the {deal.phase} phase")
    what = table[action]
    if action == PASS:
        deal.pass_turn()
    elif action >= GIVE_BASE:
        deal.give(what)
    else:
        deal.play(what)


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
                "guandan.env needs PettingZoo and Gymnasium: pip install 'guandan-engine[env]' "
                "(or pip install pettingzoo gymnasium)"
            ) from _MISSING
        super().__init__()
        if mode not in MODES:
            raise ValueError(f"mode must be 'deal' or 'match', got {mode!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', got {render_mode!r}")
        if not isinstance(max_deals, int) or isinstance(max_deals, bool) or max_deals < 1:
            raise ValueError(f"max_deals must be a positive integer, got {max_deals!r}")
        if level != "random" and level not in _LEVEL_INDEX and level != "10":
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

    def concrete_moves(self, agent: Optional[str] = None) -> List[Move]:
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
