"""The editor's view: yaml-language-server (the engine of VS Code's YAML extension), driven
over stdio, flags the mistakes ``check`` flags in a file that names its schema, and none in a
shipped file. Runs where Node and the npm package yaml-language-server are installed (on
PATH, in node_modules/.bin, or named by $PADDOCK_YAML_LANGUAGE_SERVER); skipped otherwise."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.conftest import VEHICLES, shipped_files

REPO = Path(__file__).resolve().parents[2]


def server_command() -> list[str] | None:
    named = os.environ.get("PADDOCK_YAML_LANGUAGE_SERVER")
    installed = [REPO / folder / "node_modules" / ".bin" / "yaml-language-server"
                 for folder in (".ci/editor", ".")]
    found = named or shutil.which("yaml-language-server") or next(
        (str(p) for p in installed if p.is_file()), None)
    if found is None or shutil.which("node") is None:
        return None
    return [found, "--stdio"]


COMMAND = server_command()
pytestmark = pytest.mark.skipif(
    COMMAND is None, reason="needs Node and the npm package yaml-language-server (npm ci "
    "--prefix .ci/editor, as .ci/run does, or set PADDOCK_YAML_LANGUAGE_SERVER to its executable)")


class Client:
    """Just enough of the Language Server Protocol to open files and read diagnostics."""

    def __init__(self, command: list[str], schemas: dict[str, Any] | None = None) -> None:
        self.schemas = schemas or {}
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL)
        self.next_id = 0

    def send(self, method: str, params: Any, request: bool = False) -> None:
        message: dict[str, Any] = {"jsonrpc": "2.0", "method": method, "params": params}
        if request:
            self.next_id += 1
            message["id"] = self.next_id
        body = json.dumps(message).encode()
        assert self.process.stdin is not None
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def receive(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        length = 0
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise EOFError("the language server stopped")
            if line in (b"\r\n", b"\n"):
                break
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        message: dict[str, Any] = json.loads(self.process.stdout.read(length))
        if "id" in message and "method" in message:  # a request to us: answer it
            self.answer(message)
        return message

    def answer(self, request: dict[str, Any]) -> None:
        result: Any = None
        if request["method"] == "workspace/configuration":
            result = [{"validate": True, "schemas": self.schemas, "format": {"enable": False}}
                      for _ in request["params"]["items"]]
        body = json.dumps({"jsonrpc": "2.0", "id": request["id"], "result": result}).encode()
        assert self.process.stdin is not None
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def diagnostics(self, path: Path, text: str, timeout: float = 30.0) -> list[dict[str, Any]]:
        uri = path.resolve().as_uri()
        self.send("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "yaml", "version": 1, "text": text}})
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            message = self.receive()
            if message.get("method") == "textDocument/publishDiagnostics" and \
                    message["params"]["uri"] == uri:
                found: list[dict[str, Any]] = message["params"]["diagnostics"]
                return found
        raise TimeoutError(f"no diagnostics for {path}")

    def close(self) -> None:
        self.process.kill()
        self.process.wait(timeout=10)


@pytest.fixture(scope="module")
def client() -> Any:
    assert COMMAND is not None
    started = Client(COMMAND)
    started.send("initialize", {"processId": os.getpid(), "rootUri": REPO.as_uri(),
                                "capabilities": {"workspace": {"configuration": True}}},
                 request=True)
    while "result" not in started.receive():
        pass
    started.send("initialized", {})
    started.send("workspace/didChangeConfiguration", {"settings": {"yaml": {
        "validate": True, "schemas": {}}}})
    yield started
    started.close()


def with_schema(path: Path, text: str) -> str:
    """The file's text naming its schema by absolute path (it is checked from a tmp folder)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    schema = (REPO / "schemas" / f"{data['game']}.{data['kind']}.schema.json").as_uri()
    return f"# yaml-language-server: $schema={schema}\n{text}"


