"""The typed protocol: every message type reads its good form into its class,
a bad form is the error that names what is wrong, and a handler returns
events without changing the table, the store or any connection; the
table's room applies them."""

import asyncio
import concurrent.futures

import pytest

from guandan import Card
from guandan.web import gdy_game, guandan_game
from guandan.web.errors import WebError
from guandan.web.events import Ask, Broadcast, Commit, Later, Reply
from guandan.web.protocol import ClientMessage, message_types, parse, read_fields
from guandan.web.room_messages import (
    ROOM_HANDLERS, SOCKET_MESSAGES, TABLE_ACTIONS, Allow, Approve, Away, Chat, Coach, End, Join, Leave, Next, Ping,
    Reject, Remove, Request, Start,
)
from tests.web.helpers import FAST, create_app, person

ROOM = (SOCKET_MESSAGES,)
GUANDAN = (SOCKET_MESSAGES, guandan_game.WEB_GAME.messages)
GDY = (SOCKET_MESSAGES, gdy_game.WEB_GAME.messages)

GOOD = [
    (ROOM, {"type": "ping", "id": 3}, Ping()),
    (ROOM, {"type": "chat", "text": "  hello "}, Chat(text="hello")),
    (ROOM, {"type": "coach", "on": True}, Coach(on=True)),
    (ROOM, {"type": "next"}, Next()),
    (GUANDAN, {"type": "select", "cards": ["Ah", "2s"]}, guandan_game.Select(cards=(Card("Ah"), Card("2s")))),
    (GUANDAN, {"type": "play", "cards": ["Ah"], "reading": 1}, guandan_game.PlayCards(cards=(Card("Ah"),), reading=1)),
    (GUANDAN, {"type": "play", "cards": ["Ah"]}, guandan_game.PlayCards(cards=(Card("Ah"),), reading=None)),
    (GUANDAN, {"type": "pass"}, guandan_game.Pass()),
    (GUANDAN, {"type": "give", "card": "Ks"}, guandan_game.Give(card=Card("Ks"))),
    (GUANDAN, {"type": "hint"}, guandan_game.Hint()),
    (GDY, {"type": "select", "cards": ["7", "JK"]}, gdy_game.Select(cards=("7", "JK"))),
    (GDY, {"type": "play", "cards": ["10", "10"], "reading": 0}, gdy_game.PlayCards(cards=("10", "10"), reading=0)),
    (GDY, {"type": "pass"}, gdy_game.Pass()),
    (GDY, {"type": "hint"}, gdy_game.Hint()),
]


@pytest.mark.parametrize("layers, raw, expected", GOOD, ids=[f"{r['type']}-{i}" for i, (_, r, _) in enumerate(GOOD)])
def test_every_type_reads_its_good_form(layers, raw, expected):
    assert parse(raw, *layers) == expected


BAD = [
    (ROOM, {"type": 7}, "bad_message", "type must be a string"),
    (ROOM, {"type": "fly"}, "unknown_type", "'fly'"),
    (ROOM, {"text": "hi"}, "bad_message", "type must be a string"),
    (ROOM, {"type": "chat"}, "bad_message", "chat text must be a string"),
    (ROOM, {"type": "chat", "text": "   "}, "bad_message", "chat text is empty"),
    (ROOM, {"type": "coach", "on": "yes"}, "bad_message", "on must be true or false"),
    (ROOM, {"type": "coach"}, "bad_message", "on must be true or false"),
    (GUANDAN, {"type": "select", "cards": "Ah"}, "bad_message", "cards must be a list"),
    (GUANDAN, {"type": "select", "cards": [1]}, "bad_message", "cards[] must be a card text"),
    (GUANDAN, {"type": "select", "cards": ["Zz"]}, "bad_card", "Zz is not a card"),
    (GUANDAN, {"type": "play", "cards": ["Ah"] * 28}, "bad_message", "at most 27 cards"),
    (GUANDAN, {"type": "play", "cards": ["Ah"], "reading": -1}, "bad_message", "reading must be"),
    (GUANDAN, {"type": "play", "cards": ["Ah"], "reading": True}, "bad_message", "reading must be"),
    (GUANDAN, {"type": "give"}, "bad_message", "card must be a card text"),
    (GDY, {"type": "play", "cards": [7]}, "bad_message", "cards must be a list of card texts such as"),
    (GDY, {"type": "play", "cards": ["7"], "reading": 100}, "bad_message", "reading must be"),
    (GDY, {"type": "give", "card": "7"}, "unknown_type", "'give'"),  # Gan Deng Yan has no tribute
    (ROOM, {"type": "play", "cards": []}, "unknown_type", "'play'"),  # the room alone has no play
]


