"""Draw the web app's icons (src/homegame/web/icons/*.png): a green felt oval on the dark rail with a
gold spade, at the sizes the manifest and iOS ask for. Run again after changing the drawing:
``.venv/bin/python scripts/make_icons.py`` (needs Pillow, a test-time tool only: the PNGs are committed)."""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

OUT = Path(__file__).resolve().parent.parent / "src" / "homegame" / "web" / "icons"
SIZES = (180, 192, 512)


def icon(size: int, *, maskable: bool = False) -> Image.Image:
    """One icon; a maskable one keeps its drawing inside the middle 80% (the safe zone)."""
    big = size * 4  # drawn large, then scaled down: smooth edges
    img = Image.new("RGB", (big, big), (12, 20, 16))
    d = ImageDraw.Draw(img)
    pad = big * (0.16 if maskable else 0.06)
    d.ellipse((pad, pad + big * 0.1, big - pad, big - pad - big * 0.1), fill=(59, 36, 22))
    rim = big * 0.045
    d.ellipse((pad + rim, pad + big * 0.1 + rim, big - pad - rim, big - pad - big * 0.1 - rim), fill=(31, 107, 69))
    # a spade: two circles, a point above them, and a stem
    c, r = big / 2, big * (0.1 if maskable else 0.12)
    gold = (242, 193, 78)
    d.ellipse((c - 2 * r, c - r * 0.6, c, c + r * 1.4), fill=gold)
    d.ellipse((c, c - r * 0.6, c + 2 * r, c + r * 1.4), fill=gold)
    d.polygon([(c - 2 * r + r * 0.12, c + r * 0.1), (c, c - 2.4 * r), (c + 2 * r - r * 0.12, c + r * 0.1)], fill=gold)
    d.polygon([(c, c + r * 0.4), (c - r * 0.8, c + 2.2 * r), (c + r * 0.8, c + 2.2 * r)], fill=gold)
    return img.resize((size, size), Image.LANCZOS)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        icon(size).save(OUT / f"icon-{size}.png", optimize=True)
    icon(512, maskable=True).save(OUT / "icon-maskable-512.png", optimize=True)


if __name__ == "__main__":
    main()
