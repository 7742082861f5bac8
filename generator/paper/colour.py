"""Colour spaces: our art is designed in RGB; ``--cmyk`` writes every colour as CMYK.

Print shops run CMYK presses and many ask for CMYK files. With ``cmyk`` set, the canvas
converts each colour as it is set (fills, strokes, text, inside forms too) with a plain
grey-component replacement: greys and black become black ink only, so text and hairlines
print with one plate and never show colour fringes from misregistered plates. This is a
device conversion, not an ICC-managed one: a shop that wants exact colours will profile its
own; what it gets from us is CMYK with clean black.

Near-black (a dark neutral, such as our ink #1d1d1b) becomes 100% black ink, so body text
prints on one plate; a printer profile that asks for rich black gets 60/40/40/100 instead.
A profile's ink limit (a card printer's 240%) scales the cyan, magenta and yellow of any
colour down until the four inks total no more than it allows, keeping the black.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

import pypdfium2
from reportlab.lib.colors import CMYKColor, Color, toColor
from reportlab.pdfgen.canvas import Canvas

ColourSetter = Callable[[Any], Color]


def rgb_to_cmyk(red: float, green: float, blue: float) -> tuple[float, float, float, float]:
    """(c, m, y, k) for an RGB colour, all 0-1: black generated from the common grey."""
    black = 1.0 - max(red, green, blue)
    if black >= 1.0 - 1e-9:
        return (0.0, 0.0, 0.0, 1.0)
    scale = 1.0 - black
    return ((1.0 - red - black) / scale, (1.0 - green - black) / scale,
            (1.0 - blue - black) / scale, black)


# A colour this dark (black ink of at least 80%) and this close to neutral (its RGB channels
# within 6% of each other) is printed as black: text in our ink is one plate, not four.
NEAR_BLACK_INK, NEAR_NEUTRAL = 0.8, 0.06
RICH_BLACK = (0.6, 0.4, 0.4, 1.0)


@dataclass(frozen=True)
class Inks:
    """How RGB becomes CMYK: the most ink a colour may total (1.0 = 100%), and whether
    near-black is a rich black."""

    total: float = 4.0
    rich_black: bool = False

    def convert(self, red: float, green: float, blue: float
                ) -> tuple[float, float, float, float]:
        """(c, m, y, k) for an RGB colour, near-black as black ink, within the ink total,
        printed as light as it is designed (see ``lightness_matched``)."""
        c, m, y, k = rgb_to_cmyk(red, green, blue)
        if k >= NEAR_BLACK_INK and max(red, green, blue) - min(red, green, blue) <= NEAR_NEUTRAL:
            c, m, y, k = RICH_BLACK if self.rich_black else (0.0, 0.0, 0.0, 1.0)
            return self.limited(c, m, y, k)
        if k <= 0.0 and c + m + y <= 0.0:
            return (0.0, 0.0, 0.0, 0.0)  # paper
        return lightness_matched(self, round(c, 4), round(m, 4), round(y, 4), round(k, 4),
                                 round(relative_luminance(red, green, blue), 5))

    def limited(self, c: float, m: float, y: float, k: float
                ) -> tuple[float, float, float, float]:
        """The inks with cyan, magenta and yellow scaled down to the ink total."""
        colour_ink = c + m + y
        if colour_ink > 0 and colour_ink + k > self.total:
            scale = max(0.0, self.total - k) / colour_ink
            c, m, y = c * scale, m * scale, y * scale
        return (c, m, y, k)


# Names how RGB becomes CMYK here, in kept drawings' keys (generator.keep.kept_drawings):
# a change to the conversion must not replay operators converted the old way.
CMYK_CONVERSION = "lightness-matched-3"
LIGHTNESS_STEPS = 20
# A colour printing darker than designed is eased towards paper only up to this luminance:
# at it, black ink text has 7:1 on it, and a bright colour (a full yellow, a cyan, printed
# darker than a screen shows them) keeps its strength.
LIGHTEN_TO = 0.4


@cache
def lightness_matched(inks: Inks, c: float, m: float, y: float, k: float, target: float
                      ) -> tuple[float, float, float, float]:
    """(c, m, y, k) within the ink total, printed (as a proof shows it: pdfium's device
    CMYK, Adobe's press conversion) at ``target``, the design's WCAG luminance: black added
    where the plain conversion prints lighter (50% black shows as RGB 58%, a red loses a
    tenth of its depth), every ink eased off towards paper where it prints darker (a
    saturated blue), though not past ``LIGHTEN_TO``. WCAG contrast is a matter of luminance
    alone: with the luminance kept, text that reads on its ground in RGB reads in CMYK too.
    Each way is proofed in one strip of swatches, then interpolated."""
    blacks = [k + (1.0 - k) * step / LIGHTNESS_STEPS for step in range(LIGHTNESS_STEPS + 1)]
    darker = [inks.limited(c, m, y, black) for black in blacks]
    seen = _proof_strip(tuple(darker))
    if seen[0] > target:
        return _interpolated(inks, darker, seen, target)
    floor = min(target, LIGHTEN_TO)
    if seen[0] >= floor:
        return darker[0]
    shares = [1.0 - step / LIGHTNESS_STEPS for step in range(LIGHTNESS_STEPS + 1)]
    lighter = [inks.limited(c * share, m * share, y * share, k * share) for share in shares]
    seen = [-value for value in _proof_strip(tuple(lighter))]
    return _interpolated(inks, lighter, seen, -floor)


def _interpolated(inks: Inks, inked: list[tuple[float, float, float, float]],
                  seen: list[float], target: float, refine: bool = True
                  ) -> tuple[float, float, float, float]:
    """The inks between two neighbours of ``inked`` (seen at falling ``seen``) at which the
    seen value crosses ``target``, proofed again in finer steps between those two (the
    proof is not linear over a 5% step); the last where it never does."""
    if seen[0] <= target:
        return inked[0]
    for step in range(1, len(inked)):
        if seen[step] <= target:
            first, last = inked[step - 1], inked[step]
            if refine:
                finer = [inks.limited(*(a + (b - a) * share / LIGHTNESS_STEPS
                                        for a, b in zip(first, last, strict=True)))
                         for share in range(LIGHTNESS_STEPS + 1)]
                sign = 1.0 if seen[0] >= 0 else -1.0
                finer_seen = [sign * value for value in _proof_strip(tuple(finer))]
                return _interpolated(inks, finer, finer_seen, target, refine=False)
            before, after = seen[step - 1], seen[step]
            share = (before - target) / (before - after) if before > after else 1.0
            return inks.limited(*(a + (b - a) * share
                                  for a, b in zip(first, last, strict=True)))
    return inked[-1]


def _proof_strip(inked: tuple[tuple[float, float, float, float], ...]) -> list[float]:
    """The WCAG luminance each CMYK colour is seen at, rendered by pdfium side by side."""
    out = io.BytesIO()
    strip = Canvas(out, pagesize=(4 * len(inked), 4), invariant=True)
    for index, inks in enumerate(inked):
        strip.setFillColor(CMYKColor(*inks))
        strip.rect(4 * index, 0, 4, 4, stroke=0, fill=1)
    strip.save()
    document = pypdfium2.PdfDocument(out.getvalue())
    image = document[0].render(scale=1).to_pil().convert("RGB")
    document.close()
    return [relative_luminance(*(v / 255 for v in image.getpixel((4 * index + 2, 2))))
            for index in range(len(inked))]


def as_cmyk(value: Any, inks: Inks = Inks()) -> Color:
    """Any ReportLab colour as a CMYKColor (CMYK colours pass through unchanged)."""
    colour = toColor(value)
    if isinstance(colour, CMYKColor):
        return colour
    c, m, y, k = inks.convert(colour.red, colour.green, colour.blue)
    return CMYKColor(round(c, 4), round(m, 4), round(y, 4), round(k, 4), alpha=colour.alpha)


def colour_space(cmyk: bool, inks: Inks = Inks()) -> ColourSetter | None:
    """What a canvas is opened with: the CMYK converter, or None to keep RGB."""
    if not cmyk:
        return None
    return lambda value: as_cmyk(value, inks)


def relative_luminance(red: float, green: float, blue: float) -> float:
    """WCAG 2's relative luminance of an sRGB colour (channels 0-1)."""
    def linear(channel: float) -> float:
        return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)


