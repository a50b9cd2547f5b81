"""``guandan serve``: check the options, then run the app on uvicorn."""

from __future__ import annotations

import argparse
import os
import socket


def port(text: str) -> int:
    """An argparse type: a TCP port 1..65535."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"port must be an integer 1..65535, got {text!r}") from None
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"port must be 1..65535, got {value}")
    return value


MAX_BOT_DELAY = 10.0


def bot_delay(text: str) -> float:
    """An argparse type: a bot's pause before each action, 0..10 seconds."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"bot delay must be a number of seconds, got {text!r}") from None
    if not 0.0 <= value <= MAX_BOT_DELAY:  # also refuses nan and inf
        raise argparse.ArgumentTypeError(f"bot delay must be 0..{MAX_BOT_DELAY:g} seconds, got {text}")
    return value


def _check_address(host: str, number: int) -> None:
    """ValueError (one line) when the address cannot be listened on."""
    try:
        infos = socket.getaddrinfo(host, number, type=socket.SOCK_STREAM)
    except socket.gaierror as error:
        raise ValueError(f"--host {host!r}: {error.strerror}") from None
    except UnicodeError:
        raise ValueError(f"--host {host!r}: not a host name or address") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as error:
            raise ValueError(f"cannot listen on {host}:{number}: {error.strerror}") from None


def _check_db(path: str) -> None:
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path) or not os.path.isdir(folder) or not os.access(folder, os.W_OK):
        raise ValueError(f"--db {path!r}: not a writable file path")


def serve_command(args: argparse.Namespace) -> int:
    try:
        import uvicorn  # noqa: F401
        import starlette  # noqa: F401
    except ImportError:
        raise ValueError("the web server needs its extra: pip install 'guandan-engine[web]'") from None
    _check_db(args.db)
    _check_address(args.host, args.port)
    from . import protocol
    from .app import create_app

    app = create_app(args.db, bot_delay=args.bot_delay)
    print(f"guandan: serving on http://{args.host}:{args.port} (database {args.db}); Ctrl-C stops", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", ws_max_size=protocol.MAX_FRAME)
    return 0
