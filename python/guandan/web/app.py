"""The web app: HTTP lobby and table actions, the table websocket, the page
(``docs/web.md``). ``create_app(db_path)`` builds it; ``guandan serve`` runs
it on uvicorn."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import mimetypes
import os
from typing import Any, AsyncIterator, Awaitable, Callable, Dict, Mapping, Optional, Sequence, Tuple, Type

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..gd.log import dumps
from . import accounts, protocol, sessions
from .bot_runner import BotRunner
from .errors import WebError
from .i18n import detail
from .rate_limit import RateLimit
from .room import Connection, Room
from .room_messages import SOCKET_MESSAGES, TABLE_ACTIONS
from .rooms import BotFactories, Rooms
from .store import Store
from .views import seat_players, table_summary
from .web_games import BotsOption, custom_strengths, game_summary, game_texts, hosted_games, web_game, web_game_names

log = logging.getLogger("guandan.web")
STATIC = os.path.join(os.path.dirname(__file__), "static")
mimetypes.add_type("application/manifest+json", ".webmanifest")  # the app's manifest, as browsers expect it
MAX_BODY = 4096
COOKIE_AGE = 365 * 24 * 3600

Handler = Callable[[Request], Awaitable[Response]]


def _rooms(request: Any) -> Rooms:
    return request.app.state.rooms


async def _body(request: Request) -> Dict[str, Any]:
    # The size is checked before the body is read: from the declared length
    # when there is one, else while it streams in, so a large body is
    # refused without being held in memory.
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        raise WebError("too_large")
    chunks = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise WebError("too_large")
        chunks.append(chunk)
    data = b"".join(chunks)
    if not data.strip():
        return {}
    try:
        body = json.loads(data)
    except (ValueError, RecursionError):
        raise WebError("bad_request", detail=detail("body_not_json")) from None
    if not isinstance(body, dict):
        raise WebError("bad_request", detail=detail("body_not_object"))
    return body


def _session_token(request: Any) -> Optional[str]:
    token = request.cookies.get(sessions.COOKIE)
    return token if token and len(token) <= 100 else None


def _player(request: Any) -> str:
    """The player of the request's session cookie; ``no_session`` without one."""
    token = _session_token(request)
    found = None if token is None else _rooms(request).store.player_by_token(sessions.token_hash(token))
    if found is None:
        raise WebError("no_session")
    return found[0]


def _player_or_none(request: Any) -> Optional[str]:
    try:
        return _player(request)
    except WebError:
        return None


def _errors(handler: Handler) -> Handler:
    async def wrapped(request: Request) -> Response:
        try:
            return await handler(request)
        except WebError as error:
            return JSONResponse(error.body(), status_code=error.status)
    return wrapped


# --- session -------------------------------------------------------------------
def _session_reply(rooms: Rooms, player: Optional[str], token: Optional[str] = None, status: int = 200) -> Response:
    """``{"player", "account"}`` for ``player`` (None: no session), setting
    the cookie of a new session ``token``."""
    if player is None:
        return JSONResponse({"player": None, "account": None}, status_code=status)
    login = rooms.store.login_of(player)
    response = JSONResponse({"player": {"id": player, "name": rooms.names.get(player, "")},
                             "account": None if login is None else {"login": login}}, status_code=status)
    if token is not None:
        response.set_cookie(sessions.COOKIE, token, max_age=COOKIE_AGE, httponly=True, samesite="lax")
    return response


@_errors
async def post_session(request: Request) -> Response:
    body = await _body(request)
    name = sessions.nickname(body.get("name"))
    rooms = _rooms(request)
    player = _player_or_none(request)
    token = None
    if player is None:
        token, player = sessions.new_token(), sessions.new_player_id()
        rooms.store.add_player(player, sessions.token_hash(token), name)
    else:
        rooms.store.rename_player(player, name)
    rooms.names[player] = name
    return _session_reply(rooms, player, token)


@_errors
async def get_session(request: Request) -> Response:
    # No session is an answer here, not an error: the lobby asks on every
    # first visit, and a 401 would show in the browser's console.
    return _session_reply(_rooms(request), _player_or_none(request))


# --- accounts ------------------------------------------------------------------
def _address(request: Request) -> str:
    return request.client.host if request.client is not None else ""


