"""What clients written for the competition's judge rely on (docs/judge.md,
"Checked against public clients"): the paths they connect to, the handshake
they read, answers that come late, how they tell a lead from a follow, the
shapes of the actions they look up by value, and the fields their state
parsers read per stage.

Each test states the fact it pins; none of the clients' code is here."""

import asyncio
import base64
import json
import os
import random
import socket
import time

import pytest

from guandan import Match
from guandan.judge import messages
from guandan.judge.command import run_coroutine
from guandan.judge.table import JudgeTable

websockets = pytest.importorskip("websockets")

from websockets.asyncio.client import connect as ws_connect  # noqa: E402

from .helpers import judge_options, run_judge  # noqa: E402

PASS = ["PASS", "PASS", "PASS"]
SUIT_ORDER = "SHCD"

# The fields a public client's state parser reads from each message it is
# sent (it stores every field, then reads these for its stage and type).
READS = {
    ("notify", "beginning"): {"myPos", "handCards"},
    ("notify", "play"): {"curPos", "curAction", "greaterPos", "greaterAction"},
    ("notify", "tribute"): {"result"},
    ("notify", "back"): {"result"},
    ("notify", "anti-tribute"): {"antiPos"},
    ("notify", "episodeOver"): {"order", "curRank", "restCards"},
    ("notify", "gameOver"): {"curTimes", "settingTimes"},
    ("notify", "gameResult"): {"victoryNum", "draws"},
    ("act", "play"): {"handCards", "publicInfo", "selfRank", "oppoRank", "curRank", "curPos", "curAction",
                      "greaterPos", "greaterAction", "actionList", "indexRange", "stage"},
}
READS[("act", "tribute")] = READS[("act", "back")] = READS[("act", "play")]


def _whole_match(seed, ruleset="standard"):
    """Every message of a seeded match with random choices, in order, with its addressee."""
    rng = random.Random(seed)
    match = Match(ruleset, seed=seed)
    table = JudgeTable(match)
    sent = []
    while True:
        sent.extend(table.start_deal())
        while (decision := table.decision()) is not None:
            sent.append((decision.seat, decision.message))
            _, notices = table.answer(rng.randrange(len(decision.options)))
            sent.extend(notices)
        sent.extend(table.end_deal())
        if match.next_deal() is None:
            return sent


@pytest.fixture(scope="module")
def sent():
    return _whole_match(11) + _whole_match(12, "app")


def test_every_message_has_what_the_state_parsers_read(sent):
    stages = set()
    for _, message in sent:
        key = (message["type"], message["stage"])
        stages.add(key)
        assert READS[key] <= set(message), key
    assert {("notify", "play"), ("act", "play"), ("notify", "episodeOver"), ("act", "back")} <= stages
    # The parsers print both lists of the run's last message, gameResult.
    result = messages.game_result([1, 0, 1, 0], [0, 0, 0, 0])
    assert READS[("notify", "gameResult")] <= set(result)
    assert all(len(result[k]) == 4 for k in ("victoryNum", "draws"))
    anti = messages.anti_tribute([0, 2])
    assert anti["antiPos"] == [0, 2] and anti["antiNum"] == anti["antiNums"] == 2


def test_a_lead_is_told_by_minus_one_and_a_follow_is_not(sent):
    """Clients lead when greaterPos or curPos is -1 and follow when greaterPos
    is not their seat and curPos is not -1: every play question is exactly one
    of the two. A follow lists the pass first and then only plays; a lead has no pass."""
    for seat, message in sent:
        if message["type"] != "act" or message["stage"] != "play":
            continue
        leads = message["greaterPos"] == -1 or message["curPos"] == -1
        follows = message["greaterPos"] != seat and message["curPos"] != -1
        assert leads != follows
        actions = message["actionList"]
        if leads:
            assert message["curPos"] == message["greaterPos"] == -1
            assert message["curAction"] == message["greaterAction"] == [None, None, None]
            assert PASS not in actions
        else:
            assert actions[0] == PASS and PASS not in actions[1:]
            assert message["greaterAction"] != PASS and message["greaterAction"][0] in messages_types()
            assert message["curAction"] == PASS or (message["curPos"] == message["greaterPos"]
                                                    and message["curAction"] == message["greaterAction"])


