"""Clients for the server tests: a person with a session, and a scripted
player that plays its seat through the websocket until the match ends."""

from __future__ import annotations

import warnings
from typing import Any, Dict, List

pytest_imports = __import__("pytest")
pytest_imports.importorskip("starlette")
pytest_imports.importorskip("httpx")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from guandan.web import create_app

FAST = dict(bot_delay=0, message_rate=(10000.0, 10000))

#: The server's first database schema (schema version 1, before versions
#: were kept): Guandan tables only, one session token on each player's row.
FIRST_SCHEMA = """
    CREATE TABLE players (id TEXT PRIMARY KEY, token_hash TEXT UNIQUE NOT NULL, name TEXT NOT NULL, created REAL NOT NULL);
    CREATE TABLE tables (code TEXT PRIMARY KEY, host TEXT NOT NULL, ruleset TEXT NOT NULL, bots TEXT NOT NULL,
                         public INTEGER NOT NULL, seed INTEGER NOT NULL, created REAL NOT NULL);
    CREATE TABLE actions (code TEXT NOT NULL, n INTEGER NOT NULL, kind TEXT NOT NULL, data TEXT NOT NULL,
                          at REAL NOT NULL, PRIMARY KEY (code, n));
"""


def person(app, name: str) -> TestClient:
    client = TestClient(app)
    assert client.post("/api/session", json={"name": name}).status_code == 200
    return client


def play_through(ws, messages: List[Dict[str, Any]], stop_after_deals: int = 1000) -> Dict[str, Any]:
    """Play the seat (first legal single or pass, first option) until the
    match is over or ``stop_after_deals`` deals are done; every message is
    recorded. Returns the last view."""
    acted = -1
    while True:
        message = ws.receive_json()
        messages.append(message)
        if message["type"] != "view" or message["seq"] <= acted:
            continue
        deal = message["deal"]
        if message["table"]["status"] == "over":
            return message
        if deal["phase"] == "over":
            if len(message["match"]["results"]) >= stop_after_deals:
                return message
            acted = message["seq"]
            ws.send_json({"type": "next"})
        elif deal["my_turn"]:
            acted = message["seq"]
            if deal["give"]:
                ws.send_json({"type": "give", "card": deal["give"]["options"][0]})
            elif deal["can_pass"]:
                ws.send_json({"type": "pass"})
            else:
                ws.send_json({"type": "play", "cards": [deal["hand"][0]], "reading": 0})
