"""The output folder as a transaction: a build killed at any point leaves the complete old set
or the complete new one; a build removes only the files an earlier build wrote; files it did
not write, and the targets of symbolic links, are never touched; two builds into one folder
take turns; two names that would share a file are a finding, never an overwrite."""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generator.commands.cli import main
from tests.conftest import REPO

MARSH = REPO / "vehicles" / "frothy-races" / "marsh-hopper.yaml"
WHISPER = REPO / "vehicles" / "frothy-races" / "whisper-gig.yaml"
FAST = ["--only", "licences,tokens"]


def snapshot(folder: Path) -> dict[str, str]:
    """Every entry under ``folder``: file hashes, link targets, folders."""
    found = {}
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder).as_posix()
        if path.is_symlink():
            found[relative] = "link:" + os.readlink(path)
        elif path.is_dir():
            found[relative] = "dir"
        else:
            found[relative] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def paddock_files(state: dict[str, str]) -> dict[str, str]:
    """The entries a build owns, from a snapshot: the manifest and what it lists."""
    return {path: digest for path, digest in state.items()
            if path == "manifest.json" or path.endswith(".pdf")}


def build(*args: str | Path) -> int:
    return main(["build", "--no-pack", *map(str, args)])


def test_a_second_build_replaces_its_own_files_and_keeps_the_rest(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    assert build(MARSH.parent, "-o", out, "--only", "licences,dice-stickers,tokens",
                 "--png", "--dpi", "36") == 0
    first = {entry["path"] for entry in json.loads((out / "manifest.json").read_text())["files"]}
    pngs = {path for path in first if path.endswith(".png")}
    assert pngs, "the tokens' previews"
    capsys.readouterr()
    assert build(WHISPER, "-o", out, "--only", "tokens") == 0
    shown = capsys.readouterr().out
    files = {entry["path"] for entry in json.loads((out / "manifest.json").read_text())["files"]}
    # the token previews were of the component this build chose, for the same game: replaced
    assert files == {"frothy-races/licences.pdf", "frothy-races/dice-stickers.pdf",
                     "frothy-races/tokens.pdf"}
    for path in pngs:
        assert f"removed {out / path} " in shown
    on_disk = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}
    assert on_disk == files | {"manifest.json"}


