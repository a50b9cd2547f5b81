"""Write the app's icons (python/guandan/web/static/icon-192.png and
icon-512.png): a white card with a red diamond on the table's green, drawn
pixel by pixel so that no image library is needed.

    python tools/make_icons.py
"""

from __future__ import annotations

import os
import struct
import zlib

STATIC = os.path.join(os.path.dirname(__file__), "..", "python", "guandan", "web", "static")
GREEN, WHITE, RED = (0x14, 0x30, 0x1F), (0xFB, 0xFA, 0xF6), (0xC8, 0x1E, 0x1E)


def pixel(x: float, y: float) -> tuple:
    """The colour at (x, y), both in 0..1."""
    if abs(x - 0.5) + abs(y - 0.5) < 0.17:  # the diamond
        return RED
    if 0.26 <= x <= 0.74 and 0.16 <= y <= 0.84:  # the card
        return WHITE
    return GREEN


def png(size: int) -> bytes:
    rows = b"".join(b"\x00" + bytes(c for x in range(size) for c in pixel((x + 0.5) / size, (y + 0.5) / size))
                    for y in range(size))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


if __name__ == "__main__":
    for size in (192, 512):
        path = os.path.join(STATIC, f"icon-{size}.png")
        with open(path, "wb") as out:
            out.write(png(size))
        print(f"wrote {os.path.normpath(path)}")
