"""A seat link as a QR code (issue 17 §4): the host shows it on their screen and the player's new phone
scans it to get the seat back. Drawn server-side as SVG by ``segno`` (pure Python), so the page ships no
QR code library and needs no inline script.

>>> svg = link_svg("https://example.org/t/abc#TOKEN")
>>> svg.startswith("<svg") and "TOKEN" not in svg
True
>>> link_svg("javascript:alert(1)")
Traceback (most recent call last):
...
ValueError: a seat link is an http(s) address of at most 300 characters
"""

from __future__ import annotations

import io
import re

import segno

_LINK = re.compile(r"^https?://[^\s<>\"']{1,290}$")


def link_svg(link: str) -> str:
    """``link`` (an http(s) address) as a standalone SVG QR code, black on white, with a quiet zone."""
    if len(link) > 300 or not _LINK.match(link):
        raise ValueError("a seat link is an http(s) address of at most 300 characters")
    out = io.BytesIO()
    segno.make(link, error="m", micro=False).save(out, kind="svg", scale=6, border=4, xmldecl=False,
                                                   svgns=True, dark="#000", light="#fff", title="Seat link QR code")
    return out.getvalue().decode("ascii")


__all__ = ["link_svg"]
