"""Fuzz cases at the trust boundary: user templates, command-line options and the cache folder.

Shared by tests/test_edge_fuzz.py (a modest number on every run) and bench/fuzz.py (a long
run). Each case is a kind and a seed: :func:`run_edge` rebuilds the same case from them, runs
it and raises :class:`~tests.fuzz_cases.ContractBroken` unless the command ends in exit 0, 1
or 2 with no traceback (exit 3 and tracebacks are Paddock's bugs), within its time.

- ``templates``: a shipped template, mutated (lines, tokens, hostile expressions, dropped
  blocks, bytes that are not UTF-8, tiny fonts), put in a ``--templates`` folder, then
  ``check`` (and now and then ``build``) of a vehicle that uses it.
- ``options``: a command line made of the commands, their options and hostile values
  (huge, negative, empty, not numbers, paths that are FIFOs, folders, link loops, names too
  long), run in-process.
- ``cache``: a warm cache folder damaged (bit flips, truncation, entries swapped, FIFOs,
  links, folders in place of files, wrong types in a well-formed entry), then a whole
  ``paddock build`` process that must give the same PDFs as with a clean cache.
"""

from __future__ import annotations

import contextlib
import io
import marshal
import os
import random
import shutil
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from generator.commands.cli import main
from generator.keep.entries import frame
from tests.fuzz_cases import HOSTILE_VALUES, MUTATION_KINDS, ContractBroken, Mutation, mutate

REPO = Path(__file__).resolve().parent.parent
TEMPLATES = REPO / "templates"
VEHICLES = REPO / "vehicles"
EDGE_KINDS = ("templates", "options", "cache")
CASE_SECONDS = 120  # a case still running after this is a hang

# For each folder of templates: a file that uses them and the components that print them.
USES = {
    "frothy-races": ("frothy-races/basic-chariot.yaml", "licences,cards,tokens"),
    "joyride": ("joyride/verdigris.yaml", "dashboards,ability-tokens,player-aids,car-tokens"),
    "outrider": ("outrider/rattler.yaml", "dashboards,tokens,vehicle-cards,maneuver-cards"),
    "circus-maximus": ("circus-maximus/green-faction.yaml", "record-sheets,reference-card"),
    "formula-ace": ("formula-ace/hollow-star.yaml", "team-rosters,ship-cards,pilot-cards"),
    "dice": ("frothy-races/basic-chariot.yaml", "dice-stickers"),
    "tracks": ("tracks/tin-plate-loop.yaml", "track-layout,track-tokens,track-pieces"),
}
TEMPLATE_SEEDS = sorted(p.relative_to(TEMPLATES) for p in TEMPLATES.rglob("*.j2")
                        if p.parts[-2] in USES)
HOSTILE_EXPRESSIONS = (
    "{{ 'x' * 10**9 }}", "{% set a = [1] %}{% for i in range(60) %}{{ a.extend(a) }}{% endfor %}",
    "{{ '{:>{}}'.format('x', 10**9) }}", "{{ '%*d' % (10**9, 1) }}", "{{ undefined_name }}",
    "{{ ''.__class__.__mro__ }}", "{% for i in range(10**7) %}{% endfor %}", "{% include 'x' %}",
    "{% extends 'nothing.j2' %}", "{{ lipsum(10**6) }}", '<font size="0">x</font>', "<img/>",
    "{% block %}", "{{ 1/0 }}", "{{ [1]|batch(10**9, 'x')|list }}", "{{ 'x'|replace('', 'yy') }}",
    "{% macro m() %}{{ m() }}{% endmacro %}{{ m() }}", "{{ range(10)|sum(start=[]) }}",
    "{{ self }}", "{{ cycler(1, 2).next() }}", "{% raw %}", "<b><i>x</b></i>", "&bogus;",
)


def run_edge(kind: str, seed: int, folder: Path) -> str:
    """Run the case ``(kind, seed)`` in ``folder``; how it ended (its exit code, as text)."""
    rng = random.Random(seed)
    with _time_limit(CASE_SECONDS, f"{kind} case {seed}"):
        if kind == "templates":
            return _template_case(rng, folder)
        if kind == "options":
            return _options_case(rng, folder)
        if kind == "cache":
            return _cache_case(rng, folder)
    raise ValueError(kind)


# --- templates ------------------------------------------------------------------------------

def template_text(rng: random.Random) -> tuple[Path, bytes]:
    """A shipped template's name and its text, mutated."""
    name = rng.choice(TEMPLATE_SEEDS)
    text = (TEMPLATES / name).read_text(encoding="utf-8")
    for _ in range(rng.randrange(1, 4)):
        kind = rng.choice((*MUTATION_KINDS, "hostile", "drop-block", "empty"))
        if kind == "hostile":
            at = rng.randrange(len(text) + 1)
            text = text[:at] + rng.choice(HOSTILE_EXPRESSIONS) + text[at:]
        elif kind == "drop-block":
            start = text.find("{% block", rng.randrange(len(text) + 1))
            end = text.find("{% endblock %}", start)
            if start >= 0 and end > start:
                text = text[:start] + text[end + len("{% endblock %}"):]
        elif kind == "empty":
            text = ""
        else:
            text = mutate(text, Mutation(kind, rng.randrange(2**32)))
    data = text.encode("utf-8", errors="surrogatepass")
    if rng.random() < 0.1:  # bytes that are not UTF-8
        at = rng.randrange(len(data) + 1)
        data = data[:at] + bytes([rng.choice([0xff, 0xc3, 0x80, 0xfe])]) + data[at:]
    return name, data