CASES = {
    "outrider/big-horn.yaml": ("engine: d6", "engine: d20"),
    "frothy-races/whisper-gig.yaml": ('colour: "#8f2d56"', "colour: olive-drab"),
    "frothy-races/basic-chariot.yaml": ("resilience: 1", "resilience: 3"),
    "joyride/sunburst.yaml": ("kind: vehicle", "kind: vehicle\ncustom_field: yes"),
    "tracks/tanners-twist.yaml": ("start_facing: 3", "start_facing: 13"),
    "formula-ace/iron-bastion.yaml": ("name: Iron Bastion", "name: Iron Bastion\nnmae: typo"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_editor_flags_what_check_flags_and_passes_the_shipped_file(
        client: Any, name: str, tmp_path: Path) -> None:
    path = VEHICLES / name
    text = path.read_text(encoding="utf-8")
    clean = client.diagnostics(tmp_path / f"clean-{path.name}", with_schema(path, text))
    assert [d["message"] for d in clean if d.get("severity", 1) == 1] == []
    old, new = CASES[name]
    assert old in text
    broken = client.diagnostics(tmp_path / f"broken-{path.name}",
                                with_schema(path, text.replace(old, new, 1)))
    assert [d for d in broken if d.get("severity", 1) == 1], "the editor saw no mistake"


ACCEPTED = {
    "tracks/tanners-twist.yaml": ("race_type: Fastest", "race_type: fastest"),
    "frothy-races/basic-chariot.yaml": (
        "  - {name: Blades, value: 1}",
        "  - {name: Mud Lover, custom: yes, summary: Ignores mud.}\n  - {name: blades, value: 1}"),
}


@pytest.mark.parametrize("name", sorted(ACCEPTED))
def test_the_editor_accepts_the_spellings_check_accepts(client: Any, name: str,
                                                        tmp_path: Path) -> None:
    from tests.conftest import check_file

    path = VEHICLES / name
    old, new = ACCEPTED[name]
    text = path.read_text(encoding="utf-8")
    assert old in text
    changed = text.replace(old, new, 1)
    written = tmp_path / path.name
    written.write_text(changed, encoding="utf-8")
    assert [f for f in check_file(written).findings if f.severity.value == "error"] == []
    found = client.diagnostics(tmp_path / f"editor-{path.name}", with_schema(path, changed))
    assert [d["message"] for d in found if d.get("severity", 1) == 1] == []


def test_a_file_moved_into_a_sub_folder_finds_its_schema_by_the_project_setting(
        tmp_path: Path) -> None:
    # The setting paddock init writes maps the project schema to every file under
    # vehicles/; the file carries no $schema line of its own, so moving it changes nothing.
    from generator.commands.cli import main

    assert COMMAND is not None
    os.chdir(tmp_path)
    try:
        assert main(["init", "."]) == 0
        assert main(["new", "outrider", "Red Comet"]) == 0
    finally:
        os.chdir(REPO)
    settings = json.loads((tmp_path / ".vscode" / "settings.json").read_text())["yaml.schemas"]
    moved = tmp_path / "vehicles" / "garage" / "spares" / "red-comet.yaml"
    moved.parent.mkdir(parents=True)
    (tmp_path / "vehicles" / "outrider" / "red-comet.yaml").rename(moved)
    text = moved.read_text(encoding="utf-8")
    editor = Client(COMMAND, settings)
    try:
        editor.send("initialize", {"processId": os.getpid(), "rootUri": tmp_path.as_uri(),
                                   "capabilities": {"workspace": {"configuration": True}}},
                    request=True)
        while "result" not in editor.receive():
            pass
        editor.send("initialized", {})
        editor.send("workspace/didChangeConfiguration", {"settings": {"yaml": {
            "validate": True, "schemas": settings}}})
        clean = editor.diagnostics(moved, text)
        assert [d["message"] for d in clean if d.get("severity", 1) == 1] == []
        broken = editor.diagnostics(moved.with_name("broken.yaml"),
                                    text.replace("engine: d", "engine: d2", 1))
        assert [d for d in broken if d.get("severity", 1) == 1], "the editor saw no mistake"
    finally:
        editor.close()


def parity_cases() -> list[tuple[str, str, str, str]]:
    from tests.commands.test_editor_parity import CASES
    return CASES


@pytest.mark.parametrize(("rule", "name", "old", "new"), parity_cases(),
                         ids=[f"{c[0]}-{Path(c[1]).stem}" for c in parity_cases()])
def test_the_editor_flags_each_rule_one_value_decides(
        client: Any, rule: str, name: str, old: str, new: str, tmp_path: Path) -> None:
    # The cases test_editor_parity.py checks with jsonschema, here through the editor's own
    # engine: each broken file is flagged, as check flags it.
    from tests.commands.test_editor_parity import broken

    path = VEHICLES / name
    found = client.diagnostics(tmp_path / f"{rule}-{path.name}",
                               with_schema(path, broken(name, old, new)))
    assert [d for d in found if d.get("severity", 1) == 1], f"the editor missed {rule}"


@pytest.mark.parametrize("path", [p for p in shipped_files() if p.name != "kit.yaml"],
                         ids=lambda p: p.stem)
def test_the_editor_finds_no_error_in_a_shipped_file(client: Any, path: Path,
                                                     tmp_path: Path) -> None:
    # The editor reads YAML 1.2 and keys such as a Damage level as numbers, where the
    # jsonschema tests read JSON: each shipped file must be clean here too.
    found = client.diagnostics(tmp_path / path.name,
                               with_schema(path, path.read_text(encoding="utf-8")))
    assert [d["message"] for d in found if d.get("severity", 1) == 1] == []
