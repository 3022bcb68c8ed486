"""The project's import graph, read from the sources with `ast` (nothing is imported): which first-party
module names which, for the contract tests. Every import counts, wherever it stands (inside a function,
under TYPE_CHECKING) and in whatever form (`import a.b`, `from . import b`, `from .a import b`, and
`importlib.import_module` / `__import__` with a literal name), because each is a dependency someone
reading or packaging the code meets."""

from __future__ import annotations

import ast
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("game", "net", "ui")


def module_name(path: Path, root: Path = ROOT) -> str:
    """`game/rules/app.py` -> `game.rules.app`; a package's `__init__.py` is the package."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_names(source: str, module: str, is_package: bool) -> list[tuple[int, str]]:
    """(line, dotted name) of every import in `source`, relative ones made absolute; `from a import b`
    gives `a.b`, which the graph takes for module `a.b` if there is one, else for `a` (b a name in it)."""
    package = module if is_package else module.rpartition(".")[0]
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source, module)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*anchor, *([base] if base else [])])
            found += [
                (node.lineno, base if alias.name == "*" else f"{base}.{alias.name}") for alias in node.names
            ]
        elif isinstance(node, ast.Call) and node.args:
            func = node.func
            called = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            arg = node.args[0]
            literal = isinstance(arg, ast.Constant) and isinstance(arg.value, str)
            if called in ("__import__", "import_module") and literal:
                found.append((node.lineno, arg.value))
    return found


@dataclass
class ImportGraph:
    """First-party modules and, for each, the first-party modules it imports (with the line)."""

    edges: dict[str, dict[str, int]] = field(default_factory=dict)

    @classmethod
    def of(cls, root: Path = ROOT, packages: Iterable[str] = PACKAGES) -> ImportGraph:
        files = {
            module_name(p, root): p
            for package in packages
            for p in sorted((root / package).rglob("*.py"))
            if "__pycache__" not in p.parts
        }
        graph = cls({name: {} for name in files})
        for name, path in files.items():
            source = path.read_text(encoding="utf-8")
            for line, target in imported_names(source, name, path.name == "__init__.py"):
                known = graph.owner(target)
                if known is not None and known != name:
                    graph.edges[name].setdefault(known, line)
        return graph

    def owner(self, dotted: str) -> str | None:
        """The longest first-party module that `dotted` is or lies in (a class in a module: the module)."""
        parts = dotted.split(".")
        for end in range(len(parts), 0, -1):
            candidate = ".".join(parts[:end])
            if candidate in self.edges:
                return candidate
        return None

    def crossings(self, source: str, target: str) -> list[str]:
        """`a -> b (line N)` for every import from package `source` into package `target`."""
        return [
            f"{a} -> {b} (line {line})"
            for a, targets in self.edges.items()
            if in_package(a, source)
            for b, line in targets.items()
            if in_package(b, target)
        ]

    def cycles(self, within: str) -> list[list[str]]:
        """The import cycles among the modules of package `within`: its strongly connected components
        of more than one module (Tarjan's algorithm), each sorted."""
        nodes = [n for n in self.edges if in_package(n, within)]
        index: dict[str, int] = {}
        low: dict[str, int] = {}
        stack: list[str] = []
        on_stack: set[str] = set()
        found: list[list[str]] = []

        def visit(node: str) -> None:
            index[node] = low[node] = len(index)
            stack.append(node)
            on_stack.add(node)
            for nxt in self.edges[node]:
                if not in_package(nxt, within):
                    continue
                if nxt not in index:
                    visit(nxt)
                    low[node] = min(low[node], low[nxt])
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))

        for node in nodes:
            if node not in index:
                visit(node)
        return found


def in_package(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")