def messages_types():
    return {"Single", "Pair", "Trips", "ThreeWithTwo", "Straight", "ThreePair", "TwoTrips", "StraightFlush", "Bomb"}


def test_a_notice_always_carries_the_tricks_play(sent):
    """A pass notice still names the trick's owner and its play (clients read
    greaterAction[0] when curAction is the pass); actions are [type, rank, cards]
    lists, the pass ["PASS", "PASS", "PASS"]."""
    for _, message in sent:
        if message["type"] == "notify" and message["stage"] == "play":
            assert 0 <= message["curPos"] < 4 and 0 <= message["greaterPos"] < 4
            for key in ("curAction", "greaterAction"):
                action = message[key]
                assert isinstance(action, list) and len(action) == 3
                assert action == PASS or (action[0] in messages_types() and isinstance(action[2], list))
            assert message["greaterAction"] != PASS


def test_tribute_and_back_actions_hold_the_card_in_a_list(sent):
    """["tribute", "tribute", [card]] and ["back", "back", [card]]: clients
    read action[2][0], or compare action[2] with [card]."""
    asked = set()
    for seat, message in sent:
        if message["type"] == "act" and message["stage"] in ("tribute", "back"):
            asked.add(message["stage"])
            stage = message["stage"]
            for action in message["actionList"]:
                assert action[:2] == [stage, stage] and isinstance(action[2], list) and len(action[2]) == 1
                assert action[2][0] in message["handCards"]
            assert message["curPos"] == message["greaterPos"] == -1
        if message["type"] == "notify" and message["stage"] in ("tribute", "back"):
            for giver, receiver, card in message["result"]:
                assert isinstance(card, str) and giver != receiver
    assert asked == {"tribute", "back"}


def test_play_area_is_null_or_an_action(sent):
    for _, message in sent:
        if message["type"] == "act":
            for info in message["publicInfo"]:
                assert set(info) == {"rest", "playArea"}
                assert info["playArea"] is None or (isinstance(info["playArea"], list) and len(info["playArea"]) == 3)


def _in_suit_order(cards):
    return [SUIT_ORDER.index(card[0]) for card in cards] == sorted(SUIT_ORDER.index(card[0]) for card in cards)


def test_hands_and_actions_list_a_ranks_cards_in_one_suit_order(sent):
    """A client that groups its hand by rank builds pairs, triples and full
    houses in hand order and looks them up in actionList by value: within a
    rank, hands list suits S, H, C, D, and so do plays made of one rank (the
    heart of the level among them when it stands for its own rank)."""
    for _, message in sent:
        hand = [card for card in message.get("handCards") or [] if card not in ("SB", "HR")]
        for rank in {card[1] for card in hand}:
            assert _in_suit_order([card for card in hand if card[1] == rank]), hand
        for kind, rank, cards in (a for a in message.get("actionList", []) if a != PASS):
            groups = [cards[:3], cards[3:]] if kind == "ThreeWithTwo" else [cards]
            for group in groups:
                if len({card[1] for card in group}) == 1 and group[0] not in ("SB", "HR"):
                    assert _in_suit_order(group), (kind, rank, cards)


# --- over sockets ------------------------------------------------------------

async def _answers_first(path, base, seen):
    """A client at ``path`` that answers index 0; the seats it was given."""
    async with ws_connect(base + path, proxy=None) as connection:
        async for raw in connection:
            message = json.loads(raw)
            if "myPos" in message:
                seen.add(message["myPos"])
            if message["type"] == "act":
                await connection.send(json.dumps({"actIndex": 0}))
    return connection.close_code


