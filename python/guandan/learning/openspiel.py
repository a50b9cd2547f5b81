"""Guandan as an OpenSpiel game: ``import guandan.learning.openspiel`` registers
``"python_guandan"``.

    >>> import pyspiel
    >>> import guandan.learning.openspiel
    >>> game = pyspiel.load_game("python_guandan", {"ruleset": "pagat"})
    >>> state = game.new_initial_state()
    >>> state.is_chance_node(), len(state.chance_outcomes())
    (True, 54)

One game is one deal, four players (seats 0..3; teams 0 and 2, 1 and 3).

- Chance (``EXPLICIT_STOCHASTIC``): the game starts with chance nodes that
  draw the level (only with ``level=0``: 13 equally likely outcomes,
  the rank index), then deal the 108 cards one at a time to seats 0, 1, 2,
  3, 0, ... (outcome: the card kind, ``Card.index``, with probability
  proportional to its copies left), then draw the previous deal's places the
  tribute is planned from (with ``tribute``: 24 equally likely orders,
  outcome ``i`` is ``PLACINGS[i]``) or else the seat that leads (4 outcomes).
- Parameters: ``ruleset`` (``"standard"``, ``"pagat"`` or ``"app"``),
  ``tribute`` (bool, default True: the deal starts with a tribute from the
  drawn previous places, paid and returned through the give actions, as in
  :mod:`guandan.learning.env`'s deal mode), ``level`` (the level rank as a number,
  2..14 for 2..A with J = 11, Q = 12, K = 13, A = 14, or 0 for a random
  level; default 2; a number because OpenSpiel reads a parameter written
  ``2`` back as an integer when it deserializes a game).
- Actions: the fixed space of :mod:`guandan.learning.actions` (``NUM_ACTIONS``), the
  same as :mod:`guandan.learning.env`: pass, one action per (kind, size, rank) group
  played by its representative from :func:`guandan.grouped_moves`, one give
  action per card kind.
- Returns at the end (terminal reward): the winning team's seats get the
  ruleset's advance for the outcome (standard: 3 / 2 / 1 for 1-2 / 1-3 /
  1-4), the losers its negative; the sum is zero.
- Observation tensor: the vector of :mod:`guandan.learning.encoding` (built from
  :meth:`guandan.Deal.observation` only; zeros while dealing), as float32,
  with one named piece per field (``hand``, ``played``, ``card_counts``,
  ...). With ``private_info=NONE`` the ``hand`` piece is left out; with
  ``ALL_PLAYERS`` a ``hands`` piece (4 x 54, relative seats) is added;
  without ``public_info`` only the private pieces remain.
- Information state: a string (own hand and the whole public record, which
  determine everything the seat knows); no information-state tensor.
- Serialization (``pyspiel.serialize_game_and_state``, pickle): a dealt
  state is stored as the deal's text form (:meth:`guandan.Deal.to_text`)
  plus its public events; a state still dealing as the chance outcomes so
  far.

Without OpenSpiel installed, importing this module raises ImportError.
"""

from __future__ import annotations

import itertools
from typing import Any, Dict, List, Optional, Tuple

import numpy as np

try:
    import pyspiel
except ImportError as _error:  # pragma: no cover - exercised without open_spiel only
    raise ImportError(
        "guandan.learning.openspiel needs OpenSpiel: pip install open_spiel (or pip install 'guandan-engine[openspiel]')"
    ) from _error

from .._core import Card, Hand
from .actions import NUM_ACTIONS, apply_action, describe, legal_action_table
from ..gd.cards import RANKS
from ..gd.deal import Deal
from .encoding import FIELDS, encode_observation
from ..gd.ruleset import PRESET_NAMES, as_ruleset

__all__ = ["GAME_TYPE", "GuandanGame", "GuandanObserver", "GuandanState", "MAX_GAME_LENGTH", "PLACINGS"]

NUM_PLAYERS = 4

