"""A selective build into a folder that holds an earlier build's shared sheets packs them
again with its new pieces in place of the old ones: every piece is printed exactly once,
nothing outside the selection is lost, and the other files are left as they were. Read
back from the manifest and the PDFs, through the command line."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pdfplumber
import pytest

from tests.conftest import VEHICLES

MM = 72 / 25.4
CLI = "import sys\nfrom generator.commands.cli import main\nsys.exit(main(sys.argv[1:]))\n"


def paddock(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    """The ``paddock`` command, as a user runs it, with its own cache folder."""
    env = {"PATH": "/usr/bin:/bin", "HOME": str(cwd), "XDG_CACHE_HOME": str(cwd / "cache"),
           "LANG": "C.UTF-8"}
    return subprocess.run([sys.executable, "-c", CLI, *map(str, args)],
                          cwd=cwd, env=env, capture_output=True, text=True, timeout=300,
                          check=False)


def manifest(out: Path) -> list[dict[str, Any]]:
    files: list[dict[str, Any]] = json.loads((out / "manifest.json").read_text())["files"]
    return files


def digests(out: Path) -> dict[str, str]:
    return {str(p.relative_to(out)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(out.rglob("*.pdf"))}


def pieces_printed(out: Path) -> Counter[tuple[str, str]]:
    """Each piece (its file of origin, its name) the folder prints, counted: a packed file's
    placements, checked against its PDF (the page exists, the trim lies on it), and every
    other file as a piece of its own."""
    printed: Counter[tuple[str, str]] = Counter()
    for entry in manifest(out):
        if not entry["placements"]:
            printed[(entry["path"], "")] += 1
            continue
        with pdfplumber.open(out / entry["path"]) as pdf:
            assert len(pdf.pages) == entry["pages"]
            for piece in entry["placements"]:
                page = pdf.pages[piece["page"] - 1]
                right = piece["x_mm"] + piece["width_mm"]
                bottom = piece["y_mm"] + piece["height_mm"]
                assert piece["x_mm"] >= 0 and right <= float(page.width) / MM + 0.01
                assert piece["y_mm"] >= 0 and bottom <= float(page.height) / MM + 0.01
                printed[(piece["from"], piece["piece"])] += 1
    return printed


def sources(out: Path) -> set[str]:
    return {str(piece["from"]) for entry in manifest(out) for piece in entry["placements"]}


def text_at(pdf_path: Path, piece: dict[str, Any]) -> str:
    """The text printed inside a placed piece's trim."""
    with pdfplumber.open(pdf_path) as pdf:
        page = pdf.pages[piece["page"] - 1]
        x, y = piece["x_mm"] * MM, piece["y_mm"] * MM
        box = (x, y, x + piece["width_mm"] * MM, y + piece["height_mm"] * MM)
        return str(page.within_bbox(box).extract_text() or "")


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """Two games' vehicles (Frothy Races, Joyride): a full build packs their pieces onto
    one shared-sheets file at the top of the output folder."""
    for game in ("frothy-races", "joyride"):
        shutil.copytree(VEHICLES / game, tmp_path / "vehicles" / game)
    return tmp_path


def test_an_only_build_packs_the_shared_sheets_again_with_its_new_pieces(project: Path
                                                                         ) -> None:
    out = project / "out"
    games = [project / "vehicles" / "frothy-races", project / "vehicles" / "joyride"]
    assert paddock("build", *games, "-o", out, cwd=project).returncode == 0
    before, pieces_before = digests(out), pieces_printed(out)
    assert "frothy-races/licences.pdf" in sources(out)

    # The licence's vehicle renamed, then only the licences built.
    chariot = project / "vehicles" / "frothy-races" / "basic-chariot.yaml"
    chariot.write_text(chariot.read_text().replace("name: Basic Chariot",
                                                   "name: Plain Chariot"))
    done = paddock("build", *games, "-o", out, "--only", "licences", cwd=project)
    assert done.returncode == 0, done.stderr
    assert f"replaced {out / 'packed-sheets.pdf'} (an earlier build's shared sheets" in \
        done.stdout

    # Every piece as many times as the full build printed it (a die's stickers are several
    # pieces of one name): none twice, none lost, the renamed licence in its place. The
    # pieces of the files not chosen are drawn again from the same inputs: the renamed
    # vehicle's token carries its new name too.
    expected = Counter({(source, "Plain Chariot" if name == "Basic Chariot" else name): n
                        for (source, name), n in pieces_before.items()})
    assert ("frothy-races/licences.pdf", "Plain Chariot") in expected
    assert pieces_printed(out) == expected
    assert not (out / "frothy-races" / "licences.pdf").exists()
    assert not sources(out) & {entry["path"] for entry in manifest(out)}
    # The other files, outside the selection and off the shared sheets: untouched.
    now = digests(out)
    assert {k: v for k, v in now.items() if k != "packed-sheets.pdf"} == \
        {k: v for k, v in before.items() if k != "packed-sheets.pdf"}
    # The new licence is where the manifest says.
    entry = next(e for e in manifest(out) if e["path"] == "packed-sheets.pdf")
    licence = next(p for p in entry["placements"] if p["piece"] == "Plain Chariot")
    assert "Plain Chariot" in text_at(out / "packed-sheets.pdf", licence)


def test_a_build_of_fewer_inputs_keeps_the_shared_sheets_and_says_they_print_twice(
        project: Path) -> None:
    # The default kit, then one game's licences: the shared sheets also hold the other
    # game's pieces, which this build cannot draw. It owns only what it builds: the sheets
    # are kept whole (no piece lost), its licences are written, and it says so.
    out = project / "out"
    games = [project / "vehicles" / "frothy-races", project / "vehicles" / "joyride"]
    assert paddock("build", *games, "-o", out, cwd=project).returncode == 0
    before, printed_before = digests(out), pieces_printed(out)
    shared = [e["path"] for e in manifest(out) if e["placements"]]
    done = paddock("build", games[0], "-o", out, "--only", "licences", cwd=project)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert any(f"note: kept {out / path}" in done.stdout for path in shared), done.stdout
    after = digests(out)
    assert {path: after[path] for path in before} == before, "every earlier file kept as it was"
    printed_after = pieces_printed(out)
    assert all(printed_after[piece] >= count for piece, count in printed_before.items())
    assert set(after) - set(before), "the licences were written"


def test_a_recorded_only_build_is_not_replayed_over_shared_sheets(project: Path) -> None:
    """The same --only build, first into an empty folder (recorded for a replay), then into
    one holding a full build: the second packs the shared sheets again, not a copy of the
    first's files beside them."""
    games = [project / "vehicles" / "frothy-races", project / "vehicles" / "joyride"]
    only = ("--only", "tokens")
    assert paddock("build", *games, "-o", project / "alone", *only, cwd=project
                   ).returncode == 0
    assert (project / "alone" / "frothy-races" / "tokens.pdf").exists()
    out = project / "out"
    assert paddock("build", *games, "-o", out, cwd=project).returncode == 0
    pieces_before = pieces_printed(out)
    assert paddock("build", *games, "-o", out, *only, cwd=project).returncode == 0
    assert pieces_printed(out) == pieces_before
    assert not (out / "frothy-races" / "tokens.pdf").exists()