def contrast_ratio(first: Color, second: Color) -> float:
    """WCAG 2's contrast ratio of two colours, 1 to 21; text wants at least 4.5."""
    lighter, darker = sorted((relative_luminance(first.red, first.green, first.blue),
                              relative_luminance(second.red, second.green, second.blue)),
                             reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


# WCAG 2's least contrast for body text (AA).
MIN_TEXT_CONTRAST = 4.5
# What the helpers below aim for: a little over WCAG's figure, so that a pair chosen in RGB
# still reaches it printed (the CMYK conversion keeps luminance to within a rendered 8-bit
# step, about 1% of the ratio).
TEXT_CONTRAST_AIM = 4.6


WHITE, INK = Color(1, 1, 1), toColor("#1d1d1b")


@cache
def _proof_cmyk(c: float, m: float, y: float, k: float) -> tuple[float, float, float]:
    """The RGB a CMYK colour is seen as: one swatch rendered by pdfium, whose device CMYK
    follows Adobe's press conversion (100% black shows as a dark grey, not as pure black),
    as the legibility test sees the page."""
    out = io.BytesIO()
    swatch = Canvas(out, pagesize=(4, 4), invariant=True)
    swatch.setFillColor(CMYKColor(c, m, y, k))
    swatch.rect(0, 0, 4, 4, stroke=0, fill=1)
    swatch.save()
    document = pypdfium2.PdfDocument(out.getvalue())
    pixel = document[0].render(scale=1).to_pil().convert("RGB").getpixel((2, 2))
    document.close()
    return tuple(channel / 255 for channel in pixel)


def printed(value: Any, inks: Inks | None = None) -> Color:
    """``value`` as it is seen printed: itself in RGB (``inks`` None); in CMYK the inks it
    is converted to (near-black as black, within the ink limit), proofed back to RGB."""
    colour = toColor(value)
    if inks is None:
        return Color(colour.red, colour.green, colour.blue)
    c, m, y, k = (round(v, 4) for v in as_cmyk(colour, inks).cmyk())
    return Color(*_proof_cmyk(c, m, y, k))


# For a choice made before the output's colours are known (a plan made once for every
# build): the pair must read in RGB and in CMYK alike (where our ink prints as 100% black,
# a shade lighter than #1d1d1b).
ANY_OUTPUT: Literal["any"] = "any"
Output = Inks | None | Literal["any"]


def printed_contrast(first: Any, second: Any, inks: Output = None) -> float:
    """WCAG's contrast of two colours as they are printed with ``inks`` (None: RGB; the
    lower of the two for ``ANY_OUTPUT``)."""
    if inks == ANY_OUTPUT:
        return min(printed_contrast(first, second, None),
                   printed_contrast(first, second, Inks()))
    assert not isinstance(inks, str)
    return contrast_ratio(printed(first, inks), printed(second, inks))


def _shade(ground: Color, towards: Color, share: float) -> Color:
    return Color(*(g + (t - g) * share for g, t in
                   zip((ground.red, ground.green, ground.blue),
                       (towards.red, towards.green, towards.blue), strict=True)))


def legible_pair(ground: Any, inks: Output = None, light: Color = WHITE,
                 dark: Color = INK) -> tuple[Color, Color]:
    """(ground, text) for text printed on ``ground``: the text is ``light`` or ``dark``,
    whichever has the more contrast with the ground as printed (after CMYK conversion and
    ink limit where ``inks`` is given), and where even that is under WCAG's 4.5:1 the
    ground moves away from the text (deeper under light text, paler under dark) in 5%
    steps until it reaches it. Holds for any colour: at the far end the ground is black
    ink or paper white."""
    base = toColor(ground)
    text = max((light, dark), key=lambda option: printed_contrast(base, option, inks))
    away = Color(0, 0, 0) if text is light else Color(1, 1, 1)
    for step in range(21):
        shade = _shade(base, away, step * 0.05)
        if printed_contrast(shade, text, inks) >= TEXT_CONTRAST_AIM:
            return shade, text
    return away, text


def legible_ground(value: str) -> str:
    """A person's colour (hex) as a ground for text: itself where white or our ink reads on
    it at 4.5:1, else the shade ``legible_pair`` moves it to, in RGB and in CMYK alike
    (``ANY_OUTPUT``: a plan's text colour is chosen before the canvas is known). Faces
    that pick their text with ``dice.readable_ink`` or ``readable_text`` on it then reach
    4.5:1."""
    return "#" + str(legible_pair(toColor(value), ANY_OUTPUT)[0].hexval())[2:]


def readable_text(ground: Any, inks: Output = None, light: Color = WHITE,
                  dark: Color = INK) -> Color:
    """The text colour of ``legible_pair`` (use its ground too: alone this colour is only
    the better of the two, which on a mid grey may be under 4.5:1)."""
    return legible_pair(ground, inks, light, dark)[1]


def deepened(value: Any, against: tuple[Any, ...], inks: Output = None) -> Color:
    """``value`` darkened in 5% steps just enough that every colour of ``against`` (light
    text on it, or the light paper under it) has WCAG's contrast with it as printed: the
    colour itself where it already reads, black at the far end."""
    base = toColor(value)
    for step in range(21):
        shade = _shade(base, Color(0, 0, 0), step * 0.05)
        if all(printed_contrast(shade, other, inks) >= TEXT_CONTRAST_AIM for other in against):
            return shade
    return Color(0, 0, 0)


def under_light_text(ground: Color, inks: Output = None) -> Color:
    """``ground`` (a vehicle's own colour, say) darkened just enough that white text on it
    has WCAG's contrast as printed: the person's colour where it already reads, a deeper
    shade of it where it does not."""
    return deepened(ground, (WHITE,), inks)


def canvas_inks(canvas: Any) -> Inks | None:
    """The inks ``canvas`` converts its colours to (``generator.paper.pdf.new_canvas`` sets
    them), or None where it keeps RGB."""
    return getattr(canvas, "inks", None)