#: Every action removes a card from a hand (at most 108 plays) or passes (at
#: most three passes after each play before the trick ends), plus at most two
#: tribute payments and two returns.
MAX_GAME_LENGTH = 4 + 108 * 4

DEFAULT_PARAMETERS = {"ruleset": "standard", "tribute": True, "level": 2}

#: The previous deal's places drawn by the tribute chance node, by outcome.
PLACINGS = tuple(itertools.permutations(range(NUM_PLAYERS)))

GAME_TYPE = pyspiel.GameType(
    short_name="python_guandan",
    long_name="Python Guandan",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=NUM_PLAYERS,
    min_num_players=NUM_PLAYERS,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULT_PARAMETERS,
)


def _game_info(max_advance: int) -> "pyspiel.GameInfo":
    return pyspiel.GameInfo(
        num_distinct_actions=NUM_ACTIONS,
        max_chance_outcomes=54,
        num_players=NUM_PLAYERS,
        min_utility=-float(max_advance),
        max_utility=float(max_advance),
        utility_sum=0.0,
        max_game_length=MAX_GAME_LENGTH,
    )


class _DealBox:
    """Holds a Deal so that OpenSpiel can clone (deepcopy) and serialize
    (pickle) the state: a copy of the C++ state, or its text form and events."""

    __slots__ = ("deal",)

    def __init__(self, deal: Deal) -> None:
        self.deal = deal

    def __deepcopy__(self, memo) -> "_DealBox":
        return _DealBox(self.deal.copy())

    def __reduce__(self):
        deal = self.deal
        return (_box_from_text, (deal.to_text(), deal.ruleset.name, deal.events))


def _box_from_text(text: str, ruleset: str, events) -> _DealBox:
    return _DealBox(Deal.from_text(text, ruleset=ruleset, events=events))


