"""What each command does once its arguments are parsed: call the library, print, and pick
the exit code."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.errors import InputError, PaddockError, UsageError
from generator.input.findings import Severity, Summary
from generator.input.report import format_json, format_text, summary_line
from generator.paper.output import BuildContext, refuse_odd_target, write_atomically
from generator.paper.units import paper
from generator.project.kit import KitComponents, print_settings
from generator.project.loading import Definition, Loaded, find_project_kit, load
from generator.project.registry import GAMES, get_game
from generator.text.templates import TextTemplates

if TYPE_CHECKING:
    from generator.commands.balance.run import BalanceRun
    from generator.commands.build_replay import Recording
from generator.commands.arguments import (
    DEFAULT_INPUT,
    DEFAULT_REPORT,
    PRINT_OPTIONS,
    default_paths,
    exit_code,
    load_inputs,
    track_file,
)
from generator.commands.build_scope import report_written


# Each command imports the code only it needs (build, balance, rules, new, schema) inside its
# function, so 'paddock check' starts without loading the printing and balance code.
def run_season(args: argparse.Namespace) -> int:
    """Replay and print the season; 1 when the file has rule errors, 2 when it cannot be
    replayed (unreadable, not a Formula Ace team, or not matching the schema)."""
    from generator.games.formula_ace.season_report import format_season, season_context

    if args.team.is_dir():
        raise UsageError(f"{args.team} is a folder: give one team file, e.g. "
                         "paddock season vehicles/formula-ace/hollow-star.yaml")
    templates = TextTemplates(args.templates)
    loaded = load([args.team], templates)
    teams = [d for d in loaded.definitions if d.game.id == "formula-ace"]
    if loaded.definitions and not teams:
        other = loaded.definitions[0]
        raise UsageError(f"{args.team} is a {other.game.title} {other.kind.name}: paddock "
                         "season replays a Formula Ace team file (game: formula-ace)")
    if not teams:
        print(format_text(loaded.findings, Summary.of(loaded.findings, 1)), file=sys.stderr)
        print(f"paddock: cannot replay {args.team}: fix the errors above", file=sys.stderr)
        return 2
    team = teams[0]
    steps = len(team.model.season)
    if args.upto is not None and args.upto > steps:
        raise UsageError(f"--upto {args.upto}: {args.team} has {steps} season step"
                         f"{'s' * (steps != 1)}; give 0 to {steps}")
    context = season_context(team.model, team.path, args.upto)
    print(format_season(context, loaded.findings, args.format, templates))
    return exit_code(loaded.findings, False, loaded)


def run_race_command(args: argparse.Namespace) -> int:
    """Run the sweep, write what was asked for, print the summary; 0, or 2 on bad input."""
    from generator.commands.frothy_race import RaceRequest, format_output, run_request
    from generator.commands.race_games import is_joyride_track
    from generator.games.frothy_races.race.api import RaceOptions

    track = track_file(args.track)  # a file, or a shipped track's name
    if is_joyride_track(track):
        from generator.commands.joyride_race import run_joyride_race
        return run_joyride_race(args, track)
    options = RaceOptions(race_type=args.race_type or "", laps=args.laps or 0,  # the track's
                          rounds=args.rounds or 12, stamina=args.stamina)
    request = RaceRequest(track=track, vehicles=tuple(args.vehicles), races=args.races,
                          asked=tuple(n for n in ("laps", "rounds") if getattr(args, n)),
                          seed=args.seed, bot=args.bot, options=options,
                          workers=args.workers, scheduler=args.scheduler,
                          report=args.output, replay=args.replay, log=args.log,
                          paper=args.paper, templates=args.templates)
    sweep, stats, paths = run_request(request)
    print(format_output(sweep, stats, paths, args.format, TextTemplates(args.templates)))
    return 0


def run_check(args: argparse.Namespace) -> int:
    loaded, _ = load_inputs(args)
    summary = Summary.of(loaded.findings, len(loaded.files))
    if args.format == "json":
        print(format_json(loaded.findings, summary))
    else:
        print(format_text(loaded.findings, summary))
    return exit_code(loaded.findings, args.strict, loaded)


def run_build(args: argparse.Namespace, compact: bool = False,
              last_good: dict[str, Definition] | None = None) -> int:
    """Build (see :func:`build_once`); a plain build whose inputs, options and code are
    those of a build before is answered from the cache folder without building
    (:mod:`generator.commands.build_replay`), and a plain build that is not is recorded
    for the next."""
    from generator.commands import build_replay

    if compact or last_good is not None:
        return build_once(args, compact, last_good)
    refuse_shared_output(args.output, list(args.paths) or [DEFAULT_INPUT])
    code = None if args.rebuild else build_replay.replay(args)
    if code is not None:
        return code
    with build_replay.recording(args) as record:
        return record.finish(build_once(args, record=record))


def build_once(args: argparse.Namespace, compact: bool = False,
               last_good: dict[str, Definition] | None = None,
               record: Recording | None = None) -> int:
    """Build; ``compact`` (a rebuild in watch mode): one line for the files written and
    the findings last, where the eye lands, instead of above a screenful of 'wrote'.
    ``last_good`` (watch mode): each file's last definition without errors, printed in
    place of a save that has errors (a half-typed save), and updated after each build.
    ``record``: a recording of this build for a later replay (see :func:`run_build`)."""
    from generator.commands.build import Selection, build
    from generator.paper.icons import IconSet

    refuse_shared_output(args.output, list(args.paths) or [DEFAULT_INPUT])
    loaded, templates = load_inputs(args, project_kit=True)
    shown = [f for f in loaded.findings if f.severity is not Severity.INFO]
    if shown and (not compact or loaded.kit_errors()):
        print(format_text(shown, Summary.of(loaded.findings, len(loaded.files))),
              file=sys.stderr)
    if loaded.kit_errors():
        print("paddock: not built: the kit file has errors, and its print settings are "
              "needed for every sheet", file=sys.stderr)
        return 2 if loaded.unreadable else 1
    printed = with_last_good(loaded, last_good) if last_good is not None else loaded
    overrides = {name: getattr(args, name) for name in PRINT_OPTIONS}
    kit = loaded.kit.kit if loaded.kit else None
    settings = print_settings(kit, overrides)
    whole = folders_given(args.paths)
    components = kit.components if kit else KitComponents()
    generic = whole if components.generic_deck is None else components.generic_deck
    stickers = whole if components.dice_stickers is None else components.dice_stickers
    context = BuildContext(out_dir=args.output, paper=settings.paper, templates=templates,
                           duplex=settings.duplex, back_offset=settings.back_offset,
                           icons=IconSet(args.templates), printing=settings.printing,
                           generic_deck=generic)
    selection = Selection(args.only, stickers)
    if record is not None:
        record.building()
    result = build(printed, context, selection,
                   announce=lambda message: print(f"paddock: {message}", file=sys.stderr),
                   jobs=getattr(args, "workers", None))
    if record is not None:
        record.built(result, selection)
    if result.findings:
        print(format_text(result.findings, Summary.of(result.findings, len(loaded.files))),
              file=sys.stderr)
    report_not_built(printed)
    for refused in result.refused:
        if not loaded.errors_of(refused):
            print(f"paddock: not built: {refused.path} ({refused.name}) would overwrite "
                  "another definition's file", file=sys.stderr)
    report_written(args.output, result, compact)
    if not shown and not result.manifest:
        print(summary_line(Summary.of(loaded.findings, len(loaded.files))))
    if compact and shown:
        print(format_text(shown, Summary.of(loaded.findings, len(loaded.files))),
              file=sys.stderr)
    if loaded.unreadable:
        return 2
    return 1 if result.refused or any(f.severity is Severity.ERROR for f in loaded.findings) \
        else 0


def with_last_good(loaded: Loaded, last_good: dict[str, Definition]) -> Loaded:
    """What a watch-mode build prints: each file's definition now when it has no errors
    (remembered in ``last_good``), else its last good one, said so."""
    clean = loaded.clean()
    last_good.update({d.path: d for d in clean})
    clean_paths = {d.path for d in clean}
    stand_ins = [d for path, d in last_good.items()
                 if path in loaded.files and path not in clean_paths]
    for definition in stand_ins:
        print(f"paddock: {definition.path} has errors: its last good save is printed "
              "until they are fixed", file=sys.stderr)
    replaced = {d.path for d in stand_ins}
    return Loaded(definitions=clean + stand_ins, files=loaded.files, kit=loaded.kit,
                  kit_files=loaded.kit_files, unreadable=loaded.unreadable,
                  findings=[f for f in loaded.findings if f.mark.file not in replaced])


def refuse_shared_output(output: Path, inputs: Sequence[Path]) -> None:
    """The output folder is switched as a whole: it must not hold a folder of inputs or
    the folder the command runs in (``-o .`` would swap the project folder). A lone input
    file inside it is kept like any file Paddock did not write."""
    out = Path(os.path.realpath(output))  # never raises, a link loop included
    held = [inner for inner in [Path.cwd(), *inputs]
            if inner.is_dir() and Path(os.path.realpath(inner)).is_relative_to(out)]
    if held:
        raise UsageError(f"-o {output}: the output folder must be a folder of its own, "
                         f"not one holding {held[0]}; e.g. -o output")


def folders_given(paths: Sequence[Path]) -> bool:
    """True when the build reads whole folders (the default, or a folder named): it then
    prints the shared parts too. Single files print their own components only."""
    return not paths or any(path.is_dir() for path in paths)


def run_build_or_watch(args: argparse.Namespace) -> int:
    """Build; with --watch, build again after every save until Ctrl-C. A rebuild that fails
    says why and keeps watching, so the designer can fix the file and save again."""
    last_good: dict[str, Definition] = {}
    if not args.watch:
        return run_build(args)
    paths = default_paths(args.paths)
    from generator.commands.watching import file_states, watch_builds
    from generator.paper.art import art_files

    kit = find_project_kit(paths)  # a single file's build reads it too
    watched = [*paths, *([kit] if kit else []), *art_files(paths),
               *([args.templates] if args.templates else [])]
    before = file_states([p for p in watched if p.exists()], args.output)
    code = run_build(args, last_good=last_good)

    def rebuild(changed: list[Path]) -> None:
        print(f"\nchanged: {', '.join(map(str, changed))}; building again")
        try:
            run_build(args, compact=True, last_good=last_good)
        except PaddockError as exc:
            print(f"paddock: {exc}" if not isinstance(exc, InputError) else str(exc),
                  file=sys.stderr)

    watch_builds(watched, rebuild, output=args.output, since=before, on_start=lambda: print(
        f"watching {', '.join(map(str, watched))} for saves; Ctrl-C stops", file=sys.stderr))
    return code


def report_not_built(loaded: Loaded) -> None:
    """Name every file a build skipped for its errors: rule errors in a valid definition, or
    a file that did not even match its schema."""
    names = {d.path: d.name for d in loaded.definitions}
    for path in loaded.files:
        errors = len(loaded.errors_in(path))
        if errors and path not in loaded.kit_files:
            name = f" ({names[path]})" if path in names else ""
            print(f"paddock: not built: {path}{name} has {errors} error{'s' * (errors != 1)}",
                  file=sys.stderr)


def run_balance_command(args: argparse.Namespace) -> int:
    """Measure, judge, write the report, print. Verdicts are warnings and info, so the exit
    code is 0 unless a build could not be measured (rule errors: 1), the input cannot be read
    (2), or --strict and a verdict warns (1)."""
    from generator.commands.balance.run import run_balance
    from generator.commands.balance.summary import format_json as format_balance_json
    from generator.commands.balance.summary import format_summary

    if args.output is not None:
        refuse_odd_target(args.output)  # a device or FIFO named: refused before any work
    loaded = load(default_paths(args.paths))
    templates = TextTemplates(args.templates)
    against = load_against(args.against) if args.against else None
    if against is not None:
        refuse_other_game(loaded, against, args.against)
    if args.suggest and args.format == "json":
        raise UsageError("--suggest prints text for people: leave out --format json")
    if not args.race:
        battling = bool(args.battle or args.battles)  # battles use --workers too
        given = [f"--{name}" for name in ("field", "races", "workers")
                 if getattr(args, name) is not None and not (battling and name == "workers")]
        if given:
            raise UsageError(f"{', '.join(given)} only work with --race TRACK"
                             + (" (--workers also with --battle)" if "--workers" in given
                                else ""))
    if args.race:
        from generator.commands.balance.racing import refuse_unraced

        args.race_given = list(args.race)  # as typed: Joyride reads its own
        args.race = race_tracks(args.race)
        refuse_unraced(loaded.clean())
    races = race_verdicts(args, loaded, against) if getattr(args, "race_given", None) \
        else None
    if args.battle or args.battles:
        from generator.commands.battle_verdict import battle_verdicts
        races = {**(races or {}), **battle_verdicts(args, loaded, against)}
    result = run_balance(loaded, against, races)
    waive_verdicts(result, loaded, default_paths(args.paths))
    errors = loaded.unreadable or any(f.severity is Severity.ERROR for f in result.findings)
    if not result.measured and args.output is not None and not errors:
        why = "; ".join(sorted({reason for _, reason in result.skipped})) or "no builds given"
        if args.format == "text":
            print(format_summary(result, templates, None))
        raise UsageError(f"-o {args.output}: no report to write: no build could be measured "
                         f"({why})")
    report = write_balance_report(result, args.output or DEFAULT_REPORT, args.paper, templates)
    if args.format == "json":
        print(format_balance_json(result, report))
    else:
        print(format_summary(result, templates, report))
    if args.suggest:
        from generator.commands.balance.suggest import format_suggestions

        print("\n" + format_suggestions(result, templates, against,
                                        suggestion_racer(args, against)))
    return exit_code(result.findings, args.strict, loaded)


def waive_verdicts(result: BalanceRun, loaded: Loaded, paths: Sequence[Path]) -> None:
    """The files' and kit's waivers apply to the balance verdicts too (a check never sees
    those, so it does not report their waivers unused)."""
    from generator.project.waiving import apply_waivers, project_waivers

    kit = find_project_kit(paths) if loaded.kit is None else None
    waivers = project_waivers(loaded.kit, [d.path for d in loaded.definitions], kit)
    result.findings = apply_waivers(result.findings, waivers, False, report=False)


def refuse_other_game(loaded: Loaded, against: Definition, path: Path) -> None:
    """A build measured against another game's baseline compares nothing: bad usage."""
    others = sorted({d.game.id for d in loaded.definitions if d.game.id != against.game.id})
    if others:
        raise UsageError(f"--against {path} is from {against.game.title} (a "
                         f"{against.kind.name}), but the builds to measure are from "
                         f"{', '.join(others)}: give a baseline from the same game")