def test_named_paths_take_free_seats_and_numbered_ones_their_own():
    """The example clients connect to /game/client1 .. /game/client4, others
    to /game/gd/NAME; they learn their seat from myPos."""
    paths = ["/game/client1", "/game/client2", "/game/client3", "/game/client4"]
    seen = [set() for _ in paths]
    clients = [lambda base, p=p, s=s: _answers_first(p, base, s) for p, s in zip(paths, seen)]
    run, results = run_coroutine(run_judge(judge_options(), *clients, path=""))
    assert results == [1000] * 4 and run.players == ["client"] * 4 and not run.fallbacks
    assert seen == [{1}, {2}, {3}, {0}]

    seen = [set() for _ in range(4)]
    names = ["/game/gd/0000002", "/game/gd/client3", "/game/gd/0000002", "/game/x.y-z_1"]
    clients = [lambda base, p=p, s=s: _answers_first(p, base, s) for p, s in zip(names, seen)]
    run, results = run_coroutine(run_judge(judge_options(), *clients, path=""))
    assert results == [1000] * 4 and not run.fallbacks
    assert sorted(min(s) for s in seen) == [0, 1, 2, 3] and seen[1] == {3}


def test_a_fifth_client_is_refused():
    async def fifth(base):
        await asyncio.sleep(0.3)  # the four are in; the first message waits for the handshake grace
        async with ws_connect(base + "/game/late", proxy=None) as connection:
            await connection.wait_closed()
            return connection.close_code
    clients = [lambda base, s=s: _answers_first(f"/game/c{s}", base, set()) for s in range(4)]
    run, results = run_coroutine(run_judge(judge_options(), *clients, fifth, path=""))
    assert results == [1000] * 4 + [1008]


def _raw_handshake(port, path):
    """Open a websocket as a client that reads the handshake's answer in
    128-byte chunks; what came after the answer in the same reads."""
    sock = socket.create_connection(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    time.sleep(0.2)  # a slow client: everything the judge sent so far is waiting
    response = b""
    while b"\r\n\r\n" not in response:
        chunk = sock.recv(128)
        if not chunk:
            break
        response += chunk
    sock.close()
    return response.partition(b"\r\n\r\n")[2]


def test_nothing_is_sent_with_the_handshake_of_the_fourth_client():
    """The judge starts when the fourth client connects; its first message
    must not come in the same read as the handshake's answer."""
    clients = [lambda base, s=s: _answers_first(f"/game/client{s}", base, set()) for s in range(3)]

    async def fourth(base):
        port = int(base.rsplit(":", 1)[1])
        await asyncio.sleep(0.5)
        return await asyncio.to_thread(_raw_handshake, port, "/game/client3")
    run, results = run_coroutine(run_judge(judge_options(wait=5), *clients, fourth, path=""))
    assert results[:3] == [1000] * 3
    assert results[3] == b""
    assert run.matches[0].is_over


def test_a_late_answer_is_not_taken_for_the_next_question():
    """A client slower than the timeout answers every question in turn: its
    late answers are voided, and each answer in time is played for its own question."""
    timeout = 0.6  # a fast client answers well within it even on a loaded machine
    wrong = []

    async def slow_at_first(base):
        async with ws_connect(base + "/game/client1", proxy=None) as connection:
            plays, chosen = 0, None
            async for raw in connection:
                message = json.loads(raw)
                if message["type"] == "notify" and message["stage"] == "play" and message["curPos"] == 1:
                    if chosen is not None and message["curAction"] != chosen:
                        wrong.append((message["curAction"], chosen))
                    chosen = None
                if message["type"] == "act":
                    index = message["indexRange"]  # in time: the last choice
                    if message["stage"] == "play":
                        plays += 1
                        if plays <= 3:  # late: the first choice, after the timeout
                            await asyncio.sleep(timeout * 1.8)
                            index = 0
                        else:
                            chosen = message["actionList"][index]
                    await connection.send(json.dumps({"actIndex": index}))
        return connection.close_code
    clients = [lambda base, s=s: _answers_first(f"/game/client{s}", base, set()) for s in (0, 2, 3)]
    run, results = run_coroutine(run_judge(judge_options(timeout=timeout, matches=2), slow_at_first, *clients, path=""))
    assert results == [1000] * 4
    assert [(f.participant, f.why) for f in run.fallbacks] == [(1, "timeout")] * 3
    assert not wrong
