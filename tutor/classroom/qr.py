"""The QR code of a class quiz's join address, as a PNG a page shows with ``st.image`` (``st.html``
strips inline SVG). Made with ``segno`` (pure Python, no image library needed).

>>> png = join_qr_png("https://tarot.example.org/class?code=8K7HXN")
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
>>> png_size(png)[0] == png_size(png)[1] >= 250  # square, big enough to scan from the back of a room
True
"""

from __future__ import annotations

import functools
import io
import struct

import segno

SCALE = 10  # pixels per module: a 29-module code (plus the quiet zone) is about 370 px wide


@functools.lru_cache(maxsize=256)
def join_qr_png(link: str, scale: int = SCALE) -> bytes:
    """The QR code of ``link`` (error correction M: still scans with a smudge on the screen). Kept per link in
    the process: a host's page draws it on every rerun (Play together: each move of each player)."""
    buf = io.BytesIO()
    segno.make(str(link), error="m", boost_error=False).save(buf, kind="png", scale=scale, border=4)
    return buf.getvalue()


def png_size(png: bytes) -> tuple[int, int]:
    """Width and height of a PNG, read from its header."""
    return struct.unpack(">II", png[16:24])