def _template_case(rng: random.Random, folder: Path) -> str:
    name, data = template_text(rng)
    templates = folder / "templates"
    (templates / name).parent.mkdir(parents=True, exist_ok=True)
    (templates / name).write_bytes(data)
    vehicle, components = USES[name.parts[0]]
    if rng.random() < 0.1:
        args = ["build", str(VEHICLES / vehicle), "--templates", str(templates), "-o",
                str(folder / "out"), "--only", components]
    else:
        args = ["check", str(VEHICLES / vehicle), "--templates", str(templates)]
    return _run_main(args, folder)


# --- options --------------------------------------------------------------------------------

def _odd_paths(folder: Path) -> list[str]:
    """Paths no command should choke on: missing, a folder, a FIFO, a link loop, names too
    long, a file where a folder is needed, and text that is not a path at all."""
    fifo, loop = folder / "fifo", folder / "loop"
    if not os.path.lexists(fifo):
        os.mkfifo(fifo)
    if not os.path.lexists(loop):
        loop.symlink_to(loop)
    (folder / "file").write_text("x", encoding="utf-8")
    return [str(folder / "missing.yaml"), str(folder), str(fifo), str(loop),
            str(folder / ("a" * 300)), str(folder.joinpath(*["b" * 200] * 25)),
            str(folder / "file" / "inside"), "", "-", "--", "nul\x00byte", "é😀.yaml"]


VALUES = ("0", "1", "2", "-1", "3", "7", "1e3", "nan", "inf", "", "x", "10" * 20, "1,2",
          "3mm", "-3mm", "1e999mm", "0.5in", "a4", "letter", "json", "text", "crop", "none",
          "careful", "fastest", "furthest", "licences", "cards,nothing", "1000001")


def command_line(rng: random.Random, folder: Path) -> list[str]:
    """A command line: a command, a few of its arguments and options, some of them odd."""
    chariot, gig = str(VEHICLES / "frothy-races/basic-chariot.yaml"), \
        str(VEHICLES / "frothy-races/whisper-gig.yaml")
    track, team = str(VEHICLES / "tracks/tin-plate-loop.yaml"), \
        str(VEHICLES / "formula-ace/hollow-star.yaml")
    odd = _odd_paths(folder)
    out = str(folder / "out")
    grammar: dict[str, tuple[list[str], list[str]]] = {
        "check": ([chariot], ["--strict", "--format", "--templates"]),
        "build": ([chariot, "-o", out, "--only", "licences"],
                  ["--paper", "--bleed", "--marks", "--dpi", "--gutter", "--duplex", "-o",
                   "--only", "--back-offset", "--card", "--templates"]),
        "race": ([track, chariot, gig, "--races", "2", "--workers", "1"],
                 ["--races", "--seed", "--bot", "--type", "--laps", "--rounds", "--workers",
                  "--log", "--replay", "-o", "--format"]),
        "balance": ([chariot, "-o", str(folder / "balance.pdf")],
                    ["--against", "--format", "-o", "--strict", "--races"]),
        "rules": ([rng.choice(["frothy-races", "FR-MOVE-PHASE-MAX", "joyride"])], ["--format"]),
        "catalogue": (["frothy-races"], ["--format"]),
        "schema": (["frothy-races"], ["--format", "--json-schema"]),
        "new": (["frothy-races", "Red Comet", "-o", str(folder / "new.yaml"), "--force"],
                ["--kind", "-o", "--templates"]),
        "season": ([team], ["--format", "--seed"]),
    }
    command = rng.choice(sorted(grammar))
    base, options = grammar[command]
    args = [command, *base]
    for _ in range(rng.randrange(0, 4)):
        option = rng.choice(options)
        pool = odd if option in ("--templates", "-o", "--log", "--replay", "--against",
                                 "--json-schema") else VALUES
        args += [option, rng.choice([*pool, rng.choice(HOSTILE_VALUES)[:40]])]
    if rng.random() < 0.2:  # a positional argument replaced by an odd path
        spot = rng.randrange(1, len(args))
        args[spot] = rng.choice(odd)
    if rng.random() < 0.1:
        args.insert(0, "--debug")
    return args


def _options_case(rng: random.Random, folder: Path) -> str:
    args = command_line(rng, folder)
    if "race" in args and "--workers" in args:  # a worker pool per case is too slow here
        args[args.index("--workers") + 1] = "1"
    return _run_main(args, folder)


# --- cache ----------------------------------------------------------------------------------

_WARM: list[Path] = []
_CLEAN_PDFS: list[bytes] = []


