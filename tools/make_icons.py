"""Draw the app's icons (home screen, favicon, splash) into ui/web/assets/ with Pillow.

Run once after changing the design: `python tools/make_icons.py`. The PNGs are committed; the
app serves them from ui/web/assets/ (ui/web/webapp.py) with the web manifest.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

WEB = Path(__file__).resolve().parents[1] / "ui" / "web" / "assets"
BROWN = "#8D5A2B"
GOLD = "#F2C029"
PAPER = "#FFF8F0"


def icon(size: int, maskable: bool = False, background: bool = True) -> Image.Image:
    """A stepped pyramid (a wonder) over the three lines of a score pad. A maskable icon
    fills the square and keeps its drawing in the middle 80% (the safe zone)."""
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    if background:
        if maskable:
            draw.rectangle((0, 0, size, size), fill=BROWN)
        else:
            draw.rounded_rectangle((0, 0, size - 1, size - 1), radius=size // 5, fill=BROWN)
    inset = size * (0.2 if maskable else 0.14)
    left, right = inset, size - inset
    top, bottom = inset, size - inset
    steps = 4
    pyramid_bottom = top + (bottom - top) * 0.62
    step_h = (pyramid_bottom - top) / steps
    for k in range(steps):
        half = (right - left) / 2 * (k + 1) / steps
        mid = size / 2
        y0 = top + k * step_h
        draw.rectangle((mid - half, y0, mid + half, y0 + step_h - size * 0.012), fill=GOLD)
    line_h = size * 0.035
    for k in range(3):
        y = pyramid_bottom + size * 0.05 + k * (line_h + size * 0.035)
        draw.rounded_rectangle((left, y, right, y + line_h), radius=line_h / 2, fill=PAPER)
    return img


def main() -> None:
    out = WEB / "icons"
    out.mkdir(parents=True, exist_ok=True)
    for s in (192, 512):
        icon(s).save(out / f"icon-{s}.png", optimize=True)
        icon(s, maskable=True).save(out / f"icon-maskable-{s}.png", optimize=True)
    icon(192, maskable=True).convert("RGB").save(out / "apple-touch-icon-192.png", optimize=True)
    icon(256).save(out / "loading-animation.png", optimize=True)
    icon(64).save(WEB / "favicon.png", optimize=True)


if __name__ == "__main__":
    main()