def race_verdicts(args: argparse.Namespace, loaded: Loaded, against: Definition | None
                  ) -> dict[str, object]:
    """Race every clean Frothy Races vehicle and Joyride car for ``--race`` (by path)."""
    from generator.games.frothy_races.baseline import BASELINE_FILE
    from generator.games.frothy_races.race.verdict import verdicts_for

    joyride = {}
    if any(d.game.id == "joyride" for d in loaded.clean()):  # its engine loads only then
        from generator.commands.joyride_race import joyride_verdicts
        joyride = joyride_verdicts(argparse.Namespace(**{**vars(args),
                                                         "race": args.race_given[0]}),
                                   loaded.clean(), against)

    baseline = Path(against.path) if against is not None and \
        against.game.id == "frothy-races" else BASELINE_FILE
    frothy = verdicts_for(loaded.clean(), args.race, baseline=baseline,
                          field_dir=args.field, races=args.races, seed=args.seed,
                          workers=args.workers) if args.race else {}
    return {**frothy, **joyride}


def suggestion_racer(args: argparse.Namespace, against: Definition | None) -> Any:
    """With --race (Frothy Races tracks), what races an edited vehicle for --suggest."""
    if not getattr(args, "race", None):
        return None
    from generator.commands.balance.racing import suggestion_racer as racer
    from generator.games.frothy_races.baseline import BASELINE_FILE

    baseline = Path(against.path) if against is not None and \
        against.game.id == "frothy-races" else BASELINE_FILE
    return racer(args.race, baseline, args.field, args.races, args.seed, args.workers)


