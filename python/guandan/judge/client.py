"""``guandan connect``: one of our bots as a client of any judge speaking
the competition's protocol.

:class:`ClientState` follows the messages of one seat and rebuilds what
the seat may know (its hand, the cards played and shown, the trick, who
is out) as an :class:`~guandan.gd.observation.Observation` with the core's
view, so every bot of :data:`guandan.gd.bots.BOTS` plays from it. The
judge's ``actionList`` is read with :func:`.actions.move_of_action`; an
entry our engine cannot read is never chosen. :func:`connect` answers
every ``act`` with ``{"actIndex": i}`` and connects again (with a growing
pause) when the connection drops, until the judge closes it normally.
"""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any, Callable, List, Optional, TextIO, Tuple

from .._core import Card, Hand, Move
from ..gd.bots import Bot, SimpleBot
from ..gd.observation import SeatRecord
from ..gd.ruleset import RulesetLike, as_ruleset
from .actions import is_pass, move_of_action
from .cards import card_of_wire, hand_of_wire


_RANKS = "23456789TJQKA"


def _rank(value: Any) -> Optional[str]:
    """A rank field: ``"2"`` .. ``"A"``, or the number 2 .. 14 (``T`` = 10,
    ``A`` = 14) that an open port of the competition's game core writes in
    its ``beginning`` notice; None for anything else."""
    if isinstance(value, str) and len(value) == 1 and value in _RANKS:
        return value
    if isinstance(value, int) and not isinstance(value, bool) and 2 <= value <= 14:
        return _RANKS[value - 2]
    return None


def _hand(cards: Any) -> Hand:
    try:
        return hand_of_wire(cards)
    except (ValueError, TypeError):
        return Hand()


class ClientState(SeatRecord):
    """What one seat knows, from the judge's messages."""

    def __init__(self, ruleset: RulesetLike = "standard") -> None:
        self.ruleset = as_ruleset(ruleset)
        self.seat = 0
        self._new_deal("2")

    def _new_deal(self, level: str) -> None:
        SeatRecord.__init__(self, self.seat, level, self.ruleset, Hand())

    def _move(self, action: Any) -> Optional[Move]:
        try:
            return move_of_action(action, self.level, self.ruleset)
        except (ValueError, TypeError):
            return None

    def update(self, message: dict) -> None:
        """Take in one message (any type; unknown ones change nothing)."""
        stage = message.get("stage")
        if isinstance(message.get("myPos"), int):
            self.seat = message["myPos"] % 4
        level = _rank(message.get("curRank"))
        if stage == "beginning":
            self._new_deal(level or "2")
            self.hand = _hand(message.get("handCards"))
        elif stage in ("tribute", "back") and message.get("type") == "notify":
            # A card given is known to be in its receiver's hand until played.
            for entry in message.get("result") or []:
                try:
                    _giver, receiver, card = entry
                    self.show(receiver, Hand([card_of_wire(card)]))
                except (ValueError, TypeError, IndexError):
                    continue
        elif stage == "play" and message.get("type") == "notify":
            self._notify_play(message)
        elif message.get("type") == "act":
            self._act(message)

    def _notify_play(self, message: dict) -> None:
        seat, action = message.get("curPos"), message.get("curAction")
        if not isinstance(seat, int) or not 0 <= seat < 4:
            return
        if is_pass(action):
            self.record_pass(seat)
            return
        move = self._move(action)
        if move is not None:
            self.record_play(seat, move)

    def _act(self, message: dict) -> None:
        level = _rank(message.get("curRank"))
        if level is not None:
            self.level = level
        self.hand = _hand(message.get("handCards"))
        public = message.get("publicInfo")
        if isinstance(public, list) and len(public) == 4:
            for seat, info in enumerate(public):
                if isinstance(info, dict) and isinstance(info.get("rest"), int):
                    self.counts[seat] = info["rest"]
        self.counts[self.seat] = len(self.hand)
        if message.get("stage") == "play" and message.get("greaterPos", -1) == -1:
            self.new_trick()  # this seat leads


