"""Text colours chosen for the ground as printed: for any colour a person may give a vehicle,
in RGB and in each print shop's CMYK (its ink limit applied), the helpers of
``generator.paper.colour`` give a pair that reaches WCAG's 4.5:1 as the page is seen
(CMYK proofed by pdfium, as the legibility test renders pages)."""

from __future__ import annotations

import itertools

import pytest
from reportlab.lib.colors import Color

from generator.paper.colour import (
    ANY_OUTPUT,
    INK,
    LIGHTEN_TO,
    MIN_TEXT_CONTRAST,
    TEXT_CONTRAST_AIM,
    WHITE,
    Inks,
    as_cmyk,
    contrast_ratio,
    deepened,
    legible_ground,
    legible_pair,
    printed,
    printed_contrast,
    readable_text,
    relative_luminance,
    under_light_text,
)

# Every profile's colour handling: RGB (home and the RGB print shops), the card printer's
# 240% and the offset printer's 300% ink, and rich black.
PROFILES = {"rgb": None, "card-printer": Inks(2.4), "offset": Inks(3.0),
            "rich-black": Inks(3.0, rich_black=True)}
LEVELS = (0.0, 0.3, 0.45, 0.6, 0.8, 1.0)
# A sweep of the RGB cube (216 colours), mid greys, the colours of the default kit's vehicles.
SWEEP = [Color(*rgb) for rgb in itertools.product(LEVELS, repeat=3)] + [
    Color(v, v, v) for v in (0.35, 0.42, 0.45, 0.47, 0.55)] + [
    Color(0.96, 0.77, 0.09), Color(0.17, 0.44, 0.86), Color(0.47, 0.33, 0.2)]


@pytest.mark.parametrize("profile", list(PROFILES))
def test_legible_pair_reaches_wcag_on_every_colour(profile: str) -> None:
    inks = PROFILES[profile]
    short = [(c.hexval(), round(printed_contrast(*legible_pair(c, inks), inks), 2))
             for c in SWEEP
             if printed_contrast(*legible_pair(c, inks), inks) < MIN_TEXT_CONTRAST]
    assert short == []


@pytest.mark.parametrize("profile", list(PROFILES))
def test_under_light_text_reads_under_white_and_keeps_a_colour_that_already_does(
        profile: str) -> None:
    inks = PROFILES[profile]
    for ground in SWEEP:
        deep = under_light_text(ground, inks)
        assert printed_contrast(deep, WHITE, inks) >= MIN_TEXT_CONTRAST, ground.hexval()
        if printed_contrast(ground, WHITE, inks) >= TEXT_CONTRAST_AIM:
            assert deep.rgb() == ground.rgb()


def test_the_ground_moves_only_where_neither_text_reads() -> None:
    # Mid grey: neither white nor our ink reaches 4.5:1 on it, so the ground moves.
    grey = Color(0.5, 0.5, 0.5)
    assert max(contrast_ratio(grey, WHITE), contrast_ratio(grey, INK)) < MIN_TEXT_CONTRAST
    ground, text = legible_pair(grey)
    assert ground.rgb() != grey.rgb()
    assert contrast_ratio(ground, text) >= MIN_TEXT_CONTRAST
    # A pale yellow keeps its colour and takes our ink.
    yellow = Color(0.96, 0.77, 0.09)
    ground, text = legible_pair(yellow)
    assert (ground.rgb(), text) == (yellow.rgb(), INK)


def test_a_plans_ground_reads_under_its_text_in_every_profile() -> None:
    # Chosen once before the output is known (Joyride, Formula Ace): RGB and CMYK alike.
    short = []
    for colour in SWEEP:
        given = "#" + str(colour.hexval())[2:]  # a colour: line in a vehicle's file
        ground, text = legible_ground(given), readable_text(given, ANY_OUTPUT)
        for name, inks in PROFILES.items():
            if printed_contrast(ground, text, inks) < MIN_TEXT_CONTRAST:
                short.append((colour.hexval(), name))
    assert short == []


def test_deepened_text_reads_on_paper_in_every_profile() -> None:
    for inks in PROFILES.values():
        for text in SWEEP:
            assert printed_contrast(deepened(text, (WHITE,), inks), WHITE, inks) \
                >= MIN_TEXT_CONTRAST, text.hexval()


@pytest.mark.parametrize("profile", ["card-printer", "offset"])
def test_cmyk_prints_each_colour_as_light_as_designed_within_the_ink_limit(profile: str
                                                                             ) -> None:
    inks = PROFILES[profile]
    assert inks is not None
    off = []
    for colour in SWEEP:
        cmyk = as_cmyk(colour, inks)
        assert sum(cmyk.cmyk()) <= inks.total + 1e-3, colour.hexval()
        seen = printed(colour, inks)
        design = relative_luminance(colour.red, colour.green, colour.blue)
        luminance = relative_luminance(seen.red, seen.green, seen.blue)
        # Within the proof's own step of the design (a pixel's worth where it is dark); a
        # bright colour that prints darker is eased only to LIGHTEN_TO; a dark grey prints
        # as black ink (one plate), and nothing prints darker than 100% black does.
        floor = 0.0 if cmyk.cmyk() == (0, 0, 0, 1) else min(design, LIGHTEN_TO) * 0.97 - 0.002
        if not floor <= luminance <= max(design * 1.03, 0.016):
            off.append((colour.hexval(), round(design, 3), round(luminance, 3)))
    assert off == []


def test_paper_stays_paper_and_black_stays_one_plate() -> None:
    for inks in PROFILES.values():
        if inks is None:
            continue
        assert as_cmyk(WHITE, inks).cmyk() == (0, 0, 0, 0)
        expected = (0.6, 0.4, 0.4, 1.0) if inks.rich_black else (0, 0, 0, 1.0)
        assert as_cmyk(INK, inks).cmyk() == pytest.approx(expected)
