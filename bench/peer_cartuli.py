"""The peer side of the card benchmark: the same cards made with cartuli (run by cards.py
in cartuli's own virtual environment, never imported by Paddock).

cartuli's way to make cards from data is an SVG template whose text elements are filled in
per card, rendered to an image with CairoSVG, then laid out on sheets by ReportLab. Each card
gets its title, the vehicle name, the rules text and the status line, front and back, at 300
dpi with 3 mm bleed. Prints one JSON line: cards, pages, seconds, peak memory.
"""

from __future__ import annotations

import json
import resource
import sys
import time
from pathlib import Path

import cartuli
from cartuli import Card, CardImage, Sheet, Size, Template, mm, sheet_pdf_output

WIDTH, HEIGHT, BLEED = 63.5, 88.9, 3.0
SVG = """<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{h}mm"
  viewBox="0 0 {w} {h}">
  <rect width="{w}" height="{h}" fill="{{colour}}"/>
  <rect x="6.5" y="19" width="{iw}" height="{ih}" rx="2" fill="#fbf8f1"/>
  <text id="title" x="20" y="14" font-size="7" font-weight="bold" fill="#fff">
    <tspan>T</tspan></text>
  <text id="rules1" x="8.5" y="25" font-size="3"><tspan>r</tspan></text>
  <text id="rules2" x="8.5" y="29" font-size="3"><tspan>r</tspan></text>
  <text id="rules3" x="8.5" y="33" font-size="3"><tspan>r</tspan></text>
  <text id="rules4" x="8.5" y="37" font-size="3"><tspan>r</tspan></text>
  <text id="status" x="8.5" y="80" font-size="2.5"><tspan>s</tspan></text>
  <text id="name" x="{cx}" y="90" font-size="3" text-anchor="middle" fill="#fff">
    <tspan>n</tspan></text>
</svg>"""


def template(colour: str) -> Template:
    w, h = WIDTH + 2 * BLEED, HEIGHT + 2 * BLEED
    svg = SVG.format(w=w, h=h, iw=w - 13, ih=h - 35, cx=w / 2).replace("{colour}", colour)
    return Template(svg, ["title", "rules1", "rules2", "rules3", "rules4", "status", "name"])


def main() -> None:
    cards = json.loads(sys.stdin.read())
    out = Path(sys.argv[1])
    templates = {"whip": template("#3b8b3a"), "reins": template("#b3261e"),
                 "special": template("#8c6a12")}
    size = Size(WIDTH * mm, HEIGHT * mm)
    start = time.perf_counter()
    made = []
    for card in cards:
        faces = []
        for face in (card["front"], card["back"]):
            image = templates[face["kind"]].create_image(
                {"title": face["title"], "name": face["name"], "status": face["status"],
                 **{f"rules{i + 1}": line for i, line in enumerate(face["rules"][:4])}})
            faces.append(CardImage(image, size, bleed=BLEED * mm))
        made.append(Card(faces[0], faces[1]))
    sheet = Sheet(made, size=cartuli.A4)
    sheet_pdf_output(sheet, out)
    seconds = time.perf_counter() - start
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"tool": f"cartuli {cartuli.__version__}", "cards": len(cards),
                      "pages": sheet.pages * 2, "seconds": seconds,
                      "peak_mb": peak_kb / 1024}))


if __name__ == "__main__":
    main()
