"""Gan Deng Yan at the browser table: tables of 2 to 6 seats against bots
and with friends, the view of a seat, every error path of play, the leak
test over whole games of every table size, and restart-resume."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any, Dict, List

import pytest

from guandan.gdy import Game
from guandan.web.gdy_table import GdyTable
from tests.web.helpers import FAST, TestClient, create_app, person


def _vs_bots(client, **options) -> str:
    reply = client.post("/api/tables/vs-bots", json={"game": "gdy", **options})
    assert reply.status_code == 201, reply.text
    return reply.json()["table"]["code"]


def _lead(hand: List[str]) -> List[str]:
    """A legal lead: the lowest single, or the jokers when nothing else is left
    (a joker alone is played only as the last card)."""
    return [hand[0]] if hand[0] != "JK" else hand


def play_gdy(ws, messages: List[Dict[str, Any]]) -> Dict[str, Any]:
    """Play the seat (pass when possible, else the lowest single) until the game is over."""
    acted = -1
    while True:
        message = ws.receive_json()
        messages.append(message)
        assert message["type"] != "error", message
        if message["type"] != "view" or message["seq"] <= acted or message["deal"] is None:
            continue
        deal = message["deal"]
        if message["table"]["status"] == "over":
            return message
        if deal["phase"] == "over":
            if not message["seats"][message["me"]["seat"]]["ready"]:
                acted = message["seq"]
                ws.send_json({"type": "next"})
        elif deal["my_turn"]:
            acted = message["seq"]
            ws.send_json({"type": "pass"} if deal["can_pass"] else {"type": "play", "cards": _lead(deal["hand"])})


def _table_at(table: GdyTable, actions, seq: int) -> GdyTable:
    """The table as it was after ``seq`` actions, rebuilt from the store."""
    again = GdyTable(table.code, table.host, table.options, table.bots, table.public, table.seed, table.seat_count)
    for n, kind, data, at in actions:
        if n >= seq:
            break
        again.apply(kind, data, at)
    return again


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_whole_game_against_bots_and_no_hidden_card_reaches_the_seat(tmp_path, players):
    app = create_app(str(tmp_path / "gdy.sqlite"), **FAST)
    with person(app, "Host") as host:
        code = _vs_bots(host, players=players, bots="rule", target=60)
        messages: List[Dict[str, Any]] = []
        with host.websocket_connect(f"/ws/{code}") as ws:
            last = play_gdy(ws, messages)
        actions = list(app.state.rooms.store.actions(code))
    table = app.state.rooms.tables[code]
    game = table.game
    assert last["table"]["status"] == "over" and game.is_over
    assert last["match"]["scores"] == game.scores and last["match"]["winners"] == game.winners
    assert max(game.scores) >= 60 and len(last["match"]["results"]) == len(game.deals)
    assert [r["scores_after"] for r in last["match"]["results"]][-1] == game.scores
    assert len(last["seats"]) == players

    # Every view's hand is the engine's hand of seat 0 at that moment; every
    # other card named anywhere is a card played in the open; nothing names
    # another hand or the stock's cards.
    views = [m for m in messages if m["type"] == "view" and m["deal"] is not None]
    assert len(views) > 10
    over = [v for v in views if v["deal"]["phase"] == "over"]
    assert over, "the test must see the end of a deal"
    for view in views[:: max(1, len(views) // 40)] + views[-3:] + over[:3]:
        then = _table_at(table, actions, view["seq"])
        assert view["deal"]["hand"] == then.deal.hand(0).names(), view["seq"]
        # what the others hold is shown once the deal is over, and only then,
        # beside each penalty's parts, which multiply to the engine's penalty
        if view["deal"]["phase"] == "over":
            assert view["deal"]["remaining"] == [then.deal.hand(s).names() for s in range(players)]
            scoring = view["deal"]["scoring"]
            assert [s["penalty"] for s in scoring] == then.deal.penalties
            assert all(s["cards"] * s["unplayed"] * s["bombs"] == s["penalty"] for s in scoring), scoring
        else:
            assert view["deal"]["remaining"] is None and view["deal"]["scoring"] is None
        assert view["deal"]["counts"] == then.deal.hand_sizes and view["deal"]["stock"] == then.deal.stock_left
        played = Counter()
        for record in view["deal"]["log"]:
            if record["type"] == "play":
                played.update(record["cards"])
        for where in [view["deal"]["table"]] + [s["last"] for s in view["seats"]]:
            if where and where.get("type", "play") == "play":
                assert not Counter(where["cards"]) - played, where
    text = json.dumps(messages)
    assert '"hands"' not in text and '"stock_cards"' not in text


def test_friends_at_a_five_seat_table_with_a_bot_filling_the_rest(tmp_path):
    app = create_app(str(tmp_path / "gdy.sqlite"), **FAST)
    with person(app, "Host") as host, person(app, "Friend") as friend:
        reply = host.post("/api/tables", json={"game": "gdy", "players": 5, "target": 8, "bots": "random"})
        assert reply.status_code == 201
        summary = reply.json()["table"]
        assert summary["game"] == "gdy" and len(summary["seats"]) == 5 and summary["options"]["target"] == 8
        assert summary["clock"] == 30 and not summary["solo"]  # a table of people gets the default turn clock
        code = summary["code"]
        assert friend.post(f"/api/tables/{code}/join", json={"seat": 4}).json() == {"seat": 4}
        assert host.post(f"/api/tables/{code}/start", json={}).json()["error"]["code"] == "not_full"
        assert host.post(f"/api/tables/{code}/start", json={"anyway": True}).status_code == 200
        with host.websocket_connect(f"/ws/{code}") as ws_host, friend.websocket_connect(f"/ws/{code}") as ws_friend:
            import threading

            results: Dict[str, Any] = {}
            worker = threading.Thread(target=lambda: results.update(friend=play_gdy(ws_friend, [])))
            worker.start()
            results["host"] = play_gdy(ws_host, [])
            worker.join(timeout=120)
        assert results["host"]["match"]["scores"] == results["friend"]["match"]["scores"]
        seats = results["host"]["seats"]
        assert [s["human"] for s in seats] == [True, False, False, False, True]
        assert seats[1]["bot"] == "random"


def test_options_and_sizes_are_checked(tmp_path):
    app = create_app(str(tmp_path / "gdy.sqlite"), **FAST)
    with person(app, "Host") as host:
        for body, words in [
            ({"game": "gdy", "players": 7}, "players must be 2..6"),
            ({"game": "gdy", "players": 1}, "players must be 2..6"),
            ({"game": "gdy", "players": "4"}, "players must be 2..6"),
            ({"game": "gdy", "target": 0}, "target must be"),
            ({"game": "gdy", "target": "50"}, "target must be"),
            ({"game": "gdy", "bots": "simple"}, "random, rule, search"),
            ({"game": "chess"}, "game must be one of guandan, gdy"),
            ({"game": "guandan", "players": 5}, "players must be 4..4"),
        ]:
            for path in ("/api/tables", "/api/tables/vs-bots"):
                reply = host.post(path, json=body)
                assert reply.status_code == 400, (body, reply.text)
                assert words in reply.json()["error"]["message"]["en"], (body, reply.json())


def test_play_errors_change_nothing_and_select_reads_the_cards(tmp_path):
    app = create_app(str(tmp_path / "gdy.sqlite"), **FAST)
    with person(app, "Host") as host:
        code = _vs_bots(host, players=2, bots="rule")
        table = app.state.rooms.tables[code]
        with host.websocket_connect(f"/ws/{code}") as ws:
            ws.receive_json()
            view = ws.receive_json()
            while not view["deal"]["my_turn"]:
                view = ws.receive_json()
            hand = view["deal"]["hand"]
            before = table.actions
            ws.send_json({"type": "select", "cards": [hand[0]]})
            selection = ws.receive_json()
            assert selection["type"] == "selection" and selection["cards"] == [hand[0]]
            assert selection["readings"] or selection["reason"]
            missing = next(rank for rank in ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
                           if hand.count(rank) == 0)
            refused = [
                ({"type": "play", "cards": [missing]}, "illegal"),
                ({"type": "play", "cards": ["Z"]}, "bad_message"),
                ({"type": "play", "cards": "5 6"}, "bad_message"),
                ({"type": "play", "cards": []}, "bad_message"),
                ({"type": "give", "card": "5"}, "unknown_type"),
                ({"type": "play", "cards": ["5"] * 30}, "bad_message"),
            ]
            if selection["readings"]:  # a legal play, with a reading that does not exist
                refused.append(({"type": "play", "cards": [hand[0]], "reading": 99}, "bad_message"))
            for message, code_word in refused:
                ws.send_json(message)
                reply = ws.receive_json()
                while reply["type"] == "view":
                    reply = ws.receive_json()
                assert reply["type"] == "error" and reply["code"] == code_word, (message, reply)
            assert table.actions == before
            if view["deal"]["can_pass"]:
                ws.send_json({"type": "pass"})
            else:
                ws.send_json({"type": "play", "cards": _lead(hand)})
            view = ws.receive_json()
            assert view["type"] == "view" and view["seq"] == before + 1  # my action, then the bot may act
            ws.send_json({"type": "hint"})
            reply = ws.receive_json()
            while reply["type"] == "view":
                reply = ws.receive_json()
            assert reply["type"] in ("hint", "error")


def test_restart_resumes_a_game_where_it_was(tmp_path):
    path = str(tmp_path / "gdy.sqlite")
    app = create_app(path, **FAST)
    with person(app, "Host") as host:
        code = _vs_bots(host, players=4, bots="rule", target=30)
        with host.websocket_connect(f"/ws/{code}") as ws:
            seen = 0
            while seen < 30:
                message = ws.receive_json()
                if message["type"] == "view" and message["deal"]:
                    seen += 1
                    deal = message["deal"]
                    if message["table"]["status"] == "over":  # a deal of many bombs can end the game: no view follows
                        break
                    if deal["phase"] == "over":
                        ws.send_json({"type": "next"})
                    elif deal["my_turn"]:
                        ws.send_json({"type": "pass"} if deal["can_pass"] else {"type": "play", "cards": _lead(deal["hand"])})
    before = app.state.rooms.tables[code]
    again = create_app(path, **FAST).state.rooms.tables[code]
    assert again.actions == before.actions and again.results == before.results
    assert again.game.scores == before.game.scores and again.trick == before.trick
    assert [again.deal.hand(s) for s in range(4)] == [before.deal.hand(s) for s in range(4)]
    assert again.deal.stock_left == before.deal.stock_left and again.turn == before.turn


def test_the_log_and_the_replay_open_when_the_game_is_over(tmp_path):
    from guandan import gdy

    app = create_app(str(tmp_path / "gdy.sqlite"), **FAST)
    with person(app, "Host") as host:
        code = _vs_bots(host, players=3, bots="random", target=6)
        for path in ("log", "replay"):
            assert host.get(f"/api/tables/{code}/{path}").json()["error"]["code"] == "wrong_phase"
        with host.websocket_connect(f"/ws/{code}") as ws:
            play_gdy(ws, [])
        reply = host.get(f"/api/tables/{code}/log")
        assert reply.status_code == 200 and f"gdy-{code}.json" in reply.headers["content-disposition"]
        game = app.state.rooms.tables[code].game
        replayed = gdy.replay(reply.json())
        assert isinstance(replayed, Game) and replayed.scores == game.scores

        # The replay: every deal dealt again, a step per action, every hand shown.
        steps = host.get(f"/api/tables/{code}/replay").json()
        assert steps["scores"] == game.scores and steps["winners"] == game.winners
        assert len(steps["deals"]) == len(game.deals)
        for record, deal in zip(steps["deals"], game.deals):
            assert len(record["steps"]) == len(deal.history) + 1
            assert record["penalties"] == deal.penalties and record["winner"] == deal.winner
            assert [len(h) for h in record["steps"][-1]["hands"]] == deal.hand_sizes
            assert record["steps"][-1]["hands"] == [deal.hand(s).names() for s in range(3)]
            assert record["steps"][-1]["stock"] == deal.stock_left
            assert [step["action"]["seat"] for step in record["steps"][1:]] == [a.seat for a in deal.history]
            assert sum(len(h) for h in record["steps"][0]["hands"]) + record["steps"][0]["stock"] == 54
            # A round's end (every other seat passed) draws a card each as far
            # as the stock goes (docs/gdy_rules.md §5.3); no other step draws.
            for before, after in zip(record["steps"], record["steps"][1:]):
                drawn = min(3, before["stock"]) if after["drew"] else 0
                assert before["stock"] - after["stock"] == drawn, (before, after)
        # who played each seat, for the replay to name them; a link opened without a session works
        assert TestClient(app).get(f"/api/tables/{code}/replay").json() == steps
        assert steps["seats"] == [{"name": "Host", "bot": None}] + [{"name": None, "bot": "random"}] * 2
        guandan_code = host.post("/api/tables/vs-bots", json={"bots": "simple"}).json()["table"]["code"]
        assert host.get(f"/api/tables/{guandan_code}/replay").status_code == 400
