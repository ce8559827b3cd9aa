"""The package's layers, read from the source's own imports (every import statement, also those
inside functions, since a lazy import still ties one layer to another).

- The core (memcore's top-level modules: values, replay, rendering, writer output, codec)
  never reaches, directly or through what it imports, the effect boundary: the CLI, the
  evaluation, the writers, the session stores, the chat-framework adapters or the retriever
  backends.
- `memcore.eval` (data sets, runs, scores, training) is imported by the CLI alone: search,
  writers, stores and adapters never depend on evaluation code.
- `memcore.cli` is imported by nothing but itself.
- `memcore run` goes into the evaluation through one module: the command line parses its
  flags into a `RunRequest` (typed values, through the writers and the search) and
  `memcore.eval.runs.command` does the rest, so the route from the flags to the search does
  not climb back into the command line.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[1] / "src"
PACKAGE = SOURCE / "memcore"
BOUNDARY = (
    "memcore.cli",
    "memcore.eval",
    "memcore.writers",
    "memcore.sessions",
    "memcore.integrations",
    "memcore.search.backends",
)


def module_name(path: Path) -> str:
    parts = path.relative_to(SOURCE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _resolved(module: str, node: ast.ImportFrom, is_package: bool) -> str:
    if node.level == 0:
        return node.module or ""
    base = module.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def _with_packages(target: str) -> Iterator[str]:
    # Importing a.b.c runs a/__init__ and a/b/__init__ first.
    parts = target.split(".")
    yield from (".".join(parts[:end]) for end in range(2, len(parts) + 1))


def imports_of(path: Path) -> Iterator[str]:
    """Every memcore module `path` imports, with the packages above it (a `from package import
    name` counts the package and, where `name` is a submodule, that too)."""
    yield from _imports_in(path, ast.parse(path.read_text(encoding="utf-8")))


def _imports_in(path: Path, tree: ast.AST) -> Iterator[str]:
    module = module_name(path)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("memcore."):
                    yield from _with_packages(alias.name)
        elif isinstance(node, ast.ImportFrom):
            target = _resolved(module, node, path.name == "__init__.py")
            if target.startswith("memcore."):
                yield from _with_packages(target)
                yield from (f"{target}.{alias.name}" for alias in node.names)


GRAPH: dict[str, set[str]] = {
    module_name(path): set(imports_of(path)) for path in PACKAGE.rglob("*.py")
}


def _within(module: str, area: str) -> bool:
    return module == area or module.startswith(area + ".")


def reachable(start: str) -> dict[str, str]:
    """Every module `start` reaches through imports, each with the module that imports it."""
    seen: dict[str, str] = {}
    stack = [start]
    while stack:
        current = stack.pop()
        for target in GRAPH.get(current, ()):
            if target in GRAPH and target not in seen and target != start:
                seen[target] = current
                stack.append(target)
    return seen


CORE = sorted(module_name(path) for path in PACKAGE.glob("*.py") if module_name(path) != "memcore")


def test_the_graph_is_read_from_the_source() -> None:
    assert "memcore.node" in GRAPH and "memcore.cli" in GRAPH
    assert "memcore.operations" in GRAPH["memcore.node"]
    assert any(_within(target, "memcore.eval") for target in GRAPH["memcore.cli.eval"])
    assert {"memcore.replay", "memcore.codec", "memcore.render"} <= set(CORE)


@pytest.mark.parametrize("core", CORE)
def test_the_core_never_reaches_the_boundary(core: str) -> None:
    found = reachable(core)
    crossing = sorted(
        f"{found[module]} -> {module}"
        for module in found
        if any(_within(module, area) for area in BOUNDARY)
    )
    assert crossing == []


def test_only_the_cli_imports_the_evaluation() -> None:
    crossing = sorted(
        f"{module} -> {target}"
        for module, targets in GRAPH.items()
        for target in targets
        if _within(target, "memcore.eval")
        and not _within(module, "memcore.eval")
        and not _within(module, "memcore.cli")
    )
    assert crossing == []


def test_nothing_outside_the_cli_imports_it() -> None:
    crossing = sorted(
        f"{module} -> {target}"
        for module, targets in GRAPH.items()
        for target in targets
        if _within(target, "memcore.cli") and not _within(module, "memcore.cli")
    )
    assert crossing == []


PACKAGES = {module_name(path) for path in PACKAGE.rglob("__init__.py")}


def _module_imports(module: str) -> set[str]:
    # A package's __init__ gathers its modules for users; the circles that matter are between
    # modules, so packages are left out on both ends.
    return {target for target in GRAPH[module] if target in GRAPH and target not in PACKAGES}


def test_no_modules_import_each_other_in_a_circle() -> None:
    circles = []
    for module in sorted(set(GRAPH) - PACKAGES):
        found = reachable_modules(module)
        if module in found:
            circles.append(f"{module} -> ... -> {found[module]} -> {module}")
    assert circles == []


def reachable_modules(start: str) -> dict[str, str]:
    """Every module (not package) `start` reaches through module imports, each with the
    module that imports it; `start` itself is in it when a circle leads back."""
    seen: dict[str, str] = {}
    stack = [start]
    while stack:
        current = stack.pop()
        for target in _module_imports(current):
            if target not in seen:
                seen[target] = current
                stack.append(target)
    return seen


def runtime_imports(path: Path) -> set[str]:
    """The memcore modules `path` imports when it runs: `imports_of`, less those imported
    under `if TYPE_CHECKING:` (names for annotations only)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING"):
            node.body = []
    return set(_imports_in(path, tree))


def test_runtime_imports_leave_out_the_annotations_only() -> None:
    path = PACKAGE / "cli" / "run.py"
    assert "memcore.eval.runs.spec" in GRAPH["memcore.cli.run"]
    assert "memcore.eval.runs.spec" not in runtime_imports(path)
    assert "memcore.eval.runs.command" in runtime_imports(path)


def test_memcore_run_goes_into_the_evaluation_through_one_module() -> None:
    # The flags become a typed `RunRequest`; checking the system, staging the outputs, opening
    # the corpus, running and writing happen under `run_command`, never by the command line
    # calling eval and eval calling back.
    entered = {
        target
        for target in runtime_imports(PACKAGE / "cli" / "run.py")
        if _within(target, "memcore.eval") and target in GRAPH
    }
    assert entered == {"memcore.eval", "memcore.eval.runs", "memcore.eval.runs.command"}