def choose(state: ClientState, bot: Bot, message: dict) -> int:
    """The index ``bot`` answers to an ``act`` message (0 when nothing can be read)."""
    actions = message.get("actionList")
    if not isinstance(actions, list) or not actions:
        return 0
    stage = message.get("stage")
    phase = {"tribute": "tribute", "back": "return"}.get(stage if isinstance(stage, str) else "", "play")
    observation = state.observation(phase)
    fallback = SimpleBot()
    if phase != "play":
        cards: List[Tuple[int, Card]] = []
        for i, action in enumerate(actions):
            try:
                cards.append((i, card_of_wire(action[2][0])))
            except (ValueError, TypeError, IndexError, KeyError):
                continue
        if not cards:
            return 0
        options = [c for _, c in cards]
        card = _decide(lambda b: b.choose_card(observation, options), bot, fallback)
        return next((i for i, c in cards if c == card), cards[0][0])
    pass_index: Optional[int] = None
    moves: List[Tuple[int, Move]] = []
    for i, action in enumerate(actions):
        if is_pass(action):
            pass_index = i if pass_index is None else pass_index
            continue
        move = state._move(action)
        if move is not None:
            moves.append((i, move))
    if not moves:
        return pass_index if pass_index is not None else 0
    legal = [m for _, m in moves]
    choice = _decide(lambda b: b.choose_move(observation, legal, pass_index is not None), bot, fallback)
    if choice is None:
        return pass_index if pass_index is not None else moves[0][0]
    return next((i for i, m in moves if m == choice), moves[0][0])


def _decide(ask: Callable[[Bot], Any], bot: Bot, fallback: Bot) -> Any:
    try:
        return ask(bot)
    except (ValueError, TypeError):  # e.g. a core bot without a view: the simple player decides
        return ask(fallback)


async def play_connection(url: str, bot: Bot, ruleset: RulesetLike = "standard",
                          out: Optional[TextIO] = None) -> Optional[int]:
    """Play one connection to its end; the close code (None if it never opened)."""
    from websockets.asyncio.client import connect as ws_connect
    from websockets.exceptions import ConnectionClosed

    state = ClientState(ruleset)
    async with ws_connect(url, compression=None, proxy=None, max_size=2 ** 24, open_timeout=10) as connection:
        try:
            async for raw in connection:
                try:
                    message = json.loads(raw)
                except ValueError:
                    continue
                if not isinstance(message, dict):
                    continue
                state.update(message)
                if message.get("type") == "act":
                    if message.get("stage") == "play" or message.get("stage") in ("tribute", "back"):
                        index = await asyncio.to_thread(choose, state, bot, message)
                    else:
                        index = 0
                    await connection.send(json.dumps({"actIndex": index}))
                elif message.get("stage") == "gameOver" and out is not None:
                    print(f"guandan connect: match {message.get('curTimes')} of {message.get('settingTimes')} over",
                          file=out, flush=True)
        except ConnectionClosed:
            pass
        return connection.close_code


async def connect(url: str, bot: Bot, ruleset: RulesetLike = "standard", retries: int = 10,
                  out: Optional[TextIO] = None) -> int:
    """Play at ``url`` until the judge closes the connection normally (exit
    status 0), connecting again after a drop; 1 once ``retries`` attempts
    in a row have failed."""
    out = out if out is not None else sys.stdout
    failures, delay = 0, 0.5
    while True:
        try:
            code = await play_connection(url, bot, ruleset, out)
            if code in (1000, 1001):
                print(f"guandan connect: the judge closed the connection ({code})", file=out, flush=True)
                return 0
            if code == 1008:  # the judge refuses this path (taken, or not a seat): trying again cannot help
                print(f"guandan connect: error: the judge refused {url} (code 1008)", file=sys.stderr, flush=True)
                return 1
            failures, delay = 0, 0.5  # it was open: a fresh series of attempts
            why = f"the connection dropped (code {code})"
        except (OSError, asyncio.TimeoutError) as error:
            failures += 1
            why = f"cannot connect ({error.__class__.__name__}: {error})"
        except Exception as error:  # noqa: BLE001 - handshake refused, closed mid-handshake
            failures += 1
            why = f"cannot connect ({error.__class__.__name__}: {error})"
        if failures > retries:
            print(f"guandan connect: error: {why}; gave up after {retries} retries", file=sys.stderr, flush=True)
            return 1
        print(f"guandan connect: {why}; trying again in {delay:.1f} s", file=out, flush=True)
        await asyncio.sleep(delay)
        delay = min(delay * 2, 5.0)
