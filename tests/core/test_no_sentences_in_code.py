"""Every text a player reads lives in a message catalog (messages.toml, English and German), none in a `.py`
file of the core or the games.

The rule, as this test reads it (ast, over every module under src/dwarfhall/core and src/dwarfhall/games):
a string literal, or an f-string with its fields left out, is a user-facing sentence when, after HTML tags and
attributes are taken out, it holds a space and at least two words of two or more letters. Not counted:
- docstrings and other bare string statements (they document the code);
- error messages for developers and data-file owners: strings inside a `raise` statement or a call of an error
  class (`...Error(...)`, `IllegalAction`, `InvalidOptions`) or of `check_seat` (it raises InvalidOptions with
  them), inside `__repr__` or `__str__`, and the kind of file that `read_toml`/`read_document`/`load_data`/
  `file_stamps` name in their errors. A player never causes such an error in play;
  an error a player may cause and read (a typed move, a command's argument) is raised with a catalog text,
  `msg(...)`, so it is found by the catalogs' own tests, not here;
- style names for the text kit's palette ("bold cyan") and type expressions in strings ("int | None");
- the modules and functions of ALLOWED, each with its reason.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import dwarfhall

PACKAGE = Path(dwarfhall.__file__).parent
SCANNED = ("core", "games")

ALLOWED: dict[tuple[str, str], str] = {
    ("games/duel/cardtable.py", "*"): "writes the English card table of the docs (docs/rules/duel.md)",
    ("games/spring/sourcetable.py", "*"): "writes the English source tables of the docs (docs/rules/spring.md)",
    ("games/alewar/tensor.py", "tensor_segments"): "names the observation tensor's segments for research code",
    ("games/duel/tensor.py", "tensor_segments"): "names the observation tensor's segments for research code",
    ("games/spring/tensor.py", "tensor_segments"): "names the observation tensor's segments for research code",
    ("core/zones.py", "tensor_segments"): "names the observation tensor's segments for research code",
    ("core/tensors.py", "table"): "writes the English tensor layout tables of the docs (docs/rules/*.md)",
    ("core/rulebook.py", "untranslated"): "lists a rules file's untranslated texts for its author (a test's message)",
    ("core/schema.py", "*"): "the data files' shape checks: their DataError messages are for the files' owners",
    ("games/spring/scenario.py", "*"): "what a scenario's field must name, in its ScenarioError, for its writer",
    ("games/spring/heuristic.py", "*"): "the balance-study leanings described for developers; never shown",
    ("core/game.py", "_illegal_message"): "an IllegalAction's message, for the program that sent the id",
    ("core/registry.py", "game_class"): "part of UnknownGame's message, for whoever named the game",
    ("core/messages.py", "_pack"): "names a language pack's file in its DataError, for the pack's author",
}

ERROR_CALLS = re.compile(r"(Error|IllegalAction|InvalidOptions|check_seat)$")
FILE_READERS = {"read_toml", "read_document", "load_data", "file_stamps"}
STYLE_WORDS = {
    "bold", "dim", "italic", "underline", "reverse", "blink", "strike", "on", "default",
    "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
}  # fmt: skip
TAG = re.compile(r"<[^<>]*>|\b[\w-]+=\"[^\"]*\"")
TYPE_EXPRESSION = re.compile(r"^[\w.\[\], ]+( \| [\w.\[\], ]+)+$")
WORD = re.compile(r"(?<![\w{.-])[^\W\d_]{2,}(?![\w}(.-])")


def flat(node: ast.AST) -> str | None:
    """A string literal's text, or an f-string's with each field as {}."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
    return None


def is_sentence(text: str) -> bool:
    plain = TAG.sub(" ", text)
    words = WORD.findall(plain)
    if len(words) < 2 or not re.search(r"\S\s+\S", plain):
        return False
    if all(word.lower() in STYLE_WORDS for word in words) or TYPE_EXPRESSION.match(plain.strip()):
        return False
    return True


def _callee(node: ast.Call) -> str:
    func = node.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def sentences(path: Path) -> list[tuple[int, str, str]]:
    """(line, enclosing function or "*", text) of every user-facing sentence in a module, by the rule above."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    exempt: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            exempt.add(id(node.value))
        exempt_whole = isinstance(node, ast.Raise)
        if isinstance(node, ast.Call):
            exempt_whole = bool(ERROR_CALLS.search(_callee(node))) or _callee(node) in FILE_READERS
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            exempt_whole = node.name in ("__repr__", "__str__")
        if isinstance(node, ast.JoinedStr):  # its parts are read as one text
            exempt |= {id(inner) for inner in ast.walk(node) if inner is not node}
        if exempt_whole:
            exempt |= {id(inner) for inner in ast.walk(node)}
    found = []
    for node in ast.walk(tree):
        if id(node) in exempt:
            continue
        text = flat(node)
        if text is not None and is_sentence(text):
            found.append((getattr(node, "lineno", 0), _enclosing(node, tree), text))
    return found


def _enclosing(target: ast.AST, tree: ast.AST) -> str:
    """The name of the innermost function around `target`, or "*" at module or class level."""
    name = "*"
    for node in ast.walk(tree):
        is_function = isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        if is_function and any(inner is target for inner in ast.walk(node)):
            name = node.name  # ast.walk goes outside in: the last match is the innermost
    return name


def test_the_rule_tells_sentences_from_code() -> None:
    assert is_sentence("Draw pile")
    assert is_sentence("{} takes quest {}")
    assert is_sentence("Zwerge gegen Goblins")
    assert not is_sentence("bold white on red")
    assert not is_sentence('<span class="die used">{}</span>')
    assert not is_sentence("int | None")
    assert not is_sentence("web_{}")
    assert not is_sentence("spot:dragon{}")


def test_the_scan_finds_a_sentence_and_passes_over_what_the_rule_exempts(tmp_path: Path) -> None:
    module = tmp_path / "example.py"
    module.write_text(
        '"""A docstring with words."""\n'
        "def f(x):\n"
        '    """Docs."""\n'
        "    if x:\n"
        '        raise DataError(f"{x}: not a number")\n'
        '    error = IllegalAction("the game is over")\n'
        '    style = Palette({"a": "bold cyan"})\n'
        '    return f"{x} takes the quest"\n'
        "def __repr__(self):\n"
        '    return "a thing with words"\n',
        encoding="utf-8",
    )
    assert [(line, where, text) for line, where, text in sentences(module)] == [(8, "f", "{} takes the quest")]


def test_no_user_facing_sentence_in_the_code_of_the_core_and_the_games() -> None:
    found = []
    for folder in SCANNED:
        for path in sorted((PACKAGE / folder).rglob("*.py")):
            relative = path.relative_to(PACKAGE).as_posix()
            for line, where, text in sentences(path):
                if (relative, "*") in ALLOWED or (relative, where) in ALLOWED:
                    continue
                found.append(f"{relative}:{line} ({where}): {text!r}")
    assert not found, "texts for the message catalogs:\n" + "\n".join(found)


def test_no_user_facing_sentence_in_the_code_of_the_template_game() -> None:
    template = Path(__file__).resolve().parents[2] / "examples" / "template"
    modules = sorted(template.glob("*.py"))
    found = [f"{path.name}:{line}: {text!r}" for path in modules for line, _, text in sentences(path)]
    assert modules and not found, found


def test_every_allowed_entry_is_still_needed() -> None:
    for (relative, where), reason in ALLOWED.items():
        assert reason
        texts = sentences(PACKAGE / relative)
        assert any(where in ("*", w) for _, w, _ in texts), f"{relative} ({where}) holds no sentence any more"