def race_tracks(given: Sequence[Path]) -> list[Path]:
    """The tracks of ``--race`` (given once or more): files or shipped tracks' names, and
    'all' for every shipped Frothy Races track."""
    from generator.commands.race_games import is_joyride_track
    from generator.tracks.shipped import shipped_tracks

    found: list[Path] = []
    for text in given:
        if str(text) == "all":
            found.extend(t.path for t in shipped_tracks() if t.game == "frothy-races")
        elif not is_joyride_track(track := track_file(text)):  # Joyride cars race those
            found.append(track)
    return found


def load_against(path: Path) -> Definition:
    """The one build given with --against; a file that cannot be measured is bad usage."""
    if path.is_dir():
        raise UsageError(f"--against {path}: give one vehicle file, not a folder")
    loaded = load([path])
    errors = [f for f in loaded.findings if f.severity is Severity.ERROR]
    if errors or len(loaded.definitions) != 1:
        first = f"; the first: {errors[0].message} [{errors[0].rule}]" if errors else ""
        mark = errors[0].mark if errors else None
        raise InputError(f"cannot compare against this file: {len(errors)} "
                         f"error{'s' * (len(errors) != 1)}{first}",
                         file=mark.file if mark else str(path), line=mark.line if mark else None,
                         column=mark.column if mark else None,
                         hint=f"run 'paddock check {path}' and fix what it reports")
    return loaded.definitions[0]