class GuandanGame(pyspiel.Game):
    """One deal of Guandan (see the module docstring for the parameters)."""

    def __init__(self, params: Optional[Dict] = None) -> None:
        values: Dict[str, Any] = dict(DEFAULT_PARAMETERS)
        values.update(params or {})
        ruleset = values["ruleset"]
        if ruleset not in PRESET_NAMES:
            raise ValueError(f"ruleset must be one of {', '.join(PRESET_NAMES)}, got {ruleset!r}")
        level = values["level"]
        if not isinstance(level, int) or isinstance(level, bool) or not (level == 0 or 2 <= level <= 14):
            raise ValueError(f"level must be a rank number 2..14 (A = 14) or 0 for random, got {level!r}")
        self.ruleset = as_ruleset(ruleset)
        super().__init__(GAME_TYPE, _game_info(max(self.ruleset.advance)), values)
        self.tribute = bool(values["tribute"])
        self.level: Optional[str] = RANKS[level - 2] if level else None  # None: drawn by chance

    def new_initial_state(self) -> "GuandanState":
        """A new deal, starting with its chance nodes."""
        return GuandanState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> "GuandanObserver":
        return GuandanObserver(iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class GuandanState(pyspiel.State):
    """A deal in progress; ``state.deal`` is the :class:`guandan.Deal` (None
    while the chance nodes are still dealing)."""

    def __init__(self, game: GuandanGame) -> None:
        super().__init__(game)
        self._ruleset = game.ruleset.name
        self._tribute = game.tribute
        self._levels_gained = game.ruleset.levels_gained
        # Chance outcomes so far: the level, then the cards dealt in order.
        self._level: Optional[str] = game.level
        self._dealt: List[int] = []
        self._box: Optional[_DealBox] = None

    @property
    def deal(self) -> Optional[Deal]:
        return None if self._box is None else self._box.deal

    # --- chance -----------------------------------------------------------------
    def _chance_step(self) -> str:
        if self._level is None:
            return "level"
        return "card" if len(self._dealt) < 108 else ("placing" if self._tribute else "leader")

    def chance_outcomes(self) -> List[Tuple[int, float]]:
        step = self._chance_step()
        if step == "level":
            return [(i, 1.0 / 13) for i in range(13)]
        if step == "placing":
            return [(i, 1.0 / len(PLACINGS)) for i in range(len(PLACINGS))]
        if step == "leader":
            return [(seat, 0.25) for seat in range(NUM_PLAYERS)]
        left = [2] * 54
        for kind in self._dealt:
            left[kind] -= 1
        total = 108 - len(self._dealt)
        return [(kind, n / total) for kind, n in enumerate(left) if n > 0]

    def _apply_chance(self, action: int) -> None:
        if action not in dict(self.chance_outcomes()):
            raise ValueError(f"chance outcome {action} is not possible now")
        step = self._chance_step()
        if step == "level":
            self._level = RANKS[action]
            return
        if step == "card":
            self._dealt.append(action)
            return
        hands = [Hand([Card.from_index(k) for k in self._dealt[seat::NUM_PLAYERS]]) for seat in range(NUM_PLAYERS)]
        assert self._level is not None, "the level is drawn before the cards"
        if step == "placing":
            deal = Deal(hands=hands, level=self._level, ruleset=self._ruleset, previous_order=list(PLACINGS[action]))
        else:
            deal = Deal(hands=hands, level=self._level, ruleset=self._ruleset, leader=action)
        self._box = _DealBox(deal)

    # --- OpenSpiel API ----------------------------------------------------------
    def current_player(self) -> int:
        deal = self.deal
        if deal is None:
            return pyspiel.PlayerId.CHANCE
        return pyspiel.PlayerId.TERMINAL if deal.turn is None else deal.turn

    def _legal_actions(self, player: int) -> List[int]:
        deal = self.deal
        if deal is None or player != deal.turn:
            return []
        return sorted(legal_action_table(deal))

    def _apply_action(self, action: int) -> None:
        deal = self.deal
        if deal is None:
            self._apply_chance(int(action))
        else:
            apply_action(deal, int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            step = self._chance_step()
            if step == "level":
                return f"level {RANKS[action]}"
            if step == "card":
                return f"deal {Card.from_index(action)} to p{len(self._dealt) % NUM_PLAYERS}"
            if step == "placing":
                return "previous places " + "".join(str(s) for s in PLACINGS[action])
            return f"p{action} leads"
        return describe(int(action))

    def is_terminal(self) -> bool:
        deal = self.deal
        return deal is not None and deal.is_over

    def returns(self) -> List[float]:
        deal = self.deal
        if deal is None or not deal.is_over:
            return [0.0] * NUM_PLAYERS
        gained = float(self._levels_gained(deal.outcome))
        return [gained if seat % 2 == deal.winning_team else -gained for seat in range(NUM_PLAYERS)]

    def __str__(self) -> str:
        deal = self.deal
        if deal is None:
            dealt = [Hand([Card.from_index(k) for k in self._dealt[seat::NUM_PLAYERS]]) for seat in range(NUM_PLAYERS)]
            return "\n".join([f"{self._ruleset} level {self._level} dealing: {len(self._dealt)} cards dealt"]
                             + [f"p{seat}: {hand}" for seat, hand in enumerate(dealt)])
        lines = [f"{deal.ruleset.name} level {deal.level} phase {deal.phase} turn {deal.turn} events {len(deal.history)}"]
        lines += [f"p{seat}: {hand}" for seat, hand in enumerate(deal.hands)]
        if deal.last_play is not None:
            lines.append(f"to beat: p{deal.last_player} {deal.last_play.kind} {deal.last_play.rank} {deal.last_play}")
        if deal.finishing_order:
            lines.append("out: " + " ".join(f"p{s}" for s in deal.finishing_order))
        return "\n".join(lines)


def _event_text(event) -> str:
    if event.kind == "play":
        return f"p{event.seat} {event.move.kind} {event.move.rank} {event.move}"
    if event.kind == "pass":
        return f"p{event.seat} pass"
    return f"p{event.seat} {event.kind} {event.card} to p{event.to}"


class GuandanObserver:
    """Observation tensors and strings, in OpenSpiel's PyObserver interface."""

    def __init__(self, iig_obs_type, params) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        self.iig_obs_type = iig_obs_type
        self.private = iig_obs_type.private_info
        self.public = iig_obs_type.public_info
        self.perfect_recall = iig_obs_type.perfect_recall
        if self.perfect_recall:
            # Information states come as strings only.
            self.tensor = None
            self.dict: Dict[str, np.ndarray] = {}
            return
        pieces = []
        for name, start, size, _ in FIELDS:
            if name == "hand":
                if self.private != pyspiel.PrivateInfoType.NONE:
                    pieces.append((name, start, size))
            elif self.public:
                pieces.append((name, start, size))
        self._pieces = pieces
        extra = 4 * 54 if self.private == pyspiel.PrivateInfoType.ALL_PLAYERS else 0
        total = sum(size for _, _, size in pieces) + extra
        self.tensor = np.zeros(total, np.float32)
        self.dict = {}
        index = 0
        for name, _, size in pieces:
            self.dict[name] = self.tensor[index : index + size].reshape(_shape(name, size))
            index += size
        if extra:
            self.dict["hands"] = self.tensor[index : index + extra].reshape(4, 54)

    def set_from(self, state: GuandanState, player: int) -> None:
        if self.tensor is None:  # information states are strings only
            return
        self.tensor.fill(0)
        deal = state.deal
        if deal is None or not 0 <= player < NUM_PLAYERS:
            return  # nothing is known while the cards are being dealt
        full = encode_observation(deal.observation(player))
        for name, start, size in self._pieces:
            self.dict[name].reshape(-1)[:] = full[start : start + size]
        if "hands" in self.dict:
            for seat, hand in enumerate(deal.hands):
                r = (seat - player) % 4
                for card in hand:
                    self.dict["hands"][r, card.index] += 1

    def string_from(self, state: GuandanState, player: int) -> str:
        deal = state.deal
        if deal is None:
            return f"p{player} dealing"
        obs = deal.observation(player)
        parts = [f"p{player}"]
        if self.private == pyspiel.PrivateInfoType.SINGLE_PLAYER:
            parts.append(f"hand: {obs.hand}")
        elif self.private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            parts += [f"hand p{seat}: {hand}" for seat, hand in enumerate(deal.hands)]
        if not self.public:
            return "\n".join(parts)
        parts.append(f"level {obs.level} phase {obs.phase} turn {obs.turn}")
        parts.append("counts " + " ".join(str(c) for c in obs.card_counts))
        if self.perfect_recall:
            parts += [_event_text(e) for e in obs.history]
            return "\n".join(parts)
        played = [c for e in obs.history if e.kind == "play" and e.move is not None for c in e.move.cards]
        parts.append(f"played: {Hand(played)}")
        gifts = [_event_text(e) for e in obs.history if e.kind in ("tribute", "return")]
        if gifts:
            parts.append("; ".join(gifts))
        if obs.last_play is not None:
            parts.append(f"to beat: p{obs.last_player} {obs.last_play.kind} {obs.last_play.rank} {obs.last_play}")
        if obs.finishing_order:
            parts.append("out: " + " ".join(f"p{s}" for s in obs.finishing_order))
        return "\n".join(parts)


_SHAPES = {"places": (4, 4), "tribute_given": (4, 54), "tribute_role": (4, 2), "tribute_to": (4, 4), "team_levels": (2, 13)}


def _shape(name: str, size: int):
    return _SHAPES.get(name, (size,))


if "python_guandan" not in pyspiel.registered_names():
    pyspiel.register_game(GAME_TYPE, GuandanGame)
