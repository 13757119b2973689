"""The examples of docs/interop.md run as written."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "interop.md"
EXAMPLES = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)


def test_the_page_has_an_example_for_each_layer() -> None:
    text = "\n".join(EXAMPLES)
    for layer in ("interop.openspiel", "interop.pettingzoo", "interop.gymnasium"):
        assert layer in text


@pytest.mark.parametrize("number", range(len(EXAMPLES)))
def test_example_runs(number: int) -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(EXAMPLES[number], f"{DOC.name} example {number + 1}", "exec"), {"__name__": "__doc_example__"})
    assert out.getvalue().strip(), "every example prints what it shows"