@pytest.mark.parametrize("layers, raw, code, words", BAD, ids=[str(i) for i in range(len(BAD))])
def test_a_bad_form_is_the_error_naming_what_is_wrong(layers, raw, code, words):
    with pytest.raises(WebError) as caught:
        parse(raw, *layers)
    assert caught.value.code == code
    assert words in caught.value.message["en"], caught.value.message
    assert set(caught.value.message) == {"en", "zh"}


def test_the_table_actions_read_their_bodies():
    read = lambda cls, body: read_fields(cls, body, "bad_request")  # noqa: E731
    assert read(Join, {}) == Join(seat=None) and read(Join, {"seat": 2}) == Join(seat=2)
    assert read(Request, {}) == Request() and read(Leave, {}) == Leave() and read(End, {}) == End()
    assert read(Approve, {"player": "p_1"}) == Approve(player="p_1", seat=None)
    assert read(Approve, {"player": "p_1", "seat": 3}) == Approve(player="p_1", seat=3)
    assert read(Reject, {"player": "p_1"}) == Reject(player="p_1")
    assert read(Allow, {"player": "p_1"}) == Allow(player="p_1")
    assert read(Remove, {"seat": 1}) == Remove(seat=1)
    assert read(Start, {}) == Start(anyway=False) and read(Start, {"anyway": True}) == Start(anyway=True)
    assert read(Away, {}) == Away(away=True) and read(Away, {"away": False}) == Away(away=False)
    assert set(TABLE_ACTIONS) == {"join", "request", "approve", "reject", "remove", "allow", "start", "away", "leave",
                                  "end"}
    for cls, body, words in [(Join, {"seat": "1"}, "seat must be a small whole number"),
                             (Join, {"seat": True}, "seat must be a small whole number"),
                             (Remove, {}, "seat must be a small whole number"),
                             (Approve, {"player": ["p_1"]}, "player must be a player id"),
                             (Reject, {}, "player must be a player id"),
                             (Start, {"anyway": 1}, "anyway must be true or false"),
                             (Away, {"away": None}, "away must be true or false")]:
        with pytest.raises(WebError) as caught:
            read(cls, body)
        assert caught.value.code == "bad_request" and words in caught.value.message["en"], (cls, body)


def test_a_layer_takes_each_type_once():
    with pytest.raises(ValueError, match="two message classes of type 'ping'"):
        message_types([Ping, Ping])
    with pytest.raises(ValueError, match="has no TYPE"):
        message_types([ClientMessage])
    # every room message has its handler, and no game redeclares a room type
    assert set(ROOM_HANDLERS) == set(SOCKET_MESSAGES.values()) | set(TABLE_ACTIONS.values())
    for game in (guandan_game.WEB_GAME, gdy_game.WEB_GAME):
        assert not set(game.messages) & (set(SOCKET_MESSAGES) | set(TABLE_ACTIONS))


def _table_of_friends(tmp_path):
    app = create_app(str(tmp_path / "db.sqlite"), **FAST)
    host = person(app, "Host")
    code = host.post("/api/tables", json={"public": True}).json()["table"]["code"]
    rooms = app.state.rooms
    return app, rooms, rooms.room(code), host


