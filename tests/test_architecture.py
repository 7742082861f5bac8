"""The package's plan, held by its own imports: layers that import only downwards, no import
circles, a game that never reaches into another game, and rooms of a readable size.

docs/architecture.md draws the same layers; a test below keeps the two in step."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "generator"

# Bottom to top. A module may import its own layer and any layer listed before it.
LAYERS = ("errors", "keep", "text", "input", "paper", "probability", "balance", "project",
          "tracks", "race", "games", "commands")
MAX_MODULE_LINES = 500
MAX_FUNCTION_LINES = 60
# A module or function past its limit says why at its top, in its docstring.
REASON = "Long because:"


@dataclass(frozen=True)
class Import:
    """One import statement of a generator module, resolved to the generator module it loads."""

    source: str
    target: str
    line: int
    type_only: bool  # under ``if TYPE_CHECKING:``: erased at run time


def module_name(path: Path) -> str:
    parts = path.relative_to(REPO).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _resolve(module: str, is_package: bool, node: ast.ImportFrom | ast.Import) -> Iterator[str]:
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
        return
    if node.level:
        base = module.split(".")[: None if is_package else -1]
        base = base[: len(base) - node.level + 1]
        prefix = ".".join(base + ([node.module] if node.module else []))
    else:
        prefix = node.module or ""
    for alias in node.names:
        yield f"{prefix}.{alias.name}" if f"{prefix}.{alias.name}" in MODULES else prefix


def _type_checking_lines(tree: ast.Module) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body:
                lines.update(range(child.lineno, (child.end_lineno or child.lineno) + 1))
    return lines


def imports() -> list[Import]:
    """Every import of a generator module by a generator module, wherever it stands (module
    level or inside a function: a lazy import is still a dependency)."""
    found = []
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        typed = _type_checking_lines(tree)
        for node in ast.walk(tree):
            if not isinstance(node, (ast.Import, ast.ImportFrom)):
                continue
            for target in _resolve(module, path.name == "__init__.py", node):
                while target and target not in MODULES:
                    target = target.rpartition(".")[0]
                if target.startswith("generator") and target != module:
                    found.append(Import(module, target, node.lineno, node.lineno in typed))
    return found


IMPORTS = imports()


def layer_of(module: str) -> int | None:
    """The layer's index, or None for the package root and ``python -m generator``."""
    parts = module.split(".")
    if len(parts) < 2 or parts[1] == "__main__":
        return None
    return LAYERS.index(parts[1])


def test_every_module_is_in_a_layer() -> None:
    strays = [m for m in MODULES if m.count(".") >= 1 and m.split(".")[1] not in LAYERS
              and m != "generator.__main__"]
    assert strays == [], f"modules outside every layer (add a layer or move them): {strays}"


def test_layers_import_only_downwards() -> None:
    # Type-only imports count too: a type from a higher layer is a dependency on it.
    upwards = [f"{i.source}:{i.line} imports {i.target}" for i in IMPORTS
               if (a := layer_of(i.source)) is not None and (b := layer_of(i.target)) is not None
               and b > a]
    assert upwards == []


def test_a_game_never_imports_another_game() -> None:
    def game(module: str) -> str | None:
        parts = module.split(".")
        return parts[2] if len(parts) > 3 and parts[1] == "games" else None

    crossing = [f"{i.source}:{i.line} imports {i.target}" for i in IMPORTS
                if game(i.source) and game(i.target) and game(i.source) != game(i.target)]
    assert crossing == []


def strongly_connected(edges: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's components of more than one module: each is an import circle."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return circles


def test_no_import_circles() -> None:
    # The package root is left out: Python runs generator/__init__.py before any module
    # under it, whoever imports what, so an edge into it can never close a circle.
    # Type-only imports are left out: they never run, so they cannot close one either.
    edges: dict[str, set[str]] = {}
    for i in IMPORTS:
        if not i.type_only and i.target != "generator" and i.source != "generator":
            edges.setdefault(i.source, set()).add(i.target)
    assert strongly_connected(edges) == []


def test_the_circle_finder_finds_a_circle() -> None:
    assert strongly_connected({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [
        ["a", "b", "c"]]


def _reason_given(docstring: str | None) -> bool:
    return bool(docstring) and REASON in (docstring or "")


@pytest.mark.parametrize("module", sorted(MODULES))
def test_module_size(module: str) -> None:
    text = MODULES[module].read_text(encoding="utf-8")
    lines = len(text.splitlines())
    if lines > MAX_MODULE_LINES:
        assert _reason_given(ast.get_docstring(ast.parse(text))), (
            f"{module} has {lines} lines (limit {MAX_MODULE_LINES}): split it by what its "
            f"parts do, or say '{REASON} ...' in its docstring")


def test_function_sizes() -> None:
    long = []
    for module, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                size = (node.end_lineno or node.lineno) - node.lineno + 1
                if size > MAX_FUNCTION_LINES and not _reason_given(ast.get_docstring(node)):
                    long.append(f"{module}.{node.name}: {size} lines")
    assert long == [], f"functions over {MAX_FUNCTION_LINES} lines with no reason given"


def test_architecture_doc_names_every_layer() -> None:
    doc = (REPO / "docs" / "architecture.md").read_text(encoding="utf-8")
    missing = [layer for layer in LAYERS if f"`{layer}" not in doc]
    assert missing == []
