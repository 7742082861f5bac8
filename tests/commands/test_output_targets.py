"""Files a person names on the command line (``balance -o``, ``race -o/--log/--replay``,
``new -o``, ``build -o``): a target that is not a regular file or folder is refused with
exit 2 and nothing is left behind; a link at a lock's name is never followed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator.errors import OutputError
from generator.paper.output import write_atomically
from tests.conftest import REPO, NormalUser

TRACK = REPO / "vehicles" / "tracks" / "tin-plate-loop.yaml"
CHARIOT = REPO / "vehicles" / "frothy-races" / "basic-chariot.yaml"
GIG = REPO / "vehicles" / "frothy-races" / "whisper-gig.yaml"


def paddock(*args: str | Path, cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "generator", *map(str, args)], cwd=cwd,
                          capture_output=True, text=True, timeout=300)


def test_a_fifo_is_refused_and_stays_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(OutputError, match="FIFO"):
        write_atomically(fifo, lambda temp: temp.write_text("x"))
    assert fifo.is_fifo()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]


def test_a_link_to_a_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "folder").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "folder")
    with pytest.raises(OutputError, match="a folder"):
        write_atomically(tmp_path / "link", lambda temp: temp.write_text("x"))
    assert (tmp_path / "link").is_symlink()


def test_a_link_loop_is_an_output_error(tmp_path: Path) -> None:
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    with pytest.raises(OutputError, match="cannot write"):
        write_atomically(tmp_path / "a", lambda temp: temp.write_text("x"))


def test_a_regular_file_is_replaced_whole(tmp_path: Path) -> None:
    target = tmp_path / "report.txt"
    target.write_text("old")
    write_atomically(target, lambda temp: temp.write_text("new"))
    assert target.read_text() == "new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.txt"]


def test_a_failed_write_removes_the_folders_it_made(tmp_path: Path) -> None:
    def fail(temp: Path) -> None:
        raise OSError(28, "No space left on device")

    with pytest.raises(OutputError, match="No space"):
        write_atomically(tmp_path / "a" / "b" / "out.pdf", fail)
    assert list(tmp_path.iterdir()) == []


def test_new_into_a_fifo_is_exit_2(tmp_path: Path) -> None:
    fifo = tmp_path / "new.yaml"
    os.mkfifo(fifo)
    result = paddock("new", "frothy-races", "Red Comet", "-o", fifo, "--force")
    assert result.returncode == 2, result.stderr
    assert "not a regular file" in result.stderr
    assert fifo.is_fifo()


def test_race_log_into_a_fifo_is_exit_2_before_any_race(tmp_path: Path) -> None:
    fifo = tmp_path / "log"
    os.mkfifo(fifo)
    result = paddock("race", TRACK, CHARIOT, GIG, "--races", "2", "--log", fifo)
    assert result.returncode == 2, result.stderr
    assert "FIFO" in result.stderr
    assert fifo.is_fifo()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["log"]


def test_balance_report_onto_a_folder_link_is_exit_2(tmp_path: Path) -> None:
    (tmp_path / "folder").mkdir()
    (tmp_path / "report.pdf").symlink_to(tmp_path / "folder")
    result = paddock("balance", CHARIOT, GIG, "-o", tmp_path / "report.pdf")
    assert result.returncode == 2, result.stderr
    assert "not a regular file" in result.stderr


def test_build_into_a_fifo_makes_no_lock_file(tmp_path: Path) -> None:
    fifo = tmp_path / "null"
    os.mkfifo(fifo)
    result = paddock("build", CHARIOT, "-o", fifo)
    assert result.returncode == 2, result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["null"]


def test_a_link_at_the_lock_name_is_never_followed(tmp_path: Path) -> None:
    victim = tmp_path / "elsewhere" / "made-by-the-link"
    victim.parent.mkdir()
    (tmp_path / ".out.paddock-lock").symlink_to(victim)
    result = paddock("build", CHARIOT, "-o", tmp_path / "out", "--only", "licences")
    assert result.returncode == 2, result.stderr
    assert "symbolic link" in result.stderr
    assert not victim.exists()
    assert not (tmp_path / "out").exists()


def test_schema_into_a_file_is_exit_2(tmp_path: Path) -> None:
    file = tmp_path / "schemas"
    file.write_text("not a folder")
    result = paddock("schema", "frothy-races", "--json-schema", file)
    assert result.returncode == 2, result.stderr
    assert "--json-schema" in result.stderr


def test_debug_keeps_the_exit_code_and_adds_a_traceback(tmp_path: Path) -> None:
    result = paddock("--debug", "check", tmp_path / "missing.yaml")
    assert result.returncode == 2
    assert "Traceback" in result.stderr


def test_a_folder_the_user_cannot_make_writable_is_refused_before_the_switch(
        normal_user: NormalUser) -> None:
    out = normal_user.folder / "out"
    first = normal_user.run("build", CHARIOT, "-o", out, "--only", "licences")
    assert first.returncode == 0, first.stderr
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    stuck = out / "frothy-races"
    os.chmod(stuck, 0o555)
    if normal_user.uid is not None:
        os.chown(stuck, 0, 0)  # another user's folder, not writable by this one
    second = normal_user.run("build", CHARIOT, "-o", out, "--only", "licences")
    if normal_user.uid is None:
        pytest.skip("not root: cannot give the folder to another user")
    assert second.returncode == 2, second.stderr
    assert "cannot be written" in second.stderr
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    assert not (normal_user.folder / ".out.paddock-staging").exists()
    normal_user.own(stuck)
    third = normal_user.run("build", CHARIOT, "-o", out, "--only", "licences")
    assert third.returncode == 0, third.stderr


def test_a_read_only_subfolder_of_an_old_build_never_blocks_the_next(
        normal_user: NormalUser) -> None:
    out = normal_user.folder / "out"
    assert normal_user.run("build", CHARIOT, "-o", out, "--only", "licences").returncode == 0
    folders = [p for p in out.rglob("*") if p.is_dir()]
    for folder in folders:
        os.chmod(folder, 0o555)
    again = normal_user.run("build", CHARIOT, "-o", out, "--only", "licences")
    assert again.returncode == 0, again.stderr
    again = normal_user.run("build", CHARIOT, "-o", out, "--only", "licences")
    assert again.returncode == 0, again.stderr
    assert os.stat(out / "frothy-races").st_mode & 0o777 == 0o555  # its mode carried
    assert not (normal_user.folder / ".out.paddock-staging").exists()
