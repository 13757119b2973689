"""No class or function of the package is longer than LIMIT lines, unless LONG names it with the reason.

A long class or function is split along its seams (as the server's GameService and create_app were); one that
must stay whole says why here, so that the next reader knows it was meant.
"""

from __future__ import annotations

import ast
from pathlib import Path

import dwarfhall

PACKAGE = Path(dwarfhall.__file__).parent
LIMIT = 250
LONG: dict[tuple[str, str], str] = {}  # (path under the package, name) -> why it stays whole


def long_definitions() -> dict[tuple[str, str], int]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > LIMIT:
                    found[str(path.relative_to(PACKAGE)), node.name] = lines
    return found


def test_no_class_or_function_is_longer_than_the_limit_without_a_reason() -> None:
    unexplained = {where: lines for where, lines in long_definitions().items() if where not in LONG}
    assert unexplained == {}, f"split these along their seams, or name them in LONG with the reason: {unexplained}"
    assert set(LONG) <= set(long_definitions()), "LONG names a definition that is no longer long"
