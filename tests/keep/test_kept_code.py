"""Dataclass methods compiled once and kept between runs: the same classes, no compiling the
second time, and nothing kept for classes outside Paddock."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

from generator.keep import kept_code

ROOT = Path(__file__).resolve().parents[2]

CLASS_SOURCE = """
from dataclasses import dataclass, field

@dataclass(frozen=True)
class Wheel:
    spokes: int
    rim: str = "iron"
    marks: tuple[int, ...] = field(default=())
"""


@pytest.fixture
def empty_code_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The code store reading and writing a file of its own, empty to start with."""
    path = tmp_path / "code.marshal"
    monkeypatch.setattr(kept_code.CODE, "path", lambda: path)
    kept_code.CODE.forget()
    yield path
    kept_code.CODE.forget()


def define(module_name: str) -> type:
    """``Wheel`` defined afresh in a new module called ``module_name``."""
    module = types.ModuleType(module_name)
    sys.modules[module_name] = module
    try:
        exec(compile(CLASS_SOURCE, module_name, "exec", dont_inherit=True),  # noqa: S102
             module.__dict__)
    finally:
        del sys.modules[module_name]
    return module.Wheel


def test_a_paddock_dataclass_is_compiled_once_and_its_code_reused(
        empty_code_store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = define("generator.probe_wheels")
    kept = len(kept_code.CODE._load())
    assert kept >= 5  # __init__, __repr__, __eq__, __hash__, __setattr__, __delattr__

    kept_code.CODE.save()
    kept_code.CODE.forget()  # as a new run: read back from the file

    def no_compiling(*args: object, **kwargs: object) -> None:
        raise AssertionError("a kept method was compiled again")

    monkeypatch.setattr(kept_code, "compile", no_compiling, raising=False)
    again = define("generator.probe_wheels")
    wheel = again(3, marks=(1, 2))
    assert wheel == again(3, "iron", (1, 2)) and hash(wheel) == hash(again(3, marks=(1, 2)))
    assert repr(wheel) == "Wheel(spokes=3, rim='iron', marks=(1, 2))"
    assert repr(first(3, marks=(1, 2))) == repr(wheel)
    with pytest.raises(dataclasses.FrozenInstanceError):
        wheel.spokes = 4  # type: ignore[misc]
    assert [f.name for f in dataclasses.fields(again)] == ["spokes", "rim", "marks"]


def test_a_damaged_entry_is_compiled_again(empty_code_store: Path) -> None:
    define("generator.probe_wheels")
    entries = kept_code.CODE._load()
    for key in entries:
        entries[key] = b"\x00damaged"
    wheel = define("generator.probe_wheels")(2)
    assert wheel.spokes == 2 and repr(wheel) == "Wheel(spokes=2, rim='iron', marks=())"
    assert all(value != b"\x00damaged" for value in entries.values())


def test_dataclasses_outside_paddock_are_compiled_as_python_does(
        empty_code_store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    hooked = define("someone_elses.wheels")
    assert hooked(5).rim == "iron" and kept_code.CODE._load() == {}
    monkeypatch.delattr(dataclasses, "exec")  # Python's own, as without Paddock
    plain = define("someone_elses.wheels")
    for method in ("__init__", "__eq__", "__setattr__"):
        ours, theirs = getattr(hooked, method), getattr(plain, method)
        assert ours.__code__.co_flags == theirs.__code__.co_flags, method
        assert ours.__annotations__ == theirs.__annotations__, method
    assert hooked.__init__.__annotations__["spokes"] is int  # not the string 'int'


def test_paddock_dataclasses_match_pythons_own(empty_code_store: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    hooked = define("generator.probe_wheels")
    monkeypatch.delattr(dataclasses, "exec")
    plain = define("generator.probe_wheels")
    for method in ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__"):
        ours, theirs = getattr(hooked, method), getattr(plain, method)
        assert ours.__code__.co_flags == theirs.__code__.co_flags, method
        assert ours.__code__.co_code == theirs.__code__.co_code, method
        assert ours.__annotations__ == theirs.__annotations__, method


def test_a_command_needs_no_compiling_once_its_classes_are_kept(tmp_path: Path) -> None:
    """Two runs of a command in fresh interpreters sharing a cache folder: the second
    compiles none of Paddock's dataclass methods."""
    script = ("import builtins, sys\n"
              "from generator.keep import kept_code\n"
              "compiled = []\n"
              "real = builtins.compile\n"
              "kept_code.compile = lambda *a, **k: compiled.append(1) or real(*a, **k)\n"
              "from generator.commands.cli import main\n"
              "main(['check', 'vehicles/frothy-races/basic-chariot.yaml'])\n"
              "kept_code.CODE.save()\n"
              "print('COMPILED', len(compiled), file=sys.stderr)\n")
    env = {"XDG_CACHE_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
    counts = []
    for _ in range(2):
        done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                              text=True, env=env, check=False)
        assert done.returncode == 0, done.stderr
        counts.append(int(done.stderr.rsplit("COMPILED", 1)[1]))
    assert counts[0] > 100 and counts[1] == 0
