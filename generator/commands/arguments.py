"""What the commands share on the command line: the global options, argument types that
say what they expected, the printing options, and reading the input paths."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from generator.commands.components import COMPONENTS
from generator.errors import UsageError
from generator.input.findings import Finding, Severity
from generator.input.schema import did_you_mean
from generator.paper.output import MARK_CHOICES
from generator.paper.sizes import STANDARD_SIZES, Size
from generator.paper.units import PAPERS, parse_length
from generator.project.kit import bounded_length, parse_card_size
from generator.project.loading import Loaded, load
from generator.text.templates import TextTemplates

if TYPE_CHECKING:
    pass

DEFAULT_INPUT = Path("vehicles")


DEFAULT_OUTPUT = Path("output")


DEFAULT_REPORT = DEFAULT_OUTPUT / "balance.pdf"


def whole_number(text: str) -> int:
    """An argparse type for a whole number of 0 or more."""
    if text.strip().isdigit():
        return int(text)
    raise argparse.ArgumentTypeError(f"write a whole number of 0 or more, not {text!r}")


MAX_RACES = 1_000_000
"""--races at most: generator.race.sweep.MAX_RACES (not imported: parsing the command line
must not load the race engine; a test keeps the two equal)."""


MAX_LAPS = 99
"""--laps at most: the most a track file may ask for (its ``laps`` field's range)."""

MAX_ROUNDS = 999
"""--rounds at most: a Furthest race is a handful of rounds at a table; a cap keeps one
race from running for ever on a mistyped count."""

MAX_PORT = 65_535


def positive(what: str, most: int | None = None) -> Callable[[str], int]:
    """An argparse type for a whole number of at least 1 (and at most ``most``)."""
    def parse(text: str) -> int:
        if text.strip().isdigit() and len(text.strip()) <= 30 and int(text) >= 1:
            if most is not None and int(text) > most:
                raise argparse.ArgumentTypeError(f"{what}: at most {most:,}, not {text}")
            return int(text)
        raise argparse.ArgumentTypeError(f"{what}: write a whole number of at least 1, "
                                         f"not {text!r}")
    return parse


GLOBAL_OPTIONS = argparse.ArgumentParser(add_help=False)


GLOBAL_OPTIONS.add_argument("--debug", action="store_true", default=argparse.SUPPRESS,
                            help="show tracebacks on errors")


def command(commands: Any, name: str, summary: str, description: str,
            examples: Sequence[str], more: str = "") -> argparse.ArgumentParser:
    """A sub-command with its description, examples (then ``more``, e.g. a list of names),
    and the global options after it too (``paddock check --debug``)."""
    epilog = "examples:\n" + "\n".join(f"  {e}" for e in examples)
    return cast(argparse.ArgumentParser, commands.add_parser(
        name, help=summary, description=description, parents=[GLOBAL_OPTIONS],
        epilog=epilog + (f"\n\n{more}" if more else ""),
        formatter_class=argparse.RawDescriptionHelpFormatter))


def add_print_options(parser: argparse.ArgumentParser) -> None:
    """Print settings; each one left out comes from the kit file, else the default."""
    group = parser.add_argument_group(
        "printing", "each option overrides the kit file (kind: kit); defaults in brackets")
    group.add_argument("--paper", choices=sorted(PAPERS), help="paper size [a4]")
    group.add_argument("--duplex", choices=("long", "short"),
                       help="which edge your printer flips on for double-sided pages [long]")
    group.add_argument("--back-offset", type=offset_pair, metavar="X,Y",
                       help="nudge back pages by X,Y mm for a shifting printer [0,0]")
    group.add_argument("--bleed", type=print_length("bleed"), metavar="LENGTH",
                       help="art beyond each cut, e.g. 3mm or 0.125in [3mm]")
    group.add_argument("--card-size", dest="card", type=card_size, metavar="SIZE",
                       help=f"card trim: {', '.join(STANDARD_SIZES)} or WxH, "
                            "e.g. 63.5x88.9mm [poker]")
    group.add_argument("--marks", choices=MARK_CHOICES,
                       help="crop: short crop marks; full: full-length crop marks; lines: cut "
                            "lines on each piece; none [crop]")
    group.add_argument("--gutter", type=print_length("gutter"), metavar="LENGTH",
                       help="space between pieces [0]")
    group.add_argument("--print-shop", nargs="?", const="standard", metavar="PROFILE",
                       help="PDF/X files for a print shop, one face per page with its bleed: "
                            "card-printer, offset, standard (the kit's bleed and colours, the "
                            "default) or a profile of the kit's own (printers:)")
    group.add_argument("--safe-zone", type=print_length("safe_zone"), metavar="LENGTH",
                       help="no text within this of a cut in a print shop's files [0.125in]")
    group.add_argument("--cmyk", action="store_const", const=True,
                       help="write every colour as CMYK")
    group.add_argument("--png", action="store_const", const=True,
                       help="also write PNG previews and Tabletop Simulator deck sheets")
    group.add_argument("--dpi", type=dpi_value, metavar="N", help="PNG resolution [150]")
    group.add_argument("--no-pack", dest="pack", action="store_const", const=False,
                       help="a file per component, instead of each game's small pieces "
                            "packed onto shared sheets (packed-sheets.pdf)")
    group.add_argument("--die", type=print_length("die"), metavar="LENGTH",
                       help="edge of the dice the stickers go on [16mm]")
    group.add_argument("--sticker", type=print_length("sticker"), metavar="LENGTH",
                       help="side of a die sticker [13mm]")
    group.add_argument("--hex", type=print_length("hex"), metavar="LENGTH",
                       help="track hex across flats; counters are sized to sit in one [1in]")


PRINT_OPTIONS = ("paper", "duplex", "back_offset", "bleed", "card", "marks", "gutter",
                 "print_shop", "safe_zone", "cmyk", "png", "dpi", "die", "sticker", "hex",
                 "pack")


def print_length(what: str) -> Callable[[str], float]:
    """An argparse type for a print length, within the same limits as the kit's."""
    parse_bounded = bounded_length(what)

    def parse(text: str) -> float:
        try:
            return parse_bounded(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from exc
    return parse


def card_size(text: str) -> Size:
    try:
        return parse_card_size(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from exc


def component_list(text: str) -> frozenset[str]:
    """--only's value: known component names, with did-you-mean for a typo."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    if not names:
        raise argparse.ArgumentTypeError("name at least one component, e.g. licences,cards")
    for name in names:
        if name not in COMPONENTS:
            guess = did_you_mean(name, list(COMPONENTS))
            raise argparse.ArgumentTypeError(
                f"unknown component {name!r}" + (f"; did you mean {guess!r}?" if guess else "")
                + f" (components: {', '.join(COMPONENTS)})")
    return frozenset(names)


def track_file(text: str | Path) -> Path:
    """The track --race or ``paddock race`` names: a file, or a shipped track's name
    (``tin-plate-loop``); a project's own track of that name wins, and a line says so.
    Resolved when the command runs (bad usage, exit 2, when nothing matches)."""
    import sys

    from generator.tracks.shipped import find_track, shipped_tracks

    found = find_track(str(text))
    if found is None:
        names = [track.stem for track in shipped_tracks()]
        guess = did_you_mean(Path(text).stem, names)
        raise UsageError(
            f"no track file or shipped track named {str(text)!r}"
            + (f"; did you mean {guess!r}?" if guess else "")
            + f" (shipped tracks: {', '.join(names)}; paddock catalogue tracks lists them)")
    if found.note:
        print(f"paddock: {found.note}", file=sys.stderr)
    return found.path


def dpi_value(text: str) -> int:
    if text.isdigit() and 36 <= int(text) <= 1200:
        return int(text)
    raise argparse.ArgumentTypeError("write a whole number of dots per inch from 36 to 1200")


def add_inputs(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", type=Path, metavar="PATHS",
                        help="files or folders of YAML definitions (default: vehicles/)")
    parser.add_argument("--templates", type=Path, metavar="DIR",
                        help="a folder of templates searched before Paddock's own")


def offset_pair(text: str) -> tuple[float, float]:
    """'0.5,-1' (millimetres) -> a pair of points, for --back-offset."""
    parts = text.split(",")
    if len(parts) != 2:
        raise argparse.ArgumentTypeError("write X,Y in millimetres, e.g. 0.5,-1")
    try:
        return (parse_length(parts[0]), parse_length(parts[1]))
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from exc


def default_paths(paths: Sequence[Path]) -> list[Path]:
    """The paths given, or vehicles/ of the project folder; outside one, say what was looked
    for rather than 'no such file'."""
    if paths:
        return list(paths)
    if not DEFAULT_INPUT.is_dir():
        raise UsageError(f"no {DEFAULT_INPUT}/ folder in {Path.cwd()}: run paddock in your "
                         f"project folder (the one holding {DEFAULT_INPUT}/), or name the "
                         "files or folders to read, e.g. paddock check my-cars/")
    return [DEFAULT_INPUT]


def load_inputs(args: argparse.Namespace, project_kit: bool = False
                ) -> tuple[Loaded, TextTemplates]:
    paths = default_paths(args.paths)
    templates = TextTemplates(args.templates)
    if args.templates is not None:  # the user's icons.yaml: its faults are found by check
        from generator.paper.icons import IconSet

        IconSet(args.templates)
    return load(paths, templates, project_kit), templates


def exit_code(findings: Sequence[Finding], strict: bool, loaded: Loaded | None = None) -> int:
    """2 when a file could not be read or parsed (after every other file was reported), else
    1 for rule errors (and warnings with --strict), else 0."""
    if loaded is not None and loaded.unreadable:
        return 2
    failing = {Severity.ERROR, Severity.WARNING} if strict else {Severity.ERROR}
    return 1 if any(f.severity in failing and f.waived is None for f in findings) else 0