def test_a_build_of_one_game_keeps_another_games_files(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    assert build(MARSH, "-o", out) == 0
    frothy = snapshot(out / "frothy-races")
    assert build(REPO / "vehicles" / "joyride" / "rust-bucket.yaml", "-o", out) == 0
    assert snapshot(out / "frothy-races") == frothy
    files = {entry["path"] for entry in json.loads((out / "manifest.json").read_text())["files"]}
    assert {"frothy-races/cards.pdf", "frothy-races/licences.pdf"} <= files
    assert any(path.startswith("joyride/") for path in files)
    assert "removed" not in capsys.readouterr().out


def test_files_paddock_did_not_write_are_kept_exactly(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert build(MARSH, "-o", out, *FAST) == 0
    (out / "notes.txt").write_text("my notes")
    (out / "frothy-races" / "mine").mkdir()
    (out / "frothy-races" / "mine" / "draft.pdf").write_bytes(b"%PDF draft")
    (out / ".hidden").write_text("x")
    kept = {k: v for k, v in snapshot(out).items() if k not in paddock_files(snapshot(out))}
    inode = (out / "notes.txt").stat().st_ino
    assert build(WHISPER, "-o", out, "--only", "licences") == 0
    after = snapshot(out)
    assert {k: after[k] for k in kept} == kept
    assert (out / "notes.txt").stat().st_ino == inode  # the same file, not a copy
    assert "frothy-races/tokens.pdf" in after  # a component this build did not choose


def test_a_file_paddock_did_not_write_is_never_replaced(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    out = tmp_path / "out"
    (out / "frothy-races").mkdir(parents=True)
    (out / "frothy-races" / "licences.pdf").write_bytes(b"someone else's")
    assert build(MARSH, "-o", out, *FAST) == 2
    assert "was not written by Paddock" in capsys.readouterr().err
    assert (out / "frothy-races" / "licences.pdf").read_bytes() == b"someone else's"
    assert sorted(p.name for p in tmp_path.iterdir()) == [".out.paddock-lock", "out"]


def test_symbolic_links_are_never_followed(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    out, outside = tmp_path / "out", tmp_path / "outside"
    outside.mkdir()
    (outside / "precious.pdf").write_bytes(b"precious")
    assert build(MARSH, "-o", out, *FAST) == 0
    # A file the last build wrote, now a link out of the folder: replaced, target untouched.
    licences = out / "frothy-races" / "licences.pdf"
    licences.unlink()
    licences.symlink_to(outside / "precious.pdf")
    (out / "elsewhere").symlink_to(outside)
    assert build(WHISPER, "-o", out, *FAST) == 0
    assert (outside / "precious.pdf").read_bytes() == b"precious"
    assert not licences.is_symlink() and licences.read_bytes().startswith(b"%PDF")
    assert os.readlink(out / "elsewhere") == str(outside)  # kept as a link, not copied
    assert sorted(p.name for p in outside.iterdir()) == ["precious.pdf"]
    # A link where Paddock needs a folder: refused before anything is written.
    before = snapshot(out)
    (tmp_path / "other").mkdir()
    os.rename(out / "frothy-races", tmp_path / "moved")
    (out / "frothy-races").symlink_to(tmp_path / "other")
    assert build(MARSH, "-o", out, *FAST) == 2
    assert "symbolic link" in capsys.readouterr().err
    assert list((tmp_path / "other").iterdir()) == []
    assert snapshot(out).keys() - {"frothy-races"} <= before.keys()


def test_stale_part_files_of_an_older_build_are_removed(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert build(MARSH, "-o", out, *FAST) == 0
    (out / "frothy-races" / ".cards.pdf.k2j4.part").write_bytes(b"half")
    assert build(MARSH, "-o", out, *FAST) == 0
    assert not list(out.rglob("*.part"))


KILLER = """
import os, signal, sys
from generator.commands import cli
from generator.commands import output_folder
point, count = sys.argv[1], {"n": 0}
build_process = os.getpid()

def die():  # the build's process, whichever of its writing processes gets here
    os.kill(build_process, signal.SIGKILL)
    os.kill(os.getpid(), signal.SIGKILL)

original_write = output_folder.OutputFolder.write
def write(self, relative, produce):
    count["n"] += 1
    if (point == "writing" and count["n"] == 2
            or point == "writing-in-a-worker" and os.getpid() != build_process):
        def half(path):
            path.write_bytes(b"%PDF-1.4 half")
            die()
        return original_write(self, relative, half)
    return original_write(self, relative, produce)
output_folder.OutputFolder.write = write

original_exchange = output_folder.exchange
def exchange(first, second):
    if point == "before-switch":
        die()
    if point == "fallback":
        return False
    done = original_exchange(first, second)
    if point == "after-switch":
        die()
    return done
output_folder.exchange = exchange

original_rename = os.rename
def rename(source, target):
    original_rename(source, target)
    if point == "fallback" and str(source).endswith("/out"):
        die()
output_folder.os.rename = rename
sys.exit(cli.main(["build", "--no-pack", *sys.argv[2:]]))
"""


def run_killed(point: str, *args: str | Path, cache: Path | None = None) -> int:
    """The build killed at ``point``; with ``cache``, a cache folder of its own (an empty
    one: a build the cache answers writes in one process, with no worker to kill)."""
    env = dict(os.environ, **({"XDG_CACHE_HOME": str(cache)} if cache else {}))
    process = subprocess.run([sys.executable, "-c", KILLER, point, *map(str, args)],
                             cwd=REPO, capture_output=True, text=True, timeout=120, env=env)
    return process.returncode


@pytest.mark.parametrize("point", ["writing", "writing-in-a-worker", "before-switch",
                                   "after-switch"])
def test_a_build_killed_at_any_point_leaves_the_old_set_or_the_new(tmp_path: Path,
                                                                    point: str) -> None:
    out, reference = tmp_path / "out", tmp_path / "reference"
    assert build(WHISPER, "-o", reference, *FAST) == 0
    new_set = paddock_files(snapshot(reference))
    assert build(MARSH.parent, "-o", out, *FAST) == 0
    (out / "notes.txt").write_text("mine")
    old_set = paddock_files(snapshot(out))
    workers = "1" if point == "writing" else "2"  # one process, or the build and a worker
    cache = tmp_path / "cache" if point == "writing-in-a-worker" else None
    assert run_killed(point, WHISPER, "-o", out, *FAST, "--workers", workers,
                      cache=cache) == -signal.SIGKILL
    state = snapshot(out)
    assert paddock_files(state) in (old_set, new_set)
    assert paddock_files(state) == (new_set if point == "after-switch" else old_set)
    assert state["notes.txt"] == hashlib.sha256(b"mine").hexdigest()
    # The next build clears what the killed one left beside the folder, and succeeds.
    assert build(WHISPER, "-o", out, *FAST) == 0
    assert sorted(p.name for p in tmp_path.iterdir() if p.name != "cache") == [
        ".out.paddock-lock", ".reference.paddock-lock", "out", "reference"]
    assert paddock_files(snapshot(out)) == new_set


def test_a_build_killed_between_the_fallback_renames_is_undone_by_the_next(tmp_path: Path
                                                                           ) -> None:
    out = tmp_path / "out"
    assert build(MARSH, "-o", out, *FAST) == 0
    (out / "notes.txt").write_text("mine")
    assert run_killed("fallback", WHISPER, "-o", out, *FAST) == -signal.SIGKILL
    assert not out.exists()  # the window the exchange closes on Linux
    assert build(WHISPER, "-o", out, *FAST) == 0
    assert (out / "notes.txt").read_text() == "mine"


def test_an_error_half_way_leaves_the_folder_untouched(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out"
    assert build(MARSH, "-o", out, *FAST) == 0
    before = snapshot(out)
    from generator.commands import output_folder
    original = output_folder.OutputFolder.write

    def disk_full(path: Path) -> None:
        path.write_bytes(b"%PDF-1.4 half")
        raise OSError(28, "No space left on device")

    def failing(self: output_folder.OutputFolder, relative: str, produce: object) -> object:
        # the second file; in whichever of the build's processes writes it
        broken = relative == "frothy-races/tokens.pdf"
        return original(self, relative, disk_full if broken else produce)  # type: ignore[arg-type]

    monkeypatch.setattr(output_folder.OutputFolder, "write", failing)
    assert build(WHISPER, "-o", out, *FAST) == 2
    assert snapshot(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [".out.paddock-lock", "out"]


def test_a_second_build_waits_for_the_first(tmp_path: Path) -> None:
    out = tmp_path / "out"
    with open(tmp_path / ".out.paddock-lock", "a+") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        process = subprocess.Popen(
            [sys.executable, "-m", "generator", "build", "--no-pack", str(MARSH), "-o", str(out),
             *FAST],
            cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert process.stderr is not None
        line = process.stderr.readline()
        assert "another paddock build is writing into" in line and "waiting" in line
        time.sleep(0.2)
        assert not out.exists()
    assert process.wait(timeout=120) == 0
    assert (out / "frothy-races" / "licences.pdf").exists()


def test_concurrent_builds_each_finish_with_a_complete_set(tmp_path: Path) -> None:
    out, reference = tmp_path / "out", tmp_path / "reference"
    sets = []
    for vehicle in (MARSH, WHISPER):
        assert build(vehicle, "-o", reference, *FAST) == 0
        sets.append(paddock_files(snapshot(reference)))
    runs = [subprocess.Popen([sys.executable, "-m", "generator", "build", "--no-pack",
                              str(vehicle), "-o", str(out), *FAST], cwd=REPO,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for vehicle in (MARSH, WHISPER)]
    assert [run.wait(timeout=120) for run in runs] == [0, 0]
    assert paddock_files(snapshot(out)) in sets


def write_track(folder: Path, file_name: str, name: str) -> None:
    source = (REPO / "vehicles" / "tracks" / "tin-plate-loop.yaml").read_text(encoding="utf-8")
    lines = [f"name: {json.dumps(name, ensure_ascii=False)}" if line.startswith("name:")
             else line for line in source.splitlines()]
    (folder / file_name).write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_names_that_share_a_file_are_findings_never_overwrites(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tracks = tmp_path / "tracks"
    tracks.mkdir()
    names = ["Bog Water!", "Bog Water?", "Bog-Water", "Bögwater", "Bøgwater"]
    for number, name in enumerate(names):
        write_track(tracks, f"track{number}.yaml", name)
    out = tmp_path / "out"
    assert build(tracks, "-o", out, "--only", "track-layout") == 1
    err = capsys.readouterr().err
    clashes = [line for line in err.splitlines() if "OUTPUT-FILE-CLASH" in line]
    assert len(clashes) == 3
    assert "track1.yaml:" in err and "'Bog Water?' would print to tracks/bog-water-layout.pdf" \
        in err
    listed = [e["path"] for e in json.loads((out / "manifest.json").read_text())["files"]]
    assert sorted(listed) == ["tracks/bog-water-layout.pdf", "tracks/bogwater-layout.pdf"]
    assert len(set(listed)) == len(listed)


def test_png_previews_that_would_share_a_file_are_a_finding(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "vehicles"
    folder.mkdir()
    source = MARSH.read_text(encoding="utf-8")
    for number, name in enumerate(["Red Comet!", "Réd Comet"]):
        text = "\n".join(f"name: {name}" if line.startswith("name:") else line
                         for line in source.splitlines())
        (folder / f"v{number}.yaml").write_text(text + "\n", encoding="utf-8")
    out = tmp_path / "out"
    assert build(folder, "-o", out, "--only", "cards", "--png", "--dpi", "36") == 1
    err = capsys.readouterr().err
    assert "'Réd Comet' would print to frothy-races/png/cards/red-comet/" in err
    listed = json.loads((out / "manifest.json").read_text())["files"]
    assert all("Réd Comet" not in entry["vehicles"] for entry in listed)
