"""The ``paddock`` command. Thin: parse arguments, call the library, print, pick an exit code.

Exit codes: 0 clean, 1 rule errors (or warnings with ``--strict``), 2 unreadable input or bad
usage, 3 an internal error (a bug: any other exception). Every exception is caught here, once;
``--debug`` shows the traceback, nothing else.
"""

from __future__ import annotations

import argparse
import atexit
import contextlib
import errno
import os
import sys
import traceback
from collections.abc import Sequence
from typing import TYPE_CHECKING, NoReturn

from generator import __version__
from generator.commands.serve.command import add_serve_command
from generator.commands.table_command import add_table_command
from generator.commands.usage import PaddockParser
from generator.errors import InputError, PaddockError
from generator.input.schema import did_you_mean
from generator.keep.cache_folder import sweep_stale

if TYPE_CHECKING:
    pass
from generator.commands.battle_parser import add_battle_command
from generator.commands.parsers import (
    add_balance_command,
    add_build_command,
    add_catalogue_command,
    add_check_command,
    add_init_command,
    add_new_command,
    add_race_command,
    add_rules_command,
    add_schema_command,
    add_season_command,
)

INTERNAL_ERROR = 3


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    parser = make_parser()
    words = list(sys.argv[1:] if argv is None else argv)
    if any("\0" in word for word in words):  # only a caller in Python can pass one
        print("paddock: an argument holds a NUL character, which no file name or value may "
              "hold", file=sys.stderr)
        return 2
    unknown = unknown_command(parser, words)
    if unknown is not None:
        print(f"{parser.format_usage().rstrip()}\npaddock: {unknown}", file=sys.stderr)
        return 2
    try:
        args = parser.parse_args(argv)
    except Exception as exc:  # argparse reports usage itself (SystemExit); anything else is ours
        return internal_error(exc, debug="--debug" in words)
    if args.command is None:  # a bare 'paddock': what it can do, not a usage error
        parser.print_help()
        return 0
    try:
        return int(args.run(args))
    except PaddockError as exc:
        if args.debug:  # the traceback too, and the same exit code as without --debug
            traceback.print_exc()
        print(f"paddock: {exc}" if not isinstance(exc, InputError) else str(exc),
              file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("paddock: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (paddock rules | head): not a bug. Point stdout at nothing so
        # the interpreter's final flush stays quiet, and exit as a pipe-killed program does.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except OSError as exc:
        if not _refused_by_the_system(exc):
            return internal_error(exc, args.debug)
        # The system refused a path the user gave or the room to write (a name too long, a
        # link loop, no permission, a full disk): bad input or environment, not a bug.
        if args.debug:
            traceback.print_exc()
        where = f" {exc.filename}" if exc.filename else ""
        print(f"paddock: cannot use{where}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except Exception as exc:  # every other exception is a bug: say so, distinctly
        return internal_error(exc, args.debug)


_SYSTEM_REFUSALS = frozenset({
    errno.ENAMETOOLONG, errno.ELOOP, errno.EACCES, errno.EPERM, errno.ENOENT, errno.ENOTDIR,
    errno.EISDIR, errno.ENOSPC, errno.EROFS, errno.EEXIST, errno.EDQUOT, errno.EFBIG,
    errno.ENXIO, errno.ETXTBSY, errno.EMFILE, errno.ENFILE, errno.EIO})


def _refused_by_the_system(exc: OSError) -> bool:
    """An OSError about a file or the machine, not about Paddock's own logic."""
    return not isinstance(exc, BrokenPipeError) and exc.errno in _SYSTEM_REFUSALS


def run() -> NoReturn:
    """The ``paddock`` command: :func:`main`, then leave without taking apart, one by one,
    every object the run made (Python's own exit spends about 40 ms on a build of the
    default kit doing that, for nothing: as mypy does, the process just ends). Exit
    handlers still run first (the stores kept between runs save there) and both output
    streams are flushed; every file the command wrote is closed by then. Once a day, the
    cache folder's stale files go too (see :mod:`generator.keep.cache_folder`)."""
    code = main()
    atexit._run_exitfuncs()
    sweep_stale()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(BrokenPipeError, ValueError):  # reader gone, or closed
            stream.flush()
    os._exit(code)


def internal_error(exc: Exception, debug: bool) -> int:
    """Report an exception nobody planned for as a bug, with exit code 3 (not 1 or 2), so a
    person and CI can tell a crash from rule errors or bad input."""
    if debug:
        traceback.print_exc()
    print(f"paddock: internal error: {type(exc).__name__}: {exc}\n"
          f"paddock: this is a bug in Paddock {__version__}; please report it with the "
          f"command you ran and its input (run again with --debug for the traceback)",
          file=sys.stderr)
    return INTERNAL_ERROR


def unknown_command(parser: argparse.ArgumentParser, words: Sequence[str]) -> str | None:
    """What to say when the first word is not a command ('paddock chek'): the nearest
    command, and the list. None when it is one (or there is none)."""
    first = next((w for w in words if not w.startswith("-")), None)
    names = list(command_parsers(parser))
    if first is None or first in names:
        return None
    guess = did_you_mean(first, names)
    return (f"unknown command {first!r}" + (f"; did you mean {guess!r}?" if guess else "")
            + f" (commands: {', '.join(names)}; paddock --help says what each does)")


def command_parsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """Each command's own parser, by name, in the order --help lists them. Read from the
    defaults make_parser sets, so nobody reaches into argparse's private attributes."""
    return dict(parser.get_default("commands"))


def make_parser() -> argparse.ArgumentParser:
    """The parser of every command: each adds its own sub-parser, options and runner."""
    parser = PaddockParser(
        prog="paddock",
        description="Check tabletop racing vehicles against their rulebooks and print them.")
    parser.add_argument("--version", action="version", version=f"paddock {__version__}")
    parser.add_argument("--debug", action="store_true", help="show tracebacks on errors")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    add_init_command(commands)
    add_check_command(commands)
    add_build_command(commands)
    add_balance_command(commands)
    add_race_command(commands)
    add_battle_command(commands)
    add_season_command(commands)
    add_rules_command(commands)
    add_catalogue_command(commands)
    add_new_command(commands)
    add_schema_command(commands)
    add_serve_command(commands)
    add_table_command(commands)
    parser.set_defaults(commands=commands.choices)
    return parser