@_errors
async def sign_up(request: Request) -> Response:
    """An account for this browser's player (a guest keeps their name and
    tables), or for a new player named ``name`` when there is no session."""
    body = await _body(request)
    login = accounts.login_key(body.get("login"))
    password = accounts.new_password(body.get("password"))
    rooms = _rooms(request)
    player = _player_or_none(request)
    if player is not None and rooms.store.login_of(player) is not None:
        raise WebError("signed_in")
    name = sessions.nickname(body.get("name")) if player is None or body.get("name") is not None else None
    # each sign-up hashes, and a taken login tells that it exists: they count too
    request.app.state.sign_in_limits.check(_address(request))
    if rooms.store.account(login) is not None:
        raise WebError("login_taken")
    record = await asyncio.to_thread(accounts.hash_password, password)
    token = None
    if player is None:
        assert name is not None  # a new player's nickname was read above
        token, player = sessions.new_token(), sessions.new_player_id()
        rooms.store.add_account(login, player, record, new_player=(sessions.token_hash(token), name))
    else:
        rooms.store.add_account(login, player, record)
        if name is not None:
            rooms.store.rename_player(player, name)
    if name is not None:
        rooms.names[player] = name
    return _session_reply(rooms, player, token, status=201)


@_errors
async def sign_in(request: Request) -> Response:
    """A new session of the account's player on this browser."""
    body = await _body(request)
    login = accounts.login_key(body.get("login"))
    password = accounts.given_password(body.get("password"))
    rooms = _rooms(request)
    request.app.state.sign_in_limits.check(_address(request), login)
    found = rooms.store.account(login)
    if not await asyncio.to_thread(accounts.check_sign_in, password, None if found is None else found[1]):
        raise WebError("sign_in_failed")
    assert found is not None  # check_sign_in refuses a login without an account
    player = found[0]
    token = sessions.new_token()
    rooms.store.add_session(sessions.token_hash(token), player)
    return _session_reply(rooms, player, token)


@_errors
async def sign_out(request: Request) -> Response:
    """End this browser's session of an account (its other sessions stay).
    A guest's session is the only key to their seats: it is not ended."""
    player = _player(request)
    rooms = _rooms(request)
    if rooms.store.login_of(player) is None:
        raise WebError("not_signed_in")
    rooms.store.remove_session(sessions.token_hash(_session_token(request) or ""))
    response = _session_reply(rooms, None)
    response.delete_cookie(sessions.COOKIE, httponly=True, samesite="lax")
    return response


# --- tables --------------------------------------------------------------------
@_errors
async def list_games(request: Request) -> Response:
    """The games this server hosts, first the default, as the lobby offers them."""
    rooms = _rooms(request)
    return JSONResponse({"games": [game_summary(web_game(name), rooms.custom_names(name)) for name in rooms.games]})


@_errors
async def list_tables(request: Request) -> Response:
    rooms = _rooms(request)
    return JSONResponse({"tables": [table_summary(t, rooms.names) for t in rooms.open_tables()]})


@_errors
async def list_my_tables(request: Request) -> Response:
    player = _player(request)
    rooms = _rooms(request)
    tables = [{**table_summary(t, rooms.names), "me": {"seat": t.seat_of(player), "host": t.host == player}}
              for t in rooms.tables_of(player)]
    return JSONResponse({"tables": tables, "history": rooms.history_of(player)})


@_errors
async def create_table(request: Request) -> Response:
    player = _player(request)
    body = await _body(request)
    rooms = _rooms(request)
    table = rooms.create(player, body, body.get("public", True))
    return JSONResponse({"table": table_summary(table, rooms.names), "seat": 0}, status_code=201)


@_errors
async def create_vs_bots(request: Request) -> Response:
    player = _player(request)
    body = await _body(request)
    rooms = _rooms(request)
    table = rooms.create(player, body, False, solo=True)
    return JSONResponse({"table": table_summary(table, rooms.names), "seat": 0}, status_code=201)


@_errors
async def get_table(request: Request) -> Response:
    player = _player(request)
    rooms = _rooms(request)
    table = rooms.table(request.path_params["code"])
    me = {"seat": table.seat_of(player), "host": table.host == player,
          "requested": player in table.requests, "rejected": player in table.rejected,
          "removed": player in table.removed}
    return JSONResponse({"table": table_summary(table, rooms.names), "me": me})


def _table_action(kind: Type[protocol.ClientMessage]) -> Handler:
    """The endpoint of one table action (room_messages.TABLE_ACTIONS): the
    body read as its message class, then handled by the table's room."""
    @_errors
    async def endpoint(request: Request) -> Response:
        player = _player(request)
        message = protocol.read_fields(kind, await _body(request), "bad_request")
        return JSONResponse(await _rooms(request).perform(request.path_params["code"], player, message))
    return endpoint