def _paddock(cache_home: Path, out: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "XDG_CACHE_HOME": str(cache_home)}
    return subprocess.run([sys.executable, "-m", "generator", "build",
                           str(VEHICLES / "frothy-races/basic-chariot.yaml"), "-o", str(out),
                           "--only", "licences,cards"], cwd=REPO, env=env, capture_output=True,
                          text=True, timeout=CASE_SECONDS)


def _pdfs(out: Path) -> bytes:
    return b"".join(p.read_bytes() for p in sorted(out.rglob("*.pdf")))


def warm_cache(scratch: Path) -> Path:
    """A cache folder filled by one build, made once per process (and its PDFs)."""
    if not _WARM:
        home = scratch / "warm-cache"
        result = _paddock(home, scratch / "warm-out")
        assert result.returncode == 0, result.stderr
        _CLEAN_PDFS.append(_pdfs(scratch / "warm-out"))
        _WARM.append(home)
    return _WARM[0]


def damage(rng: random.Random, folder: Path) -> str:
    """Damage one or more kept files of ``folder``; what was done."""
    files = sorted(p for p in folder.rglob("*") if p.is_file() and p.name != ".swept")
    done = []
    for _ in range(rng.randrange(1, 4)):
        path = rng.choice(files)
        if not path.is_file() or path.is_symlink():  # made a FIFO or a link just now
            continue
        raw = path.read_bytes()
        how = rng.choice(["flip", "truncate", "fifo", "link", "folder", "empty", "swap",
                          "wrong-type", "zeros"])
        done.append(f"{how} {path.relative_to(folder)}")
        if how == "flip" and raw:
            flipped = bytearray(raw)
            flipped[rng.randrange(len(raw))] ^= 1 << rng.randrange(8)
            path.write_bytes(bytes(flipped))
        elif how == "truncate":
            path.write_bytes(raw[:rng.randrange(len(raw) + 1)])
        elif how in ("fifo", "link", "folder"):
            path.unlink()
            if how == "fifo":
                os.mkfifo(path)
            elif how == "link":
                sparse = folder.parent / "sparse"
                with open(sparse, "wb") as handle:
                    handle.truncate(2 * 1024 ** 3)
                path.symlink_to(sparse)
            else:
                path.mkdir()
        elif how == "empty":
            path.write_bytes(b"")
        elif how == "swap":
            other = rng.choice(files)
            if other.is_file() and not other.is_symlink() and other != path:
                path.write_bytes(other.read_bytes())
        elif how == "wrong-type":  # a whole entry of another name, holding other types
            path.write_bytes(frame(marshal.dumps(rng.choice(
                [[1, 2], {b"k": "text"}, {1: 2.5}, "text", None, {(): ()}])), "elsewhere"))
        elif how == "zeros":
            path.write_bytes(b"\0" * len(raw))
    return "; ".join(done)


def _cache_case(rng: random.Random, folder: Path) -> str:
    home = folder / "cache"
    shutil.copytree(warm_cache(folder.parent), home, symlinks=True)
    what = damage(rng, home / "paddock")
    result = _paddock(home, folder / "out")
    if result.returncode != 0 or "Traceback" in result.stderr:
        raise ContractBroken(f"cache damaged ({what}): exit {result.returncode}\n"
                             f"{result.stderr[-1500:]}")
    if _pdfs(folder / "out") != _CLEAN_PDFS[0]:
        raise ContractBroken(f"cache damaged ({what}): the PDFs differ from a clean build")
    return "0"


# --- running --------------------------------------------------------------------------------

def _run_main(args: list[str], folder: Path) -> str:
    """``paddock ARGS`` in-process in ``folder``: exit 0, 1 or 2 and no traceback, or
    ContractBroken."""
    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    os.chdir(folder)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code: Any = main(args)
            except SystemExit as stop:  # argparse: usage errors (2) and --help (0)
                code = stop.code
    finally:
        os.chdir(here)
    shown = err.getvalue()
    debug = "--debug" in args
    if code not in (0, 1, 2) or "internal error" in shown or (
            "Traceback" in shown and not debug):
        raise ContractBroken(f"paddock {_quoted(args)} exited {code}:\n{shown[-1500:]}")
    return str(code)


def _quoted(args: list[str]) -> str:
    return " ".join(repr(a) if not a or " " in a or not a.isprintable() else a for a in args)


class Hang(ContractBroken):
    """A case ran past its time."""


@contextlib.contextmanager
def _time_limit(seconds: float, what: str) -> Iterator[None]:
    """Raise :class:`Hang` in this thread after ``seconds`` (a timer thread sends SIGUSR1:
    renders use SIGALRM themselves)."""
    def expire(signum: int, frame: Any) -> None:
        raise Hang(f"{what} ran past {seconds:g} s")

    previous = signal.signal(signal.SIGUSR1, expire)
    timer = threading.Timer(seconds, os.kill, (os.getpid(), signal.SIGUSR1))
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()
        signal.signal(signal.SIGUSR1, previous)
