"""A slow bot at one table never delays another: bots decide in a thread pool."""

from __future__ import annotations

import time

from guandan.gd.bots import SimpleBot
from tests.web.helpers import create_app, person, play_through


class SlowBot(SimpleBot):
    started = []

    def choose_move(self, observation, moves, can_pass):
        SlowBot.started.append(time.monotonic())
        time.sleep(1.5)
        return super().choose_move(observation, moves, can_pass)

    def choose_card(self, observation, options):
        SlowBot.started.append(time.monotonic())
        time.sleep(1.5)
        return super().choose_card(observation, options)


def _bot(strength):
    return SlowBot() if strength == "search" else SimpleBot()


def test_a_slow_table_does_not_delay_another(tmp_path):
    app = create_app(str(tmp_path / "db.sqlite"), bot_delay=0, message_rate=(10000.0, 10000), bot_factory=_bot)
    with person(app, "Slow") as slow:
        slow_code = slow.post("/api/tables/vs-bots", json={"bots": "search"}).json()["table"]["code"]
        fast_code = slow.post("/api/tables/vs-bots", json={"bots": "simple"}).json()["table"]["code"]
        with slow.websocket_connect(f"/ws/{slow_code}") as slow_ws:
            slow_ws.receive_json()
            view = slow_ws.receive_json()
            if view["deal"]["my_turn"]:  # hand the turn to the slow bots
                slow_ws.send_json({"type": "give", "card": view["deal"]["give"]["options"][0]} if view["deal"]["give"]
                                  else {"type": "play", "cards": [view["deal"]["hand"][0]]})
            while not SlowBot.started:
                time.sleep(0.01)
            start = time.monotonic()
            with slow.websocket_connect(f"/ws/{fast_code}") as ws:
                play_through(ws, [], stop_after_deals=1)
            took = time.monotonic() - start
            assert took < 1.0, f"a deal at the fast table took {took:.2f}s beside a slow one"
            assert len(SlowBot.started) == 1, "the slow bot was still thinking"