@_errors
async def download_log(request: Request) -> Response:
    # No session needed: a finished game is open to whoever has its code
    # (a replay link is shared), and every hand in it is public by now.
    rooms = _rooms(request)
    table = rooms.finished_table(request.path_params["code"])
    if table.status not in ("over", "ended") or not table.has_game:
        raise WebError("wrong_phase", key="log_not_ready")
    headers = {"Content-Disposition": f'attachment; filename="{table.GAME}-{table.code}.json"'}
    log = Rooms.game_of(table).log(table, seat_players(table, rooms.names))
    return Response(dumps(log), media_type="application/json", headers=headers)


@_errors
async def get_replay(request: Request) -> Response:
    rooms = _rooms(request)  # no session needed, as for the log
    table = rooms.finished_table(request.path_params["code"])
    game = Rooms.game_of(table)
    if game.replay is None:
        raise WebError("bad_request", detail=detail("replayed_from_log", game=table.GAME))
    if table.status not in ("over", "ended") or not table.has_game:
        raise WebError("wrong_phase", key="log_not_ready")
    return JSONResponse(game.replay(table, seat_players(table, rooms.names)))


# --- the websocket --------------------------------------------------------------
async def _writer(websocket: WebSocket, connection: Connection) -> None:
    while True:
        message = await connection.queue.get()
        if message is None:
            await websocket.close()
            return
        if isinstance(message, str):  # a view, encoded by its ViewStream
            await websocket.send_text(message)
        else:
            await websocket.send_json(message)


#: Why a socket is closed right after its error message (docs/web.md §4).
_CLOSE_CODES = {"no_session": 4401, "too_many_connections": 4429}


async def table_socket(websocket: WebSocket) -> None:
    await websocket.accept()
    rooms = _rooms(websocket)
    try:
        player = _player(websocket)
        # ?deltas=1: views after the first as patches (docs/web.md §4, deltas.py)
        deltas = websocket.query_params.get("deltas") == "1"
        room, connection = rooms.connect(websocket.path_params["code"], player, deltas)
    except WebError as error:
        await websocket.send_json(protocol.error_message(error))
        await websocket.close(code=_CLOSE_CODES.get(error.code, 4404))
        return
    writer = asyncio.get_running_loop().create_task(_writer(websocket, connection))
    limit = RateLimit(*websocket.app.state.message_rate)
    try:
        while not writer.done():
            received = await websocket.receive()
            if received["type"] == "websocket.disconnect":
                break
            data = received.get("text") if received.get("text") is not None else received.get("bytes")
            await _one_message(room, connection, limit, data)
    except WebSocketDisconnect:
        pass
    finally:
        room.disconnect(connection)
        writer.cancel()


async def _one_message(room: Room, connection: Connection, limit: RateLimit, data: Any) -> None:
    """Read, check and type one message, then let the table's room answer
    it; a refusal is an error message with the request's ``ref``."""
    raw: Any = None
    try:
        if not limit.allow():
            raise WebError("rate_limited")
        if data is None:
            raise WebError("bad_message", detail=detail("empty_message"))
        raw = protocol.load(data)
        message = protocol.parse(raw, SOCKET_MESSAGES, room.game.messages)
        await room.handle(connection.player, message, connection, protocol.reference(raw))
    except WebError as error:
        connection.send(protocol.error_message(error, protocol.reference(raw)))


# --- the page -------------------------------------------------------------------
_PLACEHOLDER = (
    "<!doctype html><meta charset=utf-8><title>Guandan</title>"
    "<p>The guandan server is running; the page is not installed (python/guandan/web/static/).</p>"
)


def _page_file(name: str) -> Response:
    path = os.path.join(STATIC, name)
    if os.path.isfile(path):
        return FileResponse(path)
    return HTMLResponse(_PLACEHOLDER)


async def page(request: Request) -> Response:
    return _page_file("index.html")


async def service_worker(request: Request) -> Response:
    """The app's service worker, from the site's root so that its scope is the
    whole site (static/sw.js)."""
    path = os.path.join(STATIC, "sw.js")
    if not os.path.isfile(path):
        return Response(status_code=404)
    return FileResponse(path, media_type="text/javascript", headers={"Cache-Control": "no-cache"})