def _run(coroutine):
    """Runs `coroutine` to its end on an event loop of its own, in a thread
    of its own: in a whole test run another test's loop may still be
    running in this thread, where asyncio.run refuses to start."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def test_handlers_return_events_and_change_nothing(tmp_path):
    app, rooms, room, host = _table_of_friends(tmp_path)
    table = room.table
    host_id = table.host
    stored = lambda: len(list(rooms.store.actions(table.code)))  # noqa: E731
    before = (table.actions, stored(), list(table.seats), list(table.chat))

    # The room's layer: a chat line is an action, stored quietly, then the line to everyone.
    events = room.answer(host_id, Chat(text="hi"))
    assert [type(e) for e in events] == [Commit, Broadcast]
    assert events[0].action.kind == "chat" and events[0].action.data["text"] == "hi" and events[0].quiet
    assert events == room.answer(host_id, Chat(text="hi"))  # nothing moved: the same answer again
    # A table action answers the body of its HTTP reply beside the action.
    events = room.answer("p_friend", Join(seat=2))
    assert events == [Commit(events[0].action), Reply({"seat": 2})]
    assert events[0].action.kind == "join" and events[0].action.data == {"player": "p_friend", "seat": 2}
    assert room.answer(host_id, Ping()) == [Reply({"v": 1, "type": "pong"})]
    assert room.answer(host_id, Coach(on=False)) == []  # already off: nothing to do
    # A refusal is an error before anything is returned.
    with pytest.raises(WebError) as caught:
        room.answer("p_stranger", Start(anyway=True))
    assert caught.value.code == "not_host"
    with pytest.raises(WebError) as caught:
        room.answer(host_id, Next())
    assert caught.value.code == "wrong_phase"
    assert (table.actions, stored(), list(table.seats), list(table.chat)) == before

    # The room applies them: stored first, then applied, then the line goes out.
    _run(room.apply(room.answer(host_id, Chat(text="hello"))))
    assert table.chat[-1]["text"] == "hello" and table.actions == before[0] + 1 and stored() == before[1] + 1
    reply = _run(room.apply(room.answer("p_friend", Join(seat=None))))
    assert reply == {"seat": 1} and table.seats[1] == "p_friend"


def test_a_game_handler_returns_its_play_and_the_coach_work_for_later(tmp_path):
    app = create_app(str(tmp_path / "db.sqlite"), **FAST)
    player = person(app, "Solo")

    def my_turn_with_a_play():
        """A table whose seat 0 is to act with a play that is not a pass. The deal is random: the bot may keep
        the lead over seat 0 and even go out first, then a fresh table is tried."""
        for _ in range(50):
            code = player.post("/api/tables/vs-bots", json={"game": "gdy", "players": 2, "bots": "random"}).json()
            room = app.state.rooms.room(code["table"]["code"])
            table = room.table
            table.commit(table.coach_action(0, True))
            deal = table.game.deal
            # the bots play only while someone watches: play their turns here, and seat 0's forced passes
            while not deal.is_over and (table.turn != 0 or all(p.is_pass for p in deal.legal_plays())):
                table.commit(gdy_game.bot_action(table, table.turn, deal.legal_plays()[0]))
                deal = table.game.deal
            if not deal.is_over:
                return room, table
        raise AssertionError("no table gave seat 0 a play in 50 deals")

    room, table = my_turn_with_a_play()
    me = table.seats[0]
    seq = table.actions
    legal = next(p for p in table.game.deal.legal_plays() if not p.is_pass)
    cards = tuple(legal.cards.names())
    events = room.answer(me, gdy_game.PlayCards(cards=cards, reading=0))
    assert [type(e) for e in events] == [Commit, Later] and events[0].action.kind == "play"
    assert events[0].action.data["cards"] == list(cards) and table.actions == seq
    events = room.answer(me, gdy_game.Hint())
    assert [type(e) for e in events] == [Later] and table.actions == seq
    hint = events[0].work()
    assert hint["type"] == "hint" and set(hint["reason"]) == {"en", "zh"}
    assert room.answer(me, gdy_game.Select(cards=())) == [Reply({"v": 1, "type": "selection", "cards": [],
                                                                 "readings": [], "reason": None,
                                                                 "pass": table.game.deal.can_pass()})]
    assert table.actions == seq
    with pytest.raises(WebError) as caught:
        room.answer("p_nobody", gdy_game.Pass())
    assert caught.value.code == "not_seated"


def test_an_ask_reads_the_asker(tmp_path):
    app, rooms, room, host = _table_of_friends(tmp_path)
    table = room.table
    ask = room.ask(table.host)
    assert ask == Ask(table, table.host, 0, "Host") and ask.own_seat() == 0 and not ask.coaching
    with pytest.raises(WebError) as caught:
        room.ask("p_nobody").own_seat()
    assert caught.value.code == "not_seated"