def write_balance_report(result: BalanceRun, target: Path, paper_name: str,
                         templates: TextTemplates) -> Path | None:
    """Prepare every page, then write the PDF atomically; None when nothing was measured."""
    if not result.measured:
        return None
    from generator.balance.pdf import write_report
    from generator.commands.balance.document import report_content

    content = report_content(result, templates)
    write_atomically(target, lambda temp: write_report(
        temp, content.title, content.sections, paper(paper_name), content.footer))
    return target


def run_rules(args: argparse.Namespace) -> int:
    from generator.commands.rules_listing import explain_rule, find_rule, format_rules
    from generator.commands.traceability import document_ids, load_document, render_document

    if args.format == "markdown":
        if args.target not in document_ids():
            raise UsageError("--format markdown needs a game (or 'tracks'): "
                             + ", ".join(document_ids()))
        print(render_document(load_document(args.target)), end="")
        return 0
    if args.target is None or args.target in GAMES:
        games = [GAMES[args.target]] if args.target else list(GAMES.values())
        print(format_rules(games, args.format, include_format=args.target is None))
    else:
        print(explain_rule(*find_rule(list(GAMES.values()), args.target), args.format))
    return 0


def run_catalogue(args: argparse.Namespace) -> int:
    from generator.commands.catalogue_listing import choose, format_catalogues, format_tracks

    if args.game == "tracks":
        print(format_tracks(args.format))
        return 0
    print(format_catalogues(choose(get_game(args.game), args.name), args.format))
    return 0


