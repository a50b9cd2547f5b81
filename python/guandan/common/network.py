"""What a server command checks before it listens: the port and the address."""

from __future__ import annotations

import argparse
import socket
from typing import Callable


def port(lowest: int = 1) -> Callable[[str], int]:
    """An argparse type: a TCP port ``lowest``..65535 (0, where allowed: any free port)."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"port must be an integer {lowest}..65535, got {text!r}") from None
        if not lowest <= value <= 65535:
            raise argparse.ArgumentTypeError(f"port must be {lowest}..65535, got {value}")
        return value
    return parse


def check_address(host: str, number: int) -> None:
    """ValueError (one line) when ``host:number`` cannot be listened on."""
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
