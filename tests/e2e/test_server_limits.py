"""The server's size and connection limits over real sockets: ``guandan
serve`` (uvicorn) in a subprocess, raw HTTP and a websocket client
(docs/web.md §3, §4)."""

from __future__ import annotations

import contextlib
import http.client
import json
import time
from urllib.parse import urlsplit

import pytest

websockets_sync = pytest.importorskip("websockets.sync.client")
from websockets.exceptions import ConnectionClosed  # noqa: E402


def _request(server: str, method: str, path: str, body=b"", headers=None):
    """(status, JSON reply, Set-Cookie) of one HTTP request."""
    parts = urlsplit(server)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    try:
        connection.request(method, path, body=body, headers={"Content-Type": "application/json", **(headers or {})})
        reply = connection.getresponse()
        data = reply.read()
        return reply.status, (json.loads(data) if data else None), reply.getheader("Set-Cookie", "")
    finally:
        connection.close()


@pytest.fixture
def seated(server):
    """(cookie header, table code) of a fresh session at a vs-bots table."""
    status, _, cookie = _request(server, "POST", "/api/session", json.dumps({"name": "Limits"}).encode())
    assert status == 200
    cookie = cookie.split(";")[0]
    status, reply, _ = _request(server, "POST", "/api/tables/vs-bots", json.dumps({"bots": "simple"}).encode(),
                                {"Cookie": cookie})
    assert status == 201
    return cookie, reply["table"]["code"]


def _socket(server: str, cookie: str, code: str):
    url = server.replace("http://", "ws://") + f"/ws/{code}"
    return websockets_sync.connect(url, additional_headers={"Cookie": cookie}, open_timeout=30, close_timeout=5)


def _until(ws, kind: str):
    while True:
        message = json.loads(ws.recv(timeout=30))
        if message["type"] == kind:
            return message


def test_a_large_body_is_refused_from_its_declared_length(server, seated):
    cookie, _ = seated
    # The declared length alone decides: the server answers before the body
    # is sent (a 16 MiB body would otherwise be read into memory first).
    parts = urlsplit(server)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    connection.putrequest("POST", "/api/tables")
    connection.putheader("Content-Type", "application/json")
    connection.putheader("Cookie", cookie)
    connection.putheader("Content-Length", str(16 << 20))
    connection.endheaders()
    reply = connection.getresponse()
    assert reply.status == 413
    assert json.loads(reply.read())["error"]["code"] == "too_large"
    connection.close()


def test_a_large_streamed_body_is_refused_as_it_arrives(server, seated):
    cookie, _ = seated
    chunks = (b"x" * 1024 for _ in range(64))  # chunked: no declared length
    status, reply, _ = _request(server, "POST", "/api/tables", chunks, {"Cookie": cookie})
    assert status == 413 and reply["error"]["code"] == "too_large"


def test_a_frame_over_the_message_limit_gets_an_error_and_the_socket_stays_open(server, seated):
    cookie, code = seated
    with _socket(server, cookie, code) as ws:
        _until(ws, "view")
        ws.send(json.dumps({"type": "chat", "text": "x" * (100 << 10), "id": 7}))  # 100 KiB
        error = _until(ws, "error")
        assert error["code"] == "too_large"
        ws.send(json.dumps({"type": "ping", "id": 8}))
        assert _until(ws, "pong")["ref"] == 8


def test_a_frame_over_one_mebibyte_closes_the_socket(server, seated):
    cookie, code = seated
    with _socket(server, cookie, code) as ws:
        _until(ws, "view")
        ws.send("x" * ((1 << 20) + 1))
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                ws.recv(timeout=30)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009


def test_one_session_holds_at_most_eight_connections(server, seated):
    cookie, code = seated
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(_socket(server, cookie, code)) for _ in range(8)]
        for ws in sockets:
            _until(ws, "hello")
        with _socket(server, cookie, code) as ninth:
            error = json.loads(ninth.recv(timeout=30))
            assert error["type"] == "error" and error["code"] == "too_many_connections"
            with pytest.raises(ConnectionClosed) as closed:
                ninth.recv(timeout=30)
            assert closed.value.rcvd.code == 4429
        # Closing one frees a place.
        sockets[0].close()
        for _ in range(50):
            with _socket(server, cookie, code) as again:
                if json.loads(again.recv(timeout=30))["type"] == "hello":
                    break
            time.sleep(0.1)
        else:
            pytest.fail("a place freed by a closed connection was never given again")