def run_new(args: argparse.Namespace) -> int:
    from generator.commands.json_schema import (
        SCHEMA_FOLDER,
        missing_schemas,
        project_folder,
        write_editor_settings,
    )
    from generator.commands.scaffolding import write_scaffold

    game = get_game(args.game)
    if not args.name.strip():
        raise UsageError("give the new vehicle a name, e.g. paddock new frothy-races 'Red Comet'")
    path = write_scaffold(game, args.name.strip(), args.output, args.force, kind=args.kind)
    print(f"wrote {path}: edit it, then run 'paddock check {path}'")
    project = project_folder(path.parent)
    for schema in missing_schemas(game, project / SCHEMA_FOLDER):
        print(f"wrote {schema} (editors check the new file against it)")
    settings = write_editor_settings(project)
    if settings is not None:
        print(f"wrote {settings} (it maps the project schema to every file under vehicles/)")
    return 0


def run_init(args: argparse.Namespace) -> int:
    """Write the project folder; say what was written, kept, and what to do next."""
    from generator.commands.init_project import init_project

    started = init_project(args.folder, TextTemplates(args.templates))
    schemas = [p for p in started.written if p.suffix == ".json" and p.parent.name == "schemas"]
    for path in started.written:
        if path not in schemas:
            print(f"wrote {path}")
    if schemas:
        print(f"wrote {len(schemas)} JSON Schemas into {schemas[0].parent} (editors check "
              "and complete your files with them)")
    for path in started.kept:
        print(f"kept {path} (already there)")
    where = "" if args.folder == Path(".") else f"cd {args.folder} && "
    print(f"next: {where}paddock new frothy-races 'Red Comet', then paddock check")
    return 0


def run_schema(args: argparse.Namespace) -> int:
    from generator.commands.json_schema import SCHEMA_FOLDER, project_folder, write_schemas
    from generator.commands.schema_docs import format_schema, format_schema_json

    game = get_game(args.game)
    if args.json_schema is not None:
        # Without a folder: the schemas/ folder of the project run from.
        folder = args.json_schema if args.json_schema != SCHEMA_FOLDER else \
            project_folder(Path.cwd()) / SCHEMA_FOLDER
        for path in write_schemas(game, folder):
            print(f"wrote {path}")
    elif args.format == "json":
        print(format_schema_json(game))
    else:
        print(format_schema(game))
    return 0