async def page_texts(request: Request) -> Response:
    """A game's texts (``/static/texts/GAME.json``), which its pages load:
    every game with a browser table, hosted here or not, so that the service
    worker keeps them all for the pages to open offline."""
    name = request.path_params["game"]
    if name not in web_game_names():
        return Response(status_code=404)
    return JSONResponse(game_texts(web_game(name)))


async def table_page(request: Request) -> Response:
    """A table's link opens the page of its game's tables (the lobby page
    where there is none, or no such table: the page says so)."""
    rooms = _rooms(request)
    room = rooms.rooms.get(request.path_params["code"].upper())
    # no such table: the page of the default game's tables says so
    name = room.game.page if room is not None else web_game(rooms.games[0]).page
    return _page_file(name if os.path.isfile(os.path.join(STATIC, name)) else "index.html")


def create_app(db_path: str = "guandan-web.sqlite", bot_delay: float = 0.6,
               bot_factory: Optional[BotFactories] = None, workers: int = 4,
               message_rate: Tuple[float, int] = (10.0, 20), games: Optional[Sequence[str]] = None,
               bots: Optional[BotsOption] = None,
               sign_in_limits: Optional[accounts.SignInLimits] = None) -> Starlette:
    """The app on the database at ``db_path`` (created if missing); bots
    pause ``bot_delay`` seconds before each action; a websocket may send
    ``message_rate`` = (messages a second, burst); sign-in attempts are
    held to ``sign_in_limits`` (default: accounts.LOGIN_RATE per login,
    ADDRESS_RATE per address). New tables may be of
    ``games`` (registry names, the first the default; default: every game
    with a browser table).

    ``bots`` adds bot strengths of one's own, per game, after the built-in
    ones: ``{GAME: {"mine": "mybots:Greedy", "mix": ["rule", Greedy()]}}``,
    one bot (a spec or a bot object) for every bot seat, or a list giving the
    bots of the bot seats in seat order (repeated as needed). Each is checked
    now: ValueError naming the game, the strength and what is wrong.
    ``bot_factory`` (``factory(strength) -> bot``, for every game or per
    game as ``{game: factory}``) replaces a game's built-in bots."""
    hosted = hosted_games(games)
    strengths = custom_strengths(bots)
    _check_factory(bot_factory)
    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        await app.state.rooms.close()
        runner.close()
        store.close()

    store = Store(db_path)
    runner = BotRunner(workers)
    routes = [
        Route("/api/session", post_session, methods=["POST"]),
        Route("/api/session", get_session, methods=["GET"]),
        Route("/api/account/sign-up", sign_up, methods=["POST"]),
        Route("/api/account/sign-in", sign_in, methods=["POST"]),
        Route("/api/account/sign-out", sign_out, methods=["POST"]),
        Route("/api/games", list_games, methods=["GET"]),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/vs-bots", create_vs_bots, methods=["POST"]),
        Route("/api/tables/mine", list_my_tables, methods=["GET"]),  # before {code}, which it would match
        Route("/api/tables/{code}", get_table, methods=["GET"]),
        Route("/api/tables/{code}/log", download_log, methods=["GET"]),
        Route("/api/tables/{code}/replay", get_replay, methods=["GET"]),
        *[Route(f"/api/tables/{{code}}/{name}", _table_action(kind), methods=["POST"]) for name, kind in TABLE_ACTIONS.items()],
        WebSocketRoute("/ws/{code}", table_socket),
        Route("/", page),
        Route("/sw.js", service_worker),
        Route("/t/{code}", table_page),
        Route("/static/texts/{game}.json", page_texts),  # before /static, which it would match
        Mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.rooms = Rooms(store, runner, bot_delay, bot_factory, hosted, strengths)
    app.state.message_rate = message_rate
    app.state.sign_in_limits = sign_in_limits or accounts.SignInLimits()
    return app


def _check_factory(bot_factory: Any) -> None:
    if bot_factory is None or callable(bot_factory):
        return
    if not isinstance(bot_factory, Mapping):
        raise ValueError(f"bot_factory must be a function of the strength, or one per game, got {bot_factory!r}")
    known = web_game_names()
    for game, factory in bot_factory.items():
        if game not in known:
            raise ValueError(f"bot_factory: no browser table for the game {game!r} (games with one: {', '.join(known)})")
        if not callable(factory):
            raise ValueError(f"bot_factory: the factory of {game} must be a function of the strength, got {factory!r}")

