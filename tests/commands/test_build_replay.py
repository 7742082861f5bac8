"""A build whose inputs, options and code are unchanged is answered from the cache folder:
the same files, byte for byte, the same manifest and the same lines, without drawing; any
change to what it read (a file's bytes, a file added to a folder it listed, a kit file put
where it looked for one), to an option or to the code is built for real."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import generator
from generator.commands import build_replay

from ..conftest import VEHICLES

# Run the command line in a fresh interpreter; say whether the drawing code was loaded.
SCRIPT = ("import sys\nfrom generator.commands.cli import main\ncode = main(sys.argv[1:])\n"
          "drew = 'generator.commands.build' in sys.modules\n"
          "print('DREW' if drew else 'REPLAYED', code, file=sys.stderr)\n")


class Project:
    """A project folder of two Outrider vehicles (one with a picture) and its own cache."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.vehicles = root / "vehicles"
        shutil.copytree(VEHICLES / "outrider", self.vehicles / "outrider",
                        ignore=lambda folder, names: [n for n in names if n.endswith(".yaml")
                                                      and n not in ("dust-devil.yaml",
                                                                    "rattler.yaml")])
        self.runs = 0

    def build(self, *options: str, out: str | None = None) -> tuple[str, str, Path]:
        """('DREW' or 'REPLAYED', what it printed with the output folder as OUT, the folder)."""
        self.runs += 1
        folder = self.root / (out or f"out-{self.runs}")
        env = {"PATH": "/usr/bin:/bin", "HOME": str(self.root),
               "XDG_CACHE_HOME": str(self.root / "cache")}
        done = subprocess.run([sys.executable, "-c", SCRIPT, "build", "-o", str(folder),
                               *options], cwd=self.root, env=env, capture_output=True,
                              text=True, check=False)
        how, code = done.stderr.splitlines()[-1].split()
        assert code in ("0", "1"), done.stderr
        shown = (done.stdout + "".join(done.stderr.splitlines(True)[:-1]))
        return how, shown.replace(str(folder), "OUT"), folder


def same_files(first: Path, second: Path) -> bool:
    names = sorted(p.relative_to(first) for p in first.rglob("*") if p.is_file())
    return names == sorted(p.relative_to(second) for p in second.rglob("*") if p.is_file()) \
        and all((first / n).read_bytes() == (second / n).read_bytes() for n in names)


@pytest.fixture
def project(tmp_path: Path) -> Project:
    return Project(tmp_path)


def test_an_unchanged_build_is_replayed_byte_for_byte(project: Project) -> None:
    how, shown, first = project.build("--workers", "2")
    assert how == "DREW" and "wrote OUT/manifest.json" in shown
    again, shown_again, second = project.build("--workers", "1")  # fewer processes: same
    assert again == "REPLAYED"
    assert shown_again == shown
    assert same_files(first, second)


def test_a_changed_definition_picture_or_folder_is_built_for_real(project: Project) -> None:
    project.build()
    vehicle = project.vehicles / "outrider" / "rattler.yaml"
    vehicle.write_text(vehicle.read_text().replace("Rattler", "Rattlesnake", 1))
    how, _, folder = project.build()
    assert how == "DREW" and "Rattlesnake" in (folder / "manifest.json").read_text()
    assert project.build()[0] == "REPLAYED"
    picture = project.vehicles / "outrider" / "art" / "dust-devil.svg"
    picture.write_text(picture.read_text().replace("</svg>", "<!-- edited --></svg>"))
    assert project.build()[0] == "DREW"  # read while writing (by a worker process, too)
    shutil.copy(VEHICLES / "outrider" / "big-horn.yaml", project.vehicles / "outrider")
    how, _, folder = project.build()
    assert how == "DREW" and "Big Horn" in (folder / "manifest.json").read_text()


def test_a_build_recorded_again_leaves_only_the_files_its_answer_uses(project: Project
                                                                         ) -> None:
    kept = project.root / "cache" / "paddock" / "builds"
    _, _, folder = project.build()
    vehicle = project.vehicles / "outrider" / "rattler.yaml"
    for name in ("Rattler Two", "Rattler Three"):
        vehicle.write_text(vehicle.read_text().replace("name: Rattler", f"name: {name}", 1))
        assert project.build()[0] == "DREW"
    written = [p for p in folder.rglob("*.pdf")]
    assert len(list(kept.glob("*.bin"))) == len(written)


def test_a_kit_file_where_none_was_is_seen(project: Project) -> None:
    project.build()
    (project.vehicles / "kit.yaml").write_text("paper: letter\n")
    how, _, folder = project.build()
    assert how == "DREW"
    manifest = (folder / "manifest.json").read_text()
    assert '215.9' in manifest  # letter width in mm: the kit was read


def test_a_changed_template_of_the_users_is_built_for_real(project: Project) -> None:
    template = project.root / "mine" / "outrider" / "dashboard.j2"
    template.parent.mkdir(parents=True)
    override = ('{%% extends "outrider/dashboard-base.j2" %%}'
                "{%% block side_line %%}%s{%% endblock %%}\n")
    template.write_text(override % "Our dashboard")
    _, _, first = project.build("--templates", "mine")
    assert project.build("--templates", "mine")[0] == "REPLAYED"
    template.write_text(override % "Our own dashboard")
    how, _, second = project.build("--templates", "mine")
    assert how == "DREW" and not same_files(first, second)


def test_another_option_is_another_build(project: Project) -> None:
    project.build()
    assert project.build("--paper", "letter")[0] == "DREW"
    assert project.build("--paper", "letter")[0] == "REPLAYED"
    assert project.build("--only", "dashboards")[0] == "DREW"


def test_a_replay_into_a_folder_of_earlier_builds_keeps_and_replaces_as_a_build_does(
        project: Project, tmp_path: Path) -> None:
    project.build(out="reference")
    fresh = Project(tmp_path / "other")  # the same steps with an empty cache: all real
    for each in (project, fresh):
        each.build("vehicles/outrider/rattler.yaml", out="shared")
        each.build("vehicles/outrider/dust-devil.yaml", out="shared")
    how, shown, folder = project.build(out="shared")
    real_how, real_shown, real_folder = fresh.build(out="shared")
    assert (how, real_how) == ("REPLAYED", "DREW")
    assert shown == real_shown
    assert same_files(folder, real_folder)


def test_a_damaged_kept_file_is_built_for_real(project: Project) -> None:
    _, shown, first = project.build()
    for kept in (project.root / "cache" / "paddock" / "builds").glob("*.bin"):
        kept.write_bytes(kept.read_bytes()[:-1] + b"?")
    how, shown_again, second = project.build()
    assert how == "DREW" and shown_again == shown and same_files(first, second)


def test_changed_code_asks_another_question(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "generator"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "module.py").write_text("A = 1\n")
    monkeypatch.setattr(generator, "__file__", str(package / "__init__.py"))
    before = build_replay.code_signature()
    assert build_replay.code_signature() == before
    (package / "module.py").write_text("A = 22\n")
    assert build_replay.code_signature() != before
