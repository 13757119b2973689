"""The import graph of the package: no cycles anywhere, and games that import only the core and themselves.

Rules (read from the source with ast, so a module that is never imported in a test is checked too):
- no import cycle between modules of `dwarfhall`, counting every import that runs: at module level and inside
  functions (a function-level import that closes a cycle is still a cycle). Imports under `if TYPE_CHECKING:`
  never run and are left out: a state naming its game's class in a hint is not an import.
- a module under `dwarfhall/games/<game>/` imports nothing of `dwarfhall` but the core and its own game: no
  front end or driver (play, server, web, arena, agents, interop, storage, the command line) and no other game;
  games draw with the core's view kit (core/textkit.py, core/webview.py).
- the core imports nothing of `dwarfhall` outside the core.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import dwarfhall

PACKAGE = Path(dwarfhall.__file__).parent


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If):
            test = node.test
            name = test.id if isinstance(test, ast.Name) else test.attr if isinstance(test, ast.Attribute) else ""
            if name == "TYPE_CHECKING":
                skipped |= {id(inner) for inner in ast.walk(node)}
    return skipped


def imports_of(name: str) -> set[str]:
    """The modules of the package that module `name` imports when it runs."""
    path = MODULES[name]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    skipped = _type_checking_nodes(tree)
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            for alias in node.names:  # `from . import rules` imports the module rules
                inner = f"{target}.{alias.name}"
                found.add(inner if inner in MODULES else target)
    return {module for module in found if module in MODULES and module != name}


GRAPH = {name: imports_of(name) for name in MODULES}


def cycles(graph: dict[str, set[str]]) -> Iterator[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    yield sorted(group)


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}}
    assert list(cycles(graph)) == [["a", "b", "c"]]


def test_the_graph_sees_relative_and_function_level_imports() -> None:
    assert "dwarfhall.games.duel.webview" in GRAPH["dwarfhall.games.duel.game"]  # imported inside web_view()
    assert "dwarfhall.games.duel.words" in GRAPH["dwarfhall.games.duel.narration"]


def test_no_import_cycles_anywhere_in_the_package() -> None:
    found = list(cycles(GRAPH))
    assert not found, f"import cycles: {found}"


def test_games_import_only_the_core_and_themselves() -> None:
    wrong = []
    for name, imported in GRAPH.items():
        parts = name.split(".")
        if parts[:2] != ["dwarfhall", "games"] or len(parts) < 4:
            continue
        own = ".".join(parts[:3])
        for module in imported:
            if not (module.startswith("dwarfhall.core") or module == own or module.startswith(own + ".")):
                wrong.append(f"{name} imports {module}")
    assert not wrong, wrong


def test_the_core_imports_only_the_core() -> None:
    wrong = [
        f"{name} imports {module}"
        for name, imported in GRAPH.items()
        if name.startswith("dwarfhall.core")
        for module in imported
        if not module.startswith("dwarfhall.core")
    ]
    assert not wrong, wrong


def test_the_template_game_imports_only_the_core_and_itself() -> None:
    """examples/template is a game like the others: of dwarfhall it imports the core alone, never a driver."""
    template = Path(__file__).resolve().parents[2] / "examples" / "template"
    wrong = []
    for path in sorted(template.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            else:
                continue
            drivers = [n for n in names if n.startswith("dwarfhall") and n.split(".")[:2] != ["dwarfhall", "core"]]
            wrong += [f"{path.name} imports {n}" for n in drivers]
    assert sorted(template.glob("*.py")) and not wrong, wrong
